//! Solving puzzles on the engine: givens committed into a reused solver.

use std::ops::ControlFlow;
use std::sync::Arc;

use quadrille_dlx::{Config, Engine, Monitor, OptionId, Solver, Stats};

use crate::{Error, Grid, Model, Size};

/// What to find out about a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Task {
    /// Solve it and check that the solution is unique: the search stops at the
    /// second solution.
    #[default]
    Check,
    /// Find one solution, without checking for others.
    First,
    /// Count the solutions, stopping at the limit if there is one; no grid is kept.
    Count {
        /// Stop after this many solutions.
        limit: Option<u64>,
    },
}

impl Task {
    fn limit(self) -> Option<u64> {
        match self {
            Task::Check => Some(2),
            Task::First => Some(1),
            Task::Count { limit } => limit,
        }
    }
}

/// What a [`Task`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The number of solutions found (up to the task's limit).
    pub solutions: u64,
    /// The first solution found, unless the task was counting.
    pub solution: Option<Grid>,
}

/// An answer in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// One solution (or, for [`Task::First`], a solution).
    Solved,
    /// Two or more solutions.
    Multiple,
    /// No solution.
    None,
}

impl Answer {
    /// Solved, multiple or none, from the number of solutions.
    pub fn status(&self) -> Status {
        match self.solutions {
            0 => Status::None,
            1 => Status::Solved,
            _ => Status::Multiple,
        }
    }
}

/// Solves puzzles of every size, one after another, reusing one engine
/// [`Solver`] per size: a puzzle's givens are committed, the search runs, and
/// the solver is reset ([`Solver::reset`], which copies the links back from the model's),
/// so nothing is rebuilt per puzzle. Use one per thread.
///
/// ```
/// use quadrille_sudoku::{Grid, Status, SudokuSolver, Task};
///
/// let puzzle = Grid::parse(
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
/// )?;
/// let mut solver = SudokuSolver::new();
/// let answer = solver.solve(&puzzle, Task::Check)?;
/// assert_eq!(answer.status(), Status::Solved);
/// assert_eq!(
///     answer.solution.unwrap().to_line(Default::default()),
///     "417369825632158947958724316825437169791586432346912758289643571573291684164875293",
/// );
/// // Without the first given the puzzle has many solutions.
/// let mut loose = puzzle.clone();
/// loose.set(0, 0, 0);
/// assert_eq!(solver.solve(&loose, Task::Count { limit: Some(10) })?.solutions, 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct SudokuSolver {
    /// One solver per size, made on first use.
    solvers: [Option<Solver>; Size::ALL.len()],
    /// Solvers of the variants' models met most recently, the latest last.
    variants: Vec<(Arc<Model>, Solver)>,
    /// The statistics of the latest search.
    stats: Stats,
    /// The engine every search runs on.
    engine: Engine,
    /// Stops the searches when it is stopped, and hears their statistics.
    monitor: Option<Arc<Monitor>>,
}

impl SudokuSolver {
    /// A solver with nothing built yet.
    pub fn new() -> SudokuSolver {
        SudokuSolver::default()
    }

    /// A solver whose searches run on `engine` (the default is [`Engine::Auto`]):
    /// links, cells or bits; an engine that is no search of a solver (costs,
    /// memo, sweep) searches as `Auto` does ([`Engine::resolve`]).
    pub fn with_engine(engine: Engine) -> SudokuSolver {
        SudokuSolver { engine, ..SudokuSolver::default() }
    }

    /// Searches watched by `monitor`: they add their statistics to it, and once
    /// it is stopped each puzzle's answer is [`Error::Interrupted`] (the search
    /// looks every few thousand nodes, so a hard puzzle hears it within a
    /// millisecond).
    pub fn set_monitor(&mut self, monitor: Option<Arc<Monitor>>) {
        self.monitor = monitor;
    }

