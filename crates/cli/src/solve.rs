//! `quadrille solve`: exact cover from Knuth's text format.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::bail;
use quadrille_dlx::front::{Report, Search};
use quadrille_dlx::{Engine, OptionId, Problem};

use crate::Outcome;
use crate::common::{
    ListingFlags, Threads, TraceFormat, engine_parser, json_count, parse_bytes, read_problem, say, threads_parser,
    write_best,
};
use crate::count::{self as front, count_summary, partial_figures, print_report, run_count};
use crate::progress::{self, Progress};
use crate::shard::{self, Shard};

/// Arguments of `quadrille solve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  quadrille solve pentomino_6x10.dlx --count --stats\n  \
    quadrille solve --first < knuth_toy.dlx\n  \
    quadrille solve knuth_toy.dlx --trace --format html > trace.html\n  quadrille queens 8 --emit-dlx | quadrille solve --json --count\n  \
    quadrille solve dominoes_8x8.dlx --engine memo --count --stats\n  \
    quadrille solve dominoes_8x8.dlx --sample 3 --seed 7\n  \
    quadrille solve knuth_toy.dlx --zdd-dot | dot -Tsvg > zdd.svg")]
pub struct Args {
    /// The problem in Knuth's DLX format (`-` or nothing: standard input).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub listing: ListingFlags,
    /// Print nodes, updates, solutions and time on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Print JSON Lines on stdout: one object per solution (unless counting),
    /// `{"solution":["A D","C E F"]}`, then one object with the counts and the
    /// time (with --sample, `sampled`: the number drawn; `solutions`: all of
    /// them). A count above 2^53 - 1 is a string of decimal digits, a JSON
    /// number below, in every JSON line the command writes.
    #[arg(long)]
    pub json: bool,
    /// Threads: counting uses all cores unless told otherwise; listing uses
    /// several only when told, and then prints solutions in no particular order.
    #[arg(long, value_name = "N", value_parser = threads_parser())]
    pub threads: Option<Threads>,
    /// Count only slice I of K (from 0) and print a JSON record for
    /// `quadrille merge`; K machines with one slice each count the whole. Exits
    /// 0 once the slice is counted, whatever it found.
    #[arg(long, value_name = "I/K", requires = "count", conflicts_with_all = ["first", "limit"])]
    pub shard: Option<Shard>,
    /// Print the K cheapest solutions (options cost `|n`, as in Knuth's DLX5),
    /// in increasing cost, each with its cost, then the costs; K is 1 when not
    /// given. Uses all cores unless told otherwise; the answer does not depend
    /// on the threads (equal costs go by the options' order in the file).
    #[arg(
        long,
        value_name = "K",
        num_args = 0..=1,
        default_missing_value = "1",
        value_parser = clap::value_parser!(u32).range(1..),
        conflicts_with_all = ["count", "first", "limit", "shard"]
    )]
    pub best: Option<u32>,
    /// Print every step of the search: each item chosen, covered and uncovered,
    /// each option tried and taken back, with the options hidden and restored.
    #[arg(long, conflicts_with_all = ["count", "json", "threads", "shard", "best"])]
    pub trace: bool,
    /// How to write the trace: text lines, or one HTML page that replays it.
    #[arg(long, value_enum, requires = "trace")]
    pub format: Option<TraceFormat>,
    /// The engine: dancing links (DLX1/DLX2's statistics), dancing cells
    /// (SSXCC's), dense bitsets (the links' search and nodes, for problems of
    /// up to 16,383 options), whichever suits the problem (bits up to 8,192
    /// options, else links), memo: Knuth's DLX6, which remembers each
    /// subproblem and builds a ZDD of every solution (exact counts of any
    /// size; fast where subproblems repeat, as in tilings; no bounds; on one
    /// thread, whatever --threads says), costs, for --best (DLX5, on links
    /// or bitset frames as it chooses), or sweep, to count or list: branches on the first item not
    /// yet covered in an order it chooses, on a bitboard (up to 1,024
    /// items, no bounds or colours; packings), each solution's options in
    /// the order of its items [default: auto; memo with
    /// --zdd, --zdd-dot, --sample or --option-counts; with --count (no
    /// --shard or --limit), the library's front chooses: a probe of the
    /// memo's first 4,096 nodes (its updates bounded by the problem's size),
    /// Knuth's estimates of the sweep's and the search's trees, then the
    /// memo tried within the cheaper one's estimated work (all of it when its
    /// cache answered 20 % of the probe, as on tilings), else the cheaper one;
    /// a sweep past 64 bits goes on with the memo; listing every solution
    /// (no --first or --limit), the sweep or the search as the same
    /// estimates weigh them]. With --count, any engine
    /// stops at --limit. A problem with bounds runs on links or bits (cells gives
    /// way to links); --trace is links' own. With --best: links is Knuth's
    /// DLX5 (its statistics), bits searches bitset frames (faster; nodes and
    /// solutions counted, no updates), auto and costs pick bits unless a
    /// frame takes over 8 KiB, memo uses the ZDD; cells has no costs search.
    /// An engine that cannot answer the question is refused, naming why.
    #[arg(long, value_name = "ENGINE", value_parser = engine_parser(), conflicts_with = "trace")]
    pub engine: Option<Engine>,
    /// Write the ZDD of every solution on stdout in Knuth's text format (the
    /// one his ZDDREAD programs read): one line per node, `id: (~option?lo:hi)`
    /// in hexadecimal, then the root. Runs the memo engine.
    #[arg(long, conflicts_with_all = MEMO_OUTPUTS_BUT_ZDD)]
    pub zdd: bool,
    /// Write the ZDD on stdout for Graphviz's dot (refused above 10,000 nodes).
    /// Runs the memo engine.
    #[arg(long, conflicts_with_all = ["zdd", "json", "count", "first", "limit", "sample", "option_counts", "best"])]
    pub zdd_dot: bool,
    /// Print K solutions drawn uniformly at random (each solution equally
    /// likely, independently), the same ones for the same seed on every
    /// machine. Runs the memo engine.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..), conflicts_with_all = ["count", "first", "limit", "option_counts", "best"])]
    pub sample: Option<u64>,
    /// The seed of --sample [default: 0].
    #[arg(long, value_name = "S", requires = "sample")]
    pub seed: Option<u64>,
    /// For each option, in the file's order, the number of solutions that use
    /// it, then the option. Runs the memo engine.
    #[arg(long, conflicts_with_all = ["count", "first", "limit", "best"])]
    pub option_counts: bool,
    /// The most bytes the memo engine may hold (with --engine memo, or in a
    /// count whose engine the rule for counts chooses): its cache, its
    /// diagram of the solutions and the search's state (suffixes K, M, G, T:
    /// powers of 1024) [default: 1G]. The cache takes at most half, and when that is full the
    /// search goes on without caching more (still exact, only slower); when
    /// the whole would pass the limit, an error naming it (exit 2).
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes)]
    pub memo_limit: Option<usize>,
}

