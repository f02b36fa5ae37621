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
//! the search is DLX5's, node for node: its nodes, updates, cleansings and
//! solutions equal DLX5's (tested on Knuth's instances in `data/`).
//!
//! On several threads ([`MinCost::threads`]) the search tree is split into
//! subproblems as in [`parallel`](crate::parallel), and the threads share the
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

use crate::run::Run;
use crate::util::monitor::Monitor;
use crate::util::problem::{OptionId, Problem};
use crate::util::stats::Stats;

/// A cost too large to be reached: the cut-off before `k` solutions are known.
/// The builder keeps every sum of costs below it.
const INFINITE: u64 = u64::MAX;

/// At most this many affordable options of an item are counted when choosing
/// the item to branch on (Knuth's `lenthresh`); beyond it, the item's length
/// stands in for the count.
const LENGTH_THRESHOLD: u32 = 10;

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
}

/// The `k` cheapest solutions of a problem whose options have costs, set up
/// with builder-style methods (see the [module documentation](self)).
#[derive(Clone, Debug)]
pub struct MinCost<'p> {
    problem: &'p Problem,
    threads: usize,
    knuth_cutoff: bool,
    monitor: Option<Arc<Monitor>>,
}

impl<'p> MinCost<'p> {
    /// One thread, ties resolved by option numbers, no monitor.
    pub fn new(problem: &'p Problem) -> MinCost<'p> {
        MinCost { problem, threads: 1, knuth_cutoff: false, monitor: None }
    }

    /// The number of threads (0: one per core; 1, the default: the calling thread
    /// alone).
    pub fn threads(mut self, threads: usize) -> MinCost<'p> {
        self.threads = threads;
        self
    }

