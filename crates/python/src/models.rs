//! The models: N-Queens, sudoku and packing, called with plain values.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use quadrille_dlx::front::EngineStats;
use quadrille_dlx::{Engine, Monitor, OptionId, Stats};
use quadrille_pack::{Packing, Spec, builtin, render};
use quadrille_queens::model::{CoverModel, Order};
use quadrille_queens::solve::{self as queens, Algorithm};
use quadrille_sudoku::{Alphabet, Grid, Model, ReadConfig, Regions, Size, SudokuSolver, Task};

use crate::problem::{PyProblem, engine};
use crate::run::{StatsTuple, interruptible, stats_tuple};
use crate::slices::PySlices;

fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

fn algorithm(name: Option<&str>) -> PyResult<Option<Algorithm>> {
    Ok(match name {
        None => None,
        Some("dlx") => Some(Algorithm::Dlx),
        Some("backtrack") => Some(Algorithm::Backtrack),
        Some("bitboard") => Some(Algorithm::Bitboard),
        Some("construct") => Some(Algorithm::Construct),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "unknown algorithm `{other}`: expected dlx, backtrack, bitboard or construct"
            )));
        }
    })
}

/// The solutions of N-Queens (columns from 0, row by row), in the order of
/// the method chosen.
#[pyfunction]
#[pyo3(signature = (n, limit, unique, algorithm_name, engine_name))]
pub(crate) fn queens_list(
    py: Python<'_>,
    n: usize,
    limit: Option<u64>,
    unique: bool,
    algorithm_name: Option<&str>,
    engine_name: &str,
) -> PyResult<Vec<Vec<usize>>> {
    let monitor = Arc::new(Monitor::new());
    let config = queens::Config::new()
        .algorithm(algorithm(algorithm_name)?)
        .limit(limit)
        .unique(unique)
        .engine(engine(engine_name)?)
        .monitor(Some(monitor.clone()));
    let listed = interruptible(py, &monitor, move || {
        let mut boards = Vec::new();
        queens::list(n, &config, |event| {
            if let queens::Event::Solution { cols, .. } = event {
                boards.push(cols.to_vec());
            }
            ControlFlow::Continue(())
        })
        .map(|_| boards)
    })?;
    listed.map_err(value_error)
}

/// The number of solutions of N-Queens, and of unique ones when known.
#[pyfunction]
#[pyo3(signature = (n, unique, threads, algorithm_name))]
pub(crate) fn queens_count(
    py: Python<'_>,
    n: usize,
    unique: bool,
    threads: usize,
    algorithm_name: Option<&str>,
) -> PyResult<(u64, Option<u64>)> {
    let monitor = Arc::new(Monitor::new());
    let config = queens::Config::new()
        .algorithm(algorithm(algorithm_name)?)
        .unique(unique)
        .threads((threads > 0).then_some(threads))
        .monitor(Some(monitor.clone()));
    let count = interruptible(py, &monitor, move || queens::count(n, &config))?.map_err(value_error)?;
    if monitor.is_stopped() {
        return Err(PyValueError::new_err("the count was stopped"));
    }
    Ok((count.total, count.unique))
}

/// Counts slice `index` of `of` of N-Queens as the command line's `--shard`
/// does: the statistics (the solutions only, but for Knuth's model), eight
/// times the slice's part of the unique solutions (the bitboard counter's
/// Burnside sum), the engine, and the problem's identity in shard records.
#[pyfunction]
#[pyo3(signature = (n, index, of, algorithm_name))]
pub(crate) fn queens_count_shard(
    py: Python<'_>,
    n: usize,
    index: u32,
    of: u32,
    algorithm_name: Option<&str>,
) -> PyResult<(StatsTuple, Option<u64>, Option<&'static str>, String)> {
    if index >= of {
        return Err(PyValueError::new_err(format!("no slice {index} of {of}")));
    }
    let monitor = Arc::new(Monitor::new());
    let config = queens::Config::new()
        .algorithm(algorithm(algorithm_name)?)
        .threads(Some(1))
        .shard(Some((index, of)))
        .monitor(Some(monitor.clone()));
    let count = interruptible(py, &monitor, move || queens::count(n, &config))?.map_err(value_error)?;
    let (stats, unique_times_8) = match count.stats {
        Some(stats) => (stats, None),
        None => (Stats { solutions: count.total, ..Stats::default() }, Some(count.unique_times_8.unwrap_or(0))),
    };
    Ok((stats_tuple(&stats), unique_times_8, count.engine.map(|e| e.name()), count.problem))
}

