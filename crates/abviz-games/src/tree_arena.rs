//! The compact in-memory form of an explicit tree: a few flat arrays instead of one allocation
//! per node, so a tree file of millions of nodes costs about 14 bytes a node (the parsers
//! build it directly, counting nodes as they go against a limit).
//!
//! Nodes are numbered in pre-order (a parent before its children, siblings left to right), so
//! every child's number is larger than its parent's and a node's children are increasing.

use crate::Player;
use crate::Score;
use crate::spec::Ordering;
use crate::spec::{Head, TreeSpec, TreeSpecKind, TreeSpecNode};
use abviz_core::{Exact, Probability};

/// The default limit on the nodes of an explicit tree (`--max-tree-nodes`,
/// `ABVIZ_MAX_TREE_NODES`): 50 million nodes take about 700 MB at 14 bytes a node, besides
/// the text they come from (about 140 MB of notation).
pub const DEFAULT_MAX_TREE_NODES: u64 = 50_000_000;

/// The bytes one node of a [`CompactTree`] takes (an unnamed tree of branching 8; names add
/// 8 bytes a named node and their text).
pub const BYTES_PER_NODE: f64 = 14.0;

const LEAF: u8 = 1;
/// MIN moves here (set by [`CompactTree::settle`] from the root player and the marks below).
const MIN_MOVES: u8 = 2;
/// The text marked the node `max:`.
const SAYS_MAX: u8 = 4;
/// The text marked the node `min:`.
const SAYS_MIN: u8 = 8;
/// The text marked the node `chance:` (interior nodes only: a leaf's upper bits hold its
/// decimals).
const CHANCE: u8 = 16;
/// A leaf's decimals ([`Score::decimals`], at most 9) sit in the flags' upper four bits.
const DECIMALS_SHIFT: u8 = 4;
const NO_PARENT: u32 = u32::MAX;
/// The most nodes any tree may have.
const MAX_NODES: u64 = i32::MAX as u64;

/// An explicit tree held compactly: per node a word (a leaf's value, or where an interior
/// node's children are listed), its parent and a byte of flags; the children lists in one
/// array (each after its length and the breadth-first number of its first child, so that
/// position keys stay those of a breadth-first layout); the names, sorted by node, in one
/// string.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompactTree {
    /// A leaf: its raw [`Score`]; an interior node: the index in `kids` of its child count,
    /// followed by the breadth-first number of its first child and its children.
    word: Vec<u32>,
    parent: Vec<u32>,
    flags: Vec<u8>,
    kids: Vec<u32>,
    /// The named nodes, increasing, and where each name starts in `name_text`.
    name_nodes: Vec<u32>,
    name_starts: Vec<usize>,
    name_text: String,
    /// The player at the root given by the text's leading keyword (`min (…)`), if any.
    keyword_root: Option<Player>,
    /// The nodes whose probability as an outcome was written, increasing, and the
    /// probabilities.
    prob_nodes: Vec<u32>,
    prob_values: Vec<Probability>,
    /// The interior nodes given a static value (`A=10:(…)`), increasing, and the values.
    static_nodes: Vec<u32>,
    static_values: Vec<Score>,
    /// The leaf bounds the text states (`bounds 0..10`), if it does.
    stated_bounds: Option<(Score, Score)>,
}

/// The tree reached the builder's node limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Full {
    /// The limit.
    pub limit: u64,
}

