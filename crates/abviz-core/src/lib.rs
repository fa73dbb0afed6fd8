//! # abviz-core — what every part of abviz shares
//!
//! The values a search computes ([`Score`], with −∞ and +∞; [`Exact`] and [`Probability`] for
//! chance), the two players ([`Player`]), the
//! [`Game`] trait every game and explicit tree implements, named choices ([`Named`], declared
//! with [`named!`]) and the one rule for showing user text on a terminal ([`safe_text`]). It
//! knows nothing of recording, drawing or the command line: the games, the searches and the
//! trace all build on it.

mod chance;
mod game;
mod named;
mod player;
pub mod safe_text;
mod score;
pub mod text;
mod ties;

pub use chance::{Exact, Probability, Ratio};
pub use game::{Game, INLINE_MOVES, MoveList, collect_moves};
pub use named::{Named, UnknownName};
pub use player::Player;
pub use score::Score;
pub use ties::Ties;

#[doc(hidden)]
pub use serde;
/// The inline vector [`MoveList`] is made of (games that fill one use its methods).
pub use smallvec;
