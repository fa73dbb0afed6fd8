//! Negamax: minimax with a single rule, every value from the mover's point of view.

use super::static_value_for_mover;
use crate::Score;
use crate::game::Game;
use crate::trace::{Observer, Stop};

/// Negamax value of the current position from the mover's point of view.
///
/// ```text
/// function negamax(node, depth)
///     if node is terminal or depth = 0: return ±value(node)   (+ for MAX to move, − for MIN)
///     return max over children c of −negamax(c, depth − 1)
/// ```
pub fn negamax<G: Game, O: Observer<G>>(game: &mut G, depth: u32, obs: &mut O) -> Result<Score, Stop> {
    obs.enter(game, Score::NEG_INF, Score::INF)?;
    if let Some(value) = static_value_for_mover(game, depth, obs) {
        obs.exit(value);
        return Ok(value);
    }
    let moves = game.moves();
    obs.expand(game, &moves);
    let mut best = Score::NEG_INF;
    for &mv in &moves {
        game.play(mv);
        let v = -negamax(game, depth - 1, obs)?;
        game.undo(mv);
        best = best.max(v);
        obs.update(v, best, Score::INF);
    }
    obs.exit(best);
    Ok(best)
}
