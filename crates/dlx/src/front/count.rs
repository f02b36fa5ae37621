//! The count of every solution: [`Search::count`] chooses the engine, runs
//! it, and falls back by itself.
//!
//! **The rule for `auto`.** With a limit on the solutions, the search the
//! [`Engine::resolve`] rule picks counts them (it stops at the limit).
//! Without one, in turn, each step bounded and each polling the monitor:
//!
//! 0. *Bounds on items* (the memo and the sweep take none): when at least
//!    a [`BOUNDED_OPTIONAL_SHARE`]th of the primary items may be left
//!    uncovered (lower bound 0: the cuts of Knuth's reduced rectangle
//!    dissections, 48 % of the items of `redrect-dlx 4 5`), and at most
//!    [`BOUNDED_BINARY_MOST_THREADS`] threads are asked, binary branching on
//!    the cells (Knuth's SSMCC) counts, on one thread (with bounds the
//!    split of a parallel search cannot branch its way: the whole search
//!    is one subproblem); else (queen domination, tetrominoes and motley
//!    dissections, whose items all need an option; or more threads) the
//!    search does, on bits where it fits. See the table below.
//!
//!    Without bounds, *the sweep's turn*, on a packing: a problem with
//!    labels (each option names one of them: the pieces), at most a
//!    quarter of its primary items (the black cells of a tiling by
//!    dominoes are labels too, but half of them; the memo's probe answers
//!    there): the sweep in the order of a cheap first choice (no Fiedler
//!    vector, a few random paths for each candidate) counts within
//!    [`SWEEP_TURN_NODES`] nodes. If it ends, it answers, or, under
//!    [`MEMO_PROBE_NODES`] nodes, the search does (small problems keep
//!    Knuth's statistics): on such a search the choice below would cost
//!    more than the whole count (on pentominoes in 3×20, the probe, the
//!    estimates and the choice of order took 60 million instructions, the
//!    count 1.4 million). If not, the rule goes on, and the turn's work is
//!    kept: when the sweep counts (step 3) in the same order, it goes on
//!    from the subproblems the turn finished (its cache of subproblems),
//!    so a large packing pays little more than the first choice for the
//!    turn (`pentomino_6x10.dlx`, Scott's 8×8); in another order the turn
//!    is lost.
//! 1. *The memo's probe* ([`Memo::probe_within`]): the memo's search for its
//!    first [`MEMO_PROBE_NODES`] nodes, and at most
//!    [`PROBE_UPDATES_PER_NODE`] updates a node, or four for each node of
//!    the problem's options if more (a probe's work grows with the
//!    problem, never past a fixed multiple of it). When the memo's search
//!    ends within the probe, it answers if it found at least
//!    [`MEMO_SOLUTIONS_PER_NODE`] solutions a node (tilings), else the
//!    search does (small problems keep Knuth's statistics). Otherwise the
//!    probe says whether the cache answered at least [`MEMO_HIT_PERCENT`]
//!    of the nodes.
//! 2. *Knuth's estimates*, when the sweep takes the problem (at most
//!    [`SWEEP_MAX_OPTIONS`] options): the costs of the sweep
//!    ([`SWEEP_NODE_COST`] a node) and of the search by fewest options
//!    ([`FEWEST_NODE_COST`] a node, [`FEWEST_UPDATE_COST`] an update), as in
//!    [`Engine::resolve`](crate::Engine::resolve)'s table. Below [`SWEEP_MIN_COST`] the search
//!    counts. Else the cheaper of the two is *the other engine*. When it is
//!    the search and the problem has no labels (so no turn at step 0: the
//!    P pentomino in unlimited supply tiling 10×10), the sweep, in the order
//!    chosen, counts within [`SWEEP_TRY_SHARE`] of the search's estimated
//!    cost and [`SWEEP_TURN_NODES`] nodes, and answers if it ends: without
//!    labels, options covering the same items are alike wherever chosen,
//!    states meet again, and the cache answers where the estimate, blind
//!    to it, sees a tree thousands of times larger (31 million nodes
//!    estimated; 136,000 counted in 0.01 s, where bits take 0.7 s).
//!    When the sweep is the cheaper and its frontiers bound its estimate
//!    to at most half the random paths' ([`Sweep::bounded_by_frontiers`]: a
//!    tiling swept across a narrow side, whose states the cache tells
//!    apart), that estimate is an upper bound of its search: the sweep
//!    counts at once, by its frontiers ([`Sweep::count_by_frontiers`]: each
//!    state once, about one frontier's states held, exact of any size, one
//!    thread, within the memo's memory limit; over it, depth first when
//!    the random paths put its tree within [`SWEEP_TREE_NODES`], else
//!    [`SweepError::Memory`]). The dominoes of 14×14, 1.1 × 10²³ tilings,
//!    take it 376,583 nodes (0.05 s), where the memo needs 385,185 of its
//!    dearer ones, more than its turn allowed; the trominoes' 1.8 × 10²²
//!    tilings of 12×12 16 million nodes and 42 MB (the memo passes 1 GiB;
//!    the sweep depth first grows its cache to 128 MiB, and took 243 s when
//!    its cache stopped at 64 MiB).
//! 3. *The memo's turn*, bounded by the other engine's cost: the memo runs
//!    ([`Memo::build_within`]) with the work the other engine is estimated
//!    to take (the whole of it when the probe found the cache answering,
//!    [`MEMO_TRY_SHARE`] of it when not, and only when that cost is at
//!    least a tenth of a second), counted in nodes at [`MEMO_NODE_COST`]
//!    and updates at [`MEMO_UPDATE_COST`], and against the sweep at most
//!    [`MEMO_TURN_NODES`] nodes (the sweep's estimate ignores its cache).
//!    If it finishes, it answers; if
//!    not (or over its memory limit), the other engine counts. Without an
//!    estimate (more than 1,024 items, colours), the memo runs whole when the
//!    cache answered, else the search counts; a memo run whole so that goes
//!    over its memory limit answers [`MemoError::Memory`] (on a tiling too
//!    large for the limit the search would never end).
//! 4. *Fallbacks*: a sweep past 64 bits gives way to the memo, and the
//!    memo over its memory limit to the sweep again, which counts past 64
//!    bits exactly (its turns stop at 64 bits, unfinished, and the rule
//!    goes on). Tilings with that many solutions are where the memo's
//!    subproblems meet: the dominoes' 1.1 × 10²³ tilings of 14×14 take it
//!    0.15 s (385,185 nodes; the sweep by the frontiers of the board,
//!    chosen at step 2, 0.05 s). A memo that fails otherwise (over its
//!    memory limit on its own turn) gives way to the search.
//!
//! 5. *The race* ([`super::race`]): the cheaper engine by the estimates
//!    runs alone until it has spent twice its own estimate (and at least
//!    the other's), counted in nodes and updates at each engine's cost;
//!    then the two take turns of growing length, each on its own thread
//!    but never both at once, and the first to finish answers. A wrong
//!    estimate so costs a bounded share of the right engine's time. Bounds
//!    (step 0) race binary branching and the search the same way.
//!
//! Step 3 is a portfolio of two: when the memo is the faster, it answers
//! in its own time; when the other is, the memo's try costs at most what
//! the other is estimated to take (or a tenth of a second against the
//! sweep). Every bound of a turn is a count of
//! nodes and updates, never a time: the choice is the same on every
//! machine and every run.
//!
//! **A choice reused** ([`Search::reuse`]): a count may take the engine of
//! another count's report, and the sweep's order when the sweep answered,
//! instead of this rule: the classes of a packing (each with its own
//! placements of one piece) are counted so, the largest class choosing
//! for the others. Any order gives the exact count. The sweep so reused
//! takes its turn first, as at step 0 (a small count then touches a small
//! cache), and goes on from the turn's work.
//!
//! **Shards and slices** ([`Search::shard`], [`Search::slice`]) are counted
//! by the search, the one [`Engine::resolve`] picks for `auto` (links or
//! bits; cells when asked), never by the memo or the sweep. A shard is a
//! set of subproblems of the search's split ([`crate::parallel`]): the
//! prefixes of choices of the search by fewest options down to a depth
//! fixed by the problem and the number of subproblems, shard `i` of `k`
//! those numbered `i` modulo `k`. Links and bits make the same tree, so a
//! shard is the same subproblems whichever of them counts it, on any
//! machine, and the shards' counts add up to the whole. The sweep's tree is
//! another (it branches on the first item not covered, in an order of its
//! own): its split, by which it lists in shards, gives other subproblems,
//! so a shard of the sweep is not a shard of the search, and the merge of
//! shard records ([`crate::shard::Merge`]) takes only the searches'. The
//! sweep could count the subproblems of a shard of the search, each from
//! the state its prefix covers, but every shard would then choose the
//! sweep's order again (4 ms on `pentomino_6x10.dlx`, 25 ms on the solid
//! pentominoes of 2×3×10; 64 shards of the former would spend twice its
//! whole count by the sweep on that alone), and each shard's cache would
//! see only its own subproblems. So `auto` in shards and slices (the
//! command line's `--shard`, Python's `quadrille.distributed.count`)
//! counts as it did before the sweep, by the search.
//!
//! Measured, one thread (`quadrille solve F --count --engine X --stats
//! --threads 1`, the memo on one thread by nature; seconds of a loaded
//! 2-core machine):
//!
//! | instance | memo | sweep | search | chosen |
//! |---|---:|---:|---:|---|
//! | 24 pairs, 8 secondary items (65,536 solutions; memo: 7,661 nodes) | | | | memo |
//! | 40 pairs, 12 secondary items (40,960,000; memo: 221,183 nodes) | | | | memo |
//! | 48 pairs, 14 secondary items (1,024,000,000; memo: 1,081,433 nodes) | 0.61 | 0.71 | > 20 | sweep after the memo's turn |
//! | 48 pairs, 16 secondary items (4,294,967,296; memo: 3,276,773 nodes) | 3.1 | 0.75 | > 300 | sweep after the memo's turn |
//! | `dominoes_8x8.dlx` | < 0.01 | | 4.7 | memo (probe ends) |
//! | trominoes 9×10 | > 60, 3.7 GB | 1.6 | | sweep after the memo's turn |
//! | trominoes 8×10 (no tiling) | 15.2, 300 MB | 0.04 | | sweep after the memo's turn |
//! | 128 items, 20,000 random options of 20–40 items (no solution) | | 0.13 | 21.6 (bits) | sweep, 0.30 in all |
//! | the same, 200,000 options | | 27.6 | > 40 (bits) | sweep, 29.3 in all |
//! | `sudoku_6x6_all.dlx` (144 items: a state of 192 bits) | 4.2, 383 MB | 1.3 | 12.8 (bits) | sweep after the memo's turn, 1.3 in all |
//! | `p_pentomino_10x10.dlx` (no labels; 378,268 tilings) | 0.09 | 0.01 | 0.71 (bits) | sweep, its turn at step 2 |
//! | solid pentominoes in 2×3×10 | | 0.67 | 0.21 (bits) | bits |
//! | solid pentominoes in 2×5×6 | | 4.7 | 1.9 (bits) | bits |
//! | `redrect-dlx 4 5` (bounds, 48 % of the items may stay uncovered) | | | 0.70 (cells, binary; links 0.88, bits 1.66; DLX3 1.11, SSMCC 0.71) | cells, binary |
//! | `queendom-dlx 8 5` (bounds, every item needs an option) | | | 1.53 (bits; links 3.5, cells, binary 3.9; DLX3 4.0, SSMCC 3.07) | bits |
//! | `tetrominoes_12_8x6.dlx` (bounds on the pieces) | | | 0.59 (bits; cells, binary 1.43) | bits |

