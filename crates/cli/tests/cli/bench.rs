//! The engine benchmark's smoke run (`crates/dlx/bench/engines.py --smoke`):
//! every engine on tiny instances through the binary under test, each count
//! checked against the other engines' and against the known figures (OEIS,
//! Knuth's), and the run failing loudly when an engine miscounts.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The benchmark script, beside the engine crate.
fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../dlx/bench/engines.py")
}

/// `python3 engines.py --smoke --bin BIN`, or `None` (with a note) on a
/// machine without Python.
fn smoke(bin: &Path) -> Option<Output> {
    match Command::new("python3").arg(script()).arg("--smoke").arg("--bin").arg(bin).output() {
        Ok(output) => Some(output),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("python3 is not on the PATH: the benchmark's smoke run is not checked");
            None
        }
        Err(error) => panic!("python3 does not run: {error}"),
    }
}

#[test]
fn the_benchmark_smoke_run_counts_alike_with_every_engine() {
    let Some(output) = smoke(Path::new(env!("CARGO_BIN_EXE_quadrille"))) else { return };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the smoke run failed:\n{stdout}\n{stderr}");
    assert!(!stdout.contains("ERROR"), "{stdout}");
    // The table has a row per instance and a column per engine.
    let header = stdout.lines().find(|line| line.starts_with("instance")).expect("a table");
    for engine in ["links", "cells", "bits", "memo", "sweep", "dc", "binary", "frb", "wdeg", "auto"] {
        assert!(header.split_whitespace().any(|column| column == engine), "no column {engine}: {header}");
    }
    for row in ["langford: langford 7", "queens: queens 6", "sudoku: sudoku 4x4 all", "toys: toy bounds"] {
        assert!(stdout.contains(row), "no row {row}:\n{stdout}");
    }
    // The sweep refuses bounds: the table says so and the run goes on.
    let bounds = stdout.lines().find(|line| line.starts_with("toys: toy bounds")).unwrap();
    assert!(bounds.split_whitespace().any(|cell| cell == "no"), "{bounds}");
}

/// A binary whose links engine answers one solution to every count: the
/// smoke run must name the disagreement and exit 1.
#[cfg(unix)]
#[test]
fn the_benchmark_smoke_run_fails_when_an_engine_miscounts() {
    use std::os::unix::fs::PermissionsExt;
    let folder = std::env::temp_dir().join(format!("quadrille-bench-liar-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let liar = folder.join("quadrille");
    let real = env!("CARGO_BIN_EXE_quadrille");
    let body = format!(
        "#!/bin/sh\nfor a in \"$@\"; do\n  if [ \"$a\" = links ]; then\n    \
         echo '{{\"engine\":\"links\",\"solutions\":1}}'\n    exit 0\n  fi\ndone\nexec '{real}' \"$@\"\n"
    );
    std::fs::write(&liar, body).unwrap();
    std::fs::set_permissions(&liar, std::fs::Permissions::from_mode(0o755)).unwrap();
    let output = smoke(&liar);
    std::fs::remove_dir_all(&folder).unwrap();
    let Some(output) = output else { return };
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("COUNTS DISAGREE"), "{stdout}");
    assert!(stdout.contains("queens: queens 6: COUNT IS NOT THE KNOWN FIGURE 4"), "{stdout}");
}
