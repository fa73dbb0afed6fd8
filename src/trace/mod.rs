//! The trace of a search and how it is made: the [`Observer`] hooks, the [`Recorder`], the
//! [`Trace`] model with its queries, its JSON form and the narration of its events.

mod graph;
pub mod json;
mod model;
pub mod narration;
mod observer;
pub mod pseudocode;
mod recorder;

pub use model::*;
pub use observer::{Counter, NoOp, Observer, Stop};
pub use recorder::{Perspective, Recorder};

impl Trace {
    /// The root node's id (always 0).
    pub const ROOT: NodeId = 0;

    /// A trace holding only a result value and counts (from a counting search, `--stats-only`).
    pub fn stats_only(
        algorithm: crate::search::Algorithm,
        input: InputInfo,
        value: crate::Score,
        stats: Stats,
    ) -> Trace {
        Trace {
            algorithm,
            input,
            result: SearchResult { value, ..Default::default() },
            stats,
            ..Default::default()
        }
    }

    /// Rebuilds the ordered child lists from the `parent` and `index` fields.
    pub fn build_children(&mut self) {
        self.build_child_index(false);
    }

    /// Builds the child lists; `recorded` traces list siblings in move order already (the
    /// recorder creates them so), which saves a pass of random reads over big traces.
    pub(crate) fn build_child_index(&mut self, recorded: bool) {
        let n = self.nodes.len();
        let mut counts = vec![0u32; n + 1];
        for node in &self.nodes {
            if node.parent != NONE {
                counts[node.parent as usize + 1] += 1;
            }
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut ids = vec![0u32; counts[n] as usize];
        for (id, node) in self.nodes.iter().enumerate() {
            if node.parent != NONE {
                let slot = &mut fill[node.parent as usize];
                ids[*slot as usize] = id as NodeId;
                *slot += 1;
            }
        }
        // Traces read from files may list siblings in another order.
        for p in (0..n).filter(|_| !recorded) {
            let range = counts[p] as usize..counts[p + 1] as usize;
            let siblings = &mut ids[range];
            if !siblings.is_sorted_by_key(|&c| self.nodes[c as usize].index) {
                siblings.sort_by_key(|&c| self.nodes[c as usize].index);
            }
        }
        self.child_start = counts;
        self.child_ids = ids;
    }

    /// The node record.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The children of `id` (visited and pruned) in move order.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        let (a, b) = (self.child_start[id as usize], self.child_start[id as usize + 1]);
        &self.child_ids[a as usize..b as usize]
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
        match self.nodes[id as usize].name {
            NONE => None,
            l => Some(&self.labels[l as usize]),
        }
    }

    /// How a student would call the node: its name; "root"; below a named node, the name
    /// followed by the child number (`C2`, as textbooks do); in an unnamed tree, "node" and the
    /// child numbers joined by "." (`node 2.1`); in a game, the moves that lead to it (`b2 a1`).
    pub fn display_name(&self, id: NodeId) -> String {
        // Only the part below the deepest named ancestor matters; one string grows along it.
        let chain = self.ancestry(id);
        let start = chain.iter().rposition(|&n| self.name(n).is_some()).unwrap_or(0);
        let mut name = String::new();
        for (depth, &n) in chain.iter().enumerate().skip(start) {
            if let Some(own) = self.name(n) {
                own.clone_into(&mut name);
                continue;
            }
            let label = self.move_label(n);
            let numeric = !label.is_empty() && label.bytes().all(|b| b.is_ascii_digit());
            match depth {
                0 => name.push_str("root"),
                // "node 2.1", so that a child number never reads like a value.
                1 if self.name(Self::ROOT).is_none() => {
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
        name
    }

    /// The cutoff that happened at `id`, if one did.
    pub fn cutoff(&self, id: NodeId) -> Option<&Cutoff> {
        self.cutoffs.binary_search_by_key(&id, |c| c.node).ok().map(|i| &self.cutoffs[i])
    }

    /// The recorded position notation of `id`, if positions were recorded.
    pub fn position(&self, id: NodeId) -> Option<&str> {
        self.positions.as_ref().and_then(|p| p.get(id as usize)).map(String::as_str).filter(|s| !s.is_empty())
    }

    /// The principal variation as node ids (root excluded): from the root, follow the first
    /// visited child whose value equals its parent's, while the parent's value is exact.
    pub fn pv_nodes(&self) -> Vec<NodeId> {
        let mut pv = Vec::new();
        if self.nodes.is_empty() {
            return pv;
        }
        let mut cur = Self::ROOT;
        loop {
            let node = &self.nodes[cur as usize];
            if node.bound != Bound::Exact && cur != Self::ROOT {
                break;
            }
            let next = self.children(cur).iter().copied().find(|&c| {
                let child = &self.nodes[c as usize];
                child.visited() && child.value == node.value
            });
            match next {
                Some(c) => {
                    pv.push(c);
                    cur = c;
                }
                None => break,
            }
        }
        pv
    }

    /// Computes the result (root value, best move, PV) from the recorded nodes.
    pub fn derive_result(&self) -> SearchResult {
        let Some(root) = self.nodes.first() else { return SearchResult::default() };
        let pv = self.pv_nodes();
        let best = pv.first().copied();
        SearchResult {
            value: root.value,
            best_move: best.map(|b| self.move_label(b).to_string()),
            best_index: best.map(|b| self.nodes[b as usize].index),
            pv: pv.iter().map(|&n| self.move_label(n).to_string()).collect(),
        }
    }

    /// Whether `id` lies on the principal variation (the root does).
    pub fn on_pv(&self, id: NodeId) -> bool {
        id == Self::ROOT || self.pv_nodes().contains(&id)
    }
}
