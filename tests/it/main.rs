//! Cross-crate and command-line integration tests, one binary with a module each.

mod cells;
mod costs;
mod data;
mod examples;
mod pack;
mod queens;
mod solve;
mod sudoku;
