//! Parallel and sharded searches add up to exactly the serial search.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Mutex;

use proptest::prelude::*;
use quadrille_dlx::parallel::ParallelError;
use quadrille_dlx::{Config, Engine, Parallel, Problem, Solver, Stats, Subtrees};

/// A random problem in Knuth's format: items `p0..` (some with bounds), `s0..`,
/// options with some colours.
fn problem() -> impl Strategy<Value = Problem> {
    (1usize..=7, 0usize..=3).prop_flat_map(|(n_primary, n_secondary)| {
        let item = 0..n_primary + n_secondary;
        let option = (proptest::collection::btree_set(item, 1..=4), 0u8..3, 0usize..n_primary).prop_map(
            move |(items, color, primary)| {
                let mut words = vec![format!("p{primary}")];
                for i in items.into_iter().filter(|&i| i != primary) {
                    if i < n_primary {
                        words.push(format!("p{i}"));
                    } else if color == 0 {
                        words.push(format!("s{}", i - n_primary));
                    } else {
                        words.push(format!("s{}:{color}", i - n_primary));
                    }
                }
                words.join(" ")
            },
        );
        let bounds =
            proptest::collection::vec(prop_oneof![4 => Just(""), 1 => Just("0:2|"), 1 => Just("2|")], n_primary);
        (bounds, proptest::collection::vec(option, 0..=24)).prop_map(move |(bounds, options)| {
            let mut text: Vec<String> = (0..n_primary).map(|k| format!("{}p{k}", bounds[k])).collect();
            text.push("|".into());
            text.extend((0..n_secondary).map(|k| format!("s{k}")));
            let mut text = text.join(" ") + "\n";
            for option in options {
                text += &option;
                text += "\n";
            }
            Problem::from_knuth(&text).unwrap()
        })
    })
}

fn serial(problem: &Problem) -> (Stats, BTreeSet<Vec<u32>>) {
    let mut solver = Solver::new(problem);
    let mut all = BTreeSet::new();
    solver.visit(|s| {
        let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
        s.sort_unstable();
        all.insert(s);
        ControlFlow::Continue(())
    });
    (solver.stats(), all)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn threads_and_shards_add_up_to_the_serial_search(
        problem in problem(),
        subproblems in 1usize..12,
        of in 1u32..8,
    ) {
        let (expected, solutions) = serial(&problem);
        let parallel = Parallel::new(&problem).threads(2).subproblems(subproblems);
        prop_assert_eq!(parallel.count().unwrap(), expected);

        let found = Mutex::new(BTreeSet::new());
        let stats = parallel.visit(|s| {
            let mut s: Vec<u32> = s.iter().map(|o| o.0).collect();
            s.sort_unstable();
            assert!(found.lock().unwrap().insert(s), "a solution was visited twice");
            ControlFlow::Continue(())
        }).unwrap();
        prop_assert_eq!(stats, expected);
        prop_assert_eq!(found.into_inner().unwrap(), solutions);

        let shards: Stats = (0..of)
            .map(|i| parallel.clone().threads(1).shard(i, of).unwrap().count().unwrap())
            .sum();
        prop_assert_eq!(shards, expected);

        // A limit counts over all threads.
        for limit in [0, 1, 2] {
            let limited = parallel.clone().config(Config::new().limit(Some(limit))).count().unwrap();
            prop_assert_eq!(limited.solutions, expected.solutions.min(limit));
        }
    }
}

#[test]
fn the_split_replays_the_serial_order() {
    let problem = Problem::from_knuth("a b c\na\nb\nc\na b\nb c\na c\n").unwrap();
    let split = Parallel::new(&problem).subproblems(100).split();
    // Subproblems come in the serial search's order, so their solutions in turn
    // give the serial order.
    let mut serial = Vec::new();
    Solver::new(&problem).visit(|s| {
        serial.push(s.to_vec());
        ControlFlow::Continue(())
    });
    let mut replayed = Vec::new();
    for prefix in &split.prefixes {
        let mut solver = Solver::new(&problem);
        for &o in prefix {
            solver.descend(o).unwrap();
        }
        solver.visit(|s| {
            replayed.push(s.to_vec());
            ControlFlow::Continue(())
        });
    }
    assert_eq!(replayed, serial);
    assert_eq!(serial.len(), 4);
}

