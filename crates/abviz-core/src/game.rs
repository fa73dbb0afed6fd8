//! The [`Game`] trait: what the search algorithms need of a position.

use crate::{Player, Score};
use std::fmt;

/// How many moves a [`MoveList`] holds without allocating.
pub const INLINE_MOVES: usize = 32;

/// The moves of a position as the searches hold them: up to [`INLINE_MOVES`] moves inline
/// (on the stack of the search's recursion), more on the heap. Filled by
/// [`Game::moves_into`], so a search allocates nothing per node for most games.
pub type MoveList<M> = smallvec::SmallVec<[M; INLINE_MOVES]>;

/// [`Game::moves`] for a game that writes its moves in [`Game::moves_into`]: the same moves as
/// a `Vec`.
pub fn collect_moves<G: Game>(game: &G) -> Vec<G::Move> {
    let mut out = MoveList::new();
    game.moves_into(&mut out);
    out.into_vec()
}

/// A two-player zero-sum game as the search algorithms see it.
///
/// Moves come in a stable order (the order children are searched in, left to right); `play` and
/// `undo` change the position in place. Every value is from MAX's point of view. Whose turn it
/// is belongs to the position: turns need not alternate (a player may move twice in a row, as
/// in Kalah), and the searches negate values only where the mover changes. A finished game
/// (no legal moves) must report its [`Game::terminal_value`]. Clones should be cheap: the
/// recorder clones a position to describe pruned children (unless [`Game::next_to_move`] tells
/// it who moves there).
pub trait Game: Clone {
    /// A move: small and copyable.
    type Move: Copy + fmt::Debug;

    /// The player to move in this position.
    fn to_move(&self) -> Player;

    /// The legal moves, in search order. Empty in a finished game.
    fn moves(&self) -> Vec<Self::Move>;

    /// Appends the legal moves, in search order (the same as [`Game::moves`]), to `out`: what
    /// the searches call at every node. The default copies [`Game::moves`]; a game whose
    /// speed matters writes its moves here directly, with no allocation.
    #[inline]
    fn moves_into(&self, out: &mut MoveList<Self::Move>) {
        out.extend(self.moves());
    }

    /// Plays `mv` (one of [`Game::moves`]).
    fn play(&mut self, mv: Self::Move);

    /// Takes back `mv`, the last move played.
    fn undo(&mut self, mv: Self::Move);

    /// If the game is over here, its value (MAX's view).
    fn terminal_value(&self) -> Option<Score>;

    /// The static evaluation at the depth limit (MAX's view).
    fn evaluate(&self) -> Score;

    /// Writes the human label of `mv` (played from this position) into `out`.
    fn write_move_label(&self, mv: Self::Move, out: &mut String);

    /// A small number that names `mv`'s label: two moves with the same key have the same label
    /// in every position, so a recorder formats each label once. `None` (the default) when the
    /// label depends on the position (Chinese xiangqi notation, for instance).
    fn label_key(&self, mv: Self::Move) -> Option<u32> {
        let _ = mv;
        None
    }

    /// A number naming `mv` across positions (the same move played elsewhere has the same
    /// number), for the killer and history heuristics; `None` (the default): those heuristics
    /// leave the game's order alone.
    fn move_id(&self, mv: Self::Move) -> Option<u64> {
        let _ = mv;
        None
    }

    /// A key of this position for transposition tables: equal positions (with the same player
    /// to move) have equal keys, different ones almost surely differ. `None` (the default): the
    /// game has no key, and searches that need one refuse it.
    fn position_key(&self) -> Option<u64> {
        None
    }

    /// The human label of `mv` as a new string.
    fn move_label(&self, mv: Self::Move) -> String {
        let mut s = String::new();
        self.write_move_label(mv, &mut s);
        s
    }

    /// This position as text, for tooltips and the terminal (several lines allowed).
    fn position_text(&self) -> String;

    /// This position in the game's own notation (what `--position` accepts), if it has one.
    fn notation(&self) -> Option<String> {
        None
    }

