//! Binary branching on the cells engine ([`Branching::Binary`]) with and
//! without learned weights: Knuth's SSXCC-BINARY, SSXCC-FRB and SSXCC-WTD
//! statistic for statistic on the instances of `data/knuth/binary/`, and the
//! brute-force oracle's solutions on small random problems, with colours,
//! bounds (SSMCC's search; commitments go to the links), limits, commitments,
//! threads and a stop.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use proptest::prelude::*;
use quadrille_dlx::{Branching, Config, Engine, Monitor, OptionId, Parallel, Problem, Solver, Weights};
use quadrille_testing::data;
use quadrille_testing::oracle::{Spec, solutions as oracle, sorted, spec};

/// The cells engine branching two ways, with `weights`.
fn binary(weights: Weights) -> Config {
    Config::new().engine(Engine::Cells).branching(Branching::Binary).weights(weights)
}

/// The weights of the program that printed a row of `figures.tsv`.
fn weights_of(program: &str) -> Weights {
    match program {
        "ssxcc-binary" | "ssmcc" => Weights::Off,
        "ssxcc-frb" | "ssmcc-frb" => Weights::Frb,
        "ssxcc-wtd" | "ssmcc-wtd" => Weights::Wdeg,
        _ => panic!("unknown program {program}"),
    }
}

#[test]
fn binary_branching_counts_as_knuths_programs_count() {
    let figures = data::read("knuth/binary/figures.tsv");
    let mut rows = 0;
    for line in figures.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let row: Vec<&str> = line.split('\t').collect();
        let (file, program) = (row[0], row[1]);
        let expected: Vec<u64> = row[2..5].iter().map(|n| n.parse().unwrap()).collect();
        let here = format!("knuth/binary/{file}.dlx");
        let text = if data::path(&here).is_file() { data::read(&here) } else { data::read(&format!("dlx/{file}.dlx")) };
        let problem = Problem::from_knuth(&text).unwrap();
        let mut solver = Solver::with_config(&problem, binary(weights_of(program)));
        solver.count();
        let stats = solver.stats();
        assert_eq!(vec![stats.solutions, stats.nodes, stats.updates], expected, "{file} under {program}");
        rows += 1;
    }
    assert_eq!(rows, 54);
}

/// The d-way branching of the same engine is another search: other nodes.
#[test]
fn binary_branching_is_not_the_d_way_search() {
    let problem = Problem::from_knuth(&data::read("dlx/queens_dlx_8.dlx")).unwrap();
    let mut dlx = Solver::with_config(&problem, Config::new().engine(Engine::Cells));
    let mut two = Solver::with_config(&problem, binary(Weights::Off));
    assert_eq!((dlx.count(), two.count()), (92, 92));
    assert_eq!(dlx.stats().nodes, 857);
    assert_eq!(two.stats().nodes, 1140);
}

fn solutions_of(solver: &mut Solver, problem: &Problem) -> (BTreeSet<Vec<u32>>, bool) {
    let mut seen = BTreeSet::new();
    let mut valid = true;
    solver.visit(|solution| {
        valid &= problem.is_solution(solution);
        seen.insert(sorted(solution));
        ControlFlow::Continue(())
    });
    (seen, valid)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn binary_branching_agrees_with_the_oracle(spec in spec(), exact in any::<bool>(), plain in any::<bool>(), limit in 0u64..4, pick in any::<prop::sample::Index>()) {
        let spec = if exact { spec.exact() } else { spec };
        let spec = if plain { spec.uncolored() } else { spec };
        let problem = Spec::build(&spec);
        let expected = oracle(&spec);
        for weights in Weights::ALL {
            let mut solver = Solver::with_config(&problem, binary(weights));
            // With bounds too: SSMCC's search.
            prop_assert_eq!(solver.engine(), Engine::Cells);
            prop_assert_eq!(solver.count(), expected.len() as u64);
            let (seen, valid) = solutions_of(&mut solver, &problem);
            prop_assert_eq!(solver.stats().solutions, expected.len() as u64, "a solution was reported twice");
            prop_assert_eq!(&seen, &expected);
            prop_assert!(valid);
            // Stopped at each solution and resumed: the same solutions, in the same order.
            let mut in_order = Vec::new();
            solver.visit(|s| { in_order.push(s.to_vec()); ControlFlow::Continue(()) });
            let iterated: Vec<Vec<OptionId>> = solver.solutions().collect();
            prop_assert_eq!(&iterated, &in_order);
            // A limit.
            solver.set_config(binary(weights).limit(Some(limit)));
            prop_assert_eq!(solver.count(), (expected.len() as u64).min(limit));
            prop_assert_eq!(solver.solutions().count() as u64, (expected.len() as u64).min(limit));
            // A commitment: the solutions that contain it.
            if !spec.options.is_empty() {
                let option = pick.index(spec.options.len()) as u32;
                solver.set_config(binary(weights));
                if solver.commit(OptionId(option)).is_ok() {
                    let containing: BTreeSet<Vec<u32>> = expected.iter().filter(|s| s.contains(&option)).cloned().collect();
                    let (seen, valid) = solutions_of(&mut solver, &problem);
                    prop_assert_eq!(&seen, &containing);
                    prop_assert!(valid);
                }
            }
        }
    }
}

