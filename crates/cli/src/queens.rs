//! `quadrille queens`: the arguments, and printing what `quadrille_queens::solve`
//! lists and counts; `--verify` checks placements from a file.

use std::io::{BufRead, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::ValueEnum;
use quadrille_dlx::Stats;
use quadrille_queens::construct;
use quadrille_queens::model::{CoverModel, Order};
use quadrille_queens::render::{self, Listing};
use quadrille_queens::solve::{self, Event};

use crate::Outcome;
use crate::common::{ListingFlags, Threads, counting_engine_parser, json_count, say, threads_parser};
use crate::progress::{self, Progress};
use crate::shard::{self, Shard};

/// How many attacking pairs `--verify` lists for one placement (it counts them all).
const MAX_ATTACKS_SHOWN: usize = 10;

/// Arguments of `quadrille queens`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    quadrille queens 8                          all 92 solutions, as boards\n  \
    quadrille queens 8 --unique --format columns\n  \
    quadrille queens 16 --count --json          total and unique counts, timed\n  \
    quadrille queens 14 --count --algorithm dlx --stats\n  \
    quadrille queens 4 --algorithm backtrack --trace --first\n  \
    quadrille queens 8 --trace --format html > trace.html\n  \
    quadrille queens 4 --format leetcode\n  \
    quadrille queens 8 --first --format svg > queens.svg\n  \
    quadrille queens 1000000 --first --format columns | quadrille queens --verify -\n  \
    quadrille queens 8 --emit-dlx | quadrille solve --count")]
#[command(mut_arg("count", |arg| arg.help("Print the number of solutions (with --unique: of unique solutions)")))]
#[command(mut_arg("first", |arg| arg
    .help("Print one solution (for large N, by formula, unless --algorithm says otherwise)")
    .conflicts_with("count")))]
pub struct Args {
    /// The board size: N queens on an N×N board.
    #[arg(value_name = "N", allow_negative_numbers = true, required_unless_present = "verify")]
    pub n: Option<String>,
    #[command(flatten)]
    pub listing: ListingFlags,
    /// Only unique solutions: one of each class under rotations and reflections
    /// (the lexicographically smallest of each).
    #[arg(long)]
    pub unique: bool,
    /// How to solve [default: the fastest for the job: bitboard, or construct
    /// for --first with N > 30].
    #[arg(long, value_enum)]
    pub algorithm: Option<Algorithm>,
    /// The order of rows and columns in Knuth's cover model (--algorithm dlx and
    /// --emit-dlx) [default: organ-pipe].
    #[arg(long, value_enum)]
    pub order: Option<OrderArg>,
    /// Threads for counting [default: all cores].
    #[arg(long, value_name = "THREADS", value_parser = threads_parser())]
    pub threads: Option<Threads>,
    /// How to print solutions.
    #[arg(long, value_enum, default_value_t = Format::Board)]
    pub format: Format,
    /// Print every step of the backtracking search (`[row][col] = true`, `false`,
    /// and each step back).
    #[arg(long, conflicts_with_all = ["count", "json"])]
    pub trace: bool,
    /// Print Knuth's exact-cover input for N (as his queens-dlx writes it) and stop.
    #[arg(long, conflicts_with_all = ["count", "json", "first", "limit", "unique", "trace", "algorithm"])]
    pub emit_dlx: bool,
    /// Print the count as one JSON object: n, solutions, unique, seconds
    /// (implies --count).
    #[arg(long, conflicts_with = "first")]
    pub json: bool,
    /// Check placements, one per line in the columns format (`2 4 1 3`), from
    /// FILE or standard input (`-`), and say which queens attack each other.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "json", "first", "limit", "unique", "trace", "emit_dlx", "algorithm"])]
    pub verify: Option<PathBuf>,
    /// Print statistics on stderr: nodes (the rows entered by backtrack and
    /// bitboard, which walk the same tree; DLX1's nodes and updates with
    /// --algorithm dlx).
    #[arg(long)]
    pub stats: bool,
    /// With --count: count only slice I of K (from 0), with the bitboard
    /// counter or --algorithm dlx, and print a JSON record for `quadrille merge`;
    /// exits 0 once the slice is counted, whatever it found.
    #[arg(long, value_name = "I/K", requires = "count", conflicts_with_all = ["limit", "unique", "json"])]
    pub shard: Option<Shard>,
    /// The engine of --algorithm dlx: dancing links (DLX1's statistics),
    /// dancing cells (SSXCC's), dense bitsets (DLX1's nodes), or whichever
    /// suits the problem.
    #[arg(long, value_name = "ENGINE", default_value = "auto", value_parser = counting_engine_parser())]
    pub engine: quadrille_dlx::Engine,
}

