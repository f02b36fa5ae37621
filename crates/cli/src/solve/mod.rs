//! `quadrille solve`: exact cover from Knuth's text format.

use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

use anyhow::bail;
use quadrille_dlx::front::{Report, Search};
use quadrille_dlx::pre::Preprocess;
use quadrille_dlx::{OptionId, Problem, Question};

use crate::Outcome;
use crate::common::{json_count, read_problem, say, write_best};
use crate::count::{self as front, count_summary, partial_figures, print_report, run_count};
use crate::progress::{self, Progress};
use crate::shard;

mod args;

pub use args::Args;

/// The problem the engines solve and the input it stands for: the input
/// itself, or its reduction by `--preprocess`, whose options each name the
/// input's option they came from, so that what is printed is the input's.
struct Solving<'p> {
    /// The problem read.
    input: &'p Problem,
    /// The problem searched: the input, or its reduction.
    searched: &'p Problem,
    /// For each option of `searched`, the input's option (none: the same).
    origin: Option<&'p [OptionId]>,
}

impl Solving<'_> {
    /// A solution of the searched problem as the input's options.
    fn input_options(&self, solution: &[OptionId]) -> Vec<OptionId> {
        match self.origin {
            Some(origin) => solution.iter().map(|o| origin[o.index()]).collect(),
            None => solution.to_vec(),
        }
    }
}

/// Runs `quadrille solve`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    if args.seed.is_some() && args.sample.is_none() && !args.estimate {
        bail!("--seed is the seed of --sample or --estimate: add one, or drop --seed");
    }
    let memo = args.memo_request()?;
    let name = match args.file.as_deref() {
        Some(path) if path.as_os_str() != "-" => path.display().to_string(),
        _ => "<stdin>".to_string(),
    };
    let problem = progress::reading(
        move || format!("quadrille: interrupted while reading {name}: nothing searched"),
        || read_problem(args.file.as_deref()),
    )?;
    let problem = if args.sharp { problem.with_sharp_preference(true) } else { problem };
    // Binary branching off the cells engine, or weights without it: the
    // library's refusal, before any question.
    Search::new(&problem)
        .engine(args.engine.unwrap_or_default())
        .branching(args.branching.unwrap_or_default())
        .weights(args.weights.unwrap_or_default())
        .check()
        .map_err(front::error)?;
    if let Some(request) = memo {
        return crate::memo::run(&problem, request);
    }
    let reduced = if args.preprocess {
        let start = Instant::now();
        let rounds = args.rounds.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
        let reduced = Preprocess::new().rounds(rounds).monitor(Some(progress::monitor())).run(&problem)?;
        if args.stats && !crate::quiet() {
            say!("{}", crate::pre::removed(&reduced, start.elapsed().as_secs_f64()));
        }
        Some(reduced)
    } else {
        None
    };
    let solving = match &reduced {
        Some(reduced) => Solving { input: &problem, searched: &reduced.problem, origin: Some(&reduced.origin) },
        None => Solving { input: &problem, searched: &problem, origin: None },
    };
    if args.explain {
        return explain(&args, solving.searched);
    }
    if let Some(k) = args.best {
        return best(&args, &solving, k as usize);
    }
    if args.estimate {
        let request = crate::estimate::Request {
            probes: args.probes,
            seed: args.seed.unwrap_or(0),
            json: args.json,
            profile: args.stats,
        };
        let search = front::front(Search::new(solving.searched).engine(args.engine.unwrap_or_default()), None, None);
        let before = args.listing.count || args.listing.most().is_some();
        let outcome = crate::estimate::run(search, &request, before)?;
        if !before || outcome == Outcome::Interrupted {
            return Ok(outcome);
        }
    }
    if problem.has_costs() && !crate::quiet() {
        say!("quadrille: note: the options' costs are ignored without --best");
    }
    if args.listing.count {
        return count(&args, solving.searched);
    }
    if args.trace {
        let limit = args.listing.most();
        return crate::replay::solve(&problem, args.file.as_deref(), args.format.unwrap_or_default(), limit);
    }
    list(&args, &solving)
}

/// The solutions (up to `--first` or `--limit`), from the library's front:
/// on one thread in the search's order unless `--threads` asks for more.
fn list(args: &Args, solving: &Solving<'_>) -> anyhow::Result<Outcome> {
    let mut out = crate::stdout();
    let start = Instant::now();
    let problem = solving.input;
    // One solution as it is printed: its option lines and a blank line, or with
    // --json one JSON object on a line of its own, so that memory stays flat
    // however many solutions there are.
    let solution_text = |solution: &[OptionId]| -> String {
        let solution = &solving.input_options(solution)[..];
        if args.json {
            let options: Vec<String> = solution.iter().map(|&o| problem.format_option(o)).collect();
            let mut text = serde_json::json!({ "solution": options }).to_string();
            text.push('\n');
            return text;
        }
        let mut text = String::new();
        for &o in solution {
            text += &problem.format_option(o);
            text.push('\n');
        }
        text.push('\n');
        text
    };
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let search = asked(args, solving.searched).limit(args.listing.most());
    let (mut failure, mut printed) = (None, 0u64);
    let report = front::front(search, args.threads, args.memo_bytes)
        .visit(|solution| {
            if let Err(e) = out.write_all(solution_text(solution).as_bytes()) {
                failure = Some(e);
                return ControlFlow::Break(());
            }
            printed += 1;
            ControlFlow::Continue(())
        })
        .map_err(front::error)?;
    if let Some(e) = failure {
        return Err(e.into());
    }
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    if report.interrupted {
        out.flush()?;
        say!(
            "quadrille: interrupted after {seconds:.1} s: {printed} solutions so far (partial), {}",
            partial_figures(&report)
        );
        return Ok(Outcome::Interrupted);
    }
    if args.json {
        // The summary: the last line.
        let record = front::summary(&report, json_count(printed), seconds);
        writeln!(out, "{}", serde_json::Value::Object(record))?;
    }
    out.flush()?;
    if args.stats && !crate::quiet() {
        print_report(&report, &printed.to_string(), seconds, problem.has_colors());
    }
    Ok(Outcome::of_count(printed))
}

