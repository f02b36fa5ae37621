//! `quadrille pack`: polyominoes and polycubes packed into a box, from Knuth's
//! description language or a built-in set.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::{Context, bail};
use clap::ValueEnum;
use quadrille_dlx::front::CountEngine;
use quadrille_dlx::{Config, OptionId, Parallel, Solver, Stats};
use quadrille_pack::{Dims, Packing, Settings, Spec, builtin, render};

use crate::Outcome;
use crate::common::{ListingFlags, Threads, json_count, parse_bytes, say, threads_parser};
use crate::count::{count_summary, run_count};
use crate::progress::{self, Progress};
use crate::shard::{self, Shard};

/// The most packings one SVG picture holds.
const MAX_SVG_PACKINGS: usize = 200;

/// Arguments of `quadrille pack`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    quadrille pack --pieces pentominoes --box 6x10 --unique --count\n  \
    quadrille pack --pieces pentominoes --box 3x20 --unique\n  \
    quadrille pack --pieces soma --unique --first\n  \
    quadrille pack --pieces pentominoes --box 6x10 --first --format svg > packing.svg\n  \
    quadrille pack scott.txt --unique --json\n  \
    quadrille pack --pieces tetrominoes --box 4x5 --count\n  \
    quadrille pack --pieces pentominoes --emit-dlx | quadrille solve --count\n  \
    quadrille pack --pieces dominoes --box 12x12 --count\n  \
    quadrille pack --pieces dominoes --box aztec:30 --sample 1 --seed 7 --format svg > aztec.svg\n\n\
    A description (Knuth's polyomino-dlx and polycube-dlx input): `|` lines are\n\
    comments; the first other line lists the cells of the box, as coordinates in\n\
    the digits 0-9a-zA-Z, with brackets for sets and ranges (`[0-5][0-9]` is a 6x10\n\
    box, `[0-2][0-2][0-2]` a cube); each further line is a piece's name and its\n\
    cells (`X 01 10 11 12 21`), `2|L` for a piece used twice, `*|D` for a piece\n\
    used any number of times (a tiling, counted by the memo engine). A suffix\n\
    after a cell (`12!`) makes a secondary item.")]
#[command(mut_arg("count", |arg| arg.help("Print only the number of packings")))]
#[command(mut_arg("first", |arg| arg.help("Stop at the first packing")))]
#[command(mut_arg("limit", |arg| arg.help("Stop after K packings (K at least 1)")))]
pub struct Args {
    /// The description (`-` or nothing: standard input), unless --pieces.
    #[arg(conflicts_with = "pieces")]
    pub spec: Option<PathBuf>,
    /// A built-in set: pentominoes, tetrominoes, soma, solid-pentominoes,
    /// pentacubes, or (any number of each piece, for tilings) dominoes,
    /// trominoes.
    #[arg(long, value_name = "SET")]
    pub pieces: Option<String>,
    /// The box for --pieces, as AxB or AxBxC, or aztec:N for the Aztec diamond
    /// of order N (1 to 31) [default: the set's usual box]; a description
    /// gives its own box.
    #[arg(long = "box", value_name = "SIDES", requires = "pieces", conflicts_with = "spec")]
    pub box_sides: Option<String>,
    /// Two or three coordinates per cell [default: three when every cell of the
    /// box line has three and no suffix].
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u8).range(2..=3))]
    pub dims: Option<u8>,
    /// Whether pieces may be turned over [default: yes in 2-D, no in 3-D, as in
    /// Knuth's programs].
    #[arg(long, value_enum)]
    pub reflections: Option<YesNo>,
    /// Only packings distinct up to the rotations and reflections of the box.
    #[arg(long)]
    pub unique: bool,
    #[command(flatten)]
    pub listing: ListingFlags,
    /// JSON: one object per packing (its pieces, their cells, the grid), or with
    /// --count one object with the counts.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// How to draw packings.
    #[arg(long, value_enum, conflicts_with = "count")]
    pub format: Option<Format>,
    /// Threads: counting uses all cores unless told otherwise; listing uses
    /// several only when told, and then prints packings in no particular order.
    #[arg(long, value_name = "N", value_parser = threads_parser())]
    pub threads: Option<Threads>,
    /// Count only slice I of K (from 0) and print a JSON record for `quadrille merge`;
    /// exits 0 once the slice is counted, whatever it found.
    #[arg(long, value_name = "I/K", requires = "count", conflicts_with_all = ["first", "limit"])]
    pub shard: Option<Shard>,
    /// Print nodes, updates, solutions and time on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Draw K tilings uniformly at random (each equally likely), the same ones
    /// for the same seed: for descriptions with a piece of unlimited supply
    /// (`*|name`) and no piece used a fixed number of times more than once.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..), conflicts_with_all = ["count", "first", "limit", "unique", "shard", "threads"])]
    pub sample: Option<u64>,
    /// The seed of --sample [default: 0].
    #[arg(long, value_name = "S", requires = "sample")]
    pub seed: Option<u64>,
    /// The most bytes the memo engine may hold when it counts or samples
    /// tilings: its cache (at most half), its diagram and its search
    /// (suffixes K, M, G, T: powers of 1024) [default: 1G]. Past it, an error
    /// naming the limit (exit 2).
    #[arg(long, value_name = "BYTES", value_parser = parse_bytes)]
    pub memo_limit: Option<usize>,
    /// Print the exact-cover problem in Knuth's format (as his polyomino-dlx or
    /// polycube-dlx writes it) and stop.
    #[arg(long, conflicts_with_all = ["count", "first", "limit", "json", "format", "unique", "shard", "stats", "sample"])]
    pub emit_dlx: bool,
}

