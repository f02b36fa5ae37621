//! Shard records and their checked merge.
//!
//! A count split into shards (see [`parallel`](crate::parallel)) is run as
//! `k` separate jobs, each writing one [`Record`], a line of JSON. [`Merge`]
//! reads those lines back and sums them, refusing anything that would make
//! the sum wrong: records of another problem, of another number of slices,
//! of another engine or another branching (or weights), a slice twice, a
//! slice missing, negative times.
//!
//! A merge keeps one entry per record it has read and nothing else, however
//! large a record says `of` is: the missing slices are counted, and only the
//! first [`SHOWN_MISSING`] are named.
//!
//! Counts in JSON follow one rule, here and in every JSON line of the
//! `quadrille` command ([`json_count`]): a count up to [`MAX_JSON_NUMBER`]
//! (2⁵³ − 1) is a JSON number, a larger one a string of decimal digits, as
//! I-JSON (RFC 7493, section 2.2) recommends, since many readers (JavaScript,
//! jq before 1.7) hold JSON numbers as doubles and would round it. A record
//! is read back with either form in any field that counts.
//!
//! ```
//! use quadrille_dlx::shard::{Merge, Origin, Record};
//!
//! let mut merge = Merge::new();
//! for (line, text) in [
//!     r#"{"cleansings":0,"nodes":4,"of":2,"problem":"p","seconds":0.5,"shard":0,"solutions":1,"updates":9}"#,
//!     r#"{"cleansings":0,"nodes":3,"of":2,"problem":"p","seconds":0.25,"shard":1,"solutions":2,"updates":5}"#,
//! ]
//! .into_iter()
//! .enumerate()
//! {
//!     let origin = Origin { file: "shards.json".into(), line: line + 1 };
//!     let record = Record::parse(text).map_err(|e| e.at(origin.clone()))?;
//!     merge.add(origin, record)?;
//! }
//! let whole = merge.finish()?;
//! assert_eq!((whole.solutions, whole.nodes, whole.shards), (3, 7, 2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;

use num_bigint::BigUint;

use crate::parallel::MAX_SHARDS;
use crate::util::engine::Question;
use crate::util::search::{Branching, Engine, Weights};

/// The most slices a record may say a count was cut into: the one cap of
/// shards and slices ([`MAX_SHARDS`]).
const MAX_SLICES: u64 = MAX_SHARDS as u64;

/// How many missing slices an error names before it only counts the rest.
pub const SHOWN_MISSING: usize = 10;

/// The largest count written as a JSON number: 2⁵³ − 1, the largest integer
/// `n` such that every reader that holds numbers as doubles tells `n` from
/// `n + 1`. Larger counts are written as strings of decimal digits.
pub const MAX_JSON_NUMBER: u64 = (1 << 53) - 1;

/// A count as JSON: a number up to [`MAX_JSON_NUMBER`], a string of decimal
/// digits above it (see the [module](self)).
///
/// ```
/// use quadrille_dlx::shard::json_count;
///
/// assert_eq!(json_count(12u64).to_string(), "12");
/// assert_eq!(json_count((1u64 << 53) - 1).to_string(), "9007199254740991");
/// assert_eq!(json_count(1u64 << 53).to_string(), r#""9007199254740992""#);
/// ```
pub fn json_count(count: impl Into<BigUint>) -> serde_json::Value {
    let count: BigUint = count.into();
    match u64::try_from(&count) {
        Ok(n) if n <= MAX_JSON_NUMBER => serde_json::Value::from(n),
        _ => serde_json::Value::String(count.to_string()),
    }
}

/// Reads a count written either way [`json_count`] writes one (or as a JSON
/// number of any size, as older records have it).
fn count_of(value: &serde_json::Value) -> Result<u64, String> {
    match value {
        serde_json::Value::Number(n) => n.as_u64().ok_or_else(|| format!("{n} is not a count from 0 to 2^64 - 1")),
        serde_json::Value::String(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            digits.parse().map_err(|_| format!("\"{digits}\" is more than 2^64 - 1"))
        }
        other => Err(format!("{other} is not a count (a whole number, or its decimal digits as a string)")),
    }
}

