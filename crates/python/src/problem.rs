//! `_Problem`, the engine's [`Problem`] seen from Python, and `_Solutions`,
//! its solutions one at a time.
//!
//! The Python class `quadrille.Problem` maps the user's items (any hashable
//! objects) to numbers and calls these with plain lists; this module builds the
//! engine's problem from them and runs its searches.

use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, TryLockError};
use std::thread::JoinHandle;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use quadrille_dlx::{Config, Engine, MinCost, Monitor, OptionId, Parallel, Problem, Solver, Stats};

use crate::run::{POLL, interruptible, panic_message};

/// The engine of that name. `memo`, which builds a diagram rather than
/// searching, goes through `_Problem.zdd` and is refused here.
pub(crate) fn engine(name: &str) -> PyResult<Engine> {
    if name == "memo" {
        return Err(PyValueError::new_err("engine `memo` cannot run this search; expected auto, links, cells or bits"));
    }
    name.parse().map_err(|e: quadrille_dlx::UnknownEngine| PyValueError::new_err(e.to_string()))
}

/// A search's statistics as a tuple: nodes, updates, cleansings, solutions.
pub(crate) type StatsTuple = (u64, u64, u64, u64);

/// Solutions with their costs: each a cost and its options' numbers.
type CostedList = Vec<(u64, Vec<u32>)>;

pub(crate) fn stats_tuple(stats: &Stats) -> StatsTuple {
    (stats.nodes, stats.updates, stats.cleansings, stats.solutions)
}

pub(crate) fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// An exact-cover problem, built and checked by the engine.
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
    fn config(&self, engine_name: &str, limit: Option<u64>, monitor: &Arc<Monitor>) -> PyResult<Config> {
        Ok(Config::new().engine(engine(engine_name)?).limit(limit).monitor(Some(monitor.clone())))
    }
}

