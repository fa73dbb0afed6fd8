//! Principal Variation Search, as Wikipedia's "Principal variation search" pseudocode has it:
//! negamax form, the first child with the full window, every later child first with a null
//! window and searched again when that probe lands strictly inside the window.

use super::{Search, negamax_child};
use abviz_core::Game;
use abviz_core::Score;
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// PVS, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("pvs"),
    title: Cow::Borrowed("Principal variation search"),
    perspective: Perspective::Mover,
    features: Features { window: true, researches: true, passes: false, transpositions: false, mcts: false, chance: false },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function pvs(node, depth, α, β)   ▷ values from the mover's view"),
        CodeLine::new(Leaf, "  if node is terminal or depth = 0: return ±value(node)"),
        CodeLine::new(MaxLoop, "  for each child c of node:"),
        CodeLine::new(Other, "    if c is the first child:"),
        CodeLine::new(Other, "      score ← −pvs(c, depth − 1, −β, −α)"),
        CodeLine::new(Other, "    else:"),
        CodeLine::new(Probe, "      score ← −pvs(c, depth − 1, −α − 1, −α)   ▷ null window"),
        CodeLine::new(Other, "      if α < score < β:                        ▷ it failed high"),
        CodeLine::new(Research, "        score ← −pvs(c, depth − 1, −β, −score) ▷ re-search"),
        CodeLine::new(MaxUpdate, "    α ← max(α, score)"),
        CodeLine::new(MaxCut, "    if α ≥ β: break                  ▷ cutoff"),
        CodeLine::new(MaxReturn, "  return α"),
        CodeLine::new(Other, "  ▷ if the mover moves again in c: no − and no swap of the window"),
    ]),
};

/// PVS value of the current position from the mover's point of view within [`alpha`, `beta`]
/// (fail-hard below: it returns at least `alpha`); the pseudocode is [`DESCRIPTOR`]'s listing.
pub fn pvs<G: Game, O: Observer<G>>(
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
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let mut score;
        if i == 0 {
            score = negamax_child(game, me, alpha, beta, |g, a, b| pvs(g, depth - 1, a, b, s))?;
        } else {
            let null = alpha.at_least(game.value_decimals()).next_up();
            score = negamax_child(game, me, alpha, null, |g, a, b| pvs(g, depth - 1, a, b, s))?;
            if alpha < score && score < beta {
                s.research();
                score = negamax_child(game, me, score, beta, |g, a, b| pvs(g, depth - 1, a, b, s))?;
            }
        }
        game.undo(mv);
        alpha = alpha.max(score);
        s.update(i, mv, score, alpha, beta);
        if s.cuts(alpha, beta) {
            s.cutoff(game, &moves[i + 1..], alpha, beta)?;
            break;
        }
    }
    Ok(s.exit(alpha))
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    _settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    let value = pvs(game, depth, Score::NEG_INF, Score::INF, s)?;
    Ok(s.outcome(game, value))
}
