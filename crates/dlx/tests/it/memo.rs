//! The memo engine (Knuth's DLX6) against independent answers: OEIS counts of
//! domino tilings, a transfer-matrix count, a brute-force oracle, the links
//! engine's solutions, `MinCost`'s cheapest solutions, a chi-square test of
//! its samples, and the figures of Knuth's own program.

use std::collections::BTreeSet;

use proptest::prelude::*;
use quadrille_dlx::memo::{BigUint, Memo, MemoError};
use quadrille_dlx::{Item, MinCost, OptionId, Problem, Solver};
use quadrille_testing::data::{read as data, table};
use quadrille_testing::oracle::{Shape, Spec, problems, solutions};

/// Domino tilings of an m×n board as a problem: a primary item per cell.
fn dominoes(m: usize, n: usize) -> Problem {
    let mut b = Problem::builder();
    let cells: Vec<Item> = (0..m * n).map(|k| b.primary(&format!("c{k}")).unwrap()).collect();
    for r in 0..m {
        for c in 0..n {
            if c + 1 < n {
                b.option([cells[r * n + c], cells[r * n + c + 1]]).unwrap();
            }
            if r + 1 < m {
                b.option([cells[r * n + c], cells[(r + 1) * n + c]]).unwrap();
            }
        }
    }
    b.build().unwrap()
}

/// Domino tilings of an m×n board by the transfer matrix: fill column by
/// column; a state is the set of cells of the next column already covered by
/// horizontal dominoes sticking out of this one.
fn transfer_matrix(m: usize, n: usize) -> u128 {
    fn fill(m: usize, row: usize, covered: u32, next: u32, out: &mut Vec<u32>) {
        if row == m {
            out.push(next);
        } else if covered >> row & 1 == 1 {
            fill(m, row + 1, covered, next, out);
        } else {
            // A horizontal domino into the next column.
            fill(m, row + 1, covered, next | 1 << row, out);
            // A vertical domino over this row and the next.
            if row + 1 < m && covered >> (row + 1) & 1 == 0 {
                fill(m, row + 2, covered, next, out);
            }
        }
    }
    let mut ways = vec![0u128; 1 << m];
    ways[0] = 1;
    for _ in 0..n {
        let mut after = vec![0u128; 1 << m];
        for (state, &w) in ways.iter().enumerate() {
            if w != 0 {
                let mut out = Vec::new();
                fill(m, 0, state as u32, 0, &mut out);
                for next in out {
                    after[next as usize] += w;
                }
            }
        }
        ways = after;
    }
    ways[0]
}

#[test]
fn square_domino_tilings_equal_oeis_a004003() {
    for row in table("dominoes_a004003") {
        let n: usize = row[0].parse().unwrap();
        let zdd = Memo::new(&dominoes(2 * n, 2 * n)).build().unwrap();
        assert_eq!(zdd.count().to_string(), row[1], "2n x 2n with n = {n}");
        assert_eq!(zdd.count_u64(), row[1].parse::<u64>().ok());
    }
}

#[test]
fn rectangle_domino_tilings_equal_the_transfer_matrix() {
    for m in 1..=7 {
        for n in 1..=9 {
            let zdd = Memo::new(&dominoes(m, n)).build().unwrap();
            assert_eq!(zdd.count(), BigUint::from(transfer_matrix(m, n)), "{m} x {n}");
        }
    }
}

#[test]
fn dlx6_figures_are_knuths() {
    for row in table("memo_dlx6") {
        let problem = Problem::from_knuth(&data(&format!("dlx/{}.dlx", row[0]))).unwrap();
        let zdd = Memo::new(&problem).build().unwrap();
        let s = zdd.stats();
        let ours = [
            zdd.count().to_string(),
            s.nodes.to_string(),
            s.updates.to_string(),
            s.cleansings.to_string(),
            s.zdd_nodes().to_string(),
            format!("{}+{}", s.memos - s.good_memos, s.good_memos + 1),
            s.hits.to_string(),
        ];
        assert_eq!(ours.as_slice(), &row[1..], "{}", row[0]);
        assert_eq!(s.memos_dropped, 0);
    }
}

