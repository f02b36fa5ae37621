//! The search: Knuth's Algorithm X (and Algorithm C for colours) as an explicit loop.

use std::ops::ControlFlow;

use crate::engine::Other;
use crate::util::nodes::{ItemIx, Links, NodeIx, SOLVED};
use crate::util::monitor::REPORT_EVERY;
use crate::util::search::{CommitError, Config, DescendError, Engine};
use crate::util::stats::{Stats, go_on};
use crate::util::problem::{OptionId, Problem};
use crate::trace::{Observer, Point};

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
/// assert_eq!(solver.stats().nodes, 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Solver {
    problem: Problem,
    links: Links,
    config: Config,
    colors: bool,
    /// Whether the problem has bounds: then the search is Algorithm M.
    bounds: bool,
    /// `choice[l]`: the node of the option tried at level `l`; with bounds, the
    /// header of the level's item for the move that takes no option.
    choice: Vec<NodeIx>,
    /// With bounds, `first_tweak[l]`: the top of the list of level `l`'s item
    /// when the level began.
    first_tweak: Vec<NodeIx>,
    /// The moves of the levels, handed to a split's leaves.
    moves: Vec<Option<OptionId>>,
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
    /// Updates made by commitments and descents since the links were last
    /// fresh: what undoing them step by step would cost, for [`Solver::reset`].
    undo_work: u64,
    /// The dancing-cells or dense-bitset engine, when the configuration
    /// resolves to one: then every search and commitment goes to it, and the
    /// links stay untouched.
    other: Option<Other>,
    /// The other engine's descents, in order.
    other_descents: Vec<OptionId>,
}

impl Solver {
    /// A solver for `problem` with the default configuration.
    pub fn new(problem: &Problem) -> Solver {
        Solver::with_config(problem, Config::default())
    }

    /// A solver for `problem` with a configuration.
    pub fn with_config(problem: &Problem, config: Config) -> Solver {
        // Every level and every commitment covers at least one primary item, so
        // neither can go deeper than the number of primary items. With bounds,
        // every level takes an option or retires an item.
        let bounds = problem.has_bounds();
        let depth = problem.n_primary() + 1 + if bounds { problem.n_options() } else { 0 };
        let engine = config.get_engine().resolve(problem);
        Solver {
            problem: problem.clone(),
            links: problem.links().clone(),
            config,
            colors: problem.has_colors(),
            bounds,
            choice: vec![NodeIx::ROOT; depth],
            first_tweak: vec![NodeIx::ROOT; if bounds { depth } else { 0 }],
            moves: Vec::with_capacity(depth),
            level: 0,
            floor: 0,
            phase: Phase::Idle,
            stats: Stats::default(),
            committed: Vec::with_capacity(depth),
            reported: Stats::default(),
            interrupted: false,
            solution: Vec::with_capacity(depth),
            undo_work: 0,
            other: Other::new(engine, problem),
            other_descents: Vec::new(),
        }
    }

    /// The engine this solver runs: [`Engine::Links`] or [`Engine::Cells`]
    /// (never `Auto`, which is resolved when the solver is made).
    pub fn engine(&self) -> Engine {
        self.other.as_ref().map_or(Engine::Links, Other::engine)
    }

