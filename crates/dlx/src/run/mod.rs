//! The second floor: what every engine's search shares, whatever its data.
//!
//! [`Resumable`] is a search that stops at a solution and resumes. Each engine
//! (links, cells, bits) implements its few required methods, its own loop in
//! [`Resumable::run`]; counting, visiting and iterating are written once, here,
//! on top of them. [`Phase`] is where a search stands, and [`Run::report`] the
//! one report to a [`Monitor`] every [`REPORT_EVERY`] nodes or
//! [`REPORT_UPDATES`] updates, whichever comes first; [`Levels`] what the
//! loops over levels do with their counts and their monitor at a leaf, a
//! node, a solution and their end. Engines import this
//! floor and the vocabulary below it, never each other nor the fronts.

use std::ops::ControlFlow;
use std::sync::Arc;

pub(crate) mod split;
pub(crate) mod threads;

use crate::util::monitor::{Monitor, REPORT_EVERY, REPORT_UPDATES};
use crate::util::problem::OptionId;
use crate::util::search::{CommitError, Config, DescendError};
use crate::util::stats::{Stats, go_on};

/// Where a search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// No search under way: the engine's state is as the commitments and
    /// descents left it.
    Idle,
    /// Stopped at a solution (or by the monitor); resuming backtracks from it.
    Suspended,
    /// The search has run to its end.
    Done,
}

/// The part of a search's state that every engine keeps alike: where it
/// stands, its statistics, what its monitor has seen of them, and whether the
/// monitor stopped it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run {
    /// Where the search stands.
    pub(crate) phase: Phase,
    /// Statistics of the search under way (or the latest).
    pub(crate) stats: Stats,
    /// The part of `stats` already added to the monitor.
    pub(crate) reported: Stats,
    /// Whether the latest search was stopped by its monitor.
    pub(crate) interrupted: bool,
    /// The updates counted when the search last looked at its monitor.
    pub(crate) looked: u64,
}

impl Default for Run {
    fn default() -> Run {
        Run { phase: Phase::Idle, stats: Stats::default(), reported: Stats::default(), interrupted: false, looked: 0 }
    }
}

impl Run {
    /// Starts or resumes a search: `None` when it has run to its end, else
    /// whether it resumes from a solution; the phase is then `Idle`.
    #[inline(always)]
    pub(crate) fn begin(&mut self) -> Option<bool> {
        if self.phase == Phase::Done {
            return None;
        }
        let resume = self.phase == Phase::Suspended;
        self.phase = Phase::Idle;
        Some(resume)
    }

    /// Readies the counts for a new search (the phase is the engine's to set).
    pub(crate) fn restart(&mut self) {
        self.stats = Stats::default();
        self.reported = Stats::default();
        self.interrupted = false;
        self.looked = 0;
    }

    /// Whether a search that has counted `nodes` and `updates` reports to its
    /// monitor now: every [`REPORT_EVERY`] nodes, and whenever it has made
    /// [`REPORT_UPDATES`] updates since it last looked (a node may cost
    /// millions of updates, and a level may try thousands of options without
    /// entering a node).
    #[inline(always)]
    pub(crate) fn due(&self, nodes: u64, updates: u64) -> bool {
        nodes % REPORT_EVERY == 0 || self.worked(updates)
    }

    /// Whether a search that has counted `updates` has made
    /// [`REPORT_UPDATES`] of them since it last looked at its monitor: the
    /// test of [`Run::due`] for a step that enters no node.
    #[inline(always)]
    pub(crate) fn worked(&self, updates: u64) -> bool {
        updates.wrapping_sub(self.looked) >= REPORT_UPDATES
    }

    /// Adds what `monitor` has not yet seen of the statistics and, when given,
    /// Knuth's estimate of the fraction done from each level's place among
    /// its options and their number. Returns whether to stop.
    #[cold]
    #[inline(never)]
    pub(crate) fn report(&mut self, monitor: &Monitor, estimate: Option<&mut dyn Iterator<Item = (u32, u32)>>) -> bool {
        self.looked = self.stats.updates;
        monitor.catch_up(&self.stats, &mut self.reported);
        if let Some(levels) = estimate {
            monitor.set_estimate(levels);
        }
        monitor.is_stopped()
    }

    /// Whether a split (whose statistics its caller adds up once it ends, so
    /// that it reports nothing) was asked to stop.
    #[cold]
    #[inline(never)]
    pub(crate) fn listen(&mut self, monitor: &Monitor) -> bool {
        self.looked = self.stats.updates;
        monitor.is_stopped()
    }

    /// Marks the search stopped by its monitor: suspended where it stands,
    /// its count and statistics partial.
    pub(crate) fn interrupt(&mut self) {
        self.interrupted = true;
        self.phase = Phase::Suspended;
    }

