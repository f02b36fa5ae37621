//! The count by frontiers: every state whose first open item is `i`,
//! before any whose first open item comes later (a transfer matrix).
//!
//! The count of the sweep's search ([`Core::count`]) goes depth first and
//! remembers the solutions below the states it finished in a cache: a state
//! met again is not searched again, as long as the cache still holds it.
//! Depth first, the cache must hold the states of every frontier at once,
//! for the search comes back to each frontier many times; on a tiling of a
//! wide board they outnumber any memory (the dominoes of 20×20: over 10⁸
//! states, where a cache of 1 GiB holds 1.1 × 10⁷, and the count had not
//! ended after four minutes).
//!
//! Here the states are counted forwards instead: each state holds the
//! number of ways the options chosen so far reach it, in a table of the
//! states whose first open item is `i` (a *layer*). The layers are taken in
//! the order swept. Each state of layer `i` tries the options anchored at
//! `i` that fit it, as a node of the search does, and adds its number of
//! ways to the state each leads to, in a later layer, or to the solutions
//! when every primary item is covered. A layer is freed once taken, so
//! only the layers between the one taken and the farthest reached are held:
//! about the states of one frontier. Each state is taken once, as a search
//! whose cache forgets nothing would; the nodes are counted as the search's
//! (the root, and one for each option tried).
//!
//! The numbers of ways are exact whatever their size: each layer keeps them
//! in as many words of 64 bits as its largest needs, and widens when a sum
//! carries past them (the Aztec diamond of order 20 has 2^210 tilings).
//!
//! The layers' memory is held within a limit: past it, the count ends with
//! [`SweepError::Memory`], what it had made freed.

use num_bigint::BigUint;

use super::state::State;
use super::{Core, Entry, SweepCount, SweepError};
use crate::util::monitor::{Monitor, REPORT_EVERY};
use crate::util::stats::Stats;

/// The states of one layer and their numbers of ways: an open-addressing
/// table, its places a power of two, at most half of them taken.
struct Layer<S> {
    /// Each place's state (the zero state, the root's, marks an empty one:
    /// the root is never in a layer).
    states: Vec<S>,
    /// Each place's number of ways, in `words` words of 64 bits, the least
    /// significant first.
    ways: Vec<u64>,
    words: usize,
    /// The places taken.
    len: usize,
}

/// The memory the layers hold, and its limit.
struct Budget {
    used: usize,
    limit: usize,
}

impl Budget {
    /// Takes `bytes` more, giving back `freed`: [`SweepError::Memory`]
    /// past the limit.
    fn take(&mut self, bytes: usize, freed: usize) -> Result<(), SweepError> {
        let needed = (self.used - freed).saturating_add(bytes);
        if needed > self.limit {
            return Err(SweepError::Memory { limit_bytes: self.limit, needed_bytes: needed });
        }
        self.used = needed;
        Ok(())
    }
}

/// The first places of a layer.
const FIRST_PLACES: usize = 16;

impl<S: State> Layer<S> {
    /// An empty layer, holding no memory.
    fn new() -> Layer<S> {
        Layer { states: Vec::new(), ways: Vec::new(), words: 1, len: 0 }
    }

    /// The bytes of a layer of `places` places of `words` words each.
    fn bytes(places: usize, words: usize) -> usize {
        places.saturating_mul(std::mem::size_of::<S>().saturating_add(8 * words))
    }

    /// The bytes it holds.
    fn held(&self) -> usize {
        Layer::<S>::bytes(self.states.len(), self.words)
    }

    /// The place of `state` in a table of `places` places.
    #[inline(always)]
    fn home(state: S, places: usize) -> usize {
        Entry::place(state, places)
    }

    /// Adds `ways` (words of 64 bits, the least significant first) to the
    /// ways of `state` (not zero), taking it in if new.
    fn add(&mut self, state: S, ways: &[u64], budget: &mut Budget) -> Result<(), SweepError> {
        if 2 * (self.len + 1) > self.states.len() {
            let places = (2 * self.states.len()).max(FIRST_PLACES);
            self.rebuilt(places, self.words, budget)?;
        }
        let ways = significant(ways);
        if ways.len() > self.words {
            self.rebuilt(self.states.len(), ways.len(), budget)?;
        }
        let mask = self.states.len() - 1;
        let mut p = Layer::home(state, self.states.len());
        loop {
            let here = self.states[p];
            if here == state {
                break;
            }
            if here.is_zero() {
                self.states[p] = state;
                self.len += 1;
                break;
            }
            p = (p + 1) & mask;
        }
        let words = self.words;
        if add_into(&mut self.ways[p * words..(p + 1) * words], ways) {
            // Carried past the words: one more for every place.
            self.rebuilt(self.states.len(), words + 1, budget)?;
            self.ways[p * (words + 1) + words] = 1;
        }
        Ok(())
    }

    /// The same states and ways in a table of `places` places of `words`
    /// words each (at least as many as now).
    fn rebuilt(&mut self, places: usize, words: usize, budget: &mut Budget) -> Result<(), SweepError> {
        budget.take(Layer::<S>::bytes(places, words), self.held())?;
        let mut states = Vec::new();
        let mut ways = Vec::new();
        if states.try_reserve_exact(places).is_err() || ways.try_reserve_exact(places * words).is_err() {
            return Err(SweepError::Memory { limit_bytes: budget.limit, needed_bytes: budget.used });
        }
        states.resize(places, S::default());
        ways.resize(places * words, 0);
        let mask = places - 1;
        for (q, &state) in self.states.iter().enumerate() {
            if state.is_zero() {
                continue;
            }
            let mut p = if places == self.states.len() { q } else { Layer::home(state, places) };
            while !states[p].is_zero() {
                p = (p + 1) & mask;
            }
            states[p] = state;
            ways[p * words..p * words + self.words].copy_from_slice(&self.ways[q * self.words..(q + 1) * self.words]);
        }
        (self.states, self.ways, self.words) = (states, ways, words);
        Ok(())
    }
}

