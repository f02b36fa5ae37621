//! The engines, dancing links, dancing cells and dense bitsets, against the
//! brute-force oracle (`quadrille_testing::oracle`) on small random problems with and without
//! colours, and with bounds for the engines that take them (links and bits);
//! their parallel counts, whose threads and shards must add up; and the
//! bitset engine's search, which must be the links engine's step for step
//! (Algorithm M's too, with bounds).

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Mutex;

use proptest::prelude::*;
use quadrille_dlx::front::Search;
use quadrille_dlx::sweep::SweepError;
use quadrille_dlx::{Config, Engine, MinCost, Monitor, OptionId, Parallel, Problem, Solver, Stats, Subtrees};

use quadrille_testing::oracle::{Entries, Spec, SplitMix64, solutions as oracle, sorted, spec};

const ENGINES: [Engine; 3] = [Engine::Links, Engine::Cells, Engine::Bits];

/// The engines that take bounds.
const BOUNDED: [Engine; 2] = [Engine::Links, Engine::Bits];

/// The problem without its bounds: every primary item exactly once, the only
/// kind of problem the cells engine runs.
fn exact(spec: Spec) -> Spec {
    spec.exact()
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
        let problem = Spec::build(&spec);
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
    let problem = Spec::build(&spec);
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
                if problem.declares_bounds() {
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
    let problem = Spec::build(spec);
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
    let problem = Spec::build(spec);
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
    let bounds = problem.declares_bounds();
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

/// The problem without bounds and colours: what the sweep takes.
fn plain(spec: Spec) -> Spec {
    spec.exact().uncolored()
}

/// A random problem of up to 128 items whose options hold items near one
/// another (as a packing's cells are), some with one of a few labels (as a
/// packing's pieces): the sweep's filters, blocks and cache at work.
pub(crate) fn local_problem() -> impl Strategy<Value = Problem> {
    (8usize..=100, 0usize..=20, 0usize..=8, 10usize..=160, any::<u64>()).prop_map(
        |(n_cells, n_secondary, n_labels, n_options, seed)| {
            let mut random = SplitMix64(seed);
            let mut next = move |n: usize| random.below(n as u64) as usize;
            let mut b = Problem::builder();
            let cells: Vec<_> = (0..n_cells).map(|k| b.primary(&format!("c{k}")).unwrap()).collect();
            let labels: Vec<_> = (0..n_labels).map(|k| b.primary(&format!("l{k}")).unwrap()).collect();
            let secondary: Vec<_> = (0..n_secondary).map(|k| b.secondary(&format!("s{k}")).unwrap()).collect();
            for _ in 0..n_options {
                let centre = next(n_cells);
                let mut items = BTreeSet::new();
                for _ in 0..1 + next(4) {
                    items.insert(cells[(centre + next(9)).min(n_cells - 1)]);
                }
                let mut items: Vec<_> = items.into_iter().collect();
                if n_labels > 0 && next(3) > 0 {
                    items.push(labels[next(n_labels)]);
                }
                if n_secondary > 0 && next(2) == 0 {
                    items.push(secondary[next(n_secondary)]);
                }
                b.option(items).unwrap();
            }
            b.build().unwrap()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn the_sweep_counts_the_oracles_solutions(spec in spec(), shuffle in any::<u64>()) {
        use quadrille_dlx::sweep::Sweep;
        let spec = plain(spec);
        let problem = Spec::build(&spec);
        let expected = oracle(&spec).len() as u64;
        let sweep = Sweep::new(&problem).unwrap();
        prop_assert_eq!(sweep.count(1, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(sweep.count(2, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(sweep.clone().cache_bytes(0).count(1, None).unwrap().solutions_u64(), Some(expected));
        // By frontiers, each state taken once: no more nodes than the search
        // without a cache, which takes a state once for each path to it.
        let by_frontiers = sweep.count_by_frontiers(None).unwrap();
        prop_assert_eq!(by_frontiers.solutions_u64(), Some(expected));
        prop_assert!(by_frontiers.nodes <= sweep.clone().cache_bytes(0).count(1, None).unwrap().nodes);
        // Any order of the primary items counts alike.
        let mut order: Vec<_> = problem.items().filter(|&i| problem.is_primary(i)).collect();
        let k = order.len();
        order.rotate_left(shuffle as usize % k);
        if shuffle & 1 == 1 {
            order.reverse();
        }
        let swept = Sweep::with_order(&problem, &order).unwrap();
        prop_assert_eq!(&swept.order()[..k], &order[..]);
        prop_assert_eq!(swept.count(1, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(swept.count_by_frontiers(None).unwrap().solutions_u64(), Some(expected));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The links (DLX1, checked against the oracle above) count the larger
    /// problems; the sweep agrees on one thread and two, with its cache and
    /// without, and its nodes without a cache do not depend on the threads.
    #[test]
    fn the_sweep_counts_as_the_links(problem in local_problem()) {
        use quadrille_dlx::sweep::Sweep;
        let expected = Solver::with_config(&problem, Config::new().engine(Engine::Links)).count();
        let sweep = Sweep::new(&problem).unwrap();
        prop_assert_eq!(sweep.count(1, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(sweep.count(2, None).unwrap().solutions_u64(), Some(expected));
        let bare = sweep.clone().cache_bytes(0);
        let one = bare.count(1, None).unwrap();
        prop_assert_eq!(one.solutions_u64(), Some(expected));
        prop_assert_eq!(bare.count(3, None).unwrap(), one);
    }
}

/// A random packing of up to 100 cells: every option holds cells near one
/// another and exactly one of a few labels (a packing's pieces), one label
/// (the last) on few options, as a piece restricted to one placement of
/// each class is.
fn labelled_problem() -> impl Strategy<Value = Problem> {
    (8usize..=100, 2usize..=8, 1usize..=4, 10usize..=160, any::<u64>()).prop_map(
        |(n_cells, n_labels, n_scarce, n_options, seed)| {
            let mut random = SplitMix64(seed);
            let mut next = move |n: usize| random.below(n as u64) as usize;
            let mut b = Problem::builder();
            let cells: Vec<_> = (0..n_cells).map(|k| b.primary(&format!("c{k}")).unwrap()).collect();
            let labels: Vec<_> = (0..n_labels).map(|k| b.primary(&format!("l{k}")).unwrap()).collect();
            for k in 0..n_options {
                let centre = next(n_cells);
                let mut items = BTreeSet::new();
                for _ in 0..1 + next(5) {
                    items.insert(cells[(centre + next(9)).min(n_cells - 1)]);
                }
                let mut items: Vec<_> = items.into_iter().collect();
                let label = if k < n_scarce { n_labels - 1 } else { next(n_labels - 1) };
                items.push(labels[label]);
                b.option(items).unwrap();
            }
            b.build().unwrap()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Packings whose scarcest label leads the sweep (the order it tries
    /// beside the others): the count in that order, and in the order the
    /// sweep chose, is the links' (DLX1), on one thread and two, with the
    /// cache and without.
    #[test]
    fn the_sweep_led_by_its_scarcest_label_counts_as_the_links(problem in labelled_problem()) {
        use quadrille_dlx::sweep::Sweep;
        let expected = Solver::with_config(&problem, Config::new().engine(Engine::Links)).count();
        let chosen = Sweep::new(&problem).unwrap();
        prop_assert_eq!(chosen.count(1, None).unwrap().solutions_u64(), Some(expected));
        let scarce = problem.item_named(&format!("l{}", problem.n_primary() - 1 - first_label(&problem))).unwrap();
        let mut order: Vec<_> = chosen.order()[..problem.n_primary()].to_vec();
        order.retain(|&i| i != scarce);
        order.insert(0, scarce);
        let led = Sweep::with_order(&problem, &order).unwrap();
        prop_assert_eq!(led.count(1, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(led.count(2, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(led.clone().cache_bytes(0).count(1, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(led.count_by_frontiers(None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(chosen.count_by_frontiers(None).unwrap().solutions_u64(), Some(expected));
    }
}

/// The number of the first label (`l0`) of a [`labelled_problem`]: its cells
/// come before.
fn first_label(problem: &Problem) -> usize {
    problem.item_named("l0").unwrap().index()
}

/// The bits of the sweep's state for a problem of `items` items: 128, 192,
/// then the next power of two.
pub(crate) fn state_bits(items: usize) -> u32 {
    match items {
        0..=128 => 128,
        129..=192 => 192,
        _ => items.next_power_of_two() as u32,
    }
}

/// The problem of `spec` (plain: no bounds, no colours) spread over
/// `width` items: its primary items declared among padding items, one every
/// `width / items` places, so that its options reach across the words of a
/// wide state; its secondary items last. The first `pairs` pairs of padding
/// items are covered together or each alone (two ways a pair), every other
/// padding item by an option of its own: the count is the oracle's times
/// `2^pairs`.
pub(crate) fn spread(spec: &Spec, width: usize, pairs: usize) -> Problem {
    let mut b = Problem::builder();
    let n_items = spec.n_primary + spec.n_secondary;
    let n_pad = width.saturating_sub(n_items).max(2 * pairs);
    let stride = (width / n_items.max(1)).max(1);
    let mut items = Vec::new();
    let mut pads = Vec::new();
    for k in 0..spec.n_primary {
        while pads.len() < n_pad && pads.len() < k * (stride - 1) {
            pads.push(b.primary(&format!("d{}", pads.len())).unwrap());
        }
        items.push(b.primary(&format!("p{k}")).unwrap());
    }
    while pads.len() < n_pad {
        pads.push(b.primary(&format!("d{}", pads.len())).unwrap());
    }
    items.extend((0..spec.n_secondary).map(|k| b.secondary(&format!("s{k}")).unwrap()));
    for option in &spec.options {
        b.option(option.iter().map(|&(i, _)| items[i])).unwrap();
    }
    for (k, &pad) in pads.iter().enumerate() {
        if k < 2 * pairs && k % 2 == 0 {
            b.option([pad, pads[k + 1]]).unwrap();
        }
        b.option([pad]).unwrap();
    }
    b.build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// States of every width: the oracle's problems spread over up to 1,024
    /// items count alike on the sweep, in its order and the order declared
    /// reversed, with its cache and without, on one thread and two; and as
    /// the links count them.
    #[test]
    fn the_sweep_counts_the_oracles_solutions_at_any_width(
        spec in spec(),
        width in prop_oneof![100usize..=128, 129usize..=192, 193usize..=256, 257usize..=512, 513usize..=1024],
        pairs in 0usize..=6,
    ) {
        use quadrille_dlx::sweep::Sweep;
        let spec = plain(spec);
        let problem = spread(&spec, width, pairs);
        let expected = (oracle(&spec).len() as u64) << pairs;
        let sweep = Sweep::new(&problem).unwrap();
        prop_assert_eq!(sweep.state_bits(), state_bits(problem.n_items()));
        prop_assert_eq!(sweep.count(1, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(sweep.count(2, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(sweep.clone().cache_bytes(0).count(1, None).unwrap().solutions_u64(), Some(expected));
        // A cache of one to a few entries, which grows as it fills, on one
        // thread and two.
        prop_assert_eq!(sweep.clone().cache_bytes(160).count(1, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(sweep.clone().cache_bytes(160).count(2, None).unwrap().solutions_u64(), Some(expected));
        // Growth bounded below the starting size (the caches start at their
        // share and never grow), and bounded through the front's memory.
        prop_assert_eq!(sweep.clone().growth_bytes(320).count(1, None).unwrap().solutions_u64(), Some(expected));
        prop_assert_eq!(sweep.clone().cache_bytes(160).growth_bytes(0).count(2, None).unwrap().solutions_u64(), Some(expected));
        let small = Search::new(&problem).engine(Engine::Sweep).threads(1).memo_bytes(1 << 10).count().unwrap();
        prop_assert_eq!(small.solutions_u64(), Some(expected));
        // By frontiers, exact; within a few bytes, exact or over the limit
        // (never a wrong count).
        prop_assert_eq!(sweep.count_by_frontiers(None).unwrap().solutions_u64(), Some(expected));
        match sweep.clone().growth_bytes(2_000).count_by_frontiers(None) {
            Ok(counted) => prop_assert_eq!(counted.solutions_u64(), Some(expected)),
            Err(e) => prop_assert!(matches!(e, SweepError::Memory { limit_bytes: 2_000, .. }), "{e}"),
        }
        let mut order: Vec<_> = problem.items().filter(|&i| problem.is_primary(i)).collect();
        order.reverse();
        prop_assert_eq!(Sweep::with_order(&problem, &order).unwrap().count(1, None).unwrap().solutions_u64(), Some(expected));
        let by_links = Search::new(&problem).engine(Engine::Links).count().unwrap();
        prop_assert_eq!(by_links.solutions_u64(), Some(expected));
    }
}

fn data(file: &str) -> Problem {
    Problem::from_knuth(&quadrille_testing::data::read(&format!("dlx/{file}"))).unwrap()
}

/// Knuth's counts (`REFERENCE.md`): 2,339 pentomino packings of 6×10 with
/// the X in one quadrant, 520 of Scott's 8×8 with a hole; and the 288 grids
/// of 4×4 sudoku. The count picks the sweep for the packings.
#[test]
fn the_sweep_counts_knuths_packings() {
    use quadrille_dlx::sweep::Sweep;
    for (file, expected) in [("pentomino_6x10.dlx", 2_339), ("knuth_pack_scott_8x8.dlx", 520)] {
        let problem = data(file);
        let counted = Search::new(&problem).threads(1).count().unwrap();
        assert_eq!((counted.report.engine, counted.solutions_u64()), (Engine::Sweep, Some(expected)), "{file}");
        let sweep = Sweep::new(&problem).unwrap();
        assert_eq!(sweep.count(2, None).unwrap().solutions_u64(), Some(expected), "{file}");
        // Labels (the pieces) are swept last.
        let pieces = sweep.order().iter().position(|&i| problem.item_name(i) == "F").unwrap();
        assert!(pieces >= problem.n_primary() - 12, "{file}: F at {pieces}");
        let by_links = Search::new(&problem).engine(Engine::Links).limit(Some(1)).count().unwrap();
        assert_eq!((by_links.report.engine, by_links.solutions_u64()), (Engine::Links, Some(1)));
        assert!(Sweep::new(&problem).unwrap().cache_bytes(0).count(1, None).unwrap().solutions_u64() == Some(expected));
    }
    let mut b = Problem::builder();
    let item = |b: &mut quadrille_dlx::ProblemBuilder, name: String| {
        b.item_named(&name).unwrap_or_else(|| b.primary(&name).unwrap())
    };
    let mut options = Vec::new();
    for r in 0..4 {
        for c in 0..4 {
            for d in 0..4 {
                let x = 2 * (r / 2) + c / 2;
                options.push(
                    [format!("p{r}{c}"), format!("r{r}{d}"), format!("c{c}{d}"), format!("b{x}{d}")]
                        .map(|n| item(&mut b, n)),
                );
            }
        }
    }
    for option in options {
        b.option(option).unwrap();
    }
    let grids = b.build().unwrap();
    assert_eq!(Sweep::new(&grids).unwrap().count(1, None).unwrap().solutions_u64(), Some(288));
}

/// Queens in Knuth's organ-pipe order (rows and columns from the middle
/// out), whose nodes cost the bitset engine little (two primary items an
/// option), stay on it; dominoes go to the memo.
#[test]
fn counts_of_queens_stay_on_the_bitset_engine() {
    let n = 12;
    let mut text = String::new();
    for k in 0..n {
        let j = if k % 2 == 0 { n / 2 - 1 - k / 2 } else { n / 2 + k / 2 };
        text += &format!("r{j} c{j} ");
    }
    text += "|";
    for k in 0..2 * n - 1 {
        text += &format!(" a{k} b{k}");
    }
    text.push('\n');
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, n - 1 - r + c);
        }
    }
    let queens = Problem::from_knuth(&text).unwrap();
    // Knuth's count of the queens of 12 (OEIS A000170).
    let counted = Search::new(&queens).count().unwrap();
    assert_eq!((counted.report.engine, counted.solutions_u64()), (Engine::Bits, Some(14_200)));
    let counted = Search::new(&data("dominoes_8x8.dlx")).count().unwrap();
    assert_eq!((counted.report.engine, counted.solutions_u64()), (Engine::Memo, Some(12_988_816)));
    // Bounds and colours: the sweep does not take them.
    use quadrille_dlx::sweep::{Sweep, SweepError};
    assert_eq!(Sweep::new(&data("tetrominoes_12_8x6.dlx")).unwrap_err(), SweepError::Bounds);
    assert_eq!(Sweep::new(&data("knuth_toy_colors.dlx")).unwrap_err(), SweepError::Colors);
    // 144 items: a state of 192 bits; past 1,024 items, none.
    assert_eq!(Sweep::new(&data("sudoku_6x6_all.dlx")).unwrap().state_bits(), 192);
    let line = |n: usize| {
        let mut text: String = (0..n).map(|k| format!("x{k} ")).collect();
        text.push('\n');
        text += &(0..n).map(|k| format!("x{k}\n")).collect::<String>();
        Problem::from_knuth(&text).unwrap()
    };
    assert_eq!(Sweep::new(&line(1025)).unwrap_err(), SweepError::TooManyItems { items: 1025 });
    assert!(!quadrille_dlx::sweep::takes(&line(1025)) && quadrille_dlx::sweep::takes(&line(1024)));
    let sweep = Sweep::new(&line(1024)).unwrap();
    assert_eq!((sweep.state_bits(), sweep.count(1, None).unwrap().solutions_u64()), (1024, Some(1)));
}

/// 64 independent pairs of items, each covered by both at once or by each
/// alone: 2^64 solutions, one more than a `u64` holds. The cache counts
/// them in a moment (every pair leaves the same subproblem however it was
/// covered), and the count goes on past 64 bits rather than wrap; 63 pairs
/// count in 64 bits. A stopped monitor ends a count early.
#[test]
fn the_sweep_counts_past_64_bits() {
    use quadrille_dlx::memo::BigUint;
    use quadrille_dlx::sweep::{Sweep, SweepError};
    let pairs = crate::sweep_wide_count::independent_pairs;
    let sweep = Sweep::with_order(&pairs(64), &pairs(64).items().collect::<Vec<_>>()).unwrap();
    let two_to_the_64 = BigUint::from(1u32) << 64u32;
    assert_eq!(sweep.count(1, None).unwrap().solutions, two_to_the_64);
    assert_eq!(sweep.count(2, None).unwrap().solutions, two_to_the_64);
    let problem = pairs(63);
    let sweep = Sweep::with_order(&problem, &problem.items().collect::<Vec<_>>()).unwrap();
    assert_eq!(sweep.count(1, None).unwrap().solutions_u64(), Some(1 << 63));
    assert_eq!(sweep.count(2, None).unwrap().solutions_u64(), Some(1 << 63));
    let items: Vec<_> = problem.items().collect();
    let twice = [items[0], items[0]];
    assert_eq!(Sweep::with_order(&problem, &twice).unwrap_err(), SweepError::Order { item: 0 });
    assert_eq!(Sweep::with_order(&problem, &items[1..]).unwrap_err(), SweepError::Order { item: 0 });
    let stopped = Monitor::new();
    stopped.stop();
    let pentominoes = data("pentomino_6x10.dlx");
    let partial = Sweep::new(&pentominoes).unwrap().count(1, Some(&stopped)).unwrap();
    let solutions = partial.solutions_u64().unwrap();
    assert!(solutions < 2_339 && partial.nodes <= quadrille_dlx::REPORT_EVERY, "{partial:?}");
    assert_eq!(stopped.stats(), Stats { nodes: partial.nodes, solutions, ..Stats::default() });
    // What the monitor adds up on threads is the count's own statistics.
    let watching = Monitor::new();
    let whole = Sweep::new(&pentominoes).unwrap().count(2, Some(&watching)).unwrap();
    assert_eq!(whole.solutions_u64(), Some(2_339));
    assert_eq!(watching.stats(), Stats { nodes: whole.nodes, solutions: 2_339, ..Stats::default() });
}

/// Options of secondary items only, put into a problem among the others:
/// each a place (among the options), a secondary item and perhaps a colour.
type Ignored = Vec<(prop::sample::Index, prop::sample::Index, Option<u32>)>;

/// `spec` with the options of `extra` put in at their places (and a
/// secondary item added when `spec` has none), and the number each option
/// of `spec` has there.
fn with_ignored(spec: &Spec, extra: &Ignored) -> (Spec, Vec<u32>) {
    let n_secondary = spec.n_secondary.max(1);
    // Each option with its number in `spec` (none for those put in).
    let mut options: Vec<(Option<usize>, Entries)> =
        spec.options.iter().cloned().enumerate().map(|(k, o)| (Some(k), o)).collect();
    for (place, item, color) in extra {
        let option = vec![(spec.n_primary + item.index(n_secondary), *color)];
        options.insert(place.index(options.len() + 1), (None, option));
    }
    let mut number = vec![0; spec.options.len()];
    for (k, (old, _)) in options.iter().enumerate() {
        if let Some(old) = old {
            number[*old] = k as u32;
        }
    }
    let options = options.into_iter().map(|(_, o)| o).collect();
    (Spec { n_secondary, options, ..spec.clone() }, number)
}

/// The problem of `spec`, option `k` costing `costs(k)`.
fn build_with_costs(spec: &Spec, costs: impl Fn(usize) -> u64) -> Problem {
    Spec { costs: (0..spec.options.len()).map(costs).collect(), ..spec.clone() }.build()
}

/// Options without a primary item keep their numbers and never enter a
/// solution: with such options put in among the others, every engine (links,
/// cells and bits, Algorithm M with bounds, the costs' searches, the memo,
/// the sweep), the parallel split and its shards find the oracle's solutions
/// of the problem without them, each option under its new number.
fn options_without_primary_items_are_ignored(spec: &Spec, extra: &Ignored) -> Result<(), TestCaseError> {
    use quadrille_dlx::memo::Memo;
    use quadrille_dlx::sweep::Sweep;
    let (with, number) = with_ignored(spec, extra);
    let renumbered = |solutions: BTreeSet<Vec<u32>>| -> BTreeSet<Vec<u32>> {
        solutions
            .into_iter()
            .map(|s| {
                let mut s: Vec<u32> = s.into_iter().map(|o| number[o as usize]).collect();
                s.sort_unstable();
                s
            })
            .collect()
    };
    let expected = renumbered(oracle(spec));
    let exact_expected = renumbered(oracle(&exact(spec.clone())));
    let plain_expected = renumbered(oracle(&plain(spec.clone())));
    let problem = Spec::build(&with);
    let ignored: Vec<OptionId> = (0..with.options.len() as u32).filter(|k| !number.contains(k)).map(OptionId).collect();
    prop_assert_eq!(problem.ignored_options(), &ignored[..]);
    prop_assert_eq!(problem.n_options(), spec.options.len() + extra.len());

    let found = |solver: &mut Solver| {
        let mut seen = BTreeSet::new();
        solver.visit(|s| {
            seen.insert(sorted(s));
            ControlFlow::Continue(())
        });
        seen
    };
    let exact_problem = Spec::build(&exact(with.clone()));
    for engine in ENGINES {
        let mut solver = Solver::with_config(&exact_problem, Config::new().engine(engine));
        prop_assert_eq!(&found(&mut solver), &exact_expected, "{}", engine);
        for &o in &ignored {
            prop_assert!(!solver.can_commit(o), "{}", engine);
            prop_assert!(solver.commit(o).is_err(), "{}", engine);
        }
        let parallel = Parallel::new(&exact_problem).config(Config::new().engine(engine)).threads(2).subproblems(5);
        let seen = Mutex::new(BTreeSet::new());
        parallel
            .visit(|s| {
                seen.lock().unwrap().insert(sorted(s));
                ControlFlow::Continue(())
            })
            .unwrap();
        prop_assert_eq!(&seen.into_inner().unwrap(), &exact_expected, "{} on threads", engine);
        let shards: u64 =
            (0..3).map(|i| parallel.clone().threads(1).shard(i, 3).unwrap().count().unwrap().solutions).sum();
        prop_assert_eq!(shards, exact_expected.len() as u64, "{} in shards", engine);
    }
    for engine in BOUNDED {
        let mut solver = Solver::with_config(&problem, Config::new().engine(engine));
        prop_assert_eq!(&found(&mut solver), &expected, "{} with bounds", engine);
    }
    // The solutions never hold an ignored option, which the checker refuses.
    for solution in &expected {
        let mut options: Vec<OptionId> = solution.iter().map(|&o| OptionId(o)).collect();
        prop_assert!(problem.is_solution(&options));
        if let Some(&o) = ignored.first() {
            options.push(o);
            prop_assert!(!problem.is_solution(&options));
        }
    }
    // Costs: the cheapest solutions, as the oracle's solutions priced.
    let cost = |k: usize| (k as u64 * 7 + 3) % 5;
    let costed = build_with_costs(&exact(with.clone()), cost);
    let mut costs: Vec<u64> = exact_expected.iter().map(|s| s.iter().map(|&o| cost(o as usize)).sum::<u64>()).collect();
    costs.sort_unstable();
    for engine in [Engine::Links, Engine::Bits] {
        let best = MinCost::new(&costed).engine(engine).threads(1).best(exact_expected.len() + 1).unwrap();
        let found: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
        prop_assert_eq!(&found, &costs, "{} costs", engine);
        for s in &best.solutions {
            prop_assert!(exact_expected.contains(&sorted(&s.options)), "{} costs", engine);
        }
    }
    // The memo's diagram, and the cheapest paths through it.
    let zdd = Memo::new(&costed).build().unwrap();
    let listed: BTreeSet<Vec<u32>> = zdd.solutions().map(|s| sorted(&s)).collect();
    prop_assert_eq!(&listed, &exact_expected, "memo");
    let found: Vec<u64> = zdd.best(exact_expected.len() + 1).unwrap().iter().map(|c| c.cost).collect();
    prop_assert_eq!(&found, &costs, "memo costs");
    prop_assert!(
        zdd.option_counts()
            .unwrap()
            .into_iter()
            .zip(0..)
            .all(|(n, k)| !ignored.contains(&OptionId(k)) || n == quadrille_dlx::memo::BigUint::ZERO)
    );
    // The sweep counts.
    let plain_problem = Spec::build(&plain(with.clone()));
    let sweep = Sweep::new(&plain_problem).unwrap();
    prop_assert_eq!(sweep.count(1, None).unwrap().solutions_u64(), Some(plain_expected.len() as u64), "sweep");
    prop_assert_eq!(
        sweep.count(2, None).unwrap().solutions_u64(),
        Some(plain_expected.len() as u64),
        "sweep on threads"
    );
    // Knuth's format writes them and reads them back where they were, with
    // DLX1's warning for each.
    let parsed = quadrille_dlx::knuth::read(&problem.to_knuth()).unwrap();
    prop_assert_eq!(&parsed.problem, &problem);
    prop_assert_eq!(parsed.problem.ignored_options(), &ignored[..]);
    prop_assert_eq!(parsed.warnings.len(), ignored.len());
    Ok(())
}

fn ignored_options() -> impl Strategy<Value = Ignored> {
    prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), prop::option::of(0u32..2)), 1..4)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn options_without_primary_items_keep_their_numbers_and_are_ignored(spec in spec(), extra in ignored_options()) {
        options_without_primary_items_are_ignored(&spec, &extra)?;
    }
}

/// `spec`'s problem with its items declared in another order, as the builder
/// allows: the secondary items first, then the primary ones from the last
/// (option `k` still `OptionId(k)`, its items the spec's).
fn built_mixed(spec: &Spec) -> Problem {
    let mut b = Problem::builder();
    let mut items = vec![None; spec.n_primary + spec.n_secondary];
    for k in 0..spec.n_secondary {
        items[spec.n_primary + k] = Some(b.secondary(&format!("s{k}")).unwrap());
    }
    for k in (0..spec.n_primary).rev() {
        let (lower, upper) = spec.bounds[k];
        items[k] = Some(b.primary_with_bounds(&format!("p{k}"), lower, upper).unwrap());
    }
    for option in &spec.options {
        let entries: Vec<_> =
            option.iter().map(|&(i, c)| (items[i].unwrap(), c.map(|c| b.color(&format!("c{c}")).unwrap()))).collect();
        b.option_with_colors(entries).unwrap();
    }
    b.build().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Every engine that takes the problem counts and lists the oracle's
    /// solutions whatever the order its items were declared in (the engines
    /// that lay out primary items first must not take the first
    /// `n_primary` declared for them).
    #[test]
    fn every_engine_takes_items_declared_in_any_order(spec in spec()) {
        let expected = oracle(&spec);
        let problem = built_mixed(&spec);
        prop_assert_eq!(problem.n_primary(), spec.n_primary);
        for engine in Engine::ALL {
            let search = Search::new(&problem).engine(engine).threads(1);
            if let Ok(counted) = search.count() {
                prop_assert_eq!(counted.solutions_u64(), Some(expected.len() as u64), "{} counted", engine);
            }
            let mut found = BTreeSet::new();
            if search.visit(|solution| { found.insert(sorted(solution)); ControlFlow::Continue(()) }).is_ok() {
                prop_assert_eq!(&found, &expected, "{} listed", engine);
            }
        }
        // The sweep and the search by cost refuse such a problem (auto then
        // answers on another engine).
        let mixed = spec.n_secondary > 0;
        let colors = spec.options.iter().flatten().any(|&(_, color)| color.is_some());
        prop_assert_eq!(quadrille_dlx::sweep::takes(&problem), !mixed && !spec.has_bounds() && !colors);
        prop_assert_eq!(MinCost::new(&problem).best(1).is_err(), mixed || spec.has_bounds());
    }
}
