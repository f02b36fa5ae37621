//! `quadrille solve`: exact cover from Knuth's text format.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::bail;
use quadrille_dlx::front::{Count, CountEngine};
use quadrille_dlx::{Config, Engine, MinCost, OptionId, Parallel, Problem, Solver};

use crate::Outcome;
use crate::common::{
    EngineChoice, ListingFlags, Threads, TraceFormat, engine_choice_parser, json_count, parse_bytes, print_stats,
    print_sweep_stats, read_problem, say, threads_parser, write_best,
};
use crate::count::{count_summary, run_count};
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
    /// size; fast where subproblems repeat, as in tilings; no bounds, one
    /// thread), or sweep, for --count alone: branches on the first item not
    /// yet covered in an order it chooses, on a bitboard (up to 1,024
    /// items, no bounds or colours; packings) [default: auto; memo with
    /// --zdd, --zdd-dot, --sample or --option-counts; with --count (no
    /// --shard or --limit), the library's front chooses: a probe of the
    /// memo's first 4,096 nodes (its updates bounded by the problem's size),
    /// Knuth's estimates of the sweep's and the search's trees, then the
    /// memo tried within the cheaper one's estimated work (all of it when its
    /// cache answered 20 % of the probe, as on tilings), else the cheaper one;
    /// a sweep past 64 bits goes on with the memo]. With --count, any engine
    /// stops at --limit. A problem with bounds runs on links or bits (cells gives
    /// way to links); --trace is links' own. With --best: links is Knuth's
    /// DLX5 (its statistics), bits searches bitset frames (faster; nodes and
    /// solutions counted, no updates), auto picks bits unless a frame takes
    /// over 8 KiB, memo uses the ZDD; cells has no costs search.
    #[arg(long, value_name = "ENGINE", value_parser = engine_choice_parser(), conflicts_with = "trace")]
    pub engine: Option<EngineChoice>,
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
    /// Whether a flag asks for what only the memo engine gives.
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

    /// The memo engine's request, when it is to run: checks that the other
    /// flags combine with it.
    fn memo_request(&self) -> anyhow::Result<Option<crate::memo::Request>> {
        use crate::memo::{Output, Request};
        let memo_only = self.memo_only();
        match (self.engine, memo_only) {
            (Some(EngineChoice::Library(engine)), Some(flag)) => {
                bail!("{flag} needs the memo engine, not --engine {}", engine.name())
            }
            (Some(EngineChoice::Sweep), Some(flag)) => bail!("{flag} needs the memo engine, not --engine sweep"),
            (Some(EngineChoice::Memo), _) | (None, Some(_)) => {}
            _ => {
                // A count goes to the front, which may choose the memo and
                // holds it to this limit.
                if self.memo_limit.is_some() && !(self.listing.count && self.shard.is_none()) {
                    bail!("--memo-limit is for the memo engine or a count: add --engine memo or --count");
                }
                return Ok(None);
            }
        }
        if self.threads.is_some() {
            bail!("the memo engine runs on one thread: drop --threads");
        }
        if self.shard.is_some() {
            bail!("the memo engine does not count in shards: drop --shard, or choose another engine");
        }
        let output = if self.zdd {
            Output::Zdd
        } else if self.zdd_dot {
            Output::Dot
        } else if let Some(k) = self.sample {
            Output::Sample { k, seed: self.seed.unwrap_or(crate::memo::DEFAULT_SEED) }
        } else if self.option_counts {
            Output::OptionCounts
        } else if let Some(k) = self.best {
            Output::Best(k as usize)
        } else if self.listing.count {
            Output::Count
        } else {
            Output::List { most: self.listing.most() }
        };
        Ok(Some(Request {
            output,
            json: self.json,
            stats: self.stats,
            limit: self.memo_limit.unwrap_or(quadrille_dlx::memo::DEFAULT_LIMIT),
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
    // A count (of every solution or up to a limit, not a shard) goes to the
    // library's front, which chooses the engine and falls back by itself.
    if args.listing.count && args.shard.is_none() && args.memo_only().is_none() {
        return count(&args, &problem);
    }
    if let Some(request) = memo {
        return crate::memo::run(&problem, request);
    }
    if args.engine == Some(EngineChoice::Sweep) {
        bail!("the sweep only counts: use --engine sweep with --count, without --shard or --best");
    }
    if let Some(k) = args.best {
        if let Some(EngineChoice::Library(Engine::Cells)) = args.engine {
            bail!("--best runs on links, bits, auto or memo, not --engine cells");
        }
        return best(&args, &problem, k as usize);
    }
    if problem.has_costs() && !crate::quiet() {
        say!("quadrille: note: the options' costs are ignored without --best");
    }
    let limit = args.listing.most();
    if args.trace {
        return crate::replay::solve(&problem, args.file.as_deref(), args.format.unwrap_or_default(), limit);
    }
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
    // Counting runs on every core unless told otherwise; listing only when told,
    // since its order then depends on the threads' timing.
    let threads = Threads::resolve(args.threads);
    let parallel =
        limit.is_none() && if args.listing.count { threads != Some(1) } else { threads.is_some_and(|t| t > 1) };
    let monitor = Some(progress::monitor());
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let engine = match args.engine {
        Some(EngineChoice::Library(engine)) => engine,
        _ => Engine::Auto,
    }
    .resolve(&problem);
    let in_parallel = Parallel::new(&problem)
        .threads(threads.unwrap_or(0))
        .config(Config::new().monitor(monitor.clone()).engine(engine));
    let stats = if let Some(shard) = args.shard {
        in_parallel.shard(shard.index, shard.of)?.count()?
    } else if parallel && args.listing.count {
        in_parallel.count()?
    } else if parallel {
        let sink = std::sync::Mutex::new((&mut out, None::<std::io::Error>));
        let stats = in_parallel.visit(|solution| {
            let text = solution_text(solution);
            let mut sink = sink.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let (out, failure) = &mut *sink;
            if let Err(e) = out.write_all(text.as_bytes()) {
                *failure = Some(e);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        })?;
        if let Some(e) = sink.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()).1 {
            return Err(e.into());
        }
        stats
    } else {
        let mut solver = Solver::with_config(&problem, Config::new().limit(limit).monitor(monitor).engine(engine));
        let mut failure = None;
        if args.listing.count {
            solver.count();
        } else {
            solver.visit(|solution| {
                if let Err(e) = out.write_all(solution_text(solution).as_bytes()) {
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
        say!(
            "quadrille: interrupted after {seconds:.1} s: {} solutions so far (partial), {} nodes, {} updates",
            stats.solutions,
            stats.nodes,
            stats.updates
        );
        return Ok(Outcome::Interrupted);
    }
    if let Some(shard) = args.shard {
        let id = format!("dlx:{:016x}", problem.fingerprint());
        writeln!(
            out,
            "{}",
            shard::record(
                shard,
                &id,
                &stats,
                seconds,
                shard::Extra { engine: Some(engine.name()), ..Default::default() }
            )
        )?;
        out.flush()?;
        // A shard that ran succeeded, whatever it found: its record says it.
        return Ok(Outcome::Found);
    } else if args.json {
        // The summary: the only line with --count, the last one otherwise.
        let record = serde_json::json!({
            "solutions": json_count(stats.solutions),
            "nodes": json_count(stats.nodes),
            "updates": json_count(stats.updates),
            "cleansings": json_count(stats.cleansings),
            "seconds": seconds,
        });
        writeln!(out, "{record}")?;
    } else if args.listing.count {
        writeln!(out, "{}", stats.solutions)?;
    }
    out.flush()?;
    if args.stats && !crate::quiet() {
        print_stats(&stats, seconds, problem.has_colors());
    }
    Ok(Outcome::of_count(stats.solutions))
}

/// `--count` (with `--limit K`, at most K): the library's front chooses the
/// engine, runs it and falls back by itself; after Ctrl-C the count so far,
/// marked partial (with `--json`, `"interrupted":true`).
fn count(args: &Args, problem: &Problem) -> anyhow::Result<Outcome> {
    if problem.has_costs() && !crate::quiet() {
        say!("quadrille: note: the options' costs are ignored without --best");
    }
    let engine = match args.engine {
        None => CountEngine::Auto,
        Some(EngineChoice::Library(engine)) => CountEngine::from(engine),
        Some(EngineChoice::Memo) => CountEngine::Memo,
        Some(EngineChoice::Sweep) => CountEngine::Sweep,
    };
    let front = Count::new(problem).engine(engine);
    let (counted, seconds) = run_count(front, args.threads, args.listing.most(), args.memo_limit)?;
    let stats = counted.stats;
    let mut out = crate::stdout();
    if args.json {
        // The summary, the only line; the memo's own figures when it counted.
        let mut record = count_summary(&counted, seconds);
        record.insert("cleansings".into(), json_count(stats.cleansings));
        let record = serde_json::Value::Object(record);
        writeln!(out, "{record}")?;
    } else if !counted.interrupted {
        writeln!(out, "{}", counted.solutions)?;
    }
    out.flush()?;
    if counted.interrupted {
        say!(
            "quadrille: interrupted after {seconds:.1} s: {} solutions so far (partial), {} nodes, {} updates",
            counted.solutions,
            stats.nodes,
            stats.updates
        );
        return Ok(Outcome::Interrupted);
    }
    if args.stats && !crate::quiet() {
        match (&counted.memo, counted.engine) {
            (Some(memo), _) => {
                crate::memo::print_stats(memo, &counted.solutions.to_string(), seconds, problem.has_colors())
            }
            (None, CountEngine::Sweep) => print_sweep_stats(&stats, seconds),
            (None, _) => print_stats(&stats, seconds, problem.has_colors()),
        }
    }
    Ok(if counted.solutions == quadrille_dlx::memo::BigUint::ZERO { Outcome::NotFound } else { Outcome::Found })
}

/// `quadrille solve --best K`: the K cheapest solutions, each with its cost,
/// then the costs (or JSON Lines: one object per solution, then the summary).
fn best(args: &Args, problem: &Problem, k: usize) -> anyhow::Result<Outcome> {
    let mut out = crate::stdout();
    let start = Instant::now();
    let threads = Threads::resolve(args.threads).unwrap_or(0);
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let engine = match args.engine {
        Some(EngineChoice::Library(engine)) => engine,
        _ => Engine::Auto,
    };
    let best = MinCost::new(problem).engine(engine).threads(threads).monitor(Some(progress::monitor())).best(k)?;
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    let summary = args.json.then(|| {
        let record = serde_json::json!({
            "solutions": json_count(best.stats.solutions),
            "nodes": json_count(best.stats.nodes),
            "updates": json_count(best.stats.updates),
            "cleansings": json_count(best.stats.cleansings),
            "seconds": seconds,
        });
        record.as_object().cloned().unwrap_or_default()
    });
    write_best(&mut out, problem, best.solutions.iter().map(|s| (s.cost, s.options.as_slice())), summary)?;
    out.flush()?;
    if best.interrupted && progress::interrupted() {
        say!(
            "quadrille: interrupted after {seconds:.1} s: the best of {} solutions met so far (partial), {} nodes, {} updates",
            best.stats.solutions,
            best.stats.nodes,
            best.stats.updates
        );
        return Ok(Outcome::Interrupted);
    }
    if args.stats && !crate::quiet() {
        print_stats(&best.stats, seconds, problem.has_colors());
    }
    Ok(Outcome::of_count(best.solutions.len() as u64))
}
