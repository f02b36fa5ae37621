//! `sudoku` integration tests: the public collections and every size.

use quadrille::sudoku::{
    Alphabet, Answer, Batch, Entry, Error, Grid, ReadConfig, Reader, Size, Status, SudokuSolver, Task,
};

use crate::data;

/// Reads every entry of a text, keeping the line endings (`\r` included) on the
/// lines, as a stream would.
fn entries(text: &str) -> Vec<Entry> {
    Reader::read_all(text, ReadConfig::new())
}

/// The puzzles of a data file (all of them must be well formed).
fn puzzles(file: &str) -> Vec<Entry> {
    let entries = entries(&data::read(file));
    for entry in &entries {
        assert!(entry.puzzle.is_ok(), "{file}: {:?}", entry.puzzle);
    }
    entries
}

/// An independent check of a solution, on the text alone: a complete grid over
/// `1..=side` whose rows, columns and boxes each hold every digit once, and which
/// keeps the puzzle's givens. It shares no code with the solver.
fn check_solution(puzzle: &str, solution: &str, box_size: usize) -> Result<(), String> {
    let side = box_size * box_size;
    let digits: Vec<char> = (1..=side as u32).map(|d| char::from_digit(d, 36).unwrap().to_ascii_uppercase()).collect();
    let cells: Vec<char> = solution.chars().collect();
    if cells.len() != side * side {
        return Err(format!("{} cells", cells.len()));
    }
    for (k, (p, s)) in puzzle.chars().zip(solution.chars()).enumerate() {
        if p != '.' && p != '0' && p != s {
            return Err(format!("cell {k}: given {p} became {s}"));
        }
    }
    let units = (0..side).flat_map(|u| {
        let row: Vec<usize> = (0..side).map(|i| u * side + i).collect();
        let col: Vec<usize> = (0..side).map(|i| i * side + u).collect();
        let (top, left) = (u / box_size * box_size, u % box_size * box_size);
        let bx: Vec<usize> = (0..side).map(|i| (top + i / box_size) * side + left + i % box_size).collect();
        [row, col, bx]
    });
    for unit in units {
        let mut seen: Vec<char> = unit.iter().map(|&k| cells[k]).collect();
        seen.sort_unstable();
        if seen != digits {
            return Err(format!("cells {unit:?} hold {seen:?}"));
        }
    }
    Ok(())
}

/// Checks every puzzle of a collection: one solution, which the independent check
/// accepts.
fn assert_all_unique(file: &str, entries: &[Entry]) {
    let answers = Batch::new(2).solve(entries, Task::Check, Alphabet::OneBased);
    for (entry, answer) in entries.iter().zip(answers) {
        let puzzle = entry.puzzle.as_ref().unwrap();
        let answer = answer.unwrap_or_else(|e| panic!("{file}:{}: {e}", entry.line));
        assert_eq!(answer.status(), Status::Solved, "{file}:{}", entry.line);
        let solution = answer.solution.expect("a solution").to_line(Alphabet::OneBased);
        let given = puzzle.to_line(Alphabet::OneBased);
        if let Err(e) = check_solution(&given, &solution, 3) {
            panic!("{file}:{}: {solution} is wrong: {e}", entry.line);
        }
    }
}

#[test]
fn validator_rejects_bad_grids() {
    let good = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    let puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    assert_eq!(check_solution(puzzle, good, 3), Ok(()));
    // Two cells swapped in a row: the columns break.
    let swapped = format!("147{}", &good[3..]);
    assert!(check_solution(puzzle, &swapped, 3).is_err());
    // A given changed (the grid is still a valid sudoku: relabel 4 and 1).
    let relabelled: String = good
        .chars()
        .map(|c| {
            if c == '4' {
                '1'
            } else if c == '1' {
                '4'
            } else {
                c
            }
        })
        .collect();
    assert!(check_solution(puzzle, &relabelled, 3).is_err());
    assert!(check_solution(puzzle, &good[1..], 3).is_err());
}

#[test]
fn test_file_counts_and_solutions() {
    let text = data::read("sudoku/test_puzzles_with_counts.txt");
    let mut solver = SudokuSolver::new();
    let mut checked = 0;
    for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(':').collect();
        let puzzle = Grid::parse(fields[0]).unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        let listed: u64 = fields[1].parse().unwrap();
        let counted = solver.solve(&puzzle, Task::Count { limit: None }).unwrap();
        assert_eq!(counted.solutions, listed, "line {}", number + 1);
        let checked_answer = solver.solve(&puzzle, Task::Check).unwrap();
        assert_eq!(checked_answer.solutions, listed.min(2), "line {}", number + 1);
        if let Some(&solution) = fields.get(2) {
            assert_eq!(checked_answer.solution.unwrap().to_line(Alphabet::OneBased), solution, "line {}", number + 1);
        }
        checked += 1;
    }
    assert_eq!(checked, 43);
}

