//! Reading a trace file as it streams in: nodes and events are turned into the trace's own
//! compact records one at a time, so reading takes memory in proportion to the trace, not to
//! the text (no intermediate JSON document, no whole-file buffer).
//!
//! Node paths are checked without keeping them: each node keeps a hash of its path, and a
//! child's path must hash to its parent's hash extended by its index.

mod compact;

use super::{CutoffDoc, FORMAT, NodeDoc, PlayoutDoc, TraceFileError, format_err};
use crate::{
    AlgorithmInfo, Bound, Event, EventKind, EventLog, Features, InputInfo, NONE, Node, NodeId, Positions,
    RecordedPlayout, SearchResult, Stats, Status, Trace,
};
use abviz_core::Score;
use compact::{CompactEvents, CompactNodes};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

/// What a version 1 node keeps for rebuilding its events (v1 events carry no numbers).
struct V1Node {
    alpha_in: Score,
    beta_in: Score,
    value: Option<Score>,
    bound: Bound,
    terminal: bool,
    parent_alpha: Score,
    parent_beta: Score,
    cutoff: Option<CutoffDoc>,
}

/// A version 1 event: a kind and a node.
#[derive(serde::Deserialize)]
struct EventV1 {
    step: u32,
    kind: String,
    node: NodeId,
}

/// A version 2 event.
#[derive(serde::Deserialize)]
#[serde(expecting = "an event (an object with step, kind, node, ...)")]
struct EventIn {
    step: u32,
    #[serde(flatten)]
    event: Event,
}

/// Everything read so far.
#[derive(Default)]
pub(super) struct Reading {
    format: Option<String>,
    version: Option<u64>,
    layout: Option<String>,
    algorithm: Option<String>,
    descriptor: Option<AlgorithmInfo>,
    input: Option<InputInfo>,
    result: Option<SearchResult>,
    stats: Option<Stats>,
    minimax: Option<Stats>,
    pub(super) has_nodes: bool,
    pub(super) nodes: Vec<Node>,
    pub(super) labels: Vec<String>,
    pub(super) label_ids: HashMap<String, u32>,
    pub(super) names: Vec<u32>,
    pub(super) pruned_values: Vec<(NodeId, Score)>,
    /// Chance nodes and outcome probabilities (empty when the trace has none).
    pub(super) chance: Vec<crate::NodeChance>,
    playouts: Vec<PlayoutDoc>,
    pub(super) positions: Positions,
    pub(super) any_position: bool,
    path_hashes: Vec<u64>,
    v1: Vec<V1Node>,
    v1_events: Vec<EventV1>,
    /// Events read before the nodes (kept until the nodes are there to store them against).
    events: Vec<Event>,
    /// Events stored as they are read (the nodes came first).
    pub(super) log: EventLog,
    /// The compact layout's node count.
    pub(super) compact_count: usize,
    /// The first structural problem found (reported as a format error, not a JSON one).
    problem: Option<String>,
}

