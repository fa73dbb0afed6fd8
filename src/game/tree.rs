//! Explicit game trees: the textbook figures, written in a small notation or as JSON.
//!
//! [`TreeSpec`] is what the parsers in [`crate::game::notation`] produce; [`ExplicitTree`] is the
//! same tree flattened into an arena and playable as a [`Game`]: a node is a position, its
//! children are its moves.

use crate::Score;
use crate::game::{Game, Player};

/// One node of a parsed tree: a leaf with a value or an interior node with children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeSpecNode {
    /// The user's name for the node (`A:(...)`, `E:3`), if any.
    pub name: Option<String>,
    /// Who moves at this node, when the tree says so (`max:(...)`); otherwise the players
    /// alternate: the other player than at the parent.
    pub player: Option<Player>,
    /// A leaf's value or an interior node's children.
    pub kind: TreeSpecKind,
}

/// Leaf or interior.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeSpecKind {
    /// A leaf with its static value (MAX's view).
    Leaf(Score),
    /// An interior node with at least one child.
    Interior(Vec<TreeSpecNode>),
}

/// A parsed tree: the root and, if the text said so (`min (...)`), who moves at the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeSpec {
    /// The player at the root given in the text itself, if any.
    pub root_player: Option<Player>,
    /// The root node.
    pub root: TreeSpecNode,
}

impl TreeSpecNode {
    /// A leaf without a name.
    pub fn leaf(v: i32) -> Self {
        TreeSpecNode { name: None, player: None, kind: TreeSpecKind::Leaf(Score::from(v)) }
    }

    /// An interior node without a name.
    pub fn interior(children: Vec<TreeSpecNode>) -> Self {
        TreeSpecNode { name: None, player: None, kind: TreeSpecKind::Interior(children) }
    }

    /// The same tree with every node's children reordered by their minimax value (ties keep
    /// their order): best first for the player to move there ([`Ordering::Best`]), worst first
    /// ([`Ordering::Worst`]), or as written ([`Ordering::Natural`]). `player` moves at this
    /// node unless the node says otherwise. The leaves, names and values are unchanged; only
    /// the order of children is. Works without recursion, so the deepest tree the notation
    /// accepts cannot overflow the stack.
    pub fn reordered(self, player: Player, ordering: crate::game::random::Ordering) -> TreeSpecNode {
        use crate::game::random::Ordering;
        struct Flat {
            name: Option<String>,
            player: Option<Player>,
            mover: Player,
            leaf: Option<Score>,
            kids: Vec<usize>,
            value: Score,
        }
        // Flatten in pre-order: a parent comes before its children.
        let mut flat: Vec<Flat> = Vec::new();
        let mut stack = vec![(self, player, None::<usize>)];
        while let Some((node, default, parent)) = stack.pop() {
            let mover = node.player.unwrap_or(default);
            let idx = flat.len();
            if let Some(p) = parent {
                flat[p].kids.push(idx);
            }
            let leaf = match node.kind {
                TreeSpecKind::Leaf(v) => Some(v),
                TreeSpecKind::Interior(children) => {
                    for c in children.into_iter().rev() {
                        stack.push((c, mover.other(), Some(idx)));
                    }
                    None
                }
            };
            flat.push(Flat {
                name: node.name,
                player: node.player,
                mover,
                leaf,
                kids: Vec::new(),
                value: Score::default(),
            });
        }
        // Values from the leaves up; each node's children sorted as asked.
        for i in (0..flat.len()).rev() {
            if let Some(v) = flat[i].leaf {
                flat[i].value = v;
                continue;
            }
            let mut kids: Vec<(Score, usize)> = flat[i].kids.iter().map(|&k| (flat[k].value, k)).collect();
            let best_first = match (ordering, flat[i].mover) {
                (Ordering::Natural, _) => None,
                (Ordering::Best, Player::Max) | (Ordering::Worst, Player::Min) => Some(true),
                _ => Some(false),
            };
            match best_first {
                Some(true) => kids.sort_by_key(|&(v, _)| std::cmp::Reverse(v)),
                Some(false) => kids.sort_by_key(|&(v, _)| v),
                None => {}
            }
            let values = kids.iter().map(|&(v, _)| v);
            flat[i].value = match flat[i].mover {
                Player::Max => values.max(),
                Player::Min => values.min(),
            }
            .unwrap_or_default();
            flat[i].kids = kids.into_iter().map(|(_, k)| k).collect();
        }
        // Rebuild from the leaves up.
        let mut built: Vec<Option<TreeSpecNode>> = (0..flat.len()).map(|_| None).collect();
        for i in (0..flat.len()).rev() {
            let f = &mut flat[i];
            let kind = match f.leaf {
                Some(v) => TreeSpecKind::Leaf(v),
                None => TreeSpecKind::Interior(f.kids.iter().filter_map(|&k| built[k].take()).collect()),
            };
            built[i] = Some(TreeSpecNode { name: f.name.take(), player: f.player, kind });
        }
        built.swap_remove(0).expect("the root was built")
    }

