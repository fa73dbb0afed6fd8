//! `abviz.Trace`: one recorded search and every view of it. The views read the trace only
//! (none searches again); drawing runs on a thread with a big stack, as in the command line.

use crate::errors::{AbvizError, draw_to_py, to_py};
use crate::page::Page;
use crate::records::{self, to_python};
use crate::stack::on_big_stack;
use abviz::Score;
use abviz::export::Format;
use abviz::export::{Collapse, Labels, Output, RankDir, ShowPruned, Style, ViewOptions};
use abviz::trace::Trace as Recorded;
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::{PyImportError, PyIndexError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;

/// A recorded search: its result, its counts, every node and event, and its views.
///
/// >>> import abviz
/// >>> t = abviz.tree("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))").search("alphabeta")
/// >>> t.value, t.best_move, t.stats["nodes"], len(t.cutoffs)
/// (3, 'B', 11, 2)
#[pyclass(frozen, name = "Trace", module = "abviz")]
pub struct Trace {
    trace: Recorded,
    /// The file form, parsed once when a record is first asked for.
    doc: OnceLock<Value>,
}

impl Trace {
    /// Wraps a recorded trace.
    pub fn new(trace: Recorded) -> Trace {
        Trace { trace, doc: OnceLock::new() }
    }

    /// The recorded trace.
    pub fn inner(&self) -> &Recorded {
        &self.trace
    }

    fn doc(&self, py: Python<'_>) -> &Value {
        self.doc.get_or_init(|| {
            let text = on_big_stack(py, || self.trace.to_json(false));
            let mut doc = serde_json::from_str(&text).unwrap_or(Value::Null);
            records::complete_nodes(&mut doc);
            doc
        })
    }

    fn field<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match self.doc(py).get(name) {
            Some(v) => to_python(py, v, Some(name)),
            None => Ok(py.None().into_bound(py)),
        }
    }

    fn export(&self, py: Python<'_>, format: Format, opts: ViewOptions) -> PyResult<Output> {
        on_big_stack(py, || format.export(&self.trace, &opts)).map_err(draw_to_py)
    }

    fn text(&self, py: Python<'_>, format: Format, opts: ViewOptions) -> PyResult<String> {
        match self.export(py, format, opts)? {
            Output::Text(text) => Ok(text),
            _ => Err(AbvizError::new_err(format!("{} is not a text format", format.name()))),
        }
    }

    fn bytes<'py>(
        &self,
        py: Python<'py>,
        format: Format,
        opts: ViewOptions,
    ) -> PyResult<Bound<'py, PyBytes>> {
        match self.export(py, format, opts)? {
            Output::Bytes(bytes) => Ok(PyBytes::new(py, &bytes)),
            Output::Text(text) => Ok(PyBytes::new(py, text.as_bytes())),
            Output::Folder(_) => Err(AbvizError::new_err(format!("{} is a folder", format.name()))),
        }
    }
}

/// A score as Python: an int, a `decimal.Decimal` (exact, as typed: `Decimal("4.50")`), or ±inf.
/// An expected value that is no short decimal (abviz prints `≈7.67`) is the Decimal of its
/// rounded digits, `Decimal("7.67")`.
pub fn score(py: Python<'_>, v: Score) -> PyResult<Bound<'_, PyAny>> {
    match v {
        v if v.decimals() > 0 && !v.is_infinite() => {
            py.import("decimal")?.getattr("Decimal")?.call1((v.ascii().trim_start_matches('~'),))
        }
        s if s == Score::INF => f64::INFINITY.into_bound_py_any(py),
        s if s == Score::NEG_INF => f64::NEG_INFINITY.into_bound_py_any(py),
        v => v.raw().into_bound_py_any(py),
    }
}

/// The view options a drawing method takes (`labels="range"`, `show_pruned="edges"`, ...).
pub fn view_options(options: Option<&Bound<'_, PyDict>>) -> PyResult<ViewOptions> {
    let mut o = ViewOptions::default();
    let Some(options) = options else { return Ok(o) };
    for (key, value) in options.iter() {
        let name: String = key.extract()?;
        let text = || -> PyResult<String> {
            value.extract::<String>().map_err(|_| AbvizError::new_err(format!("option {name} takes a text")))
        };
        let flag = || -> PyResult<bool> {
            value
                .extract::<bool>()
                .map_err(|_| AbvizError::new_err(format!("option {name} takes True or False")))
        };
        let bad = |e: String| AbvizError::new_err(format!("option {name}: {e}"));
        match name.as_str() {
            "labels" => o.labels = text()?.parse::<Labels>().map_err(bad)?,
            "show_pruned" => o.show_pruned = text()?.parse::<ShowPruned>().map_err(|e| bad(e.to_string()))?,
            "rankdir" => o.rankdir = text()?.parse::<RankDir>().map_err(|e| bad(e.to_string()))?,
            "style" => o.style = text()?.parse::<Style>().map_err(|e| bad(e.to_string()))?,
            "max_depth" => {
                o.max_depth = Some(value.extract().map_err(|_| bad("a whole number ≥ 0".into()))?);
            }
            "collapse" => {
                o.collapse = Some(match value.extract::<u64>() {
                    Ok(n) => Collapse::Above(n),
                    Err(_) => text()?.parse::<Collapse>().map_err(bad)?,
                })
            }
            "pv_only" => o.pv_only = flag()?,
            "legend" => o.no_legend = !flag()?,
            "exercise" => o.exercise = flag()?,
            "pass_number" => o.pass = Some(value.extract().map_err(|_| bad("a whole number ≥ 1".into()))?),
            "all_passes" => o.all_passes = flag()?,
            "min_visits" => o.min_visits = Some(value.extract().map_err(|_| bad("a whole number".into()))?),
            // to_tikz: beamer overlays at this pace; save_page: the page's → and ← at it.
            "steps" => {
                o.step_grain = text()?.parse::<abviz::export::Grain>().map_err(|e| bad(e.to_string()))?;
                o.tikz_steps = true;
            }
            // to_tikz: the picture (or frame) alone, for a document that loads abviz.sty.
            "tikz_body" => o.tikz_body = flag()?,
            "title" => o.title = Some(text()?),
            _ => {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "unknown view option '{name}'; the options are labels, show_pruned, rankdir, style, max_depth, collapse, pv_only, legend, exercise, pass_number, all_passes, min_visits, steps, tikz_body, title"
                )));
            }
        }
    }
    if o.title.is_some() && !o.tikz_steps {
        return Err(AbvizError::new_err("option title names the beamer frame: give steps too"));
    }
    Ok(o)
}

