//! The search: Knuth's Algorithm X (and Algorithm C for colours) as an explicit loop.

use std::ops::ControlFlow;

use crate::links::Links;
use crate::problem::{OptionId, Problem};

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
    /// Adds another search's statistics to these.
    pub fn add(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.cleansings += other.cleansings;
        self.solutions += other.solutions;
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    limit: Option<u64>,
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
    phase: Phase,
    stats: Stats,
    /// Options committed before the search, in order.
    committed: Vec<OptionId>,
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
            phase: Phase::Idle,
            stats: Stats::default(),
            committed: Vec::with_capacity(depth),
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

    /// Undoes every commitment (and ends any search), restoring the problem's
    /// initial state without copying it.
    pub fn reset(&mut self) {
        self.stop();
        while let Some(option) = self.committed.pop() {
            let first = self.links.option_first[option.index()];
            if self.colors {
                self.links.uncommit_option::<true>(first);
            } else {
                self.links.uncommit_option::<false>(first);
            }
        }
    }

    /// Ends a search stopped at a solution, undoing its levels in reverse order.
    fn stop(&mut self) {
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
        while self.level > 0 {
            self.level -= 1;
            let x = self.choice[self.level];
            self.links.uncommit_others::<COLORS>(x);
            let i = self.links.top(x) as u32;
            self.links.uncover::<COLORS>(i);
        }
    }

    fn restart(&mut self) {
        self.stop();
        self.level = 0;
        self.stats = Stats::default();
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
    fn solution(&mut self) -> &[OptionId] {
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
        if self.colors { self.search_in::<true, F>(on_solution) } else { self.search_in::<false, F>(on_solution) }
    }

    /// Algorithm X (TAOCP 7.2.2.1) with Algorithm C's commit and uncommit when
    /// `COLORS`: the recursion unrolled into a loop over levels with the `choice`
    /// stack, so the search can stop at a solution and resume later.
    #[inline(always)]
    fn search_in<const COLORS: bool, F>(&mut self, mut on_solution: F)
    where
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
            if !resume {
                // X2: enter level l.
                nodes += 1;
                if self.links.first_primary() == 0 {
                    // Every primary item is covered: visit the solution.
                    self.stats = Stats { nodes, updates, cleansings, solutions: self.stats.solutions + 1 };
                    self.level = l;
                    if on_solution(self).is_break() {
                        self.phase = Phase::Suspended;
                        return;
                    }
                } else {
                    // X3: choose an item i, the first with the fewest options.
                    let i = self.links.best_primary();
                    // X4: cover i.
                    self.links.cover::<COLORS>(i, &mut updates);
                    let x = self.links.down(i);
                    // X5: try x.
                    if x != i {
                        self.choice[l] = x;
                        self.links.commit_others::<COLORS>(x, &mut updates, &mut cleansings);
                        l += 1;
                        continue 'enter;
                    }
                    // X7: backtrack: no option left for i.
                    self.links.uncover::<COLORS>(i);
                }
            }
            resume = false;
            loop {
                // X8: leave level l.
                if l == 0 {
                    self.stats.nodes = nodes;
                    self.stats.updates = updates;
                    self.stats.cleansings = cleansings;
                    self.level = 0;
                    self.phase = Phase::Done;
                    return;
                }
                l -= 1;
                // X6: try again.
                let x = self.choice[l];
                self.links.uncommit_others::<COLORS>(x);
                let i = self.links.top(x) as u32;
                let x = self.links.down(x);
                if x != i {
                    // X5: try x.
                    self.choice[l] = x;
                    self.links.commit_others::<COLORS>(x, &mut updates, &mut cleansings);
                    l += 1;
                    continue 'enter;
                }
                // X7: backtrack.
                self.links.uncover::<COLORS>(i);
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