    /// Drop the solutions tied with the `k`-th best, as DLX5 does, rather than
    /// look at those that the cut-off would otherwise hide (see the [module
    /// documentation](self)): the statistics are then DLX5's, but which of the
    /// solutions tied at the `k`-th cost are reported depends on the order of
    /// the search, and so on the number of threads; the costs do not.
    pub fn knuth_cutoff(mut self, knuth_cutoff: bool) -> MinCost<'p> {
        self.knuth_cutoff = knuth_cutoff;
        self
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
        let links = Links::new(self.problem);
        let board = Board::new(k, links.total_tax, visitor);
        if k == 0 {
            return Ok(Best { solutions: Vec::new(), stats: Stats::default(), interrupted: false });
        }
        let threads = crate::parallel::effective_threads(self.threads).used;
        let shared = Shared::new(board);
        let (stats, interrupted) = if threads <= 1 {
            let mut worker = Worker::new(links, self.monitor.clone(), !self.knuth_cutoff);
            let done = worker.search(&shared, usize::MAX, &mut |_, _| {});
            (worker.run.stats, !done)
        } else {
            self.in_parallel(links, &shared, threads)?
        };
        let board = shared.board.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
        let stopped = board.stopped;
        Ok(Best { solutions: board.into_solutions(), stats, interrupted: interrupted || stopped })
    }

    /// Splits the tree into subproblems, and lets `threads` threads take them in
    /// turn, cheapest prefix first.
    fn in_parallel<F>(&self, links: Links, shared: &Shared<F>, threads: usize) -> Result<(Stats, bool), CostError>
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()> + Send,
    {
        // The shallowest split with enough subproblems (solutions above it are
        // offered to the board as the split meets them).
        let mut depth = 1;
        let (mut prefixes, above) = loop {
            let mut leaves: Vec<(u64, Vec<u32>)> = Vec::new();
            let mut splitter = Worker::new(links.clone(), None, !self.knuth_cutoff);
            let done = splitter.search(shared, depth, &mut |cost, prefix| leaves.push((cost, prefix.to_vec())));
            let deeper = leaves.iter().any(|(_, prefix)| prefix.len() == depth);
            if !done || leaves.len() >= SUBPROBLEMS || !deeper {
                break (leaves, splitter.run.stats);
            }
            depth += 1;
        };
        // Cheap prefixes first: they are the likeliest to lower the cut-off soon.
        prefixes.sort_by_key(|(cost, _)| *cost);
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let monitor = self.monitor.clone();
        let ties = !self.knuth_cutoff;
        if let Some(monitor) = &monitor {
            monitor.add(&above);
        }
        // The threads of a rayon pool, like every other parallel search, each
        // taking the next prefix in turn.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|t| format!("mincost-{t}"))
            .build()
            .map_err(|source| CostError::Threads { threads, source })?;
        let outcomes = pool.broadcast(|_| {
            let mut worker = Worker::new(links.clone(), monitor.clone(), ties);
            let mut interrupted = false;
            loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                let Some((_, prefix)) = prefixes.get(n) else { break };
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                if !worker.replay(shared, prefix) {
                    if worker.stopped {
                        interrupted = true;
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                    continue;
                }
                let done = worker.search(shared, usize::MAX, &mut |_, _| {});
                if !done {
                    interrupted = true;
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
                worker.unwind();
            }
            (worker.run.stats, interrupted)
        });
        let mut total = above;
        let mut interrupted = false;
        for (stats, stopped) in outcomes {
            total.add(&stats);
            interrupted |= stopped;
        }
        let results = (total, interrupted);
        Ok(results)
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

/// One node of the links: Knuth's DLX5 node (his `itm` is `top` here).
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    /// The item (header index, > 0) of an option's node; 0 for a header;
    /// minus one more than the option's number for the spacer after it.
    top: i32,
    /// The colour (0: none; -1: purified, so covers leave the node alone).
    color: i32,
    /// The net cost of the node's option.
    cost: u64,
}

/// The links of DLX5: Knuth's node layout (headers `1..=N`, a spacer, then each
/// option's nodes and a spacer), item lists sorted by net cost, and the lists
/// of active items. Plain indexing throughout: this search is not the hot path
/// of the crate's unchecked layer.
#[derive(Clone, Debug)]
struct Links {
    nodes: Vec<Node>,
    /// The active items' circular lists: primary around 0, secondary around N + 1.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// The length of each item's list.
    len: Vec<u32>,
    n_primary: u32,
    /// The sum of the taxes: a solution's cost is its net cost plus this.
    total_tax: u64,
}

impl Links {
    fn new(problem: &Problem) -> Links {
        let n_items = problem.n_items();
        let n_primary = problem.n_primary();
        // Taxes: item by item, the least net cost of its options comes off them all.
        let mut net: Vec<u64> = problem.options().map(|o| problem.cost(o)).collect();
        let mut options_of: Vec<Vec<u32>> = vec![Vec::new(); n_items];
        for o in problem.options() {
            for (item, _) in problem.option(o) {
                options_of[item.index()].push(o.0);
            }
        }
        let mut total_tax = 0u64;
        for options in &options_of[..n_primary] {
            let tax = options.iter().map(|&o| net[o as usize]).min().unwrap_or(0);
            if tax > 0 {
                for &o in options {
                    net[o as usize] -= tax;
                }
                total_tax += tax;
            }
        }
        // The nodes, option by option, with the lists of each item in option order.
        let mut nodes: Vec<Node> = (0..=n_items as u32).map(|i| Node { up: i, down: i, ..Node::default() }).collect();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n_items + 1];
        let mut spacer = nodes.len();
        nodes.push(Node::default());
        for o in problem.options() {
            let first = nodes.len() as u32;
            for (item, color) in problem.option(o) {
                lists[item.index() + 1].push(nodes.len() as u32);
                let color = color.map_or(0, |c| c.0 as i32 + 1);
                nodes.push(Node { top: item.0 as i32 + 1, color, cost: net[o.index()], ..Node::default() });
            }
            nodes[spacer].down = nodes.len() as u32 - 1;
            spacer = nodes.len();
            nodes.push(Node { up: first, top: -(o.0 as i32) - 1, ..Node::default() });
        }
        // Each list sorted by net cost, options of equal cost in input order.
        let mut len = vec![0; n_items + 2];
        for (header, list) in lists.iter_mut().enumerate().skip(1) {
            list.sort_by_key(|&p| nodes[p as usize].cost);
            let mut last = header as u32;
            for &p in list.iter() {
                nodes[last as usize].down = p;
                nodes[p as usize].up = last;
                last = p;
            }
            nodes[last as usize].down = header as u32;
            nodes[header].up = last;
            len[header] = list.len() as u32;
        }
        let mut prev = vec![0; n_items + 2];
        let mut next = vec![0; n_items + 2];
        let mut ring = |root: usize, members: std::ops::RangeInclusive<usize>| {
            let mut last = root;
            for i in members {
                next[last] = i as u32;
                prev[i] = last as u32;
                last = i;
            }
            next[last] = root as u32;
            prev[root] = last as u32;
        };
        ring(0, 1..=n_primary);
        ring(n_items + 1, n_primary + 1..=n_items);
        Links { nodes, prev, next, len, n_primary: n_primary as u32, total_tax }
    }

    /// Hides (`RESTORE` false) or unhides the other nodes of `r`'s option: each
    /// node leaves (or rejoins) its item's list, but nodes of purified items stay.
    /// Returns the number of nodes moved. Every item's length is kept (DLX5 keeps
    /// only the primary items'; one array for all saves a branch).
    #[inline(always)]
    fn relink<const COLORS: bool, const RESTORE: bool>(&mut self, r: u32) -> u64 {
        let mut moved = 0;
        let mut q = r + 1;
        while q != r {
            let Node { up, down, top, color, .. } = self.nodes[q as usize];
            if top <= 0 {
                // A spacer: back to the option's first node.
                q = up;
                continue;
            }
            if !COLORS || color >= 0 {
                if RESTORE {
                    self.nodes[up as usize].down = q;
                    self.nodes[down as usize].up = q;
                    self.len[top as usize] += 1;
                } else {
                    self.nodes[up as usize].down = down;
                    self.nodes[down as usize].up = up;
                    self.len[top as usize] -= 1;
                }
                moved += 1;
            }
            q += 1;
        }
        moved
    }

    /// Covers item `c`: takes it out of the active list and hides the options of
    /// its list that cost less than `threshold` (the list is sorted, so the rest
    /// could never be afforded). One update for the item, one per hidden node.
    #[inline(always)]
    fn cover<const COLORS: bool>(&mut self, c: u32, threshold: u64, updates: &mut u64) {
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
        *updates += 1;
        let mut p = self.nodes[c as usize].down;
        let mut hidden = 0;
        while p != c && self.nodes[p as usize].cost < threshold {
            hidden += self.relink::<COLORS, false>(p);
            p = self.nodes[p as usize].down;
        }
        *updates += hidden;
    }

    /// Undoes [`Links::cover`] with the same threshold. The options are unhidden
    /// in the order they were hidden, which, as Knuth remarks, restores the links
    /// all the same.
    #[inline(always)]
    fn uncover<const COLORS: bool>(&mut self, c: u32, threshold: u64) {
        let mut p = self.nodes[c as usize].down;
        while p != c && self.nodes[p as usize].cost < threshold {
            self.relink::<COLORS, true>(p);
            p = self.nodes[p as usize].down;
        }
        let (l, r) = (self.prev[c as usize], self.next[c as usize]);
        self.next[l as usize] = c;
        self.prev[r as usize] = c;
    }

    /// Purifies the item of node `p` for `p`'s colour: hides the affordable
    /// options that give it another colour, and marks those that agree.
    fn purify(&mut self, p: u32, threshold: u64, updates: &mut u64, cleansings: &mut u64) {
        let Node { top: c, color: x, .. } = self.nodes[p as usize];
        *cleansings += 1;
        let mut r = self.nodes[c as usize].down;
        while r != c as u32 && self.nodes[r as usize].cost < threshold {
            if self.nodes[r as usize].color != x {
                *updates += self.relink::<true, false>(r);
            } else if r != p {
                *cleansings += 1;
                self.nodes[r as usize].color = -1;
            }
            r = self.nodes[r as usize].down;
        }
    }

    /// Undoes [`Links::purify`] with the same threshold.
    fn unpurify(&mut self, p: u32, threshold: u64) {
        let Node { top: c, color: x, .. } = self.nodes[p as usize];
        let mut r = self.nodes[c as usize].down;
        while r != c as u32 && self.nodes[r as usize].cost < threshold {
            if self.nodes[r as usize].color < 0 {
                self.nodes[r as usize].color = x;
            } else if r != p {
                self.relink::<true, true>(r);
            }
            r = self.nodes[r as usize].down;
        }
    }

    /// Covers or purifies the items of `x`'s option other than `x`'s own, left
    /// to right from `x`, wrapping round.
    #[inline(always)]
    fn commit_others<const COLORS: bool>(&mut self, x: u32, threshold: u64, updates: &mut u64, cleansings: &mut u64) {
        let mut p = x + 1;
        while p != x {
            let Node { up, top, color, .. } = self.nodes[p as usize];
            if top <= 0 {
                p = up;
                continue;
            }
            if !COLORS || color == 0 {
                self.cover::<COLORS>(top as u32, threshold, updates);
            } else if color > 0 {
                self.purify(p, threshold, updates, cleansings);
            }
            p += 1;
        }
    }

    /// Undoes [`Links::commit_others`], right to left.
    #[inline(always)]
    fn uncommit_others<const COLORS: bool>(&mut self, x: u32, threshold: u64) {
        let mut p = x - 1;
        while p != x {
            let Node { down, top, color, .. } = self.nodes[p as usize];
            if top <= 0 {
                p = down;
                continue;
            }
            if !COLORS || color == 0 {
                self.uncover::<COLORS>(top as u32, threshold);
            } else if color > 0 {
                self.unpurify(p, threshold);
            }
            p -= 1;
        }
    }

    /// The option of node `p`, read off the spacer that ends it.
    fn option_of(&self, mut p: u32) -> OptionId {
        while self.nodes[p as usize].top > 0 {
            p += 1;
        }
        OptionId((-self.nodes[p as usize].top - 1) as u32)
    }

    /// DLX5's choice of item when the partial solution costs `cost` and the
    /// cut-off is `cutoff`: the item with the fewest options under the cut-off
    /// (counting at most [`LENGTH_THRESHOLD`], then taking the list's length),
    /// ties going to the largest cheapest option, then to the first. Returns
    /// `(0, item)` when some item has no affordable option left.
    #[inline(always)]
    fn choose(&self, cost: u64, cutoff: u64) -> (u32, u32) {
        let budget = cutoff.saturating_sub(cost);
        let (mut fewest, mut best, mut best_min) = (u32::MAX, 0, 0);
        let mut k = self.next[0];
        while k != 0 {
            let mut p = self.nodes[k as usize].down;
            let min = self.nodes[p as usize].cost;
            if p == k || min >= budget {
                return (0, k);
            }
            // Count the affordable options: `s` of them so far, `p` the last.
            let mut s = 1;
            p = self.nodes[p as usize].down;
            let counted = loop {
                if p == k || self.nodes[p as usize].cost >= budget {
                    break Some(s);
                }
                if s == fewest {
                    break None;
                }
                if s >= LENGTH_THRESHOLD {
                    break Some(self.len[k as usize]);
                }
                s += 1;
                p = self.nodes[p as usize].down;
            };
            if let Some(s) = counted {
                if s < fewest || (s == fewest && min > best_min) {
                    (fewest, best, best_min) = (s, k, min);
                }
            }
            k = self.next[k as usize];
        }
        (fewest, best)
    }
}

