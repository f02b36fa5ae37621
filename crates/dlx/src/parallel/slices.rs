//! [`Slices`]: the split of one count into slices, made once
//! ([`Parallel::slices`](super::Parallel::slices)) and run slice by slice, on a solver the caller
//! keeps or on threads.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use super::{ParallelError, Split};
use crate::solver::Solver;
use crate::util::monitor::Monitor;
use crate::util::problem::{OptionId, Problem};
use crate::util::search::{Branching, Config, Engine, Weights};
use crate::util::stats::Stats;

/// The solvers [`Slices::visit_kept`] keeps between calls, one for each call
/// running at once, shared by the clones of the slices.
#[derive(Clone, Default)]
pub(super) struct Kept(Arc<Mutex<Vec<Solver>>>);

impl fmt::Debug for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.lock().map_or(0, |kept| kept.len());
        f.debug_tuple("Kept").field(&n).finish()
    }
}

/// The split of one count into slices, made once ([`Parallel::slices`](super::Parallel::slices)) and
/// then run slice by slice, on a solver kept from one slice to the next
/// ([`Slices::visit`]) or on threads ([`Parallel::slice`](super::Parallel::slice)), as many times as
/// wanted: what a worker of a cluster keeps between the tasks it is given.
///
/// It knows what it was made from (the problem, the engine, the number of
/// subproblems aimed for, the number of slices), and refuses a search of
/// anything else, so a slice run from it is always the slice
/// [`Parallel::shard`](super::Parallel::shard) would count, and its record merges with theirs.
#[derive(Clone, Debug)]
pub struct Slices {
    pub(super) problem: Problem,
    pub(super) engine: Engine,
    /// How the cells engine branches, and its weights ([`Branching::Dlx`]
    /// and [`Weights::Off`] on the other engines).
    pub(super) branching: (Branching, Weights),
    pub(super) aim: usize,
    pub(super) of: u32,
    pub(super) split: Split,
    pub(super) kept: Kept,
}

impl Slices {
    /// The problem split.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The engine the split was made for (never [`Engine::Auto`]).
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// How the split's engine branches ([`Branching::Dlx`] but for the cells
    /// engine's binary branching, whose search is one subproblem: slice 0
    /// holds it).
    pub fn branching(&self) -> Branching {
        self.branching.0
    }

    /// The weights of the split's binary branching ([`Weights::Off`]
    /// without it).
    pub fn weights(&self) -> Weights {
        self.branching.1
    }

    /// The number of slices.
    pub fn of(&self) -> u32 {
        self.of
    }

    /// The split: every subproblem, and the statistics above them (which
    /// slice 0 counts).
    pub fn split(&self) -> &Split {
        &self.split
    }

    /// The subproblems of slice `index`: every `of`-th prefix of the split
    /// from the `index`-th (none when there is no such slice).
    pub fn prefixes(&self, index: u32) -> impl Iterator<Item = &[Option<OptionId>]> {
        let prefixes = &self.split.prefixes;
        let start = if index < self.of { (index as usize).min(prefixes.len()) } else { prefixes.len() };
        prefixes[start..].iter().step_by(self.of as usize).map(Vec::as_slice)
    }

    /// What the split was made for, as errors name it.
    pub(super) fn describe(engine: Engine, (branching, weights): (Branching, Weights), aim: usize) -> String {
        match (branching, weights) {
            (Branching::Dlx, _) => format!("the {engine} engine and {aim} subproblems"),
            (_, Weights::Off) => format!("the {engine} engine by {} branching and {aim} subproblems", branching.name()),
            _ => format!(
                "the {engine} engine by {} branching with {} weights and {aim} subproblems",
                branching.name(),
                weights.name()
            ),
        }
    }

    /// How a solver's configuration branches on `engine`: as the cells
    /// engine is told, or `d` ways on the others.
    pub(super) fn branching_of(engine: Engine, config: &Config) -> (Branching, Weights) {
        match engine {
            Engine::Cells if config.get_branching() == Branching::Binary => (Branching::Binary, config.get_weights()),
            _ => (Branching::Dlx, Weights::Off),
        }
    }

    /// Counts slice `index` on `solver` (see [`Slices::visit`]).
    pub fn count(&self, solver: &mut Solver, index: u32) -> Result<Stats, ParallelError> {
        self.visit(solver, index, |_| ControlFlow::Continue(()))
    }

    /// Searches slice `index` on `solver`, one subproblem after the other,
    /// calling `visitor` with every solution until it returns `Break`, and
    /// returns the slice's statistics: those [`Parallel::shard`](super::Parallel::shard) counts for
    /// it. The solver's monitor sees the searches and can stop them; its
    /// limit, if any, applies to each subproblem on its own.
    ///
    /// The solver is left at the slice's last subproblem, and the next
    /// slice's replay keeps what the two share ([`Solver::reset`] climbs
    /// back to the top). It must be a solver of this problem (a clone of
    /// [`Slices::problem`] is checked at once, another problem compared
    /// whole), on the split's engine, with nothing committed.
    pub fn visit<F>(&self, solver: &mut Solver, index: u32, mut visitor: F) -> Result<Stats, ParallelError>
    where
        F: FnMut(&[OptionId]) -> ControlFlow<()>,
    {
        let each = self.visit_each(solver, &[index], |_, solution| visitor(solution), |_| ())?;
        Ok(each[0])
    }

