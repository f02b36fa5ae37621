//! The engines, dancing links, dancing cells and dense bitsets, against the
//! brute-force oracle of `oracle.rs` on small random problems with and without
//! colours, and with bounds for the engines that take them (links and bits);
//! their parallel counts, whose threads and shards must add up; and the
//! bitset engine's search, which must be the links engine's step for step
//! (Algorithm M's too, with bounds).

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Mutex;

use proptest::prelude::*;
use quadrille_dlx::{Config, Engine, OptionId, Parallel, Solver, Stats, Subtrees};

#[path = "oracle.rs"]
#[allow(dead_code)]
mod oracle;

use oracle::{Spec, build, oracle, spec};

const ENGINES: [Engine; 3] = [Engine::Links, Engine::Cells, Engine::Bits];

/// The engines that take bounds.
const BOUNDED: [Engine; 2] = [Engine::Links, Engine::Bits];

/// The problem without its bounds: every primary item exactly once, the only
/// kind of problem the cells engine runs.
fn exact(spec: Spec) -> Spec {
    Spec { bounds: vec![(1, 1); spec.n_primary], ..spec }
}

fn sorted(solution: &[OptionId]) -> Vec<u32> {
    let mut options: Vec<u32> = solution.iter().map(|o| o.0).collect();
    options.sort_unstable();
    options
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn both_engines_find_the_oracles_solutions(spec in spec(), limit in 0u64..4, pick in any::<prop::sample::Index>()) {
        finds_the_oracles_solutions(&exact(spec), limit, pick, &ENGINES)?;
    }

    #[test]
    fn engines_with_bounds_find_the_oracles_solutions(spec in spec(), limit in 0u64..4, pick in any::<prop::sample::Index>()) {
        finds_the_oracles_solutions(&spec, limit, pick, &BOUNDED)?;
    }

    #[test]
    fn problems_with_bounds_run_on_links_or_bits(spec in spec()) {
        let problem = build(&spec);
        for engine in [Engine::Cells, Engine::Bits, Engine::Auto] {
            let mut solver = Solver::with_config(&problem, Config::new().engine(engine));
            let expected = match engine {
                Engine::Cells if problem.has_bounds() => Engine::Links,
                Engine::Auto => engine.resolve(&problem),
                _ => engine,
            };
            prop_assert_eq!(solver.engine(), expected);
            prop_assert_eq!(solver.count(), oracle(&spec).len() as u64, "{}", engine);
        }
    }

    #[test]
    fn threads_and_shards_add_up_for_both_engines(spec in spec(), subproblems in 1usize..12, of in 1u32..6) {
        threads_and_shards_add_up(&exact(spec), subproblems, of, &ENGINES)?;
    }

    #[test]
    fn threads_and_shards_add_up_with_bounds(spec in spec(), subproblems in 1usize..12, of in 1u32..6) {
        threads_and_shards_add_up(&spec, subproblems, of, &BOUNDED)?;
    }

    #[test]
    fn the_bitset_engine_runs_the_links_search(spec in spec(), limit in 1u64..4, picks in prop::collection::vec(any::<prop::sample::Index>(), 0..3), depth in 0usize..4) {
        bits_runs_the_links_search(&exact(spec), limit, &picks, depth)?;
    }

    #[test]
    fn the_bitset_engine_runs_algorithm_m_as_the_links(spec in spec(), limit in 1u64..4, picks in prop::collection::vec(any::<prop::sample::Index>(), 0..3), depth in 0usize..5) {
        bits_runs_the_links_search(&spec, limit, &picks, depth)?;
    }
}

