//! Putting a page together: the template, the style sheet, the scripts and the
//! data, all in one file.

use serde::Serialize;

const TEMPLATE: &str = include_str!("../assets/page.html");
const STYLE: &str = include_str!("../assets/style.css");
const PLAYER: &str = include_str!("../assets/player.js");

/// What a page shows: its title, the script that draws its kind of search, and
/// the trace as JSON.
pub(crate) fn html<T: Serialize>(title: &str, body: &str, script: &str, data: &T) -> String {
    let json = serde_json::to_string(data).expect("a trace serialises");
    TEMPLATE
        .replace("{{title}}", &escape(title))
        .replace("/*{{style}}*/", STYLE)
        .replace("<!--{{body}}-->", body)
        .replace("/*{{player}}*/", PLAYER)
        .replace("/*{{script}}*/", script)
        .replace("{{data}}", &script_data(&json))
}

/// JSON made safe inside a `<script>` element: `</script>` would end it, and
/// `<!--` followed by `<script>` would make the element swallow the scripts
/// after it, so no `<` (nor `>` or `&`) is left as itself. JSON writes them
/// in strings only, where `\u003c` means the same; JavaScript's own line
/// ends, U+2028 and U+2029, go the same way.
fn script_data(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Escapes text for HTML text and attribute values; control characters
/// (which HTML does not allow) become U+FFFD.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() => out.push('\u{fffd}'),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_data_has_no_markup() {
        let json = serde_json::to_string(&["<!--<script>", "</script>", "a&b>c", "\u{2028}"]).unwrap();
        let safe = script_data(&json);
        assert!(!safe.contains(['<', '>', '&', '\u{2028}']), "{safe}");
        let back: Vec<String> = serde_json::from_str(&safe).unwrap();
        assert_eq!(back, ["<!--<script>", "</script>", "a&b>c", "\u{2028}"]);
    }

    #[test]
    fn html_text_has_no_markup_or_controls() {
        assert_eq!(escape("<b a='1'>\u{1}&\"x\"\n"), "&lt;b a=&#39;1&#39;&gt;\u{fffd}&amp;&quot;x&quot;\n");
    }
}
