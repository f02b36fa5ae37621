//! How deep to split a search tree, whatever the engine: the one rule that
//! [`Parallel`](crate::parallel::Parallel) and the costs engine's threads
//! follow. The caller probes; this module only decides which depths to probe
//! and when to stop.

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
