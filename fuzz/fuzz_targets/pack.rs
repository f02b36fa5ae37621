//! The fuzz target `pack`: its check is in `fuzz/checks/pack.rs`.
#![no_main]

#[path = "../checks/pack.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
