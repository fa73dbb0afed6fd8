//! The trace's file form (JSON, docs/trace-format.md) as plain Python values: the records
//! `Trace.nodes`, `.stats`, `.events` and `.cutoffs` have the file's field names, so a record
//! reads the same in Python as in a saved trace. Values that are ±∞ (written "inf" and "-inf"
//! in the file) become Python's `float("inf")` and `-float("inf")`.

use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

/// The fields that hold a value or a bound of the window (a score).
const SCORE_FIELDS: &[&str] = &[
    "value",
    "alpha",
    "beta",
    "alpha_in",
    "beta_in",
    "alpha_out",
    "beta_out",
    "parent_alpha",
    "parent_beta",
    "value_mover",
    "guess",
];

/// `value` as a Python object; `field` is the name it is stored under (a score field turns
/// "inf" and "-inf" into floats).
pub fn to_python<'py>(py: Python<'py>, value: &Value, field: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_bound_py_any(py)?,
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_bound_py_any(py)?,
            (None, Some(u)) => u.into_bound_py_any(py)?,
            _ => n.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py)?,
        },
        Value::String(s) => match (field.is_some_and(|f| SCORE_FIELDS.contains(&f)), s.as_str()) {
            (true, "inf") => f64::INFINITY.into_bound_py_any(py)?,
            (true, "-inf") => f64::NEG_INFINITY.into_bound_py_any(py)?,
            _ => s.into_bound_py_any(py)?,
        },
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item, field)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, to_python(py, v, Some(k))?)?;
            }
            dict.into_any()
        }
    })
}

/// The cutoffs of the nodes records, one record each: the node (id, path, move, name) and its
/// cutoff's fields (kind, child, alpha, beta, bound_from, pruned).
pub fn cutoffs(nodes: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for node in nodes {
        let Some(Value::Object(cut)) = node.get("cutoff") else { continue };
        let mut record = serde_json::Map::new();
        for key in ["id", "path", "move", "name"] {
            if let Some(v) = node.get(key) {
                let name = if key == "id" { "node" } else { key };
                record.insert(name.to_string(), v.clone());
            }
        }
        record.extend(cut.clone());
        record.entry("bound_from_id").or_insert(Value::Null);
        out.push(Value::Object(record));
    }
    out
}

/// The optional fields of a node record: the file leaves them out when empty; a record has
/// them all (None when empty), so every record has the same fields (and a DataFrame the same
/// columns).
const OPTIONAL_NODE_FIELDS: &[&str] =
    &["path", "index", "name", "value_mover", "visits", "link", "mcts", "position"];

/// Gives every node record of the file form `doc` every optional field.
pub fn complete_nodes(doc: &mut Value) {
    let Some(Value::Array(nodes)) = doc.get_mut("nodes") else { return };
    for node in nodes {
        if let Value::Object(map) = node {
            for key in OPTIONAL_NODE_FIELDS {
                map.entry(key.to_string()).or_insert(Value::Null);
            }
        }
    }
}