    /// Writes the node back in the tree notation (names quoted when they need it).
    pub fn to_notation(&self) -> String {
        let mut s = String::new();
        self.write_notation(&mut s);
        s
    }

    fn write_notation(&self, out: &mut String) {
        if let Some(p) = self.player {
            out.push_str(match p {
                Player::Max => "max:",
                Player::Min => "min:",
            });
        }
        if let Some(name) = &self.name {
            let plain = !name.is_empty()
                && name.chars().all(|c| c.is_alphanumeric() || c == '_')
                && !name.starts_with(|c: char| c.is_ascii_digit())
                && !name.eq_ignore_ascii_case("min")
                && !name.eq_ignore_ascii_case("max");
            if plain {
                out.push_str(name);
            } else {
                out.push('"');
                for c in name.chars() {
                    match c {
                        '"' => out.push_str("\\\""),
                        '\\' => out.push_str("\\\\"),
                        '\n' => out.push_str("\\n"),
                        c => out.push(c),
                    }
                }
                out.push('"');
            }
            out.push(':');
        }
        match &self.kind {
            TreeSpecKind::Leaf(v) => out.push_str(&v.ascii()),
            TreeSpecKind::Interior(children) => {
                out.push('(');
                for (i, c) in children.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    c.write_notation(out);
                }
                out.push(')');
            }
        }
    }
}

/// One node of the arena (24 bytes: a tree file of millions of nodes stays small).
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// A leaf's value (raw [`Score`]), when `LEAF` is set.
    value: i32,
    /// The node's name, an index into the names, or `NO_NAME`.
    name: u32,
    parent: u32,
    first_child: u32,
    child_count: u32,
    flags: u8,
}

const LEAF: u8 = 1;
const MIN_MOVES: u8 = 2;
const NO_NAME: u32 = u32::MAX;

impl Slot {
    fn player(&self) -> Player {
        if self.flags & MIN_MOVES != 0 { Player::Min } else { Player::Max }
    }

    fn value(&self) -> Option<Score> {
        (self.flags & LEAF != 0).then(|| Score::from(self.value))
    }
}

/// An explicit tree flattened into an arena, playable as a [`Game`].
///
/// Moves are child node indices; a move's label is the child's name, or its 1-based position
/// among its siblings when it has none.
#[derive(Clone, Debug)]
pub struct ExplicitTree {
    slots: std::sync::Arc<[Slot]>,
    names: std::sync::Arc<[String]>,
    current: u32,
    root_player: Player,
}

