//! The solutions of a search handed to Python one at a time. The search
//! keeps no thread of its own between two calls: each call that needs more
//! solutions runs it a chunk further (1, 2, 4, … up to [`CHUNK`] solutions)
//! on a thread that ends with the call (`run::interruptible`, so the GIL is
//! released and Ctrl-C heard), whatever makes them (an engine's search, or
//! a diagram's paths). A thousand live iterators cost a thousand paused
//! searches, and no thread.

use std::sync::{Arc, Mutex, TryLockError};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use quadrille_dlx::{Engine, Monitor, OptionId, Stats};

use crate::run::{interruptible, stats_tuple};

/// Refuses payloads that are not one per option.
pub(crate) fn check_payloads(payloads: &Option<Vec<PyObject>>, n_options: usize) -> PyResult<()> {
    match payloads {
        Some(payloads) if payloads.len() != n_options => {
            Err(PyValueError::new_err(format!("{} payloads for {} options", payloads.len(), n_options)))
        }
        _ => Ok(()),
    }
}

/// Solutions gathered by one call: the options of each, one after the
/// other, and where each ends.
#[derive(Default)]
pub(crate) struct Chunk {
    options: Vec<u32>,
    ends: Vec<usize>,
}

impl Chunk {
    /// Adds a solution.
    pub(crate) fn push(&mut self, solution: &[OptionId]) {
        self.options.extend(solution.iter().map(|o| o.0));
        self.ends.push(self.options.len());
    }
}

/// The most solutions one call gathers; the first calls gather fewer (1, 2,
/// 4, …), so that asking for a few solutions does not search for many.
const CHUNK: usize = 1024;

/// What makes the solutions: a paused search, or a diagram's paths.
pub(crate) trait Source: Send {
    /// Adds up to `max` solutions to `chunk`; the final statistics once
    /// there are no more.
    fn fill(&mut self, chunk: &mut Chunk, max: usize) -> Option<Stats>;

    /// The statistics so far.
    fn stats(&self) -> Stats;
}

struct State {
    /// `None` once the solutions are over, or the iterator closed.
    source: Option<Box<dyn Source>>,
    chunk: Chunk,
    /// The next solution of the chunk to hand out.
    next: usize,
    /// How many solutions the next call gathers.
    size: usize,
    done: Option<Stats>,
}

/// The solutions of a problem, searched a chunk at a time as the reader asks;
/// closing or dropping it frees the search.
#[pyclass(module = "quadrille", name = "Solutions", frozen)]
pub(crate) struct PySolutions {
    state: Mutex<State>,
    /// The monitor the search reports to, stopped by `close` from another
    /// thread while a chunk is being searched.
    monitor: Arc<Monitor>,
    payloads: Option<Vec<PyObject>>,
    /// The engine that searches.
    engine: &'static str,
}

impl PySolutions {
    /// The solutions `source` makes, searched with `monitor`.
    pub(crate) fn new(
        engine: &'static str,
        monitor: Arc<Monitor>,
        payloads: Option<Vec<PyObject>>,
        source: Box<dyn Source>,
    ) -> Self {
        let state = State { source: Some(source), chunk: Chunk::default(), next: 0, size: 1, done: None };
        PySolutions { state: Mutex::new(state), monitor, payloads, engine }
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
            let Some(mut source) = state.source.take() else {
                return Ok(None);
            };
            let size = state.size;
            state.size = (size * 2).min(CHUNK);
            let mut chunk = std::mem::take(&mut state.chunk);
            chunk.options.clear();
            chunk.ends.clear();
            // An error (Ctrl-C, a thread refused, a panic) ends the solutions.
            let (source, chunk, done) = interruptible(py, &self.monitor, move || {
                let done = source.fill(&mut chunk, size);
                (source, chunk, done)
            })?;
            state.chunk = chunk;
            state.next = 0;
            match done {
                Some(stats) => state.done = Some(stats),
                None => state.source = Some(source),
            }
        }
    }

    /// Stops the search and frees it; the iterator then ends.
    fn close(&self, py: Python<'_>) {
        // A search under way on another thread stops at its next report.
        self.monitor.stop();
        let state = &self.state;
        py.allow_threads(|| {
            if let Ok(mut state) = state.lock() {
                state.source = None;
                state.chunk = Chunk::default();
                state.next = 0;
            }
        });
    }

    /// The statistics: final once the iterator has ended, else those the
    /// search has made so far.
    #[getter]
    fn stats(&self, py: Python<'_>) -> PyResult<PyObject> {
        let mut stats = match self.state.try_lock() {
            Ok(state) => match (&state.done, &state.source) {
                (Some(done), _) => stats_tuple(done),
                (None, Some(source)) => stats_tuple(&source.stats()),
                (None, None) => stats_tuple(&self.monitor.stats()),
            },
            Err(_) => stats_tuple(&self.monitor.stats()),
        };
        if self.engine == Engine::Sweep.name() {
            // The sweep counts no updates or cleansings.
            (stats.1, stats.2) = (None, None);
        }
        let class = py.import("quadrille._problem")?.getattr("Stats")?;
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("engine", self.engine)?;
        Ok(class.call(stats, Some(&kwargs))?.unbind())
    }

    /// Whether the search has ended.
    #[getter]
    fn finished(&self) -> bool {
        self.state.try_lock().map(|s| s.source.is_none()).unwrap_or(false)
    }
}
