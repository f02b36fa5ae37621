//! Searching on many threads, and in shards across machines.
//!
//! The search tree is split at a shallow depth into independent **subproblems**,
//! each the prefix of choices that leads to one node at that depth (see
//! [`Subtrees::split`]). Their subtrees are disjoint and together make the whole
//! tree, so their counts and statistics add up to exactly those of the serial
//! search. The split depends only on the problem and the number of subproblems
//! asked for, so it can be recomputed anywhere: shard `i` of `k` takes the
//! subproblems whose number is `i` modulo `k`, and `k` machines that each run one
//! shard count the whole problem between them.
//!
//! ```
//! use quadrille_dlx::{Config, Problem, Solver, parallel::Parallel};
//!
//! // Six queens: rows and columns are primary items, diagonals secondary.
//! let n = 6;
//! let mut b = Problem::builder();
//! let rows: Vec<_> = (0..n).map(|i| b.primary(&format!("r{i}"))).collect::<Result<_, _>>()?;
//! let cols: Vec<_> = (0..n).map(|j| b.primary(&format!("c{j}"))).collect::<Result<_, _>>()?;
//! let a: Vec<_> = (0..2 * n - 1).map(|d| b.secondary(&format!("a{d}"))).collect::<Result<_, _>>()?;
//! let d: Vec<_> = (0..2 * n - 1).map(|d| b.secondary(&format!("b{d}"))).collect::<Result<_, _>>()?;
//! for i in 0..n {
//!     for j in 0..n {
//!         b.option([rows[i], cols[j], a[i + j], d[n - 1 - i + j]])?;
//!     }
//! }
//! let problem = b.build()?;
//!
//! let serial = { let mut s = Solver::new(&problem); s.count(); s.stats() };
//! assert_eq!(serial.solutions, 4);
//! assert_eq!(Parallel::new(&problem).threads(2).count()?, serial);
//!
//! // Three shards, as three machines would run them.
//! let shards: Vec<_> = (0..3)
//!     .map(|i| Parallel::new(&problem).shard(i, 3).unwrap().count().unwrap())
//!     .collect();
//! assert_eq!(shards.into_iter().sum::<quadrille_dlx::Stats>(), serial);
//!
//! // The same configuration as a solver's: a limit stops every thread.
//! let limited = Parallel::new(&problem).config(Config::new().limit(Some(3))).count()?;
//! assert_eq!(limited.solutions, 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The split itself is reached through the [`Subtrees`] trait, for those who
//! distribute subproblems their own way.
//!
//! A worker that runs many slices of one count makes the split once
//! ([`Parallel::slices`]) and runs each slice from it, on a solver it keeps
//! ([`Slices::visit`]) or on threads ([`Parallel::slice`]): the slices are
//! exactly those of [`Parallel::shard`], so their records merge with the
//! command line's.
//!
//! ```
//! use quadrille_dlx::{Problem, Solver, Stats, parallel::Parallel};
//!
//! let problem = Problem::from_knuth("a b c\na\nb\nc\na b\nb c\na c\n")?;
//! let slices = Parallel::new(&problem).slices(4)?;
//! let mut solver = Solver::new(slices.problem());
//! let mut total = Stats::default();
//! for index in 0..4 {
//!     let slice = slices.count(&mut solver, index)?;
//!     assert_eq!(slice, Parallel::new(&problem).shard(index, 4)?.count()?);
//!     total += slice;
//! }
//! let mut serial = Solver::new(&problem);
//! serial.count();
//! assert_eq!(total, serial.stats());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use rayon::prelude::*;

pub use crate::run::split::{DEFAULT_SUBPROBLEMS, MAX_SHARDS, ParallelError};
use crate::run::split::{Probe, split_depth};
pub use crate::run::threads::{MAX_THREADS_PER_CORE, Threads, effective_threads};
use crate::solver::Solver;
use crate::util::monitor::Monitor;
use crate::util::problem::{OptionId, Problem};
use crate::util::search::{Config, DescendError, Engine};
use crate::util::stats::Stats;
use slices::Kept;
pub use slices::Slices;

