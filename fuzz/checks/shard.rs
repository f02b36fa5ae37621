//! The check of the fuzz target `shard`, shared with the corpus replay of
//! the umbrella's tests (`tests/it/fuzz.rs`), which runs every input kept in
//! `fuzz/corpus/shard/` through it. The check:
//!
//! Shard records, as `quadrille merge` reads them: every line parsed and
//! merged without a panic, in memory that follows the number of lines (a
//! record saying `"of": 4294967295` included).

use quadrille_dlx::shard::{Merge, MergeError, Origin, Record};

/// Runs the check on one input; a failure panics.
pub fn check(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut merge = Merge::new();
    for (k, line) in text.lines().enumerate() {
        let origin = Origin { file: "fuzz".into(), line: k + 1 };
        let Ok(record) = Record::parse(line) else { continue };
        // A record written out reads back as itself.
        assert_eq!(Record::parse(&record.to_json()).as_ref(), Ok(&record));
        let _ = merge.add(origin, record);
    }
    match merge.finish() {
        Ok(whole) => assert!(whole.shards >= 1),
        Err(MergeError::Missing { first, .. }) => assert!(!first.is_empty() && first.len() <= 10),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}
