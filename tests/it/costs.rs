//! Minimum-cost exact cover against Knuth's DLX5 (`data/reference/costs.tsv`) and
//! against brute force on small random problems.

use std::ops::ControlFlow;

use proptest::prelude::*;
use quadrille::dlx::{Engine, Item, MinCost, OptionId, Problem, Solver, Stats};
use quadrille_testing::oracle::{Shape, Spec, by_cost, problems};

/// The engines of the costs search, each forced.
const ENGINES: [Engine; 3] = [Engine::Links, Engine::Bits, Engine::Auto];

use crate::data;

fn problem(name: &str) -> Problem {
    Problem::from_knuth(&data::read(&format!("dlx/{name}.dlx"))).unwrap()
}

/// A row of `costs.tsv`.
struct Row {
    file: String,
    k: usize,
    costs: Vec<u64>,
    /// DLX5's nodes, updates and solutions met, each `None` where not known.
    dlx5: [Option<u64>; 3],
}

fn reference() -> Vec<Row> {
    data::table("costs")
        .into_iter()
        .map(|row| Row {
            file: row[0].clone(),
            k: row[1].parse().unwrap(),
            costs: row[2].split(',').map(|c| c.parse().unwrap()).collect(),
            dlx5: [data::number(&row[3]), data::number(&row[4]), data::number(&row[5])],
        })
        .collect()
}

/// With Knuth's cut-off the links' search is DLX5's: the same costs, nodes,
/// updates and solutions met.
#[test]
fn knuth_cutoff_equals_dlx5() {
    for Row { file, k, costs, dlx5: [nodes, updates, solutions] } in reference() {
        let problem = problem(&file);
        let best = MinCost::new(&problem).engine(Engine::Links).knuth_cutoff(true).best(k).unwrap();
        assert_eq!(best.costs(), costs, "{file} k={k}");
        let expected = Stats {
            nodes: nodes.unwrap_or(best.stats.nodes),
            updates: updates.unwrap_or(best.stats.updates),
            cleansings: 0,
            solutions: solutions.unwrap_or(best.stats.solutions),
        };
        assert_eq!(best.stats, expected, "{file} k={k}");
        for solution in &best.solutions {
            assert!(problem.is_solution(&solution.options));
            assert_eq!(solution.cost, solution.options.iter().map(|&o| problem.cost(o)).sum::<u64>());
        }
    }
}

/// The default cut-off, on one thread and on two, finds the same costs, and the
/// same solutions on any number of threads and any engine.
#[test]
fn ties_resolved_alike_on_any_number_of_threads() {
    for Row { file, k, costs, .. } in reference() {
        let problem = problem(&file);
        let one = MinCost::new(&problem).engine(Engine::Links).best(k).unwrap();
        assert_eq!(one.costs(), costs, "{file} k={k}");
        for engine in ENGINES {
            for threads in [1, 2] {
                let other = MinCost::new(&problem).engine(engine).threads(threads).best(k).unwrap();
                assert_eq!(other.solutions, one.solutions, "{file} k={k} {engine} threads={threads}");
            }
            let knuth_two = MinCost::new(&problem).engine(engine).knuth_cutoff(true).threads(2).best(k).unwrap();
            assert_eq!(knuth_two.costs(), costs, "{file} k={k} {engine}");
        }
    }
}

/// Random problems with costs: up to 12 options, each costing up to 1 to 12.
fn spec() -> impl Strategy<Value = Spec> {
    problems(Shape::costed())
}

fn build(spec: &Spec) -> Problem {
    spec.build()
}

/// Every solution with its cost, by cost and then by the sorted option
/// numbers: brute force, knowing nothing of links, taxes or cut-offs.
fn oracle(spec: &Spec) -> Vec<(u64, Vec<u32>)> {
    by_cost(spec)
}

fn numbers(options: &[OptionId]) -> Vec<u32> {
    options.iter().map(|o| o.0).collect()
}

