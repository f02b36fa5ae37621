//! How deep to split a search tree, whatever the engine: the one rule that
//! [`Parallel`](crate::parallel::Parallel) and the costs engine's threads
//! follow. The caller probes; this module only decides which depths to probe
//! and when to stop.

/// How many subproblems a split aims for by default: enough to balance many
/// threads or shards, few enough that replaying their prefixes costs nothing.
/// A count in more shards than this aims for one subproblem a shard.
pub const DEFAULT_SUBPROBLEMS: usize = 1024;

/// The most shards a count may be cut into (see [`Parallel::shard`](crate::parallel::Parallel::shard)): enough
/// tasks for a cluster of thousands of cores.
pub const MAX_SHARDS: u32 = 100_000;

/// Why a parallel search could not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParallelError {
    /// A shard number must be below the number of shards, which must be positive.
    #[error("shard {index} of {of} does not exist: shards are numbered 0 to {last}", last = of.saturating_sub(1))]
    NoSuchShard {
        /// The shard asked for.
        index: u32,
        /// The number of shards.
        of: u32,
    },
    /// More shards than [`MAX_SHARDS`].
    #[error("{of} shards are too many: at most {max}", max = MAX_SHARDS)]
    TooManyShards {
        /// The number of shards asked for.
        of: u32,
    },
    /// Slices made from another problem than the one searched (see
    /// [`Parallel::slice`](crate::parallel::Parallel::slice), [`Slices::visit`](crate::parallel::Slices::visit)): their prefixes are not this
    /// problem's subproblems.
    #[error("the slices were made from another problem")]
    OtherProblem,
    /// Slices made for another engine, or another number of subproblems, than
    /// the search would split for: their records would not merge with the
    /// others of the count.
    #[error("the slices were split for {split}, not {search} as this search splits")]
    OtherSplit {
        /// What the slices were split for.
        split: String,
        /// What the search would split for.
        search: String,
    },
    /// A solver with options committed cannot run a slice: the subproblems
    /// are of the whole problem.
    #[error("a solver with {0} options committed cannot run a slice")]
    Committed(usize),
    /// The thread pool could not be made.
    #[error("cannot start {threads} threads: {source}")]
    Threads {
        /// The number of threads asked for.
        threads: usize,
        /// What the thread pool said.
        source: rayon::ThreadPoolBuildError,
    },
}

/// What a probe of the split at one depth saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Probe {
    /// The leaves met (a probe may stop once it has seen the number aimed for).
    pub(crate) leaves: usize,
    /// Whether some leaf lies at the depth probed: if none does, the tree
    /// ends above it and no deeper split has more leaves.
    pub(crate) deeper: bool,
}

impl Probe {
    /// Whether a split at the depth probed is the one to take: it has `aim`
    /// leaves, or it is the deepest there is.
    fn enough(self, aim: usize) -> bool {
        self.leaves >= aim || !self.deeper
    }
}

/// The shallowest depth whose split has at least `aim` leaves, or the depth
/// below which nothing is left to split, found by calling `probe(depth)`.
///
/// One level deeper at a time while the tree widens (each probe then costs
/// more than all before it together); twice as far each time it does not (a
/// long narrow stretch, where probing level by level would cost the square of
/// its length); then halving the interval between the last failing and the
/// first succeeding depth. A narrow stretch of `d` levels costs `O(log d)`
/// probes. The answer is at least 1.
pub(crate) fn split_depth(aim: usize, mut probe: impl FnMut(usize) -> Probe) -> usize {
    let (mut low, mut high, mut step, mut width) = (0, 1, 1, 0);
    loop {
        let seen = probe(high);
        if seen.enough(aim) {
            break;
        }
        step = if seen.leaves <= width { step * 2 } else { 1 };
        (low, width) = (high, seen.leaves);
        high = high.saturating_add(step);
    }
    // The probe succeeds at `high` and fails at `low` (or `low` is 0).
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if probe(middle).enough(aim) {
            high = middle;
        } else {
            low = middle;
        }
    }
    high
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree given by its width at each depth (leaves there, counting the
    /// solutions above as nothing): the probe reports min(width, aim).
    fn tree(widths: &[usize], aim: usize) -> (usize, Vec<usize>) {
        let mut probed = Vec::new();
        let depth = split_depth(aim, |depth| {
            probed.push(depth);
            let width = widths.get(depth).copied().unwrap_or(0);
            let leaves = if depth < widths.len() { width } else { widths.last().copied().unwrap_or(0) };
            Probe { leaves: leaves.min(aim), deeper: depth < widths.len() }
        });
        (depth, probed)
    }

    /// The shallowest depth with enough leaves, checked against a scan of
    /// every depth.
    #[test]
    fn the_shallowest_depth_with_enough_leaves() {
        let widths = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
        for aim in 1..=600 {
            let expected = (1..widths.len()).find(|&d| widths[d] >= aim).unwrap_or(widths.len());
            assert_eq!(tree(&widths, aim).0, expected, "aim {aim}");
        }
    }

    /// A chain of 2,000 single nodes, then a fan: a few dozen probes, not
    /// 2,000.
    #[test]
    fn a_long_chain_costs_few_probes() {
        let mut widths = vec![1; 2000];
        widths.extend([10, 100, 1000]);
        let (depth, probed) = tree(&widths, 100);
        assert_eq!(depth, 2001);
        assert!(probed.len() <= 30, "{} probes", probed.len());
    }
}
