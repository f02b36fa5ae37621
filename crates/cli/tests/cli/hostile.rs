//! Hostile input: absurd sizes, markup and control characters in names.
//! Each answer comes quickly, in little memory, with a clear message.

use crate::quadrille;

/// A shard record with these fields changed.
fn record(shard: u64, of: u64, seconds: &str) -> String {
    format!(
        "{{\"cleansings\":0,\"nodes\":1,\"of\":{of},\"problem\":\"p\",\"seconds\":{seconds},\"shard\":{shard},\"solutions\":1,\"updates\":1}}\n"
    )
}

#[test]
fn merge_counts_missing_slices_without_listing_them() {
    let run = quadrille(&["merge"], &record(7, 100_000_000, "0.5"));
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "quadrille: error: missing 99,999,999 shards of 100000000: 0, 1, 2, 3, 4, 5, 6, 8, 9, 10 and 99,999,989 more\n"
    );
    let run = quadrille(&["merge"], &record(7, 1 << 40, "0.5"));
    assert_eq!(
        run.stderr,
        "quadrille: error: <stdin>:1: `of` is 1099511627776: a count is cut into 1 to 4294967295 slices\n"
    );
    let run = quadrille(&["merge"], &[record(0, 2, "1"), record(1, 2, "-0.5")].concat());
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr, "quadrille: error: <stdin>:2: `seconds` is -0.5: a time is a number of at least 0\n");
}
