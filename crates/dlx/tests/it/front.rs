//! The front's count: its choice of engine, its fallbacks, its limit and its
//! monitor, checked against other engines and against formulas.

use std::sync::Arc;

use quadrille_dlx::front::Search;
use quadrille_dlx::memo::BigUint;
use quadrille_dlx::{Engine, Monitor, Problem};

// The rule's figures, as the count module's notes give them.
/// The probe's nodes.
const MEMO_PROBE_NODES: u64 = 4_096;
/// The probe's updates a node (at least).
const PROBE_UPDATES_PER_NODE: u64 = 64;
/// The most nodes of the memo's turn against the sweep.
const MEMO_TURN_NODES: u64 = 1 << 18;
/// The memo's costs of a node and of an update, in nanoseconds.
const MEMO_NODE_COST: f64 = 400.0;
const MEMO_UPDATE_COST: f64 = 8.0;

use quadrille_testing::costly;
use quadrille_testing::oracle::SplitMix64;

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
    for engine in [Engine::Auto, Engine::Links, Engine::Cells, Engine::Bits, Engine::Memo, Engine::Sweep] {
        // Past the count only where it is quick to reach.
        let past = if matches!(engine, Engine::Memo | Engine::Sweep) { 12_988_817 } else { 5 };
        for limit in [1, 5, past] {
            let counted = Search::new(&dominoes).engine(engine).limit(Some(limit)).threads(1).count().unwrap();
            assert_eq!(counted.solutions_u64(), Some(limit.min(12_988_816)), "{engine} --limit {limit}");
            if engine != Engine::Auto {
                assert_eq!(counted.report.engine, engine, "{engine}");
            }
        }
    }
}

/// Pairs with a secondary item each (the search would meet every one of up
/// to 4 × 10⁹ solutions): the memo or the sweep counts them, never the
/// search. The sweep's estimate bounded by its frontiers (the secondary
/// items) finds the sweep cheaper and counts at once; else the memo's turn
/// is bounded by the search's estimated work, seconds, and the memo answers
/// within it (221,183 and 1,081,433 nodes). Small ones (65,536 solutions)
/// go where the estimates say. The probe stays within its bounds.
#[test]
fn pairs_go_to_the_memo_or_the_sweep_never_the_search() {
    for (n_pairs, secondary, engine) in [(24, 8, None), (40, 12, None), (48, 14, None), (48, 16, None)] {
        let problem = pairs(n_pairs, secondary);
        let counted = Search::new(&problem).count().unwrap();
        assert_eq!(counted.solutions, pairs_formula(n_pairs, secondary), "{n_pairs} pairs, {secondary}");
        if let Some(engine) = engine {
            assert_eq!(counted.report.engine, engine, "{n_pairs} pairs, {secondary}: {:?}", counted.report.choice);
        }
        if n_pairs >= 40 {
            assert!(matches!(counted.report.engine, Engine::Memo | Engine::Sweep), "{n_pairs} pairs");
            // When the memo answers, the search was the other engine (its
            // estimate below the sweep's), so the memo's turn was not capped.
            if counted.report.engine == Engine::Memo {
                assert!(counted.report.choice.memo_budget.unwrap().0 > MEMO_TURN_NODES, "{:?}", counted.report.choice);
            }
        }
        let probe = counted.report.choice.probe.unwrap();
        assert!(probe.nodes <= MEMO_PROBE_NODES, "{probe:?}");
        assert!(probe.updates <= MEMO_PROBE_NODES * PROBE_UPDATES_PER_NODE + 3 * n_pairs as u64, "{probe:?}");
        // The sweep, asked by name, agrees.
        let swept = Search::new(&problem).engine(Engine::Sweep).count().unwrap();
        assert_eq!(swept.solutions, counted.solutions);
    }
}

/// Random options on 128 items: the probe's updates are bounded by the
/// problem's size, and the count agrees with the search by name.
#[test]
fn the_probe_is_bounded_on_many_options() {
    let mut random = SplitMix64(0x2545_F491_4F6C_DD1Du64);
    let mut next = |n: u64| random.below(n);
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
        let counted = Search::new(&problem).threads(1).count().unwrap();
        let probe = counted.report.choice.probe.unwrap();
        let bound = (MEMO_PROBE_NODES * PROBE_UPDATES_PER_NODE).max(4 * size);
        // The probe stops at the first node past its bound: one node's
        // updates more at most (every option hides at most all the others).
        assert!(probe.updates <= bound + size * 128, "{n_options}: {probe:?}");
        let by_links = Search::new(&problem).engine(Engine::Links).threads(1).count().unwrap();
        assert_eq!(counted.solutions, by_links.solutions, "{n_options}");
        // The memo's turn, when it had one, is bounded as documented.
        if let Some((nodes, updates)) = counted.report.choice.memo_budget {
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
        let counted = Search::new(&problem).monitor(Some(monitor.clone())).count().unwrap();
        assert!(counted.report.interrupted);
        // The probe stops at its first report.
        assert!(monitor.stats().nodes <= 2 * quadrille_dlx::REPORT_EVERY, "{:?}", monitor.stats());
        assert_eq!(counted.report.choice.memo_budget, None);
    }
}

