//! Text from the input made safe to print on a terminal.

use std::borrow::Cow;

/// `text` with its control characters (NUL, ESC, DEL, the C1 controls, …)
/// written as escapes (`\0`, `\u{1b}`), so that a message quoting the input
/// can neither hide part of itself nor drive the terminal. Line ends and tabs
/// are kept: messages may span lines.
pub fn printable(text: &str) -> Cow<'_, str> {
    let is_bad = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.contains(is_bad) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_bad(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            printable("cell `00\u{1}` at \0 and \u{1b}[31m red\u{7f}\u{9b}"),
            "cell `00\\u{1}` at \\u{0} and \\u{1b}[31m red\\u{7f}\\u{9b}"
        );
        assert_eq!(printable("line 1\n\tline 2 é"), "line 1\n\tline 2 é");
    }
}
