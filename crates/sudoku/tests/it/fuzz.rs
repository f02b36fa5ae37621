//! The puzzle readers against hostile input: arbitrary text, and mutations of
//! valid puzzles in both layouts. Every input gives puzzles or typed errors,
//! never a panic; every puzzle read writes back to a line that reads as the same
//! puzzle, and solving it (or finding it invalid) goes without trouble.
//!
//! `QUADRILLE_FUZZ_CASES=100000 cargo test --release -p quadrille-sudoku --test it fuzz::`
//! runs a longer campaign.

use proptest::prelude::*;
use quadrille_sudoku::{Alphabet, Grid, ReadConfig, Reader, Size, SudokuSolver, Task};
use quadrille_testing::mutate;

fn cases() -> u32 {
    std::env::var("QUADRILLE_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(1000)
}

const EASY: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const GRID: &str = "\
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .
";
const SMALL: &str = "..3..4.221......";

fn check(text: &str) -> Result<(), TestCaseError> {
    let mut solver = SudokuSolver::new();
    for config in
        [ReadConfig::new(), ReadConfig::new().alphabet(Alphabet::ZeroBased), ReadConfig::new().size(Size::from_side(4))]
    {
        for entry in Reader::read_all(text, config) {
            prop_assert!(entry.line >= 1);
            match &entry.puzzle {
                Err(e) => prop_assert!(!e.to_string().is_empty()),
                Ok(grid) => {
                    let alphabet = config.get_alphabet();
                    let line = grid.to_line(alphabet);
                    let again = Grid::parse_with(&line, &ReadConfig::new().alphabet(alphabet))
                        .map_err(|e| TestCaseError::fail(format!("{e}: {line}")))?;
                    prop_assert_eq!(&again, grid);
                    // Invalid givens are an error, any other puzzle an answer.
                    if grid.size().side() <= 9 {
                        let answer = solver.solve(grid, Task::Count { limit: Some(2) });
                        prop_assert_eq!(answer.is_err(), grid.conflict().is_some());
                    }
                }
            }
        }
    }
    Ok(())
}

/// A mutation of a valid puzzle: bytes replaced, inserted or deleted, lines repeated.
fn mutated() -> impl Strategy<Value = String> {
    mutate::mutated(&[EASY, GRID, SMALL], b".0_123456789ABx#| -+\n\r\t")
        .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text(text in "\\PC{0,200}") {
        check(&text)?;
    }

    #[test]
    fn text_from_the_puzzle_alphabet(text in "[.0-9A-G|+\\- #\\n\\r]{0,300}") {
        check(&text)?;
    }

    #[test]
    fn mutations_of_valid_puzzles(text in mutated()) {
        check(&text)?;
    }
}