#[pymethods]
impl PyProblem {
    /// Builds a problem: `names` of the items (the first `n_primary` primary),
    /// `bounds` for the primary items (or empty), the options as `offsets` into
    /// `items` (item numbers) and `colors` (colour numbers into `color_names`,
    /// or -1), and a cost per option (or none).
    #[new]
    #[pyo3(signature = (names, n_primary, bounds, offsets, items, colors, color_names, costs))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        names: Vec<String>,
        n_primary: usize,
        bounds: Vec<(u32, u32)>,
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
                match bounds.get(k) {
                    Some(&(lower, upper)) if (lower, upper) != (1, 1) => b.primary_with_bounds(name, lower, upper),
                    _ => b.primary(name),
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

    /// Reads Knuth's text format.
    #[staticmethod]
    fn from_knuth(text: &str) -> PyResult<Self> {
        Ok(PyProblem { problem: Problem::from_knuth(text).map_err(value_error)? })
    }

    /// A 0/1 matrix in compressed sparse rows: row `r` holds the columns
    /// `indices[indptr[r]..indptr[r + 1]]` (little-endian `u32` bytes); the
    /// first `n_primary` of `n_columns` columns are primary.
    #[staticmethod]
    fn from_csr(n_columns: usize, n_primary: usize, indptr: &[u8], indices: &[u8]) -> PyResult<Self> {
        let indptr = u32s(indptr, "indptr")?;
        let indices = u32s(indices, "indices")?;
        let mut b = Problem::builder();
        let mut handles = Vec::with_capacity(n_columns);
        for column in 0..n_columns {
            let name = column.to_string();
            handles.push(if column < n_primary { b.primary(&name) } else { b.secondary(&name) }.map_err(value_error)?);
        }
        for (row, range) in option_ranges(&indptr, indices.len())?.into_iter().enumerate() {
            let items: Option<Vec<_>> = indices[range].iter().map(|&c| handles.get(c as usize).copied()).collect();
            let items = items.ok_or_else(|| PyValueError::new_err(format!("row {row}: a column out of range")))?;
            b.option(items).map_err(|e| PyValueError::new_err(format!("row {row}: {e}")))?;
        }
        Ok(PyProblem { problem: b.build().map_err(value_error)? })
    }

    /// The problem in Knuth's text format.
    fn to_knuth(&self) -> String {
        self.problem.to_knuth()
    }

    /// The items' names.
    fn item_names(&self) -> Vec<String> {
        self.problem.items().map(|i| self.problem.item_name(i).to_string()).collect()
    }

    /// The primary items' bounds.
    fn bounds(&self) -> Vec<(u32, u32)> {
        self.problem.items().filter(|&i| self.problem.is_primary(i)).map(|i| self.problem.bounds(i)).collect()
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

    /// The engine that would run a search: `links`, `cells` or `bits`.
    fn resolve_engine(&self, engine_name: &str) -> PyResult<&'static str> {
        Ok(engine(engine_name)?.resolve(&self.problem).name())
    }

    /// Counts the solutions; returns the statistics and whether the count was
    /// cut short by the limit.
    #[pyo3(signature = (engine, limit, threads))]
    fn count(&self, py: Python<'_>, engine: &str, limit: Option<u64>, threads: usize) -> PyResult<StatsTuple> {
        let monitor = Arc::new(Monitor::new());
        let config = self.config(engine, limit, &monitor)?;
        let problem = &self.problem;
        let stats = interruptible(py, &monitor, move || {
            if threads == 1 {
                let mut solver = Solver::with_config(problem, config);
                solver.count();
                Ok(solver.stats())
            } else {
                Parallel::new(problem).threads(threads).config(config).count()
            }
        })?;
        Ok(stats_tuple(&stats.map_err(|e| PyRuntimeError::new_err(e.to_string()))?))
    }

    /// The problem's fingerprint, as shard records name it (`dlx:` and 16
    /// hexadecimal digits).
    fn shard_id(&self) -> String {
        format!("dlx:{:016x}", self.problem.fingerprint())
    }

    /// Counts shard `index` of `of` (every `of`-th subproblem of the split the
    /// command line's `--shard` makes, so the records merge with its own):
    /// the statistics.
    #[pyo3(signature = (index, of, engine, threads))]
    fn count_shard(&self, py: Python<'_>, index: u32, of: u32, engine: &str, threads: usize) -> PyResult<StatsTuple> {
        let monitor = Arc::new(Monitor::new());
        let config = self.config(engine, None, &monitor)?;
        let parallel =
            Parallel::new(&self.problem).threads(threads).shard(index, of).map_err(value_error)?.config(config);
        let stats = interruptible(py, &monitor, move || parallel.count())?;
        Ok(stats_tuple(&stats.map_err(|e| PyRuntimeError::new_err(e.to_string()))?))
    }

    /// The first solution's options, if any, and the statistics.
    fn first(&self, py: Python<'_>, engine: &str) -> PyResult<(Option<Vec<u32>>, StatsTuple)> {
        let monitor = Arc::new(Monitor::new());
        let config = self.config(engine, None, &monitor)?;
        let problem = &self.problem;
        let (first, stats) = interruptible(py, &monitor, move || {
            let mut solver = Solver::with_config(problem, config);
            let first = solver.first();
            (first, solver.stats())
        })?;
        let first = first.map(|options| options.iter().map(|o| o.0).collect());
        Ok((first, stats_tuple(&stats)))
    }

    /// The `k` cheapest solutions: each its cost and options (in increasing
    /// order of their numbers), and the statistics.
    fn best(&self, py: Python<'_>, k: usize, threads: usize) -> PyResult<(CostedList, StatsTuple)> {
        let monitor = Arc::new(Monitor::new());
        let problem = &self.problem;
        let search_monitor = monitor.clone();
        let best = interruptible(py, &monitor, move || {
            MinCost::new(problem).threads(threads).monitor(Some(search_monitor)).best(k)
        })?
        .map_err(value_error)?;
        let solutions = best.solutions.iter().map(|s| (s.cost, s.options.iter().map(|o| o.0).collect())).collect();
        Ok((solutions, stats_tuple(&best.stats)))
    }

    /// The diagram of all solutions, made by the memoizing engine with its
    /// cache limited to `limit` bytes (by default the library's).
    #[pyo3(signature = (limit=None))]
    fn zdd(&self, py: Python<'_>, limit: Option<usize>) -> PyResult<crate::zdd::PyZdd> {
        crate::zdd::PyZdd::build(py, &self.problem, limit)
    }

    /// The solutions one at a time: each a list of `payloads[k]` for its
    /// options `k`, or of the option numbers when `payloads` is `None`.
    #[pyo3(signature = (engine, limit, payloads))]
    fn solutions(&self, engine: &str, limit: Option<u64>, payloads: Option<Vec<PyObject>>) -> PyResult<PySolutions> {
        check_payloads(&payloads, self.problem.n_options())?;
        let monitor = Arc::new(Monitor::new());
        let config = self.config(engine, limit, &monitor)?;
        Ok(PySolutions::start(self.problem.clone(), config, monitor, payloads))
    }
}

/// Refuses payloads that are not one per option.
pub(crate) fn check_payloads(payloads: &Option<Vec<PyObject>>, n_options: usize) -> PyResult<()> {
    match payloads {
        Some(payloads) if payloads.len() != n_options => {
            Err(PyValueError::new_err(format!("{} payloads for {} options", payloads.len(), n_options)))
        }
        _ => Ok(()),
    }
}

/// Solutions travel from the search's thread in chunks: the options of each,
/// one after the other, and where each ends.
#[derive(Default)]
pub(crate) struct Chunk {
    options: Vec<u32>,
    ends: Vec<usize>,
}

/// What the search's thread sends.
pub(crate) enum Message {
    Chunk(Chunk),
    Done(Stats),
    Panicked(String),
}

/// The most solutions in one chunk; the first chunks are smaller (1, 2, 4, …),
/// so that asking for a few solutions does not search for many.
const CHUNK: usize = 1024;

/// Gathers solutions into chunks and sends them.
pub(crate) struct ChunkSender<'s> {
    sender: &'s SyncSender<Message>,
    chunk: Chunk,
    size: usize,
    open: bool,
}

