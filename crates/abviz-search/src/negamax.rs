//! Negamax: minimax with a single rule, every value from the mover's point of view.

use super::Search;
use abviz_core::Game;
use abviz_core::Score;
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// Negamax, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("negamax"),
    title: Cow::Borrowed("Negamax"),
    perspective: Perspective::Mover,
    features: Features {
        window: false,
        researches: false,
        passes: false,
        transpositions: false,
        mcts: false, chance: false,
    },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function negamax(node, depth)   ▷ values from the mover's view"),
        CodeLine::new(Leaf, "  if node is terminal or depth = 0: return ±value(node)"),
        CodeLine::new(MaxLoop, "  best ← −∞; for each child c of node:"),
        CodeLine::new(
            MaxUpdate,
            "    best ← max(best, −negamax(c, depth − 1))   ▷ no − if the mover moves again",
        ),
        CodeLine::new(MaxReturn, "  return best"),
    ]),
};

/// Negamax value of the current position from the mover's point of view; the pseudocode is
/// [`DESCRIPTOR`]'s listing. A child's value is negated only when the player to move changes
/// (Kalah and Jiu chess let a player move again).
pub fn negamax<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    s.enter(game, Score::NEG_INF, Score::INF)?;
    if let Some(value) = s.leaf(game, depth)? {
        return Ok(s.exit(value));
    }
    let moves = s.moves(game)?;
    let me = game.to_move();
    let mut best = Score::NEG_INF;
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v =
            if game.to_move() == me { negamax(game, depth - 1, s)? } else { -negamax(game, depth - 1, s)? };
        game.undo(mv);
        best = best.max(v);
        s.update(i, mv, v, best, Score::INF);
    }
    Ok(s.exit(best))
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    _settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    let value = negamax(game, depth, s)?;
    Ok(s.outcome(game, value))
}
