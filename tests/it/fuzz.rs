//! The fuzz targets' corpora, replayed: every input kept in
//! `fuzz/corpus/<target>/` (the seeds, and each input that once failed a
//! check) goes through the same check as the fuzz target (`fuzz/checks/`),
//! on stable Rust and without libFuzzer. `fuzz/run` searches for new inputs.

use std::path::{Path, PathBuf};

#[path = "../../fuzz/checks/mod.rs"]
mod checks;

/// The files of `folder`, sorted.
fn files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files
}

/// Every fuzz target has its check in the table, and every file of each
/// corpus passes it; no corpus is empty.
#[test]
fn every_corpus_passes_its_targets_check() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let targets: Vec<String> = files(&fuzz.join("fuzz_targets"))
        .iter()
        .map(|file| file.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let checked: Vec<&str> = checks::TARGETS.iter().map(|&(target, _)| target).collect();
    assert_eq!(targets, checked, "the fuzz targets and the checks replayed");
    for &(target, check) in checks::TARGETS {
        let folder = fuzz.join("corpus").join(target);
        let inputs = files(&folder);
        assert!(!inputs.is_empty(), "{} holds no input", folder.display());
        for file in inputs {
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
}
