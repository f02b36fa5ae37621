//! Minimum-cost exact cover: the `k` cheapest solutions, by the method of
//! Knuth's DLX5.
//!
//! Options may carry costs ([`ProblemBuilder::set_cost`](crate::ProblemBuilder::set_cost),
//! or `|n` in Knuth's format); a solution costs the sum of its options' costs.
//! [`MinCost::best`] finds the `k` solutions of least cost, colours included.
//!
//! The method is Knuth's. Each primary item is first **taxed** by the least
//! cost among its options, and that tax is taken off every option that has the
//! item, so that every option's **net cost** stays non-negative and every item
//! has an option of net cost 0 (the taxes add up to the same amount for every
//! solution, so the order of solutions does not change). Every item's list is
//! sorted by net cost. The search is Algorithm C on these lists with a
//! **cut-off**: once `k` solutions are known, no partial solution whose net cost
//! reaches the `k`-th best is pursued, and since the lists are sorted, covering
//! an item hides only the options that could still be afforded, and the search
//! tries an item's options only while they are affordable. It branches on the
//! item with the fewest affordable options (counting at most ten of them, then
//! taking the item's length), and among those on the first with the largest
//! cheapest option.
//!
//! **Ties.** The answer is the first `k` solutions in the order of cost and,
//! among equal costs, of their sorted option numbers, whatever the number of
//! threads. DLX5's cut-off alone would not give it: it drops every solution
//! that merely ties with the `k`-th best, so which of several solutions of that
//! cost it reports depends on the order of the search, and that order depends
//! on the cut-off (the choice of item counts the affordable options), which on
//! several threads depends on their timing. So an option that the cut-off drops
//! because it brings the partial solution's net cost to the cut-off *exactly*
//! is looked at once more: unless it leaves some item without an option of net
//! cost 0 (the only way to complete a solution at that cost), the search goes
//! on below it with the cut-off one higher. Few pass: on
//! `pentomino_6x10_costs.dlx` with `k = 10`, a handful of some 30,000, and the
//! search makes 230,701 nodes and 77,066,171 updates to DLX5's 230,698 and
//! 77,066,144. With [`MinCost::knuth_cutoff`] the ties are not looked at, and
//! the links' search is DLX5's, node for node: its nodes, updates, cleansings
//! and solutions equal DLX5's (tested on Knuth's instances in `data/`).
//!
//! **Engines** ([`MinCost::engine`]). [`Engine::Links`] is the search just
//! described, on DLX5's links (its own, with the cost-sorted lists and the
//! thresholds DLX5 needs): the exact-DLX5 choice. [`Engine::Bits`] runs the same
//! method on bitset frames: the options numbered in order of net cost, so that
//! the affordable ones are a prefix of the numbers, a frame per level (a bit per
//! option still in play, only the words below the cut-off's prefix made), and
//! the item with the fewest affordable options counted exactly; it counts nodes
//! and solutions but no updates, and finds the same solutions. Its ties are
//! searched by letting a partial solution reach the cut-off exactly (where only
//! options of net cost 0 are left). On `pentomino_6x10_costs.dlx`, one thread,
//! it takes about half DLX5's time, the links a little more than DLX5's.
//! [`Engine::Auto`], the default, is the frames unless a frame would take more
//! than [`MAX_AUTO_FRAME_BYTES`] (see [`MinCost::resolve`]).
//!
//! On several threads ([`MinCost::threads`]) the search tree is split into
//! subproblems at the depth [`parallel`](crate::parallel) would choose by the
//! same probes, and the threads take them cheapest prefix first, sharing the
//! cut-off (an atomic bound) and the list of the best solutions.
//!
//! Bounds on items (Knuth's DLX6 combines them with costs) are not part of this
//! search: a problem with bounds other than `[1, 1]` is refused with
//! [`CostError::Bounds`].
//!
//! ```
//! use quadrille_dlx::{MinCost, Problem};
//!
//! // Three workers, three jobs: `w1 j2 |4` says worker 1 does job 2 for 4.
//! let problem = Problem::from_knuth(
//!     "w0 w1 w2 j0 j1 j2\n\
//!      w0 j0 |3\nw0 j1 |7\nw0 j2 |5\n\
//!      w1 j0 |2\nw1 j1 |4\nw1 j2 |6\n\
//!      w2 j0 |8\nw2 j1 |3\nw2 j2 |4\n",
//! )?;
//! let best = MinCost::new(&problem).best(2)?;
//! let costs: Vec<u64> = best.solutions.iter().map(|s| s.cost).collect();
//! assert_eq!(costs, [10, 11]);
//! let cheapest: Vec<String> = best.solutions[0].options.iter().map(|&o| problem.format_option(o)).collect();
//! assert_eq!(cheapest, ["w0 j2", "w1 j0", "w2 j1"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::run::split::{Probe, split_depth};
use crate::util::monitor::Monitor;
use crate::util::problem::{OptionId, Problem};
use crate::util::search::Engine;
use crate::util::stats::Stats;

