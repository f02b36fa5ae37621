//! `_Zdd`, the diagram of all solutions that the memoizing engine makes,
//! seen from Python.

use std::sync::Arc;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use quadrille_dlx::memo::{DEFAULT_LIMIT_BYTES, Zdd, ZddSolutions};
use quadrille_dlx::{Engine, Monitor, OptionId, Problem, Search, Stats};

use crate::run::interruptible;
use crate::solutions::{Chunk, PySolutions, Source, check_payloads};

/// The memo's figures as a tuple: nodes, updates, cleansings, ZDD nodes,
/// memos, hits.
type ZddStatsTuple = (u64, u64, u64, u64, u64, u64);

fn numbers(options: &[OptionId]) -> Vec<u32> {
    options.iter().map(|o| o.0).collect()
}

/// The diagram of all solutions of a problem, and the problem, to name its
/// options.
#[pyclass(module = "quadrille._quadrille", name = "_Zdd", frozen)]
pub(crate) struct PyZdd {
    zdd: Arc<Zdd>,
    problem: Problem,
}

impl PyZdd {
    /// Builds the diagram of `problem` on a thread of its own, the GIL
    /// released and Ctrl-C heard.
    pub(crate) fn build(py: Python<'_>, problem: &Problem, memo_bytes: Option<usize>) -> PyResult<Self> {
        let monitor = Arc::new(Monitor::new());
        let search = Search::new(problem)
            .engine(Engine::Memo)
            .memo_bytes(memo_bytes.unwrap_or(DEFAULT_LIMIT_BYTES))
            .monitor(Some(monitor.clone()));
        let zdd = interruptible(py, &monitor, move || search.zdd())?.map_err(crate::run::search_error)?;
        Ok(PyZdd { zdd: Arc::new(zdd), problem: problem.clone() })
    }
}

#[pymethods]
impl PyZdd {
    /// The number of solutions, in decimal.
    fn count(&self, py: Python<'_>) -> String {
        let zdd = &self.zdd;
        py.allow_threads(|| zdd.count().to_string())
    }

    /// The figures of the search that made the diagram.
    fn stats(&self) -> ZddStatsTuple {
        let s = self.zdd.stats();
        (s.nodes, s.updates, s.cleansings, s.zdd_nodes(), s.memos, s.hits)
    }

    /// `k` solutions drawn uniformly at random from a generator seeded with
    /// `seed`, one at a time as they are asked for.
    fn sample(&self, k: u64, seed: u64) -> PySamples {
        PySamples { zdd: self.zdd.clone(), state: std::sync::Mutex::new((k, seed)) }
    }

    /// For each option, the number of solutions that use it, in decimal.
    fn option_counts(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        let zdd = &self.zdd;
        let counts = py.allow_threads(|| zdd.option_counts()).map_err(crate::run::memo_error)?;
        Ok(counts.iter().map(ToString::to_string).collect())
    }

    /// The `k` cheapest solutions: each its cost and options (in increasing
    /// order of their numbers).
    fn best(&self, py: Python<'_>, k: usize) -> PyResult<Vec<(u64, Vec<u32>)>> {
        let zdd = &self.zdd;
        let best = py.allow_threads(|| zdd.best(k)).map_err(crate::run::memo_error)?;
        Ok(best.iter().map(|c| (c.cost, numbers(&c.options))).collect())
    }

    /// The diagram in Knuth's ZDD text format.
    fn to_knuth(&self) -> PyResult<String> {
        let mut out = Vec::new();
        self.zdd.write_knuth(&mut out).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        String::from_utf8(out).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// The diagram for Graphviz's `dot`.
    fn to_dot(&self) -> PyResult<String> {
        let mut out = Vec::new();
        self.zdd.write_dot(&mut out, &self.problem).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        String::from_utf8(out).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// The solutions one at a time (at most `limit`), as the options chosen
    /// from the top level down: each a list of `payloads[k]` for its options
    /// `k`, or of the option numbers when `payloads` is `None`.
    #[pyo3(signature = (limit, payloads))]
    fn solutions(&self, limit: Option<u64>, payloads: Option<Vec<PyObject>>) -> PyResult<PySolutions> {
        check_payloads(&payloads, self.problem.n_options())?;
        let memo = *self.zdd.stats();
        let source = Paths {
            solutions: ZddSolutions::new(self.zdd.clone()),
            left: limit.unwrap_or(u64::MAX),
            stats: Stats { nodes: memo.nodes, updates: memo.updates, cleansings: memo.cleansings, solutions: 0 },
        };
        Ok(PySolutions::new("memo", Arc::new(Monitor::new()), payloads, Box::new(source)))
    }
}

/// A diagram's paths, listed from where the last call left them.
struct Paths {
    solutions: ZddSolutions<Arc<Zdd>>,
    /// How many more the limit lets through.
    left: u64,
    /// The memo's figures, and the solutions listed so far.
    stats: Stats,
}

impl Source for Paths {
    fn fill(&mut self, chunk: &mut Chunk, max: usize) -> Option<Stats> {
        for _ in 0..max {
            let next = if self.left == 0 { None } else { self.solutions.next() };
            let Some(solution) = next else { return Some(self.stats) };
            chunk.push(&solution);
            self.left -= 1;
            self.stats.solutions += 1;
        }
        None
    }

    fn stats(&self) -> Stats {
        self.stats
    }
}

/// Uniform random solutions of a diagram, drawn one at a time as Python asks
/// for them: however many are asked for, only the next one is held.
#[pyclass(module = "quadrille._quadrille", name = "_Samples", frozen)]
pub(crate) struct PySamples {
    zdd: Arc<Zdd>,
    /// The samples still to draw, and the seed that draws the next.
    state: std::sync::Mutex<(u64, u64)>,
}

#[pymethods]
impl PySamples {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self) -> Option<Vec<u32>> {
        let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let (left, seed) = *state;
        if left == 0 {
            return None;
        }
        let mut samples = self.zdd.samples(seed);
        let Some(sample) = samples.next() else {
            *state = (0, seed);
            return None;
        };
        *state = (left - 1, samples.next_seed());
        Some(numbers(&sample))
    }

    /// The samples still to draw.
    fn __length_hint__(&self) -> usize {
        let left = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner).0;
        usize::try_from(left).unwrap_or(usize::MAX)
    }
}
