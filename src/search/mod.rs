//! The search algorithms, one file each, generic over the [`Game`] and an [`Observer`].
//!
//! They read like the textbook pseudocode: recording, counting and node budgets are the
//! observer's business. With [`crate::trace::NoOp`] every hook compiles away.

mod alphabeta;
mod alphabeta_soft;
mod minimax;
mod negamax;
mod negamax_ab;

pub use alphabeta::alphabeta;
pub use alphabeta_soft::alphabeta_soft;
pub use minimax::minimax;
pub use negamax::negamax;
pub use negamax_ab::negamax_ab;

use crate::Score;
use crate::game::{Game, Player};
use crate::trace::{Observer, Perspective, Stop};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The algorithms abviz can run and trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize, PartialOrd, Ord)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Algorithm {
    /// Plain minimax: every node, no pruning.
    #[serde(rename = "minimax")]
    Minimax,
    /// Alpha-beta, fail-hard: values are clamped to the window.
    #[default]
    #[serde(rename = "alphabeta")]
    #[cfg_attr(feature = "cli", value(name = "alphabeta", aliases = ["ab", "alpha-beta", "alphabeta-hard", "alpha-beta-hard"]))]
    AlphaBeta,
    /// Alpha-beta, fail-soft: values may fall outside the window.
    #[serde(rename = "alphabeta-soft")]
    #[cfg_attr(feature = "cli", value(name = "alphabeta-soft", alias = "alpha-beta-soft"))]
    AlphaBetaSoft,
    /// Negamax: minimax with one rule, values from the mover's point of view.
    #[serde(rename = "negamax")]
    Negamax,
    /// Negamax with alpha-beta pruning (fail-soft).
    #[serde(rename = "negamax-ab")]
    #[cfg_attr(feature = "cli", value(name = "negamax-ab", aliases = ["negamax-alphabeta", "negamax-alpha-beta"]))]
    NegamaxAb,
}

impl Algorithm {
    /// Every algorithm, in the order they are listed to users.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::AlphaBetaSoft,
        Algorithm::Negamax,
        Algorithm::NegamaxAb,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::AlphaBetaSoft => "alphabeta-soft",
            Algorithm::Negamax => "negamax",
            Algorithm::NegamaxAb => "negamax-ab",
        }
    }

    /// A short human title.
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Minimax => "Minimax",
            Algorithm::AlphaBeta => "Alpha-beta (fail-hard)",
            Algorithm::AlphaBetaSoft => "Alpha-beta (fail-soft)",
            Algorithm::Negamax => "Negamax",
            Algorithm::NegamaxAb => "Negamax with alpha-beta",
        }
    }

    /// Whether it searches with an [α, β] window (and so can cut).
    pub fn has_window(self) -> bool {
        !matches!(self, Algorithm::Minimax | Algorithm::Negamax)
    }

    /// Whose point of view its values are in.
    pub fn perspective(self) -> Perspective {
        match self {
            Algorithm::Negamax | Algorithm::NegamaxAb => Perspective::Mover,
            _ => Perspective::Max,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let norm = s.to_ascii_lowercase().replace(['_', ' '], "-");
        let found = match norm.as_str() {
            "alpha-beta" | "ab" => Some(Algorithm::AlphaBeta),
            "alphabeta-hard" | "alpha-beta-hard" => Some(Algorithm::AlphaBeta),
            "alpha-beta-soft" => Some(Algorithm::AlphaBetaSoft),
            "negamax-alphabeta" | "negamax-alpha-beta" => Some(Algorithm::NegamaxAb),
            _ => Algorithm::ALL.into_iter().find(|a| a.name() == norm),
        };
        found.ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!("unknown algorithm '{s}': expected one of {}", names.join(", "))
        })
    }
}

/// Runs `algo` from the current position of `game` to `depth` plies (`u32::MAX`: to the end)
/// and returns the root value from MAX's point of view.
pub fn run<G: Game, O: Observer<G>>(
    algo: Algorithm,
    game: &mut G,
    depth: u32,
    obs: &mut O,
) -> Result<Score, Stop> {
    let root = game.to_move();
    match algo {
        Algorithm::Minimax => minimax(game, depth, obs),
        Algorithm::AlphaBeta => alphabeta(game, depth, Score::NEG_INF, Score::INF, obs),
        Algorithm::AlphaBetaSoft => alphabeta_soft(game, depth, Score::NEG_INF, Score::INF, obs),
        Algorithm::Negamax => negamax(game, depth, obs).map(|v| root.to_max_view(v)),
        Algorithm::NegamaxAb => {
            negamax_ab(game, depth, Score::NEG_INF, Score::INF, obs).map(|v| root.to_max_view(v))
        }
    }
}

/// The search stops here if the game is over or the depth limit is reached: reports the leaf to
/// the observer and returns its static value (MAX's view).
#[inline(always)]
fn static_value<G: Game, O: Observer<G>>(game: &G, depth: u32, obs: &mut O) -> Option<Score> {
    let (value, terminal) = match game.terminal_value() {
        Some(v) => (v, game.leaves_are_game_ends()),
        None if depth == 0 => (game.evaluate(), false),
        None => return None,
    };
    obs.leaf(value, terminal);
    Some(value)
}

/// [`static_value`] from the mover's point of view, for the negamax family.
#[inline(always)]
fn static_value_for_mover<G: Game, O: Observer<G>>(game: &G, depth: u32, obs: &mut O) -> Option<Score> {
    let player: Player = game.to_move();
    let (value, terminal) = match game.terminal_value() {
        Some(v) => (v, game.leaves_are_game_ends()),
        None if depth == 0 => (game.evaluate(), false),
        None => return None,
    };
    let value = player.to_max_view(value);
    obs.leaf(value, terminal);
    Some(value)
}
