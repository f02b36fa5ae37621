//! The symmetries of the box, and the reduction that keeps one packing of each
//! class under them. The crate's documentation says why it is right.

use quadrille_dlx::OptionId;

use crate::placement::{Placement, PlacementRef, Placements};
use crate::spec::{Cell, CellIndex, Dims, Shape, Spec};

/// A symmetry of the box, as it acts on packings: where each cell goes, and
/// which piece each piece becomes (a mirror image may turn one piece into its
/// mirror twin).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The image of each cell, by index into [`Spec::cells`].
    pub cells: Vec<u32>,
    /// The image of each piece, by index into [`Spec::pieces`].
    pub pieces: Vec<u32>,
}

impl Symmetry {
    /// The image of a placement.
    pub fn apply(&self, placement: PlacementRef<'_>) -> Placement {
        let mut cells = Vec::with_capacity(placement.cells.len());
        self.apply_to_cells(placement.cells, &mut cells);
        Placement { piece: self.pieces[placement.piece as usize], cells }
    }

    /// The images of `cells`, sorted, written into `image` (whose earlier
    /// contents go), so that a loop over placements reuses one buffer.
    fn apply_to_cells(&self, cells: &[u32], image: &mut Vec<u32>) {
        image.clear();
        image.extend(cells.iter().map(|&c| self.cells[c as usize]));
        image.sort_unstable();
    }
}

/// Placements found by their piece and cells: an open-addressing table of
/// indices into the placements, hashed by a multiply-and-rotate over the
/// cells (the hash of `rustc`'s `FxHasher`), so that finding the image of a
/// placement costs a few multiplications and one comparison of its cells,
/// neither SipHash nor an allocation.
struct PlacementTable {
    /// An index into the placements plus one, or 0 for an empty slot.
    slots: Vec<u32>,
    /// The number of slots, a power of two, minus one.
    mask: usize,
}

impl PlacementTable {
    /// The table of the placements `from` (indices into `placements`), and
    /// whether some placement came twice (the first is kept).
    fn new(placements: &Placements, from: &[usize]) -> (PlacementTable, bool) {
        let n_slots = (2 * from.len()).next_power_of_two().max(4);
        let mut table = PlacementTable { slots: vec![0; n_slots], mask: n_slots - 1 };
        let mut repeated = false;
        for &i in from {
            let p = placements.get(i);
            let mut slot = PlacementTable::hash(p.piece, p.cells) & table.mask;
            loop {
                match table.slots[slot] {
                    0 => {
                        table.slots[slot] = i as u32 + 1;
                        break;
                    }
                    j if placements.get(j as usize - 1) == p => {
                        repeated = true;
                        break;
                    }
                    _ => slot = (slot + 1) & table.mask,
                }
            }
        }
        (table, repeated)
    }

    fn hash(piece: u32, cells: &[u32]) -> usize {
        const K: u64 = 0xf135_7aea_2e62_a9c5;
        let mut h = u64::from(piece).wrapping_mul(K);
        for &c in cells {
            h = (h.rotate_left(26) ^ u64::from(c)).wrapping_mul(K);
        }
        // The high bits are the best mixed.
        (h >> 32) as usize
    }

    /// The index of the placement of `piece` on `cells`, if the table has one.
    fn find(&self, placements: &Placements, piece: u32, cells: &[u32]) -> Option<usize> {
        let mut slot = PlacementTable::hash(piece, cells) & self.mask;
        loop {
            match self.slots[slot] {
                0 => return None,
                j => {
                    let p = placements.get(j as usize - 1);
                    if p.piece == piece && p.cells == cells {
                        return Some(j as usize - 1);
                    }
                }
            }
            slot = (slot + 1) & self.mask;
        }
    }
}

/// A set of shapes as a sorted list without repeats, so that two sets are
/// compared as lists.
fn shape_set(mut shapes: Vec<Shape>) -> Vec<Shape> {
    shapes.sort_unstable_by(|a, b| a.cells().cmp(b.cells()));
    shapes.dedup();
    shapes
}

/// The signed permutations of the axes: (permutation, signs), the identity first.
fn axis_maps(dims: Dims) -> Vec<([usize; 3], [bool; 3])> {
    let perms: &[[usize; 3]] = match dims {
        Dims::Two => &[[0, 1, 2], [1, 0, 2]],
        Dims::Three => &[[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]],
    };
    let d = dims.count();
    let mut maps = Vec::new();
    for &perm in perms {
        for flips in 0..1u32 << d {
            let signs = [0, 1, 2].map(|i| flips & (1 << i) != 0);
            maps.push((perm, signs));
        }
    }
    maps
}

