//! Packing: the matrices equal those Knuth's generators made, the counts equal
//! the published ones and a brute-force search's, and every packing listed
//! passes an independent check.

use std::collections::{BTreeSet, HashMap};
use std::ops::ControlFlow;

use quadrille::dlx::{OptionId, Solver};
use quadrille::pack::{Packing, Spec, builtin, render, validate};

use crate::data;

/// The lines of a Knuth-format text that are not comments.
fn matrix(text: &str) -> Vec<&str> {
    text.lines().filter(|line| !line.starts_with('|')).collect()
}

#[test]
fn the_matrices_equal_those_of_knuths_polyomino_dlx() {
    let files = [
        ("tetrominoes_twice_8x5", "tetrominoes_twice_8x5"),
        ("tetrominoes_12_8x6", "tetrominoes_12_8x6"),
        ("scott_8x8", "knuth_pack_scott_8x8"),
        ("dominoes_secondary", "knuth_pack_dominoes_secondary"),
        ("soma", "knuth_pack_soma"),
        ("staircase", "knuth_pack_staircase"),
    ];
    for (name, made_by_knuth) in files {
        let spec = Spec::parse(&data::read(&format!("pack/{name}.txt"))).unwrap();
        let ours = spec.to_knuth();
        let his = data::read(&format!("dlx/{made_by_knuth}.dlx"));
        assert_eq!(matrix(&ours), matrix(&his), "{name}");
    }
}

/// Repeated pieces are items with bounds: the two tetromino boxes made by
/// Knuth's polyomino-dlx count as his DLX3 counts them, and every packing is
/// checked by the validator.
#[test]
fn repeated_pieces_count_as_knuths_dlx3() {
    for name in ["tetrominoes_twice_8x5", "tetrominoes_12_8x6"] {
        let spec = Spec::parse(&data::read(&format!("pack/{name}.txt"))).unwrap();
        let [solutions, ..] = data::figures(name, "dlx3");
        assert_eq!(Some(count(&spec, false)), solutions, "{name}");
    }
}

/// Counts all packings, or one of each class, checking each with the validator.
fn count(spec: &Spec, unique: bool) -> u64 {
    let packing = if unique { Packing::up_to_symmetry(spec) } else { Packing::new(spec) }.unwrap();
    let mut kept = 0;
    Solver::new(packing.problem()).visit(|solution| {
        if packing.keeps(solution) {
            kept += 1;
            if let Err(e) = validate::check(spec, &packing.pieces_of(solution)) {
                panic!("not a packing: {e}\n{}", render::grid(&packing, solution));
            }
        }
        ControlFlow::Continue(())
    });
    kept
}

/// The published count of a problem in `data/reference/counts.tsv`.
fn published(problem: &str) -> u64 {
    let row = data::table("counts").into_iter().find(|row| row[0] == problem).expect("a published count");
    data::number(&row[1]).unwrap()
}

#[test]
fn pentominoes_in_the_four_boxes() {
    for (rows, cols) in [(6, 10), (5, 12), (4, 15), (3, 20)] {
        let spec = Spec::parse(&builtin::description("pentominoes", Some(&format!("{rows}x{cols}"))).unwrap()).unwrap();
        assert_eq!(count(&spec, true), published(&format!("pentominoes_{rows}x{cols}_unique")), "{rows}x{cols}");
    }
    let spec = Spec::parse(&builtin::description("pentominoes", Some("3x20")).unwrap()).unwrap();
    assert_eq!(count(&spec, false), published("pentominoes_3x20"));
}

#[test]
fn pentominoes_in_a_6x10_box_in_all() {
    let spec = Spec::parse(&data::read("pack/pentominoes_6x10.txt")).unwrap();
    assert_eq!(count(&spec, false), published("pentominoes_6x10"));
}

#[test]
fn scotts_board_with_a_hole() {
    let spec = Spec::parse(&data::read("pack/scott_8x8.txt")).unwrap();
    assert_eq!(Packing::up_to_symmetry(&spec).unwrap().n_symmetries(), 8);
    assert_eq!(count(&spec, true), published("scott_8x8_hole_unique"));
    assert_eq!(count(&spec, false), published("scott_8x8_hole"));
}

#[test]
fn the_five_tetrominoes_cannot_fill_a_4x5_box() {
    let spec = Spec::parse(&builtin::description("tetrominoes", None).unwrap()).unwrap();
    assert_eq!(count(&spec, false), 0);
}

