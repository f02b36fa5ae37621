//! `quadrille pack --count`: every packing through the library's front, one
//! of each class by Burnside's lemma (each count by the front), or, for a
//! shard or a limit on classes, each solution visited and asked
//! [`Packing::keeps`].

use std::io::Write;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use anyhow::bail;
use quadrille_dlx::front::{EngineStats, Report, Search};
use quadrille_pack::Packing;

use crate::Outcome;
use crate::common::{Threads, json_count, say};
use crate::count::{self as front, count_summary, print_report, run_count};
use crate::progress::Progress;
use crate::shard::{self, Shard};

/// The flags of `quadrille pack` a count reads.
pub struct Flags {
    /// `--json`.
    pub json: bool,
    /// `--stats`.
    pub stats: bool,
    /// `--unique`.
    pub unique: bool,
    /// `--threads`.
    pub threads: Option<Threads>,
    /// `--limit` (or `--first`): the most packings.
    pub most: Option<u64>,
    /// `--memo-bytes`.
    pub memo_bytes: Option<usize>,
    /// `--shard I/K`.
    pub shard: Option<Shard>,
}

/// `--count` of every packing (at most `--limit`): the library's front
/// counts, exactly; after Ctrl-C the count so far, marked partial.
pub fn count_by_front(args: &Flags, packing: &Packing, search: Search<'_>) -> anyhow::Result<Outcome> {
    let (counted, seconds) = run_count(search, args.threads, args.most, args.memo_bytes)?;
    let count = &counted.solutions;
    let record = args.json.then(|| {
        let mut record = count_summary(&counted, seconds);
        record.insert("packings".into(), json_count(count.clone()));
        record.insert("unique".into(), args.unique.into());
        record.insert("symmetries".into(), packing.n_symmetries().into());
        record
    });
    finish(args, record, count, counted.report.interrupted, seconds, || {
        print_stats(packing, &counted.report, &count.to_string(), &count.to_string(), seconds)
    })
}

/// The end of every `--count` of packings: the JSON record (with `--json`)
/// or the number of packings, then after Ctrl-C the partial count's notice,
/// else with `--stats` the statistics `stats` prints; the outcome.
fn finish(
    args: &Flags,
    record: Option<serde_json::Map<String, serde_json::Value>>,
    packings: &quadrille_dlx::memo::BigUint,
    interrupted: bool,
    seconds: f64,
    stats: impl FnOnce(),
) -> anyhow::Result<Outcome> {
    let mut out = crate::stdout();
    if let Some(record) = record {
        writeln!(out, "{}", serde_json::Value::Object(record))?;
    } else if !interrupted {
        writeln!(out, "{packings}")?;
    }
    out.flush()?;
    if interrupted {
        say!("quadrille: interrupted after {seconds:.1} s: {packings} packings so far (partial)");
        return Ok(Outcome::Interrupted);
    }
    if args.stats && !crate::quiet() {
        stats();
    }
    Ok(if *packings == quadrille_dlx::memo::BigUint::ZERO { Outcome::NotFound } else { Outcome::Found })
}

/// `--count` of every packing from one placement of each class of a piece
/// ([`Packing::count_all`], on the reduced packing): the packings, and the
/// figures of all the counts made, summed (the engines that answered, each
/// named once). After Ctrl-C, the packings found so far, marked partial.
pub fn count_all(
    args: &Flags,
    reduced: &Packing,
    all: &quadrille_dlx::memo::BigUint,
    counts: &[quadrille_dlx::front::Counted],
    seconds: f64,
) -> anyhow::Result<Outcome> {
    let interrupted = counts.iter().any(|c| c.report.interrupted);
    let engines = engines(counts);
    let figures = summed_figures(counts);
    let record = args.json.then(|| {
        let mut record = serde_json::Map::new();
        record.insert("engine".into(), engines.clone().into());
        record.insert("solutions".into(), json_count(all.clone()));
        for &(name, figure) in &figures {
            record.insert(name.into(), json_count(figure));
        }
        record.insert("seconds".into(), seconds.into());
        if interrupted {
            record.insert("interrupted".into(), true.into());
        }
        record.insert("packings".into(), json_count(all.clone()));
        record.insert("unique".into(), false.into());
        // Every packing counted, as a count of the whole problem says it.
        record.insert("symmetries".into(), 1.into());
        record
    });
    finish(args, record, all, interrupted, seconds, || {
        say!("packings: {all}");
        if let Some(piece) = reduced.restricted_piece() {
            say!(
                "symmetries: {} (piece {piece} counted in one placement of each class, {} counts)",
                reduced.n_symmetries(),
                counts.len()
            );
        }
        say!("engine: {engines}");
        say!("solutions: {all}");
        for &(name, figure) in &figures {
            if name != "cleansings" {
                say!("{name}: {figure}");
            }
        }
        say!("seconds: {seconds:.3}");
        let nodes = figures.iter().find(|(name, _)| *name == "nodes").map_or(0, |&(_, n)| n);
        if seconds > 0.0 {
            match figures.iter().find(|(name, _)| *name == "updates") {
                Some(&(_, updates)) => say!("updates/s: {:.0}", updates as f64 / seconds),
                None => say!("nodes/s: {:.0}", nodes as f64 / seconds),
            }
        }
    })
}

