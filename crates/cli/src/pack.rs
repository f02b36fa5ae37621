//! `quadrille pack`: polyominoes and polycubes packed into a box, from Knuth's
//! description language or a built-in set.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::ValueEnum;
use quadrille_dlx::front::{EngineStats, Report, SearchError};
use quadrille_pack::{Dims, Packing, Settings, Spec, builtin};

use crate::Outcome;
use crate::common::{ListingFlags, Threads, parse_bytes, say, threads_parser};
use crate::count::{self as front, run_count};
use crate::packings::{Format, MAX_SVG_PACKINGS, Printer};
use crate::progress::Progress;
use crate::shard::Shard;
use crate::tally;

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
    /// naming the limit (exit 2). The sweep's caches grow within it too
    /// (all threads together), its counts exact whatever their memory.
    // `--memo-limit`, its former name, is still taken (deprecated).
    #[arg(long, alias = "memo-limit", value_name = "BYTES", value_parser = parse_bytes)]
    pub memo_bytes: Option<usize>,
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

impl Args {
    /// The flags a count reads.
    fn flags(&self) -> tally::Flags {
        tally::Flags {
            json: self.json,
            stats: self.stats,
            unique: self.unique,
            threads: self.threads,
            most: self.listing.most(),
            memo_bytes: self.memo_bytes,
            shard: self.shard,
        }
    }
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
    // Every packing counted: from one placement of each class of a piece
    // used once, each class's count times its size, each count by the front.
    if args.listing.count && !args.unique && args.shard.is_none() && args.listing.most().is_none() {
        if let Some(outcome) = count_by_classes(&args, &name, &spec)? {
            return Ok(outcome);
        }
    }
    let packing = if args.unique { Packing::up_to_symmetry(&spec) } else { Packing::new(&spec) };
    let packing = packing.with_context(|| format!("{name}: cannot build the problem"))?;
    if let Some(k) = args.sample {
        return sample(&args, &packing, k);
    }
    // Every packing counted (or up to a limit): the library's front chooses
    // the engine, runs it and falls back by itself.
    if let (true, None, Some(front)) = (args.listing.count, args.shard, packing.count()) {
        return tally::count_by_front(&args.flags(), &packing, front);
    }
    // One of each class, all of them: Burnside's lemma, each count by the front.
    if args.listing.count && args.shard.is_none() && args.listing.most().is_none() {
        let start = Instant::now();
        let mut first = None;
        let classes = packing.count_classes(|search| {
            let (counted, _) = run_count(search, args.threads, None, args.memo_bytes)?;
            first.get_or_insert_with(|| counted.clone());
            anyhow::Ok(counted)
        })?;
        if let (Some(classes), Some(first)) = (classes, first) {
            return tally::count_classes(&args.flags(), &packing, &classes, &first, start.elapsed().as_secs_f64());
        }
    }
    if args.memo_bytes.is_some() {
        bail!(
            "--memo-bytes is for counting or sampling tilings (pieces `*|name`, without --unique, --shard or --limit)"
        );
    }
    if args.listing.count { tally::count(&args.flags(), &packing) } else { list(&args, &packing) }
}

/// The most cells of a box whose packings `--count` counts from one
/// placement of each class of a piece ([`Packing::count_all`]): the
/// reduction maps every cell under each symmetry (up to 47 maps), so a larger
/// box, whose packings no search would finish counting anyway, is counted
/// whole, as before, its memory that of its placements alone.
const COUNT_ALL_MOST_CELLS: usize = 4096;

