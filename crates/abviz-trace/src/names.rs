//! What a student calls a node ([`Trace::display_name`]): its name, "root", "C2" below a named
//! node, "node 2.1" in an unnamed tree, "b2 a1" in a game. A name is built from the moves below
//! the deepest named ancestor, so in a deep tree it would grow with the depth and every line that
//! names a node (narration, tooltips, the stepper) would make the output quadratic: a long chain
//! of moves keeps its first and last few with "…" between and the depth after it
//! (`node 1.1.1.1…2.1.1.1 (depth 10000)`). The whole way down is the node's path in the trace
//! file ([`Trace::path`]).

use super::{NONE, NodeId, Trace};
use crate::columns::SmallColumn;
use crate::model::Slot;

/// Moves kept at the start of a long name.
const HEAD: u32 = 4;
/// Moves kept at its end.
const TAIL: u32 = 4;
/// Names of up to this many moves below their start are written whole.
const WHOLE: u32 = 12;

/// Per node, where its name starts and how deep it is, built on the first name asked for.
#[derive(Clone, Debug, Default)]
pub(crate) struct NameIndex {
    /// The nearest node at or above it that starts a name: a named node or a root.
    anchor: Vec<NodeId>,
    /// Its `HEAD`-th node below the anchor on the way down to it ([`NONE`] when it is not that deep).
    head: Vec<NodeId>,
    /// Its distance from its root.
    depth: SmallColumn,
}

impl NameIndex {
    fn build(t: &Trace) -> NameIndex {
        let n = t.nodes.len();
        let mut ix =
            NameIndex { anchor: vec![NONE; n], head: vec![NONE; n], depth: SmallColumn::with_capacity(n) };
        for (id, node) in t.nodes.iter().enumerate() {
            let p = node.parent as usize;
            // Parents come first (checked when a trace is read); a node breaking that starts over.
            if node.parent == NONE || p >= id || t.name(id as NodeId).is_some() {
                ix.anchor[id] = id as NodeId;
                ix.depth.push(if node.parent == NONE || p >= id { 0 } else { ix.depth.get(p) + 1 });
                continue;
            }
            ix.anchor[id] = ix.anchor[p];
            let depth = ix.depth.get(p) + 1;
            ix.depth.push(depth);
            let below = depth - ix.depth.get(ix.anchor[id] as usize);
            ix.head[id] = if below == HEAD { id as NodeId } else { ix.head[p] };
        }
        ix
    }

    /// Moves from the anchor down to `id`.
    fn below(&self, id: NodeId) -> u32 {
        self.depth.get(id as usize) - self.depth.get(self.anchor[id as usize] as usize)
    }
}

/// The part of a move label that names the move: a trailing number in brackets (Jiu chess's
/// process score, `b4xb6 (+100)`) annotates the edge, and names leave it out (`b4xb6 d5xb5`).
pub(crate) fn move_name(label: &str) -> &str {
    if let Some(inner) = label.strip_suffix(')')
        && let Some(open) = inner.rfind(" (")
    {
        let number = &inner[open + 2..];
        let digits = number.strip_prefix(['+', '-', '−']).unwrap_or(number);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return &label[..open];
        }
    }
    label
}

/// Adds one part of a name: the move leading to `n` at `pos` moves below the anchor.
fn push_move(t: &Trace, name: &mut String, n: NodeId, pos: u32, anchor_named: bool) {
    let label = move_name(t.move_label(n));
    let numeric = !label.is_empty() && label.bytes().all(|b| b.is_ascii_digit());
    match pos {
        // "node 2.1", so that a child number never reads like a value.
        1 if !anchor_named => {
            name.clear();
            if numeric {
                name.push_str("node ");
            }
            name.push_str(label);
        }
        _ if !numeric => {
            name.push(' ');
            name.push_str(label);
        }
        _ if name.ends_with(|c: char| c.is_ascii_digit()) => {
            name.push('.');
            name.push_str(label);
        }
        _ => name.push_str(label),
    }
}

/// `count` nodes going up from `from` (included), top first.
fn upward(t: &Trace, from: NodeId, count: u32) -> Vec<NodeId> {
    let mut chain = Vec::with_capacity(count as usize);
    let mut cur = from;
    for _ in 0..count {
        chain.push(cur);
        cur = t.nodes[cur as usize].parent;
    }
    chain.reverse();
    chain
}

impl Trace {
    fn name_index(&self) -> &NameIndex {
        self.derived_in(Slot::Names, NameIndex::build)
    }

    /// How a student would call the node: its name; "root"; below a named node, the name
    /// followed by the child number (`C2`, as textbooks do); in an unnamed tree, "node" and the
    /// child numbers joined by "." (`node 2.1`); in a game, the moves that lead to it (`b2 a1`).
    /// More than 12 moves below the name's start keep the first and last 4 with "…" between and
    /// the depth after (`node 1.1.1.1…2.1.1.1 (depth 30)`), so a name's length is bounded.
    pub fn display_name(&self, id: NodeId) -> String {
        let ix = self.name_index();
        let below = ix.below(id);
        if below <= WHOLE {
            return self.name_along(&upward(self, id, below + 1));
        }
        let head = ix.head[id as usize];
        let mut chain = upward(self, head, HEAD + 1);
        chain.push(NONE);
        chain.extend(upward(self, id, TAIL));
        let mut name = self.name_along(&chain);
        name.push_str(&format!(" (depth {})", ix.depth.get(id as usize)));
        name
    }

    /// The name along `chain`: its first node starts the name (named or a root), then each
    /// node's move; a [`NONE`] stands for the moves left out ("…").
    fn name_along(&self, chain: &[NodeId]) -> String {
        let anchor = chain[0];
        let named = self.name(anchor);
        let mut name = named.map_or_else(|| "root".to_string(), str::to_string);
        let mut pos = 0;
        for &n in &chain[1..] {
            if n == NONE {
                name.push_str(if name.ends_with(|c: char| c.is_ascii_digit()) { "…" } else { " …" });
                pos = WHOLE;
                continue;
            }
            pos += 1;
            push_move(self, &mut name, n, pos, named.is_some());
        }
        name
    }
}

#[cfg(test)]
mod tests {
    use super::move_name;

    #[test]
    fn a_bracketed_number_after_a_move_is_left_out_of_names() {
        assert_eq!(move_name("b4xb6 (+100)"), "b4xb6");
        assert_eq!(move_name("c2-c3 (+0)"), "c2-c3");
        assert_eq!(move_name("c2-c3 (-30)"), "c2-c3");
        for kept in ["b4xb6", "a (b)", "(+1)", "x (+)", "x (+1) y", "x(+1)", ""] {
            assert_eq!(move_name(kept), kept);
        }
    }
}
