//! `quadrille queens`.

use crate::Outcome;

/// Arguments of `quadrille queens`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `quadrille queens`.
pub fn run(_args: Args) -> anyhow::Result<Outcome> {
    anyhow::bail!("not built yet")
}