#[test]
fn the_diagram_is_dlx6s_in_knuths_text_format() {
    // DLX6 with `m1` on the toy problem writes these lines.
    let problem = Problem::from_knuth(&data("dlx/knuth_toy.dlx")).unwrap();
    let zdd = Memo::new(&problem).build().unwrap();
    let mut out = Vec::new();
    zdd.write_knuth(&mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "2: (~5?0:1)\n3: (~1?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n");
    let mut dot = Vec::new();
    zdd.write_dot(&mut dot, &problem).unwrap();
    let dot = String::from_utf8(dot).unwrap();
    assert!(
        dot.starts_with("digraph zdd {") && dot.contains("n4 [label=\"A D\"];") && dot.contains("n4 -> n3;"),
        "{dot}"
    );
}

#[test]
fn the_diagram_is_dlx6s_node_for_node_on_queens() {
    let problem = Problem::from_knuth(&data("dlx/queens_dlx_8.dlx")).unwrap();
    let zdd = Memo::new(&problem).build().unwrap();
    let mut out = Vec::new();
    zdd.write_knuth(&mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), data("reference/queens_dlx_8.dlx6.zdd"));
    assert_eq!(zdd.count_u64(), Some(92));
}

/// Domino tilings of an m×n board by Kasteleyn's formula (1961): the
/// product over j ≤ ⌈m/2⌉, k ≤ ⌈n/2⌉ of 4cos²(πj/(m+1)) + 4cos²(πk/(n+1)),
/// in floating point, exact once rounded while the count stays well below
/// 2⁵³.
fn kasteleyn(m: usize, n: usize) -> u64 {
    use std::f64::consts::PI;
    let mut product = 1.0f64;
    for j in 1..=m.div_ceil(2) {
        for k in 1..=n.div_ceil(2) {
            let a = (PI * j as f64 / (m + 1) as f64).cos();
            let b = (PI * k as f64 / (n + 1) as f64).cos();
            product *= 4.0 * a * a + 4.0 * b * b;
        }
    }
    product.round() as u64
}

#[test]
fn kasteleyns_formula_gives_the_published_counts() {
    // OEIS A004003 (2n×2n) and A099390 (m×n).
    assert_eq!([2, 4, 6, 8].map(|n| kasteleyn(n, n)), [2, 36, 6728, 12988816]);
    assert_eq!(kasteleyn(5, 6), 1183);
    assert_eq!(kasteleyn(7, 8), 1292697);
    assert_eq!(kasteleyn(3, 3), 0);
}

#[test]
fn any_memory_limit_gives_the_exact_count_or_names_itself() {
    // Limits from nothing to more than enough, on boards whose diagrams
    // need from a few to a few hundred kilobytes.
    let limits = [0, 1 << 10, 4 << 10, 16 << 10, 40 << 10, 64 << 10, 128 << 10, 256 << 10, 640 << 10, 1 << 20, 4 << 20];
    for (m, n) in [(5, 6), (6, 6), (7, 8), (8, 8), (10, 10)] {
        let problem = dominoes(m, n);
        let mut outcomes = (0, 0);
        for limit in limits {
            match Memo::new(&problem).with_limit_bytes(limit).build() {
                Ok(zdd) => {
                    outcomes.0 += 1;
                    assert_eq!(zdd.count_u64(), Some(kasteleyn(m, n)), "{m}×{n}, limit {limit}");
                    let stats = zdd.stats();
                    assert!(stats.peak_bytes <= limit as u64, "{m}×{n}, limit {limit}: {stats:?}");
                    assert!(stats.cache_bytes <= limit as u64 / 2, "{m}×{n}, limit {limit}: {stats:?}");
                    assert!(zdd.bytes() <= limit && zdd.limit_bytes() == limit);
                }
                Err(MemoError::Memory { limit_bytes, needed_bytes }) => {
                    outcomes.1 += 1;
                    assert_eq!(limit_bytes, limit);
                    assert!(needed_bytes > limit, "{m}×{n}, limit {limit}: {needed_bytes} bytes");
                }
                Err(e) => panic!("{m}×{n}, limit {limit}: {e}"),
            }
        }
        // Too little for Knuth's arrays, and enough for everything.
        assert!(outcomes.0 > 0 && outcomes.1 > 0, "{m}×{n}: {outcomes:?}");
    }
}

