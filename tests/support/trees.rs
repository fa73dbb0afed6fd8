//! Random trees for the property tests: uneven shapes, ties, ±∞ leaves, MIN roots and nodes
//! that say who moves there (so a player may move twice in a row).

#![allow(dead_code)]

use abviz::Score;
use abviz::game::Player;
use abviz::game::tree::{TreeSpec, TreeSpecKind, TreeSpecNode};
use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::Trace;
use proptest::prelude::*;

/// A leaf: mostly −4..=4 (many ties), now and then ±∞.
pub fn leaf() -> impl Strategy<Value = TreeSpecNode> {
    prop_oneof![
        8 => (-4i32..=4).prop_map(TreeSpecNode::leaf),
        1 => Just(TreeSpecNode::leaf_of(Score::INF)),
        1 => Just(TreeSpecNode::leaf_of(Score::NEG_INF)),
    ]
}

/// Uneven trees up to 6 levels and 5 children a node, the players alternating.
pub fn tree() -> impl Strategy<Value = TreeSpecNode> {
    leaf()
        .prop_recursive(6, 80, 5, |inner| prop::collection::vec(inner, 1..5).prop_map(TreeSpecNode::interior))
}

/// A random mover, or none (then the players alternate) `none` times in `none + 2`.
fn mover(none: u32) -> impl Strategy<Value = Option<Player>> {
    prop_oneof![none => Just(None), 1 => Just(Some(Player::Max)), 1 => Just(Some(Player::Min))]
}

/// Trees where any node may say who moves there (it does `2 / (none + 2)` of the time).
pub fn with_movers(none: u32) -> impl Strategy<Value = TreeSpecNode> {
    (leaf(), mover(none))
        .prop_map(|(mut l, p)| {
            l.player = p;
            l
        })
        .prop_recursive(6, 80, 5, move |inner| {
            (prop::collection::vec(inner, 1..5), mover(none)).prop_map(|(children, p)| {
                let mut n = TreeSpecNode::interior(children);
                n.player = p;
                n
            })
        })
}

/// The tree as a search input, with a MIN or MAX root.
pub fn input(root: TreeSpecNode, min_root: bool) -> Input {
    let player = if min_root { Player::Min } else { Player::Max };
    Input::Tree { spec: TreeSpec { root_player: Some(player), bounds: None, root }, root: player }
}

/// The trace of `algo` on `input`, without the minimax reference count.
pub fn record(input: &Input, algo: Algorithm) -> Trace {
    input.trace(algo, &RunOptions { minimax_reference: false, ..RunOptions::default() }).unwrap()
}

/// The tree with a static value on every interior node, taken in pre-order from `values`
/// (cycling through them).
pub fn with_static_values(root: TreeSpecNode, values: &[i32]) -> TreeSpecNode {
    fn walk(mut n: TreeSpecNode, values: &[i32], next: &mut usize) -> TreeSpecNode {
        if let TreeSpecKind::Interior(children) = n.kind {
            n.static_value = Some(Score::from(values[*next % values.len()]));
            *next += 1;
            n.kind = TreeSpecKind::Interior(children.into_iter().map(|c| walk(c, values, next)).collect());
        }
        n
    }
    walk(root, values, &mut 0)
}

/// The tree cut at `depth` (root = 0): every interior node there becomes a leaf holding its
/// static value — what a search to `depth` plies sees.
pub fn truncated(n: &TreeSpecNode, depth: u32) -> TreeSpecNode {
    let mut out = n.clone();
    match (&n.kind, depth) {
        (TreeSpecKind::Leaf(_), _) => {}
        (TreeSpecKind::Interior(_), 0) => {
            out.kind = TreeSpecKind::Leaf(n.static_value.expect("a static value at the cut"));
            out.static_value = None;
        }
        (TreeSpecKind::Interior(children), d) => {
            out.kind = TreeSpecKind::Interior(children.iter().map(|c| truncated(c, d - 1)).collect());
        }
    }
    out
}
