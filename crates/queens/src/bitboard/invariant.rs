//! The solutions a half turn or a quarter turn leaves unchanged, for Burnside's
//! count of unique solutions.

use quadrille_dlx::Monitor;

use crate::POLL_EVERY;

/// A rotation of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Turn {
    /// 180 degrees.
    Half,
    /// 90 degrees (and so also 180 and 270).
    Quarter,
}

/// Counts the solutions that a turn leaves unchanged, by placing each queen with
/// its images under the turn. Stops early, with part of the count, once
/// `monitor` is stopped (it is looked at every [`POLL_EVERY`] squares tried).
pub(super) fn count_invariant(n: usize, turn: Turn, monitor: Option<&Monitor>) -> u64 {
    struct Board<'m> {
        n: usize,
        turn: Turn,
        monitor: Option<&'m Monitor>,
        /// Squares tried, and whether the monitor was found stopped.
        nodes: u64,
        stopped: bool,
        rows: u64,
        cols: u64,
        diagonals: u128,
        anti_diagonals: u128,
    }
    impl Board<'_> {
        /// Puts a queen on (r, c) if no queen attacks it; says whether it did.
        fn try_place(&mut self, r: usize, c: usize) -> bool {
            let diagonal = 1u128 << (r + self.n - 1 - c);
            let anti_diagonal = 1u128 << (r + c);
            if self.rows & (1 << r) != 0
                || self.cols & (1 << c) != 0
                || self.diagonals & diagonal != 0
                || self.anti_diagonals & anti_diagonal != 0
            {
                return false;
            }
            self.rows |= 1 << r;
            self.cols |= 1 << c;
            self.diagonals |= diagonal;
            self.anti_diagonals |= anti_diagonal;
            true
        }

        fn remove(&mut self, r: usize, c: usize) {
            self.rows &= !(1 << r);
            self.cols &= !(1 << c);
            self.diagonals &= !(1u128 << (r + self.n - 1 - c));
            self.anti_diagonals &= !(1u128 << (r + c));
        }

        /// The orbit of (r, c): its distinct images under the turn's group.
        fn orbit(&self, r: usize, c: usize) -> ([(usize, usize); 4], usize) {
            let m = self.n - 1;
            let cells = match self.turn {
                Turn::Half => [(r, c), (m - r, m - c), (r, c), (r, c)],
                Turn::Quarter => [(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            };
            // The orbit is one cell (the centre) or all distinct.
            let len = if cells[1] == (r, c) {
                1
            } else {
                match self.turn {
                    Turn::Half => 2,
                    Turn::Quarter => 4,
                }
            };
            (cells, len)
        }

        fn fill(&mut self, from_row: usize) -> u64 {
            let mut r = from_row;
            while r < self.n && self.rows & (1 << r) != 0 {
                r += 1;
            }
            if r == self.n {
                return 1;
            }
            let mut total = 0;
            for c in 0..self.n {
                self.nodes += 1;
                if self.nodes % POLL_EVERY == 0 && self.monitor.is_some_and(Monitor::is_stopped) {
                    self.stopped = true;
                }
                if self.stopped {
                    return total;
                }
                let (cells, len) = self.orbit(r, c);
                let mut placed = 0;
                while placed < len && self.try_place(cells[placed].0, cells[placed].1) {
                    placed += 1;
                }
                if placed == len {
                    total += self.fill(r + 1);
                }
                for &(pr, pc) in cells[..placed].iter().rev() {
                    self.remove(pr, pc);
                }
            }
            total
        }
    }
    Board { n, turn, monitor, nodes: 0, stopped: false, rows: 0, cols: 0, diagonals: 0, anti_diagonals: 0 }.fill(0)
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;
    use crate::symmetry::Symmetry;

    /// The reference search's solutions that a turn leaves unchanged.
    #[test]
    fn invariant_counts_agree_with_the_reference_search() {
        for n in 4..11 {
            let (mut half, mut quarter) = (0, 0);
            crate::backtrack::visit(n, |cols| {
                half += u64::from(Symmetry::Rotate180.apply(cols).unwrap() == cols);
                quarter += u64::from(Symmetry::Rotate90.apply(cols).unwrap() == cols);
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(count_invariant(n, Turn::Half, None), half, "n = {n}");
            assert_eq!(count_invariant(n, Turn::Quarter, None), quarter, "n = {n}");
        }
    }
}