    /// Moves the search to the links engine, commitments included (for the
    /// searches only the links engine offers).
    pub(crate) fn use_links(&mut self) {
        if let Some(other) = self.other.take() {
            self.other_descents.clear();
            for &option in other.committed() {
                self.commit(option).expect("the other engine accepted it");
            }
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

    /// Changes the configuration (for the next search). A configuration that
    /// resolves to another engine undoes the commitments first, as
    /// [`reset`](Solver::reset) does.
    pub fn set_config(&mut self, config: Config) {
        let engine = config.get_engine().resolve(&self.problem);
        if engine != self.engine() {
            self.reset();
            self.other = Other::new(engine, &self.problem);
        }
        self.config = config;
    }

    /// Statistics of the latest search.
    pub fn stats(&self) -> Stats {
        if let Some(other) = &self.other {
            return other.stats();
        }
        self.stats
    }

    /// Whether the latest search was stopped by its [`Monitor`] before its end:
    /// then its count and statistics are partial.
    pub fn interrupted(&self) -> bool {
        if let Some(other) = &self.other {
            return other.interrupted();
        }
        self.interrupted
    }

    /// The options committed so far.
    pub fn committed(&self) -> &[OptionId] {
        if let Some(other) = &self.other {
            return other.committed();
        }
        &self.committed
    }

    /// Puts `option` into every solution before searching, as if it had been
    /// chosen: its items are covered (or purified) at once. Sudoku givens, a prefix
    /// of choices to split a search: anything known in advance. Commitments are not
    /// counted in the statistics. Ends any search under way.
    pub fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
        if let Some(other) = &mut self.other {
            return other.commit(option);
        }
        self.stop();
        if self.floor > 0 {
            return Err(CommitError::AfterDescent(option.0));
        }
        let first = self.links.option_first(option.index()).ok_or(CommitError::UnknownOption(option.0))?;
        if !self.is_available(first) {
            return Err(CommitError::Conflict(option.0));
        }
        let (mut updates, mut cleansings) = (0, 0);
        match (self.colors, self.bounds) {
            (false, false) => self.links.commit_option::<false>(first, &mut updates, &mut cleansings),
            (true, false) => self.links.commit_option::<true>(first, &mut updates, &mut cleansings),
            (false, true) => self.links.commit_option_bounded::<false>(first, &mut updates, &mut cleansings),
            (true, true) => self.links.commit_option_bounded::<true>(first, &mut updates, &mut cleansings),
        }
        self.committed.push(option);
        self.undo_work += updates;
        Ok(())
    }

    /// An option can still be committed when every primary item it has is active
    /// and its node is still in that item's list: an option that conflicts with
    /// the commitments was hidden, which unlinks its primary nodes, unless the
    /// conflict is on that very primary item, which is then inactive.
    fn is_available(&mut self, first: NodeIx) -> bool {
        let mut p = Some(first);
        while let Some(node) = p {
            let item = self.links.item_of(node);
            if self.links.is_primary(item) && !(self.links.is_active(item) && self.links.is_linked(node)) {
                return false;
            }
            p = self.links.next_in_option(node);
        }
        true
    }

    /// Whether `option` could be committed now (it agrees with the commitments).
    pub fn can_commit(&mut self, option: OptionId) -> bool {
        if let Some(other) = &mut self.other {
            return other.can_commit(option);
        }
        self.stop();
        match self.links.option_first(option.index()) {
            Some(first) => self.is_available(first),
            None => false,
        }
    }

    /// Undoes every commitment and descent (and ends any search), back to the
    /// problem's initial state. Chooses the faster way itself: undoing the
    /// commitments one by one in reverse, whose cost is the work they did, or
    /// copying the problem's initial links back, whose cost is the size of the
    /// problem (faster after many commitments on a small problem, such as the
    /// givens of a sudoku).
    pub fn reset(&mut self) {
        if let Some(other) = &mut self.other {
            self.other_descents.clear();
            return other.reset();
        }
        let suspended = if self.phase == Phase::Suspended { self.stats.updates } else { 0 };
        // One update undone touches a few scattered nodes; copying moves whole
        // nodes in order, several times faster per node.
        if (self.undo_work + suspended).saturating_mul(4) >= self.links.n_nodes() as u64 {
            self.restore();
        } else {
            self.undo();
        }
    }

    /// [`reset`](Solver::reset) step by step.
    fn undo(&mut self) {
        self.stop();
        self.floor = 0;
        if self.colors {
            self.unwind::<true>();
        } else {
            self.unwind::<false>();
        }
        while let Some(option) = self.committed.pop() {
            let first = self.links.option_first(option.index()).expect("committed options exist");
            match (self.colors, self.bounds) {
                (false, false) => self.links.uncommit_option::<false>(first),
                (true, false) => self.links.uncommit_option::<true>(first),
                (false, true) => self.links.uncommit_option_bounded::<false>(first),
                (true, true) => self.links.uncommit_option_bounded::<true>(first),
            }
        }
        self.undo_work = 0;
    }

    /// [`reset`](Solver::reset) by copying the initial links back.
    fn restore(&mut self) {
        self.links.copy_from(self.problem.links(), self.colors);
        self.committed.clear();
        self.phase = Phase::Idle;
        self.level = 0;
        self.floor = 0;
        self.undo_work = 0;
    }

    /// Ends a search stopped at a solution, undoing its levels (down to the floor)
    /// in reverse order.
    pub(crate) fn stop(&mut self) {
        if let Some(other) = &mut self.other {
            return other.stop();
        }
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
            if self.bounds {
                self.leave_level_bounded::<COLORS>(self.level, x);
            } else {
                self.links.uncommit_others::<COLORS>(x);
                let i = self.links.item_of(x);
                self.links.uncover::<COLORS>(i);
            }
        }
    }

