//! Negamax with alpha-beta pruning (fail-soft): the window is negated and swapped at each level
//! where the player to move changes.

use super::Search;
use abviz_core::Game;
use abviz_core::Score;
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// Negamax with alpha-beta, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("negamax-ab"),
    title: Cow::Borrowed("Negamax with alpha-beta"),
    perspective: Perspective::Mover,
    features: Features { window: true, researches: false, passes: false, transpositions: false, mcts: false, chance: false },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function negamax(node, depth, α, β)   ▷ values from the mover's view"),
        CodeLine::new(Leaf, "  if node is terminal or depth = 0: return ±value(node)"),
        CodeLine::new(MaxLoop, "  best ← −∞; for each child c of node:"),
        CodeLine::new(
            MaxUpdate,
            "    v ← −negamax(c, depth − 1, −β, −α); best ← max(best, v); α ← max(α, v)",
        ),
        CodeLine::new(MaxCut, "    if α ≥ β: break               ▷ cutoff"),
        CodeLine::new(MaxReturn, "  return best"),
        CodeLine::new(Other, "  ▷ if the mover moves again in c: v ← negamax(c, depth − 1, α, β)"),
    ]),
};

/// Negamax alpha-beta value of the current position from the mover's point of view; the
/// pseudocode is [`DESCRIPTOR`]'s listing.
pub fn negamax_ab<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    mut alpha: Score,
    beta: Score,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    s.enter(game, alpha, beta)?;
    if let Some(value) = s.leaf(game, depth)? {
        return Ok(s.exit(value));
    }
    let moves = s.moves(game)?;
    let me = game.to_move();
    let mut best = Score::NEG_INF;
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = if game.to_move() == me {
            negamax_ab(game, depth - 1, alpha, beta, s)?
        } else {
            -negamax_ab(game, depth - 1, -beta, -alpha, s)?
        };
        game.undo(mv);
        best = best.max(v);
        alpha = alpha.max(v);
        s.update(i, mv, v, alpha, beta);
        if s.cuts(alpha, beta) {
            s.cutoff(game, &moves[i + 1..], alpha, beta)?;
            break;
        }
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
    let value = negamax_ab(game, depth, Score::NEG_INF, Score::INF, s)?;
    Ok(s.outcome(game, value))
}
