//! The engine on Knuth's instances in `data/dlx/`: answers and statistics
//! exactly as Knuth's DLX1, DLX2 and DLX3 give them
//! (`data/reference/instances.tsv`) on the dancing-links engine, and the nodes
//! of DLX1 and DLX3 on the bitset engine.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use quadrille::dlx::{Config, Engine, Problem, Solver, Stats, knuth};

use crate::data;

fn problem(name: &str) -> Problem {
    knuth::read(&data::read(&format!("dlx/{name}.dlx"))).unwrap().problem
}

/// Every solution, each as its option lines sorted, and the statistics, on the
/// dancing-links engine.
fn solve(problem: &Problem) -> (BTreeSet<Vec<String>>, Stats) {
    solve_on(problem, Engine::Links)
}

fn solve_on(problem: &Problem, engine: Engine) -> (BTreeSet<Vec<String>>, Stats) {
    let mut solver = Solver::with_config(problem, Config::new().engine(engine));
    let mut all = BTreeSet::new();
    solver.visit(|solution| {
        assert!(problem.is_solution(solution), "not a solution: {solution:?}");
        let mut lines: Vec<String> = solution.iter().map(|&o| problem.format_option(o)).collect();
        lines.sort();
        assert!(all.insert(lines), "a solution was reported twice");
        ControlFlow::Continue(())
    });
    (all, solver.stats())
}

/// Knuth's statistics for an instance under one of his programs; a cleansing
/// count that is not known is zero (DLX1 does none).
fn knuth_stats(file: &str, program: &str) -> Stats {
    let [solutions, nodes, updates, cleansings] = data::figures(file, program);
    Stats {
        nodes: nodes.unwrap(),
        updates: updates.unwrap(),
        cleansings: cleansings.unwrap_or(0),
        solutions: solutions.unwrap(),
    }
}

#[test]
fn knuth_toy() {
    let (solutions, stats) = solve(&problem("knuth_toy"));
    let expected: BTreeSet<Vec<String>> = [vec!["A D".into(), "B G".into(), "C E F".into()]].into();
    assert_eq!(solutions, expected);
    assert_eq!(stats, knuth_stats("knuth_toy", "dlx1"));
}

#[test]
fn knuth_toy_with_colors() {
    let parsed = knuth::read(&data::read("dlx/knuth_toy_colors.dlx")).unwrap();
    // DLX2 ignores the option `X:0 Y:1`, which has no primary item.
    assert_eq!(parsed.warnings.len(), 1);
    let (solutions, stats) = solve(&parsed.problem);
    let expected: BTreeSet<Vec<String>> = [vec!["A C X:1 Y:1".into(), "B X:1".into()]].into();
    assert_eq!(solutions, expected);
    assert_eq!(stats, knuth_stats("knuth_toy_colors", "dlx2"));
}

#[test]
fn pentominoes_in_a_6x10_box() {
    let problem = problem("pentomino_6x10");
    let (solutions, stats) = solve(&problem);
    let dlx1 = knuth_stats("pentomino_6x10", "dlx1");
    assert_eq!(stats, dlx1);
    assert_eq!(solutions.len() as u64, stats.solutions);
    // Every solution places the twelve pieces once each.
    assert!(solutions.iter().all(|s| s.len() == 12));
    // The bitset engine: the same solutions, and DLX1's statistics (it does
    // the links' work, each option committed in one sweep).
    let (bits, stats) = solve_on(&problem, Engine::Bits);
    assert_eq!(bits, solutions);
    assert_eq!(stats, dlx1);
}

/// DLX3's own example: bounds on a primary item, and colours.
#[test]
fn knuth_toy_with_bounds() {
    let problem = problem("knuth_toy_bounds");
    let c = problem.item_named("C").unwrap();
    assert_eq!(problem.bounds(c), (2, 3));
    let (solutions, stats) = solve(&problem);
    // The solution DLX3's introduction gives.
    let expected: BTreeSet<Vec<String>> = [vec!["A C X:1 Y:1".into(), "B X:1".into(), "C Y:1".into()]].into();
    assert_eq!(solutions, expected);
    let dlx3 = knuth_stats("knuth_toy_bounds", "dlx3");
    assert_eq!(stats, dlx3);
    // The bitset engine: the same solution, DLX3's nodes.
    let (bits, stats) = solve_on(&problem, Engine::Bits);
    assert_eq!(bits, solutions);
    assert_eq!((stats.nodes, stats.solutions), (dlx3.nodes, dlx3.solutions));
}

