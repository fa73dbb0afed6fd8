//! MTD(f) (Plaat et al. 1996): a sequence of null-window searches with memory, each one a pass
//! of its own, that closes in on the minimax value from a first guess.

use super::memory::{listing, memory};
use super::table::Memory;
use super::{Outcome, Search};
use abviz_core::Game;
use abviz_core::Score;
use abviz_trace::{AlgorithmInfo, Features, LineRole::*, Observer, PassKind, Perspective, Stop};
use std::borrow::Cow;
use std::sync::LazyLock;

/// MTD(f), as its listing says.
pub static DESCRIPTOR: LazyLock<AlgorithmInfo> = LazyLock::new(|| AlgorithmInfo {
    name: Cow::Borrowed("mtdf"),
    title: Cow::Borrowed("MTD(f)"),
    perspective: Perspective::Mover,
    features: Features { window: true, researches: false, passes: true, transpositions: true, mcts: false, chance: false },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Owned(listing(&[
        (Other, "function mtdf(root, f, depth)   ▷ f: the first guess [--guess, default 0]"),
        (Other, "  g ← f; lower ← −∞; upper ← +∞"),
        (Other, "  while lower < upper:"),
        (PassStart, "    β ← max(g, lower + 1); g ← memory(root, depth, β − 1, β)   ▷ one probe"),
        (PassEnd, "    if g < β: upper ← g  else: lower ← g"),
        (Other, "  return g"),
        (Other, ""),
    ])),
});

/// The MTD(f) value of the current position from the mover's point of view, starting from
/// `guess` (the mover's view); the pseudocode is [`DESCRIPTOR`]'s listing. The principal
/// variation is the one of the last probe that failed high (its cutoff at the root found the
/// best move), else of the last probe.
pub fn mtdf<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    guess: Score,
    s: &mut Search<G, O>,
) -> Result<Outcome<G::Move>, Stop> {
    let mut m = Memory::default();
    let (mut g, mut lower, mut upper) = (guess, Score::NEG_INF, Score::INF);
    let mut best = None;
    let limit = (depth != u32::MAX).then_some(depth);
    while lower < upper {
        // Null windows step by the game's finest unit (0.01 on a tree of hundredths).
        let unit = game.value_decimals();
        let beta = g.at_least(unit).max(lower.at_least(unit).next_up());
        let alpha = beta.at_least(unit).next_down();
        s.pass_start(game, PassKind::Probe, limit, alpha, beta);
        g = memory(game, depth, alpha, beta, &mut m, s)?;
        s.pass_end(g);
        if g < beta {
            upper = g;
        } else {
            lower = g;
            best = Some(s.outcome(game, g));
        }
    }
    let last = s.outcome(game, g);
    Ok(Outcome { pv: best.map_or(last.pv, |b| b.pv), ..last })
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    // The guess in the root mover's view: this MTD(f) is in negamax form.
    let guess = game.to_move().to_max_view(settings.guess);
    mtdf(game, depth, guess, s)
}
