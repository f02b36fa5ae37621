//! Counts on the library's front as `solve --count` and `pack --count` run
//! them: the flags they share, and the JSON summary they write.

use quadrille_dlx::front::{Count, Counted};

use crate::common::{Threads, json_count};
use crate::memo;
use crate::progress::{self, Progress};

/// Runs a count on the library's front with the flags every door shares
/// (threads, `--limit`, `--memo-limit`), a progress bar and Ctrl-C watching
/// it: what it counted, and the seconds it took.
pub fn run_count(
    front: Count<'_>,
    threads: Option<Threads>,
    most: Option<u64>,
    memo_limit: Option<usize>,
) -> anyhow::Result<(Counted, f64)> {
    let start = std::time::Instant::now();
    let progress = Progress::start(crate::quiet(), "solutions", None);
    let counted = front
        .threads(Threads::resolve(threads).unwrap_or(0))
        .limit(most)
        .monitor(Some(progress::monitor()))
        .memo_limit(memo_limit.unwrap_or(quadrille_dlx::memo::DEFAULT_LIMIT))
        .run()
        .map_err(memo::count_error)?;
    let seconds = start.elapsed().as_secs_f64();
    drop(progress);
    Ok((counted, seconds))
}

/// The JSON summary of a count made by the library's front, as `solve
/// --count --json` and `pack --count --json` write it: the solutions, nodes,
/// updates and seconds; the memo's own figures when it counted; and
/// `"interrupted": true` after Ctrl-C, when the count is the part finished.
pub fn count_summary(counted: &Counted, seconds: f64) -> serde_json::Map<String, serde_json::Value> {
    let stats = counted.stats;
    let mut fields = serde_json::Map::new();
    fields.insert("solutions".into(), json_count(counted.solutions.clone()));
    fields.insert("nodes".into(), json_count(stats.nodes));
    fields.insert("updates".into(), json_count(stats.updates));
    fields.insert("seconds".into(), seconds.into());
    if let Some(memo) = &counted.memo {
        fields.insert("zdd_nodes".into(), json_count(memo.zdd_nodes()));
        fields.insert("memos".into(), json_count(memo.memos));
        fields.insert("hits".into(), json_count(memo.hits));
    }
    if counted.interrupted {
        fields.insert("interrupted".into(), true.into());
    }
    fields
}
