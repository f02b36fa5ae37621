//! Listing by the sweep: every solution, one at a time, on the sweep's
//! blocks and filters.
//!
//! The walk is the count's search (branch on the first primary item not
//! covered, in the sweep's order; try its anchored options that fit), run
//! with an explicit stack of frames so that it can pause after each
//! solution: a visitor ([`Lister::visit`]) or an owned iterator
//! ([`Lister::solutions`]) take them as they come.
//!
//! **The cache.** The count remembers the solutions below each state
//! finished and adds them without searching again; a listing must walk
//! every solution, so it remembers only the states finished with *no*
//! solution below (dead ends wider than one step), and skips those when
//! met again. A state with solutions below is walked each time. Reading the
//! table was half the walk's time (a miss of the processor's caches for
//! most states looked up, which are not there): a byte of each entry's hash
//! sits in a table a sixteenth of the size, read first, and the large table
//! only when it matches (pentominoes 6×10, all 2,339 packings: 0.31 to
//! 0.22 s, the same 5.7 million nodes).
//!
//! **The order of a solution.** Each solution lists its options in the
//! order the sweep chose them: the option covering the first item of the
//! sweep's order ([`Sweep::order`]) first, then the option covering the
//! first item the first left open, and so on. The options are those of the
//! original problem ([`OptionId`]s), whatever order the sweep chose for its
//! items. On one thread the solutions come in the order of the sweep's
//! search: by the slot of the first option (options anchored at one item
//! in the order of their numbers), then the second, and so on; on several
//! threads, in no particular order.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rayon::prelude::*;

use super::state::{State, Wide};
use super::{Core, Sweep, SweepError, Width, masks};
use crate::run::split::{DEFAULT_SUBPROBLEMS, MAX_SHARDS, ParallelError};
use crate::run::threads::effective_threads;
use crate::util::monitor::{Monitor, REPORT_EVERY};
use crate::util::problem::{Item, OptionId, Problem};
use crate::util::stats::Stats;

/// The states a listing on threads alone splits into, per thread (as the
/// count's split).
const STATES_PER_THREAD: usize = 64;

/// The sweep of a problem, ready to list its solutions: made by
/// [`Sweep::lister`]. Cheap to clone (its tables are shared).
///
/// ```
/// use std::ops::ControlFlow;
/// use quadrille_dlx::Problem;
/// use quadrille_dlx::sweep::{ListConfig, Sweep};
///
/// // Dominoes on a 2×3 board: three tilings.
/// let problem = Problem::from_knuth(
///     "a1 a2 a3 b1 b2 b3\na1 a2\na2 a3\nb1 b2\nb2 b3\na1 b1\na2 b2\na3 b3\n",
/// )?;
/// let lister = Sweep::new(&problem)?.lister(&problem)?;
/// let mut tilings = Vec::new();
/// let stats = lister.visit(&ListConfig::new(), |solution| {
///     let mut solution = solution.to_vec();
///     solution.sort();
///     tilings.push(solution);
///     ControlFlow::Continue(())
/// })?;
/// tilings.sort();
/// assert_eq!(tilings.len(), 3);
/// assert_eq!(stats.solutions, 3);
/// // The same, from an iterator that owns its walk.
/// assert_eq!(lister.solutions(None, None).count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Lister {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    sweep: Sweep,
    /// The option of each slot of the sweep's blocks.
    options: Vec<OptionId>,
}

/// How a listing by the sweep runs: threads, a limit, a shard, a monitor.
#[derive(Clone, Debug, Default)]
pub struct ListConfig {
    threads: usize,
    limit: Option<u64>,
    shard: Option<(u32, u32)>,
    monitor: Option<Arc<Monitor>>,
}

impl ListConfig {
    /// One thread, no limit, the whole problem, no monitor.
    pub fn new() -> ListConfig {
        ListConfig { threads: 1, ..ListConfig::default() }
    }

