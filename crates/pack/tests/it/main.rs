//! The packing crate's integration tests, one binary with a module each.

mod count;
mod fuzz;
mod placements;
