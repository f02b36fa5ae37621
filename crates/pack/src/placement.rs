//! What one option of a packing problem places: the vocabulary that the model
//! and the symmetries share, below both.

use std::collections::TryReserveError;

/// What one option of the problem places: a piece (its number in
/// [`Spec::pieces`](crate::Spec::pieces)) on some cells (their numbers in
/// [`Spec::cells`](crate::Spec::cells), sorted).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// The piece.
    pub piece: u32,
    /// The cells, as indices into the box's cells.
    pub cells: Vec<u32>,
}

impl Placement {
    /// The placement as [`Placements`] hold it.
    pub fn borrowed(&self) -> PlacementRef<'_> {
        PlacementRef { piece: self.piece, cells: &self.cells }
    }
}

/// One of the [`Placements`]: a piece and its cells, borrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlacementRef<'a> {
    /// The piece (its number in [`Spec::pieces`](crate::Spec::pieces)).
    pub piece: u32,
    /// The cells, as indices into the box's cells, sorted.
    pub cells: &'a [u32],
}

impl PlacementRef<'_> {
    /// The placement, owned.
    pub fn to_placement(self) -> Placement {
        Placement { piece: self.piece, cells: self.cells.to_vec() }
    }
}

/// The placements of a packing, in option order, each a piece and its cells.
/// They are kept in three lists (the pieces, where each placement's cells
/// start, and the cells one after another), not one list of cells per
/// placement: a box of a thousand placements costs three allocations, not a
/// thousand, and its cells lie together in memory.
///
/// ```
/// use quadrille_pack::{Packing, Spec};
///
/// // Dominoes on a 2×3 board: seven placements, each on two cells.
/// let packing = Packing::new(&Spec::parse("[0-1][0-2]\n*|D 00 01\n")?)?;
/// let placements = packing.placements();
/// assert_eq!(placements.len(), 7);
/// assert!(placements.iter().all(|p| p.piece == 0 && p.cells.len() == 2));
/// assert_eq!(placements.get(0), placements.iter().next().unwrap());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placements {
    pieces: Vec<u32>,
    /// Where each placement's cells start in `cells`, and after the last
    /// where they end: one more than the placements.
    starts: Vec<usize>,
    cells: Vec<u32>,
}

impl Default for Placements {
    fn default() -> Placements {
        Placements { pieces: Vec::new(), starts: vec![0], cells: Vec::new() }
    }
}

impl Placements {
    /// No placements.
    pub fn new() -> Placements {
        Placements::default()
    }

    /// The number of placements.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Placement `i`. Panics past the last.
    pub fn get(&self, i: usize) -> PlacementRef<'_> {
        PlacementRef { piece: self.pieces[i], cells: &self.cells[self.starts[i]..self.starts[i + 1]] }
    }

    /// The placements in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = PlacementRef<'_>> + Clone + '_ {
        self.pieces
            .iter()
            .zip(self.starts.windows(2))
            .map(|(&piece, span)| PlacementRef { piece, cells: &self.cells[span[0]..span[1]] })
    }

    /// Room for `placements` more, of `cells` cells in all.
    pub(crate) fn try_reserve(&mut self, placements: usize, cells: usize) -> Result<(), TryReserveError> {
        self.pieces.try_reserve_exact(placements)?;
        self.starts.try_reserve_exact(placements)?;
        self.cells.try_reserve_exact(cells)
    }

    /// Adds the placement of `piece` on `cells`; an error when memory runs
    /// out (the placements are then unchanged).
    pub(crate) fn try_push(&mut self, piece: u32, cells: &[u32]) -> Result<(), TryReserveError> {
        self.pieces.try_reserve(1)?;
        self.starts.try_reserve(1)?;
        self.cells.try_reserve(cells.len())?;
        self.push(piece, cells);
        Ok(())
    }

    /// Adds the placement of `piece` on `cells`.
    fn push(&mut self, piece: u32, cells: &[u32]) {
        self.cells.extend_from_slice(cells);
        self.pieces.push(piece);
        self.starts.push(self.cells.len());
    }

    /// The placements whose entry in `keep` (one for each, in order) is
    /// true, in order, in place.
    pub(crate) fn retain(&mut self, keep: &[bool]) {
        let (mut n, mut to) = (0, 0);
        for (i, &keep) in keep.iter().enumerate().take(self.len()) {
            let (from, end) = (self.starts[i], self.starts[i + 1]);
            if keep {
                self.cells.copy_within(from..end, to);
                self.pieces[n] = self.pieces[i];
                self.starts[n] = to;
                to += end - from;
                n += 1;
            }
        }
        self.pieces.truncate(n);
        self.starts.truncate(n);
        self.starts.push(to);
        self.cells.truncate(to);
    }
}

impl<'a> FromIterator<PlacementRef<'a>> for Placements {
    fn from_iter<I: IntoIterator<Item = PlacementRef<'a>>>(placements: I) -> Placements {
        let mut all = Placements::new();
        for p in placements {
            all.push(p.piece, p.cells);
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kept in place, the placements equal those chosen one by one.
    #[test]
    fn retain_keeps_the_chosen_in_order() {
        let owned: Vec<Placement> =
            (0..9u32).map(|k| Placement { piece: k % 3, cells: (k..k + 1 + k % 4).collect() }).collect();
        for mask in [0u32, 1, 0b1_0110_1001, 0b1_1111_1111, 0b0_1000_0010] {
            let keep: Vec<bool> = (0..9).map(|k| mask & (1 << k) != 0).collect();
            let mut all: Placements = owned.iter().map(Placement::borrowed).collect();
            all.retain(&keep);
            let expected: Vec<&Placement> = owned.iter().zip(&keep).filter(|(_, k)| **k).map(|(p, _)| p).collect();
            assert_eq!(all.len(), expected.len());
            for (got, want) in all.iter().zip(expected) {
                assert_eq!(got, want.borrowed());
            }
        }
    }
}
