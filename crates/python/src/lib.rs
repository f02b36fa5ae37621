//! The Python package `quadrille`: its native module `quadrille._quadrille`.
//!
//! A thin layer, like the command-line tool: Python values in, the library's
//! types out. The Python package (`python/quadrille/`) maps the user's items to
//! numbers and wraps what comes back in Python classes; this crate builds the
//! engine's problems and models from those numbers and runs the searches, each
//! on a thread of its own with the GIL released and Python's signals polled
//! (`src/run.rs`), so that other Python threads go on and Ctrl-C stops a search.
//!
//! Built with maturin (`pip install crates/python`); `cargo build` and
//! `cargo test` build it as an ordinary library, without linking Python.
#![deny(missing_docs)]

mod engines;
mod models;
mod problem;
mod run;
mod shard;
mod slices;
mod solutions;
mod zdd;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _quadrille(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<problem::PyProblem>()?;
    m.add_class::<solutions::PySolutions>()?;
    m.add_class::<models::PyPacking>()?;
    m.add_class::<shard::PyMerge>()?;
    m.add_class::<slices::PySlices>()?;
    m.add_class::<zdd::PyZdd>()?;
    m.add_class::<zdd::PySamples>()?;
    m.add_function(wrap_pyfunction!(engines::engines, m)?)?;
    m.add_function(wrap_pyfunction!(engines::refusal, m)?)?;
    m.add_function(wrap_pyfunction!(models::queens_list, m)?)?;
    m.add_function(wrap_pyfunction!(models::queens_count, m)?)?;
    m.add_function(wrap_pyfunction!(models::queens_svg, m)?)?;
    m.add_function(wrap_pyfunction!(models::queens_count_shard, m)?)?;
    m.add_function(wrap_pyfunction!(models::queens_slices, m)?)?;
    m.add_function(wrap_pyfunction!(models::sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(models::sudoku_svg, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_SHARDS", quadrille_dlx::parallel::MAX_SHARDS)?;
    // Every engine's name, as the library spells them (`auto` last).
    m.add("ENGINES", quadrille_dlx::Engine::ALL.map(quadrille_dlx::Engine::name).to_vec())?;
    Ok(())
}