    /// The threads (0: one per core). On one thread the solutions come in
    /// the sweep's order; on several, in no particular order.
    pub fn threads(mut self, threads: usize) -> ListConfig {
        self.threads = threads;
        self
    }

    /// Lists at most `limit` solutions.
    pub fn limit(mut self, limit: Option<u64>) -> ListConfig {
        self.limit = limit;
        self
    }

    /// Only shard `index` of `of` (from 0, `of` at most
    /// [`MAX_SHARDS`]): the states
    /// [`DEFAULT_SUBPROBLEMS`] (or `of`, if more) breadth first from the
    /// root, every `of`-th from the `index`-th, and for shard 0 the
    /// solutions met above them. The shards list every solution once
    /// between them, whatever their threads.
    pub fn shard(mut self, index: u32, of: u32) -> ListConfig {
        self.shard = Some((index, of));
        self
    }

    /// Reports to `monitor` every [`REPORT_EVERY`] nodes; a stop ends the
    /// listing.
    pub fn monitor(mut self, monitor: Option<Arc<Monitor>>) -> ListConfig {
        self.monitor = monitor;
        self
    }
}

impl Sweep {
    /// The sweep ready to list the solutions of `problem`, the problem it was
    /// made from: each of its options known by its number there. An error
    /// ([`SweepError::OtherProblem`]) when the sweep was made from another.
    pub fn lister(self, problem: &Problem) -> Result<Lister, SweepError> {
        let options = match &self.width {
            Width::W128(core) => slot_options(core, &self.order, problem),
            Width::W192(core) => slot_options(core, &self.order, problem),
            Width::W256(core) => slot_options(core, &self.order, problem),
            Width::W512(core) => slot_options(core, &self.order, problem),
            Width::W1024(core) => slot_options(core, &self.order, problem),
        }
        .ok_or(SweepError::OtherProblem)?;
        Ok(Lister { inner: Arc::new(Inner { sweep: self, options }) })
    }
}

/// The option of each slot of `core`'s blocks: the options of `problem`
/// matched to the slots by their items (options with the same items are
/// interchangeable, so any match of them gives the same solutions). `None`
/// when some slot matches no option of `problem`.
fn slot_options<S: State>(core: &Core<S>, order: &[Item], problem: &Problem) -> Option<Vec<OptionId>> {
    let n_primary = problem.n_primary();
    if problem.n_items() != order.len() || core.anchors.len() != n_primary {
        return None;
    }
    let options: Vec<&[Item]> = problem.options().map(|o| problem.searched_items(o)).collect();
    let primary_order: Vec<u32> = order[..n_primary].iter().map(|i| i.0).collect();
    let masks: Vec<S> = masks(&options, &primary_order, n_primary);
    let mut by_items: HashMap<u64, Vec<(S, u32)>> = HashMap::new();
    // Reversed, so that equal options are matched in the order of their
    // numbers.
    for (k, &m) in masks.iter().enumerate().rev() {
        by_items.entry(m.hash()).or_default().push((m, k as u32));
    }
    core.slots
        .iter()
        .map(|&m| {
            let same = by_items.get_mut(&m.hash())?;
            let at = same.iter().rposition(|&(other, _)| other == m)?;
            Some(OptionId(same.remove(at).1))
        })
        .collect()
}

impl Lister {
    /// The sweep that lists.
    pub fn sweep(&self) -> &Sweep {
        &self.inner.sweep
    }

