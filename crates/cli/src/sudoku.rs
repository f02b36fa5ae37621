//! `quadrille sudoku`: puzzles streamed from a file or standard input, answered in
//! their order on several threads.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use quadrille_sudoku::{
    Alphabet, Answer, Batch, Entry, Error, Layout, Model, ReadConfig, Reader, Regions, Rules, Size, Status, Task,
};

use crate::Outcome;
use crate::common::{ListingFlags, Threads, committing_engine_parser, say, threads_parser};
use crate::progress::{self, Progress};
use quadrille_dlx::Stats;

/// Arguments of `quadrille sudoku`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  quadrille sudoku top1465.txt\n  \
    quadrille sudoku --count --limit 100 < puzzles.txt\n  \
    echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | quadrille sudoku --format grid\n  \
    quadrille sudoku --size 16 --alphabet zero-based --threads 2 hex16.txt\n  \
    quadrille sudoku --variant x,hyper puzzles.txt\n  \
    quadrille sudoku --regions layout.txt jigsaw.txt\n  \
    quadrille sudoku --variant jigsaw --format svg --output-dir pictures/ jigsaw-with-layouts.txt\n\n\
    Each puzzle is one line (`.`, `0` or `_` for blanks) or a grid of one row per line (spaces, \
    `|`, `-` and `+` ignored); `#` lines and blank lines are skipped. One answer per puzzle, in \
    input order: the solution if there is exactly one, else `multiple`, `none` or `invalid: <reason>`. A jigsaw layout is one letter (any character but a space) per \
    cell, on one line or one row per line; cells with the same letter form a region.")]
#[command(mut_arg("count", |arg| arg.help("Print the number of solutions of each puzzle")))]
#[command(mut_arg("first", |arg| arg
    .help("Accept the first solution found, without checking that it is the only one")
    .conflicts_with("count")))]
#[command(mut_arg("limit", |arg| arg
    .help("With --count: stop counting a puzzle's solutions at K (K at least 1)")
    .requires("count")))]
pub struct Args {
    /// The puzzles (`-` or nothing: standard input).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub listing: ListingFlags,
    /// How to write solutions: as one line, as a grid, or as one JSON object per
    /// puzzle (default: the layout each puzzle came in).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Threads to solve on (default: all cores).
    #[arg(long, value_name = "N", value_parser = threads_parser())]
    pub threads: Option<Threads>,
    /// The side of every puzzle: 4, 9, 16 or 25 (default: inferred from each
    /// puzzle's number of cells; needed for 16×16 grids written one row per line).
    #[arg(long, value_name = "SIDE", value_parser = parse_side)]
    pub size: Option<Size>,
    /// How digits are written: `one-based` (1-9, then A-Z; `0` is a blank) or
    /// `zero-based` (0-9, then A-Z, as in hexadecimal 16×16 puzzles).
    #[arg(long, value_enum, default_value_t = AlphabetArg::OneBased)]
    pub alphabet: AlphabetArg,
    /// Extra rules: `x` (each long diagonal holds every digit once), `hyper`
    /// (windows of a box's size do, set one cell apart from each other and from
    /// the edges: four in a 9×9 grid, one in 4×4, nine in 16×16, sixteen in
    /// 25×25), `jigsaw` (each puzzle is followed by its layout of irregular
    /// regions, unless --regions gives one for all). Several may be given,
    /// separated by commas.
    #[arg(long, value_enum, value_name = "VARIANT", value_delimiter = ',')]
    pub variant: Vec<Variant>,
    /// The jigsaw layout of every puzzle, in a file: one letter per cell.
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
    /// With --format svg: write one picture per puzzle into this folder
    /// (`line-N.svg`, N the puzzle's line), and print their paths.
    #[arg(long, value_name = "DIR")]
    pub output_dir: Option<PathBuf>,
    /// The engine: dancing links, dancing cells, dense bitsets, or whichever
    /// suits the size.
    #[arg(long, value_name = "ENGINE", default_value = "auto", value_parser = committing_engine_parser())]
    pub engine: quadrille_dlx::Engine,
}

/// The variants, as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Variant {
    /// Sudoku X: both long diagonals hold every digit once.
    X,
    /// Hyper sudoku (windoku): more windows of a box's size hold every digit
    /// once (four 3×3 windows in a 9×9 grid).
    Hyper,
    /// Jigsaw: irregular regions instead of boxes.
    Jigsaw,
}

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The grid on one line.
    Line,
    /// One row per line, boxes separated; a blank line after each puzzle.
    Grid,
    /// One JSON object per puzzle, on one line.
    Json,
    /// One SVG picture per puzzle: givens bold, the solution lighter, regions
    /// outlined, extra regions shaded.
    Svg,
}

