//! The library's capability table ([`quadrille_dlx::engine`]) for Python:
//! `quadrille.engines()`, and the refusals in its words.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use quadrille_dlx::engine::{Questions, Refusal, Refused};
use quadrille_dlx::{Engine, Question};

use crate::problem::engine;

/// The names of a set of questions.
fn names(questions: Questions) -> Vec<&'static str> {
    questions.iter().map(Question::name).collect()
}

/// Every engine's row of the capability table, as dictionaries, in the
/// library's order (`auto` last).
#[pyfunction]
pub(crate) fn engines(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    Engine::ALL
        .into_iter()
        .map(|engine| {
            let c = engine.capabilities();
            let row = PyDict::new(py);
            row.set_item("name", engine.name())?;
            row.set_item("summary", c.summary)?;
            row.set_item("questions", names(c.questions))?;
            row.set_item("bounds", c.bounds.words())?;
            row.set_item("colours", c.colours)?;
            row.set_item("sharp", c.sharp)?;
            row.set_item("branching", c.branching)?;
            row.set_item("commits", c.commits)?;
            row.set_item("most_options", c.most_options)?;
            row.set_item("most_items", c.most_items)?;
            row.set_item("item_order", c.item_order)?;
            row.set_item("threads", names(c.threads))?;
            row.set_item("shards", names(c.shards))?;
            row.set_item("slices", names(c.slices))?;
            row.set_item("statistics", c.statistics)?;
            Ok(row)
        })
        .collect()
}

/// The refusal of `question` (a name of [`Question::ALL`]) by `engine_name`,
/// whole or `split` (`shards` or `slices`), in the table's words; `None`
/// when the engine answers it. `ValueError` for an unknown name.
#[pyfunction]
#[pyo3(signature = (engine_name, question, split = None))]
pub(crate) fn refusal(engine_name: &str, question: &str, split: Option<&str>) -> PyResult<Option<String>> {
    let engine = engine(engine_name)?;
    let question = Question::ALL.into_iter().find(|q| q.name() == question).ok_or_else(|| {
        let names: Vec<&str> = Question::ALL.iter().map(|q| q.name()).collect();
        pyo3::exceptions::PyValueError::new_err(format!(
            "unknown question `{question}`: the questions are {}",
            names.join(", ")
        ))
    })?;
    let c = engine.capabilities();
    let what = match split {
        _ if !c.answers(question) => Refused::Question(question),
        Some("shards") if !c.shards(question) => Refused::Shards(question),
        Some("slices") if !c.slices.contains(question) => Refused::Slices(question),
        None | Some("shards" | "slices") => return Ok(None),
        Some(other) => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!("unknown split `{other}`: shards or slices")));
        }
    };
    Ok(Some(Refusal { engine, what }.to_string()))
}