impl<'s> ChunkSender<'s> {
    pub(crate) fn new(sender: &'s SyncSender<Message>) -> Self {
        ChunkSender { sender, chunk: Chunk::default(), size: 1, open: true }
    }

    /// Adds a solution; false once the reader has gone.
    pub(crate) fn push(&mut self, solution: &[OptionId]) -> bool {
        self.chunk.options.extend(solution.iter().map(|o| o.0));
        self.chunk.ends.push(self.chunk.options.len());
        if self.chunk.ends.len() >= self.size {
            self.size = (self.size * 2).min(CHUNK);
            if self.sender.send(Message::Chunk(std::mem::take(&mut self.chunk))).is_err() {
                self.open = false;
            }
        }
        self.open
    }

    /// Sends the last solutions.
    pub(crate) fn flush(self) {
        if self.open && !self.chunk.ends.is_empty() {
            let _ = self.sender.send(Message::Chunk(self.chunk));
        }
    }
}

/// Runs `work`, which sends solutions, then sends its statistics, or its
/// panic's message.
pub(crate) fn send_all(sender: SyncSender<Message>, work: impl FnOnce(&SyncSender<Message>) -> Stats) {
    let result = catch_unwind(AssertUnwindSafe(|| work(&sender)));
    let _ = sender.send(match result {
        Ok(stats) => Message::Done(stats),
        Err(payload) => Message::Panicked(panic_message(&*payload)),
    });
}

/// The search's end of the channel: runs the search, sending its solutions.
fn produce(problem: Problem, config: Config, sender: SyncSender<Message>) {
    send_all(sender, |sender| {
        let mut solver = Solver::with_config(&problem, config);
        let mut out = ChunkSender::new(sender);
        solver.visit(|solution| if out.push(solution) { ControlFlow::Continue(()) } else { ControlFlow::Break(()) });
        out.flush();
        solver.stats()
    });
}

struct State {
    receiver: Option<Receiver<Message>>,
    chunk: Chunk,
    /// The next solution of the chunk to hand out.
    next: usize,
    done: Option<Stats>,
}

/// The solutions of a problem, searched on a thread of their own a chunk
/// ahead of the reader; closing or dropping it stops and frees the search.
#[pyclass(module = "quadrille", name = "Solutions", frozen)]
pub(crate) struct PySolutions {
    state: Mutex<State>,
    monitor: Arc<Monitor>,
    payloads: Option<Vec<PyObject>>,
    search: Mutex<Option<JoinHandle<()>>>,
    /// The engine that searches.
    engine: &'static str,
}

