//! `quadrille queens`: N-Queens by Dancing Links, backtracking, bit masks or a
//! formula; listing, counting, checking placements, and Knuth's input for N.

use std::cell::RefCell;
use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::ValueEnum;
use quadrille_dlx::{Config, Parallel, Solver, Stats};
use quadrille_queens::backtrack::{self, Step};
use quadrille_queens::model::{CoverModel, Order};
use quadrille_queens::render::{self, Drawing, Style};
use quadrille_queens::symmetry::{self, CanonicalCheck};
use quadrille_queens::{bitboard, construct};

use crate::Outcome;
use crate::progress::{self, Progress};
use crate::shard::{self, Shard};

/// Above this size the default for `--first` is the construction: the
/// lexicographically first solution takes the search very long for some boards
/// beyond it.
const FIRST_BY_SEARCH_MAX: usize = 30;

/// The largest board drawn square by square (`board`, `hash`, `binary`,
/// `leetcode`, `svg`): larger ones would print millions of characters per board.
const MAX_DRAWN_N: usize = 1_000;

/// The most boards one SVG picture holds.
const MAX_SVG_BOARDS: usize = 1_000;

/// How many attacks `--verify` lists for one placement.
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
pub struct Args {
    /// The board size: N queens on an N×N board.
    #[arg(value_name = "N", allow_negative_numbers = true, required_unless_present = "verify")]
    pub n: Option<String>,
    /// Print the number of solutions (with --unique: of unique solutions).
    #[arg(long)]
    pub count: bool,
    /// Only unique solutions: one of each class under rotations and reflections
    /// (the lexicographically smallest of each).
    #[arg(long)]
    pub unique: bool,
    /// Print one solution (for large N, by formula, unless --algorithm says otherwise).
    #[arg(long, conflicts_with_all = ["limit", "count", "json"])]
    pub first: bool,
    /// Stop after K solutions.
    #[arg(long, value_name = "K")]
    pub limit: Option<u64>,
    /// How to solve [default: the fastest for the job: bitboard, or construct
    /// for --first with N > 30].
    #[arg(long, value_enum)]
    pub algorithm: Option<Algorithm>,
    /// The order of rows and columns in Knuth's cover model (--algorithm dlx and
    /// --emit-dlx) [default: organ-pipe].
    #[arg(long, value_enum)]
    pub order: Option<OrderArg>,
    /// Threads for counting [default: all cores].
    #[arg(long, value_name = "THREADS")]
    pub threads: Option<usize>,
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
    #[arg(long)]
    pub json: bool,
    /// Check placements, one per line in the columns format (`2 4 1 3`), from
    /// FILE or standard input (`-`), and say which queens attack each other.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "json", "first", "limit", "unique", "trace", "emit_dlx", "algorithm"])]
    pub verify: Option<PathBuf>,
    /// Print statistics on stderr (nodes and updates with --algorithm dlx).
    #[arg(long)]
    pub stats: bool,
    /// With --count: count only slice I of K (from 0), with the bitboard
    /// counter or --algorithm dlx, and print a JSON record for `quadrille merge`.
    #[arg(long, value_name = "I/K", requires = "count", conflicts_with_all = ["limit", "unique", "json"])]
    pub shard: Option<Shard>,
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
    fn draws_squares(self) -> bool {
        !matches!(self, Format::Columns | Format::Json)
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
    let order = Order::from(args.order.unwrap_or(OrderArg::OrganPipe));
    if args.emit_dlx {
        let text = CoverModel::knuth_text(n, order)?;
        let mut out = crate::stdout();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        return Ok(Outcome::Found);
    }
    let counting = args.count || args.json;
    let limit = if args.first { Some(1) } else { args.limit };
    // Dancing links when asked for, or implied by --order.
    let traced = args.algorithm.or(args.order.map(|_| Algorithm::Dlx));
    if args.format == Format::Html || (args.trace && traced == Some(Algorithm::Dlx)) {
        return crate::replay::queens(n, traced, order, args.trace, args.format == Format::Html, limit);
    }
    let algorithm = choose_algorithm(&args, n, counting)?;
    if args.threads == Some(0) {
        bail!("--threads must be at least 1");
    }
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = args.threads {
        pool = pool.num_threads(threads);
    }
    let pool = pool.build().context("cannot start the worker threads")?;
    if counting {
        pool.install(|| count(&args, n, order, algorithm, limit))
    } else {
        list(&args, n, order, algorithm, limit)
    }
}

/// The algorithm asked for, or the fastest that can do the job; refuses
/// combinations that make no sense.
fn choose_algorithm(args: &Args, n: usize, counting: bool) -> anyhow::Result<Algorithm> {
    let algorithm = match args.algorithm {
        Some(algorithm) => algorithm,
        None if args.trace => Algorithm::Backtrack,
        None if args.order.is_some() => Algorithm::Dlx,
        None if args.first && n > FIRST_BY_SEARCH_MAX => Algorithm::Construct,
        None => Algorithm::Bitboard,
    };
    if args.trace && algorithm != Algorithm::Backtrack {
        bail!("--trace works with --algorithm backtrack or dlx");
    }
    if args.order.is_some() && algorithm != Algorithm::Dlx {
        bail!("--order applies to --algorithm dlx only");
    }
    if counting && algorithm == Algorithm::Construct {
        bail!("the construction gives one solution and cannot count; use --first");
    }
    if !counting && args.format.draws_squares() && n > MAX_DRAWN_N {
        bail!("n = {n} is too large to draw (at most {MAX_DRAWN_N}); use --format columns");
    }
    Ok(algorithm)
}

/// `--count` and `--json`.
fn count(args: &Args, n: usize, order: Order, algorithm: Algorithm, limit: Option<u64>) -> anyhow::Result<Outcome> {
    let start = Instant::now();
    let monitor = progress::monitor();
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let mut dlx_stats = None;
    let mut unique_times_8 = None;
    // What a shard record names as its problem: the engine's model, by its
    // fingerprint, or the bitboard count of this board.
    let mut problem_id = format!("queens:{n}:bitboard");
    let (total, unique) = match algorithm {
        Algorithm::Bitboard if limit.is_none() => {
            let (index, of) = args.shard.map_or((0, 1), |s| (s.index, s.of));
            let counts = bitboard::count_shard(n, index, of, Some(&monitor))?;
            unique_times_8 = Some(counts.unique_times_8);
            (counts.total, counts.unique_times_8 / 8)
        }
        Algorithm::Dlx if n > 0 && !args.unique && !args.json => {
            let model = CoverModel::new(n, order)?;
            if args.shard.is_some() {
                problem_id = format!("dlx:{:016x}", model.problem().fingerprint());
            }
            let stats = if limit.is_none() && args.threads != Some(1) {
                let parallel =
                    Parallel::new(model.problem()).threads(args.threads.unwrap_or(0)).monitor(Some(monitor.clone()));
                match args.shard {
                    Some(s) => parallel.shard(s.index, s.of)?.count()?,
                    None => parallel.count()?,
                }
            } else {
                let mut solver =
                    Solver::with_config(model.problem(), Config::new().limit(limit).monitor(Some(monitor.clone())));
                solver.count();
                solver.stats()
            };
            dlx_stats = Some(stats);
            (stats.solutions, 0)
        }
        _ if args.shard.is_some() => bail!("--shard counts with the bitboard counter or --algorithm dlx"),
        _ => {
            let (mut total, mut unique) = (0, 0);
            let mut check = CanonicalCheck::new();
            let limit = limit.unwrap_or(u64::MAX);
            dlx_stats = enumerate(n, order, algorithm, None, &mut |cols| {
                total += 1;
                unique += u64::from(check.is_canonical(cols));
                if total >= limit || progress::interrupted() {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })?;
            (total, unique)
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    if progress::interrupted() {
        eprintln!("quadrille: interrupted after {seconds:.1} s: {total} solutions so far (partial)");
        return Ok(Outcome::Interrupted);
    }
    let mut out = crate::stdout();
    if let Some(shard) = args.shard {
        let (stats, extra) = match dlx_stats {
            Some(stats) => (stats, vec![]),
            None => (
                Stats { solutions: total, ..Stats::default() },
                vec![("unique_times_8", serde_json::json!(unique_times_8.unwrap_or(0)))],
            ),
        };
        writeln!(out, "{}", shard::record(shard, &problem_id, &stats, seconds, &extra))?;
    } else if args.json {
        // Written by hand to keep the keys in this order.
        writeln!(out, r#"{{"n":{n},"solutions":{total},"unique":{unique},"seconds":{}}}"#, serde_json::json!(seconds))?;
    } else if args.unique {
        writeln!(out, "{unique}")?;
    } else {
        writeln!(out, "{total}")?;
    }
    out.flush()?;
    if args.stats && !crate::quiet() {
        print_stats(dlx_stats.as_ref(), total, seconds);
    }
    Ok(Outcome::of_count(if args.unique { unique } else { total }))
}

fn print_stats(dlx_stats: Option<&Stats>, solutions: u64, seconds: f64) {
    match dlx_stats {
        Some(stats) => crate::solve::print_stats(stats, seconds, false),
        None => {
            eprintln!("solutions: {solutions}");
            eprintln!("seconds: {seconds:.3}");
        }
    }
}

/// Calls `visitor` with each solution the algorithm finds, in its order; returns
/// the engine's statistics for `dlx`.
fn enumerate(
    n: usize,
    order: Order,
    algorithm: Algorithm,
    trace: Option<&mut dyn FnMut(Step)>,
    visitor: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> anyhow::Result<Option<Stats>> {
    match algorithm {
        Algorithm::Backtrack => {
            match trace {
                Some(trace) => backtrack::visit_traced(n, visitor, trace)?,
                None => backtrack::visit(n, visitor)?,
            };
        }
        Algorithm::Bitboard => {
            bitboard::visit(n, visitor)?;
        }
        Algorithm::Construct => {
            if let Some(cols) = construct::try_solution(n)? {
                let _ = visitor(&cols);
            }
        }
        // Knuth's format has no empty board; its one solution is the empty placement.
        Algorithm::Dlx if n == 0 => {
            let _ = visitor(&[]);
        }
        Algorithm::Dlx => {
            let model = CoverModel::new(n, order)?;
            let mut solver = Solver::new(model.problem());
            let mut cols = vec![0; n];
            solver.visit(|solution| {
                model.placement_into(solution, &mut cols);
                visitor(&cols)
            });
            return Ok(Some(solver.stats()));
        }
    }
    Ok(None)
}

/// Listing solutions (the default, `--first`, `--limit`, `--unique`, `--trace`).
fn list(args: &Args, n: usize, order: Order, algorithm: Algorithm, limit: Option<u64>) -> anyhow::Result<Outcome> {
    let start = Instant::now();
    let printer = RefCell::new(Printer::new(args.format, n, crate::stdout()));
    printer.borrow_mut().begin()?;
    let limit = limit.unwrap_or(u64::MAX);
    let mut failure: Option<anyhow::Error> = None;
    let mut check = CanonicalCheck::new();
    let mut printed = 0u64;
    let mut canonical = Vec::new();
    let mut visitor = |cols: &[usize]| {
        if printed >= limit || progress::interrupted() {
            return ControlFlow::Break(());
        }
        let cols = if args.unique {
            if algorithm == Algorithm::Construct {
                // The formula's solution stands for its class by its canonical form.
                canonical = symmetry::canonical(cols).expect("a solution is a permutation");
                &canonical[..]
            } else if check.is_canonical(cols) {
                cols
            } else {
                return ControlFlow::Continue(());
            }
        } else {
            cols
        };
        printed += 1;
        let mut printer = printer.borrow_mut();
        if args.trace {
            if let Err(e) = writeln!(printer.out, "solution {printed}:") {
                failure = Some(e.into());
                return ControlFlow::Break(());
            }
        }
        match printer.solution(cols) {
            Ok(()) if printed < limit => ControlFlow::Continue(()),
            Ok(()) => ControlFlow::Break(()),
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        }
    };
    let mut trace_failure = None;
    let mut trace = |step: Step| {
        if trace_failure.is_some() {
            return;
        }
        let mut printer = printer.borrow_mut();
        let written = match step {
            Step::Place { row, col } => writeln!(printer.out, "[{row}][{col}] = true"),
            Step::Remove { row, col } => writeln!(printer.out, "[{row}][{col}] = false"),
            Step::DeadEnd { row: 0 } => writeln!(printer.out, "row 0: no more columns, the search is over"),
            Step::DeadEnd { row } => writeln!(printer.out, "row {row}: no more columns, back to row {}", row - 1),
        };
        trace_failure = written.err();
    };
    let dlx_stats = enumerate(n, order, algorithm, if args.trace { Some(&mut trace) } else { None }, &mut visitor)?;
    if let Some(e) = failure {
        return Err(e);
    }
    if let Some(e) = trace_failure {
        return Err(e.into());
    }
    let mut printer = printer.into_inner();
    printer.end()?;
    if progress::interrupted() {
        eprintln!("quadrille: interrupted after {printed} solutions");
        return Ok(Outcome::Interrupted);
    }
    if args.stats && !crate::quiet() {
        print_stats(dlx_stats.as_ref(), printed, start.elapsed().as_secs_f64());
    }
    Ok(Outcome::of_count(printed))
}

/// Writes solutions in one format.
struct Printer<W: Write> {
    format: Format,
    n: usize,
    out: W,
    printed: u64,
    /// The rows of the drawn formats.
    drawing: Drawing,
    /// One board's text, built before it is written in one piece.
    board: Vec<u8>,
    /// For SVG: the solutions, drawn at the end.
    kept: Vec<Vec<usize>>,
}

impl<W: Write> Printer<W> {
    fn new(format: Format, n: usize, out: W) -> Printer<W> {
        let style = match format {
            Format::Hash => Style::Hash,
            Format::Binary => Style::Binary,
            Format::Leetcode => Style::Rows,
            _ => Style::Board,
        };
        let drawing = Drawing::new(style, if format.draws_squares() { n } else { 0 });
        Printer { format, n, out, printed: 0, drawing, board: Vec::new(), kept: Vec::new() }
    }

    fn begin(&mut self) -> io::Result<()> {
        match self.format {
            Format::Leetcode | Format::Json => self.out.write_all(b"["),
            _ => Ok(()),
        }
    }

    fn solution(&mut self, cols: &[usize]) -> anyhow::Result<()> {
        let first = self.printed == 0;
        self.printed += 1;
        self.board.clear();
        match self.format {
            Format::Board | Format::Hash | Format::Binary => {
                if !first {
                    self.board.push(b'\n');
                }
                self.drawing.draw(cols, &mut self.board);
            }
            Format::Leetcode => {
                if !first {
                    self.board.push(b',');
                }
                render::leetcode_board(&self.drawing, cols, &mut self.board);
            }
            Format::Columns => {
                render::push_columns(cols, b' ', &mut self.board);
                self.board.push(b'\n');
            }
            // The page is written by `crate::replay`, never by this printer.
            Format::Html => bail!("--format html needs --trace"),
            Format::Json => {
                self.board.extend_from_slice(if first { b"\n[" } else { b",\n[" });
                render::push_columns(cols, b',', &mut self.board);
                self.board.push(b']');
            }
            Format::Svg => {
                if self.kept.len() >= MAX_SVG_BOARDS {
                    bail!("an SVG picture holds at most {MAX_SVG_BOARDS} boards; use --limit or --first");
                }
                self.kept.push(cols.to_vec());
            }
        }
        self.out.write_all(&self.board)?;
        Ok(())
    }

    fn end(&mut self) -> anyhow::Result<()> {
        match self.format {
            Format::Leetcode => self.out.write_all(b"]\n")?,
            Format::Json => self.out.write_all(b"\n]\n")?,
            Format::Svg => {
                let picture = svg(self.n, &self.kept);
                self.out.write_all(picture.as_bytes())?;
            }
            _ => {}
        }
        self.out.flush()?;
        Ok(())
    }
}

/// One SVG picture of the boards, four to a line, each with its number and the
/// rows and columns numbered from 1 as in the columns format.
fn svg(n: usize, boards: &[Vec<usize>]) -> String {
    use std::fmt::Write as _;
    let cell = if n <= 16 { 40.0 } else { (640.0 / n as f64).max(6.0) };
    let margin = 28.0;
    let side = cell * n as f64;
    let (board_w, board_h) = (margin + side + 12.0, margin + side + margin);
    let per_line = boards.len().clamp(1, 4);
    let lines = boards.len().div_ceil(per_line).max(1);
    let (width, height) = (board_w * per_line as f64 + 12.0, board_h * lines as f64 + 8.0);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let plural = if boards.len() == 1 { "" } else { "s" };
    let _ = writeln!(s, "<title>{n} queens: {} solution{plural}</title>", boards.len());
    // A queen drawn in a 40×40 square, scaled to the cell.
    let _ = writeln!(
        s,
        r##"<defs><g id="queen" transform="scale({})"><path d="M9 15 L15 24 L20 10 L25 24 L31 15 L28 31 L12 31 Z" fill="#1b1b1b" stroke="#fafafa" stroke-width="1.2" stroke-linejoin="round"/><rect x="11" y="31" width="18" height="4" rx="1" fill="#1b1b1b" stroke="#fafafa" stroke-width="1.2"/><circle cx="9" cy="14" r="2.4" fill="#1b1b1b"/><circle cx="20" cy="9" r="2.4" fill="#1b1b1b"/><circle cx="31" cy="14" r="2.4" fill="#1b1b1b"/></g></defs>"##,
        cell / 40.0
    );
    let font = (cell * 0.4).clamp(6.0, 14.0);
    for (index, cols) in boards.iter().enumerate() {
        let x0 = 12.0 + board_w * (index % per_line) as f64 + margin;
        let y0 = 8.0 + board_h * (index / per_line) as f64 + margin;
        let _ = writeln!(s, r#"<g id="solution-{}">"#, index + 1);
        let _ = writeln!(s, r#"<text x="{x0}" y="{}" font-size="13">solution {}</text>"#, y0 - 16.0, index + 1);
        for r in 0..n {
            for c in 0..n {
                let fill = if (r + c) % 2 == 0 { "#f0d9b5" } else { "#b58863" };
                let (x, y) = (x0 + cell * c as f64, y0 + cell * r as f64);
                let _ = write!(s, r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>"#);
            }
            s.push('\n');
        }
        let _ = writeln!(
            s,
            r##"<rect x="{x0}" y="{y0}" width="{side}" height="{side}" fill="none" stroke="#5a3e26" stroke-width="1.5"/>"##
        );
        for (r, &c) in cols.iter().enumerate() {
            let (x, y) = (x0 + cell * c as f64, y0 + cell * r as f64);
            let _ = writeln!(s, r##"<use xlink:href="#queen" href="#queen" x="{x}" y="{y}"/>"##);
        }
        for i in 0..n {
            let middle = cell * (i as f64 + 0.5);
            let _ = write!(
                s,
                r#"<text x="{}" y="{}" font-size="{font}" text-anchor="middle">{}</text>"#,
                x0 + middle,
                y0 + side + font + 4.0,
                i + 1
            );
            let _ = write!(
                s,
                r#"<text x="{}" y="{}" font-size="{font}" text-anchor="end">{}</text>"#,
                x0 - 5.0,
                y0 + middle + font * 0.35,
                i + 1
            );
        }
        s.push_str("\n</g>\n");
    }
    s.push_str("</svg>\n");
    s
}

/// `--verify`: checks each placement, says which queens attack.
fn verify(path: &std::path::Path, expected_n: Option<usize>) -> anyhow::Result<Outcome> {
    let crate::input::Input { name, reader, .. } = crate::input::open(Some(path), 1 << 16)?;
    let mut out = crate::stdout();
    let (mut checked, mut bad_input, mut wrong) = (0u64, false, false);
    for (index, line) in reader.lines().enumerate() {
        let number = index + 1;
        let line = line.with_context(|| format!("cannot read {name}"))?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let cols = match construct::parse_columns(text, expected_n) {
            Ok(cols) => cols,
            Err(message) => {
                out.flush()?;
                eprintln!("quadrille: error: {name}:{number}: {message}");
                bad_input = true;
                continue;
            }
        };
        checked += 1;
        let attacks = construct::attacks(&cols, usize::MAX).expect("columns were checked to be on the board");
        if attacks.is_empty() {
            writeln!(out, "line {number}: ok, {} queens in peace", cols.len())?;
            continue;
        }
        wrong = true;
        let plural = if attacks.len() == 1 { "" } else { "s" };
        writeln!(out, "line {number}: not a solution, {} attack{plural}:", attacks.len())?;
        for attack in attacks.iter().take(MAX_ATTACKS_SHOWN) {
            writeln!(out, "  {attack}")?;
        }
        if attacks.len() > MAX_ATTACKS_SHOWN {
            writeln!(out, "  and {} more", attacks.len() - MAX_ATTACKS_SHOWN)?;
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
