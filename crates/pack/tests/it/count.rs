//! The packings counted by the library's front: tilings by trominoes, whose
//! subproblems repeat (the memo's cache answers) but whose sweep is faster,
//! and the boxes around them.

use std::ops::ControlFlow;

use quadrille_dlx::front::Search;
use quadrille_dlx::memo::BigUint;
use quadrille_dlx::{Engine, Solver};
use quadrille_pack::{Packing, Settings, Spec, builtin};

fn trominoes(box_text: &str) -> Packing {
    Packing::new(&Spec::parse(&builtin::description("trominoes", Some(box_text)).unwrap()).unwrap()).unwrap()
}

/// Small boxes: the front's count equals the links' search.
#[test]
fn tromino_tilings_agree_with_the_search() {
    for box_text in ["3x3", "3x6", "2x9", "6x6", "4x6", "5x6"] {
        let packing = trominoes(box_text);
        let counted = packing.count().unwrap().count().unwrap();
        let by_links = Search::new(packing.problem()).engine(Engine::Links).count().unwrap();
        assert_eq!(counted.solutions, by_links.solutions, "{box_text}");
    }
}

/// Tromino tilings of a box of `rows` × `columns` cells by a transfer
/// matrix: the cells are filled in row-major order, the first empty one by a
/// tromino whose first cell it is; the state is the position and which of the
/// next `2 × columns + 1` cells are filled. Independent of the links.
fn tromino_tilings(rows: usize, columns: usize) -> u128 {
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
        memo: &mut std::collections::HashMap<(usize, u64), u128>,
    ) -> u128 {
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
        let by_links = Search::new(packing.problem()).engine(Engine::Links).count().unwrap();
        assert_eq!(by_links.solutions.to_string(), tromino_tilings(rows, columns).to_string(), "{rows}×{columns}");
    }
}

/// Trominoes in 9×10 (about 2.5 × 10¹³ tilings) and 8×10 (none: 80 cells):
/// the sweep counts. Either its frontiers bound its estimate and it counts
/// at once, or the memo's cache answers its probe but its turn, bounded by
/// the sweep's estimated work, ends before the memo does.
#[test]
fn tromino_tilings_of_large_boxes_go_to_the_sweep() {
    for box_text in ["8x10", "9x10"] {
        let packing = trominoes(box_text);
        let counted = packing.count().unwrap().count().unwrap();
        assert_eq!(counted.report.engine, Engine::Sweep, "{box_text}");
        if counted.report.choice.gave_way == Some(Engine::Memo) {
            let (nodes, updates) = counted.report.choice.memo_budget.unwrap();
            assert!(nodes < 1 << 24 && updates < 1 << 32, "{box_text}: {nodes} nodes, {updates} updates");
        } else {
            assert_eq!(counted.report.choice.gave_way, None, "{box_text}");
        }
        let (rows, columns) = if box_text == "8x10" { (10, 8) } else { (10, 9) };
        assert_eq!(counted.solutions.to_string(), tromino_tilings(rows, columns).to_string(), "{box_text}");
    }
}

/// The Aztec diamond of order 16: 544 cells and 2^136 tilings (Elkies,
/// Kuperberg, Larsen and Propp). Its cells are declared along a diagonal
/// for the memo and the sweep; in that order the sweep's frontiers bound
/// its search, and it counts by them within 16 MiB, holding the states of
/// about one frontier. Before, the order 14 went to the memo by name, which
/// needs more than 48 MiB, and a depth-first sweep's cache needs the states
/// of every frontier (270 MB for the order 16).
#[test]
fn the_aztec_diamond_is_counted_by_its_frontiers_within_a_small_memory() {
    let spec = Spec::parse(&builtin::description("dominoes", Some("aztec:16")).unwrap()).unwrap();
    let packing = Packing::new(&spec).unwrap();
    assert!(packing.problem().n_items() > 128);
    let counted = packing.count().unwrap().memo_bytes(16 << 20).count().unwrap();
    assert_eq!(counted.report.engine, Engine::Sweep);
    assert_eq!(counted.solutions, BigUint::from(1u32) << 136u32);
}

/// Trominoes in 11×12 (132 cells, about 1.8 × 10²⁰ tilings): past 128
/// cells, the sweep's frontiers bound its search, and it counts by them
/// within 32 MiB. Before, its estimate (over 10⁸ nodes) sent the tiling to
/// the memo by name, which needs more than 64 MiB and failed.
#[test]
fn trominoes_past_128_cells_are_counted_by_frontiers_within_a_small_memory() {
    let packing = trominoes("11x12");
    assert!(packing.problem().n_items() > 128);
    let counted = packing.count().unwrap().memo_bytes(32 << 20).count().unwrap();
    assert_eq!(counted.report.engine, Engine::Sweep);
    assert_eq!(counted.solutions.to_string(), tromino_tilings(12, 11).to_string());
}

