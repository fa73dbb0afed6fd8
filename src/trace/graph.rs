//! The trace as a petgraph graph: structure checks for loaded traces and subtree sizes.

use crate::trace::{NONE, NodeId, Trace};
use petgraph::algo::is_cyclic_directed;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::{Dfs, DfsPostOrder};

/// The kind of a parent→child edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    /// The search went down this edge.
    Searched,
    /// The child was generated but pruned.
    Pruned,
}

impl Trace {
    /// The search tree as a directed graph (node weights are trace ids; graph index = trace id).
    /// Later algorithms with transpositions make this a DAG; the checks below already allow it.
    pub fn graph(&self) -> DiGraph<NodeId, EdgeKind> {
        let mut g = DiGraph::with_capacity(self.nodes.len(), self.nodes.len().saturating_sub(1));
        for id in 0..self.nodes.len() {
            g.add_node(id as NodeId);
        }
        for (id, node) in self.nodes.iter().enumerate() {
            if node.parent != NONE && (node.parent as usize) < self.nodes.len() {
                let kind = if node.visited() { EdgeKind::Searched } else { EdgeKind::Pruned };
                g.add_edge(NodeIndex::new(node.parent as usize), NodeIndex::new(id), kind);
            }
        }
        g
    }

    /// Checks that the nodes form one tree rooted at node 0 (for traces loaded from files).
    pub fn validate_structure(&self) -> Result<(), String> {
        if self.nodes.is_empty() {
            return Err("the trace has no nodes".into());
        }
        if self.nodes[0].parent != NONE {
            return Err("node 0 must be the root (its parent must be null)".into());
        }
        if !self.nodes[0].visited() {
            return Err("the root is marked pruned, but every search enters its root".into());
        }
        for (id, node) in self.nodes.iter().enumerate().skip(1) {
            if node.parent == NONE {
                return Err(format!("node {id} has no parent, but only node 0 may be the root"));
            }
            if node.parent as usize >= self.nodes.len() {
                return Err(format!("node {id} names parent {}, which does not exist", node.parent));
            }
        }
        let g = self.graph();
        if is_cyclic_directed(&g) {
            return Err("the parent links form a cycle".into());
        }
        let mut dfs = Dfs::new(&g, NodeIndex::new(0));
        let mut reached = 0usize;
        while dfs.next(&g).is_some() {
            reached += 1;
        }
        if reached != self.nodes.len() {
            return Err(format!("only {reached} of {} nodes can be reached from the root", self.nodes.len()));
        }
        Ok(())
    }

    /// The number of nodes (recorded ones, pruned included) in each node's subtree.
    pub fn subtree_sizes(&self) -> Vec<u32> {
        let g = self.graph();
        let mut sizes = vec![1u32; self.nodes.len()];
        if self.nodes.is_empty() {
            return sizes;
        }
        let mut post = DfsPostOrder::new(&g, NodeIndex::new(0));
        while let Some(ix) = post.next(&g) {
            let id = ix.index();
            let p = self.nodes[id].parent;
            if p != NONE {
                sizes[p as usize] += sizes[id];
            }
        }
        sizes
    }
}
