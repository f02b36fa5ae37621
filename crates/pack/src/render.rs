//! Packings as pictures: letter grids, and SVG with each piece a coloured
//! polygon.

use std::collections::HashMap;
use std::fmt::Write as _;

use quadrille_dlx::OptionId;

use crate::model::Packing;
use crate::spec::{Dims, Spec};

/// The letters of the pieces in a grid: the names themselves when each is one
/// character, else their first characters when those differ, else `A`, `B`, …
/// in the order of the pieces.
pub fn letters(spec: &Spec) -> Vec<char> {
    const SPARE: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let firsts: Vec<char> = spec.pieces().iter().map(|p| p.name.chars().next().unwrap_or('?')).collect();
    let mut distinct = firsts.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() == firsts.len() {
        firsts
    } else {
        (0..firsts.len()).map(|k| SPARE.chars().nth(k % SPARE.len()).unwrap_or('?')).collect()
    }
}

/// The layers of the picture: the z values of the box (one in two dimensions).
fn layers(spec: &Spec) -> std::ops::RangeInclusive<u8> {
    let (min, max) = spec.bounds();
    match spec.dims() {
        Dims::Two => 0..=0,
        Dims::Three => min[2]..=max[2],
    }
}

/// A packing as rows of letters: x down, y across; in three dimensions one grid
/// per layer (z), side by side. A cell outside the box is a blank, a box cell
/// left empty (only secondary cells can be) is `.`. Every row ends with a
/// newline.
///
/// A piece placed once shows its letter ([`letters`]). The copies of a piece
/// placed several times (a tiling's dominoes) take letters so that no two
/// copies that touch (share a face) show the same one: the piece's letter
/// first, then its other case, then letters no piece has, each copy the first
/// one its neighbours met so far (in the order of the copies' first cells)
/// have not taken. So every copy can be seen.
pub fn grid(packing: &Packing, solution: &[OptionId]) -> String {
    let spec = packing.spec();
    let (min, max) = spec.bounds();
    let owners = copy_letters(packing, solution);
    let mut at: HashMap<[u8; 3], char> = HashMap::new();
    for (cell, owner) in spec.cells().iter().zip(&owners) {
        if cell.is_secondary() {
            continue;
        }
        at.insert(cell.coords, owner.unwrap_or('.'));
    }
    // Secondary cells shown where no primary cell is.
    for (cell, owner) in spec.cells().iter().zip(&owners) {
        if cell.is_secondary() {
            let entry = at.entry(cell.coords).or_insert('.');
            if let Some(letter) = owner {
                *entry = *letter;
            }
        }
    }
    let mut text = String::new();
    if spec.cells().is_empty() {
        return text;
    }
    for x in min[0]..=max[0] {
        let mut row = String::new();
        for (l, z) in layers(spec).enumerate() {
            if l > 0 {
                row.push(' ');
            }
            for y in min[1]..=max[1] {
                row.push(at.get(&[x, y, z]).copied().unwrap_or(' '));
            }
        }
        text.push_str(row.trim_end());
        text.push('\n');
    }
    text
}

/// The letter of each cell of the box in the grid of `solution` (`None`
/// where no piece is), as [`grid`] says.
fn copy_letters(packing: &Packing, solution: &[OptionId]) -> Vec<Option<char>> {
    const SPARE: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let spec = packing.spec();
    let letters = letters(spec);
    let mut copies = vec![0usize; letters.len()];
    for &o in solution {
        copies[packing.placement(o).piece as usize] += 1;
    }
    // Each cell's place in `solution`, and the options in order of their first cells.
    let mut owner: Vec<Option<usize>> = vec![None; spec.cells().len()];
    for (k, &o) in solution.iter().enumerate() {
        for &c in packing.placement(o).cells {
            owner[c as usize] = Some(k);
        }
    }
    let first_cell = |o: OptionId| packing.placement(o).cells.iter().map(|&c| spec.cells()[c as usize].coords).min();
    let mut order: Vec<usize> = (0..solution.len()).collect();
    order.sort_by_key(|&k| first_cell(solution[k]));
    let at: HashMap<[u8; 3], usize> = spec.cells().iter().enumerate().map(|(c, cell)| (cell.coords, c)).collect();
    let mut chosen: Vec<Option<char>> = vec![None; solution.len()];
    for k in order {
        let placement = packing.placement(solution[k]);
        let piece = placement.piece as usize;
        let own = letters[piece];
        if copies[piece] < 2 {
            chosen[k] = Some(own);
            continue;
        }
        // The letters of the copies already lettered that touch this one.
        let mut taken = Vec::new();
        for &c in placement.cells {
            let coords = spec.cells()[c as usize].coords;
            for d in 0..3 {
                for step in [-1i16, 1] {
                    let mut next = coords;
                    let Ok(value) = u8::try_from(i16::from(coords[d]) + step) else { continue };
                    next[d] = value;
                    let neighbour = at.get(&next).and_then(|&n| owner[n]).filter(|&n| n != k);
                    taken.extend(neighbour.and_then(|n| chosen[n]));
                }
            }
        }
        let other_case = own.to_lowercase().chain(own.to_uppercase()).filter(|&c| c != own && !letters.contains(&c));
        let spare = SPARE.chars().filter(|c| !letters.contains(c));
        chosen[k] = [own].into_iter().chain(other_case).chain(spare).find(|c| !taken.contains(c)).or(Some(own));
    }
    owner.iter().map(|o| o.and_then(|k| chosen[k])).collect()
}