/// On threads, each subproblem searched by binary branching: the same count.
#[test]
#[cfg_attr(miri, ignore = "a rayon pool: hours under Miri")]
fn binary_branching_counts_on_threads() {
    let problem = Problem::from_knuth(&data::read("dlx/queens_dlx_10.dlx")).unwrap();
    for weights in Weights::ALL {
        let stats = Parallel::new(&problem).config(binary(weights)).threads(2).count().unwrap();
        assert_eq!(stats.solutions, 724, "{weights:?}");
    }
}

/// With bounds, on threads: the cells engine's split branches `d` ways, which
/// bounds do not allow, so the whole search is one subproblem, SSMCC's.
#[test]
#[cfg_attr(miri, ignore = "a rayon pool: hours under Miri")]
fn binary_branching_with_bounds_counts_on_threads() {
    let problem = Problem::from_knuth(&data::read("knuth/binary/redrect_3_4.dlx")).unwrap();
    for weights in Weights::ALL {
        let stats = Parallel::new(&problem).config(binary(weights)).threads(2).count().unwrap();
        assert_eq!(stats.solutions, 2161, "{weights:?}");
    }
    let stats = Parallel::new(&problem).config(binary(Weights::Off)).threads(2).count().unwrap();
    assert_eq!((stats.nodes, stats.updates), (7578, 66415));
}

/// A stop from another thread ends a binary search early, with the figures
/// counted so far, all of them reported; resumed, the search goes on.
#[test]
#[cfg_attr(miri, ignore = "hundreds of thousands of nodes")]
fn a_stop_ends_a_binary_search() {
    // Langford pairs, and with bounds the tetrominoes twice (SSMCC).
    for (file, solutions, nodes) in
        [("knuth/binary/langford_11.dlx", 35_584, 475_792), ("dlx/tetrominoes_twice_8x5.dlx", 3_106, 98_124)]
    {
        let problem = Problem::from_knuth(&data::read(file)).unwrap();
        stopped_and_resumed(&problem, solutions, nodes);
    }
}

fn stopped_and_resumed(problem: &Problem, solutions: u64, nodes: u64) {
    for weights in Weights::ALL {
        let monitor = Arc::new(Monitor::new());
        let watcher = {
            let monitor = Arc::clone(&monitor);
            std::thread::spawn(move || {
                while monitor.stats().nodes < 10_000 {
                    std::thread::sleep(Duration::from_millis(1));
                }
                monitor.stop();
            })
        };
        let mut solver = Solver::with_config(problem, binary(weights).monitor(Some(Arc::clone(&monitor))));
        let count = solver.count();
        watcher.join().unwrap();
        assert!(solver.interrupted(), "{weights:?}");
        let stats = solver.stats();
        assert!(count < solutions && stats.nodes < nodes, "{weights:?}: {stats:?}");
        assert_eq!(monitor.stats(), stats, "{weights:?}: everything counted was reported");
        // A fresh search without the monitor counts them all.
        solver.set_config(binary(weights));
        assert_eq!(solver.count(), solutions);
    }
}

/// The front's count (`auto`) takes binary branching where many primary
/// items may stay uncovered (the cuts of Knuth's reduced rectangle
/// dissections), with SSMCC's nodes, on one thread when one, two or three
/// are asked; more threads, and queen domination, whose items all need an
/// option, stay on the search.
#[test]
fn auto_counts_by_binary_branching_where_items_may_stay_uncovered() {
    use quadrille_dlx::Search;
    let redrect = Problem::from_knuth(&data::read("knuth/binary/redrect_3_3.dlx")).unwrap();
    let counted = Search::new(&redrect).threads(1).count().unwrap();
    assert_eq!(counted.report.engine, Engine::Cells);
    assert_eq!((counted.solutions_u64(), counted.report.stats.nodes()), (Some(219), 787));
    // One thread asked, one used: nothing to say.
    assert_eq!(counted.report.choice.fewer_threads, None);
    for threads in [2, 3] {
        let counted = Search::new(&redrect).threads(threads).count().unwrap();
        assert_eq!(counted.report.engine, Engine::Cells, "{threads} threads");
        assert_eq!((counted.solutions_u64(), counted.report.stats.nodes()), (Some(219), 787));
        // The report says the other threads were left idle.
        assert_eq!(counted.report.choice.fewer_threads, Some(1), "{threads} threads");
    }
    let four = Search::new(&redrect).threads(4).count().unwrap();
    assert_ne!(four.report.engine, Engine::Cells);
    assert_eq!(four.report.choice.fewer_threads, None);
    assert_eq!(four.solutions_u64(), Some(219));
    let queens = Problem::from_knuth(&data::read("knuth/binary/queendom_5_3.dlx")).unwrap();
    let counted = Search::new(&queens).threads(1).count().unwrap();
    assert_eq!(counted.report.engine, Engine::Bits);
    assert_eq!(counted.solutions_u64(), Some(186));
}