/// Serde's view of a count field: written by [`json_count`], read by
/// `count_of`.
mod count_field {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(count: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        super::json_count(*count).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        super::count_of(&value).map_err(serde::de::Error::custom)
    }
}

/// [`count_field`] for a count that may be absent.
mod optional_count_field {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(count: &Option<u64>, serializer: S) -> Result<S::Ok, S::Error> {
        count.map(super::json_count).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
        match Option::<serde_json::Value>::deserialize(deserializer)? {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(value) => super::count_of(&value).map(Some).map_err(serde::de::Error::custom),
        }
    }
}

/// Whether a record may name `engine`: one that counts in shards, by the
/// capability table ([`crate::engine`]), `auto` apart (a record names the
/// engine that counted).
pub fn record_engine(engine: &str) -> bool {
    engine.parse::<Engine>().is_ok_and(|e| e != Engine::Auto && e.capabilities().shards(Question::Count))
}

/// How the search of a record branched, as it names it: `None` for
/// [`Branching::Dlx`] (the field is left out, as in every record written
/// before binary branching), the name of another.
pub fn branching_field(branching: Branching) -> Option<String> {
    (branching != Branching::Dlx).then(|| branching.name().to_string())
}

/// How a search branched, in words, from a record's fields `branching` and
/// `weights`, as errors name it: `d-way branching` for a record that names
/// neither (or `dlx` and `off`); `binary branching with frb weights`, or
/// `without weights`. Two records branched alike when their words are
/// equal.
pub fn branching_words(branching: Option<&str>, weights: Option<&str>) -> String {
    match (branching.unwrap_or("dlx"), weights.unwrap_or("off")) {
        ("dlx", "off") => "d-way branching".to_string(),
        (branching, "off") => format!("{branching} branching without weights"),
        (branching, weights) => format!("{branching} branching with {weights} weights"),
    }
}

/// The weights of a record's binary branching, as it names them: written
/// (`off` included) exactly when the branching is, so that a record of
/// binary branching names both.
pub fn weights_field(branching: Branching, weights: Weights) -> Option<String> {
    (branching != Branching::Dlx).then(|| weights.name().to_string())
}

/// The record of one shard of a count, one JSON object per line: which shard,
/// of which problem, and what it counted. (Fields in alphabetical order, as
/// they have always been written.)
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Record {
    /// How the search branched, when not `d` ways: `binary` for the cells
    /// engine's binary branching ([`Branching::Binary`], written by
    /// [`branching_field`]). A record without one branched `d` ways, as
    /// every record written before binary branching did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branching: Option<String>,
    /// Cleansings counted.
    #[serde(with = "count_field")]
    pub cleansings: u64,
    /// The engine that counted (`links`, `cells` or `bits`, see
    /// [`record_engine`]): engines count their statistics differently, so
    /// shards of one count agree on it. A record without one is of the links
    /// engine, or of no engine at all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// Search nodes counted.
    #[serde(with = "count_field")]
    pub nodes: u64,
    /// How many shards make the whole.
    pub of: u64,
    /// Packings kept by `quadrille pack --unique` (one of each class), which the
    /// engine's solutions outnumber.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "optional_count_field")]
    pub packings: Option<u64>,
    /// The problem's identity: shards of different problems never merge.
    pub problem: String,
    /// Seconds this shard took.
    pub seconds: f64,
    /// Which shard, from 0.
    pub shard: u64,
    /// Solutions counted.
    #[serde(with = "count_field")]
    pub solutions: u64,
    /// Eight times the shard's part of the count of solutions up to symmetry
    /// (Burnside's sum): only the whole divides by 8.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "optional_count_field")]
    pub unique_times_8: Option<u64>,
    /// Link updates counted.
    #[serde(with = "count_field")]
    pub updates: u64,
    /// The weights of binary branching (`off`, `frb` or `wdeg`, written by
    /// [`weights_field`]). A record without them has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<String>,
}

