//! Star2 (Ballard 1983), *-minimax with probing: at a chance node whose outcomes are players'
//! nodes, first a cheap bound on each outcome from its first move alone (at least that much at
//! MAX, at most that much at MIN), which may already show that the expected value cannot enter
//! the window; then Star1's search, with the probed bounds in place of the leaves' L and U for
//! the outcomes still to come. Returns the expectimax value whenever it lies in the window and
//! never visits a node expectimax does not (a probed outcome is entered again in the search
//! phase: a re-search).

use super::Search;
use super::star1::star;
use abviz_core::{Exact, Game};
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use std::borrow::Cow;

/// Star2, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("star2"),
    title: Cow::Borrowed("Star2 (*-minimax with probing)"),
    perspective: Perspective::Max,
    features: Features {
        window: true,
        researches: true,
        passes: false,
        transpositions: false,
        mcts: false,
        chance: true,
    },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function star2(node, depth, α, β)   ▷ leaves in [L, U]"),
        CodeLine::new(Leaf, "  if node is terminal or depth = 0: return value(node)"),
        CodeLine::new(Other, "  if node is a chance node:     ▷ W(c) ← L, Y(c) ← U for each c"),
        CodeLine::new(ChanceLoop, "    for each outcome c, with probability p:   ▷ probing"),
        CodeLine::new(StarProbe, "      probe c: its first move bounds it (W(c) at MAX, Y(c) at MIN)"),
        CodeLine::new(ChanceCutHigh, "      if Σ p·W ≥ β: return Σ p·W          ▷ chance cut"),
        CodeLine::new(ChanceCut, "      if Σ p·Y ≤ α: return Σ p·Y          ▷ chance cut"),
        CodeLine::new(Other, "    v ← 0; for each outcome c, with probability p:   ▷ search"),
        CodeLine::new(Other, "      W, Y ← Σ p·W, Σ p·Y of the outcomes after c"),
        CodeLine::new(Research, "      v ← v + p · star2(c, depth − 1, (α − v − Y)/p, (β − v − W)/p)"),
        CodeLine::new(ChanceUpdate, "      if v + Y ≤ α or v + W ≥ β: return it   ▷ chance cut"),
        CodeLine::new(ChanceReturn, "    return v"),
        CodeLine::new(Other, "  as Star1 at MAX and MIN (alpha-beta):"),
        CodeLine::new(MaxLoop, "    for each child c: best ← max(best, star2(c, …))"),
        CodeLine::new(MaxCut, "      if best ≥ β: break          ▷ β-cutoff"),
        CodeLine::new(MaxReturn, "    return best"),
        CodeLine::new(MinLoop, "    for each child c: best ← min(best, star2(c, …))"),
        CodeLine::new(MinCut, "      if best ≤ α: break          ▷ α-cutoff"),
        CodeLine::new(MinReturn, "    return best"),
    ]),
};

/// The Star2 value of the current position (MAX's view) in the window [`alpha`, `beta`], with
/// every leaf in `leaf_bounds` (see [`crate::star1::star1`]).
pub fn star2<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    alpha: Exact,
    beta: Exact,
    leaf_bounds: Option<(abviz_core::Score, abviz_core::Score)>,
    s: &mut Search<G, O>,
) -> Result<Exact, Stop> {
    star(game, depth, (alpha, beta), leaf_bounds, true, s)
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`' leaf
/// bounds, or the game's own.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    super::star1::run_star(game, depth, settings, true, s)
}
