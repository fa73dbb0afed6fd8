//! The trace as a petgraph graph: the search tree's edges plus the transposition links that make
//! it a DAG. Structure checks for loaded traces, subtree sizes and a topological order.

use crate::{NONE, NodeId, Trace};
use petgraph::algo::{is_cyclic_directed, toposort};
use petgraph::graph::{DiGraph, NodeIndex};

/// The kind of an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    /// Parent to child: the search went down this edge.
    Searched,
    /// Parent to child: the child was generated but pruned.
    Pruned,
    /// A transposition: from the node whose result was stored to the node that used it.
    Transposition,
}

impl Trace {
    /// The trace as a directed graph (node weights are trace ids; graph index = trace id): tree
    /// edges from parents to children, and transposition links from the node whose result the
    /// table stored to each node that used it.
    pub fn graph(&self) -> DiGraph<NodeId, EdgeKind> {
        let links = if self.events.is_empty() { &[][..] } else { self.links() };
        self.graph_with(links)
    }

    /// The graph with these transposition links (user, stored).
    fn graph_with(&self, links: &[(NodeId, NodeId)]) -> DiGraph<NodeId, EdgeKind> {
        let mut g = DiGraph::with_capacity(self.nodes.len(), self.nodes.len() + links.len());
        for id in 0..self.nodes.len() {
            g.add_node(id as NodeId);
        }
        for (id, node) in self.nodes.iter().enumerate() {
            if node.parent != NONE && (node.parent as usize) < self.nodes.len() {
                let kind = if node.visited() { EdgeKind::Searched } else { EdgeKind::Pruned };
                g.add_edge(NodeIndex::new(node.parent as usize), NodeIndex::new(id), kind);
            }
        }
        for &(user, stored) in links {
            g.add_edge(
                NodeIndex::new(stored as usize),
                NodeIndex::new(user as usize),
                EdgeKind::Transposition,
            );
        }
        g
    }

    /// Checks that the nodes form trees, one per pass, rooted at the nodes without a parent
    /// (node 0 first), and that the transposition links keep the whole a DAG (for traces loaded
    /// from files).
    pub fn validate_structure(&self) -> Result<(), String> {
        if self.nodes.is_empty() {
            return Err("the trace has no nodes".into());
        }
        if self.nodes[0].parent != NONE {
            return Err("node 0 must be a root (its parent must be null)".into());
        }
        for (id, node) in self.nodes.iter().enumerate() {
            if node.parent == NONE && node.pruned {
                return Err(format!(
                    "the root is marked pruned (node {id}), but every search enters its root"
                ));
            }
            if node.parent != NONE && node.parent as usize >= self.nodes.len() {
                return Err(format!("node {id} names parent {}, which does not exist", node.parent));
            }
            if node.parent != NONE && node.parent as usize >= id {
                return Err(format!(
                    "node {id} names parent {}, which comes after it (a parent is recorded before its children)",
                    node.parent
                ));
            }
        }
        // Every parent comes before its children, so the parent links alone form trees: each
        // node reaches a root and none is its own ancestor. Only transposition links can close
        // a cycle: [`Trace::validate_links`] checks them once the events are there.
        self.validate_links()
    }

    /// Checks that the transposition links (from the events' TT hits) keep the whole a DAG: no
    /// node's value comes, through stored results and subtrees, from itself. Without TT hits
    /// there is nothing to check and nothing is built; with them the graph costs about 30 bytes
    /// a node, as much as the trace itself.
    pub fn validate_links(&self) -> Result<(), String> {
        let n = self.nodes.len();
        let links: Vec<(NodeId, NodeId)> = self
            .events
            .iter(&self.nodes)
            .filter_map(|e| match e {
                crate::Event::TtHit { node, from: Some(from), .. }
                    if (node as usize) < n && (from as usize) < n =>
                {
                    Some((node, from))
                }
                _ => None,
            })
            .collect();
        if links.is_empty() {
            return Ok(());
        }
        if let Some(&(node, _)) = links.iter().find(|(node, from)| node == from) {
            return Err(format!("node {node}'s transposition link names itself"));
        }
        if is_cyclic_directed(&self.graph_with(&links)) {
            return Err("the parent and transposition links form a cycle".into());
        }
        Ok(())
    }

    /// The number of nodes (recorded ones, pruned included) in each node's subtree.
    pub fn subtree_sizes(&self) -> Vec<u32> {
        let mut sizes = vec![1u32; self.nodes.len()];
        // Children come after their parents, so one backward sweep adds every subtree up.
        for id in (0..self.nodes.len()).rev() {
            let p = self.nodes[id].parent;
            if p != NONE && (p as usize) < id {
                sizes[p as usize] += sizes[id];
            }
        }
        sizes
    }

    /// The nodes in a topological order of the DAG (parents before children, a stored result
    /// before the nodes that used it), or `None` if there is a cycle.
    pub fn topological_order(&self) -> Option<Vec<NodeId>> {
        let g = self.graph();
        toposort(&g, None).ok().map(|order| order.into_iter().map(|ix| g[ix]).collect())
    }
}
