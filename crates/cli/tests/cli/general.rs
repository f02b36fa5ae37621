//! What every subcommand shares: help, completions, quiet, Ctrl-C, closed pipes.

use std::io::Read;
use std::process::{Command, Stdio};

use std::ffi::OsStr;
use std::time::Duration;

use crate::{Timed, data, interrupted, quadrille, timed};

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
    for command in ["solve", "queens", "sudoku", "pack", "pre", "merge", "completions"] {
        let run = quadrille(&[command, "--help"], "");
        assert_eq!(run.code, 0, "{command}");
        assert!(run.stdout.contains("Examples:\n  ") && run.stdout.contains("quadrille "), "{command}: {}", run.stdout);
    }
    insta::assert_snapshot!("completions_bad_shell", quadrille(&["completions", "tcsh"], "").transcript());
}

/// Limits that make no sense are refused, and limits that do are kept: no
/// overflow, abort or endless run. `--limit 0` is a usage error on every
/// subcommand (it used to count 1 queens solution, 0 exact covers, and call a
/// sudoku with one solution "none").
#[test]
fn limits_get_clear_answers() {
    let toy = "A B\nA\nB\nA B\n";
    let puzzle = ".".repeat(16) + "\n";
    let runs: [(&[&str], &str); 6] = [
        (&["solve", "--limit", "0"], toy),
        (&["solve", "--count", "--limit", "0"], toy),
        (&["queens", "8", "--count", "--limit", "0"], ""),
        (&["queens", "8", "--limit", "0"], ""),
        (&["pack", "--pieces", "tetrominoes", "--box", "4x5", "--count", "--limit", "0"], ""),
        (&["sudoku", "-q", "--count", "--limit", "0"], &puzzle),
    ];
    for (args, stdin) in runs {
        let run = quadrille(args, stdin);
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{args:?}");
        assert!(run.stderr.starts_with("error: invalid value '0' for '--limit <K>'"), "{args:?}: {}", run.stderr);
    }
    // The smallest limit there is, 1, counts one solution everywhere.
    assert_eq!(quadrille(&["solve", "--count", "--limit", "1"], toy).stdout, "1\n");
    assert_eq!(quadrille(&["queens", "8", "--count", "--limit", "1"], "").stdout, "1\n");
    let unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let sudoku = quadrille(&["sudoku", "-q", "--count", "--limit", "1"], unique);
    assert_eq!(sudoku.stdout, "1\n", "{}", sudoku.stderr);
    insta::assert_snapshot!(
        "limits_refused",
        [
            &["queens", "100000"][..],
            &["queens", "100000", "--count"],
            &["queens", "29", "--count"],
            &["queens", "99999999999999999999999"],
            &["queens", "8", "--threads", "0"],
            &["sudoku", "--threads", "0"],
            &["pack", "--threads=-3"],
            &["solve", "--threads", "two"],
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

/// Ctrl-C is heard within a fraction of a second in every long loop (each
/// model's search, each puzzle of a batch), with the partial result and exit
/// code 130. Each of these runs would take minutes or years; before, the blank
/// hyper 16×16 sudoku did not stop at all and 30 queens by backtracking took
/// about 12 s.
#[test]
fn ctrl_c_is_heard_promptly_everywhere() {
    let blank_16 = ".".repeat(256) + "\n";
    let sudoku_6x6 = data("dlx/sudoku_6x6_all.dlx");
    let runs: [(&[&OsStr], &str); 7] = [
        (&["sudoku", "--variant", "hyper", "--first"].map(OsStr::new), &blank_16),
        (&["queens", "28", "--count", "--threads", "1"].map(OsStr::new), ""),
        (&["queens", "30", "--count", "--algorithm", "backtrack"].map(OsStr::new), ""),
        (&["queens", "30", "--algorithm", "backtrack"].map(OsStr::new), ""),
        (&["queens", "34", "--first", "--algorithm", "bitboard"].map(OsStr::new), ""),
        (&["queens", "30", "--count", "--unique", "--algorithm", "dlx"].map(OsStr::new), ""),
        (&["solve".as_ref(), "--count".as_ref(), "--threads".as_ref(), "100000".as_ref(), sudoku_6x6.as_os_str()], ""),
    ];
    for (args, stdin) in runs {
        let (run, waited) = timed(Timed {
            args,
            stdin,
            stderr: None,
            sigint_after: Some(Duration::from_millis(700)),
            bound: Duration::from_secs(10),
        });
        assert_eq!(run.code, 130, "{args:?}: {}", run.stderr);
        assert!(waited < Duration::from_secs(2), "{args:?}: {waited:?} after Ctrl-C");
        assert!(run.stderr.contains("interrupted after "), "{args:?}: {}", run.stderr);
    }
}

/// A full stderr (`2>/dev/full`) loses the diagnostics, statistics and notes,
/// never the answer: no panic (exit code 101), the same exit code as with a
/// working stderr.
#[test]
fn a_full_stderr_is_no_reason_to_panic() {
    let toy = data("dlx/knuth_toy.dlx");
    let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let runs: [(&[&OsStr], &str, i32, &str); 7] = [
        (&["solve".as_ref(), "--stats".as_ref(), toy.as_os_str()], "", 0, "A D\nC E F\nB G\n\n"),
        (&["solve", "--count", "--stats"].map(OsStr::new), "A\nB\nB\n", 2, ""),
        (&["queens", "6", "--count", "--stats"].map(OsStr::new), "", 0, "4\n"),
        (&["queens", "8", "--count", "--threads", "4096"].map(OsStr::new), "", 0, "92\n"),
        (&["pack", "--pieces", "tetrominoes", "--box", "4x5", "--count", "--stats"].map(OsStr::new), "", 1, "0\n"),
        (
            &["sudoku"].map(OsStr::new),
            puzzle,
            0,
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n",
        ),
        (&["sudoku", "--count"].map(OsStr::new), puzzle, 0, "1\n"),
    ];
    for (args, stdin, code, stdout) in runs {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens");
        let (run, _) =
            timed(Timed { args, stdin, stderr: Some(full), sigint_after: None, bound: Duration::from_secs(60) });
        assert_eq!(run.code, code, "{args:?}");
        if !stdout.is_empty() {
            assert_eq!(run.stdout, stdout, "{args:?}");
        }
    }
}

/// Absurd thread counts are cut down to four per core, with a note on stderr,
/// the same on every subcommand: no minutes of spinning, no count too large to
/// hear Ctrl-C. Zero and words are usage errors.
#[test]
fn absurd_thread_counts_are_cut_down() {
    let toy = data("dlx/knuth_toy.dlx");
    let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let huge = "18446744073709551615";
    let runs: [(&[&OsStr], &str, &str); 5] = [
        (&["queens", "8", "--count", "--threads", "100000"].map(OsStr::new), "", "92\n"),
        (&["solve".as_ref(), "--count".as_ref(), "--threads".as_ref(), huge.as_ref(), toy.as_os_str()], "", "1\n"),
        (
            &["pack", "--pieces", "pentominoes", "--box", "3x20", "--count", "--threads", "4096"].map(OsStr::new),
            "",
            "8\n",
        ),
        (&["sudoku", "--count", "--threads", "340282366920938463463374607431768211456"].map(OsStr::new), puzzle, "1\n"),
        (&["queens", "8", "--count", "--threads", huge].map(OsStr::new), "", "92\n"),
    ];
    for (args, stdin, stdout) in runs {
        let (run, took) =
            timed(Timed { args, stdin, stderr: None, sigint_after: None, bound: Duration::from_secs(20) });
        assert_eq!((run.code, run.stdout.as_str()), (0, stdout), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("used: at most 4 per core"), "{args:?}: {}", run.stderr);
        assert!(took < Duration::from_secs(10), "{args:?}: {took:?}");
    }
    let quiet = quadrille(&["queens", "8", "--count", "--threads", "100000", "--quiet"], "");
    assert_eq!((quiet.code, quiet.stderr.as_str()), (0, ""));
}
