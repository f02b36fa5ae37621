//! `--trace` pages and the traces of dancing links: `quadrille queens N --trace
//! --format html`, `quadrille queens N --algorithm dlx --trace` and `quadrille
//! solve FILE --trace [--format html]`. The pages and the lines are made by
//! `quadrille-replay`; this module only chooses and writes.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;

use anyhow::bail;
use quadrille_dlx::Problem;
use quadrille_queens::model::{CoverModel, Order};
use quadrille_queens::solve::Algorithm;
use quadrille_replay::{dlx, queens};

use crate::Outcome;
use crate::common::{TraceFormat, say};
use crate::progress;

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
    match algorithm.unwrap_or(Algorithm::Backtrack) {
        Algorithm::Backtrack => {
            let trace = queens::Trace::record(n, queens::DEFAULT_STEP_LIMIT, limit)?;
            write_page(&trace.to_html())?;
            Ok(Outcome::of_count(trace.total_solutions()))
        }
        Algorithm::Dlx if html => {
            let trace = dlx::Trace::record_queens(n, order, dlx::DEFAULT_STEP_LIMIT, limit)?;
            write_page(&trace.to_html())?;
            Ok(Outcome::of_count(trace.solutions()))
        }
        Algorithm::Dlx => text(CoverModel::new(n, order)?.problem(), limit),
        _ => bail!("--trace works with --algorithm backtrack or dlx"),
    }
}

/// `quadrille solve FILE --trace`.
pub fn solve(
    problem: &Problem,
    file: Option<&Path>,
    format: TraceFormat,
    limit: Option<u64>,
) -> anyhow::Result<Outcome> {
    if problem.declares_bounds() {
        bail!("--trace shows the search of Algorithms X and C; this problem has bounds on items (Algorithm M)");
    }
    match format {
        TraceFormat::Text => text(problem, limit),
        TraceFormat::Html => {
            let name = file.map_or("<stdin>".into(), |f| f.display().to_string());
            let trace = dlx::Trace::record(problem, dlx::DEFAULT_STEP_LIMIT, limit)?;
            let title = format!("{name} by dancing links, step by step");
            let solutions = trace.solutions();
            write_page(&trace.with_title(&title).to_html())?;
            Ok(Outcome::of_count(solutions))
        }
    }
}

/// The text trace of dancing links on `problem`, streamed.
fn text(problem: &Problem, limit: Option<u64>) -> anyhow::Result<Outcome> {
    let mut out = crate::stdout();
    let mut failure = None;
    let found = dlx::stream(problem, limit, |event| {
        if let Err(e) = writeln!(out, "{}", dlx::describe(problem, &event)) {
            failure = Some(e);
            return ControlFlow::Break(());
        }
        if progress::interrupted() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    if let Some(e) = failure {
        return Err(e.into());
    }
    out.flush()?;
    if progress::interrupted() {
        say!("quadrille: interrupted after {found} solutions");
        return Ok(Outcome::Interrupted);
    }
    Ok(Outcome::of_count(found))
}

fn write_page(page: &str) -> anyhow::Result<()> {
    let mut out = crate::stdout();
    out.write_all(page.as_bytes())?;
    out.flush()?;
    Ok(())
}