    /// Calls `visitor` with every solution (up to the limit) until it returns
    /// `Break`, as `config` says: the statistics of the listing (the nodes,
    /// as [`Sweep::count`] counts them, and the solutions listed). On
    /// several threads, one call at a time, in no particular order. An
    /// error for a shard that does not exist, or threads that cannot start.
    pub fn visit<F>(&self, config: &ListConfig, visitor: F) -> Result<Stats, ParallelError>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    {
        if let Some((index, of)) = config.shard {
            if index >= of {
                return Err(ParallelError::NoSuchShard { index, of });
            }
            if of > MAX_SHARDS {
                return Err(ParallelError::TooManyShards { of });
            }
        }
        let options = &self.inner.options;
        let bytes = self.inner.sweep.cache_bytes;
        match &self.inner.sweep.width {
            Width::W128(core) => visit(core, options, bytes, config, visitor),
            Width::W192(core) => visit(core, options, bytes, config, visitor),
            Width::W256(core) => visit(core, options, bytes, config, visitor),
            Width::W512(core) => visit(core, options, bytes, config, visitor),
            Width::W1024(core) => visit(core, options, bytes, config, visitor),
        }
    }

    /// The solutions (at most `limit`), one at a time, from an iterator that
    /// owns its walk, on one thread, in the sweep's order; `monitor` sees
    /// its progress and a stop ends it.
    pub fn solutions(&self, limit: Option<u64>, monitor: Option<Arc<Monitor>>) -> SweepSolutions {
        let bytes = self.inner.sweep.cache_bytes;
        let walk = match &self.inner.sweep.width {
            Width::W128(core) => Walks::W128(Walk::at_root(core, bytes)),
            Width::W192(core) => Walks::W192(Walk::at_root(core, bytes)),
            Width::W256(core) => Walks::W256(Walk::at_root(core, bytes)),
            Width::W512(core) => Walks::W512(Walk::at_root(core, bytes)),
            Width::W1024(core) => Walks::W1024(Walk::at_root(core, bytes)),
        };
        SweepSolutions { lister: self.clone(), walk, limit, monitor, seen: 0, stopped: false }
    }
}

/// Knuth's estimates of the nodes and updates of the search by fewest
/// options (as [`Sweep::estimate_fewest`]), on the items in the order
/// declared, before the sweep chooses an order: what the front weighs
/// first, so that a small problem never pays for the choice of the sweep's
/// order. `None` for a problem the sweep does not take, or when `monitor`
/// stops.
pub(crate) fn estimate_fewest(problem: &Problem, monitor: Option<&Monitor>) -> Option<(f64, f64)> {
    if !super::takes(problem) {
        return None;
    }
    match problem.n_items() {
        0..=128 => fewest::<u128>(problem, monitor),
        129..=192 => fewest::<Wide<3>>(problem, monitor),
        193..=256 => fewest::<Wide<4>>(problem, monitor),
        257..=512 => fewest::<Wide<8>>(problem, monitor),
        _ => fewest::<Wide<16>>(problem, monitor),
    }
}

/// [`estimate_fewest`] on states `S`.
fn fewest<S: State>(problem: &Problem, monitor: Option<&Monitor>) -> Option<(f64, f64)> {
    let n_primary = problem.n_primary();
    let options: Vec<&[Item]> = problem.options().map(|o| problem.searched_items(o)).collect();
    let declared: Vec<u32> = (0..n_primary as u32).collect();
    let mut holding: Vec<Vec<S>> = vec![Vec::new(); problem.n_items()];
    for m in masks::<S>(&options, &declared, n_primary) {
        let mut bits = m;
        while !bits.is_zero() {
            let j = bits.first();
            holding[j as usize].push(m);
            bits = bits.and_not(S::bit(j));
        }
    }
    super::order::estimate_fewest(&holding, S::range(0, n_primary as u32), super::FEWEST_PROBES, monitor)
}

/// A frame of the walk: a state searched, the block whose options are being
/// tried, those of its options left to try, and the solutions found before
/// it was entered.
#[derive(Clone, Copy, Debug)]
struct Frame<S> {
    covered: S,
    block: u32,
    end: u32,
    left: u64,
    found: u64,
}

/// What a step of the walk met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// A solution, the walk's `chosen` options.
    Solution,
    /// The end of the walk.
    Done,
    /// The monitor said stop.
    Stopped,
}