mod slices;

/// The search tree cut into subtrees: what [`Parallel`] is made of, for those who
/// distribute the subproblems their own way. Implemented by [`Solver`].
///
/// ```
/// use quadrille_dlx::{Problem, Solver, parallel::Subtrees};
///
/// let problem = Problem::from_knuth("a b c\na\nb\nc\na b\nb c\na c\n")?;
/// let mut solver = Solver::new(&problem);
/// let mut prefixes = Vec::new();
/// let above = solver.split(1, |prefix| prefixes.push(prefix.to_vec()));
/// let mut total = above;
/// for prefix in &prefixes {
///     for &option in prefix {
///         solver.descend(option)?;
///     }
///     solver.count();
///     total += solver.stats();
///     solver.reset();
/// }
/// solver.count();
/// assert_eq!(total, solver.stats());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Subtrees {
    /// Explores the search tree down to `depth` levels below the floor (the
    /// levels already descended) and calls `leaf` at every place where the
    /// search would enter that level or find a solution above it, with the
    /// moves made on the way from the top (descents first): each level's
    /// option, or `None` where a level took no option (with bounds, an item
    /// retired once it has enough). Commitments are not moves. The whole search
    /// is then these leaves' subtrees, and its statistics are those returned
    /// plus those of the subtrees, each counted from its own root. A
    /// [`Monitor`] in the solver's configuration, once stopped, ends the
    /// split early: its leaves are then only some of them.
    fn split<F: FnMut(&[Option<OptionId>])>(&mut self, depth: usize, leaf: F) -> Stats;

    /// Enters the next level of the search by making the move `step` there, as
    /// the search itself would: the level's item is the one the search would
    /// branch on, and `step` must be one of that item's options still in play
    /// (or `None`, the move that takes no option, where the search would make
    /// it). Later searches start below this level and never backtrack above
    /// it; their statistics leave out the descent, so that the subtrees below a
    /// split add up to the whole search. An error changes nothing.
    /// [`Solver::reset`] climbs back to the top.
    fn descend(&mut self, step: Option<OptionId>) -> Result<(), DescendError>;
}

impl Subtrees for Solver {
    fn split<F: FnMut(&[Option<OptionId>])>(&mut self, depth: usize, leaf: F) -> Stats {
        Solver::split(self, depth, leaf)
    }

    fn descend(&mut self, step: Option<OptionId>) -> Result<(), DescendError> {
        Solver::descend(self, step)
    }
}

/// The subproblems of a split: the prefixes of choices, and the statistics of the
/// levels above them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The split depth: every prefix has this many options, but those that end
    /// in a solution above that depth.
    pub depth: usize,
    /// The subproblems, in the order the serial search meets them: the moves
    /// that lead to each (see [`Subtrees::split`]).
    pub prefixes: Vec<Vec<Option<OptionId>>>,
    /// Nodes and updates of the levels above the split.
    pub stats: Stats,
}

/// How many subproblems a count on threads alone (not in shards) aims for by
/// default, per thread, up to [`DEFAULT_SUBPROBLEMS`]: enough to keep every
/// thread busy to the end. A shallower split costs less to make and its
/// prefixes less to replay: on two threads, 5 to 10 % of the time of a count
/// of pentominoes in a 6×10 box.
pub const SUBPROBLEMS_PER_THREAD: usize = 128;

/// A parallel search of one problem, set up with builder-style methods. It takes
/// the same [`Config`] as a [`Solver`]: a limit on the solutions (counted over
/// all threads; which solutions make the limit depends on the threads' timing),
/// and a monitor, to which every thread reports (the fraction done is that of
/// the subproblems) and which stops them all.
#[derive(Clone, Debug)]
pub struct Parallel<'p> {
    problem: &'p Problem,
    threads: usize,
    shard: (u32, u32),
    /// As set; `None` for the default (see [`Parallel::subproblems`]).
    subproblems: Option<usize>,
    config: Config,
    /// A split made before, to take the shard's prefixes from.
    slices: Option<&'p Slices>,
}

