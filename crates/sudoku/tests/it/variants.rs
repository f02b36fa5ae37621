//! The variants (sudoku X, hyper, jigsaw, extra regions) against an oracle of the
//! test's own: a plain backtracking search over units written here from the rules,
//! sharing no code with the crate. It makes valid variant grids, blanks their
//! cells while the puzzle stays unique, and counts the solutions of small puzzles.

use std::sync::Arc;

use proptest::prelude::*;
use quadrille_sudoku::{
    Cell, Error, Grid, Model, ReadConfig, Reader, Regions, Rules, Size, Status, SudokuSolver, Task,
};

/// The units of a grid of side `side`: rows, columns, the regions (`region[k]`
/// for cell `k`) and any extra units (lists of cells, at most one of each digit).
fn units(side: usize, region: &[usize], extras: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut units: Vec<Vec<usize>> = Vec::new();
    for i in 0..side {
        units.push((0..side).map(|j| i * side + j).collect());
        units.push((0..side).map(|j| j * side + i).collect());
        units.push((0..side * side).filter(|&k| region[k] == i).collect());
    }
    units.extend(extras.iter().cloned());
    units
}

/// The peers of every cell: the cells that share a unit with it.
fn peers(side: usize, units: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut peers = vec![Vec::new(); side * side];
    for unit in units {
        for &a in unit {
            peers[a].extend(unit.iter().copied().filter(|&b| b != a));
        }
    }
    peers
}

/// Counts the completions of `cells` up to `limit`, filling the blank cell with the
/// fewest candidates first and trying digits in the order `order` gives; the first
/// completion is kept in `first`.
fn count(
    side: usize,
    peers: &[Vec<usize>],
    cells: &mut [u8],
    limit: u64,
    order: &[u8],
    first: &mut Option<Vec<u8>>,
) -> u64 {
    // The blank cell with the fewest candidates (digits no peer holds).
    let mut best: Option<(usize, u32)> = None;
    for k in 0..cells.len() {
        if cells[k] != 0 {
            continue;
        }
        let used = peers[k].iter().fold(0u32, |used, &p| used | 1 << cells[p]);
        let free = !used & (((1u32 << side) - 1) << 1);
        if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
            best = Some((k, free));
            if free.count_ones() <= 1 {
                break;
            }
        }
    }
    let Some((k, free)) = best else {
        first.get_or_insert_with(|| cells.to_vec());
        return 1;
    };
    let mut total = 0;
    for d in order.iter().copied().filter(|&d| free & 1 << d != 0) {
        cells[k] = d;
        total += count(side, peers, cells, limit - total, order, first);
        cells[k] = 0;
        if total >= limit {
            break;
        }
    }
    total
}

/// Whether a complete grid holds every digit once in every unit of `side` cells
/// and at most once in the others.
fn valid(side: usize, units: &[Vec<usize>], cells: &[u8]) -> bool {
    cells.iter().all(|&d| (1..=side as u8).contains(&d))
        && units.iter().all(|unit| {
            let mut seen: Vec<u8> = unit.iter().map(|&k| cells[k]).collect();
            seen.sort_unstable();
            seen.dedup();
            seen.len() == unit.len()
        })
}

/// A small deterministic generator of pseudo-random numbers (xorshift).
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A valid grid of the variant; a puzzle made from it by blanking cells in a
/// random order, each only if the oracle still finds one solution; and the first
/// puzzle met on the way with more than one solution.
fn make(side: usize, units: &[Vec<usize>], seed: u64) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let peers = peers(side, units);
    let mut random = Random(seed);
    let mut order: Vec<u8> = (1..=side as u8).collect();
    random.shuffle(&mut order);
    let mut first = None;
    assert_eq!(count(side, &peers, &mut vec![0; side * side], 1, &order, &mut first), 1, "the variant has a grid");
    let grid = first.unwrap();
    assert!(valid(side, units, &grid));
    let mut puzzle = grid.clone();
    let mut loose = None;
    let mut cells: Vec<usize> = (0..side * side).collect();
    random.shuffle(&mut cells);
    for k in cells {
        let digit = puzzle[k];
        puzzle[k] = 0;
        if count(side, &peers, &mut puzzle.clone(), 2, &order, &mut None) != 1 {
            loose.get_or_insert_with(|| puzzle.clone());
            puzzle[k] = digit;
        }
    }
    (grid, puzzle, loose.expect("some blank breaks uniqueness"))
}

fn diagonals(side: usize) -> Vec<Vec<usize>> {
    vec![(0..side).map(|i| i * side + i).collect(), (0..side).map(|i| i * side + side - 1 - i).collect()]
}

/// The four windows of a 9×9 hyper sudoku, rows and columns 2–4 and 6–8 (from 1).
fn windows_nine() -> Vec<Vec<usize>> {
    let mut windows = Vec::new();
    for top in [1, 5] {
        for left in [1, 5] {
            windows.push((0..9).map(|i| (top + i / 3) * 9 + left + i % 3).collect());
        }
    }
    windows
}