/// Each of `engines` finds the oracle's solutions of `spec`, counting,
/// visiting and iterating, with a limit, a commitment, reset and restore.
fn finds_the_oracles_solutions(
    spec: &Spec,
    limit: u64,
    pick: prop::sample::Index,
    engines: &[Engine],
) -> Result<(), TestCaseError> {
    let spec = spec.clone();
    let problem = build(&spec);
    let expected = oracle(&spec);
    for &engine in engines {
        let mut solver = Solver::with_config(&problem, Config::new().engine(engine));
        prop_assert_eq!(solver.engine(), engine);
        prop_assert_eq!(solver.count(), expected.len() as u64, "{}", engine);
        let stats = solver.stats();

        let mut seen = BTreeSet::new();
        let mut in_order = Vec::new();
        solver.visit(|solution| {
            seen.insert(sorted(solution));
            in_order.push(solution.to_vec());
            ControlFlow::Continue(())
        });
        prop_assert_eq!(&seen, &expected, "{}", engine);
        prop_assert_eq!(in_order.len(), expected.len(), "{}: a solution reported twice", engine);
        // The same calls give the same statistics, and the iterator the visitor's order.
        prop_assert_eq!(solver.stats(), stats, "{}", engine);
        let iterated: Vec<Vec<OptionId>> = solver.solutions().collect();
        prop_assert_eq!(&iterated, &in_order, "{}", engine);
        prop_assert_eq!(solver.first(), in_order.first().cloned(), "{}", engine);

        // A limit, then a commitment, reset and restore.
        solver.set_config(Config::new().engine(engine).limit(Some(limit)));
        prop_assert_eq!(solver.count(), (expected.len() as u64).min(limit), "{}", engine);
        let mut iterator = solver.solutions();
        iterator.next();
        drop(iterator);
        solver.set_config(Config::new().engine(engine));
        if !spec.options.is_empty() {
            let option = pick.index(spec.options.len()) as u32;
            solver.commit(OptionId(option)).unwrap();
            let containing: BTreeSet<Vec<u32>> = expected.iter().filter(|s| s.contains(&option)).cloned().collect();
            let mut found = BTreeSet::new();
            solver.visit(|s| {
                assert_eq!(s[0], OptionId(option), "committed options come first");
                found.insert(sorted(s));
                ControlFlow::Continue(())
            });
            prop_assert_eq!(&found, &containing, "{}", engine);
            // Another option can be committed too exactly when it agrees with
            // this one: no primary item shared, shared secondary items with
            // one colour in both. With bounds, exactly when the links
            // engine says so.
            let mut links = Solver::with_config(&problem, Config::new().engine(Engine::Links));
            links.commit(OptionId(option)).unwrap();
            for other in 0..spec.options.len() {
                if problem.has_bounds() {
                    let other = OptionId(other as u32);
                    prop_assert_eq!(solver.can_commit(other), links.can_commit(other), "{}", engine);
                    continue;
                }
                let agrees = spec.options[other].iter().all(|&(i, c)| {
                    spec.options[option as usize]
                        .iter()
                        .all(|&(j, d)| i != j || (i >= spec.n_primary && c.is_some() && c == d))
                });
                if other != option as usize {
                    prop_assert_eq!(solver.can_commit(OptionId(other as u32)), agrees, "{}", engine);
                }
            }
            solver.reset();
            prop_assert_eq!(solver.count(), expected.len() as u64, "{}", engine);
            prop_assert_eq!(solver.stats(), stats, "{}: reset starts afresh", engine);
            solver.commit(OptionId(option)).unwrap();
            solver.first();
            solver.reset();
            prop_assert!(solver.committed().is_empty());
            prop_assert_eq!(solver.count(), expected.len() as u64, "{}", engine);
        }
    }
    Ok(())
}

/// The parallel counts and visits of each of `engines` on `spec`: the
/// oracle's solutions, and threads and shards that add up to the serial
/// search.
fn threads_and_shards_add_up(
    spec: &Spec,
    subproblems: usize,
    of: u32,
    engines: &[Engine],
) -> Result<(), TestCaseError> {
    let problem = build(spec);
    let expected = oracle(spec);
    for &engine in engines {
        let serial = {
            let mut solver = Solver::with_config(&problem, Config::new().engine(engine));
            solver.count();
            solver.stats()
        };
        let parallel = Parallel::new(&problem).config(Config::new().engine(engine)).threads(2).subproblems(subproblems);
        let found = Mutex::new(BTreeSet::new());
        let stats = parallel
            .visit(|s| {
                assert!(found.lock().unwrap().insert(sorted(s)), "a solution was visited twice");
                ControlFlow::Continue(())
            })
            .unwrap();
        prop_assert_eq!(&found.into_inner().unwrap(), &expected, "{}", engine);
        prop_assert_eq!(stats.solutions, serial.solutions, "{}", engine);
        if engine != Engine::Cells {
            prop_assert_eq!(stats, serial, "{}", engine);
        }
        prop_assert_eq!(parallel.clone().threads(1).count().unwrap(), stats, "{}", engine);
        let shards: Stats = (0..of).map(|i| parallel.clone().threads(1).shard(i, of).unwrap().count().unwrap()).sum();
        prop_assert_eq!(shards, stats, "{}", engine);
    }
    Ok(())
}