impl<'p> Parallel<'p> {
    /// All threads, the whole problem (shard 0 of 1), the default number of
    /// subproblems.
    pub fn new(problem: &'p Problem) -> Parallel<'p> {
        Parallel { problem, threads: 0, shard: (0, 1), subproblems: None, config: Config::new(), slices: None }
    }

    /// The number of threads (0: one per core; at most
    /// [`MAX_THREADS_PER_CORE`] a core, see [`effective_threads`]).
    pub fn threads(mut self, threads: usize) -> Parallel<'p> {
        self.threads = threads;
        self
    }

    /// Only the `index`-th of `of` slices of the subproblems (from 0), `of` at
    /// most [`MAX_SHARDS`]. The statistics of the levels above the split go to
    /// shard 0, so the shards' statistics add up to the whole.
    pub fn shard(mut self, index: u32, of: u32) -> Result<Parallel<'p>, ParallelError> {
        if index >= of {
            return Err(ParallelError::NoSuchShard { index, of });
        }
        if of > MAX_SHARDS {
            return Err(ParallelError::TooManyShards { of });
        }
        self.shard = (index, of);
        Ok(self)
    }

    /// The split into `of` slices that [`Parallel::shard`] makes (with this
    /// engine and number of subproblems), made once to run many of its
    /// slices ([`Slices::visit`], [`Parallel::slice`]).
    pub fn slices(&self, of: u32) -> Result<Slices, ParallelError> {
        let sharded = self.clone().shard(0, of)?;
        let split = sharded.split();
        let engine = self.config.resolve(self.problem);
        Ok(Slices {
            problem: self.problem.clone(),
            engine,
            branching: Slices::branching_of(engine, &self.config),
            aim: sharded.aim(),
            of,
            split,
            kept: Kept::default(),
        })
    }

    /// Only slice `index` of `slices`, a split made before: the shard
    /// [`Parallel::shard`] would count, without splitting again. The slices
    /// must be of this problem (a clone of it is checked at once, another
    /// problem compared whole); that they were made for this search's
    /// engine and number of subproblems is checked when it starts.
    pub fn slice(mut self, slices: &'p Slices, index: u32) -> Result<Parallel<'p>, ParallelError> {
        if slices.problem != *self.problem {
            return Err(ParallelError::OtherProblem);
        }
        self = self.shard(index, slices.of)?;
        self.slices = Some(slices);
        Ok(self)
    }

    /// At least this many subproblems, where the tree has that many nodes at
    /// some depth. Every shard of one count must use the same number. The
    /// default is [`DEFAULT_SUBPROBLEMS`] for shards (or the number of shards,
    /// when there are more) and for dancing cells (whose statistics depend on
    /// the split: so they do not depend on the threads), and
    /// [`SUBPROBLEMS_PER_THREAD`] for each thread, up to
    /// [`DEFAULT_SUBPROBLEMS`], for a count on threads alone.
    pub fn subproblems(mut self, subproblems: usize) -> Parallel<'p> {
        self.subproblems = Some(subproblems.max(1));
        self
    }

    /// The number of subproblems to aim for.
    fn aim(&self) -> usize {
        if let Some(subproblems) = self.subproblems {
            return subproblems;
        }
        if self.shard.1 > 1 || self.config.resolve(self.problem) == Engine::Cells {
            return DEFAULT_SUBPROBLEMS.max(self.shard.1 as usize);
        }
        let threads = effective_threads(self.threads).used;
        threads.saturating_mul(SUBPROBLEMS_PER_THREAD).min(DEFAULT_SUBPROBLEMS)
    }

    /// The configuration: a limit, a monitor and an engine, as for a
    /// [`Solver`]. With [`Engine::Cells`] the solutions
    /// are the serial search's, and the statistics add up over threads and
    /// shards but are not quite the serial search's (see
    /// [`Engine`]); with its binary branching
    /// ([`Branching::Binary`](crate::Branching::Binary)), the search is one
    /// subproblem, on one thread, in slice 0 of shards: the serial search's
    /// statistics.
    pub fn config(mut self, config: Config) -> Parallel<'p> {
        self.config = config;
        self
    }

    /// Splits the search tree at a depth that gives enough subproblems (or at
    /// the depth below which nothing is left to split).
    ///
    /// The depth is found by probes, each of which stops as soon as it has
    /// seen enough leaves, so that it explores only nodes the serial search
    /// would visit: one level deeper at a time while the tree widens, twice
    /// as far each time it does not, and then halving the interval between
    /// the last two probes. A long narrow stretch of `d` levels costs
    /// `O(log d)` probes (a chain of 2,000 forced choices: two dozen probes,
    /// not 2,000 splits).
    pub fn split(&self) -> Split {
        self.split_counting(None).0
    }

    /// [`Parallel::split`], and the nodes its probes explored. A stop of
    /// `monitor` cuts the split short: it then has no subproblems, and the
    /// statistics of the probe it stopped (a split's probes may explore
    /// most of a narrow tree whose nodes are costly).
    fn split_counting(&self, monitor: Option<&Arc<Monitor>>) -> (Split, u64) {
        let config = Config::new()
            .engine(self.config.get_engine())
            .monitor(monitor.cloned())
            .branching(self.config.get_branching())
            .weights(self.config.get_weights());
        let mut solver = Solver::with_config(self.problem, config);
        let aim = self.aim();
        let (mut explored, mut probed) = (0, Stats::default());
        let stopped = || monitor.is_some_and(|monitor| monitor.is_stopped());
        // Each probe stops once it has seen enough leaves.
        let high = split_depth(aim, |depth| {
            if stopped() {
                // The depth no longer matters: nothing will be searched.
                return Probe { leaves: aim, deeper: false };
            }
            let (mut leaves, mut deeper) = (0, false);
            probed = solver.split_while(depth, |prefix| {
                deeper |= prefix.len() == depth;
                leaves += 1;
                if leaves >= aim { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            });
            explored += probed.nodes + leaves as u64;
            Probe { leaves, deeper }
        });
        if stopped() {
            return (Split { depth: high, prefixes: Vec::new(), stats: probed }, explored);
        }
        let mut prefixes = Vec::new();
        let stats = solver.split(high, |prefix| prefixes.push(prefix.to_vec()));
        explored += stats.nodes + prefixes.len() as u64;
        (Split { depth: high, prefixes, stats }, explored)
    }

    fn pool(&self) -> Result<rayon::ThreadPool, ParallelError> {
        let threads = effective_threads(self.threads).used;
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|source| ParallelError::Threads { threads, source })
    }

    /// The split: the one given ([`Parallel::slice`]), once checked against
    /// this search, or a new one; and the nodes its probes explored.
    fn whole_split(&self) -> Result<(Cow<'p, Split>, u64), ParallelError> {
        let Some(slices) = self.slices else {
            let (split, explored) = self.split_counting(self.config.get_monitor());
            return Ok((Cow::Owned(split), explored));
        };
        let (engine, aim) = (self.config.resolve(self.problem), self.aim());
        let branching = Slices::branching_of(engine, &self.config);
        // One slice is the whole search, however finely split (the split of
        // a count on threads alone depends on the threads).
        if engine != slices.engine || branching != slices.branching || (slices.of > 1 && aim != slices.aim) {
            return Err(ParallelError::OtherSplit {
                split: Slices::describe(slices.engine, slices.branching, slices.aim),
                search: Slices::describe(engine, branching, aim),
            });
        }
        Ok((Cow::Borrowed(&slices.split), 0))
    }

    /// Counts the solutions: the statistics equal the serial search's (or, for a
    /// shard, its part of them).
    pub fn count(&self) -> Result<Stats, ParallelError> {
        self.visit(|_| ControlFlow::Continue(()))
    }

    /// Calls `visitor` with every solution (in no particular order, from several
    /// threads at once) until one call returns `Break` or the limit is reached.
    /// Returns the statistics of the subtrees searched.
    pub fn visit<F>(&self, visitor: F) -> Result<Stats, ParallelError>
    where
        F: Fn(&[OptionId]) -> ControlFlow<()> + Sync,
    {
        self.visit_measured(visitor).map(|(stats, _)| stats)
    }

    /// [`Parallel::visit`], and the work of splitting: what the probes of the
    /// split explored and the descents made to replay the subproblems.
    fn visit_measured<F>(&self, visitor: F) -> Result<(Stats, Overhead), ParallelError>
    where
        F: Fn(&[OptionId]) -> ControlFlow<()> + Sync,
    {
        let limit = self.config.get_limit().unwrap_or(u64::MAX);
        if limit == 0 {
            return Ok((Stats::default(), Overhead::default()));
        }
        let (split, explored) = self.whole_split()?;
        let (index, of) = self.shard;
        let above = if index == 0 { split.stats } else { Stats::default() };
        let mine: Vec<&[Option<OptionId>]> =
            split.prefixes.iter().skip(index as usize).step_by(of as usize).map(Vec::as_slice).collect();
        let replayed = AtomicU64::new(0);
        let stop = AtomicBool::new(false);
        let found = AtomicU64::new(0);
        let done = AtomicUsize::new(0);
        let problem = self.problem;
        let monitor: Option<&Monitor> = self.config.get_monitor().map(Arc::as_ref);
        if let Some(monitor) = monitor {
            monitor.add(&above);
        }
        let stopped = || stop.load(Ordering::Relaxed) || monitor.is_some_and(Monitor::is_stopped);
        if stopped() {
            // Stopped during the split: no solver to build (a copy of the
            // problem's links, most of a second on a large one), no thread.
            return Ok((above, Overhead { explored, replayed: 0 }));
        }
        let solver_config = Config::new()
            .monitor(self.config.get_monitor().cloned())
            .engine(self.config.get_engine())
            .branching(self.config.get_branching())
            .weights(self.config.get_weights());
        // Rayon makes a solver for each piece of work it splits off: a copy of
        // one made here, cheaper than building the engine's arrays each time.
        let model = Solver::with_config(problem, solver_config);
        let subtrees = self.pool()?.install(|| {
            mine.par_iter()
                .map_init(
                    || model.clone(),
                    |solver, prefix| {
                        if stopped() {
                            return Stats::default();
                        }
                        // Consecutive subproblems share most of their
                        // prefixes: only what differs is replayed. The
                        // prefixes come from this problem's own split.
                        let descents = solver.replay(prefix).expect("a prefix of the split replays");
                        replayed.fetch_add(descents as u64, Ordering::Relaxed);
                        solver.visit(|solution| {
                            // Take a place under the limit before visiting.
                            if stopped() || found.fetch_add(1, Ordering::Relaxed) >= limit {
                                stop.store(true, Ordering::Relaxed);
                                return ControlFlow::Break(());
                            }
                            if visitor(solution).is_break() || found.load(Ordering::Relaxed) >= limit {
                                stop.store(true, Ordering::Relaxed);
                                return ControlFlow::Break(());
                            }
                            ControlFlow::Continue(())
                        });
                        if let Some(monitor) = monitor {
                            let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                            monitor.set_fraction(done as f64 / mine.len() as f64);
                        }
                        solver.stats()
                    },
                )
                .reduce(Stats::default, |mut a, b| {
                    a.add(&b);
                    a
                })
        });
        let mut total = above;
        total.add(&subtrees);
        // A thread may find a solution after the limit was reached elsewhere:
        // counted by its search, but not visited.
        total.solutions = total.solutions.min(limit);
        Ok((total, Overhead { explored, replayed: replayed.into_inner() }))
    }
}