/// Yes or no.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum YesNo {
    /// Allowed.
    Yes,
    /// Not allowed.
    No,
}

/// How to draw packings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Letters, x down and y across; in 3-D one grid per layer, side by side.
    Grid,
    /// One SVG picture, each piece a coloured polygon with its name.
    Svg,
}

/// Reads the description: a built-in set, a file or standard input.
fn read_spec(args: &Args) -> anyhow::Result<(String, Spec)> {
    let (name, text, dims) = match &args.pieces {
        Some(set) => {
            let text = builtin::description(set, args.box_sides.as_deref())?;
            let dims = builtin::set(set).map(|s| s.dims);
            (format!("--pieces {set}"), text, dims)
        }
        None => {
            let (name, text) = crate::input::open(args.spec.as_deref(), 1 << 16)?.read_to_string()?;
            (name, text, None)
        }
    };
    let dims = match args.dims {
        Some(2) => Some(Dims::Two),
        Some(_) => Some(Dims::Three),
        None => dims,
    };
    let settings = Settings::new().dims(dims).reflections(args.reflections.map(|r| r == YesNo::Yes));
    let spec =
        Spec::parse_with(&text, settings).map_err(|e| anyhow::anyhow!("{name}:{}:{}: {}", e.line, e.column, e.kind))?;
    Ok((name, spec))
}

/// Warns when the pieces cannot fill the box for want or excess of cells.
fn check_sizes(spec: &Spec) {
    let count = spec.cell_count();
    if count.can_fill() || crate::quiet() {
        return;
    }
    let pieces = if count.fewest == count.most {
        count.fewest.to_string()
    } else if count.most == u64::MAX {
        format!("at least {}", count.fewest)
    } else {
        format!("{} to {}", count.fewest, count.most)
    };
    say!("quadrille: warning: the pieces have {pieces} cells and the box {}: no packing can fill it", count.box_cells);
}

