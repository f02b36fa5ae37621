//! Listing solutions in lexicographic order, row by row on shifting masks.

use std::ops::ControlFlow;

use quadrille_dlx::Monitor;

use super::full_mask;
use crate::{Error, MAX_SEARCH_N, POLL_EVERY, check_size};

/// Lists solutions in lexicographic order.
struct Lister<'v, V> {
    n: usize,
    /// Looked at every [`POLL_EVERY`] placements: the search stops once it is stopped.
    monitor: Option<&'v Monitor>,
    /// Placements tried so far.
    nodes: u64,
    full: u64,
    queens: Vec<usize>,
    visitor: &'v mut V,
    visited: u64,
}

impl<V: FnMut(&[usize]) -> ControlFlow<()>> Lister<'_, V> {
    fn place(&mut self, row: usize, left: u64, right: u64, cols: u64) -> ControlFlow<()> {
        if row == self.n {
            self.visited += 1;
            return (self.visitor)(&self.queens);
        }
        let mut avail = self.full & !(left | right | cols);
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            self.nodes += 1;
            if self.nodes % POLL_EVERY == 0 && self.monitor.is_some_and(Monitor::is_stopped) {
                return ControlFlow::Break(());
            }
            self.queens[row] = bit.trailing_zeros() as usize;
            self.place(row + 1, (left | bit) << 1, (right | bit) >> 1, cols | bit)?;
        }
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
pub fn visit_watched<V>(n: usize, monitor: Option<&Monitor>, mut visitor: V) -> Result<u64, Error>
where
    V: FnMut(&[usize]) -> ControlFlow<()>,
{
    check_size(n, MAX_SEARCH_N, "the bitboard search")?;
    let mut lister =
        Lister { n, monitor, nodes: 0, full: full_mask(n), queens: vec![0; n], visitor: &mut visitor, visited: 0 };
    let _ = lister.place(0, 0, 0, 0);
    Ok(lister.visited)
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
