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
    #[error("{path}: {source}")]
    TraceFile {
        /// The file.
        path: PathBuf,
        /// What was wrong.
        source: TraceFileError,
    },
    /// An external program (Graphviz's `dot` for --render) is missing or failed.
    #[error("{0}")]
    Render(String),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
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
