//! Listing solutions in lexicographic order, row by row on shifting masks.
//!
//! Row `r` sees three masks of the columns its queens cannot take: `cols`,
//! the columns taken; `left`, the diagonals going down to the left
//! (a queen's bit shifted left one place a row); `right`, those going down
//! to the right (shifted right). The free squares are the bits in none of
//! them. It walks the tree of the boolean-array search
//! ([`crate::backtrack`]) in the same order, so a trace ([`walk`], with
//! [`Masks`]) has the same steps.

use std::ops::ControlFlow;

use quadrille_dlx::Monitor;

use super::full_mask;
use crate::backtrack::Step;
use crate::{Error, MAX_SEARCH_N, POLL_EVERY, Tally, check_size};

/// The masks of a row, as the search sees them at a step: bit `c` stands
/// for column `c`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Masks {
    /// The columns taken by the queens above.
    pub cols: u64,
    /// The squares of this row on a diagonal going down to the left from a
    /// queen above.
    pub left: u64,
    /// The squares of this row on a diagonal going down to the right from a
    /// queen above.
    pub right: u64,
}

impl Masks {
    /// The free squares of the row (`n` columns): in none of the masks.
    pub fn free(&self, n: usize) -> u64 {
        full_mask(n) & !(self.cols | self.left | self.right)
    }
}

/// Lists solutions in lexicographic order, calling `trace` at each step
/// (`()`-like closures that do nothing compile away).
struct Lister<'v, V, T> {
    n: usize,
    /// Looked at every [`POLL_EVERY`] placements: the search stops once it is stopped.
    monitor: Option<&'v Monitor>,
    /// Placements tried so far.
    nodes: u64,
    full: u64,
    queens: Vec<usize>,
    visitor: &'v mut V,
    trace: &'v mut T,
    visited: u64,
}

impl<V: FnMut(&[usize]) -> ControlFlow<()>, T: FnMut(Step, Masks)> Lister<'_, V, T> {
    fn place(&mut self, row: usize, left: u64, right: u64, cols: u64) -> ControlFlow<()> {
        if row == self.n {
            self.visited += 1;
            return (self.visitor)(&self.queens);
        }
        let masks = Masks { cols, left, right };
        let mut avail = self.full & !(left | right | cols);
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            self.nodes += 1;
            if self.nodes % POLL_EVERY == 0 && self.monitor.is_some_and(Monitor::is_stopped) {
                return ControlFlow::Break(());
            }
            let col = bit.trailing_zeros() as usize;
            self.queens[row] = col;
            (self.trace)(Step::Place { row, col }, masks);
            self.place(row + 1, (left | bit) << 1, (right | bit) >> 1, cols | bit)?;
            (self.trace)(Step::Remove { row, col }, masks);
        }
        (self.trace)(Step::DeadEnd { row }, masks);
        ControlFlow::Continue(())
    }
}

/// Calls `visitor` with each solution for an `n`×`n` board (`n ≤ 64`) in
/// lexicographic order, until it returns `Break`. Returns the number of solutions
/// visited.
pub fn visit<V>(n: usize, visitor: V) -> Result<u64, Error>
where
    V: FnMut(&[usize]) -> ControlFlow<()>,
{
    visit_watched(n, None, visitor)
}

/// As [`visit`], stopping early (as if `visitor` had broken) once `monitor` is
/// stopped: it is looked at every few thousand squares tried, so the search
/// hears it within a millisecond however far apart the solutions are.
pub fn visit_watched<V>(n: usize, monitor: Option<&Monitor>, visitor: V) -> Result<u64, Error>
where
    V: FnMut(&[usize]) -> ControlFlow<()>,
{
    Ok(walk(n, monitor, visitor, |_, _| {})?.solutions)
}

/// As [`visit_watched`], also calling `trace` with every step of the search
/// (the steps of [`crate::backtrack::visit_traced`], in the same order, not
/// those that unwind it after `visitor` breaks) and the row's [`Masks`]
/// there; returns the solutions and the nodes (see [`Tally::nodes`]). A
/// trace that does nothing costs nothing: the search is compiled for it.
///
/// ```
/// use std::ops::ControlFlow;
/// use quadrille_queens::backtrack::Step;
/// use quadrille_queens::bitboard::{self, Masks};
///
/// let mut steps = Vec::new();
/// let tally = bitboard::walk(4, None, |_| ControlFlow::Continue(()), |step, masks| steps.push((step, masks)))?;
/// assert_eq!(tally.solutions, 2);
/// // The first queen in column 0; in row 1, column 0 is taken and column 1
/// // is on its diagonal: the queen goes to column 2.
/// assert_eq!(steps[0], (Step::Place { row: 0, col: 0 }, Masks::default()));
/// assert_eq!(steps[1], (Step::Place { row: 1, col: 2 }, Masks { cols: 0b1, left: 0b10, right: 0 }));
/// assert_eq!(steps[1].1.free(4), 0b1100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn walk<V, T>(n: usize, monitor: Option<&Monitor>, mut visitor: V, mut trace: T) -> Result<Tally, Error>
where
    V: FnMut(&[usize]) -> ControlFlow<()>,
    T: FnMut(Step, Masks),
{
    check_size(n, MAX_SEARCH_N, "the bitboard search")?;
    let mut lister = Lister {
        n,
        monitor,
        nodes: 0,
        full: full_mask(n),
        queens: vec![0; n],
        visitor: &mut visitor,
        trace: &mut trace,
        visited: 0,
    };
    let _ = lister.place(0, 0, 0, 0);
    Ok(Tally { solutions: lister.visited, nodes: lister.nodes + 1 })
}

