//! Star1 (Ballard 1983), *-minimax: alpha-beta through MAX and MIN nodes, and at a chance node
//! a cut as soon as the outcomes searched so far, with every outcome still to come at the
//! leaves' bound L or U, keep the expected value out of the window. Each outcome is searched
//! with the window that says exactly that. Returns the expectimax value whenever it lies in the
//! window (fail-soft bounds otherwise), and never visits a node expectimax does not.

use super::Search;
use super::chance::{bounded, bounds, exact, less, probabilities, range, told};
use abviz_core::{Exact, Game, Player, Ratio, Score};
use abviz_trace::{AlgorithmInfo, CodeLine, CutKind, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// Star1, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("star1"),
    title: Cow::Borrowed("Star1 (*-minimax)"),
    perspective: Perspective::Max,
    features: Features {
        window: true,
        researches: false,
        passes: false,
        transpositions: false,
        mcts: false,
        chance: true,
    },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function star1(node, depth, α, β)   ▷ leaves in [L, U]"),
        CodeLine::new(Leaf, "  if node is terminal or depth = 0: return value(node)"),
        CodeLine::new(Other, "  if node is a chance node:"),
        CodeLine::new(Other, "    v ← 0; r ← 1            ▷ r: the mass still to come"),
        CodeLine::new(ChanceLoop, "    for each outcome c, with probability p:"),
        CodeLine::new(Other, "      r ← r − p"),
        CodeLine::new(Other, "      A ← (α − v − U·r) / p;  B ← (β − v − L·r) / p"),
        CodeLine::new(ChanceUpdate, "      v ← v + p · star1(c, depth − 1, max(A, L), min(B, U))"),
        CodeLine::new(ChanceCut, "      if v + U·r ≤ α: return v + U·r   ▷ chance cut"),
        CodeLine::new(ChanceCutHigh, "      if v + L·r ≥ β: return v + L·r   ▷ chance cut"),
        CodeLine::new(ChanceReturn, "    return v"),
        CodeLine::new(Other, "  if node is MAX:"),
        CodeLine::new(MaxLoop, "    best ← −∞; for each child c of node:"),
        CodeLine::new(MaxUpdate, "      best ← max(best, star1(c, depth − 1, max(α, best), β))"),
        CodeLine::new(MaxCut, "      if best ≥ β: break          ▷ β-cutoff"),
        CodeLine::new(MaxReturn, "    return best"),
        CodeLine::new(Other, "  else (MIN):"),
        CodeLine::new(MinLoop, "    best ← +∞; for each child c of node:"),
        CodeLine::new(MinUpdate, "      best ← min(best, star1(c, depth − 1, α, min(β, best)))"),
        CodeLine::new(MinCut, "      if best ≤ α: break          ▷ α-cutoff"),
        CodeLine::new(MinReturn, "    return best"),
    ]),
};

/// The Star1 value of the current position (MAX's view) in the window [`alpha`, `beta`], with
/// every leaf in `bounds` (a leaf outside them stops the search; without bounds no chance node
/// cuts).
pub fn star1<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    alpha: Exact,
    beta: Exact,
    leaf_bounds: Option<(Score, Score)>,
    s: &mut Search<G, O>,
) -> Result<Exact, Stop> {
    let decimals = game.value_decimals();
    s.enter(game, told(alpha, decimals)?, told(beta, decimals)?)?;
    if let Some(value) = s.leaf(game, depth)? {
        let v = bounded(value, leaf_bounds)?;
        s.exit(value);
        return Ok(v);
    }
    let moves = s.moves(game)?;
    if game.is_chance() {
        let (low, high) = bounds(leaf_bounds);
        let probs = probabilities(game, &moves);
        let (mut sum, mut rest) = (Exact::ZERO, Ratio::ONE);
        for (i, (&mv, &p)) in moves.iter().zip(&probs).enumerate() {
            let after = less(rest, p)?;
            // The window in which this outcome's value still decides the test against α and β.
            let a = exact(exact(exact(alpha.checked_sub(sum))?.checked_sub(exact(high.times_ratio(after))?))?.over(p))?;
            let b = exact(exact(exact(beta.checked_sub(sum))?.checked_sub(exact(low.times_ratio(after))?))?.over(p))?;
            game.play(mv);
            let v = star1(game, depth - 1, a.max(low), b.min(high), leaf_bounds, s)?;
            game.undo(mv);
            sum = exact(sum.checked_add(exact(v.times(p))?))?;
            rest = after;
            let (lo, hi) = range(sum, rest, (low, high))?;
            s.obs.update(told(v, decimals)?, told(lo, decimals)?, told(hi, decimals)?);
            // At the last outcome nothing is left to prune: the value is exact.
            let cut = if i + 1 == moves.len() {
                None
            } else if s.cuts(alpha, hi) {
                Some((CutKind::Alpha, hi))
            } else if s.cuts(lo, beta) {
                Some((CutKind::Beta, lo))
            } else {
                None
            };
            if let Some((kind, bound)) = cut {
                let (ta, tb) = (told(alpha, decimals)?, told(beta, decimals)?);
                s.obs.chance_cutoff(game, &moves[i + 1..], kind, told(bound, decimals)?, ta, tb)?;
                s.exit(told(bound, decimals)?);
                return Ok(bound);
            }
        }
        s.exit(told(sum, decimals)?);
        return Ok(sum);
    }
    let player = game.to_move();
    let (mut alpha, mut beta) = (alpha, beta);
    let mut best = if player == Player::Max { Exact::NegInf } else { Exact::Inf };
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = star1(game, depth - 1, alpha, beta, leaf_bounds, s)?;
        game.undo(mv);
        match player {
            Player::Max => {
                best = best.max(v);
                alpha = alpha.max(best);
            }
            Player::Min => {
                best = best.min(v);
                beta = beta.min(best);
            }
        }
        s.update(i, mv, told(v, decimals)?, told(alpha, decimals)?, told(beta, decimals)?);
        if s.cuts(alpha, beta) {
            s.cutoff(game, &moves[i + 1..], told(alpha, decimals)?, told(beta, decimals)?)?;
            break;
        }
    }
    s.exit(told(best, decimals)?);
    Ok(best)
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`' leaf
/// bounds, or the game's own ([`Game::value_bounds`]: an explicit tree's least and greatest
/// leaf).
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    let bounds = settings.bounds.or_else(|| game.value_bounds());
    let value = star1(game, depth, Exact::NegInf, Exact::Inf, bounds, s)?;
    let value = told(value, game.value_decimals())?;
    Ok(s.outcome(game, value))
}
