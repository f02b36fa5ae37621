//! What one option of a packing problem places: the vocabulary that the model
//! and the symmetries share, below both.

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