/// The state of one search: its links and its levels.
struct Worker {
    links: Links,
    colors: bool,
    /// `choice[l]`: the node of the option tried at level `l`.
    choice: Vec<u32>,
    /// The net cost of the options chosen above level `l`.
    partcost: Vec<u64>,
    /// The threshold with which level `l` covered its item, and with which it
    /// covered the other items of its option (DLX5's `coverthresh0` and
    /// `coverthresh`): uncovering must use the same ones.
    threshold0: Vec<u64>,
    threshold: Vec<u64>,
    /// Levels below `floor` were replayed from a prefix; `cost` is theirs.
    floor: usize,
    cost: u64,
    /// The statistics and their reporting.
    run: Run,
    monitor: Option<Arc<Monitor>>,
    /// The solution being offered, as chosen and sorted.
    chosen: Vec<OptionId>,
    sorted: Vec<OptionId>,
    /// Whether to search the ties: the options that DLX5's cut-off drops
    /// because they bring a partial solution's cost to the cut-off exactly.
    ties: bool,
    /// Added to the cut-off: 1 while searching below a tie, 0 elsewhere.
    slack: u64,
    /// Whether a search below a tie met in a replay was stopped.
    stopped: bool,
}

impl Worker {
    fn new(links: Links, monitor: Option<Arc<Monitor>>, ties: bool) -> Worker {
        // Every level covers a primary item, so there are at most that many.
        let depth = links.n_primary as usize + 1;
        Worker {
            colors: links.nodes.iter().any(|n| n.color != 0),
            links,
            choice: vec![0; depth],
            partcost: vec![0; depth],
            threshold0: vec![0; depth],
            threshold: vec![0; depth],
            floor: 0,
            cost: 0,
            run: Run::default(),
            monitor,
            chosen: Vec::with_capacity(depth),
            sorted: Vec::with_capacity(depth),
            ties,
            slack: 0,
            stopped: false,
        }
    }

