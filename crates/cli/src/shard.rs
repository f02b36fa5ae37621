//! Shards: `--shard I/K` records, and `quadrille merge`, which sums them.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::str::FromStr;

use anyhow::{Context, bail};
use quadrille_dlx::Stats;

use crate::Outcome;

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
        Ok(Shard { index, of })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.of)
    }
}

/// The record of one shard of a count, one JSON object per line: which shard,
/// of which problem, and what it counted. (Fields in alphabetical order, as
/// they have always been written.)
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Record {
    /// Cleansings counted.
    pub cleansings: u64,
    /// The engine that counted (`links`, `cells` or `bits`): engines count their
    /// statistics differently, so shards of one count agree on it. A record
    /// without one is of the links engine, or of no engine at all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// Search nodes counted.
    pub nodes: u64,
    /// How many shards make the whole.
    pub of: u64,
    /// Packings kept by `quadrille pack --unique` (one of each class), which the
    /// engine's solutions outnumber.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub packings: Option<u64>,
    /// The problem's identity: shards of different problems never merge.
    pub problem: String,
    /// Seconds this shard took.
    pub seconds: f64,
    /// Which shard, from 0.
    pub shard: u64,
    /// Solutions counted.
    pub solutions: u64,
    /// Eight times the shard's part of the count of solutions up to symmetry
    /// (Burnside's sum): only the whole divides by 8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_times_8: Option<u64>,
    /// Link updates counted.
    pub updates: u64,
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
}

/// The record of one shard.
pub fn record(shard: Shard, problem: &str, stats: &Stats, seconds: f64, extra: Extra) -> String {
    let Extra { unique_times_8, packings, engine } = extra;
    let record = Record {
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
    };
    serde_json::to_string(&record).expect("a record is plain data")
}

/// The sum of a merge: the whole count.
#[derive(Debug, serde::Serialize)]
struct Merged {
    cleansings: u64,
    /// The engine of the shards, when they name one.
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<String>,
    nodes: u64,
    /// The packings kept, when the shards carry them.
    #[serde(skip_serializing_if = "Option::is_none")]
    packings: Option<u64>,
    problem: String,
    seconds: f64,
    shards: u64,
    solutions: u64,
    /// The count up to symmetry, when the shards carry one.
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u64>,
    updates: u64,
}

/// Arguments of `quadrille merge`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    parallel quadrille solve big.dlx --count --shard {}/8 ::: 0 1 2 3 4 5 6 7 | quadrille merge\n  \
    quadrille merge shard-*.json")]
pub struct Args {
    /// Files of shard records, one JSON object per line (none or `-`: standard input).
    pub files: Vec<PathBuf>,
}

/// Where a record came from, for messages.
struct Origin {
    file: String,
    line: usize,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

fn records(files: &[PathBuf]) -> anyhow::Result<Vec<(Origin, Record)>> {
    let mut all = Vec::new();
    let stdin = [PathBuf::from("-")];
    for path in if files.is_empty() { &stdin[..] } else { files } {
        let crate::input::Input { name, reader, .. } = crate::input::open(Some(path), 1 << 16)?;
        for (k, line) in reader.lines().enumerate() {
            let line = line.with_context(|| format!("cannot read {name}"))?;
            if line.trim().is_empty() {
                continue;
            }
            let origin = Origin { file: name.clone(), line: k + 1 };
            let record: Record =
                serde_json::from_str(&line).with_context(|| format!("{origin}: not a shard record"))?;
            all.push((origin, record));
        }
    }
    Ok(all)
}

/// Runs `quadrille merge`.
pub fn run(args: Args) -> anyhow::Result<Outcome> {
    let records = records(&args.files)?;
    let Some((first_origin, first)) = records.first() else {
        bail!("no shard records to merge");
    };
    let of = first.of;
    if of == 0 {
        bail!("{first_origin}: `of` must be a positive number");
    }
    let mut seen: BTreeMap<u64, &Origin> = BTreeMap::new();
    let mut merged = Merged {
        cleansings: 0,
        engine: first.engine.clone(),
        nodes: 0,
        packings: None,
        problem: first.problem.clone(),
        seconds: 0.0,
        shards: of,
        solutions: 0,
        unique: None,
        updates: 0,
    };
    let mut unique_times_8: Option<u64> = None;
    for (origin, record) in &records {
        if record.problem != first.problem {
            bail!(
                "{origin}: shard of another problem: {:?}, not {:?} as in {first_origin}",
                record.problem,
                first.problem
            );
        }
        if record.of != of {
            bail!("{origin}: shard of {} slices, not {of} as in {first_origin}", record.of);
        }
        // Engines count their statistics differently: shards of one count
        // agree on the engine (a record without one is of the links engine).
        let engine_of = |record: &Record| record.engine.clone().unwrap_or_else(|| "links".into());
        if engine_of(record) != engine_of(first) {
            bail!(
                "{origin}: shard counted with the {} engine, not {} as in {first_origin}: their statistics differ",
                engine_of(record),
                engine_of(first)
            );
        }
        if record.shard >= of {
            bail!("{origin}: `shard` must be a number from 0 to {}", of - 1);
        }
        if let Some(earlier) = seen.insert(record.shard, origin) {
            bail!("shard {}/{of} appears twice: {earlier} and {origin}", record.shard);
        }
        let add = |sum: u64, part: u64, key: &str| {
            sum.checked_add(part).with_context(|| format!("{origin}: `{key}` overflows"))
        };
        merged.cleansings = add(merged.cleansings, record.cleansings, "cleansings")?;
        merged.nodes = add(merged.nodes, record.nodes, "nodes")?;
        merged.solutions = add(merged.solutions, record.solutions, "solutions")?;
        merged.updates = add(merged.updates, record.updates, "updates")?;
        merged.seconds += record.seconds;
        if let Some(part) = record.unique_times_8 {
            unique_times_8 = Some(add(unique_times_8.unwrap_or(0), part, "unique_times_8")?);
        }
        if let Some(part) = record.packings {
            merged.packings = Some(add(merged.packings.unwrap_or(0), part, "packings")?);
        }
    }
    let missing: Vec<String> = (0..of).filter(|i| !seen.contains_key(i)).map(|i| i.to_string()).collect();
    if !missing.is_empty() {
        bail!("missing shards of {of}: {}", missing.join(", "));
    }
    // A count that only the whole can divide (Burnside's sum for unique
    // solutions) travels as eight times itself.
    merged.unique = unique_times_8.map(|eight_times| eight_times / 8);
    let mut out = crate::stdout();
    writeln!(out, "{}", serde_json::to_string(&merged)?)?;
    out.flush()?;
    Ok(Outcome::of_count(merged.solutions))
}
