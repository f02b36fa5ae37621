//! The fuzz target `knuth`: its check is in `fuzz/checks/knuth.rs`.
#![no_main]

#[path = "../checks/knuth.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