/// How to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// Dancing Links on Knuth's cover model.
    Dlx,
    /// The reference row-by-row search with boolean arrays.
    Backtrack,
    /// The search on bit masks; counting uses the symmetries and all cores.
    Bitboard,
    /// One solution by formula, for any N.
    Construct,
}

/// The order of rows and columns in the cover model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OrderArg {
    /// Middle first, then outwards (Knuth's default).
    OrganPipe,
    /// From the first row and column to the last.
    Natural,
}

impl From<Algorithm> for solve::Algorithm {
    fn from(algorithm: Algorithm) -> solve::Algorithm {
        match algorithm {
            Algorithm::Dlx => solve::Algorithm::Dlx,
            Algorithm::Backtrack => solve::Algorithm::Backtrack,
            Algorithm::Bitboard => solve::Algorithm::Bitboard,
            Algorithm::Construct => solve::Algorithm::Construct,
        }
    }
}

impl From<OrderArg> for Order {
    fn from(order: OrderArg) -> Order {
        match order {
            OrderArg::OrganPipe => Order::OrganPipe,
            OrderArg::Natural => Order::Natural,
        }
    }
}

/// How to print solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `Q` and `.`, a blank line between boards.
    Board,
    /// `Q` and `#`, a blank line between boards.
    Hash,
    /// `1` and `0` separated by spaces, a blank line between boards.
    Binary,
    /// LeetCode 51's answer: `[[".Q..","...Q","Q...","..Q."],…]`.
    Leetcode,
    /// One line per solution: the column (from 1) of the queen in each row.
    Columns,
    /// A JSON array with one array of columns (from 1) per solution.
    Json,
    /// One SVG picture with every board.
    Svg,
    /// With --trace: one HTML page that replays the search step by step.
    Html,
}

impl Format {
    /// The library's format for listing boards; the HTML page is not a listing
    /// (it is written by `crate::replay`).
    fn listing(self) -> anyhow::Result<render::Format> {
        Ok(match self {
            Format::Board => render::Format::Board,
            Format::Hash => render::Format::Hash,
            Format::Binary => render::Format::Binary,
            Format::Leetcode => render::Format::Leetcode,
            Format::Columns => render::Format::Columns,
            Format::Json => render::Format::Json,
            Format::Svg => render::Format::Svg,
            Format::Html => bail!("--format html needs --trace: the page replays the search"),
        })
    }
}

/// Parses the board size, naming the culprit.
fn parse_n(text: &str) -> anyhow::Result<usize> {
    match text.trim().parse::<usize>() {
        Ok(n) => Ok(n),
        Err(_) if text.trim().parse::<i128>().is_ok_and(|n| n < 0) => {
            bail!("bad board size `{text}`: it cannot be negative")
        }
        Err(_) if !text.trim().is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit()) => {
            bail!("bad board size `{text}`: too large")
        }
        Err(_) => bail!("bad board size `{text}`: expected a whole number"),
    }
}