    /// Counts the slices `indices` on `solver` (see [`Slices::visit_each`]):
    /// each one's statistics, in the order of `indices`.
    pub fn count_each(&self, solver: &mut Solver, indices: &[u32]) -> Result<Vec<Stats>, ParallelError> {
        self.visit_each(solver, indices, |_, _| ControlFlow::Continue(()), |_| ())
    }

    /// Searches the slices `indices` as [`Slices::visit_each`] does, heard
    /// by `monitor`, on a solver of the split's engine that the slices keep
    /// from one call to the next (and make at the first): what a worker that
    /// runs many slices of one split needs, without a solver of its own.
    /// Calls at once on several threads each take a solver of their own; a
    /// solver stopped by its monitor is not kept.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use quadrille_dlx::front::Search;
    /// use quadrille_dlx::Problem;
    ///
    /// // Four people in two pairs: three ways, over four slices.
    /// let problem = Problem::from_knuth("a b c d\na b\nc d\na c\nb d\na d\nb c\n")?;
    /// let slices = Search::new(&problem).slices(4)?;
    /// let first = slices.visit_kept(&[0, 1], None, |_, _| ControlFlow::Continue(()), |_| ())?;
    /// let rest = slices.visit_kept(&[2, 3], None, |_, _| ControlFlow::Continue(()), |_| ())?;
    /// assert_eq!(first.iter().chain(&rest).map(|stats| stats.solutions).sum::<u64>(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visit_kept<F, G>(
        &self,
        indices: &[u32],
        monitor: Option<Arc<Monitor>>,
        visitor: F,
        searched: G,
    ) -> Result<Vec<Stats>, ParallelError>
    where
        F: FnMut(usize, &[OptionId]) -> ControlFlow<()>,
        G: FnMut(usize),
    {
        let config =
            Config::new().engine(self.engine).branching(self.branching.0).weights(self.branching.1).monitor(monitor);
        let kept = self.kept.0.lock().ok().and_then(|mut kept| kept.pop());
        let mut solver = match kept {
            Some(mut solver) => {
                solver.set_config(config);
                solver
            }
            None => Solver::with_config(&self.problem, config),
        };
        let each = self.visit_each(&mut solver, indices, visitor, searched);
        if each.is_ok()
            && !solver.interrupted()
            && let Ok(mut kept) = self.kept.0.lock()
        {
            kept.push(solver);
        }
        each
    }

    /// Searches the slices `indices` on `solver`, as [`Slices::visit`] does
    /// each, but all their subproblems in the order of the split, so that
    /// consecutive ones share most of their prefixes however the slices
    /// interleave (slice `i` of `k` takes every `k`-th subproblem: many
    /// slices one after the other would climb back near the top between
    /// each). Returns each slice's statistics, in the order of `indices`.
    ///
    /// `visitor` is called with the position in `indices` of the slice a
    /// solution is of; `searched` after each subproblem, with its slice's
    /// position (so that a caller can time the slices). A slice asked for
    /// twice is counted twice.
    pub fn visit_each<F, G>(
        &self,
        solver: &mut Solver,
        indices: &[u32],
        mut visitor: F,
        mut searched: G,
    ) -> Result<Vec<Stats>, ParallelError>
    where
        F: FnMut(usize, &[OptionId]) -> ControlFlow<()>,
        G: FnMut(usize),
    {
        if let Some(&index) = indices.iter().find(|&&index| index >= self.of) {
            return Err(ParallelError::NoSuchShard { index, of: self.of });
        }
        if *solver.problem() != self.problem {
            return Err(ParallelError::OtherProblem);
        }
        let branching = Slices::branching_of(solver.engine(), solver.config());
        if solver.engine() != self.engine || branching != self.branching {
            return Err(ParallelError::OtherSplit {
                split: Slices::describe(self.engine, self.branching, self.aim),
                search: Slices::describe(solver.engine(), branching, self.aim),
            });
        }
        let committed = solver.committed().len();
        if committed > 0 {
            return Err(ParallelError::Committed(committed));
        }
        let mut each: Vec<Stats> =
            indices.iter().map(|&index| if index == 0 { self.split.stats } else { Stats::default() }).collect();
        // Every subproblem to search, by its number in the split, with the
        // position of its slice in `indices`.
        let (of, n_prefixes) = (self.of as usize, self.split.prefixes.len());
        let mut todo: Vec<(usize, usize)> = indices
            .iter()
            .enumerate()
            .flat_map(|(position, &index)| (index as usize..n_prefixes).step_by(of).map(move |p| (p, position)))
            .collect();
        todo.sort_unstable();
        for (prefix, position) in todo {
            solver.replay(&self.split.prefixes[prefix]).expect("a prefix of the split replays on its own problem");
            let mut broken = false;
            solver.visit(|solution| {
                let flow = visitor(position, solution);
                broken |= flow.is_break();
                flow
            });
            each[position].add(&solver.stats());
            searched(position);
            if broken || solver.interrupted() {
                break;
            }
        }
        Ok(each)
    }
}
