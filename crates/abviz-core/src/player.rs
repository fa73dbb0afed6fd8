//! [`Player`]: the side to move, MAX or MIN.

use crate::Score;

crate::named! {
    /// The side to move: MAX wants high values, MIN wants low ones.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Player: "player", default Max {
        /// The maximising player (▲).
        Max = "max",
        /// The minimising player (▼).
        Min = "min",
    }
}

impl Player {
    /// The other player.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::Max => Player::Min,
            Player::Min => Player::Max,
        }
    }

    /// `"MAX"` or `"MIN"`.
    pub fn upper(self) -> &'static str {
        match self {
            Player::Max => "MAX",
            Player::Min => "MIN",
        }
    }

    /// Converts a value from this player's point of view to MAX's (and back: it is its own inverse).
    #[inline]
    pub fn to_max_view(self, v: Score) -> Score {
        match self {
            Player::Max => v,
            Player::Min => -v,
        }
    }
}