/// The hash of a path extended by one more child index.
fn extend(hash: u64, index: u64) -> u64 {
    (hash ^ index.wrapping_add(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0x0100_0000_01b3).rotate_left(17)
}

/// The hash of a path as written ("" for a root, "0.2.1"); `None` if it is not indices.
fn path_hash(path: &str) -> Option<(u64, Option<u32>)> {
    let mut h = 0u64;
    let mut last = None;
    if path.is_empty() {
        return Some((h, None));
    }
    for part in path.split('.') {
        let i: u32 = part.parse().ok()?;
        h = extend(h, i as u64);
        last = Some(i);
    }
    Some((h, last))
}

impl Reading {
    fn intern(&mut self, s: Option<String>) -> u32 {
        match s {
            None => NONE,
            Some(s) => {
                if let Some(&id) = self.label_ids.get(&s) {
                    return id;
                }
                let id = self.labels.len() as u32;
                self.label_ids.insert(s.clone(), id);
                self.labels.push(s);
                id
            }
        }
    }

    /// Records node `i`'s chance details.
    pub(super) fn set_chance(&mut self, i: usize, c: crate::NodeChance) {
        if self.chance.len() <= i {
            self.chance.resize(i + 1, crate::NodeChance::default());
        }
        self.chance[i] = c;
    }

    pub(super) fn fail(&mut self, msg: String) {
        self.problem.get_or_insert(msg);
    }

    /// Adds one node record, checking its place.
    fn add_node(&mut self, nd: NodeDoc) {
        let i = self.nodes.len();
        if nd.id as usize != i {
            return self.fail(format!("node {i} has id {}; ids must be 0, 1, 2, ... in order", nd.id));
        }
        if let Some(p) = nd.parent
            && p as usize >= i
        {
            return self.fail(format!(
                "node {i} names parent {p}, which does not come before it (parents are recorded first)"
            ));
        }
        // A path, when written, must agree with the parent and the index; deep nodes go
        // without (see `PATHS_WITHIN`), and their parent and index place them.
        let written = match nd.path.as_deref().map(path_hash) {
            Some(Some(found)) => Some(found),
            Some(None) => {
                let path = nd.path.unwrap_or_default();
                return self
                    .fail(format!("node {i} has path {path:?}, which is not child numbers joined by '.'"));
            }
            None if nd.parent.is_some() && nd.index.is_none() => {
                return self.fail(format!("node {i} has neither a path nor an index"));
            }
            None => None,
        };
        let index = nd.index.or(written.and_then(|(_, last)| last)).unwrap_or(0);
        let expected = match nd.parent {
            None => 0,
            Some(p) => extend(self.path_hashes[p as usize], index as u64),
        };
        if let Some((hash, last)) = written
            && (hash != expected
                || (nd.parent.is_some() && last != Some(index))
                || (nd.parent.is_none() && last.is_some()))
        {
            let path = nd.path.unwrap_or_default();
            return self
                .fail(format!("node {i} has path {path:?}, but its parent and position say otherwise"));
        }
        self.path_hashes.push(expected);
        let label = self.intern(nd.mv);
        let name = self.intern(nd.name);
        if name != NONE && self.names.len() < i {
            self.names.resize(i, NONE);
        }
        if name != NONE || !self.names.is_empty() {
            self.names.push(name);
        }
        if nd.chance || nd.p.is_some() {
            let p = match nd.p.as_deref().map(|t| (t, abviz_core::Probability::parse(t))) {
                Some((t, None)) => {
                    return self
                        .fail(format!("node {i} has probability {t:?}, which is not a fraction in (0, 1]"));
                }
                Some((_, p)) => p,
                None => None,
            };
            self.set_chance(i, crate::NodeChance { chance: nd.chance, p });
        }
        self.any_position |= nd.position.is_some();
        self.positions.push(nd.position.as_deref().unwrap_or(""));
        let pruned = nd.status == Status::Pruned;
        if pruned && let Some(v) = nd.value {
            self.pruned_values.push((nd.id, v));
        }
        self.nodes.push(Node {
            parent: nd.parent.unwrap_or(NONE),
            label,
            index,
            depth: nd.depth,
            player: nd.player,
            pruned,
        });
        if self.version != Some(2) {
            self.v1.push(V1Node {
                alpha_in: nd.alpha_in,
                beta_in: nd.beta_in,
                value: nd.value,
                bound: nd.bound,
                terminal: nd.status == Status::Terminal,
                parent_alpha: nd.parent_alpha,
                parent_beta: nd.parent_beta,
                cutoff: nd.cutoff,
            });
        }
    }
}

/// Reads the top-level object field by field.
struct Top<'a>(&'a mut Reading);

