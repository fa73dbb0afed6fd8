//! The trace's file form: `{"format":"abviz-trace","version":1, ...}`.
//!
//! Field names are a public interface (documented in docs/trace-format.md); ±∞ are written as
//! the strings "inf" and "-inf".

use crate::Score;
use crate::game::Player;
use crate::search::Algorithm;
use crate::trace::{
    Bound, CutKind, Cutoff, Event, EventKind, InputInfo, NONE, Node, NodeId, SearchResult, Stats, Status,
    Trace,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The `format` field's value.
pub const FORMAT: &str = "abviz-trace";
/// The `version` field's value.
pub const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Doc {
    format: String,
    version: u32,
    algorithm: Algorithm,
    input: InputInfo,
    root_player: Player,
    result: SearchResult,
    stats: Stats,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    minimax: Option<Stats>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nodes: Option<Vec<NodeDoc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    events: Option<Vec<EventDoc>>,
}

#[derive(Serialize, Deserialize)]
struct NodeDoc {
    id: NodeId,
    parent: Option<NodeId>,
    path: String,
    depth: u16,
    player: Player,
    #[serde(rename = "move")]
    mv: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    status: Status,
    pre: Option<u32>,
    post: Option<u32>,
    alpha_in: Score,
    beta_in: Score,
    alpha_out: Score,
    beta_out: Score,
    value: Option<Score>,
    bound: Bound,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value_mover: Option<Score>,
    parent_alpha: Score,
    parent_beta: Score,
    cutoff: Option<CutoffDoc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct CutoffDoc {
    kind: CutKind,
    child: u32,
    alpha: Score,
    beta: Score,
    bound_from: Option<String>,
    pruned: u32,
}

#[derive(Serialize, Deserialize)]
struct EventDoc {
    step: u32,
    kind: EventKind,
    node: NodeId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    parent: Option<NodeId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<Score>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    alpha: Option<Score>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    beta: Option<Score>,
}

/// Why a trace file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TraceFileError {
    /// Not JSON, or JSON of the wrong shape.
    #[error("not a valid abviz trace: {0}")]
    Json(#[from] serde_json::Error),
    /// A JSON document, but not ours.
    #[error("not an abviz trace: {0}")]
    Format(String),
}

impl Trace {
    fn all_paths(&self) -> Vec<String> {
        let mut paths: Vec<String> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let p = match node.parent {
                NONE => String::new(),
                parent if paths[parent as usize].is_empty() => node.index.to_string(),
                parent => format!("{}.{}", paths[parent as usize], node.index),
            };
            paths.push(p);
        }
        paths
    }

    fn to_doc(&self, stats_only: bool) -> Doc {
        let root_player = self.nodes.first().map(|n| n.player).unwrap_or_default();
        let (nodes, events) = if stats_only {
            (None, None)
        } else {
            let paths = self.all_paths();
            let negamax = self.algorithm.perspective() == crate::trace::Perspective::Mover;
            let nodes = self
                .nodes
                .iter()
                .enumerate()
                .map(|(id, n)| {
                    let id = id as NodeId;
                    let visited = n.visited();
                    NodeDoc {
                        id,
                        parent: self.parent(id),
                        path: paths[id as usize].clone(),
                        depth: n.depth,
                        player: n.player,
                        mv: (n.label != NONE).then(|| self.move_label(id).to_string()),
                        name: self.name(id).map(str::to_string),
                        status: n.status,
                        pre: visited.then_some(n.pre),
                        post: visited.then_some(n.post),
                        alpha_in: n.alpha_in,
                        beta_in: n.beta_in,
                        alpha_out: n.alpha_out,
                        beta_out: n.beta_out,
                        value: (visited || n.pruned_leaf).then_some(n.value),
                        bound: n.bound,
                        value_mover: (visited && negamax).then(|| n.player.to_max_view(n.value)),
                        parent_alpha: n.parent_alpha,
                        parent_beta: n.parent_beta,
                        cutoff: self.cutoff(id).map(|c| CutoffDoc {
                            kind: c.kind,
                            child: c.child,
                            alpha: c.alpha,
                            beta: c.beta,
                            bound_from: (c.bound_from != NONE).then(|| paths[c.bound_from as usize].clone()),
                            pruned: c.pruned,
                        }),
                        position: self.position(id).map(str::to_string),
                    }
                })
                .collect();
            let events = self
                .events
                .iter()
                .enumerate()
                .map(|(step, e)| {
                    let n = &self.nodes[e.node as usize];
                    let (parent, value, alpha, beta) = match e.kind {
                        EventKind::Enter => (None, None, Some(n.alpha_in), Some(n.beta_in)),
                        EventKind::Eval | EventKind::Exit => (None, Some(n.value), None, None),
                        EventKind::Update => {
                            (self.parent(e.node), Some(n.value), Some(n.parent_alpha), Some(n.parent_beta))
                        }
                        EventKind::Cutoff => {
                            let c = self.cutoff(e.node);
                            (None, None, c.map(|c| c.alpha), c.map(|c| c.beta))
                        }
                    };
                    EventDoc { step: step as u32 + 1, kind: e.kind, node: e.node, parent, value, alpha, beta }
                })
                .collect();
            (Some(nodes), Some(events))
        };
        Doc {
            format: FORMAT.into(),
            version: VERSION,
            algorithm: self.algorithm,
            input: self.input.clone(),
            root_player,
            result: self.result.clone(),
            stats: self.stats.clone(),
            minimax: self.minimax.clone(),
            nodes,
            events,
        }
    }

    /// The JSON document (pretty-printed, deterministic). `stats_only` leaves out nodes and events.
    pub fn to_json(&self, stats_only: bool) -> String {
        let mut s = serde_json::to_string_pretty(&self.to_doc(stats_only)).expect("trace serializes");
        s.push('\n');
        s
    }

    /// Reads a trace written by [`Trace::to_json`], checking its format, version and structure.
    pub fn from_json(text: &str) -> Result<Trace, TraceFileError> {
        let head: serde_json::Value = serde_json::from_str(text)?;
        match head.get("format").and_then(|f| f.as_str()) {
            Some(FORMAT) => {}
            Some(other) => {
                return Err(TraceFileError::Format(format!("its format is {other:?}, expected {FORMAT:?}")));
            }
            None => return Err(TraceFileError::Format("it has no \"format\": \"abviz-trace\" field".into())),
        }
        match head.get("version") {
            Some(v) if v.as_u64() == Some(1) => {}
            Some(v) => {
                return Err(TraceFileError::Format(format!(
                    "version {v} is not supported (this abviz reads version 1)"
                )));
            }
            None => return Err(TraceFileError::Format("it has no \"version\" field".into())),
        }
        let doc: Doc = serde_json::from_value(head)?;
        let Some(nodes) = doc.nodes else {
            return Err(TraceFileError::Format(
                "it was written with --stats-only and has no nodes to show; run again without --stats-only"
                    .into(),
            ));
        };
        let mut trace = Trace {
            algorithm: doc.algorithm,
            input: doc.input,
            result: doc.result,
            stats: doc.stats,
            minimax: doc.minimax,
            ..Default::default()
        };
        let mut label_ids: HashMap<String, u32> = HashMap::new();
        let mut intern = |labels: &mut Vec<String>, s: Option<String>| -> u32 {
            match s {
                None => NONE,
                Some(s) => *label_ids.entry(s.clone()).or_insert_with(|| {
                    labels.push(s);
                    labels.len() as u32 - 1
                }),
            }
        };
        let mut by_path: HashMap<String, NodeId> = HashMap::new();
        let mut given_paths: Vec<String> = Vec::new();
        let mut pending_cutoffs = Vec::new();
        let mut positions = Vec::new();
        let mut any_position = false;
        for (i, nd) in nodes.into_iter().enumerate() {
            if nd.id as usize != i {
                return Err(TraceFileError::Format(format!(
                    "node {i} has id {}; ids must be 0, 1, 2, ... in order",
                    nd.id
                )));
            }
            by_path.insert(nd.path.clone(), nd.id);
            given_paths.push(nd.path.clone());
            let label = intern(&mut trace.labels, nd.mv);
            let name = intern(&mut trace.labels, nd.name);
            if let Some(c) = nd.cutoff {
                pending_cutoffs.push((nd.id, c));
            }
            any_position |= nd.position.is_some();
            positions.push(nd.position.unwrap_or_default());
            let index = nd.path.rsplit('.').next().and_then(|s| s.parse().ok()).unwrap_or(0);
            trace.nodes.push(Node {
                parent: nd.parent.unwrap_or(NONE),
                index,
                depth: nd.depth,
                player: nd.player,
                status: nd.status,
                bound: nd.bound,
                pruned_leaf: nd.status == Status::Pruned && nd.value.is_some(),
                pre: nd.pre.unwrap_or(0),
                post: nd.post.unwrap_or(0),
                alpha_in: nd.alpha_in,
                beta_in: nd.beta_in,
                alpha_out: nd.alpha_out,
                beta_out: nd.beta_out,
                value: nd.value.unwrap_or_default(),
                parent_alpha: nd.parent_alpha,
                parent_beta: nd.parent_beta,
                label,
                name,
            });
        }
        for (node, c) in pending_cutoffs {
            let bound_from = match c.bound_from {
                None => NONE,
                Some(p) => *by_path.get(&p).ok_or_else(|| {
                    TraceFileError::Format(format!(
                        "node {node}'s cutoff names bound_from {p:?}, a path not in the trace"
                    ))
                })?,
            };
            trace.cutoffs.push(Cutoff {
                node,
                kind: c.kind,
                child: c.child,
                alpha: c.alpha,
                beta: c.beta,
                bound_from,
                pruned: c.pruned,
            });
        }
        trace.cutoffs.sort_by_key(|c| c.node);
        let n = trace.nodes.len();
        for e in doc.events.unwrap_or_default() {
            if e.node as usize >= n {
                return Err(TraceFileError::Format(format!(
                    "event {} names node {}, which does not exist",
                    e.step, e.node
                )));
            }
            trace.events.push(Event { kind: e.kind, node: e.node });
        }
        if any_position {
            trace.positions = Some(positions);
        }
        trace.validate_structure().map_err(TraceFileError::Format)?;
        trace.build_children();
        // Each node's path must be its parent's path and its own index, and the siblings of a
        // node must be numbered 0, 1, 2, ... (the views index children by these numbers).
        let paths = trace.all_paths();
        for (id, (path, given)) in paths.iter().zip(&given_paths).enumerate() {
            if path != given {
                return Err(TraceFileError::Format(format!(
                    "node {id} has path {given:?}, but its parent and position make it {path:?}"
                )));
            }
        }
        for id in 0..trace.nodes.len() as NodeId {
            for (k, &c) in trace.children(id).iter().enumerate() {
                if trace.nodes[c as usize].index as usize != k {
                    return Err(TraceFileError::Format(format!(
                        "the children of node {id} are not numbered 0, 1, 2, ...: path {:?} is child {k}",
                        paths[c as usize]
                    )));
                }
            }
        }
        Ok(trace)
    }
}
