//! The sudoku crate's integration tests, one binary with a module each.

mod fuzz;
mod variants;
