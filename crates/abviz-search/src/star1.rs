//! Star1 (Ballard 1983), *-minimax: alpha-beta through MAX and MIN nodes, and at a chance node
//! a cut as soon as the outcomes searched so far, with every outcome still to come at the
//! leaves' bound L or U, keep the expected value out of the window. Each outcome is searched
//! with the window that says exactly that. Returns the expectimax value whenever it lies in the
//! window (fail-soft bounds otherwise), and never visits a node expectimax does not.

use super::Search;
use super::chance::{bounded, bounds, exact, probabilities, told};
use abviz_core::{Exact, Game, Player, Probability, Score};
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, StarCut, Stop};
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
    star(game, depth, (alpha, beta), leaf_bounds, false, s)
}

/// *-minimax: Star1, or Star2 when `probing` (see [`crate::star2`]).
pub(crate) fn star<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    (alpha, beta): (Exact, Exact),
    leaf_bounds: Option<(Score, Score)>,
    probing: bool,
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
        let at = Chance { depth, alpha, beta, leaf_bounds, probing, decimals };
        return chance(game, &moves, at, s);
    }
    let player = game.to_move();
    let (mut alpha, mut beta) = (alpha, beta);
    let mut best = if player == Player::Max { Exact::NegInf } else { Exact::Inf };
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = star(game, depth - 1, (alpha, beta), leaf_bounds, probing, s)?;
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

/// A chance node's search: where it stands and how.
#[derive(Clone, Copy)]
struct Chance {
    depth: u32,
    alpha: Exact,
    beta: Exact,
    leaf_bounds: Option<(Score, Score)>,
    probing: bool,
    decimals: u8,
}

/// `Σ p_j · v_j` over `js`.
fn weighted(probs: &[Probability], values: &[Exact], js: std::ops::Range<usize>) -> Result<Exact, Stop> {
    js.into_iter().try_fold(Exact::ZERO, |sum, j| exact(sum.checked_add(exact(values[j].times(probs[j]))?)))
}

/// `(x − y − z) / p`: the bound an outcome of probability `p` must pass for the node to.
fn outcome_bound(x: Exact, y: Exact, z: Exact, p: Probability) -> Result<Exact, Stop> {
    exact(exact(exact(x.checked_sub(y))?.checked_sub(z))?.over(p))
}

