//! `sudoku` integration tests.
