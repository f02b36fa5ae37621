//! The eight symmetries of the square, canonical forms and unique solutions.
//!
//! Rotating or reflecting a solution gives a solution. Two solutions are
//! *essentially the same* when one symmetry maps one to the other; the
//! **canonical form** of a placement is the lexicographically smallest of its eight
//! images, and the **unique solutions** are the canonical ones (OEIS A002562).
//!
//! ```
//! use quadrille_queens::symmetry::{self, Symmetry};
//!
//! let cols = [1, 3, 0, 2];
//! assert_eq!(Symmetry::Rotate90.apply(&cols)?, [1, 3, 0, 2]); // its own quarter turn
//! assert_eq!(Symmetry::MirrorColumns.apply(&cols)?, [2, 0, 3, 1]);
//! assert_eq!(symmetry::canonical(&[2, 0, 3, 1])?, [1, 3, 0, 2]);
//! assert_eq!(symmetry::unique_solutions(8)?.len(), 12);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;

use crate::{Error, bitboard};

/// A symmetry of the square, acting on cells (row, column) of an `n`×`n` board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every cell where it is.
    Identity,
    /// A quarter turn clockwise: (r, c) → (c, n−1−r).
    Rotate90,
    /// A half turn: (r, c) → (n−1−r, n−1−c).
    Rotate180,
    /// A quarter turn anticlockwise: (r, c) → (n−1−c, r).
    Rotate270,
    /// Reflection in the vertical axis: (r, c) → (r, n−1−c).
    MirrorColumns,
    /// Reflection in the horizontal axis: (r, c) → (n−1−r, c).
    MirrorRows,
    /// Reflection in the main diagonal: (r, c) → (c, r).
    Transpose,
    /// Reflection in the anti-diagonal: (r, c) → (n−1−c, n−1−r).
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the cell (`row`, `col`) of an `n`×`n` board goes.
    pub fn map_cell(self, n: usize, row: usize, col: usize) -> (usize, usize) {
        let (r, c, m) = (row, col, n - 1);
        match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, m - r),
            Symmetry::Rotate180 => (m - r, m - c),
            Symmetry::Rotate270 => (m - c, r),
            Symmetry::MirrorColumns => (r, m - c),
            Symmetry::MirrorRows => (m - r, c),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (m - c, m - r),
        }
    }

    /// The image of a placement, which must have one queen in each row and column.
    pub fn apply(self, cols: &[usize]) -> Result<Vec<usize>, Error> {
        check_permutation(cols)?;
        let mut image = vec![0; cols.len()];
        self.apply_into(cols, &mut image);
        Ok(image)
    }

    /// Writes the image of a permutation `cols` into `image` (same length).
    fn apply_into(self, cols: &[usize], image: &mut [usize]) {
        let n = cols.len();
        for (row, &col) in cols.iter().enumerate() {
            let (r, c) = self.map_cell(n, row, col);
            image[r] = c;
        }
    }
}

/// Checks that `cols` has one queen in each column.
pub(crate) fn check_permutation(cols: &[usize]) -> Result<(), Error> {
    let n = cols.len();
    let mut owner = vec![usize::MAX; n];
    for (row, &column) in cols.iter().enumerate() {
        if column >= n {
            return Err(Error::ColumnOffBoard { row, column, n });
        }
        if owner[column] != usize::MAX {
            return Err(Error::SharedColumn { first: owner[column], second: row, column });
        }
        owner[column] = row;
    }
    Ok(())
}

/// The lexicographically smallest of the eight images of a placement with one
/// queen in each row and column.
pub fn canonical(cols: &[usize]) -> Result<Vec<usize>, Error> {
    check_permutation(cols)?;
    let mut best = cols.to_vec();
    let mut image = vec![0; cols.len()];
    for symmetry in &Symmetry::ALL[1..] {
        symmetry.apply_into(cols, &mut image);
        if image < best {
            best.copy_from_slice(&image);
        }
    }
    Ok(best)
}