#[test]
fn a_visitor_can_stop_a_parallel_search() {
    let problem = Problem::from_knuth("a b c d\na\nb\nc\nd\na b\nc d\n").unwrap();
    let seen = Mutex::new(0);
    Parallel::new(&problem)
        .subproblems(1)
        .threads(1)
        .visit(|_| {
            *seen.lock().unwrap() += 1;
            ControlFlow::Break(())
        })
        .unwrap();
    assert_eq!(*seen.lock().unwrap(), 1);
}

#[test]
fn shards_must_exist() {
    let problem = Problem::from_knuth("a\na\n").unwrap();
    let error = Parallel::new(&problem).shard(3, 3).unwrap_err();
    assert_eq!(error.to_string(), "shard 3 of 3 does not exist: shards are numbered 0 to 2");
    assert!(Parallel::new(&problem).shard(0, 0).is_err());
}

/// The n queens: rows and columns primary, diagonals secondary.
fn queens(n: usize) -> Problem {
    let mut b = Problem::builder();
    let rows: Vec<_> = (0..n).map(|i| b.primary(&format!("r{i}")).unwrap()).collect();
    let cols: Vec<_> = (0..n).map(|j| b.primary(&format!("c{j}")).unwrap()).collect();
    let a: Vec<_> = (0..2 * n - 1).map(|d| b.secondary(&format!("a{d}")).unwrap()).collect();
    let d: Vec<_> = (0..2 * n - 1).map(|d| b.secondary(&format!("b{d}")).unwrap()).collect();
    for i in 0..n {
        for j in 0..n {
            b.option([rows[i], cols[j], a[i + j], d[n - 1 - i + j]]).unwrap();
        }
    }
    b.build().unwrap()
}

#[test]
fn a_count_on_threads_alone_splits_by_the_threads_and_shards_do_not() {
    use quadrille_dlx::parallel::{DEFAULT_SUBPROBLEMS, SUBPROBLEMS_PER_THREAD};
    let problem = queens(10);
    let two = Parallel::new(&problem).threads(2).split();
    assert_eq!(two, Parallel::new(&problem).subproblems(2 * SUBPROBLEMS_PER_THREAD).split());
    let shard = Parallel::new(&problem).threads(2).shard(0, 2).unwrap().split();
    assert_eq!(shard, Parallel::new(&problem).subproblems(DEFAULT_SUBPROBLEMS).split());
    assert!(two.depth < shard.depth, "{} {}", two.depth, shard.depth);
    // Dancing cells' statistics depend on the split: it stays the shards' one.
    let cells = Parallel::new(&problem).config(Config::new().engine(Engine::Cells));
    assert_eq!(cells.clone().threads(2).split(), cells.subproblems(DEFAULT_SUBPROBLEMS).split());
    // And the count is the serial one, 724 solutions (OEIS A000170).
    let (stats, _) = serial(&problem);
    assert_eq!(stats.solutions, 724);
    assert_eq!(Parallel::new(&problem).threads(2).count().unwrap(), stats);
}

