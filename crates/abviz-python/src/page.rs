//! `abviz.Page`: the step-through page shown inline in a notebook. The whole page (its data,
//! stylesheet and script) goes into an iframe's `srcdoc`, so it needs no server, no file and no
//! network, and its script and styles cannot touch the notebook's (JupyterLab, classic
//! Notebook, VS Code and Colab all show such frames).

use abviz::export::escape_xml;
use pyo3::prelude::*;
use std::path::PathBuf;

/// A step-through page: shown inline by Jupyter, or written with `save(path)`.
#[pyclass(frozen, name = "Page", module = "abviz")]
pub struct Page {
    html: String,
    height: u32,
    title: String,
}

impl Page {
    /// A page of `html`, shown `height` pixels high.
    pub fn new(html: String, height: u32, title: String) -> Page {
        Page { html, height, title }
    }
}

#[pymethods]
impl Page {
    /// The page's whole HTML (one self-contained file).
    #[getter]
    fn html(&self) -> &str {
        &self.html
    }

    /// Writes the page to the file `path` and returns it.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<PathBuf> {
        py.detach(|| abviz::output::write_atomic(&path, self.html.as_bytes()))
            .map_err(crate::errors::to_py)?;
        Ok(path)
    }

    /// The iframe Jupyter shows.
    fn _repr_html_(&self) -> String {
        format!(
            "<iframe srcdoc=\"{}\" title=\"{}\" style=\"width: 100%; height: {}px; border: 1px solid #ccc;\" \
             sandbox=\"allow-scripts allow-downloads\" loading=\"eager\"></iframe>",
            escape_xml(&self.html),
            escape_xml(&self.title),
            self.height
        )
    }

    fn __repr__(&self) -> String {
        format!("<abviz.Page {} ({} bytes)>", self.title, self.html.len())
    }
}
