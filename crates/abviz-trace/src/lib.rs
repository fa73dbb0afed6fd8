//! The trace of a search and how it is made: the [`Observer`] hooks, the [`Recorder`], the
//! [`Trace`] model with its queries, the events with their data, the [`Timeline`] that answers
//! "what is the state at step k", the summaries derived from the events, the JSON form and the
//! narration of every event.
//!
//! This module knows nothing of the search algorithms: a trace carries its algorithm's
//! descriptor ([`AlgorithmInfo`]) as data.

mod algorithm;
pub mod columns;
pub mod event;
mod graph;
pub mod json;
mod labels;
mod model;
mod names;
pub mod narration;
mod node;
mod observer;
pub mod pseudocode;
mod recorder;
pub mod stops;
pub mod summary;
pub mod timeline;

pub use algorithm::{AlgorithmInfo, CodeLine, Features, LineRole, Perspective};
pub use event::{
    BadEvent, CodeField, Coded, Effect, Event, EventKind, EventLog, Events, FieldInfo, Here, Implied,
    MARK_EVERY, ORDER_REASONS, OrderReason, PassKind, Short, Wire, compact_codes,
};
pub use model::*;
pub use observer::{Both, Counter, NoOp, Observer, Stop};
pub use recorder::{BYTES_PER_NODE, EVENTS_PER_NODE, Recorder};
pub use stops::Grain;
pub use summary::{MctsStats, OrderNote, Pass, Steps, Summary, Visit};
pub use timeline::{Counts, Frame, Seen, Snapshot, Timeline};

impl Trace {
    /// The root node's id (always 0).
    pub const ROOT: NodeId = 0;

    /// A trace holding only a result and counts (from a counting search, `--stats-only`).
    pub fn stats_only(
        algorithm: AlgorithmInfo,
        input: InputInfo,
        result: SearchResult,
        stats: Stats,
    ) -> Trace {
        Trace { algorithm, input, result, stats, ..Default::default() }
    }

    /// The roots: one per pass (node 0 for a single search).
    pub fn roots(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes.iter().enumerate().filter(|(_, n)| n.parent == NONE).map(|(i, _)| i as NodeId)
    }

    /// The root the result belongs to: the last pass's root (node 0 for a single search).
    pub fn result_root(&self) -> NodeId {
        self.passes().iter().rev().find(|p| p.root != NONE).map_or(Self::ROOT, |p| p.root)
    }

    /// Forgets the child lists and everything derived from the events (call it after changing
    /// `nodes` or `events` by hand; they are rebuilt on the next query).
    pub fn build_children(&mut self) {
        self.forget_derived();
    }

    /// The child lists (CSR form), built on first use: a counting sort by parent; siblings are
    /// put in move order (recorded traces already list them so, except MCTS, which creates
    /// children in the order it expands them).
    fn child_index(&self) -> &ChildIndex {
        self.children.get_or_init(|| {
            let n = self.nodes.len();
            let mut start = vec![0u32; n + 1];
            for node in &self.nodes {
                if node.parent != NONE && (node.parent as usize) < n {
                    start[node.parent as usize + 1] += 1;
                }
            }
            for i in 0..n {
                start[i + 1] += start[i];
            }
            let mut fill = start.clone();
            let mut ids = vec![0u32; start[n] as usize];
            for (id, node) in self.nodes.iter().enumerate() {
                if node.parent != NONE && (node.parent as usize) < n {
                    let slot = &mut fill[node.parent as usize];
                    ids[*slot as usize] = id as NodeId;
                    *slot += 1;
                }
            }
            for p in 0..n {
                let siblings = &mut ids[start[p] as usize..start[p + 1] as usize];
                if !siblings.is_sorted_by_key(|&c| self.nodes[c as usize].index) {
                    siblings.sort_by_key(|&c| self.nodes[c as usize].index);
                }
            }
            ChildIndex { start, ids }
        })
    }

    /// The node record.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The children of `id` (visited and pruned) in move order.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        let ix = self.child_index();
        let (a, b) = (ix.start[id as usize], ix.start[id as usize + 1]);
        &ix.ids[a as usize..b as usize]
    }

    /// The parent of `id`, if it is not the root.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        let p = self.nodes[id as usize].parent;
        (p != NONE).then_some(p)
    }

    /// The ids from the root down to `id`, both included.
    pub fn ancestry(&self, id: NodeId) -> Vec<NodeId> {
        let mut chain = vec![id];
        let mut cur = id;
        while let Some(p) = self.parent(cur) {
            chain.push(p);
            cur = p;
        }
        chain.reverse();
        chain
    }

    /// The path: child indices from the root joined by "." (root: "").
    pub fn path(&self, id: NodeId) -> String {
        let chain = self.ancestry(id);
        let parts: Vec<String> =
            chain[1..].iter().map(|&c| self.nodes[c as usize].index.to_string()).collect();
        parts.join(".")
    }

    /// The label of the move leading to `id` ("" at the root).
    pub fn move_label(&self, id: NodeId) -> &str {
        match self.nodes[id as usize].label {
            NONE => "",
            l => &self.labels[l as usize],
        }
    }

    /// The user's name of `id`, if any.
    pub fn name(&self, id: NodeId) -> Option<&str> {
        match self.names.get(id as usize).copied().unwrap_or(NONE) {
            NONE => None,
            l => Some(&self.labels[l as usize]),
        }
    }

    /// The child of `id` with the given index among its siblings.
    pub fn child_at(&self, id: NodeId, index: u32) -> Option<NodeId> {
        let kids = self.children(id);
        kids.binary_search_by_key(&index, |&c| self.nodes[c as usize].index).ok().map(|i| kids[i])
    }

    /// The recorded position notation of `id`, if positions were recorded.
    pub fn position(&self, id: NodeId) -> Option<String> {
        self.positions.as_ref().and_then(|p| p.get(id as usize)).filter(|s| !s.is_empty())
    }

    /// The principal variation as node ids (root excluded), following the search's own result.
    pub fn pv_nodes(&self) -> Vec<NodeId> {
        let mut pv = Vec::new();
        if self.nodes.is_empty() {
            return pv;
        }
        let mut cur = self.result_root();
        for &i in &self.result.pv_indices {
            match self.child_at(cur, i) {
                Some(c) if self.nodes[c as usize].visited() => {
                    pv.push(c);
                    cur = c;
                }
                _ => break,
            }
        }
        pv
    }

    /// Whether `id` lies on the principal variation (the root does).
    pub fn on_pv(&self, id: NodeId) -> bool {
        id == self.result_root() || self.pv_nodes().contains(&id)
    }
}
