//! The fuzz target `matrix`: its check is in `fuzz/checks/matrix.rs`.
#![no_main]

#[path = "../checks/matrix.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
