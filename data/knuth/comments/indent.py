import sys
# (data/knuth/comments: see README.md)
# Indent every comment line (first character `|`) by a blank prefix that
# cycles through spaces and tabs; after the item line and after every
# seventh option line, add an indented comment and a line of blanks only.
prefixes = [" ", "\t", "  \t", "\t "]
out, k, seen_items, options = [], 0, False, 0
for line in sys.stdin.read().split("\n")[:-1]:
    if line.startswith("|"):
        out.append(prefixes[k % 4] + line); k += 1
        continue
    out.append(line)
    if not seen_items:
        seen_items = True
        out += ["\t| the options follow", " \t "]
        continue
    options += 1
    if options % 7 == 0:
        out += [prefixes[options % 4] + "| after option %d" % options, "\t"]
sys.stdout.write("\n".join(out) + "\n")
