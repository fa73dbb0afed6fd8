//! Writing a trace file as it is serialised: nodes and events are formatted one at a time,
//! straight into the writer — no document in memory, no whole-file buffer.
//!
//! The readable layout is one pretty-printed object per node and per event; the compact layout
//! (docs/trace-format.md, "Compact layout") is columns of numbers: each node is a parent offset,
//! a player character and a move number, and the events are the codes and numbers of the
//! trace's own [`EventLog`](crate::EventLog) encoding, written as JSON.

use super::{
    CutoffDoc, Doc, EventOut, FORMAT, LinkDoc, MctsDoc, NodeDoc, PATHS_WITHIN, PassDoc, PlayoutDoc, VERSION,
};
use crate::event::Sink;
use crate::{NONE, NodeId, Perspective, Trace};
use abviz_core::Player;
use abviz_core::Score;
use serde::Serialize;
use serde::ser::Serializer;
use std::io::{self, Write};

/// How a trace file is laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// One pretty-printed object per node and per event, every derived field included: for
    /// reading by eye and by other tools.
    #[default]
    Readable,
    /// Columns of numbers, no pretty-printing: for big traces (about 20 bytes per node).
    Compact,
}

impl Trace {
    fn node_doc(&self, id: NodeId, negamax: bool) -> NodeDoc {
        let n = self.node(id);
        let s = self.summary(id);
        let visited = n.visited();
        NodeDoc {
            id,
            parent: self.parent(id),
            path: (n.depth <= PATHS_WITHIN).then(|| self.path(id)),
            index: Some(n.index),
            depth: n.depth,
            player: n.player,
            mv: (n.label != NONE).then(|| self.move_label(id).to_string()),
            name: self.name(id).map(str::to_string),
            status: s.status,
            pre: visited.then_some(s.pre),
            post: visited.then_some(s.post),
            alpha_in: s.alpha_in,
            beta_in: s.beta_in,
            alpha_out: s.alpha_out,
            beta_out: s.beta_out,
            value: (visited || self.pruned_value(id).is_some()).then_some(s.value),
            bound: s.bound,
            value_mover: (visited && negamax).then(|| n.player.to_max_view(s.value)),
            parent_alpha: s.parent_alpha,
            parent_beta: s.parent_beta,
            cutoff: self.cutoff(id).map(|c| CutoffDoc {
                kind: c.kind,
                child: c.child,
                alpha: c.alpha,
                beta: c.beta,
                bound_from: (c.bound_from != NONE && self.node(c.bound_from).depth <= PATHS_WITHIN)
                    .then(|| self.path(c.bound_from)),
                bound_from_id: (c.bound_from != NONE).then_some(c.bound_from),
                pruned: c.pruned,
            }),
            visits: (s.visits > 1).then_some(s.visits),
            link: (s.link != NONE).then_some(s.link),
            mcts: self.mcts(id).map(|m| MctsDoc { visits: m.visits, total: m.total }),
            position: self.position(id),
            chance: self.is_chance(id),
            p: self.probability(id).map(|p| p.to_string()),
        }
    }

    fn pass_docs(&self) -> Vec<PassDoc> {
        self.passes()
            .iter()
            .map(|p| PassDoc {
                pass: p.number,
                kind: p.kind,
                depth: p.depth,
                root: (p.root != NONE).then_some(p.root),
                alpha: p.alpha,
                beta: p.beta,
                value: p.value,
                bound: p.bound,
            })
            .collect()
    }

    /// The header every layout shares; `nodes` and `events` left out.
    fn header(&self) -> Doc<'_> {
        Doc {
            format: FORMAT,
            version: VERSION,
            layout: None,
            algorithm: self.algorithm.name(),
            descriptor: Some(&self.algorithm),
            input: &self.input,
            root_player: self.nodes.first().map(|n| n.player).unwrap_or_default(),
            result: &self.result,
            stats: &self.stats,
            minimax: self.minimax.as_ref(),
            nodes: None,
            passes: Vec::new(),
            links: Vec::new(),
            events: None,
            playouts: self
                .playouts
                .iter()
                .map(|p| PlayoutDoc {
                    step: p.step + 1,
                    moves: p
                        .moves
                        .iter()
                        .map(|&m| self.labels.get(m as usize).cloned().unwrap_or_default())
                        .collect(),
                })
                .collect(),
        }
    }

    /// Writes the trace file to `w` as it is serialised (see [`Layout`]); `stats_only` leaves
    /// out the nodes and events. Deterministic: the same trace gives the same bytes.
    pub fn write_json(&self, w: &mut dyn Write, layout: Layout, stats_only: bool) -> io::Result<()> {
        let mut w = io::BufWriter::with_capacity(1 << 16, w);
        match layout {
            Layout::Readable => {
                let mut doc = self.header();
                if stats_only {
                    doc.playouts.clear();
                } else {
                    doc.nodes = Some(NodesOut(self));
                    doc.passes = self.pass_docs();
                    doc.links = self.links().iter().map(|&(node, to)| LinkDoc { node, to }).collect();
                    doc.events = Some(EventsOut(self));
                }
                serde_json::to_writer_pretty(&mut w, &doc)?;
                w.write_all(b"\n")?;
            }
            Layout::Compact => write_compact(self, &mut w, stats_only)?,
        }
        w.flush()
    }
}