    /// Undoes level `l` of a search with bounds entirely: its move `x`, then
    /// its item (M8).
    fn leave_level_bounded<const COLORS: bool>(&mut self, l: usize, x: NodeIx) {
        let i = match self.links.header_item(x) {
            Some(i) => {
                if self.links.bound_and_slack(i).0 != 0 {
                    self.links.reactivate(i);
                }
                i
            }
            None => {
                self.links.uncommit_others_bounded::<COLORS>(x);
                self.links.item_of(x)
            }
        };
        self.links.leave_bounded::<COLORS>(i, self.first_tweak[l]);
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
        monitor.catch_up(&self.stats, &mut self.reported);
        if self.floor == 0 {
            // Knuth's estimate: at each level, the choice's place among the
            // options of its item.
            let (links, choice, first_tweak, bounds) = (&mut self.links, &self.choice, &self.first_tweak, self.bounds);
            monitor.set_estimate((0..level).map(|l| {
                let x = choice[l];
                let item = match links.header_item(x) {
                    Some(i) => i.header(),
                    None => links.item_of(x).header(),
                };
                // With bounds, the level's options were tweaked out of the list
                // from its first on, and the null move comes last.
                let start = if bounds { first_tweak[l] } else { links.down(item) };
                let (mut place, mut total, mut p) = (0u32, 0u32, start);
                while p != item {
                    if p == x {
                        place = total;
                    }
                    total += 1;
                    p = links.down(p);
                }
                if x == item {
                    place = total;
                    total += 1;
                }
                (place, total)
            }));
        }
        monitor.is_stopped()
    }

    /// Enters the next level of the search by choosing `step` there (an option,
    /// or with bounds `None` for the move that takes none), as the search itself
    /// would (see [`Subtrees::descend`](crate::parallel::Subtrees::descend)).
    pub(crate) fn descend(&mut self, step: Option<OptionId>) -> Result<(), DescendError> {
        if let Some(other) = &mut self.other {
            // Neither engine has bounds, hence no move that takes no option.
            let option = step.ok_or(DescendError::NoNullMove)?;
            if option.index() >= self.problem.n_options() {
                return Err(DescendError::UnknownOption(option.0));
            }
            other.descend(option)?;
            self.other_descents.push(option);
            return Ok(());
        }
        self.stop();
        match (self.colors, self.bounds) {
            (false, false) => self.descend_plain::<false>(step),
            (true, false) => self.descend_plain::<true>(step),
            (false, true) => self.descend_bounded::<false>(step),
            (true, true) => self.descend_bounded::<true>(step),
        }
    }

    /// Brings the solver to the subproblem `prefix` (moves from the top, as a
    /// split hands them out), keeping the descents it shares with the
    /// subproblem the solver stands at: on the links, the levels past the
    /// common part are undone and only the rest of `prefix` is descended, so
    /// consecutive subproblems of a split cost what differs between them.
    /// Returns the number of descents made.
    pub(crate) fn replay(&mut self, prefix: &[Option<OptionId>]) -> Result<usize, DescendError> {
        self.stop();
        let (common, descended) = {
            let here = self.moves_to(self.floor);
            (here.iter().zip(prefix).take_while(|(a, b)| a == b).count(), here.len())
        };
        let from = if common == descended {
            common
        } else if self.other.is_some() {
            // The other engines keep their descents in their root's arrays:
            // they start again from the top.
            self.reset();
            0
        } else {
            self.ascend_to(common);
            common
        };
        for &step in &prefix[from..] {
            self.descend(step)?;
        }
        Ok(prefix.len() - from)
    }

    /// Undoes the descents below level `floor` (Knuth's uncover order, as
    /// the search leaves its levels), keeping the commitments and the
    /// descents above.
    fn ascend_to(&mut self, floor: usize) {
        self.stop();
        let target = floor.min(self.floor);
        self.floor = target;
        if self.colors {
            self.unwind::<true>();
        } else {
            self.unwind::<false>();
        }
    }

