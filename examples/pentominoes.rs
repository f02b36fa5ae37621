//! The twelve pentominoes packed into a rectangle of 60 cells.
//!
//! Items: one primary item per piece (`F`, `I`, …, `Z`) and per cell (`r0c0`, …).
//! Options: every placement of every piece in every orientation, listing the piece
//! and the five cells it covers. A solution uses each piece once and fills each
//! cell once.
//!
//! Every packing has 4 images under the rectangle's symmetries (a packing is never
//! symmetric itself), so by default the X piece, which looks the same in every
//! orientation, is kept in one quadrant: its centre in the top-left quarter. When
//! the centre lies on a middle line of the box, the reflection in that line still
//! maps such packings to each other, and the F piece, whose mirror image is a
//! different orientation, breaks the tie: a secondary item `mirror` is shared by
//! those X placements and by F's mirrored orientations, so they exclude each
//! other. Each packing is then counted once: 2,339 for 6×10 (9,356 in all),
//! 1,010 for 5×12, 368 for 4×15 and 2 for 3×20.
//!
//! ```sh
//! cargo run --release --example pentominoes            # the four boxes
//! cargo run --release --example pentominoes -- 6 10 all # every packing, mirror images too
//! ```

use std::io::Write;

use quadrille::dlx::{BuildError, Item, OptionId, Problem, Solver};

/// The pieces, each as its cells (row, column) in one orientation.
pub const PIECES: [(char, [(i32, i32); 5]); 12] = [
    ('F', [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ('I', [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ('L', [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ('N', [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)]),
    ('P', [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ('T', [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ('U', [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ('W', [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ('X', [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ('Y', [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ('Z', [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
];

/// The distinct orientations of a piece, each with whether it is mirrored,
/// unmirrored ones first; cells shifted to the origin and sorted.
fn orientations(cells: &[(i32, i32); 5]) -> Vec<([(i32, i32); 5], bool)> {
    let mut found: Vec<([(i32, i32); 5], bool)> = Vec::new();
    for mirrored in [false, true] {
        for turns in 0..4 {
            let mut shape = cells.map(|(r, c)| if mirrored { (r, -c) } else { (r, c) });
            for _ in 0..turns {
                shape = shape.map(|(r, c)| (c, -r));
            }
            let (r0, c0) = (shape.iter().map(|p| p.0).min().unwrap(), shape.iter().map(|p| p.1).min().unwrap());
            let mut shape = shape.map(|(r, c)| (r - r0, c - c0));
            shape.sort_unstable();
            if !found.iter().any(|(s, _)| *s == shape) {
                found.push((shape, mirrored));
            }
        }
    }
    found
}

/// A packing problem, and what each option places: (piece letter, cells).
pub struct Packing {
    /// The exact-cover problem.
    pub problem: Problem,
    /// Each option's piece and its cells.
    pub placements: Vec<(char, [(i32, i32); 5])>,
    /// The box: rows and columns.
    pub size: (i32, i32),
}

/// The problem for a box of `rows` × `cols` cells (60 in all). With
/// `one_of_each_symmetry`, each packing is counted once instead of four times.
pub fn packing(rows: i32, cols: i32, one_of_each_symmetry: bool) -> Result<Packing, BuildError> {
    let mut b = Problem::builder();
    let pieces = PIECES.map(|(name, _)| b.primary(&name.to_string()));
    let pieces = pieces.into_iter().collect::<Result<Vec<Item>, _>>()?;
    let mut cells = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            cells.push(b.primary(&format!("r{r}c{c}"))?);
        }
    }
    let mirror = b.secondary("mirror")?;
    let mut placements = Vec::new();
    for (k, (name, shape)) in PIECES.iter().enumerate() {
        for (shape, mirrored) in orientations(shape) {
            let (height, width) = (shape.iter().map(|p| p.0).max().unwrap(), shape.iter().map(|p| p.1).max().unwrap());
            for r in 0..rows - height {
                for c in 0..cols - width {
                    let mut option = vec![pieces[k]];
                    if one_of_each_symmetry && *name == 'X' {
                        // The centre of X is its cell (1, 1).
                        let (cr, cc) = (r + 1, c + 1);
                        if 2 * cr > rows - 1 || 2 * cc > cols - 1 {
                            continue;
                        }
                        if 2 * cr == rows - 1 || 2 * cc == cols - 1 {
                            option.push(mirror);
                        }
                    }
                    if one_of_each_symmetry && *name == 'F' && mirrored {
                        option.push(mirror);
                    }
                    let placed = shape.map(|(dr, dc)| (r + dr, c + dc));
                    option.extend(placed.iter().map(|&(pr, pc)| cells[(pr * cols + pc) as usize]));
                    b.option(option)?;
                    placements.push((*name, placed));
                }
            }
        }
    }
    Ok(Packing { problem: b.build()?, placements, size: (rows, cols) })
}

/// A packing drawn as rows of piece letters.
pub fn draw(packing: &Packing, solution: &[OptionId]) -> String {
    let (rows, cols) = packing.size;
    let mut grid = vec![vec!['.'; cols as usize]; rows as usize];
    for &o in solution {
        let (name, cells) = packing.placements[o.index()];
        for (r, c) in cells {
            grid[r as usize][c as usize] = name;
        }
    }
    grid.into_iter().map(|row| row.into_iter().collect::<String>() + "\n").collect()
}

/// Counts the packings of one box and draws the first; returns the count.
pub fn run(
    rows: i32,
    cols: i32,
    one_of_each_symmetry: bool,
    out: &mut impl Write,
) -> Result<u64, Box<dyn std::error::Error>> {
    let packing = packing(rows, cols, one_of_each_symmetry)?;
    let mut solver = Solver::new(&packing.problem);
    let first = solver.first();
    let count = solver.count();
    let what = if one_of_each_symmetry { "up to symmetry" } else { "in all" };
    writeln!(
        out,
        "{rows}×{cols}: {count} packings {what} ({} nodes, {} updates)",
        solver.stats().nodes,
        solver.stats().updates
    )?;
    if let Some(solution) = first {
        writeln!(out, "{}", draw(&packing, &solution))?;
    }
    Ok(count)
}

#[allow(dead_code)]
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = &mut std::io::stdout().lock();
    match args.as_slice() {
        [] => {
            for (rows, cols) in [(6, 10), (5, 12), (4, 15), (3, 20)] {
                run(rows, cols, true, out)?;
            }
        }
        [rows, cols, rest @ ..] => {
            let number = |s: &str| s.parse::<i32>().map_err(|_| format!("`{s}` is not a number"));
            let (rows, cols) = (number(rows)?, number(cols)?);
            if rows < 1 || cols < 1 || rows * cols != 60 {
                return Err(format!("a {rows}×{cols} box does not have the 60 cells of the twelve pieces").into());
            }
            run(rows, cols, rest.first().map(String::as_str) != Some("all"), out)?;
        }
        _ => return Err("usage: pentominoes [ROWS COLS [all]]".into()),
    }
    Ok(())
}
