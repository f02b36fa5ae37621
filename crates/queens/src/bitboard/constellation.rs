//! Constellations: the queens on the four border lines, one class of them per
//! task, and the search that fills the other rows, the most constrained first.

use quadrille_dlx::Monitor;

use super::full_mask;
use crate::symmetry::Symmetry;
use crate::{MAX_COUNT_N, POLL_EVERY};

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
pub(super) struct Task {
    /// How many constellations the class has.
    pub(super) weight: u64,
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
    /// The number of ways to fill the free rows; part of it if `monitor` is
    /// stopped before the search ends (it is looked at every [`POLL_EVERY`] nodes).
    pub(super) fn count(&self, monitor: Option<&Monitor>) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the processor has the `popcnt` instruction (checked just
            // above), which is all `count_with_popcnt` asks of it.
            return unsafe { self.count_with_popcnt(monitor) };
        }
        self.search(monitor)
    }

    /// The search compiled with the processor's population count: choosing a row
    /// counts the free squares of every open row at every node, and the portable
    /// replacement for `popcnt` makes the whole count about 1.6 times slower.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn count_with_popcnt(&self, monitor: Option<&Monitor>) -> u64 {
        self.search(monitor)
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
    pub(super) fn search(&self, monitor: Option<&Monitor>) -> u64 {
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
        let mut until_poll = POLL_EVERY;
        loop {
            until_poll -= 1;
            if until_poll == 0 {
                if monitor.is_some_and(Monitor::is_stopped) {
                    return total;
                }
                until_poll = POLL_EVERY;
            }
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
pub(super) fn constellations(n: usize) -> Vec<Task> {
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::test_support::oeis;

    /// Every set of queens on the border cells of an `n`×`n` board with exactly one
    /// queen on each border line and no two attacking, found by trying every set
    /// of at most four border cells.
    fn border_placements(n: usize) -> Vec<Vec<(usize, usize)>> {
        let last = n - 1;
        let border: Vec<(usize, usize)> = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| r == 0 || r == last || c == 0 || c == last)
            .collect();
        // The border lines a cell lies on: first row, last row, first column, last column.
        let on_lines = |(r, c): (usize, usize)| [r == 0, r == last, c == 0, c == last];
        let peaceful =
            |a: (usize, usize), b: (usize, usize)| a.0 != b.0 && a.1 != b.1 && a.0.abs_diff(b.0) != a.1.abs_diff(b.1);
        let mut found = Vec::new();
        let mut chosen = Vec::new();
        type Cell = (usize, usize);
        fn choose(from: usize, border: &[Cell], chosen: &mut Vec<Cell>, keep: &mut dyn FnMut(&[Cell])) {
            keep(chosen);
            if chosen.len() == 4 {
                return;
            }
            for k in from..border.len() {
                chosen.push(border[k]);
                choose(k + 1, border, chosen, keep);
                chosen.pop();
            }
        }
        choose(0, &border, &mut chosen, &mut |queens| {
            let one_per_line = (0..4).all(|line| queens.iter().filter(|&&q| on_lines(q)[line]).count() == 1);
            let at_peace = queens.iter().enumerate().all(|(i, &a)| queens[..i].iter().all(|&b| peaceful(a, b)));
            if one_per_line && at_peace {
                found.push(queens.to_vec());
            }
        });
        found
    }

    /// The classes of constellations and their weights, against an enumeration of
    /// the border placements grouped by their images under the eight symmetries.
    #[test]
    fn classes_and_weights_match_a_brute_force_enumeration() {
        for n in 4..10 {
            let mut classes: BTreeMap<Vec<(usize, usize)>, u64> = BTreeMap::new();
            let placements = border_placements(n);
            for queens in &placements {
                let images: Vec<Vec<(usize, usize)>> = Symmetry::ALL
                    .iter()
                    .map(|s| {
                        let mut image: Vec<(usize, usize)> = queens.iter().map(|&(r, c)| s.map_cell(n, r, c)).collect();
                        image.sort_unstable();
                        image
                    })
                    .collect();
                *classes.entry(images.into_iter().min().unwrap()).or_default() += 1;
            }
            let mut expected: Vec<u64> = classes.into_values().collect();
            expected.sort_unstable();
            let mut weights: Vec<u64> = constellations(n).iter().map(|t| t.weight).collect();
            weights.sort_unstable();
            assert_eq!(weights, expected, "n = {n}");
            assert_eq!(weights.iter().sum::<u64>(), placements.len() as u64, "n = {n}");
        }
    }

    /// The searches count every solution once: the classes' completions, each
    /// weighted by its class's size, add up to the published totals, with the
    /// search compiled for `popcnt` and without it.
    #[test]
    fn completions_add_up_to_oeis() {
        for (n, total, _) in oeis(12).into_iter().skip(4) {
            let tasks = constellations(n);
            assert_eq!(tasks.iter().map(|t| t.weight * t.search(None)).sum::<u64>(), total, "n = {n}");
            assert_eq!(tasks.iter().map(|t| t.weight * t.count(None)).sum::<u64>(), total, "n = {n}");
        }
    }
}