proptest! {
    /// The K best, for K = 1..5, on each engine: exactly the oracle's first K
    /// solutions by default, on one thread and on two; the same costs with
    /// Knuth's cut-off; every solution handed to a visitor is one, at its cost.
    #[test]
    fn best_k_agrees_with_brute_force(spec in spec()) {
        let problem = build(&spec);
        let all = oracle(&spec);
        for (k, engine) in (1..=5).flat_map(|k| ENGINES.map(|e| (k, e))) {
            let expected: Vec<(u64, Vec<u32>)> = all.iter().take(k).cloned().collect();
            let best = MinCost::new(&problem).engine(engine).best(k).unwrap();
            let got: Vec<(u64, Vec<u32>)> = best.solutions.iter().map(|s| (s.cost, numbers(&s.options))).collect();
            prop_assert_eq!(&got, &expected, "k = {}, {}", k, engine);
            let two = MinCost::new(&problem).engine(engine).threads(2).best(k).unwrap();
            prop_assert_eq!(&two.solutions, &best.solutions);
            let mut visited = Vec::new();
            let knuth = MinCost::new(&problem).engine(engine).knuth_cutoff(true).visit(k, |cost, solution| {
                visited.push((cost, solution.to_vec()));
                ControlFlow::Continue(())
            }).unwrap();
            prop_assert_eq!(knuth.costs(), best.costs());
            for (cost, solution) in visited {
                prop_assert!(problem.is_solution(&solution));
                prop_assert_eq!(cost, solution.iter().map(|&o| problem.cost(o)).sum::<u64>());
            }
        }
    }
}

/// Random problems whose options cost 0 or 1, so that many solutions share a
/// cost.
fn tied_spec() -> impl Strategy<Value = Spec> {
    spec().prop_map(|mut spec| {
        for cost in &mut spec.costs {
            *cost %= 2;
        }
        spec
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Where many solutions tie, the answer, costs and options, is the
    /// oracle's first K (by cost, then by sorted option numbers) on 1, 2 and 4
    /// threads.
    #[test]
    fn ties_agree_with_brute_force_on_1_2_and_4_threads(spec in tied_spec(), k in 1usize..=6) {
        let problem = build(&spec);
        let expected: Vec<(u64, Vec<u32>)> = oracle(&spec).into_iter().take(k).collect();
        for (threads, engine) in [1, 2, 4].into_iter().flat_map(|t| ENGINES.map(|e| (t, e))) {
            let best = MinCost::new(&problem).engine(engine).threads(threads).best(k).unwrap();
            let got: Vec<(u64, Vec<u32>)> = best.solutions.iter().map(|s| (s.cost, numbers(&s.options))).collect();
            prop_assert_eq!(&got, &expected, "threads = {}, {}", threads, engine);
        }
    }
}

/// A tie below a purified colour (a case `best_k_agrees_with_brute_force`
/// found): an option that brings a partial solution to the cut-off exactly
/// agrees with the colour `s1:c0` purified above it, but that purification,
/// made when the option cost too much to be tried, left it unmarked; searching
/// below the tie must not purify `s1` a second time. Against the oracle, for
/// K = 1..5, on one thread and on two.
#[test]
fn a_tie_below_a_purified_colour() {
    let spec = Spec {
        n_primary: 3,
        n_secondary: 3,
        bounds: vec![(1, 1); 3],
        options: vec![
            vec![(1, None), (4, Some(0))],
            vec![(0, None), (1, None)],
            vec![(0, None), (2, None)],
            vec![(2, None), (4, Some(0))],
            vec![(0, None), (4, Some(0))],
            vec![(0, None), (2, None)],
        ],
        costs: vec![1, 1, 0, 3, 0, 0],
        declared: false,
    };
    let problem = build(&spec);
    let all = oracle(&spec);
    for k in 1..=5 {
        let expected: Vec<(u64, Vec<u32>)> = all.iter().take(k).cloned().collect();
        for (threads, engine) in [1, 2].into_iter().flat_map(|t| ENGINES.map(|e| (t, e))) {
            let best = MinCost::new(&problem).engine(engine).threads(threads).best(k).unwrap();
            let got: Vec<(u64, Vec<u32>)> = best.solutions.iter().map(|s| (s.cost, numbers(&s.options))).collect();
            assert_eq!(got, expected, "k = {k}, threads = {threads}, {engine}");
        }
    }
}

/// Knuth's pentomino packing with its costs taken modulo 4, so that each cost
/// is shared by dozens of its 2,339 solutions: the ten best, on 1, 2 and 4
/// threads, are the first ten of all the solutions (enumerated by the plain
/// solver) in order of cost and sorted option numbers.
#[test]
fn many_ties_on_pentominoes_alike_on_1_2_and_4_threads() {
    let text: String = data::read("dlx/pentomino_6x10_costs.dlx")
        .lines()
        .map(|line| match line.split_once(" |") {
            Some((option, cost)) if !line.starts_with('|') => {
                format!("{option} |{}\n", cost.trim().parse::<u64>().unwrap() % 4)
            }
            _ => format!("{line}\n"),
        })
        .collect();
    let problem = Problem::from_knuth(&text).unwrap();
    let mut all: Vec<(u64, Vec<u32>)> = Solver::new(&problem)
        .solutions()
        .map(|solution| {
            let mut options = numbers(&solution);
            options.sort_unstable();
            (solution.iter().map(|&o| problem.cost(o)).sum(), options)
        })
        .collect();
    assert_eq!(all.len(), 2339);
    all.sort();
    let expected = &all[..10];
    // The tenth cost is shared with solutions left out: the tie rule matters.
    assert_eq!(all[10].0, expected[9].0);
    for (threads, engine) in [1, 2, 4].into_iter().flat_map(|t| ENGINES.map(|e| (t, e))) {
        let best = MinCost::new(&problem).engine(engine).threads(threads).best(10).unwrap();
        let got: Vec<(u64, Vec<u32>)> = best.solutions.iter().map(|s| (s.cost, numbers(&s.options))).collect();
        assert_eq!(got, expected, "threads = {threads}, {engine}");
    }
}

/// All permutations of `0..n`, by Heap's algorithm.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    fn heap(k: usize, p: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if k <= 1 {
            out.push(p.clone());
            return;
        }
        for i in 0..k {
            heap(k - 1, p, out);
            let j = if k % 2 == 0 { i } else { 0 };
            p.swap(j, k - 1);
        }
    }
    let mut out = Vec::new();
    heap(n, &mut (0..n).collect(), &mut out);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random n×n assignment problems: the best three costs are those of the
    /// cheapest permutations.
    #[test]
    fn assignment_agrees_with_every_permutation(
        (n, costs) in (1usize..=8).prop_flat_map(|n| (Just(n), proptest::collection::vec(0u64..100, n * n)))
    ) {
        let mut b = Problem::builder();
        let rows: Vec<Item> = (0..n).map(|i| b.primary(&format!("r{i}")).unwrap()).collect();
        let cols: Vec<Item> = (0..n).map(|j| b.primary(&format!("c{j}")).unwrap()).collect();
        for i in 0..n {
            for j in 0..n {
                let option = b.option([rows[i], cols[j]]).unwrap();
                b.set_cost(option, costs[i * n + j]).unwrap();
            }
        }
        let problem = b.build().unwrap();
        let mut all: Vec<u64> =
            permutations(n).iter().map(|p| (0..n).map(|i| costs[i * n + p[i]]).sum()).collect();
        all.sort();
        let expected: Vec<u64> = all.into_iter().take(3).collect();
        for engine in ENGINES {
            prop_assert_eq!(MinCost::new(&problem).engine(engine).best(3).unwrap().costs(), expected.clone());
            let knuth = MinCost::new(&problem).engine(engine).knuth_cutoff(true).threads(2).best(3).unwrap();
            prop_assert_eq!(knuth.costs(), expected.clone());
        }
    }
}

