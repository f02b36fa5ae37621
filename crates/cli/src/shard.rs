//! Shards: `--shard I/K` records, and `quadrille merge`, which sums them.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::str::FromStr;

use anyhow::{Context, bail};
use quadrille_dlx::Stats;
use serde_json::{Map, Value, json};

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

/// The JSON record of one shard of a count: which shard, of which problem, and
/// what it counted. `extra` adds fields of the caller's (all numbers are summed
/// by `merge`; a field `X_times_8` becomes `X`, its sum divided by 8).
pub fn record(shard: Shard, problem: &str, stats: &Stats, seconds: f64, extra: &[(&str, Value)]) -> Value {
    let mut record = json!({
        "shard": shard.index,
        "of": shard.of,
        "problem": problem,
        "solutions": stats.solutions,
        "nodes": stats.nodes,
        "updates": stats.updates,
        "cleansings": stats.cleansings,
        "seconds": seconds,
    });
    for (key, value) in extra {
        record[*key] = value.clone();
    }
    record
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

fn records(files: &[PathBuf]) -> anyhow::Result<Vec<(Origin, Map<String, Value>)>> {
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
            let value: Value =
                serde_json::from_str(&line).with_context(|| format!("{origin}: not a JSON shard record"))?;
            let Value::Object(record) = value else {
                bail!("{origin}: not a JSON shard record");
            };
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
    let field = |origin: &Origin, record: &Map<String, Value>, key: &str| -> anyhow::Result<Value> {
        record.get(key).cloned().with_context(|| format!("{origin}: the record has no `{key}`"))
    };
    let problem = field(first_origin, first, "problem")?;
    let of = field(first_origin, first, "of")?.as_u64().filter(|&k| k > 0).context("`of` must be a positive number")?;
    let mut seen: BTreeMap<u64, &Origin> = BTreeMap::new();
    let mut sums: BTreeMap<String, Value> = BTreeMap::new();
    for (origin, record) in &records {
        let their_problem = field(origin, record, "problem")?;
        if their_problem != problem {
            bail!("{origin}: shard of another problem: {their_problem}, not {problem} as in {first_origin}");
        }
        let their_of = field(origin, record, "of")?;
        if their_of.as_u64() != Some(of) {
            bail!("{origin}: shard of {their_of} slices, not {of} as in {first_origin}");
        }
        let index = field(origin, record, "shard")?
            .as_u64()
            .filter(|&i| i < of)
            .with_context(|| format!("{origin}: `shard` must be a number from 0 to {}", of - 1))?;
        if let Some(earlier) = seen.insert(index, origin) {
            bail!("shard {index}/{of} appears twice: {earlier} and {origin}");
        }
        for (key, value) in record {
            if matches!(key.as_str(), "shard" | "of" | "problem") {
                continue;
            }
            let sum = sums.entry(key.clone()).or_insert(json!(0));
            *sum = match (sum.as_u64(), value.as_u64()) {
                (Some(a), Some(b)) => json!(a.checked_add(b).with_context(|| format!("{origin}: `{key}` overflows"))?),
                _ => match (sum.as_f64(), value.as_f64()) {
                    (Some(a), Some(b)) => json!(a + b),
                    _ => bail!("{origin}: `{key}` is not a number"),
                },
            };
        }
    }
    let missing: Vec<String> = (0..of).filter(|i| !seen.contains_key(i)).map(|i| i.to_string()).collect();
    if !missing.is_empty() {
        bail!("missing shards of {of}: {}", missing.join(", "));
    }
    let mut merged = Map::new();
    merged.insert("problem".into(), problem);
    merged.insert("shards".into(), json!(of));
    for (key, sum) in sums {
        // A count that only the whole can divide (Burnside's sum for unique
        // solutions) travels as eight times itself.
        match (key.strip_suffix("_times_8"), sum.as_u64()) {
            (Some(name), Some(eight_times)) => merged.insert(name.to_string(), json!(eight_times / 8)),
            _ => merged.insert(key, sum),
        };
    }
    let solutions = merged.get("solutions").and_then(Value::as_u64).unwrap_or(0);
    let mut out = crate::stdout();
    writeln!(out, "{}", Value::Object(merged))?;
    out.flush()?;
    Ok(Outcome::of_count(solutions))
}