/// The sweep's search below one state, paused at each solution.
#[derive(Debug)]
struct Walk<S> {
    stack: Vec<Frame<S>>,
    /// The options chosen down to the top frame (after a solution, and the
    /// option that made it, taken off at the next step).
    chosen: Vec<OptionId>,
    /// Whether `chosen` ends with a solution's last option.
    at_solution: bool,
    /// A root that is itself a solution, not yet given.
    root_solution: bool,
    /// States finished without a solution below: a direct-mapped table,
    /// the empty state marking an empty entry.
    dead: Vec<S>,
    /// A byte of the hash of each entry's state (0 for an empty entry): a
    /// table a sixteenth of the size (for 128 bits) that stays in the
    /// processor's caches, read first, so that a state not remembered (most
    /// of those looked up) seldom costs a read of the large table.
    marks: Vec<u8>,
    /// Nodes (options tried, and the root of a whole walk) and solutions
    /// found.
    stats: Stats,
    /// What the monitor has seen of `stats`.
    reported: Stats,
}

impl<S: State> Walk<S> {
    /// A walk with a cache of dead states of `cache_bytes`, not started.
    fn new(cache_bytes: usize) -> Walk<S> {
        let entries = cache_bytes / std::mem::size_of::<S>();
        Walk {
            stack: Vec::new(),
            chosen: Vec::new(),
            at_solution: false,
            root_solution: false,
            dead: vec![S::default(); entries],
            marks: vec![0; entries],
            stats: Stats::default(),
            reported: Stats::default(),
        }
    }

    /// A walk of the whole problem, from the empty state: its root is its
    /// first node.
    fn at_root(core: &Core<S>, cache_bytes: usize) -> Walk<S> {
        let mut walk = Walk::new(cache_bytes);
        walk.start(core, S::default(), &[]);
        walk.stats.nodes = 1;
        walk
    }

    /// Starts the walk below `root`, reached by the options `prefix`.
    fn start(&mut self, core: &Core<S>, root: S, prefix: &[OptionId]) {
        self.stack.clear();
        self.chosen.clear();
        self.chosen.extend_from_slice(prefix);
        self.at_solution = false;
        self.root_solution = root.covers(core.primary);
        if !self.root_solution {
            if let Some(frame) = self.open(core, root) {
                self.stack.push(frame);
            }
        }
    }

    /// The frame of the state `covered` (not a solution), or `None` when it
    /// is a dead end: no option fits its first open item, or the cache
    /// remembers it.
    #[inline(always)]
    fn open(&self, core: &Core<S>, covered: S) -> Option<Frame<S>> {
        let i = core.first_open(covered);
        let (start, end) = core.anchors[i];
        if start == end {
            return None;
        }
        let first = core.fits(start, covered);
        if first == 0 && start + 1 == end {
            return None;
        }
        // (An empty entry holds the empty state, the root's, never dead.)
        if !self.dead.is_empty() {
            let (place, mark) = Self::place(covered, self.dead.len());
            if self.marks[place] == mark && self.dead[place] == covered && !covered.is_zero() {
                return None;
            }
        }
        Some(Frame { covered, block: start, end, left: first, found: self.stats.solutions })
    }

    /// The place of `state` in a table of `len` entries (as the count's
    /// cache places it), and its mark: another byte of the same hash.
    #[inline(always)]
    fn place(state: S, len: usize) -> (usize, u8) {
        let hash = state.hash();
        (((u128::from(hash) * len as u128) >> 64) as usize, hash as u8)
    }

