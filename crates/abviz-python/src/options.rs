//! The keyword options of a search (`search(..., max_nodes=..., seed=...)`) as abviz's
//! [`RunOptions`]. Unknown names and bad values are refused with a message that lists the
//! options there are.

use crate::errors::AbvizError;
use abviz::Score;
use abviz::input::RunOptions;
use abviz::search::Heuristics;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Duration;

/// Every option a search takes, in the order the error message lists them.
pub const OPTIONS: &[&str] = &[
    "max_nodes",
    "time",
    "positions",
    "minimax_reference",
    "pruned_subtrees",
    "guess",
    "window",
    "heuristics",
    "quiescence",
    "ties",
    "iterations",
    "exploration",
    "seed",
    "playout_limit",
    "record_playouts",
];

/// `options` applied to `base` (the defaults of the input searched).
pub fn run_options(options: Option<&Bound<'_, PyDict>>, mut base: RunOptions) -> PyResult<RunOptions> {
    let Some(options) = options else { return Ok(base) };
    for (key, value) in options.iter() {
        let name: String = key.extract()?;
        let bad =
            |what: &str| AbvizError::new_err(format!("option {name} takes {what}, not {}", repr(&value)));
        let s = &mut base.settings;
        match name.as_str() {
            "max_nodes" => base.max_nodes = positive(&value).ok_or_else(|| bad("a whole number ≥ 1"))?,
            "time" => {
                let secs: f64 = value.extract().map_err(|_| bad("seconds"))?;
                if !(secs.is_finite() && secs > 0.0) {
                    return Err(bad("a positive number of seconds"));
                }
                base.time = Some(Duration::from_secs_f64(secs));
            }
            "positions" => base.positions = value.extract().map_err(|_| bad("True or False"))?,
            "minimax_reference" => {
                base.minimax_reference = value.extract().map_err(|_| bad("True or False"))?
            }
            "pruned_subtrees" => {
                base.pruned_subtrees = value.extract().map_err(|_| bad("a whole number ≥ 0"))?
            }
            "guess" => s.guess = score(&value).ok_or_else(|| bad("a whole number"))?,
            "window" => {
                s.window = positive(&value)
                    .and_then(|w| u32::try_from(w).ok())
                    .ok_or_else(|| bad("a whole number ≥ 1"))?
            }
            "heuristics" => {
                let text: String = value.extract().map_err(|_| bad("a text such as 'tt,killer,history'"))?;
                s.heuristics = text.parse::<Heuristics>().map_err(AbvizError::new_err)?;
            }
            "quiescence" => s.quiescence = value.extract().map_err(|_| bad("True or False"))?,
            "ties" => {
                let text: String = value.extract().map_err(|_| bad("'prune' or 'keep'"))?;
                s.ties = text.parse::<abviz::Ties>().map_err(|e| AbvizError::new_err(e.to_string()))?;
            }
            "iterations" => {
                s.mcts.iterations = positive(&value)
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| bad("a whole number ≥ 1"))?
            }
            "exploration" => {
                let c: f64 = value.extract().map_err(|_| bad("a number ≥ 0"))?;
                if !(c.is_finite() && c >= 0.0) {
                    return Err(bad("a number ≥ 0"));
                }
                s.mcts.exploration = c;
            }
            "seed" => s.mcts.seed = value.extract().map_err(|_| bad("a whole number ≥ 0"))?,
            "playout_limit" => {
                s.mcts.playout_limit = positive(&value)
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| bad("a whole number ≥ 1"))?
            }
            "record_playouts" => base.record_playouts = value.extract().map_err(|_| bad("True or False"))?,
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "search() got an unknown option '{name}'; the options are {}",
                    OPTIONS.join(", ")
                )));
            }
        }
    }
    Ok(base)
}

/// A whole number ≥ 1 (not a bool).
fn positive(value: &Bound<'_, PyAny>) -> Option<u64> {
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return None;
    }
    value.extract::<u64>().ok().filter(|&n| n >= 1)
}

/// A finite score.
fn score(value: &Bound<'_, PyAny>) -> Option<Score> {
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return None;
    }
    value.extract::<i64>().ok().and_then(Score::finite)
}

/// `repr(value)`, or a stand-in when even that fails.
pub fn repr(value: &Bound<'_, PyAny>) -> String {
    value.repr().map(|r| r.to_string()).unwrap_or_else(|_| "<unprintable object>".to_string())
}
