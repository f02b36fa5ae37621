//! One sudoku puzzle, given on the command line, solved by the Dancing Links
//! engine and printed as a grid.
//!
//! The puzzle is a line of 16, 81, 256 or 625 cells (`.` or `0` for a blank). The
//! `quadrille-sudoku` crate turns it into an exact-cover problem (one option per
//! cell and digit; items for each cell, and each digit in each row, column and
//! box), commits the givens, and lets the engine search, stopping at a second
//! solution to tell whether the first is the only one.
//!
//! ```sh
//! cargo run --release --example sudoku -- 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! ```

use std::io::Write;

use quadrille::sudoku::{Alphabet, Grid, Status, SudokuSolver, Task};

/// Solves the puzzle and prints it, its solution and what the engine did.
/// Returns the status.
pub fn run(puzzle: &str, out: &mut impl Write) -> Result<Status, Box<dyn std::error::Error>> {
    let puzzle = Grid::parse(puzzle.trim())?;
    let mut solver = SudokuSolver::new();
    let answer = solver.solve(&puzzle, Task::Check)?;
    let mut text = String::new();
    puzzle.write_grid(Alphabet::OneBased, &mut text);
    writeln!(out, "puzzle ({} givens):\n{text}", puzzle.givens())?;
    let stats = solver.stats();
    match (answer.status(), &answer.solution) {
        (Status::None, _) => writeln!(out, "no solution")?,
        (status, Some(solution)) => {
            let mut text = String::new();
            solution.write_grid(Alphabet::OneBased, &mut text);
            let which = if status == Status::Solved { "the only solution" } else { "a solution, not the only one" };
            writeln!(out, "{which}:\n{text}")?;
        }
        (_, None) => writeln!(out, "several solutions")?,
    }
    writeln!(out, "search: {} nodes, {} updates", stats.nodes, stats.updates)?;
    Ok(answer.status())
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = std::env::args().nth(1).unwrap_or_else(|| {
        // Arto Inkala's puzzle, once called the world's hardest.
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".to_string()
    });
    run(&puzzle, &mut std::io::stdout().lock())?;
    Ok(())
}
