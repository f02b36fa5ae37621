//! Listing by the sweep, through the front: the solutions equal the
//! brute-force oracle's and the links engine's as sets, on random problems
//! of every width of state, on one thread and several, with limits, in
//! shards, from the visitor and the owned iterator; Knuth's packings listed
//! whole; a stop heard while listing.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::time::Duration;

use proptest::prelude::*;
use quadrille_dlx::front::{EngineStats, Search};
use quadrille_dlx::sweep::{self, Sweep};
use quadrille_dlx::{Engine, Monitor, OptionId, Problem};

use crate::langford;
use quadrille_testing::oracle::{Spec, solutions as oracle, sorted, spec};

use crate::engines::{local_problem, spread};

/// Every solution `search` visits, each as its sorted option numbers; fails
/// on a solution visited twice.
fn visited(search: &Search<'_>) -> Result<(BTreeSet<Vec<u32>>, u64), TestCaseError> {
    let mut all = Vec::new();
    let report = search
        .visit(|solution| {
            all.push(sorted(solution));
            ControlFlow::Continue(())
        })
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(report.engine, Engine::Sweep);
    let EngineStats::Sweep(stats) = report.stats else { return Err(TestCaseError::fail("not the sweep's figures")) };
    prop_assert_eq!(stats.solutions, all.len() as u64);
    let n = all.len();
    let set: BTreeSet<Vec<u32>> = all.into_iter().collect();
    prop_assert_eq!(set.len(), n, "a solution listed twice");
    Ok((set, stats.nodes))
}

