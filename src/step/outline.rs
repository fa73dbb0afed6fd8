//! The rows of the tree panel: the part of the tree revealed by some step, laid out as an indented
//! outline, fully or only around the highlighted path.
//!
//! Every child of a path node is listed; a node off the path is opened only if it lies at most
//! `expand` levels below its nearest path ancestor, otherwise it is one row that says how many
//! nodes it hides. So a 550,000-node search shows a few dozen rows around the current node, and
//! `+`/`−` open or close the neighbourhood.

use crate::trace::{NONE, NodeId, Seen, Timeline};

/// Stop opening nodes off the path past this many rows (the path itself is always laid out).
pub(crate) const ROW_CAP: usize = 5_000;

/// One row of the outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    /// The node.
    pub node: NodeId,
    /// Where it stands at the step.
    pub seen: Seen,
    /// The tree lines to its left ("│   ├── ").
    pub prefix: String,
    /// Whether it is on the highlighted path.
    pub on_path: bool,
    /// Revealed nodes below it that are not shown (it is closed), 0 if open or childless.
    pub hidden: u32,
}

/// The outline after `step`: `path` runs from the root down (the focus last).
pub(crate) struct Outline<'a, 'r, 't> {
    replay: &'r Timeline<'t>,
    step: usize,
    path: &'a [NodeId],
    expand: u32,
    rows: Vec<Row>,
}

/// The rows, and the index of `focus`'s row (0 if it is not shown).
pub(crate) fn rows(
    replay: &Timeline,
    step: usize,
    path: &[NodeId],
    expand: u32,
    focus: NodeId,
) -> (Vec<Row>, usize) {
    let mut o = Outline { replay, step, path, expand, rows: Vec::new() };
    if replay.trace().nodes().is_empty() {
        return (Vec::new(), 0);
    }
    o.walk();
    let focus = o.rows.iter().position(|r| r.node == focus).unwrap_or(0);
    (o.rows, focus)
}

impl Outline<'_, '_, '_> {
    fn revealed(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let step = self.step;
        self.replay
            .trace()
            .children(id)
            .iter()
            .copied()
            .filter(move |&c| self.replay.seen(c, step) != Seen::Hidden)
    }

    /// Lays the rows out depth first (with an explicit stack: loaded traces may be deep).
    fn walk(&mut self) {
        let trace = self.replay.trace();
        // (node, is it the last child (None: the root), depth of its nearest path ancestor, the
        // tree lines to its left)
        // The tree of the pass being replayed: the root above the path (or the first root).
        let root = self.path.first().copied().filter(|&r| r != NONE).unwrap_or(0);
        let mut todo: Vec<(NodeId, Option<bool>, u16, String)> = vec![(root, None, 0, String::new())];
        while let Some((id, last, anchor, prefix)) = todo.pop() {
            let node = trace.node(id);
            let on_path = self.path.get(node.depth as usize) == Some(&id);
            let anchor = if on_path { node.depth } else { anchor };
            let branch = match (last, node.visited()) {
                (None, _) => "",
                (Some(false), true) => "├── ",
                (Some(true), true) => "└── ",
                (Some(false), false) => "├╌╌ ",
                (Some(true), false) => "└╌╌ ",
            };
            let open = on_path
                || (u32::from(node.depth.saturating_sub(anchor)) <= self.expand && self.rows.len() < ROW_CAP);
            let children: Vec<NodeId> = self.revealed(id).collect();
            let hidden = if open || children.is_empty() { 0 } else { self.replay.subtree_size(id) - 1 };
            let seen = self.replay.seen(id, self.step);
            self.rows.push(Row { node: id, seen, prefix: format!("{prefix}{branch}"), on_path, hidden });
            if !open {
                continue;
            }
            let below = match last {
                None => prefix,
                Some(true) => prefix + "    ",
                Some(false) => prefix + "│   ",
            };
            let n = children.len();
            for (i, c) in children.into_iter().enumerate().rev() {
                todo.push((c, Some(i + 1 == n), anchor, below.clone()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{Input, RunOptions};
    use crate::search::Algorithm;

    #[test]
    fn the_neighbourhood_of_the_path() {
        let input = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None).unwrap();
        let trace = input.trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
        let replay = Timeline::new(&trace);
        let cut = replay.next_cutoff(0).unwrap();
        let path = trace.ancestry(replay.focus(cut));
        let (all, focus) = rows(&replay, cut, &path, u32::MAX, replay.focus(cut));
        // A, B and its three leaves, C with its leaf and two pruned children; D not yet.
        assert_eq!(all.len(), 9);
        assert_eq!(trace.name(all[focus].node), Some("C"));
        assert_eq!(all.iter().filter(|r| r.seen == Seen::Pruned).count(), 2);
        assert_eq!(all[8].prefix, "    └╌╌ ");
        // Closed around the path: B is one row hiding its 3 leaves.
        let (near, focus) = rows(&replay, cut, &path, 0, replay.focus(cut));
        assert_eq!(near.len(), 6);
        assert_eq!(trace.name(near[1].node), Some("B"));
        assert_eq!(near[1].hidden, 3);
        assert_eq!(trace.name(near[focus].node), Some("C"));
        // At the first step only the root is there.
        let (start, _) = rows(&replay, 0, &[0], u32::MAX, 0);
        assert_eq!(start.len(), 1);
    }
}
