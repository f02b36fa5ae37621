//! Sudoku of every size from 4×4 to 25×25, solved by the Dancing Links engine of
//! [`quadrille_dlx`].
//!
//! A sudoku is an exact-cover problem: every cell holds one digit, and every row,
//! column and box holds every digit once. [`Model`] builds that problem once per
//! size; a puzzle is the same problem with its givens **committed** before the
//! search, so a [`SudokuSolver`] answers puzzle after puzzle without rebuilding
//! or copying anything. [`Reader`] reads puzzles from text a line at a time (the
//! one-line and the grid layouts), and [`Batch`] answers them on many threads in
//! their order. The crate does no I/O.
//!
//! Variants are [`Regions`]: the boxes or a jigsaw layout, and extra regions (the
//! diagonals of sudoku X, the windows of hyper sudoku, or any cells);
//! [`Model::with_regions`] builds their problem once, [`SudokuSolver::solve_in`]
//! solves in it, and [`Rules`] tell a [`Reader`] which model each puzzle gets.
//! [`svg()`] draws a puzzle and its solution.
//!
//! ```
//! use quadrille_sudoku::{Alphabet, Grid, Status, SudokuSolver, Task};
//!
//! let puzzle = Grid::parse(
//!     "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
//! )?;
//! let mut solver = SudokuSolver::new();
//! let answer = solver.solve(&puzzle, Task::Check)?;
//! assert_eq!(answer.status(), Status::Solved); // one solution, and only one
//! let solution = answer.solution.expect("solved");
//! assert!(solution.solves(&puzzle));
//! assert_eq!(
//!     solution.to_line(Alphabet::OneBased),
//!     "987654321246173985351928746128537694634892157795461832519286473472319568863745219",
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Invalid puzzles are errors that name the culprit, never puzzles without a
//! solution:
//!
//! ```
//! use quadrille_sudoku::{Grid, SudokuSolver, Task};
//!
//! let puzzle = Grid::parse("1..1............")?; // 4×4, two 1s in the first row
//! let error = SudokuSolver::new().solve(&puzzle, Task::Check).unwrap_err();
//! assert_eq!(error.to_string(), "r1c1 and r1c4 both hold 1");
//! assert_eq!(Grid::parse("1..x............").unwrap_err().to_string(), "line 1, column 4: bad character 'x'");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod batch;
mod error;
mod grid;
mod model;
mod read;
mod regions;
mod solve;
mod svg;

pub use batch::Batch;
pub use error::Error;
pub use grid::{Alphabet, Cell, Grid, Size};
pub use model::Model;
pub use read::{Entry, Layout, ReadConfig, Reader};
pub use regions::{Extra, ExtraKind, Regions, Rules};
pub use solve::{Answer, Status, SudokuSolver, Task};
pub use svg::{svg, svg_text};
