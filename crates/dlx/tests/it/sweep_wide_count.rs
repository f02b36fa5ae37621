//! The sweep's counts past 64 bits, against counts made without any engine:
//! domino tilings by a transfer matrix (itself checked against the published
//! counts of OEIS A004003), and problems whose counts have a closed form.

use quadrille_dlx::front::Search;
use quadrille_dlx::memo::BigUint;
use quadrille_dlx::sweep::Sweep;
use quadrille_dlx::{Engine, Item, Problem};

/// The domino tilings of an `m`×`n` board: an item for each cell (column
/// by column, the order the sweep goes across the short side in), an option
/// for each pair of neighbours.
fn dominoes(m: usize, n: usize) -> Problem {
    let items: String = (0..n).flat_map(|c| (0..m).map(move |r| format!("c{r}_{c} "))).collect();
    domino_options(items, m, n)
}

/// The problem whose items are `items` (the cells of an `m`×`n` board, in
/// some order) and whose options are the pairs of neighbouring cells.
fn domino_options(mut text: String, m: usize, n: usize) -> Problem {
    text.push('\n');
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                text += &format!("c{r}_{c} c{r}_{}\n", c + 1);
            }
            if r + 1 < m {
                text += &format!("c{r}_{c} c{}_{c}\n", r + 1);
            }
        }
    }
    Problem::from_knuth(&text).unwrap()
}

/// The domino tilings of an `m`×`n` board by a transfer matrix over its
/// columns: a state is the set of cells of the next column that dominoes
/// lying across from this one already cover.
fn transfer(m: usize, n: usize) -> BigUint {
    /// Fills the column from `row` on, `covered` its cells already covered,
    /// `across` those of the next column covered so far.
    fn fill(m: usize, row: usize, covered: usize, across: usize, ways: &BigUint, next: &mut [BigUint]) {
        if row == m {
            next[across] += ways;
        } else if covered >> row & 1 == 1 {
            fill(m, row + 1, covered, across, ways, next);
        } else {
            fill(m, row + 1, covered, across | 1 << row, ways, next);
            if row + 1 < m && covered >> (row + 1) & 1 == 0 {
                fill(m, row + 2, covered, across, ways, next);
            }
        }
    }
    let mut ways = vec![BigUint::ZERO; 1 << m];
    ways[0] = BigUint::from(1u32);
    for _ in 0..n {
        let mut next = vec![BigUint::ZERO; 1 << m];
        for (covered, w) in ways.iter().enumerate().filter(|(_, w)| **w != BigUint::ZERO) {
            fill(m, 0, covered, 0, w, &mut next);
        }
        ways = next;
    }
    ways.swap_remove(0)
}

/// `2^bits`.
fn two_to_the(bits: u32) -> BigUint {
    BigUint::from(1u32) << bits
}

/// The sweep's count of `problem` on one thread and two, and on one with a
/// cache of 64 KiB (many subproblems forgotten, so the count past 64 bits
/// walks again some of what it had walked), each against `expected`.
fn sweep_counts(problem: &Problem, expected: &BigUint, what: &str) {
    let sweep = Sweep::new(problem).unwrap();
    assert_eq!(&sweep.count(1, None).unwrap().solutions, expected, "{what}, one thread");
    assert_eq!(&sweep.count(2, None).unwrap().solutions, expected, "{what}, two threads");
    let small = sweep.clone().cache_bytes(64 << 10).growth_bytes(64 << 10);
    assert_eq!(&small.count(1, None).unwrap().solutions, expected, "{what}, small cache");
    assert_eq!(&sweep.count_by_frontiers(None).unwrap().solutions, expected, "{what}, by frontiers");
}

/// The transfer matrix gives the published domino tilings of the 2n×2n
/// squares (OEIS A004003), the last past 64 bits.
#[test]
fn the_transfer_matrix_gives_the_published_counts() {
    let published: [u128; 7] =
        [2, 36, 6_728, 12_988_816, 258_584_046_368, 53_060_477_521_960_000, 112_202_208_776_036_178_000_000];
    for (k, &count) in published.iter().enumerate() {
        let side = 2 * (k + 1);
        assert_eq!(transfer(side, side), BigUint::from(count), "{side}×{side}");
    }
}