    /// The engine's statistics of the latest search (nodes, updates, solutions),
    /// counted as Knuth's DLX1 counts them; the givens are not counted.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Answers `task` for `puzzle`. A puzzle whose givens conflict is an error
    /// ([`Error::Conflict`]), not a puzzle without solutions.
    pub fn solve(&mut self, puzzle: &Grid, task: Task) -> Result<Answer, Error> {
        let size = puzzle.size();
        let model = Model::get(size);
        let config = Config::new().engine(self.engine);
        let solver = self.solvers[size.index()].get_or_insert_with(|| Solver::with_config(model.problem(), config));
        let answer = answer(solver, model, puzzle, task, self.monitor.as_ref());
        self.stats = solver.stats();
        answer
    }

    /// Answers `task` for `puzzle` in the regions of `model` (a variant: sudoku X,
    /// hyper, jigsaw, or any extra regions). The engine solver of the model is
    /// kept for the next puzzles, as [`solve`](SudokuSolver::solve) keeps one per
    /// size; solvers of the last few models are kept.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use quadrille_sudoku::{Grid, Model, Regions, Status, SudokuSolver, Task};
    ///
    /// // The classic solution of this puzzle has two 4s on the main diagonal.
    /// let puzzle = Grid::parse(
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    /// )?;
    /// let x = Arc::new(Model::with_regions(Regions::boxes(puzzle.size()).with_x()));
    /// let mut solver = SudokuSolver::new();
    /// assert_eq!(solver.solve(&puzzle, Task::Check)?.status(), Status::Solved);
    /// assert_eq!(solver.solve_in(&x, &puzzle, Task::Check)?.status(), Status::None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_in(&mut self, model: &Arc<Model>, puzzle: &Grid, task: Task) -> Result<Answer, Error> {
        if model.size() != puzzle.size() {
            return Err(Error::RegionsSize { line: None, puzzle: puzzle.size(), regions: model.size() });
        }
        let found = self.variants.iter().position(|(m, _)| Arc::ptr_eq(m, model) || **m == **model);
        let k = match found {
            Some(k) => k,
            None => {
                if self.variants.len() == KEPT_VARIANTS {
                    self.variants.remove(0);
                }
                let solver = Solver::with_config(model.problem(), Config::new().engine(self.engine));
                self.variants.push((Arc::clone(model), solver));
                self.variants.len() - 1
            }
        };
        let (model, solver) = &mut self.variants[k];
        let answer = answer(solver, model, puzzle, task, self.monitor.as_ref());
        self.stats = solver.stats();
        answer
    }
}

/// How many variants' solvers a [`SudokuSolver`] keeps.
const KEPT_VARIANTS: usize = 4;

/// Answers `task` for `puzzle` on `solver`, the engine solver of `model`, and
/// leaves it as it was.
fn answer(
    solver: &mut Solver,
    model: &Model,
    puzzle: &Grid,
    task: Task,
    monitor: Option<&Arc<Monitor>>,
) -> Result<Answer, Error> {
    let stopped = || monitor.is_some_and(|m| m.is_stopped());
    if stopped() {
        return Err(Error::Interrupted { line: None });
    }
    if let Err(e) = commit_givens(solver, model, puzzle) {
        solver.reset();
        return Err(e);
    }
    // The solver's engine stays: another would drop the givens.
    solver.set_config(Config::new().limit(task.limit()).engine(solver.config().get_engine()).monitor(monitor.cloned()));
    let answer = match task {
        Task::Count { .. } => Answer { solutions: solver.count(), solution: None },
        Task::Check | Task::First => {
            let mut solution = None;
            let solutions = solver.visit(|options| {
                if solution.is_none() {
                    solution = Some(fill(puzzle, model, options));
                }
                ControlFlow::Continue(())
            });
            Answer { solutions, solution }
        }
    };
    // The solver copies the links back or undoes the givens, whichever costs
    // less (copying, for a 9×9 grid's givens).
    solver.reset();
    if stopped() {
        return Err(Error::Interrupted { line: None });
    }
    Ok(answer)
}

/// Commits the option of every given.
fn commit_givens(solver: &mut Solver, model: &Model, puzzle: &Grid) -> Result<(), Error> {
    let side = puzzle.size().side();
    for (k, &digit) in puzzle.cells().iter().enumerate() {
        if digit != 0 {
            let cell = crate::Cell { row: k / side, col: k % side };
            if solver.commit(model.option(cell, digit)).is_err() {
                let (first, second, digit) =
                    model.regions().conflict(puzzle).expect("givens that cannot be committed conflict");
                let digit = crate::Alphabet::OneBased.symbol(digit);
                return Err(Error::Conflict { line: None, first, second, digit });
            }
        }
    }
    Ok(())
}

