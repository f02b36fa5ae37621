//! `quadrille solve --engine memo`: the memoizing engine
//! ([`quadrille_dlx::memo`]) builds a ZDD of every solution, and this module
//! prints what the flags ask of it: the exact count, the solutions, uniform
//! random solutions, per-option counts, the cheapest solutions, or the
//! diagram itself.

use std::io::Write;
use std::time::Instant;

use anyhow::bail;
use quadrille_dlx::front::CountError;
use quadrille_dlx::memo::{Memo, MemoError, MemoStats, Zdd};
use quadrille_dlx::{OptionId, Problem};

use crate::Outcome;
use crate::common::{json_count, say, write_best};
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
    /// The solutions (at most `most`).
    List {
        /// `--first` or `--limit K`.
        most: Option<u64>,
    },
    /// `--count`.
    Count,
    /// `--sample K`.
    Sample {
        /// How many.
        k: u64,
        /// The generator's seed.
        seed: u64,
    },
    /// `--option-counts`.
    OptionCounts,
    /// `--best K`.
    Best(usize),
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
    /// The cache limit in bytes.
    pub limit: usize,
}

/// Builds the diagram of `problem`, printing what `request` asks.
pub fn run(problem: &Problem, request: Request) -> anyhow::Result<Outcome> {
    if problem.has_costs() && !matches!(request.output, Output::Best(_)) && !crate::quiet() {
        say!("quadrille: note: the options' costs are ignored without --best");
    }
    let start = Instant::now();
    let progress = Progress::start(crate::quiet(), "nodes", None);
    let built = Memo::new(problem).with_limit(request.limit).monitor(Some(progress::monitor())).build();
    drop(progress);
    let zdd = match built {
        Ok(zdd) => zdd,
        Err(MemoError::Interrupted) => {
            say!(
                "quadrille: interrupted after {:.1} s: the memo search stopped before its end",
                start.elapsed().as_secs_f64()
            );
            return Ok(Outcome::Interrupted);
        }
        Err(e) => return Err(error(e)),
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
        Output::Count => {
            if !request.json {
                writeln!(out, "{count}")?;
            }
        }
        Output::List { most } => {
            for solution in zdd.solutions().take(most.map_or(usize::MAX, |k| usize::try_from(k).unwrap_or(usize::MAX)))
            {
                write_solution(&mut out, &solution)?;
            }
        }
        Output::Sample { k, seed } => {
            let mut drawn = 0u64;
            for solution in zdd.samples(seed).take(usize::try_from(k).unwrap_or(usize::MAX)) {
                write_solution(&mut out, &solution)?;
                drawn += 1;
            }
            sampled = Some(drawn);
        }
        Output::OptionCounts => {
            for (option, solutions) in problem.options().zip(zdd.option_counts().map_err(error)?) {
                if request.json {
                    let record = serde_json::json!({ "option": problem.format_option(option), "solutions": json_count(solutions) });
                    writeln!(out, "{record}")?;
                } else {
                    writeln!(out, "{solutions} {}", problem.format_option(option))?;
                }
            }
        }
        Output::Best(k) => return best(problem, &zdd, k, request, start),
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
    if request.json && summary {
        let stats = zdd.stats();
        let mut record = serde_json::json!({
            "solutions": json_count(count.clone()),
            "nodes": json_count(stats.nodes),
            "updates": json_count(stats.updates),
            "cleansings": json_count(stats.cleansings),
            "zdd_nodes": json_count(stats.zdd_nodes()),
            "memos": json_count(stats.memos),
            "hits": json_count(stats.hits),
            "seconds": seconds,
        });
        if let Some(drawn) = sampled {
            record["sampled"] = json_count(drawn);
        }
        writeln!(out, "{record}")?;
    }
    out.flush()?;
    if request.stats && !crate::quiet() {
        print_stats(zdd.stats(), &count.to_string(), seconds, problem.has_colors());
    }
    Ok(if found { Outcome::Found } else { Outcome::NotFound })
}

/// The memo's error as the CLI says it: over its memory, with the flag that
/// sets the limit.
pub fn error(error: MemoError) -> anyhow::Error {
    match error {
        MemoError::Memory { limit_bytes, .. } => anyhow::anyhow!(
            "{error}: raise --memo-limit (now {}), or count with another engine",
            bytes_text(limit_bytes)
        ),
        _ => anyhow::anyhow!("{error}"),
    }
}

/// The front's error as the CLI says it: the memo's as [`error`] says it.
pub fn count_error(error: CountError) -> anyhow::Error {
    match error {
        CountError::Memo(memo) => self::error(memo),
        other => anyhow::anyhow!("{other}"),
    }
}

/// A number of bytes as `--memo-limit` takes it: `1G`, `64M`, `1000`.
fn bytes_text(bytes: usize) -> String {
    for (shift, suffix) in [(40, 'T'), (30, 'G'), (20, 'M'), (10, 'K')] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{}{suffix}", bytes >> shift);
        }
    }
    bytes.to_string()
}

/// `--best K --engine memo`: the K cheapest solutions by dynamic programming
/// over the diagram, printed as `quadrille solve --best` prints them.
fn best(problem: &Problem, zdd: &Zdd, k: usize, request: Request, start: Instant) -> anyhow::Result<Outcome> {
    let mut out = crate::stdout();
    let best = zdd.best(k).map_err(error)?;
    let seconds = start.elapsed().as_secs_f64();
    let count = zdd.count();
    let summary = request.json.then(|| {
        let stats = zdd.stats();
        let record = serde_json::json!({
            "solutions": json_count(count.clone()),
            "nodes": json_count(stats.nodes),
            "updates": json_count(stats.updates),
            "cleansings": json_count(stats.cleansings),
            "seconds": seconds,
        });
        record.as_object().cloned().unwrap_or_default()
    });
    write_best(&mut out, problem, best.iter().map(|c| (c.cost, c.options.as_slice())), summary)?;
    out.flush()?;
    if request.stats && !crate::quiet() {
        print_stats(zdd.stats(), &count.to_string(), seconds, problem.has_colors());
    }
    Ok(if best.is_empty() { Outcome::NotFound } else { Outcome::Found })
}

/// Prints the memo's figures on stderr, named as DLX6 names them.
pub fn print_stats(stats: &MemoStats, solutions: &str, seconds: f64, colors: bool) {
    say!("solutions: {solutions}");
    say!("nodes: {}", stats.nodes);
    say!("updates: {}", stats.updates);
    if colors {
        say!("cleansings: {}", stats.cleansings);
    }
    say!("zdd nodes: {}", stats.zdd_nodes());
    say!("memos: {}", stats.memos);
    say!("hits: {}", stats.hits);
    if stats.memos_dropped > 0 {
        say!("memos dropped (cache full): {}", stats.memos_dropped);
    }
    say!("cache: {} entries, {} bytes", stats.cache_entries, stats.cache_bytes);
    say!("memory held at most: {} bytes", stats.peak_bytes);
    say!("seconds: {seconds:.3}");
}
