//! N-Queens: the counter (one thread and all cores), listing, Dancing Links on
//! Knuth's model, drawing boards, and the construction for a million queens.
//! Each measured closure checks its answer, so a fast wrong answer cannot pass.
//!
//! For n = 17 and beyond, time `quadrille queens 17 --count --json --threads 1`.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{Criterion, criterion_group, criterion_main};
use quadrille::dlx::{Config, Engine, Solver, Stats};
use quadrille::queens::model::{CoverModel, Order};
use quadrille::queens::render::{Drawing, Style};
use quadrille::queens::{backtrack, bitboard, construct};

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    for (n, total, unique) in [(12, 14_200, 1_787), (14, 365_596, 45_752), (16, 14_772_512, 1_846_955)] {
        group.bench_function(format!("n{n}_one_thread"), |b| {
            b.iter(|| {
                let counts = bitboard::count_on_this_thread(black_box(n)).unwrap();
                assert_eq!((counts.total, counts.unique), (total, unique));
            })
        });
        group.bench_function(format!("n{n}_all_cores"), |b| {
            b.iter(|| {
                let counts = bitboard::count(black_box(n)).unwrap();
                assert_eq!((counts.total, counts.unique), (total, unique));
            })
        });
    }
    group.finish();
}

fn listing(c: &mut Criterion) {
    let mut group = c.benchmark_group("list");
    group.sample_size(10);
    group.bench_function("bitboard_n12", |b| {
        b.iter(|| {
            let mut seen = 0u64;
            bitboard::visit(black_box(12), |cols| {
                seen += cols[0] as u64 + 1;
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(seen, 14_200 * 13 / 2);
        })
    });
    group.bench_function("backtrack_n10", |b| b.iter(|| assert_eq!(backtrack::count(black_box(10)).unwrap(), 724)));
    // All boards of n = 12 drawn into memory, as `quadrille queens 12` prints them.
    let drawing = Drawing::new(Style::Board, 12);
    group.bench_function("draw_boards_n12", |b| {
        let mut text = Vec::with_capacity(1 << 16);
        b.iter(|| {
            let mut bytes = 0;
            bitboard::visit(12, |cols| {
                text.clear();
                drawing.draw(cols, &mut text);
                bytes += text.len() + 1;
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(bytes, 14_200 * (12 * 13 + 1));
        })
    });
    group.finish();
}

fn dancing_links(c: &mut Criterion) {
    let mut group = c.benchmark_group("dlx");
    group.sample_size(10);
    for (n, nodes, updates) in [(12, 211_716, 3_594_752), (14, 5_474_542, 91_497_926)] {
        let model = CoverModel::new(n, Order::OrganPipe).unwrap();
        // DLX1's statistics on the links engine; its nodes on the bitset engine.
        for engine in [Engine::Links, Engine::Bits] {
            group.bench_function(format!("organ_pipe_n{n}_{engine}"), |b| {
                let mut solver = Solver::with_config(model.problem(), Config::new().engine(engine));
                b.iter(|| {
                    let solutions = solver.count();
                    let stats = solver.stats();
                    assert_eq!((stats.nodes, stats.solutions), (nodes, solutions));
                    if engine == Engine::Links {
                        assert_eq!(stats, Stats { nodes, updates, cleansings: 0, solutions });
                    }
                })
            });
        }
    }
    group.finish();
}

fn construction(c: &mut Criterion) {
    let mut group = c.benchmark_group("construct");
    group.sample_size(10);
    group.bench_function("million_build_and_check", |b| {
        b.iter(|| {
            let cols = construct::solution(black_box(1_000_000)).unwrap();
            assert!(construct::is_solution(&cols));
        })
    });
    group.finish();
}

criterion_group!(benches, counting, listing, dancing_links, construction);
criterion_main!(benches);