#[pymethods]
impl Trace {
    /// The root's value from MAX's point of view: an int, or ±inf.
    #[getter]
    fn value<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        score(py, self.trace.result().value)
    }

    /// The best move's label (None when the root has no moves).
    #[getter]
    fn best_move(&self) -> Option<String> {
        self.trace.result().best_move.clone()
    }

    /// The principal variation: the moves' labels from the root.
    #[getter]
    fn pv(&self) -> Vec<String> {
        self.trace.result().pv.clone()
    }

    /// The algorithm's name ("alphabeta", "mcts", ...).
    #[getter]
    fn algorithm(&self) -> String {
        self.trace.algorithm().name.to_string()
    }

    /// What was searched, in one line.
    #[getter]
    fn input(&self) -> String {
        self.trace.input().description.clone()
    }

    /// The counts: nodes, leaves, cutoffs, pruned, passes, max_depth, ... (a dict with the trace
    /// file's field names).
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "stats")
    }

    /// The counts of a plain minimax search of the same input, when they were taken (None
    /// otherwise).
    #[getter]
    fn minimax<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "minimax")
    }

    /// Every node as a plain record (a dict): id, parent, path, depth, player, move, name,
    /// status ("visited" or "pruned"), pre and post (visit order), alpha_in, beta_in, alpha_out,
    /// beta_out, value, bound, cutoff, ... — the trace file's fields.
    #[getter]
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "nodes")
    }

    /// Every event as a plain record (a dict with its step, kind and data), in order.
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "events")
    }

    /// Every cutoff as a record: the node (node, path, move, name) and kind ("alpha" or
    /// "beta"), child (the index of the child that caused it), alpha, beta, bound_from (the
    /// path of the ancestor whose bound fired) and pruned (how many children were never
    /// searched).
    #[getter]
    fn cutoffs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let nodes = self.doc(py).get("nodes").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
        to_python(py, &Value::Array(records::cutoffs(nodes)), None)
    }

    /// How many steps (events) the search took: `narration(step)` takes 1 to `steps`.
    #[getter]
    fn steps(&self) -> usize {
        self.trace.events().len()
    }

    /// The sentence that tells step `step` (1-based, as in the page's address `#step=N`), or
    /// every step's sentence as a list when `step` is None.
    ///
    /// >>> t.narration(1)
    /// 'Start at the root A (MAX) with α = −∞, β = +∞.'
    #[pyo3(signature = (step=None))]
    fn narration<'py>(&self, py: Python<'py>, step: Option<usize>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.trace.events().len();
        let trace = &self.trace;
        match step {
            Some(k) if (1..=n).contains(&k) => {
                on_big_stack(py, || abviz::trace::narration::narrate(trace, k - 1)).into_bound_py_any(py)
            }
            Some(k) => Err(PyIndexError::new_err(format!("step {k} is not between 1 and {n}"))),
            None => on_big_stack(py, || {
                (0..n).map(|k| abviz::trace::narration::narrate(trace, k)).collect::<Vec<_>>()
            })
            .into_bound_py_any(py),
        }
    }

    /// The annotated tree as text (what `abviz run` prints).
    #[pyo3(signature = (**options))]
    fn to_text(&self, py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        self.text(py, Format::Text, view_options(options)?)
    }

    /// The figure as SVG text. Options: labels ("value,bounds,pre", "range", "leaves", ...),
    /// show_pruned ("none", "edges", "subtrees"), rankdir ("TB", "LR"), style ("triangles",
    /// "boxes"), max_depth, collapse, pv_only, legend, exercise.
    #[pyo3(signature = (**options))]
    fn to_svg(&self, py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        self.text(py, Format::Svg, view_options(options)?)
    }

    /// The figure as a PNG image (bytes); the options of `to_svg`.
    #[pyo3(signature = (**options))]
    fn to_png<'py>(
        &self,
        py: Python<'py>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        self.bytes(py, Format::Png, view_options(options)?)
    }

    /// The figure as a one-page PDF (bytes); the options of `to_svg`.
    #[pyo3(signature = (**options))]
    fn to_pdf<'py>(
        &self,
        py: Python<'py>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        self.bytes(py, Format::Pdf, view_options(options)?)
    }

    /// The figure as Graphviz DOT text; the options of `to_svg`.
    #[pyo3(signature = (**options))]
    fn to_dot(&self, py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        self.text(py, Format::Dot, view_options(options)?)
    }

    /// The figure as a LaTeX/TikZ document; the options of `to_svg`.
    #[pyo3(signature = (**options))]
    fn to_tikz(&self, py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        self.text(py, Format::Tikz, view_options(options)?)
    }

    /// The trace file (JSON, format abviz-trace version 2); `compact` writes the compact layout
    /// for big traces, `stats_only` leaves out the nodes and events.
    #[pyo3(signature = (compact=false, stats_only=false))]
    fn to_json(&self, py: Python<'_>, compact: bool, stats_only: bool) -> PyResult<String> {
        let opts = ViewOptions { compact, stats_only, ..ViewOptions::default() };
        self.text(py, Format::Json, opts)
    }

    /// The nodes as a pandas DataFrame, one row per node (needs pandas).
    fn to_pandas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pandas = py.import("pandas").map_err(|_| {
            PyImportError::new_err(
                "Trace.to_pandas() needs pandas: pip install pandas (Trace.nodes has the same records)",
            )
        })?;
        pandas.getattr("DataFrame")?.call1((self.nodes(py)?,))
    }

    /// Writes the step-through page into the folder `path` (index.html, with the board
    /// pictures of a game beside it) and returns the page's path. The page works offline.
    #[pyo3(signature = (path, **options))]
    fn save_page(
        &self,
        py: Python<'_>,
        path: PathBuf,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PathBuf> {
        let output = self.export(py, Format::Html, view_options(options)?)?;
        let written = py.detach(|| abviz::output::write(&output, Some(&path))).map_err(to_py)?;
        Ok(written.unwrap_or(path))
    }

    /// Writes the figure or file `path` names by its extension (.svg, .png, .pdf, .dot, .tex,
    /// .json, .txt) and returns the path.
    #[pyo3(signature = (path, **options))]
    fn save(&self, py: Python<'_>, path: PathBuf, options: Option<&Bound<'_, PyDict>>) -> PyResult<PathBuf> {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
        let format = match ext.as_str() {
            "txt" => Format::Text,
            e => Format::of_extension(e).ok_or_else(|| {
                AbvizError::new_err(format!(
                    "cannot tell the format of '{}' from its extension: use .svg, .png, .pdf, .dot, .tex, .json or .txt (save_page writes the page)",
                    path.display()
                ))
            })?,
        };
        if format == Format::Html {
            return self.save_page(py, path, options);
        }
        let output = self.export(py, format, view_options(options)?)?;
        py.detach(|| abviz::output::write(&output, Some(&path))).map_err(to_py)?;
        Ok(path)
    }

    /// The step-through page, to show inline in a notebook (an iframe holding the whole
    /// self-contained page: no network). `height` is the frame's height in pixels.
    #[pyo3(signature = (height=720, **options))]
    fn page(&self, py: Python<'_>, height: u32, options: Option<&Bound<'_, PyDict>>) -> PyResult<Page> {
        let opts = view_options(options)?;
        let trace = &self.trace;
        let popts = abviz::export::html::PageOptions { boards: None, ..Default::default() };
        if trace.nodes().is_empty() {
            return Err(draw_to_py(abviz::export::DrawError::CountsOnly { view: "page" }));
        }
        let html = on_big_stack(py, || abviz::export::html::page(trace, &opts, &popts).html);
        Ok(Page::new(html, height, abviz::export::html::default_title(trace)))
    }

    /// Jupyter shows a trace as its figure.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.text(py, Format::Svg, ViewOptions::default())
    }

    fn __repr__(&self) -> String {
        let r = self.trace.result();
        let mut s = format!(
            "<abviz.Trace {} on {}: value {}",
            self.trace.algorithm().name,
            self.trace.input().description,
            r.value
        );
        if let Some(m) = &r.best_move {
            s.push_str(&format!(", best move {m}"));
        }
        s.push_str(&format!(", {} nodes>", self.trace.stats().nodes));
        s
    }
}
