//! The README's tour prints what it shows: every `quadrille` command of its
//! console blocks whose files are in the repository is run, and its output
//! must be the README's, times aside.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A command of the README and the lines it shows after it.
struct Shown {
    line: usize,
    args: Vec<String>,
    output: Vec<String>,
}

/// The `$ quadrille …` commands of the README's console blocks, each with
/// the lines up to the next command or the end of its block. Commands that
/// pipe, redirect or quote are left out: the test runs no shell.
fn shown(readme: &str) -> Vec<Shown> {
    let mut commands = Vec::new();
    let mut in_console = false;
    let mut current: Option<Shown> = None;
    for (number, text) in readme.lines().enumerate() {
        if text.starts_with("```") {
            commands.extend(current.take());
            in_console = text == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = text.strip_prefix("$ ") {
            commands.extend(current.take());
            let plain = !command.contains(['|', '>', '<', '&', '\'', '"']);
            if let (Some(args), true) = (command.strip_prefix("quadrille "), plain) {
                let args = args.split_whitespace().map(str::to_owned).collect();
                current = Some(Shown { line: number + 1, args, output: Vec::new() });
            }
        } else if let Some(shown) = &mut current {
            shown.output.push(text.to_owned());
        }
    }
    commands
}

/// A line with its times and rates masked: `seconds: …`, `…/s: …`, the
/// JSON field `"seconds":…`, and the `, … s` that ends the line of what
/// preprocessing removed.
fn masked(line: &str) -> String {
    if let Some((name, _)) = line.split_once(": ") {
        if name == "seconds" || name.ends_with("/s") {
            return format!("{name}: T");
        }
    }
    if line.starts_with("removed ") {
        if let Some((kept, _)) = line.rsplit_once(", ") {
            return format!("{kept}, T s");
        }
    }
    match line.split_once("\"seconds\":") {
        Some((before, after)) => {
            let rest = after.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == 'e' || c == '-');
            format!("{before}\"seconds\":T{rest}")
        }
        None => line.to_owned(),
    }
}

/// The folder a command runs in: the first of the repository's root and
/// its data folders that holds every file it names (an argument with a
/// file's ending or a slash); `None` when none does.
fn folder(root: &Path, args: &[String]) -> Option<PathBuf> {
    let named = |a: &str| a.contains('/') || [".dlx", ".txt", ".jsonl", ".json"].iter().any(|end| a.ends_with(end));
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with('-') && named(a)).collect();
    ["", "data/dlx", "data/pack"]
        .iter()
        .map(|sub| root.join(sub))
        .find(|dir| files.iter().all(|file| dir.join(file).is_file()))
}

/// The most seconds a command may show in the README and still be run here.
const MOST_SECONDS: f64 = 2.0;

#[test]
fn the_readme_tour_prints_what_it_shows() {
    let root = crate::data("README.md").parent().and_then(Path::parent).expect("the repository's root").to_path_buf();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("the README");
    let mut checked = 0;
    for shown in shown(&readme) {
        let slow = shown
            .output
            .iter()
            .filter_map(|l| l.strip_prefix("seconds: "))
            .any(|s| s.parse::<f64>().is_ok_and(|s| s > MOST_SECONDS));
        let writes = shown.args.iter().any(|a| a.starts_with("--output"));
        let Some(dir) = folder(&root, &shown.args).filter(|_| !slow && !writes) else { continue };
        let out = Command::new(env!("CARGO_BIN_EXE_quadrille")).args(&shown.args).current_dir(&dir).output().unwrap();
        let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
        let context = format!("README line {}: quadrille {}\n{stdout}{stderr}", shown.line, shown.args.join(" "));
        // Standard output in the README's order; standard error's lines
        // among them, wherever the terminal put them.
        let expected: Vec<String> = shown.output.iter().filter(|l| !l.is_empty()).map(|l| masked(l)).collect();
        let printed: Vec<String> = stdout.lines().filter(|l| !l.is_empty()).map(masked).collect();
        let mut rest = expected.clone();
        let mut at = 0;
        for line in &printed {
            let found = rest[at..].iter().position(|l| l == line);
            assert!(found.is_some(), "stdout line {line:?} is not in the README (in order)\n{context}");
            rest.remove(at + found.unwrap_or(0));
            at += found.unwrap_or(0);
        }
        let mut rest: Vec<String> = rest;
        let mut errors: Vec<String> = stderr.lines().filter(|l| !l.is_empty()).map(masked).collect();
        rest.sort();
        errors.sort();
        assert_eq!(rest, errors, "stderr differs from the README\n{context}");
        checked += 1;
    }
    // The tour's commands on the repository's files: most of them run here.
    assert!(checked >= 25, "only {checked} of the README's commands were checked");
}

/// The README's table of engines is the library's capability table, as
/// `quadrille engines --markdown` prints it: the list of engines the README
/// gives cannot drift from the one every door reads.
#[test]
fn the_readme_lists_the_capability_table() {
    let root = crate::data("README.md").parent().and_then(Path::parent).expect("the repository's root").to_path_buf();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("the README");
    let table = quadrille_dlx::engine::markdown();
    assert!(readme.contains(&table), "the README's table of engines is not the library's:\n{table}");
}
