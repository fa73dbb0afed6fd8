//! The computer player: the search that chooses a move, with the trace that explains it
//! ([`Engine`], [`Decision`]), and the dice of the dice games ([`Dice`]). The interactive match
//! (reading moves, writing explanations) belongs to a front end.

mod dice;
mod engine;

pub use dice::Dice;
pub use engine::{Decision, End, Engine};
