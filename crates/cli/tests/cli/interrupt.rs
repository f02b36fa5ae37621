//! Ctrl-C in every phase of a command: reading its input, searching on each
//! engine (one thread and two), merging records. Each run here would take
//! tens of seconds or wait forever; Ctrl-C ends it within a few seconds (a
//! loaded machine's slack: the engines hear it within milliseconds of work),
//! with exit code 130 and what was done so far.

use std::ffi::OsStr;
use std::time::Duration;

use quadrille_testing::costly;

use crate::{Timed, langford, run_timed, timed};

/// How long after Ctrl-C a command may go on.
const BOUND: Duration = Duration::from_secs(3);

/// A file of its own for this test process, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("quadrille-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The solutions, nodes and updates of "interrupted after …: S solutions so
/// far (partial), N nodes, U updates" (the updates 0 where the engine counts
/// none: the sweep says only its nodes).
fn partial(stderr: &str) -> Option<(u64, u64, u64)> {
    let line = stderr.lines().find(|line| line.contains("so far (partial)"))?;
    let (_, rest) = line.rsplit_once(": ")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let number = |unit: &str| -> Option<u64> {
        let at = words.iter().position(|&word| word.trim_end_matches(',') == unit)?;
        words.get(at.checked_sub(1)?)?.parse().ok()
    };
    Some((words.first()?.parse().ok()?, number("nodes")?, number("updates").unwrap_or(0)))
}

/// 128 items, 20,000 options of 20 to 40 items: a node costs milliseconds,
/// the search tens of seconds on every engine. The count by links, cells
/// and bits (one thread and two) and by the memo, and the listing.
#[test]
fn ctrl_c_is_heard_between_costly_nodes() {
    // 16,000 options: within the bits engine's 16,383.
    let problem = TempFile::new("costly.dlx", &costly::costly_nodes(128, 16_000, 8));
    let file = problem.0.as_os_str();
    let mut runs: Vec<Vec<&OsStr>> = Vec::new();
    for engine in ["links", "cells", "bits"] {
        for threads in ["1", "2"] {
            runs.push(["solve", "--count", "--engine", engine, "--threads", threads].map(OsStr::new).to_vec());
        }
    }
    runs.push(["solve", "--engine", "cells"].map(OsStr::new).to_vec());
    runs.push(["solve", "--count", "--engine", "memo"].map(OsStr::new).to_vec());
    for mut args in runs {
        args.push(file);
        let (run, waited) = timed(Timed {
            args: &args,
            stdin: "",
            stderr: None,
            sigint_after: Some(Duration::from_millis(700)),
            bound: Duration::from_secs(60),
        });
        assert_eq!(run.code, 130, "{args:?}: {}", run.stderr);
        assert!(waited < BOUND, "{args:?}: {waited:?} after Ctrl-C");
        assert!(run.stderr.contains("interrupted after "), "{args:?}: {}", run.stderr);
        if !args.contains(&OsStr::new("memo")) {
            // The work done is reported, the split's too.
            let (_, _, updates) = partial(&run.stderr).unwrap_or_else(|| panic!("{args:?}: {}", run.stderr));
            assert!(updates > 0, "{args:?}: {}", run.stderr);
        }
    }
}

/// The sweep stopped by Ctrl-C says what it counted (Langford pairs of 16:
/// minutes of counting, 2 × 326,721,800 solutions, OEIS A014552): more than
/// none, fewer than all, on one thread and on two.
#[test]
fn ctrl_c_during_the_sweep_says_what_it_counted() {
    let problem = TempFile::new("langford16.dlx", &langford(16));
    for threads in ["1", "2"] {
        let args = ["solve", "--count", "--engine", "sweep", "--threads", threads].map(OsStr::new);
        let args: Vec<&OsStr> = args.into_iter().chain([problem.0.as_os_str()]).collect();
        let (run, waited) = timed(Timed {
            args: &args,
            stdin: "",
            stderr: None,
            sigint_after: Some(Duration::from_millis(700)),
            bound: Duration::from_secs(60),
        });
        assert_eq!(run.code, 130, "{args:?}: {}", run.stderr);
        assert!(waited < BOUND, "{args:?}: {waited:?} after Ctrl-C");
        let (solutions, nodes, _) = partial(&run.stderr).unwrap_or_else(|| panic!("{args:?}: {}", run.stderr));
        assert!(0 < solutions && solutions < 2 * 326_721_800 && nodes > 0, "{args:?}: {}", run.stderr);
    }
}

/// Runs `quadrille ARGS` with `stdin` written and then left open (a pipe
/// whose writer is still at work), presses Ctrl-C after a while, and
/// returns the exit code, stderr, and how long it went on after Ctrl-C.
fn interrupted_reading(args: &[&str], stdin: &str) -> (i32, String, Duration) {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    let sigint_after = Some(Duration::from_millis(700));
    let timed = Timed { args: &args, stdin, stderr: None, sigint_after, bound: Duration::from_secs(20) };
    let (run, waited) = run_timed(timed, true);
    (run.code, run.stderr, waited)
}

/// Ctrl-C while a command waits for input that has not come: `solve` reading
/// its problem, `merge` reading records (with the records merged so far).
#[test]
fn ctrl_c_is_heard_while_reading() {
    let (code, stderr, waited) = interrupted_reading(&["solve", "--count"], "a b\na\n");
    assert_eq!(code, 130, "{stderr}");
    assert!(waited < BOUND, "{waited:?} after Ctrl-C");
    assert!(stderr.contains("interrupted while reading <stdin>"), "{stderr}");
    let record = crate::quadrille(&["solve", "--count", "--shard", "0/1"], "a b\na b\n").stdout;
    assert!(record.contains("\"solutions\":1"), "{record}");
    let (code, stderr, waited) = interrupted_reading(&["merge"], &record);
    assert_eq!(code, 130, "{stderr}");
    assert!(waited < BOUND, "{waited:?} after Ctrl-C");
    assert!(stderr.contains("interrupted while merging: 1 records, 1 solutions so far (partial)"), "{stderr}");
}
