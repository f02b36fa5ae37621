//! The placements of a description against an independent construction: each
//! base placement tried at every shift that lays its first cell on a cell of
//! the box, each cell looked up by a scan of the box's cells. Boxes in two
//! and three dimensions, with holes, away from the origin, with secondary
//! cells of several suffixes.

use std::collections::BTreeSet;

use proptest::prelude::*;
use quadrille_pack::{Cell, Dims, Packing, Settings, Spec, builtin};

/// Every placement, in Knuth's order (by base placement, then by shift, x
/// outermost): the piece and the indices of its cells in [`Spec::cells`], in
/// the base placement's order of cells.
fn by_scanning(spec: &Spec) -> Vec<(usize, Vec<u32>)> {
    let cells = spec.cells();
    let mut out = Vec::new();
    for base in spec.bases() {
        let shape = base.shape.cells();
        // A piece of unlimited supply placed on suffixed cells only would
        // be an option without a primary item: none is made.
        if spec.pieces()[base.piece].is_unlimited() && shape.iter().all(Cell::is_secondary) {
            continue;
        }
        let first = shape[0].coords.map(i32::from);
        let shifts: BTreeSet<[i32; 3]> =
            cells.iter().map(|c| [0, 1, 2].map(|i| i32::from(c.coords[i]) - first[i])).collect();
        for shift in shifts {
            let found: Option<Vec<u32>> = shape
                .iter()
                .map(|c| {
                    let coords = [0, 1, 2].map(|i| i32::from(c.coords[i]) + shift[i]);
                    let position = cells.iter().position(|b| b.coords.map(i32::from) == coords && b.suffix == c.suffix);
                    position.map(|k| k as u32)
                })
                .collect();
            if let Some(found) = found {
                out.push((base.piece, found));
            }
        }
    }
    out
}

/// The placements of the model ([`Packing::placements`]) and of the
/// description ([`Spec::placements`]) equal the scan's, their cells sorted.
fn check(spec: &Spec) -> Result<(), TestCaseError> {
    let expected = by_scanning(spec);
    let packing = Packing::new(spec).unwrap();
    if spec.cell_count().can_fill() {
        let made: Vec<(usize, Vec<u32>)> =
            packing.placements().iter().map(|p| (p.piece as usize, p.cells.to_vec())).collect();
        prop_assert_eq!(&made, &expected, "{}", spec.text());
        prop_assert!(made.iter().all(|(_, cells)| cells.is_sorted()), "{}", spec.text());
    } else {
        prop_assert!(packing.placements().is_empty(), "{}", spec.text());
    }
    let named: Vec<(usize, Vec<Cell>)> = expected
        .iter()
        .map(|(piece, cells)| (*piece, cells.iter().map(|&c| spec.cells()[c as usize].clone()).collect()))
        .collect();
    prop_assert_eq!(spec.placements(), named, "{}", spec.text());
    Ok(())
}

/// Built-in sets in their boxes, Scott's 8×8 without its centre, a box away
/// from the origin with holes, the secondary cells of the dominoes' example,
/// and a box in three dimensions with cells of two suffixes.
#[test]
fn placements_equal_a_scan_of_the_box() {
    let data =
        |name: &str| std::fs::read_to_string(format!("{}/../../data/pack/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut cases: Vec<(String, Settings)> = vec![
        (builtin::description("pentominoes", Some("3x20")).unwrap(), Settings::new()),
        (builtin::description("pentominoes", Some("6x10")).unwrap(), Settings::new()),
        (builtin::description("soma", None).unwrap(), Settings::new()),
        (builtin::description("solid-pentominoes", Some("2x3x10")).unwrap(), Settings::new()),
        (data("scott_8x8.txt"), Settings::new()),
        (data("dominoes_secondary.txt"), Settings::new()),
        (data("staircase.txt"), Settings::new()),
        ("[3-6][5-9] 4[7-8]x\nL 00 01 02 12\nI 00 01 02\n".to_string(), Settings::new()),
    ];
    let three = Settings::new().dims(Some(Dims::Three));
    cases.push(("[0-1][0-2][0-1] [01][0-2]0a [01]1[01]b\nA 000 001 000a\nB 000 100b 010\n*|C 000a\n".into(), three));
    for (text, settings) in cases {
        let spec = Spec::parse_with(&text, settings).unwrap();
        assert!(!by_scanning(&spec).is_empty(), "{text}");
        check(&spec).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random boxes (two or three dimensions, anywhere in the coordinates'
    /// range, with holes and secondary cells of two suffixes) and random
    /// pieces (some with suffixed cells, some of unlimited supply).
    #[test]
    fn placements_of_random_boxes_equal_a_scan(
        dims in 2usize..=3,
        origin in proptest::array::uniform3(0u8..58),
        size in proptest::array::uniform3(1u8..=4),
        holes in proptest::collection::vec(proptest::array::uniform3(0u8..4), 0..4),
        marked in proptest::collection::vec((proptest::array::uniform3(0u8..4), 0usize..2), 0..6),
        pieces in proptest::collection::vec(
            (proptest::collection::vec((proptest::array::uniform3(0u8..3), 0usize..4), 1..5), any::<bool>()),
            1..4,
        ),
    ) {
        let digit = |x: u8| char::from(b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[usize::from(x)]);
        let cell = |coords: [u8; 3]| coords[..dims].iter().map(|&x| digit(x)).collect::<String>();
        let inside = |d: [u8; 3]| (0..dims).all(|i| d[i] < size[i]);
        let at = |d: [u8; 3]| [0, 1, 2].map(|i| if i < dims { origin[i] + d[i] } else { 0 });
        let mut text = String::new();
        for x in 0..size[0] {
            for y in 0..size[1] {
                for z in 0..if dims == 3 { size[2] } else { 1 } {
                    // The first cell stays: the box is never empty.
                    if [x, y, z] == [0; 3] || !holes.contains(&[x, y, z]) {
                        text.push_str(&format!("{} ", cell(at([x, y, z]))));
                    }
                }
            }
        }
        for &(d, suffix) in &marked {
            if inside(d) {
                text.push_str(&format!("{}{} ", cell(at(d)), ["!", "s"][suffix]));
            }
        }
        text.push('\n');
        for (k, (shape, unlimited)) in pieces.iter().enumerate() {
            text.push_str(&format!("{}P{k}", if *unlimited { "*|" } else { "" }));
            for &(coords, suffix) in shape {
                // Suffixes 2 and 3 leave the cell primary.
                text.push_str(&format!(" {}{}", cell(coords), ["!", "s", "", ""][suffix]));
            }
            text.push('\n');
        }
        let settings = Settings::new().dims(Some(if dims == 3 { Dims::Three } else { Dims::Two }));
        // A piece may name a suffix the box lacks: refused, nothing to check.
        if let Ok(spec) = Spec::parse_with(&text, settings) {
            check(&spec)?;
        }
    }
}
