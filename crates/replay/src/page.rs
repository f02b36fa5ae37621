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
        // Inside a script element only `</` can end it early; JSON may write the
        // slash as `\/`.
        .replace("{{data}}", &json.replace("</", "<\\/"))
}

/// Escapes text for HTML.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}
