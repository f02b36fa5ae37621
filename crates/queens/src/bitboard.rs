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
//! with the columns and diagonals of all four already taken, and the rows of the
//! two side queens are skipped.
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

use std::ops::ControlFlow;

use rayon::prelude::*;

use crate::symmetry::Symmetry;
use crate::{Error, MAX_COUNT_N, MAX_SEARCH_N, check_size};

/// The mask of an `n`-column row.
fn full_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// Lists solutions in lexicographic order.
struct Lister<'v, V> {
    n: usize,
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
            self.queens[row] = bit.trailing_zeros() as usize;
            self.place(row + 1, (left | bit) << 1, (right | bit) >> 1, cols | bit)?;
        }
        ControlFlow::Continue(())
    }
}

/// Calls `visitor` with each solution for an `n`×`n` board (`n ≤ 64`) in
/// lexicographic order, until it returns `Break`. Returns the number of solutions
/// visited.
pub fn visit<V>(n: usize, mut visitor: V) -> Result<u64, Error>
where
    V: FnMut(&[usize]) -> ControlFlow<()>,
{
    check_size(n, MAX_SEARCH_N, "the bitboard search")?;
    let mut lister = Lister { n, full: full_mask(n), queens: vec![0; n], visitor: &mut visitor, visited: 0 };
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

/// The number of solutions, and of classes of solutions under the symmetries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// All solutions (OEIS A000170).
    pub total: u64,
    /// Unique solutions: classes under rotations and reflections (OEIS A002562).
    pub unique: u64,
}

/// Counts the solutions of an `n`×`n` board (`n ≤ 28`) on the current rayon
/// thread pool (all cores, unless called inside
/// [`rayon::ThreadPool::install`]).
pub fn count(n: usize) -> Result<Counts, Error> {
    check_size(n, MAX_COUNT_N, "the counter")?;
    if n < 4 {
        return Ok(count_by_listing(n));
    }
    let tasks = constellations(n);
    let ((total, half_turn), quarter_turn) = rayon::join(
        || {
            rayon::join(
                || tasks.par_iter().map(|task| task.weight * task.count()).sum::<u64>(),
                || count_invariant(n, Turn::Half),
            )
        },
        || count_invariant(n, Turn::Quarter),
    );
    Ok(Counts { total, unique: (total + half_turn + 2 * quarter_turn) / 8 })
}

/// As [`count`], on the calling thread only.
pub fn count_on_this_thread(n: usize) -> Result<Counts, Error> {
    check_size(n, MAX_COUNT_N, "the counter")?;
    if n < 4 {
        return Ok(count_by_listing(n));
    }
    let total = constellations(n).iter().map(|task| task.weight * task.count()).sum::<u64>();
    let half_turn = count_invariant(n, Turn::Half);
    let quarter_turn = count_invariant(n, Turn::Quarter);
    Ok(Counts { total, unique: (total + half_turn + 2 * quarter_turn) / 8 })
}

/// Counts small boards by listing their solutions.
fn count_by_listing(n: usize) -> Counts {
    let mut counts = Counts::default();
    let mut check = crate::symmetry::CanonicalCheck::new();
    let _ = visit(n, |cols| {
        counts.total += 1;
        counts.unique += u64::from(check.is_canonical(cols));
        ControlFlow::Continue(())
    });
    counts
}

/// The most rows a constellation's search fills (`n - 2` for the largest `n`).
const MAX_FREE_ROWS: usize = MAX_COUNT_N - 2;

/// One class of constellations: the queens on the border lines fixed, the other
/// rows to fill.
#[derive(Clone, Debug)]
struct Task {
    /// How many constellations the class has.
    weight: u64,
    /// The columns taken by the border queens (the first and last column among them).
    cols: u64,
    /// How many rows are left to fill.
    n_free: usize,
    /// For each row left to fill (top to bottom): the squares the border queens
    /// attack along diagonals.
    blocked: [u64; MAX_FREE_ROWS],
    /// For each row left to fill: how many rows down the next one is.
    step: [u8; MAX_FREE_ROWS],
    /// The mask of a full row.
    full: u64,
}

impl Task {
    /// The number of ways to fill the free rows.
    fn count(&self) -> u64 {
        let first = self.full & !(self.cols | self.blocked[0]);
        match self.n_free {
            0 => 1,
            // One column is left for the last row, so it has at most one free square.
            1 => u64::from(first != 0),
            _ => self.fill(first),
        }
    }

