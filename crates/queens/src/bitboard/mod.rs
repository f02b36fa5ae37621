//! The search on bit masks: listing solutions, and counting them with symmetry.
//!
//! Bit `c` of a mask stands for column `c`. Going down one row, a queen's attack
//! along a diagonal moves one column left or right, so the diagonals under attack
//! are two masks that shift by one bit per row; the free squares of a row are
//! `!(cols | left | right)`, and `avail & avail.wrapping_neg()` takes the lowest,
//! which lists solutions in lexicographic order.
//!
//! # Counting
//!
//! [`count`] does not walk through every solution. Each solution has exactly one
//! queen on each border line (the first and last row, the first and last column);
//! those four queens (three when one sits in a corner) make its *constellation*.
//! The eight symmetries of the board permute constellations, and symmetric
//! constellations have equally many completions, so it suffices to complete one
//! constellation of each class and weight its count by the size of the class.
//! Placing the border queens first also prunes the search early: every row starts
//! with the columns and diagonals of all four already taken.
//!
//! Within a constellation the rows are not filled top to bottom: the search keeps
//! the diagonals as masks over the whole board and always fills the row with the
//! fewest free squares next, after checking that no open row or column has been
//! left without one (the same rule Dancing Links follows, on bit masks). The
//! search tree is less than half the size it has row by row (2.4 times smaller
//! for n = 14).
//!
//! The number of unique solutions follows from Burnside's lemma: the classes
//! number the average count of solutions each symmetry leaves unchanged. No
//! reflection leaves a solution unchanged (for `n ≥ 2`), so
//! `unique = (total + F₁₈₀ + 2·F₉₀) / 8`, where F₁₈₀ and F₉₀ count the solutions
//! that a half turn and a quarter turn leave unchanged. Those are found by a small
//! search that places whole orbits of queens at once.
//!
//! The constellations are independent tasks, run on the current rayon thread pool.
//!
//! The module has one file per job: [`visit`] and [`first`] list solutions
//! (`lister.rs`); [`count`] and [`count_shard`] are the counting API (`count.rs`);
//! the constellations and their search live in `constellation.rs`, and the
//! counter of solutions a turn leaves unchanged in `invariant.rs`.
//!
//! ```
//! use std::ops::ControlFlow;
//! use quadrille_queens::bitboard;
//!
//! let counts = bitboard::count(10)?;
//! assert_eq!((counts.total, counts.unique), (724, 92));
//!
//! let mut listed = 0;
//! bitboard::visit(10, |_cols| {
//!     listed += 1;
//!     ControlFlow::Continue(())
//! })?;
//! assert_eq!(listed, 724);
//! assert_eq!(bitboard::first(8)?, Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod constellation;
mod count;
mod invariant;
mod lister;

pub use count::{Counts, ShardCounts, count, count_on_this_thread, count_shard};
pub use lister::{Masks, first, visit, visit_watched, walk};

/// The mask of an `n`-column row.
fn full_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}