/// `--count` of every packing from one placement of each class of a piece
/// used once ([`Packing::count_all`]): `None` when the description has no
/// such piece, is a tiling, cannot fill its box, or has more than
/// [`COUNT_ALL_MOST_CELLS`] cells (counted whole then).
fn count_by_classes(args: &Args, name: &str, spec: &Spec) -> anyhow::Result<Option<Outcome>> {
    let tiling = spec.pieces().iter().any(|p| p.is_unlimited());
    if tiling || !spec.cell_count().can_fill() || spec.cells().len() > COUNT_ALL_MOST_CELLS {
        return Ok(None);
    }
    let reduced = Packing::up_to_symmetry(spec).with_context(|| format!("{name}: cannot build the problem"))?;
    if reduced.restricted_piece().is_none() {
        return Ok(None);
    }
    let start = Instant::now();
    let mut counts = Vec::new();
    let all = reduced.count_all(|search| {
        let (counted, _) = run_count(search, args.threads, None, args.memo_bytes)?;
        counts.push(counted.clone());
        anyhow::Ok(counted)
    })?;
    let Some(all) = all else { return Ok(None) };
    let outcome = tally::count_all(&args.flags(), &reduced, &all, &counts, start.elapsed().as_secs_f64()).map(Some);
    // The process ends after the count, and its memory goes back with it:
    // freeing each placement's cells one by one would only cost time.
    std::mem::forget(reduced);
    outcome
}

/// The diagram of every tiling, by the memo engine; `None` after Ctrl-C.
fn tilings(args: &Args, packing: &Packing) -> anyhow::Result<Option<quadrille_dlx::memo::Zdd>> {
    let progress = Progress::start(crate::quiet(), "nodes", None);
    let built = front::front(packing.search(), None, args.memo_bytes).zdd();
    drop(progress);
    match built {
        Ok(zdd) => Ok(Some(zdd)),
        Err(SearchError::Memo(quadrille_dlx::memo::MemoError::Interrupted)) => Ok(None),
        Err(e) => Err(front::error(e)),
    }
}

/// `--sample K`: tilings drawn uniformly at random from the memo engine's
/// diagram, or for dominoes in an Aztec diamond by domino shuffling.
fn sample(args: &Args, packing: &Packing, k: u64) -> anyhow::Result<Outcome> {
    if !packing.is_plain_tiling() {
        bail!(
            "--sample draws random tilings: it needs a piece of unlimited supply (`*|name`, or --pieces dominoes or trominoes) and no piece used several times"
        );
    }
    if args.format == Some(Format::Svg) && k > MAX_SVG_PACKINGS as u64 {
        bail!("an SVG picture holds at most {MAX_SVG_PACKINGS} packings; ask for fewer samples");
    }
    let start = Instant::now();
    let seed = args.seed.unwrap_or(crate::memo::DEFAULT_SEED);
    let mut printer = Printer::new(packing, args.json, args.format.unwrap_or(Format::Grid));
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
        let count = zdd.count().to_string();
        tally::print_stats(
            packing,
            &Report::new(quadrille_dlx::Engine::Memo, EngineStats::Memo(*zdd.stats())),
            &count,
            &count,
            seconds,
        );
    }
    Ok(Outcome::of_count(printer.printed))
}

/// Listing packings (the default, `--first`, `--limit`, `--json`, `--format`).
fn list(args: &Args, packing: &Packing) -> anyhow::Result<Outcome> {
    let limit = args.listing.most().unwrap_or(u64::MAX);
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let start = Instant::now();
    let mut printer = Printer::new(packing, args.json, args.format.unwrap_or(Format::Grid));
    let mut failure = None::<anyhow::Error>;
    // Several threads only when asked and without a limit (the packings kept
    // are then in no particular order).
    let threads = if args.listing.most().is_none() { args.threads } else { None };
    let report = front::front(packing.search(), threads, None)
        .visit(|solution| {
            if !packing.keeps(solution) {
                return ControlFlow::Continue(());
            }
            if printer.printed >= limit {
                return ControlFlow::Break(());
            }
            if let Err(e) = printer.packing(solution) {
                failure = Some(e);
                return ControlFlow::Break(());
            }
            if printer.printed >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        })
        .map_err(front::error)?;
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    if let Some(e) = failure {
        return Err(e);
    }
    printer.end()?;
    let printed = printer.printed;
    if report.interrupted {
        say!("quadrille: interrupted after {printed} packings");
        return Ok(Outcome::Interrupted);
    }
    if args.stats && !crate::quiet() {
        let solutions = match report.stats {
            EngineStats::Search(stats) => stats.solutions.to_string(),
            _ => printed.to_string(),
        };
        tally::print_stats(packing, &report, &printed.to_string(), &solutions, seconds);
    }
    Ok(Outcome::of_count(printed))
}