#[test]
fn a_full_cache_degrades_within_the_limit_and_stays_exact() {
    // 10×10 dominoes need about 930 KB with a cache that takes every
    // signature (590 KB of it); under 1 MiB the cache is held to half and
    // fills, and the search goes on.
    let problem = dominoes(10, 10);
    let whole = Memo::new(&problem).build().unwrap();
    assert_eq!(whole.stats().memos_dropped, 0);
    let limit = 1 << 20;
    let zdd = Memo::new(&problem).with_limit_bytes(limit).build().unwrap();
    let stats = zdd.stats();
    assert!(stats.memos_dropped > 0 && stats.cache_bytes <= limit as u64 / 2, "{stats:?}");
    assert!(stats.peak_bytes <= limit as u64, "{stats:?}");
    assert_eq!(zdd.count_u64(), Some(kasteleyn(10, 10)));
    assert_eq!(zdd.count_u64(), whole.count_u64());
}

#[test]
fn a_board_too_large_for_the_limit_stops_with_the_limit_named() {
    // Dominoes 12×12 with 1 KiB (a cache of nothing) grew to 4 GB and
    // aborted; 20×20 under the default limit grew its diagram to 6 GiB. Each
    // now stops within its limit.
    for (m, limit) in [(12, 1 << 10), (12, 1 << 20), (20, 16 << 20)] {
        let err = Memo::new(&dominoes(m, m)).with_limit_bytes(limit).build().unwrap_err();
        assert!(matches!(err, MemoError::Memory { limit_bytes, .. } if limit_bytes == limit), "{err:?}");
        assert!(err.to_string().contains(&format!("limit of {limit} bytes")), "{err}");
        let probe = Memo::new(&dominoes(m, m)).with_limit_bytes(limit).probe(1 << 40);
        assert!(matches!(probe, Err(MemoError::Memory { .. })), "{probe:?}");
    }
    let probe = Memo::new(&dominoes(20, 20)).with_limit_bytes(16 << 20).probe(10_000).unwrap();
    assert!(probe.stats.peak_bytes <= 16 << 20 && !probe.finished);
}