impl CompactTree {
    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.word.len()
    }

    /// Always false once built: a tree has a root.
    pub fn is_empty(&self) -> bool {
        self.word.is_empty()
    }

    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.flags.iter().filter(|&&f| f & LEAF != 0).count()
    }

    /// The bytes the arrays hold (their capacity), for measurements.
    pub fn heap_bytes(&self) -> usize {
        self.word.capacity() * 4
            + self.parent.capacity() * 4
            + self.flags.capacity()
            + self.kids.capacity() * 4
            + self.name_nodes.capacity() * 4
            + self.name_starts.capacity() * std::mem::size_of::<usize>()
            + self.name_text.capacity()
            + self.prob_nodes.capacity() * 4
            + self.prob_values.capacity() * std::mem::size_of::<Probability>()
            + self.static_nodes.capacity() * 4
            + self.static_values.capacity() * std::mem::size_of::<Score>()
    }

    /// The player at the root given by the text's leading keyword (`min (…)`), if any.
    pub fn keyword_root(&self) -> Option<Player> {
        self.keyword_root
    }

    pub(crate) fn set_keyword_root(&mut self, p: Option<Player>) {
        self.keyword_root = p;
    }

    pub(crate) fn is_leaf(&self, i: u32) -> bool {
        self.flags[i as usize] & LEAF != 0
    }

    /// A leaf's value.
    pub(crate) fn value(&self, i: u32) -> Option<Score> {
        self.is_leaf(i).then(|| {
            let decimals = self.flags[i as usize] >> DECIMALS_SHIFT;
            Score::decimal(i64::from(self.word[i as usize] as i32), decimals)
                .unwrap_or_else(|| Score::from(self.word[i as usize] as i32))
        })
    }

    /// An interior node's static value (`A=10:(…)`), if the text gave it one.
    pub(crate) fn static_value(&self, i: u32) -> Option<Score> {
        self.static_nodes.binary_search(&i).ok().map(|k| self.static_values[k])
    }

    /// Whether any interior node has a static value.
    pub fn has_static_values(&self) -> bool {
        !self.static_nodes.is_empty()
    }

    /// The most decimals any value has, a leaf's or an interior node's static value (0 for a
    /// tree of whole numbers): the unit a search's null windows step by.
    pub fn value_decimals(&self) -> u8 {
        let leaves = self.flags.iter().filter(|&&f| f & LEAF != 0).map(|&f| f >> DECIMALS_SHIFT);
        leaves.chain(self.static_values.iter().map(|v| v.decimals())).max().unwrap_or(0)
    }

    /// The bounds on every value a search may meet: the ones the text states (`bounds
    /// 0..10`), else the least and greatest of the leaf values and static values.
    pub fn value_bounds(&self) -> Option<(Score, Score)> {
        if let Some(b) = self.stated_bounds {
            return Some(b);
        }
        let mut values =
            (0..self.len() as u32).filter_map(|i| self.value(i)).chain(self.static_values.iter().copied());
        let first = values.next()?;
        Some(values.fold((first, first), |(lo, hi), v| (lo.min(v), hi.max(v))))
    }

    /// The leaf bounds the text states (`bounds 0..10`, JSON `"bounds": [0, 10]`), if any.
    pub fn stated_bounds(&self) -> Option<(Score, Score)> {
        self.stated_bounds
    }

    pub(crate) fn set_stated_bounds(&mut self, bounds: Option<(Score, Score)>) {
        self.stated_bounds = bounds;
    }

    /// The first interior node (in pre-order) that a search to `depth` plies evaluates at
    /// its horizon and that has no static value, with its depth: each interior node at
    /// `depth`, or with `every_level` (iterative deepening, one pass per depth up to
    /// `depth`) at any depth from 1 (0 when `depth` is 0) to `depth`. `None` when every
    /// such node has a value.
    pub fn missing_static_value(&self, depth: u32, every_level: bool) -> Option<(u32, u32)> {
        let lowest = if every_level { depth.min(1) } else { depth };
        let mut ancestors: Vec<u32> = Vec::new();
        (0..self.len() as u32).find_map(|i| {
            let d = self.depth_in_walk(i, &mut ancestors) as u32;
            (!self.is_leaf(i) && (lowest..=depth).contains(&d) && self.static_value(i).is_none())
                .then_some((i, d))
        })
    }

    /// How a message names node `i`: its name, or its path of 1-based child positions from
    /// the root ("the root", "child 2 of child 1 of the root" is written `root → 1 → 2`).
    pub fn describe_node(&self, i: u32) -> String {
        if let Some(n) = self.name(i) {
            return n.to_string();
        }
        let mut path = Vec::new();
        let mut at = i;
        while let Some(p) = self.parent(at) {
            path.push(self.sibling_index(at) + 1);
            at = p;
        }
        if path.is_empty() {
            return "the root".into();
        }
        let steps: Vec<String> = path.iter().rev().map(usize::to_string).collect();
        format!("root → {}", steps.join(" → "))
    }

    /// The node's children, left to right (empty for a leaf).
    pub(crate) fn children(&self, i: u32) -> &[u32] {
        if self.is_leaf(i) {
            return &[];
        }
        let at = self.word[i as usize] as usize;
        let count = self.kids[at] as usize;
        &self.kids[at + 2..at + 2 + count]
    }

    /// The node's number in breadth-first order (level by level, left to right): the key that
    /// names its position for transposition tables, as it was when trees were stored so.
    pub(crate) fn breadth_first(&self, i: u32) -> u32 {
        match self.parent(i) {
            None => 0,
            Some(p) => self.kids[self.word[p as usize] as usize + 1] + self.sibling_index(i) as u32,
        }
    }

    /// Works out every interior node's breadth-first number of its first child: the nodes of a
    /// level come in breadth-first order as they come in pre-order, so counting a level's nodes
    /// in pre-order (with a stack of ancestors, no array per node) numbers them.
    fn number_breadth_first(&mut self) {
        let mut level_size: Vec<u32> = Vec::new();
        let mut ancestors: Vec<u32> = Vec::new();
        for i in 0..self.len() as u32 {
            let d = self.depth_in_walk(i, &mut ancestors);
            if level_size.len() <= d {
                level_size.resize(d + 1, 0);
            }
            level_size[d] += 1;
        }
        // `next[d]`: the breadth-first number of the next node of level d.
        let mut next: Vec<u32> = Vec::with_capacity(level_size.len() + 1);
        let mut start = 0u32;
        for &size in &level_size {
            next.push(start);
            start += size;
        }
        next.push(start);
        ancestors.clear();
        for i in 0..self.len() as u32 {
            let d = self.depth_in_walk(i, &mut ancestors);
            if !self.is_leaf(i) {
                let at = self.word[i as usize] as usize;
                self.kids[at + 1] = next[d + 1];
                next[d + 1] += self.kids[at];
            }
        }
    }

    /// The depth of node `i` met in a pre-order walk, `ancestors` holding the interior nodes
    /// above the node met before it.
    fn depth_in_walk(&self, i: u32, ancestors: &mut Vec<u32>) -> usize {
        let p = self.parent[i as usize];
        while ancestors.last().is_some_and(|&a| a != p) {
            ancestors.pop();
        }
        let d = ancestors.len();
        if !self.is_leaf(i) {
            ancestors.push(i);
        }
        d
    }

    /// The node's parent (None at the root).
    pub(crate) fn parent(&self, i: u32) -> Option<u32> {
        let p = self.parent[i as usize];
        (p != NO_PARENT).then_some(p)
    }

    /// The 0-based position of `i` among its siblings.
    pub(crate) fn sibling_index(&self, i: u32) -> usize {
        match self.parent(i) {
            Some(p) => self.children(p).binary_search(&i).unwrap_or(0),
            None => 0,
        }
    }

    /// The node's name, if it has one.
    pub(crate) fn name(&self, i: u32) -> Option<&str> {
        let k = self.name_nodes.binary_search(&i).ok()?;
        let end = self.name_starts.get(k + 1).copied().unwrap_or(self.name_text.len());
        Some(&self.name_text[self.name_starts[k]..end])
    }

    /// The mover the text gave the node (`max:` / `min:`), if any.
    pub(crate) fn said(&self, i: u32) -> Option<Player> {
        let f = self.flags[i as usize];
        if f & SAYS_MIN != 0 {
            Some(Player::Min)
        } else if f & SAYS_MAX != 0 {
            Some(Player::Max)
        } else {
            None
        }
    }

    /// Whether the node is a chance node (`chance:(…)`).
    pub(crate) fn is_chance(&self, i: u32) -> bool {
        self.flags[i as usize] & (CHANCE | LEAF) == CHANCE
    }

    /// Whether any node is a chance node.
    pub fn has_chance(&self) -> bool {
        self.flags.iter().any(|&f| f & (CHANCE | LEAF) == CHANCE)
    }

    /// The probability written for node `i` as an outcome, if any.
    pub(crate) fn written_probability(&self, i: u32) -> Option<Probability> {
        self.prob_nodes.binary_search(&i).ok().map(|k| self.prob_values[k])
    }

    /// The probability of node `i` as an outcome of its chance parent: as written, or uniform.
    pub(crate) fn probability(&self, i: u32) -> Probability {
        self.written_probability(i)
            .unwrap_or_else(|| Probability::uniform(self.parent(i).map_or(1, |p| self.children(p).len())))
    }

    fn head(&self, i: u32) -> Head<'_> {
        Head {
            player: self.said(i),
            chance: self.is_chance(i),
            p: self.written_probability(i),
            name: self.name(i),
            value: self.static_value(i),
        }
    }

    /// Who moves at the node (after [`CompactTree::settle`]).
    pub(crate) fn mover(&self, i: u32) -> Player {
        if self.flags[i as usize] & MIN_MOVES != 0 { Player::Min } else { Player::Max }
    }

    /// Works out who moves at every node when `root` moves at the root (unless the root says
    /// otherwise): the node's own mark, else the other player than at its parent. Chance
    /// passes the turn through: a chance node's outcomes are the turn of the player named at
    /// the chance node, which is the one after its parent's (MAX, chance, MIN, chance, MAX …).
    pub(crate) fn settle(&mut self, root: Player) {
        for i in 0..self.flags.len() {
            let default = match self.parent[i] {
                NO_PARENT => root,
                p if self.is_chance(p) => self.mover(p),
                p => self.mover(p).other(),
            };
            let mover = self.said(i as u32).unwrap_or(default);
            self.flags[i] = (self.flags[i] & !MIN_MOVES) | if mover == Player::Min { MIN_MOVES } else { 0 };
        }
    }

    /// The tree built from a nested [`TreeSpec`] (no limit: the spec is already in memory).
    pub fn from_spec(spec: &TreeSpec) -> CompactTree {
        let mut b = Builder::new(u64::MAX);
        enum Step<'a> {
            Visit(&'a TreeSpecNode),
            End,
        }
        let mut stack = vec![Step::Visit(&spec.root)];
        while let Some(step) = stack.pop() {
            // A spec in memory has far fewer than 2^32 nodes; the builder's limit is not reached.
            let _ = match step {
                Step::End => {
                    b.end();
                    Ok(())
                }
                Step::Visit(n) => {
                    let added = match &n.kind {
                        TreeSpecKind::Leaf(v) => b.leaf(n.name.as_deref(), n.player, *v),
                        TreeSpecKind::Interior(children) => {
                            stack.push(Step::End);
                            stack.extend(children.iter().rev().map(Step::Visit));
                            b.begin(n.name.as_deref(), n.player).map(|()| {
                                if n.chance {
                                    b.chance();
                                }
                                if let Some(v) = n.static_value {
                                    b.static_value(v);
                                }
                            })
                        }
                    };
                    if let Some(p) = n.p {
                        b.probability(p);
                    }
                    added
                }
            };
        }
        let mut t = b.finish();
        t.keyword_root = spec.root_player;
        t.stated_bounds = spec.bounds;
        t
    }

    /// The nested form of the tree (for small trees: exercises, tests).
    pub fn to_spec(&self) -> TreeSpec {
        let mut built: Vec<Option<TreeSpecNode>> = (0..self.len()).map(|_| None).collect();
        for i in (0..self.len() as u32).rev() {
            let kind = match self.value(i) {
                Some(v) => TreeSpecKind::Leaf(v),
                None => TreeSpecKind::Interior(
                    self.children(i).iter().filter_map(|&k| built[k as usize].take()).collect(),
                ),
            };
            built[i as usize] = Some(TreeSpecNode {
                name: self.name(i).map(str::to_string),
                player: self.said(i),
                chance: self.is_chance(i),
                p: self.written_probability(i),
                static_value: self.static_value(i),
                kind,
            });
        }
        let root = built.swap_remove(0).unwrap_or_else(|| TreeSpecNode::leaf(0));
        TreeSpec { root_player: self.keyword_root, bounds: self.stated_bounds, root }
    }

    /// Writes the tree in the notation (as [`TreeSpecNode::to_notation`] does) into `out`,
    /// stopping once `out` holds more than `cap` bytes; returns whether it wrote it whole.
    pub fn write_notation(&self, out: &mut String, cap: usize) -> bool {
        if self.is_empty() {
            return true;
        }
        enum Step {
            Visit(u32, bool),
            Close,
        }
        let mut stack = vec![Step::Visit(0, true)];
        while let Some(step) = stack.pop() {
            if out.len() > cap {
                return false;
            }
            match step {
                Step::Close => out.push(')'),
                Step::Visit(i, first) => {
                    if !first {
                        out.push(' ');
                    }
                    crate::spec::write_head(out, self.head(i));
                    match self.value(i) {
                        Some(v) => out.push_str(&v.ascii()),
                        None => {
                            out.push('(');
                            stack.push(Step::Close);
                            let kids = self.children(i);
                            stack.extend(kids.iter().enumerate().rev().map(|(k, &c)| Step::Visit(c, k == 0)));
                        }
                    }
                }
            }
        }
        out.len() <= cap
    }

    /// The minimax value of every node when `root` moves at the root (the tree settled for it);
    /// a chance node's is its expected value (rounded where it is no short decimal: it only
    /// orders children).
    fn values(&self) -> Vec<Score> {
        let mut value = vec![Score::default(); self.len()];
        for i in (0..self.len() as u32).rev() {
            value[i as usize] = match self.value(i) {
                Some(v) => v,
                None if self.is_chance(i) => self
                    .children(i)
                    .iter()
                    .try_fold(Exact::ZERO, |sum, &k| {
                        sum.checked_add(Exact::from_score(value[k as usize]).times(self.probability(k))?)
                    })
                    .and_then(|e| e.to_score(0))
                    .unwrap_or_default(),
                None => {
                    let vals = self.children(i).iter().map(|&k| value[k as usize]);
                    match self.mover(i) {
                        Player::Max => vals.max(),
                        Player::Min => vals.min(),
                    }
                    .unwrap_or_default()
                }
            };
        }
        value
    }

    /// The same tree with every node's children ordered by their minimax value (see
    /// [`TreeSpecNode::reordered`]); the tree must be settled. Nodes are renumbered in the new
    /// pre-order.
    pub(crate) fn reordered(&self, ordering: Ordering) -> CompactTree {
        let value = self.values();
        let mut b = Builder::new(u64::MAX);
        enum Step {
            Visit(u32),
            End,
        }
        let mut stack = vec![Step::Visit(0)];
        let mut kids: Vec<u32> = Vec::new();
        while let Some(step) = stack.pop() {
            let _ = match step {
                Step::End => {
                    b.end();
                    Ok(())
                }
                Step::Visit(i) => match self.value(i) {
                    Some(v) => b.leaf(self.name(i), self.said(i), v).map(|()| {
                        if let Some(p) = self.written_probability(i) {
                            b.probability(p);
                        }
                    }),
                    None => {
                        kids.clear();
                        kids.extend_from_slice(self.children(i));
                        let best_first = match (ordering, self.mover(i)) {
                            (Ordering::Natural, _) => None,
                            // Chance chooses no best: its outcomes stay as written.
                            _ if self.is_chance(i) => None,
                            (Ordering::Best, Player::Max) | (Ordering::Worst, Player::Min) => Some(true),
                            _ => Some(false),
                        };
                        match best_first {
                            Some(true) => kids.sort_by_key(|&k| std::cmp::Reverse(value[k as usize])),
                            Some(false) => kids.sort_by_key(|&k| value[k as usize]),
                            None => {}
                        }
                        stack.push(Step::End);
                        stack.extend(kids.iter().rev().map(|&k| Step::Visit(k)));
                        b.begin(self.name(i), self.said(i)).map(|()| {
                            if self.is_chance(i) {
                                b.chance();
                            }
                            if let Some(p) = self.written_probability(i) {
                                b.probability(p);
                            }
                            if let Some(v) = self.static_value(i) {
                                b.static_value(v);
                            }
                        })
                    }
                },
            };
        }
        let mut t = b.finish();
        t.keyword_root = self.keyword_root;
        t.stated_bounds = self.stated_bounds;
        t
    }

    /// The branching and depth when every interior node has the same number of children and
    /// every leaf lies at the same depth, below the root (as
    /// [`crate::compare::bounds::uniform_shape`]); `None` for any other tree.
    pub fn uniform_shape(&self) -> Option<(u32, u32)> {
        if self.is_empty() {
            return None;
        }
        let branching = self.children(0).len() as u32;
        let mut leaf_depth = None;
        let mut stack = vec![(0u32, 0u32)];
        while let Some((i, d)) = stack.pop() {
            let kids = self.children(i);
            if kids.is_empty() {
                if *leaf_depth.get_or_insert(d) != d {
                    return None;
                }
            } else if kids.len() as u32 != branching {
                return None;
            } else {
                stack.extend(kids.iter().map(|&k| (k, d + 1)));
            }
        }
        leaf_depth.filter(|&d| d > 0).map(|d| (branching, d))
    }
}

