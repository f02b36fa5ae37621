//! The engine on Knuth's instances: counting, single thread. Each measured closure
//! checks its answer, so a fast wrong answer cannot pass. `tetrominoes_12_8x6`
//! and the motley dissections have bounds on their primary items (Knuth's DLX3
//! figures: all of them on the links, the nodes on the bitset engine).
//!
//! `sudoku_6x6_all.dlx` (28,200,960 solutions) takes too long for repeated
//! sampling; time it with `quadrille solve sudoku_6x6_all.dlx --count --stats
//! --threads 1` (and `--threads 2`).

use criterion::{Criterion, criterion_group, criterion_main};
use quadrille::dlx::sweep::Sweep;
use quadrille::dlx::{Config, Engine, MinCost, Parallel, Problem, Solver, Stats};
use quadrille::pack::{Packing, Spec, builtin};
use quadrille::queens::model::{CoverModel, Order};
use quadrille_testing::data;

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
    let dlx1 = Stats { nodes: 909_153, updates: 310_816_489, cleansings: 0, solutions: 2339 };
    group.bench_function("count", |b| {
        let mut solver = Solver::with_config(&pentominoes, Config::new().engine(Engine::Links));
        b.iter(|| {
            assert_eq!(solver.count(), 2339);
            assert_eq!(solver.stats(), dlx1);
        })
    });
    // The default engine's count split into subproblems, on one thread (the
    // split's cost) and on two (the speed-up).
    for threads in [1, 2] {
        group.bench_function(format!("count_split_{threads}_threads"), |b| {
            b.iter(|| {
                let stats = Parallel::new(&pentominoes).threads(threads).count().unwrap();
                assert_eq!((stats.nodes, stats.solutions), (dlx1.nodes, dlx1.solutions));
            })
        });
    }
    group.finish();

    // Bounds (Knuth's DLX3): twelve tetrominoes, several of each, in an 8×6
    // box; the motley dissections of Knuth's motley-dlx. `count` is the
    // links engine, `count_bits` the bitset engine.
    for name in ["tetrominoes_12_8x6", "motley_6x6", "motley_7x7"] {
        let bounded = problem(name);
        let [solutions, nodes, updates, cleansings] = data::figures(name, "dlx3");
        let expected = Stats {
            nodes: nodes.unwrap(),
            updates: updates.unwrap(),
            cleansings: cleansings.unwrap_or(0),
            solutions: solutions.unwrap(),
        };
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.bench_function("count", |b| {
            let mut solver = Solver::with_config(&bounded, Config::new().engine(Engine::Links));
            b.iter(|| {
                solver.count();
                assert_eq!(solver.stats(), expected);
            })
        });
        group.bench_function("count_bits", |b| {
            let mut solver = Solver::with_config(&bounded, Config::new().engine(Engine::Bits));
            b.iter(|| {
                solver.count();
                assert_eq!((solver.stats().nodes, solver.stats().solutions), (expected.nodes, expected.solutions));
            })
        });
        group.finish();
    }
}

/// Langford pairs of `1..=n` (a pairing and its reverse counted once: the 1s
/// start in the left half), as Knuth's generators make them.
fn langford(n: usize) -> Problem {
    let mut b = Problem::builder();
    let numbers: Vec<_> = (1..=n).map(|k| b.primary(&format!("{k}")).unwrap()).collect();
    let slots: Vec<_> = (0..2 * n).map(|i| b.primary(&format!("s{i}")).unwrap()).collect();
    for k in 1..=n {
        for i in 0..2 * n - k - 1 {
            if k > 1 || i < n - 1 {
                b.option([numbers[k - 1], slots[i], slots[i + k + 1]]).unwrap();
            }
        }
    }
    b.build().unwrap()
}