    /// The node of `option` on `item`, if the option has that item.
    fn node_on(&mut self, option: OptionId, item: ItemIx) -> Result<NodeIx, DescendError> {
        let first = self.links.option_first(option.index()).ok_or(DescendError::UnknownOption(option.0))?;
        let mut node = Some(first);
        while let Some(p) = node {
            if self.links.item_of(p) == item {
                return Ok(p);
            }
            node = self.links.next_in_option(p);
        }
        Err(DescendError::NotInPlay(option.0))
    }

    fn descend_plain<const COLORS: bool>(&mut self, step: Option<OptionId>) -> Result<(), DescendError> {
        let option = step.ok_or(DescendError::NoNullMove)?;
        self.links.option_first(option.index()).ok_or(DescendError::UnknownOption(option.0))?;
        if self.links.first_primary().is_none() {
            return Err(DescendError::Solved);
        }
        let item = self.choose();
        let x = self.node_on(option, item)?;
        if !self.links.is_linked(x) {
            return Err(DescendError::NotInPlay(option.0));
        }
        let (mut updates, mut cleansings) = (0, 0);
        self.links.cover::<COLORS>(item, &mut updates);
        self.links.commit_others::<COLORS>(x, &mut updates, &mut cleansings);
        self.choice[self.level] = x;
        self.level += 1;
        self.floor = self.level;
        self.undo_work += updates;
        Ok(())
    }

    fn descend_bounded<const COLORS: bool>(&mut self, step: Option<OptionId>) -> Result<(), DescendError> {
        if let Some(option) = step {
            self.links.option_first(option.index()).ok_or(DescendError::UnknownOption(option.0))?;
        }
        let (i, score) = self.links.choose_bounded();
        if score == SOLVED {
            return Err(DescendError::Solved);
        }
        if score <= 0 {
            return Err(DescendError::DeadEnd);
        }
        let target = match step {
            Some(option) => self.node_on(option, i)?,
            None => i.header(),
        };
        let refused = match step {
            Some(option) => DescendError::NotInPlay(option.0),
            None => DescendError::NoNullMove,
        };
        let (mut updates, mut cleansings) = (0, 0);
        let first = self.links.enter_bounded::<COLORS>(i, &mut updates);
        let mut x = first;
        loop {
            if !self.links.advance_bounded::<COLORS>(i, x, &mut updates) {
                self.links.leave_bounded::<COLORS>(i, first);
                return Err(refused);
            }
            if x == target {
                break;
            }
            if x == i.header() {
                // The null move was reached before the option: it is not in play.
                if self.links.bound_and_slack(i).0 != 0 {
                    self.links.reactivate(i);
                }
                self.links.leave_bounded::<COLORS>(i, first);
                return Err(refused);
            }
            x = self.links.down(x);
        }
        self.links.commit_others_bounded::<COLORS>(x, &mut updates, &mut cleansings);
        self.choice[self.level] = x;
        self.first_tweak[self.level] = first;
        self.level += 1;
        self.floor = self.level;
        self.undo_work += updates;
        Ok(())
    }

    /// Knuth's step X3: the first active primary item with the fewest options.
    /// There must be one.
    #[inline(always)]
    fn choose(&mut self) -> ItemIx {
        self.links.best_primary()
    }

    /// Explores the search tree down to `depth` levels below the floor (see
    /// [`Subtrees::split`](crate::parallel::Subtrees::split)).
    pub(crate) fn split<F>(&mut self, depth: usize, mut leaf: F) -> Stats
    where
        F: FnMut(&[Option<OptionId>]),
    {
        self.split_while(depth, |moves| {
            leaf(moves);
            ControlFlow::Continue(())
        })
    }

