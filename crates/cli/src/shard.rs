//! Shards: `--shard I/K` records, and `quadrille merge`, which sums them.

use std::fmt;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Context, bail};
use quadrille_dlx::parallel::MAX_SHARDS;
use quadrille_dlx::shard::{Merge, Origin, Record, branching_field, weights_field};
use quadrille_dlx::{Branching, Stats, Weights};

use crate::{Outcome, progress};

/// `I/K`: the I-th (from 0) of K slices of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 0.
    pub index: u32,
    /// How many slices.
    pub of: u32,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("`{text}` is not a shard: write I/K with 0 <= I < K, as in 3/8");
        let (index, of) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = index.trim().parse().map_err(|_| bad())?;
        let of: u32 = of.trim().parse().map_err(|_| bad())?;
        if index >= of {
            return Err(bad());
        }
        if of > MAX_SHARDS {
            return Err(format!("`{text}`: a count is cut into at most {MAX_SHARDS} shards"));
        }
        Ok(Shard { index, of })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

/// What a shard counted beside the engine's statistics.
#[derive(Clone, Copy, Debug, Default)]
pub struct Extra {
    /// Eight times the count up to symmetry (queens).
    pub unique_times_8: Option<u64>,
    /// Packings kept (pack).
    pub packings: Option<u64>,
    /// The engine that counted ([`Engine::name`](quadrille_dlx::Engine::name)).
    pub engine: Option<&'static str>,
    /// How it branched, and its weights (named in the record when binary).
    pub branching: Branching,
    /// The weights of binary branching.
    pub weights: Weights,
}

/// The record of one shard counted by the library's front: the engine that
/// counted, how it branched and its statistics (a shard is always a
/// search's).
pub fn record_of(
    shard: Shard,
    problem: &str,
    counted: &quadrille_dlx::front::Counted,
    seconds: f64,
) -> anyhow::Result<String> {
    let quadrille_dlx::front::EngineStats::Search(stats) = counted.report.stats else {
        bail!("the {} engine does not count in shards", counted.report.engine);
    };
    let report = &counted.report;
    let extra = Extra {
        engine: Some(report.engine.name()),
        branching: report.branching,
        weights: report.weights,
        ..Extra::default()
    };
    Ok(record(shard, problem, &stats, seconds, extra))
}

/// The record of one shard.
pub fn record(shard: Shard, problem: &str, stats: &Stats, seconds: f64, extra: Extra) -> String {
    let Extra { unique_times_8, packings, engine, branching, weights } = extra;
    let record = Record {
        branching: branching_field(branching),
        cleansings: stats.cleansings,
        engine: engine.map(str::to_string),
        nodes: stats.nodes,
        of: shard.of.into(),
        packings,
        problem: problem.to_string(),
        seconds,
        shard: shard.index.into(),
        solutions: stats.solutions,
        unique_times_8,
        updates: stats.updates,
        weights: weights_field(branching, weights),
    };
    record.to_json()
}

/// Arguments of `quadrille merge`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    parallel quadrille solve big.dlx --count --shard {}/8 ::: 0 1 2 3 4 5 6 7 | quadrille merge\n  \
    quadrille merge shard-*.json")]
pub struct Args {
    /// Files of shard records, one JSON object per line (none or `-`: standard
    /// input), each file once. Counts may be numbers or strings of digits; the
    /// sum writes those above 2^53 - 1 as strings.
    pub files: Vec<PathBuf>,
}

/// Runs `quadrille merge`: each line of each file read and added to the
/// merge as it comes, so that memory follows the number of records.
///
/// A file's last line that has no line end and is no record is skipped with
/// a warning: it is a record cut short by a process killed while writing it
/// (a journal of `quadrille.distributed`), and its slice, if no other line
/// holds it, is then reported missing, never summed wrongly. Any other line
/// that is no record is an error naming it.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    // What was merged so far, for Ctrl-C to say: records may come slowly
    // down a pipe, and reading waits for them.
    let so_far = Arc::new((AtomicU64::new(0), AtomicU64::new(0)));
    let seen = so_far.clone();
    let farewell = move || {
        let (records, solutions) = (seen.0.load(Ordering::Relaxed), seen.1.load(Ordering::Relaxed));
        format!("quadrille: interrupted while merging: {records} records, {solutions} solutions so far (partial)")
    };
    progress::reading(farewell, || merge(args, &so_far))
}

/// The merge of `quadrille merge`, adding to `so_far` each record merged
/// and its solutions.
fn merge(args: Args, so_far: &(AtomicU64, AtomicU64)) -> anyhow::Result<Outcome> {
    let mut merge = Merge::new();
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() { &stdin[..] } else { &args.files };
    // A file given twice would have each of its shards twice: said as such,
    // before any is read.
    let mut given: Vec<(PathBuf, &PathBuf)> = Vec::with_capacity(files.len());
    for path in files {
        let same = if path.as_os_str() == "-" { path.clone() } else { path.canonicalize().unwrap_or(path.clone()) };
        if let Some((_, earlier)) = given.iter().find(|(other, _)| *other == same) {
            bail!(
                "{} is given twice{}: each of its shards would be counted twice",
                path.display(),
                if earlier == &path {
                    String::new()
                } else {
                    format!(" (as {} and {})", earlier.display(), path.display())
                }
            );
        }
        given.push((same, path));
    }
    for path in files {
        let crate::input::Input { name, mut reader, .. } = crate::input::open(Some(path), 1 << 16)?;
        let mut bytes = Vec::new();
        for line_number in 1.. {
            bytes.clear();
            if reader.read_until(b'\n', &mut bytes).with_context(|| format!("cannot read {name}"))? == 0 {
                break;
            }
            let mut text = crate::input::line_text(&name, line_number, &bytes)?;
            if line_number == 1 {
                text = text.strip_prefix('\u{feff}').unwrap_or(text);
            }
            let line = text.trim_end_matches(['\n', '\r']);
            if line.trim().is_empty() {
                continue;
            }
            let origin = Origin { file: name.clone(), line: line_number };
            match Record::parse(line) {
                Ok(record) => {
                    let solutions = record.solutions;
                    merge.add(origin, record)?;
                    so_far.0.fetch_add(1, Ordering::Relaxed);
                    let add = |sum: u64| Some(sum.saturating_add(solutions));
                    let _ = so_far.1.fetch_update(Ordering::Relaxed, Ordering::Relaxed, add);
                }
                // Only the last line can lack its end.
                Err(error) if !text.ends_with('\n') => {
                    if !crate::quiet() {
                        eprintln!(
                            "quadrille: warning: {}",
                            crate::terminal::printable(&format!("{origin}: skipped, a last line cut short: {error}"))
                        );
                    }
                }
                Err(error) => return Err(error.at(origin).into()),
            }
        }
    }
    let merged = merge.finish()?;
    let mut out = crate::stdout();
    writeln!(out, "{}", merged.to_json())?;
    out.flush()?;
    Ok(Outcome::of_count(merged.solutions))
}