/// The puzzle with the digits of a solution's options filled in.
fn fill(puzzle: &Grid, model: &Model, options: &[OptionId]) -> Grid {
    let side = puzzle.size().side();
    let mut cells = puzzle.cells().to_vec();
    for &option in options {
        let (cell, digit) = model.decode(option);
        cells[cell.row * side + cell.col] = digit;
    }
    Grid::from_cells(puzzle.size(), cells).expect("digits of the model are in range")
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::{Alphabet, Cell};

    /// Counts the completions of a 4×4 grid by trying every digit in every blank
    /// cell: the oracle the engine is compared with.
    fn brute_force_count(cells: &mut [u8; 16]) -> u64 {
        let Some(k) = cells.iter().position(|&d| d == 0) else { return 1 };
        let (r, c) = (k / 4, k % 4);
        let mut total = 0;
        for digit in 1..=4 {
            let clash = (0..16).any(|j| {
                let (jr, jc) = (j / 4, j % 4);
                cells[j] == digit && (jr == r || jc == c || (jr / 2 == r / 2 && jc / 2 == c / 2))
            });
            if !clash {
                cells[k] = digit;
                total += brute_force_count(cells);
                cells[k] = 0;
            }
        }
        total
    }

    proptest! {
        /// On random 4×4 puzzles the engine counts what brute force counts, finds
        /// a valid solution when there is one, and reports conflicting givens.
        #[test]
        fn four_by_four_against_brute_force(givens in proptest::collection::vec((0usize..16, 1u8..=4), 0..7)) {
            let size = Size::new(2).unwrap();
            let mut cells = [0u8; 16];
            for (k, digit) in givens {
                cells[k] = digit;
            }
            let puzzle = Grid::from_cells(size, cells.to_vec()).unwrap();
            let mut solver = SudokuSolver::new();
            let counted = solver.solve(&puzzle, Task::Count { limit: None });
            match puzzle.conflict() {
                Some((first, second, digit)) => {
                    let digit = Alphabet::OneBased.symbol(digit);
                    prop_assert_eq!(counted, Err(Error::Conflict { line: None, first, second, digit }));
                }
                None => {
                    let expected = brute_force_count(&mut cells);
                    prop_assert_eq!(counted.unwrap().solutions, expected);
                    let checked = solver.solve(&puzzle, Task::Check).unwrap();
                    prop_assert_eq!(checked.solutions, expected.min(2));
                    prop_assert_eq!(checked.solution.is_some(), expected > 0);
                    if let Some(solution) = checked.solution {
                        prop_assert!(solution.solves(&puzzle));
                    }
                }
            }
        }
    }

    #[test]
    fn tasks_and_limits() {
        let mut solver = SudokuSolver::new();
        let empty = Grid::empty(Size::NINE);
        let first = solver.solve(&empty, Task::First).unwrap();
        assert_eq!(first.solutions, 1);
        assert!(first.solution.unwrap().solves(&empty));
        let check = solver.solve(&empty, Task::Check).unwrap();
        assert_eq!((check.solutions, check.status()), (2, Status::Multiple));
        let counted = solver.solve(&empty, Task::Count { limit: Some(1000) }).unwrap();
        assert_eq!((counted.solutions, counted.solution), (1000, None));
        assert_eq!(solver.stats().solutions, 1000);
    }

    #[test]
    fn every_size_has_its_model() {
        for size in Size::ALL {
            let model = Model::get(size);
            let side = size.side();
            assert_eq!(model.problem().n_primary(), 4 * side * side);
            assert_eq!(model.problem().n_options(), side * side * side);
            let last = Cell { row: side - 1, col: side - 1 };
            assert_eq!(model.decode(model.option(last, side as u8)), (last, side as u8));
            assert!(std::ptr::eq(model, Model::get(size)), "one model per size");
        }
    }
}