use crate::auto::{
    FEWEST_NODE_COST, FEWEST_UPDATE_COST, MEMO_HIT_PERCENT, MEMO_PROBE_NODES, MEMO_SOLUTIONS_PER_NODE,
    SWEEP_MAX_OPTIONS, SWEEP_MIN_COST, SWEEP_NODE_COST,
};
use std::sync::Arc;

use crate::memo::{BigUint, Memo, MemoError, MemoStats, Zdd};
use crate::sweep::{Kept, Sweep, SweepError, Within};
use crate::util::engine::Question;
use crate::util::monitor::Monitor;
use crate::util::search::{Branching, Engine};
use crate::util::stats::Stats;

use super::plan::{Budget, Plan};
use super::race::{self, Cost, Race};
use super::search::{Choice, Counted, EngineStats, Report, Search, SearchError, SweepStats};

/// An engine of a race of counts.
pub(super) enum Entrant {
    /// Links, cells or bits; the cells with binary branching, on one
    /// thread, when `binary`.
    Search { engine: Engine, binary: bool },
    /// The sweep, in the order chosen, going on from the work kept.
    Sweep { sweep: Box<Sweep>, kept: Option<Kept> },
}

/// A count planned by the rule of `auto`: its plan, the record of the
/// choice, and the route left to run.
pub(super) struct Prepared {
    pub plan: Plan,
    pub choice: Choice,
    pub route: Route,
}

