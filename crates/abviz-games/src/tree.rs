//! Explicit game trees: the textbook figures, written in a small notation or as JSON.
//!
//! [`TreeSpec`] is the nested form (what [`crate::notation::parse_tree`] returns and code
//! builds); [`CompactTree`] holds the same tree in a few flat arrays (what
//! [`crate::notation::parse_tree_compact`] reads a tree file into, about 14 bytes a
//! node); [`ExplicitTree`] plays a compact tree as a [`Game`]: a node is a position, its
//! children are its moves.

use crate::Score;
pub use crate::spec::{TreeSpec, TreeSpecKind, TreeSpecNode};
use crate::tree_arena::CompactTree;
use crate::{Game, Player};

/// An explicit tree playable as a [`Game`]: a [`CompactTree`] shared between copies, and the
/// node the game stands at.
///
/// Moves are child node indices; a move's label is the child's name, or its 1-based position
/// among its siblings when it has none.
#[derive(Clone, Debug)]
pub struct ExplicitTree {
    tree: std::sync::Arc<CompactTree>,
    current: u32,
    root_player: Player,
    /// The depth a search of this tree stops at (`--depth`), evaluating the interior nodes
    /// there by their static values; `None`: to the leaves.
    depth_limit: Option<u32>,
}

impl ExplicitTree {
    /// The tree of a parsed [`TreeSpec`], with `root_player` moving at the root unless the
    /// root says otherwise.
    pub fn new(spec: &TreeSpec, root_player: Player) -> Self {
        Self::from_compact(CompactTree::from_spec(spec), root_player)
    }

    /// The tree of a [`CompactTree`] (as [`crate::notation::parse_tree_compact`] reads
    /// it), with `root_player` moving at the root unless the root says otherwise.
    pub fn from_compact(mut tree: CompactTree, root_player: Player) -> Self {
        let root = if tree.is_empty() { root_player } else { tree.said(0).unwrap_or(root_player) };
        tree.settle(root);
        ExplicitTree { tree: tree.into(), current: 0, root_player: root, depth_limit: None }
    }

    /// The same tree searched to `depth` plies (`None`: to its leaves), the interior nodes at
    /// that depth evaluated by their static values (`A=10:(…)`).
    pub fn with_depth_limit(mut self, depth: Option<u32>) -> ExplicitTree {
        self.depth_limit = depth;
        self
    }

    /// The depth a search of this tree stops at, if limited.
    pub fn depth_limit(&self) -> Option<u32> {
        self.depth_limit
    }

    /// The first interior node a search evaluates by its static value and that has none, with
    /// its depth (see [`CompactTree::missing_static_value`]): with `every_level` (iterative
    /// deepening) the interior nodes of every depth up to the limit (every depth but the
    /// root's when unlimited), otherwise those at the depth limit (none when unlimited).
    pub fn missing_static_value(&self, every_level: bool) -> Option<(u32, u32)> {
        match (self.depth_limit, every_level) {
            (None, false) => None,
            (limit, _) => self.tree.missing_static_value(limit.unwrap_or(u32::MAX), every_level),
        }
    }

    /// The tree written in the notation or as JSON (MAX at the root unless a leading `min`
    /// says otherwise), refused past [`DEFAULT_MAX_TREE_NODES`](crate::tree_arena::DEFAULT_MAX_TREE_NODES) nodes.
    ///
    /// ```
    /// let tree = abviz_games::tree::ExplicitTree::parse("min (3 (5 1))").unwrap();
    /// assert_eq!((tree.len(), tree.root_player()), (5, abviz_games::Player::Min));
    /// ```
    pub fn parse(text: &str) -> Result<ExplicitTree, crate::GameError> {
        let tree = crate::notation::parse_tree_compact(text, crate::tree_arena::DEFAULT_MAX_TREE_NODES)?;
        let root = tree.keyword_root().unwrap_or(Player::Max);
        Ok(Self::from_compact(tree, root))
    }

    /// The compact tree.
    pub fn compact(&self) -> &CompactTree {
        &self.tree
    }

    /// The same tree with every node's children reordered by their minimax value (see
    /// [`TreeSpecNode::reordered`](crate::tree_arena)), standing at its root.
    pub fn reordered(&self, ordering: crate::spec::Ordering) -> ExplicitTree {
        Self::from_compact(self.tree.reordered(ordering), self.root_player).with_depth_limit(self.depth_limit)
    }

    /// The nested form of the tree.
    pub fn to_spec(&self) -> TreeSpec {
        self.tree.to_spec()
    }

    /// Number of nodes in the whole tree.
    pub fn len(&self) -> usize {
        self.tree.len()
    }

    /// Always false: a tree has a root.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Number of leaves in the whole tree.
    pub fn leaf_count(&self) -> usize {
        self.tree.leaf_count()
    }

    /// The player at the root.
    pub fn root_player(&self) -> Player {
        self.root_player
    }
}

impl Game for ExplicitTree {
    type Move = u32;

    fn to_move(&self) -> Player {
        self.tree.mover(self.current)
    }

    fn moves(&self) -> Vec<u32> {
        self.tree.children(self.current).to_vec()
    }

    #[inline]
    fn moves_into(&self, out: &mut abviz_core::MoveList<u32>) {
        out.extend_from_slice(self.tree.children(self.current));
    }

    fn play(&mut self, mv: u32) {
        self.current = mv;
    }

    fn undo(&mut self, mv: u32) {
        self.current = self.tree.parent(mv).unwrap_or(0);
    }

    fn terminal_value(&self) -> Option<Score> {
        self.tree.value(self.current)
    }

    fn evaluate(&self) -> Score {
        // An interior node at the horizon of a depth-limited search: its static value
        // (`A=10:(…)`). Inputs check that every node a search evaluates has one
        // ([`CompactTree::missing_static_value`]); 0 is never reached through them.
        self.tree.value(self.current).or_else(|| self.tree.static_value(self.current)).unwrap_or_default()
    }

    fn label_key(&self, mv: u32) -> Option<u32> {
        Some(mv)
    }

    fn position_key(&self) -> Option<u64> {
        Some(u64::from(self.tree.breadth_first(self.current)))
    }

    fn write_move_label(&self, mv: u32, out: &mut String) {
        match self.tree.name(mv) {
            Some(n) => out.push_str(n),
            None => out.push_str(&(self.tree.sibling_index(mv) + 1).to_string()),
        }
    }

    fn position_text(&self) -> String {
        let i = self.current;
        let kids = self.tree.children(i).len();
        match (self.tree.name(i), self.tree.value(i), self.tree.static_value(i)) {
            (Some(n), Some(v), _) => format!("{n} = {v}"),
            (Some(n), None, Some(s)) => format!("{n}, static value {s}"),
            (Some(n), None, None) => n.to_string(),
            (None, Some(v), _) => v.to_string(),
            (None, None, Some(s)) => format!("interior node, static value {s}, {kids} children"),
            (None, None, None) => format!("interior node, {kids} children"),
        }
    }

    fn leaves_are_game_ends(&self) -> bool {
        false
    }

    fn value_decimals(&self) -> u8 {
        self.tree.value_decimals()
    }

    fn is_chance(&self) -> bool {
        self.tree.is_chance(self.current)
    }

    fn chance_probability(&self, mv: u32, _outcomes: usize) -> abviz_core::Probability {
        self.tree.probability(mv)
    }

    fn has_chance(&self) -> bool {
        self.tree.has_chance()
    }

    fn value_bounds(&self) -> Option<(Score, Score)> {
        self.tree.value_bounds()
    }

    fn node_name(&self) -> Option<&str> {
        self.tree.name(self.current)
    }
}
