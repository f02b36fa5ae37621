//! Counting by memo: every solution as a ZDD, by Knuth's DLX6 ("dancing with
//! decision diagrams", after Nishino, Yasuda, Minato and Nagata, AAAI 2017).
//!
//! Where a problem repeats itself, most subproblems the search meets have been
//! met before: in a domino tiling, what is left to tile depends only on which
//! cells are still free, not on how the others were covered. [`Memo`] runs
//! Algorithm C (DLX2, for colours) and, before each level chooses an item,
//! looks the **signature** of the remaining problem up in a cache: the active
//! primary items, and each secondary item that some active option still uses,
//! with the colour it holds. A subproblem met before is not searched again; its
//! solutions are the ZDD node made the first time. The result is a [`Zdd`]
//! whose paths are the solutions, from which come the exact count (a
//! [`BigUint`], of any size), every solution, uniform random solutions,
//! per-option counts and the cheapest solutions.
//!
//! ```
//! use quadrille_dlx::Problem;
//! use quadrille_dlx::memo::Memo;
//!
//! let problem = Problem::from_knuth("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")?;
//! let zdd = Memo::new(&problem).build()?;
//! assert_eq!(zdd.count_u64(), Some(1));
//! // DLX6's figures on Knuth's toy problem.
//! assert_eq!((zdd.stats().nodes, zdd.stats().updates, zdd.stats().zdd_nodes()), (6, 28, 5));
//! let solution: Vec<String> = zdd.solutions().next().unwrap().iter().map(|&o| problem.format_option(o)).collect();
//! assert_eq!(solution, ["A D", "C E F", "B G"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The domino tilings of a 12×12 board number 53,060,477,521,960,000 (OEIS
//! A004003); the memo counts them in a fraction of a second, and a uniformly
//! random tiling comes from the same diagram. (Here an 8×8 board, to keep the
//! doctest quick.)
//!
//! ```
//! use quadrille_dlx::Problem;
//! use quadrille_dlx::memo::Memo;
//!
//! let n = 8;
//! let cell = |r: usize, c: usize| format!("{r}_{c}");
//! let mut text: String = (0..n * n).map(|i| cell(i / n, i % n) + " ").collect();
//! text.push('\n');
//! for r in 0..n {
//!     for c in 0..n {
//!         if c + 1 < n {
//!             text += &format!("{} {}\n", cell(r, c), cell(r, c + 1));
//!         }
//!         if r + 1 < n {
//!             text += &format!("{} {}\n", cell(r, c), cell(r + 1, c));
//!         }
//!     }
//! }
//! let problem = Problem::from_knuth(&text)?;
//! let zdd = Memo::new(&problem).build()?;
//! assert_eq!(zdd.count().to_string(), "12988816");
//! let tiling = &zdd.sample(1, 2026)[0];
//! assert_eq!(tiling.len(), 32);
//! assert!(problem.is_solution(tiling));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # DLX6's figures
//!
//! The search is DLX6's step for step: the same item chosen at every level
//! (the first active primary item of fewest options), options tried in the
//! order of the input, and the same counts in [`MemoStats`]: search nodes,
//! updates, cleansings, ZDD nodes, memos and hits, each as DLX6 counts it
//! (checked against his program on the instances in `data/reference/memo_dlx6.tsv`).
//! The diagram is DLX6's too, node for node: [`Zdd::write_knuth`] writes what
//! his program writes with `m1`. Where we differ:
//!
//! - **Exact counts.** DLX6 adds the counts in 64 bits and overflows (its
//!   answer on 14×14 dominoes is the true count mod 2⁶⁴); here the search
//!   counts nothing, and the count comes from the diagram afterwards, in limbs
//!   widened until no sum wraps.
//! - **The signature** is kept up to date as items leave and re-enter the
//!   active lists, rather than gathered afresh at every level; it holds the
//!   same facts, so the same subproblems meet.
//! - **Memory is bounded.** DLX6 reserves a fixed table and stops when it is
//!   full. Here one limit ([`Memo::with_limit_bytes`], by default [`DEFAULT_LIMIT_BYTES`])
//!   bounds everything the memo holds: Knuth's arrays and the search's stacks,
//!   the cache, the diagram's nodes, and after the search (the cache and the
//!   arrays freed) the diagram with the count below each node. Each is
//!   counted before it is allocated, and every growth asks the allocator
//!   with `try_reserve`. The cache takes at most half of the limit; when it
//!   is full, or the rest has taken its room, it takes no new entries and the
//!   search goes on, still exact, only slower ([`MemoStats::memos_dropped`]
//!   says how often). When the diagram would pass the limit, the search stops
//!   with [`MemoError::Memory`], naming the limit, and frees what it made;
//!   [`MemoStats::peak_bytes`] says the most it held. The statistics equal
//!   DLX6's only while the cache is not full.
//!
//!   **Invariant:** the memo never holds more than its limit, and never
//!   aborts for want of memory: it answers exactly or says
//!   [`MemoError::Memory`]. What reads a [`Zdd`] keeps to the same limit
//!   (see there); solutions and samples stream, one at a time.
//! - **Bounds** (Knuth's multiplicities) are refused with
//!   [`MemoError::Bounds`]: DLX6 takes none either.
//!
//! # Speed and memory
//!
//! Against Knuth's `dlx6` (built with `gcc -O3 -march=native`), one thread on
//! a 2-core AMD EPYC VM shared with other work (load average near 10, so the
//! wall times are loose), runs alternated three times each; processor time
//! (user + system) and peak resident memory from `/usr/bin/time`; the boards
//! written by `cargo run --example tiling_dlx -- N N [squares]` and counted by
//! `cargo run --release --example memo_count -- FILE.dlx` against
//! `dlx6 < FILE.dlx`:
//!
//! | instance | `dlx6` | memo | count |
//! |---|---:|---:|---:|
//! | dominoes 8×8 | 0.024 s wall, 8 MB | 0.005 s wall, 2.5 MB | 12,988,816 |
//! | dominoes and squares 8×8 | 0.06 s (0.19–0.27 s wall), 70 MB | < 0.01 s (0.02 s wall), 4 MB | 179,788,343,101,980,135 |
//! | dominoes and 2×2 squares 8×8 (`dominoes_2x2_8x8.dlx`) | 0.009 s cpu, 8.7 MB | 0.002 s cpu, 4.5 MB | 5,811,552,169 |
//! | dominoes 12×12 | 0.20 s (0.53–0.68 s wall), 209 MB | 0.01 s (0.04 s wall), 6 MB | 53,060,477,521,960,000 |
//! | dominoes 14×14 | 1.06–1.08 s (2.7–3.6 s wall), 1.0 GB | 0.13 s (0.34–0.42 s wall), 28 MB | 112,202,208,776,036,178,000,000 (`dlx6`: wrong) |
//! | dominoes 16×16 | 4.9–5.2 s (13.6–16.5 s wall), 4.1 GB | 0.83–0.86 s (2.6–2.7 s wall), 106 MB | 2,444,888,770,250,892,795,802,079,170,816 (`dlx6`: wrong) |
//! | `pentomino_6x10.dlx` | 1.3–1.4 s user (7.5–8.5 s wall), 2.0 GB | 1.25 s user (3.2–3.9 s wall), 39 MB | 2,339 |
//!
//! (The dominoes 8×8 figures are the mean wall time of 30 runs of each
//! program; dominoes and 2×2 squares, medians of 10 alternated runs, whole
//! processes.) Most of `dlx6`'s
//! time and memory on large boards goes to its fixed table of 2³⁰ hash slots,
//! whose pages it touches at random, and to gathering the signature afresh at
//! every level; here the table grows with its entries and the signature is
//! kept up to date. Where nothing repeats (pentominoes, queens) the memo is
//! slower than the links engine, whose search it makes while also keeping a
//! signature and a cache: it pays on tilings and other problems whose
//! subproblems meet again.
//!
//! **When it pays.** [`Memo::probe`] runs the first nodes of the search and
//! shows how often the cache answered. Over the first 20,000 nodes
//! (`memo_count FILE.dlx 1073741824 probe=20000`): dominoes 12×12, 28 % of the
//! nodes were hits; dominoes and squares 8×8, 54 %; `sudoku_6x6_all.dlx`,
//! 15 %; queens-dlx 12, 13 %; `pentomino_6x10.dlx`, 3 % (and 360 updates a
//! node). On the whole searches the memo takes 6–20 times less processor time
//! than `dlx6` on the tilings, and about as much where hits are rare
//! (pentominoes: 1.25 s, where the links engine needs about 0.6 s). The
//! rule that chooses it for counts, the front ([`Search::count`](crate::front::Search::count)),
//! probes 4,096 nodes and wants 20 % hits; its measurements are there.
//!
//! # Threads
//!
//! The memo runs on one thread. Its work is mostly look-ups in one cache that
//! every branch of the tree feeds; split across threads with a cache each, the
//! subtrees would solve the same subproblems again (on tilings, almost all of
//! the work), and a shared cache would put a lock or an atomic on every level
//! of a search whose levels cost a few hundred nanoseconds. Neither looks like
//! paying on two cores; it has not been measured.
use std::sync::Arc;

