//! Aspiration windows: fail-soft alpha-beta inside a narrow window around a guess of the value,
//! searched again with the window opened on the side it failed; each search is a pass.

use super::Search;
use super::alphabeta_soft::alphabeta_soft;
use abviz_core::Game;
use abviz_core::Score;
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, PassKind, Perspective, Stop};
use std::borrow::Cow;
use std::sync::LazyLock;

/// Aspiration windows, as the listing says: the driver, then fail-soft alpha-beta's lines.
pub static DESCRIPTOR: LazyLock<AlgorithmInfo> = LazyLock::new(|| {
    let driver = [
        (Other, "function aspiration(root, depth, guess, δ)   ▷ --guess [0], --window δ [2]"),
        (PassStart, "  α ← guess − δ; β ← guess + δ; v ← alphabeta(root, depth, α, β)"),
        (Research, "  if v ≤ α or v ≥ β:                   ▷ it failed: search again"),
        (Other, "    v ← alphabeta(root, depth, −∞, β) if v ≤ α, else alphabeta(root, depth, α, +∞)"),
        (PassEnd, "  return v"),
        (Other, ""),
    ];
    let inner = super::alphabeta_soft::DESCRIPTOR.listing.iter().cloned();
    AlgorithmInfo {
        name: Cow::Borrowed("aspiration"),
        title: Cow::Borrowed("Aspiration windows"),
        perspective: Perspective::Max,
        features: Features {
            window: true,
            researches: false,
            passes: true,
            transpositions: false,
            mcts: false, chance: false,
        },
        ties: abviz_core::Ties::Prune,
        listing: Cow::Owned(driver.into_iter().map(|(r, t)| CodeLine::new(r, t)).chain(inner).collect()),
    }
});

/// The value of the current position (MAX's view) by fail-soft alpha-beta inside [`guess` − δ,
/// `guess` + δ], searched again with the window opened where it failed; the pseudocode is
/// [`DESCRIPTOR`]'s listing.
pub fn aspiration<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    guess: Score,
    delta: i32,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    let limit = (depth != u32::MAX).then_some(depth);
    let pass = |game: &mut G, alpha: Score, beta: Score, s: &mut Search<G, O>| {
        s.pass_start(game, PassKind::Aspiration, limit, alpha, beta);
        let v = alphabeta_soft(game, depth, alpha, beta, s)?;
        s.pass_end(v);
        Ok(v)
    };
    let (alpha, beta) = (guess.plus(-delta), guess.plus(delta));
    let v = pass(game, alpha, beta, s)?;
    if v <= alpha && alpha > Score::NEG_INF {
        pass(game, Score::NEG_INF, beta, s)
    } else if v >= beta && beta < Score::INF {
        pass(game, alpha, Score::INF, s)
    } else {
        Ok(v)
    }
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    // An empty window (δ = 0) proves nothing: the narrowest is [guess − 1, guess + 1].
    let delta = settings.window.clamp(1, Score::MAX_FINITE as u32) as i32;
    let value = aspiration(game, depth, settings.guess, delta, s)?;
    Ok(s.outcome(game, value))
}
