//! The engine on Knuth's instances: counting, single thread. Each measured closure
//! checks its answer, so a fast wrong answer cannot pass. `tetrominoes_12_8x6`
//! has bounds on its primary items (Knuth's DLX3 figures).
//!
//! `sudoku_6x6_all.dlx` (28,200,960 solutions) takes too long for repeated
//! sampling; time it with `quadrille solve sudoku_6x6_all.dlx --count --stats
//! --threads 1` (and `--threads 2`).

use criterion::{Criterion, criterion_group, criterion_main};
use quadrille::dlx::{MinCost, Parallel, Problem, Solver, Stats};

#[path = "../tests/it/data.rs"]
mod data;

fn problem(name: &str) -> Problem {
    Problem::from_knuth(&data::read(&format!("dlx/{name}.dlx"))).unwrap()
}

fn knuth_instances(c: &mut Criterion) {
    let toy = problem("knuth_toy");
    c.bench_function("knuth_toy", |b| {
        b.iter(|| {
            let mut solver = Solver::new(&toy);
            assert_eq!(solver.count(), 1);
        })
    });

    let pentominoes = problem("pentomino_6x10");
    let mut group = c.benchmark_group("pentomino_6x10");
    group.sample_size(10);
    let expected = Stats { nodes: 909_153, updates: 310_816_489, cleansings: 0, solutions: 2339 };
    group.bench_function("count", |b| {
        let mut solver = Solver::new(&pentominoes);
        b.iter(|| {
            assert_eq!(solver.count(), 2339);
            assert_eq!(solver.stats(), expected);
        })
    });
    // The same count split into subproblems, on one thread (the split's cost)
    // and on two (the speed-up).
    for threads in [1, 2] {
        group.bench_function(format!("count_split_{threads}_threads"), |b| {
            b.iter(|| assert_eq!(Parallel::new(&pentominoes).threads(threads).count().unwrap(), expected))
        });
    }
    group.finish();

    // Bounds (Knuth's DLX3): twelve tetrominoes, several of each, in an 8×6 box.
    let tetrominoes = problem("tetrominoes_12_8x6");
    let [solutions, nodes, updates, cleansings] = data::figures("tetrominoes_12_8x6", "dlx3");
    let expected = Stats {
        nodes: nodes.unwrap(),
        updates: updates.unwrap(),
        cleansings: cleansings.unwrap_or(0),
        solutions: solutions.unwrap(),
    };
    let mut group = c.benchmark_group("tetrominoes_12_8x6");
    group.sample_size(10);
    group.bench_function("count", |b| {
        let mut solver = Solver::new(&tetrominoes);
        b.iter(|| {
            solver.count();
            assert_eq!(solver.stats(), expected);
        })
    });
    group.finish();
}

/// The cheapest packings of `pentomino_6x10_costs.dlx`, one thread, against the
/// costs of `data/reference/costs.tsv`: by default (ties resolved by option
/// numbers) and with DLX5's own cut-off (its nodes and updates).
fn min_cost(c: &mut Criterion) {
    let problem = problem("pentomino_6x10_costs");
    let mut group = c.benchmark_group("pentomino_6x10_costs");
    group.sample_size(10);
    for row in data::table("costs").into_iter().filter(|row| row[0] == "pentomino_6x10_costs") {
        let k: usize = row[1].parse().unwrap();
        let costs: Vec<u64> = row[2].split(',').map(|c| c.parse().unwrap()).collect();
        group.bench_function(format!("best_{k}"), |b| {
            b.iter(|| assert_eq!(MinCost::new(&problem).best(k).unwrap().costs(), costs))
        });
        let nodes = data::number(&row[3]);
        group.bench_function(format!("best_{k}_knuth_cutoff"), |b| {
            b.iter(|| {
                let best = MinCost::new(&problem).knuth_cutoff(true).best(k).unwrap();
                assert_eq!(best.costs(), costs);
                assert_eq!(Some(best.stats.nodes), nodes);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, knuth_instances, min_cost);
criterion_main!(benches);