mod bits;
mod links;

/// A cost too large to be reached: the cut-off before `k` solutions are known.
/// The builder keeps every sum of costs below it.
const INFINITE: u64 = u64::MAX;

/// The number of subproblems a parallel search aims for.
const SUBPROBLEMS: usize = 256;

/// One solution and its cost.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CostedSolution {
    /// The sum of the costs of its options.
    pub cost: u64,
    /// Its options, in increasing order of their numbers.
    pub options: Vec<OptionId>,
}

/// What [`MinCost::best`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The best solutions, at most `k` of them, in increasing order of cost
    /// (and of their options' numbers among equal costs).
    pub solutions: Vec<CostedSolution>,
    /// The search's statistics, counted as DLX5 counts them: a node for every
    /// level entered and every solution seen; `solutions` counts the solutions
    /// the search met (those that were cheaper than the cut-off then, and those
    /// tied with it that were looked at).
    pub stats: Stats,
    /// Whether the monitor stopped the search before its end: then the solutions
    /// are the best of those seen, not necessarily the best there are.
    pub interrupted: bool,
}

impl Best {
    /// The costs of the solutions, in increasing order.
    pub fn costs(&self) -> Vec<u64> {
        self.solutions.iter().map(|s| s.cost).collect()
    }
}

/// Why a minimum-cost search could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CostError {
    /// A thread could not be started.
    #[error("cannot start {threads} threads: {source}")]
    Threads {
        /// The number of threads asked for.
        threads: usize,
        /// What the thread pool said.
        source: rayon::ThreadPoolBuildError,
    },
    /// The problem has bounds on items, which the min-cost search does not
    /// combine with costs.
    #[error("costs cannot be combined with bounds on items (item `{item}` has bounds {lower}:{upper})")]
    Bounds {
        /// The first item with bounds other than [1, 1].
        item: String,
        /// Its lower bound.
        lower: u32,
        /// Its upper bound.
        upper: u32,
    },
    /// A primary item declared after a secondary one: the search by cost
    /// takes the first items declared as the primary ones.
    #[error("the search by cost takes the primary items declared first: `{item}` comes after a secondary item")]
    PrimaryAfterSecondary {
        /// The first primary item declared after a secondary one.
        item: String,
    },
}

/// The `k` cheapest solutions of a problem whose options have costs, set up
/// with builder-style methods (see the [module documentation](self)).
#[derive(Clone, Debug)]
pub struct MinCost<'p> {
    problem: &'p Problem,
    threads: usize,
    knuth_cutoff: bool,
    engine: Engine,
    monitor: Option<Arc<Monitor>>,
}

impl<'p> MinCost<'p> {
    /// One thread, ties resolved by option numbers, the engine chosen by
    /// [`Engine::Auto`]'s rule for costs, no monitor.
    pub fn new(problem: &'p Problem) -> MinCost<'p> {
        MinCost { problem, threads: 1, knuth_cutoff: false, engine: Engine::Auto, monitor: None }
    }

    /// The number of threads (0: one per core; 1, the default: the calling thread
    /// alone).
    pub fn threads(mut self, threads: usize) -> MinCost<'p> {
        self.threads = threads;
        self
    }