/// Dominoes in 12×12: 144 cells, past the 128 of which a tiling goes to the
/// memo by name unless the sweep's frontiers bound its search: they do (a dozen cells across), and the sweep counts the
/// 53,060,477,521,960,000 tilings (OEIS A004003).
#[test]
fn a_tiling_past_128_cells_goes_to_the_sweep_when_its_frontiers_bound_it() {
    let spec = Spec::parse(&builtin::description("dominoes", Some("12x12")).unwrap()).unwrap();
    let packing = Packing::new(&spec).unwrap();
    assert!(packing.problem().n_items() > 128);
    let counted = packing.count().unwrap().count().unwrap();
    assert_eq!(counted.report.engine, Engine::Sweep);
    assert_eq!(counted.solutions_u64(), Some(53_060_477_521_960_000));
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
        let classes = front.count().unwrap().solutions_u64().unwrap();
        assert_eq!(classes, filtered(&reduced), "{set} in {box_text}");
        let all = Packing::new(&spec).unwrap().count().unwrap().count().unwrap().solutions_u64().unwrap();
        assert_eq!(all, classes * reduced.n_symmetries() as u64, "{set} in {box_text}");
    }
}

/// Packings up to symmetry counted by Burnside's lemma (the front's counts
/// of the packings each symmetry fixes) equal the filter's count on each
/// solution, on boxes whose symmetric placements make packings symmetric to
/// themselves (dominoes and trominoes in squares, the X on the long axis of
/// 5×12 and 3×20), on the Soma cube (with mirror twins) and without a
/// restricted piece; Knuth's counts of pentominoes (1,010 in 5×12, 368 in
/// 4×15, 2 in 3×20).
#[test]
fn classes_counted_by_burnside_equal_the_filter() {
    let cases: Vec<(String, Option<u64>)> = vec![
        (builtin::description("pentominoes", Some("3x20")).unwrap(), Some(2)),
        (builtin::description("pentominoes", Some("4x15")).unwrap(), Some(368)),
        (builtin::description("pentominoes", Some("5x12")).unwrap(), Some(1_010)),
        (builtin::description("pentominoes", Some("6x10")).unwrap(), Some(2_339)),
        (builtin::description("tetrominoes", Some("4x5")).unwrap(), None),
        (builtin::description("tetrominoes", Some("2x10")).unwrap(), None),
        (builtin::description("soma", None).unwrap(), None),
        (builtin::description("trominoes", Some("3x6")).unwrap(), None),
        (builtin::description("trominoes", Some("6x6")).unwrap(), None),
        ("[0-3][0-3]\n*|D 00 01\n".to_string(), None),
        ("[0-5][0-5]\n*|D 00 01\n".to_string(), None),
        ("[0-2][0-2][0-1]\n*|D 000 001\n".to_string(), None),
        // No piece used once: no restricted piece, the filter with all of G.
        ("[0-3][0-3]\n2|L 00 01 02 12\n2|O 00 01 10 11\n".to_string(), None),
        ("[0-4][0-4]\nX 01 10 11 12 21\n*|D 00 01\n".to_string(), None),
    ];
    for (text, known) in cases {
        let spec = Spec::parse(&text).unwrap();
        let reduced = Packing::up_to_symmetry(&spec).unwrap();
        let Some(classes) = reduced.count_classes(|front| front.count()).unwrap() else {
            // Only a piece used a fixed number of times, twice in an orbit.
            assert!(spec.pieces().iter().any(|p| p.multiplicity > 1), "{text}");
            continue;
        };
        let expected = filtered(&reduced);
        assert_eq!(classes, expected.into(), "{text}");
        if let Some(known) = known {
            assert_eq!(expected, known, "{text}");
        }
    }
    // Every packing: no classes to count.
    let spec = Spec::parse("[0-3][0-3]\n*|D 00 01\n").unwrap();
    assert_eq!(Packing::new(&spec).unwrap().count_classes(|front| front.count()).unwrap(), None);
}

