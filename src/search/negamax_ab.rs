//! Negamax with alpha-beta pruning (fail-soft): the window is negated and swapped at each level.

use super::static_value_for_mover;
use crate::Score;
use crate::game::Game;
use crate::trace::{Observer, Stop};

/// Negamax alpha-beta value of the current position from the mover's point of view.
///
/// ```text
/// function negamax_ab(node, depth, α, β)
///     if node is terminal or depth = 0: return ±value(node)
///     best ← −∞
///     for each child c: v ← −negamax_ab(c, depth − 1, −β, −α)
///                       best ← max(best, v); α ← max(α, v)
///                       if α ≥ β: break          (cutoff)
///     return best
/// ```
pub fn negamax_ab<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    mut alpha: Score,
    beta: Score,
    obs: &mut O,
) -> Result<Score, Stop> {
    obs.enter(game, alpha, beta)?;
    if let Some(value) = static_value_for_mover(game, depth, obs) {
        obs.exit(value);
        return Ok(value);
    }
    let moves = game.moves();
    obs.expand(game, &moves);
    let mut best = Score::NEG_INF;
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = -negamax_ab(game, depth - 1, -beta, -alpha, obs)?;
        game.undo(mv);
        best = best.max(v);
        alpha = alpha.max(v);
        obs.update(v, alpha, beta);
        if alpha >= beta {
            obs.cutoff(game, &moves[i + 1..], alpha, beta);
            break;
        }
    }
    obs.exit(best);
    Ok(best)
}
