//! The fuzz target `sudoku`: its check is in `fuzz/checks/sudoku.rs`.
#![no_main]

#[path = "../checks/sudoku.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
