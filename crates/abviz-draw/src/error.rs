//! [`DrawError`]: why a view could not be made. The errors carry their parts as fields; the
//! command line words the ones a flag caused with the flag's name.

use std::path::PathBuf;

/// Why a trace could not be drawn in the asked format.
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    /// The trace holds only counts (no nodes or events), and the view replays the search.
    #[error("this trace holds only counts, no nodes or events: the {view} replays a full trace")]
    CountsOnly {
        /// The view ("page").
        view: &'static str,
    },
    /// Beamer steps make one overlay per event, and the trace has too many.
    #[error(
        "beamer steps make one overlay per event, and this search has {events} events (at most {max}); use a smaller tree"
    )]
    TooManySteps {
        /// The trace's events.
        events: usize,
        /// The most the steps take.
        max: usize,
    },
    /// Beamer steps of a coarser grain than one per event (`--steps coarse`) would still make
    /// too many overlays.
    #[error("--steps {grain} makes {overlays} overlays for this search (at most {max}); use a smaller tree")]
    TooManyOverlays {
        /// The grain's name.
        grain: &'static str,
        /// The overlays it would make.
        overlays: usize,
        /// The most the steps take.
        max: usize,
    },
    /// An external program (Graphviz's `dot`, `pdflatex`) is not installed.
    #[error("{program} is not installed{}", install_hint(program))]
    Missing {
        /// The program ("Graphviz's `dot`").
        program: &'static str,
    },
    /// An external program failed.
    #[error("{program} failed: {message}")]
    Program {
        /// The program.
        program: &'static str,
        /// What it said (first lines of its error output) or why it could not run.
        message: String,
    },
    /// A picture (PNG, PDF) could not be made from the SVG drawing.
    #[error("{what}: {why}")]
    Picture {
        /// What failed ("cannot make a PNG").
        what: &'static str,
        /// Why.
        why: String,
    },
    /// A format that makes a folder was asked to write to one stream.
    #[error("this format makes a folder, not one file")]
    NotAFile,
    /// Writing the output failed.
    #[error("writing the output failed: {0}")]
    Write(#[source] std::io::Error),
    /// The format is not built into this program (a crate feature is off).
    #[error("this abviz was built without the {format} format (the `{feature}` feature of abviz-draw)")]
    Unavailable {
        /// The format.
        format: &'static str,
        /// The feature it needs.
        feature: &'static str,
    },
    /// A temporary file of an external program's run could not be written or read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
}

/// How to install `program`, for the message that says it is missing.
fn install_hint(program: &str) -> &'static str {
    if program.contains("dot") {
        ". Install it with `apt-get install graphviz` (Debian/Ubuntu), `dnf install graphviz` (Fedora) or \
         `brew install graphviz` (macOS)"
    } else {
        ""
    }
}