#[test]
fn what_reads_the_diagram_holds_no_more_than_its_limit() {
    let problem = dominoes(8, 8);
    let expected = kasteleyn(8, 8);
    let mut outcomes = [0; 4];
    for limit in (0..60).map(|i| (100usize << 10) + i * (4 << 10)) {
        let Ok(zdd) = Memo::new(&problem).with_limit_bytes(limit).build() else { continue };
        // Every tiling has 32 dominoes, each tiling counted once per domino.
        match zdd.option_counts() {
            Ok(counts) => {
                outcomes[0] += 1;
                assert_eq!(counts.iter().sum::<BigUint>(), BigUint::from(expected * 32));
            }
            Err(MemoError::Memory { limit_bytes, .. }) => {
                outcomes[1] += 1;
                assert_eq!(limit_bytes, limit);
            }
            Err(e) => panic!("{e}"),
        }
        match zdd.best(3) {
            Ok(best) => {
                outcomes[2] += 1;
                assert_eq!(best.len(), 3);
            }
            Err(MemoError::Memory { limit_bytes, .. }) => {
                outcomes[3] += 1;
                assert_eq!(limit_bytes, limit);
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(outcomes[0] > 0 && outcomes[1] > 0 && outcomes[2] > 0, "{outcomes:?}");
}

#[test]
fn samples_stream_and_resume_from_their_seed() {
    let problem = dominoes(6, 6);
    let zdd = Memo::new(&problem).build().unwrap();
    // A hundred million samples asked for, three taken: nothing is drawn
    // ahead.
    let mut stream = zdd.samples(5).take(100_000_000);
    let first: Vec<Vec<OptionId>> = stream.by_ref().take(3).collect();
    assert_eq!(first, zdd.sample(3, 5));
    let mut samples = zdd.samples(5);
    samples.next();
    let resumed: Vec<Vec<OptionId>> = zdd.samples(samples.next_seed()).take(2).collect();
    assert_eq!(resumed, first[1..]);
    assert!(first.iter().all(|s| problem.is_solution(s)));
}

#[test]
fn bounds_are_refused_by_name() {
    let problem = Problem::from_knuth(&data("dlx/knuth_toy_bounds.dlx")).unwrap();
    let err = Memo::new(&problem).build().unwrap_err();
    assert!(matches!(&err, MemoError::Bounds { item, lower: 2, upper: 3 } if item == "C"), "{err:?}");
    assert_eq!(err.to_string(), "the memo engine takes no bounds on items (item `C` has bounds 2:3)");
}

fn sorted(mut options: Vec<OptionId>) -> Vec<OptionId> {
    options.sort_unstable();
    options
}

#[test]
fn samples_are_uniform_by_a_chi_square_test() {
    // 36 tilings of the 4×4 board; 100,000 samples.
    let problem = dominoes(4, 4);
    let zdd = Memo::new(&problem).build().unwrap();
    let all: Vec<Vec<OptionId>> = zdd.solutions().map(sorted).collect();
    assert_eq!(all.len(), 36);
    let index: std::collections::HashMap<Vec<OptionId>, usize> = all.iter().cloned().zip(0..).collect();
    let samples = zdd.sample(100_000, 7);
    let mut seen = [0u64; 36];
    for s in &samples {
        assert!(problem.is_solution(s));
        seen[index[&sorted(s.clone())]] += 1;
    }
    let expected = 100_000.0 / 36.0;
    let chi2: f64 = seen.iter().map(|&o| (o as f64 - expected).powi(2) / expected).sum();
    // The 0.999 quantile of the chi-square distribution with 35 degrees of freedom.
    assert!(chi2 < 66.619, "chi-square {chi2} on {seen:?}");
    // The same seed, the same samples; another seed, others.
    assert_eq!(zdd.sample(1000, 7), samples[..1000]);
    assert_ne!(zdd.sample(1000, 8), samples[..1000]);
}

#[test]
fn samples_of_a_fixed_seed_do_not_change() {
    // Recorded once: the generator and the walk are fixed, so any platform gives these.
    let problem = dominoes(4, 4);
    let zdd = Memo::new(&problem).build().unwrap();
    let first: Vec<Vec<u32>> =
        zdd.sample(2, 2026).into_iter().map(|s| sorted(s).iter().map(|o| o.0).collect()).collect();
    assert_eq!(first, [[0, 4, 7, 11, 14, 18, 21, 23], [0, 4, 7, 12, 13, 15, 17, 23]]);
}

/// Random problems without bounds, options costing 0 to 3.
fn spec() -> impl Strategy<Value = Spec> {
    problems(Shape::unbounded())
}

/// The problem of `spec`, with its costs or without.
fn build(spec: &Spec, with_costs: bool) -> Problem {
    if with_costs { spec.build() } else { spec.clone().without_costs().build() }
}

/// Every subset of options that is a solution, each sorted.
fn oracle(spec: &Spec) -> BTreeSet<Vec<OptionId>> {
    solutions(spec).into_iter().map(|s| s.into_iter().map(OptionId).collect()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn counts_and_solutions_equal_the_oracle_and_the_links(spec in spec(), limit in prop_oneof![Just(0usize), Just(2048), Just(4096), Just(1 << 20)]) {
        let problem = build(&spec, false);
        let expected = oracle(&spec);
        let zdd = match Memo::new(&problem).with_limit_bytes(limit).build() {
            Ok(zdd) => zdd,
            // Too little memory: said, never under the roomy limit.
            Err(MemoError::Memory { limit_bytes, .. }) if limit < 1 << 20 => {
                prop_assert_eq!(limit_bytes, limit);
                return Ok(());
            }
            Err(e) => panic!("{e}"),
        };
        prop_assert!(zdd.stats().peak_bytes <= limit as u64);
        prop_assert_eq!(zdd.count(), BigUint::from(expected.len()));
        prop_assert_eq!(zdd.count_u64(), Some(Solver::new(&problem).count()));
        let listed: Vec<Vec<OptionId>> = zdd.solutions().map(sorted).collect();
        let ours: BTreeSet<Vec<OptionId>> = listed.iter().cloned().collect();
        prop_assert_eq!(listed.len(), ours.len(), "a solution came twice");
        prop_assert_eq!(&ours, &expected);
        let links: BTreeSet<Vec<OptionId>> = Solver::new(&problem).solutions().map(sorted).collect();
        prop_assert_eq!(&ours, &links);

        // Per option, the solutions that use it.
        let per_option = zdd.option_counts().unwrap();
        for o in problem.options() {
            let uses = expected.iter().filter(|s| s.contains(&o)).count();
            prop_assert_eq!(&per_option[o.index()], &BigUint::from(uses));
        }
        // Samples are solutions.
        for s in zdd.sample(5, 1) {
            prop_assert!(expected.contains(&sorted(s)));
        }
    }

    #[test]
    fn the_cheapest_solutions_are_mincosts(spec in spec(), k in 1usize..6) {
        let problem = build(&spec, true);
        let zdd = Memo::new(&problem).build().unwrap();
        let ours: Vec<(u64, Vec<OptionId>)> = zdd.best(k).unwrap().into_iter().map(|c| (c.cost, c.options)).collect();
        let theirs: Vec<(u64, Vec<OptionId>)> =
            MinCost::new(&problem).best(k).unwrap().solutions.into_iter().map(|c| (c.cost, c.options)).collect();
        prop_assert_eq!(ours, theirs);
    }
}

#[test]
fn the_cheapest_assignments_are_mincosts() {
    let problem = Problem::from_knuth(&data("dlx/assignment_9.dlx")).unwrap();
    let zdd = Memo::new(&problem).build().unwrap();
    assert_eq!(zdd.count_u64(), Some(362_880));
    let ours: Vec<(u64, Vec<OptionId>)> = zdd.best(20).unwrap().into_iter().map(|c| (c.cost, c.options)).collect();
    let theirs: Vec<(u64, Vec<OptionId>)> =
        MinCost::new(&problem).best(20).unwrap().solutions.into_iter().map(|c| (c.cost, c.options)).collect();
    assert_eq!(ours, theirs);
}

#[test]
fn a_monitor_sees_the_figures_and_can_stop_the_search() {
    use quadrille_dlx::Monitor;
    use std::sync::Arc;
    let problem = dominoes(12, 12);
    let monitor = Arc::new(Monitor::new());
    let zdd = Memo::new(&problem).monitor(Some(monitor.clone())).build().unwrap();
    let seen = monitor.stats();
    assert_eq!((seen.nodes, seen.updates, seen.cleansings), (zdd.stats().nodes, zdd.stats().updates, 0));
    let stopped = Arc::new(Monitor::new());
    stopped.stop();
    assert_eq!(Memo::new(&problem).monitor(Some(stopped)).build().unwrap_err(), MemoError::Interrupted);
}

#[test]
fn a_probe_stops_at_its_nodes_and_counts_as_the_search_does() {
    let problem = Problem::from_knuth(&data("dlx/dominoes_12x12.dlx")).unwrap();
    let short = Memo::new(&problem).probe(1000).unwrap();
    assert!(!short.finished);
    assert_eq!(short.stats.nodes, 1000);
    assert!(short.stats.hits > 0);
    let whole = Memo::new(&problem).probe(1 << 40).unwrap();
    assert!(whole.finished);
    // The build's peak may come after the search, with the diagram's counts.
    let mut built = *Memo::new(&problem).build().unwrap().stats();
    assert!(whole.stats.peak_bytes > 0 && whole.stats.peak_bytes <= built.peak_bytes);
    built.peak_bytes = whole.stats.peak_bytes;
    assert_eq!(whole.stats, built);
}

/// Tilings of an m×n board by the given shapes (each a list of (row, column)
/// offsets from its first cell in row-major order), by a transfer matrix
/// over the cells in row-major order: a state is the set of the next `2n`
/// cells already covered, as a bit mask from the current cell.
fn tilings_by_profile(m: usize, n: usize, shapes: &[&[(usize, isize)]]) -> u128 {
    let mut ways = std::collections::HashMap::from([(0u64, 1u128)]);
    for cell in 0..m * n {
        let (r, c) = (cell / n, cell % n);
        let mut next = std::collections::HashMap::new();
        for (&state, &w) in &ways {
            if state & 1 == 1 {
                *next.entry(state >> 1).or_insert(0) += w;
                continue;
            }
            'shape: for shape in shapes {
                let mut added = 0u64;
                for &(dr, dc) in *shape {
                    let (rr, cc) = (r + dr, c as isize + dc);
                    if rr >= m || cc < 0 || cc >= n as isize {
                        continue 'shape;
                    }
                    // The shape's first cell is its first in row-major order,
                    // so every offset is at least 0.
                    let bit = 1u64 << ((dr * n) as isize + dc);
                    if state & bit != 0 {
                        continue 'shape;
                    }
                    added |= bit;
                }
                *next.entry((state | added) >> 1).or_insert(0) += w;
            }
        }
        ways = next;
    }
    ways.get(&0).copied().unwrap_or(0)
}

/// The "dominoes and squares, 8×8" figure, 5,811,552,169 (DLX6's
/// count), counts the tilings by dominoes and 2×2 squares: a transfer matrix
/// says so, and the memo counts the same on `dominoes_2x2_8x8.dlx` (its
/// figures against DLX6's are in `memo_dlx6.tsv`). With 1×1 squares instead
/// (`dominoes_squares_8x8.dlx`) the count is the monomer-dimer one.
#[test]
fn dominoes_and_squares_by_a_transfer_matrix() {
    let dominoes: [&[(usize, isize)]; 2] = [&[(0, 0), (0, 1)], &[(0, 0), (1, 0)]];
    let big_square: &[(usize, isize)] = &[(0, 0), (0, 1), (1, 0), (1, 1)];
    let with_big = tilings_by_profile(8, 8, &[dominoes[0], dominoes[1], big_square]);
    assert_eq!(with_big, 5_811_552_169);
    let problem = Problem::from_knuth(&data("dlx/dominoes_2x2_8x8.dlx")).unwrap();
    assert_eq!(Memo::new(&problem).count().unwrap(), BigUint::from(with_big));
    let small_square: &[(usize, isize)] = &[(0, 0)];
    let with_small = tilings_by_profile(8, 8, &[dominoes[0], dominoes[1], small_square]);
    let problem = Problem::from_knuth(&data("dlx/dominoes_squares_8x8.dlx")).unwrap();
    assert_eq!(Memo::new(&problem).count().unwrap(), BigUint::from(with_small));
    assert_eq!(tilings_by_profile(8, 8, &dominoes), 12_988_816);
}

/// `Auto`'s rule for counts: the memo for tilings (or the sweep, when its
/// frontiers bound its estimate: a tiling swept across, whose states its
/// cache tells apart), not for pentominoes or queens, never for another
/// engine asked for, never with bounds.
#[test]
fn auto_counts_tilings_by_memo() {
    use quadrille_dlx::Engine;
    use quadrille_dlx::front::Search;
    for file in ["dominoes_8x8", "dominoes_12x12", "dominoes_squares_8x8", "dominoes_2x2_8x8"] {
        let problem = Problem::from_knuth(&data(&format!("dlx/{file}.dlx"))).unwrap();
        let counted = Search::new(&problem).count().unwrap();
        assert!(matches!(counted.report.engine, Engine::Memo | Engine::Sweep), "{file}");
        assert_eq!(counted.solutions, Memo::new(&problem).count().unwrap(), "{file}");
        let by_links = Search::new(&problem).engine(Engine::Links).limit(Some(3)).count().unwrap();
        assert_eq!(by_links.report.engine, Engine::Links, "{file}");
    }
    for file in ["pentomino_6x10", "queens_dlx_10", "knuth_toy_bounds", "tetrominoes_twice_8x5"] {
        let problem = Problem::from_knuth(&data(&format!("dlx/{file}.dlx"))).unwrap();
        assert_ne!(Search::new(&problem).count().unwrap().report.engine, Engine::Memo, "{file}");
    }
}
