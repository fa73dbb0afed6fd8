//! Expectimax and expectiminimax (AIMA §5.5): MAX takes its best child, MIN its worst, a chance
//! node the average of its outcomes weighted by their probabilities. No pruning.

use super::Search;
use super::chance::{bounded, exact, less, probabilities, range, told};
use abviz_core::{Exact, Game, Player, Ratio, Score};
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// Expectiminimax, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("expectimax"),
    title: Cow::Borrowed("Expectiminimax"),
    perspective: Perspective::Max,
    features: Features {
        window: false,
        researches: false,
        passes: false,
        transpositions: false,
        mcts: false,
        chance: true,
    },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function expectiminimax(node, depth)"),
        CodeLine::new(Leaf, "  if node is terminal or depth = 0: return value(node)"),
        CodeLine::new(Other, "  if node is a chance node:"),
        CodeLine::new(Other, "    v ← 0"),
        CodeLine::new(ChanceLoop, "    for each outcome c, with probability p:"),
        CodeLine::new(ChanceUpdate, "      v ← v + p · expectiminimax(c, depth − 1)"),
        CodeLine::new(ChanceReturn, "    return v"),
        CodeLine::new(Other, "  if node is MAX:"),
        CodeLine::new(MaxLoop, "    best ← −∞; for each child c of node:"),
        CodeLine::new(MaxUpdate, "      best ← max(best, expectiminimax(c, depth − 1))"),
        CodeLine::new(MaxReturn, "    return best"),
        CodeLine::new(Other, "  else (MIN):"),
        CodeLine::new(MinLoop, "    best ← +∞; for each child c of node:"),
        CodeLine::new(MinUpdate, "      best ← min(best, expectiminimax(c, depth − 1))"),
        CodeLine::new(MinReturn, "    return best"),
    ]),
};

/// The expectiminimax value of the current position (MAX's view), exactly, searching `depth`
/// plies. A chance node reports each outcome's value with the range its expected value can
/// still take given the leaf bounds `bounds` (unbounded: [−∞, +∞] until the last outcome).
pub fn expectimax<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    bounds: Option<(Score, Score)>,
    s: &mut Search<G, O>,
) -> Result<Exact, Stop> {
    s.enter(game, Score::NEG_INF, Score::INF)?;
    if let Some(value) = s.leaf(game, depth)? {
        let v = bounded(value, bounds)?;
        s.exit(value);
        return Ok(v);
    }
    let decimals = game.value_decimals();
    let moves = s.moves(game)?;
    if game.is_chance() {
        let probs = probabilities(game, &moves);
        let (mut sum, mut rest) = (Exact::ZERO, Ratio::ONE);
        for (&mv, &p) in moves.iter().zip(&probs) {
            game.play(mv);
            let v = expectimax(game, depth - 1, bounds, s)?;
            game.undo(mv);
            sum = exact(sum.checked_add(exact(v.times(p))?))?;
            rest = less(rest, p)?;
            let (lo, hi) = range(sum, rest, super::chance::bounds(bounds))?;
            s.obs.update(told(v, decimals)?, told(lo, decimals)?, told(hi, decimals)?);
        }
        s.exit(told(sum, decimals)?);
        return Ok(sum);
    }
    let player = game.to_move();
    let mut best = if player == Player::Max { Exact::NegInf } else { Exact::Inf };
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        let v = expectimax(game, depth - 1, bounds, s)?;
        game.undo(mv);
        // The best value so far is reported as MAX's α or MIN's β, as minimax does.
        best = if player == Player::Max { best.max(v) } else { best.min(v) };
        let (vs, bs) = (told(v, decimals)?, told(best, decimals)?);
        match player {
            Player::Max => s.update(i, mv, vs, bs, Score::INF),
            Player::Min => s.update(i, mv, vs, Score::NEG_INF, bs),
        }
    }
    s.exit(told(best, decimals)?);
    Ok(best)
}

/// How [`crate::run_with`] calls it: from the root with `settings`' leaf bounds.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    let value = expectimax(game, depth, settings.bounds, s)?;
    let value = told(value, game.value_decimals())?;
    Ok(s.outcome(game, value))
}
