//! The reference search: row by row, with three boolean arrays.
//!
//! A queen in row `r` and column `c` takes column `c`, the diagonal `r - c + n - 1`
//! and the anti-diagonal `r + c`. The search puts a queen in the first free column
//! of row 0, then of row 1, and so on; when a row has no free column it goes back
//! and moves the queen of the row above. Solutions come out in lexicographic order.
//!
//! This is the oracle the faster solvers are tested against, so it is written to be
//! read, not to be fast.
//!
//! ```
//! use std::ops::ControlFlow;
//! use quadrille_queens::backtrack::{self, Step};
//!
//! let mut steps = Vec::new();
//! let mut first = None;
//! backtrack::visit_traced(
//!     4,
//!     |cols| {
//!         first = Some(cols.to_vec());
//!         ControlFlow::Break(())
//!     },
//!     |step| steps.push(step),
//! )?;
//! assert_eq!(first, Some(vec![1, 3, 0, 2]));
//! assert_eq!(steps[0], Step::Place { row: 0, col: 0 });
//! assert_eq!(steps[2], Step::DeadEnd { row: 2 });
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;

use bitvec::vec::BitVec;
use quadrille_dlx::Monitor;

use crate::{Error, MAX_SEARCH_N, POLL_EVERY, Tally, check_size};

/// One step of the search, for watching it work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A queen is put on a free square.
    Place {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        col: usize,
    },
    /// A queen is taken back off, to try the next column of its row.
    Remove {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        col: usize,
    },
    /// Every column of this row has been tried: go back to the row above.
    DeadEnd {
        /// The row, from 0.
        row: usize,
    },
}

/// The trace's text: `[1][2] = true` when a queen is placed, `= false` when it
/// is taken back, and a line for each row whose columns are used up.
impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Step::Place { row, col } => write!(f, "[{row}][{col}] = true"),
            Step::Remove { row, col } => write!(f, "[{row}][{col}] = false"),
            Step::DeadEnd { row: 0 } => write!(f, "row 0: no more columns, the search is over"),
            Step::DeadEnd { row } => write!(f, "row {row}: no more columns, back to row {}", row - 1),
        }
    }
}

/// The board: where the queens are and which lines they attack.
struct Board<'m> {
    n: usize,
    /// Looked at every [`POLL_EVERY`] placements: the search stops once it is stopped.
    monitor: Option<&'m Monitor>,
    /// Squares tried so far.
    nodes: u64,
    /// Queens placed so far.
    placed: u64,
    queens: Vec<usize>,
    /// `cols[c]`: column `c` has a queen.
    cols: BitVec,
    /// `diags1[r - c + n - 1]`: that diagonal has a queen.
    diags1: BitVec,
    /// `diags2[r + c]`: that anti-diagonal has a queen.
    diags2: BitVec,
}

