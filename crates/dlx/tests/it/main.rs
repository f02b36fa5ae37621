//! The engine's integration tests, one binary with a module each; the oracle,
//! the random problems and the data folder come from `quadrille-testing`.

mod costs;
mod engines;
mod errors;
mod front;
mod fuzz;
mod interrupt;
mod memo;
mod oracle;
mod parallel;
mod pre;
mod sweep_list;