/// The digit alphabets, as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AlphabetArg {
    /// `1`-`9`, then `A`-`Z`.
    OneBased,
    /// `0`-`9`, then `A`-`Z`.
    ZeroBased,
}

impl From<AlphabetArg> for Alphabet {
    fn from(arg: AlphabetArg) -> Alphabet {
        match arg {
            AlphabetArg::OneBased => Alphabet::OneBased,
            AlphabetArg::ZeroBased => Alphabet::ZeroBased,
        }
    }
}

fn parse_side(text: &str) -> Result<Size, String> {
    text.parse::<usize>().ok().and_then(Size::from_side).ok_or_else(|| format!("`{text}` is not 4, 9, 16 or 25"))
}

/// Puzzles answered at a time at most. Fewer are taken when the input has no
/// more data ready, so that a puzzle typed at a terminal is answered at once.
const MAX_BATCH: usize = 8192;

/// How many puzzles ended which way.
#[derive(Debug, Default)]
struct Tally {
    solved: u64,
    multiple: u64,
    none: u64,
    invalid: u64,
}

impl Tally {
    fn total(&self) -> u64 {
        self.solved + self.multiple + self.none + self.invalid
    }
}

/// Runs `quadrille sudoku`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    let crate::input::Input { name, reader: mut input, size } = crate::input::open(args.file.as_deref(), 1 << 18)?;
    let alphabet = Alphabet::from(args.alphabet);
    if args.output_dir.is_some() && args.format != Some(Format::Svg) {
        bail!("--output-dir writes pictures: it needs --format svg");
    }
    let mut rules =
        Rules::classic().x(args.variant.contains(&Variant::X)).hyper(args.variant.contains(&Variant::Hyper));
    if let Some(path) = &args.regions {
        let (name, text) = crate::input::open(Some(path), 1 << 12)?.read_to_string()?;
        rules = rules.jigsaw(Regions::parse(&text).with_context(|| name.clone())?);
    } else if args.variant.contains(&Variant::Jigsaw) {
        rules = rules.jigsaw_per_puzzle();
    }
    if let Some(dir) = &args.output_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let mut reader = Reader::with_rules(ReadConfig::new().size(args.size).alphabet(alphabet), rules);
    let task = if args.listing.count {
        Task::Count { limit: args.listing.limit }
    } else if args.listing.first {
        Task::First
    } else {
        Task::Check
    };
    let threads = Threads::resolve(args.threads).unwrap_or_else(|| quadrille_dlx::parallel::effective_threads(0).used);
    // The searches report to a monitor of their own, which Ctrl-C stops too: the
    // progress bar counts puzzles, not the searches' solutions.
    let mut batch = Batch::with_engine(threads, args.engine).monitor(Some(progress::side_monitor()));
    let mut out = crate::stdout();
    let mut printer = Printer {
        format: args.format,
        counting: args.listing.count,
        alphabet,
        output_dir: args.output_dir.as_deref(),
        tally: Tally::default(),
    };
    let mut entries: Vec<Entry> = Vec::new();
    let mut line = Vec::new();
    let mut line_number = 0;
    let start = Instant::now();
    // The progress bar follows the bytes read when the input's size is known.
    let monitor = progress::monitor();
    let progress = Progress::start(crate::quiet(), "puzzles", None);
    let mut bytes_read = 0u64;
    loop {
        if progress::interrupted() {
            break;
        }
        line.clear();
        let n = input.read_until(b'\n', &mut line).with_context(|| format!("cannot read {name}"))?;
        bytes_read += n as u64;
        if n == 0 {
            reader.finish(&mut entries);
        } else {
            line_number += 1;
            reader.push_line(crate::input::line_text(&name, line_number, &line)?, &mut entries);
        }
        // Answer what was read when the batch is full, or when reading on would
        // wait for more input.
        if n == 0 || entries.len() >= MAX_BATCH || (input.buffer().is_empty() && !entries.is_empty()) {
            let answers = batch.solve(&entries, task, alphabet);
            // A puzzle whose search Ctrl-C stopped has no answer: the output
            // ends before it.
            for (entry, answer) in entries.iter().zip(&answers) {
                if matches!(answer, Err(Error::Interrupted { .. })) {
                    break;
                }
                printer.write(&mut out, entry, answer)?;
            }
            out.flush()?;
            monitor.add(&Stats { solutions: entries.len() as u64, ..Stats::default() });
            if let Some(size) = size {
                monitor.set_fraction(bytes_read as f64 / size as f64);
            }
            entries.clear();
        }
        if n == 0 {
            break;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let tally = printer.tally;
    drop(progress);
    let interrupted = progress::interrupted();
    if !crate::quiet() || interrupted {
        let rate = if seconds > 0.0 { tally.total() as f64 / seconds } else { 0.0 };
        let total = tally.total();
        say!(
            "quadrille: {}{total} {}: {} solved, {} multiple, {} none, {} invalid; {seconds:.3} s, {rate:.0} puzzles/s",
            if interrupted { "interrupted after " } else { "" },
            if total == 1 { "puzzle" } else { "puzzles" },
            tally.solved,
            tally.multiple,
            tally.none,
            tally.invalid,
        );
    }
    Ok(if interrupted {
        Outcome::Interrupted
    } else if tally.invalid == 0 {
        Outcome::Found
    } else {
        Outcome::BadInput
    })
}

/// How answers are written, and how many ended which way.
struct Printer<'a> {
    format: Option<Format>,
    counting: bool,
    alphabet: Alphabet,
    output_dir: Option<&'a Path>,
    tally: Tally,
}