/// Counts past 64 bits are exact: 65 pairs, each covered by its two
/// singletons or by one option, have 2^65 solutions, by the rule (the memo)
/// and by the sweep by name.
#[test]
fn counts_past_64_bits_are_exact() {
    let mut text: String = (0..65).map(|i| format!("a{i} b{i} ")).collect();
    text.push('\n');
    for i in 0..65 {
        text += &format!("a{i}\nb{i}\na{i} b{i}\n");
    }
    let problem = Problem::from_knuth(&text).unwrap();
    let counted = Search::new(&problem).count().unwrap();
    assert_eq!(counted.solutions, BigUint::from(2u8).pow(65));
    assert_eq!(counted.report.engine, Engine::Memo);
    let swept = Search::new(&problem).engine(Engine::Sweep).count().unwrap();
    assert_eq!((swept.solutions, swept.report.engine), (BigUint::from(2u8).pow(65), Engine::Sweep));
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
        let counted = Search::new(&problem).threads(1).count().unwrap();
        assert_eq!(counted.report.engine, Engine::Sweep, "{n_options} options");
        assert!(counted.report.choice.sweep_estimate.is_some(), "{n_options} options");
    }
    let problem = Problem::from_knuth(&costly::costly_nodes(128, 2_000, 8)).unwrap();
    let by_links = Search::new(&problem).engine(Engine::Links).threads(1).count().unwrap();
    assert_eq!(Search::new(&problem).threads(1).count().unwrap().solutions, by_links.solutions);
}

/// Small random problems (8 primary items, 2 secondary, up to 12 options):
/// their exact covers by brute force over every set of options.
fn random_problems() -> Vec<(Problem, Vec<Vec<u32>>)> {
    let mut random = SplitMix64(0x9E37_79B9_7F4A_7C15u64);
    let mut next = move |n: u64| random.below(n);
    (0..50)
        .map(|_| {
            let n_options = 4 + next(9) as usize;
            let mut options: Vec<Vec<usize>> = Vec::new();
            for _ in 0..n_options {
                let mut items: Vec<usize> = (0..1 + next(4)).map(|_| next(10) as usize).collect();
                items.sort_unstable();
                items.dedup();
                if items.iter().all(|&i| i >= 8) {
                    items.push(next(8) as usize);
                }
                options.push(items);
            }
            let name = |i: usize| if i < 8 { format!("p{i}") } else { format!("s{i}") };
            let mut text = (0..8).map(name).collect::<Vec<_>>().join(" ") + " | s8 s9\n";
            for option in &options {
                text += &option.iter().map(|&i| name(i)).collect::<Vec<_>>().join(" ");
                text.push('\n');
            }
            let problem = Problem::from_knuth(&text).unwrap();
            // Brute force: the sets of options that cover each primary item
            // once and each secondary item at most once.
            let mut covers = Vec::new();
            for set in 0u32..1 << options.len() {
                let mut uses = [0u32; 10];
                for (k, option) in options.iter().enumerate() {
                    if set >> k & 1 == 1 {
                        for &i in option {
                            uses[i] += 1;
                        }
                    }
                }
                if uses[..8].iter().all(|&u| u == 1) && uses[8..].iter().all(|&u| u <= 1) {
                    covers.push((0..options.len() as u32).filter(|&k| set >> k & 1 == 1).collect());
                }
            }
            (problem, covers)
        })
        .collect()
}

