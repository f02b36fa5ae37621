//! What every subcommand shares: help, completions, quiet, Ctrl-C, closed pipes.

use std::io::Read;
use std::process::{Command, Stdio};

use crate::{data, quadrille};

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
    let child = Command::new(env!("CARGO_BIN_EXE_quadrille"))
        .args(["solve", "--count", "--threads", "1"])
        .arg(data("dlx/sudoku_6x6_all.dlx"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the search is under way (the problem is read and built), then
    // interrupt it: the whole count takes far longer than this.
    std::thread::sleep(std::time::Duration::from_millis(700));
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("so far (partial)"), "{stderr}");
    assert!(output.stdout.is_empty());
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