    /// [`Solver::split`], stopped early when `leaf` returns `Break`: then the
    /// statistics are those of the part of the split explored.
    pub(crate) fn split_while<F>(&mut self, depth: usize, mut leaf: F) -> Stats
    where
        F: FnMut(&[Option<OptionId>]) -> ControlFlow<()>,
    {
        if let Some(other) = &mut self.other {
            // Its leaves start with the commitments, which are no moves.
            let committed = other.committed().len();
            let mut moves = Vec::new();
            return other.split(depth, |options| {
                moves.clear();
                moves.extend(options[committed..].iter().map(|&o| Some(o)));
                leaf(&moves)
            });
        }
        self.restart();
        let depth = self.floor + depth;
        let mut on_leaf = |s: &mut Solver| leaf(s.moves());
        match (self.colors, self.bounds) {
            (false, false) => self.search_in::<false, true, _, _>(depth, &mut (), &mut on_leaf),
            (true, false) => self.search_in::<true, true, _, _>(depth, &mut (), &mut on_leaf),
            (false, true) => self.search_bounded::<false, true, _>(depth, &mut on_leaf),
            (true, true) => self.search_bounded::<true, true, _>(depth, &mut on_leaf),
        }
        // A split stopped early unwinds its levels; one run to its end has none.
        self.stop();
        self.stats
    }

    /// The moves of the levels so far, from the top: each level's option, or
    /// `None` for a level (with bounds) that took none.
    fn moves(&mut self) -> &[Option<OptionId>] {
        self.moves_to(self.level)
    }

    /// The moves of the levels above `level`.
    fn moves_to(&mut self, level: usize) -> &[Option<OptionId>] {
        self.moves.clear();
        if self.other.is_some() {
            self.moves.extend(self.other_descents.iter().map(|&o| Some(o)));
            return &self.moves;
        }
        for l in 0..level {
            let x = self.choice[l];
            let option = self.links.header_item(x).is_none().then(|| OptionId(self.links.option_of(x)));
            self.moves.push(option);
        }
        &self.moves
    }

    /// Counts the solutions (up to the configured limit).
    pub fn count(&mut self) -> u64 {
        if let Some(other) = &mut self.other {
            return other.count(&self.config);
        }
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
        if let Some(other) = &mut self.other {
            return other.visit(&self.config, visitor);
        }
        self.restart();
        let limit = self.config.limit.unwrap_or(u64::MAX);
        if limit > 0 {
            self.search(|s| {
                let flow = visitor(s.solution());
                go_on(flow, s.stats.solutions, limit)
            });
        }
        self.stop();
        self.stats.solutions
    }