/// Builds a [`CompactTree`] node by node in pre-order, refusing the node past its limit.
pub(crate) struct Builder {
    tree: CompactTree,
    /// The children met so far of every open interior node, innermost last.
    pending: Vec<u32>,
    /// The open interior nodes and where their children start in `pending`.
    open: Vec<(u32, usize)>,
    limit: u64,
}

impl Builder {
    /// A builder that accepts at most `limit` nodes (and never more than 2^31 − 1, so that
    /// every index into the children lists fits 32 bits).
    pub fn new(limit: u64) -> Builder {
        Builder {
            tree: CompactTree::default(),
            pending: Vec::new(),
            open: Vec::new(),
            limit: limit.min(MAX_NODES),
        }
    }

    fn add(&mut self, name: Option<&str>, player: Option<Player>, flags: u8, word: u32) -> Result<u32, Full> {
        let t = &mut self.tree;
        if t.word.len() as u64 >= self.limit {
            return Err(Full { limit: self.limit });
        }
        let id = t.word.len() as u32;
        let parent = self.open.last().map_or(NO_PARENT, |&(p, _)| p);
        let said = match player {
            Some(Player::Max) => SAYS_MAX,
            Some(Player::Min) => SAYS_MIN,
            None => 0,
        };
        t.word.push(word);
        t.parent.push(parent);
        t.flags.push(flags | said);
        if let Some(name) = name {
            t.name_nodes.push(id);
            t.name_starts.push(t.name_text.len());
            t.name_text.push_str(name);
        }
        if parent != NO_PARENT {
            self.pending.push(id);
        }
        Ok(id)
    }

