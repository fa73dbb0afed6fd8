//! Iterative deepening with a transposition table: one pass per depth, 1, 2, … up to the limit,
//! each an alpha-beta search with memory whose table tells the next pass which move to try first
//! (and, where a position recurs at the same depth to go, its value).

use super::Search;
use super::memory::{listing, memory};
use super::table::{Heuristics, Memory};
use abviz_core::Game;
use abviz_core::Score;
use abviz_trace::{AlgorithmInfo, Features, LineRole::*, Observer, PassKind, Perspective, Stop};
use std::borrow::Cow;
use std::sync::LazyLock;

/// Iterative deepening, as its listing says.
pub static DESCRIPTOR: LazyLock<AlgorithmInfo> = LazyLock::new(|| AlgorithmInfo {
    name: Cow::Borrowed("id"),
    title: Cow::Borrowed("Iterative deepening with a transposition table"),
    perspective: Perspective::Mover,
    features: Features { window: true, researches: false, passes: true, transpositions: true, mcts: false, chance: false },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Owned(listing(&[
        (Other, "function iterative(root, depth)"),
        (Other, "  for d ← 1 to depth:            ▷ stop early once no leaf was cut off by d"),
        (PassStart, "    v ← memory(root, d, −∞, +∞)   ▷ one pass; the table orders the next"),
        (PassEnd, "  return v"),
        (Other, ""),
    ])),
});

/// The iterative-deepening value of the current position from the mover's point of view,
/// ordering moves with `heuristics`; the pseudocode is [`DESCRIPTOR`]'s listing. The passes
/// stop at `depth`, or earlier when a pass met no depth-limit leaf (it saw the whole game).
pub fn iterative<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    heuristics: Heuristics,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    let mut m = Memory::new(heuristics);
    let mut d = depth.min(1);
    loop {
        s.pass_start(game, PassKind::Iteration, Some(d), Score::NEG_INF, Score::INF);
        let v = memory(game, d, Score::NEG_INF, Score::INF, &mut m, s)?;
        s.pass_end(v);
        if d >= depth || !s.reached_horizon() {
            return Ok(v);
        }
        d += 1;
    }
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    let value = iterative(game, depth, settings.heuristics, s)?;
    Ok(s.outcome(game, value))
}
