//! An independent check of a packing: every primary cell of the box covered
//! once, no secondary cell twice, every piece used as often as it should be, and
//! each placed piece congruent to the typical cells of one of its lines.
//!
//! The check shares nothing with the making of placements but the reading of
//! the description: it works on cell names, and tries every rotation (and, when
//! allowed, reflection) of the axes by brute force.

use std::collections::{HashMap, HashSet};

use crate::spec::{Dims, Spec, decode};

/// A cell name read back: coordinates and suffix.
fn read_name(name: &str, dims: Dims) -> Option<([i32; 3], String)> {
    let chars: Vec<char> = name.chars().collect();
    let mut coords = [0; 3];
    for (coord, &c) in coords.iter_mut().zip(chars.get(..dims.count())?) {
        *coord = i32::from(decode(c)?);
    }
    Some((coords, chars[dims.count()..].iter().collect()))
}

/// The cells shifted so that their smallest coordinates are 0, sorted.
fn normal(cells: &[([i32; 3], String)]) -> Vec<([i32; 3], String)> {
    let min = [0, 1, 2].map(|i| cells.iter().map(|c| c.0[i]).min().unwrap_or(0));
    let mut out: Vec<_> = cells.iter().map(|(c, s)| ([0, 1, 2].map(|i| c[i] - min[i]), s.clone())).collect();
    out.sort();
    out
}

/// The orientation-preserving (and, with `reflections`, all) signed
/// permutations of the first `d` axes.
fn isometries(d: usize, reflections: bool) -> Vec<([usize; 3], [i32; 3])> {
    let mut out = Vec::new();
    for a in 0..d {
        for b in 0..d {
            for c in 0..3 {
                let perm = [a, b, c];
                let distinct = a != b && (d == 2 || (c != a && c != b)) && (d == 3 || c == 2);
                if !distinct {
                    continue;
                }
                for signs in 0..1 << d {
                    let sign = [0, 1, 2].map(|i| if i < d && signs & (1 << i) != 0 { -1 } else { 1 });
                    let inversions = (0..3).flat_map(|i| (i + 1..3).map(move |j| (i, j)));
                    let parity: i32 = inversions.map(|(i, j)| if perm[i] > perm[j] { -1 } else { 1 }).product();
                    let det = parity * sign.iter().product::<i32>();
                    if det == 1 || reflections {
                        out.push((perm, sign));
                    }
                }
            }
        }
    }
    out
}

/// Checks one packing, given as its pieces' names and cell names. Returns what
/// is wrong, in words.
pub fn check(spec: &Spec, pieces: &[(&str, Vec<String>)]) -> Result<(), String> {
    let dims = spec.dims();
    let mut covered: HashMap<String, usize> = HashMap::new();
    let mut used: HashMap<&str, u32> = HashMap::new();
    let isometries = isometries(dims.count(), spec.reflections());
    for (name, cells) in pieces {
        *used.entry(name).or_default() += 1;
        let Some(k) = spec.pieces().iter().position(|p| p.name == *name) else {
            return Err(format!("unknown piece `{name}`"));
        };
        let read: Vec<_> = cells
            .iter()
            .map(|c| read_name(c, dims).ok_or_else(|| format!("bad cell name `{c}`")))
            .collect::<Result<_, _>>()?;
        let placed = normal(&read);
        let congruent = spec.typical().iter().filter(|t| t.piece == k).any(|t| {
            let typical: Vec<([i32; 3], String)> =
                t.shape.cells().iter().map(|c| (c.coords.map(i32::from), c.suffix.clone())).collect();
            isometries.iter().any(|(perm, sign)| {
                let moved: Vec<_> =
                    typical.iter().map(|(c, s)| ([0, 1, 2].map(|i| sign[i] * c[perm[i]]), s.clone())).collect();
                normal(&moved) == placed
            })
        });
        if !congruent {
            return Err(format!("piece `{name}` on {} is not a copy of its shape", cells.join(" ")));
        }
        for cell in cells {
            *covered.entry(cell.clone()).or_default() += 1;
        }
    }
    let box_cells: HashSet<String> = spec.cells().iter().map(|c| c.name(dims)).collect();
    for (cell, &times) in &covered {
        if !box_cells.contains(cell) {
            return Err(format!("cell `{cell}` is not in the box"));
        }
        if times > 1 {
            return Err(format!("cell `{cell}` is covered {times} times"));
        }
    }
    for cell in spec.cells().iter().filter(|c| !c.is_secondary()) {
        if !covered.contains_key(&cell.name(dims)) {
            return Err(format!("cell `{}` is not covered", cell.name(dims)));
        }
    }
    for piece in spec.pieces() {
        let times = used.get(piece.name.as_str()).copied().unwrap_or(0);
        if times != piece.multiplicity && !piece.is_unlimited() {
            return Err(format!("piece `{}` is used {times} times, not {}", piece.name, piece.multiplicity));
        }
    }
    Ok(())
}
