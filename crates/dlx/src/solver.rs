//! The search: Knuth's Algorithm X (and Algorithm C for colours) as an explicit loop.

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::links::Links;
use crate::monitor::{Monitor, REPORT_EVERY};
use crate::problem::{OptionId, Problem};
use crate::trace::{Observer, Point};

/// Statistics of a search, counted exactly as Knuth's DLX1 and DLX2 count them.
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

/// Tuning for a [`Solver`], set with builder-style methods.
///
/// ```
/// use quadrille_dlx::Config;
/// let config = Config::new().limit(Some(10));
/// assert_eq!(config.get_limit(), Some(10));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Config {
    limit: Option<u64>,
    monitor: Option<Arc<Monitor>>,
}

impl Config {
    /// The default configuration: no limit.
    pub fn new() -> Config {
        Config::default()
    }

    /// Stop after this many solutions (`None`: find them all).
    pub fn limit(mut self, limit: Option<u64>) -> Config {
        self.limit = limit;
        self
    }

    /// The limit on the number of solutions, if any.
    pub fn get_limit(&self) -> Option<u64> {
        self.limit
    }

    /// Report to this monitor while searching, and stop when it says so.
    pub fn monitor(mut self, monitor: Option<Arc<Monitor>>) -> Config {
        self.monitor = monitor;
        self
    }

    /// The monitor, if any.
    pub fn get_monitor(&self) -> Option<&Arc<Monitor>> {
        self.monitor.as_ref()
    }
}

/// Why [`Solver::commit`] refused an option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CommitError {
    /// The option number is not one of the problem's.
    #[error("option {0} does not exist")]
    UnknownOption(u32),
    /// The option uses an item that an earlier commitment already covers, or gives a
    /// secondary item a colour other than the one it was committed with.
    #[error("option {0} conflicts with the options already committed")]
    Conflict(u32),
    /// Options are committed before any [`Solver::descend`]; call
    /// [`Solver::reset`] first.
    #[error("option {0} cannot be committed below a descent")]
    AfterDescent(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// No search under way: the links are as the commitments left them.
    Idle,
    /// Stopped at a solution; resuming backtracks from it.
    Suspended,
    /// The search has run to its end and restored the links.
    Done,
}

/// Solves one [`Problem`]: owns a working copy of its links and the search state.
///
/// Every solving method ([`count`](Solver::count), [`first`](Solver::first),
/// [`solutions`](Solver::solutions), [`visit`](Solver::visit)) starts a new search
/// from the options committed so far, and resets the statistics.
///
/// ```
/// use quadrille_dlx::{Problem, Solver};
///
/// // Knuth's toy problem (TAOCP 7.2.2.1, (6)).
/// let problem = Problem::from_knuth(
///     "A B C D E F G\n C E F\n A D G\n B C F\n A D\n B G\n D E G\n",
/// )?;
/// let mut solver = Solver::new(&problem);
/// let solution = solver.first().expect("one solution");
/// let mut lines: Vec<String> = solution.iter().map(|&o| problem.format_option(o)).collect();
/// lines.sort();
/// assert_eq!(lines, ["A D", "B G", "C E F"]);
/// assert_eq!(solver.count(), 1);
/// assert_eq!((solver.stats().nodes, solver.stats().updates), (6, 30));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Solver {
    problem: Problem,
    links: Links,
    config: Config,
    colors: bool,
    /// `choice[l]`: the node of the option tried at level `l`.
    choice: Vec<u32>,
    level: usize,
    /// Levels below the floor were entered by [`Solver::descend`]; the search
    /// never backtracks into them.
    floor: usize,
    phase: Phase,
    stats: Stats,
    /// Options committed before the search, in order.
    committed: Vec<OptionId>,
    /// The statistics of the current search already added to the monitor.
    reported: Stats,
    /// Whether the latest search was stopped by its monitor.
    interrupted: bool,
    /// The solution handed to visitors: committed options, then one per level.
    solution: Vec<OptionId>,
}

impl Solver {
    /// A solver for `problem` with the default configuration.
    pub fn new(problem: &Problem) -> Solver {
        Solver::with_config(problem, Config::default())
    }

