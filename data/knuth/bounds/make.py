#!/usr/bin/env python3
"""Writes the random problems of this folder, and Knuth's figures on them.

    python3 make.py > random.dlx
    python3 make.py --figures DIR > figures.tsv

The first writes the problems, one after the other, each starting with a
comment line `| random N` (each problem is a file of Knuth's format on its
own). The second runs the programs in DIR (Knuth's, built from their CWEB
sources: see README.md) on each problem, as `PROGRAM < problem`, and writes
the figures of each one's `Altogether` line.
"""

import random
import re
import subprocess
import sys

# Bounds written before a primary item's name: none (a plain item), then
# `[1, 1]` written both ways, then other bounds.
EXACT = ["", "1|", "1:1|"]
OTHER = ["0:1|", "2|", "0:2|", "1:2|", "1:3|", "2:3|", "0:3|"]

BOUNDED = 200
PLAIN = 100


def problem(rng: random.Random, kind: str) -> str:
    """A small random problem: `plain` (no bounds written), `exact` (bounds
    written, all `[1, 1]`), or `mixed` (some other bounds too)."""
    n_primary = rng.randint(2, 7)
    n_secondary = rng.choice([0, 0, 1, 2, 3])
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    words = []
    for name in primary:
        if kind == "plain":
            words.append(name)
        elif kind == "exact":
            words.append(rng.choice(EXACT) + name)
        else:
            words.append(rng.choice(EXACT + OTHER + OTHER) + name)
    if kind == "exact" and all(word in primary for word in words):
        # At least one item written with bounds.
        k = rng.randrange(n_primary)
        words[k] = rng.choice(EXACT[1:]) + primary[k]
    line = " ".join(words) + (" | " + " ".join(secondary) if secondary else "")
    lines = [line]
    colors = rng.random() < 0.4
    for _ in range(rng.randint(3, 14)):
        size = rng.randint(1, min(4, n_primary + n_secondary))
        items = rng.sample(primary + secondary, size)
        if not any(i in primary for i in items):
            items[0] = rng.choice(primary)
            items = list(dict.fromkeys(items))
        option = []
        for item in items:
            if item in secondary and colors and rng.random() < 0.6:
                option.append(f"{item}:{rng.choice('ab')}")
            else:
                option.append(item)
        lines.append(" ".join(option))
    return "\n".join(lines) + "\n"


def problems() -> list[tuple[int, str, str]]:
    """Every problem: its number, its kind and its text."""
    rng = random.Random(59)
    kinds = ["exact" if k % 5 < 2 else "mixed" for k in range(BOUNDED)] + ["plain"] * PLAIN
    return [(k, kind, f"| random {k} ({kind})\n" + problem(rng, kind)) for k, kind in enumerate(kinds)]


ALTOGETHER = re.compile(r"Altogether (\d+) solutions?, .*?(\d+) updates(?:, (\d+) cleansings)?, .*?(\d+) nodes")


def figures(directory: str) -> None:
    print("# Knuth's figures on random.dlx (see README.md).")
    print("# problem\tprogram\tsolutions\tnodes\tupdates\tcleansings")
    for k, kind, text in problems():
        programs = ["dlx2", "ssxcc-binary", "ssxcc-frb", "ssxcc-wtd"] if kind == "plain" else ["dlx3", "ssmcc", "ssmcc-frb", "ssmcc-wtd"]
        for program in programs:
            run = subprocess.run([f"{directory}/{program}"], input=text, capture_output=True, text=True, check=True)
            found = ALTOGETHER.search(run.stderr)
            if found is None:
                sys.exit(f"random {k}, {program}: no figures in {run.stderr!r}")
            solutions, updates, cleansings, nodes = found.groups()
            print(f"{k}\t{program}\t{solutions}\t{nodes}\t{updates}\t{cleansings or '-'}")


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--figures":
        figures(sys.argv[2])
    else:
        for _, _, text in problems():
            sys.stdout.write(text)


if __name__ == "__main__":
    main()
