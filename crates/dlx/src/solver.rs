//! The front: [`Solver`], which runs one problem on whichever engine its
//! configuration resolves to, through the one enum of engines.

use std::ops::ControlFlow;

use crate::bits::Bits;
use crate::cells::Cells;
use crate::links::DancingLinks;
use crate::run::{Draw, Probe, Resumable};
use crate::util::problem::{OptionId, Problem};
use crate::util::search::{Branching, CommitError, Config, DescendError, Engine};
use crate::util::stats::Stats;

/// The engines a [`Solver`] runs, one of them at a time.
#[derive(Clone, Debug)]
pub(crate) enum Engines {
    /// Dancing links (Algorithms X, C and M).
    Links(Box<DancingLinks>),
    /// Dancing cells (SSXCC).
    Cells(Box<Cells>),
    /// The bitset engine with 8-bit counts, when they fit.
    Bits8(Box<Bits<u8>>),
    /// The bitset engine with 16-bit counts.
    Bits(Box<Bits<i16>>),
}

/// Calls the same method of whichever engine `engines` holds.
macro_rules! dispatch {
    ($engines:expr, $e:ident => $call:expr) => {
        match $engines {
            Engines::Links($e) => $call,
            Engines::Cells($e) => $call,
            Engines::Bits8($e) => $call,
            Engines::Bits($e) => $call,
        }
    };
}

impl Engines {
    /// The engine for a choice already resolved (see [`Engine::resolve`]).
    fn new(engine: Engine, problem: &Problem) -> Engines {
        match engine {
            Engine::Cells => Engines::Cells(Box::new(Cells::new(problem))),
            Engine::Bits if crate::bits::narrow(problem) => Engines::Bits8(Box::new(Bits::new(problem))),
            Engine::Bits => Engines::Bits(Box::new(Bits::new(problem))),
            _ => Engines::Links(Box::new(DancingLinks::new(problem))),
        }
    }

    fn engine(&self) -> Engine {
        match self {
            Engines::Links(_) => Engine::Links,
            Engines::Cells(_) => Engine::Cells,
            Engines::Bits8(_) | Engines::Bits(_) => Engine::Bits,
        }
    }
}

/// Solves one [`Problem`] on one of the engines (see [`Engine`]): a thin front
/// that hands every call to the engine its [`Config`] resolves to.
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
    config: Config,
    engine: Engines,
    /// The descents made since the last reset, in order: what a replay of
    /// the next subproblem may keep.
    descents: Vec<Option<OptionId>>,
}

impl Solver {
    /// A solver for `problem` with the default configuration.
    pub fn new(problem: &Problem) -> Solver {
        Solver::with_config(problem, Config::default())
    }

    /// A solver for `problem` with a configuration.
    pub fn with_config(problem: &Problem, config: Config) -> Solver {
        let engine = Engines::new(config.resolve(problem), problem);
        Solver { problem: problem.clone(), config, engine, descents: Vec::new() }
    }

    /// The engine this solver runs: [`Engine::Links`], [`Engine::Cells`] or
    /// [`Engine::Bits`] (never `Auto`, which is resolved when the solver is
    /// made).
    pub fn engine(&self) -> Engine {
        self.engine.engine()
    }