    /// What the players are called in this game ("X" and "O", "Red" and "Black").
    fn player_name(&self, player: Player) -> &'static str {
        player.upper()
    }

    /// The board as a human player sees it (with coordinates), for `abviz play`.
    fn board_text(&self) -> String {
        self.position_text()
    }

    /// Reads a move typed by a human. By default a move is typed as its label (any case);
    /// games add their own shortcuts. The error says why the text is not a legal move.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String> {
        let text = text.trim();
        let moves = self.moves();
        let mut label = String::new();
        for &mv in &moves {
            label.clear();
            self.write_move_label(mv, &mut label);
            if label.eq_ignore_ascii_case(text) {
                return Ok(mv);
            }
        }
        let legal: Vec<String> = moves.iter().map(|&m| self.move_label(m)).collect();
        Err(if legal.is_empty() {
            "the game is over: there is no legal move".to_string()
        } else {
            format!("'{text}' is not a legal move here; legal moves: {}", legal.join(" "))
        })
    }

    /// Whether a position with a [`Game::terminal_value`] is a finished game (true for real
    /// games). Explicit trees say no: their leaves are static values, not game ends.
    fn leaves_are_game_ends(&self) -> bool {
        true
    }

    /// Whether chance moves here (a dice roll, a card drawn), not a player: the moves are the
    /// outcomes, each with its [`Game::chance_probability`]. `false` (the default) for games of
    /// pure skill. [`Game::to_move`] at a chance node names the player whose turn it is (the
    /// one the outcome is for); the searches of pure skill refuse a game with chance nodes
    /// (see [`Game::has_chance`]).
    fn is_chance(&self) -> bool {
        false
    }

    /// The probability of the outcome `mv` at a chance node with `outcomes` outcomes. The
    /// default: each equally likely. The probabilities of a node's outcomes sum to exactly 1.
    fn chance_probability(&self, mv: Self::Move, outcomes: usize) -> crate::Probability {
        let _ = mv;
        crate::Probability::uniform(outcomes)
    }

    /// Whether any position of this game (from here on) may be a chance node: the searches of
    /// pure skill (minimax, alpha-beta …) refuse such a game, the expectimax family searches
    /// it. `false` by default.
    fn has_chance(&self) -> bool {
        false
    }

    /// The least and greatest values a leaf of this game can have, if the game knows them:
    /// *-minimax's leaf bounds when none are given (an explicit tree: its least and greatest
    /// leaf). `None` by default.
    fn value_bounds(&self) -> Option<(Score, Score)> {
        None
    }

    /// The most decimals this game's values have (0, the default: whole numbers). A search
    /// that steps a bound by one unit (MTD(f)'s null windows, aspiration windows) steps by
    /// 10^−this, so no value of the game falls between a bound and its step. Explicit trees with
    /// decimal leaves (`4.99`) say how many decimals their leaves have.
    fn value_decimals(&self) -> u8 {
        0
    }

    /// Where an MCTS playout stops before the game ends, and what it is worth there: a result
    /// from MAX's point of view in [0, 1]. `None` (the default): playouts run to the end of the
    /// game (or their length limit). Jiu chess scores its placement phase's playouts where the
    /// placement ends (`0.7 × result + 0.3 × location`).
    fn playout_end(&self) -> Option<f64> {
        None
    }

    /// Whether this position lies in a phase too wide for a full-width search, where a staged
    /// engine samples with MCTS instead (Jiu chess's placement phase: every empty point is a
    /// move). `false` by default.
    fn wide_phase(&self) -> bool {
        false
    }

    /// Makes this position the root the evaluation counts lines from: a game whose evaluation
    /// depends on the line played from the root (Jiu chess's process scores, which weigh a move
    /// by how far down the line it is) starts that line here. The searches call it on
    /// the position it searches, and `abviz play` after each move of the game, so that labels
    /// and positions read from the game's own position. The default does nothing.
    fn mark_root(&mut self) {}

    /// The name the user gave this position (explicit trees), if any.
    fn node_name(&self) -> Option<&str> {
        None
    }

    /// Who moves after `mv` (one of this position's moves), when the game knows it without
    /// playing the move — and the position after it has no [`Game::node_name`] and is no
    /// chance node. The recorder then notes a child that a cutoff leaves unsearched from the
    /// move list alone, with no copy of the position. `None` (the default): it plays the move
    /// on a copy to see.
    #[inline]
    fn next_to_move(&self, mv: Self::Move) -> Option<Player> {
        let _ = mv;
        None
    }

    /// The moves a quiescence search tries beyond the depth limit — the captures, in search
    /// order — or `None` (the default): the game defines no such moves, and `--quiescence` is
    /// refused for it. An empty list: this position is quiet.
    fn quiescence_moves(&self) -> Option<Vec<Self::Move>> {
        None
    }
}
