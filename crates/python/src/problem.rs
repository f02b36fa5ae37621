//! `_Problem`, the engine's [`Problem`] seen from Python, and `_Solutions`,
//! its solutions one at a time.
//!
//! The Python class `quadrille.Problem` maps the user's items (any hashable
//! objects) to numbers and calls these with plain lists; this module builds the
//! engine's problem from them and runs its searches.

use std::sync::Arc;

use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use quadrille_dlx::front::{EngineStats, Estimate, Listing, Search, SearchError, Spread};
use quadrille_dlx::matrix;
use quadrille_dlx::{Branching, Engine, Monitor, OptionId, Problem, Stats, Weights};

use crate::run::{StatsTuple, interruptible, report_tuple, search_error, value_error};
use crate::slices::PySlices;
use crate::solutions::{Chunk, PySolutions, Source, check_payloads};
use crate::zdd::PyZdd;

/// The length of Knuth-format text from which `from_knuth` reads on a thread
/// of its own (a few milliseconds of reading), listening to Ctrl-C.
const READ_ON_A_THREAD: usize = 1 << 20;

/// The engine of that name, by the library's names ([`Engine::ALL`]); the
/// front refuses, naming why, an engine that cannot answer the question.
pub(crate) fn engine(name: &str) -> PyResult<Engine> {
    name.parse().map_err(|e: quadrille_dlx::UnknownEngine| PyValueError::new_err(e.to_string()))
}

/// Solutions with their costs: each a cost and its options' numbers.
type CostedList = Vec<(u64, Vec<u32>)>;

/// The branching and weights of those names (the front refuses them where
/// the engine does not take them).
fn branching_of(branching: &str, weights: &str) -> PyResult<(Branching, Weights)> {
    let b = Branching::ALL.into_iter().find(|b| b.name() == branching).ok_or_else(|| {
        PyValueError::new_err(format!("unknown branching `{branching}`: the branchings are dlx and binary"))
    })?;
    let w = Weights::ALL.into_iter().find(|w| w.name() == weights).ok_or_else(|| {
        PyValueError::new_err(format!("unknown weights `{weights}`: the weights are off, frb and wdeg"))
    })?;
    Ok((b, w))
}

/// An estimate's mean and standard error, and their base-10 logarithms.
type SpreadTuple = (f64, Option<f64>, f64, Option<f64>);