/// Packings with several copies of each piece (items `2|I` …) and Knuth's
/// motley dissections (items `1:k|x1` …): DLX3's statistics on the links,
/// its nodes on the bitset engine.
#[test]
fn tetrominoes_with_multiplicities() {
    use quadrille::dlx::Parallel;
    for name in ["tetrominoes_twice_8x5", "tetrominoes_12_8x6", "motley_6x6"] {
        let problem = problem(name);
        let dlx3 = knuth_stats(name, "dlx3");
        for engine in [Engine::Links, Engine::Bits] {
            let config = Config::new().engine(engine);
            let mut solver = Solver::with_config(&problem, config.clone());
            let mut valid = true;
            solver.visit(|s| {
                valid &= problem.is_solution(s);
                ControlFlow::Continue(())
            });
            assert!(valid, "{name}: a solution breaks the bounds");
            let expected = solver.stats();
            assert_eq!((expected.nodes, expected.solutions), (dlx3.nodes, dlx3.solutions), "{name} on {engine}");
            if engine == Engine::Links {
                assert_eq!(expected, dlx3, "{name}");
            }
            // Threads and shards add up to the serial search.
            let parallel = Parallel::new(&problem).config(config);
            assert_eq!(parallel.clone().threads(2).count().unwrap(), expected, "{name} on 2 threads, {engine}");
            for of in [3, 16] {
                let total: Stats =
                    (0..of).map(|i| parallel.clone().threads(2).shard(i, of).unwrap().count().unwrap()).sum();
                assert_eq!(total, expected, "{name} in {of} shards, {engine}");
            }
        }
    }
}

#[test]
fn the_data_round_trips_through_knuths_format() {
    for name in ["knuth_toy", "knuth_toy_colors", "knuth_toy_bounds", "pentomino_6x10", "tetrominoes_twice_8x5"] {
        let problem = problem(name);
        let again = Problem::from_knuth(&problem.to_knuth()).unwrap();
        assert_eq!(again, problem, "{name}");
    }
}

/// The pentomino count split into K shards, as K machines would run it, adds up
/// to the serial search exactly: solutions, nodes and updates. Seven shards
/// (not a power of two) and 64; one and two shards, each a whole pentomino
/// search more with the engine's debug assertions on, are left to the
/// engine's property test of shards (1 to 7 of them, against the serial
/// search, on random problems).
#[test]
fn pentomino_shards_add_up() {
    use quadrille::dlx::Parallel;
    let problem = problem("pentomino_6x10");
    let serial = knuth_stats("pentomino_6x10", "dlx1");
    let links = Parallel::new(&problem).config(Config::new().engine(Engine::Links));
    assert_eq!(links.clone().threads(2).count().unwrap(), serial);
    for of in [7, 64] {
        let total: Stats = (0..of).map(|i| links.clone().threads(2).shard(i, of).unwrap().count().unwrap()).sum();
        assert_eq!(total, serial, "{of} shards");
    }
    // On the bitset engine, DLX1's nodes and solutions.
    let bits = Parallel::new(&problem).config(Config::new().engine(Engine::Bits));
    let total: Stats = (0..7).map(|i| bits.clone().threads(2).shard(i, 7).unwrap().count().unwrap()).sum();
    assert_eq!((total.nodes, total.solutions), (serial.nodes, serial.solutions), "7 shards");
}

/// A monitor sees the statistics of serial and parallel searches, and stops them.
#[test]
fn a_monitor_watches_and_stops_a_search() {
    use std::sync::Arc;

    use quadrille::dlx::{Monitor, Parallel, REPORT_EVERY, REPORT_UPDATES};
    let problem = problem("pentomino_6x10");

    let stopped = Arc::new(Monitor::new());
    stopped.stop();
    let mut solver = Solver::with_config(&problem, Config::new().monitor(Some(stopped.clone())));
    let partial = solver.count();
    assert!(solver.interrupted());
    // The first report comes after REPORT_EVERY nodes or REPORT_UPDATES
    // updates, whichever is first.
    let at = solver.stats();
    assert!(at.nodes <= REPORT_EVERY, "stops at the first report: {at:?}");
    assert!(at.nodes == REPORT_EVERY || at.updates >= REPORT_UPDATES, "stops at the first report: {at:?}");
    assert_eq!(stopped.stats(), solver.stats());
    assert!(partial < 2339);
    // The interrupted solver is whole again: a new search counts everything.
    solver.set_config(Config::new());
    assert_eq!(solver.count(), 2339);
    assert!(!solver.interrupted());

    let watching = Arc::new(Monitor::new());
    let stats =
        Parallel::new(&problem).threads(2).config(Config::new().monitor(Some(watching.clone()))).count().unwrap();
    assert_eq!(watching.stats(), stats);
    assert_eq!(stats.solutions, 2339);
    assert_eq!(watching.fraction(), 1.0);

    let stopped = Arc::new(Monitor::new());
    stopped.stop();
    let partial =
        Parallel::new(&problem).threads(2).config(Config::new().monitor(Some(stopped.clone()))).count().unwrap();
    assert!(partial.nodes < 909_153 && stopped.is_stopped());
}
