//! Alpha-beta, fail-hard: a node's value is clamped to its window [α, β].

use super::Search;
use abviz_core::Score;
use abviz_core::{Game, Player};
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// Fail-hard alpha-beta, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("alphabeta"),
    title: Cow::Borrowed("Alpha-beta (fail-hard)"),
    perspective: Perspective::Max,
    features: Features { window: true, researches: false, passes: false, transpositions: false, mcts: false, chance: false },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function alphabeta(node, depth, α, β)"),
        CodeLine::new(Leaf, "  if node is terminal or depth = 0: return value(node)"),
        CodeLine::new(Other, "  if node is MAX:"),
        CodeLine::new(MaxLoop, "    for each child c of node:"),
        CodeLine::new(MaxUpdate, "      α ← max(α, alphabeta(c, depth − 1, α, β))"),
        CodeLine::new(MaxCutReturn, "      if α ≥ β: return β          ▷ β-cutoff"),
        CodeLine::new(MaxReturn, "    return α"),
        CodeLine::new(Other, "  else (MIN):"),
        CodeLine::new(MinLoop, "    for each child c of node:"),
        CodeLine::new(MinUpdate, "      β ← min(β, alphabeta(c, depth − 1, α, β))"),
        CodeLine::new(MinCutReturn, "      if α ≥ β: return α          ▷ α-cutoff"),
        CodeLine::new(MinReturn, "    return β"),
    ]),
};

/// Alpha-beta value of the current position (MAX's view) within the window [`alpha`, `beta`];
/// the pseudocode is [`DESCRIPTOR`]'s listing.
pub fn alphabeta<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    mut alpha: Score,
    mut beta: Score,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    s.enter(game, alpha, beta)?;
    if let Some(value) = s.leaf(game, depth)? {
        return Ok(s.exit(value));
    }
    let moves = s.moves(game)?;
    let player = game.to_move();
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = alphabeta(game, depth - 1, alpha, beta, s)?;
        game.undo(mv);
        match player {
            Player::Max => alpha = alpha.max(v),
            Player::Min => beta = beta.min(v),
        }
        s.update(i, mv, v, alpha, beta);
        if s.cuts(alpha, beta) {
            s.cutoff(game, &moves[i + 1..], alpha, beta)?;
            return Ok(s.exit(if player == Player::Max { beta } else { alpha }));
        }
    }
    Ok(s.exit(if player == Player::Max { alpha } else { beta }))
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    _settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    let value = alphabeta(game, depth, Score::NEG_INF, Score::INF, s)?;
    Ok(s.outcome(game, value))
}