impl Printer<'_> {
    /// Writes the answer to one puzzle and counts it.
    fn write(&mut self, out: &mut impl Write, entry: &Entry, answer: &Result<Answer, Error>) -> anyhow::Result<()> {
        let (alphabet, tally) = (self.alphabet, &mut self.tally);
        let format = self.format.unwrap_or(match entry.layout {
            Layout::Line => Format::Line,
            Layout::Grid => Format::Grid,
        });
        let answer = match answer {
            Ok(answer) => answer,
            Err(error) => {
                tally.invalid += 1;
                return match format {
                    Format::Json => {
                        let record =
                            serde_json::json!({ "line": entry.line, "status": "invalid", "error": error.to_string() });
                        Ok(writeln!(out, "{record}")?)
                    }
                    Format::Line => Ok(writeln!(out, "invalid: {error}")?),
                    Format::Grid => Ok(writeln!(out, "invalid: {error}\n")?),
                    Format::Svg => self.picture(out, entry, &quadrille_sudoku::svg_text(&format!("invalid: {error}"))),
                };
            }
        };
        let status = answer.status();
        match status {
            Status::Solved => tally.solved += 1,
            Status::Multiple => tally.multiple += 1,
            Status::None => tally.none += 1,
        }
        let word = match status {
            Status::Solved => "solved",
            Status::Multiple => "multiple",
            Status::None => "none",
        };
        // The solution is written when it answers the question: the only one, or
        // (with --first) the first one.
        let solution = answer.solution.as_ref().filter(|_| status == Status::Solved);
        match format {
            Format::Json => {
                let mut record =
                    serde_json::json!({ "line": entry.line, "status": word, "solutions": answer.solutions });
                if let Some(grid) = solution {
                    record["solution"] = serde_json::json!(grid.to_line(alphabet));
                }
                writeln!(out, "{record}")?;
            }
            Format::Svg => {
                let puzzle = entry.puzzle.as_ref().expect("an answered puzzle was read");
                let regions = entry.model.as_deref().unwrap_or_else(|| Model::get(puzzle.size())).regions();
                let caption = if self.counting {
                    let plural = if answer.solutions == 1 { "" } else { "s" };
                    format!("line {}: {} solution{plural}", entry.line, answer.solutions)
                } else {
                    format!("line {}: {word}", entry.line)
                };
                let picture = quadrille_sudoku::svg(puzzle, solution, regions, alphabet, &caption);
                self.picture(out, entry, &picture)?;
            }
            _ if self.counting => writeln!(out, "{}", answer.solutions)?,
            Format::Line => match solution {
                Some(grid) => writeln!(out, "{}", grid.to_line(alphabet))?,
                None => writeln!(out, "{word}")?,
            },
            Format::Grid => match solution {
                Some(grid) => {
                    let mut text = String::new();
                    grid.write_grid(alphabet, &mut text);
                    writeln!(out, "{text}")?;
                }
                None => writeln!(out, "{word}\n")?,
            },
        }
        Ok(())
    }

    /// Writes a picture to stdout, or to its file in the output folder (and the
    /// file's path to stdout).
    fn picture(&self, out: &mut impl Write, entry: &Entry, picture: &str) -> anyhow::Result<()> {
        match self.output_dir {
            None => out.write_all(picture.as_bytes())?,
            Some(dir) => {
                let path = dir.join(format!("line-{}.svg", entry.line));
                std::fs::write(&path, picture).with_context(|| format!("cannot write {}", path.display()))?;
                writeln!(out, "{}", path.display())?;
            }
        }
        Ok(())
    }
}
