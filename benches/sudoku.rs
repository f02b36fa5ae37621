//! Benchmarks (sudoku): µs per puzzle with uniqueness checked (the search stops
//! at a second solution), on one thread, over the public collections; and a batch
//! on one and two threads.
//!
//! Criterion reports a throughput in puzzles per second; µs per puzzle is its
//! inverse. Every measured run checks its answers, so a fast wrong answer fails.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use data::read;
use quadrille::dlx::Engine;
use quadrille::sudoku::{Alphabet, Batch, Entry, Grid, ReadConfig, Reader, Status, SudokuSolver, Task};
use quadrille_testing::data;

/// Every `step`-th entry of a collection, at most `max`.
fn sample(file: &str, step: usize, max: usize) -> Vec<Entry> {
    Reader::read_all(&read(&format!("sudoku/{file}.txt")), ReadConfig::new())
        .into_iter()
        .step_by(step)
        .take(max)
        .collect()
}

fn grids(entries: &[Entry]) -> Vec<Grid> {
    entries.iter().map(|e| e.puzzle.clone().expect("well-formed puzzles")).collect()
}

/// Checks every puzzle, counting those whose answer has the expected status.
fn check_all(solver: &mut SudokuSolver, puzzles: &[Grid], expected: Status) -> usize {
    puzzles
        .iter()
        .filter(|p| solver.solve(black_box(p), Task::Check).expect("valid puzzles").status() == expected)
        .count()
}

fn collections(c: &mut Criterion) {
    // (file, every how many puzzles, at most how many, the expected status)
    let sets = [
        ("17_clue", 49, 1000, Status::Solved),
        ("top1465", 1, 1465, Status::Solved),
        ("forum_hardest_1905_11plus", 97, 500, Status::Solved),
        ("forum_hardest_1106", 1, 375, Status::Solved),
        ("serg_benchmark", 10, 1000, Status::Multiple),
    ];
    let mut group = c.benchmark_group("sudoku check, one thread");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    for (file, step, max, expected) in sets {
        let puzzles = grids(&sample(file, step, max));
        let mut solver = SudokuSolver::new();
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(file, |b| {
            b.iter(|| assert_eq!(check_all(&mut solver, &puzzles, expected), puzzles.len()));
        });
    }
    group.finish();
}

fn batch_threads(c: &mut Criterion) {
    let entries = sample("top1465", 1, 1465);
    let mut group = c.benchmark_group("sudoku batch top1465");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(entries.len() as u64));
    for threads in [1, 2] {
        let mut batch = Batch::new(threads);
        group.bench_function(format!("{threads} thread{}", if threads == 1 { "" } else { "s" }), |b| {
            b.iter(|| {
                let answers = batch.solve(black_box(&entries), Task::Check, Alphabet::OneBased);
                assert!(answers.iter().all(|a| a.as_ref().is_ok_and(|a| a.status() == Status::Solved)));
            });
        });
    }
    group.finish();
}

/// Minimal 16×16 puzzles on each engine: the links engine, and the bitset
/// engine (which the default picks for 9×9 but not for 16×16, whose frames are
/// larger). Each answer is checked against the puzzle's givens and rules, and
/// the two engines must agree.
fn sixteen(c: &mut Criterion) {
    let puzzles = grids(&sample("minimal_16x16", 1, 40));
    let mut group = c.benchmark_group("sudoku 16x16 check, one thread");
    group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    let solve = |engine: Engine| {
        let mut solver = SudokuSolver::with_engine(engine);
        let answers: Vec<Grid> = puzzles
            .iter()
            .map(|p| {
                let answer = solver.solve(black_box(p), Task::Check).expect("valid puzzles");
                assert_eq!(answer.status(), Status::Solved);
                let solution = answer.solution.expect("a solution");
                assert!(solution.solves(p));
                solution
            })
            .collect();
        answers
    };
    let expected = solve(Engine::Links);
    for engine in [Engine::Links, Engine::Bits] {
        group.bench_function(engine.name(), |b| b.iter(|| assert_eq!(solve(engine), expected)));
    }
    group.finish();
}

criterion_group!(benches, collections, batch_threads, sixteen);
criterion_main!(benches);
