//! Shard records and their checked merge, the library's own
//! ([`quadrille_dlx::shard`]), so that `quadrille.distributed` and
//! `quadrille merge` read, refuse and sum records alike.

use std::sync::Mutex;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use quadrille_dlx::shard::{Merge, Origin, Record, branching_words};

/// A merge under way, held for Python: lines of JSON added one at a time,
/// each checked by [`Record::parse`] and [`Merge::add`], and, beyond what
/// `quadrille merge` checks, against the count the caller expects (its
/// problem, its number of slices, its engine, how it branches), so that a
/// journal whose first line is of another count is refused too.
#[pyclass(module = "quadrille._quadrille", name = "_Merge", frozen)]
pub struct PyMerge {
    expected_problem: String,
    expected_of: u64,
    expected_engine: Option<String>,
    /// How the expected count branches, in the words of
    /// [`Record::branching_words`].
    expected_branching: String,
    /// `None` once finished.
    merge: Mutex<Option<Merge>>,
}

#[pymethods]
impl PyMerge {
    #[new]
    #[pyo3(signature = (problem, of, engine=None, branching=None, weights=None))]
    fn new(
        problem: String,
        of: u64,
        engine: Option<String>,
        branching: Option<String>,
        weights: Option<String>,
    ) -> PyMerge {
        PyMerge {
            expected_problem: problem,
            expected_of: of,
            expected_engine: engine,
            expected_branching: branching_words(branching.as_deref(), weights.as_deref()),
            merge: Mutex::new(Some(Merge::new())),
        }
    }

    /// Adds the record on `line` (of `file`, line `line_number` from 1):
    /// returns its shard, the record as the library writes it, and its
    /// fields as a dictionary (those the record has), or raises
    /// `ValueError` naming `file:line_number` and what is wrong.
    fn add<'py>(
        &self,
        py: Python<'py>,
        text: &str,
        file: String,
        line_number: usize,
    ) -> PyResult<(u64, String, Bound<'py, PyDict>)> {
        let mut guard = self.merge.lock().map_err(|_| PyValueError::new_err("the merge is broken"))?;
        let merge = guard.as_mut().ok_or_else(|| PyValueError::new_err("the merge is finished"))?;
        let (record, line) = self.add_to(merge, text, Origin { file, line: line_number })?;
        Ok((record.shard, line, fields(py, &record)?))
    }

    /// Adds the records of `text`, one per line (lines `first_line`, … of
    /// `file`), as [`add`](PyMerge::add) adds each: returns the records as
    /// the library writes them, one per line, and each one's fields. The
    /// records before one refused stay added.
    fn add_lines<'py>(
        &self,
        py: Python<'py>,
        text: &str,
        file: String,
        first_line: usize,
    ) -> PyResult<(String, Vec<Bound<'py, PyDict>>)> {
        let mut guard = self.merge.lock().map_err(|_| PyValueError::new_err("the merge is broken"))?;
        let merge = guard.as_mut().ok_or_else(|| PyValueError::new_err("the merge is finished"))?;
        let (mut lines, mut all_fields) = (String::with_capacity(text.len()), Vec::new());
        for (k, line) in text.lines().enumerate() {
            let origin = Origin { file: file.clone(), line: first_line + k };
            let (record, written) = self.add_to(merge, line, origin)?;
            if !lines.is_empty() {
                lines.push('\n');
            }
            lines.push_str(&written);
            all_fields.push(fields(py, &record)?);
        }
        Ok((lines, all_fields))
    }

    /// The whole count as one line of JSON (the output of `quadrille
    /// merge`), or `ValueError` naming the missing slices.
    fn finish(&self) -> PyResult<String> {
        let mut guard = self.merge.lock().map_err(|_| PyValueError::new_err("the merge is broken"))?;
        let merge = guard.take().ok_or_else(|| PyValueError::new_err("the merge is finished"))?;
        let merged = merge.finish().map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(merged.to_json())
    }
}

/// A record's fields as a dictionary, as `json.loads` reads its line: the
/// optional ones only when present.
fn fields<'py>(py: Python<'py>, record: &Record) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    if let Some(branching) = &record.branching {
        dict.set_item("branching", branching)?;
    }
    dict.set_item("cleansings", record.cleansings)?;
    if let Some(engine) = &record.engine {
        dict.set_item("engine", engine)?;
    }
    dict.set_item("nodes", record.nodes)?;
    dict.set_item("of", record.of)?;
    if let Some(packings) = record.packings {
        dict.set_item("packings", packings)?;
    }
    dict.set_item("problem", &record.problem)?;
    dict.set_item("seconds", record.seconds)?;
    dict.set_item("shard", record.shard)?;
    dict.set_item("solutions", record.solutions)?;
    if let Some(unique_times_8) = record.unique_times_8 {
        dict.set_item("unique_times_8", unique_times_8)?;
    }
    dict.set_item("updates", record.updates)?;
    if let Some(weights) = &record.weights {
        dict.set_item("weights", weights)?;
    }
    Ok(dict)
}

impl PyMerge {
    /// Checks `text` as a record of the count expected and adds it to
    /// `merge`: the record, and its line as the library writes it.
    fn add_to(&self, merge: &mut Merge, text: &str, origin: Origin) -> PyResult<(Record, String)> {
        let refuse = |why: String| PyValueError::new_err(format!("{origin}: {why}"));
        let record = Record::parse(text).map_err(|e| refuse(e.to_string()))?;
        if record.problem != self.expected_problem {
            return Err(refuse(format!(
                "shard of another problem: {:?}, not {:?}",
                record.problem, self.expected_problem
            )));
        }
        if record.of != self.expected_of {
            return Err(refuse(format!("shard {}/{}, not of {}", record.shard, record.of, self.expected_of)));
        }
        if let Some(expected) = &self.expected_engine {
            // As in the merge, a record naming no engine is of the links engine.
            let found = record.engine.as_deref().unwrap_or("links");
            if found != expected {
                return Err(refuse(format!("shard counted with the {found} engine, not {expected}")));
            }
        }
        // As in the merge, a record naming no branching branched `d` ways.
        if record.branching_words() != self.expected_branching {
            return Err(refuse(format!(
                "shard counted with {}, not {}",
                record.branching_words(),
                self.expected_branching
            )));
        }
        let line = record.to_json();
        merge.add(origin, record.clone()).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((record, line))
    }
}