/// Boxes in three dimensions: the front keeps the search by fewest options
/// for the solid pentominoes in 2×3×10 (12 packings up to the 8 symmetries
/// of the box, as published: 96 in all), where the sweep's tree is some 36
/// times larger; the Soma cube (11,520 packings: 240 up to its 48
/// symmetries) goes to the sweep.
#[test]
fn three_dimensional_boxes_go_where_the_estimates_say() {
    let solid = Spec::parse(&builtin::description("solid-pentominoes", Some("2x3x10")).unwrap()).unwrap();
    let counted = Packing::new(&solid).unwrap().count().unwrap().threads(1).count().unwrap();
    assert_eq!(counted.solutions_u64(), Some(96));
    assert_ne!(counted.report.engine, Engine::Sweep);
    let soma = Spec::parse(&builtin::description("soma", None).unwrap()).unwrap();
    let counted = Packing::new(&soma).unwrap().count().unwrap().threads(1).count().unwrap();
    assert_eq!((counted.solutions_u64(), counted.report.engine), (Some(11_520), Engine::Sweep));
}

/// Pentominoes in 6×10 up to symmetry (Knuth's 2,339): the memo's turn
/// against the sweep, when the estimates give it one, is priced at the
/// memo's cost of an update as measured on the whole memo run of
/// `pentomino_6x10.dlx` (234,378,767 updates in 2.0 s: 8 ns each), so that
/// it spends at most a quarter of the sweep's estimated cost (20 ns a node);
/// at 2 ns an update the turn ran four times that.
#[test]
fn the_memos_turn_on_pentominoes_stays_within_its_share() {
    let spec = Spec::parse(&builtin::description("pentominoes", Some("6x10")).unwrap()).unwrap();
    let packing = Packing::up_to_symmetry(&spec).unwrap();
    let counted = packing.count().unwrap().threads(1).count().unwrap();
    assert_eq!(counted.solutions_u64(), Some(2_339));
    let choice = &counted.report.choice;
    if let (Some((_, updates)), Some(swept)) = (choice.memo_budget, choice.sweep_estimate) {
        assert!(updates as f64 * 8.0 <= 0.25 * 20.0 * swept + 8.0, "{choice:?}");
    }
}

/// Every packing counted from one placement of each class of the restricted
/// piece, each class's count times its size ([`Packing::count_all`]), equals
/// the links' count of every packing, on Knuth's boards (his counts: 9,356
/// packings of 6×10, 4,040 of 5×12, 1,472 of 4×15, 8 of 3×20, 520 of Scott's
/// 8×8 with its hole) and on the Soma cube (11,520, with mirror twins).
#[test]
fn every_packing_counted_from_one_placement_of_each_class() {
    let scott = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/pack/scott_8x8.txt")).unwrap();
    let cases = [
        (builtin::description("pentominoes", Some("6x10")).unwrap(), 9_356u64),
        (builtin::description("pentominoes", Some("5x12")).unwrap(), 4_040),
        (builtin::description("pentominoes", Some("4x15")).unwrap(), 1_472),
        (builtin::description("pentominoes", Some("3x20")).unwrap(), 8),
        (scott, 520),
        (builtin::description("soma", None).unwrap(), 11_520),
    ];
    for (text, known) in cases {
        let spec = Spec::parse(&text).unwrap();
        let reduced = Packing::up_to_symmetry(&spec).unwrap();
        let all = reduced.count_all(|front| front.count()).unwrap();
        assert_eq!(all, Some(known.into()), "{text}");
    }
    // Every packing asked for, or no restricted piece: no reduction to count.
    let spec = Spec::parse(&builtin::description("pentominoes", Some("3x20")).unwrap()).unwrap();
    assert_eq!(Packing::new(&spec).unwrap().count_all(|front| front.count()).unwrap(), None);
    let twice = Spec::parse("[0-3][0-3]\n2|L 00 01 02 12\n2|O 00 01 10 11\n").unwrap();
    assert_eq!(Packing::up_to_symmetry(&twice).unwrap().count_all(|front| front.count()).unwrap(), None);
}

/// The classes of the X in 5×12 and 4×15 (two each: on the box's axis or
/// off it) counted with the front's choice made once, for the largest, and
/// reused by the other, give Knuth's counts and the links' class by class.
#[test]
fn the_choice_made_for_one_class_serves_the_others() {
    for (box_text, known) in [("5x12", 4_040u64), ("4x15", 1_472)] {
        let spec = Spec::parse(&builtin::description("pentominoes", Some(box_text)).unwrap()).unwrap();
        let reduced = Packing::up_to_symmetry(&spec).unwrap();
        let mut reports = Vec::new();
        let mut counts = Vec::new();
        let all = reduced
            .count_all(|front| {
                let counted = front.threads(1).count()?;
                reports.push(counted.report.clone());
                counts.push(counted.solutions.clone());
                Ok::<_, quadrille_dlx::SearchError>(counted)
            })
            .unwrap();
        assert_eq!(all, Some(known.into()), "{box_text}");
        assert_eq!(reports.len(), 2, "{box_text}");
        assert!(!reports[0].choice.reused && reports[1].choice.reused, "{box_text}: {reports:?}");
        assert_eq!(reports[1].engine, reports[0].engine, "{box_text}");
        let mut by_links = Vec::new();
        reduced
            .count_all(|front| {
                let counted = front.engine(Engine::Links).threads(1).count()?;
                by_links.push(counted.solutions.clone());
                Ok::<_, quadrille_dlx::SearchError>(counted)
            })
            .unwrap();
        assert_eq!(counts, by_links, "{box_text}");
    }
}

