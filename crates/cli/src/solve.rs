//! `quadrille solve`: exact cover from Knuth's text format.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use quadrille_dlx::{Config, OptionId, Parallel, Problem, Solver, Stats, knuth};

use crate::Outcome;
use crate::progress::{self, Progress};
use crate::shard::{self, Shard};

/// Arguments of `quadrille solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  quadrille solve pentomino_6x10.dlx --count --stats\n  \
    quadrille solve --first < knuth_toy.dlx\n  \
    quadrille solve knuth_toy.dlx --trace --format html > trace.html\n  quadrille queens 8 --emit-dlx | quadrille solve --json --count")]
pub struct Args {
    /// The problem in Knuth's DLX format (`-` or nothing: standard input).
    pub file: Option<PathBuf>,
    /// Print only the number of solutions.
    #[arg(long)]
    pub count: bool,
    /// Stop at the first solution.
    #[arg(long, conflicts_with = "limit")]
    pub first: bool,
    /// Stop after K solutions.
    #[arg(long, value_name = "K")]
    pub limit: Option<u64>,
    /// Print nodes, updates, solutions and time on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Print one JSON object on stdout: the counts, the time and (unless
    /// counting) the solutions.
    #[arg(long)]
    pub json: bool,
    /// Threads: counting uses all cores unless told otherwise; listing uses
    /// several only when told, and then prints solutions in no particular order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub threads: Option<u32>,
    /// Count only slice I of K (from 0) and print a JSON record for
    /// `quadrille merge`; K machines with one slice each count the whole.
    #[arg(long, value_name = "I/K", requires = "count", conflicts_with_all = ["first", "limit"])]
    pub shard: Option<Shard>,
    /// Print every step of the search: each item chosen, covered and uncovered,
    /// each option tried and taken back, with the options hidden and restored.
    #[arg(long, conflicts_with_all = ["count", "json", "threads", "shard"])]
    pub trace: bool,
    /// How to write the trace: text lines, or one HTML page that replays it.
    #[arg(long, value_enum, requires = "trace")]
    pub format: Option<crate::replay::TraceFormat>,
}

/// Reads a problem, reporting the skipped options on stderr.
pub(crate) fn read_problem(file: Option<&PathBuf>) -> anyhow::Result<Problem> {
    let (name, text) = crate::input::open(file.map(PathBuf::as_path), 1 << 16)?.read_to_string()?;
    let parsed = knuth::read(&text).map_err(|e| anyhow::anyhow!("{name}:{}:{}: {}", e.line, e.column, e.kind))?;
    if !crate::quiet() {
        for warning in &parsed.warnings {
            eprintln!("quadrille: warning: {name}: {warning}");
        }
    }
    Ok(parsed.problem)
}

/// Prints statistics on stderr.
pub(crate) fn print_stats(stats: &Stats, seconds: f64, colors: bool) {
    eprintln!("solutions: {}", stats.solutions);
    eprintln!("nodes: {}", stats.nodes);
    eprintln!("updates: {}", stats.updates);
    if colors {
        eprintln!("cleansings: {}", stats.cleansings);
    }
    eprintln!("seconds: {seconds:.3}");
    if seconds > 0.0 {
        eprintln!("updates/s: {:.0}", stats.updates as f64 / seconds);
    }
}

/// Runs `quadrille solve`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    let problem = read_problem(args.file.as_ref())?;
    let limit = if args.first { Some(1) } else { args.limit };
    if args.trace {
        return crate::replay::solve(&problem, args.file.as_deref(), args.format.unwrap_or_default(), limit);
    }
    let mut out = crate::stdout();
    let start = Instant::now();
    let mut listed: Vec<Vec<String>> = Vec::new();
    let lines = |solution: &[OptionId]| -> String {
        let mut text = String::new();
        for &o in solution {
            text += &problem.format_option(o);
            text.push('\n');
        }
        text.push('\n');
        text
    };
    // Counting runs on every core unless told otherwise; listing only when told,
    // since its order then depends on the threads' timing.
    let threads = args.threads.map(|t| t as usize);
    let parallel = limit.is_none() && if args.count { threads != Some(1) } else { threads.is_some_and(|t| t > 1) };
    let monitor = Some(progress::monitor());
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let in_parallel = Parallel::new(&problem).threads(threads.unwrap_or(0)).monitor(monitor.clone());
    let stats = if let Some(shard) = args.shard {
        in_parallel.shard(shard.index, shard.of)?.count()?
    } else if parallel && args.count {
        in_parallel.count()?
    } else if parallel {
        let sink = std::sync::Mutex::new((&mut out, &mut listed, None::<std::io::Error>));
        let stats = in_parallel.visit(|solution| {
            let mut sink = sink.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let (out, listed, failure) = &mut *sink;
            if args.json {
                listed.push(solution.iter().map(|&o| problem.format_option(o)).collect());
            } else if let Err(e) = out.write_all(lines(solution).as_bytes()) {
                *failure = Some(e);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        })?;
        if let Some(e) = sink.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()).2 {
            return Err(e.into());
        }
        stats
    } else {
        let mut solver = Solver::with_config(&problem, Config::new().limit(limit).monitor(monitor));
        let mut failure = None;
        if args.count {
            solver.count();
        } else {
            solver.visit(|solution| {
                if args.json {
                    listed.push(solution.iter().map(|&o| problem.format_option(o)).collect());
                } else if let Err(e) = out.write_all(lines(solution).as_bytes()) {
                    failure = Some(e);
                    return ControlFlow::Break(());
                }
                ControlFlow::Continue(())
            });
        }
        if let Some(e) = failure {
            return Err(e.into());
        }
        solver.stats()
    };
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    if progress::interrupted() {
        out.flush()?;
        eprintln!(
            "quadrille: interrupted after {seconds:.1} s: {} solutions so far (partial), {} nodes, {} updates",
            stats.solutions, stats.nodes, stats.updates
        );
        return Ok(Outcome::Interrupted);
    }
    if let Some(shard) = args.shard {
        let id = format!("dlx:{:016x}", problem.fingerprint());
        writeln!(out, "{}", shard::record(shard, &id, &stats, seconds, &[]))?;
    } else if args.json {
        let mut record = serde_json::json!({
            "solutions": stats.solutions,
            "nodes": stats.nodes,
            "updates": stats.updates,
            "cleansings": stats.cleansings,
            "seconds": seconds,
        });
        if !args.count {
            record["list"] = serde_json::json!(listed);
        }
        writeln!(out, "{record}")?;
    } else if args.count {
        writeln!(out, "{}", stats.solutions)?;
    }
    out.flush()?;
    if args.stats && !crate::quiet() {
        print_stats(&stats, seconds, problem.has_colors());
    }
    Ok(Outcome::of_count(stats.solutions))
}
