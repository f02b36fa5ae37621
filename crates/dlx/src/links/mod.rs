//! The dancing-links engine: Knuth's Algorithm X (DLX1), with Algorithm C's
//! colours (DLX2) and Algorithm M's bounds (DLX3), as an explicit loop over
//! levels that can stop at a solution and resume; and its trace.

pub(crate) mod trace;

use std::ops::ControlFlow;
use std::sync::Arc;

use crate::run::{Child, Draw, Levels, Phase, Probe, Resumable, Run, resumable_common};
use crate::util::monitor::Monitor;
use crate::util::nodes::{ItemIx, Links, NodeIx, SOLVED};
use crate::util::problem::{OptionId, Problem};
use crate::util::search::{CommitError, Config, DescendError};
use crate::util::stats::Stats;
use trace::{Observer, Point};

/// What a search hands its solutions (or a split its leaves) to.
type Visitor<'a> = &'a mut dyn FnMut(&mut DancingLinks) -> ControlFlow<()>;

/// The dancing-links engine: a working copy of a problem's links and the
/// state of a search on them (Knuth's Algorithms X, C and M).
#[derive(Clone, Debug)]
pub(crate) struct DancingLinks {
    problem: Problem,
    pub(crate) links: Links,
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
    /// Levels below the floor were entered by [`DancingLinks::descend`]; the search
    /// never backtracks into them.
    floor: usize,
    /// Where the search stands, its statistics and their reporting.
    run: Run,
    /// Options committed before the search, in order.
    committed: Vec<OptionId>,
    /// The solution handed to visitors: committed options, then one per level.
    solution: Vec<OptionId>,
    /// Updates made by commitments and descents since the links were last
    /// fresh: what undoing them step by step would cost, for [`DancingLinks::reset`].
    undo_work: u64,
    /// The floor a probe of the estimate began at, while it goes on.
    probe_from: Option<usize>,
}

/// Whether the links engine takes `problem`: every problem.
pub(crate) fn takes(_problem: &Problem) -> bool {
    true
}

impl DancingLinks {
    /// The engine for `problem`, with its initial links.
    pub(crate) fn new(problem: &Problem) -> DancingLinks {
        // Every level and every commitment covers at least one primary item, so
        // neither can go deeper than the number of primary items. With bounds,
        // every level takes an option or retires an item. A problem that
        // declares bounds, even `[1, 1]` only, runs Algorithm M, as DLX3
        // runs it on whatever it reads.
        let bounds = problem.declares_bounds();
        let depth = problem.n_primary() + 1 + if bounds { problem.n_options() } else { 0 };
        let mut links = problem.links().clone();
        if problem.has_sharp() {
            // The links number the primary items in order of declaration.
            links
                .set_sharp(problem.items().filter(|&item| problem.is_primary(item)).map(|item| problem.is_sharp(item)));
        }
        DancingLinks {
            problem: problem.clone(),
            links,
            colors: problem.has_colors(),
            bounds,
            choice: vec![NodeIx::ROOT; depth],
            first_tweak: vec![NodeIx::ROOT; if bounds { depth } else { 0 }],
            moves: Vec::with_capacity(depth),
            level: 0,
            floor: 0,
            run: Run::default(),
            committed: Vec::with_capacity(depth),
            solution: Vec::with_capacity(depth),
            undo_work: 0,
            probe_from: None,
        }
    }