    /// A solver for `problem` with a configuration.
    pub fn with_config(problem: &Problem, config: Config) -> Solver {
        // Every level and every commitment covers at least one primary item, so
        // neither can go deeper than the number of primary items.
        let depth = problem.n_primary() + 1;
        Solver {
            problem: problem.clone(),
            links: problem.links().clone(),
            config,
            colors: problem.has_colors(),
            choice: vec![0; depth],
            level: 0,
            floor: 0,
            phase: Phase::Idle,
            stats: Stats::default(),
            committed: Vec::with_capacity(depth),
            reported: Stats::default(),
            interrupted: false,
            solution: Vec::with_capacity(depth),
        }
    }

    /// The problem being solved.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes the configuration (for the next search).
    pub fn set_config(&mut self, config: Config) {
        self.config = config;
    }

    /// Statistics of the latest search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether the latest search was stopped by its [`Monitor`] before its end:
    /// then its count and statistics are partial.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// The options committed so far.
    pub fn committed(&self) -> &[OptionId] {
        &self.committed
    }

    /// Puts `option` into every solution before searching, as if it had been
    /// chosen: its items are covered (or purified) at once. Sudoku givens, a prefix
    /// of choices to split a search: anything known in advance. Commitments are not
    /// counted in the statistics. Ends any search under way.
    pub fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
        self.stop();
        if self.floor > 0 {
            return Err(CommitError::AfterDescent(option.0));
        }
        let first = *self.links.option_first.get(option.index()).ok_or(CommitError::UnknownOption(option.0))?;
        if !self.is_available(option, first) {
            return Err(CommitError::Conflict(option.0));
        }
        let (mut updates, mut cleansings) = (0, 0);
        if self.colors {
            self.links.commit_option::<true>(first, &mut updates, &mut cleansings);
        } else {
            self.links.commit_option::<false>(first, &mut updates, &mut cleansings);
        }
        self.committed.push(option);
        Ok(())
    }

    /// An option can still be committed when every primary item it has is active
    /// and its node is still in that item's list: an option that conflicts with
    /// the commitments was hidden, which unlinks its primary nodes, unless the
    /// conflict is on that very primary item, which is then inactive.
    fn is_available(&mut self, option: OptionId, first: u32) -> bool {
        let n_primary = self.links.n_primary as i32;
        let len = self.problem.option_items(option).len() as u32;
        (first..first + len).all(|p| {
            let item = self.links.top(p);
            item > n_primary || (self.links.is_active(item as u32) && self.links.is_linked(p))
        })
    }

    /// Whether `option` could be committed now (it agrees with the commitments).
    pub fn can_commit(&mut self, option: OptionId) -> bool {
        self.stop();
        match self.links.option_first.get(option.index()) {
            Some(&first) => self.is_available(option, first),
            None => false,
        }
    }

    /// Undoes every commitment and descent (and ends any search), restoring the
    /// problem's initial state without copying it.
    pub fn reset(&mut self) {
        self.stop();
        self.floor = 0;
        if self.colors {
            self.unwind::<true>();
        } else {
            self.unwind::<false>();
        }
        while let Some(option) = self.committed.pop() {
            let first = self.links.option_first[option.index()];
            if self.colors {
                self.links.uncommit_option::<true>(first);
            } else {
                self.links.uncommit_option::<false>(first);
            }
        }
    }

    /// Does what [`reset`](Solver::reset) does by copying the problem's initial
    /// links back instead of undoing step by step: its cost is the size of the
    /// problem, not the work done. Faster than `reset` after many commitments on
    /// a small problem (the givens of a sudoku); slower after a little work on a
    /// large one.
    pub fn restore(&mut self) {
        let initial = self.problem.links();
        self.links.nodes.copy_from_slice(&initial.nodes);
        self.links.items.copy_from_slice(&initial.items);
        self.links.lens.copy_from_slice(&initial.lens);
        if self.colors {
            self.links.colors.copy_from_slice(&initial.colors);
        }
        self.committed.clear();
        self.phase = Phase::Idle;
        self.level = 0;
        self.floor = 0;
    }

    /// Ends a search stopped at a solution, undoing its levels (down to the floor)
    /// in reverse order.
    pub(crate) fn stop(&mut self) {
        if self.phase == Phase::Suspended {
            if self.colors {
                self.unwind::<true>();
            } else {
                self.unwind::<false>();
            }
        }
        self.phase = Phase::Idle;
    }

    fn unwind<const COLORS: bool>(&mut self) {
        while self.level > self.floor {
            self.level -= 1;
            let x = self.choice[self.level];
            self.links.uncommit_others::<COLORS>(x);
            let i = self.links.top(x) as u32;
            self.links.uncover::<COLORS>(i);
        }
    }

    pub(crate) fn restart(&mut self) {
        self.stop();
        self.stats = Stats::default();
        self.reported = Stats::default();
        self.interrupted = false;
    }

    /// Adds what the monitor has not yet seen of the current search's statistics,
    /// and its estimate of the fraction done. Returns whether to stop.
    #[cold]
    #[inline(never)]
    fn report(&mut self, level: usize) -> bool {
        let Some(monitor) = &self.config.monitor else { return false };
        let delta = Stats {
            nodes: self.stats.nodes - self.reported.nodes,
            updates: self.stats.updates - self.reported.updates,
            cleansings: self.stats.cleansings - self.reported.cleansings,
            solutions: self.stats.solutions - self.reported.solutions,
        };
        monitor.add(&delta);
        self.reported = self.stats;
        if self.floor == 0 {
            // Knuth's estimate: at each level, the choice's place among the
            // options of its item, each level weighing 1/(options above).
            let (mut done, mut weight) = (0.0, 1.0);
            for &x in &self.choice[..level] {
                let item = self.links.top(x) as u32;
                let (mut place, mut total, mut p) = (0u32, 0u32, self.links.down(item));
                while p != item {
                    if p == x {
                        place = total;
                    }
                    total += 1;
                    p = self.links.down(p);
                }
                weight /= f64::from(total.max(1));
                done += weight * f64::from(place);
            }
            monitor.set_fraction(done);
        }
        monitor.is_stopped()
    }

    /// Enters the next level of the search by choosing `option` there, as the
    /// search itself would: the level's item is the one the search would branch
    /// on (the first with the fewest options), and `option` must be one of that
    /// item's options still in play. Later searches start below this level and
    /// never backtrack above it; their statistics leave out the descent, so that
    /// the subtrees below a split add up to the whole search. Returns `false`,
    /// changing nothing, when `option` is not in play for that item.
    pub fn descend(&mut self, option: OptionId) -> bool {
        self.stop();
        let Some(&first) = self.links.option_first.get(option.index()) else {
            return false;
        };
        if self.links.first_primary() == 0 {
            return false;
        }
        let item = self.choose();
        let len = self.problem.option_items(option).len() as u32;
        let Some(x) = (first..first + len).find(|&p| self.links.top(p) == item as i32) else {
            return false;
        };
        if !self.links.is_linked(x) {
            return false;
        }
        let (mut updates, mut cleansings) = (0, 0);
        if self.colors {
            self.links.cover::<true>(item, &mut updates);
            self.links.commit_others::<true>(x, &mut updates, &mut cleansings);
        } else {
            self.links.cover::<false>(item, &mut updates);
            self.links.commit_others::<false>(x, &mut updates, &mut cleansings);
        }
        self.choice[self.level] = x;
        self.level += 1;
        self.floor = self.level;
        true
    }

    /// Knuth's step X3: the first active primary item with the fewest options.
    /// There must be one.
    #[inline(always)]
    fn choose(&mut self) -> u32 {
        self.links.best_primary()
    }

    /// Explores the search tree down to `depth` levels below the floor and calls
    /// `leaf` at every place where the search would enter that level or find a
    /// solution above it, with the options chosen on the way (committed options
    /// and descents first). The whole search is then these leaves' subtrees, and
    /// its statistics are those returned plus those of the subtrees, each counted
    /// from its own root.
    pub fn split<F>(&mut self, depth: usize, mut leaf: F) -> Stats
    where
        F: FnMut(&[OptionId]),
    {
        self.restart();
        let floor = self.floor;
        let mut on_leaf = |s: &mut Solver| {
            leaf(s.solution());
            ControlFlow::Continue(())
        };
        if self.colors {
            self.search_in::<true, true, _, _>(floor + depth, &mut (), &mut on_leaf);
        } else {
            self.search_in::<false, true, _, _>(floor + depth, &mut (), &mut on_leaf);
        }
        self.phase = Phase::Idle;
        self.stats
    }

    /// Counts the solutions (up to the configured limit).
    pub fn count(&mut self) -> u64 {
        self.restart();
        match self.config.limit {
            None => {
                self.search(|_| ControlFlow::Continue(()));
            }
            Some(0) => {}
            Some(limit) => {
                self.search(
                    |s| if s.stats.solutions < limit { ControlFlow::Continue(()) } else { ControlFlow::Break(()) },
                );
            }
        }
        self.stop();
        self.stats.solutions
    }

    /// The first solution, if there is one (the configured limit permitting).
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        let mut found = None;
        self.visit(|solution| {
            found = Some(solution.to_vec());
            ControlFlow::Break(())
        });
        found
    }

    /// Calls `visitor` with each solution (committed options first, then the
    /// chosen ones, level by level) until it returns `Break` or the configured
    /// limit is reached. Allocates nothing per solution. Returns the number of
    /// solutions visited.
    pub fn visit<F>(&mut self, mut visitor: F) -> u64
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        self.restart();
        let limit = self.config.limit.unwrap_or(u64::MAX);
        if limit > 0 {
            self.search(|s| {
                let flow = visitor(s.solution());
                if flow.is_break() || s.stats.solutions >= limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
        }
        self.stop();
        self.stats.solutions
    }

    /// An iterator over the solutions (up to the configured limit). Each item is a
    /// fresh `Vec`; use [`visit`](Solver::visit) to avoid that allocation.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.restart();
        Solutions { solver: self }
    }

    /// The current solution, filled in at a visit.
    pub(crate) fn solution(&mut self) -> &[OptionId] {
        self.solution.clear();
        self.solution.extend_from_slice(&self.committed);
        for l in 0..self.level {
            let option = self.links.option_of(self.choice[l]);
            self.solution.push(OptionId(option));
        }
        &self.solution
    }

    /// Runs (or resumes) the search, calling `on_solution` at every solution with
    /// the solver in that solution's state; `Break` suspends the search there.
    fn search<F>(&mut self, on_solution: F)
    where
        F: FnMut(&mut Solver) -> ControlFlow<()>,
    {
        self.search_observed(&mut (), on_solution)
    }

    /// [`Solver::search`], calling `observer` at each of Knuth's steps.
    pub(crate) fn search_observed<O: Observer, F>(&mut self, observer: &mut O, on_solution: F)
    where
        F: FnMut(&mut Solver) -> ControlFlow<()>,
    {
        if self.colors {
            self.search_in::<true, false, O, F>(usize::MAX, observer, on_solution)
        } else {
            self.search_in::<false, false, O, F>(usize::MAX, observer, on_solution)
        }
    }

    /// Algorithm X (TAOCP 7.2.2.1) with Algorithm C's commit and uncommit when
    /// `COLORS`: the recursion unrolled into a loop over levels with the `choice`
    /// stack, so the search can stop at a solution and resume later.
    ///
    /// When `SPLIT`, the search goes no deeper than level `split_depth`: entering
    /// that level, or finding a solution above it, is a leaf, handed to
    /// `on_solution` and counted neither as a node nor as a solution.
    ///
    /// `observer` is called at each step; with `()` those calls compile to nothing.
    #[inline(always)]
    fn search_in<const COLORS: bool, const SPLIT: bool, O, F>(
        &mut self,
        split_depth: usize,
        observer: &mut O,
        mut on_solution: F,
    ) where
        O: Observer,
        F: FnMut(&mut Solver) -> ControlFlow<()>,
    {
        if self.phase == Phase::Done {
            return;
        }
        let mut resume = self.phase == Phase::Suspended;
        self.phase = Phase::Idle;
        let mut l = self.level;
        let mut nodes = self.stats.nodes;
        let mut updates = self.stats.updates;
        let mut cleansings = self.stats.cleansings;
        'enter: loop {
            // The item just covered at level l and the option of it to try next,
            // if the search goes on from this level.
            let mut attempt = None;
            // X2: enter level l (unless resuming after a visit).
            let solved = !resume && self.links.first_primary() == 0;
            if SPLIT && !resume && (solved || l == split_depth) {
                // A leaf of the split: its subtree is searched elsewhere.
                self.stats = Stats { nodes, updates, cleansings, solutions: self.stats.solutions };
                self.level = l;
                let _ = on_solution(self);
            } else if !resume {
                if observer.stop() {
                    // Stopped by the observer: end here, as at a limit.
                    self.stats = Stats { nodes, updates, cleansings, solutions: self.stats.solutions };
                    self.level = l;
                    self.phase = Phase::Suspended;
                    return;
                }
                nodes += 1;
                if nodes % REPORT_EVERY == 0 && self.config.monitor.is_some() {
                    self.stats = Stats { nodes, updates, cleansings, solutions: self.stats.solutions };
                    if self.report(l) {
                        // Stopped from outside: end here, as at a limit.
                        self.interrupted = true;
                        self.level = l;
                        self.phase = Phase::Suspended;
                        return;
                    }
                }
                if solved {
                    // Every primary item is covered: visit the solution.
                    self.stats = Stats { nodes, updates, cleansings, solutions: self.stats.solutions + 1 };
                    self.level = l;
                    observer.at(&self.links, Point::Solution { choice: &self.choice[..l] });
                    if on_solution(self).is_break() {
                        self.phase = Phase::Suspended;
                        if !SPLIT && self.config.monitor.is_some() {
                            self.report(l);
                        }
                        return;
                    }
                } else {
                    // X3: choose an item i, the first with the fewest options.
                    let i = self.choose();
                    observer.at(&self.links, Point::Choose { level: l, item: i });
                    // X4: cover i, and try its first option.
                    self.links.cover::<COLORS>(i, &mut updates);
                    observer.at(&self.links, Point::Cover { level: l, item: i });
                    attempt = Some((i, self.links.down(i)));
                }
            }
            resume = false;
            loop {
                if let Some((i, x)) = attempt {
                    // X5: try x, unless every option of i was tried.
                    if x != i {
                        self.choice[l] = x;
                        self.links.commit_others::<COLORS>(x, &mut updates, &mut cleansings);
                        observer.at(&self.links, Point::Try { level: l, node: x });
                        l += 1;
                        continue 'enter;
                    }
                    // X7: backtrack.
                    self.links.uncover::<COLORS>(i);
                    observer.at(&self.links, Point::Uncover { level: l, item: i });
                }
                // X8: leave level l.
                if l == self.floor {
                    self.stats.nodes = nodes;
                    self.stats.updates = updates;
                    self.stats.cleansings = cleansings;
                    self.level = l;
                    self.phase = Phase::Done;
                    if !SPLIT {
                        self.report(l);
                    }
                    return;
                }
                l -= 1;
                // X6: try again: undo the option tried at level l, move to the next.
                let x = self.choice[l];
                self.links.uncommit_others::<COLORS>(x);
                observer.at(&self.links, Point::Undo { level: l, node: x });
                attempt = Some((self.links.top(x) as u32, self.links.down(x)));
            }
        }
    }
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("problem", &self.problem)
            .field("config", &self.config)
            .field("committed", &self.committed)
            .field("stats", &self.stats)
            .finish()
    }
}