/// What is left to run of a count by `auto`.
pub(super) enum Route {
    /// Answered while planning (a turn or a probe counted everything).
    Answered(Box<Counted>),
    /// Stopped while planning.
    Interrupted,
    /// The search alone.
    Search(Engine),
    /// The memo whole (its cache answered, and there is no estimate), the
    /// search if it fails.
    MemoThenSearch(Engine),
    /// The memo whole, its error if it fails (a large tiling, out of every
    /// other engine's reach).
    MemoWhole,
    /// The sweep by its frontiers.
    Frontiers { sweep: Box<Sweep>, kept: Option<Kept> },
    /// The memo within a budget first, if given; then a race.
    Race { memo_first: Option<(u64, u64)>, entrants: Vec<Entrant>, patience: f64 },
}

impl Prepared {
    /// Writes the route's steps in the plan.
    fn describe_route(&mut self) {
        let plan = &mut self.plan;
        match &self.route {
            Route::Answered(_) | Route::Interrupted => {}
            Route::Search(engine) => plan.step(vec![*engine], Budget::Whole, "the search by fewest options"),
            Route::MemoThenSearch(engine) => {
                plan.step(vec![Engine::Memo], Budget::Whole, "its cache answered the probe, and there is no estimate");
                plan.step(vec![*engine], Budget::Whole, "if the memo fails (its memory limit)");
            }
            Route::MemoWhole => plan.step(vec![Engine::Memo], Budget::Whole, "a large tiling"),
            Route::Frontiers { .. } => plan.step(
                vec![Engine::Sweep],
                Budget::Whole,
                "by its frontiers: its estimate, bounded by them, is an upper bound of its search",
            ),
            Route::Race { memo_first, entrants, patience } => {
                if let Some((nodes, updates)) = memo_first {
                    plan.step(
                        vec![Engine::Memo],
                        Budget::Work { nodes: *nodes, updates: *updates },
                        "the memo's turn, within a share of the cheaper engine's estimated work",
                    );
                }
                let engines: Vec<Engine> = entrants.iter().map(Entrant::engine).collect();
                let why = if engines.len() > 1 {
                    "the cheaper by the estimates runs alone until its patience is spent, then they take turns; the first to finish answers"
                } else {
                    "the one engine left"
                };
                plan.step(engines, Budget::Patience(*patience), why);
            }
        }
    }
}

impl Entrant {
    /// The engine.
    fn engine(&self) -> Engine {
        match self {
            Entrant::Search { engine, binary } => {
                if *binary {
                    Engine::Cells
                } else {
                    *engine
                }
            }
            Entrant::Sweep { .. } => Engine::Sweep,
        }
    }

    /// What its node and its update cost, for the race's turns.
    fn cost(&self) -> Cost {
        match self.engine() {
            Engine::Sweep => Cost { node: SWEEP_NODE_COST, update: 0.0 },
            Engine::Links => Cost { node: 2.0 * FEWEST_NODE_COST, update: 2.0 * FEWEST_UPDATE_COST },
            _ => Cost { node: FEWEST_NODE_COST, update: FEWEST_UPDATE_COST },
        }
    }
}

/// The items past which a tiling (a problem without labels) whose
/// frontiers do not bound the sweep goes to the memo whole: a state of 128
/// bits.
const LARGE_TILING_ITEMS: usize = 128;

/// With bounds, the patience of the first entrant of the race between the
/// search and binary branching, in nanoseconds of work: without an
/// estimate of either tree, a tenth of a second.
const BOUNDED_PATIENCE: f64 = 1e8;

/// With bounds on items, binary branching on the cells (Knuth's SSMCC)
/// counts when at least the primary items over this may be left uncovered
/// (lower bound 0). See the module's notes.
const BOUNDED_OPTIONAL_SHARE: usize = 4;

/// The most threads for which binary branching (on one thread) counts a
/// problem with bounds (see [`BOUNDED_OPTIONAL_SHARE`]) rather than the
/// search on every thread. On Knuth's reduced rectangle dissections,
/// binary branching takes about a third of the processor time of the
/// search on bits (`redrect-dlx` 3 6, 4 5 and 4 6, one thread: 0.05, 0.38
/// and 8.5 s against 0.14, 1.19 and 27.7 s; links 0.08, 0.69 and 15.4 s):
/// the search ends sooner only on more than three threads.
const BOUNDED_BINARY_MOST_THREADS: usize = 3;

/// The updates a node the memo's probe may make (at least; see the module's
/// notes).
const PROBE_UPDATES_PER_NODE: u64 = 64;

/// The cost of a node of the memo (its signature looked up in the cache),
/// in nanoseconds, for the memo's turn: measured on the pairs of the
/// module's table (1,081,433 nodes, 2,146,509 updates in 0.61 s).
const MEMO_NODE_COST: f64 = 400.0;

/// The cost of one update of the memo, in nanoseconds: measured on
/// `pentomino_6x10.dlx`, whose nodes make hundreds of updates each (the
/// memo whole: 623,863 nodes and 234,378,767 updates in 2.0 s of processor
/// time; its turn in the options' order `quadrille pack` gives them,
/// 16.5 × 10⁶ updates in 0.13 s). Priced lower, a turn on such a problem
/// ran four times the work its budget allows: the budget's updates, not
/// its nodes, end the turn there.
const MEMO_UPDATE_COST: f64 = 8.0;

/// The share of the other engine's estimated cost the memo may spend when
/// its probe did not find the cache answering.
const MEMO_TRY_SHARE: f64 = 0.25;

/// The most nodes of the memo's turn when the other engine is the sweep:
/// the sweep's estimate is of its tree without its cache of subproblems,
/// which on tilings (where the memo's cache answers) is far larger than the
/// tree it walks (trominoes in 8×10: estimated seconds, counted in 0.04 s,
/// where the memo takes 15 s), so it cannot bound the memo's turn alone.
/// 2^18 nodes: about a tenth of a second of the memo.
const MEMO_TURN_NODES: u64 = 1 << 18;

