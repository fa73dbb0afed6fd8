//! The exceptions of the `abviz` module and how abviz's errors become them.
//!
//! `AbvizError` (a `ValueError`) is the base: bad input, options that do not fit, a view that
//! cannot be made. `SearchStopped` says a search hit its node budget or time limit. `GameError`
//! says a Python game broke: its callback raised (the original exception is its `__cause__`)
//! or answered something abviz cannot use; it carries the method and the moves from the root.

use abviz::request::{Opt, RequestError};
use abviz::trace::Stop;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    abviz,
    AbvizError,
    PyValueError,
    "Something abviz was asked cannot be done: bad input, options that do not fit, a view that cannot be made."
);
create_exception!(
    abviz,
    SearchStopped,
    AbvizError,
    "A search hit its node budget (option max_nodes) or its time limit (option time)."
);
create_exception!(
    abviz,
    GameError,
    AbvizError,
    "A Python game failed during a search: a callback raised (the original exception is the \
     __cause__) or returned something abviz cannot use. Attributes: method (the callback's \
     name) and moves (the moves from the root to the position, a tuple)."
);

/// An abviz error as a Python exception: a stopped search is `SearchStopped`, anything else
/// `AbvizError`, with abviz's own message.
pub fn to_py(e: abviz::Error) -> PyErr {
    match e {
        abviz::Error::Stopped(stop) | abviz::Error::CompareStopped { source: stop, .. } => stopped(stop),
        abviz::Error::Request(refusal) => refused(&refusal),
        other => AbvizError::new_err(message(&other)),
    }
}

/// A request's option the engine refuses, as `AbvizError` in Python's words: the engine's
/// message with each option spelled as its keyword (`time=0: give a positive number of
/// seconds, at most 1e9`).
pub fn refused(refusal: &RequestError) -> PyErr {
    AbvizError::new_err(refusal.worded(spell))
}

/// An option of the engine's request as Python spells it: its keyword, `time=0` with a value.
pub fn spell(option: Opt, value: Option<&str>) -> String {
    match value {
        Some(v) => format!("{}={v}", option.key()),
        None => option.key().to_string(),
    }
}

/// A drawing error as a Python exception.
pub fn draw_to_py(e: abviz::export::DrawError) -> PyErr {
    AbvizError::new_err(message(&e))
}

/// Any error of abviz's libraries (an unknown name, a bad range) as `AbvizError`, with its
/// message and causes.
pub fn invalid(e: impl std::error::Error + 'static) -> PyErr {
    AbvizError::new_err(message(&e))
}

/// A stopped search as `SearchStopped`.
pub fn stopped(stop: Stop) -> PyErr {
    SearchStopped::new_err(stop.to_string())
}

/// The message of `e` with its causes ("a: b: c").
fn message(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let more = s.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        source = s.source();
    }
    text
}
