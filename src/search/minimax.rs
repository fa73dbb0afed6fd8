//! Minimax: MAX takes the largest child value, MIN the smallest.

use super::static_value;
use crate::Score;
use crate::game::{Game, Player};
use crate::trace::{Observer, Stop};

/// Minimax value of the current position (MAX's view), searching `depth` plies.
///
/// ```text
/// function minimax(node, depth)
///     if node is terminal or depth = 0: return value(node)
///     if MAX to move: return max over children c of minimax(c, depth − 1)
///     else:           return min over children c of minimax(c, depth − 1)
/// ```
pub fn minimax<G: Game, O: Observer<G>>(game: &mut G, depth: u32, obs: &mut O) -> Result<Score, Stop> {
    obs.enter(game, Score::NEG_INF, Score::INF)?;
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
    for &mv in &moves {
        game.play(mv);
        let v = minimax(game, depth - 1, obs)?;
        game.undo(mv);
        match player {
            Player::Max => {
                best = best.max(v);
                obs.update(v, best, Score::INF);
            }
            Player::Min => {
                best = best.min(v);
                obs.update(v, Score::NEG_INF, best);
            }
        }
    }
    obs.exit(best);
    Ok(best)
}