    /// An iterator over the solutions (up to the configured limit). Each item is a
    /// fresh `Vec`; use [`visit`](Solver::visit) to avoid that allocation.
    pub fn solutions(&mut self) -> Solutions<'_> {
        if let Some(other) = &mut self.other {
            other.start();
            return Solutions { solver: self };
        }
        self.restart();
        Solutions { solver: self }
    }

    /// The current solution, filled in at a visit.
    pub(crate) fn solution(&mut self) -> &[OptionId] {
        self.solution.clear();
        self.solution.extend_from_slice(&self.committed);
        for l in 0..self.level {
            let x = self.choice[l];
            if self.links.header_item(x).is_none() {
                let option = self.links.option_of(x);
                self.solution.push(OptionId(option));
            }
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

    /// [`Solver::search`], calling `observer` at each of Knuth's steps of
    /// Algorithms X and C. The search with bounds (Algorithm M) calls it at no
    /// step.
    pub(crate) fn search_observed<O: Observer, F>(&mut self, observer: &mut O, on_solution: F)
    where
        F: FnMut(&mut Solver) -> ControlFlow<()>,
    {
        match (self.colors, self.bounds) {
            (false, false) => self.search_in::<false, false, O, F>(usize::MAX, observer, on_solution),
            (true, false) => self.search_in::<true, false, O, F>(usize::MAX, observer, on_solution),
            (false, true) => self.search_bounded::<false, false, F>(usize::MAX, on_solution),
            (true, true) => self.search_bounded::<true, false, F>(usize::MAX, on_solution),
        }
    }

    /// Algorithm M (TAOCP 7.2.2.1, as Knuth's DLX3 runs it): exact cover with
    /// bounds on the primary items, and Algorithm C's colours when `COLORS`. The
    /// same loop over levels as [`Solver::search_in`], with the level's moves
    /// made by tweaking the options of its item one by one.
    fn search_bounded<const COLORS: bool, const SPLIT: bool, F>(&mut self, split_depth: usize, mut on_solution: F)
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
            // The item of level l and its node to try next, if the search goes
            // on from this level.
            let mut attempt = None;
            if !resume {
                // M2: enter level l. M3: choose an item i.
                let (i, score) = self.links.choose_bounded();
                if SPLIT && (score == SOLVED || l == split_depth) {
                    // A leaf of the split: its subtree is searched elsewhere.
                    self.stats = Stats { nodes, updates, cleansings, ..self.stats };
                    self.level = l;
                    if on_solution(self).is_break() {
                        self.phase = Phase::Suspended;
                        return;
                    }
                } else {
                    nodes += 1;
                    if nodes % REPORT_EVERY == 0 && self.config.monitor.is_some() {
                        self.stats = Stats { nodes, updates, cleansings, ..self.stats };
                        if self.report(l) {
                            self.interrupted = true;
                            self.level = l;
                            self.phase = Phase::Suspended;
                            return;
                        }
                    }
                    if score == SOLVED {
                        // No primary item is left active: visit the solution.
                        self.stats = Stats { nodes, updates, cleansings, solutions: self.stats.solutions + 1 };
                        self.level = l;
                        if on_solution(self).is_break() {
                            self.phase = Phase::Suspended;
                            if !SPLIT && self.config.monitor.is_some() {
                                self.report(l);
                            }
                            return;
                        }
                    } else if score > 0 {
                        // M4: prepare to branch on i.
                        let first = self.links.enter_bounded::<COLORS>(i, &mut updates);
                        self.first_tweak[l] = first;
                        attempt = Some((i, first));
                    }
                    // A score of 0 or less: too few options left for i.
                }
            }
            resume = false;
            loop {
                if let Some((i, x)) = attempt {
                    // M5: try x (tweaking it out), unless i has run out.
                    if self.links.advance_bounded::<COLORS>(i, x, &mut updates) {
                        // M6: take x's option (none at the header).
                        self.choice[l] = x;
                        self.links.commit_others_bounded::<COLORS>(x, &mut updates, &mut cleansings);
                        l += 1;
                        continue 'enter;
                    }
                    // M8: restore i.
                    self.links.leave_bounded::<COLORS>(i, self.first_tweak[l]);
                }
                // M9: leave level l.
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
                // M7: try again: undo level l's move, and move to the next node.
                let x = self.choice[l];
                attempt = match self.links.header_item(x) {
                    Some(i) => {
                        // The move without an option was the last: restore i.
                        if self.links.bound_and_slack(i).0 != 0 {
                            self.links.reactivate(i);
                        }
                        self.links.leave_bounded::<COLORS>(i, self.first_tweak[l]);
                        None
                    }
                    None => {
                        self.links.uncommit_others_bounded::<COLORS>(x);
                        Some((self.links.item_of(x), self.links.down(x)))
                    }
                };
            }
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
            let solved = !resume && self.links.first_primary().is_none();
            if SPLIT && !resume && (solved || l == split_depth) {
                // A leaf of the split: its subtree is searched elsewhere.
                self.stats = Stats { nodes, updates, cleansings, solutions: self.stats.solutions };
                self.level = l;
                if on_solution(self).is_break() {
                    // Enough leaves: the split stops here, its levels to be unwound.
                    self.phase = Phase::Suspended;
                    return;
                }
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
                    attempt = Some((i, self.links.down(i.header())));
                }
            }
            resume = false;
            loop {
                if let Some((i, x)) = attempt {
                    // X5: try x, unless every option of i was tried.
                    if x != i.header() {
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
                attempt = Some((self.links.item_of(x), self.links.down(x)));
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
        if let Some(other) = &mut self.solver.other {
            return other.next(&self.solver.config);
        }
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
    use crate::util::nodes::tests::state;

    /// Every solution of a tiny problem, found by trying every subset of its
    /// options (no dancing links).
    fn brute_force(problem: &Problem) -> Vec<Vec<OptionId>> {
        let n = problem.n_options();
        (0u32..1 << n)
            .map(|mask| (0..n as u32).filter(|k| mask >> k & 1 == 1).map(OptionId).collect::<Vec<_>>())
            .filter(|options| problem.is_solution(options))
            .collect()
    }

    /// The item the search branches on first: the first primary item with the
    /// fewest options.
    fn first_branch(problem: &Problem) -> crate::Item {
        let uses = |i: crate::Item| problem.options().filter(|&o| problem.option_items(o).contains(&i)).count();
        problem.items().filter(|&i| problem.is_primary(i)).min_by_key(|&i| uses(i)).unwrap()
    }

    #[test]
    fn every_way_to_search_leaves_the_links_as_they_were() {
        for text in [
            "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
            "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n",
            "a b c\na\nb\nc\na b\nb c\na c\na b c\n",
        ] {
            let problem = Problem::from_knuth(text).unwrap();
            let expected = brute_force(&problem);
            let containing = |o: OptionId| expected.iter().filter(|s| s.contains(&o)).count() as u64;
            let initial = state(problem.links());
            let same = |solver: &Solver| state(&solver.links) == initial;
            let mut solver = Solver::with_config(&problem, Config::new().engine(Engine::Links));
            let count = solver.count();
            assert!(count == expected.len() as u64 && same(&solver));
            assert_eq!(solver.solutions().count() as u64, count);
            assert!(same(&solver));
            let mut solutions = solver.solutions();
            solutions.next();
            drop(solutions);
            assert!(same(&solver));
            solver.commit(OptionId(0)).unwrap();
            assert_eq!(solver.count(), containing(OptionId(0)));
            solver.first();
            let split = solver.split(1, |_| {});
            assert!(split.nodes >= 1);
            solver.undo();
            assert!(same(&solver));
            // Restoring by copy ends in the same state as undoing.
            solver.commit(OptionId(1)).unwrap();
            let mut solutions = solver.solutions();
            solutions.next();
            drop(solutions);
            solver.restore();
            assert!(same(&solver) && solver.committed().is_empty());
            assert_eq!(solver.count(), count);

            // A descent succeeds exactly for the options of the item the search
            // branches on, and its subtree holds the solutions with that option.
            let item = first_branch(&problem);
            let mut total = 0;
            for option in problem.options() {
                match solver.descend(Some(option)) {
                    Ok(()) => {
                        assert!(problem.option_items(option).contains(&item), "{option:?}");
                        let below = solver.count();
                        assert_eq!(below, containing(option), "{option:?}");
                        total += below;
                        solver.reset();
                    }
                    Err(e) => {
                        assert_eq!(e, DescendError::NotInPlay(option.0));
                        assert!(!problem.option_items(option).contains(&item), "{option:?}");
                    }
                }
                assert!(same(&solver));
            }
            assert_eq!(total, count, "the subtrees of the first level hold every solution");
            let n = problem.n_options() as u32;
            assert_eq!(solver.descend(Some(OptionId(n))), Err(DescendError::UnknownOption(n)));
            assert_eq!(solver.descend(None), Err(DescendError::NoNullMove));
        }
    }

    /// With bounds: every kind of search and stop leaves the links as they
    /// were, and the subtrees of a split add up to the whole.
    #[test]
    fn searches_with_bounds_leave_the_links_as_they_were() {
        for text in [
            "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
            "0:2|a 2|b c\na b\nb c\na\nb\nc\na b c\n",
        ] {
            let problem = Problem::from_knuth(text).unwrap();
            let expected = brute_force(&problem);
            let initial = state(problem.links());
            let same = |solver: &Solver| state(&solver.links) == initial;
            let mut solver = Solver::with_config(&problem, Config::new().engine(Engine::Links));
            assert_eq!(solver.count(), expected.len() as u64);
            assert!(same(&solver));
            let mut solutions = solver.solutions();
            solutions.next();
            drop(solutions);
            assert!(same(&solver));
            let containing = expected.iter().filter(|s| s.contains(&OptionId(1))).count() as u64;
            solver.commit(OptionId(1)).unwrap();
            assert_eq!(solver.count(), containing);
            solver.first();
            solver.undo();
            assert!(same(&solver));
            solver.commit(OptionId(1)).unwrap();
            solver.first();
            solver.restore();
            assert!(same(&solver));
            let mut leaves = Vec::new();
            let mut total = solver.split(2, |moves| leaves.push(moves.to_vec()));
            assert!(same(&solver));
            for moves in leaves {
                for step in moves {
                    solver.descend(step).unwrap();
                }
                solver.count();
                total += solver.stats();
                solver.reset();
                assert!(same(&solver));
            }
            assert_eq!(total.solutions, expected.len() as u64);
            solver.count();
            assert_eq!(total, solver.stats());
        }
    }
}