/// Costs are read, summed and written back as Knuth writes them.
#[test]
fn costs_round_trip_through_knuths_format() {
    let text = "a b | x\na b |3 |4\na x:1\nb |0\n";
    let problem = Problem::from_knuth(text).unwrap();
    let costs: Vec<u64> = problem.options().map(|o| problem.cost(o)).collect();
    assert_eq!(costs, [7, 0, 0]);
    assert!(problem.has_costs());
    assert_eq!(problem.to_knuth(), "a b | x\na b |7\na x:1\nb\n");
    assert_eq!(Problem::from_knuth(&problem.to_knuth()).unwrap(), problem);
    let without = Problem::from_knuth("a b | x\na b\na x:1\nb\n").unwrap();
    assert!(!without.has_costs());
    assert_ne!(without, problem);
}

/// Colours with costs: Knuth's toy problem with colours, costs added, against
/// DLX5's figures for it (`dlx5 k3 d0`: 3 solutions, 6 nodes, 14 updates,
/// 5 cleansings; best costs 5, 6, 8).
#[test]
fn colours_with_costs_equal_dlx5() {
    let text = "A B C | X Y\nA B X:0 Y:0 |3\nA C X:1 Y:1 |1\nX:0 Y:1 |2\nB X:1 |5\nC Y:1 |4\nB |7\nC |2\nA |6\n";
    let problem = Problem::from_knuth(text).unwrap();
    let best = MinCost::new(&problem).engine(Engine::Links).knuth_cutoff(true).best(3).unwrap();
    assert_eq!(best.costs(), [5, 6, 8]);
    assert_eq!(best.stats, Stats { nodes: 6, updates: 14, cleansings: 5, solutions: 3 });
}