    /// The links engine, the commitments moved to it (for the searches only
    /// the links engine offers).
    pub(crate) fn use_links(&mut self) -> &mut DancingLinks {
        if !matches!(self.engine, Engines::Links(_)) {
            let mut links = DancingLinks::new(&self.problem);
            for &option in dispatch!(&self.engine, e => Resumable::committed(&**e)) {
                links.commit(option).expect("the other engine accepted it");
            }
            self.engine = Engines::Links(Box::new(links));
            self.descents.clear();
        }
        match &mut self.engine {
            Engines::Links(links) => links,
            _ => unreachable!("the links engine was just put in place"),
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
    /// [`reset`](Solver::reset) does; so does one of binary branching below
    /// a descent, which its search, one subproblem, takes none of.
    pub fn set_config(&mut self, config: Config) {
        let engine = config.resolve(&self.problem);
        if engine != self.engine() {
            self.reset();
            self.engine = Engines::new(engine, &self.problem);
        }
        self.config = config;
        if self.searches_whole() && !self.descents.is_empty() {
            self.reset();
        }
    }

    /// Statistics of the latest search.
    pub fn stats(&self) -> Stats {
        dispatch!(&self.engine, e => Resumable::stats(&**e))
    }

    /// Whether the latest search was stopped by its [`Monitor`](crate::Monitor)
    /// before its end: then its count and statistics are partial.
    pub fn interrupted(&self) -> bool {
        dispatch!(&self.engine, e => Resumable::interrupted(&**e))
    }

    /// The options committed so far.
    pub fn committed(&self) -> &[OptionId] {
        dispatch!(&self.engine, e => Resumable::committed(&**e))
    }

    /// Puts `option` into every solution before searching, as if it had been
    /// chosen: its items are covered (or purified) at once. Sudoku givens, a prefix
    /// of choices to split a search: anything known in advance. Commitments are not
    /// counted in the statistics. Ends any search under way.
    pub fn commit(&mut self, option: OptionId) -> Result<(), CommitError> {
        // No solution holds an option without a primary item; no engine has
        // its items in its tables.
        if self.problem.is_ignored(option) {
            return Err(CommitError::NoPrimaryItem(option.0));
        }
        let binary = self.config.get_branching() == Branching::Binary;
        let bounded = self.problem.has_bounds() || (binary && self.problem.declares_bounds());
        if bounded && matches!(self.engine, Engines::Cells(_)) {
            // The cells engine takes bounds only in its binary search, from
            // the root (bounds declared 1:1 too: SSMCC's search): the links
            // engine commits (and then searches).
            self.use_links();
        }
        dispatch!(&mut self.engine, e => Resumable::commit(&mut **e, option))
    }

    /// Whether `option` could be committed now (it agrees with the commitments).
    pub fn can_commit(&mut self, option: OptionId) -> bool {
        if self.problem.is_ignored(option) {
            return false;
        }
        dispatch!(&mut self.engine, e => Resumable::can_commit(&mut **e, option))
    }

    /// Undoes every commitment and descent (and ends any search), back to the
    /// problem's initial state. Chooses the faster way itself: undoing the
    /// commitments one by one in reverse, whose cost is the work they did, or
    /// copying the problem's initial links back, whose cost is the size of the
    /// problem (faster after many commitments on a small problem, such as the
    /// givens of a sudoku).
    pub fn reset(&mut self) {
        self.descents.clear();
        dispatch!(&mut self.engine, e => Resumable::reset(&mut **e))
    }

    /// One step of a probe of Knuth's estimate at the node the solver
    /// stands on (see [`Resumable::probe`]).
    pub(crate) fn probe(&mut self, draw: Draw<'_>) -> Probe {
        dispatch!(&mut self.engine, e => Resumable::probe(&mut **e, draw))
    }

    /// Ends a probe: back where it began.
    pub(crate) fn end_probe(&mut self) {
        dispatch!(&mut self.engine, e => Resumable::end_probe(&mut **e))
    }

    /// Ends a search stopped at a solution.
    pub(crate) fn stop(&mut self) {
        dispatch!(&mut self.engine, e => Resumable::stop(&mut **e))
    }

    /// Enters the next level of the search by choosing `step` there (an option,
    /// or with bounds `None` for the move that takes none), as the search itself
    /// would (see [`Subtrees::descend`](crate::parallel::Subtrees::descend)).
    pub(crate) fn descend(&mut self, step: Option<OptionId>) -> Result<(), DescendError> {
        if self.searches_whole() {
            return Err(DescendError::Whole);
        }
        if let Some(option) = step
            && option.index() >= self.problem.n_options()
        {
            return Err(DescendError::UnknownOption(option.0));
        }
        if let Some(option) = step.filter(|&o| self.problem.is_ignored(o)) {
            return Err(DescendError::NotInPlay(option.0));
        }
        dispatch!(&mut self.engine, e => Resumable::descend(&mut **e, step))?;
        self.descents.push(step);
        Ok(())
    }

    /// Brings the solver to the subproblem `prefix` (moves from the top, as a
    /// split hands them out), keeping the descents it shares with the
    /// subproblem the solver stands at: an engine that can climb back (the
    /// links) undoes the levels past the common part and descends only the
    /// rest of `prefix`, so consecutive subproblems of a split cost what
    /// differs between them; the others start again from the top. Returns
    /// the number of descents made.
    pub(crate) fn replay(&mut self, prefix: &[Option<OptionId>]) -> Result<usize, DescendError> {
        self.stop();
        let common = self.descents.iter().zip(prefix).take_while(|(a, b)| a == b).count();
        let from = if common == self.descents.len() {
            common
        } else if dispatch!(&mut self.engine, e => Resumable::ascend_to(&mut **e, common)) {
            self.descents.truncate(common);
            common
        } else {
            self.reset();
            0
        };
        for &step in &prefix[from..] {
            self.descend(step)?;
        }
        Ok(prefix.len() - from)
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
        if self.searches_whole() {
            // One subproblem, the whole search below the descents (there
            // are none), with nothing counted above it.
            self.stop();
            let _ = leaf(&self.descents);
            return Stats::default();
        }
        let monitor = self.config.get_monitor();
        dispatch!(&mut self.engine, e => Resumable::split(&mut **e, depth, monitor, leaf))
    }

    /// Whether the search is one subproblem, which no split cuts and no
    /// descent enters: binary branching on the cells engine (Knuth's
    /// SSXCC-BINARY and SSMCC, and their weights). Its tree depends on its
    /// history: the order in which the subtrees searched before left each
    /// item's set decides which option a node branches on (and with
    /// weights, what they learned decides its item), so a subtree searched
    /// on its own, from a replay of its path, is not the one the whole
    /// search meets, and no split's statistics would add up to the whole
    /// search's. It runs whole on one thread ([`Parallel`](crate::Parallel)
    /// gives slice 0 of a shard everything).
    pub(crate) fn searches_whole(&self) -> bool {
        matches!(self.engine, Engines::Cells(_)) && self.config.get_branching() == Branching::Binary
    }

    /// Counts the solutions (up to the configured limit).
    pub fn count(&mut self) -> u64 {
        dispatch!(&mut self.engine, e => Resumable::count(&mut **e, &self.config))
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
    pub fn visit<F>(&mut self, visitor: F) -> u64
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        dispatch!(&mut self.engine, e => Resumable::visit(&mut **e, &self.config, visitor))
    }

    /// An iterator over the solutions (up to the configured limit). Each item is a
    /// fresh `Vec`; use [`visit`](Solver::visit) to avoid that allocation.
    pub fn solutions(&mut self) -> Solutions<'_> {
        dispatch!(&mut self.engine, e => Resumable::start(&mut **e));
        Solutions { solver: self }
    }

    /// The solutions (up to the configured limit), one at a time, from an
    /// iterator that owns the solver: to keep a search paused between two
    /// solutions without a borrow (Python's iterators keep theirs so, with
    /// no thread of their own). Its [`stats`](IntoSolutions::stats) are the
    /// search's so far.
    pub fn into_solutions(mut self) -> IntoSolutions {
        dispatch!(&mut self.engine, e => Resumable::start(&mut **e));
        IntoSolutions { solver: self }
    }

    /// As [`visit`](Solver::visit), also calling `trace` with every [`Event`](crate::Event) of
    /// the search: each choice of an item, each cover, each option tried and
    /// taken back, each solution, each uncover. When `trace` returns `Break`, the
    /// search stops before it enters another level (its statistics are then
    /// partial). The steps that unwind the search after it stops are not
    /// reported.
    ///
    /// Meant for small problems: every event reads the whole of the links to
    /// see what changed. The other solving methods do not pay for it. A problem
    /// with bounds on items (Algorithm M) is solved without events. The events
    /// are those of dancing links: a solver on another engine moves to the
    /// links engine, its commitments with it.
    pub fn visit_traced<V, T>(&mut self, visitor: V, trace: T) -> u64
    where
        V: FnMut(&[OptionId]) -> ControlFlow<()>,
        T: FnMut(crate::Event) -> ControlFlow<()>,
    {
        let config = self.config.clone();
        self.use_links().visit_traced(&config, visitor, trace)
    }
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("problem", &self.problem)
            .field("config", &self.config)
            .field("engine", &self.engine())
            .field("committed", &self.committed())
            .field("stats", &self.stats())
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
        let Solver { engine, config, .. } = &mut *self.solver;
        dispatch!(engine, e => Resumable::next(&mut **e, config))
    }
}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        self.solver.stop();
    }
}

