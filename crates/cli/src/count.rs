//! What `solve` and `pack` share of the library's front: a count run with
//! the flags they share, the front's errors as the command words them, and
//! the report of the engine that answered, as JSON or on stderr.

use quadrille_dlx::front::{Counted, EngineStats, Report, Search, SearchError};
use quadrille_dlx::memo::{MemoError, MemoStats};
use quadrille_dlx::sweep::SweepError;

use crate::common::{Threads, json_count, say};
use crate::progress::{self, Progress};

/// The probes of the estimate a progress bar follows: a small share of any
/// search long enough to watch.
const PROGRESS_PROBES: u32 = 200;

/// The bound on the work of those probes (see `Estimate::work`): a tenth of
/// a second or so, however wide the problem.
const PROGRESS_WORK: u64 = 10_000_000;

/// The front with the flags every door shares: threads (when given),
/// `--memo-bytes`, and the progress monitor.
pub fn front<'p>(front: Search<'p>, threads: Option<Threads>, memo_bytes: Option<usize>) -> Search<'p> {
    let front = front.monitor(Some(progress::monitor()));
    let front = match memo_bytes {
        Some(bytes) => front.memo_bytes(bytes),
        None => front,
    };
    match Threads::requested(threads) {
        Some(threads) => front.threads(threads),
        None => front,
    }
}

/// Runs a count on the library's front with the flags every door shares
/// (threads, `--limit`, `--memo-bytes`), a progress bar and Ctrl-C watching
/// it: what it counted, and the seconds it took.
pub fn run_count(
    search: Search<'_>,
    threads: Option<Threads>,
    most: Option<u64>,
    memo_bytes: Option<usize>,
) -> anyhow::Result<(Counted, f64)> {
    // On a search named (links, cells or bits), the bar follows the nodes
    // against Knuth's estimate of them; else the fraction the engine reports.
    let expected = (progress::shown(crate::quiet()) && search.asked_engine().is_search())
        .then(|| {
            search.clone().monitor(Some(progress::monitor())).estimate_within(PROGRESS_PROBES, PROGRESS_WORK, 0).ok()
        })
        .flatten()
        .filter(|estimate| !estimate.interrupted);
    let start = std::time::Instant::now();
    let progress = match expected {
        Some(estimate) => Progress::expecting(crate::quiet(), "solutions", estimate.nodes.mean),
        None => Progress::start(crate::quiet(), "solutions", None),
    };
    let counted = front(search, threads, memo_bytes).limit(most).count().map_err(error)?;
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    Ok((counted, seconds))
}

/// The front's error as the command says it: the memo, or the sweep's
/// count by frontiers, over its memory with the flag that sets the limit.
pub fn error(error: SearchError) -> anyhow::Error {
    match error {
        SearchError::Memo(memo) => memo_error(memo),
        SearchError::Sweep(sweep @ SweepError::Memory { limit_bytes, .. }) => anyhow::anyhow!(
            "{sweep}: raise --memo-bytes (now {}), or count with another engine",
            bytes_text(limit_bytes)
        ),
        other => anyhow::anyhow!("{other}"),
    }
}

/// The memo's error as the command says it: over its memory, with the flag
/// that sets the limit.
pub fn memo_error(error: MemoError) -> anyhow::Error {
    match error {
        MemoError::Memory { limit_bytes, .. } => anyhow::anyhow!(
            "{error}: raise --memo-bytes (now {}), or count with another engine",
            bytes_text(limit_bytes)
        ),
        _ => anyhow::anyhow!("{error}"),
    }
}

/// A number of bytes as `--memo-bytes` takes it: `1G`, `64M`, `1000`.
fn bytes_text(bytes: usize) -> String {
    for (shift, suffix) in [(40, 'T'), (30, 'G'), (20, 'M'), (10, 'K')] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{}{suffix}", bytes >> shift);
        }
    }
    bytes.to_string()
}

/// The JSON summary of an answer of the front, as `solve --json` and `pack
/// --json` write it: the engine that answered, the solutions, the figures
/// that engine counts and no other ([`EngineStats::figures`]), the seconds,
/// and `"interrupted": true` after Ctrl-C, when the answer is the part
/// finished.
pub fn summary(
    report: &Report,
    solutions: serde_json::Value,
    seconds: f64,
) -> serde_json::Map<String, serde_json::Value> {
    let mut fields = serde_json::Map::new();
    fields.insert("engine".into(), report.engine.name().into());
    fields.insert("solutions".into(), solutions);
    for (name, figure) in report.stats.figures() {
        fields.insert(name.into(), json_count(figure));
    }
    fields.insert("seconds".into(), seconds.into());
    if let Some(threads) = report.choice.fewer_threads {
        fields.insert("threads".into(), threads.into());
    }
    if report.interrupted {
        fields.insert("interrupted".into(), true.into());
    }
    fields
}

/// The JSON summary of a count ([`summary`]).
pub fn count_summary(counted: &Counted, seconds: f64) -> serde_json::Map<String, serde_json::Value> {
    summary(&counted.report, json_count(counted.solutions.clone()), seconds)
}

/// The words after "so far (partial)" of an interrupted answer: the nodes,
/// and the updates when the engine counts them.
pub fn partial_figures(report: &Report) -> String {
    match report.stats.updates() {
        Some(updates) => format!("{} nodes, {updates} updates", report.stats.nodes()),
        None => format!("{} nodes", report.stats.nodes()),
    }
}

/// Prints the report of the engine that answered on stderr (`--stats`): its
/// name, the solutions, the figures it counts, the seconds, and its rate
/// (updates a second, or nodes where it counts no updates).
pub fn print_report(report: &Report, solutions: &str, seconds: f64, colors: bool) {
    say!("engine: {}", report.engine);
    if let Some(threads) = report.choice.fewer_threads {
        say!("threads: {threads}");
    }
    for note in &report.choice.notes {
        say!("note: {note}");
    }
    if let EngineStats::Memo(memo) = &report.stats {
        return print_memo_stats(memo, solutions, seconds, colors);
    }
    say!("solutions: {solutions}");
    for (name, figure) in report.stats.figures() {
        if name != "cleansings" || colors {
            say!("{name}: {figure}");
        }
    }
    say!("seconds: {seconds:.3}");
    if seconds > 0.0 {
        match report.stats.updates() {
            Some(updates) => say!("updates/s: {:.0}", updates as f64 / seconds),
            None => say!("nodes/s: {:.0}", report.stats.nodes() as f64 / seconds),
        }
    }
}

/// Prints the memo's figures on stderr, named as DLX6 names them.
pub fn print_memo_stats(stats: &MemoStats, solutions: &str, seconds: f64, colors: bool) {
    say!("solutions: {solutions}");
    say!("nodes: {}", stats.nodes);
    say!("updates: {}", stats.updates);
    if colors {
        say!("cleansings: {}", stats.cleansings);
    }
    say!("zdd nodes: {}", stats.zdd_nodes());
    say!("memos: {}", stats.memos);
    say!("hits: {}", stats.hits);
    if stats.memos_dropped > 0 {
        say!("memos dropped (cache full): {}", stats.memos_dropped);
    }
    say!("cache: {} entries, {} bytes", stats.cache_entries, stats.cache_bytes);
    say!("memory held at most: {} bytes", stats.peak_bytes);
    say!("seconds: {seconds:.3}");
}