impl<'de> Visitor<'de> for Top<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an abviz trace (a JSON object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let r = self.0;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "format" => r.format = Some(map.next_value()?),
                "version" => r.version = Some(map.next_value()?),
                "layout" => {
                    let layout: String = map.next_value()?;
                    if layout != "compact" && layout != "readable" {
                        return Err(de::Error::custom(format!(
                            "its layout is {layout:?}; this abviz reads \"readable\" and \"compact\""
                        )));
                    }
                    r.layout = Some(layout);
                }
                "algorithm" => r.algorithm = Some(map.next_value()?),
                "descriptor" => r.descriptor = map.next_value()?,
                "input" => r.input = Some(map.next_value()?),
                "result" => r.result = Some(map.next_value()?),
                "stats" => r.stats = Some(map.next_value()?),
                "minimax" => r.minimax = map.next_value()?,
                "nodes" => {
                    r.has_nodes = true;
                    map.next_value_seed(Nodes(r))?
                }
                "events" => map.next_value_seed(Events(r))?,
                "playouts" => r.playouts = map.next_value()?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for Top<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

/// The `nodes` array, one record at a time.
struct Nodes<'a>(&'a mut Reading);

impl<'de> DeserializeSeed<'de> for Nodes<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Nodes<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of nodes (or the compact layout's node columns)")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        CompactNodes(self.0).visit_map(map)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(nd) = seq.next_element::<NodeDoc>()? {
            if self.0.problem.is_none() {
                self.0.add_node(nd);
            }
        }
        Ok(())
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.0.has_nodes = false;
        Ok(())
    }
}

/// The `events` array, one event at a time, in the form of the file's version.
struct Events<'a>(&'a mut Reading);

impl<'de> DeserializeSeed<'de> for Events<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Events<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of events (or the compact layout's event codes)")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        CompactEvents(self.0).visit_map(map)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let r = self.0;
        if r.version == Some(1) {
            while let Some(e) = seq.next_element::<EventV1>()? {
                r.v1_events.push(e);
            }
        } else {
            let mut k = 0;
            while let Some(e) = seq.next_element::<EventIn>()? {
                k += 1;
                if e.step as usize != k && r.problem.is_none() {
                    r.fail(format!("event {k} has step {}; steps must be 1, 2, 3, ...", e.step));
                }
                // Stored as read when the nodes are there to store them against.
                if r.has_nodes && r.events.is_empty() {
                    r.log.push(&e.event, &r.nodes);
                } else {
                    r.events.push(e.event);
                }
            }
        }
        Ok(())
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }
}

