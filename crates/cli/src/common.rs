//! What the subcommands share, below all of them: the listing flags, the thread
//! count and the engine names as clap reads them, reading a problem in Knuth's
//! format, the trace format, and writing diagnostics and statistics on stderr.
//!
//! This module imports no other module of the command but `input` and
//! `terminal` (and the quiet flag from the crate root), so every subcommand may import it and none
//! of them needs another.

use std::fmt;
use std::io::{self, Write};
use std::path::Path;
use std::str::FromStr;

use clap::ValueEnum;
use quadrille_dlx::parallel::{self, effective_threads};
use quadrille_dlx::{Branching, Engine, Problem, Question, Stats, Weights, knuth};

/// Writes one line on stderr, its control characters shown as escapes
/// ([`terminal::printable`](crate::terminal::printable)), since messages quote
/// the input. A full or closed stderr is no reason to stop (or panic, as
/// `eprintln!` does): the line is lost, the command goes on.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::common::stderr_line(format_args!($($arg)*))
    };
}
pub(crate) use say;

/// The line of [`say!`]: written whole, errors ignored.
pub fn stderr_line(args: fmt::Arguments<'_>) {
    let text = args.to_string();
    let mut line = crate::terminal::printable(&text).into_owned();
    line.push('\n');
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// The flags that choose how many solutions to look for, the same on every
/// subcommand (`--count`, `--first`, `--limit K` with K at least 1).
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct ListingFlags {
    /// Print only the number of solutions.
    #[arg(long)]
    pub count: bool,
    /// Stop at the first solution.
    #[arg(long, conflicts_with = "limit")]
    pub first: bool,
    /// Stop after K solutions (K at least 1).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
}

impl ListingFlags {
    /// The most solutions to look for: 1 with `--first`, K with `--limit K`.
    pub fn most(&self) -> Option<u64> {
        if self.first { Some(1) } else { self.limit }
    }
}

/// A thread count as the command line gives it (`--threads N`): a whole number
/// of at least 1, cut down by the engine's one rule for thread counts
/// ([`effective_threads`]: at most
/// [`MAX_THREADS_PER_CORE`](parallel::MAX_THREADS_PER_CORE) a core), since
/// more only costs time (and memory for each thread's stack). A number too
/// large for the machine's word is taken as the largest one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threads(parallel::Threads);

impl FromStr for Threads {
    type Err = String;

    fn from_str(text: &str) -> Result<Threads, String> {
        let digits = text.trim();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("`{text}` is not a whole number of threads"));
        }
        // Only digits: a parse can fail only by overflow.
        let asked = digits.parse::<usize>().unwrap_or(usize::MAX);
        if asked == 0 {
            return Err("at least one thread is needed".to_string());
        }
        Ok(Threads(effective_threads(asked)))
    }
}

impl Threads {
    /// The threads to run, saying on stderr (unless quiet) when the count asked
    /// for was cut down: for the subcommands that start threads themselves
    /// (`sudoku`, the queens' bitboard counter).
    pub fn resolve(threads: Option<Threads>) -> Option<usize> {
        let used = Threads::requested(threads)?;
        Some(effective_threads(used).used)
    }

    /// The threads asked for, saying on stderr (unless quiet) when the
    /// library's rule will cut them down: for the library's front, which
    /// applies the rule itself, once.
    pub fn requested(threads: Option<Threads>) -> Option<usize> {
        let Threads(threads) = threads?;
        if let (Some(note), false) = (threads.note(), crate::quiet()) {
            say!("quadrille: note: {note}");
        }
        Some(threads.requested)
    }
}

/// The parser of `--threads N`: see [`Threads`].
pub fn threads_parser() -> impl clap::builder::TypedValueParser<Value = Threads> {
    |text: &str| text.parse::<Threads>()
}

/// The parser of `--engine`: every engine of the library's capability
/// table ([`Engine::ALL`]), each value's help its row's summary, read back
/// by the library ([`Engine`]'s `FromStr`), so that the help and the error
/// list every engine.
pub fn engine_parser() -> impl clap::builder::TypedValueParser<Value = Engine> {
    engines_parser(|_| true)
}

/// The parser of `--branching`: the library's names ([`Branching::ALL`]).
pub fn branching_parser() -> impl clap::builder::TypedValueParser<Value = Branching> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Branching::ALL.map(Branching::name))
        .map(|name| Branching::ALL.into_iter().find(|b| b.name() == name).unwrap_or_default())
}

/// The parser of `--weights`: the library's names ([`Weights::ALL`]).
pub fn weights_parser() -> impl clap::builder::TypedValueParser<Value = Weights> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Weights::ALL.map(Weights::name))
        .map(|name| Weights::ALL.into_iter().find(|w| w.name() == name).unwrap_or_default())
}

/// The parser of `--engine` for `quadrille sudoku`, whose puzzles commit
/// their givens before the search: the engines the capability table says
/// take commitments.
pub fn committing_engine_parser() -> impl clap::builder::TypedValueParser<Value = Engine> {
    engines_parser(|engine| engine.capabilities().commits)
}

