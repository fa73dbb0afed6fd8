//! [`Error`]: everything that can go wrong in abviz, each part's errors included. The variants
//! carry their parts as fields and say what is wrong without naming command-line flags; the
//! command line words them for its users (`cli::words`).

use crate::export::DrawError;
use crate::game::GameError;
use crate::game::notation::NotationError;
use crate::search::Algorithm;
use crate::trace::Stop;
use crate::trace::json::TraceFileError;
use abviz_core::Player;
use std::path::PathBuf;

/// Everything that can go wrong in abviz, with a message that says what and where.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum Error {
    /// A tree in the notation or JSON could not be parsed.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Notation(Box<NotationError>),
    /// A game position could not be built from its text and options.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Game(#[from] GameError),
    /// A view could not be made.
    #[error(transparent)]
    Draw(#[from] DrawError),
    /// Options that do not fit together or have bad values.
    #[error("{0}")]
    Usage(String),
    /// A request's option the engine refuses: a bad value, or an option that does not fit the
    /// algorithm or the input. Front ends word it with their own spelling of each option
    /// ([`RequestError::worded`](crate::request::RequestError::worded)).
    #[error(transparent)]
    Request(crate::refusal::RequestError),
    /// The tree text says who moves at its root, and the caller said otherwise.
    #[error("the tree text says its root is {} but the caller says {}; remove one of them", .tree.upper(), .given.upper())]
    RootDisagrees {
        /// What the tree text says.
        tree: Player,
        /// What was asked.
        given: Player,
    },
    /// A quiescence search was asked of an algorithm without a depth limit.
    #[error("a quiescence search extends a depth-limited search; {algo} plays out to the end instead")]
    QuiescenceNeedsDepth {
        /// The algorithm.
        algo: Algorithm,
    },
    /// A depth-limited search of an explicit tree would evaluate an interior node that has no
    /// static value.
    #[error(
        "{} evaluates {node} (depth {depth}) by its static value, and the tree gives it none",
        if *.iterative { "iterative deepening" } else { "a search to this depth" }
    )]
    NoStaticValue {
        /// The node: its name or its path from the root.
        node: String,
        /// Its depth.
        depth: u32,
        /// Whether the search is iterative deepening (one pass per depth).
        iterative: bool,
    },
    /// A quiescence search was asked of an input without captures.
    #[error(
        "a quiescence search searches captures beyond the depth limit, and {}",
        if *.tree { "a tree has no captures" } else { "this game defines no captures" }
    )]
    QuiescenceNeedsCaptures {
        /// Whether the input is a tree (else a game without captures).
        tree: bool,
    },
    /// An output that is a folder was asked for without a folder to write it to.
    #[error(
        "this output is a folder (a page, index.html, and the pictures it shows): it needs a folder to go to"
    )]
    FolderNeedsPath,
    /// Binary data would be written to a terminal.
    #[error("this output is binary data ({bytes} bytes) and would garble the terminal: write it to a file")]
    BinaryToTerminal {
        /// Its size.
        bytes: usize,
    },
    /// The search hit its node budget or time limit.
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
    /// A search log could not be read, or does not fit its tree or game.
    #[error(transparent)]
    Log(#[from] crate::searchlog::LogError),
    /// A log was to be checked against an algorithm that cannot be checked against.
    #[error(
        "{algo} cannot be checked against: a log is checked against minimax, alphabeta, alphabeta-soft, negamax, negamax-ab, pvs or negascout"
    )]
    NotCheckable {
        /// The algorithm.
        algo: Algorithm,
    },
    /// A log was to be checked by its evaluations alone against an algorithm that re-searches.
    #[error(
        "{algo} searches children again: a check by evaluations alone cannot tell where a re-search begins, so its log is checked node by node"
    )]
    EvaluationsCannotShowResearch {
        /// The algorithm.
        algo: Algorithm,
    },
    /// A checked log leaves the reference search (`abviz check`: the verdict says where).
    #[error("the log leaves the reference search")]
    Disagrees,
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

impl From<Box<NotationError>> for Error {
    fn from(e: Box<NotationError>) -> Self {
        Error::Notation(e)
    }
}

impl Error {
    /// The process exit code: 2 for usage errors, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_)
            | Error::Request(_)
            | Error::RootDisagrees { .. }
            | Error::QuiescenceNeedsDepth { .. }
            | Error::NoStaticValue { .. }
            | Error::QuiescenceNeedsCaptures { .. }
            | Error::FolderNeedsPath
            | Error::NotCheckable { .. }
            | Error::EvaluationsCannotShowResearch { .. }
            | Error::BinaryToTerminal { .. } => 2,
            Error::Game(e)
                if !matches!(
                    e,
                    GameError::Notation(_) | GameError::Position { .. } | GameError::PerftStopped(_)
                ) =>
            {
                2
            }
            Error::Draw(DrawError::CountsOnly { .. } | DrawError::TooManySteps { .. }) => 2,
            _ => 1,
        }
    }
}
