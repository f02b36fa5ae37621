//! Benchmarks (sudoku against a peer): the `sudoku` crate, a bitset solver written
//! only for 9×9 grids, and `quadrille-sudoku` on the generic engine, in one run, on
//! one thread, with uniqueness checked (both stop at a second solution), on
//! samples of the public collections.
//!
//! Criterion reports a throughput in puzzles per second; µs per puzzle is its
//! inverse. The two solvers' solutions are compared before the runs, and every
//! measured run checks its answers against them.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use quadrille::sudoku::{Alphabet, Grid, ReadConfig, Reader, SudokuSolver, Task};
use quadrille_testing::data;

/// Every `step`-th puzzle of a collection, at most `max`, as lines.
fn sample(file: &str, step: usize, max: usize) -> Vec<String> {
    Reader::read_all(&data::read(&format!("sudoku/{file}.txt")), ReadConfig::new())
        .into_iter()
        .step_by(step)
        .take(max)
        .map(|e| e.puzzle.expect("well-formed puzzles").to_line(Alphabet::OneBased))
        .collect()
}

fn peers(c: &mut Criterion) {
    // (file, every how many puzzles, at most how many)
    let sets = [("17_clue", 49, 1000), ("top1465", 1, 1465), ("forum_hardest_1905_11plus", 97, 500)];
    for (file, step, max) in sets {
        let lines = sample(file, step, max);
        let grids: Vec<Grid> = lines.iter().map(|l| Grid::parse(l).unwrap()).collect();
        let theirs: Vec<sudoku::Sudoku> = lines.iter().map(|l| sudoku::Sudoku::from_str_line(l).unwrap()).collect();
        // The expected answers: the unique solutions, on which both solvers agree.
        let mut solver = SudokuSolver::new();
        let expected: Vec<[u8; 81]> = grids
            .iter()
            .zip(&theirs)
            .map(|(grid, their)| {
                let ours = solver.solve(grid, Task::Check).unwrap().solution.unwrap();
                assert!(ours.solves(grid));
                let cells: [u8; 81] = ours.cells().try_into().unwrap();
                assert_eq!(their.solution().unwrap().to_bytes(), cells, "{file}");
                cells
            })
            .collect();
        let mut group = c.benchmark_group(format!("sudoku peers {file}"));
        group.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
        group.throughput(Throughput::Elements(lines.len() as u64));
        group.bench_function("quadrille", |b| {
            b.iter(|| {
                for (grid, expected) in grids.iter().zip(&expected) {
                    let answer = solver.solve(black_box(grid), Task::Check).unwrap();
                    assert_eq!(answer.solutions, 1);
                    assert_eq!(answer.solution.unwrap().cells(), expected);
                }
            });
        });
        group.bench_function("sudoku crate", |b| {
            b.iter(|| {
                for (their, expected) in theirs.iter().zip(&expected) {
                    let solution = black_box(*their).solution().expect("a unique solution");
                    assert_eq!(&solution.to_bytes(), expected);
                }
            });
        });
        group.finish();
    }
}

criterion_group!(benches, peers);
criterion_main!(benches);