use crate::util::monitor::Monitor;
use crate::util::problem::Problem;

mod budget;
mod cache;
mod search;
mod text;
mod zdd;

/// The big unsigned integers counts come in (from the `num-bigint` crate).
pub use num_bigint::BigUint;
pub use zdd::{Cheapest, Samples, Zdd, ZddNode, ZddSolutions};

/// The default limit on the bytes the memo holds (cache, diagram and search):
/// 1 GiB. A fixed figure rather than a share of the machine's memory, so
/// that a run's statistics do not depend on the machine; front ends may
/// choose another with [`Memo::with_limit_bytes`].
pub const DEFAULT_LIMIT_BYTES: usize = 1 << 30;

/// The figures of a memoizing search, counted as Knuth's DLX6 counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MemoStats {
    /// Search nodes: one each time the search enters a level (the root
    /// included, and levels answered from the cache), and one for each
    /// solution found by the search itself.
    pub nodes: u64,
    /// Updates: covering an item counts one for the item and one for every
    /// node of another item whose option it hides; a purification one for
    /// every such node of the options it hides.
    pub updates: u64,
    /// Cleansings: one for each purification and one for each node it marks
    /// as agreeing with the colour.
    pub cleansings: u64,
    /// Signatures entered in the cache (levels not answered by it).
    pub memos: u64,
    /// Levels, answered by neither the cache nor an earlier search, that found
    /// a solution. DLX6 prints `memos - good_memos` + `good_memos + 1`
    /// "signatures".
    pub good_memos: u64,
    /// Cache hits: levels answered from the cache, and solutions (which
    /// Knuth's Algorithm Z counts as a hit one level down).
    pub hits: u64,
    /// Signatures not entered because the cache was full.
    pub memos_dropped: u64,
    /// Branch nodes of the diagram made.
    pub branch_nodes: u64,
    /// The bytes the cache held at the end.
    pub cache_bytes: u64,
    /// The signatures the cache held at the end.
    pub cache_entries: u64,
    /// The most bytes the memo held at once: Knuth's arrays, the search's
    /// stacks, the cache and the diagram while it searched, then the diagram
    /// and its counts. Never more than the limit ([`Memo::with_limit_bytes`]).
    pub peak_bytes: u64,
}