/// The colour of piece `k` of `n`: hues spread round the wheel.
fn color(k: usize, n: usize) -> String {
    let hue = (k as f64 * 360.0 / n.max(1) as f64 + 15.0) % 360.0;
    let light = if k % 2 == 0 { 62 } else { 74 };
    format!("hsl({hue:.0},70%,{light}%)")
}

/// The fill of each option of `packing` (in option order). Pieces used a fixed
/// number of times take one colour each. A piece of unlimited supply takes
/// one colour for each orientation and each colour of the chessboard square
/// where it starts: so a domino tiling shows its four kinds of domino (north,
/// south, east and west, as the literature on the Aztec diamond names them),
/// and a random tiling of the diamond its arctic circle: the four frozen
/// corners, one colour each, round a chaotic middle.
fn fills(packing: &Packing) -> Vec<String> {
    let spec = packing.spec();
    let mut classes: Vec<(u32, Vec<[i32; 3]>, u8)> = Vec::new();
    let class_of: Vec<usize> = packing
        .placements()
        .iter()
        .map(|placement| {
            let key = if spec.pieces()[placement.piece as usize].is_unlimited() {
                let cells: Vec<[u8; 3]> = placement.cells.iter().map(|&c| spec.cells()[c as usize].coords).collect();
                let first = cells.iter().min().copied().unwrap_or_default();
                let offsets =
                    cells.iter().map(|c| std::array::from_fn(|d| i32::from(c[d]) - i32::from(first[d]))).collect();
                let parity = first.iter().map(|&x| u32::from(x)).sum::<u32>() % 2;
                (placement.piece, offsets, parity as u8)
            } else {
                (placement.piece, Vec::new(), 0)
            };
            classes.iter().position(|k| *k == key).unwrap_or_else(|| {
                classes.push(key);
                classes.len() - 1
            })
        })
        .collect();
    // Colours in the order of the classes sorted, so that they do not depend
    // on the order of the options.
    let mut order: Vec<usize> = (0..classes.len()).collect();
    order.sort_by(|&a, &b| classes[a].cmp(&classes[b]));
    let mut rank = vec![0; classes.len()];
    for (r, &k) in order.iter().enumerate() {
        rank[k] = r;
    }
    class_of.iter().map(|&k| color(rank[k], classes.len())).collect()
}

/// The outline of a set of unit squares (row, column) as closed loops of
/// corner points: the squares' edges that no two of them share, joined end to
/// end.
fn outline(squares: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    use std::collections::{BTreeMap, HashSet};
    // Each square's edges, clockwise in screen coordinates (x across, y down).
    let mut edges: HashSet<((i32, i32), (i32, i32))> = HashSet::new();
    for &(r, c) in squares {
        let corners = [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)];
        for i in 0..4 {
            let edge = (corners[i], corners[(i + 1) % 4]);
            if !edges.remove(&(edge.1, edge.0)) {
                edges.insert(edge);
            }
        }
    }
    let mut next: BTreeMap<(i32, i32), Vec<(i32, i32)>> = BTreeMap::new();
    for &(a, b) in &edges {
        next.entry(a).or_default().push(b);
    }
    let mut loops = Vec::new();
    while let Some((&start, _)) = next.iter().find(|(_, v)| !v.is_empty()) {
        let mut points = vec![start];
        let mut at = start;
        while let Some(to) = next.get_mut(&at).and_then(Vec::pop) {
            if to == start {
                break;
            }
            points.push(to);
            at = to;
        }
        // Drop the corners where the outline goes straight on.
        let n = points.len();
        let corners: Vec<(i32, i32)> = (0..n)
            .filter(|&i| {
                let (p, q, r) = (points[(i + n - 1) % n], points[i], points[(i + 1) % n]);
                (q.0 - p.0) * (r.1 - q.1) != (q.1 - p.1) * (r.0 - q.0)
            })
            .map(|i| points[i])
            .collect();
        loops.push(corners);
    }
    loops
}

/// Escapes text for XML.
/// Text escaped for XML text and attribute values; characters XML 1.0 does
/// not allow (control characters other than tab and line ends, U+FFFE and
/// U+FFFF) become U+FFFD, so that any name makes a well-formed picture.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// One SVG picture of packings, one under another: each piece a coloured
/// polygon with its name; in three dimensions the layers side by side, z from
/// left to right. The packings are captioned `packing 1`, `packing 2`, …
pub fn svg(packing: &Packing, solutions: &[Vec<OptionId>]) -> String {
    svg_numbered(packing, solutions, 1)
}