/// A shape moved by a signed permutation of the axes, normalised.
fn transform_shape(shape: &Shape, perm: [usize; 3], flip: [bool; 3]) -> Shape {
    let m = shape.max();
    let cells = shape
        .cells()
        .iter()
        .map(|c| Cell {
            coords: [0, 1, 2].map(|i| if flip[i] { m[perm[i]] - c.coords[perm[i]] } else { c.coords[perm[i]] }),
            suffix: c.suffix.clone(),
        })
        .collect();
    Shape::new(cells)
}

/// Every symmetry of the box other than the identity that maps packings to
/// packings: a rotation or reflection that maps the box's cells (primary and
/// secondary, suffixes kept) onto themselves, and each piece's set of base
/// placements onto some piece's set with the same multiplicity. When two
/// pieces have the same set, only symmetries that map every piece to itself
/// are used, so that the piece a placement becomes is never in doubt.
pub fn symmetries(spec: &Spec) -> Vec<Symmetry> {
    symmetries_of(spec, true)
}

/// Whether the signed permutation of the axes `(perm, flip)` is a rotation
/// (its determinant is 1), in the dimensions of `dims`.
fn is_rotation(dims: Dims, perm: [usize; 3], flip: [bool; 3]) -> bool {
    let inversions: usize = (0..3).map(|i| (i + 1..3).filter(|&j| perm[i] > perm[j]).count()).sum();
    let flips = flip[..dims.count()].iter().filter(|&&f| f).count();
    (inversions + flips) % 2 == 0
}

/// [`symmetries`]; with `shortcut`, a map of the group that Knuth's
/// elementary transformations generate (the rotations, and the reflections
/// too when pieces may be turned over) maps every piece to itself without
/// a look at its shapes: each piece's base placements are the closure of
/// its lines' shapes under that group, a set that every map of the group
/// maps onto itself.
fn symmetries_of(spec: &Spec, shortcut: bool) -> Vec<Symmetry> {
    let (min, max) = spec.bounds();
    let index = CellIndex::new(spec);
    let n_pieces = spec.pieces().len();
    let base_sets = std::cell::OnceCell::new();
    let base_sets = || {
        base_sets.get_or_init(|| {
            let mut base_sets: Vec<Vec<Shape>> = vec![Vec::new(); n_pieces];
            for base in spec.bases() {
                base_sets[base.piece].push(base.shape.clone());
            }
            let base_sets: Vec<Vec<Shape>> = base_sets.into_iter().map(shape_set).collect();
            let twins = (0..n_pieces).any(|i| (i + 1..n_pieces).any(|j| base_sets[i] == base_sets[j]));
            (base_sets, twins)
        })
    };
    let mut found = Vec::new();
    for (perm, flip) in axis_maps(spec.dims()).into_iter().skip(1) {
        if (0..3).any(|i| max[i] - min[i] != max[perm[i]] - min[perm[i]]) {
            continue;
        }
        let image = |c: &Cell| {
            [0, 1, 2].map(|i| {
                let (from, lo, hi) = (c.coords[perm[i]], min[perm[i]], max[perm[i]]);
                if flip[i] { hi - from + min[i] } else { from - lo + min[i] }
            })
        };
        let Some(cells) = spec.cells().iter().map(|c| index.find(image(c), &c.suffix)).collect::<Option<Vec<u32>>>()
        else {
            continue;
        };
        if shortcut && (spec.reflections() || is_rotation(spec.dims(), perm, flip)) {
            found.push(Symmetry { cells, pieces: (0..n_pieces as u32).collect() });
            continue;
        }
        let (base_sets, twins) = base_sets();
        let twins = *twins;
        let mut pieces = Vec::with_capacity(n_pieces);
        for (i, set) in base_sets.iter().enumerate() {
            let moved = shape_set(set.iter().map(|s| transform_shape(s, perm, flip)).collect());
            let target = if moved == *set {
                Some(i)
            } else if twins {
                None
            } else {
                let mut matches = (0..n_pieces).filter(|&j| base_sets[j] == moved);
                matches.next().filter(|_| matches.next().is_none())
            };
            match target {
                Some(j) if spec.pieces()[j].multiplicity == spec.pieces()[i].multiplicity => pieces.push(j as u32),
                _ => break,
            }
        }
        let mut seen = vec![false; n_pieces];
        if pieces.len() == n_pieces && pieces.iter().all(|&j| !std::mem::replace(&mut seen[j as usize], true)) {
            found.push(Symmetry { cells, pieces });
        }
    }
    found
}