    /// Writes back the counts a loop over levels keeps to itself while it
    /// runs (the solutions stay in `stats`).
    #[inline(always)]
    pub(crate) fn keep(&mut self, (nodes, updates, cleansings): Counts) {
        self.stats.nodes = nodes;
        self.stats.updates = updates;
        self.stats.cleansings = cleansings;
    }
}

/// The counts a loop over levels keeps to itself while it runs: nodes,
/// updates and cleansings.
pub(crate) type Counts = (u64, u64, u64);

/// What one step of a probe of Knuth's estimate finds at the node it stands
/// on ([`Resumable::probe`]), as the engine's search counts that node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Probe {
    /// The search enters no node here: cells, when a primary item has no
    /// option from the start (SSXCC does not search then).
    NoNode,
    /// A node with no primary item left: a solution.
    Solved,
    /// A node that branches.
    Node {
        /// Its moves (0: a dead end).
        moves: usize,
        /// Its updates whatever the move: choosing and covering its item.
        fixed: u64,
        /// The updates of trying the move drawn (0 without moves), in the
        /// state the search tries it in.
        drawn: u64,
        /// Where the move drawn leads.
        child: Child,
    },
}

/// Where the move drawn by a step of a probe leads ([`Probe::Node`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Child {
    /// Nowhere: the node has no moves.
    Nothing,
    /// To a node of the search, where the engine now stands (one descent
    /// more, undone by [`Resumable::end_probe`]).
    Entered,
    /// To a node the search counts and leaves at once, with no work of its
    /// own: the bitset engine, committing item by item, saw an item run out
    /// (where the links would enter the level and find it without options).
    DeadEnd,
    /// To no node: the cells engine saw an item run out while trying the
    /// move, and tries the next.
    Failed,
}

/// The random choice of a probe: given a node's moves (at least one), the
/// number of the move to try, below them.
pub(crate) type Draw<'a> = &'a mut dyn FnMut(usize) -> usize;

/// A search run as a loop over levels (links and bits, with or without
/// bounds), as its [`Run`] sees it: what the loop does with its counts and
/// its monitor at a leaf of a split, at a node, at a solution, when stopped
/// within a commitment and at its end, written once. A split (`SPLIT`)
/// only listens to its monitor; a search reports to it.
pub(crate) trait Levels: Sized {
    /// The engine's run state, and the level its search stands at.
    fn state(&mut self) -> (&mut Run, &mut usize);
    /// [`Run::report`]s to `monitor`, with Knuth's estimate from the first
    /// `level` levels when the engine makes one. Returns whether to stop.
    fn report_at(&mut self, monitor: &Monitor, level: usize) -> bool;

    /// The engine's run state.
    #[inline(always)]
    fn run_state(&mut self) -> &mut Run {
        self.state().0
    }

    /// Marks the search as standing at `level`.
    #[inline(always)]
    fn stand_at(&mut self, level: usize) {
        *self.state().1 = level;
    }

    /// Starts or resumes the loop ([`Run::begin`]): `None` when the search
    /// has run to its end, else whether it resumes from a solution, the
    /// level it stands at, and the counts it keeps to itself while it runs.
    #[inline(always)]
    fn enter(&mut self) -> Option<(bool, usize, Counts)> {
        let (run, &mut level) = self.state();
        let resume = run.begin()?;
        Some((resume, level, (run.stats.nodes, run.stats.updates, run.stats.cleansings)))
    }

    /// Tells `monitor` what a split or a search tells it; whether to stop.
    #[inline(always)]
    fn tell<const SPLIT: bool>(&mut self, monitor: &Monitor, level: usize) -> bool {
        if SPLIT { self.run_state().listen(monitor) } else { self.report_at(monitor, level) }
    }

    /// At a leaf of a split, at `level`: keeps the counts and stands there.
    /// Leaves are no nodes, yet each costs a commitment: whether the
    /// monitor, listened to when the updates are due, stops the split (it
    /// is then interrupted).
    #[inline(always)]
    fn leaf_stopped(&mut self, monitor: Option<&Monitor>, counts: Counts, level: usize) -> bool {
        self.stand_at(level);
        let run = self.run_state();
        run.keep(counts);
        if let Some(monitor) = monitor
            && run.worked(counts.1)
            && run.listen(monitor)
        {
            run.interrupt();
            return true;
        }
        false
    }

    /// A leaf of a split at `level` ([`Levels::leaf_stopped`]), handed to
    /// `on_solution`: whether the split stops here (stopped, or enough
    /// leaves), suspended.
    #[inline(always)]
    fn split_leaf<F>(&mut self, monitor: Option<&Monitor>, counts: Counts, level: usize, on_solution: &mut F) -> bool
    where
        F: FnMut(&mut Self) -> ControlFlow<()>,
    {
        if self.leaf_stopped(monitor, counts, level) || on_solution(self).is_break() {
            self.run_state().phase = Phase::Suspended;
            return true;
        }
        false
    }

