//! `_Slices`: the library's split of one count into slices
//! ([`quadrille_dlx::parallel::Slices`]), made once in a worker process and
//! run there slice after slice, on solvers the split keeps from one call to
//! the next ([`Slices::visit_kept`]).

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use quadrille_dlx::parallel::Slices;
use quadrille_dlx::shard::{Record, branching_field, weights_field};
use quadrille_dlx::{Engine, Monitor, Problem, Search};
use quadrille_pack::Packing;

use crate::run::{interruptible, value_error};

/// A split held for Python, with what its records name: the problem's
/// identity (as `quadrille merge` compares it) and the engine.
#[pyclass(module = "quadrille._quadrille", name = "_Slices", frozen)]
pub struct PySlices {
    slices: Slices,
    /// Counts the packings it keeps, when the problem is a packing's.
    packing: Option<Packing>,
    problem_id: String,
}

impl PySlices {
    /// Splits `problem` into `of` slices for `engine`, with the GIL released.
    pub(crate) fn make(
        py: Python<'_>,
        problem: &Problem,
        of: u32,
        engine: Engine,
        packing: Option<Packing>,
        problem_id: String,
    ) -> PyResult<PySlices> {
        let monitor = Arc::new(Monitor::new());
        let search = Search::new(problem).engine(engine).monitor(Some(monitor.clone()));
        let slices = interruptible(py, &monitor, move || search.slices(of))?.map_err(value_error)?;
        Ok(PySlices { slices, packing, problem_id })
    }
}

#[pymethods]
impl PySlices {
    /// The problem's identity in shard records.
    #[getter]
    fn problem(&self) -> &str {
        &self.problem_id
    }

    /// The engine the slices run on (`links`, `cells` or `bits`).
    #[getter]
    fn engine(&self) -> &'static str {
        self.slices.engine().name()
    }

    /// The number of slices.
    #[getter]
    fn of(&self) -> u32 {
        self.slices.of()
    }

    /// Counts the slices `indices` on one solver the split keeps, their subproblems in the
    /// split's order, with the GIL released: each one's shard record, as one
    /// line of JSON (as `quadrille solve --shard` writes it). `ValueError`
    /// for a slice that does not exist, before any is counted.
    fn count(&self, py: Python<'_>, indices: Vec<u32>) -> PyResult<Vec<String>> {
        if let Some(&index) = indices.iter().find(|&&i| i >= self.slices.of()) {
            return Err(PyValueError::new_err(format!("no slice {index} of {}", self.slices.of())));
        }
        let monitor = Arc::new(Monitor::new());
        let heard = Some(monitor.clone());
        let answers = interruptible(py, &monitor, move || {
            let n = indices.len();
            let (mut kept, mut seconds) = (vec![0u64; n], vec![0f64; n]);
            let mut last = Instant::now();
            // Each subproblem's time goes to its slice.
            let searched = |position: usize| {
                let now = Instant::now();
                seconds[position] += (now - last).as_secs_f64();
                last = now;
            };
            let each = match &self.packing {
                Some(packing) => self.slices.visit_kept(
                    &indices,
                    heard,
                    |position, solution| {
                        kept[position] += u64::from(packing.keeps(solution));
                        ControlFlow::Continue(())
                    },
                    searched,
                ),
                None => self.slices.visit_kept(&indices, heard, |_, _| ControlFlow::Continue(()), searched),
            };
            each.map(|each| {
                let packings = self.packing.is_some();
                let records = each.iter().zip(&indices).zip(kept).zip(seconds);
                records
                    .map(|(((stats, &index), kept), seconds)| {
                        Record {
                            branching: branching_field(self.slices.branching()),
                            cleansings: stats.cleansings,
                            engine: Some(self.slices.engine().name().to_owned()),
                            nodes: stats.nodes,
                            of: u64::from(self.slices.of()),
                            packings: packings.then_some(kept),
                            problem: self.problem_id.clone(),
                            seconds,
                            shard: u64::from(index),
                            solutions: stats.solutions,
                            unique_times_8: None,
                            updates: stats.updates,
                            weights: weights_field(self.slices.branching(), self.slices.weights()),
                        }
                        .to_json()
                    })
                    .collect::<Vec<String>>()
            })
        })?;
        let answers = answers.map_err(|e: quadrille_dlx::ParallelError| value_error(e))?;
        if monitor.is_stopped() {
            return Err(PyValueError::new_err("the count was stopped"));
        }
        Ok(answers)
    }
}
