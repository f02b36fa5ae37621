//! The fuzz target `oracle`: its check is in `fuzz/checks/oracle.rs`.
#![no_main]

#[path = "../checks/oracle.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