    /// Drop the solutions tied with the `k`-th best, as DLX5 does, rather than
    /// look at those that the cut-off would otherwise hide (see the [module
    /// documentation](self)): with [`Engine::Links`] the statistics are then
    /// DLX5's, but which of the solutions tied at the `k`-th cost are reported
    /// depends on the order of the search, and so on the engine and the
    /// number of threads; the costs do not.
    pub fn knuth_cutoff(mut self, knuth_cutoff: bool) -> MinCost<'p> {
        self.knuth_cutoff = knuth_cutoff;
        self
    }

    /// The engine (see the [module documentation](self)):
    /// [`Engine::Links`], DLX5's links, whose statistics equal DLX5's;
    /// [`Engine::Bits`], bitset frames, faster, counting nodes and solutions
    /// only; [`Engine::Auto`] (the default), whichever [`MinCost::resolve`]
    /// picks, as do [`Engine::Costs`] and the engines without a costs search
    /// of their own (memo, sweep). [`Engine::Cells`] has no costs search and
    /// resolves to the links.
    /// Every engine finds the same solutions.
    pub fn engine(mut self, engine: Engine) -> MinCost<'p> {
        self.engine = engine;
        self
    }

    /// The engine that runs: [`Engine::Links`] or [`Engine::Bits`]. Auto picks
    /// the bitset frames unless a frame would take more than
    /// [`MAX_AUTO_FRAME_BYTES`], where the links' cover, which visits only the
    /// options still in play, costs less than sweeping the words of a frame.
    pub fn resolve(&self) -> Engine {
        match self.engine {
            Engine::Bits => Engine::Bits,
            Engine::Links | Engine::Cells => Engine::Links,
            _ if bits::frame_bytes(self.problem) <= MAX_AUTO_FRAME_BYTES => Engine::Bits,
            _ => Engine::Links,
        }
    }

    /// Report to this monitor while searching, and stop when it says so.
    pub fn monitor(mut self, monitor: Option<Arc<Monitor>>) -> MinCost<'p> {
        self.monitor = monitor;
        self
    }

    /// The `k` cheapest solutions (fewer if the problem has fewer).
    pub fn best(&self, k: usize) -> Result<Best, CostError> {
        self.visit(k, |_, _| ControlFlow::Continue(()))
    }

    /// Finds the `k` cheapest solutions as [`best`](MinCost::best) does, and
    /// calls `visitor` with each solution as it joins the best found so far (its
    /// cost, and its options in the order the search chose them), as DLX5
    /// prints them. On several threads the calls come from any thread, one at a
    /// time. `Break` stops the search; the answer is then the best seen so far.
    pub fn visit<F>(&self, k: usize, visitor: F) -> Result<Best, CostError>
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()> + Send,
    {
        if self.problem.has_bounds() {
            let item = self.problem.items().find(|&i| self.problem.is_primary(i) && self.problem.bounds(i) != (1, 1));
            if let Some(item) = item {
                let (lower, upper) = self.problem.bounds(item);
                return Err(CostError::Bounds { item: self.problem.item_name(item).to_string(), lower, upper });
            }
        }
        if let Some(item) = self.problem.primary_after_secondary() {
            return Err(CostError::PrimaryAfterSecondary { item: self.problem.item_name(item).to_string() });
        }
        if k == 0 {
            return Ok(Best { solutions: Vec::new(), stats: Stats::default(), interrupted: false });
        }
        let ties = !self.knuth_cutoff;
        if self.resolve() == Engine::Bits {
            let tables = Arc::new(bits::Tables::new(self.problem));
            let make = |monitor| bits::Worker::new(Arc::clone(&tables), monitor, ties);
            self.drive(k, tables.total_tax, visitor, &make)
        } else {
            let links = links::Links::new(self.problem);
            let make = |monitor| links::Worker::new(links.clone(), monitor, ties);
            self.drive(k, links.total_tax, visitor, &make)
        }
    }

    /// The search on one thread or several, with workers made by `make`.
    fn drive<W, F>(
        &self,
        k: usize,
        total_tax: u64,
        visitor: F,
        make: &(dyn Fn(Option<Arc<Monitor>>) -> W + Sync),
    ) -> Result<Best, CostError>
    where
        W: Floor,
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()> + Send,
    {
        let threads = crate::run::threads::effective_threads(self.threads).used;
        let shared = Shared::new(Board::new(k, total_tax, visitor));
        let (stats, interrupted) = if threads <= 1 {
            let mut worker = make(self.monitor.clone());
            let done = worker.search(&shared, usize::MAX, &mut |_, _| ControlFlow::Continue(()));
            (worker.stats(), !done)
        } else {
            self.in_parallel(make, &shared, threads)?
        };
        let board = shared.board.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
        let stopped = board.stopped;
        Ok(Best { solutions: board.into_solutions(), stats, interrupted: interrupted || stopped })
    }

    /// Splits the tree into subproblems, and lets `threads` threads take them in
    /// turn, cheapest prefix first.
    fn in_parallel<W, F>(
        &self,
        make: &(dyn Fn(Option<Arc<Monitor>>) -> W + Sync),
        shared: &Shared<F>,
        threads: usize,
    ) -> Result<(Stats, bool), CostError>
    where
        W: Floor,
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()> + Send,
    {
        // The split's depth by the rule every parallel search follows, each
        // probe stopping once it has enough leaves (solutions above the split
        // are offered to the board as the probes meet them).
        let stopped = || self.monitor.as_ref().is_some_and(|monitor| monitor.is_stopped());
        let depth = split_depth(SUBPROBLEMS, |depth| {
            if stopped() {
                // The depth no longer matters: nothing will be searched.
                return Probe { leaves: SUBPROBLEMS, deeper: false };
            }
            let mut leaves = 0;
            make(self.monitor.clone()).search(shared, depth, &mut |_, _| {
                leaves += 1;
                if leaves >= SUBPROBLEMS { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            });
            Probe { leaves, deeper: leaves > 0 }
        });
        let mut prefixes: Vec<(u64, Vec<u32>)> = Vec::new();
        let mut splitter = make(self.monitor.clone());
        let done = splitter.search(shared, depth, &mut |cost, prefix| {
            prefixes.push((cost, prefix.to_vec()));
            ControlFlow::Continue(())
        });
        let above = splitter.stats();
        if let Some(monitor) = &self.monitor {
            monitor.add(&above);
        }
        if !done {
            // The visitor, or the monitor, stopped the search during the split.
            return Ok((above, stopped()));
        }
        // Cheap prefixes first: they are the likeliest to lower the cut-off soon.
        prefixes.sort_by_key(|(cost, _)| *cost);
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let monitor = self.monitor.clone();
        // The threads of a rayon pool, like every other parallel search, each
        // taking the next prefix in turn.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|t| format!("mincost-{t}"))
            .build()
            .map_err(|source| CostError::Threads { threads, source })?;
        let outcomes = pool.broadcast(|_| {
            let mut worker = make(monitor.clone());
            let mut interrupted = false;
            loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                let Some((_, prefix)) = prefixes.get(n) else { break };
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                if !worker.replay(shared, prefix) {
                    if worker.stopped() {
                        interrupted = true;
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    continue;
                }
                let done = worker.search(shared, usize::MAX, &mut |_, _| ControlFlow::Continue(()));
                if !done {
                    interrupted = true;
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
                worker.unwind();
            }
            (worker.stats(), interrupted)
        });
        let mut total = above;
        let mut interrupted = false;
        for (stats, stopped) in outcomes {
            total.add(&stats);
            interrupted |= stopped;
        }
        Ok((total, interrupted))
    }
}

/// The most bytes a frame of the bitset engine (a bit per option) may take
/// for [`Engine::Auto`] to choose it for costs.
pub const MAX_AUTO_FRAME_BYTES: usize = 8 << 10;

/// What a split hands over at each leaf: the net cost of its prefix and the
/// prefix's moves (the engine's own numbers). `Break` ends the split.
type Leaf<'a> = dyn FnMut(u64, &[u32]) -> ControlFlow<()> + 'a;

/// One of the two floors the costs engine searches on (links or bitset
/// frames), as it drives it on one
/// thread or several.
trait Floor {
    /// Searches from the floor with the shared board; returns whether the
    /// search ran to its end. With a `split_depth`, entering that level is a
    /// leaf instead (handed to `leaf`, not counted).
    fn search<F>(&mut self, shared: &Shared<F>, split_depth: usize, leaf: &mut Leaf<'_>) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>;

    /// Makes the moves of a prefix of the split as the search would, and sets
    /// the floor below them. Returns `false` when the prefix cannot lead to a
    /// solution under the cut-off (or ends in one, which the split offered).
    fn replay<F>(&mut self, shared: &Shared<F>, prefix: &[u32]) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>;

    /// Climbs back from the floor to the top.
    fn unwind(&mut self);

    /// The statistics of the searches so far.
    fn stats(&self) -> Stats;

    /// Whether a replay was stopped (by the visitor or the monitor) in a
    /// search it made.
    fn stopped(&self) -> bool;
}

/// DLX5's taxes: item by item (primary items, in order), the least net cost
/// of its options comes off them all. Returns each option's net cost and the
/// sum of the taxes (a solution's cost is its net cost plus that sum).
fn net_costs(problem: &Problem) -> (Vec<u64>, u64) {
    let n_primary = problem.n_primary();
    let mut net: Vec<u64> = problem.options().map(|o| problem.cost(o)).collect();
    let mut options_of: Vec<Vec<u32>> = vec![Vec::new(); n_primary];
    for o in problem.options() {
        for (item, _) in problem.searched(o) {
            if item.index() < n_primary {
                options_of[item.index()].push(o.0);
            }
        }
    }
    let mut total_tax = 0u64;
    for options in &options_of {
        let tax = options.iter().map(|&o| net[o as usize]).min().unwrap_or(0);
        if tax > 0 {
            for &o in options {
                net[o as usize] -= tax;
            }
            total_tax += tax;
        }
    }
    (net, total_tax)
}

/// A search's buffers for offering its solutions to the board: the options
/// as chosen, and sorted (the board's order among equal costs).
#[derive(Debug, Default)]
struct Offer {
    chosen: Vec<OptionId>,
    sorted: Vec<OptionId>,
}

impl Offer {
    /// Buffers for solutions of up to `depth` options.
    fn with_capacity(depth: usize) -> Offer {
        Offer { chosen: Vec::with_capacity(depth), sorted: Vec::with_capacity(depth) }
    }

    /// Offers the solution of net cost `cost` made of `options`, in the order
    /// chosen. Returns whether the search should stop.
    fn offer<F>(&mut self, shared: &Shared<F>, cost: u64, options: impl Iterator<Item = OptionId>) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        self.chosen.clear();
        self.chosen.extend(options);
        self.sorted.clear();
        self.sorted.extend_from_slice(&self.chosen);
        self.sorted.sort_unstable();
        shared.offer(cost, &self.chosen, &self.sorted)
    }
}

/// The best solutions found so far, shared by the threads of a search.
struct Board<F> {
    k: usize,
    total_tax: u64,
    /// The best solutions by net cost, in increasing order of (cost, options).
    best: Vec<(u64, Vec<OptionId>)>,
    visitor: F,
    /// Whether the visitor asked to stop.
    stopped: bool,
}

impl<F: FnMut(u64, &[OptionId]) -> ControlFlow<()>> Board<F> {
    fn new(k: usize, total_tax: u64, visitor: F) -> Board<F> {
        Board { k, total_tax, best: Vec::with_capacity(k.min(1 << 16)), visitor, stopped: false }
    }

    /// The net cost a partial solution must stay below to be worth pursuing
    /// (DLX5's cut-off: the `k`-th best net cost, once there are `k`).
    fn cutoff(&self) -> u64 {
        self.best.get(self.k.wrapping_sub(1)).map_or(INFINITE, |&(cost, _)| cost)
    }

    /// Offers a solution of net cost `cost`, its options as chosen (`chosen`)
    /// and sorted (`sorted`). Returns whether the search should stop.
    fn offer(&mut self, cost: u64, chosen: &[OptionId], sorted: &[OptionId]) -> bool {
        let key = |entry: &(u64, Vec<OptionId>)| (entry.0, entry.1.as_slice()).cmp(&(cost, sorted));
        let at = match self.best.binary_search_by(key) {
            Ok(_) => return false,
            Err(at) if at >= self.k => return false,
            Err(at) => at,
        };
        // Reuse the evicted solution's buffer once the list is full.
        let mut entry =
            if self.best.len() == self.k { self.best.pop().unwrap_or_default() } else { Default::default() };
        entry.0 = cost;
        entry.1.clear();
        entry.1.extend_from_slice(sorted);
        self.best.insert(at, entry);
        if (self.visitor)(cost + self.total_tax, chosen).is_break() {
            self.stopped = true;
        }
        self.stopped
    }

    fn into_solutions(self) -> Vec<CostedSolution> {
        let tax = self.total_tax;
        self.best.into_iter().map(|(cost, options)| CostedSolution { cost: cost + tax, options }).collect()
    }
}

/// The board behind a lock, and its cut-off where every thread reads it without
/// locking. The cut-off only goes down.
struct Shared<F> {
    board: Mutex<Board<F>>,
    cutoff: AtomicU64,
}

impl<F: FnMut(u64, &[OptionId]) -> ControlFlow<()>> Shared<F> {
    fn new(board: Board<F>) -> Shared<F> {
        Shared { cutoff: AtomicU64::new(board.cutoff()), board: Mutex::new(board) }
    }

    fn lock(&self) -> MutexGuard<'_, Board<F>> {
        self.board.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    #[inline(always)]
    fn cutoff(&self) -> u64 {
        self.cutoff.load(Ordering::Relaxed)
    }

    /// Offers a solution (see [`Board::offer`]) and lowers the cut-off if it
    /// joined the best. Returns whether the search should stop.
    fn offer(&self, cost: u64, chosen: &[OptionId], sorted: &[OptionId]) -> bool {
        let mut board = self.lock();
        let stop = board.offer(cost, chosen, sorted);
        self.cutoff.fetch_min(board.cutoff(), Ordering::Relaxed);
        stop || board.stopped
    }
}