/// The reduction of a problem by the symmetries of its box: the options of one
/// piece cut to one of each class, and which solutions to keep.
#[derive(Clone, Debug)]
pub struct Reduction {
    symmetries: Vec<Symmetry>,
    piece: Option<usize>,
    kept: Vec<bool>,
    /// For each kept option (by its new number) of the restricted piece, the
    /// symmetries (other than the identity) that fix its placement.
    stabilizers: Vec<Vec<u16>>,
}

impl Reduction {
    /// The number of symmetries, the identity included.
    pub fn n_symmetries(&self) -> usize {
        self.symmetries.len() + 1
    }

    /// The restricted piece, if any.
    pub fn piece(&self) -> Option<usize> {
        self.piece
    }

    /// Whether every solution of the reduced problem is kept (so its count
    /// is the count of classes): a piece is restricted and no symmetry other
    /// than the identity fixes any of its placements kept. Then every class
    /// of packings has as many packings as the box has symmetries, exactly
    /// one with the piece at each placement of its orbit, and exactly one
    /// solution of the reduced problem.
    pub fn exact(&self) -> bool {
        self.piece.is_some() && self.stabilizers.iter().all(Vec::is_empty)
    }

    /// How many parts [`Reduction::parts`] makes, without making them.
    pub(crate) fn n_parts(&self, placements: &Placements) -> usize {
        let Some(piece) = self.piece else { return 1 };
        let mut seen: Vec<&[u16]> = Vec::new();
        for (i, p) in placements.iter().enumerate() {
            if p.piece as usize == piece && !seen.contains(&self.stabilizers[i].as_slice()) {
                seen.push(&self.stabilizers[i]);
            }
        }
        seen.len()
    }

    /// The parts of the count of classes by Burnside's lemma
    /// ([`Packing::count_classes`](crate::Packing::count_classes)): the
    /// kept placements (indices into `placements`, the reduced problem's)
    /// of the restricted piece grouped by their stabilisers, each group with
    /// every placement of the other pieces. Without a restricted piece, one
    /// part: every placement, with all the symmetries.
    pub(crate) fn parts(&self, placements: &Placements) -> Vec<(Vec<u16>, Vec<usize>)> {
        let Some(piece) = self.piece else {
            return vec![((0..self.symmetries.len() as u16).collect(), (0..placements.len()).collect())];
        };
        let mut parts: Vec<(Vec<u16>, Vec<usize>)> = Vec::new();
        for (i, p) in placements.iter().enumerate() {
            if p.piece as usize == piece {
                let stabilizer = &self.stabilizers[i];
                match parts.iter_mut().find(|(s, _)| s == stabilizer) {
                    Some((_, part)) => part.push(i),
                    None => parts.push((stabilizer.clone(), vec![i])),
                }
            }
        }
        let others = (0..placements.len()).filter(|&i| placements.get(i).piece as usize != piece);
        let others: Vec<usize> = others.collect();
        for (_, part) in &mut parts {
            part.extend(&others);
        }
        parts
    }