/// Reads a trace from `reader` (see [`Trace::from_reader_with`]).
pub(super) fn read(
    reader: impl std::io::Read,
    describe: impl Fn(&str) -> Option<AlgorithmInfo>,
) -> Result<Trace, TraceFileError> {
    let mut r = Reading::default();
    let mut de = serde_json::Deserializer::from_reader(std::io::BufReader::new(reader));
    let parsed = Top(&mut r).deserialize(&mut de).and_then(|()| de.end());
    // A wrong format or version is a better message than what the parser tripped over next.
    match r.format.as_deref() {
        Some(FORMAT) => {}
        Some(other) => return Err(format_err(format!("its format is {other:?}, expected {FORMAT:?}"))),
        None if parsed.is_ok() => return Err(format_err("it has no \"format\": \"abviz-trace\" field")),
        None => {}
    }
    match r.version {
        Some(1 | 2) | None => {}
        Some(v) => {
            return Err(format_err(format!(
                "version {v} is not supported (this abviz reads versions 1 and 2)"
            )));
        }
    }
    parsed?;
    let version = r.version.ok_or_else(|| format_err("it has no \"version\" field"))?;
    if let Some(problem) = r.problem.take() {
        return Err(format_err(problem));
    }
    let algorithm_name = r.algorithm.take().ok_or_else(|| format_err("it has no \"algorithm\" field"))?;
    let stats = r.stats.take().ok_or_else(|| format_err("it has no \"stats\" field"))?;
    let algorithm = match (r.descriptor.take(), describe(&algorithm_name)) {
        (Some(d), _) => d,
        (None, Some(d)) => d,
        (None, None) => AlgorithmInfo {
            name: Cow::Owned(algorithm_name.clone()),
            title: Cow::Owned(algorithm_name.clone()),
            features: Features {
                window: stats.cutoffs > 0 || algorithm_name.contains("alpha"),
                ..Default::default()
            },
            ..Default::default()
        },
    };
    if !r.has_nodes {
        return Err(format_err(
            "it was written with --stats-only and has no nodes to show; run again without --stats-only",
        ));
    }
    let mut trace = Trace {
        algorithm,
        input: r.input.take().ok_or_else(|| format_err("it has no \"input\" field"))?,
        result: r.result.take().ok_or_else(|| format_err("it has no \"result\" field"))?,
        stats,
        minimax: r.minimax.take(),
        nodes: std::mem::take(&mut r.nodes),
        labels: std::mem::take(&mut r.labels),
        names: std::mem::take(&mut r.names),
        pruned_values: std::mem::take(&mut r.pruned_values),
        chance: std::mem::take(&mut r.chance),
        ..Default::default()
    };
    if !trace.names.is_empty() {
        trace.names.resize(trace.nodes.len(), NONE);
    }
    if trace.chance.len() > trace.nodes.len() {
        return Err(format_err("a chance column names a node past the last one"));
    }
    if !trace.chance.is_empty() {
        trace.chance.resize(trace.nodes.len(), crate::NodeChance::default());
    }
    // What only the reading of the nodes needed goes before the checks allocate.
    r.path_hashes = Vec::new();
    r.label_ids = HashMap::new();
    if r.any_position {
        let mut positions = std::mem::take(&mut r.positions);
        positions.shrink_to_fit();
        trace.positions = Some(positions);
    }
    trace.validate_structure().map_err(TraceFileError::Format)?;
    super::check_siblings(&trace)?;
    trace.events = if version == 1 {
        if trace.stats.nodes_distinct == 0 {
            trace.stats.nodes_distinct = trace.stats.nodes;
            trace.stats.leaves_distinct = trace.stats.leaves;
        }
        events_from_v1(&trace, &r.v1, &r.v1_events)?
    } else if r.events.is_empty() {
        std::mem::take(&mut r.log)
    } else {
        let mut log = std::mem::take(&mut r.log);
        for e in &r.events {
            log.push(e, &trace.nodes);
        }
        log
    };
    super::check_events(&trace)?;
    trace.validate_links().map_err(TraceFileError::Format)?;
    trace.playouts = playouts(&mut trace, std::mem::take(&mut r.playouts))?;
    if trace.result.pv_indices.is_empty() && !trace.result.pv.is_empty() {
        trace.result.pv_indices = super::pv_indices_from_labels(&trace);
    }
    Ok(trace)
}

/// The recorded playouts, each at a simulate event (steps increasing), moves interned.
fn playouts(trace: &mut Trace, docs: Vec<PlayoutDoc>) -> Result<Vec<RecordedPlayout>, TraceFileError> {
    if docs.is_empty() {
        // Most traces: no label table to build.
        return Ok(Vec::new());
    }
    let mut ids: HashMap<String, u32> =
        trace.labels.iter().enumerate().map(|(i, l)| (l.clone(), i as u32)).collect();
    let mut out = Vec::with_capacity(docs.len());
    let mut last = 0;
    for doc in docs {
        let step = doc.step.checked_sub(1).filter(|&s| (s as usize) < trace.events.len());
        let at_simulate = step.is_some_and(|s| trace.events.kind(s as usize) == EventKind::Simulate);
        if !at_simulate || doc.step <= last {
            return Err(format_err(format!(
                "its playout at step {} is not at a simulate event (or the steps do not increase)",
                doc.step
            )));
        }
        last = doc.step;
        let moves = doc
            .moves
            .into_iter()
            .map(|m| {
                *ids.entry(m).or_insert_with_key(|m| {
                    trace.labels.push(m.clone());
                    trace.labels.len() as u32 - 1
                })
            })
            .collect();
        out.push(RecordedPlayout { step: doc.step - 1, moves });
    }
    Ok(out)
}