/// The readable `nodes` array, one object at a time.
pub(super) struct NodesOut<'a>(&'a Trace);

impl Serialize for NodesOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = self.0;
        let negamax = t.algorithm.perspective() == Perspective::Mover;
        s.collect_seq((0..t.nodes.len() as NodeId).map(|id| t.node_doc(id, negamax)))
    }
}

/// The readable `events` array, one object at a time.
pub(super) struct EventsOut<'a>(&'a Trace);

impl Serialize for EventsOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = self.0;
        s.collect_seq(
            t.events.iter(&t.nodes).enumerate().map(|(k, event)| EventOut { step: k as u32 + 1, event }),
        )
    }
}

/// The characters of the compact `player` column.
pub(super) const MAX_CHAR: u8 = b'+';
pub(super) const MIN_CHAR: u8 = b'-';

/// JSON text for the compact layout, formatted by hand (numbers, strings through serde_json).
struct Out<'w, W: Write> {
    w: &'w mut W,
    /// Whether the next value in the current array needs a comma before it.
    more: bool,
}

impl<W: Write> Out<'_, W> {
    fn raw(&mut self, s: &[u8]) -> io::Result<()> {
        self.w.write_all(s)
    }
    fn sep(&mut self) -> io::Result<()> {
        if self.more {
            self.w.write_all(b",")?;
        }
        self.more = true;
        Ok(())
    }
    /// `,"key":` (or `"key":` for the first field) followed by `value` as JSON.
    fn field(&mut self, key: &str, value: &impl Serialize) -> io::Result<()> {
        self.key(key)?;
        serde_json::to_writer(&mut *self.w, value)?;
        Ok(())
    }
    fn key(&mut self, key: &str) -> io::Result<()> {
        self.sep()?;
        serde_json::to_writer(&mut *self.w, key)?;
        self.w.write_all(b":")
    }
    /// Starts an array as the value of `key`.
    fn array(&mut self, key: &str) -> io::Result<()> {
        self.key(key)?;
        self.w.write_all(b"[")?;
        self.more = false;
        Ok(())
    }
    /// Ends an array (the enclosing object has more fields).
    fn end_array(&mut self) -> io::Result<()> {
        self.more = true;
        self.w.write_all(b"]")
    }
    fn uint(&mut self, v: u64) -> io::Result<()> {
        self.sep()?;
        self.w.write_all(itoa::Buffer::new().format(v).as_bytes())
    }
    fn string(&mut self, s: &str) -> io::Result<()> {
        self.sep()?;
        serde_json::to_writer(&mut *self.w, s)?;
        Ok(())
    }
}

/// Event numbers as JSON values (an [`Encoder`] sink): ids and counts as numbers, scores as
/// numbers or "inf" / "-inf", MCTS statistics as numbers (or "inf", "-inf", "nan"), a missing
/// node or depth as null.
struct JsonSink<'a, 'w, W: Write> {
    out: &'a mut Out<'w, W>,
    err: Option<io::Error>,
}

impl<W: Write> JsonSink<'_, '_, W> {
    fn put(&mut self, r: io::Result<()>) {
        if let Err(e) = r {
            self.err.get_or_insert(e);
        }
    }
    fn null(&mut self) {
        let r = self.out.sep().and_then(|()| self.out.raw(b"null"));
        self.put(r);
    }
}

impl<W: Write> Sink for JsonSink<'_, '_, W> {
    fn num(&mut self, v: u64) {
        let r = self.out.uint(v);
        self.put(r);
    }
    fn id(&mut self, id: NodeId) {
        self.num(id as u64);
    }
    fn score(&mut self, s: Score) {
        let r = match s {
            s if s == Score::INF => self.out.string("inf"),
            s if s == Score::NEG_INF => self.out.string("-inf"),
            // A decimal as its exact text, a string as ±∞ are (what `Score`'s serde form writes).
            s if s.decimals() > 0 || s.is_rounded() => self.out.string(&s.text()),
            s => self.out.sep().and_then(|()| self.out.raw(itoa::Buffer::new().format(s.raw()).as_bytes())),
        };
        self.put(r);
    }
    fn float(&mut self, f: f64) {
        let r = if f.is_finite() {
            self.out.sep().and_then(|()| self.out.raw(ryu::Buffer::new().format_finite(f).as_bytes()))
        } else if f.is_nan() {
            self.out.string("nan")
        } else if f > 0.0 {
            self.out.string("inf")
        } else {
            self.out.string("-inf")
        };
        self.put(r);
    }
    fn opt(&mut self, id: Option<NodeId>) {
        match id {
            Some(id) => self.id(id),
            None => self.null(),
        }
    }
    fn opt_num(&mut self, v: Option<u32>) {
        match v {
            Some(v) => self.num(v as u64),
            None => self.null(),
        }
    }
}

