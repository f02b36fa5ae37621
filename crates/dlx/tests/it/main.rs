//! The engine's integration tests, one binary with a module each; the oracle,
//! the random problems and the data folder come from `quadrille-testing`.

mod binary;
mod bounds;
mod comments;
mod costs;
mod dc;
mod engines;
mod errors;
mod estimate;
mod front;
mod fuzz;
mod interrupt;
mod memo;
mod oracle;
mod parallel;
mod pre;
mod rewrite;
mod sharp;
mod sweep_count;
mod sweep_list;
mod sweep_wide_count;

/// Langford pairs of `n` ([`quadrille_testing::instances::langford`]).
pub fn langford(n: usize) -> quadrille_dlx::Problem {
    quadrille_dlx::Problem::from_knuth(&quadrille_testing::instances::langford(n)).unwrap()
}
