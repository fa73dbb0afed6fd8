//! The keyword options of a search (`search(..., max_nodes=..., seed=...)`) as the engine's
//! [`SearchRequest`]: this file only reads Python values into it; which options an algorithm
//! takes and which values are good is the engine's to say ([`SearchRequest::run_options`]), in
//! the same words as on the command line, each option spelled as its keyword. Unknown names
//! are refused with a message that lists the options there are.

use crate::errors::{AbvizError, refused, spell};
use abviz::input::RunOptions;
use abviz::request::{Opt, SearchRequest};
use abviz::search::Algorithm;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};

/// Every option a search takes, in the order the error message lists them.
pub const OPTIONS: &[Opt] = &[
    Opt::MaxNodes,
    Opt::Time,
    Opt::Positions,
    Opt::MinimaxReference,
    Opt::PrunedSubtrees,
    Opt::Guess,
    Opt::Window,
    Opt::Heuristics,
    Opt::Quiescence,
    Opt::Ties,
    Opt::Bounds,
    Opt::Iterations,
    Opt::Exploration,
    Opt::Seed,
    Opt::PlayoutLimit,
    Opt::RecordPlayouts,
];

/// `options` for a search by `algo`, applied to `base` (the defaults of the input searched).
pub fn run_options(
    options: Option<&Bound<'_, PyDict>>,
    algo: Algorithm,
    base: RunOptions,
) -> PyResult<RunOptions> {
    let mut r = SearchRequest::default();
    for (key, value) in options.into_iter().flat_map(|o| o.iter()) {
        let name: String = key.extract()?;
        let option = Opt::from_key(&name).filter(|o| OPTIONS.contains(o)).ok_or_else(|| {
            let names: Vec<&str> = OPTIONS.iter().map(|o| o.key()).collect();
            PyTypeError::new_err(format!(
                "search() got an unknown option '{name}'; the options are {}",
                names.join(", ")
            ))
        })?;
        let bad =
            |what: &str| AbvizError::new_err(format!("{}: give {what}", spell(option, Some(&repr(&value)))));
        let whole = || whole(&value).ok_or_else(|| bad("a whole number"));
        let truth = || truth(&value).ok_or_else(|| bad("True or False"));
        let text = || text(&value).ok_or_else(|| bad("a text"));
        match option {
            Opt::MaxNodes => r.max_nodes = Some(whole()?),
            Opt::Time => r.time = Some(number(&value).ok_or_else(|| bad("a number of seconds"))?),
            Opt::Positions => r.positions = Some(truth()?),
            Opt::MinimaxReference => r.minimax_reference = Some(truth()?),
            Opt::PrunedSubtrees => r.pruned_subtrees = Some(whole()?),
            Opt::Guess => r.guess = Some(value_text(&value).ok_or_else(|| bad("a value such as 3 or -12"))?),
            Opt::Window => r.window = Some(whole()?),
            Opt::Heuristics => r.heuristics = Some(text()?),
            Opt::Quiescence => r.quiescence = truth()?,
            Opt::Ties => {
                let t = text()?;
                r.ties =
                    Some(t.parse().map_err(|e: abviz_core::UnknownName| AbvizError::new_err(e.to_string()))?);
            }
            Opt::Bounds => {
                r.bounds = Some(bounds_text(&value).ok_or_else(|| bad("a range 'L..U' or a pair (L, U)"))?)
            }
            Opt::Iterations => r.iterations = Some(whole()?),
            Opt::Exploration => r.exploration = Some(number(&value).ok_or_else(|| bad("a number"))?),
            Opt::Seed => r.seed = Some(whole()?),
            Opt::PlayoutLimit => r.playout_limit = Some(whole()?),
            Opt::RecordPlayouts => r.record_playouts = truth()?,
            _ => unreachable!("OPTIONS lists the options read here"),
        }
    }
    r.run_options(algo, base).map_err(|e| refused(&e))
}

/// A whole number ≥ 0 (not a bool).
fn whole(value: &Bound<'_, PyAny>) -> Option<u64> {
    if value.is_instance_of::<PyBool>() {
        return None;
    }
    value.extract::<u64>().ok()
}

/// A number (not a bool).
fn number(value: &Bound<'_, PyAny>) -> Option<f64> {
    if value.is_instance_of::<PyBool>() {
        return None;
    }
    value.extract::<f64>().ok()
}

/// True or False.
fn truth(value: &Bound<'_, PyAny>) -> Option<bool> {
    value.cast::<PyBool>().ok().map(|b| b.is_true())
}

/// A text.
fn text(value: &Bound<'_, PyAny>) -> Option<String> {
    value.cast::<PyString>().ok().map(|s| s.to_string())
}

/// A value as the engine reads it: a whole number, or a text such as "-12" or "inf".
fn value_text(value: &Bound<'_, PyAny>) -> Option<String> {
    if value.is_instance_of::<PyBool>() {
        return None;
    }
    value.extract::<i64>().ok().map(|v| v.to_string()).or_else(|| text(value))
}

/// Leaf bounds as the engine reads them: "L..U", or a pair (L, U) of whole numbers.
fn bounds_text(value: &Bound<'_, PyAny>) -> Option<String> {
    text(value).or_else(|| value.extract::<(i64, i64)>().ok().map(|(l, u)| format!("{l}..{u}")))
}

/// `repr(value)`, or a stand-in when even that fails.
pub fn repr(value: &Bound<'_, PyAny>) -> String {
    value.repr().map(|r| r.to_string()).unwrap_or_else(|_| "<unprintable object>".to_string())
}