impl PySolutions {
    fn start(problem: Problem, config: Config, monitor: Arc<Monitor>, payloads: Option<Vec<PyObject>>) -> Self {
        let engine = config.get_engine().resolve(&problem).name();
        Self::spawn(engine, monitor, payloads, move |sender| produce(problem, config, sender))
    }

    /// Solutions sent by `producer` on a thread of its own; `monitor` is
    /// stopped when the reader closes them.
    pub(crate) fn spawn(
        engine: &'static str,
        monitor: Arc<Monitor>,
        payloads: Option<Vec<PyObject>>,
        producer: impl FnOnce(SyncSender<Message>) + Send + 'static,
    ) -> Self {
        let (sender, receiver) = sync_channel(0);
        let search = std::thread::spawn(move || producer(sender));
        PySolutions {
            state: Mutex::new(State { receiver: Some(receiver), chunk: Chunk::default(), next: 0, done: None }),
            monitor,
            payloads,
            search: Mutex::new(Some(search)),
            engine,
        }
    }

    /// Stops the search and waits for its thread (at most until its next
    /// report to the monitor).
    fn finish(&self, state: &mut State) {
        self.monitor.stop();
        state.receiver = None;
        let search = self.search.lock().map(|mut s| s.take()).unwrap_or(None);
        if let Some(search) = search {
            let _ = search.join();
        }
    }
}

impl Drop for PySolutions {
    fn drop(&mut self) {
        if let Ok(mut state) = self.state.lock() {
            let state = &mut *state;
            self.monitor.stop();
            state.receiver = None;
        }
        if let Some(search) = self.search.get_mut().ok().and_then(Option::take) {
            let _ = search.join();
        }
    }
}

#[pymethods]
impl PySolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let mut guard = match self.state.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::WouldBlock) => {
                return Err(PyValueError::new_err("the solutions are already being read by another thread"));
            }
            Err(TryLockError::Poisoned(_)) => return Err(PyRuntimeError::new_err("the solutions were abandoned")),
        };
        let state = &mut *guard;
        loop {
            if state.next < state.chunk.ends.len() {
                let start = if state.next == 0 { 0 } else { state.chunk.ends[state.next - 1] };
                let options = &state.chunk.options[start..state.chunk.ends[state.next]];
                state.next += 1;
                let list = match &self.payloads {
                    Some(payloads) => PyList::new(py, options.iter().map(|&o| payloads[o as usize].clone_ref(py)))?,
                    None => PyList::new(py, options)?,
                };
                return Ok(Some(list.into_any().unbind()));
            }
            let Some(receiver) = state.receiver.take() else {
                return Ok(None);
            };
            let (receiver, message) = py.allow_threads(move || {
                let message = receiver.recv_timeout(POLL);
                (receiver, message)
            });
            state.receiver = Some(receiver);
            match message {
                Ok(Message::Chunk(chunk)) => {
                    state.chunk = chunk;
                    state.next = 0;
                }
                Ok(Message::Done(stats)) => {
                    state.done = Some(stats);
                    self.finish(state);
                    return Ok(None);
                }
                Ok(Message::Panicked(message)) => {
                    self.finish(state);
                    return Err(PyRuntimeError::new_err(format!("internal error in the search: {message}")));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(error) = py.check_signals() {
                        self.finish(state);
                        return Err(error);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.finish(state);
                    return Ok(None);
                }
            }
        }
    }

    /// Stops the search and frees it; the iterator then ends.
    fn close(&self) {
        if let Ok(mut state) = self.state.lock() {
            state.chunk = Chunk::default();
            state.next = 0;
            self.finish(&mut state);
        }
    }

    /// The statistics: final once the iterator has ended, else those the
    /// search has reported so far.
    #[getter]
    fn stats(&self, py: Python<'_>) -> PyResult<PyObject> {
        let stats = match self.state.try_lock() {
            Ok(state) if state.done.is_some() => stats_tuple(state.done.as_ref().expect("checked")),
            _ => stats_tuple(&self.monitor.stats()),
        };
        let class = py.import("quadrille._problem")?.getattr("Stats")?;
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("engine", self.engine)?;
        Ok(class.call(stats, Some(&kwargs))?.unbind())
    }

    /// Whether the search has ended.
    #[getter]
    fn finished(&self) -> bool {
        self.state.try_lock().map(|s| s.receiver.is_none()).unwrap_or(false)
    }
}