fn boxes(n: usize) -> Vec<usize> {
    let side = n * n;
    (0..side * side).map(|k| k / side / n * n + k % side / n).collect()
}

/// A jigsaw layout drawn for these tests: each box trades a corner cell with a
/// neighbour, so every region stays connected.
const JIGSAW: &str = "\
AABBBBBCC
AAABBBCCC
AAAABCCCC
DDDDEFFFF
DDDEEEFFF
DDEEEEEFF
GGHHHHHII
GGGHHHIII
GGGGHIIII
";

fn jigsaw_regions() -> Vec<usize> {
    JIGSAW.chars().filter(|c| !c.is_whitespace()).map(|c| c as usize - 'A' as usize).collect()
}

fn grid(side: usize, cells: &[u8]) -> Grid {
    Grid::from_cells(Size::from_side(side).unwrap(), cells.to_vec()).unwrap()
}

/// Solves a unique puzzle and its looser version under `model`, and checks the
/// answers against the oracle's.
fn check_variant(model: Model, units: &[Vec<usize>], seed: u64) {
    let side = model.size().side();
    let (solution, puzzle, loose) = make(side, units, seed);
    let model = Arc::new(model);
    let mut solver = SudokuSolver::new();
    let answer = solver.solve_in(&model, &grid(side, &puzzle), Task::Check).unwrap();
    assert_eq!(answer.status(), Status::Solved, "{}", grid(side, &puzzle));
    assert_eq!(answer.solution.unwrap().cells(), solution);
    let answer = solver.solve_in(&model, &grid(side, &loose), Task::Check).unwrap();
    assert_eq!(answer.status(), Status::Multiple, "{}", grid(side, &loose));
    let counted = solver.solve_in(&model, &grid(side, &loose), Task::Count { limit: Some(1000) }).unwrap();
    let oracle =
        count(side, &peers(side, units), &mut loose.clone(), 1000, &(1..=side as u8).collect::<Vec<_>>(), &mut None);
    assert_eq!(counted.solutions, oracle);
}

#[test]
fn the_oracle_rejects_broken_grids() {
    let units = units(9, &boxes(3), &diagonals(9));
    let (grid, _, _) = make(9, &units, 11);
    assert!(valid(9, &units, &grid));
    let mut swapped = grid.clone();
    swapped.swap(0, 1);
    assert!(!valid(9, &units, &swapped));
    // A classic grid whose diagonal repeats a digit breaks only the X rule.
    let classic = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let cells: Vec<u8> = classic.bytes().map(|b| b - b'0').collect();
    assert!(valid(9, &self::units(9, &boxes(3), &[]), &cells));
    assert!(!valid(9, &units, &cells));
}

#[test]
fn sudoku_x_puzzles() {
    let units = units(9, &boxes(3), &diagonals(9));
    for seed in [1, 2, 3] {
        check_variant(Model::with_regions(Regions::boxes(Size::NINE).with_x()), &units, seed);
    }
}

#[test]
fn hyper_puzzles() {
    let units = units(9, &boxes(3), &windows_nine());
    for seed in [4, 5, 6] {
        check_variant(Model::with_regions(Regions::boxes(Size::NINE).with_hyper()), &units, seed);
    }
}

#[test]
fn jigsaw_puzzles() {
    let region = jigsaw_regions();
    for r in 0..9 {
        assert_eq!(region.iter().filter(|&&x| x == r).count(), 9, "region {r} of the drawn layout");
    }
    let units = units(9, &region, &[]);
    for seed in [7, 8, 9] {
        check_variant(Model::with_regions(Regions::parse(JIGSAW).unwrap()), &units, seed);
    }
    // Jigsaw and X together.
    let units = self::units(9, &region, &diagonals(9));
    check_variant(Model::with_regions(Regions::parse(JIGSAW).unwrap().with_x()), &units, 10);
}

#[test]
fn a_classic_puzzle_that_breaks_the_x_rule_has_no_x_solution() {
    // One classic solution, 417369825…, with 4 at r1c1 and r4c4: none under X.
    let puzzle =
        Grid::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
    let mut solver = SudokuSolver::new();
    let classic = solver.solve(&puzzle, Task::Check).unwrap();
    assert_eq!(classic.status(), Status::Solved);
    let solution = classic.solution.unwrap();
    assert!(!valid(9, &units(9, &boxes(3), &diagonals(9)), solution.cells()));
    let x = Arc::new(Model::with_regions(Regions::boxes(Size::NINE).with_x()));
    assert_eq!(solver.solve_in(&x, &puzzle, Task::Check).unwrap().status(), Status::None);
    // The same through the reader's rules.
    let entries =
        Reader::read_all_with(&puzzle.to_line(Default::default()), ReadConfig::new(), Rules::classic().x(true));
    let answer = solver.solve_in(entries[0].model.as_ref().unwrap(), entries[0].puzzle.as_ref().unwrap(), Task::Check);
    assert_eq!(answer.unwrap().status(), Status::None);
}

