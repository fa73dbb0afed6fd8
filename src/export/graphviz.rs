//! The DOT view laid out by Graphviz's `dot` into SVG, PNG or PDF (`--format dot --render png`).
//! Needs Graphviz installed; `--format svg` draws without it.

use super::{DotExporter, Exporter, Output, ViewOptions};
use crate::Error;
use crate::trace::Trace;
use std::io::Write;
use std::process::{Command, Stdio};

/// What Graphviz makes of the DOT graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum RenderKind {
    /// SVG.
    Svg,
    /// PNG.
    Png,
    /// PDF.
    Pdf,
}

impl RenderKind {
    /// Graphviz's name for it (`dot -Tpng`), also the usual file extension.
    pub fn name(self) -> &'static str {
        match self {
            RenderKind::Svg => "svg",
            RenderKind::Png => "png",
            RenderKind::Pdf => "pdf",
        }
    }
}

/// Runs the DOT view through `dot -T<kind>`: SVG as text, PNG and PDF as bytes.
pub struct GraphvizExporter {
    /// The picture to make.
    pub kind: RenderKind,
}

impl Exporter for GraphvizExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        Ok(self.export_with_warnings(trace, opts)?.0)
    }
}

impl GraphvizExporter {
    /// [`Exporter::export`], with what Graphviz wrote on its standard error while succeeding
    /// (its warnings, such as "scaling to fit").
    pub fn export_with_warnings(&self, trace: &Trace, opts: &ViewOptions) -> Result<(Output, String), Error> {
        let dot = DotExporter.export(trace, opts)?.into_bytes().expect("DOT is one text");
        let (picture, warnings) = run_dot_with_warnings(&dot, self.kind)?;
        let out = match self.kind {
            RenderKind::Svg => Output::Text(String::from_utf8_lossy(&picture).into_owned()),
            RenderKind::Png | RenderKind::Pdf => Output::Bytes(picture),
        };
        Ok((out, warnings))
    }
}

/// Pipes a DOT graph through Graphviz's `dot -T<kind>`; says how to install Graphviz when it is
/// missing.
pub fn run_dot(dot: &[u8], kind: RenderKind) -> Result<Vec<u8>, Error> {
    Ok(run_dot_with_warnings(dot, kind)?.0)
}

/// [`run_dot`], with what `dot` wrote on its standard error while succeeding.
pub fn run_dot_with_warnings(dot: &[u8], kind: RenderKind) -> Result<(Vec<u8>, String), Error> {
    let kind = kind.name();
    let mut child = Command::new("dot")
        .arg(format!("-T{kind}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                Error::Render(
                    "--render needs Graphviz's `dot`, which is not installed. Install it with \
                     `apt-get install graphviz` (Debian/Ubuntu), `dnf install graphviz` (Fedora) or \
                     `brew install graphviz` (macOS); or use --format svg, which needs no Graphviz."
                        .into(),
                )
            } else {
                Error::Render(format!("could not start Graphviz's `dot`: {e}"))
            }
        })?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = dot.to_vec();
    // Written from another thread: `dot` may fill its output pipe before it has read all input.
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().map_err(|e| Error::Render(format!("Graphviz's `dot` failed: {e}")))?;
    let _ = writer.join();
    if !out.status.success() {
        return Err(Error::Render(format!(
            "Graphviz's `dot -T{kind}` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok((out.stdout, String::from_utf8_lossy(&out.stderr).into_owned()))
}