/// The most nodes of the sweep's turn (step 0 of the module's notes): about
/// 5 ms of the sweep. A smaller problem saves the memo's probe, the
/// estimates and the whole choice of the order (some 60 million
/// instructions on pentominoes; 5×12, whose largest class takes some
/// 200,000 nodes, ends within it); a larger one loses nothing when the
/// whole choice lands on the turn's order (the count goes on from the
/// turn's cache of subproblems), else the turn. Also the most nodes of the
/// turn of step 3: the tilings of 10×10 by the P pentomino take 136,000.
const SWEEP_TURN_NODES: u64 = 1 << 18;

/// The share of the search's estimated cost the sweep's turn of step 3 may
/// spend (a problem without labels, where the search is the cheaper by
/// the estimates).
const SWEEP_TRY_SHARE: f64 = 0.1;

/// The most nodes the random paths may estimate for the sweep's tree
/// ([`Sweep::estimate_paths`]) for its count to go on depth first when the
/// count by frontiers passes its memory limit: 10¹², hours of the search
/// at most. Langford pairs of 16, whose frontiers hold the numbers placed
/// (1.8 × 10¹⁰ by the paths; the count by frontiers passes 1 GiB in 2.6 s),
/// go on; the tilings whose frontiers bound the sweep are far past it (the
/// dominoes of 20×20 7 × 10⁴⁶, the trominoes of 12×12 1.5 × 10²²), and the
/// count ends with the error, as the memo's does.
const SWEEP_TREE_NODES: f64 = 1e12;

/// The least estimated cost (nanoseconds) for which the memo gets a try when
/// its probe did not find the cache answering: a tenth of a second.
const MEMO_TRY_MIN_COST: f64 = 1e8;

/// The least patience of a search raced after an estimate of under
/// [`SWEEP_MIN_COST`] (nanoseconds of its work, 20 ms): a small problem
/// ends within it alone, with the search's statistics.
const RACE_LEAST_PATIENCE: f64 = 2e7;

