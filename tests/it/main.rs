//! Cross-crate and command-line integration tests, one binary with a module each.

mod cells;
mod costs;
mod examples;
mod fuzz;
mod pack;
mod queens;
mod solve;
mod sudoku;

use quadrille_testing::data;