/// `ways` without its most significant words of zero (at least one word).
fn significant(ways: &[u64]) -> &[u64] {
    let len = ways.iter().rposition(|&w| w != 0).map_or(1, |last| last + 1);
    &ways[..len]
}

/// Adds `more` to `sum` (at least as many words), word by word with the
/// carry; whether it carried past the last.
fn add_into(sum: &mut [u64], more: &[u64]) -> bool {
    let mut carry = false;
    for (k, word) in sum.iter_mut().enumerate() {
        let add = more.get(k).copied().unwrap_or(0);
        if k >= more.len() && !carry {
            return false;
        }
        let (s, c1) = word.overflowing_add(add);
        let (s, c2) = s.overflowing_add(u64::from(carry));
        *word = s;
        carry = c1 || c2;
    }
    carry
}

/// Adds `more` to `sum`, which grows as the sum needs.
fn add_growing(sum: &mut Vec<u64>, more: &[u64]) {
    let more = significant(more);
    if more.len() > sum.len() {
        sum.resize(more.len(), 0);
    }
    if add_into(sum, more) {
        sum.push(1);
    }
}

/// The number of the words of 64 bits `words`, the least significant first.
fn to_big(words: &[u64]) -> BigUint {
    BigUint::from_slice(&words.iter().flat_map(|&w| [w as u32, (w >> 32) as u32]).collect::<Vec<u32>>())
}

/// The number of the words `words`, at most `u64::MAX`.
fn to_u64(words: &[u64]) -> u64 {
    if significant(words).len() > 1 { u64::MAX } else { words[0] }
}

/// A count by frontiers under way: the layers not yet taken, the memory
/// they hold, the statistics and the solutions so far.
struct Forward<'c, 'm, S> {
    core: &'c Core<S>,
    layers: Vec<Layer<S>>,
    budget: Budget,
    stats: Stats,
    reported: Stats,
    solutions: Vec<u64>,
    monitor: Option<&'m Monitor>,
}

impl<S: State> Forward<'_, '_, S> {
    /// Takes the state `covered`, whose first open item is `i`, reached in
    /// `ways` ways: each option anchored at `i` that fits it adds them to
    /// the state it leads to, or to the solutions. Whether the monitor
    /// said stop.
    fn take(&mut self, i: usize, covered: S, ways: &[u64]) -> Result<bool, SweepError> {
        let core = self.core;
        let (start, end) = core.anchors[i];
        for b in start..end {
            let block = &core.blocks[b as usize];
            let mut fits = block.fits(covered);
            while fits != 0 {
                let option = core.slots[(block.slot + fits.trailing_zeros()) as usize];
                fits &= fits - 1;
                if !block.exact && option.meets(covered) {
                    continue;
                }
                self.stats.nodes += 1;
                if self.stats.nodes % REPORT_EVERY == 0 && self.stopped() {
                    return Ok(true);
                }
                let below = covered.or(option);
                if below.covers(core.primary) {
                    add_growing(&mut self.solutions, ways);
                    continue;
                }
                let j = core.first_open(below);
                let (first, last) = core.anchors[j];
                // A dead end (most nodes of a packing) is not kept.
                if first == last || (first + 1 == last && core.fits(first, below) == 0) {
                    continue;
                }
                self.layers[j].add(below, ways, &mut self.budget)?;
            }
        }
        Ok(false)
    }

    /// Reports to the monitor; whether it says stop.
    #[cold]
    #[inline(never)]
    fn stopped(&mut self) -> bool {
        let Some(monitor) = self.monitor else { return false };
        self.stats.solutions = to_u64(&self.solutions);
        monitor.catch_up(&self.stats, &mut self.reported);
        monitor.is_stopped()
    }
}

impl<S: State> Core<S> {
    /// Counts the solutions by frontiers (see the module's notes), the
    /// layers within `limit_bytes`; stopped by `monitor`, what was counted
    /// so far.
    pub(super) fn count_by_frontiers(
        &self,
        monitor: Option<&Monitor>,
        limit_bytes: usize,
    ) -> Result<SweepCount, SweepError> {
        let n_primary = self.anchors.len();
        let mut forward = Forward {
            core: self,
            layers: (0..n_primary).map(|_| Layer::new()).collect(),
            budget: Budget { used: 0, limit: limit_bytes },
            stats: Stats { nodes: 1, ..Stats::default() },
            reported: Stats::default(),
            solutions: vec![0],
            monitor,
        };
        if self.primary.is_zero() {
            forward.solutions[0] = 1;
        } else if !forward.take(0, S::default(), &[1])? {
            // The root, the zero state (which a layer cannot hold), is the
            // only state whose first open item is the first.
            for i in 1..n_primary {
                let layer = std::mem::replace(&mut forward.layers[i], Layer::new());
                let words = layer.words;
                let mut stopped = false;
                for (p, &state) in layer.states.iter().enumerate() {
                    if !state.is_zero() && forward.take(i, state, &layer.ways[p * words..(p + 1) * words])? {
                        stopped = true;
                        break;
                    }
                }
                forward.budget.used -= layer.held();
                if stopped {
                    break;
                }
            }
        }
        forward.stats.solutions = to_u64(&forward.solutions);
        if let Some(monitor) = monitor {
            monitor.catch_up(&forward.stats, &mut forward.reported);
        }
        Ok(SweepCount { nodes: forward.stats.nodes, solutions: to_big(&forward.solutions) })
    }
}
