//! Pages that replay a search step by step: one self-contained HTML file each
//! (its style sheet, script and data inline, nothing fetched), to open from disk
//! and step through in a browser.
//!
//! The data of a page is the real search's trace: the steps that
//! [`quadrille_queens::backtrack::visit_traced`] reports for N-Queens, and the
//! events of [`quadrille_dlx::Solver::visit_traced`] for dancing links, written
//! as JSON inside the page. The script only draws them; it searches nothing.
//!
//! ```
//! use quadrille_replay::queens;
//!
//! let trace = queens::Trace::record(4, queens::DEFAULT_STEP_LIMIT, None)?;
//! assert_eq!(trace.solutions().len(), 2);
//! assert!(!trace.is_cut());
//! let page = trace.to_html();
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! assert!(page.contains("4 queens"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod page;

pub mod dlx;
pub mod queens;

/// Why a page cannot be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The board is too large to replay.
    #[error("a replay draws boards up to {max}×{max}; n = {n} is too large")]
    BoardTooLarge {
        /// The board size asked for.
        n: usize,
        /// The largest size a page draws.
        max: usize,
    },
    /// The problem is too large to draw as a matrix.
    #[error(
        "a replay draws problems of at most {max_options} options and {max_items} items; this one has {options} options and {items} items"
    )]
    ProblemTooLarge {
        /// The problem's number of options.
        options: usize,
        /// The problem's number of items.
        items: usize,
        /// The most options a page draws.
        max_options: usize,
        /// The most items a page draws.
        max_items: usize,
    },
    /// The N-Queens model refused the board.
    #[error(transparent)]
    Queens(#[from] quadrille_queens::Error),
}