    /// A leaf.
    pub fn leaf(&mut self, name: Option<&str>, player: Option<Player>, v: Score) -> Result<(), Full> {
        self.add(name, player, LEAF | v.decimals() << DECIMALS_SHIFT, v.raw() as u32).map(|_| ())
    }

    /// An interior node whose children follow, up to its [`Builder::end`].
    pub fn begin(&mut self, name: Option<&str>, player: Option<Player>) -> Result<(), Full> {
        let id = self.add(name, player, 0, 0)?;
        self.open.push((id, self.pending.len()));
        Ok(())
    }

    /// Marks the node just begun a chance node.
    pub fn chance(&mut self) {
        if let Some(&(id, _)) = self.open.last() {
            self.tree.flags[id as usize] |= CHANCE;
        }
    }

    /// Gives the node added last (a leaf, or an interior node just begun) its probability as
    /// an outcome of its chance parent.
    pub fn probability(&mut self, p: Probability) {
        let id = self.tree.word.len() as u32 - 1;
        if self.tree.prob_nodes.last() != Some(&id) {
            self.tree.prob_nodes.push(id);
            self.tree.prob_values.push(p);
        }
    }

    /// Gives the interior node just begun its static value.
    pub fn static_value(&mut self, v: Score) {
        if let Some(&(id, _)) = self.open.last() {
            self.tree.static_nodes.push(id);
            self.tree.static_values.push(v);
        }
    }

