//! What only the memo's diagram answers: `quadrille solve --zdd`,
//! `--zdd-dot`, `--sample` and `--option-counts` ask the library's front for
//! the diagram of every solution ([`Search::zdd`]) and print what the flags
//! ask of it: uniform random solutions, per-option counts, or the diagram
//! itself. (Counts, listings and the cheapest solutions by the memo go
//! through the front like any other engine's.)

use std::io::Write;
use std::time::Instant;

use anyhow::bail;
use quadrille_dlx::front::{EngineStats, Report, Search, SearchError};
use quadrille_dlx::memo::MemoError;
use quadrille_dlx::{Engine, OptionId, Problem};

use crate::Outcome;
use crate::common::{json_count, say};
use crate::count::{print_report, summary as report_summary};
use crate::progress::{self, Progress};

/// The most ZDD nodes `--zdd-dot` draws: Graphviz takes minutes and the
/// picture means nothing beyond.
/// Counted as `--stats` counts them, the two sinks included.
pub const MAX_DOT_NODES: u64 = 10_000;

/// The seed of `--sample` when `--seed` is not given.
pub const DEFAULT_SEED: u64 = 0;

/// What to print from the diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// `--sample K`.
    Sample {
        /// How many.
        k: u64,
        /// The generator's seed.
        seed: u64,
    },
    /// `--option-counts`.
    OptionCounts,
    /// `--zdd`: Knuth's text format.
    Zdd,
    /// `--zdd-dot`: Graphviz.
    Dot,
}

/// How to run the memo and what to print.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// What to print.
    pub output: Output,
    /// JSON Lines rather than text.
    pub json: bool,
    /// The memo's figures on stderr.
    pub stats: bool,
    /// The most bytes the memo may hold (`--memo-bytes`).
    pub memo_bytes: usize,
    /// The engine asked for (the front refuses all but the memo and auto).
    pub engine: Engine,
}

/// Builds the diagram of `problem`, printing what `request` asks.
pub fn run(problem: &Problem, request: Request) -> anyhow::Result<Outcome> {
    if problem.has_costs() && !crate::quiet() {
        say!("quadrille: note: the options' costs are ignored without --best");
    }
    let start = Instant::now();
    let progress = Progress::start(crate::quiet(), "nodes", None);
    let built = Search::new(problem)
        .engine(request.engine)
        .memo_bytes(request.memo_bytes)
        .monitor(Some(progress::monitor()))
        .zdd();
    drop(progress);
    let zdd = match built {
        Ok(zdd) => zdd,
        Err(SearchError::Memo(MemoError::Interrupted)) => {
            say!(
                "quadrille: interrupted after {:.1} s: the memo search stopped before its end",
                start.elapsed().as_secs_f64()
            );
            return Ok(Outcome::Interrupted);
        }
        Err(e) => return Err(crate::count::error(e)),
    };
    let count = zdd.count();
    let found = count != quadrille_dlx::memo::BigUint::ZERO;
    let mut out = crate::stdout();
    let lines = |options: &[OptionId]| -> Vec<String> { options.iter().map(|&o| problem.format_option(o)).collect() };
    let write_solution = |out: &mut dyn Write, solution: &[OptionId]| -> std::io::Result<()> {
        if request.json {
            writeln!(out, "{}", serde_json::json!({ "solution": lines(solution) }))
        } else {
            let mut text = lines(solution).join("\n");
            text.push_str("\n\n");
            out.write_all(text.as_bytes())
        }
    };
    let mut summary = true;
    // With --sample, how many solutions were drawn (the summary's `sampled`;
    // its `solutions` is the count of every solution, drawn from).
    let mut sampled = None;
    match request.output {
        Output::Sample { k, seed } => {
            let mut drawn = 0u64;
            for solution in zdd.samples(seed).take(usize::try_from(k).unwrap_or(usize::MAX)) {
                write_solution(&mut out, &solution)?;
                drawn += 1;
            }
            sampled = Some(drawn);
        }
        Output::OptionCounts => {
            for (option, solutions) in problem.options().zip(zdd.option_counts().map_err(crate::count::memo_error)?) {
                if request.json {
                    let record = serde_json::json!({ "option": problem.format_option(option), "solutions": json_count(solutions) });
                    writeln!(out, "{record}")?;
                } else {
                    writeln!(out, "{solutions} {}", problem.format_option(option))?;
                }
            }
        }
        Output::Zdd => {
            zdd.write_knuth(&mut out)?;
            summary = false;
        }
        Output::Dot => {
            // Its nodes as --stats counts them (`zdd nodes`, the two sinks
            // included), so that the refusal and the statistics agree.
            let nodes = zdd.stats().zdd_nodes();
            if nodes > MAX_DOT_NODES {
                bail!(
                    "the diagram has {nodes} nodes, more than --zdd-dot draws ({MAX_DOT_NODES}); write it with --zdd"
                );
            }
            zdd.write_dot(&mut out, problem)?;
            summary = false;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    // The memo's report, as every answer of the front reports.
    let report = Report::new(Engine::Memo, EngineStats::Memo(*zdd.stats()));
    if request.json && summary {
        let mut record = report_summary(&report, json_count(count.clone()), seconds);
        if let Some(drawn) = sampled {
            record.insert("sampled".into(), json_count(drawn));
        }
        writeln!(out, "{}", serde_json::Value::Object(record))?;
    }
    out.flush()?;
    if request.stats && !crate::quiet() {
        print_report(&report, &count.to_string(), seconds, problem.has_colors());
    }
    Ok(if found { Outcome::Found } else { Outcome::NotFound })
}