impl Record {
    /// Reads a record from one line of JSON and checks it on its own: `of`
    /// from 1 to [`MAX_SHARDS`], `shard` below `of`, `seconds` a number of at
    /// least 0, the engine (if named) one of [`record_engine`], the
    /// branching and weights (if named) those of [`Branching`] and
    /// [`Weights`], weights other than `off` only with binary branching,
    /// binary branching only on the cells engine. Counts may be numbers or
    /// strings of digits (see [`json_count`]).
    pub fn parse(line: &str) -> Result<Record, RecordError> {
        let record: Record = serde_json::from_str(line).map_err(|e| RecordError::NotARecord(e.to_string()))?;
        record.check()?;
        Ok(record)
    }

    /// Checks the record on its own, as [`Record::parse`] does.
    pub fn check(&self) -> Result<(), RecordError> {
        if self.of == 0 || self.of > MAX_SLICES {
            return Err(RecordError::BadSlices(self.of));
        }
        if self.shard >= self.of {
            return Err(RecordError::NoSuchShard { shard: self.shard, of: self.of });
        }
        if !self.seconds.is_finite() || self.seconds < 0.0 {
            return Err(RecordError::BadSeconds(self.seconds));
        }
        if let Some(engine) = self.engine.as_deref().filter(|name| !record_engine(name)) {
            return Err(RecordError::UnknownEngine(engine.to_string()));
        }
        let branching = self.branching.as_deref().unwrap_or("dlx");
        if !Branching::ALL.iter().any(|b| b.name() == branching) {
            return Err(RecordError::UnknownBranching(branching.to_string()));
        }
        let weights = self.weights.as_deref().unwrap_or("off");
        if !Weights::ALL.iter().any(|w| w.name() == weights) {
            return Err(RecordError::UnknownWeights(weights.to_string()));
        }
        if branching == Branching::Dlx.name() && weights != Weights::Off.name() {
            return Err(RecordError::WeightsWithoutBinary(weights.to_string()));
        }
        if branching != Branching::Dlx.name() && self.engine_name() != Engine::Cells.name() {
            return Err(RecordError::BranchingOffCells {
                branching: branching.to_string(),
                engine: self.engine_name().to_string(),
            });
        }
        Ok(())
    }

    /// The record as one line of JSON (without the line's end).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record is plain data")
    }

    /// The engine that counted, `links` when the record names none.
    fn engine_name(&self) -> &str {
        self.engine.as_deref().unwrap_or("links")
    }

    /// How the search branched, in words ([`branching_words`]).
    pub fn branching_words(&self) -> String {
        branching_words(self.branching.as_deref(), self.weights.as_deref())
    }
}

/// What is wrong with one record on its own.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The line is not a JSON object with a record's fields.
    #[error("not a shard record: {0}")]
    NotARecord(String),
    /// `of` is 0 or more than [`MAX_SHARDS`].
    #[error("`of` is {0}: a count is cut into 1 to {MAX_SLICES} slices")]
    BadSlices(u64),
    /// `shard` is not below `of`.
    #[error("`shard` is {shard}: the slices of {of} are numbered 0 to {last}", last = of - 1)]
    NoSuchShard {
        /// The record's shard.
        shard: u64,
        /// The record's number of slices.
        of: u64,
    },
    /// `seconds` is negative (or not a finite number).
    #[error("`seconds` is {0}: a time is a number of at least 0")]
    BadSeconds(f64),
    /// `engine` names no engine that counts shards.
    #[error("`engine` is {0:?}: shards are counted by links, cells or bits")]
    UnknownEngine(String),
    /// `branching` names no branching.
    #[error("`branching` is {0:?}: the branchings are dlx and binary")]
    UnknownBranching(String),
    /// `weights` names no weights.
    #[error("`weights` is {0:?}: the weights are off, frb and wdeg")]
    UnknownWeights(String),
    /// Weights on a record of `d`-way branching.
    #[error("`weights` is {0:?} without binary branching: weights choose the item of binary branching")]
    WeightsWithoutBinary(String),
    /// Binary branching on another engine than the cells.
    #[error("`branching` is {branching:?} on the {engine} engine: only the cells engine branches two ways")]
    BranchingOffCells {
        /// The record's branching.
        branching: String,
        /// The record's engine (`links` when it names none).
        engine: String,
    },
}

impl RecordError {
    /// This error, said of the record at `origin`.
    pub fn at(self, origin: Origin) -> MergeError {
        MergeError::Record { origin, error: self }
    }
}