/// Writes the compact layout (docs/trace-format.md).
fn write_compact<W: Write>(t: &Trace, w: &mut W, stats_only: bool) -> io::Result<()> {
    let mut doc = t.header();
    doc.layout = Some("compact");
    if stats_only {
        doc.playouts.clear();
    }
    // The header fields, in the readable layout's order, without pretty-printing.
    let header = serde_json::to_vec(&doc)?;
    let mut out = Out { w, more: false };
    out.raw(&header[..header.len() - 1])?;
    out.more = true;
    if stats_only {
        return out.raw(b"}\n");
    }
    let n = t.nodes.len();

    out.key("nodes")?;
    out.raw(b"{")?;
    out.more = false;
    out.field("count", &n)?;
    out.array("parent")?;
    for (id, node) in t.nodes.iter().enumerate() {
        out.uint(if node.parent == NONE { 0 } else { (id as u64) - node.parent as u64 })?;
    }
    out.end_array()?;
    out.key("player")?;
    out.raw(b"\"")?;
    let players: Vec<u8> =
        t.nodes.iter().map(|n| if n.player == Player::Max { MAX_CHAR } else { MIN_CHAR }).collect();
    out.raw(&players)?;
    drop(players);
    out.raw(b"\"")?;
    out.field("labels", &t.labels)?;
    out.array("move")?;
    for node in &t.nodes {
        out.uint(if node.label == NONE { 0 } else { node.label as u64 + 1 })?;
    }
    out.end_array()?;
    if !t.names.is_empty() {
        out.array("name")?;
        for &name in &t.names {
            out.uint(if name == NONE { 0 } else { name as u64 + 1 })?;
        }
        out.end_array()?;
    }
    if !t.chance.is_empty() {
        // The chance nodes' ids, and each outcome's probability as [id, "1/3"].
        let chance: Vec<NodeId> = (0..n as NodeId).filter(|&id| t.is_chance(id)).collect();
        out.field("chance", &chance)?;
        let p: Vec<(NodeId, String)> =
            (0..n as NodeId).filter_map(|id| Some((id, t.probability(id)?.to_string()))).collect();
        out.field("p", &p)?;
    }
    // Runs of never-searched nodes: first id, count.
    out.array("pruned")?;
    let mut id = 0;
    while id < n {
        if t.nodes[id].pruned {
            let start = id;
            while id < n && t.nodes[id].pruned {
                id += 1;
            }
            out.uint(start as u64)?;
            out.uint((id - start) as u64)?;
        } else {
            id += 1;
        }
    }
    out.end_array()?;
    // Depths that are not the parent's plus one (a root's: 0), as id, depth.
    let depths: Vec<[u64; 2]> = t
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, node)| {
            let expected =
                if node.parent == NONE { 0 } else { t.nodes[node.parent as usize].depth as u32 + 1 };
            node.depth as u32 != expected
        })
        .map(|(id, node)| [id as u64, node.depth as u64])
        .collect();
    if !depths.is_empty() {
        out.field("depth", &depths)?;
    }
    if !t.pruned_values.is_empty() {
        out.array("pruned_values")?;
        for &(id, v) in &t.pruned_values {
            out.uint(id as u64)?;
            let mut sink = JsonSink { out: &mut out, err: None };
            sink.score(v);
            if let Some(e) = sink.err {
                return Err(e);
            }
        }
        out.end_array()?;
    }
    if let Some(positions) = t.positions.as_ref().filter(|p| p.iter().any(|s| !s.is_empty())) {
        out.array("positions")?;
        for text in positions.iter() {
            out.string(&text)?;
        }
        out.end_array()?;
    }
    out.raw(b"}")?;

    // The passes and transposition links follow from the events: not written.
    out.key("events")?;
    out.raw(b"{")?;
    out.more = false;
    out.field("count", &t.events.len())?;
    out.array("codes")?;
    let mut sink = JsonSink { out: &mut out, err: None };
    t.events.transcode(&t.nodes, &mut sink);
    if let Some(e) = sink.err {
        return Err(e);
    }
    out.end_array()?;
    out.raw(b"}}\n")
}