    /// Walks on to the next solution, the end, or a stop of `monitor`.
    fn step(&mut self, core: &Core<S>, options: &[OptionId], monitor: Option<&Monitor>) -> Step {
        if std::mem::take(&mut self.at_solution) {
            self.chosen.pop();
        }
        if std::mem::take(&mut self.root_solution) {
            self.stats.solutions += 1;
            return Step::Solution;
        }
        loop {
            let Some(top) = self.stack.last_mut() else { return Step::Done };
            if top.left == 0 {
                top.block += 1;
                if top.block < top.end {
                    top.left = core.fits(top.block, top.covered);
                    continue;
                }
                // The state is finished: remembered when nothing was below.
                let frame = *top;
                self.stack.pop();
                if frame.found == self.stats.solutions && !self.dead.is_empty() && !frame.covered.is_zero() {
                    let (place, mark) = Self::place(frame.covered, self.dead.len());
                    self.dead[place] = frame.covered;
                    self.marks[place] = mark;
                }
                if !self.stack.is_empty() {
                    self.chosen.pop();
                }
                continue;
            }
            let block = &core.blocks[top.block as usize];
            let slot = block.slot + top.left.trailing_zeros();
            top.left &= top.left - 1;
            let option = core.slots[slot as usize];
            let covered = top.covered;
            if !block.exact && option.meets(covered) {
                continue;
            }
            self.stats.nodes += 1;
            if self.stats.nodes % REPORT_EVERY == 0 && self.stopped(monitor) {
                return Step::Stopped;
            }
            let below = covered.or(option);
            if below.covers(core.primary) {
                self.stats.solutions += 1;
                self.chosen.push(options[slot as usize]);
                self.at_solution = true;
                return Step::Solution;
            }
            if let Some(frame) = self.open(core, below) {
                self.chosen.push(options[slot as usize]);
                self.stack.push(frame);
            }
        }
    }

    /// Reports to the monitor; whether it says stop.
    #[cold]
    #[inline(never)]
    fn stopped(&mut self, monitor: Option<&Monitor>) -> bool {
        let Some(monitor) = monitor else { return false };
        monitor.catch_up(&self.stats, &mut self.reported);
        monitor.is_stopped()
    }

    /// Reports the rest to the monitor, and hands out the statistics,
    /// starting again from zero.
    fn take_stats(&mut self, monitor: Option<&Monitor>) -> Stats {
        if let Some(monitor) = monitor {
            monitor.catch_up(&self.stats, &mut self.reported);
        }
        self.reported = Stats::default();
        std::mem::take(&mut self.stats)
    }
}

/// The states below the root, breadth first, until there are at least `aim`
/// (or none is left), with the options that lead to each: their nodes and
/// solutions are added to `stats`, and the solutions met on the way to
/// `above`. Dead ends are left out.
fn frontier<S: State>(
    core: &Core<S>,
    options: &[OptionId],
    aim: usize,
    stats: &mut Stats,
    above: &mut Vec<Vec<OptionId>>,
) -> Vec<(S, Vec<OptionId>)> {
    if core.primary.is_zero() {
        stats.solutions += 1;
        above.push(Vec::new());
        return Vec::new();
    }
    let probe = Walk::<S>::new(0);
    let mut states = vec![(S::default(), Vec::new())];
    while !states.is_empty() && states.len() < aim {
        let mut next = Vec::new();
        for (covered, prefix) in &states {
            let Some(frame) = probe.open(core, *covered) else { continue };
            for b in frame.block..frame.end {
                let block = &core.blocks[b as usize];
                let mut fits = core.fits(b, *covered);
                while fits != 0 {
                    let slot = block.slot + fits.trailing_zeros();
                    fits &= fits - 1;
                    let option = core.slots[slot as usize];
                    if option.meets(*covered) {
                        continue;
                    }
                    let below = covered.or(option);
                    stats.nodes += 1;
                    let mut chosen = prefix.clone();
                    chosen.push(options[slot as usize]);
                    if below.covers(core.primary) {
                        stats.solutions += 1;
                        above.push(chosen);
                    } else if probe.open(core, below).is_some() {
                        next.push((below, chosen));
                    }
                }
            }
        }
        states = next;
    }
    states
}