/// A count that reuses the choice of another's (`Search::reuse`), on random
/// problems of the same items, equals brute force: the sweep's order or the
/// search's engine carried over, or, from a problem of other items (whose
/// order does not fit), the rule's own choice.
#[test]
fn a_reused_choice_counts_exactly() {
    let problems = random_problems();
    let other = Problem::from_knuth("a b\na\nb\na b\n").unwrap();
    for pair in problems.windows(2) {
        let ((first, _), (second, covers)) = (&pair[0], &pair[1]);
        for engine in [Engine::Sweep, Engine::Bits, Engine::Links] {
            let report = Search::new(first).engine(engine).threads(1).count().unwrap().report;
            let again = Search::new(second).reuse(&report).threads(1).count().unwrap();
            assert_eq!(again.solutions_u64(), Some(covers.len() as u64), "{engine}\n{second:?}");
            assert_eq!((again.report.engine, again.report.choice.reused), (engine, true));
        }
        let report = Search::new(&other).engine(Engine::Sweep).count().unwrap().report;
        let again = Search::new(second).reuse(&report).threads(1).count().unwrap();
        assert_eq!(again.solutions_u64(), Some(covers.len() as u64), "{second:?}");
        assert!(!again.report.choice.reused);
        // A count with a limit chooses by its own rule.
        let limited = Search::new(second).reuse(&report).limit(Some(1)).count().unwrap();
        assert!(!limited.report.choice.reused);
    }
}

/// Every question of the front on 50 random problems, by every engine that
/// answers it, against brute force: the same count, the same solutions, a
/// first solution among them; the report names the engine that answered
/// (never `auto`) and carries only the figures it counts.
#[test]
fn every_question_by_every_engine_agrees_with_brute_force() {
    use quadrille_dlx::front::EngineStats;
    use std::collections::BTreeSet;
    use std::ops::ControlFlow;
    for (problem, covers) in random_problems() {
        let covers: BTreeSet<Vec<u32>> = covers.into_iter().collect();
        for engine in Engine::ALL {
            let search = Search::new(&problem).engine(engine).threads(1);
            match search.count() {
                Ok(counted) => {
                    assert_eq!(counted.solutions_u64(), Some(covers.len() as u64), "{engine}\n{problem:?}");
                    assert_ne!(counted.report.engine, Engine::Auto);
                    if engine != Engine::Auto {
                        assert_eq!(counted.report.engine, engine);
                    }
                    let sweep = matches!(counted.report.stats, EngineStats::Sweep(_));
                    assert_eq!(sweep, counted.report.engine == Engine::Sweep);
                    assert_eq!(counted.report.stats.updates().is_none(), sweep, "{engine}");
                }
                // Only the cheapest-solutions search does not count.
                Err(e) => assert_eq!(engine, Engine::Costs, "{engine}: {e}"),
            }
            let mut listed = BTreeSet::new();
            match search.visit(|solution| {
                let mut solution: Vec<u32> = solution.iter().map(|o| o.0).collect();
                solution.sort_unstable();
                assert!(listed.insert(solution), "a solution twice");
                ControlFlow::Continue(())
            }) {
                Ok(report) => {
                    assert_eq!(listed, covers, "{engine}");
                    assert!(
                        report.engine.is_search() || matches!(report.engine, Engine::Memo | Engine::Sweep | Engine::Dc),
                        "{engine}"
                    );
                    let first = search.first().unwrap();
                    let first = first.solution.map(|s| {
                        let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
                        s.sort_unstable();
                        s
                    });
                    assert_eq!(first.is_some(), !covers.is_empty());
                    assert!(first.is_none_or(|s| covers.contains(&s)), "{engine}");
                    let mut owned: Vec<Vec<u32>> = search
                        .solutions()
                        .unwrap()
                        .map(|s| {
                            let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
                            s.sort_unstable();
                            s
                        })
                        .collect();
                    owned.sort();
                    assert_eq!(owned, covers.iter().cloned().collect::<Vec<_>>(), "{engine}");
                }
                Err(e) => {
                    assert!(matches!(engine, Engine::Sweep | Engine::Costs), "{engine}: {e}");
                    assert!(search.first().is_err() && search.solutions().is_err());
                }
            }
            // The cheapest: no costs, so every solution costs 0 and the best
            // are the first k by their options' numbers.
            match search.best(3) {
                Ok(ranked) => {
                    let expected: Vec<Vec<u32>> = covers.iter().take(3).cloned().collect();
                    let found: Vec<Vec<u32>> =
                        ranked.solutions.iter().map(|s| s.options.iter().map(|o| o.0).collect()).collect();
                    assert_eq!(found, expected, "{engine}");
                    // The costs engine reports the floor it searched: links or bits.
                    assert!(matches!(ranked.report.engine, Engine::Links | Engine::Bits | Engine::Memo), "{engine}");
                }
                Err(e) => assert!(matches!(engine, Engine::Sweep | Engine::Cells | Engine::Dc), "{engine}: {e}"),
            }
        }
        // Samples and the diagram are the memo's alone.
        let sampled = Search::new(&problem).sample(4, 1).unwrap();
        assert_eq!(sampled.count, BigUint::from(covers.len()));
        assert!(sampled.solutions.iter().all(|s| {
            let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
            s.sort_unstable();
            covers.contains(&s)
        }));
        assert!(Search::new(&problem).engine(Engine::Links).zdd().is_err());
    }
}