    /// The options whose exact covers are the packings of `part` (indices
    /// into `placements`) that symmetry `g` maps to themselves: each orbit
    /// of a placement under the powers of `g` whose placements are all in
    /// the part and pairwise disjoint, as the pieces it places and its
    /// cells. An orbit placing a piece of `limited` supply (used once)
    /// twice is left out; `None` when one places twice a piece used a fixed
    /// number of times (more than once), which an option cannot say.
    pub(crate) fn orbits(
        &self,
        g: u16,
        placements: &Placements,
        part: &[usize],
        multiplicity: impl Fn(u32) -> u32,
    ) -> Option<Vec<(Vec<u32>, Vec<u32>)>> {
        let (table, _) = PlacementTable::new(placements, part);
        let symmetry = &self.symmetries[g as usize];
        let find = |image: &Placement| table.find(placements, image.piece, &image.cells);
        let mut seen = vec![false; placements.len()];
        let mut options = Vec::new();
        'orbits: for &i in part {
            if seen[i] {
                continue;
            }
            let mut orbit = vec![i];
            seen[i] = true;
            let mut image = symmetry.apply(placements.get(i));
            loop {
                match find(&image) {
                    Some(j) if j == i => break,
                    // Back at a placement met before, not at `i`: `i` is
                    // the same placement as another one (a piece given on
                    // two lines with a shape in common), and its orbit is
                    // that one's.
                    Some(j) if seen[j] => continue 'orbits,
                    Some(j) => {
                        seen[j] = true;
                        orbit.push(j);
                        image = symmetry.apply(placements.get(j));
                    }
                    None => continue 'orbits,
                }
            }
            let mut pieces: Vec<u32> = orbit.iter().map(|&j| placements.get(j).piece).collect();
            let mut cells: Vec<u32> = orbit.iter().flat_map(|&j| placements.get(j).cells.iter().copied()).collect();
            let n_cells = cells.len();
            cells.sort_unstable();
            cells.dedup();
            if cells.len() < n_cells {
                continue;
            }
            pieces.sort_unstable();
            let n_pieces = pieces.len();
            pieces.dedup();
            if pieces.len() < n_pieces {
                // Some piece placed twice: never in a packing when used
                // once; unlimited, placed as often as it likes.
                let twice = |p: &&u32| orbit.iter().filter(|&&j| placements.get(j).piece == **p).count() > 1;
                let twice: Vec<u32> = pieces.iter().filter(twice).map(|&p| multiplicity(p)).collect();
                if twice.contains(&1) {
                    continue;
                }
                if twice.iter().any(|&m| m != crate::spec::UNLIMITED) {
                    return None;
                }
            }
            options.push((pieces, cells));
        }
        Some(options)
    }

    /// The placements kept as options, taken from `placements`.
    pub(crate) fn keep(&self, mut placements: Placements) -> Placements {
        // In place: the placements are not moved to a new list.
        placements.retain(&self.kept);
        placements
    }

    /// The placements kept as options.
    pub fn kept_placements(&self, placements: &Placements) -> Placements {
        placements.iter().zip(&self.kept).filter(|(_, keep)| **keep).map(|(p, _)| p).collect()
    }

    /// Whether to report this solution: when the symmetries that fix the
    /// restricted piece's placement (all of them, if no piece is restricted)
    /// map it to nothing smaller, comparing packings as sorted lists of
    /// placements.
    pub fn keeps(&self, placements: &Placements, solution: &[OptionId]) -> bool {
        let all: Vec<u16> = (0..self.symmetries.len() as u16).collect();
        let fixing = match self.piece {
            None => &all,
            Some(piece) => match solution.iter().find(|o| placements.get(o.index()).piece as usize == piece) {
                Some(o) => &self.stabilizers[o.index()],
                None => return true,
            },
        };
        if fixing.is_empty() {
            return true;
        }
        let mut packing: Vec<Placement> = solution.iter().map(|o| placements.get(o.index()).to_placement()).collect();
        packing.sort_unstable();
        fixing.iter().all(|&g| {
            let mut image: Vec<Placement> =
                packing.iter().map(|p| self.symmetries[g as usize].apply(p.borrowed())).collect();
            image.sort_unstable();
            image >= packing
        })
    }
}

/// A candidate for the restricted piece: the piece, how many of its classes
/// of placements are fixed by a symmetry, and each class's representative
/// (its first placement, by index) with its stabiliser, in order.
type Candidate = (usize, usize, Vec<(usize, Vec<u16>)>);