/// The flags that --zdd does not combine with.
const MEMO_OUTPUTS_BUT_ZDD: [&str; 8] =
    ["json", "count", "first", "limit", "sample", "option_counts", "best", "zdd_dot"];

impl Args {
    /// Whether a flag asks for what only the memo's diagram gives.
    fn memo_only(&self) -> Option<&'static str> {
        [
            (self.zdd, "--zdd"),
            (self.zdd_dot, "--zdd-dot"),
            (self.sample.is_some(), "--sample"),
            (self.option_counts, "--option-counts"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }

    /// The diagram's request, when a flag asks for it.
    fn memo_request(&self) -> anyhow::Result<Option<crate::memo::Request>> {
        use crate::memo::{Output, Request};
        let may_memo = self.engine == Some(Engine::Memo)
            || self.memo_only().is_some()
            || (self.listing.count && self.shard.is_none())
            || (self.best.is_some() && self.engine.is_none_or(|e| e == Engine::Memo));
        if self.memo_limit.is_some() && !may_memo {
            bail!("--memo-limit is for the memo engine or a count: add --engine memo or --count");
        }
        if self.memo_only().is_none() {
            return Ok(None);
        }
        let output = if self.zdd {
            Output::Zdd
        } else if self.zdd_dot {
            Output::Dot
        } else if let Some(k) = self.sample {
            Output::Sample { k, seed: self.seed.unwrap_or(crate::memo::DEFAULT_SEED) }
        } else {
            Output::OptionCounts
        };
        Ok(Some(Request {
            output,
            json: self.json,
            stats: self.stats,
            limit: self.memo_limit.unwrap_or(quadrille_dlx::memo::DEFAULT_LIMIT),
            engine: self.engine.unwrap_or(Engine::Memo),
        }))
    }
}

/// Runs `quadrille solve`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    // Clap waives `--seed`'s need of `--sample` when a flag that excludes
    // --sample is given (--count): checked here instead.
    if args.seed.is_some() && args.sample.is_none() {
        bail!("--seed is the seed of --sample: add --sample K, or drop --seed");
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
    if let Some(request) = memo {
        return crate::memo::run(&problem, request);
    }
    if let Some(k) = args.best {
        return best(&args, &problem, k as usize);
    }
    if problem.has_costs() && !crate::quiet() {
        say!("quadrille: note: the options' costs are ignored without --best");
    }
    if args.listing.count {
        return count(&args, &problem);
    }
    if args.trace {
        let limit = args.listing.most();
        return crate::replay::solve(&problem, args.file.as_deref(), args.format.unwrap_or_default(), limit);
    }
    list(&args, &problem)
}

/// The solutions (up to `--first` or `--limit`), from the library's front:
/// on one thread in the search's order unless `--threads` asks for more.
fn list(args: &Args, problem: &Problem) -> anyhow::Result<Outcome> {
    let mut out = crate::stdout();
    let start = Instant::now();
    // One solution as it is printed: its option lines and a blank line, or with
    // --json one JSON object on a line of its own, so that memory stays flat
    // however many solutions there are.
    let solution_text = |solution: &[OptionId]| -> String {
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
    let search = Search::new(problem).engine(args.engine.unwrap_or_default()).limit(args.listing.most());
    let (mut failure, mut printed) = (None, 0u64);
    let report = front::front(search, args.threads, args.memo_limit)
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

/// `--count` (with `--limit K`, at most K; with `--shard I/K`, one slice and
/// its record): the library's front chooses the engine, runs it and falls
/// back by itself; after Ctrl-C the count so far, marked partial (with
/// `--json`, `"interrupted":true`).
fn count(args: &Args, problem: &Problem) -> anyhow::Result<Outcome> {
    let mut search = Search::new(problem).engine(args.engine.unwrap_or_default());
    if let Some(shard) = args.shard {
        search = search.shard(shard.index, shard.of);
    }
    let (counted, seconds) = run_count(search, args.threads, args.listing.most(), args.memo_limit)?;
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
fn best(args: &Args, problem: &Problem, k: usize) -> anyhow::Result<Outcome> {
    let mut out = crate::stdout();
    let start = Instant::now();
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let search = Search::new(problem).engine(args.engine.unwrap_or_default());
    let ranked = front::front(search, args.threads, args.memo_limit).best(k).map_err(front::error)?;
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
    write_best(&mut out, problem, ranked.solutions.iter().map(|s| (s.cost, s.options.as_slice())), summary)?;
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