    /// Puts `option` into every solution before searching, as if it had been
    /// chosen: its items are covered (or purified) at once. Sudoku givens, a prefix
    /// of choices to split a search: anything known in advance. Commitments are not
    /// counted in the statistics. Ends any search under way.
    pub(crate) fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
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
    pub(crate) fn can_commit(&mut self, option: OptionId) -> bool {
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
    pub(crate) fn reset(&mut self) {
        self.probe_from = None;
        let suspended = if self.run.phase == Phase::Suspended { self.run.stats.updates } else { 0 };
        // One update undone touches a few scattered nodes; copying moves whole
        // nodes in order, several times faster per node.
        if (self.undo_work + suspended).saturating_mul(4) >= self.links.n_nodes() as u64 {
            self.restore();
        } else {
            self.undo();
        }
    }

    /// [`reset`](DancingLinks::reset) step by step.
    pub(crate) fn undo(&mut self) {
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

    /// [`reset`](DancingLinks::reset) by copying the initial links back.
    pub(crate) fn restore(&mut self) {
        self.links.copy_from(self.problem.links(), self.colors);
        self.committed.clear();
        self.run.phase = Phase::Idle;
        self.level = 0;
        self.floor = 0;
        self.undo_work = 0;
    }

    /// Ends a search stopped at a solution, undoing its levels (down to the floor)
    /// in reverse order.
    pub(crate) fn stop(&mut self) {
        if self.run.phase == Phase::Suspended {
            if self.colors {
                self.unwind::<true>();
            } else {
                self.unwind::<false>();
            }
        }
        self.run.phase = Phase::Idle;
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
        self.run.restart();
    }

    /// Adds what the monitor has not yet seen of the current search's statistics,
    /// and its estimate of the fraction done. Returns whether to stop.
    #[cold]
    #[inline(never)]
    fn report(&mut self, monitor: &Monitor, level: usize) -> bool {
        if self.floor > 0 {
            return self.run.report(monitor, None);
        }
        {
            // Knuth's estimate: at each level, the choice's place among the
            // options of its item.
            let (links, choice, first_tweak, bounds) = (&mut self.links, &self.choice, &self.first_tweak, self.bounds);
            let mut levels = (0..level).map(|l| {
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
            });
            self.run.report(monitor, Some(&mut levels))
        }
    }

    /// Enters the next level of the search by choosing `step` there (an option,
    /// or with bounds `None` for the move that takes none), as the search itself
    /// would (see [`Subtrees::descend`](crate::parallel::Subtrees::descend)).
    pub(crate) fn descend(&mut self, step: Option<OptionId>) -> Result<(), DescendError> {
        self.stop();
        match (self.colors, self.bounds) {
            (false, false) => self.descend_plain::<false>(step),
            (true, false) => self.descend_plain::<true>(step),
            (false, true) => self.descend_bounded::<false>(step),
            (true, true) => self.descend_bounded::<true>(step),
        }
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

    /// One step of a probe ([`Resumable::probe`]): the node at the floor,
    /// as Algorithm X, C or M enters it, and the move drawn, entered as a
    /// descent.
    fn probe(&mut self, draw: Draw<'_>) -> Probe {
        self.stop();
        self.probe_from.get_or_insert(self.floor);
        match (self.colors, self.bounds) {
            (false, false) => self.probe_plain::<false>(draw),
            (true, false) => self.probe_plain::<true>(draw),
            (false, true) => self.probe_bounded::<false>(draw),
            (true, true) => self.probe_bounded::<true>(draw),
        }
    }

    /// [`DancingLinks::probe`] by Algorithm X or C: the item covered (X4),
    /// then the option drawn committed (X5), in the state after the cover as
    /// every option of the level is.
    fn probe_plain<const COLORS: bool>(&mut self, draw: Draw<'_>) -> Probe {
        if self.links.first_primary().is_none() {
            return Probe::Solved;
        }
        let i = self.choose();
        let moves = self.links.len_of(i);
        let (mut fixed, mut drawn, mut cleansings) = (0, 0, 0);
        self.links.cover::<COLORS>(i, &mut fixed);
        if moves == 0 {
            // A dead end: entered, covered and left.
            self.links.uncover::<COLORS>(i);
            return Probe::Node { moves, fixed, drawn, child: Child::Nothing };
        }
        let mut x = self.links.down(i.header());
        for _ in 0..draw(moves) {
            x = self.links.down(x);
        }
        self.links.commit_others::<COLORS>(x, &mut drawn, &mut cleansings);
        self.choice[self.level] = x;
        self.level += 1;
        self.floor = self.level;
        Probe::Node { moves, fixed, drawn, child: Child::Entered }
    }

    /// [`DancingLinks::probe`] by Algorithm M: the item entered (M4), its
    /// moves before the one drawn tried as M5 tries them (tweaked out, their
    /// updates counted for them), then the move drawn (M5 and M6). Its
    /// moves are its branching degree, the last of them the null move when
    /// the item may be left as it is.
    fn probe_bounded<const COLORS: bool>(&mut self, draw: Draw<'_>) -> Probe {
        let (i, score) = self.links.choose_bounded();
        if score == SOLVED {
            return Probe::Solved;
        }
        if score <= 0 {
            // Too few options left for i: a dead end, with no work.
            return Probe::Node { moves: 0, fixed: 0, drawn: 0, child: Child::Nothing };
        }
        let moves = score as usize;
        let (mut fixed, mut drawn, mut earlier, mut cleansings) = (0, 0, 0, 0);
        let first = self.links.enter_bounded::<COLORS>(i, &mut fixed);
        let k = draw(moves);
        let mut x = first;
        for _ in 0..k {
            let tried = self.links.advance_bounded::<COLORS>(i, x, &mut earlier);
            debug_assert!(tried && x != i.header(), "the branching degree counts the moves");
            x = self.links.down(x);
        }
        let tried = self.links.advance_bounded::<COLORS>(i, x, &mut drawn);
        debug_assert!(tried, "the branching degree counts the moves");
        self.links.commit_others_bounded::<COLORS>(x, &mut drawn, &mut cleansings);
        self.choice[self.level] = x;
        self.first_tweak[self.level] = first;
        self.level += 1;
        self.floor = self.level;
        Probe::Node { moves, fixed, drawn, child: Child::Entered }
    }

    /// Ends a probe: its descents undone, back to the floor it began at.
    fn end_probe(&mut self) {
        if let Some(floor) = self.probe_from.take() {
            self.ascend_to(floor);
        }
    }

    /// Knuth's step X3: the first active primary item with the fewest options.
    /// There must be one.
    #[inline(always)]
    fn choose(&mut self) -> ItemIx {
        self.links.best_primary()
    }

    /// Explores the search tree down to `depth` levels below the floor (see
    /// [`Subtrees::split`](crate::parallel::Subtrees::split)), stopped early
    /// when `leaf` returns `Break` or `monitor` is stopped: then the
    /// statistics are those of the part of the split explored.
    pub(crate) fn split_while<F>(&mut self, depth: usize, monitor: Option<&Monitor>, mut leaf: F) -> Stats
    where
        F: FnMut(&[Option<OptionId>]) -> ControlFlow<()>,
    {
        self.restart();
        let depth = self.floor + depth;
        let mut on_leaf = |s: &mut DancingLinks| leaf(s.moves());
        let on_leaf: Visitor<'_> = &mut on_leaf;
        match (self.colors, self.bounds) {
            (false, false) => self.search_in::<false, true, _, _>(monitor, depth, &mut (), on_leaf),
            (true, false) => self.search_in::<true, true, _, _>(monitor, depth, &mut (), on_leaf),
            (false, true) => self.search_bounded::<false, true, _>(monitor, depth, on_leaf),
            (true, true) => self.search_bounded::<true, true, _>(monitor, depth, on_leaf),
        }
        // A split stopped early unwinds its levels; one run to its end has
        // none; one stopped by its monitor leaves them to the next entry point.
        self.settle();
        self.run.stats
    }

    /// The moves of the levels so far, from the top: each level's option, or
    /// `None` for a level (with bounds) that took none.
    fn moves(&mut self) -> &[Option<OptionId>] {
        self.moves_to(self.level)
    }

    /// The moves of the levels above `level`.
    fn moves_to(&mut self, level: usize) -> &[Option<OptionId>] {
        self.moves.clear();
        for l in 0..level {
            let x = self.choice[l];
            let option = self.links.header_item(x).is_none().then(|| OptionId(self.links.option_of(x)));
            self.moves.push(option);
        }
        &self.moves
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

    /// The search (what [`Resumable::run`] runs), calling `observer` at each of Knuth's steps of
    /// Algorithms X and C. The search with bounds (Algorithm M) calls it at no
    /// step.
    pub(crate) fn search_observed<O: Observer, F>(&mut self, config: &Config, observer: &mut O, mut on_solution: F)
    where
        F: FnMut(&mut DancingLinks) -> ControlFlow<()>,
    {
        self.search_observed_with(config, observer, &mut on_solution);
    }

    /// [`search_observed`](DancingLinks::search_observed) with the visitor
    /// behind a pointer: it is called at solutions only, so the loops are
    /// compiled once per observer, not once more for every visitor.
    #[inline(never)]
    fn search_observed_with<O: Observer>(&mut self, config: &Config, observer: &mut O, on_solution: Visitor<'_>) {
        let monitor = config.monitor.as_deref();
        match (self.colors, self.bounds) {
            (false, false) => self.search_in::<false, false, O, _>(monitor, usize::MAX, observer, on_solution),
            (true, false) => self.search_in::<true, false, O, _>(monitor, usize::MAX, observer, on_solution),
            (false, true) => self.search_bounded::<false, false, _>(monitor, usize::MAX, on_solution),
            (true, true) => self.search_bounded::<true, false, _>(monitor, usize::MAX, on_solution),
        }
    }

    /// Algorithm M (TAOCP 7.2.2.1, as Knuth's DLX3 runs it): exact cover with
    /// bounds on the primary items, and Algorithm C's colours when `COLORS`. The
    /// same loop over levels as [`DancingLinks::search_in`], with the level's moves
    /// made by tweaking the options of its item one by one.
    fn search_bounded<const COLORS: bool, const SPLIT: bool, F>(
        &mut self,
        monitor: Option<&Monitor>,
        split_depth: usize,
        mut on_solution: F,
    ) where
        F: FnMut(&mut DancingLinks) -> ControlFlow<()>,
    {
        let Some((mut resume, mut l, (mut nodes, mut updates, mut cleansings))) = self.enter() else { return };
        'enter: loop {
            // The item of level l and its node to try next, if the search goes
            // on from this level.
            let mut attempt = None;
            if !resume {
                // M2: enter level l. M3: choose an item i.
                let (i, score) = self.links.choose_bounded();
                if SPLIT && (score == SOLVED || l == split_depth) {
                    // A leaf of the split: its subtree is searched elsewhere.
                    if self.split_leaf(monitor, (nodes, updates, cleansings), l, &mut on_solution) {
                        // Stopped, or enough leaves: the split stops here.
                        return;
                    }
                } else {
                    nodes += 1;
                    if self.node_stopped::<SPLIT>(monitor, (nodes, updates, cleansings), l) {
                        return;
                    }
                    if score == SOLVED {
                        // No primary item is left active: visit the solution.
                        if self.visit_solution::<SPLIT, _>(monitor, (nodes, updates, cleansings), l, &mut on_solution) {
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
                    self.finish::<SPLIT>(monitor, (nodes, updates, cleansings), l);
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
        monitor: Option<&Monitor>,
        split_depth: usize,
        observer: &mut O,
        mut on_solution: F,
    ) where
        O: Observer,
        F: FnMut(&mut DancingLinks) -> ControlFlow<()>,
    {
        let Some((mut resume, mut l, (mut nodes, mut updates, mut cleansings))) = self.enter() else { return };
        'enter: loop {
            // The item just covered at level l and the option of it to try next,
            // if the search goes on from this level.
            let mut attempt = None;
            // X2: enter level l (unless resuming after a visit).
            let solved = !resume && self.links.first_primary().is_none();
            if SPLIT && !resume && (solved || l == split_depth) {
                // A leaf of the split: its subtree is searched elsewhere.
                if self.split_leaf(monitor, (nodes, updates, cleansings), l, &mut on_solution) {
                    // Stopped, or enough leaves: the split stops here, its
                    // levels to be unwound.
                    return;
                }
            } else if !resume {
                if observer.stop() {
                    // Stopped by the observer: end here, as at a limit.
                    self.run.keep((nodes, updates, cleansings));
                    self.level = l;
                    self.run.phase = Phase::Suspended;
                    return;
                }
                nodes += 1;
                if self.node_stopped::<SPLIT>(monitor, (nodes, updates, cleansings), l) {
                    // Stopped from outside: end here, as at a limit.
                    return;
                }
                if solved {
                    // Every primary item is covered: visit the solution.
                    self.at_solution((nodes, updates, cleansings), l);
                    observer.at(&self.links, Point::Solution { choice: &self.choice[..l] });
                    if on_solution(self).is_break() {
                        self.suspend_at::<SPLIT>(monitor, l);
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
                        let stopped = || monitor.is_some_and(Monitor::is_stopped);
                        if let Some(end) =
                            self.links.commit_others_until::<COLORS>(x, &mut updates, &mut cleansings, stopped)
                        {
                            // Stopped from outside within the commitment (an
                            // option may cost millions of updates): undo what
                            // was done of it and level l's cover, and end as
                            // if stopped at level l's entrance.
                            self.links.uncommit_others_before::<COLORS>(x, end);
                            self.links.uncover::<COLORS>(i);
                            self.stop_within::<SPLIT>(monitor, (nodes, updates, cleansings), l);
                            return;
                        }
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
                    self.finish::<SPLIT>(monitor, (nodes, updates, cleansings), l);
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

impl Levels for DancingLinks {
    #[inline(always)]
    fn state(&mut self) -> (&mut Run, &mut usize) {
        (&mut self.run, &mut self.level)
    }

    #[inline(always)]
    fn report_at(&mut self, monitor: &Monitor, level: usize) -> bool {
        self.report(monitor, level)
    }
}

impl Resumable for DancingLinks {
    resumable_common!(DancingLinks);

    fn run<F: FnMut(&mut Self) -> ControlFlow<()>>(&mut self, config: &Config, on_solution: F) {
        self.search_observed(config, &mut (), on_solution);
    }

    fn settle(&mut self) {
        // Undoing the levels of a stopped search costs what doing them did:
        // left to the next entry point (or to the drop, which needs none).
        if !self.run.interrupted {
            DancingLinks::stop(self);
        }
    }

    fn descend(&mut self, step: Option<OptionId>) -> Result<(), DescendError> {
        DancingLinks::descend(self, step)
    }

    fn ascend_to(&mut self, floor: usize) -> bool {
        DancingLinks::ascend_to(self, floor);
        true
    }

    fn probe(&mut self, draw: Draw<'_>) -> Probe {
        DancingLinks::probe(self, draw)
    }

    fn end_probe(&mut self) {
        DancingLinks::end_probe(self);
    }

    fn split<F: FnMut(&[Option<OptionId>]) -> ControlFlow<()>>(
        &mut self,
        depth: usize,
        monitor: Option<&Arc<Monitor>>,
        leaf: F,
    ) -> Stats {
        self.split_while(depth, monitor.map(Arc::as_ref), leaf)
    }
}