    /// DLX5's cut-off drops option `x` at `level`, and after it the options of
    /// its item's list of the same cost, since each brings the partial
    /// solution's net cost `cost` to the cut-off exactly. A solution through
    /// one of them would tie with the `k`-th best, and might come before it in
    /// the order of option numbers: searches below each of them that could
    /// still be completed (with options of net cost 0), with the cut-off one
    /// higher. `cover`: whether the item of `x` is still to be covered (it is
    /// not when its level is trying its options). Returns whether to stop.
    #[cold]
    #[inline(never)]
    fn tie<F>(&mut self, shared: &Shared<F>, level: usize, mut x: u32, cost: u64, cutoff: u64, cover: bool) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        let item = self.links.nodes[x as usize].top as u32;
        let chosen = self.choice[level];
        while x != item && cost + self.links.nodes[x as usize].cost == cutoff {
            if self.tie_at(shared, level, x, cost, cutoff, cover) {
                return true;
            }
            x = self.links.nodes[x as usize].down;
        }
        self.choice[level] = chosen;
        false
    }

    /// One option `x` of [`Worker::tie`]: unless some item other than its own
    /// has no option of net cost 0 left, or it clashes with the options chosen
    /// above `level` (an option the cut-off kept from being hidden), chooses it
    /// at `level` and searches below with the cut-off `cutoff + 1`. Returns
    /// whether to stop.
    fn tie_at<F>(&mut self, shared: &Shared<F>, level: usize, x: u32, cost: u64, cutoff: u64, cover: bool) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        if !self.completable(x) || !self.agrees(x, level) {
            return false;
        }
        let item = self.links.nodes[x as usize].top as u32;
        // Colours of `x` that agree with a purification above but that it left
        // unmarked (`x` cost too much then) are marked now, as if it had.
        let mut marked = Vec::new();
        self.any_node(x, |q, m| {
            if m.color > 0 && (0..level).any(|l| self.any_node(self.choice[l], |_, t| t.top == m.top && t.color > 0)) {
                marked.push((q, m.color));
            }
            false
        });
        for &(q, _) in &marked {
            self.links.nodes[q as usize].color = -1;
        }
        let (mut updates, mut cleansings) = (0, 0);
        self.choice[level] = x;
        self.partcost[level] = cost;
        if self.colors {
            if cover {
                self.links.cover::<true>(item, 1, &mut updates);
            }
            self.links.commit_others::<true>(x, 1, &mut updates, &mut cleansings);
        } else {
            if cover {
                self.links.cover::<false>(item, 1, &mut updates);
            }
            self.links.commit_others::<false>(x, 1, &mut updates, &mut cleansings);
        }
        self.run.stats.updates += updates;
        self.run.stats.cleansings += cleansings;
        let done = if self.links.next[0] == 0 {
            // `x` completes a solution: a node of its own.
            self.run.stats.nodes += 1;
            self.run.stats.solutions += 1;
            !self.offer(shared, level, cutoff)
        } else {
            let (floor, above) = (self.floor, self.cost);
            (self.floor, self.cost, self.slack) = (level + 1, cutoff, 1);
            let done = self.search(shared, usize::MAX, &mut |_, _| {});
            (self.floor, self.cost, self.slack) = (floor, above, 0);
            done
        };
        if !done {
            return true;
        }
        if self.colors {
            self.links.uncommit_others::<true>(x, 1);
            if cover {
                self.links.uncover::<true>(item, 1);
            }
        } else {
            self.links.uncommit_others::<false>(x, 1);
            if cover {
                self.links.uncover::<false>(item, 1);
            }
        }
        for (q, color) in marked {
            self.links.nodes[q as usize].color = color;
        }
        false
    }

    /// Whether `f` holds for some node of the option of node `x` (`x` first).
    fn any_node(&self, x: u32, mut f: impl FnMut(u32, Node) -> bool) -> bool {
        let mut q = x;
        loop {
            let node = self.links.nodes[q as usize];
            if node.top > 0 && f(q, node) {
                return true;
            }
            q = if node.top <= 0 { node.up } else { q + 1 };
            if q == x {
                return false;
            }
        }
    }

    /// Whether every active primary item other than those of `x`'s option
    /// still has an option of net cost 0 (the options the cut-off kept from
    /// being hidden all cost more).
    fn completable(&self, x: u32) -> bool {
        let mut k = self.links.next[0];
        while k != 0 {
            let p = self.links.nodes[k as usize].down;
            if (p == k || self.links.nodes[p as usize].cost > 0) && !self.any_node(x, |_, m| m.top == k as i32) {
                return false;
            }
            k = self.links.next[k as usize];
        }
        true
    }

    /// Whether the option of `x` agrees with those chosen above `level`: its
    /// items other than its own are all active, and those of them that the
    /// options above purified have the same colour in it.
    fn agrees(&self, x: u32, level: usize) -> bool {
        let own = self.links.nodes[x as usize].top;
        let clashes = |_, m: Node| {
            if m.top == own {
                return false;
            }
            let i = m.top as usize;
            if self.links.next[self.links.prev[i] as usize] as usize != i {
                return true;
            }
            // A colour of -1 marks a node that agrees with a purification.
            i > self.links.n_primary as usize
                && (0..level).any(|l| {
                    self.any_node(self.choice[l], |_, t| {
                        t.top == m.top
                            && (m.color == 0 || t.color == 0 || (m.color > 0 && t.color > 0 && m.color != t.color))
                    })
                })
        };
        !self.any_node(x, clashes)
    }

    /// Searches from the floor with the shared board; returns whether the search
    /// ran to its end. With a `split_depth`, entering that level is a leaf instead
    /// (handed to `leaf` with its cost and its prefix of choices, not counted).
    fn search<F>(&mut self, shared: &Shared<F>, split_depth: usize, leaf: &mut dyn FnMut(u64, &[u32])) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        if self.colors {
            self.search_in::<true, F>(shared, split_depth, leaf)
        } else {
            self.search_in::<false, F>(shared, split_depth, leaf)
        }
    }

    /// Knuth's DLX5 search loop, with his labels: `forward` enters a level,
    /// `advance` tries the option `cur` there, `recover` moves on to the next
    /// option, `backup` ends a level and `backdown` returns to the level above.
    #[inline(always)]
    fn search_in<const COLORS: bool, F>(
        &mut self,
        shared: &Shared<F>,
        split_depth: usize,
        leaf: &mut dyn FnMut(u64, &[u32]),
    ) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        #[derive(Clone, Copy)]
        enum Step {
            Advance,
            Recover,
            Backup,
            Backdown,
        }
        let floor = self.floor;
        let mut level = floor;
        let mut curcost = self.cost;
        let mut nextcost = 0;
        let (mut cur, mut best) = (0, 0);
        let Stats { mut nodes, mut updates, mut cleansings, mut solutions } = self.run.stats;
        let mut finished = true;
        // Below a tie the cut-off is one higher; there, ties are not searched.
        let slack = self.slack;
        let ties = self.ties && slack == 0;
        'forward: loop {
            // forward: enter a level.
            let mut step = if level == split_depth {
                // A leaf of a split: its subtree is searched by itself.
                leaf(curcost, &self.choice[..level]);
                Step::Backdown
            } else {
                nodes += 1;
                if Run::due(nodes) && self.monitor.is_some() {
                    self.run.stats = Stats { nodes, updates, cleansings, solutions };
                    if self.report() {
                        finished = false;
                        break 'forward;
                    }
                }
                // Choose the item to branch on, or back down if some item cannot
                // be covered under the cut-off.
                let cutoff = shared.cutoff().saturating_add(slack);
                let (t, item) = self.links.choose(curcost, cutoff);
                if t == 0 {
                    let first = self.links.nodes[item as usize].down;
                    if ties && first != item && curcost + self.links.nodes[first as usize].cost == cutoff {
                        self.run.stats = Stats { nodes, updates, cleansings, solutions };
                        let stop = self.tie(shared, level, first, curcost, cutoff, true);
                        Stats { nodes, updates, cleansings, solutions } = self.run.stats;
                        if stop {
                            finished = false;
                            break 'forward;
                        }
                    }
                    Step::Backdown
                } else {
                    best = item;
                    self.partcost[level] = curcost;
                    cur = self.links.nodes[best as usize].down;
                    self.choice[level] = cur;
                    nextcost = curcost + self.links.nodes[cur as usize].cost;
                    let threshold = cutoff.saturating_sub(nextcost);
                    self.threshold0[level] = threshold;
                    self.links.cover::<COLORS>(best, threshold, &mut updates);
                    Step::Advance
                }
            };
            loop {
                match step {
                    Step::Advance => {
                        // advance: cover the other items of `cur`.
                        let threshold = shared.cutoff().saturating_add(slack).saturating_sub(nextcost);
                        self.threshold[level] = threshold;
                        self.links.commit_others::<COLORS>(cur, threshold, &mut updates, &mut cleansings);
                        if self.links.next[0] != 0 {
                            level += 1;
                            curcost = nextcost;
                            continue 'forward;
                        }
                        // Every primary item is covered: a solution, a special node.
                        nodes += 1;
                        solutions += 1;
                        if self.offer(shared, level, nextcost) {
                            finished = false;
                            self.run.stats = Stats { nodes, updates, cleansings, solutions };
                            return finished;
                        }
                        step = Step::Recover;
                    }
                    Step::Recover => {
                        // recover: undo `cur`, and try the next option if affordable.
                        self.links.uncommit_others::<COLORS>(cur, self.threshold[level]);
                        cur = self.links.nodes[cur as usize].down;
                        self.choice[level] = cur;
                        step = if cur == best {
                            Step::Backup
                        } else {
                            nextcost = curcost + self.links.nodes[cur as usize].cost;
                            let cutoff = shared.cutoff().saturating_add(slack);
                            if nextcost < cutoff {
                                Step::Advance
                            } else {
                                if ties && nextcost == cutoff {
                                    self.run.stats = Stats { nodes, updates, cleansings, solutions };
                                    let stop = self.tie(shared, level, cur, curcost, cutoff, false);
                                    Stats { nodes, updates, cleansings, solutions } = self.run.stats;
                                    if stop {
                                        finished = false;
                                        break 'forward;
                                    }
                                }
                                Step::Backup
                            }
                        };
                    }
                    Step::Backup => {
                        // backup: uncover the level's item.
                        self.links.uncover::<COLORS>(best, self.threshold0[level]);
                        step = Step::Backdown;
                    }
                    Step::Backdown => {
                        // backdown: return to the level above, or end.
                        if level == floor {
                            break 'forward;
                        }
                        level -= 1;
                        cur = self.choice[level];
                        best = self.links.nodes[cur as usize].top as u32;
                        curcost = self.partcost[level];
                        step = Step::Recover;
                    }
                }
            }
        }
        self.run.stats = Stats { nodes, updates, cleansings, solutions };
        if finished {
            self.report();
        }
        finished
    }

    /// Offers the solution at `level` to the board; returns whether to stop.
    #[cold]
    fn offer<F>(&mut self, shared: &Shared<F>, level: usize, cost: u64) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        self.chosen.clear();
        for l in 0..=level {
            self.chosen.push(self.links.option_of(self.choice[l]));
        }
        self.sorted.clear();
        self.sorted.extend_from_slice(&self.chosen);
        self.sorted.sort_unstable();
        shared.offer(cost, &self.chosen, &self.sorted)
    }

    /// Adds what the monitor has not yet seen; returns whether to stop.
    #[cold]
    #[inline(never)]
    fn report(&mut self) -> bool {
        let Some(monitor) = &self.monitor else { return false };
        self.run.report(monitor, None)
    }

    /// Chooses the prefix's options (nodes of a split made from the same links)
    /// as the search would, each covering its item with the current cut-off.
    /// Returns `false`, with nothing changed, when the prefix already costs too
    /// much, or when it ends in a solution (the split offered that one). An
    /// option of the prefix that reaches the cut-off exactly is a tie, searched
    /// below first; if that search is stopped, `stopped` says so and the links
    /// are left as they are.
    fn replay<F>(&mut self, shared: &Shared<F>, prefix: &[u32]) -> bool
    where
        F: FnMut(u64, &[OptionId]) -> ControlFlow<()>,
    {
        let (mut updates, mut cleansings) = (0, 0);
        let mut cost = 0;
        for (level, &x) in prefix.iter().enumerate() {
            let next = cost + self.links.nodes[x as usize].cost;
            let cutoff = shared.cutoff();
            if next >= cutoff {
                if self.ties && next == cutoff && self.tie_at(shared, level, x, cost, cutoff, true) {
                    self.stopped = true;
                    return false;
                }
                self.floor = level;
                self.unwind();
                return false;
            }
            let item = self.links.nodes[x as usize].top as u32;
            self.choice[level] = x;
            self.partcost[level] = cost;
            self.threshold0[level] = cutoff - next;
            self.threshold[level] = cutoff - next;
            if self.colors {
                self.links.cover::<true>(item, cutoff - next, &mut updates);
                self.links.commit_others::<true>(x, cutoff - next, &mut updates, &mut cleansings);
            } else {
                self.links.cover::<false>(item, cutoff - next, &mut updates);
                self.links.commit_others::<false>(x, cutoff - next, &mut updates, &mut cleansings);
            }
            cost = next;
        }
        self.floor = prefix.len();
        self.cost = cost;
        true
    }

    /// Undoes the levels below the floor, in reverse.
    fn unwind(&mut self) {
        while self.floor > 0 {
            self.floor -= 1;
            let (x, level) = (self.choice[self.floor], self.floor);
            let item = self.links.nodes[x as usize].top as u32;
            if self.colors {
                self.links.uncommit_others::<true>(x, self.threshold[level]);
                self.links.uncover::<true>(item, self.threshold0[level]);
            } else {
                self.links.uncommit_others::<false>(x, self.threshold[level]);
                self.links.uncover::<false>(item, self.threshold0[level]);
            }
        }
        self.cost = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Taxes leave every option's net cost non-negative and give every primary
    /// item an option of net cost 0; the lists are sorted by net cost.
    #[test]
    fn taxes_and_sorted_lists() {
        let problem = Problem::from_knuth("a b c | x\na b |5\nb c |3 |4\na x |2\nc |9\nb x:1 |1\n").unwrap();
        let links = Links::new(&problem);
        for item in 1..=3u32 {
            let mut p = links.nodes[item as usize].down;
            let mut last = 0;
            assert_eq!(links.nodes[p as usize].cost, 0, "item {item} has a net-zero option");
            while p != item {
                assert!(links.nodes[p as usize].cost >= last);
                last = links.nodes[p as usize].cost;
                p = links.nodes[p as usize].down;
            }
        }
        // a: 2, then b: min(5 - 2, 7, 1) = 1, then c: min(7 - 1, 9) = 6.
        assert_eq!(links.total_tax, 9);
    }

    /// A search that is stopped leaves the best seen; unwinding a replayed
    /// prefix restores the links.
    #[test]
    fn replay_and_unwind_restore_the_links() {
        let problem = Problem::from_knuth("a b c | x\na b |5\nb c |3\na x:1 |2\nc |9\nb x:1 |1\nc x:2 |1\n").unwrap();
        let links = Links::new(&problem);
        let snapshot = |l: &Links| {
            (
                l.nodes.iter().map(|n| (n.up, n.down, n.color)).collect::<Vec<_>>(),
                l.prev.clone(),
                l.next.clone(),
                l.len.clone(),
            )
        };
        let before = snapshot(&links);
        let shared = Shared::new(Board::new(2, links.total_tax, |_, _| ControlFlow::Continue(())));
        let mut worker = Worker::new(links.clone(), None, true);
        let mut leaves = Vec::new();
        assert!(worker.search(&shared, 1, &mut |cost, prefix| leaves.push((cost, prefix.to_vec()))));
        assert!(!leaves.is_empty());
        assert_eq!(snapshot(&worker.links), before);
        for (_, prefix) in leaves {
            if worker.replay(&shared, &prefix) {
                assert!(worker.search(&shared, usize::MAX, &mut |_, _| {}));
                worker.unwind();
            }
            assert_eq!(snapshot(&worker.links), before);
        }
    }
}
