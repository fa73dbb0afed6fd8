//! Alpha-beta, fail-soft: a node returns the best value it saw, which may lie outside [α, β].

use super::Search;
use crate::Score;
use crate::game::{Game, Player};
use crate::trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// Fail-soft alpha-beta, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("alphabeta-soft"),
    title: Cow::Borrowed("Alpha-beta (fail-soft)"),
    perspective: Perspective::Max,
    features: Features { window: true, researches: false, passes: false, transpositions: false, mcts: false },
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function alphabeta(node, depth, α, β)   ▷ fail-soft"),
        CodeLine::new(Leaf, "  if node is terminal or depth = 0: return value(node)"),
        CodeLine::new(Other, "  if node is MAX:"),
        CodeLine::new(MaxLoop, "    best ← −∞; for each child c of node:"),
        CodeLine::new(
            MaxUpdate,
            "      v ← alphabeta(c, depth − 1, α, β); best ← max(best, v); α ← max(α, v)",
        ),
        CodeLine::new(MaxCut, "      if α ≥ β: break             ▷ β-cutoff"),
        CodeLine::new(MaxReturn, "    return best"),
        CodeLine::new(Other, "  else (MIN):"),
        CodeLine::new(MinLoop, "    best ← +∞; for each child c of node:"),
        CodeLine::new(
            MinUpdate,
            "      v ← alphabeta(c, depth − 1, α, β); best ← min(best, v); β ← min(β, v)",
        ),
        CodeLine::new(MinCut, "      if α ≥ β: break             ▷ α-cutoff"),
        CodeLine::new(MinReturn, "    return best"),
    ]),
};

/// Fail-soft alpha-beta value of the current position (MAX's view) within [`alpha`, `beta`];
/// the pseudocode is [`DESCRIPTOR`]'s listing.
pub fn alphabeta_soft<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    mut alpha: Score,
    mut beta: Score,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    s.enter(game, alpha, beta)?;
    if let Some(value) = s.leaf(game, depth) {
        return Ok(s.exit(value));
    }
    let moves = s.moves(game);
    let player = game.to_move();
    let mut best = if player == Player::Max { Score::NEG_INF } else { Score::INF };
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = alphabeta_soft(game, depth - 1, alpha, beta, s)?;
        game.undo(mv);
        match player {
            Player::Max => {
                best = best.max(v);
                alpha = alpha.max(v);
            }
            Player::Min => {
                best = best.min(v);
                beta = beta.min(v);
            }
        }
        s.update(i, mv, v, alpha, beta);
        if alpha >= beta {
            s.cutoff(game, &moves[i + 1..], alpha, beta);
            break;
        }
    }
    Ok(s.exit(best))
}
