//! `quadrille sudoku`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use quadrille_sudoku::{Alphabet, Grid};

use crate::{Run, data, quadrille};

/// The whole of a run, for a snapshot: the summary's time and rate vary, so they
/// are masked.
fn transcript(args: &[&str], stdin: &str) -> String {
    let Run { code, stdout, stderr } = quadrille(args, stdin);
    let stderr = match stderr.find("; ") {
        Some(at) if stderr.starts_with("quadrille: ") && stderr[at..].contains("puzzles/s") => {
            format!("{}; [time]\n", &stderr[..at])
        }
        _ => stderr,
    };
    format!("exit code: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}")
}

const EASY: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn cli_invalid_puzzles_among_good_ones() {
    let input = format!(
        "# a comment, then a good puzzle\n{EASY}\n\
         {short}\n\
         {bad}\n\
         {conflict}\n\
         {EASY}\r\n\
         1 2 3 | 4 5 6 | 7 8 9\n\
         4 5 6 | 7 8 9 | 1 2 3\n\
         \n\
         ..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n\
         .................................................................................\n\
         1..1............\n\
         1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.\n\
         {EASY}",
        short = &EASY[..80],
        bad = EASY.replacen('.', "x", 1),
        conflict = EASY.replacen("4..", "4.4", 1),
    );
    insta::assert_snapshot!("sudoku_invalid_among_good", transcript(&["sudoku"], &input));
}

#[test]
fn cli_grid_layout_and_formats() {
    let mut grid = String::new();
    Grid::parse(EASY).unwrap().write_grid(Alphabet::OneBased, &mut grid);
    let input = format!("{grid}\n{EASY}\n");
    insta::assert_snapshot!("sudoku_grid_layout", transcript(&["sudoku"], &input));
    insta::assert_snapshot!("sudoku_json", transcript(&["sudoku", "--format", "json", "-"], &input));
    let counts = format!("{EASY}\n.....{}\n{}\n", &EASY[5..], ".".repeat(16));
    insta::assert_snapshot!("sudoku_count", transcript(&["sudoku", "--count", "--limit", "50"], &counts));
    insta::assert_snapshot!("sudoku_first", transcript(&["sudoku", "--first", "--format", "line"], &counts));
}

#[test]
fn cli_usage_errors() {
    insta::assert_snapshot!("sudoku_missing_file", transcript(&["sudoku", "no/such/file.txt"], ""));
    let Run { code, stderr, .. } = quadrille(&["sudoku", "--size", "7"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("`7` is not 4, 9, 16 or 25"), "{stderr}");
}

#[test]
fn cli_threads_keep_input_order() {
    let text = std::fs::read_to_string(data("sudoku/top1465.txt")).unwrap();
    let input: String = text.lines().take(400).flat_map(|l| [l, "\n"]).collect();
    let one = quadrille(&["sudoku", "--threads", "1", "-q"], &input);
    assert_eq!(one.code, 0);
    let two = quadrille(&["sudoku", "--threads", "2", "-q"], &input);
    assert_eq!(two.code, 0);
    let puzzles = input.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count();
    assert_eq!(one.stdout.lines().count(), puzzles);
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn cli_answers_each_puzzle_as_it_arrives() {
    // A puzzle written to the pipe is answered before the input ends: the
    // command does not wait to read the whole input.
    let mut child = Command::new(env!("CARGO_BIN_EXE_quadrille"))
        .args(["sudoku", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Should the command wait for the end of the input, the test would hang: a
    // watchdog ends the command instead, and the test fails on the missing answer.
    let (done, watchdog) = std::sync::mpsc::channel::<()>();
    let pid = child.id();
    let guard = std::thread::spawn(move || {
        if watchdog.recv_timeout(std::time::Duration::from_secs(120)).is_err() && cfg!(unix) {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
    });
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut answer = String::new();
    for _ in 0..2 {
        writeln!(stdin, "{EASY}").unwrap();
        stdin.flush().unwrap();
        answer.clear();
        stdout.read_line(&mut answer).unwrap();
        assert_eq!(answer, "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    done.send(()).unwrap();
    guard.join().unwrap();
}