/// The engines side by side, one thread, counting all solutions, on the shapes
/// of problem their speed was tuned on: each closure checks the published
/// count (`data/reference/counts.tsv`, OEIS A000170), and the nodes of the
/// bitset engine against the links engine's; then the sweep, and whatever
/// the count front (`front::Search::count`) picks (the sweep on the packings, bits on the others).
fn engines(c: &mut Criterion) {
    let lookup = |table: &str, key: &str| {
        let row = data::table(table).into_iter().find(|row| row[0] == key).expect("a row");
        data::number(&row[1]).expect("a number")
    };
    let count = |name: &str| lookup("counts", name);
    let pentominoes_5x12 = {
        let spec = Spec::parse(&builtin::description("pentominoes", Some("5x12")).unwrap()).unwrap();
        Packing::new(&spec).unwrap().problem().clone()
    };
    let instances = [
        ("pentomino_6x10", problem("pentomino_6x10"), count("pentominoes_6x10_unique")),
        ("pentominoes_5x12", pentominoes_5x12, count("pentominoes_5x12")),
        ("langford_12", langford(12), count("langford_12")),
        ("queens_13", CoverModel::new(13, Order::OrganPipe).unwrap().problem().clone(), lookup("queens_oeis", "13")),
    ];
    for (name, problem, solutions) in instances {
        let nodes = {
            let mut links = Solver::with_config(&problem, Config::new().engine(Engine::Links));
            links.count();
            links.stats().nodes
        };
        let mut group = c.benchmark_group(format!("engines {name}"));
        group.sample_size(10);
        for engine in [Engine::Links, Engine::Cells, Engine::Bits, Engine::Auto] {
            group.bench_function(engine.name(), |b| {
                let mut solver = Solver::with_config(&problem, Config::new().engine(engine));
                b.iter(|| {
                    assert_eq!(solver.count(), solutions);
                    if solver.engine() != Engine::Cells {
                        assert_eq!(solver.stats().nodes, nodes);
                    }
                })
            });
        }
        // The sweep, which counts alone, and the front's count on one thread
        // (its probe, estimates and choice included).
        let sweep = Sweep::new(&problem).unwrap();
        group.bench_function("sweep", |b| {
            b.iter(|| assert_eq!(sweep.count(1, None).unwrap().solutions_u64(), Some(solutions)))
        });
        group.bench_function("counter", |b| {
            b.iter(|| {
                let counted = quadrille::dlx::Search::new(&problem).threads(1).count().unwrap();
                assert_eq!(counted.solutions_u64(), Some(solutions), "{name}");
            })
        });
        group.finish();
    }
}

/// The cheapest packings of `pentomino_6x10_costs.dlx`, one thread, against the
/// costs of `data/reference/costs.tsv`: on each engine (ties resolved by option
/// numbers), and on the links with DLX5's own cut-off (its nodes).
fn min_cost(c: &mut Criterion) {
    let problem = problem("pentomino_6x10_costs");
    let mut group = c.benchmark_group("pentomino_6x10_costs");
    group.sample_size(10);
    for row in data::table("costs").into_iter().filter(|row| row[0] == "pentomino_6x10_costs") {
        let k: usize = row[1].parse().unwrap();
        let costs: Vec<u64> = row[2].split(',').map(|c| c.parse().unwrap()).collect();
        for engine in [Engine::Links, Engine::Bits] {
            group.bench_function(format!("best_{k}_{engine}"), |b| {
                b.iter(|| assert_eq!(MinCost::new(&problem).engine(engine).best(k).unwrap().costs(), costs))
            });
        }
        let nodes = data::number(&row[3]);
        group.bench_function(format!("best_{k}_knuth_cutoff"), |b| {
            b.iter(|| {
                let best = MinCost::new(&problem).engine(Engine::Links).knuth_cutoff(true).best(k).unwrap();
                assert_eq!(best.costs(), costs);
                assert_eq!(Some(best.stats.nodes), nodes);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, knuth_instances, engines, min_cost);
criterion_main!(benches);