/// The split into `of` slices of Knuth's N-Queens cover (rows and columns
/// in organ-pipe order, the engine `Auto` chooses), from which
/// `queens_count_shard` counts with `dlx`, made once to count many of them.
#[pyfunction]
pub(crate) fn queens_slices(py: Python<'_>, n: usize, of: u32) -> PyResult<PySlices> {
    if n == 0 {
        return Err(PyValueError::new_err("N-Queens in slices needs a board of at least 1 square"));
    }
    let model = CoverModel::new(n, Order::OrganPipe).map_err(value_error)?;
    let problem = model.problem();
    PySlices::make(py, problem, of, Engine::Auto, None, problem.shard_id())
}

/// One SVG picture of N-Queens boards.
#[pyfunction]
pub(crate) fn queens_svg(n: usize, boards: Vec<Vec<usize>>) -> PyResult<String> {
    if let Some(board) = boards.iter().find(|b| b.len() != n || b.iter().any(|&c| c >= n)) {
        return Err(PyValueError::new_err(format!("{board:?} is not a board of size {n}")));
    }
    Ok(quadrille_queens::render::svg(n, &boards))
}

/// The sudoku rules asked for: extra diagonals, windows, a jigsaw layout.
struct Variant {
    x: bool,
    hyper: bool,
    jigsaw: Option<Regions>,
}

impl Variant {
    fn new(x: bool, hyper: bool, jigsaw: Option<&str>) -> PyResult<Variant> {
        let jigsaw =
            jigsaw.map(Regions::parse).transpose().map_err(|e| PyValueError::new_err(format!("jigsaw: {e}")))?;
        Ok(Variant { x, hyper, jigsaw })
    }

    fn is_classic(&self) -> bool {
        !self.x && !self.hyper && self.jigsaw.is_none()
    }

    fn regions(&self, size: Size) -> PyResult<Regions> {
        let mut regions = match &self.jigsaw {
            Some(jigsaw) if jigsaw.size() != size => {
                return Err(PyValueError::new_err(format!(
                    "the jigsaw layout is {0}×{0}, the puzzle {1}×{1}",
                    jigsaw.size().side(),
                    size.side()
                )));
            }
            Some(jigsaw) => jigsaw.clone(),
            None => Regions::boxes(size),
        };
        if self.x {
            regions = regions.with_x();
        }
        if self.hyper {
            regions = regions.with_hyper();
        }
        Ok(regions)
    }
}

fn alphabet(zero_based: bool) -> Alphabet {
    if zero_based { Alphabet::ZeroBased } else { Alphabet::OneBased }
}

/// Parses puzzles and gives each the model of its variant.
fn prepare(puzzles: &[String], variant: &Variant, alphabet: Alphabet) -> PyResult<Vec<(Grid, Option<Arc<Model>>)>> {
    let read = ReadConfig::new().alphabet(alphabet);
    let mut models: HashMap<usize, Arc<Model>> = HashMap::new();
    let mut prepared = Vec::with_capacity(puzzles.len());
    for (k, text) in puzzles.iter().enumerate() {
        let grid = Grid::parse_with(text, &read).map_err(|e| PyValueError::new_err(format!("puzzle {k}: {e}")))?;
        let model = if variant.is_classic() {
            None
        } else {
            let side = grid.size().side();
            if let std::collections::hash_map::Entry::Vacant(slot) = models.entry(side) {
                let regions =
                    variant.regions(grid.size()).map_err(|e| PyValueError::new_err(format!("puzzle {k}: {e}")))?;
                slot.insert(Arc::new(Model::with_regions(regions)));
            }
            Some(models[&side].clone())
        };
        prepared.push((grid, model));
    }
    Ok(prepared)
}