/// [`Lister::visit`] on states `S`.
fn visit<S: State, F>(
    core: &Core<S>,
    options: &[OptionId],
    cache_bytes: usize,
    config: &ListConfig,
    mut visitor: F,
) -> Result<Stats, ParallelError>
where
    F: FnMut(&[OptionId]) -> ControlFlow<()> + Send,
{
    let limit = config.limit.unwrap_or(u64::MAX);
    let monitor = config.monitor.as_deref();
    if limit == 0 {
        return Ok(Stats::default());
    }
    let threads = effective_threads(config.threads).used;
    if threads <= 1 && config.shard.is_none() {
        // On this thread, in the sweep's order.
        let mut walk = Walk::at_root(core, cache_bytes);
        let mut seen = 0;
        while seen < limit {
            match walk.step(core, options, monitor) {
                Step::Solution => {
                    seen += 1;
                    if visitor(&walk.chosen).is_break() {
                        break;
                    }
                }
                Step::Done | Step::Stopped => break,
            }
        }
        return Ok(walk.take_stats(monitor));
    }
    // Split: states breadth first; a shard takes every `of`-th.
    let (index, of) = config.shard.unwrap_or((0, 1));
    let aim = match config.shard {
        Some(_) => DEFAULT_SUBPROBLEMS.max(of as usize),
        None => threads * STATES_PER_THREAD,
    };
    let mut above = Vec::new();
    // The root and the split's nodes, and the solutions above it: shard 0's.
    let mut stats = Stats { nodes: 1, ..Stats::default() };
    let states = frontier(core, options, aim, &mut stats, &mut above);
    let mine: Vec<&(S, Vec<OptionId>)> = states.iter().skip(index as usize).step_by(of as usize).collect();
    if index != 0 {
        (stats, above) = (Stats::default(), Vec::new());
    }
    if let Some(monitor) = monitor {
        monitor.add(&stats);
    }
    let found = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let visitor = Mutex::new(&mut visitor);
    let stopped = || stop.load(Ordering::Relaxed) || monitor.is_some_and(Monitor::is_stopped);
    // Takes a place under the limit and visits; whether to go on.
    let visit_one = |solution: &[OptionId]| -> bool {
        if stopped() || found.fetch_add(1, Ordering::Relaxed) >= limit {
            stop.store(true, Ordering::Relaxed);
            return false;
        }
        let flow = (*visitor.lock().unwrap_or_else(PoisonError::into_inner))(solution);
        if flow.is_break() || found.load(Ordering::Relaxed) >= limit {
            stop.store(true, Ordering::Relaxed);
            return false;
        }
        true
    };
    for solution in &above {
        if !visit_one(solution) {
            break;
        }
    }
    // One cache a thread, each locked only by its own thread.
    let walks: Vec<Mutex<Option<Walk<S>>>> = (0..threads).map(|_| Mutex::new(None)).collect();
    let done = AtomicU64::new(0);
    let below = |(state, prefix): &(S, Vec<OptionId>)| -> Stats {
        if stopped() {
            return Stats::default();
        }
        let slot = rayon::current_thread_index().unwrap_or(0) % threads;
        let mut walk = walks[slot].lock().unwrap_or_else(PoisonError::into_inner);
        let walk = walk.get_or_insert_with(|| Walk::new(cache_bytes));
        walk.start(core, *state, prefix);
        while let Step::Solution = walk.step(core, options, monitor) {
            if !visit_one(&walk.chosen) {
                break;
            }
        }
        if let Some(monitor) = monitor {
            let done = done.fetch_add(1, Ordering::Relaxed) + 1;
            monitor.set_fraction(done as f64 / mine.len().max(1) as f64);
        }
        walk.take_stats(monitor)
    };
    let sum = |mut a: Stats, b: Stats| {
        a.add(&b);
        a
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|source| ParallelError::Threads { threads, source })?;
    let walked = pool.install(|| mine.par_iter().map(|&state| below(state)).reduce(Stats::default, sum));
    stats.add(&walked);
    // SweepSolutions met by a thread after the limit was reached elsewhere are
    // counted as met, but not listed.
    stats.solutions = stats.solutions.min(limit);
    Ok(stats)
}