/// The bitset engine's search on `spec` is the links engine's: the same
/// solutions in the same order, the same nodes, after commitments, in
/// every way to search, and below each leaf of a split.
fn bits_runs_the_links_search(
    spec: &Spec,
    limit: u64,
    picks: &[prop::sample::Index],
    depth: usize,
) -> Result<(), TestCaseError> {
    let problem = build(spec);
    let mut links = Solver::with_config(&problem, Config::new().engine(Engine::Links));
    let mut bits = Solver::with_config(&problem, Config::new().engine(Engine::Bits));
    prop_assert_eq!(bits.engine(), Engine::Bits);
    // Commitments, when they agree, then every way to search.
    if !spec.options.is_empty() {
        for pick in picks {
            let option = OptionId(pick.index(spec.options.len()) as u32);
            prop_assert_eq!(bits.can_commit(option), links.can_commit(option));
            prop_assert_eq!(bits.commit(option).is_ok(), links.commit(option).is_ok());
        }
    }
    let all = |solver: &mut Solver| {
        let mut found = Vec::new();
        solver.visit(|s| {
            found.push(s.to_vec());
            ControlFlow::Continue(())
        });
        (found, solver.stats())
    };
    // The same solutions in the same order, the same nodes; without
    // colours the same updates (an option is committed in one sweep, as
    // the links do its work), with colours at most as many updates and
    // cleansings (an item is purified before the options are hidden).
    // With bounds, the updates are the bitset engine's own measure.
    let colors = problem.has_colors();
    let bounds = problem.has_bounds();
    let same = |bits: (Vec<Vec<OptionId>>, Stats), links: (Vec<Vec<OptionId>>, Stats)| {
        prop_assert_eq!(&bits.0, &links.0, "solutions in order");
        prop_assert_eq!((bits.1.nodes, bits.1.solutions), (links.1.nodes, links.1.solutions));
        if bounds {
            // Not compared.
        } else if colors {
            prop_assert!(bits.1.updates <= links.1.updates && bits.1.cleansings <= links.1.cleansings);
        } else {
            prop_assert_eq!(bits.1, links.1);
        }
        Ok(())
    };
    same(all(&mut bits), all(&mut links))?;
    prop_assert_eq!(bits.count(), links.count());
    let first: Vec<_> = bits.solutions().take(limit as usize).collect();
    let expected: Vec<_> = links.solutions().take(limit as usize).collect();
    prop_assert_eq!(first, expected);
    // The split's leaves are the links engine's, less those it knows are
    // dead ends; below each, the same search.
    let mut leaves = (Vec::new(), Vec::new());
    bits.split(depth, |l| leaves.0.push(l.to_vec()));
    links.split(depth, |l| leaves.1.push(l.to_vec()));
    if bounds {
        // Neither engine sees a dead end before entering its level.
        prop_assert_eq!(&leaves.0, &leaves.1);
    }
    let mut rest = leaves.1.iter();
    for leaf in &leaves.0 {
        prop_assert!(rest.any(|l| l == leaf), "the leaf {:?} is not one of the links engine's, in order", leaf);
    }
    let committed = links.committed().to_vec();
    for leaf in &leaves.0 {
        for solver in [&mut bits, &mut links] {
            solver.reset();
            for &option in &committed {
                solver.commit(option).unwrap();
            }
            for step in leaf {
                solver.descend(*step).unwrap();
            }
        }
        same(all(&mut bits), all(&mut links))?;
    }
    Ok(())
}