/// Runs `quadrille queens`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    if let Some(path) = &args.verify {
        let expected_n = args.n.as_deref().map(parse_n).transpose()?;
        return verify(path, expected_n);
    }
    let n = parse_n(args.n.as_deref().unwrap_or_default())?;
    if args.emit_dlx {
        let order = Order::from(args.order.unwrap_or(OrderArg::OrganPipe));
        let text = CoverModel::knuth_text(n, order)?;
        let mut out = crate::stdout();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        return Ok(Outcome::Found);
    }
    let limit = args.listing.most();
    // Dancing links when asked for, or implied by --order.
    let traced = args.algorithm.or(args.order.map(|_| Algorithm::Dlx));
    if args.format == Format::Html || (args.trace && traced == Some(Algorithm::Dlx)) {
        let order = Order::from(args.order.unwrap_or(OrderArg::OrganPipe));
        let traced = traced.map(solve::Algorithm::from);
        return crate::replay::queens(n, traced, order, args.trace, args.format == Format::Html, limit);
    }
    let counting = args.listing.count || args.json;
    let config = solve::Config::new()
        .algorithm(args.algorithm.map(Into::into))
        .order(args.order.map(Into::into))
        .unique(args.unique || (counting && args.json))
        .first(args.listing.first)
        .limit(args.listing.limit)
        .trace(args.trace)
        .threads(Threads::resolve(args.threads))
        .shard(args.shard.map(|s| (s.index, s.of)))
        .monitor(Some(progress::monitor()))
        .engine(args.engine);
    if counting { count(&args, n, &config) } else { list(&args, n, &config) }
}

/// `--count` and `--json`.
fn count(args: &Args, n: usize, config: &solve::Config) -> anyhow::Result<Outcome> {
    let start = Instant::now();
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let count = solve::count(n, config)?;
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    let total = count.total;
    if progress::interrupted() {
        say!("quadrille: interrupted after {seconds:.1} s: {total} solutions so far (partial)");
        return Ok(Outcome::Interrupted);
    }
    let unique = count.unique.unwrap_or(0);
    let mut out = crate::stdout();
    if let Some(shard) = args.shard {
        let (stats, unique_times_8) = match count.stats {
            Some(stats) => (stats, None),
            None => (Stats { solutions: total, ..Stats::default() }, Some(count.unique_times_8.unwrap_or(0))),
        };
        writeln!(
            out,
            "{}",
            shard::record(
                shard,
                &count.problem,
                &stats,
                seconds,
                shard::Extra { unique_times_8, engine: count.engine.map(|e| e.name()), ..Default::default() }
            )
        )?;
        out.flush()?;
        // A shard that ran succeeded, whatever it found: its record says it.
        return Ok(Outcome::Found);
    } else if args.json {
        // Written by hand to keep the keys in this order.
        writeln!(
            out,
            r#"{{"n":{n},"solutions":{},"unique":{},"seconds":{}}}"#,
            json_count(total),
            json_count(unique),
            serde_json::json!(seconds)
        )?;
    } else if args.unique {
        writeln!(out, "{unique}")?;
    } else {
        writeln!(out, "{total}")?;
    }
    out.flush()?;
    if args.stats && !crate::quiet() {
        print_stats(count.stats.as_ref(), config.choose(n, true).ok(), total, seconds);
    }
    Ok(Outcome::of_count(if args.unique { unique } else { total }))
}

/// The statistics on stderr: the engine's (nodes and updates) for dlx, the
/// nodes of the tree for the row-by-row searches (backtrack and bitboard
/// walk the same tree and count the same), the solutions and the time.
fn print_stats(stats: Option<&Stats>, algorithm: Option<solve::Algorithm>, solutions: u64, seconds: f64) {
    match stats {
        Some(stats) if algorithm == Some(solve::Algorithm::Dlx) => crate::common::print_stats(stats, seconds, false),
        Some(stats) => {
            say!("solutions: {solutions}");
            say!("nodes: {}", stats.nodes);
            say!("seconds: {seconds:.3}");
        }
        None => {
            say!("solutions: {solutions}");
            say!("seconds: {seconds:.3}");
        }
    }
}

