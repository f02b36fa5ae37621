//! The symmetries of the box, and the reduction that keeps one packing of each
//! class under them. The crate's documentation says why it is right.

use std::collections::{HashMap, HashSet};

use quadrille_dlx::OptionId;

use crate::placement::Placement;
use crate::spec::{Cell, Dims, Shape, Spec};

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
    pub fn apply(&self, placement: &Placement) -> Placement {
        let mut cells: Vec<u32> = placement.cells.iter().map(|&c| self.cells[c as usize]).collect();
        cells.sort_unstable();
        Placement { piece: self.pieces[placement.piece as usize], cells }
    }
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
    let (min, max) = spec.bounds();
    let index: HashMap<&Cell, u32> = spec.cells().iter().enumerate().map(|(i, c)| (c, i as u32)).collect();
    let n_pieces = spec.pieces().len();
    let mut base_sets: Vec<HashSet<Shape>> = vec![HashSet::new(); n_pieces];
    for base in spec.bases() {
        base_sets[base.piece].insert(base.shape.clone());
    }
    let twins = (0..n_pieces).any(|i| (i + 1..n_pieces).any(|j| base_sets[i] == base_sets[j]));
    let mut found = Vec::new();
    for (perm, flip) in axis_maps(spec.dims()).into_iter().skip(1) {
        if (0..3).any(|i| max[i] - min[i] != max[perm[i]] - min[perm[i]]) {
            continue;
        }
        let image = |c: &Cell| Cell {
            coords: [0, 1, 2].map(|i| {
                let (from, lo, hi) = (c.coords[perm[i]], min[perm[i]], max[perm[i]]);
                if flip[i] { hi - from + min[i] } else { from - lo + min[i] }
            }),
            suffix: c.suffix.clone(),
        };
        let Some(cells) = spec.cells().iter().map(|c| index.get(&image(c)).copied()).collect::<Option<Vec<u32>>>()
        else {
            continue;
        };
        let mut pieces = Vec::with_capacity(n_pieces);
        for (i, set) in base_sets.iter().enumerate() {
            let moved: HashSet<Shape> = set.iter().map(|s| transform_shape(s, perm, flip)).collect();
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

    /// The parts of the count of classes by Burnside's lemma
    /// ([`Packing::count_classes`](crate::Packing::count_classes)): the
    /// kept placements (indices into `placements`, the reduced problem's)
    /// of the restricted piece grouped by their stabilisers, each group with
    /// every placement of the other pieces. Without a restricted piece, one
    /// part: every placement, with all the symmetries.
    pub(crate) fn parts(&self, placements: &[Placement]) -> Vec<(Vec<u16>, Vec<usize>)> {
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
        let others = (0..placements.len()).filter(|&i| placements[i].piece as usize != piece);
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
        placements: &[Placement],
        part: &[usize],
        multiplicity: impl Fn(u32) -> u32,
    ) -> Option<Vec<(Vec<u32>, Vec<u32>)>> {
        let index: HashMap<&Placement, usize> = part.iter().map(|&i| (&placements[i], i)).collect();
        let symmetry = &self.symmetries[g as usize];
        let mut seen = vec![false; placements.len()];
        let mut options = Vec::new();
        'orbits: for &i in part {
            if seen[i] {
                continue;
            }
            let mut orbit = vec![i];
            seen[i] = true;
            let mut image = symmetry.apply(&placements[i]);
            loop {
                match index.get(&image) {
                    Some(&j) if j == i => break,
                    Some(&j) => {
                        seen[j] = true;
                        orbit.push(j);
                        image = symmetry.apply(&placements[j]);
                    }
                    None => continue 'orbits,
                }
            }
            let mut pieces: Vec<u32> = orbit.iter().map(|&j| placements[j].piece).collect();
            let mut cells: Vec<u32> = orbit.iter().flat_map(|&j| placements[j].cells.iter().copied()).collect();
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
                let twice = |p: &&u32| orbit.iter().filter(|&&j| placements[j].piece == **p).count() > 1;
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

    /// The placements kept as options.
    pub fn kept_placements(&self, placements: &[Placement]) -> Vec<Placement> {
        placements.iter().zip(&self.kept).filter(|(_, keep)| **keep).map(|(p, _)| p.clone()).collect()
    }

    /// Whether to report this solution: when the symmetries that fix the
    /// restricted piece's placement (all of them, if no piece is restricted)
    /// map it to nothing smaller, comparing packings as sorted lists of
    /// placements.
    pub fn keeps(&self, placements: &[Placement], solution: &[OptionId]) -> bool {
        let all: Vec<u16> = (0..self.symmetries.len() as u16).collect();
        let fixing = match self.piece {
            None => &all,
            Some(piece) => match solution.iter().find(|o| placements[o.index()].piece as usize == piece) {
                Some(o) => &self.stabilizers[o.index()],
                None => return true,
            },
        };
        if fixing.is_empty() {
            return true;
        }
        let mut packing: Vec<Placement> = solution.iter().map(|o| placements[o.index()].clone()).collect();
        packing.sort_unstable();
        fixing.iter().all(|&g| {
            let mut image: Vec<Placement> = packing.iter().map(|p| self.symmetries[g as usize].apply(p)).collect();
            image.sort_unstable();
            image >= packing
        })
    }
}

/// A candidate for the restricted piece: the piece, its number of classes of
/// placements, how many of those are fixed by a symmetry, and for each
/// placement its stabiliser if it is a class's representative.
type Candidate = (usize, usize, usize, Vec<Option<Vec<u16>>>);

/// The reduction of a problem by the symmetries of its box, or `None` when the
/// box has no symmetry that maps packings to packings.
pub fn reduce(spec: &Spec, placements: &[Placement]) -> Option<Reduction> {
    let symmetries = symmetries(spec);
    if symmetries.is_empty() {
        return None;
    }
    // The candidates: pieces used once, that every symmetry maps to themselves,
    // with no placement twice; the best has the fewest classes of placements,
    // then the fewest placements fixed by a symmetry.
    let mut best: Option<Candidate> = None;
    for (piece, info) in spec.pieces().iter().enumerate() {
        if info.multiplicity != 1 || symmetries.iter().any(|g| g.pieces[piece] as usize != piece) {
            continue;
        }
        let mine: HashMap<&Placement, usize> =
            placements.iter().enumerate().filter(|(_, p)| p.piece as usize == piece).map(|(i, p)| (p, i)).collect();
        if mine.len() != placements.iter().filter(|p| p.piece as usize == piece).count() {
            continue;
        }
        // For each placement: `Some(stabiliser)` for a class's representative
        // (its first placement), `None` for the others.
        let mut class: Vec<Option<Vec<u16>>> = vec![None; placements.len()];
        let mut seen = vec![false; placements.len()];
        let (mut classes, mut fixed) = (0, 0);
        let mut whole = true;
        for (i, p) in placements.iter().enumerate() {
            if p.piece as usize != piece || seen[i] {
                continue;
            }
            seen[i] = true;
            let mut stabilizer = Vec::new();
            for (g, symmetry) in symmetries.iter().enumerate() {
                let image = symmetry.apply(p);
                match mine.get(&image) {
                    Some(&j) if j == i => stabilizer.push(g as u16),
                    Some(&j) => seen[j] = true,
                    None => whole = false,
                }
            }
            classes += 1;
            fixed += usize::from(!stabilizer.is_empty());
            class[i] = Some(stabilizer);
        }
        if whole && best.as_ref().is_none_or(|b| (classes, fixed) < (b.1, b.2)) {
            best = Some((piece, classes, fixed, class));
        }
    }
    let Some((piece, _, _, class)) = best else {
        return Some(Reduction {
            symmetries,
            piece: None,
            kept: vec![true; placements.len()],
            stabilizers: vec![Vec::new(); placements.len()],
        });
    };
    let mut kept = Vec::with_capacity(placements.len());
    let mut stabilizers = Vec::new();
    for (p, class) in placements.iter().zip(class) {
        let keep = p.piece as usize != piece || class.is_some();
        kept.push(keep);
        if keep {
            stabilizers.push(class.unwrap_or_default());
        }
    }
    Some(Reduction { symmetries, piece: Some(piece), kept, stabilizers })
}