/// The chance node the search stands at, whose outcomes are `moves`. Star2 (`probing`) first
/// probes each outcome that is a player's node with its first move (a lower bound at MAX, an
/// upper bound at MIN) and evaluates the others, cutting as soon as those bounds keep the
/// expected value out of the window; then both search each outcome not known exactly yet with
/// the window in which its value still matters, the outcomes after it standing at their bounds
/// (the leaves' L and U, or their probes'), and cut as soon as the value cannot enter the
/// window.
fn chance<G: Game, O: Observer<G>>(
    game: &mut G,
    moves: &[G::Move],
    at: Chance,
    s: &mut Search<G, O>,
) -> Result<Exact, Stop> {
    let Chance { depth, alpha, beta, leaf_bounds, probing, decimals } = at;
    let (low, high) = bounds(leaf_bounds);
    let probs = probabilities(game, moves);
    let n = moves.len();
    // What is known of each outcome: bounds, exact when both meet.
    let (mut lo_of, mut hi_of) = (vec![low; n], vec![high; n]);
    let mut known = vec![false; n];
    let mut probed = vec![false; n];
    let cut = |s: &mut Search<G, O>, lo: Exact, hi: Exact| {
        if s.cuts(alpha, hi) {
            Some((StarCut::Alpha, hi))
        } else if s.cuts(lo, beta) {
            Some((StarCut::Beta, lo))
        } else {
            None
        }
    };
    if probing {
        for i in 0..n {
            let (mv, p) = (moves[i], probs[i]);
            game.play(mv);
            let player_node = game.terminal_value().is_none() && depth > 1 && !game.is_chance();
            let v = if player_node {
                let others_lo = exact(weighted(&probs, &lo_of, 0..i)?.checked_add(weighted(&probs, &lo_of, i + 1..n)?))?;
                let others_hi = exact(weighted(&probs, &hi_of, 0..i)?.checked_add(weighted(&probs, &hi_of, i + 1..n)?))?;
                let window = match game.to_move() {
                    Player::Max => (low, outcome_bound(beta, others_lo, Exact::ZERO, p)?.min(high)),
                    Player::Min => (outcome_bound(alpha, others_hi, Exact::ZERO, p)?.max(low), high),
                };
                let (v, whole) = probe(game, depth - 1, window, leaf_bounds, s)?;
                match (whole, game.to_move()) {
                    (true, _) => (lo_of[i], hi_of[i], known[i]) = (v, v, true),
                    (false, Player::Max) => (lo_of[i], probed[i]) = (v.max(low), true),
                    (false, Player::Min) => (hi_of[i], probed[i]) = (v.min(high), true),
                }
                v
            } else {
                // A leaf or a chance node: its value, exactly.
                let v = star(game, depth - 1, (low, high), leaf_bounds, probing, s)?;
                (lo_of[i], hi_of[i], known[i]) = (v, v, true);
                v
            };
            game.undo(mv);
            let (lo, hi) = (weighted(&probs, &lo_of, 0..n)?, weighted(&probs, &hi_of, 0..n)?);
            s.obs.update(told(v, decimals)?, told(lo, decimals)?, told(hi, decimals)?);
            if known.iter().all(|&k| k) {
                break;
            }
            if let Some((kind, bound)) = cut(s, lo, hi) {
                let (ta, tb) = (told(alpha, decimals)?, told(beta, decimals)?);
                s.obs.chance_cutoff(game, &moves[i + 1..], kind, told(bound, decimals)?, ta, tb)?;
                s.exit(told(bound, decimals)?);
                return Ok(bound);
            }
        }
    }
    let mut sum = Exact::ZERO;
    for i in 0..n {
        let (mv, p) = (moves[i], probs[i]);
        let (rest_lo, rest_hi) = (weighted(&probs, &lo_of, i + 1..n)?, weighted(&probs, &hi_of, i + 1..n)?);
        let v = if known[i] {
            lo_of[i]
        } else {
            // The window in which this outcome's value still decides the test against α and β.
            let a = outcome_bound(alpha, sum, rest_hi, p)?.max(low);
            let b = outcome_bound(beta, sum, rest_lo, p)?.min(high);
            if probed[i] {
                s.obs.research_child(i as u32);
            }
            game.play(mv);
            let v = star(game, depth - 1, (a, b), leaf_bounds, probing, s)?;
            game.undo(mv);
            v
        };
        sum = exact(sum.checked_add(exact(v.times(p))?))?;
        let (lo, hi) = (exact(sum.checked_add(rest_lo))?, exact(sum.checked_add(rest_hi))?);
        if !known[i] {
            s.obs.update(told(v, decimals)?, told(lo, decimals)?, told(hi, decimals)?);
        }
        // At the last outcome nothing is left to prune: the value is exact.
        if i + 1 == n {
            break;
        }
        if let Some((kind, bound)) = cut(s, lo, hi) {
            // Star2 entered every outcome while probing: none is left never searched.
            let pruned = if probing { &moves[n..] } else { &moves[i + 1..] };
            let (ta, tb) = (told(alpha, decimals)?, told(beta, decimals)?);
            s.obs.chance_cutoff(game, pruned, kind, told(bound, decimals)?, ta, tb)?;
            s.exit(told(bound, decimals)?);
            return Ok(bound);
        }
    }
    s.exit(told(sum, decimals)?);
    Ok(sum)
}

/// Star2's probe of the player's node the search stands at (below a chance node): its first
/// move alone, in `window`, which bounds the node (from below at MAX, from above at MIN);
/// returns the value and whether it is the node's whole value (it has one move).
fn probe<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    (alpha, beta): (Exact, Exact),
    leaf_bounds: Option<(Score, Score)>,
    s: &mut Search<G, O>,
) -> Result<(Exact, bool), Stop> {
    let decimals = game.value_decimals();
    s.enter(game, told(alpha, decimals)?, told(beta, decimals)?)?;
    let moves = s.moves(game)?;
    let first = moves[0];
    game.play(first);
    let v = star(game, depth - 1, (alpha, beta), leaf_bounds, true, s)?;
    game.undo(first);
    let (a, b) = match game.to_move() {
        Player::Max => (alpha.max(v), beta),
        Player::Min => (alpha, beta.min(v)),
    };
    s.update(0, first, told(v, decimals)?, told(a, decimals)?, told(b, decimals)?);
    let whole = moves.len() == 1;
    if !whole {
        s.obs.chance_cutoff(game, &moves[1..], StarCut::Probe, told(v, decimals)?, told(a, decimals)?, told(b, decimals)?)?;
    }
    s.exit(told(v, decimals)?);
    Ok((v, whole))
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
    run_star(game, depth, settings, false, s)
}

/// Star1 (`probing` false) or Star2 (true) from the root, as [`run`] says.
pub(crate) fn run_star<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    settings: &crate::Settings,
    probing: bool,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    let bounds = settings.bounds.or_else(|| game.value_bounds());
    let value = star(game, depth, (Exact::NegInf, Exact::Inf), bounds, probing, s)?;
    let value = told(value, game.value_decimals())?;
    Ok(s.outcome(game, value))
}