    /// A solution at `level` ([`Levels::at_solution`]), handed to
    /// `on_solution`: whether the search stops there (suspended,
    /// [`Levels::suspend_at`]).
    #[inline(always)]
    fn visit_solution<const SPLIT: bool, F>(
        &mut self,
        monitor: Option<&Monitor>,
        counts: Counts,
        level: usize,
        on_solution: &mut F,
    ) -> bool
    where
        F: FnMut(&mut Self) -> ControlFlow<()>,
    {
        self.at_solution(counts, level);
        if on_solution(self).is_break() {
            self.suspend_at::<SPLIT>(monitor, level);
            return true;
        }
        false
    }

    /// At a node, counted, with `level` the levels of the estimate: whether
    /// the monitor, told when due ([`Run::due`]), stops the search (it is
    /// then interrupted, standing at `level`).
    #[inline(always)]
    fn node_stopped<const SPLIT: bool>(&mut self, monitor: Option<&Monitor>, counts: Counts, level: usize) -> bool {
        if let Some(monitor) = monitor
            && self.run_state().due(counts.0, counts.1)
        {
            self.run_state().keep(counts);
            if self.tell::<SPLIT>(monitor, level) {
                self.run_state().interrupt();
                self.stand_at(level);
                return true;
            }
        }
        false
    }

    /// Stopped by `monitor` within a commitment at `level`: keeps the
    /// counts, tells the monitor, and stands there interrupted (resumed,
    /// the search backs up from `level`).
    #[inline(always)]
    fn stop_within<const SPLIT: bool>(&mut self, monitor: Option<&Monitor>, counts: Counts, level: usize) {
        self.run_state().keep(counts);
        if let Some(monitor) = monitor {
            self.tell::<SPLIT>(monitor, level);
        }
        self.run_state().interrupt();
        self.stand_at(level);
    }

    /// At a solution, at `level`: keeps the counts, one more solution, and
    /// stands there.
    #[inline(always)]
    fn at_solution(&mut self, counts: Counts, level: usize) {
        let run = self.run_state();
        run.keep(counts);
        run.stats.solutions += 1;
        self.stand_at(level);
    }

    /// Suspends the search at its solution at `level` (its visitor had
    /// enough); a search reports what it counted.
    #[inline(always)]
    fn suspend_at<const SPLIT: bool>(&mut self, monitor: Option<&Monitor>, level: usize) {
        self.run_state().phase = Phase::Suspended;
        if !SPLIT && let Some(monitor) = monitor {
            self.report_at(monitor, level);
        }
    }

    /// Ends a search that backtracked past its floor, `level`: keeps the
    /// counts and stands there, done; a search reports.
    #[inline(always)]
    fn finish<const SPLIT: bool>(&mut self, monitor: Option<&Monitor>, counts: Counts, level: usize) {
        self.run_state().keep(counts);
        self.stand_at(level);
        self.run_state().phase = Phase::Done;
        if !SPLIT && let Some(monitor) = monitor {
            self.report_at(monitor, level);
        }
    }
}

/// The methods of [`Resumable`] that every engine has alike, written once:
/// the statistics and the commitments read from the engine's `run` and
/// `committed`, the rest handed to the engine's own methods of the same name.
macro_rules! resumable_common {
    ($engine:ty) => {
        fn restart(&mut self) {
            <$engine>::restart(self)
        }

        fn stop(&mut self) {
            <$engine>::stop(self)
        }

        fn stats(&self) -> Stats {
            self.run.stats
        }

        fn interrupted(&self) -> bool {
            self.run.interrupted
        }

        fn solution(&mut self) -> &[OptionId] {
            <$engine>::solution(self)
        }

        fn committed(&self) -> &[OptionId] {
            &self.committed
        }

        fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
            <$engine>::commit(self, option)
        }

        fn can_commit(&mut self, option: OptionId) -> bool {
            <$engine>::can_commit(self, option)
        }

        fn reset(&mut self) {
            <$engine>::reset(self)
        }
    };
}
pub(crate) use resumable_common;