/// The work a parallel search does besides searching its subtrees (read by
/// the tests, which bound it).
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(not(test), allow(dead_code))]
struct Overhead {
    /// Nodes and leaves the probes of the split explored.
    explored: u64,
    /// Descents made to reach the subproblems.
    replayed: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` items, each with one option of its own: a search tree that is a
    /// chain of `n` forced choices, and one solution.
    fn chain(n: usize) -> Problem {
        let mut b = Problem::builder();
        let items: Vec<_> = (0..n).map(|i| b.primary(&format!("i{i}")).unwrap()).collect();
        for &item in &items {
            b.option([item]).unwrap();
        }
        b.build().unwrap()
    }

    /// On a long, narrow tree the split and the replays cost a few times the
    /// serial search, not the square of its depth (replaying every depth's
    /// split from the root explored about n²/2 = 2,000,000 nodes here).
    #[test]
    #[cfg_attr(
        miri,
        ignore = "a chain of 2,000 levels split on three engines: hours under Miri, and the node module's own tests cover its unsafe code"
    )]
    fn a_deep_narrow_tree_splits_cheaply_on_every_engine() {
        let n = 2000;
        let problem = chain(n);
        for engine in [Engine::Links, Engine::Cells, Engine::Bits] {
            let config = Config::new().engine(engine);
            let serial = {
                let mut solver = Solver::with_config(&problem, config.clone());
                solver.count();
                solver.stats()
            };
            assert_eq!((serial.solutions, serial.nodes), (1, n as u64 + 1), "{engine}");
            for parallel in [Parallel::new(&problem).threads(2), Parallel::new(&problem).shard(1, 3).unwrap()] {
                let (stats, overhead) =
                    parallel.config(config.clone()).visit_measured(|_| ControlFlow::Continue(())).unwrap();
                assert!(stats.solutions <= 1, "{engine}");
                // A dozen probes of at most 2,048 levels, and the final split.
                assert!(overhead.explored <= 30 * n as u64, "{engine}: {overhead:?}");
                assert!(overhead.replayed <= 2 * n as u64, "{engine}: {overhead:?}");
            }
            let whole = Parallel::new(&problem).threads(2).config(config).count().unwrap();
            assert_eq!(whole.solutions, 1, "{engine}");
        }
    }

    /// Consecutive subproblems keep their common part: replaying all of a
    /// fine split costs about the nodes above it, not the subproblems times
    /// the depth.
    #[test]
    #[cfg_attr(
        miri,
        ignore = "runs on a rayon pool, whose crossbeam-epoch Miri's stacked borrows reject; no unsafe code of ours beyond the node module's"
    )]
    fn replays_keep_the_common_part_of_consecutive_prefixes() {
        // Ten items a to j, each with two options of its own: a binary tree
        // of depth 10, 1,024 solutions.
        let mut b = Problem::builder();
        let items: Vec<_> = (0..10).map(|i| b.primary(&format!("{i}")).unwrap()).collect();
        for &item in &items {
            b.option([item]).unwrap();
            b.option([item]).unwrap();
        }
        let problem = b.build().unwrap();
        let parallel = Parallel::new(&problem).config(Config::new().engine(Engine::Links)).threads(1).subproblems(512);
        let (stats, overhead) = parallel.visit_measured(|_| ControlFlow::Continue(())).unwrap();
        assert_eq!(stats.solutions, 1024);
        // 512 prefixes of 9 moves: 4,608 descents from the root each time;
        // keeping the common part, one per node of the tree above: 2 + 4 +
        // … + 512 = 1,022.
        assert_eq!(parallel.split().prefixes.len(), 512);
        // Rayon may cut the list once or twice even on one thread, each piece
        // starting from the root again.
        assert!((1022..=1022 + 3 * 9).contains(&overhead.replayed), "{overhead:?}");
    }
}