impl MemoStats {
    /// ZDD nodes as DLX6 prints them: the branch nodes and the two sinks, or 1
    /// when there is no branch node.
    pub fn zdd_nodes(&self) -> u64 {
        if self.branch_nodes == 0 { 1 } else { self.branch_nodes + 2 }
    }
}

/// Why a memoizing search could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MemoError {
    /// A primary item has bounds other than `[1, 1]`, which the memo does not
    /// take (nor does DLX6).
    #[error("the memo engine takes no bounds on items (item `{item}` has bounds {lower}:{upper})")]
    Bounds {
        /// The first item with bounds.
        item: String,
        /// Its lower bound.
        lower: u32,
        /// Its upper bound.
        upper: u32,
    },
    /// The search was stopped through its [`Monitor`].
    #[error("the search was interrupted")]
    Interrupted,
    /// The memo would hold more bytes than its limit ([`Memo::with_limit_bytes`]),
    /// or the allocator refused what it asked within the limit. What it had
    /// made is freed; the search can run again with a higher limit, or the
    /// problem go to another engine.
    #[error("the memo engine needs more memory than its limit of {limit_bytes} bytes ({needed_bytes} bytes asked for)")]
    Memory {
        /// The limit in bytes.
        limit_bytes: usize,
        /// The bytes the memo would have held with the request refused.
        needed_bytes: usize,
    },
    /// The problem, or its diagram, has more nodes than 32-bit numbers reach.
    #[error("too large for the memo engine ({nodes} nodes)")]
    TooLarge {
        /// The number of nodes reached.
        nodes: usize,
    },
}

/// What [`Memo::probe`] saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Probe {
    /// The figures of the search so far. (Branch nodes are counted only when
    /// it finished.)
    pub stats: MemoStats,
    /// Whether the search ended within the nodes allowed.
    pub finished: bool,
}

/// The memoizing search on one problem, configured with builder-style
/// setters; [`Memo::build`] runs it.
#[derive(Clone, Debug)]
pub struct Memo<'p> {
    problem: &'p Problem,
    limit: usize,
    monitor: Option<Arc<Monitor>>,
}