/// The library's front as `solve` asks it: the engine, the branching and
/// the weights given.
fn asked<'p>(args: &Args, problem: &'p Problem) -> Search<'p> {
    Search::new(problem)
        .engine(args.engine.unwrap_or_default())
        .branching(args.branching.unwrap_or_default())
        .weights(args.weights.unwrap_or_default())
}

/// `--explain`: the plan of the question the other flags ask, on stdout.
fn explain(args: &Args, problem: &Problem) -> anyhow::Result<Outcome> {
    let question = if args.best.is_some() {
        Question::Best
    } else if args.estimate {
        Question::Estimate
    } else if args.listing.count {
        Question::Count
    } else if args.listing.first {
        Question::First
    } else {
        Question::List
    };
    let mut search = asked(args, problem).limit(args.listing.most());
    if let Some(shard) = args.shard {
        search = search.shard(shard.index, shard.of);
    }
    let plan = front::front(search, args.threads, args.memo_bytes).plan(question).map_err(front::error)?;
    let mut out = crate::stdout();
    write!(out, "{plan}")?;
    out.flush()?;
    Ok(Outcome::Found)
}

/// `--count` (with `--limit K`, at most K; with `--shard I/K`, one slice and
/// its record): the library's front chooses the engine, runs it and falls
/// back by itself; after Ctrl-C the count so far, marked partial (with
/// `--json`, `"interrupted":true`).
fn count(args: &Args, problem: &Problem) -> anyhow::Result<Outcome> {
    let mut search = asked(args, problem);
    if let Some(shard) = args.shard {
        search = search.shard(shard.index, shard.of);
    }
    let (counted, seconds) = run_count(search, args.threads, args.listing.most(), args.memo_bytes)?;
    let report = &counted.report;
    let mut out = crate::stdout();
    if report.interrupted {
        if args.json && args.shard.is_none() {
            // The summary of the part counted, marked interrupted.
            writeln!(out, "{}", serde_json::Value::Object(count_summary(&counted, seconds)))?;
            out.flush()?;
        }
        say!(
            "quadrille: interrupted after {seconds:.1} s: {} solutions so far (partial), {}",
            counted.solutions,
            partial_figures(report)
        );
        return Ok(Outcome::Interrupted);
    }
    if let Some(shard) = args.shard {
        writeln!(out, "{}", shard::record_of(shard, &problem.shard_id(), &counted, seconds)?)?;
        out.flush()?;
        // A shard that ran succeeded, whatever it found: its record says it.
        return Ok(Outcome::Found);
    }
    if args.json {
        // The summary, the only line.
        writeln!(out, "{}", serde_json::Value::Object(count_summary(&counted, seconds)))?;
    } else {
        writeln!(out, "{}", counted.solutions)?;
    }
    out.flush()?;
    if args.stats && !crate::quiet() {
        print_report(report, &counted.solutions.to_string(), seconds, problem.has_colors());
    }
    Ok(if counted.solutions == quadrille_dlx::memo::BigUint::ZERO { Outcome::NotFound } else { Outcome::Found })
}

/// `quadrille solve --best K`: the K cheapest solutions, each with its cost,
/// then the costs (or JSON Lines: one object per solution, then the summary).
fn best(args: &Args, solving: &Solving<'_>, k: usize) -> anyhow::Result<Outcome> {
    let mut out = crate::stdout();
    let start = Instant::now();
    let problem = solving.input;
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let search = asked(args, solving.searched);
    let ranked = front::front(search, args.threads, args.memo_bytes).best(k).map_err(front::error)?;
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    let report: &Report = &ranked.report;
    // The solutions met (the search's figure), or for the memo all there are.
    let met = |report: &Report| match report.stats {
        quadrille_dlx::front::EngineStats::Costs { stats, .. } => stats.solutions.to_string(),
        _ => ranked.count.as_ref().map_or_else(String::new, ToString::to_string),
    };
    let summary = args.json.then(|| {
        let solutions = ranked.count.clone().map_or_else(
            || match report.stats {
                quadrille_dlx::front::EngineStats::Costs { stats, .. } => json_count(stats.solutions),
                _ => serde_json::Value::Null,
            },
            json_count,
        );
        front::summary(report, solutions, seconds)
    });
    let solutions: Vec<(u64, Vec<OptionId>)> =
        ranked.solutions.iter().map(|s| (s.cost, solving.input_options(&s.options))).collect();
    write_best(&mut out, problem, solutions.iter().map(|(cost, options)| (*cost, options.as_slice())), summary)?;
    out.flush()?;
    if report.interrupted && progress::interrupted() {
        say!(
            "quadrille: interrupted after {seconds:.1} s: the best of {} solutions met so far (partial), {}",
            met(report),
            partial_figures(report)
        );
        return Ok(Outcome::Interrupted);
    }
    if args.stats && !crate::quiet() {
        print_report(report, &met(report), seconds, problem.has_colors());
    }
    Ok(Outcome::of_count(ranked.solutions.len() as u64))
}
