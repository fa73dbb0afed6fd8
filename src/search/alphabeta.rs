//! Alpha-beta, fail-hard: a node's value is clamped to its window [α, β].

use super::static_value;
use crate::Score;
use crate::game::{Game, Player};
use crate::trace::{Observer, Stop};

/// Alpha-beta value of the current position (MAX's view) within the window [`alpha`, `beta`].
///
/// ```text
/// function alphabeta(node, depth, α, β)
///     if node is terminal or depth = 0: return value(node)
///     if MAX to move:
///         for each child c: α ← max(α, alphabeta(c, depth − 1, α, β))
///                           if α ≥ β: return β        (β-cutoff)
///         return α
///     else:
///         for each child c: β ← min(β, alphabeta(c, depth − 1, α, β))
///                           if α ≥ β: return α        (α-cutoff)
///         return β
/// ```
pub fn alphabeta<G: Game, O: Observer<G>>(
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
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = alphabeta(game, depth - 1, alpha, beta, obs)?;
        game.undo(mv);
        match player {
            Player::Max => alpha = alpha.max(v),
            Player::Min => beta = beta.min(v),
        }
        obs.update(v, alpha, beta);
        if alpha >= beta {
            obs.cutoff(game, &moves[i + 1..], alpha, beta);
            let value = match player {
                Player::Max => beta,
                Player::Min => alpha,
            };
            obs.exit(value);
            return Ok(value);
        }
    }
    let value = match player {
        Player::Max => alpha,
        Player::Min => beta,
    };
    obs.exit(value);
    Ok(value)
}