/// Listing solutions (the default, `--first`, `--limit`, `--unique`, `--trace`):
/// each piece of text is written as it comes, through one buffer.
fn list(args: &Args, n: usize, config: &solve::Config) -> anyhow::Result<Outcome> {
    let start = Instant::now();
    let mut out = crate::stdout();
    let mut listing = Listing::new(args.format.listing()?, n)?;
    let mut text = Vec::new();
    listing.begin(&mut text);
    let mut failure: Option<anyhow::Error> = None;
    let listed = solve::list(n, config, |event| {
        match event {
            Event::Step(step) => {
                if let Err(e) = writeln!(out, "{step}") {
                    failure = Some(e.into());
                    return ControlFlow::Break(());
                }
            }
            Event::Solution { number, cols } => {
                if args.trace {
                    let _ = writeln!(text, "solution {number}:");
                }
                if let Err(e) = listing.solution(cols, &mut text) {
                    failure = Some(e.into());
                    return ControlFlow::Break(());
                }
            }
            _ => {}
        }
        if let Err(e) = out.write_all(&text) {
            failure = Some(e.into());
            return ControlFlow::Break(());
        }
        text.clear();
        ControlFlow::Continue(())
    })?;
    if let Some(e) = failure {
        return Err(e);
    }
    listing.end(&mut text);
    out.write_all(&text)?;
    out.flush()?;
    if progress::interrupted() {
        say!("quadrille: interrupted after {} solutions", listed.solutions);
        return Ok(Outcome::Interrupted);
    }
    if args.stats && !crate::quiet() {
        print_stats(
            listed.stats.as_ref(),
            config.choose(n, false).ok(),
            listed.solutions,
            start.elapsed().as_secs_f64(),
        );
    }
    Ok(Outcome::of_count(listed.solutions))
}

/// `--verify`: checks each placement, says which queens attack.
fn verify(path: &std::path::Path, expected_n: Option<usize>) -> anyhow::Result<Outcome> {
    let crate::input::Input { name, reader, .. } = crate::input::open(Some(path), 1 << 16)?;
    let mut out = crate::stdout();
    let (mut checked, mut bad_input, mut wrong) = (0u64, false, false);
    for (index, line) in reader.split(b'\n').enumerate() {
        let number = index + 1;
        let line = line.with_context(|| format!("cannot read {name}"))?;
        let mut text = crate::input::line_text(&name, number, &line)?;
        if number == 1 {
            text = text.strip_prefix('\u{feff}').unwrap_or(text);
        }
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let cols = match construct::parse_columns(text, expected_n) {
            Ok(cols) => cols,
            Err(message) => {
                out.flush()?;
                say!("quadrille: error: {name}:{number}: {message}");
                bad_input = true;
                continue;
            }
        };
        checked += 1;
        let on_board = "columns were checked to be on the board";
        let total = construct::count_attacks(&cols).expect(on_board);
        if total == 0 {
            writeln!(out, "line {number}: ok, {} queens in peace", cols.len())?;
            continue;
        }
        wrong = true;
        let plural = if total == 1 { "" } else { "s" };
        writeln!(out, "line {number}: not a solution, {total} attacking pair{plural}:")?;
        for attack in construct::attacks(&cols, MAX_ATTACKS_SHOWN).expect(on_board) {
            writeln!(out, "  {attack}")?;
        }
        if total > MAX_ATTACKS_SHOWN as u64 {
            writeln!(out, "  and {} more", total - MAX_ATTACKS_SHOWN as u64)?;
        }
    }
    out.flush()?;
    if checked == 0 && !bad_input {
        bail!("{name}: no placement to check");
    }
    Ok(if bad_input {
        Outcome::BadInput
    } else if wrong {
        Outcome::NotFound
    } else {
        Outcome::Found
    })
}
