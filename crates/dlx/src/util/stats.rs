//! What a search counts: nodes, updates, cleansings and solutions.

use std::ops::ControlFlow;

/// Statistics of a search, counted exactly as Knuth's DLX1 and DLX2 count them
/// on the dancing-links engine ([`Engine::Links`](crate::Engine::Links)); the other engines count
/// their own way (see [`Engine`](crate::Engine)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Search tree nodes: one each time the search enters a level, the root
    /// included (a level that finds every primary item covered is a solution and
    /// counts as one node too).
    pub nodes: u64,
    /// Link updates: covering an item counts one for taking the item out of its
    /// list and one for every node hidden from another item's list.
    pub updates: u64,
    /// Cleansings (colours only): one for each purification and one for each node
    /// marked as agreeing with it.
    pub cleansings: u64,
    /// Solutions found.
    pub solutions: u64,
}

impl Stats {
    /// Adds another search's statistics to these. The sums stop at `u64::MAX`
    /// rather than wrap round (at a billion a second, that takes 584 years).
    pub fn add(&mut self, other: &Stats) {
        self.nodes = self.nodes.saturating_add(other.nodes);
        self.updates = self.updates.saturating_add(other.updates);
        self.cleansings = self.cleansings.saturating_add(other.cleansings);
        self.solutions = self.solutions.saturating_add(other.solutions);
    }
}

impl Stats {
    /// What was counted since `earlier`, a snapshot of the same counts.
    pub(crate) fn since(&self, earlier: &Stats) -> Stats {
        Stats {
            nodes: self.nodes - earlier.nodes,
            updates: self.updates - earlier.updates,
            cleansings: self.cleansings - earlier.cleansings,
            solutions: self.solutions - earlier.solutions,
        }
    }
}

/// Whether a visit goes on after a solution: not when the visitor said `Break`
/// (`flow`), nor once `found` solutions reach the `limit`.
pub(crate) fn go_on(flow: ControlFlow<()>, found: u64, limit: u64) -> ControlFlow<()> {
    if flow.is_break() || found >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.add(&other);
    }
}

impl std::iter::Sum for Stats {
    fn sum<I: Iterator<Item = Stats>>(iter: I) -> Stats {
        let mut total = Stats::default();
        for s in iter {
            total.add(&s);
        }
        total
    }
}
