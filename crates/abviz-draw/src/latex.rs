//! Compiling a LaTeX document to PDF with `pdflatex`, when it is installed.
//!
//! The run happens in a fresh temporary folder, never interactive, with the source date fixed
//! (`SOURCE_DATE_EPOCH`, `FORCE_SOURCE_DATE`) and the document's trailer ID left empty, so the
//! same document gives the same PDF bytes on every run.

use crate::DrawError as Error;
use std::process::{Command, Stdio};

/// The date written into every PDF (2000-01-01): the bytes must not depend on the clock.
const SOURCE_DATE: &str = "946684800";

/// The start of the name of the temporary folder pdflatex runs in (in the system's temporary
/// folder), followed by abviz's process id: a run killed before it removed its folder leaves
/// one that the next run recognises, by a process id no longer running, and removes.
pub const TEMP_PREFIX: &str = ".abviz-tex-";

/// Makes `cmd`'s process end when abviz does (Linux: the parent-death signal), so a killed
/// `abviz exercise` leaves no pdflatex behind.
pub(crate) fn die_with_parent(cmd: &mut Command) {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: between fork and exec the closure makes one async-signal-safe system call
        // (prctl) and allocates nothing.
        unsafe {
            cmd.pre_exec(|| {
                rustix::process::set_parent_process_death_signal(Some(rustix::process::Signal::KILL))
                    .map_err(std::io::Error::from)
            });
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = cmd;
}

/// Makes the PDF of `tex` with `pdflatex` (twice, so references settle); `Ok(None)` when
/// pdflatex is not installed.
pub fn pdflatex(tex: &str) -> Result<Option<Vec<u8>>, Error> {
    let dir = tempfile::Builder::new()
        .prefix(&format!("{TEMP_PREFIX}{}-", std::process::id()))
        .tempdir()
        .map_err(|e| Error::Program { program: "pdflatex", message: format!("no temporary folder: {e}") })?;
    let src = dir.path().join("sheet.tex");
    std::fs::write(&src, tex).map_err(|e| Error::Io { path: src.clone(), source: e })?;
    for _ in 0..2 {
        let mut cmd = Command::new("pdflatex");
        die_with_parent(&mut cmd);
        let run = cmd
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