/// Up to symmetry, with the X's kept placements in two parts (on the box's
/// axis or off it: 5×12, 4×15), the whole problem is made only when asked
/// for ([`Packing::count_all`] counts each part in a problem of its own): it
/// is the problem of the packing's text in Knuth's format, read back, and
/// its solutions are those of the parts together.
#[test]
fn the_whole_problem_made_when_asked_is_the_packings() {
    for box_text in ["5x12", "4x15"] {
        let spec = Spec::parse(&builtin::description("pentominoes", Some(box_text)).unwrap()).unwrap();
        let reduced = Packing::up_to_symmetry(&spec).unwrap();
        let mut parts = Vec::new();
        let all = reduced
            .count_all(|front| {
                let counted = front.threads(1).count()?;
                parts.push(counted.solutions.clone());
                Ok::<_, quadrille_dlx::SearchError>(counted)
            })
            .unwrap();
        assert!(all.is_some() && parts.len() == 2, "{box_text}");
        let read_back = quadrille_dlx::Problem::from_knuth(&reduced.to_knuth()).unwrap();
        assert_eq!(reduced.problem().n_options(), reduced.placements().len(), "{box_text}");
        assert_eq!(reduced.problem().fingerprint(), read_back.fingerprint(), "{box_text}");
        let whole = reduced.search().threads(1).count().unwrap().solutions;
        assert_eq!(whole, parts.into_iter().sum(), "{box_text}");
    }
}

/// Small pieces (one to four cells) for random packings.
const SHAPES: [&str; 9] =
    ["00", "00 01", "00 01 02", "00 01 10", "00 01 02 03", "00 01 02 12", "00 01 02 11", "00 01 11 12", "00 01 10 11"];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, ..proptest::prelude::ProptestConfig::default() })]

    /// On random boxes (squares among them, with 8 symmetries) and random
    /// sets of pieces filling them (some used twice, some not turned over),
    /// [`Packing::count_all`] equals the links' count of every packing, and
    /// the classes counted by Burnside's lemma ([`Packing::count_classes`],
    /// packings symmetric to themselves among them) the filter's count of
    /// one packing of each class on every solution of the reduced problem.
    #[test]
    fn every_packing_counted_by_classes_equals_the_links(
        width in 2usize..=4,
        height in 2usize..=5,
        picks in proptest::collection::vec((0usize..SHAPES.len(), 0u8..8), 12),
        reflections in proptest::prelude::any::<bool>(),
    ) {
        let mut text = format!("[0-{}][0-{}]\n", width - 1, height - 1);
        let mut left = width * height;
        let mut names = 0;
        for &(shape, extra) in &picks {
            let cells = SHAPES[shape].split(' ').count();
            let twice = extra == 0 && 2 * cells <= left;
            let used = if twice { 2 * cells } else { cells };
            if used > left {
                continue;
            }
            left -= used;
            names += 1;
            text.push_str(&format!("{}P{names} {}\n", if twice { "2|" } else { "" }, SHAPES[shape]));
        }
        // Monominoes fill what is left.
        for _ in 0..left {
            names += 1;
            text.push_str(&format!("P{names} 00\n"));
        }
        let spec = Spec::parse_with(&text, Settings::new().reflections(Some(reflections))).unwrap();
        let reduced = Packing::up_to_symmetry(&spec).unwrap();
        let by_links = Solver::new(Packing::new(&spec).unwrap().problem()).count();
        if let Some(all) = reduced.count_all(|front| front.count()).unwrap() {
            proptest::prop_assert_eq!(all, by_links.into(), "{}", text);
        } else {
            proptest::prop_assert!(reduced.restricted_piece().is_none(), "{}", text);
        }
        if let Some(classes) = reduced.count_classes(|front| front.count()).unwrap() {
            proptest::prop_assert_eq!(classes, filtered(&reduced).into(), "{}", text);
        }
    }
}