    /// Fills the free rows (at least two) by an explicit depth-first search,
    /// given the free squares of the first.
    fn fill(&self, first: u64) -> u64 {
        let last = self.n_free - 1;
        let full = self.full;
        // The state of each free row: its free squares not yet tried, and the
        // columns and diagonals taken by the queens above it.
        let mut avail = [0u64; MAX_FREE_ROWS];
        let mut left = [0u64; MAX_FREE_ROWS];
        let mut right = [0u64; MAX_FREE_ROWS];
        let mut cols = [0u64; MAX_FREE_ROWS];
        avail[0] = first;
        cols[0] = self.cols;
        let mut i = 0;
        let mut total = 0;
        loop {
            let free = avail[i];
            if free == 0 {
                if i == 0 {
                    return total;
                }
                i -= 1;
                continue;
            }
            let bit = free & free.wrapping_neg();
            avail[i] = free ^ bit;
            let step = self.step[i];
            let (l, r, c) = ((left[i] | bit) << step, (right[i] | bit) >> step, cols[i] | bit);
            // Look one row ahead: a choice that leaves it no free square goes no further.
            let next = full & !(l | r | c | self.blocked[i + 1]);
            if i + 1 == last {
                // One column is left for the last row, so it has at most one free square.
                total += u64::from(next != 0);
            } else if next != 0 {
                i += 1;
                avail[i] = next;
                left[i] = l;
                right[i] = r;
                cols[i] = c;
            }
        }
    }
}

/// Whether two queens attack each other (they are on distinct squares).
fn attack((r1, c1): (usize, usize), (r2, c2): (usize, usize)) -> bool {
    r1 == r2 || c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2)
}

/// A constellation's key: the column of the queen in the first and last rows and
/// the row of the queen in the first and last columns.
fn key(n: usize, queens: &[(usize, usize)]) -> [usize; 4] {
    let mut key = [usize::MAX; 4];
    for &(r, c) in queens {
        if r == 0 {
            key[0] = c;
        }
        if r == n - 1 {
            key[1] = c;
        }
        if c == 0 {
            key[2] = r;
        }
        if c == n - 1 {
            key[3] = r;
        }
    }
    key
}

/// One task per class of constellations of an `n`×`n` board (`n ≥ 4`), each class
/// represented by the member with the smallest key.
fn constellations(n: usize) -> Vec<Task> {
    let last = n - 1;
    let mut tasks = Vec::new();
    for top in 0..n {
        for bottom in 0..n {
            for left in 0..n {
                for right in 0..n {
                    // A corner queen is on two border lines at once.
                    if (top == 0) != (left == 0)
                        || (top == last) != (right == 0)
                        || (bottom == 0) != (left == last)
                        || (bottom == last) != (right == last)
                    {
                        continue;
                    }
                    let mut queens: Vec<(usize, usize)> = vec![(0, top), (last, bottom), (left, 0), (right, last)];
                    queens.sort_unstable();
                    queens.dedup();
                    let peaceful = queens.iter().enumerate().all(|(i, &q)| queens[..i].iter().all(|&p| !attack(p, q)));
                    if !peaceful {
                        continue;
                    }
                    let own = [top, bottom, left, right];
                    let mut keys: Vec<[usize; 4]> = Symmetry::ALL
                        .iter()
                        .map(|s| {
                            let image: Vec<(usize, usize)> = queens.iter().map(|&(r, c)| s.map_cell(n, r, c)).collect();
                            key(n, &image)
                        })
                        .collect();
                    keys.sort_unstable();
                    keys.dedup();
                    if keys[0] != own {
                        continue;
                    }
                    tasks.push(task(n, &queens, keys.len() as u64));
                }
            }
        }
    }
    tasks
}

/// The search for one constellation.
///
/// The class representative has its queen nearest a corner in the first row; the
/// search runs towards that queen, from the last row up (it is turned upside
/// down first), which makes a search tree about 40% smaller than running away
/// from it.
fn task(n: usize, queens: &[(usize, usize)], weight: u64) -> Task {
    let queens: Vec<(usize, usize)> = queens.iter().map(|&(r, c)| Symmetry::MirrorRows.map_cell(n, r, c)).collect();
    let mut cols = 0u64;
    for &(_, c) in &queens {
        cols |= 1 << c;
    }
    let free_rows: Vec<usize> = (1..n - 1).filter(|&r| queens.iter().all(|&(qr, _)| qr != r)).collect();
    let mut blocked = [0; MAX_FREE_ROWS];
    let mut step = [0; MAX_FREE_ROWS];
    for (i, &r) in free_rows.iter().enumerate() {
        for &(qr, qc) in &queens {
            let distance = r.abs_diff(qr);
            if qc + distance < n {
                blocked[i] |= 1 << (qc + distance);
            }
            if distance <= qc {
                blocked[i] |= 1 << (qc - distance);
            }
        }
        step[i] = free_rows.get(i + 1).map_or(0, |&next| (next - r) as u8);
    }
    Task { weight, cols, n_free: free_rows.len(), blocked, step, full: full_mask(n) }
}

