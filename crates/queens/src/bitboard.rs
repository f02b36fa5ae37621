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
use std::sync::atomic::{AtomicUsize, Ordering};

use quadrille_dlx::{Monitor, Stats};
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
    let part = count_shard(n, 0, 1, None)?;
    Ok(Counts { total: part.total, unique: part.unique_times_8 / 8 })
}

/// What one shard of a count found. The shards' totals add up to the number of
/// solutions, and their `unique_times_8` to eight times the number of unique
/// solutions (Burnside's sum, which only the whole can divide by 8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ShardCounts {
    /// This shard's part of all solutions.
    pub total: u64,
    /// This shard's part of eight times the unique solutions.
    pub unique_times_8: u64,
}

/// Counts shard `index` of `of` (from 0): every `of`-th class of constellations,
/// in a fixed order, so that `of` machines that each count one shard count the
/// whole board between them; shard 0 also counts the symmetric solutions.
/// With a monitor, adds each class's solutions to it as they are counted, sets
/// the fraction of classes done, and stops early (with a partial count) once
/// it is stopped. Runs on the current rayon thread pool.
pub fn count_shard(n: usize, index: u32, of: u32, monitor: Option<&Monitor>) -> Result<ShardCounts, Error> {
    check_size(n, MAX_COUNT_N, "the counter")?;
    if index >= of {
        return Err(Error::NoSuchShard { index, of });
    }
    if n < 4 {
        let counts = if index == 0 { count_by_listing(n) } else { Counts::default() };
        return Ok(ShardCounts { total: counts.total, unique_times_8: 8 * counts.unique });
    }
    let tasks: Vec<Task> = constellations(n).into_iter().skip(index as usize).step_by(of as usize).collect();
    let done = AtomicUsize::new(0);
    let stopped = || monitor.is_some_and(Monitor::is_stopped);
    let count_task = |task: &Task| {
        if stopped() {
            return 0;
        }
        let found = task.weight * task.count();
        if let Some(monitor) = monitor {
            monitor.add(&Stats { solutions: found, ..Stats::default() });
            monitor.set_fraction((done.fetch_add(1, Ordering::Relaxed) + 1) as f64 / tasks.len() as f64);
        }
        found
    };
    let invariant = |turn| if index == 0 && !stopped() { count_invariant(n, turn) } else { 0 };
    let ((total, half_turn), quarter_turn) = rayon::join(
        || rayon::join(|| tasks.par_iter().map(count_task).sum::<u64>(), || invariant(Turn::Half)),
        || invariant(Turn::Quarter),
    );
    Ok(ShardCounts { total, unique_times_8: total + half_turn + 2 * quarter_turn })
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
///
/// Diagonals are kept as masks over the whole board rather than shifted row by
/// row, so the search can fill the rows in any order: it always fills next the
/// row with the fewest free squares (Knuth's "minimum remaining values", as the
/// engine picks items). Before it chooses, it checks that every open row and
/// every open column still has a free square, so dead ends are seen early. On
/// these boards that makes the search tree less than half the size it has when
/// the rows are filled top to bottom, for a few more instructions a node.
#[derive(Clone, Copy, Debug)]
struct Task {
    /// How many constellations the class has.
    weight: u64,
    /// The board size.
    n: usize,
    /// The mask of a full row.
    full: u64,
    /// The columns taken by the border queens.
    cols: u64,
    /// The anti-diagonals (bit `r + c`) taken by the border queens.
    sums: u64,
    /// The diagonals (bit `c + n - 1 - r`) taken by the border queens.
    differences: u64,
    /// The rows left to fill (bit `r`).
    rows: u32,
}

/// What the search does next at a node.
enum Next {
    /// Some open row or column has no free square left.
    DeadEnd,
    /// One row was left: this many ways to fill it (0 or 1).
    Done(u64),
    /// Fill this row, trying these squares.
    Branch { row: u32, free: u64 },
}

/// A node of the search: the row being filled, the squares of it not yet tried,
/// and what the queens above the node take.
#[derive(Clone, Copy, Default)]
struct Level {
    cols: u64,
    sums: u64,
    differences: u64,
    /// The rows still open below this one.
    rows: u32,
    row: u32,
    avail: u64,
}

impl Task {
    /// The number of ways to fill the free rows.
    fn count(&self) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the `popcnt` instruction (checked just
            // above), which is all `count_with_popcnt` asks of it.
            return unsafe { self.count_with_popcnt() };
        }
        self.search()
    }

    /// The search compiled with the processor's population count: choosing a row
    /// counts the free squares of every open row at every node, and the portable
    /// replacement for `popcnt` makes the whole count about 1.6 times slower.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn count_with_popcnt(&self) -> u64 {
        self.search()
    }

    /// Which row to fill next, given what the queens take.
    #[inline(always)]
    fn next(&self, cols: u64, sums: u64, differences: u64, rows: u32) -> Next {
        let (n, full) = (self.n as u32, self.full);
        let mut best = (u32::MAX, 0, 0);
        let mut reachable = cols;
        let mut open = rows;
        while open != 0 {
            let row = open.trailing_zeros();
            open &= open - 1;
            let free = full & !(cols | (sums >> row) | (differences >> (n - 1 - row)));
            if free == 0 {
                return Next::DeadEnd;
            }
            reachable |= free;
            let count = free.count_ones();
            if count < best.0 {
                best = (count, row, free);
            }
        }
        let (count, row, free) = best;
        if count == 0 || reachable != full {
            Next::DeadEnd
        } else if rows & (rows - 1) == 0 {
            Next::Done(u64::from(count))
        } else {
            Next::Branch { row, free }
        }
    }

    /// The depth-first search, with an explicit stack.
    #[inline(always)]
    fn search(&self) -> u64 {
        let n = self.n as u32;
        let mut stack = [Level::default(); MAX_FREE_ROWS];
        let (row, avail) = match self.next(self.cols, self.sums, self.differences, self.rows) {
            _ if self.rows == 0 => return 1,
            Next::DeadEnd => return 0,
            Next::Done(count) => return count,
            Next::Branch { row, free } => (row, free),
        };
        stack[0] = Level {
            cols: self.cols,
            sums: self.sums,
            differences: self.differences,
            rows: self.rows & !(1 << row),
            row,
            avail,
        };
        let mut depth = 0;
        let mut total = 0;
        loop {
            let level = &mut stack[depth];
            if level.avail == 0 {
                if depth == 0 {
                    return total;
                }
                depth -= 1;
                continue;
            }
            let bit = level.avail & level.avail.wrapping_neg();
            level.avail ^= bit;
            let (row, col) = (level.row, bit.trailing_zeros());
            let cols = level.cols | bit;
            let sums = level.sums | 1 << (row + col);
            let differences = level.differences | 1 << (col + n - 1 - row);
            let rows = level.rows;
            match self.next(cols, sums, differences, rows) {
                Next::DeadEnd => {}
                Next::Done(count) => total += count,
                Next::Branch { row, free } => {
                    depth += 1;
                    stack[depth] = Level { cols, sums, differences, rows: rows & !(1 << row), row, avail: free };
                }
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
fn task(n: usize, queens: &[(usize, usize)], weight: u64) -> Task {
    let (mut cols, mut sums, mut differences) = (0, 0, 0);
    for &(r, c) in queens {
        cols |= 1 << c;
        sums |= 1 << (r + c);
        differences |= 1 << (c + n - 1 - r);
    }
    let rows = (1..n - 1).filter(|&r| queens.iter().all(|&(qr, _)| qr != r)).fold(0, |rows, r| rows | 1 << r);
    Task { weight, n, full: full_mask(n), cols, sums, differences, rows }
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

    /// The portable search (used where the processor has no `popcnt`) counts as
    /// the one compiled for `popcnt`.
    #[test]
    fn portable_search_agrees() {
        for (n, &total) in TOTAL.iter().enumerate().skip(4).take(9) {
            let tasks = constellations(n);
            assert_eq!(tasks.iter().map(|t| t.weight * t.search()).sum::<u64>(), total, "n = {n}");
            assert_eq!(tasks.iter().map(|t| t.weight * t.count()).sum::<u64>(), total, "n = {n}");
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