/// The engines that answered `counts`, each named once, in the order they
/// first answered, joined by `+`.
fn engines(counts: &[quadrille_dlx::front::Counted]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for counted in counts {
        let name = counted.report.engine.name();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.join("+")
}

/// Each figure of `counts` (nodes, updates, ...) summed over the counts that
/// have it, in the order the first count having it names it.
fn summed_figures(counts: &[quadrille_dlx::front::Counted]) -> Vec<(&'static str, u64)> {
    let mut figures: Vec<(&'static str, u64)> = Vec::new();
    for counted in counts {
        for (name, figure) in counted.report.stats.figures() {
            match figures.iter_mut().find(|(n, _)| *n == name) {
                Some((_, sum)) => *sum = sum.saturating_add(figure),
                None => figures.push((name, figure)),
            }
        }
    }
    figures
}

/// `--unique --count`: one packing of each class by Burnside's lemma
/// ([`Packing::count_classes`]): the classes, with the report of the first
/// count asked (all the packings of the first part), or of the count that
/// was interrupted, whose packings so far it prints as partial.
pub fn count_classes(
    args: &Flags,
    packing: &Packing,
    classes: &quadrille_dlx::memo::BigUint,
    first: &quadrille_dlx::front::Counted,
    seconds: f64,
) -> anyhow::Result<Outcome> {
    let record = args.json.then(|| {
        let mut record = count_summary(first, seconds);
        record.insert("packings".into(), json_count(classes.clone()));
        record.insert("unique".into(), args.unique.into());
        record.insert("symmetries".into(), packing.n_symmetries().into());
        record
    });
    finish(args, record, classes, first.report.interrupted, seconds, || {
        print_stats(packing, &first.report, &classes.to_string(), &first.solutions.to_string(), seconds)
    })
}

/// `--count` of one packing of each class, or of a shard: every solution
/// visited and asked [`Packing::keeps`].
pub fn count(args: &Flags, packing: &Packing) -> anyhow::Result<Outcome> {
    let limit = args.most.unwrap_or(u64::MAX);
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let start = Instant::now();
    let kept = AtomicU64::new(0);
    let mut search = packing.search();
    if let Some(shard) = args.shard {
        search = search.shard(shard.index, shard.of);
    }
    let mut search = front::front(search, args.threads, None);
    // Counting runs on every core unless told otherwise (or a limit is set).
    if args.threads.is_none() && args.most.is_none() {
        search = search.threads(0);
    }
    let report = search
        .visit(|solution| {
            if packing.keeps(solution) && kept.fetch_add(1, Ordering::Relaxed) + 1 >= limit {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        })
        .map_err(front::error)?;
    let kept = kept.into_inner().min(limit);
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    if report.interrupted {
        say!("quadrille: interrupted after {seconds:.1} s: {kept} packings so far (partial)");
        return Ok(Outcome::Interrupted);
    }
    let EngineStats::Search(stats) = report.stats else { bail!("a count of packings one by one is a search's") };
    let mut out = crate::stdout();
    if let Some(shard) = args.shard {
        let extra = shard::Extra {
            packings: Some(kept),
            engine: Some(report.engine.name()),
            branching: report.branching,
            weights: report.weights,
            ..Default::default()
        };
        writeln!(out, "{}", shard::record(shard, &packing.shard_id(), &stats, seconds, extra))?;
        out.flush()?;
        // A shard that ran succeeded, whatever it found: its record says it.
        return Ok(Outcome::Found);
    } else if args.json {
        let mut record = front::summary(&report, json_count(stats.solutions), seconds);
        record.insert("packings".into(), json_count(kept));
        record.insert("unique".into(), args.unique.into());
        record.insert("symmetries".into(), packing.n_symmetries().into());
        writeln!(out, "{}", serde_json::Value::Object(record))?;
    } else {
        writeln!(out, "{kept}")?;
    }
    out.flush()?;
    if args.stats && !crate::quiet() {
        print_stats(packing, &report, &kept.to_string(), &stats.solutions.to_string(), seconds);
    }
    Ok(Outcome::of_count(kept))
}

/// `--stats`: the packings kept, the symmetries, and the report of the
/// engine that answered (its solutions: every packing it met).
pub fn print_stats(packing: &Packing, report: &Report, kept: &str, solutions: &str, seconds: f64) {
    say!("packings: {kept}");
    if let Some(piece) = packing.restricted_piece() {
        say!("symmetries: {} (piece {piece} restricted)", packing.n_symmetries());
    }
    print_report(report, solutions, seconds, false);
}
