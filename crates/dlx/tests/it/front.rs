//! The front's count: its choice of engine, its fallbacks, its limit and its
//! monitor, checked against other engines and against formulas.

use std::sync::Arc;

use quadrille_dlx::front::{
    Count, CountEngine, MEMO_NODE_COST, MEMO_TURN_NODES, MEMO_UPDATE_COST, PROBE_UPDATES_PER_NODE,
};
use quadrille_dlx::memo::BigUint;
use quadrille_dlx::{MEMO_PROBE_NODES, Monitor, Problem};
use quadrille_testing::costly;

fn data(file: &str) -> Problem {
    Problem::from_knuth(&quadrille_testing::data::read(&format!("dlx/{file}"))).unwrap()
}

/// `pairs` pairs of primary items `a_i b_i`, each covered by the two
/// singletons or by one option `a_i b_i s_(i mod secondary)` that also takes
/// one of `secondary` secondary items.
fn pairs(pairs: usize, secondary: usize) -> Problem {
    let mut text: String = (0..pairs).map(|i| format!("a{i} b{i} ")).collect();
    text.push('|');
    text += &(0..secondary).map(|j| format!(" s{j}")).collect::<String>();
    text.push('\n');
    for i in 0..pairs {
        text += &format!("a{i}\nb{i}\na{i} b{i} s{}\n", i % secondary);
    }
    Problem::from_knuth(&text).unwrap()
}

/// The solutions of [`pairs`]: each secondary item is taken by none or one
/// of the `g` pairs that may take it, `g + 1` ways.
fn pairs_formula(pairs: usize, secondary: usize) -> BigUint {
    (0..secondary).map(|j| BigUint::from((0..pairs).filter(|i| i % secondary == j).count() as u64 + 1)).product()
}

/// A limit is a limit on every engine, the memo and the sweep included:
/// dominoes on 8×8 have 12,988,816 tilings.
#[test]
fn a_limit_holds_on_every_engine() {
    let dominoes = data("dominoes_8x8.dlx");
    for engine in [
        CountEngine::Auto,
        CountEngine::Links,
        CountEngine::Cells,
        CountEngine::Bits,
        CountEngine::Memo,
        CountEngine::Sweep,
    ] {
        // Past the count only where it is quick to reach.
        let past = if matches!(engine, CountEngine::Memo | CountEngine::Sweep) { 12_988_817 } else { 5 };
        for limit in [1, 5, past] {
            let counted = Count::new(&dominoes).engine(engine).limit(Some(limit)).threads(1).run().unwrap();
            assert_eq!(counted.solutions_u64(), Some(limit.min(12_988_816)), "{engine} --limit {limit}");
            if engine != CountEngine::Auto {
                assert_eq!(counted.engine, engine, "{engine}");
            }
        }
    }
}

/// Pairs with a secondary item each (the search would meet every one of up
/// to 4 × 10⁹ solutions): the estimates find the search cheaper than the
/// sweep (whose estimate ignores its cache), so the memo's turn is bounded
/// by the search's estimated work, seconds, and the memo answers within it
/// (221,183 and 1,081,433 nodes); never the search. Small ones (65,536
/// solutions) go where the estimates say. The probe stays within its bounds.
#[test]
fn pairs_go_to_the_memo_or_the_sweep_never_the_search() {
    for (n_pairs, secondary, engine) in
        [(24, 8, None), (40, 12, Some(CountEngine::Memo)), (48, 14, Some(CountEngine::Memo)), (48, 16, None)]
    {
        let problem = pairs(n_pairs, secondary);
        let counted = Count::new(&problem).run().unwrap();
        assert_eq!(counted.solutions, pairs_formula(n_pairs, secondary), "{n_pairs} pairs, {secondary}");
        if let Some(engine) = engine {
            assert_eq!(counted.engine, engine, "{n_pairs} pairs, {secondary}: {:?}", counted.choice);
        }
        if n_pairs >= 40 {
            assert!(matches!(counted.engine, CountEngine::Memo | CountEngine::Sweep), "{n_pairs} pairs");
            // The search is the other engine here (its estimate is below the
            // sweep's), so the memo's turn is not capped.
            assert!(counted.choice.memo_budget.unwrap().0 > MEMO_TURN_NODES, "{:?}", counted.choice);
        }
        let probe = counted.choice.probe.unwrap();
        assert!(probe.nodes <= MEMO_PROBE_NODES, "{probe:?}");
        assert!(probe.updates <= MEMO_PROBE_NODES * PROBE_UPDATES_PER_NODE + 3 * n_pairs as u64, "{probe:?}");
        // The sweep, asked by name, agrees.
        let swept = Count::new(&problem).engine(CountEngine::Sweep).run().unwrap();
        assert_eq!(swept.solutions, counted.solutions);
    }
}

