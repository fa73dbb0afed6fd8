//! The library's error type.

use crate::game::notation::NotationError;
use crate::trace::Stop;
use crate::trace::json::TraceFileError;
use std::path::PathBuf;

/// Everything that can go wrong in abviz, with a message that says what and where.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum Error {
    /// A tree in the notation or JSON could not be parsed.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Notation(Box<NotationError>),
    /// A game position could not be read or is impossible.
    #[error("{0}")]
    Position(String),
    /// Options that do not fit together or have bad values.
    #[error("{0}")]
    Usage(String),
    /// The search hit its node budget.
    #[error(transparent)]
    Stopped(#[from] Stop),
    /// A trace file could not be read.
    #[error("{}", path.display())]
    TraceFile {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        source: TraceFileError,
    },
    /// An external program (Graphviz's `dot` for --render) is missing or failed, or a picture
    /// could not be rendered.
    #[error("{0}")]
    Render(String),
    /// Two algorithms found different root values for the same input (`abviz compare`).
    #[error("the algorithms disagree on the root value of {input}: {values}")]
    Disagreement {
        /// The input.
        input: String,
        /// Each algorithm with its value, e.g. `minimax 3, alphabeta 2`.
        values: String,
    },
    /// One search of a comparison was stopped (`abviz compare`).
    #[error("the comparison stopped while searching {input}")]
    CompareStopped {
        /// The input being searched.
        input: String,
        /// Why it stopped.
        source: Stop,
    },
    /// Reading or writing a file failed.
    #[error("{}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
}

impl From<NotationError> for Error {
    fn from(e: NotationError) -> Self {
        Error::Notation(Box::new(e))
    }
}

impl Error {
    /// The process exit code: 2 for usage errors, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_) => 2,
            _ => 1,
        }
    }
}