#[test]
fn conflicts_in_extra_regions_are_invalid_puzzles() {
    let mut puzzle = Grid::empty(Size::NINE);
    puzzle.set(0, 0, 5);
    puzzle.set(8, 8, 5);
    let x = Arc::new(Model::with_regions(Regions::boxes(Size::NINE).with_x()));
    let error = SudokuSolver::new().solve_in(&x, &puzzle, Task::Check).unwrap_err();
    assert_eq!(error.to_string(), "r1c1 and r9c9 both hold 5");
    let four = Grid::empty(Size::new(2).unwrap());
    let error = SudokuSolver::new().solve_in(&x, &four, Task::Check).unwrap_err();
    assert_eq!(error, Error::RegionsSize { line: None, puzzle: four.size(), regions: Size::NINE });
}

#[test]
fn layouts_per_puzzle_are_read_and_shared() {
    let line: String = JIGSAW.split_whitespace().collect();
    let (_, puzzle, _) = make(9, &units(9, &jigsaw_regions(), &[]), 12);
    let puzzle = grid(9, &puzzle).to_line(Default::default());
    // The same layout after two puzzles, on one line and as rows; then a puzzle
    // whose layout is missing.
    let text = format!("{puzzle}\n{line}\n# a comment\n{puzzle}\n{JIGSAW}{puzzle}\n");
    let entries = Reader::read_all_with(&text, ReadConfig::new(), Rules::classic().jigsaw_per_puzzle());
    assert_eq!(entries.len(), 3);
    assert_eq!(entries.iter().map(|e| e.line).collect::<Vec<_>>(), [1, 4, 14]);
    let (a, b) = (entries[0].model.as_ref().unwrap(), entries[1].model.as_ref().unwrap());
    assert!(Arc::ptr_eq(a, b), "one model for a repeated layout");
    assert_eq!(entries[2].puzzle, Err(Error::MissingRegions { line: 14 }));
    let mut solver = SudokuSolver::new();
    for entry in &entries[..2] {
        let answer = solver.solve_in(entry.model.as_ref().unwrap(), entry.puzzle.as_ref().unwrap(), Task::Check);
        assert_eq!(answer.unwrap().status(), Status::Solved);
    }
    // A fixed layout refuses puzzles of another size.
    let entries = Reader::read_all_with(
        &format!("{puzzle}\n{}\n", ".".repeat(16)),
        ReadConfig::new(),
        Rules::classic().jigsaw(Regions::parse(JIGSAW).unwrap()),
    );
    assert!(entries[0].model.is_some());
    assert_eq!(entries[1].puzzle.as_ref().unwrap_err().to_string(), "line 2: a 4×4 puzzle, but the regions are 9×9");
}

/// A 4×4 layout from the boxes by random swaps of cells between regions (sizes
/// kept, connection not).
fn random_layout(swaps: &[(usize, usize)]) -> Vec<usize> {
    let mut region = boxes(2);
    for &(a, b) in swaps {
        region.swap(a, b);
    }
    region
}

proptest! {
    /// On random 4×4 puzzles with random layouts, diagonals, the hyper window and
    /// an extra region of a few cells, the engine counts what the oracle counts.
    #[test]
    fn four_by_four_variants_against_the_oracle(
        swaps in proptest::collection::vec((0usize..16, 0usize..16), 0..6),
        x in any::<bool>(),
        hyper in any::<bool>(),
        extra in proptest::collection::btree_set(0usize..16, 0..4),
        givens in proptest::collection::vec((0usize..16, 1u8..=4), 0..6),
    ) {
        let region = random_layout(&swaps);
        let letters: String = region.iter().map(|&r| char::from(b'a' + r as u8)).collect();
        let mut regions = Regions::parse(&letters).unwrap();
        let mut extras = Vec::new();
        if x {
            regions = regions.with_x();
            extras.extend(diagonals(4));
        }
        if hyper {
            regions = regions.with_hyper();
            extras.push(vec![5, 6, 9, 10]);
        }
        if !extra.is_empty() {
            regions = regions.with_extra(extra.iter().map(|&k| Cell { row: k / 4, col: k % 4 })).unwrap();
            extras.push(extra.iter().copied().collect());
        }
        let units = units(4, &region, &extras);
        let mut cells = vec![0u8; 16];
        for (k, d) in givens {
            cells[k] = d;
        }
        let model = Arc::new(Model::with_regions(regions));
        let answer = SudokuSolver::new().solve_in(&model, &grid(4, &cells), Task::Count { limit: None });
        let peers = peers(4, &units);
        let clash = (0..16).any(|k| cells[k] != 0 && peers[k].iter().any(|&p| cells[p] == cells[k]));
        if clash {
            prop_assert!(matches!(answer, Err(Error::Conflict { .. })), "{answer:?}");
        } else {
            let oracle = count(4, &peers, &mut cells.clone(), u64::MAX, &[1, 2, 3, 4], &mut None);
            prop_assert_eq!(answer.unwrap().solutions, oracle);
        }
    }
}
