//! Alpha-beta, fail-soft: a node returns the best value it saw, which may lie outside [α, β].

use super::static_value;
use crate::Score;
use crate::game::{Game, Player};
use crate::trace::{Observer, Stop};

/// Fail-soft alpha-beta value of the current position (MAX's view) within [`alpha`, `beta`].
///
/// ```text
/// function alphabeta_soft(node, depth, α, β)
///     if node is terminal or depth = 0: return value(node)
///     if MAX to move:
///         best ← −∞
///         for each child c: v ← alphabeta_soft(c, depth − 1, α, β)
///                           best ← max(best, v); α ← max(α, v)
///                           if α ≥ β: break       (β-cutoff)
///     else: the same with min, β, +∞             (α-cutoff)
///     return best
/// ```
pub fn alphabeta_soft<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    mut alpha: Score,
    mut beta: Score,
    obs: &mut O,
) -> Result<Score, Stop> {
    obs.enter(game, alpha, beta)?;
    if let Some(value) = static_value(game, depth, obs) {
        obs.exit(value);
        return Ok(value);
    }
    let moves = game.moves();
    obs.expand(game, &moves);
    let player = game.to_move();
    let mut best = match player {
        Player::Max => Score::NEG_INF,
        Player::Min => Score::INF,
    };
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = alphabeta_soft(game, depth - 1, alpha, beta, obs)?;
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
        obs.update(v, alpha, beta);
        if alpha >= beta {
            obs.cutoff(game, &moves[i + 1..], alpha, beta);
            break;
        }
    }
    obs.exit(best);
    Ok(best)
}