/// The walks of each width.
#[derive(Debug)]
enum Walks {
    W128(Walk<u128>),
    W192(Walk<Wide<3>>),
    W256(Walk<Wide<4>>),
    W512(Walk<Wide<8>>),
    W1024(Walk<Wide<16>>),
}

/// The solutions of a [`Lister`], one at a time, from an iterator that owns
/// its walk: made by [`Lister::solutions`].
#[derive(Debug)]
pub struct SweepSolutions {
    lister: Lister,
    walk: Walks,
    limit: Option<u64>,
    monitor: Option<Arc<Monitor>>,
    seen: u64,
    stopped: bool,
}

impl SweepSolutions {
    /// The statistics so far: the nodes (the root and each option tried)
    /// and the solutions listed.
    pub fn stats(&self) -> Stats {
        let stats = match &self.walk {
            Walks::W128(walk) => walk.stats,
            Walks::W192(walk) => walk.stats,
            Walks::W256(walk) => walk.stats,
            Walks::W512(walk) => walk.stats,
            Walks::W1024(walk) => walk.stats,
        };
        Stats { solutions: self.seen, ..stats }
    }

    /// Whether the limit was reached.
    pub fn limit_reached(&self) -> bool {
        self.limit.is_some_and(|limit| self.seen >= limit)
    }

    /// Whether the monitor stopped the walk.
    pub fn interrupted(&self) -> bool {
        self.stopped
    }
}

impl Iterator for SweepSolutions {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        if self.stopped || self.limit_reached() {
            return None;
        }
        let inner = &self.lister.inner;
        let monitor = self.monitor.as_deref();
        let options = &inner.options;
        let (step, chosen) = match (&inner.sweep.width, &mut self.walk) {
            (Width::W128(core), Walks::W128(walk)) => (walk.step(core, options, monitor), &walk.chosen),
            (Width::W192(core), Walks::W192(walk)) => (walk.step(core, options, monitor), &walk.chosen),
            (Width::W256(core), Walks::W256(walk)) => (walk.step(core, options, monitor), &walk.chosen),
            (Width::W512(core), Walks::W512(walk)) => (walk.step(core, options, monitor), &walk.chosen),
            (Width::W1024(core), Walks::W1024(walk)) => (walk.step(core, options, monitor), &walk.chosen),
            _ => unreachable!("a walk is made for its sweep's width"),
        };
        match step {
            Step::Solution => {
                self.seen += 1;
                Some(chosen.clone())
            }
            Step::Stopped => {
                self.stopped = true;
                None
            }
            Step::Done => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way to pick, from items 0..n, options of one or two adjacent
    /// items: the Fibonacci numbers.
    fn strip(n: usize) -> Problem {
        let mut text: String = (0..n).map(|i| format!("i{i} ")).collect();
        text.push('\n');
        for i in 0..n {
            text += &format!("i{i}\n");
            if i + 1 < n {
                text += &format!("i{} i{}\n", i, i + 1);
            }
        }
        Problem::from_knuth(&text).unwrap()
    }

    #[test]
    fn the_walk_lists_every_solution_once_and_pauses_between() {
        let problem = strip(12);
        let lister = Sweep::new(&problem).unwrap().lister(&problem).unwrap();
        let mut all: Vec<Vec<OptionId>> = lister.solutions(None, None).collect();
        assert_eq!(all.len(), 233);
        for solution in &mut all {
            solution.sort();
        }
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 233);
        let mut five = lister.solutions(Some(5), None);
        assert_eq!(five.by_ref().count(), 5);
        assert!(five.limit_reached());
    }

    #[test]
    fn a_sweep_of_another_problem_is_refused() {
        let problem = strip(6);
        let sweep = Sweep::new(&problem).unwrap();
        assert_eq!(sweep.lister(&strip(7)).unwrap_err(), SweepError::OtherProblem);
    }
}