/// Runs `quadrille pack`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    // Clap waives `--seed`'s need of `--sample` when a flag that excludes
    // --sample is given (--count): checked here instead.
    if args.seed.is_some() && args.sample.is_none() {
        bail!("--seed is the seed of --sample: add --sample K, or drop --seed");
    }
    let (name, spec) = read_spec(&args)?;
    if args.emit_dlx {
        let mut out = crate::stdout();
        spec.write_knuth(&mut out)?;
        out.flush()?;
        return Ok(Outcome::Found);
    }
    check_sizes(&spec);
    let packing = if args.unique { Packing::up_to_symmetry(&spec) } else { Packing::new(&spec) };
    let packing = packing.with_context(|| format!("{name}: cannot build the problem"))?;
    if let Some(k) = args.sample {
        return sample(&args, &packing, k);
    }
    // Every packing counted (or up to a limit): the library's front chooses
    // the engine, runs it and falls back by itself.
    if let (true, None, Some(front)) = (args.listing.count, args.shard, packing.count()) {
        return count_by_front(&args, &packing, front);
    }
    if args.memo_limit.is_some() {
        bail!(
            "--memo-limit is for counting or sampling tilings (pieces `*|name`, without --unique, --shard or --limit)"
        );
    }
    if args.listing.count { count(&args, &packing) } else { list(&args, &packing) }
}

/// The diagram of every tiling, by the memo engine; `None` after Ctrl-C.
fn tilings(args: &Args, packing: &Packing) -> anyhow::Result<Option<quadrille_dlx::memo::Zdd>> {
    use quadrille_dlx::memo::{DEFAULT_LIMIT, MemoError};
    let progress = Progress::start(crate::quiet(), "nodes", None);
    let built =
        packing.memo().with_limit(args.memo_limit.unwrap_or(DEFAULT_LIMIT)).monitor(Some(progress::monitor())).build();
    drop(progress);
    match built {
        Ok(zdd) => Ok(Some(zdd)),
        Err(MemoError::Interrupted) => Ok(None),
        Err(e) => Err(crate::memo::error(e)),
    }
}

/// `--count` of every packing (at most `--limit`): the library's front
/// counts, exactly; after Ctrl-C the count so far, marked partial.
fn count_by_front(args: &Args, packing: &Packing, front: quadrille_dlx::front::Count<'_>) -> anyhow::Result<Outcome> {
    let (counted, seconds) = run_count(front, args.threads, args.listing.most(), args.memo_limit)?;
    let count = &counted.solutions;
    let stats = counted.stats;
    let mut out = crate::stdout();
    if args.json {
        let mut record = count_summary(&counted, seconds);
        record.insert("packings".into(), json_count(count.clone()));
        record.insert("unique".into(), args.unique.into());
        record.insert("symmetries".into(), packing.n_symmetries().into());
        let record = serde_json::Value::Object(record);
        writeln!(out, "{record}")?;
    } else if !counted.interrupted {
        writeln!(out, "{count}")?;
    }
    out.flush()?;
    if counted.interrupted {
        say!("quadrille: interrupted after {seconds:.1} s: {count} packings so far (partial)");
        return Ok(Outcome::Interrupted);
    }
    if args.stats && !crate::quiet() {
        match &counted.memo {
            Some(memo) => {
                say!("packings: {count}");
                crate::memo::print_stats(memo, &count.to_string(), seconds, false);
            }
            None => print_stats(packing, &stats, stats.solutions, seconds, counted.engine == CountEngine::Sweep),
        }
    }
    Ok(if *count == quadrille_dlx::memo::BigUint::ZERO { Outcome::NotFound } else { Outcome::Found })
}

/// `--sample K`: tilings drawn uniformly at random from the memo engine's
/// diagram, or for dominoes in an Aztec diamond by domino shuffling.
fn sample(args: &Args, packing: &Packing, k: u64) -> anyhow::Result<Outcome> {
    if !packing.counts_by_memo() {
        bail!(
            "--sample draws random tilings: it needs a piece of unlimited supply (`*|name`, or --pieces dominoes or trominoes) and no piece used several times"
        );
    }
    if args.format == Some(Format::Svg) && k > MAX_SVG_PACKINGS as u64 {
        bail!("an SVG picture holds at most {MAX_SVG_PACKINGS} packings; ask for fewer samples");
    }
    let start = Instant::now();
    let seed = args.seed.unwrap_or(crate::memo::DEFAULT_SEED);
    let mut printer = Printer {
        packing,
        json: args.json,
        format: args.format.unwrap_or(Format::Grid),
        out: crate::stdout(),
        printed: 0,
        kept: Vec::new(),
    };
    let k = usize::try_from(k).unwrap_or(usize::MAX);
    // Dominoes in an Aztec diamond: domino shuffling, which needs no diagram.
    if let Some(samples) = packing.aztec_samples(seed) {
        for solution in samples.take(k) {
            printer.packing(&solution)?;
        }
        printer.end()?;
        if args.stats && !crate::quiet() {
            say!("drawn by domino shuffling");
            say!("seconds: {:.3}", start.elapsed().as_secs_f64());
        }
        return Ok(Outcome::of_count(printer.printed));
    }
    let Some(zdd) = tilings(args, packing)? else {
        say!(
            "quadrille: interrupted after {:.1} s: the memo search stopped before its end",
            start.elapsed().as_secs_f64()
        );
        return Ok(Outcome::Interrupted);
    };
    for solution in zdd.samples(seed).take(k) {
        printer.packing(&solution)?;
    }
    printer.end()?;
    let seconds = start.elapsed().as_secs_f64();
    if args.stats && !crate::quiet() {
        crate::memo::print_stats(zdd.stats(), &zdd.count().to_string(), seconds, false);
    }
    Ok(Outcome::of_count(printer.printed))
}

