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

/// Knuth's example of a piece with a secondary cell: no placement of `B` has
/// all its cells in the box, so the matrix has no option for it, and it reads
/// back with no packing.
#[test]
fn pack_keeps_only_placements_whose_secondary_cells_are_in_the_box() {
    let description = "[1-3][1-4] 00 [5-6]5suf\nB 0[0-2] 00suf\n";
    let emitted = quadrille(&["pack", "--emit-dlx"], description);
    assert_eq!(emitted.code, 0, "{}", emitted.stderr);
    let matrix: Vec<&str> = emitted.stdout.lines().filter(|line| !line.starts_with('|')).collect();
    assert_eq!(matrix, [" 00 11 12 13 14 21 22 23 24 31 32 33 34 B | 55suf 65suf"]);
    let solved = quadrille(&["solve", "--count"], &emitted.stdout);
    assert_eq!((solved.code, solved.stdout.as_str()), (1, "0\n"), "{}", solved.stderr);
    let counted = quadrille(&["pack", "--count"], description);
    assert_eq!((counted.code, counted.stdout.as_str()), (1, "0\n"), "{}", counted.stderr);
    // A secondary cell in the box, with its suffix, is kept.
    let fits = quadrille(&["pack", "--emit-dlx"], "[0-1]0 [0-1]0! \nD 00 10 00!\n");
    assert!(fits.stdout.ends_with("D 00 00! 10\nD 00 10 10!\n"), "{}", fits.stdout);
}

/// A box of 238,328 cells and a plate of 100: the counts of cells settle it
/// before a single placement is made (it took 4 GB).
#[test]
fn pack_refuses_what_cells_cannot_fill_before_placing_anything() {
    let start = std::time::Instant::now();
    let run = quadrille(&["pack", "--count"], "[0-Z][0-Z][0-Z]\nP [0-9][0-9]0\n");
    assert_eq!((run.code, run.stdout.as_str()), (1, "0\n"));
    assert_eq!(
        run.stderr,
        "quadrille: warning: the pieces have 100 cells and the box 238328: no packing can fill it\n"
    );
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}
