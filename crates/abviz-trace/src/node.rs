//! A node of the trace and the small words every part uses about it: its id, what happened to
//! it, the kind of a bound and of a cutoff. It imports nothing else of the crate, so the event
//! log, the trace model and the views all build on it.

use abviz_core::Player;
use abviz_core::Score;
use serde::{Deserialize, Serialize};

/// Index of a node in [`Trace::nodes`](crate::Trace::nodes).
pub type NodeId = u32;

/// "No node" in the compact `u32` fields.
pub const NONE: u32 = u32::MAX;

/// What happened to a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A static evaluation: a tree leaf, or a position at the depth limit.
    Leaf,
    /// A finished game (won, lost or drawn), evaluated as such.
    Terminal,
    /// Searched; all its children were entered.
    Interior,
    /// Searched; a cutoff stopped it before its last child (or at it).
    Cutoff,
    /// Generated but never entered: pruned by a cutoff at its parent.
    Pruned,
    /// Entered, and its value taken from the transposition table (no children searched).
    Transposition,
}

/// The kind of a bound: where the node's value stands relative to its true minimax value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    /// The true value.
    #[default]
    Exact,
    /// At least the true value is this high (a fail-high).
    Lower,
    /// The true value is at most this (a fail-low).
    Upper,
}

impl Bound {
    /// The range a value `v` with this bound says the true value lies in, as AIMA writes it:
    /// [v, v] exact, [v, +∞] a lower bound, [−∞, v] an upper bound.
    pub fn range(self, v: Score) -> (Score, Score) {
        match self {
            Bound::Exact => (v, v),
            Bound::Lower => (v, Score::INF),
            Bound::Upper => (Score::NEG_INF, v),
        }
    }
}

/// α-cutoff (at a MIN node) or β-cutoff (at a MAX node).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CutKind {
    /// At a MIN node: a value ≤ the α of a MAX ancestor.
    Alpha,
    /// At a MAX node: a value ≥ the β of a MIN ancestor.
    Beta,
}

impl CutKind {
    /// "α-cutoff" / "β-cutoff".
    pub fn name(self) -> &'static str {
        match self {
            CutKind::Alpha => "α-cutoff",
            CutKind::Beta => "β-cutoff",
        }
    }

    /// The kind of cutoff that happens at a node where `player` moves.
    pub fn at(player: Player) -> CutKind {
        match player {
            Player::Max => CutKind::Beta,
            Player::Min => CutKind::Alpha,
        }
    }
}

/// What *-minimax cut ([`crate::Event::ChanceCut`]): a chance node whose expected value cannot
/// reach α or fall to β, or (Star2) a player's node below a chance node probed with its first
/// move only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StarCut {
    /// At a chance node: even with every remaining outcome at the leaves' upper bound, the
    /// expected value stays ≤ α (a fail-low).
    Alpha,
    /// At a chance node: even with every remaining outcome at the leaves' lower bound, it
    /// stays ≥ β (a fail-high).
    Beta,
    /// Star2's probe: the node's first move alone gives a bound on its value (a lower bound
    /// at MAX, an upper bound at MIN) for its chance parent; its other moves wait for the
    /// search phase.
    Probe,
}

impl StarCut {
    /// The α/β kind of the cut (a probe: the kind of cutoff at a node where `player` moves).
    pub fn kind(self, player: Player) -> CutKind {
        match self {
            StarCut::Alpha => CutKind::Alpha,
            StarCut::Beta => CutKind::Beta,
            StarCut::Probe => CutKind::at(player),
        }
    }
}

/// One node of the trace: where it sits in the tree. What happened to it is in the events; its
/// per-node summary (values, windows, visit order) is derived from them ([`Trace::summary`](crate::Trace::summary)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The parent, or [`NONE`] for the root of a pass.
    pub parent: NodeId,
    /// The move that leads here: an index into [`Trace::labels`](crate::Trace::labels) ([`NONE`] at a root).
    pub label: u32,
    /// Position among the parent's children (0-based, in search order).
    pub index: u32,
    /// Distance from its root.
    pub depth: u16,
    /// Who moves here.
    pub player: Player,
    /// Generated but never entered (pruned by a cutoff, or below a pruned node).
    pub pruned: bool,
}

impl Node {
    /// Whether the search entered this node.
    pub fn visited(&self) -> bool {
        !self.pruned
    }
}