/// Every engine, the bitset engine (the default's choice for 9×9) forced on
/// and off: the counts of tdoku's test file, and on samples of the hard
/// collections and the 16×16 puzzles, the same answer from each (the first
/// solution found too, since the bitset engine searches in the links engine's
/// order).
#[test]
fn every_engine_gives_the_same_answers() {
    use quadrille::dlx::Engine;
    let engines = [Engine::Links, Engine::Bits, Engine::Cells, Engine::Auto];
    let text = data::read("sudoku/test_puzzles_with_counts.txt");
    for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(':').collect();
        let puzzle = Grid::parse(fields[0]).unwrap();
        let listed: u64 = fields[1].parse().unwrap();
        for engine in engines {
            let counted = SudokuSolver::with_engine(engine).solve(&puzzle, Task::Count { limit: None }).unwrap();
            assert_eq!(counted.solutions, listed, "line {}, {engine}", number + 1);
        }
    }
    let mut sample: Vec<Entry> = puzzles("sudoku/forum_hardest_1106.txt").into_iter().step_by(5).collect();
    sample.extend(puzzles("sudoku/serg_benchmark.txt").into_iter().step_by(250));
    sample.extend(puzzles("sudoku/minimal_16x16.txt").into_iter().step_by(8));
    let mut solvers = engines.map(SudokuSolver::with_engine);
    for entry in &sample {
        let puzzle = entry.puzzle.as_ref().unwrap();
        for task in [Task::Check, Task::First] {
            let answers: Vec<Answer> = solvers.iter_mut().map(|s| s.solve(puzzle, task).unwrap()).collect();
            for answer in &answers {
                assert!(answer.solution.as_ref().is_some_and(|s| s.solves(puzzle)), "line {}", entry.line);
            }
            // Links and bits search in the same order: the same first solution.
            assert_eq!(answers[0].solution, answers[1].solution, "line {}", entry.line);
            assert_eq!(answers[1].solution, answers[3].solution, "line {}", entry.line);
            let counts: Vec<u64> = answers.iter().map(|a| a.solutions).collect();
            assert!(counts.iter().all(|&c| c == counts[0]), "line {}: {counts:?}", entry.line);
        }
    }
}

#[test]
fn top1465_unique() {
    let entries = puzzles("sudoku/top1465.txt");
    assert_eq!(entries.len(), 1465);
    assert_all_unique("top1465", &entries);
}

#[test]
fn forum_hardest_1106_unique() {
    let entries = puzzles("sudoku/forum_hardest_1106.txt");
    assert_eq!(entries.len(), 375);
    assert_all_unique("forum_hardest_1106", &entries);
}

#[test]
fn seventeen_clue_sample_unique() {
    let entries = puzzles("sudoku/17_clue.txt");
    assert_eq!(entries.len(), 49_158);
    let sample: Vec<Entry> = entries.into_iter().step_by(49).collect();
    assert!(sample.iter().all(|e| e.puzzle.as_ref().unwrap().givens() == 17));
    assert_all_unique("17_clue", &sample);
}

#[test]
fn serg_benchmark_all_multiple() {
    let text = data::read("sudoku/serg_benchmark.txt");
    assert!(text.contains("\r\n"), "the file has CRLF line endings");
    let entries = puzzles("sudoku/serg_benchmark.txt");
    assert_eq!(entries.len(), 10_000);
    let answers = Batch::new(2).solve(&entries, Task::Check, Alphabet::OneBased);
    for (entry, answer) in entries.iter().zip(answers) {
        assert_eq!(answer.map(|a| a.status()), Ok(Status::Multiple), "line {}", entry.line);
    }
}

#[test]
fn four_by_four_has_288_grids() {
    let empty = Grid::empty(Size::new(2).unwrap());
    let answer = SudokuSolver::new().solve(&empty, Task::Count { limit: None }).unwrap();
    assert_eq!(answer.solutions, 288);
}

/// A valid grid of any box size: row `r` is the first row shifted by
/// `n * (r mod n) + r / n`.
fn pattern_grid(size: Size) -> Grid {
    let (n, side) = (size.box_size(), size.side());
    let cells = (0..side * side).map(|k| ((n * (k / side % n) + k / side / n + k % side) % side + 1) as u8).collect();
    Grid::from_cells(size, cells).unwrap()
}

/// Blanks cells of a grid, picked by a fixed pseudo-random sequence, until
/// `blanks` cells are blank.
fn blank_cells(grid: &Grid, blanks: usize) -> Grid {
    let mut puzzle = grid.clone();
    let side = grid.size().side();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut left = blanks;
    while left > 0 {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let k = (seed >> 33) as usize % (side * side);
        if puzzle.cells()[k] != 0 {
            puzzle.set(k / side, k % side, 0);
            left -= 1;
        }
    }
    puzzle
}

#[test]
fn large_grids_are_solved() {
    for (box_size, blanks) in [(4, 160), (5, 330)] {
        let size = Size::new(box_size).unwrap();
        let full = pattern_grid(size);
        assert_eq!(
            check_solution(&full.to_line(Alphabet::OneBased), &full.to_line(Alphabet::OneBased), box_size),
            Ok(())
        );
        let puzzle = blank_cells(&full, blanks);
        assert_eq!(puzzle.givens(), size.cells() - blanks);
        let answer = SudokuSolver::new().solve(&puzzle, Task::First).unwrap();
        let solution = answer.solution.expect("solved").to_line(Alphabet::OneBased);
        let given = puzzle.to_line(Alphabet::OneBased);
        assert_eq!(check_solution(&given, &solution, box_size), Ok(()), "{size}");
        // Through the text too, in the zero-based alphabet.
        let text = puzzle.to_line(Alphabet::ZeroBased);
        let config = quadrille::sudoku::ReadConfig::new().alphabet(Alphabet::ZeroBased);
        assert_eq!(Grid::parse_with(&text, &config).unwrap(), puzzle);
    }
}

#[test]
fn conflicts_are_errors_not_unsolvable() {
    let mut solver = SudokuSolver::new();
    let puzzle =
        Grid::parse("5...5............................................................................").unwrap();
    let error = solver.solve(&puzzle, Task::Check).unwrap_err();
    assert!(matches!(error, Error::Conflict { .. }), "{error:?}");
    assert_eq!(error.to_string(), "r1c1 and r1c5 both hold 5");
    // The solver is ready for the next puzzle.
    let puzzle =
        Grid::parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
    assert_eq!(solver.solve(&puzzle, Task::Check).map(|a: Answer| a.status()), Ok(Status::Solved));
}