/// An estimate: the engine, the probes made, the nodes', updates' and
/// solutions' spreads, the nodes at each depth and their logarithms, the
/// probes' work and whether its bound stopped them.
type EstimateTuple = (&'static str, u32, SpreadTuple, SpreadTuple, SpreadTuple, Vec<f64>, Vec<f64>, u64, bool);

/// An exact-cover problem, built and checked by the engine.
/// What [`PyProblem::preprocess`] answers: the reduced problem, the origin
/// of each of its options, the options and items removed, the rounds, the
/// item that makes the problem infeasible.
type PreprocessTuple = (PyProblem, Vec<u32>, usize, usize, usize, Option<String>);

#[pyclass(module = "quadrille._quadrille", name = "_Problem", frozen)]
pub(crate) struct PyProblem {
    pub(crate) problem: Problem,
}

/// Options given as lists: option `k` holds `items[offsets[k]..offsets[k + 1]]`.
fn option_ranges(offsets: &[u32], n_entries: usize) -> PyResult<Vec<std::ops::Range<usize>>> {
    if offsets.first() != Some(&0) || offsets.last().map(|&e| e as usize) != Some(n_entries) {
        return Err(PyValueError::new_err("the option offsets do not match the items"));
    }
    offsets
        .windows(2)
        .map(|w| {
            if w[0] <= w[1] {
                Ok(w[0] as usize..w[1] as usize)
            } else {
                Err(PyValueError::new_err("the option offsets decrease"))
            }
        })
        .collect()
}

/// Reads `n` little-endian `u32` from bytes.
fn u32s(bytes: &[u8], what: &str) -> PyResult<Vec<u32>> {
    if bytes.len() % 4 != 0 {
        return Err(PyValueError::new_err(format!("{what}: not a whole number of 32-bit values")));
    }
    Ok(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

impl PyProblem {
    /// The front on this problem with `engine_name` and `monitor`.
    fn search(&self, engine_name: &str, monitor: &Arc<Monitor>) -> PyResult<Search<'_>> {
        Ok(Search::new(&self.problem).engine(engine(engine_name)?).monitor(Some(monitor.clone())))
    }
}

#[pymethods]
impl PyProblem {
    /// Builds a problem: `names` of the items (the first `n_primary` primary),
    /// `bounds` for the primary items (or empty): those declared, `(1, 1)`
    /// included, or `None` for a plain one; the options as `offsets` into
    /// `items` (item numbers) and `colors` (colour numbers into `color_names`,
    /// or -1), and a cost per option (or none).
    #[new]
    #[pyo3(signature = (names, n_primary, bounds, offsets, items, colors, color_names, costs))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        names: Vec<String>,
        n_primary: usize,
        bounds: Vec<Option<(u32, u32)>>,
        offsets: Vec<u32>,
        items: Vec<u32>,
        colors: Vec<i64>,
        color_names: Vec<String>,
        costs: Option<Vec<u64>>,
    ) -> PyResult<Self> {
        if colors.len() != items.len() || n_primary > names.len() || !(bounds.is_empty() || bounds.len() == n_primary) {
            return Err(PyValueError::new_err("inconsistent problem description"));
        }
        let mut b = Problem::builder();
        let mut handles = Vec::with_capacity(names.len());
        for (k, name) in names.iter().enumerate() {
            let item = if k >= n_primary {
                b.secondary(name)
            } else {
                match bounds.get(k).copied().flatten() {
                    Some((lower, upper)) => b.primary_with_bounds(name, lower, upper),
                    None => b.primary(name),
                }
            };
            handles.push(item.map_err(value_error)?);
        }
        let palette =
            color_names.iter().map(|name| b.color(name)).collect::<Result<Vec<_>, _>>().map_err(value_error)?;
        for range in option_ranges(&offsets, items.len())? {
            let entries = range.map(|e| {
                let item = handles.get(items[e] as usize).copied();
                let color = usize::try_from(colors[e]).ok().map(|c| palette.get(c).copied());
                (item, color)
            });
            let entries: Option<Vec<_>> = entries
                .map(|(item, color)| match color {
                    None => item.map(|i| (i, None)),
                    Some(c) => item.zip(c).map(|(i, c)| (i, Some(c))),
                })
                .collect();
            let entries = entries.ok_or_else(|| PyValueError::new_err("an item or colour number out of range"))?;
            b.option_with_colors(entries).map_err(value_error)?;
        }
        if let Some(costs) = costs {
            for (k, cost) in costs.into_iter().enumerate() {
                if cost != 0 {
                    b.set_cost(OptionId(k as u32), cost).map_err(value_error)?;
                }
            }
        }
        Ok(PyProblem { problem: b.build().map_err(value_error)? })
    }

    /// Reads Knuth's text format. A long text (seconds of reading) is read
    /// off the calling thread, so that Ctrl-C stops it with
    /// `KeyboardInterrupt`.
    #[staticmethod]
    fn from_knuth(py: Python<'_>, text: &str) -> PyResult<Self> {
        if text.len() < READ_ON_A_THREAD {
            return Ok(PyProblem { problem: Problem::from_knuth(text).map_err(value_error)? });
        }
        let monitor = Arc::new(Monitor::new());
        let reader = monitor.clone();
        let read = interruptible(py, &monitor, move || Problem::from_knuth_monitored(text, &reader))?;
        Ok(PyProblem { problem: read.map_err(value_error)? })
    }

    /// [`PyProblem::from_knuth`] of bytes, which must be UTF-8: a byte that
    /// is not is a `ValueError` naming its line and column
    /// ([`knuth::utf8`](quadrille_dlx::knuth::utf8)).
    #[staticmethod]
    fn from_knuth_bytes(py: Python<'_>, text: &[u8]) -> PyResult<Self> {
        PyProblem::from_knuth(py, quadrille_dlx::knuth::utf8(text).map_err(value_error)?)
    }

    /// A 0/1 matrix in compressed sparse rows: row `r` holds the columns
    /// `indices[indptr[r]..indptr[r + 1]]` (little-endian `u32` bytes); the
    /// first `n_primary` of `n_columns` columns are primary. The library
    /// ([`matrix::from_csr`]) checks the shape before sizing anything by it:
    /// `ValueError` for a matrix too large or malformed, `MemoryError` for
    /// one this process cannot hold.
    #[staticmethod]
    fn from_csr(py: Python<'_>, n_columns: usize, n_primary: usize, indptr: &[u8], indices: &[u8]) -> PyResult<Self> {
        let indptr = u32s(indptr, "indptr")?;
        let indices = u32s(indices, "indices")?;
        let problem = py.allow_threads(|| matrix::from_csr(n_columns, n_primary, &indptr, &indices));
        match problem {
            Ok(problem) => Ok(PyProblem { problem }),
            Err(error @ matrix::MatrixError::OutOfMemory { .. }) => Err(PyMemoryError::new_err(error.to_string())),
            Err(error) => Err(value_error(error)),
        }
    }

    /// The same problem with the sharp preference on or off.
    fn with_sharp_preference(&self, on: bool) -> Self {
        PyProblem { problem: self.problem.with_sharp_preference(on) }
    }

    /// Whether the sharp preference is on.
    #[getter]
    fn sharp_preference(&self) -> bool {
        self.problem.sharp_preference()
    }

    /// The problem in Knuth's text format.
    fn to_knuth(&self) -> String {
        self.problem.to_knuth()
    }

    /// The items' names.
    fn item_names(&self) -> Vec<String> {
        self.problem.items().map(|i| self.problem.item_name(i).to_string()).collect()
    }

    /// The primary items' bounds, as declared (`None` for a plain item).
    fn bounds(&self) -> Vec<Option<(u32, u32)>> {
        let problem = &self.problem;
        problem.items().filter(|&i| problem.is_primary(i)).map(|i| problem.declared_bounds(i)).collect()
    }

    #[getter]
    fn n_primary(&self) -> usize {
        self.problem.n_primary()
    }

    #[getter]
    fn n_items(&self) -> usize {
        self.problem.n_items()
    }

    #[getter]
    fn n_options(&self) -> usize {
        self.problem.n_options()
    }

    /// Option `k`: its items' numbers and colours' names.
    fn option(&self, k: usize) -> PyResult<Vec<(u32, Option<String>)>> {
        if k >= self.problem.n_options() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!("no option {k}")));
        }
        Ok(self
            .problem
            .option(OptionId(k as u32))
            .map(|(i, c)| (i.0, c.map(|c| self.problem.color_name(c).to_string())))
            .collect())
    }

    /// The options' costs.
    fn costs(&self) -> Vec<u64> {
        self.problem.options().map(|o| self.problem.cost(o)).collect()
    }

    /// Option `k` in Knuth's format.
    fn format_option(&self, k: usize) -> PyResult<String> {
        if k >= self.problem.n_options() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!("no option {k}")));
        }
        Ok(self.problem.format_option(OptionId(k as u32)))
    }

    /// The engine that would look for a first solution, by the front's plan
    /// (`auto` picks; an engine that cannot is refused).
    fn resolve_engine(&self, engine_name: &str) -> PyResult<&'static str> {
        let search = Search::new(&self.problem).engine(engine(engine_name)?).limit(Some(1));
        let plan = search.plan(quadrille_dlx::Question::First).map_err(search_error)?;
        Ok(plan.engines().first().map_or("auto", |e| e.name()))
    }

    /// The plan of `question` (a name of the library's questions) with
    /// these knobs, without running it (a count by `auto` runs what its rule
    /// runs to choose): its text, the engines it may run in order, the
    /// threads it uses, and its notes.
    #[pyo3(signature = (question, engine_name, limit, threads, branching = "dlx", weights = "off"))]
    #[allow(clippy::too_many_arguments)]
    fn explain(
        &self,
        py: Python<'_>,
        question: &str,
        engine_name: &str,
        limit: Option<u64>,
        threads: Option<usize>,
        branching: &str,
        weights: &str,
    ) -> PyResult<(String, Vec<&'static str>, usize, Vec<String>)> {
        let question = quadrille_dlx::Question::ALL.into_iter().find(|q| q.name() == question).ok_or_else(|| {
            let names: Vec<&str> = quadrille_dlx::Question::ALL.iter().map(|q| q.name()).collect();
            PyValueError::new_err(format!("unknown question `{question}`: the questions are {}", names.join(", ")))
        })?;
        let monitor = Arc::new(Monitor::new());
        let (branching, weights) = branching_of(branching, weights)?;
        let mut search = self.search(engine_name, &monitor)?.limit(limit).branching(branching).weights(weights);
        if let Some(threads) = threads {
            search = search.threads(threads);
        }
        let plan = interruptible(py, &monitor, move || search.plan(question))?.map_err(search_error)?;
        let engines = plan.engines().into_iter().map(Engine::name).collect();
        Ok((plan.to_string(), engines, plan.threads, plan.notes.clone()))
    }

    /// Counts the solutions; returns the statistics and the engine that
    /// counted. The library's front chooses (`auto`) and runs; when the memo
    /// counted past 64 bits, no statistics (the caller counts with `zdd`,
    /// exactly, as a Python int).
    /// `branching` (`dlx`, `binary`) and `weights` (`off`, `frb`, `wdeg`)
    /// are the cells engine's: binary branching is refused on another engine,
    /// weights without binary branching.
    #[pyo3(signature = (engine_name, limit, threads, branching = "dlx", weights = "off"))]
    fn count(
        &self,
        py: Python<'_>,
        engine_name: &str,
        limit: Option<u64>,
        threads: usize,
        branching: &str,
        weights: &str,
    ) -> PyResult<(Option<StatsTuple>, &'static str)> {
        let monitor = Arc::new(Monitor::new());
        let (branching, weights) = branching_of(branching, weights)?;
        let search =
            self.search(engine_name, &monitor)?.limit(limit).threads(threads).branching(branching).weights(weights);
        let counted = interruptible(py, &monitor, move || search.count())?.map_err(search_error)?;
        match counted.solutions_u64() {
            None => Ok((None, counted.report.engine.name())),
            Some(solutions) => {
                let (stats, engine) = report_tuple(&counted.report, solutions);
                Ok((Some(stats), engine))
            }
        }
    }

    /// Knuth's DLX-PRE ([`quadrille_dlx::pre`]) for at most `rounds` rounds
    /// (none: until one removes nothing), off the calling thread so that
    /// Ctrl-C stops it: the reduced problem, for each of its options the
    /// number of the option it came from, the options and items removed, the
    /// rounds made, and the name of a primary item left in no option (the
    /// problem has no solution then). `ValueError` for a problem with bounds
    /// that may bind (those that never bind are rewritten away first).
    #[pyo3(signature = (rounds=None))]
    fn preprocess(&self, py: Python<'_>, rounds: Option<usize>) -> PyResult<PreprocessTuple> {
        let monitor = Arc::new(Monitor::new());
        let pass = quadrille_dlx::pre::Preprocess::new().rounds(rounds).monitor(Some(monitor.clone()));
        let problem = &self.problem;
        let reduced = interruptible(py, &monitor, move || pass.run(problem))?.map_err(value_error)?;
        let infeasible = reduced.infeasible.map(|item| self.problem.item_name(item).to_string());
        let origin = reduced.origin.iter().map(|o| o.0).collect();
        let (options, items, rounds) = (reduced.options_removed(), reduced.items_removed(), reduced.rounds);
        Ok((PyProblem { problem: reduced.problem }, origin, options, items, rounds, infeasible))
    }

    /// The problem's identity in shard records (`dlx:` and 16 hexadecimal
    /// digits).
    fn shard_id(&self) -> String {
        self.problem.shard_id()
    }

    /// Counts shard `index` of `of` (every `of`-th subproblem of the split the
    /// command line's `--shard` makes, so the records merge with its own):
    /// the statistics and the engine that counted.
    #[pyo3(signature = (index, of, engine, threads))]
    fn count_shard(
        &self,
        py: Python<'_>,
        index: u32,
        of: u32,
        engine: &str,
        threads: usize,
    ) -> PyResult<(StatsTuple, &'static str)> {
        let monitor = Arc::new(Monitor::new());
        let search = self.search(engine, &monitor)?.threads(threads).shard(index, of);
        let counted = interruptible(py, &monitor, move || search.count())?.map_err(|e| match e {
            e @ SearchError::Parallel(quadrille_dlx::ParallelError::Threads { .. }) => search_error(e),
            e => value_error(e),
        })?;
        Ok(report_tuple(&counted.report, counted.solutions_u64().unwrap_or(u64::MAX)))
    }

    /// The split into `of` slices that `count_shard` counts from, made once
    /// to count many of them (`_Slices.count`).
    fn slices(&self, py: Python<'_>, of: u32, engine_name: &str) -> PyResult<PySlices> {
        let engine = engine(engine_name)?;
        PySlices::make(py, &self.problem, of, engine, None, self.shard_id())
    }

    /// The first solution's options, if any, the statistics and the engine.
    fn first(&self, py: Python<'_>, engine: &str) -> PyResult<(Option<Vec<u32>>, StatsTuple, &'static str)> {
        let monitor = Arc::new(Monitor::new());
        let search = self.search(engine, &monitor)?;
        let found = interruptible(py, &monitor, move || search.first())?.map_err(search_error)?;
        let first = found.solution.map(|options| options.iter().map(|o| o.0).collect::<Vec<u32>>());
        let (stats, engine) = report_tuple(&found.report, u64::from(first.is_some()));
        Ok((first, stats, engine))
    }

    /// Knuth's estimate of the search tree from `probes` random paths drawn
    /// from `seed` (none: the library's default, 1,000 within a bound on
    /// their work): the engine whose tree it is, the probes made, the means
    /// and standard errors of the nodes, updates and solutions with their
    /// logarithms, the nodes at each depth and their logarithms, the
    /// probes' work and whether its bound stopped them; Ctrl-C raises
    /// `KeyboardInterrupt`.
    #[pyo3(signature = (engine, probes, seed))]
    fn estimate(&self, py: Python<'_>, engine: &str, probes: Option<u32>, seed: u64) -> PyResult<EstimateTuple> {
        let monitor = Arc::new(Monitor::new());
        let search = self.search(engine, &monitor)?;
        let estimate = interruptible(py, &monitor, move || match probes {
            Some(probes) => search.estimate(probes, seed),
            None => search.estimate_within(Estimate::DEFAULT_PROBES, Estimate::DEFAULT_WORK, seed),
        })?
        .map_err(search_error)?;
        let spread = |s: Spread| (s.mean, s.error, s.log10_mean, s.log10_error);
        Ok((
            estimate.engine.name(),
            estimate.probes,
            spread(estimate.nodes),
            spread(estimate.updates),
            spread(estimate.solutions),
            estimate.profile,
            estimate.profile_log10,
            estimate.work,
            estimate.bounded,
        ))
    }

    /// The `k` cheapest solutions: each its cost and options (in increasing
    /// order of their numbers), the statistics and the engine that answered.
    fn best(&self, py: Python<'_>, k: usize, threads: usize) -> PyResult<(CostedList, StatsTuple, &'static str)> {
        let monitor = Arc::new(Monitor::new());
        let search = Search::new(&self.problem).threads(threads).monitor(Some(monitor.clone()));
        let ranked = interruptible(py, &monitor, move || search.best(k))?.map_err(search_error)?;
        let solutions = ranked.solutions.iter().map(|s| (s.cost, s.options.iter().map(|o| o.0).collect())).collect();
        let met = match ranked.report.stats {
            EngineStats::Costs { stats, .. } => stats.solutions,
            _ => ranked.solutions.len() as u64,
        };
        let (stats, engine) = report_tuple(&ranked.report, met);
        Ok((solutions, stats, engine))
    }

    /// The diagram of all solutions, made by the memoizing engine holding
    /// at most `memo_bytes` bytes (by default the library's).
    #[pyo3(signature = (memo_bytes=None))]
    fn zdd(&self, py: Python<'_>, memo_bytes: Option<usize>) -> PyResult<PyZdd> {
        PyZdd::build(py, &self.problem, memo_bytes)
    }

    /// The solutions one at a time: each a list of `payloads[k]` for its
    /// options `k`, or of the option numbers when `payloads` is `None`.
    /// The choice of engine (the sweep's order, when the rule weighs it)
    /// runs with the GIL released and hears Ctrl-C, as a search does.
    #[pyo3(signature = (engine, limit, payloads))]
    fn solutions(
        &self,
        py: Python<'_>,
        engine: &str,
        limit: Option<u64>,
        payloads: Option<Vec<PyObject>>,
    ) -> PyResult<PySolutions> {
        check_payloads(&payloads, self.problem.n_options())?;
        let monitor = Arc::new(Monitor::new());
        let search = self.search(engine, &monitor)?.limit(limit);
        let listing = interruptible(py, &monitor, move || search.solutions())?.map_err(search_error)?;
        Ok(start_solutions(listing, monitor, payloads))
    }
}

/// A search paused between two solutions.
struct Paused {
    listing: Listing,
}

impl Source for Paused {
    fn fill(&mut self, chunk: &mut Chunk, max: usize) -> Option<Stats> {
        for _ in 0..max {
            match self.listing.next() {
                Some(solution) => chunk.push(&solution),
                None => return Some(self.stats()),
            }
        }
        None
    }

    fn stats(&self) -> Stats {
        match self.listing.report().stats {
            EngineStats::Search(stats) => stats,
            EngineStats::Sweep(sweep) => Stats { nodes: sweep.nodes, solutions: sweep.solutions, ..Stats::default() },
            _ => Stats::default(),
        }
    }
}

/// The solutions of a listing of the front, a chunk at a time (see
/// [`PySolutions`]).
pub(crate) fn start_solutions(listing: Listing, monitor: Arc<Monitor>, payloads: Option<Vec<PyObject>>) -> PySolutions {
    let engine = listing.report().engine.name();
    PySolutions::new(engine, monitor, payloads, Box::new(Paused { listing }))
}
