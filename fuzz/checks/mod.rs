//! Every fuzz target's check, by the target's name: what the umbrella's
//! tests (`tests/it/fuzz.rs`) replay each target's corpus through. Each fuzz
//! target includes its own file of this folder alone.

pub mod count;
pub mod knuth;
pub mod matrix;
pub mod oracle;
pub mod pack;
pub mod shard;
pub mod sudoku;

/// A check: it panics on an input that fails it.
pub type Check = fn(&[u8]);

/// Each fuzz target's name (its file in `fuzz/fuzz_targets/` and its folder
/// in `fuzz/corpus/`) and its check.
pub const TARGETS: &[(&str, Check)] = &[
    ("count", count::check),
    ("knuth", knuth::check),
    ("matrix", matrix::check),
    ("oracle", oracle::check),
    ("pack", pack::check),
    ("shard", shard::check),
    ("sudoku", sudoku::check),
];