impl Search<'_> {
    /// The number of solutions (at most the limit): the engine asked for, or
    /// by `auto` the rule of the module's notes, which chooses among the
    /// memo, the sweep and the search, and falls back by itself. Every
    /// engine but `costs` counts; a shard or slice is counted by links,
    /// cells or bits. The memo counts on one thread, whatever the threads
    /// asked.
    ///
    /// ```
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::{Engine, Problem};
    ///
    /// // Dominoes on an 8×8 board: the memo counts tilings.
    /// let mut text: String = (0..64).map(|c| format!("c{c} ")).collect();
    /// text.push('\n');
    /// for c in 0..64 {
    ///     if c % 8 < 7 {
    ///         text += &format!("c{} c{}\n", c, c + 1);
    ///     }
    ///     if c < 56 {
    ///         text += &format!("c{} c{}\n", c, c + 8);
    ///     }
    /// }
    /// let dominoes = Problem::from_knuth(&text)?;
    /// let counted = Search::new(&dominoes).count()?;
    /// assert_eq!(counted.solutions.to_string(), "12988816");
    /// assert_eq!(counted.report.engine, Engine::Memo);
    /// // A limit is a limit whatever the engine; one thread is fine for any.
    /// let five = Search::new(&dominoes).engine(Engine::Memo).threads(1).limit(Some(5)).count()?;
    /// assert_eq!(five.solutions_u64(), Some(5));
    /// assert!(five.report.limit_reached);
    /// // A small problem keeps the search, and Knuth's statistics.
    /// let small = Problem::from_knuth("a b c\na b\nc\na\nb c\n")?;
    /// assert_eq!(Search::new(&small).count()?.report.engine, Engine::Bits);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self) -> Result<Counted, SearchError> {
        let mut counted = self.count_asked()?;
        self.note_threads(Question::Count, &mut counted.report);
        Ok(counted)
    }

    /// [`Search::count`], before the threads are noted in its report.
    fn count_asked(&self) -> Result<Counted, SearchError> {
        self.check()?;
        if let Some(unbounded) = self.unbounded(self.engine) {
            let mut counted = unbounded.search(self).count_asked()?;
            counted.report = unbounded.restore(counted.report);
            return Ok(counted);
        }
        self.admit(Question::Count)?;
        let choice = Choice::default();
        match self.engine {
            Engine::Memo => self.by_memo(u64::MAX, u64::MAX, choice)?.ok_or_else(|| unreachable!()),
            Engine::Sweep => {
                let sweep = match Sweep::new_monitored(self.swept_problem(), self.monitor.as_deref()) {
                    Ok(sweep) => self.sweep_memory(sweep),
                    Err(SweepError::Interrupted) => {
                        let mut counted = self.interrupted(choice);
                        counted.report.engine = Engine::Sweep;
                        counted.report.stats = EngineStats::Sweep(SweepStats::default());
                        return Ok(counted);
                    }
                    Err(e) => return Err(e.into()),
                };
                self.by_sweep(&sweep, None, false, choice)
            }
            Engine::Dc => {
                let mut dc = self.dc()?;
                dc.count();
                Ok(Counted { solutions: BigUint::from(dc.stats().solutions), report: self.dc_report(&dc) })
            }
            Engine::Auto if self.limit.is_none() && !self.sharded() => match self.reused()? {
                Some(counted) => Ok(counted),
                None => self.auto(),
            },
            _ => self.by_search(self.search_engine(), choice),
        }
    }

    /// The answer of a count stopped before any engine counted.
    fn interrupted(&self, choice: Choice) -> Counted {
        let engine = self.search_engine();
        let stats = EngineStats::Search(Stats::default());
        let report = Report { interrupted: true, choice, ..Report::new(engine, stats) };
        Counted { solutions: BigUint::ZERO, report }
    }

    /// The count by the engine and order of the report given to
    /// [`Search::reuse`]: `None` when there is none, the memo answered it,
    /// or its order does not fit this problem.
    fn reused(&self) -> Result<Option<Counted>, SearchError> {
        let Some(report) = &self.reuse else { return Ok(None) };
        let choice = Choice { reused: true, ..Choice::default() };
        match (report.engine, &report.choice.sweep_order) {
            (Engine::Sweep, Some(order)) => match Sweep::ordered(self.swept_problem(), order, 0) {
                Ok(sweep) => {
                    // The sweep's turn first, as in `auto`: a small count
                    // ends within it on a cache that starts small and grows
                    // as it fills, where a whole count's cache of 4 MiB
                    // would cost it more in pages touched than its search
                    // (the X on the axis of 4×15: 2,000 pages for 20,000
                    // nodes); a larger one goes on from the turn's work.
                    let sweep = self.sweep_memory(sweep);
                    let kept = match sweep.count_within(SWEEP_TURN_NODES, self.monitor.as_deref()) {
                        Within::Done(stats) => {
                            return Ok(Some(self.swept(&sweep, stats.nodes, stats.solutions.into(), choice)));
                        }
                        // Past its budget, or past 64 bits: the count below
                        // goes on, and falls back past 64 bits.
                        Within::Unfinished(work) => Some(work),
                    };
                    self.by_sweep(&sweep, kept, true, choice).map(Some)
                }
                Err(_) => Ok(None),
            },
            // As it branched: binary branching when `auto` chose it.
            (Engine::Links | Engine::Cells | Engine::Bits, _) => {
                let like = self.clone().branching(report.branching).weights(report.weights);
                like.by_search(report.engine, choice).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// The rule for `auto` without a limit (see the module's notes): the
    /// plan, then its route.
    fn auto(&self) -> Result<Counted, SearchError> {
        let prepared = self.prepare()?;
        self.run_route(prepared.route, prepared.choice)
    }

    /// The plan of a count by `auto` without a limit, made by the rule of
    /// the module's notes: the steps it ran to choose (the sweep's turn,
    /// the memo's probe, the estimates) and the route left to run.
    pub(super) fn prepare(&self) -> Result<Prepared, SearchError> {
        let (threads, threads_note) = self.threads_for(Question::Count, Engine::Auto);
        let mut plan = Plan::new(Question::Count, Engine::Auto, threads);
        if let Some(note) = threads_note {
            plan.note(note);
        }
        let mut choice = Choice::default();
        let route = self.choose(&mut plan, &mut choice)?;
        let mut prepared = Prepared { plan, choice, route };
        prepared.describe_route();
        Ok(prepared)
    }

    /// The rule's choice of route, the plan's steps written as it goes.
    fn choose(&self, plan: &mut Plan, choice: &mut Choice) -> Result<Route, SearchError> {
        let search = self.search_engine();
        // 0. Bounds on items (neither the memo nor the sweep takes them):
        // many items that may stay uncovered go to binary branching on one
        // thread first, unless many threads are asked; other problems to
        // the search first. The other runs against it in a race.
        // (Binary branching knows no sharp preference.)
        if self.problem.has_bounds() {
            if self.branching != Branching::Dlx || self.problem.sharp_preference() {
                return Ok(Route::Search(search));
            }
            let p = self.problem;
            let optional = p.items().filter(|&i| p.is_primary(i) && p.bounds(i).0 == 0).count();
            let threads = self.threads_for(Question::Count, Engine::Auto).0;
            let binary_first =
                threads <= BOUNDED_BINARY_MOST_THREADS && optional * BOUNDED_OPTIONAL_SHARE >= p.n_primary();
            plan.note(format!(
                "bounds on items: {optional} of {} primary items may stay uncovered{}",
                p.n_primary(),
                if binary_first { ", so binary branching first" } else { "" }
            ));
            let binary = Entrant::Search { engine: Engine::Cells, binary: true };
            let usual = Entrant::Search { engine: search, binary: false };
            let entrants = if binary_first { vec![binary, usual] } else { vec![usual, binary] };
            return Ok(Route::Race { memo_first: None, entrants, patience: BOUNDED_PATIENCE });
        }
        // 0. Without bounds, the sweep's turn, on a problem with labels.
        let first = if self.problem.n_options() <= SWEEP_MAX_OPTIONS {
            match Sweep::new_first(self.swept_problem(), self.monitor.as_deref()) {
                Ok(first) => first,
                Err(SweepError::Interrupted) => return Ok(Route::Interrupted),
                Err(_) => None,
            }
        } else {
            None
        };
        let turned = first.is_some();
        let mut kept = None;
        if let Some(sweep) = first {
            let sweep = self.sweep_memory(sweep);
            let why = "a packing (labels on its options): the sweep in the order of a first, cheap choice";
            match sweep.count_within(SWEEP_TURN_NODES, self.monitor.as_deref()) {
                // A small search: Knuth's statistics, by the search.
                Within::Done(stats) if stats.nodes < MEMO_PROBE_NODES && !self.stopped() => {
                    plan.taken(Engine::Sweep, Budget::Nodes(SWEEP_TURN_NODES), why, true);
                    plan.note("a small search: counted again by the search, for Knuth's statistics");
                    return Ok(Route::Search(search));
                }
                Within::Done(stats) => {
                    plan.taken(Engine::Sweep, Budget::Nodes(SWEEP_TURN_NODES), why, true);
                    let counted = self.swept(&sweep, stats.nodes, stats.solutions.into(), choice.clone());
                    return Ok(Route::Answered(Box::new(counted)));
                }
                // Past its budget, or past 64 bits: the rule goes on.
                Within::Unfinished(work) => {
                    plan.taken(Engine::Sweep, Budget::Nodes(SWEEP_TURN_NODES), why, false);
                    choice.gave_way = Some(Engine::Sweep);
                    kept = Some(work);
                }
            }
        }
        let memo = self.memo();
        // 1. The memo's probe, its work bounded by the problem's size.
        let size: u64 = self.problem.options().map(|o| self.problem.option_items(o).len() as u64).sum();
        let probe_updates = (MEMO_PROBE_NODES * PROBE_UPDATES_PER_NODE).max(4 * size);
        let probe_budget = Budget::Work { nodes: MEMO_PROBE_NODES, updates: probe_updates };
        let mut memo_hits = None;
        match memo.probe_within(MEMO_PROBE_NODES, probe_updates) {
            Ok(probe) => {
                choice.probe = Some(probe.stats);
                let stats = probe.stats;
                if probe.finished {
                    let built = memo.build_within(MEMO_PROBE_NODES, probe_updates);
                    if let Ok(Some(zdd)) = built {
                        if zdd.count() >= BigUint::from(probe.stats.nodes) * MEMO_SOLUTIONS_PER_NODE {
                            plan.taken(Engine::Memo, probe_budget, "the memo's probe: it counted everything", true);
                            return Ok(Route::Answered(Box::new(self.memo_answer(&zdd, choice.clone()))));
                        }
                    }
                    plan.taken(Engine::Memo, probe_budget, "the memo's probe: it counted everything", false);
                    plan.note("few solutions a node of the memo: the search counts them, with Knuth's statistics");
                    return Ok(Route::Search(search));
                }
                let hits = stats.nodes > 0 && stats.hits * 100 >= stats.nodes * MEMO_HIT_PERCENT;
                plan.taken(Engine::Memo, probe_budget, "the memo's probe", false);
                plan.weigh(
                    Engine::Memo,
                    format!("its cache answered {} of the probe's {} nodes", stats.hits, stats.nodes),
                    None,
                );
                memo_hits = Some(hits);
            }
            Err(MemoError::Interrupted) => return Ok(Route::Interrupted),
            // Bounds: the memo does not take the problem.
            Err(_) => {}
        }
        if self.stopped() {
            return Ok(Route::Interrupted);
        }
        // 2. Knuth's estimates, when the sweep takes the problem.
        let sweep = if self.problem.n_options() <= SWEEP_MAX_OPTIONS {
            match Sweep::new_monitored(self.swept_problem(), self.monitor.as_deref()) {
                Ok(sweep) => Some(self.sweep_memory(sweep)),
                Err(SweepError::Interrupted) => return Ok(Route::Interrupted),
                Err(SweepError::TooManyItems { .. })
                    if !self.problem.has_colors() && !crate::sweep::has_labels(self.swept_problem()) =>
                {
                    plan.note("a tiling wider than the sweep's widest state: the memo counts it whole");
                    return Ok(Route::MemoWhole);
                }
                Err(e) => {
                    plan.note(format!("no sweep: {e}"));
                    None
                }
            }
        } else {
            None
        };
        // A tiling (no labels) of more items than a state of 128 bits, whose
        // frontiers do not bound the sweep: the memo whole. Its probe may
        // find few repeats in the first nodes (Aztec diamonds of order 14
        // and more), and the search, or the sweep in an order across the
        // diamond's widest part, never ends there; over its memory limit the
        // memo then says so.
        if let Some(sweep) = &sweep
            && !sweep.labelled()
            && self.problem.n_items() > LARGE_TILING_ITEMS
            && !sweep.bounded_by_frontiers()
        {
            plan.note(
                "a tiling (no labels) of more than 128 items whose frontiers do not bound the sweep: the memo counts it whole",
            );
            return Ok(Route::MemoWhole);
        }
        let Some(sweep) = sweep else {
            // No estimate: the memo whole when its cache answered. Over its
            // memory limit it says so: such problems (tilings of large
            // boards) are out of the search's reach, which would run for
            // ever where the error tells the user to raise the limit.
            if memo_hits == Some(true) {
                return Ok(Route::MemoThenSearch(search));
            }
            return Ok(Route::Search(search));
        };
        let Some((nodes, updates)) = sweep.estimate_fewest_monitored(self.monitor.as_deref()) else {
            return Ok(Route::Interrupted);
        };
        choice.fewest_estimate = Some((nodes, updates));
        choice.sweep_estimate = Some(sweep.estimate());
        if self.stopped() {
            return Ok(Route::Interrupted);
        }
        let fewest = FEWEST_NODE_COST * nodes + FEWEST_UPDATE_COST * updates;
        plan.weigh(
            search,
            format!("Knuth's estimate of the search by fewest options: {nodes:.3e} nodes, {updates:.3e} updates"),
            Some(fewest),
        );
        if fewest < SWEEP_MIN_COST {
            // Knuth's estimate runs low on lopsided trees (a pentomino
            // tiling 5x20: under a millisecond estimated, 0.2 s on bits,
            // 0.012 s by the sweep): the search races the sweep, first
            // alone for at least [`RACE_LEAST_PATIENCE`] of its work.
            plan.note("a search estimated under a millisecond: the search first, with Knuth's statistics");
            let entrants = vec![
                Entrant::Search { engine: search, binary: false },
                Entrant::Sweep { sweep: Box::new(sweep), kept },
            ];
            return Ok(Route::Race { memo_first: None, entrants, patience: (2.0 * fewest).max(RACE_LEAST_PATIENCE) });
        }
        let swept = SWEEP_NODE_COST * sweep.estimate();
        plan.weigh(
            Engine::Sweep,
            format!(
                "Knuth's estimate of its tree: {:.3e} nodes{}",
                sweep.estimate(),
                if sweep.bounded_by_frontiers() { ", bounded by its frontiers" } else { "" }
            ),
            Some(swept),
        );
        // Without labels, a memo whose cache answered says that subproblems
        // repeat: so do the sweep's states, which its cache answers and its
        // estimate does not see (one pentomino tiling 10x12: the sweep 0.44
        // s, estimated dearer than the search, which takes seconds). The
        // sweep is then the favourite.
        // (A margin on the estimates alone does not tell these apart: one
        // pentomino tiling 10x12, the search estimated at 0.38 s and the
        // sweep at 0.85 s, counts in 25 s and 0.5 s; the queens of 13, at
        // 0.06 s and 0.07 s, in 0.11 s and 0.6 s.)
        let repeats = !sweep.labelled() && memo_hits == Some(true);
        if repeats && swept >= fewest {
            plan.note("no labels, and the memo's cache answered: states repeat, which the sweep's cache sees");
        }
        let by_sweep = swept < fewest || repeats;
        let other_cost = swept.min(fewest);
        // 2. Against the search, on a problem without labels (no turn at
        // step 0), whose states meet again where the sweep's estimate cannot
        // see it: the sweep's turn in the order chosen.
        if !by_sweep && !turned && !sweep.labelled() {
            // Float to integer casts saturate.
            let nodes = ((fewest * SWEEP_TRY_SHARE / SWEEP_NODE_COST) as u64).min(SWEEP_TURN_NODES);
            let why = "no labels: states meet again where the estimate cannot see it";
            match sweep.count_within(nodes, self.monitor.as_deref()) {
                Within::Done(stats) => {
                    plan.taken(Engine::Sweep, Budget::Nodes(nodes), why, true);
                    let counted = self.swept(&sweep, stats.nodes, stats.solutions.into(), choice.clone());
                    return Ok(Route::Answered(Box::new(counted)));
                }
                // Past its budget, or past 64 bits: the rule goes on.
                Within::Unfinished(_) => {
                    plan.taken(Engine::Sweep, Budget::Nodes(nodes), why, false);
                    choice.gave_way = Some(Engine::Sweep);
                }
            }
        }
        // 2. The sweep's estimate bounded by its frontiers (a tiling swept
        // across a narrow side): an upper bound of its search, the cache
        // seen; it counts at once, by those frontiers.
        if by_sweep && sweep.bounded_by_frontiers() {
            return Ok(Route::Frontiers { sweep: Box::new(sweep), kept });
        }
        // 3. The memo's turn, bounded by the other engine's cost.
        // A whole share where the cache answered, the problem has no labels
        // (tilings, where the memo is at its best) and the search is the
        // cheaper (the sweep's cache answers where the memo's does: one
        // tetromino tiling 8x10, the sweep 0.014 s, the memo's whole turn
        // 0.09 s); else a quarter,
        // and only against a count of a tenth of a second or more
        // (BurrTools' burrs: the cache answered 45 % of the probe, the memo
        // takes 0.6 s, the sweep 0.05 s).
        let share = match memo_hits {
            Some(true) if !sweep.labelled() && !by_sweep => Some(1.0),
            Some(_) if other_cost >= MEMO_TRY_MIN_COST => Some(MEMO_TRY_SHARE),
            _ => None,
        };
        let memo_first = share.map(|share| {
            let budget = other_cost * share;
            // Float to integer casts saturate. Against the sweep, whose
            // estimate is of its tree without its cache, the turn is capped.
            let (mut memo_nodes, mut memo_updates) =
                ((budget / MEMO_NODE_COST) as u64, (budget / MEMO_UPDATE_COST) as u64);
            if by_sweep {
                memo_nodes = memo_nodes.min(MEMO_TURN_NODES);
                memo_updates = memo_updates.min(MEMO_TURN_NODES * PROBE_UPDATES_PER_NODE);
            }
            choice.memo_budget = Some((memo_nodes, memo_updates));
            (memo_nodes, memo_updates)
        });
        // 4. The cheaper one, raced against the other: it runs alone until
        // it has spent twice its estimate (and at least the other's), then
        // the two take turns, so that a wrong estimate costs a bounded
        // share of the right one's time.
        let swept_entrant = Entrant::Sweep { sweep: Box::new(sweep), kept };
        let search_entrant = Entrant::Search { engine: search, binary: false };
        let (entrants, patience) = if by_sweep {
            (vec![swept_entrant, search_entrant], (2.0 * swept).max(fewest))
        } else {
            (vec![search_entrant, swept_entrant], (2.0 * fewest).max(swept))
        };
        Ok(Route::Race { memo_first, entrants, patience })
    }

    /// Runs the route the rule chose.
    fn run_route(&self, route: Route, mut choice: Choice) -> Result<Counted, SearchError> {
        match route {
            Route::Answered(counted) => Ok(*counted),
            Route::Interrupted => Ok(self.interrupted(choice)),
            Route::Search(engine) => self.by_search(engine, choice),
            Route::MemoWhole => Ok(self.by_memo(u64::MAX, u64::MAX, choice)?.unwrap_or_else(|| unreachable!())),
            Route::MemoThenSearch(engine) => {
                if let Some(counted) = self.by_memo(u64::MAX, u64::MAX, choice.clone())? {
                    return Ok(counted);
                }
                self.by_search(engine, choice)
            }
            Route::Frontiers { sweep, kept } => self.by_frontiers(&sweep, kept, choice),
            Route::Race { memo_first, entrants, patience } => {
                if let Some((nodes, updates)) = memo_first {
                    match self.by_memo(nodes, updates, choice.clone()) {
                        Ok(Some(counted)) => return Ok(counted),
                        // Past its turn, or over its memory limit.
                        _ => choice.gave_way = Some(Engine::Memo),
                    }
                }
                self.race(entrants, patience, choice)
            }
        }
    }

    /// Counts by a race of `entrants` (see the `race` module): the first
    /// runs alone until it has spent `patience` nanoseconds of work (by its
    /// own cost of a node and an update), then they take turns; the first
    /// to finish answers. Where threads cannot be made, the first alone.
    fn race(&self, entrants: Vec<Entrant>, patience: f64, mut choice: Choice) -> Result<Counted, SearchError> {
        let costs: Vec<Cost> = entrants.iter().map(|e| e.cost()).collect();
        let engines: Vec<Engine> = entrants.iter().map(|e| e.engine()).collect();
        let race_state = Race::new(&costs, patience, self.monitor.clone());
        let runs: Vec<race::Runner<'_, Result<Counted, SearchError>>> = entrants
            .into_iter()
            .map(|entrant| {
                let choice = choice.clone();
                let run: race::Runner<'_, Result<Counted, SearchError>> = Box::new(move |monitor: Arc<Monitor>| {
                    let search = self.clone().monitor(Some(monitor));
                    let counted = search.by_entrant(entrant, choice);
                    let answered = counted.as_ref().is_ok_and(|c| !c.report.interrupted);
                    (counted, answered)
                });
                run
            })
            .collect();
        let Some(outcome) = race::run(&race_state, runs) else {
            // No threads here (a browser): the first entrant alone.
            return self.by_entrant_alone(engines[0], choice);
        };
        let mut results = outcome.results;
        if let Some(winner) = outcome.winner {
            let mut counted = results[winner].take().unwrap_or_else(|| unreachable!())?;
            let others: Vec<Engine> =
                engines.iter().enumerate().filter(|&(i, _)| i != winner).map(|(_, &e)| e).collect();
            counted.report.choice.raced = others;
            counted.report.interrupted = self.stopped();
            return Ok(counted);
        }
        // None answered: stopped by the parent (the partial count of the
        // entrant that worked most), or every entrant failed (the first's
        // error).
        choice.raced = engines[1..].to_vec();
        let mut partial: Option<Counted> = None;
        let mut first_error = None;
        for result in results.into_iter().flatten() {
            match result {
                Ok(counted) if counted.report.interrupted => {
                    if partial.as_ref().is_none_or(|p| p.report.stats.nodes() < counted.report.stats.nodes()) {
                        partial = Some(counted);
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match (partial, first_error) {
            (Some(mut counted), _) if self.stopped() => {
                counted.report.interrupted = true;
                Ok(counted)
            }
            (_, Some(error)) => Err(error),
            (Some(counted), None) => Ok(counted),
            (None, None) => Ok(self.interrupted(choice)),
        }
    }

    /// The count of one entrant of a race, on its own monitor.
    fn by_entrant(&self, entrant: Entrant, choice: Choice) -> Result<Counted, SearchError> {
        match entrant {
            Entrant::Search { engine, binary: false } => self.by_search(engine, choice),
            Entrant::Search { engine, binary: true } => {
                // On one thread: `note_threads` says why in the report.
                let binary = self.clone().engine(Engine::Cells).branching(Branching::Binary);
                binary.by_search(engine, choice)
            }
            Entrant::Sweep { sweep, kept } => self.by_sweep(&sweep, kept, true, choice),
        }
    }

    /// The count of an entrant alone, where a race cannot be run.
    fn by_entrant_alone(&self, engine: Engine, choice: Choice) -> Result<Counted, SearchError> {
        match engine {
            Engine::Sweep => {
                let sweep = self.sweep_memory(Sweep::new_monitored(self.swept_problem(), self.monitor.as_deref())?);
                self.by_sweep(&sweep, None, true, choice)
            }
            _ => self.by_search(self.search_engine(), choice),
        }
    }

    /// The memo's count within `nodes` and `updates` (`None` past them).
    fn by_memo(&self, nodes: u64, updates: u64, choice: Choice) -> Result<Option<Counted>, SearchError> {
        let memo: Memo<'_> = self.memo();
        match memo.build_within(nodes, updates) {
            Ok(Some(zdd)) => Ok(Some(self.memo_answer(&zdd, choice))),
            Ok(None) => Ok(None),
            Err(MemoError::Interrupted) => {
                let seen = self.monitor.as_ref().map(|m| m.stats()).unwrap_or_default();
                let stats = MemoStats {
                    nodes: seen.nodes,
                    updates: seen.updates,
                    cleansings: seen.cleansings,
                    ..MemoStats::default()
                };
                let report =
                    Report { interrupted: true, choice, ..Report::new(Engine::Memo, EngineStats::Memo(stats)) };
                Ok(Some(Counted { solutions: BigUint::ZERO, report }))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The answer of the memo's diagram, at most the limit.
    fn memo_answer(&self, zdd: &Zdd, choice: Choice) -> Counted {
        let (solutions, limit_reached) = self.at_most_limit(zdd.count());
        let report = Report { limit_reached, choice, ..Report::new(Engine::Memo, EngineStats::Memo(*zdd.stats())) };
        Counted { solutions, report }
    }

    /// `solutions` cut down to the limit, and whether it was reached.
    fn at_most_limit(&self, solutions: BigUint) -> (BigUint, bool) {
        match self.limit {
            Some(limit) if solutions >= BigUint::from(limit) => (BigUint::from(limit), true),
            _ => (solutions, false),
        }
    }

    /// The sweep's count by its frontiers ([`Sweep::count_by_frontiers`],
    /// one thread, within the memo's memory limit). Over that limit, the
    /// count depth first ([`Search::by_sweep`]) when the random paths
    /// estimate its tree at most [`SWEEP_TREE_NODES`] (its cache then need
    /// not hold every state: Langford pairs of 16, whose frontiers hold the
    /// numbers placed), else [`SweepError::Memory`] (a tiling whose tree
    /// has more nodes than any search could walk: the dominoes of 20×20
    /// within 16 MiB).
    fn by_frontiers(&self, sweep: &Sweep, kept: Option<Kept>, choice: Choice) -> Result<Counted, SearchError> {
        match sweep.count_by_frontiers(self.monitor.as_deref()) {
            Ok(count) => Ok(self.swept(sweep, count.nodes, count.solutions, choice)),
            Err(SweepError::Memory { .. }) if sweep.estimate_paths() <= SWEEP_TREE_NODES => {
                self.by_sweep(sweep, kept, false, choice)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The sweep's count depth first, exact whatever its size. When
    /// `fall_back`, in 64 bits first, and past them the memo's, or over its
    /// memory limit the sweep's again, past 64 bits (see the module's
    /// notes).
    fn by_sweep(
        &self,
        sweep: &Sweep,
        kept: Option<Kept>,
        fall_back: bool,
        mut choice: Choice,
    ) -> Result<Counted, SearchError> {
        let (threads, monitor) = (self.threads_for(Question::Count, Engine::Sweep).0, self.monitor.as_deref());
        if !fall_back {
            let count = sweep.resume(kept, threads, monitor)?;
            return Ok(self.swept(sweep, count.nodes, count.solutions, choice));
        }
        let count = match sweep.resume_in_64_bits(kept, threads, monitor) {
            Ok(count) => count,
            Err(SweepError::Overflow) => {
                choice.gave_way = Some(Engine::Sweep);
                match self.by_memo(u64::MAX, u64::MAX, choice.clone()) {
                    Ok(counted) => return Ok(counted.unwrap_or_else(|| unreachable!())),
                    Err(SearchError::Memo(MemoError::Memory { .. })) => choice.gave_way = Some(Engine::Memo),
                    Err(e) => return Err(e),
                }
                sweep.resume(None, threads, monitor)?
            }
            Err(e) => return Err(e.into()),
        };
        Ok(self.swept(sweep, count.nodes, count.solutions, choice))
    }

    /// The answer of the sweep's count: its `nodes` and `solutions`.
    fn swept(&self, sweep: &Sweep, nodes: u64, solutions: BigUint, mut choice: Choice) -> Counted {
        let stats = SweepStats { nodes, solutions: u64::try_from(&solutions).unwrap_or(u64::MAX) };
        let (solutions, limit_reached) = self.at_most_limit(solutions);
        let stats = EngineStats::Sweep(stats);
        choice.sweep_order = Some(sweep.order()[..self.problem.n_primary()].to_vec());
        let report = Report { interrupted: self.stopped(), limit_reached, choice, ..Report::new(Engine::Sweep, stats) };
        Counted { solutions, report }
    }

    /// The search's count on `engine` (resolved): on several threads (or a
    /// shard) unless one is asked for or a limit set.
    fn by_search(&self, engine: Engine, choice: Choice) -> Result<Counted, SearchError> {
        let threads = self.threads_for(Question::Count, engine).0;
        let stats = if self.sharded() || (self.limit.is_none() && threads > 1) {
            self.parallel(engine, threads)?.count()?
        } else {
            let mut solver = crate::solver::Solver::with_config(self.problem, self.config(engine));
            solver.count();
            solver.stats()
        };
        let mut report = self.search_report(engine, stats);
        report.choice = choice;
        Ok(Counted { solutions: BigUint::from(stats.solutions), report })
    }
}