/// Domino tilings of 4×n and 6×n boards on either side of 2^64 (the first
/// past it on states of 192 bits and of 256), and of the first 4×n board
/// past 2^128 (states of 512 bits), counted by the sweep column by column
/// (its own choice of order goes along the long side, where the states
/// left behind rarely meet again) exactly, on one thread and two.
#[test]
fn domino_tilings_past_64_bits_are_exact() {
    let first_past = |m: usize, bits: u32| (1..).find(|&n| transfer(m, n) > two_to_the(bits) - 1u32).unwrap();
    let mut boards = Vec::new();
    for m in [4, 6] {
        let n = first_past(m, 64);
        boards.extend([(m, n - 1), (m, n)]);
    }
    boards.push((4, first_past(4, 128)));
    for (m, n) in boards {
        let expected = transfer(m, n);
        let problem = dominoes(m, n);
        assert!(problem.n_items() > 128, "{m}×{n}");
        let by_columns: Vec<Item> = (0..problem.n_items()).map(|i| Item(i as u32)).collect();
        let sweep = Sweep::with_order(&problem, &by_columns).unwrap();
        assert_eq!(&sweep.count(1, None).unwrap().solutions, &expected, "{m}×{n}, one thread");
        assert_eq!(&sweep.count(2, None).unwrap().solutions, &expected, "{m}×{n}, two threads");
        assert_eq!(&sweep.count_by_frontiers(None).unwrap().solutions, &expected, "{m}×{n}, by frontiers");
    }
}

/// The domino tilings of 16×16 (past 2^100), declared row by row: `auto`
/// counts them by the sweep's frontiers within 8 MiB, each state of a
/// frontier taken once (at most `2^17` states for each cell, each trying
/// two dominoes), where a depth-first count would need a cache of every
/// frontier's states at once. Within 64 KiB the count ends with an error
/// naming the limit.
#[test]
fn dominoes_of_16_by_16_are_counted_by_frontiers_within_a_small_memory() {
    let expected = transfer(16, 16);
    assert!(expected > two_to_the(100));
    let problem = dominoes_by_rows(16, 16);
    let counted = Search::new(&problem).threads(1).memo_bytes(8 << 20).count().unwrap();
    assert_eq!(counted.solutions, expected);
    assert_eq!((counted.report.engine, counted.report.choice.gave_way), (Engine::Sweep, None));
    assert!(counted.report.stats.nodes() <= 256 * 2 * (1 << 17), "{} nodes", counted.report.stats.nodes());
    let err = Search::new(&problem).threads(1).memo_bytes(64 << 10).count().unwrap_err();
    assert!(err.to_string().contains("limit of 65536 bytes"), "{err}");
}

/// A primary item `lead` and bits, each a pair of items `p` and `q`: an
/// option covers `lead` and the bits up to some `k` (bit `k` the first
/// set), and each later bit is covered by its pair at once or by each item
/// alone: `2^bits - 1` solutions, as many strings of `bits` bits as are not
/// all zero (either way leaves the same subproblem, so the cache counts them
/// in a moment).
fn first_set_bit(bits: usize) -> Problem {
    let mut text = String::from("lead ");
    text += &(0..bits).map(|j| format!("p{j} q{j} ")).collect::<String>();
    text.push('\n');
    for k in 0..bits {
        text += &format!("lead {}\n", (0..=k).map(|j| format!("p{j} q{j}")).collect::<Vec<_>>().join(" "));
        text += &format!("p{k} q{k}\np{k}\nq{k}\n");
    }
    Problem::from_knuth(&text).unwrap()
}