/// Where a record came from: a file (or `-`) and a line, from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The file's name, as the user gave it.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// Why records do not merge.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// A record is wrong on its own.
    #[error("{origin}: {error}")]
    Record {
        /// Where the record is.
        origin: Origin,
        /// What is wrong with it.
        error: RecordError,
    },
    /// There were no records.
    #[error("no shard records to merge")]
    Empty,
    /// A record of another problem than the first.
    #[error("{origin}: shard of another problem: {found:?}, not {expected:?} as in {first}")]
    OtherProblem {
        /// Where the record is.
        origin: Origin,
        /// Its problem.
        found: String,
        /// The first record's problem.
        expected: String,
        /// Where the first record is.
        first: Origin,
    },
    /// A record of another number of slices than the first.
    #[error("{origin}: shard of {found} slices, not {expected} as in {first}")]
    OtherSlices {
        /// Where the record is.
        origin: Origin,
        /// Its number of slices.
        found: u64,
        /// The first record's.
        expected: u64,
        /// Where the first record is.
        first: Origin,
    },
    /// A record counted by another engine than the first.
    #[error("{origin}: shard counted with the {found} engine, not {expected} as in {first}: their statistics differ")]
    OtherEngine {
        /// Where the record is.
        origin: Origin,
        /// Its engine.
        found: String,
        /// The first record's.
        expected: String,
        /// Where the first record is.
        first: Origin,
    },
    /// A record whose search branched otherwise than the first's (another
    /// branching, or other weights).
    #[error("{origin}: shard counted with {found}, not {expected} as in {first}: their statistics differ")]
    OtherBranching {
        /// Where the record is.
        origin: Origin,
        /// How it branched, in words ([`Record::branching_words`]).
        found: String,
        /// How the first record branched.
        expected: String,
        /// Where the first record is.
        first: Origin,
    },
    /// The same slice twice.
    #[error("shard {shard}/{of} appears twice: {earlier} and {origin}")]
    Twice {
        /// The slice.
        shard: u64,
        /// The number of slices.
        of: u64,
        /// Where it first appeared.
        earlier: Origin,
        /// Where it appeared again.
        origin: Origin,
    },
    /// A sum does not fit in 64 bits (or, for `seconds`, is no longer a
    /// finite number).
    #[error("{origin}: `{field}` overflows")]
    Overflow {
        /// The record that made it overflow.
        origin: Origin,
        /// The field.
        field: &'static str,
    },
    /// Some slices have no record.
    #[error("missing {} shard{s} of {of}: {}{more}", thousands(*n_missing), list(first), s = if *n_missing == 1 { "" } else { "s" }, more = more(*n_missing, first.len()))]
    Missing {
        /// How many slices are missing.
        n_missing: u64,
        /// The number of slices.
        of: u64,
        /// The first missing ones, at most [`SHOWN_MISSING`].
        first: Vec<u64>,
    },
}

fn list(numbers: &[u64]) -> String {
    numbers.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

fn more(n_missing: u64, shown: usize) -> String {
    let rest = n_missing - shown as u64;
    if rest == 0 { String::new() } else { format!(" and {} more", thousands(rest)) }
}

/// `1234567` as `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The sum of a merge: the whole count.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Merged {
    /// The branching of the shards, when they name one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branching: Option<String>,
    /// Cleansings counted.
    #[serde(with = "count_field")]
    pub cleansings: u64,
    /// The engine of the shards, when they name one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// Search nodes counted.
    #[serde(with = "count_field")]
    pub nodes: u64,
    /// The packings kept, when the shards carry them.
    #[serde(skip_serializing_if = "Option::is_none", with = "optional_count_field")]
    pub packings: Option<u64>,
    /// The problem's identity.
    pub problem: String,
    /// Seconds, summed over the shards.
    pub seconds: f64,
    /// How many shards made the whole.
    pub shards: u64,
    /// Solutions counted.
    #[serde(with = "count_field")]
    pub solutions: u64,
    /// The count up to symmetry, when the shards carry one.
    #[serde(skip_serializing_if = "Option::is_none", with = "optional_count_field")]
    pub unique: Option<u64>,
    /// Link updates counted.
    #[serde(with = "count_field")]
    pub updates: u64,
    /// The weights of the shards' binary branching, when they name them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weights: Option<String>,
}

