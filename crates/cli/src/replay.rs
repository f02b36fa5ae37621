//! `--trace` pages and the traces of dancing links: `quadrille queens N --trace
//! --format html`, `quadrille queens N --algorithm dlx --trace` and `quadrille
//! solve FILE --trace`. The pages are made by `quadrille-replay`; this module
//! only chooses and writes.

use std::io::Write;

use anyhow::bail;
use quadrille_queens::model::Order;
use quadrille_replay::queens;

use crate::Outcome;
use crate::queens::Algorithm;

/// `quadrille queens N --trace` with `--format html`, or with `--algorithm dlx`.
pub fn queens(
    n: usize,
    algorithm: Option<Algorithm>,
    order: Order,
    trace: bool,
    html: bool,
    limit: Option<u64>,
) -> anyhow::Result<Outcome> {
    if !trace {
        bail!("--format html needs --trace: the page replays the search");
    }
    let _ = order;
    match algorithm.unwrap_or(Algorithm::Backtrack) {
        Algorithm::Backtrack => {
            let trace = queens::Trace::record(n, queens::DEFAULT_STEP_LIMIT, limit)?;
            write_page(&trace.to_html())?;
            Ok(Outcome::of_count(trace.total_solutions()))
        }
        _ if !html => bail!("--trace works with --algorithm backtrack or dlx"),
        _ => bail!("--format html works with --algorithm backtrack or dlx"),
    }
}

fn write_page(page: &str) -> anyhow::Result<()> {
    let mut out = crate::stdout();
    out.write_all(page.as_bytes())?;
    out.flush()?;
    Ok(())
}