/// The reduction of a problem by the symmetries of its box, or `None` when the
/// box has no symmetry that maps packings to packings.
pub fn reduce(spec: &Spec, placements: &Placements) -> Option<Reduction> {
    let symmetries = symmetries(spec);
    if symmetries.is_empty() {
        return None;
    }
    let mut by_piece: Vec<Vec<usize>> = vec![Vec::new(); spec.pieces().len()];
    for (i, p) in placements.iter().enumerate() {
        by_piece[p.piece as usize].push(i);
    }
    // The candidates: pieces used once, that every symmetry maps to themselves,
    // with no placement twice; the best has the fewest classes of placements,
    // then the fewest placements fixed by a symmetry.
    let mut best: Option<Candidate> = None;
    let mut image = Vec::new();
    // Each placement belongs to one piece: one list of those seen serves all.
    let mut seen = vec![false; placements.len()];
    // A class holds at most one placement for each symmetry: a piece of
    // more placements than that many times the best's classes cannot win,
    // so the pieces of fewest placements go first (the X of the
    // pentominoes) and the others are mostly skipped.
    let group = symmetries.len() + 1;
    let mut pieces: Vec<usize> = (0..spec.pieces().len()).collect();
    pieces.sort_by_key(|&piece| by_piece[piece].len().div_ceil(group));
    for piece in pieces {
        let info = &spec.pieces()[piece];
        if info.multiplicity != 1 || symmetries.iter().any(|g| g.pieces[piece] as usize != piece) {
            continue;
        }
        let mine = &by_piece[piece];
        if best.as_ref().is_some_and(|b| mine.len().div_ceil(group) > b.2.len()) {
            continue;
        }
        let (table, repeated) = PlacementTable::new(placements, mine);
        if repeated {
            continue;
        }
        let mut classes: Vec<(usize, Vec<u16>)> = Vec::new();
        let mut fixed = 0;
        let mut whole = true;
        for &i in mine {
            if seen[i] {
                continue;
            }
            seen[i] = true;
            let mut stabilizer = Vec::new();
            for (g, symmetry) in symmetries.iter().enumerate() {
                symmetry.apply_to_cells(placements.get(i).cells, &mut image);
                match table.find(placements, piece as u32, &image) {
                    Some(j) if j == i => stabilizer.push(g as u16),
                    Some(j) => seen[j] = true,
                    None => whole = false,
                }
            }
            fixed += usize::from(!stabilizer.is_empty());
            classes.push((i, stabilizer));
        }
        // Ties go to the piece given first.
        if whole && best.as_ref().is_none_or(|b| (classes.len(), fixed, piece) < (b.2.len(), b.1, b.0)) {
            best = Some((piece, fixed, classes));
        }
    }
    let Some((piece, _, classes)) = best else {
        return Some(Reduction {
            symmetries,
            piece: None,
            kept: vec![true; placements.len()],
            stabilizers: vec![Vec::new(); placements.len()],
        });
    };
    let mut kept = Vec::with_capacity(placements.len());
    let mut stabilizers = Vec::with_capacity(placements.len());
    let mut classes = classes.into_iter().peekable();
    for (i, p) in placements.iter().enumerate() {
        let class = classes.next_if(|(r, _)| *r == i).map(|(_, stabilizer)| stabilizer);
        let keep = p.piece as usize != piece || class.is_some();
        kept.push(keep);
        if keep {
            stabilizers.push(class.unwrap_or_default());
        }
    }
    Some(Reduction { symmetries, piece: Some(piece), kept, stabilizers })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Settings;
    use crate::builtin;

    /// The shortcut (a map of the group of the pieces' turns maps every
    /// piece to itself) finds the symmetries that comparing every piece's
    /// shapes finds, piece for piece: on every built-in set in boxes square
    /// and not, with and without reflections (chiral pieces in 3-D become
    /// their twins, or stop a reflection), and on pieces of one shape given
    /// twice, a piece of two lines, and suffixed cells.
    #[test]
    fn the_shortcut_finds_the_symmetries_the_shapes_find() {
        let mut texts = Vec::new();
        for set in builtin::SETS {
            let boxes: &[&str] = match set.dims {
                Dims::Two => &["6x10", "8x8", "3x20", "5x5", "aztec:4"],
                Dims::Three => &["3x4x5", "3x3x3", "2x2x6", "4x4x4"],
            };
            for &b in boxes {
                texts.push(builtin::description(set.name, Some(b)).unwrap());
            }
        }
        texts.push("[0-3][0-3]\nA 00 01 11\nB 00 01 11\nC 00 01\n".to_string());
        texts.push("[0-3][0-3]\nA 00 01 11\nA 00 01 02\n2|B 00 10\n".to_string());
        texts.push("[0-3][0-3] 00a 33a\nA 00 01 11a\nB 00 01\n".to_string());
        texts.push("[0-2][0-2][0-2]\nL 000 001 011\nS 000 001 011 111\nR 000 001 011 012\n".to_string());
        let mut differ_by_reflections = 0;
        for text in &texts {
            for reflections in [None, Some(true), Some(false)] {
                let spec = Spec::parse_with(text, Settings::new().reflections(reflections)).unwrap();
                let fast = symmetries_of(&spec, true);
                let slow = symmetries_of(&spec, false);
                assert_eq!(fast, slow, "{text} reflections {reflections:?}");
                differ_by_reflections += usize::from(reflections == Some(false) && slow.len() < 3);
            }
        }
        // Some boxes lose symmetries without reflections: the slow path ran.
        assert!(differ_by_reflections > 0);
    }
}
