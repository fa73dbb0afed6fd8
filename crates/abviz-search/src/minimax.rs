//! Minimax: MAX takes the largest child value, MIN the smallest.

use super::Search;
use abviz_core::Score;
use abviz_core::{Game, Player};
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// Minimax, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("minimax"),
    title: Cow::Borrowed("Minimax"),
    perspective: Perspective::Max,
    features: Features {
        window: false,
        researches: false,
        passes: false,
        transpositions: false,
        mcts: false, chance: false,
    },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function minimax(node, depth)"),
        CodeLine::new(Leaf, "  if node is terminal or depth = 0: return value(node)"),
        CodeLine::new(Other, "  if node is MAX:"),
        CodeLine::new(MaxLoop, "    best ← −∞; for each child c of node:"),
        CodeLine::new(MaxUpdate, "      best ← max(best, minimax(c, depth − 1))"),
        CodeLine::new(MaxReturn, "    return best"),
        CodeLine::new(Other, "  else (MIN):"),
        CodeLine::new(MinLoop, "    best ← +∞; for each child c of node:"),
        CodeLine::new(MinUpdate, "      best ← min(best, minimax(c, depth − 1))"),
        CodeLine::new(MinReturn, "    return best"),
    ]),
};

/// Minimax value of the current position (MAX's view), searching `depth` plies; the
/// pseudocode is [`DESCRIPTOR`]'s listing.
pub fn minimax<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    s.enter(game, Score::NEG_INF, Score::INF)?;
    if let Some(value) = s.leaf(game, depth)? {
        return Ok(s.exit(value));
    }
    let moves = s.moves(game)?;
    let player = game.to_move();
    let mut best = if player == Player::Max { Score::NEG_INF } else { Score::INF };
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = minimax(game, depth - 1, s)?;
        game.undo(mv);
        // The best value so far is reported as MAX's α or MIN's β.
        match player {
            Player::Max => {
                best = best.max(v);
                s.update(i, mv, v, best, Score::INF);
            }
            Player::Min => {
                best = best.min(v);
                s.update(i, mv, v, Score::NEG_INF, best);
            }
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
    let value = minimax(game, depth, s)?;
    Ok(s.outcome(game, value))
}