#[test]
fn the_soma_cube() {
    let spec = Spec::parse(&data::read("pack/soma.txt")).unwrap();
    let reduced = Packing::up_to_symmetry(&spec).unwrap();
    // Rotations and reflections of the cube; a reflection swaps A and B.
    assert_eq!(reduced.n_symmetries(), 48);
    assert_eq!(count(&spec, true), published("soma_cube_unique"));
    assert_eq!(count(&spec, false), published("soma_cube"));
}

#[test]
fn the_pentacubes_are_the_29() {
    // 29 pentacubes when mirror images count apart (OEIS A000162): the set
    // holds 29 pieces, each of 5 cubes joined face to face, no two alike under
    // rotation, so it holds each of them once.
    let spec = Spec::parse(&builtin::description("pentacubes", Some("5x29x1")).unwrap()).unwrap();
    assert_eq!(spec.pieces().len(), 29);
    let mut seen = BTreeSet::new();
    for piece in 0..29 {
        let bases: BTreeSet<_> =
            spec.bases().iter().filter(|b| b.piece == piece).map(|b| format!("{:?}", b.shape)).collect();
        assert!(bases.iter().all(|b| !seen.contains(b)), "piece {piece} repeats another");
        let cells = spec.typical()[piece].shape.cells();
        assert_eq!(cells.len(), 5);
        let joined = |a: &[u8; 3], b: &[u8; 3]| (0..3).map(|i| a[i].abs_diff(b[i]) as u32).sum::<u32>() == 1;
        let mut reached = vec![0];
        let mut next = 0;
        while next < reached.len() {
            let from = reached[next];
            for j in 0..5 {
                if !reached.contains(&j) && joined(&cells[from].coords, &cells[j].coords) {
                    reached.push(j);
                }
            }
            next += 1;
        }
        assert_eq!(reached.len(), 5, "piece {piece} is connected");
        seen.extend(bases);
    }
}

/// An independent search: fill the first empty cell with every orientation of
/// every unused piece, orientations made by trying every rotation and
/// reflection of the plane. Returns every packing as the piece on each cell.
fn brute_force(cells: &[(i32, i32)], pieces: &[Vec<(i32, i32)>]) -> Vec<Vec<usize>> {
    let index: HashMap<(i32, i32), usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let orientations: Vec<Vec<Vec<(i32, i32)>>> = pieces
        .iter()
        .map(|piece| {
            let mut all = BTreeSet::new();
            for t in 0..8 {
                let mut moved: Vec<(i32, i32)> = piece
                    .iter()
                    .map(|&(x, y)| {
                        let (x, y) = if t & 4 != 0 { (y, x) } else { (x, y) };
                        (if t & 1 != 0 { -x } else { x }, if t & 2 != 0 { -y } else { y })
                    })
                    .collect();
                moved.sort();
                let first = moved[0];
                all.insert(moved.iter().map(|&(x, y)| (x - first.0, y - first.1)).collect::<Vec<_>>());
            }
            all.into_iter().collect()
        })
        .collect();
    let mut owner = vec![usize::MAX; cells.len()];
    let mut used = vec![false; pieces.len()];
    let mut found = Vec::new();
    fn fill(
        cells: &[(i32, i32)],
        index: &HashMap<(i32, i32), usize>,
        orientations: &[Vec<Vec<(i32, i32)>>],
        owner: &mut Vec<usize>,
        used: &mut Vec<bool>,
        found: &mut Vec<Vec<usize>>,
    ) {
        let Some(empty) = owner.iter().position(|&o| o == usize::MAX) else {
            if used.iter().all(|&u| u) {
                found.push(owner.clone());
            }
            return;
        };
        let (x0, y0) = cells[empty];
        for piece in 0..orientations.len() {
            if used[piece] {
                continue;
            }
            for shape in &orientations[piece] {
                let at: Option<Vec<usize>> = shape
                    .iter()
                    .map(|&(dx, dy)| index.get(&(x0 + dx, y0 + dy)).copied().filter(|&i| owner[i] == usize::MAX))
                    .collect();
                if let Some(at) = at {
                    used[piece] = true;
                    at.iter().for_each(|&i| owner[i] = piece);
                    fill(cells, index, orientations, owner, used, found);
                    at.iter().for_each(|&i| owner[i] = usize::MAX);
                    used[piece] = false;
                }
            }
        }
    }
    fill(cells, &index, &orientations, &mut owner, &mut used, &mut found);
    found
}