/// [`svg`], the packings captioned from `first` on: a page that draws each
/// solution alone as it comes names the seventh `packing 7`.
pub fn svg_numbered(packing: &Packing, solutions: &[Vec<OptionId>], first: usize) -> String {
    let spec = packing.spec();
    let (min, max) = spec.bounds();
    let cell = 32.0;
    let (rows, cols) = (i32::from(max[0] - min[0]) + 1, i32::from(max[1] - min[1]) + 1);
    let n_layers = layers(spec).count() as i32;
    let gap = 1;
    let margin = 16.0;
    let title = 22.0;
    let layer_w = f64::from(cols) * cell;
    let width = margin * 2.0 + f64::from(n_layers) * layer_w + f64::from((n_layers - 1) * gap) * cell;
    let packing_h = title + f64::from(rows) * cell + margin;
    let height = margin + packing_h * solutions.len().max(1) as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let plural = if solutions.len() == 1 { "" } else { "s" };
    let _ = writeln!(s, "<title>{} packing{plural}</title>", solutions.len());
    let fills = fills(packing);
    for (index, solution) in solutions.iter().enumerate() {
        let top = margin + packing_h * index as f64;
        let number = first + index;
        let _ = writeln!(s, r#"<g id="packing-{number}">"#);
        let _ = writeln!(s, r#"<text x="{margin}" y="{}" font-size="14">packing {number}</text>"#, top + 15.0);
        for (l, z) in layers(spec).enumerate() {
            let x0 = margin + (layer_w + f64::from(gap) * cell) * l as f64;
            let y0 = top + title;
            if spec.dims() == Dims::Three {
                let _ = writeln!(
                    s,
                    r#"<text x="{}" y="{}" font-size="12" text-anchor="end">z = {z}</text>"#,
                    x0 + layer_w,
                    top + 15.0
                );
            }
            // The box's cells, faint, so holes and empty cells show.
            for c in spec.cells().iter().filter(|c| !c.is_secondary() && c.coords[2] == z) {
                let (x, y) = (x0 + f64::from(c.coords[1] - min[1]) * cell, y0 + f64::from(c.coords[0] - min[0]) * cell);
                let _ = write!(s, r##"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#eeeeee"/>"##);
            }
            s.push('\n');
            for &o in solution {
                let placement = packing.placement(o);
                let squares: Vec<(i32, i32)> = placement
                    .cells
                    .iter()
                    .map(|&c| &spec.cells()[c as usize])
                    .filter(|c| !c.is_secondary() && c.coords[2] == z)
                    .map(|c| (i32::from(c.coords[0] - min[0]), i32::from(c.coords[1] - min[1])))
                    .collect();
                if squares.is_empty() {
                    continue;
                }
                let mut path = String::new();
                for corners in outline(&squares) {
                    for (i, (px, py)) in corners.iter().enumerate() {
                        let _ = write!(
                            path,
                            "{}{} {} ",
                            if i == 0 { "M" } else { "L" },
                            x0 + f64::from(*px) * cell,
                            y0 + f64::from(*py) * cell
                        );
                    }
                    path.push_str("Z ");
                }
                let piece = &spec.pieces()[placement.piece as usize];
                let name = xml(&piece.name);
                let _ = writeln!(
                    s,
                    r##"<path d="{}" fill="{}" fill-rule="evenodd" stroke="#222222" stroke-width="2" stroke-linejoin="round"><title>{name}</title></path>"##,
                    path.trim_end(),
                    fills[o.index()]
                );
                // Tiles of unlimited supply go unlabelled: hundreds of one
                // name say nothing.
                if piece.is_unlimited() {
                    continue;
                }
                // The name on the square nearest the piece's centre.
                let (sr, sc) = squares.iter().fold((0, 0), |(a, b), &(r, c)| (a + r, b + c));
                let n = squares.len() as i32;
                let &(r, c) = squares
                    .iter()
                    .min_by_key(|&&(r, c)| ((r * n - sr).pow(2) + (c * n - sc).pow(2), r, c))
                    .unwrap_or(&squares[0]);
                let _ = writeln!(
                    s,
                    r#"<text x="{}" y="{}" font-size="15" text-anchor="middle" dominant-baseline="central">{name}</text>"#,
                    x0 + (f64::from(c) + 0.5) * cell,
                    y0 + (f64::from(r) + 0.5) * cell
                );
            }
        }
        s.push_str("</g>\n");
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outlines_are_closed_and_straight_runs_merged() {
        assert_eq!(outline(&[(0, 0)]).len(), 1);
        assert_eq!(outline(&[(0, 0)])[0].len(), 4);
        // An L of three squares has six corners.
        assert_eq!(outline(&[(0, 0), (1, 0), (1, 1)])[0].len(), 6);
        // A ring of eight squares has two loops, of four corners each.
        let ring: Vec<(i32, i32)> =
            (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).filter(|&(r, c)| (r, c) != (1, 1)).collect();
        let loops = outline(&ring);
        assert_eq!(loops.len(), 2);
        assert!(loops.iter().all(|l| l.len() == 4));
    }
}
