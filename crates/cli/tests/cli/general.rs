//! What every subcommand shares: help, completions, quiet, Ctrl-C, closed pipes.

use std::io::Read;
use std::process::{Command, Stdio};

use crate::{data, interrupted, quadrille};

#[test]
fn help_lists_the_subcommands() {
    insta::assert_snapshot!(quadrille(&["--help"], "").transcript());
    let no_command = quadrille(&[], "");
    assert_eq!(no_command.code, 2);
    assert!(no_command.stderr.contains("Usage: quadrille"), "{}", no_command.stderr);
}

#[test]
fn completions_for_each_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = quadrille(&["completions", shell], "");
        assert_eq!(run.code, 0, "{shell}");
        assert!(run.stdout.contains("solve") && run.stdout.contains("merge"), "{shell}");
    }
    assert_eq!(quadrille(&["completions", "tcsh"], "").code, 2);
}

#[test]
fn quiet_keeps_stderr_for_errors_only() {
    let path = data("dlx/knuth_toy_colors.dlx");
    let run = quadrille(&["solve", "--quiet", "--stats", path.to_str().unwrap()], "");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(run.stdout, "A C X:1 Y:1\nB X:1\n\n");
    let bad = quadrille(&["solve", "-q"], "A\nB\n");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("unknown item `B`"));
}

/// Ctrl-C during a long count: the partial count on stderr, exit code 130.
#[test]
fn ctrl_c_reports_a_partial_count() {
    let problem = data("dlx/sudoku_6x6_all.dlx");
    let run =
        interrupted(&["solve".as_ref(), "--count".as_ref(), "--threads".as_ref(), "1".as_ref(), problem.as_os_str()]);
    assert_eq!(run.code, 130, "{}", run.stderr);
    assert!(run.stderr.contains("so far (partial)"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
}

/// `quadrille … | head -1`: each command stops quietly, and promptly, when its
/// reader goes away.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let pentominoes = data("dlx/pentomino_6x10.dlx");
    let puzzles = data("sudoku/17_clue.txt");
    let runs: [Vec<&std::ffi::OsStr>; 3] = [
        vec!["solve".as_ref(), pentominoes.as_os_str()],
        vec!["queens".as_ref(), "16".as_ref()],
        vec!["sudoku".as_ref(), puzzles.as_os_str()],
    ];
    for args in runs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_quadrille"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
        drop(child.stdout.take());
        // Listing every solution of 16 queens or answering every puzzle would take
        // many seconds; the command ends as soon as its next write fails.
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("panic") && !stderr.to_lowercase().contains("broken pipe"), "{args:?}: {stderr}");
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    }
}

#[test]
fn every_subcommand_explains_itself_with_examples() {
    for command in ["solve", "queens", "sudoku", "merge", "completions"] {
        let run = quadrille(&[command, "--help"], "");
        assert_eq!(run.code, 0, "{command}");
        assert!(run.stdout.contains("Examples:\n  ") && run.stdout.contains("quadrille "), "{command}: {}", run.stdout);
    }
    insta::assert_snapshot!("completions_bad_shell", quadrille(&["completions", "tcsh"], "").transcript());
}

/// Limits that make no sense are refused, and limits that do are kept: no
/// overflow, abort or endless run.
#[test]
fn limits_get_clear_answers() {
    let toy = "A B\nA\nB\nA B\n";
    let zero = quadrille(&["solve", "--limit", "0"], toy);
    assert_eq!((zero.code, zero.stdout.as_str()), (1, ""));
    assert_eq!(quadrille(&["solve", "--count", "--limit", "0"], toy).stdout, "0\n");
    let queens = quadrille(&["queens", "8", "--limit", "0"], "");
    assert_eq!((queens.code, queens.stdout.as_str()), (1, ""));
    let puzzle = ".".repeat(16) + "\n";
    assert_eq!(quadrille(&["sudoku", "-q", "--count", "--limit", "0"], &puzzle).stdout, "0\n");
    insta::assert_snapshot!(
        "limits_refused",
        [
            &["queens", "100000"][..],
            &["queens", "100000", "--count"],
            &["queens", "29", "--count"],
            &["queens", "99999999999999999999999"],
            &["queens", "8", "--threads", "0"],
            &["sudoku", "--threads", "0"],
            &["solve", "--limit", "-1"],
        ]
        .iter()
        .map(|args| format!("$ quadrille {}\n{}", args.join(" "), quadrille(args, "").transcript()))
        .collect::<Vec<_>>()
        .join("\n")
    );
}

/// A long stream of puzzles is answered as it comes, whatever is in it.
#[test]
fn a_long_stream_of_puzzles() {
    let puzzles = std::fs::read_to_string(data("sudoku/17_clue.txt")).unwrap();
    let mut input = String::new();
    let mut expected = 0;
    for (k, line) in puzzles.lines().filter(|l| !l.starts_with('#')).take(20_000).enumerate() {
        input.push_str(line);
        input.push('\n');
        // Among the puzzles, comments, blank lines and broken lines.
        match k % 50 {
            0 => input.push_str("# a comment\n\n"),
            1 => input.push_str("12345\n"),
            _ => {}
        }
        expected += if k % 50 == 1 { 2 } else { 1 };
    }
    let run = quadrille(&["sudoku", "--threads", "2"], &input);
    assert_eq!(run.code, 2, "the broken lines are invalid");
    assert_eq!(run.stdout.lines().count(), expected);
    assert_eq!(run.stdout.lines().filter(|l| l.starts_with("invalid: ")).count(), 400);
    assert!(run.stderr.contains("20400 puzzles: 20000 solved, 0 multiple, 0 none, 400 invalid"), "{}", run.stderr);
}

/// Ctrl-C during a sudoku batch: the summary says how far it got, exit code 130.
#[test]
fn ctrl_c_ends_a_sudoku_batch() {
    let puzzles = data("sudoku/forum_hardest_1905_11plus.txt");
    let run = interrupted(&["sudoku".as_ref(), "--threads".as_ref(), "1".as_ref(), puzzles.as_os_str()]);
    assert_eq!(run.code, 130, "{}", run.stderr);
    assert!(run.stderr.contains("interrupted after "), "{}", run.stderr);
}