/// The number of classes of packings under the rotations and reflections of
/// the plane that map the cells onto themselves.
fn classes(cells: &[(i32, i32)], packings: &[Vec<usize>]) -> usize {
    let index: HashMap<(i32, i32), usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let (xmax, ymax) = (cells.iter().map(|c| c.0).max().unwrap(), cells.iter().map(|c| c.1).max().unwrap());
    let mut maps: Vec<Vec<usize>> = Vec::new();
    for t in 0..8 {
        let image = |&(x, y): &(i32, i32)| {
            let (x, y) = (if t & 1 != 0 { xmax - x } else { x }, if t & 2 != 0 { ymax - y } else { y });
            if t & 4 != 0 { (y, x) } else { (x, y) }
        };
        if let Some(map) = cells.iter().map(|c| index.get(&image(c)).copied()).collect::<Option<Vec<_>>>() {
            maps.push(map);
        }
    }
    let canonical: BTreeSet<Vec<usize>> = packings
        .iter()
        .map(|p| {
            maps.iter()
                .map(|map| {
                    let mut image = vec![0; p.len()];
                    for (i, &m) in map.iter().enumerate() {
                        image[m] = p[i];
                    }
                    image
                })
                .min()
                .unwrap()
        })
        .collect();
    canonical.len()
}

#[test]
fn small_packings_agree_with_a_brute_force_search() {
    // Boxes with 4 or 8 symmetries, a hole, pieces of one shape under several
    // names, and two cases with no packing at all.
    let cases = [
        "[0-3][0-3]\nI 00 01 02 03\nO 00 01 10 11\nL 00 01 02 12\nS 00 10 11 21\n",
        "[0-3][0-3]\nI 00 01 02 03\nO 00 01 10 11\nL 00 01 02 12\nJ 00 01 02 12\n",
        "[0-4][0-4]\nP 00 01 10 11 20\nT 00 01 02 11 21\nL 00 10 20 30 31\nW 00 10 11 21 22\nY 01 10 11 21 31\n",
        "[0-2][0-2]\nV 00 10 11\nL 00 01 02 12\nD 00 01\n",
        // Dominoes under four names and a monomino: the monomino in the centre
        // is fixed by all eight symmetries.
        "[0-2][0-2]\nA 00 01\nB 00 01\nC 00 01\nD 00 01\nE 00\n",
        "[0-2][02] [02][0-2]\nA 00 01\nB 00 01\nC 00 01\nD 00 01\n",
        "[0-4][0-5]\nF 01 02 10 11 21\nL 00 10 20 30 31\nN 01 11 20 21 30\nP 00 01 10 11 20\nU 00 02 10 11 12\nY 01 10 11 21 31\n",
        "[0-4][0-4] [0-1][5]\nF 01 02 10 11 21\nX 01 10 11 12 21\nW 00 10 11 21 22\nT 00 01 02 11 21\nI 00 01 02 03\nD 00 01 02\n",
    ];
    let mut nonzero = 0;
    for text in cases {
        let spec = Spec::parse(text).unwrap();
        let cells: Vec<(i32, i32)> =
            spec.cells().iter().map(|c| (i32::from(c.coords[0]), i32::from(c.coords[1]))).collect();
        let pieces: Vec<Vec<(i32, i32)>> = spec
            .typical()
            .iter()
            .map(|t| t.shape.cells().iter().map(|c| (i32::from(c.coords[0]), i32::from(c.coords[1]))).collect())
            .collect();
        let all = brute_force(&cells, &pieces);
        nonzero += usize::from(!all.is_empty());
        assert_eq!(count(&spec, false), all.len() as u64, "{text}");
        assert_eq!(count(&spec, true), classes(&cells, &all) as u64, "{text}");
    }
    assert_eq!(nonzero, 6, "the cases with packings");
}

#[test]
fn the_packings_listed_up_to_symmetry_are_not_images_of_each_other() {
    let spec = Spec::parse(&builtin::description("pentominoes", Some("5x12")).unwrap()).unwrap();
    let packing = Packing::up_to_symmetry(&spec).unwrap();
    let mut grids = BTreeSet::new();
    Solver::new(packing.problem()).visit(|solution: &[OptionId]| {
        if packing.keeps(solution) {
            let grid = render::grid(&packing, solution);
            let rows: Vec<Vec<char>> = grid.lines().map(|l| l.chars().collect()).collect();
            let flip_rows: String = rows.iter().rev().map(|r| r.iter().collect::<String>() + "\n").collect();
            let flip_cols: String = rows.iter().map(|r| r.iter().rev().collect::<String>() + "\n").collect();
            let turn: String = rows.iter().rev().map(|r| r.iter().rev().collect::<String>() + "\n").collect();
            for image in [&flip_rows, &flip_cols, &turn] {
                assert!(!grids.contains(image), "two packings of one class:\n{grid}\n{image}");
            }
            grids.insert(grid);
        }
        ControlFlow::Continue(())
    });
    assert_eq!(grids.len(), 1010);
}
