//! The `quadrille` binary, run for real: stdout, stderr and exit code of each
//! subcommand on good and bad input.

mod costs;
mod general;
mod hostile;
mod pack;
mod queens;
mod replay;
mod solve;
mod sudoku;

use std::io::Write;
use std::process::{Command, Stdio};

#[path = "../../../../tests/it/data.rs"]
mod shared_data;
pub use shared_data::path as data;

/// What a run printed and how it ended.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

impl Run {
    /// The whole run as one text for a snapshot.
    pub fn transcript(&self) -> String {
        format!("exit code: {}\n--- stdout\n{}--- stderr\n{}", self.code, self.stdout, self.stderr)
    }
}

/// Runs `quadrille ARGS` with `stdin` as standard input.
pub fn quadrille(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quadrille"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the quadrille binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_string();
    let writer = std::thread::spawn(move || {
        // The command may exit before reading everything; that is its right.
        let _ = input.write_all(stdin.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
        code: output.status.code().unwrap_or(-1),
    }
}

/// Runs `quadrille ARGS`, presses Ctrl-C once the work is under way (the whole
/// run takes far longer than the wait), and returns what it printed.
pub fn interrupted(args: &[&std::ffi::OsStr]) -> Run {
    let child = Command::new(env!("CARGO_BIN_EXE_quadrille"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the quadrille binary runs");
    std::thread::sleep(std::time::Duration::from_millis(700));
    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(sent.success());
    let output = child.wait_with_output().unwrap();
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8(output.stderr).unwrap(),
        code: output.status.code().unwrap_or(-1),
    }
}

/// The transcript of `quadrille ARGS` with `stdin`, the command line first; with
/// `--json`, the `seconds` of each JSON line masked.
pub fn json_transcript(args: &[&str], stdin: &str) -> String {
    let mut run = quadrille(args, stdin);
    if args.contains(&"--json") {
        run.stdout = run
            .stdout
            .lines()
            .map(|line| {
                let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
                if let Some(seconds) = value.get_mut("seconds") {
                    *seconds = serde_json::json!("[time]");
                }
                format!("{value}\n")
            })
            .collect();
    }
    format!("$ quadrille {}\n{}", args.join(" "), run.transcript())
}