impl<'m> Board<'m> {
    fn new(n: usize, monitor: Option<&'m Monitor>) -> Board<'m> {
        let n_diagonals = (2 * n).saturating_sub(1);
        Board {
            n,
            monitor,
            nodes: 0,
            placed: 0,
            queens: Vec::with_capacity(n),
            cols: BitVec::repeat(false, n),
            diags1: BitVec::repeat(false, n_diagonals),
            diags2: BitVec::repeat(false, n_diagonals),
        }
    }

    fn is_free(&self, row: usize, col: usize) -> bool {
        !self.cols[col] && !self.diags1[row + self.n - 1 - col] && !self.diags2[row + col]
    }

    fn set(&mut self, row: usize, col: usize, queen: bool) {
        let n = self.n;
        self.cols.set(col, queen);
        self.diags1.set(row + n - 1 - col, queen);
        self.diags2.set(row + col, queen);
    }

    /// Fills rows `row..n` in every possible way.
    fn solve<V, T>(&mut self, row: usize, visitor: &mut V, trace: &mut T) -> ControlFlow<()>
    where
        V: FnMut(&[usize]) -> ControlFlow<()>,
        T: FnMut(Step),
    {
        if row == self.n {
            return visitor(&self.queens);
        }
        for col in 0..self.n {
            self.nodes += 1;
            if self.nodes % POLL_EVERY == 0 && self.monitor.is_some_and(Monitor::is_stopped) {
                return ControlFlow::Break(());
            }
            if self.is_free(row, col) {
                self.set(row, col, true);
                self.queens.push(col);
                self.placed += 1;
                trace(Step::Place { row, col });
                let flow = self.solve(row + 1, visitor, trace);
                self.queens.pop();
                self.set(row, col, false);
                flow?;
                trace(Step::Remove { row, col });
            }
        }
        trace(Step::DeadEnd { row });
        ControlFlow::Continue(())
    }
}

/// Calls `visitor` with each solution for an `n`×`n` board in lexicographic order,
/// until it returns `Break`. Returns the number of solutions visited.
pub fn visit<V>(n: usize, visitor: V) -> Result<u64, Error>
where
    V: FnMut(&[usize]) -> ControlFlow<()>,
{
    visit_traced(n, visitor, |_| {})
}

/// As [`visit`], also calling `trace` with every [`Step`] of the search (not the
/// steps that unwind it after `visitor` breaks).
pub fn visit_traced<V, T>(n: usize, visitor: V, trace: T) -> Result<u64, Error>
where
    V: FnMut(&[usize]) -> ControlFlow<()>,
    T: FnMut(Step),
{
    visit_watched(n, None, visitor, trace)
}

/// As [`visit_traced`], stopping early (as if `visitor` had broken) once
/// `monitor` is stopped: it is looked at every few thousand squares tried, so
/// the search hears it within a millisecond however far apart the solutions are.
pub fn visit_watched<V, T>(n: usize, monitor: Option<&Monitor>, visitor: V, trace: T) -> Result<u64, Error>
where
    V: FnMut(&[usize]) -> ControlFlow<()>,
    T: FnMut(Step),
{
    Ok(walk(n, monitor, visitor, trace)?.solutions)
}

/// As [`visit_watched`], returning the nodes of the search too: one for
/// each row entered, the root included (see [`Tally::nodes`]).
///
/// ```
/// use std::ops::ControlFlow;
/// use quadrille_queens::backtrack;
///
/// // 4 queens: the root and 16 queens placed; 2 full boards among them.
/// let tally = backtrack::walk(4, None, |_| ControlFlow::Continue(()), |_| {})?;
/// assert_eq!((tally.solutions, tally.nodes), (2, 17));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn walk<V, T>(n: usize, monitor: Option<&Monitor>, mut visitor: V, mut trace: T) -> Result<Tally, Error>
where
    V: FnMut(&[usize]) -> ControlFlow<()>,
    T: FnMut(Step),
{
    check_size(n, MAX_SEARCH_N, "the backtracking search")?;
    let mut visited = 0;
    let mut board = Board::new(n, monitor);
    let _ = board.solve(
        0,
        &mut |cols: &[usize]| {
            visited += 1;
            visitor(cols)
        },
        &mut trace,
    );
    Ok(Tally { solutions: visited, nodes: board.placed + 1 })
}

/// Every solution for an `n`×`n` board, in lexicographic order.
pub fn solutions(n: usize) -> Result<Vec<Vec<usize>>, Error> {
    let mut all = Vec::new();
    visit(n, |cols| {
        all.push(cols.to_vec());
        ControlFlow::Continue(())
    })?;
    Ok(all)
}

/// The number of solutions for an `n`×`n` board.
pub fn count(n: usize) -> Result<u64, Error> {
    visit(n, |_| ControlFlow::Continue(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stopped monitor ends a search that would otherwise run for hours
    /// (30 queens), long before its first solution.
    #[test]
    fn a_stopped_monitor_ends_the_search() {
        let monitor = Monitor::new();
        monitor.stop();
        let mut solutions = 0;
        let visited = visit_watched(
            30,
            Some(&monitor),
            |_| {
                solutions += 1;
                ControlFlow::Continue(())
            },
            |_| {},
        )
        .unwrap();
        assert_eq!((visited, solutions), (0, 0));
    }

    #[test]
    fn counts_small_boards() {
        for (n, total, _) in crate::test_support::oeis(9) {
            assert_eq!(count(n).unwrap(), total, "n = {n}");
        }
    }

    #[test]
    fn solutions_are_lexicographic_and_valid() {
        let all = solutions(8).unwrap();
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(all[0], [0, 4, 7, 5, 2, 6, 1, 3]);
        for cols in &all {
            for i in 0..8 {
                for j in 0..i {
                    assert_ne!(cols[i], cols[j]);
                    assert_ne!(cols[i].abs_diff(cols[j]), i - j);
                }
            }
        }
    }

    #[test]
    fn trace_places_and_removes_in_pairs() {
        let mut depth = 0i64;
        let mut dead_ends = 0;
        visit_traced(
            5,
            |_| ControlFlow::Continue(()),
            |step| match step {
                Step::Place { .. } => depth += 1,
                Step::Remove { .. } => depth -= 1,
                Step::DeadEnd { .. } => dead_ends += 1,
            },
        )
        .unwrap();
        assert_eq!(depth, 0);
        assert!(dead_ends > 0);
    }

    #[test]
    fn stops_when_told() {
        let mut seen = 0;
        let visited = visit(8, |_| {
            seen += 1;
            if seen == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        })
        .unwrap();
        assert_eq!((seen, visited), (3, 3));
        assert!(matches!(count(MAX_SEARCH_N + 1), Err(Error::TooLarge { .. })));
    }
}
