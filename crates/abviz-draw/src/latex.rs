//! Compiling a LaTeX document to PDF with `pdflatex`, when it is installed.
//!
//! The run happens in a fresh temporary folder, never interactive, with the source date fixed
//! (`SOURCE_DATE_EPOCH`, `FORCE_SOURCE_DATE`) and the document's trailer ID left empty, so the
//! same document gives the same PDF bytes on every run.

use crate::DrawError as Error;
use std::process::{Command, Stdio};

/// The date written into every PDF (2000-01-01): the bytes must not depend on the clock.
const SOURCE_DATE: &str = "946684800";

/// Makes the PDF of `tex` with `pdflatex` (twice, so references settle); `Ok(None)` when
/// pdflatex is not installed.
pub fn pdflatex(tex: &str) -> Result<Option<Vec<u8>>, Error> {
    let dir = tempfile::tempdir()
        .map_err(|e| Error::Program { program: "pdflatex", message: format!("no temporary folder: {e}") })?;
    let src = dir.path().join("sheet.tex");
    std::fs::write(&src, tex).map_err(|e| Error::Io { path: src.clone(), source: e })?;
    for _ in 0..2 {
        let run = Command::new("pdflatex")
            .args(["-interaction=nonstopmode", "-halt-on-error", "sheet.tex"])
            .current_dir(dir.path())
            .env("SOURCE_DATE_EPOCH", SOURCE_DATE)
            .env("FORCE_SOURCE_DATE", "1")
            .stdin(Stdio::null())
            .output();
        let out = match run {
            Ok(out) => out,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(Error::Program {
                    program: "pdflatex",
                    message: format!("it could not start: {e}"),
                });
            }
        };
        if !out.status.success() {
            let log = String::from_utf8_lossy(&out.stdout);
            let first_error: Vec<&str> = log.lines().skip_while(|l| !l.starts_with('!')).take(4).collect();
            return Err(Error::Program {
                program: "pdflatex",
                message: format!(
                    "it exited with {}: {}",
                    out.status,
                    abviz_core::safe_text::for_terminal(first_error.join(" ").trim())
                ),
            });
        }
    }
    let pdf = dir.path().join("sheet.pdf");
    std::fs::read(&pdf).map(Some).map_err(|e| Error::Io { path: pdf, source: e })
}

/// The preamble lines that make pdfTeX's output reproducible (an empty trailer ID; the dates
/// come from `SOURCE_DATE_EPOCH`).
pub const REPRODUCIBLE: &str = "\\ifdefined\\pdftrailerid\\pdftrailerid{}\\fi\n";