/// Solves or counts sudoku puzzles: for each, the number of solutions found
/// (up to the task's limit) and the first, as a line of digits.
#[pyfunction]
#[pyo3(signature = (puzzles, x, hyper, jigsaw, zero_based, count, limit, threads, engine_name))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sudoku_solve(
    py: Python<'_>,
    puzzles: Vec<String>,
    x: bool,
    hyper: bool,
    jigsaw: Option<&str>,
    zero_based: bool,
    count: bool,
    limit: Option<u64>,
    threads: usize,
    engine_name: &str,
) -> PyResult<Vec<(u64, Option<String>)>> {
    let variant = Variant::new(x, hyper, jigsaw)?;
    let alphabet = alphabet(zero_based);
    let prepared = prepare(&puzzles, &variant, alphabet)?;
    let engine = engine(engine_name)?;
    let task = if count { Task::Count { limit } } else { Task::First };
    let monitor = Arc::new(Monitor::new());
    let stop = monitor.clone();
    let threads = if threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { threads };
    let answers = interruptible(py, &monitor, move || {
        let per_thread = prepared.len().div_ceil(threads.max(1)).max(1);
        std::thread::scope(|scope| {
            let workers: Vec<_> = prepared
                .chunks(per_thread)
                .enumerate()
                .map(|(chunk, puzzles)| {
                    let stop = &stop;
                    scope.spawn(move || {
                        let mut solver = SudokuSolver::with_engine(engine);
                        let mut answers = Vec::with_capacity(puzzles.len());
                        for (k, (grid, model)) in puzzles.iter().enumerate() {
                            if stop.is_stopped() {
                                break;
                            }
                            let answer = match model {
                                Some(model) => solver.solve_in(model, grid, task),
                                None => solver.solve(grid, task),
                            };
                            let k = chunk * per_thread + k;
                            answers.push(answer.map_err(|e| format!("puzzle {k}: {e}")));
                        }
                        answers
                    })
                })
                .collect();
            workers.into_iter().flat_map(|w| w.join().expect("a sudoku thread")).collect::<Vec<_>>()
        })
    })?;
    answers
        .into_iter()
        .map(|answer| {
            let answer = answer.map_err(PyValueError::new_err)?;
            Ok((answer.solutions, answer.solution.map(|g| g.to_line(alphabet))))
        })
        .collect()
}

/// An SVG picture of a sudoku puzzle and, if given, its solution.
#[pyfunction]
#[pyo3(signature = (puzzle, solution, x, hyper, jigsaw, zero_based, caption))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sudoku_svg(
    puzzle: &str,
    solution: Option<&str>,
    x: bool,
    hyper: bool,
    jigsaw: Option<&str>,
    zero_based: bool,
    caption: &str,
) -> PyResult<String> {
    let alphabet = alphabet(zero_based);
    let read = ReadConfig::new().alphabet(alphabet);
    let grid = Grid::parse_with(puzzle, &read).map_err(|e| PyValueError::new_err(format!("puzzle: {e}")))?;
    let solution = solution
        .map(|s| Grid::parse_with(s, &read))
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("solution: {e}")))?;
    let regions = Variant::new(x, hyper, jigsaw)?.regions(grid.size())?;
    Ok(quadrille_sudoku::svg(&grid, solution.as_ref(), &regions, alphabet, caption))
}

/// A packing problem from Knuth's description language.
#[pyclass(module = "quadrille._quadrille", name = "_Packing", frozen)]
pub(crate) struct PyPacking {
    packing: Packing,
}

fn options(solution: &[u32], packing: &Packing) -> PyResult<Vec<OptionId>> {
    let n = packing.problem().n_options();
    solution
        .iter()
        .map(|&o| if (o as usize) < n { Ok(OptionId(o)) } else { Err(PyValueError::new_err(format!("no option {o}"))) })
        .collect()
}

#[pymethods]
impl PyPacking {
    /// Reads a description; with `up_to_symmetry`, the problem keeps one
    /// packing of each class under the box's symmetries (see `keeps`).
    #[new]
    fn new(description: &str, up_to_symmetry: bool) -> PyResult<Self> {
        let spec = Spec::parse(description).map_err(value_error)?;
        let packing = if up_to_symmetry { Packing::up_to_symmetry(&spec) } else { Packing::new(&spec) };
        Ok(PyPacking { packing: packing.map_err(value_error)? })
    }

