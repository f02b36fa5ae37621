//! The `quadrille` binary, run for real: stdout, stderr and exit code of each
//! subcommand on good and bad input.

mod bench;
mod consistency;
mod costs;
mod doors;
mod engines;
mod estimate;
mod general;
mod hostile;
mod interrupt;
mod memo;
mod pack;
mod pre;
mod queens;
mod readme;
mod replay;
mod solve;
mod sudoku;
mod text;

use std::io::Write;
use std::process::{Command, Stdio};

pub use quadrille_testing::data::path as data;

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

/// Runs `quadrille ARGS` with `stdin` (text, or any bytes) as standard input.
pub fn quadrille(args: &[&str], stdin: impl AsRef<[u8]>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quadrille"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the quadrille binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        // The command may exit before reading everything; that is its right.
        let _ = input.write_all(&stdin);
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
/// run takes far longer than the wait), and returns what it printed: a run of
/// [`timed`] that is killed if it outlives a minute.
pub fn interrupted(args: &[&std::ffi::OsStr]) -> Run {
    let sigint_after = Some(std::time::Duration::from_millis(700));
    timed(Timed { args, stdin: "", stderr: None, sigint_after, bound: std::time::Duration::from_secs(60) }).0
}

pub use quadrille_testing::instances::langford;

/// How a timed run goes: what it reads, where its stderr goes, when Ctrl-C is
/// pressed, and how long it may take before it is killed.
pub struct Timed<'a> {
    pub args: &'a [&'a std::ffi::OsStr],
    pub stdin: &'a str,
    /// Standard error: piped (and read) when `None`.
    pub stderr: Option<std::fs::File>,
    /// Press Ctrl-C this long after the start.
    pub sigint_after: Option<std::time::Duration>,
    /// Kill the run (exit code -1) if it lasts this long.
    pub bound: std::time::Duration,
}

/// Runs `quadrille` as `timed` says; returns what it printed and how long it ran
/// after Ctrl-C (or from the start, without Ctrl-C). A run that outlives its
/// bound is killed, so a command that does not hear Ctrl-C fails its test
/// instead of hanging it.
pub fn timed(timed: Timed<'_>) -> (Run, std::time::Duration) {
    run_timed(timed, false)
}

/// [`timed`], standard input written and then, with `hold_stdin`, left open
/// until the run ends (a pipe whose writer is still at work).
pub fn run_timed(timed: Timed<'_>, hold_stdin: bool) -> (Run, std::time::Duration) {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let piped_stderr = timed.stderr.is_none();
    let mut child = Command::new(env!("CARGO_BIN_EXE_quadrille"))
        .args(timed.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(timed.stderr.map_or_else(Stdio::piped, Stdio::from))
        .spawn()
        .expect("the quadrille binary runs");
    let start = Instant::now();
    let mut input = child.stdin.take().unwrap();
    let stdin = timed.stdin.to_string();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(stdin.as_bytes());
        hold_stdin.then_some(input)
    });
    let read = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = read(Box::new(child.stdout.take().unwrap()));
    let stderr = piped_stderr.then(|| read(Box::new(child.stderr.take().unwrap())));
    let mut pressed = None;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if pressed.is_none() && timed.sigint_after.is_some_and(|after| start.elapsed() >= after) {
            let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
            assert!(sent.success());
            pressed = Some(Instant::now());
        }
        if start.elapsed() >= timed.bound {
            let _ = child.kill();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let ran = pressed.unwrap_or(start).elapsed();
    drop(writer.join().unwrap());
    let run = Run {
        stdout: stdout.join().unwrap(),
        stderr: stderr.map(|s| s.join().unwrap()).unwrap_or_default(),
        code: status.code().unwrap_or(-1),
    };
    (run, ran)
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