/// The sweep's listings of `problem` against `expected`: on one thread and
/// three, from the owned iterator, with a limit, and in shards that list
/// the whole between them, each solution once.
fn lists_as(problem: &Problem, expected: &BTreeSet<Vec<u32>>, limit: u64, of: u32) -> Result<(), TestCaseError> {
    let sweep = Search::new(problem).engine(Engine::Sweep);
    for threads in [1, 3] {
        let (listed, _) = visited(&sweep.clone().threads(threads))?;
        prop_assert_eq!(&listed, expected, "{} threads", threads);
    }
    let mut listing = sweep.solutions().map_err(|e| TestCaseError::fail(e.to_string()))?;
    let owned: Vec<Vec<u32>> = listing.by_ref().map(|s| sorted(&s)).collect();
    prop_assert_eq!(owned.len(), expected.len());
    prop_assert_eq!(&owned.into_iter().collect::<BTreeSet<_>>(), expected);
    prop_assert_eq!(listing.report().engine, Engine::Sweep);
    // A limit: that many solutions (or all), each one of them, on one
    // thread or two, visited or iterated.
    let most = limit.min(expected.len() as u64);
    for threads in [1, 2] {
        let (some, _) = visited(&sweep.clone().threads(threads).limit(Some(limit)))?;
        prop_assert_eq!(some.len() as u64, most, "{} threads", threads);
        prop_assert!(some.is_subset(expected));
    }
    let iterated: Vec<Vec<OptionId>> = sweep.clone().limit(Some(limit)).solutions().unwrap().collect();
    prop_assert_eq!(iterated.len() as u64, most);
    // Shards: disjoint, and the whole between them, on any threads.
    let mut union = BTreeSet::new();
    let mut total = 0;
    for index in 0..of {
        let (part, _) = visited(&sweep.clone().threads(1 + index as usize % 2).shard(index, of))?;
        total += part.len();
        union.extend(part);
    }
    prop_assert_eq!(total, expected.len(), "shards overlap");
    prop_assert_eq!(&union, expected);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The oracle's problems (no bounds, no colours): the sweep lists its
    /// solutions exactly.
    #[test]
    fn the_sweep_lists_the_oracles_solutions(spec in spec(), limit in 0u64..6, of in 1u32..5) {
        let spec = spec.exact().uncolored();
        let problem = Spec::build(&spec);
        lists_as(&problem, &oracle(&spec), limit, of)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// States of every width: the oracle's problems spread over up to 1,024
    /// items (192, 256, 512 and 1,024 bits), listed as the links list them (the
    /// links list the oracle's solutions: the engines' tests).
    #[test]
    fn the_sweep_lists_at_any_width(
        spec in spec(),
        width in prop_oneof![100usize..=128, 129usize..=192, 193usize..=256, 257usize..=512, 513usize..=1024],
        pairs in 0usize..=3,
        limit in 0u64..6,
    ) {
        let spec = spec.exact().uncolored();
        let problem = spread(&spec, width, pairs);
        let by_links = by_links(&problem);
        prop_assert_eq!(by_links.len(), oracle(&spec).len() << pairs);
        prop_assert_eq!(Sweep::new(&problem).unwrap().state_bits(), crate::engines::state_bits(problem.n_items()));
        lists_as(&problem, &by_links, limit, 3)?;
    }

    /// Problems of packings' shape (options of nearby items, labels,
    /// secondary items), larger than the oracle takes: the sweep lists as
    /// the links do, with its cache of dead ends, without, and with a table
    /// of a few entries (where states meet in one entry, and marks of
    /// other states match).
    #[test]
    fn the_sweep_lists_as_the_links(problem in local_problem(), limit in 0u64..20) {
        let expected = by_links(&problem);
        lists_as(&problem, &expected, limit, 4)?;
        let (bare, _) = visited(&Search::new(&problem).engine(Engine::Sweep).sweep_cache_bytes(0))?;
        prop_assert_eq!(&bare, &expected);
        let (tiny, _) = visited(&Search::new(&problem).engine(Engine::Sweep).sweep_cache_bytes(64))?;
        prop_assert_eq!(&tiny, &expected);
        // On one thread the order is the walk's, whatever the table holds.
        let walked = in_order(&problem, 0);
        for bytes in [64, sweep::DEFAULT_CACHE_BYTES] {
            prop_assert_eq!(&in_order(&problem, bytes), &walked, "{} bytes", bytes);
        }
    }
}

/// The solutions of the sweep's owned iterator on `problem`, in the order
/// given, with a table of `bytes`.
fn in_order(problem: &Problem, bytes: usize) -> Vec<Vec<OptionId>> {
    Sweep::new(problem).unwrap().cache_bytes(bytes).lister(problem).unwrap().solutions(None, None).collect()
}

/// The documented order of a listing on one thread, on Knuth's packings
/// (REFERENCE.md's counts): the walk's, the same with the table of dead
/// ends as without, from the owned iterator as from the visitor, each
/// solution's options in the same order.
#[test]
fn a_listing_on_one_thread_comes_in_the_walks_order() {
    for (file, expected) in [("pentomino_6x10.dlx", 2_339), ("knuth_pack_scott_8x8.dlx", 520)] {
        let problem = data(file);
        let walked = in_order(&problem, 0);
        assert_eq!(walked.len(), expected, "{file}");
        assert_eq!(in_order(&problem, sweep::DEFAULT_CACHE_BYTES), walked, "{file}");
        let mut visited = Vec::new();
        Search::new(&problem)
            .engine(Engine::Sweep)
            .visit(|solution| {
                visited.push(solution.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(visited, walked, "{file}");
    }
}

/// The links engine's solutions of `problem`.
fn by_links(problem: &Problem) -> BTreeSet<Vec<u32>> {
    let mut all = BTreeSet::new();
    Search::new(problem)
        .engine(Engine::Links)
        .visit(|solution| {
            all.insert(sorted(solution));
            ControlFlow::Continue(())
        })
        .unwrap();
    all
}

fn data(file: &str) -> Problem {
    Problem::from_knuth(&quadrille_testing::data::read(&format!("dlx/{file}"))).unwrap()
}

/// Whether `solution` covers every primary item of `problem` once and every
/// secondary item at most once.
fn covers(problem: &Problem, solution: &[OptionId]) -> bool {
    let mut seen = vec![0u32; problem.n_items()];
    for &option in solution {
        for (item, _) in problem.option(option) {
            seen[item.index()] += 1;
        }
    }
    problem.items().all(|i| if problem.is_primary(i) { seen[i.index()] == 1 } else { seen[i.index()] <= 1 })
}

/// Knuth's counts (`REFERENCE.md`): 2,339 pentomino packings of 6×10 with
/// the X in one quadrant, 520 of Scott's 8×8 with a hole. `auto` lists them
/// on the sweep, each a cover, none twice; each solution's options in the
/// sweep's order (the first covers the first item swept).
#[test]
fn auto_lists_knuths_packings_on_the_sweep() {
    for (file, expected) in [("pentomino_6x10.dlx", 2_339), ("knuth_pack_scott_8x8.dlx", 520)] {
        let problem = data(file);
        let mut all = BTreeSet::new();
        let first_item = Sweep::new(&problem).unwrap().order()[0];
        let report = Search::new(&problem)
            .visit(|solution| {
                assert!(covers(&problem, solution), "{file}: not a cover");
                assert!(problem.option(solution[0]).any(|(i, _)| i == first_item), "{file}: not in the sweep's order");
                all.insert(sorted(solution));
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(report.engine, Engine::Sweep, "{file}");
        assert!(report.choice.sweep_estimate.is_some(), "{file}");
        assert_eq!(all.len(), expected, "{file}");
        let listing = Search::new(&problem).solutions().unwrap();
        assert_eq!(listing.report().engine, Engine::Sweep, "{file}");
        assert_eq!(listing.map(|s| sorted(&s)).collect::<BTreeSet<_>>(), all, "{file}");
        // The first solution, and a limit, on the search.
        let first = Search::new(&problem).first().unwrap();
        assert_ne!(first.report.engine, Engine::Sweep);
        assert!(all.contains(&sorted(&first.solution.unwrap())));
    }
    // A small problem keeps the search, and pays no choice of order.
    let small = Problem::from_knuth("a b c\na b\nc\na\nb c\n").unwrap();
    let report = Search::new(&small).visit(|_| ControlFlow::Continue(())).unwrap();
    assert_eq!((report.engine, report.choice.sweep_estimate), (Engine::Bits, None));
}

/// The sweep refuses slices (split for the searches), and what it does not
/// take; shards that do not exist are errors.
#[test]
fn the_sweep_refuses_what_it_cannot_list() {
    let problem = data("pentomino_6x10.dlx");
    let slices = quadrille_dlx::Parallel::new(&problem).slices(4).unwrap();
    let refused = Search::new(&problem).engine(Engine::Sweep).slice(&slices, 1).visit(|_| ControlFlow::Continue(()));
    assert!(refused.unwrap_err().to_string().contains("slices"));
    let colours = data("knuth_toy_colors.dlx");
    let refused = Search::new(&colours).engine(Engine::Sweep).first().unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the sweep engine does not take colours: links, cells, bits, costs, memo and dc do"
    );
    let refused = Search::new(&problem).engine(Engine::Sweep).shard(4, 4).visit(|_| ControlFlow::Continue(()));
    assert!(refused.unwrap_err().to_string().contains("shard 4 of 4"));
    let other = data("knuth_pack_scott_8x8.dlx");
    assert!(Sweep::new(&problem).unwrap().lister(&other).is_err());
}

/// Langford pairs of 16 (2 × 326,721,800 solutions, minutes of listing):
/// stopped from another thread once it has made 20 million nodes, the
/// sweep's listing ends on one thread and two, by the visitor and the owned
/// iterator, marked interrupted, all its work reported.
#[test]
fn a_sweep_listing_hears_a_stop() {
    let problem = langford(16);
    let lister = Sweep::new(&problem).unwrap().lister(&problem).unwrap();
    let wait = |monitor: &Monitor| {
        while monitor.stats().nodes < 20_000_000 {
            std::thread::sleep(Duration::from_millis(5));
        }
    };
    for threads in [0, 1, 2] {
        let ((listed, stats), monitor, _) = crate::interrupt::stopped_when(wait, |monitor| {
            let mut listed = 0u64;
            if threads == 0 {
                let mut solutions = lister.solutions(None, Some(monitor));
                listed = solutions.by_ref().count() as u64;
                assert!(solutions.interrupted());
                return (listed, solutions.stats());
            }
            let search = Search::new(&problem).engine(Engine::Sweep).threads(threads).monitor(Some(monitor));
            let report = search
                .visit(|_| {
                    listed += 1;
                    ControlFlow::Continue(())
                })
                .unwrap();
            assert!(report.interrupted, "{threads} threads");
            let EngineStats::Sweep(stats) = report.stats else { panic!("not the sweep's figures") };
            (listed, quadrille_dlx::Stats { nodes: stats.nodes, solutions: stats.solutions, ..Default::default() })
        });
        assert!(0 < listed && listed < 2 * 326_721_800, "{threads} threads: {listed}");
        assert_eq!(monitor.stats().nodes, stats.nodes, "{threads} threads");
    }
}
