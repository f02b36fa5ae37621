//! The fuzz target `shard`: its check is in `fuzz/checks/shard.rs`.
#![no_main]

#[path = "../checks/shard.rs"]
mod check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| check::check(data));
