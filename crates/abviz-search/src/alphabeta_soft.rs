//! Alpha-beta, fail-soft, as AIMA writes it (Russell & Norvig, 4th ed., Fig. 5.7, with the depth
//! cutoff of §5.3): MAX-VALUE and MIN-VALUE each return the best value they saw, which may lie
//! outside [α, β]. Its figures (Fig. 5.5) show these values: C ≤ 2, D = 2.

use super::Search;
use abviz_core::Score;
use abviz_core::{Game, Player};
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// Fail-soft alpha-beta, as its listing (AIMA's pseudocode) says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("alphabeta-soft"),
    title: Cow::Borrowed("Alpha-beta (fail-soft)"),
    perspective: Perspective::Max,
    features: Features { window: true, researches: false, passes: false, transpositions: false, mcts: false, chance: false },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Other, "function ALPHA-BETA-SEARCH(game, state) returns an action"),
        CodeLine::new(Other, "  value, move ← MAX-VALUE(game, state, −∞, +∞); return move"),
        CodeLine::new(Header, "function MAX-VALUE(game, state, α, β) returns (value, move)"),
        CodeLine::new(Leaf, "  if IS-CUTOFF(state, depth) then return EVAL(state), null"),
        CodeLine::new(Other, "  v ← −∞"),
        CodeLine::new(MaxLoop, "  for each a in ACTIONS(state) do"),
        CodeLine::new(Other, "    v2, a2 ← MIN-VALUE(game, RESULT(state, a), α, β)"),
        CodeLine::new(MaxUpdate, "    if v2 > v then v, move ← v2, a; α ← MAX(α, v)"),
        CodeLine::new(MaxCutReturn, "    if v ≥ β then return v, move      ▷ β-cutoff"),
        CodeLine::new(MaxReturn, "  return v, move"),
        CodeLine::new(MinHeader, "function MIN-VALUE(game, state, α, β) returns (value, move)"),
        CodeLine::new(MinLeaf, "  if IS-CUTOFF(state, depth) then return EVAL(state), null"),
        CodeLine::new(Other, "  v ← +∞"),
        CodeLine::new(MinLoop, "  for each a in ACTIONS(state) do"),
        CodeLine::new(Other, "    v2, a2 ← MAX-VALUE(game, RESULT(state, a), α, β)"),
        CodeLine::new(MinUpdate, "    if v2 < v then v, move ← v2, a; β ← MIN(β, v)"),
        CodeLine::new(MinCutReturn, "    if v ≤ α then return v, move      ▷ α-cutoff"),
        CodeLine::new(MinReturn, "  return v, move"),
    ]),
};

/// Fail-soft alpha-beta value of the current position (MAX's view) within [`alpha`, `beta`]:
/// MAX-VALUE or MIN-VALUE by who is to move (a player who moves again stays in their function);
/// the pseudocode is [`DESCRIPTOR`]'s listing.
pub fn alphabeta_soft<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    alpha: Score,
    beta: Score,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    match game.to_move() {
        Player::Max => max_value(game, depth, alpha, beta, s),
        Player::Min => min_value(game, depth, alpha, beta, s),
    }
}

/// AIMA's MAX-VALUE.
fn max_value<G: Game, O: Observer<G>>(
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
    let mut v = Score::NEG_INF;
    let moves = s.moves(game)?;
    for (i, &a) in moves.iter().enumerate() {
        game.play(a);
        let v2 = alphabeta_soft(game, depth - 1, alpha, beta, s)?;
        game.undo(a);
        if v2 > v {
            v = v2;
            alpha = alpha.max(v);
        }
        s.update(i, a, v2, alpha, beta);
        if s.cuts(v, beta) {
            s.cutoff(game, &moves[i + 1..], alpha, beta)?;
            return Ok(s.exit(v));
        }
    }
    Ok(s.exit(v))
}

/// AIMA's MIN-VALUE.
fn min_value<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    alpha: Score,
    mut beta: Score,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    s.enter(game, alpha, beta)?;
    if let Some(value) = s.leaf(game, depth)? {
        return Ok(s.exit(value));
    }
    let mut v = Score::INF;
    let moves = s.moves(game)?;
    for (i, &a) in moves.iter().enumerate() {
        game.play(a);
        let v2 = alphabeta_soft(game, depth - 1, alpha, beta, s)?;
        game.undo(a);
        if v2 < v {
            v = v2;
            beta = beta.min(v);
        }
        s.update(i, a, v2, alpha, beta);
        if s.cuts(alpha, v) {
            s.cutoff(game, &moves[i + 1..], alpha, beta)?;
            return Ok(s.exit(v));
        }
    }
    Ok(s.exit(v))
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    _settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    let value = alphabeta_soft(game, depth, Score::NEG_INF, Score::INF, s)?;
    Ok(s.outcome(game, value))
}
