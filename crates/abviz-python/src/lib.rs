//! # abviz for Python
//!
//! The extension module `abviz._abviz`, which the Python package `abviz` (python/abviz at the
//! repository root) re-exports: inputs ([`input`]: `abviz.tree`, `abviz.random_tree`,
//! `abviz.game`), searches of inputs and of Python games ([`pygame`]: any object with the game
//! protocol, traced by every abviz algorithm), traces and their views ([`trace`], [`page`]),
//! comparisons ([`compare`]) and the command line ([`cli`]). maturin builds it
//! (`pip install .` at the root); its tests are in tests/python.

mod cli;
mod compare;
mod errors;
mod input;
mod options;
mod page;
mod pygame;
mod records;
mod stack;
mod trace;

use pyo3::prelude::*;

/// Reads a trace from its file form (JSON text, as `Trace.to_json()` or `abviz run --format
/// json` writes it); `abviz.load(path)` reads a file.
#[pyfunction]
fn loads(py: Python<'_>, text: &str) -> PyResult<trace::Trace> {
    let read = py.detach(|| abviz::search::read_trace(text));
    read.map(trace::Trace::new).map_err(|e| errors::AbvizError::new_err(e.to_string()))
}

/// The algorithms' names, in the order `abviz compare` lists them.
#[pyfunction]
fn algorithms() -> Vec<&'static str> {
    abviz::search::Algorithm::ALL.iter().map(|a| a.name()).collect()
}

/// The built-in games' names.
#[pyfunction]
fn games() -> Vec<&'static str> {
    abviz::game::registry::GameId::ALL.iter().map(|g| g.info().name).collect()
}

/// The LaTeX package `abviz.sty` that figures drawn with `to_tikz(tikz_body=True)` need: save it
/// as abviz.sty beside them and load it with `\usepackage{abviz}`.
#[pyfunction]
fn tikz_package() -> String {
    abviz::export::abviz_sty()
}

#[pymodule]
fn _abviz(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<input::PyInput>()?;
    m.add_class::<trace::Trace>()?;
    m.add_class::<page::Page>()?;
    m.add_class::<compare::Comparison>()?;
    m.add_function(wrap_pyfunction!(input::tree, m)?)?;
    m.add_function(wrap_pyfunction!(input::random_tree, m)?)?;
    m.add_function(wrap_pyfunction!(input::game, m)?)?;
    m.add_function(wrap_pyfunction!(input::search, m)?)?;
    m.add_function(wrap_pyfunction!(compare::compare, m)?)?;
    m.add_function(wrap_pyfunction!(loads, m)?)?;
    m.add_function(wrap_pyfunction!(algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(tikz_package, m)?)?;
    m.add_function(wrap_pyfunction!(cli::run_cli, m)?)?;
    m.add("AbvizError", py.get_type::<errors::AbvizError>())?;
    m.add("SearchStopped", py.get_type::<errors::SearchStopped>())?;
    m.add("GameError", py.get_type::<errors::GameError>())?;
    m.add("MAX_PLIES", pygame::MAX_PLIES)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