/// `n` independent pairs of items `x` and `y`, each covered by both at once
/// or by each alone: `2^n` solutions, which the sweep's cache counts in a
/// moment (every pair leaves the same subproblem however it was covered).
pub(crate) fn independent_pairs(n: usize) -> Problem {
    let mut text: String = (0..n).map(|k| format!("x{k} y{k} ")).collect();
    text.push('\n');
    for k in 0..n {
        text += &format!("x{k} y{k}\nx{k}\ny{k}\n");
    }
    Problem::from_knuth(&text).unwrap()
}

/// Counts at the top of 64 bits and just past them: `2^63 - 1` on states of
/// 128 bits, `2^64 - 1` (the most a `u64` holds) and `2^65 - 1` on 192;
/// `2^64` (one more than a `u64` holds) on 128 bits; `2^130` on 512.
#[test]
fn counts_at_the_top_of_64_bits_are_exact() {
    for bits in [63, 64, 65] {
        let problem = first_set_bit(bits);
        sweep_counts(&problem, &(two_to_the(bits as u32) - 1u32), &format!("{bits} bits"));
    }
    for n in [64, 130] {
        let problem = independent_pairs(n);
        sweep_counts(&problem, &two_to_the(n as u32), &format!("{n} pairs"));
        // Through the front, the sweep answers: no engine counts after it.
        let counted = Search::new(&problem).engine(Engine::Sweep).count().unwrap();
        assert_eq!(counted.solutions, two_to_the(n as u32));
        assert_eq!((counted.report.engine, counted.report.choice.gave_way), (Engine::Sweep, None));
    }
}

/// The domino tilings of an `m`×`n` board declared row by row, each row of
/// `n` cells along the long side: swept in the order declared, every state
/// would have a frontier of a whole row.
fn dominoes_by_rows(m: usize, n: usize) -> Problem {
    let items: String = (0..m).flat_map(|r| (0..n).map(move |c| format!("c{r}_{c} "))).collect();
    domino_options(items, m, n)
}

/// Long thin boards declared along their long side: the sweep's own order
/// and `auto` find a narrow frontier (across the short side) and count the
/// tilings exactly, the last past 2^64, within the nodes of the transfer
/// matrix (a state per set of cells of the frontier, for each cell: some
/// thousands, where an order along the long side walks more than 10^9
/// before it ends). `auto` counts them by the sweep, its estimate bounded
/// by the frontiers, without the memo's turn.
#[test]
fn long_thin_boards_are_swept_across() {
    for (m, n) in [(4, 43), (6, 27), (6, 28)] {
        let expected = transfer(m, n);
        let problem = dominoes_by_rows(m, n);
        let bound = (m * n) as u64 * (2u64 << m);
        let sweep = Sweep::new(&problem).unwrap();
        let counted = sweep.count(1, None).unwrap();
        assert_eq!(counted.solutions, expected, "{m}×{n}");
        assert!(counted.nodes <= bound, "{m}×{n}: {} nodes", counted.nodes);
        let counted = Search::new(&problem).threads(1).count().unwrap();
        assert_eq!(counted.solutions, expected, "{m}×{n}, auto");
        assert_eq!((counted.report.engine, counted.report.choice.gave_way), (Engine::Sweep, None), "{m}×{n}");
    }
    assert!(transfer(6, 28) > two_to_the(64));
}

/// The domino tilings of 14×14 (OEIS A004003: 1.1 × 10^23), past 2^64:
/// `auto` counts them by the sweep across the board, at once, within the
/// transfer matrix's nodes (the memo needs 385,185 nodes, more than its
/// turn against the sweep allowed, and then the sweep in 64 bits gave way
/// to it again).
#[test]
fn dominoes_of_14_by_14_are_swept_at_once() {
    let problem = dominoes_by_rows(14, 14);
    let counted = Search::new(&problem).threads(1).count().unwrap();
    assert_eq!(counted.solutions, BigUint::from(112_202_208_776_036_178_000_000u128));
    assert_eq!((counted.report.engine, counted.report.choice.gave_way), (Engine::Sweep, None));
    assert!(counted.report.choice.memo_budget.is_none());
}