/// The solutions of a [`Solver`], one at a time: made by [`Solver::solutions`].
pub struct Solutions<'s> {
    solver: &'s mut Solver,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        let limit = self.solver.config.limit.unwrap_or(u64::MAX);
        if self.solver.stats.solutions >= limit {
            return None;
        }
        let mut found = None;
        self.solver.search(|s| {
            found = Some(s.solution().to_vec());
            ControlFlow::Break(())
        });
        found
    }
}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        self.solver.stop();
    }
}

#[cfg(test)]
mod tests {
    //! Whole searches on small problems, small enough for Miri.

    use super::*;
    use crate::links::tests::state;

    #[test]
    fn every_way_to_search_leaves_the_links_as_they_were() {
        for text in [
            "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
            "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n",
            "a b c\na\nb\nc\na b\nb c\na c\na b c\n",
        ] {
            let problem = Problem::from_knuth(text).unwrap();
            let initial = state(problem.links());
            let same = |solver: &Solver| state(&solver.links) == initial;
            let mut solver = Solver::new(&problem);
            let count = solver.count();
            assert!(count >= 1 && same(&solver));
            assert_eq!(solver.solutions().count() as u64, count);
            assert!(same(&solver));
            let mut solutions = solver.solutions();
            solutions.next();
            drop(solutions);
            assert!(same(&solver));
            assert!(solver.commit(OptionId(0)).is_ok());
            solver.first();
            let split = solver.split(1, |_| {});
            assert!(split.nodes >= 1);
            solver.reset();
            assert!(same(&solver));
            // Restoring by copy ends in the same state as undoing.
            assert!(solver.commit(OptionId(1)).is_ok());
            let mut solutions = solver.solutions();
            solutions.next();
            drop(solutions);
            // A descent too, where the problem has one below that commitment.
            let _ = solver.descend(OptionId(0));
            solver.restore();
            assert!(same(&solver) && solver.committed().is_empty());
            assert_eq!(solver.count(), count);
            let mut leaves = Vec::new();
            solver.split(1, |prefix| leaves.push(prefix.to_vec()));
            for prefix in leaves {
                assert!(solver.descend(prefix[0]));
                solver.count();
                solver.reset();
                assert!(same(&solver));
            }
        }
    }
}
