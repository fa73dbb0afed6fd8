//! What the chance searches (expectimax, Star1) share: exact values in and out of the
//! observer's [`Score`]s, and a chance node's range.
//!
//! They compute in [`Exact`] rationals, so an expected value is never rounded on its way up
//! the tree and *-minimax's tests compare exactly; the observer is told [`Score`]s, rounded only
//! where a value is no short decimal (and marked so, `≈7.67`).

use abviz_core::{Exact, Game, Probability, Ratio, Score};
use abviz_trace::Stop;

/// An exact result, or [`Stop::Precision`].
pub(crate) fn exact(v: Option<Exact>) -> Result<Exact, Stop> {
    v.ok_or(Stop::Precision)
}

/// `v` as the observer is told it, with `decimals` the game's decimals.
pub(crate) fn told(v: Exact, decimals: u8) -> Result<Score, Stop> {
    v.to_score(decimals).ok_or(Stop::Precision)
}

/// The leaf bounds [L, U] as exact values (unbounded without `bounds`).
pub(crate) fn bounds(bounds: Option<(Score, Score)>) -> (Exact, Exact) {
    match bounds {
        Some((l, u)) => (Exact::from_score(l), Exact::from_score(u)),
        None => (Exact::NegInf, Exact::Inf),
    }
}

/// The range a chance node's expected value can still take: the outcomes so far add `sum`,
/// and those still to come, of probability mass `rest`, each score between `low` and `high`.
pub(crate) fn range(sum: Exact, rest: Ratio, (low, high): (Exact, Exact)) -> Result<(Exact, Exact), Stop> {
    let lo = exact(sum.checked_add(exact(low.times_ratio(rest))?))?;
    let hi = exact(sum.checked_add(exact(high.times_ratio(rest))?))?;
    Ok((lo, hi))
}

/// `rest − p`: the probability mass left after the outcome `p`.
pub(crate) fn less(rest: Ratio, p: Probability) -> Result<Ratio, Stop> {
    rest.checked_add(-p.ratio()).ok_or(Stop::Precision)
}

/// The leaf value `v`, refused when it lies outside `bounds`.
pub(crate) fn bounded(v: Score, bounds: Option<(Score, Score)>) -> Result<Exact, Stop> {
    match bounds {
        Some((low, high)) if v < low || v > high => Err(Stop::OutOfBounds { value: v, low, high }),
        _ => Ok(Exact::from_score(v)),
    }
}

/// The probability of each of `moves` at the chance node `game`.
pub(crate) fn probabilities<G: Game>(game: &G, moves: &[G::Move]) -> Vec<Probability> {
    moves.iter().map(|&mv| game.chance_probability(mv, moves.len())).collect()
}