/// One thread is accepted by every engine that counts, the memo included;
/// shards add up on the searches and are refused by the others.
#[test]
fn one_thread_for_every_engine_and_shards_for_the_searches() {
    let problem = data("pentomino_6x10.dlx");
    for engine in [Engine::Links, Engine::Bits, Engine::Memo, Engine::Sweep, Engine::Auto] {
        let counted = Search::new(&problem).engine(engine).threads(1).count().unwrap();
        // Knuth's 2,339 packings.
        assert_eq!(counted.solutions_u64(), Some(2_339), "{engine}");
    }
    let toy = Problem::from_knuth("a b c d\na b\nc d\na c\nb d\na d\nb c\n").unwrap();
    for engine in [Engine::Links, Engine::Cells, Engine::Bits, Engine::Auto] {
        let total: u64 = (0..3)
            .map(|i| Search::new(&toy).engine(engine).shard(i, 3).count().unwrap().solutions_u64().unwrap())
            .sum();
        assert_eq!(total, 3, "{engine}");
    }
    for engine in [Engine::Memo, Engine::Sweep] {
        let refused = Search::new(&toy).engine(engine).shard(0, 2).count().unwrap_err().to_string();
        assert!(refused.contains("shards"), "{refused}");
    }
    let too_many = Search::new(&toy).shard(0, quadrille_dlx::parallel::MAX_SHARDS + 1).count();
    assert!(too_many.is_err());
}

/// Tilings by the P pentomino in unlimited supply (no labels): the
/// estimate of the sweep's tree, blind to its cache, is larger than the
/// search's, but the sweep counts them in about 136,000 nodes, the search
/// in millions. The sweep's turn finds it, and counts as the search does.
#[test]
fn p_pentomino_tilings_go_to_the_sweep() {
    let tilings = data("p_pentomino_10x10.dlx");
    let counted = Search::new(&tilings).threads(1).count().unwrap();
    let by_bits = Search::new(&tilings).engine(Engine::Bits).threads(1).count().unwrap();
    assert_eq!(by_bits.report.engine, Engine::Bits);
    assert_eq!(counted.solutions, by_bits.solutions);
    assert_eq!(counted.report.engine, Engine::Sweep);
}

/// The sweep's turn on a packing, stopped past its nodes, is not lost when
/// the choice of order lands on its order: on `pentomino_6x10.dlx` the
/// count by `auto` (the turn, then the rest) walks about the nodes of the
/// sweep asked for by name, as its monitor sees them, not those and the
/// turn's (at least 2^18): the rest walks again only what the turn's cache,
/// grown only as it overwrote, has lost (about half the turn).
#[test]
fn the_sweeps_turn_keeps_its_work() {
    let problem = data("pentomino_6x10.dlx");
    let monitor = Arc::new(Monitor::new());
    let auto = Search::new(&problem).threads(1).monitor(Some(monitor.clone())).count().unwrap();
    let named = Search::new(&problem).engine(Engine::Sweep).threads(1).count().unwrap();
    assert_eq!(auto.report.engine, Engine::Sweep);
    assert_eq!(auto.report.choice.sweep_order, named.report.choice.sweep_order);
    // 2,339 packings with the X in a quarter.
    assert_eq!(auto.solutions_u64(), Some(2_339));
    assert_eq!(named.solutions_u64(), Some(2_339));
    let nodes = |counted: &quadrille_dlx::front::Counted| match counted.report.stats {
        quadrille_dlx::front::EngineStats::Sweep(stats) => stats.nodes,
        _ => unreachable!(),
    };
    // The memo's probe adds its 4,096 nodes at most; the turn's cache lost
    // some of its subproblems.
    let walked = monitor.stats().nodes;
    assert!(walked.abs_diff(nodes(&named)) < 3 << 16, "{walked} {}", nodes(&named));
    assert!(nodes(&auto).abs_diff(nodes(&named)) < 3 << 16, "{} {}", nodes(&auto), nodes(&named));
}
