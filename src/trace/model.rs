//! The trace: every visited node, every generated-but-pruned child, the event log, the result
//! and the statistics of one search. Every view (text, JSON, diagrams, HTML, steppers) reads it.

use crate::Score;
use crate::game::Player;
use crate::search::Algorithm;
use serde::{Deserialize, Serialize};

/// Index of a node in [`Trace::nodes`].
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

/// One node of the trace (compact; paths and labels are reconstructed on demand).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The parent, or [`NONE`] for the root.
    pub parent: NodeId,
    /// Position among the parent's children (0-based).
    pub index: u32,
    /// Distance from the root.
    pub depth: u16,
    /// Who moves here.
    pub player: Player,
    /// What happened to it.
    pub status: Status,
    /// The bound type of `value`.
    pub bound: Bound,
    /// A pruned node that is a leaf whose static value is known (explicit trees): `value` holds it.
    pub pruned_leaf: bool,
    /// Visit order, 1-based (0 for a pruned node).
    pub pre: u32,
    /// Order in which its value became final, 1-based (0 for a pruned node).
    pub post: u32,
    /// α on entry (MAX's view).
    pub alpha_in: Score,
    /// β on entry (MAX's view).
    pub beta_in: Score,
    /// α on exit (MAX's view).
    pub alpha_out: Score,
    /// β on exit (MAX's view).
    pub beta_out: Score,
    /// The value it returned (MAX's view).
    pub value: Score,
    /// The parent's α after this node's value was folded in (MAX's view).
    pub parent_alpha: Score,
    /// The parent's β after this node's value was folded in (MAX's view).
    pub parent_beta: Score,
    /// The move that leads here: an index into [`Trace::labels`] ([`NONE`] at the root).
    pub label: u32,
    /// The user's name for the node (explicit trees): an index into [`Trace::labels`], or [`NONE`].
    pub name: u32,
}

impl Node {
    /// Whether the search entered this node.
    pub fn visited(&self) -> bool {
        self.status != Status::Pruned
    }

    /// Whether it was evaluated statically.
    pub fn is_leaf(&self) -> bool {
        matches!(self.status, Status::Leaf | Status::Terminal)
    }
}

/// The details of a cutoff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cutoff {
    /// The node where it happened.
    #[serde(skip)]
    pub node: NodeId,
    /// α-cutoff at MIN, β-cutoff at MAX.
    pub kind: CutKind,
    /// Index of the child whose value caused it.
    pub child: u32,
    /// α at the test (MAX's view).
    pub alpha: Score,
    /// β at the test (MAX's view).
    pub beta: Score,
    /// The ancestor (or the node itself) whose bound was exceeded: the one that set the α (for
    /// an α-cutoff) or β (for a β-cutoff) in force; [`NONE`] when the bound was the root's
    /// initial window.
    #[serde(skip)]
    pub bound_from: NodeId,
    /// How many children it skipped.
    pub pruned: u32,
}

/// The kinds of event in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    /// The search enters `node` (window: the node's `alpha_in`/`beta_in`).
    Enter,
    /// `node` is evaluated statically (value: the node's `value`).
    Eval,
    /// The child `node` returned its value to its parent, whose window is now the child's
    /// `parent_alpha`/`parent_beta`.
    Update,
    /// The cutoff test held at `node` (details: [`Trace::cutoff`]).
    Cutoff,
    /// `node` returns its value.
    Exit,
}

/// One event: a kind and the node it concerns. The values live in the node records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// To which node (for [`EventKind::Update`]: the child that reported).
    pub node: NodeId,
}

/// Counts of one search. Node counts include the root; leaves are static evaluations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Nodes entered, root included.
    pub nodes: u64,
    /// Static evaluations (tree leaves, finished games, depth-limit positions).
    pub leaves: u64,
    /// Nodes whose children were generated.
    pub interior: u64,
    /// Cutoffs (including ones at the last child, which prune nothing).
    pub cutoffs: u64,
    /// Children generated but never entered.
    pub pruned: u64,
    /// Deepest node entered (root = 0).
    pub max_depth: u32,
    /// Nodes entered at each depth.
    pub per_depth: Vec<u64>,
}

impl Stats {
    /// Counts one node entered at `depth`.
    #[inline]
    pub fn count_node(&mut self, depth: usize) {
        self.nodes += 1;
        if depth >= self.per_depth.len() {
            self.per_depth.resize(depth + 1, 0);
            self.max_depth = depth as u32;
        }
        self.per_depth[depth] += 1;
    }
}

/// What kind of input was searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InputKind {
    /// An explicit tree (notation or JSON).
    #[default]
    Tree,
    /// A seeded random tree.
    Random,
    /// A position of a game from the registry.
    Game,
}

impl InputKind {
    /// Whether the input is a game position (its nodes are positions, its edges moves).
    pub fn is_game(self) -> bool {
        self == InputKind::Game
    }
}

/// Where the searched position came from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputInfo {
    /// Tree, random tree or game (`"tree"`, `"random"`, `"game"` in JSON).
    pub kind: InputKind,
    /// A one-line human description.
    pub description: String,
    /// The game's name ("tictactoe", ...) for games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The position notation for games, or the tree notation for trees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The depth limit, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The evaluation used, for games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval: Option<String>,
}

/// The outcome: the root value, the best move and the principal variation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchResult {
    /// The root's value (MAX's view).
    pub value: Score,
    /// The label of the chosen move (the first root child that reaches the root value).
    pub best_move: Option<String>,
    /// Its index among the root's children.
    pub best_index: Option<u32>,
    /// The principal variation, as move labels from the root.
    pub pv: Vec<String>,
}

/// A recorded search.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The input.
    pub input: InputInfo,
    /// The result.
    pub result: SearchResult,
    /// The counts.
    pub stats: Stats,
    /// Every node: visited ones in visit order, pruned ones where they were recorded.
    pub nodes: Vec<Node>,
    /// Interned move labels and node names.
    pub labels: Vec<String>,
    /// Every cutoff, ordered by node id.
    pub cutoffs: Vec<Cutoff>,
    /// The event log, in order.
    pub events: Vec<Event>,
    /// A minimax search of the same input, counted for comparison (when it was cheap enough).
    pub minimax: Option<Stats>,
    /// Position notations per node (games, when recorded), indexed like `nodes`.
    pub positions: Option<Vec<String>>,
    /// Children of each node in order (CSR form): `child_ids[child_start[n]..child_start[n+1]]`.
    pub(crate) child_start: Vec<u32>,
    pub(crate) child_ids: Vec<NodeId>,
}
