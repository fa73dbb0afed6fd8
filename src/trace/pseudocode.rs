//! Each algorithm's pseudocode, and which line an event executes: the steppers highlight it.

use crate::game::Player;
use crate::search::Algorithm;
use crate::trace::{EventKind, Trace};

/// What a pseudocode line does, so events can find it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Header,
    Leaf,
    MaxLoop,
    MaxUpdate,
    MaxCut,
    MaxReturn,
    MinLoop,
    MinUpdate,
    MinCut,
    MinReturn,
    Other,
}

type Listing = &'static [(Role, &'static str)];

const MINIMAX: Listing = &[
    (Role::Header, "function minimax(node, depth)"),
    (Role::Leaf, "  if node is terminal or depth = 0: return value(node)"),
    (Role::Other, "  if node is MAX:"),
    (Role::MaxLoop, "    best ← −∞; for each child c of node:"),
    (Role::MaxUpdate, "      best ← max(best, minimax(c, depth − 1))"),
    (Role::MaxReturn, "    return best"),
    (Role::Other, "  else (MIN):"),
    (Role::MinLoop, "    best ← +∞; for each child c of node:"),
    (Role::MinUpdate, "      best ← min(best, minimax(c, depth − 1))"),
    (Role::MinReturn, "    return best"),
];

const ALPHABETA: Listing = &[
    (Role::Header, "function alphabeta(node, depth, α, β)"),
    (Role::Leaf, "  if node is terminal or depth = 0: return value(node)"),
    (Role::Other, "  if node is MAX:"),
    (Role::MaxLoop, "    for each child c of node:"),
    (Role::MaxUpdate, "      α ← max(α, alphabeta(c, depth − 1, α, β))"),
    (Role::MaxCut, "      if α ≥ β: return β          ▷ β-cutoff"),
    (Role::MaxReturn, "    return α"),
    (Role::Other, "  else (MIN):"),
    (Role::MinLoop, "    for each child c of node:"),
    (Role::MinUpdate, "      β ← min(β, alphabeta(c, depth − 1, α, β))"),
    (Role::MinCut, "      if α ≥ β: return α          ▷ α-cutoff"),
    (Role::MinReturn, "    return β"),
];

const ALPHABETA_SOFT: Listing = &[
    (Role::Header, "function alphabeta(node, depth, α, β)   ▷ fail-soft"),
    (Role::Leaf, "  if node is terminal or depth = 0: return value(node)"),
    (Role::Other, "  if node is MAX:"),
    (Role::MaxLoop, "    best ← −∞; for each child c of node:"),
    (Role::MaxUpdate, "      v ← alphabeta(c, depth − 1, α, β); best ← max(best, v); α ← max(α, v)"),
    (Role::MaxCut, "      if α ≥ β: break             ▷ β-cutoff"),
    (Role::MaxReturn, "    return best"),
    (Role::Other, "  else (MIN):"),
    (Role::MinLoop, "    best ← +∞; for each child c of node:"),
    (Role::MinUpdate, "      v ← alphabeta(c, depth − 1, α, β); best ← min(best, v); β ← min(β, v)"),
    (Role::MinCut, "      if α ≥ β: break             ▷ α-cutoff"),
    (Role::MinReturn, "    return best"),
];

const NEGAMAX: Listing = &[
    (Role::Header, "function negamax(node, depth)   ▷ values from the mover's view"),
    (Role::Leaf, "  if node is terminal or depth = 0: return ±value(node)"),
    (Role::MaxLoop, "  best ← −∞; for each child c of node:"),
    (Role::MaxUpdate, "    best ← max(best, −negamax(c, depth − 1))"),
    (Role::MaxReturn, "  return best"),
];

const NEGAMAX_AB: Listing = &[
    (Role::Header, "function negamax(node, depth, α, β)   ▷ values from the mover's view"),
    (Role::Leaf, "  if node is terminal or depth = 0: return ±value(node)"),
    (Role::MaxLoop, "  best ← −∞; for each child c of node:"),
    (Role::MaxUpdate, "    v ← −negamax(c, depth − 1, −β, −α); best ← max(best, v); α ← max(α, v)"),
    (Role::MaxCut, "    if α ≥ β: break               ▷ cutoff"),
    (Role::MaxReturn, "  return best"),
];

fn listing(algo: Algorithm) -> Listing {
    match algo {
        Algorithm::Minimax => MINIMAX,
        Algorithm::AlphaBeta => ALPHABETA,
        Algorithm::AlphaBetaSoft => ALPHABETA_SOFT,
        Algorithm::Negamax => NEGAMAX,
        Algorithm::NegamaxAb => NEGAMAX_AB,
    }
}

/// The algorithm's pseudocode, one string per line.
pub fn lines(algo: Algorithm) -> Vec<&'static str> {
    listing(algo).iter().map(|(_, l)| *l).collect()
}

/// The 0-based pseudocode line that event `step` executes.
pub fn line_for(trace: &Trace, step: usize) -> usize {
    let list = listing(trace.algorithm);
    let Some(e) = trace.events.get(step) else { return 0 };
    let negamax = list.iter().all(|(r, _)| !matches!(r, Role::MinLoop));
    let side = |player: Player| if negamax { Player::Max } else { player };
    let node = trace.node(e.node);
    let role = match e.kind {
        EventKind::Enter => Role::Header,
        EventKind::Eval => Role::Leaf,
        EventKind::Update => {
            let parent = trace.parent(e.node).map(|p| trace.node(p).player).unwrap_or(Player::Max);
            match side(parent) {
                Player::Max => Role::MaxUpdate,
                Player::Min => Role::MinUpdate,
            }
        }
        EventKind::Cutoff => match side(node.player) {
            Player::Max => Role::MaxCut,
            Player::Min => Role::MinCut,
        },
        EventKind::Exit if node.is_leaf() => Role::Leaf,
        EventKind::Exit if trace.cutoff(e.node).is_some() && trace.algorithm == Algorithm::AlphaBeta => {
            match side(node.player) {
                Player::Max => Role::MaxCut,
                Player::Min => Role::MinCut,
            }
        }
        EventKind::Exit => match side(node.player) {
            Player::Max => Role::MaxReturn,
            Player::Min => Role::MinReturn,
        },
    };
    list.iter().position(|(r, _)| *r == role).unwrap_or(0)
}
