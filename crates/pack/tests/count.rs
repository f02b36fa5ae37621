//! The packings counted by the library's front: tilings by trominoes, whose
//! subproblems repeat (the memo's cache answers) but whose sweep is faster,
//! and the boxes around them.

use std::ops::ControlFlow;

use quadrille_dlx::Solver;
use quadrille_dlx::front::{Count, CountEngine};
use quadrille_pack::{Packing, Spec, builtin};

fn trominoes(box_text: &str) -> Packing {
    Packing::new(&Spec::parse(&builtin::description("trominoes", Some(box_text)).unwrap()).unwrap()).unwrap()
}

/// Small boxes: the front's count equals the links' search.
#[test]
fn tromino_tilings_agree_with_the_search() {
    for box_text in ["3x3", "3x6", "2x9", "6x6", "4x6", "5x6"] {
        let packing = trominoes(box_text);
        let counted = packing.count().unwrap().run().unwrap();
        let by_links = Count::new(packing.problem()).engine(CountEngine::Links).run().unwrap();
        assert_eq!(counted.solutions, by_links.solutions, "{box_text}");
    }
}

/// Tromino tilings of a box of `rows` × `columns` cells by a transfer
/// matrix: the cells are filled in row-major order, the first empty one by a
/// tromino whose first cell it is; the state is the position and which of the
/// next `2 × columns + 1` cells are filled. Independent of the links.
fn tromino_tilings(rows: usize, columns: usize) -> u64 {
    // Each orientation as (row, column) offsets from its first cell in
    // row-major order: the two straight trominoes, the four bent ones.
    const SHAPES: [[(usize, isize); 3]; 6] = [
        [(0, 0), (0, 1), (0, 2)],
        [(0, 0), (1, 0), (2, 0)],
        [(0, 0), (0, 1), (1, 0)],
        [(0, 0), (0, 1), (1, 1)],
        [(0, 0), (1, 0), (1, 1)],
        [(0, 0), (1, -1), (1, 0)],
    ];
    fn fill(
        position: usize,
        filled: u64,
        (rows, columns): (usize, usize),
        memo: &mut std::collections::HashMap<(usize, u64), u64>,
    ) -> u64 {
        if position == rows * columns {
            return 1;
        }
        if filled & 1 == 1 {
            return fill(position + 1, filled >> 1, (rows, columns), memo);
        }
        if let Some(&known) = memo.get(&(position, filled)) {
            return known;
        }
        let (row, column) = (position / columns, position % columns);
        let mut total = 0;
        'shapes: for shape in SHAPES {
            let mut covered = filled;
            for (down, across) in shape {
                let (r, c) = (row + down, column as isize + across);
                if r >= rows || c < 0 || c as usize >= columns {
                    continue 'shapes;
                }
                let bit = 1u64 << (down * columns).wrapping_add_signed(across);
                if covered & bit != 0 {
                    continue 'shapes;
                }
                covered |= bit;
            }
            total += fill(position + 1, covered >> 1, (rows, columns), memo);
        }
        memo.insert((position, filled), total);
        total
    }
    fill(0, 0, (rows, columns), &mut std::collections::HashMap::new())
}

/// The transfer matrix agrees with the links' search on small boxes (and
/// finds the 3 tilings of 2×3 by hand).
#[test]
fn the_transfer_matrix_agrees_with_the_search() {
    assert_eq!(tromino_tilings(2, 3), 3);
    for (rows, columns) in [(3, 3), (6, 3), (9, 2), (6, 6), (6, 4), (6, 5), (4, 5)] {
        let packing = trominoes(&format!("{columns}x{rows}"));
        let by_links = Count::new(packing.problem()).engine(CountEngine::Links).run().unwrap();
        assert_eq!(Some(tromino_tilings(rows, columns)), by_links.solutions_u64(), "{rows}×{columns}");
    }
}

/// Trominoes in 9×10 (about 2.5 × 10¹³ tilings) and 8×10 (none: 80 cells):
/// the memo's cache answers its probe, but its turn, bounded by the sweep's
/// estimated work, ends before the memo does; the sweep counts.
#[test]
fn tromino_tilings_of_large_boxes_go_to_the_sweep() {
    for box_text in ["8x10", "9x10"] {
        let packing = trominoes(box_text);
        let counted = packing.count().unwrap().run().unwrap();
        assert_eq!(counted.engine, CountEngine::Sweep, "{box_text}");
        assert_eq!(counted.choice.gave_way, Some(CountEngine::Memo), "{box_text}");
        let (nodes, updates) = counted.choice.memo_budget.unwrap();
        assert!(nodes < 1 << 24 && updates < 1 << 32, "{box_text}: {nodes} nodes, {updates} updates");
        let (rows, columns) = if box_text == "8x10" { (10, 8) } else { (10, 9) };
        assert_eq!(counted.solutions_u64(), Some(tromino_tilings(rows, columns)), "{box_text}");
    }
}

/// One packing of each class, counted by the filter on every solution of the
/// reduced problem (the links' search): independent of the front.
fn filtered(reduced: &Packing) -> u64 {
    let mut kept = 0;
    Solver::new(reduced.problem()).visit(|solution| {
        kept += u64::from(reduced.keeps(solution));
        ControlFlow::Continue(())
    });
    kept
}

/// Packings up to symmetry counted by the front when the reduction is exact
/// (no kept placement of the restricted piece is symmetric): the filter's
/// count, and every class holds as many packings as the box has symmetries.
#[test]
fn exact_reductions_count_classes_through_the_front() {
    let cases = [
        ("pentominoes", "6x10", true),
        ("pentominoes", "3x20", false),
        ("pentominoes", "5x12", false),
        ("pentominoes", "4x15", false),
        ("tetrominoes", "4x5", false),
        ("tetrominoes", "2x10", true),
        ("soma", "3x3x3", false),
    ];
    for (set, box_text, exact) in cases {
        let spec = Spec::parse(&builtin::description(set, Some(box_text)).unwrap()).unwrap();
        let reduced = Packing::up_to_symmetry(&spec).unwrap();
        assert_eq!(reduced.counts_every_solution(), exact, "{set} in {box_text}");
        let Some(front) = reduced.count() else { continue };
        let classes = front.run().unwrap().solutions_u64().unwrap();
        assert_eq!(classes, filtered(&reduced), "{set} in {box_text}");
        let all = Packing::new(&spec).unwrap().count().unwrap().run().unwrap().solutions_u64().unwrap();
        assert_eq!(all, classes * reduced.n_symmetries() as u64, "{set} in {box_text}");
    }
}