/// A split made once gives every slice exactly as a shard made from
/// scratch counts it, on a solver kept from slice to slice (in any
/// order) and on threads; and the slices add up to the serial search.
#[test]
#[cfg_attr(miri, ignore = "hundreds of splits on a rayon pool: hours under Miri")]
fn slices_of_one_split_are_the_shards() {
    let problem = queens(7);
    for engine in [Engine::Links, Engine::Cells, Engine::Bits] {
        let config = Config::new().engine(engine);
        let serial = {
            let mut solver = Solver::with_config(&problem, config.clone());
            solver.count();
            solver.stats()
        };
        assert_eq!(serial.solutions, 40, "{engine}");
        // 100 slices: more than the tree's 40 leaves, so some are empty.
        for of in [1, 3, 64, 100] {
            let parallel = Parallel::new(&problem).threads(1).config(config.clone());
            let slices = parallel.slices(of).unwrap();
            assert_eq!(slices.engine(), engine);
            let mut solver = Solver::with_config(slices.problem(), config.clone());
            let (mut total, mut shards) = (Stats::default(), Stats::default());
            // Every other one backwards, then all forwards: the solver's replays start
            // from wherever the last slice left it.
            let order: Vec<u32> = (0..of).rev().step_by(2).chain(0..of).collect();
            let mut seen = vec![false; of as usize];
            let mut shard_stats = vec![Stats::default(); of as usize];
            for &index in &order {
                let from_scratch = parallel.clone().shard(index, of).unwrap().count().unwrap();
                shard_stats[index as usize] = from_scratch;
                let kept = slices.count(&mut solver, index).unwrap();
                assert_eq!(kept, from_scratch, "{engine}: slice {index} of {of}");
                let threaded = parallel.clone().threads(2).slice(&slices, index).unwrap().count().unwrap();
                assert_eq!(threaded, from_scratch, "{engine}: slice {index} of {of} on threads");
                if !std::mem::replace(&mut seen[index as usize], true) {
                    total += kept;
                    shards += from_scratch;
                }
            }
            assert!(seen.iter().all(|&s| s), "{engine}: {of}");
            // All at once, the subproblems in the split's order.
            let each = slices.count_each(&mut solver, &order).unwrap();
            let expected: Vec<Stats> = order.iter().map(|&i| shard_stats[i as usize]).collect();
            assert_eq!(each, expected, "{engine}: {of} slices at once");
            assert_eq!(total, shards, "{engine}: {of} slices");
            // Dancing cells count updates by subtree (see `Engine`).
            if engine == Engine::Cells {
                assert_eq!((total.solutions, total.nodes), (serial.solutions, serial.nodes), "{of} slices");
            } else {
                assert_eq!(total, serial, "{engine}: {of} slices");
            }
        }
    }
}

/// Slices refuse a search they were not made for, rather than count
/// another split's subproblems.
#[test]
fn slices_refuse_another_search() {
    let problem = queens(5);
    let links = Config::new().engine(Engine::Links);
    let slices = Parallel::new(&problem).config(links.clone()).slices(8).unwrap();
    // The same problem, made again: compared whole, and equal.
    let again = queens(5);
    let mut solver = Solver::with_config(&again, links.clone());
    assert!(slices.count(&mut solver, 7).is_ok());
    assert!(matches!(slices.count(&mut solver, 8), Err(ParallelError::NoSuchShard { index: 8, of: 8 })));
    let other = queens(6);
    let mut solver = Solver::with_config(&other, links.clone());
    assert!(matches!(slices.count(&mut solver, 0), Err(ParallelError::OtherProblem)));
    assert!(matches!(Parallel::new(&other).slice(&slices, 0), Err(ParallelError::OtherProblem)));
    let mut cells = Solver::with_config(&problem, Config::new().engine(Engine::Cells));
    let refused = slices.count(&mut cells, 0).unwrap_err();
    assert!(matches!(refused, ParallelError::OtherSplit { .. }), "{refused}");
    assert!(refused.to_string().contains("links engine"), "{refused}");
    let on_cells = Parallel::new(&problem).config(Config::new().engine(Engine::Cells));
    assert!(matches!(on_cells.slice(&slices, 0).unwrap().count(), Err(ParallelError::OtherSplit { .. })));
    let finer = Parallel::new(&problem).config(links.clone()).subproblems(4096);
    assert!(matches!(finer.slice(&slices, 0).unwrap().count(), Err(ParallelError::OtherSplit { .. })));
    let mut committed = Solver::with_config(&problem, links);
    let first = problem.options().next().unwrap();
    committed.commit(first).unwrap();
    assert!(matches!(slices.count(&mut committed, 0), Err(ParallelError::Committed(1))));
}
