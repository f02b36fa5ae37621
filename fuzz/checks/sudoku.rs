//! The check of the fuzz target `sudoku`, shared with the corpus replay of
//! the umbrella's tests (`tests/it/fuzz.rs`), which runs every input kept in
//! `fuzz/corpus/sudoku/` through it. The check:
//!
//! Sudoku puzzles and layouts: any text is read without a panic, as puzzles
//! (with every variant's rules) and as a jigsaw layout.

use quadrille_sudoku::{ReadConfig, Reader, Regions, Rules};

/// Runs the check on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let rules = match data.first().map(|b| b % 4) {
        Some(0) | None => Rules::classic(),
        Some(1) => Rules::classic().x(true),
        Some(2) => Rules::classic().hyper(true),
        Some(_) => Rules::classic().jigsaw_per_puzzle(),
    };
    for entry in Reader::read_all_with(text, ReadConfig::new(), rules) {
        if let Err(e) = entry.puzzle {
            assert!(!e.to_string().is_empty());
        }
    }
    if let Ok(regions) = Regions::parse(text) {
        let _ = regions.with_x();
    }
}