/// `--count`.
fn count(args: &Args, packing: &Packing) -> anyhow::Result<Outcome> {
    let limit = args.listing.most();
    let threads = Threads::resolve(args.threads);
    let problem = packing.problem();
    let start = Instant::now();
    // One of each class, all of them: Burnside's lemma, each count by the front.
    let mut by_front = Stats::default();
    let classes = match (limit, args.shard) {
        (None, None) => packing.count_classes(|front| {
            let (counted, _) = run_count(front, args.threads, None, args.memo_limit)?;
            by_front.add(&counted.stats);
            anyhow::Ok(counted)
        })?,
        _ => None,
    };
    let monitor = progress::monitor();
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let kept = AtomicU64::new(classes.as_ref().map_or(0, |c| u64::try_from(c).unwrap_or(u64::MAX)));
    let stats = if classes.is_some() {
        by_front
    } else if limit.is_none() && (threads != Some(1) || args.shard.is_some()) {
        let parallel =
            Parallel::new(problem).threads(threads.unwrap_or(0)).config(Config::new().monitor(Some(monitor.clone())));
        let parallel = match args.shard {
            Some(s) => parallel.shard(s.index, s.of)?,
            None => parallel,
        };
        parallel.visit(|solution| {
            if packing.keeps(solution) {
                kept.fetch_add(1, Ordering::Relaxed);
            }
            ControlFlow::Continue(())
        })?
    } else {
        let mut solver = Solver::with_config(problem, Config::new().monitor(Some(monitor.clone())));
        let limit = limit.unwrap_or(u64::MAX);
        solver.visit(|solution| {
            if packing.keeps(solution) && kept.fetch_add(1, Ordering::Relaxed) + 1 >= limit {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        solver.stats()
    };
    let kept = kept.into_inner();
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    if progress::interrupted() {
        say!("quadrille: interrupted after {seconds:.1} s: {kept} packings so far (partial)");
        return Ok(Outcome::Interrupted);
    }
    let mut out = crate::stdout();
    if let Some(shard) = args.shard {
        let kind = if args.unique { "unique" } else { "all" };
        let id = format!("pack:{kind}:{:016x}", problem.fingerprint());
        writeln!(
            out,
            "{}",
            shard::record(shard, &id, &stats, seconds, shard::Extra { packings: Some(kept), ..Default::default() })
        )?;
        out.flush()?;
        // A shard that ran succeeded, whatever it found: its record says it.
        return Ok(Outcome::Found);
    } else if args.json {
        let record = serde_json::json!({
            "packings": json_count(kept),
            "unique": args.unique,
            "symmetries": packing.n_symmetries(),
            "solutions": json_count(stats.solutions),
            "nodes": json_count(stats.nodes),
            "updates": json_count(stats.updates),
            "seconds": seconds,
        });
        writeln!(out, "{record}")?;
    } else {
        writeln!(out, "{kept}")?;
    }
    out.flush()?;
    if args.stats && !crate::quiet() {
        print_stats(packing, &stats, kept, seconds, false);
    }
    Ok(Outcome::of_count(kept))
}

fn print_stats(packing: &Packing, stats: &Stats, kept: u64, seconds: f64, swept: bool) {
    say!("packings: {kept}");
    if let Some(piece) = packing.restricted_piece() {
        say!("symmetries: {} (piece {piece} restricted)", packing.n_symmetries());
    }
    if swept {
        crate::common::print_sweep_stats(stats, seconds);
    } else {
        crate::common::print_stats(stats, seconds, false);
    }
}

/// Writes packings in one format.
struct Printer<'p, W: Write> {
    packing: &'p Packing,
    json: bool,
    format: Format,
    out: W,
    printed: u64,
    kept: Vec<Vec<OptionId>>,
}

impl<W: Write> Printer<'_, W> {
    fn packing(&mut self, solution: &[OptionId]) -> anyhow::Result<()> {
        self.printed += 1;
        if self.json {
            let pieces: Vec<serde_json::Value> = self
                .packing
                .pieces_of(solution)
                .into_iter()
                .map(|(name, cells)| serde_json::json!({"name": name, "cells": cells}))
                .collect();
            let grid = render::grid(self.packing, solution);
            let rows: Vec<&str> = grid.lines().collect();
            let record = serde_json::json!({"packing": self.printed, "pieces": pieces, "grid": rows});
            writeln!(self.out, "{record}")?;
            return Ok(());
        }
        match self.format {
            Format::Grid => {
                let mut text = String::new();
                if self.printed > 1 {
                    text.push('\n');
                }
                text.push_str(&render::grid(self.packing, solution));
                self.out.write_all(text.as_bytes())?;
            }
            Format::Svg => {
                if self.kept.len() >= MAX_SVG_PACKINGS {
                    bail!("an SVG picture holds at most {MAX_SVG_PACKINGS} packings; use --limit or --first");
                }
                self.kept.push(solution.to_vec());
            }
        }
        Ok(())
    }

    fn end(&mut self) -> anyhow::Result<()> {
        if !self.json && self.format == Format::Svg {
            let picture = render::svg(self.packing, &self.kept);
            self.out.write_all(picture.as_bytes())?;
        }
        self.out.flush()?;
        Ok(())
    }
}

/// Listing packings (the default, `--first`, `--limit`, `--json`, `--format`).
fn list(args: &Args, packing: &Packing) -> anyhow::Result<Outcome> {
    let limit = args.listing.most().unwrap_or(u64::MAX);
    let threads = Threads::resolve(args.threads);
    let problem = packing.problem();
    let monitor = progress::monitor();
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let start = Instant::now();
    let printer = Mutex::new(Printer {
        packing,
        json: args.json,
        format: args.format.unwrap_or(Format::Grid),
        out: crate::stdout(),
        printed: 0,
        kept: Vec::new(),
    });
    let failure = Mutex::new(None::<anyhow::Error>);
    let visitor = |solution: &[OptionId]| {
        if !packing.keeps(solution) {
            return ControlFlow::Continue(());
        }
        let mut printer = printer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if printer.printed >= limit {
            return ControlFlow::Break(());
        }
        if let Err(e) = printer.packing(solution) {
            *failure.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(e);
            return ControlFlow::Break(());
        }
        if printer.printed >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    };
    let stats = if threads.is_some_and(|t| t > 1) && limit == u64::MAX {
        Parallel::new(problem)
            .threads(threads.unwrap_or(0))
            .config(Config::new().monitor(Some(monitor.clone())))
            .visit(visitor)?
    } else {
        let mut solver = Solver::with_config(problem, Config::new().monitor(Some(monitor.clone())));
        solver.visit(visitor);
        solver.stats()
    };
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    if let Some(e) = failure.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner()) {
        return Err(e);
    }
    let mut printer = printer.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    printer.end()?;
    let printed = printer.printed;
    if progress::interrupted() {
        say!("quadrille: interrupted after {printed} packings");
        return Ok(Outcome::Interrupted);
    }
    if args.stats && !crate::quiet() {
        print_stats(packing, &stats, printed, seconds, false);
    }
    Ok(Outcome::of_count(printed))
}
