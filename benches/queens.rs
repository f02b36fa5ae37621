//! Benchmarks (queens).

fn main() {}