impl Merged {
    /// The sum as one line of JSON (without the line's end).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a sum is plain data")
    }
}

/// A merge under way: records added one at a time, checked against the
/// first, summed.
#[derive(Clone, Debug, Default)]
pub struct Merge {
    /// The first record, where it came from, and the sum so far.
    first: Option<(Origin, Record)>,
    sum: Option<Merged>,
    unique_times_8: Option<u64>,
    /// Where each slice seen so far came from.
    seen: BTreeMap<u64, Origin>,
}

impl Merge {
    /// A merge of no records yet.
    pub fn new() -> Merge {
        Merge::default()
    }

    /// Adds one record (which [`Record::parse`] checked, or which is checked
    /// here the same way), refusing it when it does not belong with the
    /// records before it.
    pub fn add(&mut self, origin: Origin, record: Record) -> Result<(), MergeError> {
        if let Err(error) = record.check() {
            return Err(error.at(origin));
        }
        let (first_origin, first) = self.first.get_or_insert_with(|| (origin.clone(), record.clone()));
        if record.problem != first.problem {
            return Err(MergeError::OtherProblem {
                origin,
                found: record.problem,
                expected: first.problem.clone(),
                first: first_origin.clone(),
            });
        }
        if record.of != first.of {
            return Err(MergeError::OtherSlices {
                origin,
                found: record.of,
                expected: first.of,
                first: first_origin.clone(),
            });
        }
        // Engines count their statistics differently: shards of one count
        // agree on the engine (a record without one is of the links engine).
        if record.engine_name() != first.engine_name() {
            return Err(MergeError::OtherEngine {
                found: record.engine_name().to_string(),
                expected: first.engine_name().to_string(),
                first: first_origin.clone(),
                origin,
            });
        }
        // So do binary branching and its weights, and `d`-way branching.
        if record.branching_words() != first.branching_words() {
            return Err(MergeError::OtherBranching {
                found: record.branching_words(),
                expected: first.branching_words(),
                first: first_origin.clone(),
                origin,
            });
        }
        if let Some(earlier) = self.seen.get(&record.shard) {
            return Err(MergeError::Twice { shard: record.shard, of: record.of, earlier: earlier.clone(), origin });
        }
        let sum = self.sum.get_or_insert_with(|| Merged {
            branching: first.branching.clone(),
            cleansings: 0,
            engine: first.engine.clone(),
            nodes: 0,
            packings: None,
            problem: first.problem.clone(),
            seconds: 0.0,
            shards: first.of,
            solutions: 0,
            unique: None,
            updates: 0,
            weights: first.weights.clone(),
        });
        let add = |total: u64, part: u64, field: &'static str| {
            total.checked_add(part).ok_or_else(|| MergeError::Overflow { origin: origin.clone(), field })
        };
        // Every sum is checked before any is changed, so that a refused
        // record leaves the merge as it was.
        let cleansings = add(sum.cleansings, record.cleansings, "cleansings")?;
        let nodes = add(sum.nodes, record.nodes, "nodes")?;
        let solutions = add(sum.solutions, record.solutions, "solutions")?;
        let updates = add(sum.updates, record.updates, "updates")?;
        let unique_times_8 = match record.unique_times_8 {
            Some(part) => Some(add(self.unique_times_8.unwrap_or(0), part, "unique_times_8")?),
            None => self.unique_times_8,
        };
        let packings = match record.packings {
            Some(part) => Some(add(sum.packings.unwrap_or(0), part, "packings")?),
            None => sum.packings,
        };
        // Two finite times can add up to infinity, which JSON cannot write.
        let seconds = sum.seconds + record.seconds;
        if !seconds.is_finite() {
            return Err(MergeError::Overflow { origin, field: "seconds" });
        }
        (sum.cleansings, sum.nodes, sum.solutions, sum.updates, sum.packings) =
            (cleansings, nodes, solutions, updates, packings);
        self.unique_times_8 = unique_times_8;
        sum.seconds = seconds;
        self.seen.insert(record.shard, origin);
        Ok(())
    }

    /// The whole count, when every slice has its record; otherwise the
    /// slices missing (counted, and the first [`SHOWN_MISSING`] named), found
    /// without going through every slice number.
    pub fn finish(self) -> Result<Merged, MergeError> {
        let Some(mut sum) = self.sum else {
            return Err(MergeError::Empty);
        };
        let of = sum.shards;
        let n_missing = of - self.seen.len() as u64;
        if n_missing > 0 {
            let mut first = Vec::new();
            let mut next = 0;
            for &shard in self.seen.keys().chain([&of]) {
                first.extend((next..shard).take(SHOWN_MISSING - first.len()));
                if first.len() == SHOWN_MISSING {
                    break;
                }
                next = shard + 1;
            }
            return Err(MergeError::Missing { n_missing, of, first });
        }
        // A count that only the whole can divide (Burnside's sum for unique
        // solutions) travels as eight times itself.
        sum.unique = self.unique_times_8.map(|eight_times| eight_times / 8);
        Ok(sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(shard: u64, of: u64) -> Record {
        Record {
            branching: None,
            cleansings: 0,
            engine: None,
            nodes: 1,
            of,
            packings: None,
            problem: "p".into(),
            seconds: 0.0,
            shard,
            solutions: 1,
            unique_times_8: None,
            updates: 1,
            weights: None,
        }
    }

    fn at(line: usize) -> Origin {
        Origin { file: "f".into(), line }
    }

    #[test]
    fn missing_slices_are_counted_not_listed() {
        let mut merge = Merge::new();
        merge.add(at(1), record(3, 100_000)).unwrap();
        merge.add(at(2), record(5, 100_000)).unwrap();
        let err = merge.finish().unwrap_err();
        assert_eq!(err.to_string(), "missing 99,998 shards of 100000: 0, 1, 2, 4, 6, 7, 8, 9, 10, 11 and 99,988 more");
        // One cap for shards and slices: one more is refused.
        assert!(Merge::new().add(at(1), record(3, 100_001)).is_err());
        let mut merge = Merge::new();
        merge.add(at(1), record(0, 2)).unwrap();
        assert_eq!(merge.finish().unwrap_err().to_string(), "missing 1 shard of 2: 1");
    }

    #[test]
    fn thousands_are_grouped() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (99_999_990, "99,999,990"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ];
        for (n, text) in cases {
            assert_eq!(thousands(n), text);
        }
    }

    /// Counts up to 2^53 - 1 are written as numbers, larger ones as strings,
    /// and both read back.
    #[test]
    fn counts_past_2_to_the_53_travel_as_strings() {
        let big = Record { solutions: 1 << 53, nodes: (1 << 53) - 1, packings: Some(u64::MAX), ..record(0, 1) };
        let text = big.to_json();
        assert!(text.contains(r#""solutions":"9007199254740992""#), "{text}");
        assert!(text.contains(r#""nodes":9007199254740991"#), "{text}");
        assert!(text.contains(r#""packings":"18446744073709551615""#), "{text}");
        assert_eq!(Record::parse(&text).unwrap(), big);
        let old = text.replace(r#""9007199254740992""#, "9007199254740992");
        assert_eq!(Record::parse(&old).unwrap(), big);
        for bad in [r#""-1""#, r#""""#, r#""1e3""#, r#""18446744073709551616""#, "-1", "1.5", "null"] {
            let text = text.replace(r#""9007199254740992""#, bad);
            assert!(Record::parse(&text).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_refused_record_changes_nothing() {
        let mut merge = Merge::new();
        merge.add(at(1), Record { solutions: u64::MAX, ..record(0, 2) }).unwrap();
        let err = merge.add(at(2), Record { nodes: 5, ..record(1, 2) }).unwrap_err();
        assert_eq!(err.to_string(), "f:2: `solutions` overflows");
        merge.add(at(3), Record { solutions: 0, ..record(1, 2) }).unwrap();
        let whole = merge.finish().unwrap();
        assert_eq!((whole.solutions, whole.nodes), (u64::MAX, 2));
    }
}
