//! The trace's file form: `{"format":"abviz-trace","version":2, ...}` (docs/trace-format.md).
//!
//! Version 2 carries the algorithm's descriptor, every node (with the per-node summary derived
//! from the events, for readers that want it), the passes and transposition links, and every
//! event with its data. Reading rebuilds the trace from the nodes' structure and the events
//! alone. Version 1 files (written by abviz 0.1, one window per node and events without data)
//! still load: their events are rebuilt from the node records.
//!
//! Field names are a public interface; ±∞ are written as the strings "inf" and "-inf".

use crate::{
    AlgorithmInfo, Bound, CutKind, Event, InputInfo, NONE, NodeId, SearchResult, Stats, Status, Trace,
};
use abviz_core::Player;
use abviz_core::Score;
use serde::{Deserialize, Serialize};

mod read;
mod write;

pub use write::Layout;

/// The `format` field's value.
pub const FORMAT: &str = "abviz-trace";
/// The `version` field's value that this abviz writes.
pub const VERSION: u32 = 2;

/// The readable layout writes a node's `path` (its child indices from the root) only within
/// this depth: deeper, a path is as long as the node is deep, and a chain of n nodes would take
/// n² bytes; its `parent` and `index` give it. A cutoff names the node whose bound fired by id
/// (`bound_from_id`) and, within this depth, by path (`bound_from`).
pub const PATHS_WITHIN: u16 = 32;

/// The document as written: the header borrowed from the trace, the nodes and events
/// serialised as they are written (see [`write`]).
#[derive(Serialize)]
struct Doc<'a> {
    format: &'static str,
    version: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    layout: Option<&'static str>,
    algorithm: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    descriptor: Option<&'a AlgorithmInfo>,
    input: &'a InputInfo,
    root_player: Player,
    result: &'a SearchResult,
    stats: &'a Stats,
    #[serde(skip_serializing_if = "Option::is_none")]
    minimax: Option<&'a Stats>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<write::NodesOut<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    passes: Vec<PassDoc>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    links: Vec<LinkDoc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    events: Option<write::EventsOut<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    playouts: Vec<PlayoutDoc>,
}

#[derive(Serialize, Deserialize)]
#[serde(expecting = "a node (an object with id, parent, path, ...)")]
struct NodeDoc {
    id: NodeId,
    parent: Option<NodeId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    index: Option<u32>,
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
    visits: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    link: Option<NodeId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mcts: Option<MctsDoc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    /// Chance moves here (expectimax, *-minimax).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    chance: bool,
    /// Its probability as an outcome of its chance parent (`"1/3"`, `"0.25"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    p: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct CutoffDoc {
    kind: CutKind,
    child: u32,
    alpha: Score,
    beta: Score,
    bound_from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bound_from_id: Option<NodeId>,
    pruned: u32,
}

#[derive(Serialize, Deserialize)]
struct MctsDoc {
    visits: u32,
    total: f64,
}

#[derive(Serialize, Deserialize)]
struct PassDoc {
    pass: u32,
    kind: crate::PassKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    root: Option<NodeId>,
    alpha: Score,
    beta: Score,
    value: Score,
    bound: Bound,
}

/// A recorded MCTS playout: the (1-based) step of its simulate event and its moves.
#[derive(Serialize, Deserialize)]
struct PlayoutDoc {
    step: u32,
    moves: Vec<String>,
}

#[derive(Serialize, Deserialize)]
struct LinkDoc {
    node: NodeId,
    to: NodeId,
}

#[derive(Serialize)]
struct EventOut {
    step: u32,
    #[serde(flatten)]
    event: Event,
}

/// Why a trace file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TraceFileError {
    /// Not JSON, or JSON of the wrong shape.
    #[error("not a valid abviz trace: {0}")]
    Json(serde_json::Error),
    /// A JSON document, but not ours.
    #[error("not an abviz trace: {0}")]
    Format(String),
}

impl From<serde_json::Error> for TraceFileError {
    fn from(e: serde_json::Error) -> Self {
        // Not a `source`: the message already says it, and error reports would repeat it.
        TraceFileError::Json(e)
    }
}

fn format_err(msg: impl Into<String>) -> TraceFileError {
    TraceFileError::Format(msg.into())
}

impl Trace {
    /// The readable JSON document (pretty-printed, deterministic). `stats_only` leaves out nodes
    /// and events. [`Trace::write_json`] writes it (or the compact layout) as it is serialised.
    pub fn to_json(&self, stats_only: bool) -> String {
        let mut out = Vec::new();
        self.write_json(&mut out, Layout::Readable, stats_only).expect("writing to memory cannot fail");
        String::from_utf8(out).expect("JSON is UTF-8")
    }

    /// Reads a trace written by [`Trace::to_json`] (version 2) or by abviz 0.1 (version 1),
    /// checking its format, version and structure. A version 1 file names its algorithm only;
    /// its descriptor is a bare one (see [`abviz_search::read_trace`] for the full one).
    pub fn from_json(text: &str) -> Result<Trace, TraceFileError> {
        Trace::from_json_with(text, |_| None)
    }

    /// [`Trace::from_json`], with `describe` giving the descriptor of an algorithm a version 1
    /// file names.
    pub fn from_json_with(
        text: &str,
        describe: impl Fn(&str) -> Option<AlgorithmInfo>,
    ) -> Result<Trace, TraceFileError> {
        read::read(text.as_bytes(), describe)
    }

