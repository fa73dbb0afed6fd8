//! The DOT view laid out by Graphviz's `dot` into SVG, PNG or PDF (`--format dot --render png`).
//! Needs Graphviz installed; `--format svg` draws without it.

use super::{DotExporter, Exporter, Output, ViewOptions};
use crate::DrawError as Error;
use abviz_trace::Trace;
use std::io::Write;
use std::process::{Command, Stdio};

abviz_core::named! {
    /// What Graphviz makes of the DOT graph (its name is `dot -T`'s, also the usual file
    /// extension).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum RenderKind: "picture kind" {
        /// SVG.
        Svg = "svg",
        /// PNG.
        Png = "png",
        /// PDF.
        Pdf = "pdf",
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

/// Graphviz's layout program, as messages name it.
pub const DOT: &str = "Graphviz's `dot`";

/// Pipes a DOT graph through Graphviz's `dot -T<kind>`; says how to install Graphviz when it is
/// missing.
pub fn run_dot(dot: &[u8], kind: RenderKind) -> Result<Vec<u8>, Error> {
    Ok(run_dot_with_warnings(dot, kind)?.0)
}

/// [`run_dot`], with what `dot` wrote on its standard error while succeeding.
pub fn run_dot_with_warnings(dot: &[u8], kind: RenderKind) -> Result<(Vec<u8>, String), Error> {
    let kind = kind.name();
    let mut cmd = Command::new("dot");
    // A killed abviz leaves no `dot` laying out a huge graph behind it.
    crate::latex::die_with_parent(&mut cmd);
    let mut child = cmd
        .arg(format!("-T{kind}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                Error::Missing { program: DOT }
            } else {
                Error::Program { program: DOT, message: format!("it could not start: {e}") }
            }
        })?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = dot.to_vec();
    // Written from another thread: `dot` may fill its output pipe before it has read all input.
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out =
        child.wait_with_output().map_err(|e| Error::Program { program: DOT, message: e.to_string() })?;
    let _ = writer.join();
    if !out.status.success() {
        return Err(Error::Program {
            program: DOT,
            message: format!(
                "`dot -T{kind}` exited with {}: {}",
                out.status,
                abviz_core::safe_text::for_terminal(String::from_utf8_lossy(&out.stderr).trim())
            ),
        });
    }
    Ok((out.stdout, String::from_utf8_lossy(&out.stderr).into_owned()))
}