/// The solutions of a [`Solver`] it owns, one at a time: made by
/// [`Solver::into_solutions`].
pub struct IntoSolutions {
    solver: Solver,
}

impl IntoSolutions {
    /// The statistics of the search so far (final once the iterator ended).
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }
}

impl Iterator for IntoSolutions {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        let Solver { engine, config, .. } = &mut self.solver;
        dispatch!(engine, e => Resumable::next(&mut **e, config))
    }
}

impl Drop for IntoSolutions {
    fn drop(&mut self) {
        self.solver.stop();
    }
}

#[cfg(test)]
mod tests {
    //! Whole searches on small problems, small enough for Miri.

    use super::*;
    use crate::util::nodes::Links;
    use crate::util::nodes::tests::state;

    /// The links of a solver on the links engine.
    fn links_of(solver: &Solver) -> &Links {
        match &solver.engine {
            Engines::Links(engine) => &engine.links,
            _ => panic!("not on the links engine"),
        }
    }

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

    /// The owned iterator lists what the borrowed one lists, on every
    /// engine, against the brute force; its statistics are the search's.
    #[test]
    fn owned_solutions_are_the_solutions() {
        for text in [
            "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
            "a b c\na\nb\nc\na b\nb c\na c\na b c\n",
            "a b\na\n",
        ] {
            let problem = Problem::from_knuth(text).unwrap();
            let mut expected = brute_force(&problem);
            expected.sort();
            for engine in [Engine::Links, Engine::Cells, Engine::Bits] {
                let config = Config::new().engine(engine);
                let mut borrowed: Vec<_> = Solver::with_config(&problem, config.clone()).solutions().collect();
                let mut owned = Solver::with_config(&problem, config.clone()).into_solutions();
                let mut listed: Vec<_> = owned.by_ref().collect();
                assert_eq!(listed, borrowed, "{engine:?}");
                for solution in listed.iter_mut().chain(borrowed.iter_mut()) {
                    solution.sort();
                }
                listed.sort();
                assert_eq!(listed, expected, "{engine:?}");
                let mut solver = Solver::with_config(&problem, config);
                solver.count();
                assert_eq!(owned.stats(), solver.stats(), "{engine:?}");
            }
        }
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
            let same = |solver: &Solver| state(links_of(solver)) == initial;
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
            solver.use_links().undo();
            assert!(same(&solver));
            // Restoring by copy ends in the same state as undoing.
            solver.commit(OptionId(1)).unwrap();
            let mut solutions = solver.solutions();
            solutions.next();
            drop(solutions);
            solver.use_links().restore();
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
            let same = |solver: &Solver| state(links_of(solver)) == initial;
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
            solver.use_links().undo();
            assert!(same(&solver));
            solver.commit(OptionId(1)).unwrap();
            solver.first();
            solver.use_links().restore();
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