/// Random options on 128 items: the probe's updates are bounded by the
/// problem's size, and the count agrees with the search by name.
#[test]
fn the_probe_is_bounded_on_many_options() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    for n_options in [500usize, 2_000, 8_000] {
        let mut text: String = (0..128).map(|i| format!("i{i} ")).collect();
        text.push('\n');
        let mut size = 0u64;
        for _ in 0..n_options {
            let mut items: Vec<u64> = (0..40).map(|_| next(128)).collect();
            items.sort_unstable();
            items.dedup();
            size += items.len() as u64;
            text += &items.iter().map(|i| format!("i{i}")).collect::<Vec<_>>().join(" ");
            text.push('\n');
        }
        let problem = Problem::from_knuth(&text).unwrap();
        let counted = Count::new(&problem).threads(1).run().unwrap();
        let probe = counted.choice.probe.unwrap();
        let bound = (MEMO_PROBE_NODES * PROBE_UPDATES_PER_NODE).max(4 * size);
        // The probe stops at the first node past its bound: one node's
        // updates more at most (every option hides at most all the others).
        assert!(probe.updates <= bound + size * 128, "{n_options}: {probe:?}");
        let by_links = Count::new(&problem).engine(CountEngine::Links).threads(1).run().unwrap();
        assert_eq!(counted.solutions, by_links.solutions, "{n_options}");
        // The memo's turn, when it had one, is bounded as documented.
        if let Some((nodes, updates)) = counted.choice.memo_budget {
            assert!(nodes as f64 * MEMO_NODE_COST <= updates as f64 * MEMO_UPDATE_COST + MEMO_NODE_COST);
        }
    }
}

/// A monitor stopped before the count ends the choice at once, with a count
/// marked interrupted, on a problem whose choice would probe and estimate.
#[test]
fn a_stop_ends_the_choice() {
    for problem in [pairs(48, 16), data("dominoes_12x12.dlx"), data("pentomino_6x10.dlx")] {
        let monitor = Arc::new(Monitor::new());
        monitor.stop();
        let counted = Count::new(&problem).monitor(Some(monitor.clone())).run().unwrap();
        assert!(counted.interrupted);
        // The probe stops at its first report.
        assert!(monitor.stats().nodes <= 2 * quadrille_dlx::REPORT_EVERY, "{:?}", monitor.stats());
        assert_eq!(counted.choice.memo_budget, None);
    }
}

/// Counts past 64 bits are exact: 65 pairs, each covered by its two
/// singletons or by one option, have 2^65 solutions; the sweep by name
/// refuses them.
#[test]
fn counts_past_64_bits_are_exact() {
    let mut text: String = (0..65).map(|i| format!("a{i} b{i} ")).collect();
    text.push('\n');
    for i in 0..65 {
        text += &format!("a{i}\nb{i}\na{i} b{i}\n");
    }
    let problem = Problem::from_knuth(&text).unwrap();
    let counted = Count::new(&problem).run().unwrap();
    assert_eq!(counted.solutions, BigUint::from(2u8).pow(65));
    assert_eq!(counted.engine, CountEngine::Memo);
    assert!(Count::new(&problem).engine(CountEngine::Sweep).run().is_err());
}

/// Random options of 20 to 40 of 128 items: the sweep counts them far
/// faster than the search by fewest options (20,000 options: 0.13 s against
/// 22 s for the bitset engine), and is chosen whatever their number, also
/// past the 65,536 options above which the front once left it out; on
/// 2,000 options the front's count equals the links'.
#[test]
fn random_options_go_to_the_sweep_whatever_their_number() {
    for n_options in [20_000, 100_000] {
        let problem = Problem::from_knuth(&costly::costly_nodes(128, n_options, 8)).unwrap();
        let counted = Count::new(&problem).threads(1).run().unwrap();
        assert_eq!(counted.engine, CountEngine::Sweep, "{n_options} options");
        assert!(counted.choice.sweep_estimate.is_some(), "{n_options} options");
    }
    let problem = Problem::from_knuth(&costly::costly_nodes(128, 2_000, 8)).unwrap();
    let by_links = Count::new(&problem).engine(CountEngine::Links).threads(1).run().unwrap();
    assert_eq!(Count::new(&problem).threads(1).run().unwrap().solutions, by_links.solutions);
}
