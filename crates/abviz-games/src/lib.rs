//! Every game abviz can search: the classic teaching games, explicit and random trees, and
//! the registry that names them, reads their positions and draws their boards.
//!
//! A game is a position that can list its moves, play and take them back, say when it is over,
//! and evaluate itself from MAX's point of view. Explicit trees implement it too: a tree node is a
//! position and its children are its moves.

pub mod connect4;
mod error;
pub mod gomoku;
pub mod grid;
pub mod jiu;
pub mod kalah;
pub mod lazy_random;
pub mod named_trees;
pub mod nim;
pub mod notation;
mod option;
pub mod perft;
pub mod pig;
pub mod random;
pub mod registry;
pub mod spec;
pub mod tictactoe;
pub mod tree;
pub mod tree_arena;
pub mod xiangqi;

pub use abviz_core::{Game, Player, Score};
pub use error::GameError;

/// The board of a position as SVG, for views that hold only a trace: `game` is the trace's game
/// name and `position` its notation of the node. `None` for games without a board drawing or a
/// position that does not parse. (The drawing is the game's [`registry`] entry's.)
pub fn position_svg(game: &str, position: &str) -> Option<String> {
    registry::board_svg(game, position)
}

/// [`position_svg`] with the last move marked: `before` is the notation of the position the
/// move was played in (the node's parent).
pub fn position_svg_after(game: &str, position: &str, before: &str) -> Option<String> {
    registry::board_svg_after(game, position, before)
}