    /// The number of children of the innermost open node so far.
    pub fn open_children(&self) -> usize {
        self.open.last().map_or(0, |&(_, start)| self.pending.len() - start)
    }

    /// Closes the innermost open node; returns its number of children.
    pub fn end(&mut self) -> usize {
        let Some((id, start)) = self.open.pop() else { return 0 };
        let t = &mut self.tree;
        let count = self.pending.len() - start;
        t.word[id as usize] = t.kids.len() as u32;
        t.kids.push(count as u32);
        t.kids.push(0); // the breadth-first number of the first child, set by `finish`
        t.kids.extend(self.pending.drain(start..));
        count
    }

    /// The tree, its arrays trimmed to their length.
    pub fn finish(mut self) -> CompactTree {
        let t = &mut self.tree;
        t.word.shrink_to_fit();
        t.parent.shrink_to_fit();
        t.flags.shrink_to_fit();
        t.kids.shrink_to_fit();
        t.name_nodes.shrink_to_fit();
        t.name_starts.shrink_to_fit();
        t.name_text.shrink_to_fit();
        t.prob_nodes.shrink_to_fit();
        t.prob_values.shrink_to_fit();
        t.static_nodes.shrink_to_fit();
        t.static_values.shrink_to_fit();
        t.number_breadth_first();
        self.tree
    }
}

impl TreeSpecNode {
    /// The same tree with every node's children reordered by their minimax value (ties keep
    /// their order): best first for the player to move there ([`Ordering::Best`]), worst first
    /// ([`Ordering::Worst`]), or as written ([`Ordering::Natural`]). `player` moves at this
    /// node unless the node says otherwise. The leaves, names and values are unchanged; only
    /// the order of children is. Works without recursion, so the deepest tree the notation
    /// accepts cannot overflow the stack.
    pub fn reordered(self, player: Player, ordering: Ordering) -> TreeSpecNode {
        let mut tree = CompactTree::from_spec(&TreeSpec { root_player: None, bounds: None, root: self });
        tree.settle(player);
        tree.reordered(ordering).to_spec().root
    }
}
