//! Alpha-beta with memory (Plaat et al. 1996), in negamax form: fail-soft alpha-beta that
//! looks its position up in a transposition table first and stores what it proved on return.
//! MTD(f) and iterative deepening run it once per pass; its lines end their listings.

use super::table::Memory;
use super::{Search, negamax_child};
use abviz_core::Game;
use abviz_core::Score;
use abviz_trace::{Bound, CodeLine, LineRole, LineRole::*, Observer, Stop};

/// The listing of [`memory`], for the algorithms that call it.
pub(super) const LINES: &[(LineRole, &str)] = &[
    (Header, "function memory(node, depth, α, β)   ▷ alpha-beta with memory, mover's view"),
    (Leaf, "  if node is terminal or depth = 0: return ±value(node)"),
    (TtProbe, "  if the table holds node searched to depth:"),
    (TtHit, "    if lower ≥ β: return lower;  if upper ≤ α or lower = upper: return upper"),
    (Other, "    α ← max(α, lower); β ← min(β, upper)"),
    (MaxLoop, "  g ← −∞; a ← α; for each child c (the table's move first, with --ordering-heuristics):"),
    (MaxUpdate, "    g ← max(g, −memory(c, depth − 1, −β, −a)); a ← max(a, g)"),
    (MaxCut, "    if g ≥ β: break                 ▷ cutoff"),
    (TtStore, "  store g as an upper bound if g ≤ α, a lower bound if g ≥ β, else exact"),
    (MaxReturn, "  return g"),
];

/// A listing: `driver`'s lines, then [`memory`]'s.
pub(super) fn listing(driver: &[(LineRole, &'static str)]) -> Vec<CodeLine> {
    driver.iter().chain(LINES).map(|&(role, text)| CodeLine::new(role, text)).collect()
}

/// The alpha-beta-with-memory value of the current position from the mover's point of view
/// within [`alpha`, `beta`] (fail-soft), looking positions up in and storing them into `m`.
pub fn memory<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    mut alpha: Score,
    mut beta: Score,
    m: &mut Memory,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    s.enter(game, alpha, beta)?;
    if let Some(value) = s.leaf(game, depth)? {
        return Ok(s.exit(value));
    }
    let key = game.position_key();
    if let Some(key) = key {
        s.tt_probe(key);
        if let Some(e) = m.probe(key, depth) {
            if e.lower >= beta {
                s.tt_hit(key, e.lower, Bound::Lower, depth);
                return Ok(s.exit(e.lower));
            }
            if e.upper <= alpha || e.lower == e.upper {
                let bound = if e.lower == e.upper { Bound::Exact } else { Bound::Upper };
                s.tt_hit(key, e.upper, bound, depth);
                return Ok(s.exit(e.upper));
            }
            alpha = alpha.max(e.lower);
            beta = beta.min(e.upper);
        }
    }
    let natural = game.moves();
    let order = m.order(game, key, s.ply(), &natural);
    let moves = s.expand(game, order.iter().map(|&i| natural[i as usize]).collect())?;
    if s.obs.records_order() {
        for (index, reason, table_depth, score) in m.reasons(game, key, s.ply(), &natural, &order) {
            s.obs.order(index, reason, table_depth, score);
        }
    }
    let me = game.to_move();
    let (mut g, mut a, mut best) = (Score::NEG_INF, alpha, None);
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = negamax_child(game, me, a, beta, |c, a, b| memory(c, depth - 1, a, b, m, s))?;
        game.undo(mv);
        if i == 0 || v > g {
            best = Some(order[i]);
        }
        g = g.max(v);
        a = a.max(g);
        s.update(i, mv, v, a, beta);
        if s.cuts(g, beta) {
            s.cutoff(game, &moves[i + 1..], a, beta)?;
            if m.reward(game, mv, s.ply(), depth) && s.obs.records_order() {
                s.obs.killer(s.ply() as u32 - 1);
            }
            break;
        }
    }
    if let Some(key) = key {
        let bound = m.store(key, depth, g, (alpha, beta), best);
        s.tt_store(key, g, bound, depth);
    }
    Ok(s.exit(g))
}