/// A search that stops at a solution and resumes: what every engine
/// implements, and on which counts, visits and iterators are written once.
pub(crate) trait Resumable: Sized {
    /// Ends any search, and readies a new one from the commitments and descents.
    fn restart(&mut self);
    /// Ends a search stopped at a solution.
    fn stop(&mut self);
    /// Ends a count or a visit: [`Resumable::stop`], unless the engine
    /// leaves the levels of a search stopped by its monitor in place, for
    /// whatever comes next to undo (each of its entry points stops first),
    /// so that a stop is not followed by undoing millions of updates that
    /// nothing may need.
    fn settle(&mut self) {
        self.stop();
    }
    /// Statistics of the latest search.
    fn stats(&self) -> Stats;
    /// Whether the latest search was stopped by its monitor.
    fn interrupted(&self) -> bool;
    /// The solution the search stands at: committed options, then one per level.
    fn solution(&mut self) -> &[OptionId];
    /// Runs (or resumes) the search, calling `on_solution` at every solution;
    /// `Break` suspends it there.
    fn run<F: FnMut(&mut Self) -> ControlFlow<()>>(&mut self, config: &Config, on_solution: F);

    /// The options committed so far.
    fn committed(&self) -> &[OptionId];
    /// Puts `option` into every solution before searching.
    fn commit(&mut self, option: OptionId) -> Result<(), CommitError>;
    /// Whether `option` could be committed now.
    fn can_commit(&mut self, option: OptionId) -> bool;
    /// Undoes every commitment and descent.
    fn reset(&mut self);
    /// Enters the next level by the move `step` (see
    /// [`Subtrees::descend`](crate::parallel::Subtrees::descend)).
    fn descend(&mut self, step: Option<OptionId>) -> Result<(), DescendError>;
    /// Climbs back to `floor` descents, keeping those above, when the engine
    /// can; `false` when it cannot (then it is as it was).
    fn ascend_to(&mut self, _floor: usize) -> bool {
        false
    }
    /// The split of the search tree `depth` levels below the descents:
    /// `leaf` gets the moves from the top (descents first, commitments left
    /// out) of every leaf, and stops the split with `Break`; so does
    /// `monitor` once stopped (the split reports nothing to it: its caller
    /// adds up what it returns).
    fn split<F: FnMut(&[Option<OptionId>]) -> ControlFlow<()>>(
        &mut self,
        depth: usize,
        monitor: Option<&Arc<Monitor>>,
        leaf: F,
    ) -> Stats;

    /// One step of a probe of Knuth's estimate, at the node the engine
    /// stands on (its descents, then the probe's steps so far): the node as
    /// the search enters it, its item chosen and covered, and of its moves
    /// only the one numbered `draw(moves)` tried, in the state the search
    /// tries it in (with bounds, after the moves before it), then entered
    /// when it leads to a node. So a probe costs one path of the search,
    /// not every option of every node on it. The search's figures are
    /// counted as it counts them.
    fn probe(&mut self, draw: Draw<'_>) -> Probe;
    /// Ends a probe: the engine stands where the probe began, as cheaply as
    /// it can.
    fn end_probe(&mut self);

    /// Counts the solutions, up to the configured limit.
    fn count(&mut self, config: &Config) -> u64 {
        self.restart();
        match config.get_limit() {
            None => self.run(config, |_| ControlFlow::Continue(())),
            Some(0) => {}
            Some(limit) => self.run(config, |s| {
                if s.stats().solutions < limit { ControlFlow::Continue(()) } else { ControlFlow::Break(()) }
            }),
        }
        self.settle();
        self.stats().solutions
    }

    /// Calls `visitor` with every solution, up to the configured limit.
    fn visit<F>(&mut self, config: &Config, mut visitor: F) -> u64
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.restart();
        let limit = config.get_limit().unwrap_or(u64::MAX);
        if limit > 0 {
            self.run(config, |s| {
                let flow = visitor(s.solution());
                go_on(flow, s.stats().solutions, limit)
            });
        }
        self.settle();
        self.stats().solutions
    }

    /// Starts a search for [`next`](Resumable::next).
    fn start(&mut self) {
        self.restart();
    }

    /// The next solution of the search begun by [`start`](Resumable::start).
    fn next(&mut self, config: &Config) -> Option<Vec<OptionId>> {
        let limit = config.get_limit().unwrap_or(u64::MAX);
        if self.stats().solutions >= limit {
            return None;
        }
        let mut found = None;
        self.run(config, |s| {
            found = Some(s.solution().to_vec());
            ControlFlow::Break(())
        });
        found
    }
}

/// A split's leaves as the engines without null moves see them (the
/// commitments, then one option a level), handed to `leaf` as moves: the
/// options past the `committed` first ones.
pub(crate) fn as_moves<F>(committed: usize, mut leaf: F) -> impl FnMut(&[OptionId]) -> ControlFlow<()>
where
    F: FnMut(&[Option<OptionId>]) -> ControlFlow<()>,
{
    let mut moves = Vec::new();
    move |options| {
        moves.clear();
        moves.extend(options[committed..].iter().map(|&o| Some(o)));
        leaf(&moves)
    }
}