/// Checks canonical forms quickly, reusing one buffer.
#[derive(Clone, Debug, Default)]
pub struct CanonicalCheck {
    image: Vec<usize>,
}

impl CanonicalCheck {
    /// A checker.
    pub fn new() -> CanonicalCheck {
        CanonicalCheck::default()
    }

    /// Whether the permutation `cols` is its own canonical form. The caller
    /// vouches that `cols` is a permutation (a solution is); otherwise the answer is
    /// meaningless but nothing worse happens.
    pub fn is_canonical(&mut self, cols: &[usize]) -> bool {
        let n = cols.len();
        self.image.clear();
        self.image.resize(n, 0);
        Symmetry::ALL[1..].iter().all(|symmetry| {
            for (row, &col) in cols.iter().enumerate() {
                let (r, c) = symmetry.map_cell(n, row, col.min(n - 1));
                self.image[r] = c;
            }
            *cols <= *self.image
        })
    }
}

/// Whether a placement with one queen in each row and column is canonical.
pub fn is_canonical(cols: &[usize]) -> Result<bool, Error> {
    check_permutation(cols)?;
    Ok(CanonicalCheck::new().is_canonical(cols))
}

/// How many distinct placements the eight symmetries make of this one (1, 2, 4 or 8).
pub fn orbit_size(cols: &[usize]) -> Result<usize, Error> {
    check_permutation(cols)?;
    let mut images: Vec<Vec<usize>> = Symmetry::ALL.iter().map(|s| s.apply(cols)).collect::<Result<_, _>>()?;
    images.sort_unstable();
    images.dedup();
    Ok(images.len())
}

/// The unique solutions for an `n`×`n` board (each the canonical form of its
/// class), in lexicographic order.
pub fn unique_solutions(n: usize) -> Result<Vec<Vec<usize>>, Error> {
    let mut unique = Vec::new();
    let mut check = CanonicalCheck::new();
    bitboard::visit(n, |cols| {
        if check.is_canonical(cols) {
            unique.push(cols.to_vec());
        }
        ControlFlow::Continue(())
    })?;
    Ok(unique)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_form_a_group_of_eight_distinct_maps() {
        let n = 5;
        let cells: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
        let maps: Vec<Vec<(usize, usize)>> =
            Symmetry::ALL.iter().map(|s| cells.iter().map(|&(r, c)| s.map_cell(n, r, c)).collect()).collect();
        for (i, a) in maps.iter().enumerate() {
            for b in &maps[..i] {
                assert_ne!(a, b);
            }
        }
        for &(r, c) in &cells {
            let mut cell = (r, c);
            for _ in 0..4 {
                cell = Symmetry::Rotate90.map_cell(n, cell.0, cell.1);
            }
            assert_eq!(cell, (r, c));
            assert_eq!(Symmetry::Rotate90.map_cell(n, r, c), {
                let (r2, c2) = Symmetry::Transpose.map_cell(n, r, c);
                Symmetry::MirrorColumns.map_cell(n, r2, c2)
            });
        }
    }

    #[test]
    fn unique_counts_match_a002562() {
        for (n, _, unique) in crate::test_support::oeis(10) {
            assert_eq!(unique_solutions(n).unwrap().len() as u64, unique, "n = {n}");
        }
    }

    #[test]
    fn orbits_partition_the_solutions() {
        let total: usize = unique_solutions(8).unwrap().iter().map(|cols| orbit_size(cols).unwrap()).sum();
        assert_eq!(total, 92);
    }

    #[test]
    fn rejects_non_permutations() {
        assert_eq!(canonical(&[0, 0]).unwrap_err(), Error::SharedColumn { first: 0, second: 1, column: 0 });
        assert_eq!(canonical(&[0, 2]).unwrap_err(), Error::ColumnOffBoard { row: 1, column: 2, n: 2 });
        assert_eq!(canonical(&[]).unwrap(), Vec::<usize>::new());
    }
}
