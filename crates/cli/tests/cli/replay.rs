//! The replay pages, opened in a real browser: headless Chromium runs each page
//! to a step named in the URL fragment and dumps the DOM, which is checked
//! against the text trace of the same search and against brute force.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{data, quadrille};

/// The Chromium binary. Under CI (`CI=true`) a missing browser fails the test;
/// elsewhere the browser tests are skipped with a message.
fn chromium() -> Option<&'static str> {
    for name in ["chromium", "chromium-browser"] {
        if Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success()) {
            return Some(name);
        }
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "CI=true but no chromium on the PATH: .ci/run installs it (apt-get install chromium)"
    );
    eprintln!("chromium is not installed: skipping the browser test (apt-get install chromium)");
    None
}

/// A fresh folder for one test's files, removed with everything in it when
/// dropped (also when the test fails).
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
        let dir = std::env::temp_dir().join(format!("quadrille-replay-{name}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A page written into a scratch folder of its own, which goes with it.
struct Page {
    path: PathBuf,
    _dir: Scratch,
}

impl AsRef<Path> for Page {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl std::ops::Deref for Page {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

/// Loads `page` at `fragment` in headless Chromium and returns the DOM after its
/// scripts ran.
fn dump_dom(browser: &str, page: &Path, fragment: &str) -> String {
    let profile = Scratch::new("profile");
    let output = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.0.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}#{fragment}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(output.status.success(), "chromium failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

/// Writes the page that `quadrille ARGS` prints into a fresh folder.
fn page(name: &str, args: &[&str]) -> Page {
    let run = quadrille(args, "");
    assert!(run.code <= 1, "{}", run.transcript());
    assert!(run.stdout.starts_with("<!DOCTYPE html>"));
    let dir = Scratch::new(name);
    let path = dir.0.join(format!("{name}.html"));
    std::fs::write(&path, &run.stdout).unwrap();
    Page { path, _dir: dir }
}

/// The text of the element with this id.
fn text_of(dom: &str, id: &str) -> String {
    let start = dom.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no #{id} in the page"));
    let open = start + dom[start..].find('>').unwrap() + 1;
    let close = open + dom[open..].find('<').unwrap();
    dom[open..close].to_string()
}

/// The trace's JSON, as the page carries it.
fn data_of(page: &Path) -> serde_json::Value {
    let html = std::fs::read_to_string(page).unwrap();
    let start = html.find(r#"<script id="trace" type="application/json">"#).unwrap();
    let json = &html[start..];
    let json = &json[json.find('>').unwrap() + 1..json.find("</script>").unwrap()];
    serde_json::from_str(&json.replace("<\\/", "</")).unwrap()
}

/// The squares of the board that hold a queen, as (row, column), read off the
/// DOM (`<div class="sq … q …" data-r="…" data-c="…">`).
fn queens_on_board(dom: &str) -> Vec<(usize, usize)> {
    let mut queens = Vec::new();
    for piece in dom.split("<div class=\"sq ").skip(1) {
        let tag = &piece[..piece.find('>').unwrap()];
        let classes: Vec<&str> = tag[..tag.find('"').unwrap()].split(' ').collect();
        if classes.contains(&"q") {
            let attr = |name: &str| -> usize {
                let at = tag.find(&format!("data-{name}=\"")).unwrap() + name.len() + 7;
                tag[at..at + tag[at..].find('"').unwrap()].parse().unwrap()
            };
            queens.push((attr("r"), attr("c")));
        }
    }
    queens
}

/// Every placement of n queens, by brute force over permutations, in
/// lexicographic order.
fn brute_force_queens(n: usize) -> Vec<Vec<usize>> {
    fn extend(n: usize, cols: &mut Vec<usize>, all: &mut Vec<Vec<usize>>) {
        if cols.len() == n {
            let ok = (0..n).all(|i| (0..i).all(|j| cols[i].abs_diff(cols[j]) != i - j));
            if ok {
                all.push(cols.clone());
            }
            return;
        }
        for c in 0..n {
            if !cols.contains(&c) {
                cols.push(c);
                extend(n, cols, all);
                cols.pop();
            }
        }
    }
    let mut all = Vec::new();
    extend(n, &mut Vec::new(), &mut all);
    all
}

/// The steps of the text trace (`[r][c] = true`, `[r][c] = false`, `row r: no
/// more columns…`), and the solutions it prints (columns from 1).
fn text_trace(args: &[&str]) -> (Vec<String>, Vec<Vec<usize>>) {
    let run = quadrille(args, "");
    let mut steps = Vec::new();
    let mut solutions = Vec::new();
    let mut lines = run.stdout.lines();
    while let Some(line) = lines.next() {
        if line.starts_with('[') || line.starts_with("row ") {
            steps.push(line.to_string());
        } else if line.starts_with("solution ") {
            let cols = lines.next().unwrap().split(' ').map(|c| c.parse::<usize>().unwrap() - 1).collect();
            solutions.push(cols);
        }
    }
    (steps, solutions)
}

/// The page's steps written as the text trace writes them.
fn page_steps_as_text(data: &serde_json::Value) -> Vec<String> {
    let steps = data["steps"].as_array().unwrap();
    steps
        .iter()
        .map(|step| {
            let v: Vec<u64> = step.as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
            match v[0] {
                0 => format!("[{}][{}] = true", v[1], v[2]),
                1 => format!("[{}][{}] = false", v[1], v[2]),
                _ if v[1] == 0 => "row 0: no more columns, the search is over".to_string(),
                _ => format!("row {}: no more columns, back to row {}", v[1], v[1] - 1),
            }
        })
        .collect()
}

#[test]
fn the_queens_page_and_the_text_trace_agree_step_for_step() {
    for (n, limit) in [(6, None), (8, None), (8, Some("5"))] {
        let n = n.to_string();
        let mut args = vec!["queens", &n, "--trace", "--format", "html"];
        let mut text_args = vec!["queens", &n, "--trace", "--format", "columns"];
        if let Some(limit) = limit {
            args.extend(["--limit", limit]);
            text_args.extend(["--limit", limit]);
        }
        let data = data_of(&page(&format!("agree-{n}"), &args));
        let (steps, solutions) = text_trace(&text_args);
        assert_eq!(page_steps_as_text(&data), steps, "{args:?}");
        let page_solutions: Vec<Vec<usize>> = data["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["cols"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap() as usize).collect())
            .collect();
        assert_eq!(page_solutions, solutions, "{args:?}");
        assert_eq!(data["cut"], false);
    }
}

#[test]
fn eight_queens_in_a_browser() {
    let Some(browser) = chromium() else { return };
    let expected = brute_force_queens(8);
    assert_eq!(expected.len(), 92);

    // The whole search: at its end the board shows the last solution.
    let path = page("queens8", &["queens", "8", "--trace", "--format", "html"]);
    assert!(std::fs::metadata(&path).unwrap().len() < 1_000_000);
    let (steps, _) = text_trace(&["queens", "8", "--trace", "--format", "columns"]);
    let dom = dump_dom(browser, &path, "step=end");
    assert_eq!(text_of(&dom, "counter"), steps.len().to_string());
    assert_eq!(text_of(&dom, "total"), steps.len().to_string());
    assert_eq!(text_of(&dom, "found"), "92");
    let last: Vec<(usize, usize)> = expected[91].iter().copied().enumerate().collect();
    assert_eq!(queens_on_board(&dom), last);

    // Stopped at the 5th solution: the board holds it, live.
    let path = page("queens8-limit", &["queens", "8", "--trace", "--format", "html", "--limit", "5"]);
    let (steps, _) = text_trace(&["queens", "8", "--trace", "--format", "columns", "--limit", "5"]);
    let dom = dump_dom(browser, &path, "step=end");
    assert_eq!(text_of(&dom, "counter"), steps.len().to_string());
    let fifth: Vec<(usize, usize)> = expected[4].iter().copied().enumerate().collect();
    assert_eq!(queens_on_board(&dom), fifth);

    // A step in the middle: the board holds the queens the text trace has placed.
    let dom = dump_dom(browser, &path, "step=40");
    assert_eq!(text_of(&dom, "counter"), "40");
    let mut board = [None; 8];
    for step in &steps[..40] {
        let (rc, value) = step.split_once(" = ").unwrap_or((step, ""));
        if let Some((r, c)) = rc.strip_prefix('[').and_then(|s| s.strip_suffix(']')).and_then(|s| s.split_once("][")) {
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            board[r] = if value == "true" { Some(c) } else { None };
        }
    }
    let placed: Vec<(usize, usize)> = board.iter().enumerate().filter_map(|(r, c)| c.map(|c| (r, c))).collect();
    assert_eq!(queens_on_board(&dom), placed);
}

/// The text trace of dancing links, one step per line, without its indentation.
fn dlx_text_trace(args: &[&str]) -> Vec<String> {
    let run = quadrille(args, "");
    assert!(run.code <= 1, "{}", run.transcript());
    run.stdout.lines().map(|line| line.trim_start().to_string()).collect()
}

/// The page's events written as the text trace writes them, from the page's
/// own description of the problem (item names, option texts).
fn dlx_page_events_as_text(data: &serde_json::Value) -> Vec<String> {
    let name =
        |i: &serde_json::Value| data["items"][i.as_u64().unwrap() as usize]["name"].as_str().unwrap().to_string();
    let text =
        |o: &serde_json::Value| data["options"][o.as_u64().unwrap() as usize]["text"].as_str().unwrap().to_string();
    let count = |v: &serde_json::Value| {
        let n = v.as_array().unwrap().len();
        format!("{n} option{}", if n == 1 { "" } else { "s" })
    };
    data["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let l = &e["l"];
            match e["t"].as_str().unwrap() {
                "choose" => {
                    let len =
                        e["len"].as_array().unwrap().iter().find(|p| p[0] == e["i"]).unwrap()[1].as_u64().unwrap();
                    let plural = if len == 1 { "" } else { "s" };
                    format!("level {l}: choose {} ({len} option{plural})", name(&e["i"]))
                }
                "cover" => format!("level {l}: cover {}, hiding {}", name(&e["i"]), count(&e["o"])),
                "try" => format!("level {l}: try option {} ({}), hiding {}", e["x"], text(&e["x"]), count(&e["o"])),
                "solution" => {
                    let texts: Vec<String> = e["x"].as_array().unwrap().iter().map(text).collect();
                    format!("solution: {}", texts.join("; "))
                }
                "undo" => {
                    format!("level {l}: undo option {} ({}), restoring {}", e["x"], text(&e["x"]), count(&e["o"]))
                }
                "uncover" => format!("level {l}: uncover {}, restoring {}", name(&e["i"]), count(&e["o"])),
                other => panic!("unknown event {other}"),
            }
        })
        .collect()
}

#[test]
fn the_dlx_pages_and_the_text_traces_agree_step_for_step() {
    let toy = data("dlx/knuth_toy.dlx");
    let colors = data("dlx/knuth_toy_colors.dlx");
    let (toy, colors) = (toy.to_str().unwrap(), colors.to_str().unwrap());
    for args in [
        vec!["solve", toy, "--trace"],
        vec!["solve", colors, "--trace"],
        vec!["queens", "6", "--algorithm", "dlx", "--trace"],
        vec!["queens", "5", "--algorithm", "dlx", "--order", "natural", "--trace", "--limit", "3"],
    ] {
        let text = dlx_text_trace(&args);
        let mut html_args = args.clone();
        html_args.extend(["--format", "html"]);
        let page = page("dlx-agree", &html_args);
        assert_eq!(dlx_page_events_as_text(&data_of(&page)), text, "{args:?}");
    }
}

/// The value of attribute `name` in the text of a tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&tag[at..at + tag[at..].find('"')?])
}

/// The options of the rows marked as a solution (`<tr … class="… sol …" data-o="…">`).
fn solution_rows(dom: &str) -> Vec<usize> {
    let mut rows = Vec::new();
    for piece in dom.split("<tr ").skip(1) {
        let tag = format!(" {}", &piece[..piece.find('>').unwrap()]);
        if attribute(&tag, "class").is_some_and(|classes| classes.split(' ').any(|c| c == "sol")) {
            rows.push(attribute(&tag, "data-o").unwrap().parse().unwrap());
        }
    }
    rows.sort();
    rows
}

#[test]
fn dancing_links_in_a_browser() {
    let Some(browser) = chromium() else { return };

    // Knuth's toy problem: its one solution is A D, C E F, B G (TAOCP 7.2.2.1),
    // options 3, 0 and 4 of the file.
    let toy = data("dlx/knuth_toy.dlx");
    let toy = toy.to_str().unwrap();
    let path = page("dlx-toy", &["solve", toy, "--trace", "--format", "html"]);
    let steps = dlx_text_trace(&["solve", toy, "--trace"]);
    let dom = dump_dom(browser, &path, "step=end");
    assert_eq!(text_of(&dom, "counter"), steps.len().to_string());
    assert_eq!(text_of(&dom, "total"), steps.len().to_string());
    assert_eq!(solution_rows(&dom), [0, 3, 4]);

    // 6 queens: at the end the board shows the last solution the text trace
    // printed (options named r<row> c<col> …), one of brute force's four.
    let path = page("dlx-queens", &["queens", "6", "--algorithm", "dlx", "--trace", "--format", "html"]);
    let steps = dlx_text_trace(&["queens", "6", "--algorithm", "dlx", "--trace"]);
    let dom = dump_dom(browser, &path, "step=end");
    assert_eq!(text_of(&dom, "counter"), steps.len().to_string());
    let last = steps.iter().rev().find_map(|line| line.strip_prefix("solution: ")).unwrap();
    let mut cells: Vec<(usize, usize)> = last
        .split("; ")
        .map(|option| {
            let mut names = option.split(' ');
            let r = names.next().unwrap().strip_prefix('r').unwrap().parse().unwrap();
            let c = names.next().unwrap().strip_prefix('c').unwrap().parse().unwrap();
            (r, c)
        })
        .collect();
    cells.sort();
    assert!(brute_force_queens(6).iter().any(|cols| cols.iter().copied().enumerate().eq(cells.iter().copied())));
    assert_eq!(queens_on_board(&dom), cells);
}

#[test]
fn the_text_trace_of_dancing_links() {
    let toy = data("dlx/knuth_toy.dlx");
    insta::assert_snapshot!(quadrille(&["solve", toy.to_str().unwrap(), "--trace"], "").transcript());
    insta::assert_snapshot!(
        quadrille(&["solve", "--trace", "--first"], "A B | X\nA X:red\nB X:red\nA B\n").transcript()
    );
}

/// Items and colours named with what ends or bends a `<script>` element
/// (`<!--<script>` made the data swallow the player, and the page showed
/// nothing): the data block holds no markup, reads back as the same names,
/// and the page plays to the end in a browser.
#[test]
fn names_with_markup_leave_the_page_whole() {
    let names = ["<!--<script>", "</script>", "<img/src=x/onerror=alert(1)>", "a&amp;b", "]]>--!>"];
    let problem = format!(
        "{} | X\n{} X:<!--\n{} X:<!--\n{}\n{} {}\n",
        names.join(" "),
        names[0],
        names[1],
        names[2],
        names[3],
        names[4]
    );
    let dir = Scratch::new("markup");
    let file = dir.0.join("markup.dlx");
    std::fs::write(&file, problem).unwrap();
    let file = file.to_str().unwrap();
    let path = page("dlx-markup", &["solve", file, "--trace", "--format", "html"]);
    let html = std::fs::read_to_string(&path).unwrap();
    let open = r#"<script id="trace" type="application/json">"#;
    let start = html.find(open).unwrap() + open.len();
    let data = &html[start..start + html[start..].find("</script>").unwrap()];
    assert!(!data.contains(['<', '>']), "markup in the data block: {data}");
    let data: serde_json::Value = serde_json::from_str(data).unwrap();
    let read: Vec<&str> = data["items"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(read[..names.len()], names);
    // The player's script is still there, after the data.
    assert!(html[start..].contains("step=(end"), "the player is missing");
    let steps = dlx_text_trace(&["solve", file, "--trace"]);
    let Some(browser) = chromium() else { return };
    let dom = dump_dom(browser, &path, "step=end");
    assert_eq!(text_of(&dom, "counter"), steps.len().to_string());
    assert_eq!(solution_rows(&dom), [0, 1, 2, 3]);
}
