//! N-Queens as one exact-cover problem, straight on the engine.
//!
//! Knuth's formulation: the rows `r0..` and columns `c0..` are primary items
//! (each gets exactly one queen); the diagonals `a0..` (row + column) and
//! `b0..` (n − 1 − row + column) are secondary (at most one queen each). A queen
//! on a cell is the option of its row, column and two diagonals. The
//! `quadrille-queens` crate builds the same problem in Knuth's exact item order,
//! with faster special-purpose counters beside it.
//!
//! ```sh
//! cargo run --release --example queens -- 10
//! ```

use std::io::Write;

use quadrille::dlx::{BuildError, OptionId, Problem, Solver};

/// The problem for an n×n board; option `n * row + column` is the queen on that cell.
pub fn queens(n: usize) -> Result<Problem, BuildError> {
    let mut b = Problem::builder();
    let rows = (0..n).map(|i| b.primary(&format!("r{i}"))).collect::<Result<Vec<_>, _>>()?;
    let cols = (0..n).map(|j| b.primary(&format!("c{j}"))).collect::<Result<Vec<_>, _>>()?;
    let sums = (0..2 * n - 1).map(|d| b.secondary(&format!("a{d}"))).collect::<Result<Vec<_>, _>>()?;
    let diffs = (0..2 * n - 1).map(|d| b.secondary(&format!("b{d}"))).collect::<Result<Vec<_>, _>>()?;
    for i in 0..n {
        for j in 0..n {
            b.option([rows[i], cols[j], sums[i + j], diffs[n - 1 - i + j]])?;
        }
    }
    b.build()
}

/// The board of a solution, a row of `Q` and `.` per line.
pub fn board(n: usize, solution: &[OptionId]) -> String {
    let mut squares = vec![vec!['.'; n]; n];
    for &o in solution {
        squares[o.index() / n][o.index() % n] = 'Q';
    }
    squares.into_iter().map(|row| row.into_iter().collect::<String>() + "\n").collect()
}

/// Prints the count and the first board; returns the count.
pub fn run(n: usize, out: &mut impl Write) -> Result<u64, Box<dyn std::error::Error>> {
    let problem = queens(n)?;
    let mut solver = Solver::new(&problem);
    let count = solver.count();
    let stats = solver.stats();
    writeln!(out, "{n} queens: {count} solutions ({} nodes, {} updates)", stats.nodes, stats.updates)?;
    if let Some(solution) = solver.first() {
        write!(out, "{}", board(n, &solution))?;
    }
    Ok(count)
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n = match std::env::args().nth(1) {
        Some(arg) => arg.parse().map_err(|_| format!("`{arg}` is not a board size"))?,
        None => 8,
    };
    if !(1..=16).contains(&n) {
        return Err("choose a board size from 1 to 16 (counting beyond takes long)".into());
    }
    run(n, &mut std::io::stdout().lock())?;
    Ok(())
}