/// A rotation of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    /// 180 degrees.
    Half,
    /// 90 degrees (and so also 180 and 270).
    Quarter,
}

/// Counts the solutions that a turn leaves unchanged, by placing each queen with
/// its images under the turn.
fn count_invariant(n: usize, turn: Turn) -> u64 {
    struct Board {
        n: usize,
        turn: Turn,
        rows: u64,
        cols: u64,
        diagonals: u128,
        anti_diagonals: u128,
    }
    impl Board {
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
    Board { n, turn, rows: 0, cols: 0, diagonals: 0, anti_diagonals: 0 }.fill(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOTAL: [u64; 15] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2_680, 14_200, 73_712, 365_596];
    const UNIQUE: [u64; 15] = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1_787, 9_233, 45_752];

    #[test]
    fn counts_match_oeis() {
        for n in 0..TOTAL.len() {
            let expected = Counts { total: TOTAL[n], unique: UNIQUE[n] };
            assert_eq!(count(n).unwrap(), expected, "n = {n}");
            assert_eq!(count_on_this_thread(n).unwrap(), expected, "n = {n}");
        }
    }

    #[test]
    fn listing_matches_oeis_and_is_lexicographic() {
        for (n, &total) in TOTAL.iter().enumerate().take(11) {
            let mut previous: Option<Vec<usize>> = None;
            let listed = visit(n, |cols| {
                assert!(crate::construct::is_solution(cols));
                if let Some(p) = &previous {
                    assert!(p.as_slice() < cols);
                }
                previous = Some(cols.to_vec());
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(listed, total, "n = {n}");
        }
    }

    #[test]
    fn invariant_counts_agree_with_listing() {
        for n in 4..11 {
            let (mut half, mut quarter) = (0, 0);
            visit(n, |cols| {
                half += u64::from(Symmetry::Rotate180.apply(cols).unwrap() == cols);
                quarter += u64::from(Symmetry::Rotate90.apply(cols).unwrap() == cols);
                ControlFlow::Continue(())
            })
            .unwrap();
            assert_eq!(count_invariant(n, Turn::Half), half, "n = {n}");
            assert_eq!(count_invariant(n, Turn::Quarter), quarter, "n = {n}");
        }
    }

    #[test]
    fn constellation_weights_cover_every_constellation() {
        // Every constellation of peaceful border queens lies in exactly one class.
        for n in 4..9 {
            let weights: u64 = constellations(n).iter().map(|t| t.weight).sum();
            let mut all = 0;
            visit(n, |_| ControlFlow::Continue(())).unwrap();
            for top in 0..n {
                for bottom in 0..n {
                    for left in 0..n {
                        for right in 0..n {
                            let last = n - 1;
                            if (top == 0) != (left == 0)
                                || (top == last) != (right == 0)
                                || (bottom == 0) != (left == last)
                                || (bottom == last) != (right == last)
                            {
                                continue;
                            }
                            let mut queens = vec![(0, top), (last, bottom), (left, 0), (right, last)];
                            queens.sort_unstable();
                            queens.dedup();
                            if queens.iter().enumerate().all(|(i, &q)| queens[..i].iter().all(|&p| !attack(p, q))) {
                                all += 1;
                            }
                        }
                    }
                }
            }
            assert_eq!(weights, all, "n = {n}");
        }
    }

    #[test]
    fn first_and_limits() {
        assert_eq!(first(4).unwrap(), Some(vec![1, 3, 0, 2]));
        assert_eq!(first(3).unwrap(), None);
        assert_eq!(first(0).unwrap(), Some(vec![]));
        let twenty = first(20).unwrap().unwrap();
        assert!(crate::construct::is_solution(&twenty));
        assert!(matches!(visit(65, |_| ControlFlow::Continue(())), Err(Error::TooLarge { .. })));
        assert!(matches!(count(29), Err(Error::TooLarge { .. })));
    }
}
