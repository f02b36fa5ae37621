//! The fuzz targets' corpora, replayed: every input kept in
//! `fuzz/corpus/<target>/` (the seeds, and each input that once failed a
//! check) goes through the same check as the fuzz target (`fuzz/checks/`),
//! on stable Rust and without libFuzzer. `fuzz/run` searches for new inputs.

use std::path::Path;

#[path = "../../fuzz/checks/count.rs"]
mod count;
#[path = "../../fuzz/checks/knuth.rs"]
mod knuth;
#[path = "../../fuzz/checks/matrix.rs"]
mod matrix;
#[path = "../../fuzz/checks/oracle.rs"]
mod oracle;
#[path = "../../fuzz/checks/pack.rs"]
mod pack;
#[path = "../../fuzz/checks/shard.rs"]
mod shard;
#[path = "../../fuzz/checks/sudoku.rs"]
mod sudoku;

/// Runs `check` on every file of `fuzz/corpus/<target>/`, naming the file
/// whose check fails; the corpus must not be empty.
fn replay(target: &str, check: fn(&[u8])) {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} holds no input", folder.display());
    for file in files {
        let data = std::fs::read(&file).unwrap();
        if let Err(panic) = std::panic::catch_unwind(|| check(&data)) {
            let message = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("a panic");
            panic!("{target}: {} fails its check: {message}", file.display());
        }
    }
}

#[test]
fn count_corpus() {
    replay("count", count::check);
}

#[test]
fn knuth_corpus() {
    replay("knuth", knuth::check);
}

#[test]
fn matrix_corpus() {
    replay("matrix", matrix::check);
}

#[test]
fn oracle_corpus() {
    replay("oracle", oracle::check);
}

#[test]
fn pack_corpus() {
    replay("pack", pack::check);
}

#[test]
fn shard_corpus() {
    replay("shard", shard::check);
}

#[test]
fn sudoku_corpus() {
    replay("sudoku", sudoku::check);
}
