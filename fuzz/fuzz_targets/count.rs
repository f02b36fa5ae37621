//! The fuzz target `count`: its check is in `fuzz/checks/count.rs`.
#![no_main]

#[path = "../checks/count.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
