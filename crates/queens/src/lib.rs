//! N-Queens: place `n` queens on an `n`×`n` board so that no two attack each other.
//!
//! This crate solves the puzzle four ways, each the right tool for a different job:
//!
//! - [`model`]: Knuth's exact-cover formulation, fed to the `quadrille-dlx` engine.
//!   It writes exactly the input of Knuth's `queens-dlx` generator, in his
//!   organ-pipe or natural order, so the engine's statistics can be checked against
//!   his DLX1.
//! - [`backtrack`]: the textbook row-by-row search with three boolean arrays
//!   (columns and both diagonal directions). It is slow and obviously right, and the
//!   other solvers are tested against it. It can report every step it takes.
//! - [`bitboard`]: the same search on bit masks, for listing solutions (n ≤ 64),
//!   and a counter that uses the board's eight symmetries and all cores to count
//!   total and essentially distinct ("unique") solutions.
//! - [`construct`]: one solution for any `n` by an explicit formula, with an O(n)
//!   checker that names the queens that attack each other.
//!
//! [`solve`] chooses among them for the job at hand and lists or counts as asked
//! (unique solutions, limits, threads, shards, a traced search); [`symmetry`] has
//! the eight symmetries of the square, canonical forms and the list of unique
//! solutions; [`render`] writes solutions as boards, LeetCode's lists, columns,
//! JSON or an SVG picture.
//!
//! A placement is a slice of columns, one per row, counted from 0:
//! `[1, 3, 0, 2]` is the first solution for `n = 4`.
//!
//! ```
//! use std::ops::ControlFlow;
//! use quadrille_queens::{backtrack, bitboard, construct, model::{CoverModel, Order}};
//!
//! // The reference search lists the solutions in lexicographic order.
//! let mut solutions = Vec::new();
//! backtrack::visit(4, |cols| {
//!     solutions.push(cols.to_vec());
//!     ControlFlow::Continue(())
//! })?;
//! assert_eq!(solutions, [[1, 3, 0, 2], [2, 0, 3, 1]]);
//!
//! // Knuth's cover model on the Dancing Links engine agrees, and counts as DLX1 does.
//! let model = CoverModel::new(8, Order::OrganPipe)?;
//! let links = quadrille_dlx::Config::new().engine(quadrille_dlx::Engine::Links);
//! let mut solver = quadrille_dlx::Solver::with_config(model.problem(), links);
//! assert_eq!(solver.count(), 92);
//! assert_eq!((solver.stats().nodes, solver.stats().updates), (1_049, 16_680));
//!
//! // The bitboard counter gives the total and the number of unique solutions.
//! let counts = bitboard::count(8)?;
//! assert_eq!((counts.total, counts.unique), (92, 12));
//!
//! // One solution for a large board, checked in linear time.
//! let cols = construct::solution(1_000).expect("a solution exists for n ≥ 4");
//! assert!(construct::is_solution(&cols));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod backtrack;
pub mod bitboard;
pub mod construct;
pub mod model;
pub mod render;
pub mod solve;
pub mod symmetry;

mod error;

pub use error::Error;

/// The largest board the backtracking and bitboard searches accept: their masks
/// are 64 bits wide, and larger boards could not be listed in any useful time.
pub const MAX_SEARCH_N: usize = 64;

/// How often (in squares tried) the searches look whether their monitor was
/// stopped: as often as the engine looks ([`quadrille_dlx::REPORT_EVERY`]
/// nodes), well under a millisecond apart.
const POLL_EVERY: u64 = quadrille_dlx::REPORT_EVERY;

/// What a row-by-row search ([`backtrack::walk`], [`bitboard::walk`]) did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// The solutions visited.
    pub solutions: u64,
    /// The nodes of the search tree as Knuth counts them: one each time the
    /// search enters a row, the root included (one more than the queens
    /// placed; a full board, a solution, is a node too). Both searches walk
    /// the same tree, so they count the same.
    pub nodes: u64,
}

/// The largest board the counter accepts: the count for `n = 29` would not fit in
/// 64 bits (and would take years).
pub const MAX_COUNT_N: usize = 28;

/// The largest board for which [`model::CoverModel`] builds its `n²` options.
pub const MAX_MODEL_N: usize = 1_000;

/// The largest board [`construct::solution`] builds.
pub const MAX_CONSTRUCT_N: usize = 100_000_000;

/// Checks that `n` is at most `max`, naming `what` in the error.
pub(crate) fn check_size(n: usize, max: usize, what: &'static str) -> Result<(), Error> {
    if n > max { Err(Error::TooLarge { n, max, what }) } else { Ok(()) }
}

/// What the unit tests share: the repository's reference tables.
#[cfg(test)]
pub(crate) mod test_support {
    use quadrille_testing::data;

    /// OEIS A000170 and A002562 from `data/reference/queens_oeis.tsv`: the board
    /// size, the number of solutions and of unique solutions, for `n` up to
    /// `max_n`, with the empty board's one solution first.
    pub(crate) fn oeis(max_n: usize) -> Vec<(usize, u64, u64)> {
        let mut counts = vec![(0, 1, 1)];
        for row in data::table("queens_oeis") {
            let n: usize = row[0].parse().expect("a board size");
            if n <= max_n {
                counts.push((n, data::number(&row[1]).unwrap(), data::number(&row[2]).unwrap()));
            }
        }
        assert_eq!(counts.len(), max_n + 1, "the table lists every n up to {max_n}");
        counts
    }
}