    /// Reads a trace file as it streams in (memory in proportion to the trace, not the text);
    /// `describe` as for [`Trace::from_json_with`].
    pub fn from_reader_with(
        reader: impl std::io::Read,
        describe: impl Fn(&str) -> Option<AlgorithmInfo>,
    ) -> Result<Trace, TraceFileError> {
        read::read(reader, describe)
    }
}

/// The siblings of every node must be numbered 0, 1, 2, ... (the views index children by these
/// numbers).
fn check_siblings(trace: &Trace) -> Result<(), TraceFileError> {
    for id in 0..trace.nodes.len() as NodeId {
        for (k, &c) in trace.children(id).iter().enumerate() {
            if trace.nodes[c as usize].index as usize != k {
                return Err(format_err(format!(
                    "the children of node {id} are not numbered 0, 1, 2, ...: node {c} is child {k} but says {}",
                    trace.nodes[c as usize].index
                )));
            }
        }
    }
    Ok(())
}

/// Every node id an event names: the node it is about, a child it names, the ancestor whose
/// bound fired, the node whose stored result was used. The reader checks each of them once,
/// here, so that no view follows an id that is not in the trace.
fn named_ids(e: &Event) -> [Option<NodeId>; 3] {
    match *e {
        Event::Update { node, child, .. }
        | Event::Select { node, child, .. }
        | Event::Expand { node, child, .. } => [Some(node), Some(child), None],
        Event::Cutoff { node, child, bound_from, .. } | Event::ChanceCut { node, child, bound_from, .. } => {
            [Some(node), Some(child), bound_from]
        }
        Event::TtHit { node, from, .. } => [Some(node), from, None],
        _ => [e.node(), e.focus(), None],
    }
}

/// Replays the events as a stack machine and refuses any that could not have happened: an id
/// that is not in the trace, a node entered below the wrong parent, an exit of a node that is
/// not executing, an update from a child of another node, a cutoff whose bound comes from a
/// node that is not executing, an MCTS step to a node that is not a child, a pass out of turn.
fn check_events(trace: &Trace) -> Result<(), TraceFileError> {
    let nodes = &trace.nodes;
    let n = nodes.len() as NodeId;
    let mut stack: Vec<NodeId> = Vec::new();
    let mut executing = vec![false; nodes.len()];
    // Passes are numbered 0, 1, 2, ... and do not nest.
    let (mut passes, mut open_pass) = (0u32, None);
    let bad = |k: usize, what: String| format_err(format!("event {}: {what}", k + 1));
    for (k, e) in trace.events.iter(nodes).enumerate() {
        if let Some(id) = named_ids(&e).into_iter().flatten().find(|&id| id >= n) {
            return Err(bad(k, format!("names node {id}, which does not exist")));
        }
        let top = stack.last().copied().unwrap_or(NONE);
        match e {
            Event::Enter { node, .. } | Event::Research { node, .. } => {
                if nodes[node as usize].parent != top {
                    return Err(bad(
                        k,
                        format!("enters node {node}, which is not a child of the node executing"),
                    ));
                }
                stack.push(node);
                executing[node as usize] = true;
            }
            Event::Exit { node, .. } => {
                if node != top {
                    return Err(bad(k, format!("node {node} returns, but it is not the node executing")));
                }
                stack.pop();
                executing[node as usize] = false;
            }
            Event::PassStart { pass, .. } => {
                if open_pass.is_some() || pass != passes {
                    return Err(bad(k, format!("starts pass {pass}, but the next pass is {passes}")));
                }
                open_pass = Some(pass);
                passes += 1;
            }
            Event::PassEnd { pass, .. } => {
                if open_pass != Some(pass) {
                    return Err(bad(k, format!("ends pass {pass}, which is not the pass under way")));
                }
                open_pass = None;
            }
            Event::Cutoff { bound_from: Some(from), .. }
            | Event::ChanceCut { bound_from: Some(from), .. }
                if !executing[from as usize] =>
            {
                return Err(bad(
                    k,
                    format!("the cutoff's bound comes from node {from}, which is not executing"),
                ));
            }
            Event::Select { node, child, .. } | Event::Expand { node, child, .. }
                if nodes[child as usize].parent != node =>
            {
                return Err(bad(k, format!("node {node} steps to node {child}, which is not its child")));
            }
            Event::Update { node, child, .. }
            | Event::Cutoff { node, child, .. }
            | Event::ChanceCut { node, child, .. }
                if node != top || nodes[child as usize].parent != node =>
            {
                return Err(bad(
                    k,
                    format!("node {node} takes a value from node {child}, which is not its child"),
                ));
            }
            Event::Eval { node, .. }
            | Event::TtProbe { node, .. }
            | Event::TtHit { node, .. }
            | Event::TtStore { node, .. }
            | Event::Order { node, .. }
                if node != top =>
            {
                return Err(bad(k, format!("names node {node}, which is not the node executing")));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The principal variation's child indices, found by following its labels from the root.
fn pv_indices_from_labels(trace: &Trace) -> Vec<u32> {
    let mut out = Vec::new();
    let mut cur = trace.result_root();
    for label in &trace.result.pv {
        let next = trace
            .children(cur)
            .iter()
            .copied()
            .find(|&c| trace.node(c).visited() && trace.move_label(c) == label);
        match next {
            Some(c) => {
                out.push(trace.node(c).index);
                cur = c;
            }
            None => break,
        }
    }
    out
}
