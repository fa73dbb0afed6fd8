//! # abviz-core — what every part of abviz shares
//!
//! The values a search computes ([`Score`], with −∞ and +∞), the two players ([`Player`]), the
//! [`Game`] trait every game and explicit tree implements, named choices ([`Named`], declared
//! with [`named!`]) and the one rule for showing user text on a terminal ([`safe_text`]). It
//! knows nothing of recording, drawing or the command line: the games, the searches and the
//! trace all build on it.

mod game;
mod named;
mod player;
pub mod safe_text;
mod score;
pub mod text;
mod ties;

pub use game::Game;
pub use named::{Named, UnknownName};
pub use player::Player;
pub use score::Score;
pub use ties::Ties;

#[doc(hidden)]
pub use serde;
