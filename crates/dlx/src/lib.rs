//! Exact cover by Knuth's Dancing Links.
//!
//! An exact-cover problem has **items** and **options**, each option a set of
//! items. A **solution** is a set of options that covers every *primary* item
//! exactly once and every *secondary* item at most once. Secondary items may also
//! take **colours**: options that give a secondary item the same colour may be
//! chosen together (exact cover with colours, XCC). This crate solves such
//! problems with Knuth's Algorithm X (DLX1) and Algorithm C (DLX2) from *The Art
//! of Computer Programming*, Volume 4B, section 7.2.2.1.
//!
//! # A tour
//!
//! Knuth's toy problem: seven primary items `A`–`G` and six options.
//!
//! ```
//! use std::ops::ControlFlow;
//! use quadrille_dlx::{Problem, Solver};
//!
//! let mut b = Problem::builder();
//! let [a, bb, c, d, e, f, g] = ["A", "B", "C", "D", "E", "F", "G"].map(|n| b.primary(n).unwrap());
//! b.option([c, e, f])?;
//! b.option([a, d, g])?;
//! b.option([bb, c, f])?;
//! b.option([a, d])?;
//! b.option([bb, g])?;
//! b.option([d, e, g])?;
//! let problem = b.build()?;
//!
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.count(), 1);
//! // Statistics are counted exactly as Knuth's DLX1 counts them.
//! assert_eq!(solver.stats().nodes, 6);
//! assert_eq!(solver.stats().updates, 30);
//!
//! // Every solution, without allocating: the options chosen, level by level.
//! solver.visit(|solution| {
//!     let lines: Vec<String> = solution.iter().map(|&o| problem.format_option(o)).collect();
//!     assert_eq!(lines, ["A D", "C E F", "B G"]);
//!     ControlFlow::Continue(())
//! });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Colours: the same toy problem as Knuth gives it for DLX2, read from his text
//! format. `X` and `Y` are secondary; two options may share one only if they give
//! it the same colour.
//!
//! ```
//! use quadrille_dlx::{Problem, Solver};
//!
//! let problem = Problem::from_knuth(
//!     "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n",
//! )?;
//! let mut solver = Solver::new(&problem);
//! let solution = solver.first().expect("a solution");
//! let lines: Vec<String> = solution.iter().map(|&o| problem.format_option(o)).collect();
//! assert_eq!(lines, ["A C X:1 Y:1", "B X:1"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Known choices can be **committed** before the search (sudoku givens, say), and
//! undone with [`Solver::reset`] without rebuilding anything:
//!
//! ```
//! use quadrille_dlx::{OptionId, Problem, Solver};
//!
//! let problem = Problem::from_knuth("A B\nA\nB\nA B\n")?;
//! let mut solver = Solver::new(&problem);
//! assert_eq!(solver.count(), 2); // {A, B} and {A B}
//! solver.commit(OptionId(0))?; // option `A`
//! assert_eq!(solver.count(), 1);
//! assert!(solver.commit(OptionId(2)).is_err()); // `A B` conflicts with `A`
//! solver.reset();
//! assert_eq!(solver.count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The pieces
//!
//! - [`ProblemBuilder`] and [`Problem`]: items, options, colours; checked as they come.
//! - [`Solver`]: count, first, all (an [`Iterator`] or a zero-allocation visitor),
//!   a limit in [`Config`], [`Stats`].
//! - [`Solver::visit_traced`]: the search's every step as an [`Event`], to watch it work.
//! - [`knuth`]: Knuth's text format, read and written.
//! - [`parallel`]: counting on many threads, and in shards across machines.
#![deny(missing_docs)]

mod links;
mod monitor;
mod problem;
mod solver;
mod trace;

pub mod knuth;
pub mod parallel;

pub use knuth::ParseError;
pub use monitor::{Monitor, REPORT_EVERY};
pub use parallel::{Parallel, ParallelError};
pub use problem::{BuildError, Color, Item, OptionId, Problem, ProblemBuilder};
pub use solver::{CommitError, Config, Solutions, Solver, Stats};
pub use trace::Event;