/// The lexicographically first solution for an `n`×`n` board (`n ≤ 64`), if any.
/// For some boards beyond 30 this takes very long; [`crate::construct`] is instant.
pub fn first(n: usize) -> Result<Option<Vec<usize>>, Error> {
    let mut found = None;
    visit(n, |cols| {
        found = Some(cols.to_vec());
        ControlFlow::Break(())
    })?;
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::oeis;

    #[test]
    fn listing_matches_oeis_and_is_lexicographic() {
        for (n, total, _) in oeis(10) {
            let mut previous: Option<Vec<usize>> = None;
            let mut seen = 0;
            let listed = visit(n, |cols| {
                assert!(crate::construct::is_solution(cols));
                if let Some(p) = &previous {
                    assert!(p.as_slice() < cols);
                }
                previous = Some(cols.to_vec());
                seen += 1;
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!((listed, seen), (total, total), "n = {n}");
        }
    }

    /// The trace is the boolean-array search's, step for step, and at each
    /// step the masks hold exactly the squares of the row that the queens
    /// placed attack (by column, and by each diagonal); both count the
    /// same nodes, and the untraced walk too.
    #[test]
    fn the_trace_is_the_boolean_arrays_search() {
        for n in 0..=9 {
            let mut reference = Vec::new();
            let tally = crate::backtrack::walk(n, None, |_| ControlFlow::Continue(()), |s| reference.push(s)).unwrap();
            let mut steps = Vec::new();
            let mut queens: Vec<usize> = Vec::new();
            let traced = walk(
                n,
                None,
                |_| ControlFlow::Continue(()),
                |step, masks| {
                    let row = match step {
                        Step::Place { row, .. } | Step::Remove { row, .. } | Step::DeadEnd { row } => row,
                    };
                    if let Step::Remove { .. } | Step::DeadEnd { .. } = step {
                        queens.truncate(row);
                    }
                    assert_eq!(queens.len(), row, "n = {n}, {step}");
                    let (mut cols, mut left, mut right) = (0u64, 0u64, 0u64);
                    for (r, &c) in queens.iter().enumerate() {
                        cols |= 1 << c;
                        // Down to the left: column c + (row - r); to the right: c - (row - r).
                        if c + (row - r) < 64 {
                            left |= 1 << (c + (row - r));
                        }
                        if let Some(to) = c.checked_sub(row - r) {
                            right |= 1 << to;
                        }
                    }
                    let full = super::full_mask(n);
                    assert_eq!(masks.cols, cols, "n = {n}, {step}");
                    assert_eq!(masks.left & full, left & full, "n = {n}, {step}");
                    assert_eq!(masks.right, right, "n = {n}, {step}");
                    if let Step::Place { col, .. } = step {
                        assert!(masks.free(n) & (1 << col) != 0);
                        queens.push(col);
                    }
                    steps.push(step);
                },
            )
            .unwrap();
            assert_eq!(steps, reference, "n = {n}");
            assert_eq!(traced, tally, "n = {n}");
            let quiet = walk(n, None, |_| ControlFlow::Continue(()), |_, _| {}).unwrap();
            assert_eq!(quiet, tally, "n = {n}");
        }
    }

    #[test]
    fn first_and_limits() {
        // The first solutions in lexicographic order, from the reference search.
        for n in [0, 3, 4, 8, 12] {
            let reference = crate::backtrack::solutions(n).unwrap().into_iter().next();
            assert_eq!(first(n).unwrap(), reference, "n = {n}");
        }
        let twenty = first(20).unwrap().unwrap();
        assert!(crate::construct::is_solution(&twenty));
        assert!(matches!(visit(65, |_| ControlFlow::Continue(())), Err(Error::TooLarge { .. })));
        let mut seen = 0;
        let visited = visit(8, |_| {
            seen += 1;
            if seen == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        })
        .unwrap();
        assert_eq!((seen, visited), (3, 3));
    }
}