    /// The description of a built-in set of pieces in a box.
    #[staticmethod]
    #[pyo3(signature = (pieces, box_text))]
    fn builtin(pieces: &str, box_text: Option<&str>) -> PyResult<String> {
        builtin::description(pieces, box_text).map_err(value_error)
    }

    /// The problem.
    fn problem(&self) -> PyProblem {
        PyProblem { problem: self.packing.problem().clone() }
    }

    /// Whether a solution is the one kept of its class (always, without the
    /// reduction by symmetry).
    fn keeps(&self, solution: Vec<u32>) -> PyResult<bool> {
        Ok(self.packing.keeps(&options(&solution, &self.packing)?))
    }

    /// The number of symmetries of the box used by the reduction.
    #[getter]
    fn n_symmetries(&self) -> usize {
        self.packing.n_symmetries()
    }

    /// A solution as a grid of letters.
    fn grid(&self, solution: Vec<u32>) -> PyResult<String> {
        Ok(render::grid(&self.packing, &options(&solution, &self.packing)?))
    }

    /// Solutions as one SVG picture.
    fn svg(&self, solutions: Vec<Vec<u32>>) -> PyResult<String> {
        let solutions: Vec<Vec<OptionId>> =
            solutions.iter().map(|s| options(s, &self.packing)).collect::<PyResult<_>>()?;
        Ok(render::svg(&self.packing, &solutions))
    }

    /// Counts slice `index` of `of` as the command line's `pack --shard`
    /// does: the statistics, the packings kept, the problem's identity.
    fn count_shard(
        &self,
        py: Python<'_>,
        index: u32,
        of: u32,
        engine_name: &str,
    ) -> PyResult<(StatsTuple, u64, &'static str, String)> {
        let monitor = Arc::new(Monitor::new());
        let packing = &self.packing;
        let search =
            packing.search().engine(engine(engine_name)?).threads(1).shard(index, of).monitor(Some(monitor.clone()));
        let (report, kept) = interruptible(py, &monitor, move || {
            let mut kept = 0;
            let report = search.visit(|s| {
                kept += u64::from(packing.keeps(s));
                ControlFlow::Continue(())
            });
            (report, kept)
        })?;
        let report = report.map_err(value_error)?;
        let EngineStats::Search(stats) = report.stats else {
            return Err(PyValueError::new_err(format!("the {} engine does not count in shards", report.engine)));
        };
        Ok((stats_tuple(&stats), kept, report.engine.name(), packing.shard_id()))
    }

    /// The split into `of` slices that `count_shard` counts from, made once
    /// to count many of them (`_Slices.count`, which counts the packings
    /// kept too).
    fn slices(&self, py: Python<'_>, of: u32, engine_name: &str) -> PyResult<PySlices> {
        let problem = self.packing.problem();
        let engine = engine(engine_name)?;
        PySlices::make(py, problem, of, engine, Some(self.packing.clone()), self.packing.shard_id())
    }

    /// The packings kept (one per class with the reduction by symmetry), counted
    /// on `threads` threads (0: all cores).
    fn count(&self, py: Python<'_>, threads: usize, engine_name: &str) -> PyResult<u64> {
        let monitor = Arc::new(Monitor::new());
        let engine = engine(engine_name)?;
        // Every packing counted: the library's front chooses and runs.
        if let Some(search) = self.packing.count() {
            // A tiling too large for the sweep comes with the memo named;
            // the caller's engine, when it names one, prevails.
            let search = if engine == Engine::Auto { search } else { search.engine(engine) };
            let search = search.threads(threads).monitor(Some(monitor.clone()));
            let counted = interruptible(py, &monitor, move || search.count())?.map_err(crate::run::search_error)?;
            return counted.solutions_u64().ok_or_else(|| {
                pyo3::exceptions::PyOverflowError::new_err(format!(
                    "{} packings: more than 2^64 - 1",
                    counted.solutions
                ))
            });
        }
        let packing = &self.packing;
        let search = packing.search().engine(engine).threads(threads).monitor(Some(monitor.clone()));
        let kept = interruptible(py, &monitor, move || {
            let mut kept = 0;
            search
                .visit(|s| {
                    kept += u64::from(packing.keeps(s));
                    ControlFlow::Continue(())
                })
                .map(|_| kept)
        })?;
        kept.map_err(value_error)
    }
}
