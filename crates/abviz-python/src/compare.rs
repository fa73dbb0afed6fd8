//! `abviz.compare`: node counts of several algorithms on the same inputs (what `abviz compare`
//! prints), as a table a notebook shows as HTML.

use crate::errors::{AbvizError, refused, to_py};
use crate::input::{PyInput, algorithm};
use crate::records::to_python;
use crate::stack::on_big_stack;
use abviz::compare as counts;
use abviz::compare::{Experiment, Layout, OutputFormat, Presentation, Report};
use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use std::path::PathBuf;

/// The default node budget of each search of a comparison.
const MAX_NODES: u64 = 2_000_000;

/// A comparison: one row per input and algorithm, with the Knuth–Moore minimum and the full
/// tree for reference. Jupyter shows it as a table.
#[pyclass(frozen, name = "Comparison", module = "abviz")]
pub struct Comparison {
    report: Report,
}

/// Counts what each of `algorithms` (default: minimax and every algorithm with a window) does
/// on each input (an `abviz.Input` or a list of them), each search within `max_nodes` nodes.
/// The algorithms must agree on every root value.
///
/// >>> c = abviz.compare(abviz.tree("((3 12 8) (2 4 6) (14 5 2))"), ["minimax", "alphabeta"])
/// >>> [(r["algorithm"], r["leaves"]) for r in c.rows]
/// [('minimax', 9), ('alphabeta', 7)]
#[pyfunction]
#[pyo3(signature = (inputs, algorithms=None, max_nodes=MAX_NODES))]
pub fn compare(
    py: Python<'_>,
    inputs: &Bound<'_, PyAny>,
    algorithms: Option<Vec<String>>,
    max_nodes: u64,
) -> PyResult<Comparison> {
    let list: Vec<Bound<'_, PyAny>> = match inputs.cast::<PyInput>() {
        Ok(one) => vec![one.clone().into_any()],
        Err(_) => inputs.try_iter()?.collect::<PyResult<_>>()?,
    };
    let mut cases = Vec::new();
    for item in &list {
        let input = item.cast::<PyInput>().map_err(|_| {
            AbvizError::new_err(
                "abviz.compare takes abviz inputs (abviz.tree, abviz.random_tree, abviz.game)",
            )
        })?;
        cases.push(counts::input_case(input.get().inner().clone()));
    }
    if cases.is_empty() {
        return Err(AbvizError::new_err("abviz.compare needs at least one input"));
    }
    let algorithms = match algorithms {
        None => counts::default_algorithms(),
        Some(names) => names.iter().map(|n| algorithm(Some(n))).collect::<PyResult<_>>()?,
    };
    if max_nodes == 0 {
        return Err(AbvizError::new_err("max_nodes must be at least 1"));
    }
    let experiment = Experiment { cases, algorithms, max_nodes };
    let results = on_big_stack(py, || experiment.run(&|_| ())).map_err(to_py)?;
    Ok(Comparison { report: Report::new(&experiment, &results) })
}

#[pymethods]
impl Comparison {
    /// One record per input and algorithm: input, algorithm, value, nodes, leaves, cutoffs,
    /// pruned, researches, passes, tt_hits, max_depth, nodes_vs_minimax, leaves_vs_minimax,
    /// knuth_moore_minimum, full_tree_leaves (counts are means over a random sweep's samples).
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let doc: serde_json::Value =
            serde_json::from_str(&self.report.to_json()).map_err(|e| AbvizError::new_err(e.to_string()))?;
        let mut out = Vec::new();
        for row in doc["rows"].as_array().into_iter().flatten() {
            for result in row["results"].as_array().into_iter().flatten() {
                let mut record = serde_json::Map::new();
                for key in ["input", "value", "knuth_moore_minimum", "full_tree_leaves"] {
                    record.insert(key.into(), row[key].clone());
                }
                for (key, value) in result.as_object().into_iter().flatten() {
                    // A count's mean (the count itself for one input).
                    let v = match value.get("mean") {
                        Some(_) if value.get("min") == value.get("max") => value["min"].clone(),
                        Some(mean) => mean.clone(),
                        None => value.clone(),
                    };
                    record.insert(key.clone(), v);
                }
                out.push(to_python(py, &serde_json::Value::Object(record), None)?);
            }
        }
        Ok(out)
    }

    /// The rows as a pandas DataFrame (needs pandas).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pandas = py
            .import("pandas")
            .map_err(|_| PyImportError::new_err("Comparison.to_pandas() needs pandas: pip install pandas"))?;
        pandas.getattr("DataFrame")?.call1((self.rows(py)?,))
    }

    /// The table as Markdown: `layout` "long" (a line per input and algorithm, the default)
    /// or "wide" (a line per input, the algorithms as columns, a table per `measure`: "nodes",
    /// "leaves" or "nodes,leaves", the default).
    #[pyo3(signature = (layout=None, measure=None))]
    fn to_markdown(&self, layout: Option<&str>, measure: Option<&str>) -> PyResult<String> {
        self.present(OutputFormat::Markdown, layout, measure)
    }

    /// The wide tables as LaTeX (booktabs; the document needs `\usepackage{booktabs}`), a table
    /// per `measure` ("nodes", "leaves" or "nodes,leaves", the default).
    #[pyo3(signature = (measure=None))]
    fn to_latex(&self, measure: Option<&str>) -> PyResult<String> {
        self.present(OutputFormat::Latex, None, measure)
    }

    /// The charts of `measure` ("nodes", "leaves" or "nodes,leaves", the default) against the
    /// Knuth–Moore minimum and the full tree, one under the other, as one SVG picture.
    #[pyo3(signature = (measure=None))]
    fn to_svg(&self, measure: Option<&str>) -> PyResult<String> {
        self.present(OutputFormat::Svg, None, measure)
    }

    /// The table as CSV.
    fn to_csv(&self) -> String {
        counts::render(&self.report, OutputFormat::Csv)
    }

    /// The report as JSON (format abviz-compare).
    fn to_json(&self) -> String {
        self.report.to_json()
    }

    /// The whole comparison page (charts, table and notes), self-contained HTML.
    fn to_html(&self) -> String {
        counts::render(&self.report, OutputFormat::Html)
    }

    /// Writes the comparison page to the file `path` and returns it.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<PathBuf> {
        let html = self.to_html();
        py.detach(|| abviz::output::write_atomic(&path, html.as_bytes())).map_err(to_py)?;
        Ok(path)
    }

    /// Jupyter shows the table and its notes.
    fn _repr_html_(&self) -> String {
        counts::html_table(&self.report)
    }

    fn __repr__(&self) -> String {
        counts::render(&self.report, OutputFormat::Table)
    }
}

impl Comparison {
    /// The report in `format`, with the layout and counts given, read and checked by the engine.
    fn present(&self, format: OutputFormat, layout: Option<&str>, measure: Option<&str>) -> PyResult<String> {
        let layout = layout.map(str::parse::<Layout>).transpose().map_err(|e| refused(&e))?;
        let measures = measure.map(counts::parse_measures).transpose().map_err(|e| refused(&e))?;
        let p = Presentation::new(format, layout, measures).map_err(|e| refused(&e))?;
        Ok(counts::render_with(&self.report, &p))
    }
}
