//! Benchmarks (engine).

fn main() {}
