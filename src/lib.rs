//! Quadrille: exact cover with Knuth's Dancing Links.
//!
//! This umbrella crate re-exports the member crates so that one dependency gives
//! the whole toolkit:
//!
//! - [`dlx`]: the exact-cover engine (items, options, colours, Algorithm X and C);
//! - [`queens`]: N-Queens as a cover problem, plus backtracking and bitboard solvers;
//! - [`sudoku`]: sudoku of any box size on the same engine;
//! - [`pack`]: polyomino and polycube packing in Knuth's description language.
#![deny(missing_docs)]

pub use quadrille_dlx as dlx;
pub use quadrille_pack as pack;
pub use quadrille_queens as queens;
pub use quadrille_sudoku as sudoku;

/// The README's examples, run as doctests so they cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
