//! Mutations of valid inputs for the fuzz tests of every reader (each crate's
//! `tests/it/fuzz.rs`).

use proptest::prelude::*;

/// One of `seeds`, changed by one to seven edits: a byte replaced by, or a byte
/// of `alphabet` inserted at, some place; a byte deleted; or the rest of a line
/// repeated as a line of its own at the end.
pub fn mutated(seeds: &'static [&'static str], alphabet: &'static [u8]) -> impl Strategy<Value = Vec<u8>> {
    let edit = (any::<prop::sample::Index>(), 0u8..4, prop::sample::select(alphabet));
    (prop::sample::select(seeds), proptest::collection::vec(edit, 1..8)).prop_map(|(seed, edits)| {
        let mut bytes = seed.as_bytes().to_vec();
        for (at, kind, byte) in edits {
            let i = at.index(bytes.len() + 1);
            match kind {
                0 if i < bytes.len() => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                2 if i < bytes.len() => {
                    bytes.remove(i);
                }
                _ => {
                    let line: Vec<u8> =
                        bytes[i.min(bytes.len())..].iter().take_while(|&&b| b != b'\n').copied().collect();
                    bytes.push(b'\n');
                    bytes.extend_from_slice(&line);
                    bytes.push(b'\n');
                }
            }
        }
        bytes
    })
}