impl<'p> Memo<'p> {
    /// A search on `problem` with the default cache limit.
    pub fn new(problem: &'p Problem) -> Memo<'p> {
        Memo { problem, limit: DEFAULT_LIMIT_BYTES, monitor: None }
    }

    /// Limits what the memo holds to `bytes` bytes: the cache (at most half
    /// of them), the diagram and its counts, Knuth's arrays and the search's
    /// stacks. A limit that leaves the cache short makes the search slower,
    /// still exact; one too small for the diagram gives
    /// [`MemoError::Memory`]. (Knuth's arrays alone take about 16 bytes per
    /// item and per node of the problem.)
    pub fn with_limit_bytes(mut self, bytes: usize) -> Memo<'p> {
        self.limit = bytes;
        self
    }

    /// Reports the search's nodes, updates and cleansings to `monitor` every
    /// [`REPORT_EVERY`](crate::REPORT_EVERY) nodes and at its end; when the
    /// monitor is stopped, [`Memo::build`] returns [`MemoError::Interrupted`].
    pub fn monitor(mut self, monitor: Option<Arc<Monitor>>) -> Memo<'p> {
        self.monitor = monitor;
        self
    }

    /// Runs the search and returns the diagram of all solutions, with the
    /// count below each of its nodes; or [`MemoError::Memory`] when that
    /// would hold more than the limit.
    pub fn build(&self) -> Result<Zdd, MemoError> {
        let Some(zdd) = self.build_within(u64::MAX, u64::MAX)? else {
            unreachable!("a search without a limit runs to its end")
        };
        Ok(zdd)
    }

    /// Runs the search as [`Memo::build`] does, but gives up (`None`) rather
    /// than enter more than `nodes` search nodes, or enter one after more
    /// than `updates` updates: a bounded try, whose cost the caller knows
    /// beforehand (the front's choice of engine runs the memo so).
    pub fn build_within(&self, nodes: u64, updates: u64) -> Result<Option<Zdd>, MemoError> {
        let mut budget = budget::Budget::new(self.limit);
        let mut dancer = search::Dancer::new(self.problem, &mut budget)?;
        let mut cache = cache::Cache::new(dancer.sig_words(), &mut budget);
        let searched = dancer.search(&mut cache, &mut budget, self.monitor.as_ref(), nodes, updates);
        let mut stats = dancer.stats;
        stats.cache_bytes = cache.bytes() as u64;
        stats.cache_entries = cache.len() as u64;
        // The cache and Knuth's arrays are freed before the counts are made.
        cache.release(&mut budget);
        dancer.release(&mut budget);
        let Some((mut nodes, root)) = searched? else {
            return Ok(None);
        };
        budget.give(budget::held(&nodes));
        nodes.shrink_to_fit();
        budget.hold(budget::held(&nodes));
        stats.branch_nodes = nodes.len() as u64;
        let mut costs = Vec::new();
        if self.problem.has_costs() {
            if let Err(e) = budget::reserve(&mut costs, self.problem.n_options(), &mut budget) {
                budget.give(budget::held(&nodes));
                return Err(e);
            }
            costs.extend(self.problem.options().map(|o| self.problem.cost(o)));
        }
        zdd::Zdd::new(nodes, root, costs, self.problem.n_options(), stats, budget).map(Some)
    }

    /// Runs the search for at most `nodes` search nodes and says what it saw:
    /// its figures so far (how often the cache answered, say), and whether it
    /// finished. A cheap way to judge whether the memo pays on a problem
    /// before building the whole diagram. It holds no more than the limit
    /// either, and says [`MemoError::Memory`] when it would.
    pub fn probe(&self, nodes: u64) -> Result<Probe, MemoError> {
        self.probe_within(nodes, u64::MAX)
    }

    /// [`Memo::probe`] that also stops before entering a node after more
    /// than `updates` updates, so that its cost is bounded however many
    /// options each node hides.
    pub fn probe_within(&self, nodes: u64, updates: u64) -> Result<Probe, MemoError> {
        let mut budget = budget::Budget::new(self.limit);
        let mut dancer = search::Dancer::new(self.problem, &mut budget)?;
        let mut cache = cache::Cache::new(dancer.sig_words(), &mut budget);
        let finished = dancer.search(&mut cache, &mut budget, self.monitor.as_ref(), nodes, updates)?;
        let mut stats = dancer.stats;
        if let Some((zdd, _)) = &finished {
            stats.branch_nodes = zdd.len() as u64;
        }
        stats.cache_bytes = cache.bytes() as u64;
        stats.cache_entries = cache.len() as u64;
        stats.peak_bytes = budget.peak() as u64;
        Ok(Probe { stats, finished: finished.is_some() })
    }

    /// The number of solutions, exactly: [`Memo::build`] then [`Zdd::count`].
    pub fn count(&self) -> Result<BigUint, MemoError> {
        Ok(self.build()?.count())
    }
}