/// The parser of `--engine` for the questions of counts and listings
/// (`quadrille queens --algorithm dlx`): the engines the capability table
/// says count.
pub fn counting_engine_parser() -> impl clap::builder::TypedValueParser<Value = Engine> {
    engines_parser(|engine| engine.capabilities().answers(Question::Count))
}

fn engines_parser(keep: fn(Engine) -> bool) -> impl clap::builder::TypedValueParser<Value = Engine> + use<> {
    use clap::builder::{PossibleValue, TypedValueParser};
    let values = Engine::ALL
        .into_iter()
        .filter(|&engine| keep(engine))
        .map(|engine| PossibleValue::new(engine.name()).help(engine.capabilities().summary));
    clap::builder::PossibleValuesParser::new(values).map(|name| name.parse::<Engine>().unwrap_or_default())
}

/// Reads a size in bytes: a whole number, optionally followed by `K`, `M`, `G`
/// or `T` (powers of 1024, with or without a trailing `B` or `iB`).
pub fn parse_bytes(text: &str) -> Result<usize, String> {
    let trimmed = text.trim();
    let digits_end = trimmed.find(|c: char| !c.is_ascii_digit()).unwrap_or(trimmed.len());
    let (digits, suffix) = trimmed.split_at(digits_end);
    let bad = || format!("`{text}` is not a size in bytes (write it as 1000, 64K, 64M or 2G)");
    if digits.is_empty() {
        return Err(bad());
    }
    let shift = match suffix.trim().to_ascii_uppercase().trim_end_matches("IB").trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    let number: usize = digits.parse().map_err(|_| format!("`{text}` is more bytes than this machine can address"))?;
    number.checked_mul(1usize << shift).ok_or_else(|| format!("`{text}` is more bytes than this machine can address"))
}

/// A count as JSON, by the library's one rule for every JSON line the command
/// writes ([`quadrille_dlx::shard::json_count`]): a number up to 2⁵³ − 1, a
/// string of decimal digits above.
pub use quadrille_dlx::shard::json_count;

/// How to write a trace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    /// One line per step.
    #[default]
    Text,
    /// One self-contained HTML page that replays the search step by step.
    Html,
}

/// Reads a problem in Knuth's format from `file` (or standard input), reporting
/// the skipped options on stderr.
pub fn read_problem(file: Option<&Path>) -> anyhow::Result<Problem> {
    let (name, text) = crate::input::open(file, 1 << 16)?.read_to_string()?;
    let parsed = knuth::read(&text).map_err(|e| anyhow::anyhow!("{name}:{}:{}: {}", e.line, e.column, e.kind))?;
    if !crate::quiet() {
        for warning in &parsed.warnings {
            say!("quadrille: warning: {name}: {warning}");
        }
    }
    Ok(parsed.problem)
}

/// Prints a search's statistics on stderr (`queens` and `sudoku`, whose
/// own fronts run the searches).
pub fn print_stats(stats: &Stats, seconds: f64, colors: bool) {
    say!("solutions: {}", stats.solutions);
    say!("nodes: {}", stats.nodes);
    say!("updates: {}", stats.updates);
    if colors {
        say!("cleansings: {}", stats.cleansings);
    }
    say!("seconds: {seconds:.3}");
    if seconds > 0.0 {
        say!("updates/s: {:.0}", stats.updates as f64 / seconds);
    }
}

/// Writes the cheapest solutions as `quadrille solve --best` prints them, in
/// the order given: each with its cost and its options' lines, then the costs
/// on one line. With `summary` (for `--json`), JSON Lines instead: an object
/// per solution, then `summary` with the costs added.
pub fn write_best<'s>(
    out: &mut impl Write,
    problem: &Problem,
    best: impl IntoIterator<Item = (u64, &'s [quadrille_dlx::OptionId])>,
    summary: Option<serde_json::Map<String, serde_json::Value>>,
) -> io::Result<()> {
    let lines = |options: &[quadrille_dlx::OptionId]| -> Vec<String> {
        options.iter().map(|&o| problem.format_option(o)).collect()
    };
    let mut costs = Vec::new();
    for (cost, options) in best {
        costs.push(cost);
        if summary.is_some() {
            writeln!(out, "{}", serde_json::json!({ "cost": cost, "solution": lines(options) }))?;
        } else {
            writeln!(out, "cost: {cost}")?;
            for line in lines(options) {
                writeln!(out, "{line}")?;
            }
            writeln!(out)?;
        }
    }
    match summary {
        Some(mut record) => {
            record.insert("costs".to_string(), serde_json::json!(costs));
            writeln!(out, "{}", serde_json::Value::Object(record))
        }
        None if !costs.is_empty() => {
            let costs: Vec<String> = costs.iter().map(u64::to_string).collect();
            writeln!(out, "costs: {}", costs.join(" "))
        }
        None => Ok(()),
    }
}
