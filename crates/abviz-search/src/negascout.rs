//! NegaScout (Reinefeld 1983): fail-soft negamax where every child after the first is probed
//! with a null window, and searched again only when the probe fails high inside the window and
//! the child is no leaf (a leaf's value is exact whatever the window).

use super::{Search, negamax_child};
use abviz_core::Game;
use abviz_core::Score;
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// NegaScout, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("negascout"),
    title: Cow::Borrowed("NegaScout"),
    perspective: Perspective::Mover,
    features: Features { window: true, researches: true, passes: false, transpositions: false, mcts: false, chance: false },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function negascout(node, depth, α, β)   ▷ fail-soft, mover's view"),
        CodeLine::new(Leaf, "  if node is terminal or depth = 0: return ±value(node)"),
        CodeLine::new(Other, "  m ← −∞; n ← β                    ▷ best so far; the window's top"),
        CodeLine::new(MaxLoop, "  for each child c of node:"),
        CodeLine::new(Probe, "    t ← −negascout(c, depth − 1, −n, −max(α, m))  ▷ null window after c₁"),
        CodeLine::new(Other, "    if n ≤ t < β and c is not a leaf:          ▷ the probe failed high"),
        CodeLine::new(Research, "      t ← −negascout(c, depth − 1, −β, −t)       ▷ re-search"),
        CodeLine::new(MaxUpdate, "    m ← max(m, t)"),
        CodeLine::new(MaxCut, "    if m ≥ β: return m               ▷ cutoff"),
        CodeLine::new(Other, "    n ← max(α, m) + 1                ▷ the next null window"),
        CodeLine::new(MaxReturn, "  return m"),
        CodeLine::new(Other, "  ▷ if the mover moves again in c: no − and no swap of the window"),
    ]),
};

/// NegaScout value of the current position from the mover's point of view within [`alpha`,
/// `beta`] (fail-soft); the pseudocode is [`DESCRIPTOR`]'s listing.
pub fn negascout<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    alpha: Score,
    beta: Score,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    s.enter(game, alpha, beta)?;
    if let Some(value) = s.leaf(game, depth)? {
        return Ok(s.exit(value));
    }
    let moves = s.moves(game)?;
    let me = game.to_move();
    let (mut m, mut n) = (Score::NEG_INF, beta);
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let mut t = negamax_child(game, me, alpha.max(m), n, |g, a, b| negascout(g, depth - 1, a, b, s))?;
        // (A leaf's value is exact: asked only once the probe failed high inside the window. A
        // depth-limit child that searches on in quiescence is no leaf: its value is a bound.)
        let leaf = (depth == 1 && !s.quiescence()) || game.terminal_value().is_some();
        if n <= t && t < beta && !leaf {
            s.research();
            t = negamax_child(game, me, t, beta, |g, a, b| negascout(g, depth - 1, a, b, s))?;
        }
        game.undo(mv);
        m = m.max(t);
        s.update(i, mv, t, alpha.max(m), beta);
        if s.cuts(m, beta) {
            s.cutoff(game, &moves[i + 1..], alpha.max(m), beta)?;
            break;
        }
        n = alpha.max(m).at_least(game.value_decimals()).next_up();
    }
    Ok(s.exit(m))
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    _settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    let value = negascout(game, depth, Score::NEG_INF, Score::INF, s)?;
    Ok(s.outcome(game, value))
}
