//! `quadrille sudoku`.

use crate::Outcome;

/// Arguments of `quadrille sudoku`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `quadrille sudoku`.
pub fn run(_args: Args) -> anyhow::Result<Outcome> {
    anyhow::bail!("not built yet")
}