impl ExplicitTree {
    /// Builds the arena (children stored contiguously, breadth-first) from a parsed tree.
    pub fn new(spec: &TreeSpec, root_player: Player) -> Self {
        let mut names: Vec<String> = Vec::new();
        let mut name_of = |n: &Option<String>| match n {
            Some(n) => {
                names.push(n.clone());
                names.len() as u32 - 1
            }
            None => NO_NAME,
        };
        let flags = |player: Player| if player == Player::Min { MIN_MOVES } else { 0 };
        let root = spec.root.player.unwrap_or(root_player);
        let mut slots = vec![Slot {
            value: 0,
            name: name_of(&spec.root.name),
            parent: u32::MAX,
            first_child: 0,
            child_count: 0,
            flags: flags(root),
        }];
        let mut queue = std::collections::VecDeque::from([(0u32, &spec.root)]);
        while let Some((idx, node)) = queue.pop_front() {
            match &node.kind {
                TreeSpecKind::Leaf(v) => {
                    let slot = &mut slots[idx as usize];
                    slot.value = v.raw();
                    slot.flags |= LEAF;
                }
                TreeSpecKind::Interior(children) => {
                    let first = slots.len() as u32;
                    slots[idx as usize].first_child = first;
                    slots[idx as usize].child_count = children.len() as u32;
                    let parent_player = slots[idx as usize].player();
                    for (k, c) in children.iter().enumerate() {
                        slots.push(Slot {
                            value: 0,
                            name: name_of(&c.name),
                            parent: idx,
                            first_child: 0,
                            child_count: 0,
                            flags: flags(c.player.unwrap_or(parent_player.other())),
                        });
                        queue.push_back((first + k as u32, c));
                    }
                }
            }
        }
        ExplicitTree { slots: slots.into(), names: names.into(), current: 0, root_player: root }
    }

    fn name_of(&self, slot: &Slot) -> Option<&str> {
        (slot.name != NO_NAME).then(|| self.names[slot.name as usize].as_str())
    }

    /// Number of nodes in the whole tree.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always false: a tree has a root.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Number of leaves in the whole tree.
    pub fn leaf_count(&self) -> usize {
        self.slots.iter().filter(|s| s.flags & LEAF != 0).count()
    }

    /// The player at the root.
    pub fn root_player(&self) -> Player {
        self.root_player
    }
}

impl Game for ExplicitTree {
    type Move = u32;

    fn to_move(&self) -> Player {
        self.slots[self.current as usize].player()
    }

    fn moves(&self) -> Vec<u32> {
        let s = &self.slots[self.current as usize];
        (s.first_child..s.first_child + s.child_count).collect()
    }

    fn play(&mut self, mv: u32) {
        self.current = mv;
    }

    fn undo(&mut self, mv: u32) {
        self.current = self.slots[mv as usize].parent;
    }

    fn terminal_value(&self) -> Option<Score> {
        self.slots[self.current as usize].value()
    }

    fn evaluate(&self) -> Score {
        // Interior nodes of an explicit tree have no static value; the CLI never sets a depth
        // limit for trees, so this is only reached at leaves.
        self.slots[self.current as usize].value().unwrap_or_default()
    }

    fn label_key(&self, mv: u32) -> Option<u32> {
        Some(mv)
    }

    fn position_key(&self) -> Option<u64> {
        Some(self.current as u64)
    }

    fn write_move_label(&self, mv: u32, out: &mut String) {
        let slot = &self.slots[mv as usize];
        match self.name_of(slot) {
            Some(n) => out.push_str(n),
            None => {
                let first = self.slots[slot.parent as usize].first_child;
                out.push_str(&(mv - first + 1).to_string());
            }
        }
    }

    fn position_text(&self) -> String {
        let s = &self.slots[self.current as usize];
        match (self.name_of(s), s.value()) {
            (Some(n), Some(v)) => format!("{n} = {v}"),
            (Some(n), None) => n.to_string(),
            (None, Some(v)) => v.to_string(),
            (None, None) => format!("interior node, {} children", s.child_count),
        }
    }

    fn leaves_are_game_ends(&self) -> bool {
        false
    }

    fn node_name(&self) -> Option<&str> {
        self.name_of(&self.slots[self.current as usize])
    }
}
