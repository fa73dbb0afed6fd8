//! Quiescence search (chessprogramming wiki, "Quiescence Search"): at the depth limit, instead
//! of trusting the static value of a position in the middle of an exchange, search the captures
//! only, until the position is quiet. The side to move may decline every capture, so the static
//! value stands as a lower bound for it ("stand pat"); fail-hard, in negamax form.
//!
//! Any depth-limited search takes it (`--quiescence`): [`Search::leaf`] calls [`at_horizon`] at
//! a depth-limit node, which searches on from the node the algorithm entered. Values here are in
//! the mover's point of view; what the observer hears is converted to the algorithm's own.

use super::{Search, negamax_child};
use abviz_core::Score;
use abviz_core::{Game, Player};
use abviz_trace::{AlgorithmInfo, CodeLine, LineRole, LineRole::*, Observer, Stop};
use std::borrow::Cow;

/// The listing of [`quiesce`], appended to an algorithm's own when it searches with quiescence.
pub(super) const LINES: &[(LineRole, &str)] = &[
    (Other, ""),
    (Other, "▷ --quiescence: a depth-limit node returns quiesce(node, α, β), not value(node)"),
    (QuiesceHeader, "function quiesce(node, α, β)   ▷ captures only, mover's view"),
    (QuiesceLeaf, "  if node is terminal: return value(node)"),
    (StandPat, "  stand_pat ← evaluate(node)       ▷ the mover may decline every capture"),
    (StandPatCut, "  if stand_pat ≥ β: return β        ▷ stand-pat cut"),
    (Other, "  α ← max(α, stand_pat)"),
    (QuiesceLoop, "  for each capture c of node:"),
    (QuiesceUpdate, "    α ← max(α, −quiesce(c, −β, −α))"),
    (QuiesceCut, "    if α ≥ β: return β              ▷ cutoff"),
    (QuiesceReturn, "  return α"),
];

/// `info` with the quiescence search's lines after its own listing (the title says so too).
pub fn with_quiescence(info: &AlgorithmInfo) -> AlgorithmInfo {
    let mut listing = info.listing.to_vec();
    listing.extend(LINES.iter().map(|&(role, text)| CodeLine::new(role, text)));
    AlgorithmInfo {
        title: Cow::Owned(format!("{} with quiescence search", info.title)),
        listing: Cow::Owned(listing),
        ..info.clone()
    }
}

/// The quiescence value of the current position — a depth-limit node the algorithm entered —
/// within the window it was entered with, in the algorithm's point of view.
pub(super) fn at_horizon<G: Game, O: Observer<G>>(game: &mut G, s: &mut Search<G, O>) -> Result<Score, Stop> {
    let (alpha, beta) = s.plies[s.ply - 1].window;
    let flip = s.flips(game.to_move());
    let (alpha, beta) = if flip { (-beta, -alpha) } else { (alpha, beta) };
    let v = quiesce(game, alpha, beta, s)?;
    Ok(if flip { -v } else { v })
}

/// The quiescence value of the current position (already entered) from the mover's point of
/// view within [`alpha`, `beta`] (fail-hard); the pseudocode is [`LINES`].
fn quiesce<G: Game, O: Observer<G>>(
    game: &mut G,
    mut alpha: Score,
    beta: Score,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    let me = game.to_move();
    let stand_pat = me.to_max_view(game.evaluate());
    s.stand_pat(me, stand_pat, alpha.max(stand_pat), beta);
    if stand_pat >= beta {
        return Ok(beta);
    }
    alpha = alpha.max(stand_pat);
    let captures = game.quiescence_moves().unwrap_or_default();
    let captures = s.expand(game, captures)?;
    for (i, &mv) in captures.iter().enumerate() {
        game.play(mv);
        let score = negamax_child(game, me, alpha, beta, |c, a, b| child(c, a, b, s))?;
        game.undo(mv);
        alpha = alpha.max(score);
        s.mover_update(me, i, mv, score, alpha, beta);
        if alpha >= beta {
            s.mover_cutoff(me, game, &captures[i + 1..], alpha, beta)?;
            return Ok(beta);
        }
    }
    Ok(alpha)
}

/// A capture's position searched beyond the depth limit: entered, its quiescence value (or its
/// value if the game is over there), left.
fn child<G: Game, O: Observer<G>>(
    game: &mut G,
    alpha: Score,
    beta: Score,
    s: &mut Search<G, O>,
) -> Result<Score, Stop> {
    let me = game.to_move();
    let (a, b) = s.view(me, alpha, beta);
    s.enter(game, a, b)?;
    if let Some(value) = game.terminal_value() {
        let value = me.to_max_view(value);
        s.obs.leaf(s.shown(me, value), game.leaves_are_game_ends());
        s.exit(s.shown(me, value));
        return Ok(value);
    }
    let v = quiesce(game, alpha, beta, s)?;
    s.exit(s.shown(me, v));
    Ok(v)
}

impl<G: Game, O: Observer<G>> Search<'_, G, O> {
    /// Whether a value of `player`'s view is negated in the algorithm's (MIN's nodes of the
    /// algorithms in MAX's point of view).
    fn flips(&self, player: Player) -> bool {
        !self.mover_view && player == Player::Min
    }

    /// A value of `player`'s view in the algorithm's.
    fn shown(&self, player: Player, value: Score) -> Score {
        if self.flips(player) { -value } else { value }
    }

    /// A window of `player`'s view in the algorithm's.
    fn view(&self, player: Player, alpha: Score, beta: Score) -> (Score, Score) {
        if self.flips(player) { (-beta, -alpha) } else { (alpha, beta) }
    }

    /// Reports the stand-pat `value` of the current node, whose window is now [`alpha`, `beta`]
    /// (all in `player`'s view).
    fn stand_pat(&mut self, player: Player, value: Score, alpha: Score, beta: Score) {
        let (a, b) = self.view(player, alpha, beta);
        self.obs.stand_pat(self.shown(player, value), a, b);
    }

    /// [`Search::update`] with the value and window in `player`'s view.
    fn mover_update(
        &mut self,
        player: Player,
        i: usize,
        mv: G::Move,
        value: Score,
        alpha: Score,
        beta: Score,
    ) {
        let (a, b) = self.view(player, alpha, beta);
        self.update(i, mv, self.shown(player, value), a, b);
    }

    /// [`Search::cutoff`] with the window in `player`'s view.
    fn mover_cutoff(
        &mut self,
        player: Player,
        game: &G,
        rest: &[G::Move],
        alpha: Score,
        beta: Score,
    ) -> Result<(), Stop> {
        let (a, b) = self.view(player, alpha, beta);
        self.cutoff(game, rest, a, b)
    }
}
