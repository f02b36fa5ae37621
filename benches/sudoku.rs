//! Benchmarks (sudoku).

fn main() {}