/// Rebuilds the events of a version 1 file, whose data lived in the node records.
fn events_from_v1(trace: &Trace, docs: &[V1Node], events: &[EventV1]) -> Result<EventLog, TraceFileError> {
    let nodes = &trace.nodes;
    let n = nodes.len();
    let mut log = EventLog::new();
    let mut next_id: usize = 0;
    // v1 names the node whose bound fired by its path.
    let by_path: HashMap<u64, NodeId> = {
        let mut hashes = vec![0u64; n];
        for (id, node) in nodes.iter().enumerate() {
            if node.parent != NONE {
                hashes[id] = extend(hashes[node.parent as usize], node.index as u64);
            }
        }
        hashes.into_iter().enumerate().map(|(id, h)| (h, id as NodeId)).collect()
    };
    for (k, e) in events.iter().enumerate() {
        if e.node as usize >= n {
            return Err(format_err(format!("event {} names node {}, which does not exist", e.step, e.node)));
        }
        if e.step as usize != k + 1 {
            return Err(format_err(format!(
                "event {} has step {}; steps must be 1, 2, 3, ...",
                k + 1,
                e.step
            )));
        }
        let d = &docs[e.node as usize];
        let id = e.node;
        let event = match e.kind.as_str() {
            "enter" => {
                next_id = next_id.max(id as usize + 1);
                Event::Enter { node: id, alpha: d.alpha_in, beta: d.beta_in }
            }
            "eval" => Event::Eval { node: id, value: d.value.unwrap_or_default(), terminal: d.terminal },
            "update" => {
                let parent = nodes[id as usize].parent;
                if parent == NONE {
                    return Err(format_err(format!("event {}: the root cannot report to a parent", e.step)));
                }
                Event::Update {
                    node: parent,
                    child: id,
                    value: d.value.unwrap_or_default(),
                    alpha: d.parent_alpha,
                    beta: d.parent_beta,
                }
            }
            "cutoff" => {
                let Some(c) = &d.cutoff else {
                    return Err(format_err(format!(
                        "event {}: a cutoff at node {id}, which has no cutoff record",
                        e.step
                    )));
                };
                let child = trace.child_at(id, c.child).ok_or_else(|| {
                    format_err(format!(
                        "event {}: the cutoff at node {id} names child {}, which it has not",
                        e.step, c.child
                    ))
                })?;
                let bound_from = match (&c.bound_from, c.bound_from_id) {
                    (_, Some(b)) if (b as usize) < n => Some(b),
                    (_, Some(b)) => {
                        return Err(format_err(format!(
                            "node {id}'s cutoff names bound_from_id {b}, which does not exist"
                        )));
                    }
                    (None, None) => None,
                    (Some(p), None) => {
                        let found = path_hash(p).and_then(|(h, _)| by_path.get(&h).copied());
                        Some(found.ok_or_else(|| {
                            format_err(format!(
                                "node {id}'s cutoff names bound_from {p:?}, a path not in the trace"
                            ))
                        })?)
                    }
                };
                // Its pruned children (and what was recorded below them) come next in id order.
                let start = next_id;
                while next_id < n && nodes[next_id].pruned && under_pruned(nodes, next_id as NodeId, id) {
                    next_id += 1;
                }
                Event::Cutoff {
                    node: id,
                    cut: c.kind,
                    child,
                    alpha: c.alpha,
                    beta: c.beta,
                    bound_from,
                    pruned: c.pruned,
                    created: (next_id - start) as u32,
                }
            }
            "exit" => Event::Exit { node: id, value: d.value.unwrap_or_default(), bound: d.bound },
            other => {
                return Err(format_err(format!("event {} has kind {other:?}, unknown in version 1", e.step)));
            }
        };
        log.push(&event, nodes);
    }
    Ok(log)
}

/// Whether `id` lies below `cut` with only pruned nodes between them.
fn under_pruned(nodes: &[Node], id: NodeId, cut: NodeId) -> bool {
    let mut cur = nodes[id as usize].parent;
    while cur != NONE && cur != cut && nodes[cur as usize].pruned {
        cur = nodes[cur as usize].parent;
    }
    cur == cut
}
