//! [`GameError`]: what can go wrong when a position is built from its text and options. The
//! errors carry their parts as fields; the command line words the option ones with its flags.

use crate::notation::NotationError;
use crate::option::OptionKind;

/// Why a game position could not be built.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum GameError {
    /// The position's text could not be read (with the place and a caret).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Notation(Box<NotationError>),
    /// The position's text reads, but is not a position of the game.
    #[error("{message}")]
    Position {
        /// The game's name.
        game: &'static str,
        /// What is wrong with it, naming the game ("bad xiangqi FEN: …").
        message: String,
    },
    /// A perft ran out of its budget (positions generated, or time).
    #[error(transparent)]
    PerftStopped(#[from] crate::perft::PerftStop),
    /// No game has this name.
    #[error("unknown game '{name}': abviz knows {known}", name = abviz_core::safe_text::for_terminal(name))]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The games there are, as a list in words.
        known: String,
    },
    /// An option given to a game that does not take it.
    #[error("the {} option applies to {takers}, not to {game}", option.word())]
    OptionNotTaken {
        /// The option.
        option: OptionKind,
        /// The game it was given to.
        game: &'static str,
        /// The games that take it, in words ("xiangqi and connect4", or "every game").
        takers: String,
    },
    /// A whole-number option outside its range.
    #[error(
        "the {} option takes a whole number from {min} to {max} for {game} ({meaning}), not '{}'",
        option.word(),
        abviz_core::safe_text::for_terminal(value)
    )]
    OutOfRange {
        /// The option.
        option: OptionKind,
        /// The game.
        game: &'static str,
        /// The value given.
        value: String,
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: u32,
        /// What the number means ("the side of the board").
        meaning: &'static str,
    },
    /// An option value the game does not know or cannot use.
    #[error("{message}")]
    BadValue {
        /// The option.
        option: OptionKind,
        /// The game.
        game: &'static str,
        /// What is wrong, as the game's own parser says it ("unknown gomoku variant 'x':
        /// expected freestyle or exact-five").
        message: String,
    },
}

impl From<NotationError> for GameError {
    fn from(e: NotationError) -> Self {
        GameError::Notation(Box::new(e))
    }
}

impl From<Box<NotationError>> for GameError {
    fn from(e: Box<NotationError>) -> Self {
        GameError::Notation(e)
    }
}
