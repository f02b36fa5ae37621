//! The counting API: one task per class of constellations, weighted by the
//! class's size, on rayon's threads; unique solutions by Burnside's lemma.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};

use quadrille_dlx::{Monitor, Stats};
use rayon::prelude::*;

use super::constellation::{Task, constellations};
use super::invariant::{Turn, count_invariant};
use super::visit;
use crate::{Error, MAX_COUNT_N, check_size};

/// The number of solutions, and of classes of solutions under the symmetries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// All solutions (OEIS A000170).
    pub total: u64,
    /// Unique solutions: classes under rotations and reflections (OEIS A002562).
    pub unique: u64,
}

/// Counts the solutions of an `n`×`n` board (`n ≤ 28`) on the current rayon
/// thread pool (all cores, unless called inside
/// [`rayon::ThreadPool::install`]).
pub fn count(n: usize) -> Result<Counts, Error> {
    let part = count_shard(n, 0, 1, None)?;
    Ok(Counts { total: part.total, unique: part.unique_times_8 / 8 })
}

/// What one shard of a count found. The shards' totals add up to the number of
/// solutions, and their `unique_times_8` to eight times the number of unique
/// solutions (Burnside's sum, which only the whole can divide by 8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ShardCounts {
    /// This shard's part of all solutions.
    pub total: u64,
    /// This shard's part of eight times the unique solutions.
    pub unique_times_8: u64,
}

/// Counts shard `index` of `of` (from 0): every `of`-th class of constellations,
/// in a fixed order, so that `of` machines that each count one shard count the
/// whole board between them; shard 0 also counts the symmetric solutions.
/// With a monitor, adds each class's solutions to it as they are counted, sets
/// the fraction of classes done, and stops early (with a partial count) once
/// it is stopped. Runs on the current rayon thread pool.
pub fn count_shard(n: usize, index: u32, of: u32, monitor: Option<&Monitor>) -> Result<ShardCounts, Error> {
    check_size(n, MAX_COUNT_N, "the counter")?;
    if index >= of {
        return Err(Error::NoSuchShard { index, of });
    }
    if n < 4 {
        let counts = if index == 0 { count_by_listing(n) } else { Counts::default() };
        return Ok(ShardCounts { total: counts.total, unique_times_8: 8 * counts.unique });
    }
    let tasks: Vec<Task> = constellations(n).into_iter().skip(index as usize).step_by(of as usize).collect();
    let done = AtomicUsize::new(0);
    let stopped = || monitor.is_some_and(Monitor::is_stopped);
    let count_task = |task: &Task| {
        if stopped() {
            return 0;
        }
        let found = task.weight * task.count(monitor);
        if let Some(monitor) = monitor {
            monitor.add(&Stats { solutions: found, ..Stats::default() });
            monitor.set_fraction((done.fetch_add(1, Ordering::Relaxed) + 1) as f64 / tasks.len() as f64);
        }
        found
    };
    let invariant = |turn| if index == 0 && !stopped() { count_invariant(n, turn, monitor) } else { 0 };
    let ((total, half_turn), quarter_turn) = rayon::join(
        || rayon::join(|| tasks.par_iter().map(count_task).sum::<u64>(), || invariant(Turn::Half)),
        || invariant(Turn::Quarter),
    );
    Ok(ShardCounts { total, unique_times_8: total + half_turn + 2 * quarter_turn })
}

/// As [`count`], on the calling thread only.
pub fn count_on_this_thread(n: usize) -> Result<Counts, Error> {
    check_size(n, MAX_COUNT_N, "the counter")?;
    if n < 4 {
        return Ok(count_by_listing(n));
    }
    let total = constellations(n).iter().map(|task| task.weight * task.count(None)).sum::<u64>();
    let half_turn = count_invariant(n, Turn::Half, None);
    let quarter_turn = count_invariant(n, Turn::Quarter, None);
    Ok(Counts { total, unique: (total + half_turn + 2 * quarter_turn) / 8 })
}

/// Counts small boards by listing their solutions.
fn count_by_listing(n: usize) -> Counts {
    let mut counts = Counts::default();
    let mut check = crate::symmetry::CanonicalCheck::new();
    let _ = visit(n, |cols| {
        counts.total += 1;
        counts.unique += u64::from(check.is_canonical(cols));
        ControlFlow::Continue(())
    });
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::oeis;

    #[test]
    fn counts_match_oeis() {
        for (n, total, unique) in oeis(14) {
            let expected = Counts { total, unique };
            assert_eq!(count(n).unwrap(), expected, "n = {n}");
            assert_eq!(count_on_this_thread(n).unwrap(), expected, "n = {n}");
        }
        assert!(matches!(count(29), Err(Error::TooLarge { .. })));
    }

    /// However a count is cut into shards, the shards add up to the published
    /// counts.
    #[test]
    fn shards_add_up_to_oeis() {
        for (n, total, unique) in oeis(12).into_iter().skip(3) {
            for of in [1, 2, 5, 64] {
                let parts: Vec<ShardCounts> = (0..of).map(|i| count_shard(n, i, of, None).unwrap()).collect();
                assert_eq!(parts.iter().map(|p| p.total).sum::<u64>(), total, "n = {n}, {of} shards");
                assert_eq!(parts.iter().map(|p| p.unique_times_8).sum::<u64>(), 8 * unique, "n = {n}, {of} shards");
            }
        }
        assert_eq!(count_shard(8, 3, 3, None), Err(Error::NoSuchShard { index: 3, of: 3 }));
    }
}
