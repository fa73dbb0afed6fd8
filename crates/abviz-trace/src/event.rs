//! The event vocabulary: what a search did, one step at a time, each event with its numbers.
//!
//! [`Event`] is what views read: the window on entry, the value and window after an update, the
//! α and β of a cutoff test, the returned value and its bound, re-searches, root passes,
//! transposition-table probes, hits and stores, and the four phases of MCTS. Values and windows
//! are from MAX's point of view (the recorder converts the negamax family's).
//!
//! [`EventLog`] stores the events compactly: one kind byte per event, then variable-length
//! numbers, and node ids only where they are not the ones the search's shape implies (the new
//! node for an enter, the node on top of the stack otherwise, the child that just returned for
//! an update). A mark every [`MARK_EVERY`] events keeps random access cheap: [`EventLog::get`]
//! decodes at most that many events. Adding an event kind means a variant here, its code in
//! [`Code`], and its lines in `encode` / `decode` / `advance` below.

use crate::model::{Bound, CutKind, NONE, Node, NodeId};
use abviz_core::Score;
use serde::{Deserialize, Serialize};

/// What kind of root search a pass is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PassKind {
    /// One iteration of iterative deepening (its depth in `depth`).
    Iteration,
    /// An MTD(f) null-window probe.
    Probe,
    /// An aspiration-window search (or its fail-low / fail-high re-search).
    Aspiration,
}

impl PassKind {
    /// "iteration", "probe", "aspiration".
    pub fn name(self) -> &'static str {
        match self {
            PassKind::Iteration => "iteration",
            PassKind::Probe => "probe",
            PassKind::Aspiration => "aspiration",
        }
    }
}

/// Why a move-ordering heuristic put a child where it is searched (see [`Event::Order`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrderReason {
    /// The transposition table's best move for the position (`--ordering-heuristics tt`).
    Tt,
    /// A killer move: it caused a cutoff at the same ply earlier (`killer`).
    Killer,
    /// Its history score: how often and how deep it caused cutoffs anywhere (`history`).
    History,
}

impl OrderReason {
    /// "tt", "killer", "history".
    pub fn name(self) -> &'static str {
        match self {
            OrderReason::Tt => "tt",
            OrderReason::Killer => "killer",
            OrderReason::History => "history",
        }
    }

    fn code(self) -> u32 {
        self as u32
    }

    fn from_code(code: u32) -> Self {
        match code {
            0 => OrderReason::Tt,
            1 => OrderReason::Killer,
            _ => OrderReason::History,
        }
    }
}

/// One step of a search, with its data. Windows and values are MAX's view.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Event {
    /// The search enters `node` with the window [`alpha`, `beta`].
    Enter {
        /// The node.
        node: NodeId,
        /// α on entry.
        alpha: Score,
        /// β on entry.
        beta: Score,
    },
    /// The search enters `node` again — a child its parent already searched — with a new window
    /// (PVS and NegaScout after a null-window probe failed high).
    Research {
        /// The node searched again.
        node: NodeId,
        /// The new α.
        alpha: Score,
        /// The new β.
        beta: Score,
    },
    /// `node` is evaluated statically.
    Eval {
        /// The node.
        node: NodeId,
        /// Its static value.
        value: Score,
        /// Whether it is a finished game (not a depth-limit evaluation).
        terminal: bool,
    },
    /// Quiescence search: `node`'s static value `value` stands pat (a bound the side to move
    /// is sure of, since it may decline every capture); `node`'s window is now [`alpha`,
    /// `beta`]. An empty window (α ≥ β) is the stand-pat cut: the node returns at once.
    StandPat {
        /// The node (at or beyond the depth limit).
        node: NodeId,
        /// Its static value.
        value: Score,
        /// `node`'s α now.
        alpha: Score,
        /// `node`'s β now.
        beta: Score,
    },
    /// A move-ordering heuristic put `node`'s child `index` (its place in search order, from
    /// 0) where it is: one event per such child, right after `node`'s children are generated,
    /// for the first [`ORDER_REASONS`] of them (the children a heuristic moves form a prefix
    /// of the search order). Recorded only when the observer asks for it.
    Order {
        /// The node whose children are ordered.
        node: NodeId,
        /// The child's place in search order (its `index`).
        index: u32,
        /// Why it comes there.
        reason: OrderReason,
        /// For [`OrderReason::Tt`]: the depth the stored entry was searched to (0 otherwise).
        depth: u32,
        /// For [`OrderReason::History`]: the move's history score (0 otherwise).
        score: u64,
    },
    /// `child` returned `value` to `node`, whose window (or best value so far) is now
    /// [`alpha`, `beta`].
    Update {
        /// The node taking the value in.
        node: NodeId,
        /// The child that returned.
        child: NodeId,
        /// The value it returned.
        value: Score,
        /// `node`'s α now.
        alpha: Score,
        /// `node`'s β now.
        beta: Score,
    },
    /// The cutoff test α ≥ β held at `node` after `child` reported.
    Cutoff {
        /// The node.
        node: NodeId,
        /// α-cutoff at MIN, β-cutoff at MAX.
        cut: CutKind,
        /// The child whose value caused it.
        child: NodeId,
        /// α at the test.
        alpha: Score,
        /// β at the test.
        beta: Score,
        /// The node whose bound was exceeded (the one that set the α of an α-cutoff or the β of
        /// a β-cutoff); `None` when it was the root's initial window.
        bound_from: Option<NodeId>,
        /// How many children are never searched.
        pruned: u32,
        /// How many nodes were recorded for them (the pruned children and, for explicit trees,
        /// what lies below them).
        created: u32,
    },
    /// `node` returns `value`; `bound` says whether it is exact or a bound (fail-low: upper,
    /// fail-high: lower).
    Exit {
        /// The node.
        node: NodeId,
        /// The value it returns.
        value: Score,
        /// Exact, lower or upper bound.
        bound: Bound,
    },
    /// A root search begins (an iteration, a probe, an aspiration window); its root is the node
    /// entered next.
    PassStart {
        /// The pass number, from 0.
        pass: u32,
        /// What kind of pass.
        pass_kind: PassKind,
        /// Its depth limit, if it has its own.
        depth: Option<u32>,
        /// The root window's α.
        alpha: Score,
        /// The root window's β.
        beta: Score,
    },
    /// A root search ends with `value`.
    PassEnd {
        /// The pass number.
        pass: u32,
        /// The root's value in this pass.
        value: Score,
        /// Exact, or a bound (a failed probe or aspiration window).
        bound: Bound,
    },
    /// The transposition table is looked up for `node`'s position.
    TtProbe {
        /// The node.
        node: NodeId,
        /// The position key.
        key: u64,
    },
    /// The table held a usable result for `node`'s position, stored when `from` was searched.
    TtHit {
        /// The node that takes the stored result.
        node: NodeId,
        /// The node whose result was stored (`None` if it is not in this trace).
        from: Option<NodeId>,
        /// The stored value.
        value: Score,
        /// Its bound.
        bound: Bound,
        /// The depth it was searched to.
        depth: u32,
    },
    /// `node`'s result is stored in the transposition table.
    TtStore {
        /// The node.
        node: NodeId,
        /// The stored value.
        value: Score,
        /// Its bound.
        bound: Bound,
        /// The depth it was searched to.
        depth: u32,
    },
    /// An MCTS iteration begins at the root `node`.
    Iteration {
        /// The root.
        node: NodeId,
        /// The iteration number, from 0.
        iteration: u32,
    },
    /// MCTS selection goes from `node` to `child`, the child with the best UCT value.
    Select {
        /// The node.
        node: NodeId,
        /// The selected child.
        child: NodeId,
        /// The child's visit count N before this iteration.
        visits: u32,
        /// The child's total result W before this iteration.
        total: f64,
        /// The child's UCT value.
        uct: f64,
    },
    /// MCTS expansion adds `child` below `node`.
    Expand {
        /// The node expanded.
        node: NodeId,
        /// The new child.
        child: NodeId,
    },
    /// A playout from `node`: `length` moves, ending with `result`.
    Simulate {
        /// Where the playout started.
        node: NodeId,
        /// How many moves it played.
        length: u32,
        /// Its result.
        result: f64,
    },
    /// Backpropagation updates `node`: now N = `visits`, W = `total`.
    Backprop {
        /// The node.
        node: NodeId,
        /// N after the update.
        visits: u32,
        /// W after the update.
        total: f64,
    },
}

/// The kind of an [`Event`], without its data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventKind {
    /// [`Event::Enter`].
    Enter,
    /// [`Event::Research`].
    Research,
    /// [`Event::Eval`].
    Eval,
    /// [`Event::Update`].
    Update,
    /// [`Event::Cutoff`].
    Cutoff,
    /// [`Event::Exit`].
    Exit,
    /// [`Event::PassStart`].
    PassStart,
    /// [`Event::PassEnd`].
    PassEnd,
    /// [`Event::TtProbe`].
    TtProbe,
    /// [`Event::TtHit`].
    TtHit,
    /// [`Event::TtStore`].
    TtStore,
    /// [`Event::Iteration`].
    Iteration,
    /// [`Event::Select`].
    Select,
    /// [`Event::Expand`].
    Expand,
    /// [`Event::Simulate`].
    Simulate,
    /// [`Event::Backprop`].
    Backprop,
    /// [`Event::StandPat`].
    StandPat,
    /// [`Event::Order`].
    Order,
}

impl EventKind {
    /// The name used in JSON and the page ("enter", "tt-hit", ...).
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Enter => "enter",
            EventKind::Research => "research",
            EventKind::Eval => "eval",
            EventKind::Update => "update",
            EventKind::Cutoff => "cutoff",
            EventKind::Exit => "exit",
            EventKind::PassStart => "pass-start",
            EventKind::PassEnd => "pass-end",
            EventKind::TtProbe => "tt-probe",
            EventKind::TtHit => "tt-hit",
            EventKind::TtStore => "tt-store",
            EventKind::Iteration => "iteration",
            EventKind::Select => "select",
            EventKind::Expand => "expand",
            EventKind::Simulate => "simulate",
            EventKind::Backprop => "backprop",
            EventKind::StandPat => "stand-pat",
            EventKind::Order => "order",
        }
    }
}

impl Event {
    /// The event's kind.
    pub fn kind(&self) -> EventKind {
        match self {
            Event::Enter { .. } => EventKind::Enter,
            Event::Research { .. } => EventKind::Research,
            Event::Eval { .. } => EventKind::Eval,
            Event::Update { .. } => EventKind::Update,
            Event::Cutoff { .. } => EventKind::Cutoff,
            Event::Exit { .. } => EventKind::Exit,
            Event::PassStart { .. } => EventKind::PassStart,
            Event::PassEnd { .. } => EventKind::PassEnd,
            Event::TtProbe { .. } => EventKind::TtProbe,
            Event::TtHit { .. } => EventKind::TtHit,
            Event::TtStore { .. } => EventKind::TtStore,
            Event::Iteration { .. } => EventKind::Iteration,
            Event::Select { .. } => EventKind::Select,
            Event::Expand { .. } => EventKind::Expand,
            Event::Simulate { .. } => EventKind::Simulate,
            Event::Backprop { .. } => EventKind::Backprop,
            Event::StandPat { .. } => EventKind::StandPat,
            Event::Order { .. } => EventKind::Order,
        }
    }

    /// The node the event is about (for an update: the node taking the value in; for a
    /// selection or an expansion: the parent). `None` for pass boundaries.
    pub fn node(&self) -> Option<NodeId> {
        match *self {
            Event::Enter { node, .. }
            | Event::Research { node, .. }
            | Event::Eval { node, .. }
            | Event::Update { node, .. }
            | Event::Cutoff { node, .. }
            | Event::Exit { node, .. }
            | Event::TtProbe { node, .. }
            | Event::TtHit { node, .. }
            | Event::TtStore { node, .. }
            | Event::Iteration { node, .. }
            | Event::Select { node, .. }
            | Event::Expand { node, .. }
            | Event::Simulate { node, .. }
            | Event::Backprop { node, .. }
            | Event::StandPat { node, .. }
            | Event::Order { node, .. } => Some(node),
            Event::PassStart { .. } | Event::PassEnd { .. } => None,
        }
    }

    /// The node the search is at after this event: the entered node, the selected or new
    /// child, otherwise [`Event::node`].
    pub fn focus(&self) -> Option<NodeId> {
        match *self {
            Event::Select { child, .. } | Event::Expand { child, .. } => Some(child),
            _ => self.node(),
        }
    }

    /// The window this event gives its focus node, if it carries one.
    pub fn window(&self) -> Option<(Score, Score)> {
        match *self {
            Event::Enter { alpha, beta, .. }
            | Event::Research { alpha, beta, .. }
            | Event::Update { alpha, beta, .. }
            | Event::StandPat { alpha, beta, .. }
            | Event::Cutoff { alpha, beta, .. } => Some((alpha, beta)),
            _ => None,
        }
    }
}

/// How many children of a node at most get an [`Event::Order`] (the first in search order).
pub const ORDER_REASONS: usize = 3;

/// Events between two marks of an [`EventLog`].
pub const MARK_EVERY: usize = 64;

/// More bytes than one event takes: [`EventLog::push`] writes unchecked into this much spare
/// room. The longest is a cutoff: seven numbers of at most 32 bits, 5 bytes each (a selection
/// takes 31, an order 26).
const MAX_EVENT_BYTES: usize = 48;

/// The decoder's state: what the shape of the search implies for the next event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    /// Where the next event's bytes start.
    offset: u64,
    /// The id the next new node gets.
    next_id: NodeId,
    /// The node on top of the stack (the one executing), or [`NONE`].
    top: NodeId,
    /// The node that returned last (an update's child), or [`NONE`].
    last_exit: NodeId,
    /// The value of the last evaluation or return (what an exit after an evaluation, or an
    /// update after an exit, usually carries).
    last_value: Score,
}

impl Default for State {
    fn default() -> Self {
        State { offset: 0, next_id: 0, top: NONE, last_exit: NONE, last_value: Score::NEG_INF }
    }
}

/// The compact store of a trace's events (see the module documentation).
#[derive(Debug, Default)]
pub struct EventLog {
    codes: Vec<u8>,
    bytes: Vec<u8>,
    marks: Vec<State>,
    /// The decoder's state after the last event (its `offset` is set only when it is marked).
    state: State,
    /// The number of events at which [`EventLog::push`] calls [`EventLog::make_room`] (the
    /// next mark); room is reserved for every event before it (one code, [`MAX_EVENT_BYTES`]
    /// bytes): one comparison per event instead of two capacity checks and the mark's.
    room_until: usize,
}

/// A copy holds only what the log holds: it makes room before its first push.
impl Clone for EventLog {
    fn clone(&self) -> Self {
        EventLog {
            codes: self.codes.clone(),
            bytes: self.bytes.clone(),
            marks: self.marks.clone(),
            state: self.state,
            room_until: self.codes.len(),
        }
    }
}

/// Two logs are equal when they hold the same events (whatever their spare capacity).
impl PartialEq for EventLog {
    fn eq(&self, other: &Self) -> bool {
        self.codes == other.codes && self.bytes == other.bytes && self.marks == other.marks
    }
}

/// Why an event could not be stored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("event {step} ({kind}) names node {node}, which does not exist")]
pub struct BadEvent {
    /// The 1-based step.
    pub step: usize,
    /// The kind.
    pub kind: &'static str,
    /// The node id.
    pub node: NodeId,
}

/// Byte codes: the kind in the low 5 bits; bit 7: the node is written out; bit 6: the second
/// node (an update's or cutoff's child, an expansion's new node) is written out; bit 5
/// ([`SHORT`]): an enter or re-search with the open window [−∞, +∞], an exit or update whose
/// value is the last one evaluated or returned (nothing is written for them).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    Enter,
    Research,
    Eval,
    EvalTerminal,
    Update,
    CutoffAlpha,
    CutoffBeta,
    ExitExact,
    ExitLower,
    ExitUpper,
    PassStartIteration,
    PassStartProbe,
    PassStartAspiration,
    PassEndExact,
    PassEndLower,
    PassEndUpper,
    TtProbe,
    TtHitExact,
    TtHitLower,
    TtHitUpper,
    TtStoreExact,
    TtStoreLower,
    TtStoreUpper,
    Iteration,
    Select,
    Expand,
    Simulate,
    Backprop,
    StandPat,
    Order,
}

const CODES: [Code; 30] = [
    Code::Enter,
    Code::Research,
    Code::Eval,
    Code::EvalTerminal,
    Code::Update,
    Code::CutoffAlpha,
    Code::CutoffBeta,
    Code::ExitExact,
    Code::ExitLower,
    Code::ExitUpper,
    Code::PassStartIteration,
    Code::PassStartProbe,
    Code::PassStartAspiration,
    Code::PassEndExact,
    Code::PassEndLower,
    Code::PassEndUpper,
    Code::TtProbe,
    Code::TtHitExact,
    Code::TtHitLower,
    Code::TtHitUpper,
    Code::TtStoreExact,
    Code::TtStoreLower,
    Code::TtStoreUpper,
    Code::Iteration,
    Code::Select,
    Code::Expand,
    Code::Simulate,
    Code::Backprop,
    Code::StandPat,
    Code::Order,
];

const OWN_NODE: u8 = 0x80;
const OWN_CHILD: u8 = 0x40;
const SHORT: u8 = 0x20;
const KIND: u8 = 0x1f;

fn bound_code(bound: Bound, exact: Code, lower: Code, upper: Code) -> Code {
    match bound {
        Bound::Exact => exact,
        Bound::Lower => lower,
        Bound::Upper => upper,
    }
}

fn code_bound(code: Code, exact: Code, lower: Code) -> Bound {
    if code == exact {
        Bound::Exact
    } else if code == lower {
        Bound::Lower
    } else {
        Bound::Upper
    }
}

/// Score codes: +∞ → 0, −∞ → 1, finite values zig-zagged above them (small values: one byte).
///
/// Without a branch: ±∞ are ±`i32::MAX`, whose zig-zags are the two largest 32-bit codes, so
/// adding 2 wraps +∞ round to 0 and leaves −∞ on `u32::MAX`, which becomes 1; finite values
/// (at most `i32::MAX − 1` either way) land on 2 to `u32::MAX − 1`.
#[inline]
fn score_code(s: Score) -> u64 {
    let v = s.raw();
    let c = (((v << 1) ^ (v >> 31)) as u32).wrapping_add(2);
    u64::from(if c == u32::MAX { 1 } else { c })
}

fn code_score(c: u64) -> Score {
    match c {
        0 => Score::INF,
        1 => Score::NEG_INF,
        c => {
            let z = c - 2;
            let v = ((z >> 1) as i64) ^ -((z & 1) as i64);
            Score::finite(v).unwrap_or(Score::INF)
        }
    }
}

/// Where an event's numbers go: the log's bytes ([`Writer`]) or a compact trace file.
pub(crate) trait Sink {
    /// A count or a key.
    fn num(&mut self, v: u64);
    /// A node id.
    fn id(&mut self, id: NodeId);
    /// A score.
    fn score(&mut self, s: Score);
    /// An MCTS statistic.
    fn float(&mut self, f: f64);
    /// An optional node id.
    fn opt(&mut self, id: Option<NodeId>);
    /// An optional count (a pass's depth limit).
    fn opt_num(&mut self, v: Option<u32>);
}

/// Where an event's numbers come from: the log's bytes ([`Reader`]) or a compact trace file.
pub(crate) trait Source {
    /// A count or a key.
    fn num(&mut self) -> u64;
    /// A node id.
    fn id(&mut self) -> NodeId;
    /// A score.
    fn score(&mut self) -> Score;
    /// An MCTS statistic.
    fn float(&mut self) -> f64;
    /// An optional node id.
    fn opt(&mut self) -> Option<NodeId>;
    /// An optional count.
    fn opt_num(&mut self) -> Option<u32>;
    /// A count that fits 32 bits.
    fn small(&mut self) -> u32 {
        self.num().min(u32::MAX as u64) as u32
    }
}

/// Writes an event's numbers into the spare capacity of the log's bytes: [`EventLog::push`]
/// reserves [`MAX_EVENT_BYTES`] beforehand, more than any event takes, so no write checks the
/// capacity or the bounds again; `len` bytes are written.
struct Writer {
    at: *mut u8,
    len: usize,
}

impl Writer {
    #[inline(always)]
    fn byte(&mut self, b: u8) {
        debug_assert!(self.len < MAX_EVENT_BYTES);
        // SAFETY: `at` points at MAX_EVENT_BYTES bytes of spare capacity and no event writes
        // more (see MAX_EVENT_BYTES).
        unsafe { self.at.add(self.len).write(b) };
        self.len += 1;
    }
}

impl Sink for Writer {
    #[inline(always)]
    fn num(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.byte(v as u8 | 0x80);
            v >>= 7;
        }
        self.byte(v as u8);
    }
    #[inline(always)]
    fn id(&mut self, id: NodeId) {
        self.num(id as u64);
    }
    #[inline(always)]
    fn score(&mut self, s: Score) {
        self.num(score_code(s));
    }
    fn float(&mut self, f: f64) {
        for b in f.to_le_bytes() {
            self.byte(b);
        }
    }
    /// An optional node id: 0 for none, id + 1 otherwise.
    fn opt(&mut self, id: Option<NodeId>) {
        self.num(id.map_or(0, |i| i as u64 + 1));
    }
    /// 0 for none, v + 1 otherwise.
    fn opt_num(&mut self, v: Option<u32>) {
        self.num(v.map_or(0, |d| d as u64 + 1));
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Source for Reader<'_> {
    fn num(&mut self) -> u64 {
        let mut v = 0u64;
        let mut shift = 0;
        while let Some(&b) = self.bytes.get(self.at) {
            self.at += 1;
            if shift < 64 {
                v |= ((b & 0x7f) as u64) << shift;
            }
            if b & 0x80 == 0 {
                break;
            }
            shift += 7;
        }
        v
    }
    fn id(&mut self) -> NodeId {
        self.num().min(NONE as u64) as NodeId
    }
    fn score(&mut self) -> Score {
        code_score(self.num())
    }
    fn float(&mut self) -> f64 {
        let mut b = [0u8; 8];
        let end = (self.at + 8).min(self.bytes.len());
        b[..end - self.at].copy_from_slice(&self.bytes[self.at..end]);
        self.at = end;
        f64::from_le_bytes(b)
    }
    fn opt(&mut self) -> Option<NodeId> {
        match self.num() {
            0 => None,
            v => Some((v - 1).min(NONE as u64 - 1) as NodeId),
        }
    }
    fn opt_num(&mut self) -> Option<u32> {
        match self.num() {
            0 => None,
            d => Some((d - 1).min(u32::MAX as u64) as u32),
        }
    }
}

/// Reads an event's numbers from the log and writes each to a sink as it goes.
struct Tee<'a, 'w, W> {
    reader: Reader<'a>,
    sink: &'w mut W,
}

impl<W: Sink> Source for Tee<'_, '_, W> {
    fn num(&mut self) -> u64 {
        let v = self.reader.num();
        self.sink.num(v);
        v
    }
    fn id(&mut self) -> NodeId {
        let v = self.reader.id();
        self.sink.id(v);
        v
    }
    fn score(&mut self) -> Score {
        let v = self.reader.score();
        self.sink.score(v);
        v
    }
    fn float(&mut self) -> f64 {
        let v = self.reader.float();
        self.sink.float(v);
        v
    }
    fn opt(&mut self) -> Option<NodeId> {
        let v = self.reader.opt();
        self.sink.opt(v);
        v
    }
    fn opt_num(&mut self) -> Option<u32> {
        let v = self.reader.opt_num();
        self.sink.opt_num(v);
        v
    }
    fn small(&mut self) -> u32 {
        let v = self.reader.num().min(u32::MAX as u64) as u32;
        self.sink.num(v as u64);
        v
    }
}

/// The node an event names when the shape of the search implies it, and its second node.
#[inline(always)]
fn implied(code: Code, s: &State) -> (NodeId, NodeId) {
    match code {
        Code::Enter => (s.next_id, NONE),
        Code::Research => (s.last_exit, NONE),
        Code::Update | Code::CutoffAlpha | Code::CutoffBeta => (s.top, s.last_exit),
        Code::Expand => (s.top, s.next_id),
        _ => (s.top, NONE),
    }
}

impl EventLog {
    /// An empty log.
    pub fn new() -> Self {
        EventLog::default()
    }

    /// The number of events.
    pub fn len(&self) -> usize {
        self.codes.len()
    }

    /// Whether there are no events.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// Heap bytes used (for the benchmarks' bytes-per-node figure).
    pub fn heap_bytes(&self) -> usize {
        self.codes.capacity() + self.bytes.capacity() + self.marks.capacity() * std::mem::size_of::<State>()
    }

    /// Appends `e`; `nodes` are the trace's nodes so far (an exit moves to the parent).
    #[inline(always)]
    pub fn push(&mut self, e: &Event, nodes: &[Node]) {
        let (start, n) = (self.bytes.len(), self.codes.len());
        if n == self.room_until {
            self.make_room();
        }
        // SAFETY: `make_room` reserved MAX_EVENT_BYTES bytes and one code for each event up to
        // `room_until`, so both writes below land in spare capacity.
        let mut w = Writer { at: unsafe { self.bytes.as_mut_ptr().add(start) }, len: 0 };
        let code = encode(e, &self.state, &mut w);
        unsafe {
            self.bytes.set_len(start + w.len);
            self.codes.as_mut_ptr().add(n).write(code);
            self.codes.set_len(n + 1);
        }
        advance(&mut self.state, e, nodes);
    }

    /// Marks the decoder's state every [`MARK_EVERY`] events, and reserves room for the events
    /// up to the next mark.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self) {
        let n = self.codes.len();
        if n.is_multiple_of(MARK_EVERY) {
            self.state.offset = self.bytes.len() as u64;
            self.marks.push(self.state);
        }
        let room = MARK_EVERY - n % MARK_EVERY;
        self.codes.reserve(room);
        self.bytes.reserve(room * MAX_EVENT_BYTES);
        self.room_until = n + room;
    }

    /// The event at `step` (0-based), decoded from the nearest mark.
    ///
    /// # Panics
    /// If `step` is out of range.
    pub fn get(&self, step: usize, nodes: &[Node]) -> Event {
        assert!(step < self.len(), "step {step} of {} events", self.len());
        let mut state = self.marks[step / MARK_EVERY];
        let mut e = self.decode_at(step / MARK_EVERY * MARK_EVERY, &mut state, nodes);
        for k in step / MARK_EVERY * MARK_EVERY + 1..=step {
            e = self.decode_at(k, &mut state, nodes);
        }
        e
    }

    /// The kind of event `step` without decoding it.
    pub fn kind(&self, step: usize) -> EventKind {
        code_kind(CODES[(self.codes[step] & KIND) as usize])
    }

    /// The events in order.
    pub fn iter<'a>(&'a self, nodes: &'a [Node]) -> Events<'a> {
        Events { log: self, nodes, step: 0, state: State::default() }
    }

    /// The events from `start` (0-based) on.
    pub fn iter_from<'a>(&'a self, start: usize, nodes: &'a [Node]) -> Events<'a> {
        let m = (start / MARK_EVERY).min(self.marks.len().saturating_sub(1));
        let state = self.marks.get(m).copied().unwrap_or_default();
        let mut it = Events { log: self, nodes, step: m * MARK_EVERY, state };
        while it.step < start.min(self.len()) {
            it.next();
        }
        it
    }

    /// Writes every event as it is stored, its code byte (as a number) and then its numbers,
    /// into `sink`: the compact trace file's events, which [`Decoder`] reads back.
    pub(crate) fn transcode<W: Sink>(&self, nodes: &[Node], sink: &mut W) {
        let mut state = State::default();
        for &byte in &self.codes {
            sink.num(byte as u64);
            let code = CODES[(byte & KIND) as usize];
            let mut tee =
                Tee { reader: Reader { bytes: &self.bytes, at: state.offset as usize }, sink: &mut *sink };
            let e = decode(code, byte, &state, &mut tee);
            state.offset = tee.reader.at as u64;
            advance(&mut state, &e, nodes);
        }
    }

    fn decode_at(&self, step: usize, state: &mut State, nodes: &[Node]) -> Event {
        let byte = self.codes[step];
        let code = CODES[(byte & KIND) as usize];
        let mut r = Reader { bytes: &self.bytes, at: state.offset as usize };
        let e = decode(code, byte, state, &mut r);
        advance(state, &e, nodes);
        state.offset = r.at as u64;
        e
    }
}

/// Decodes what [`EventLog::transcode`] wrote, one code byte and its numbers at a time.
#[derive(Default)]
pub(crate) struct Decoder {
    state: State,
}

impl Decoder {
    /// The event with code byte `byte`, its numbers read from `source`; `None` for a byte that
    /// is no event code.
    pub(crate) fn next<R: Source>(&mut self, byte: u8, nodes: &[Node], source: &mut R) -> Option<Event> {
        let code = *CODES.get((byte & KIND) as usize)?;
        let e = decode(code, byte, &self.state, source);
        advance(&mut self.state, &e, nodes);
        Some(e)
    }
}

/// The event codes a compact trace file uses, by number (the low five bits of a code byte):
/// each kind's name and the variant it stands for (docs/trace-format.md lists them).
pub fn compact_codes() -> Vec<(u8, &'static str, &'static str)> {
    CODES
        .iter()
        .map(|&c| {
            let variant = match c {
                Code::Eval => "depth limit",
                Code::EvalTerminal => "terminal",
                Code::CutoffAlpha => "α",
                Code::CutoffBeta => "β",
                Code::ExitExact | Code::PassEndExact | Code::TtHitExact | Code::TtStoreExact => "exact",
                Code::ExitLower | Code::PassEndLower | Code::TtHitLower | Code::TtStoreLower => "lower",
                Code::ExitUpper | Code::PassEndUpper | Code::TtHitUpper | Code::TtStoreUpper => "upper",
                Code::PassStartIteration => "iteration",
                Code::PassStartProbe => "probe",
                Code::PassStartAspiration => "aspiration",
                _ => "",
            };
            (c as u8, code_kind(c).name(), variant)
        })
        .collect()
}

/// An iterator over an [`EventLog`]'s events.
pub struct Events<'a> {
    log: &'a EventLog,
    nodes: &'a [Node],
    step: usize,
    state: State,
}

impl Iterator for Events<'_> {
    type Item = Event;
    fn next(&mut self) -> Option<Event> {
        if self.step >= self.log.len() {
            return None;
        }
        let e = self.log.decode_at(self.step, &mut self.state, self.nodes);
        self.step += 1;
        Some(e)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.log.len() - self.step;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Events<'_> {}

fn code_kind(code: Code) -> EventKind {
    match code {
        Code::Enter => EventKind::Enter,
        Code::Research => EventKind::Research,
        Code::Eval | Code::EvalTerminal => EventKind::Eval,
        Code::Update => EventKind::Update,
        Code::CutoffAlpha | Code::CutoffBeta => EventKind::Cutoff,
        Code::ExitExact | Code::ExitLower | Code::ExitUpper => EventKind::Exit,
        Code::PassStartIteration | Code::PassStartProbe | Code::PassStartAspiration => EventKind::PassStart,
        Code::PassEndExact | Code::PassEndLower | Code::PassEndUpper => EventKind::PassEnd,
        Code::TtProbe => EventKind::TtProbe,
        Code::TtHitExact | Code::TtHitLower | Code::TtHitUpper => EventKind::TtHit,
        Code::TtStoreExact | Code::TtStoreLower | Code::TtStoreUpper => EventKind::TtStore,
        Code::Iteration => EventKind::Iteration,
        Code::Select => EventKind::Select,
        Code::Expand => EventKind::Expand,
        Code::Simulate => EventKind::Simulate,
        Code::Backprop => EventKind::Backprop,
        Code::StandPat => EventKind::StandPat,
        Code::Order => EventKind::Order,
    }
}

/// Writes `e`'s data and returns its code byte.
#[inline(always)]
fn encode<W: Sink>(e: &Event, s: &State, w: &mut W) -> u8 {
    let (code, node, second) = match *e {
        Event::Enter { node, .. } => (Code::Enter, node, NONE),
        Event::Research { node, .. } => (Code::Research, node, NONE),
        Event::Eval { node, terminal, .. } => {
            (if terminal { Code::EvalTerminal } else { Code::Eval }, node, NONE)
        }
        Event::Update { node, child, .. } => (Code::Update, node, child),
        Event::Cutoff { node, cut, child, .. } => {
            (if cut == CutKind::Alpha { Code::CutoffAlpha } else { Code::CutoffBeta }, node, child)
        }
        Event::Exit { node, bound, .. } => {
            (bound_code(bound, Code::ExitExact, Code::ExitLower, Code::ExitUpper), node, NONE)
        }
        Event::PassStart { pass_kind, .. } => {
            let code = match pass_kind {
                PassKind::Iteration => Code::PassStartIteration,
                PassKind::Probe => Code::PassStartProbe,
                PassKind::Aspiration => Code::PassStartAspiration,
            };
            (code, s.top, NONE)
        }
        Event::PassEnd { bound, .. } => {
            (bound_code(bound, Code::PassEndExact, Code::PassEndLower, Code::PassEndUpper), s.top, NONE)
        }
        Event::TtProbe { node, .. } => (Code::TtProbe, node, NONE),
        Event::TtHit { node, bound, .. } => {
            (bound_code(bound, Code::TtHitExact, Code::TtHitLower, Code::TtHitUpper), node, NONE)
        }
        Event::TtStore { node, bound, .. } => {
            (bound_code(bound, Code::TtStoreExact, Code::TtStoreLower, Code::TtStoreUpper), node, NONE)
        }
        Event::Iteration { node, .. } => (Code::Iteration, node, NONE),
        Event::Select { node, child, .. } => (Code::Select, node, child),
        Event::Expand { node, child } => (Code::Expand, node, child),
        Event::Simulate { node, .. } => (Code::Simulate, node, NONE),
        Event::Backprop { node, .. } => (Code::Backprop, node, NONE),
        Event::StandPat { node, .. } => (Code::StandPat, node, NONE),
        Event::Order { node, .. } => (Code::Order, node, NONE),
    };
    let (want_node, want_second) = implied(code, s);
    let mut byte = code as u8;
    if node != want_node {
        byte |= OWN_NODE;
        w.id(node);
    }
    if second != want_second {
        byte |= OWN_CHILD;
        w.id(second);
    }
    match *e {
        Event::Enter { alpha, beta, .. } | Event::Research { alpha, beta, .. } => {
            if (alpha, beta) == (Score::NEG_INF, Score::INF) {
                byte |= SHORT;
            } else {
                w.score(alpha);
                w.score(beta);
            }
        }
        Event::Eval { value, .. } => w.score(value),
        Event::Exit { value, .. } => {
            if value == s.last_value {
                byte |= SHORT;
            } else {
                w.score(value);
            }
        }
        Event::Update { value, alpha, beta, .. } => {
            if value == s.last_value {
                byte |= SHORT;
            } else {
                w.score(value);
            }
            w.score(alpha);
            w.score(beta);
        }
        Event::Cutoff { alpha, beta, bound_from, pruned, created, .. } => {
            w.score(alpha);
            w.score(beta);
            w.opt(bound_from);
            w.num(pruned as u64);
            w.num(created as u64);
        }
        Event::PassStart { pass, depth, alpha, beta, .. } => {
            w.num(pass as u64);
            w.opt_num(depth);
            w.score(alpha);
            w.score(beta);
        }
        Event::PassEnd { pass, value, .. } => {
            w.num(pass as u64);
            w.score(value);
        }
        Event::TtProbe { key, .. } => w.num(key),
        Event::TtHit { from, value, depth, .. } => {
            w.opt(from);
            w.score(value);
            w.num(depth as u64);
        }
        Event::TtStore { value, depth, .. } => {
            w.score(value);
            w.num(depth as u64);
        }
        Event::Iteration { iteration, .. } => w.num(iteration as u64),
        Event::Select { visits, total, uct, .. } => {
            w.num(visits as u64);
            w.float(total);
            w.float(uct);
        }
        Event::Expand { .. } => {}
        Event::Simulate { length, result, .. } => {
            w.num(length as u64);
            w.float(result);
        }
        Event::Backprop { visits, total, .. } => {
            w.num(visits as u64);
            w.float(total);
        }
        Event::StandPat { value, alpha, beta, .. } => {
            w.score(value);
            w.score(alpha);
            w.score(beta);
        }
        Event::Order { index, reason, depth, score, .. } => {
            w.num(index as u64);
            w.num(reason.code() as u64);
            w.num(depth as u64);
            w.num(score);
        }
    }
    byte
}

fn decode<R: Source>(code: Code, byte: u8, s: &State, r: &mut R) -> Event {
    let (want_node, want_second) = implied(code, s);
    let node = if byte & OWN_NODE != 0 { r.id() } else { want_node };
    let second = if byte & OWN_CHILD != 0 { r.id() } else { want_second };
    let short = byte & SHORT != 0;
    let window = |r: &mut R| if short { (Score::NEG_INF, Score::INF) } else { (r.score(), r.score()) };
    let value = |r: &mut R| if short { s.last_value } else { r.score() };
    match code {
        Code::Enter => {
            let (alpha, beta) = window(r);
            Event::Enter { node, alpha, beta }
        }
        Code::Research => {
            let (alpha, beta) = window(r);
            Event::Research { node, alpha, beta }
        }
        Code::Eval | Code::EvalTerminal => {
            Event::Eval { node, value: r.score(), terminal: code == Code::EvalTerminal }
        }
        Code::Update => {
            Event::Update { node, child: second, value: value(r), alpha: r.score(), beta: r.score() }
        }
        Code::CutoffAlpha | Code::CutoffBeta => Event::Cutoff {
            node,
            cut: if code == Code::CutoffAlpha { CutKind::Alpha } else { CutKind::Beta },
            child: second,
            alpha: r.score(),
            beta: r.score(),
            bound_from: r.opt(),
            pruned: r.small(),
            created: r.small(),
        },
        Code::ExitExact | Code::ExitLower | Code::ExitUpper => {
            Event::Exit { node, value: value(r), bound: code_bound(code, Code::ExitExact, Code::ExitLower) }
        }
        Code::PassStartIteration | Code::PassStartProbe | Code::PassStartAspiration => Event::PassStart {
            pass: r.small(),
            pass_kind: match code {
                Code::PassStartIteration => PassKind::Iteration,
                Code::PassStartProbe => PassKind::Probe,
                _ => PassKind::Aspiration,
            },
            depth: r.opt_num(),
            alpha: r.score(),
            beta: r.score(),
        },
        Code::PassEndExact | Code::PassEndLower | Code::PassEndUpper => Event::PassEnd {
            pass: r.small(),
            value: r.score(),
            bound: code_bound(code, Code::PassEndExact, Code::PassEndLower),
        },
        Code::TtProbe => Event::TtProbe { node, key: r.num() },
        Code::TtHitExact | Code::TtHitLower | Code::TtHitUpper => Event::TtHit {
            node,
            from: r.opt(),
            value: r.score(),
            bound: code_bound(code, Code::TtHitExact, Code::TtHitLower),
            depth: r.small(),
        },
        Code::TtStoreExact | Code::TtStoreLower | Code::TtStoreUpper => Event::TtStore {
            node,
            value: r.score(),
            bound: code_bound(code, Code::TtStoreExact, Code::TtStoreLower),
            depth: r.small(),
        },
        Code::Iteration => Event::Iteration { node, iteration: r.small() },
        Code::Select => {
            Event::Select { node, child: second, visits: r.small(), total: r.float(), uct: r.float() }
        }
        Code::Expand => Event::Expand { node, child: second },
        Code::Simulate => Event::Simulate { node, length: r.small(), result: r.float() },
        Code::Backprop => Event::Backprop { node, visits: r.small(), total: r.float() },
        Code::StandPat => Event::StandPat { node, value: r.score(), alpha: r.score(), beta: r.score() },
        Code::Order => Event::Order {
            node,
            index: r.small(),
            reason: OrderReason::from_code(r.small()),
            depth: r.small(),
            score: r.num(),
        },
    }
}

/// Moves the shape state past `e`: which node is on top, which returned last, which id is next.
#[inline(always)]
fn advance(s: &mut State, e: &Event, nodes: &[Node]) {
    let parent = |id: NodeId| nodes.get(id as usize).map_or(NONE, |n| n.parent);
    match *e {
        Event::Enter { node, .. } => {
            if node >= s.next_id && node != NONE {
                s.next_id = node + 1;
            }
            s.top = node;
        }
        Event::Research { node, .. } | Event::Iteration { node, .. } => s.top = node,
        Event::Cutoff { created, .. } => s.next_id = s.next_id.saturating_add(created),
        Event::Exit { node, value, .. } => {
            s.last_exit = node;
            s.last_value = value;
            s.top = parent(node);
        }
        Event::Backprop { node, .. } => {
            s.last_exit = node;
            s.top = parent(node);
        }
        Event::Eval { value, .. } | Event::StandPat { value, .. } => s.last_value = value,
        Event::PassStart { .. } => s.top = NONE,
        Event::Select { child, .. } => s.top = child,
        Event::Expand { child, .. } => {
            if child >= s.next_id && child != NONE {
                s.next_id = child + 1;
            }
            s.top = child;
        }
        Event::Update { .. }
        | Event::PassEnd { .. }
        | Event::TtProbe { .. }
        | Event::TtHit { .. }
        | Event::TtStore { .. }
        | Event::Simulate { .. }
        | Event::Order { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abviz_core::Player;

    fn node(parent: NodeId) -> Node {
        Node { parent, label: NONE, index: 0, depth: 0, player: Player::Max, pruned: false }
    }

    #[test]
    fn scores_round_trip_in_few_bytes() {
        for v in [
            Score::INF,
            Score::NEG_INF,
            Score::from(0),
            Score::from(-1),
            Score::from(1),
            Score::from(62),
            Score::from(-63),
        ] {
            assert!(score_code(v) < 0x80, "{v:?} takes one byte");
            assert_eq!(code_score(score_code(v)), v);
        }
        for v in [Score::from(Score::MAX_FINITE), Score::from(-Score::MAX_FINITE), Score::from(-12345)] {
            assert_eq!(code_score(score_code(v)), v);
        }
        // The codes the format documents: ±∞ first, then the 64-bit zig-zag of the value + 2.
        assert_eq!((score_code(Score::INF), score_code(Score::NEG_INF)), (0, 1));
        for raw in [0, 1, -1, 63, -64, 1000, -1000, Score::MAX_FINITE, -Score::MAX_FINITE] {
            let v = raw as i64;
            assert_eq!(score_code(Score::from(raw)), (((v << 1) ^ (v >> 63)) as u64) + 2, "{raw}");
        }
    }

    #[test]
    fn every_kind_round_trips_through_the_log() {
        // Root 0 with children 1 and 2; 2 is pruned with one more node below it (3).
        let nodes = vec![node(NONE), node(0), node(0), node(2), node(0)];
        let events = vec![
            Event::PassStart {
                pass: 0,
                pass_kind: PassKind::Iteration,
                depth: Some(2),
                alpha: Score::NEG_INF,
                beta: Score::INF,
            },
            Event::Enter { node: 0, alpha: Score::NEG_INF, beta: Score::INF },
            Event::TtProbe { node: 0, key: 0xdead_beef_f00d },
            Event::Enter { node: 1, alpha: Score::NEG_INF, beta: Score::INF },
            Event::Eval { node: 1, value: 5.into(), terminal: true },
            Event::Exit { node: 1, value: 5.into(), bound: Bound::Exact },
            Event::Research { node: 1, alpha: 4.into(), beta: Score::INF },
            Event::Exit { node: 1, value: 5.into(), bound: Bound::Lower },
            Event::Update { node: 0, child: 1, value: 5.into(), alpha: 5.into(), beta: Score::INF },
            Event::Cutoff {
                node: 0,
                cut: CutKind::Beta,
                child: 1,
                alpha: 5.into(),
                beta: 3.into(),
                bound_from: None,
                pruned: 1,
                created: 2,
            },
            Event::TtHit { node: 0, from: Some(1), value: 5.into(), bound: Bound::Lower, depth: 3 },
            Event::TtStore { node: 0, value: 5.into(), bound: Bound::Lower, depth: 3 },
            Event::Exit { node: 0, value: 5.into(), bound: Bound::Lower },
            Event::PassEnd { pass: 0, value: 5.into(), bound: Bound::Lower },
            Event::Iteration { node: 0, iteration: 7 },
            Event::Select { node: 0, child: 1, visits: 3, total: 1.5, uct: 1.25 },
            Event::Expand { node: 1, child: 4 },
            Event::Simulate { node: 4, length: 9, result: 0.5 },
            Event::Backprop { node: 4, visits: 1, total: 0.5 },
            Event::Backprop { node: 1, visits: 4, total: 2.0 },
            Event::Order { node: 0, index: 0, reason: OrderReason::Tt, depth: 2, score: 0 },
            Event::Order { node: 0, index: 1, reason: OrderReason::Killer, depth: 0, score: 0 },
            Event::Order { node: 0, index: 2, reason: OrderReason::History, depth: 0, score: 1 << 40 },
        ];
        let mut log = EventLog::new();
        for e in &events {
            log.push(e, &nodes);
        }
        let back: Vec<Event> = log.iter(&nodes).collect();
        assert_eq!(back, events);
        for (k, e) in events.iter().enumerate() {
            assert_eq!(&log.get(k, &nodes), e, "step {k}");
            assert_eq!(log.kind(k), e.kind());
        }
        // The implied ids cost nothing: enter, eval, exit and update write no node id.
        let simple: &[u8] = &log.codes[3..6];
        assert!(simple.iter().all(|c| c & (OWN_NODE | OWN_CHILD) == 0), "{simple:?}");
    }

    /// Counts the bytes an event's numbers take, as [`Writer`] writes them.
    struct Count(usize);

    impl Sink for Count {
        fn num(&mut self, mut v: u64) {
            self.0 += 1;
            while v >= 0x80 {
                self.0 += 1;
                v >>= 7;
            }
        }
        fn id(&mut self, id: NodeId) {
            self.num(id as u64);
        }
        fn score(&mut self, s: Score) {
            self.num(score_code(s));
        }
        fn float(&mut self, _: f64) {
            self.0 += 8;
        }
        fn opt(&mut self, id: Option<NodeId>) {
            self.num(id.map_or(0, |i| i as u64 + 1));
        }
        fn opt_num(&mut self, v: Option<u32>) {
            self.num(v.map_or(0, |d| d as u64 + 1));
        }
    }

    /// The longest event of `kind`: every number at its largest, every id written out. The
    /// match has no catch-all, so a new kind must say what its longest is.
    fn longest(kind: EventKind) -> Event {
        let (id, big, wide) = (NONE - 1, Score::from(-Score::MAX_FINITE), u32::MAX);
        match kind {
            EventKind::Enter => Event::Enter { node: id, alpha: big, beta: big },
            EventKind::Research => Event::Research { node: id, alpha: big, beta: big },
            EventKind::Eval => Event::Eval { node: id, value: big, terminal: true },
            EventKind::Update => Event::Update { node: id, child: id, value: big, alpha: big, beta: big },
            EventKind::Cutoff => Event::Cutoff {
                node: id,
                cut: CutKind::Alpha,
                child: id,
                alpha: big,
                beta: big,
                bound_from: Some(id),
                pruned: wide,
                created: wide,
            },
            EventKind::Exit => Event::Exit { node: id, value: big, bound: Bound::Upper },
            EventKind::PassStart => Event::PassStart {
                pass: wide,
                pass_kind: PassKind::Iteration,
                depth: Some(wide - 1),
                alpha: big,
                beta: big,
            },
            EventKind::PassEnd => Event::PassEnd { pass: wide, value: big, bound: Bound::Upper },
            EventKind::TtProbe => Event::TtProbe { node: id, key: u64::MAX },
            EventKind::TtHit => {
                Event::TtHit { node: id, from: Some(id), value: big, bound: Bound::Upper, depth: wide }
            }
            EventKind::TtStore => Event::TtStore { node: id, value: big, bound: Bound::Upper, depth: wide },
            EventKind::Iteration => Event::Iteration { node: id, iteration: wide },
            EventKind::Select => Event::Select { node: id, child: id, visits: wide, total: 1.0, uct: 1.0 },
            EventKind::Expand => Event::Expand { node: id, child: id },
            EventKind::Simulate => Event::Simulate { node: id, length: wide, result: 1.0 },
            EventKind::Backprop => Event::Backprop { node: id, visits: wide, total: 1.0 },
            EventKind::StandPat => Event::StandPat { node: id, value: big, alpha: big, beta: big },
            EventKind::Order => Event::Order {
                node: id,
                index: wide,
                reason: OrderReason::History,
                depth: wide,
                score: u64::MAX,
            },
        }
    }

    /// `EventLog::push` writes an event into `MAX_EVENT_BYTES` of reserved room without checking
    /// (in a release build): no event may take more, whatever its numbers.
    #[test]
    fn no_event_outgrows_the_room_push_reserves() {
        use EventKind::*;
        let kinds = [
            Enter, Research, Eval, Update, Cutoff, Exit, PassStart, PassEnd, TtProbe, TtHit, TtStore,
            Iteration, Select, Expand, Simulate, Backprop, StandPat, Order,
        ];
        let mut most = 0;
        for kind in kinds {
            let e = longest(kind);
            assert_eq!(e.kind(), kind);
            let mut count = Count(0);
            encode(&e, &State::default(), &mut count);
            assert!(count.0 <= MAX_EVENT_BYTES, "{kind:?} takes {} bytes", count.0);
            most = most.max(count.0);
            // And the log stores it as it is.
            let nodes = vec![node(NONE)];
            let mut log = EventLog::new();
            log.push(&e, &nodes);
            assert_eq!(log.bytes.len(), count.0, "{kind:?}");
        }
        assert_eq!(most, 35, "the longest event (a cutoff)");
    }

    #[test]
    fn random_access_across_marks() {
        // A chain of 300 nodes entered and left: marks every 64 events.
        let n = 300u32;
        let nodes: Vec<Node> = (0..n).map(|i| node(if i == 0 { NONE } else { i - 1 })).collect();
        let mut events = Vec::new();
        for i in 0..n {
            events.push(Event::Enter { node: i, alpha: Score::from(i as i32), beta: Score::INF });
        }
        for i in (0..n).rev() {
            events.push(Event::Exit { node: i, value: Score::from(-(i as i32)), bound: Bound::Exact });
            if i > 0 {
                events.push(Event::Update {
                    node: i - 1,
                    child: i,
                    value: Score::from(-(i as i32)),
                    alpha: Score::from(i as i32),
                    beta: Score::INF,
                });
            }
        }
        let mut log = EventLog::new();
        for e in &events {
            log.push(e, &nodes);
        }
        for k in (0..events.len()).rev() {
            assert_eq!(log.get(k, &nodes), events[k], "step {k}");
        }
        assert!(log.bytes.len() < events.len() * 4, "{} bytes for {} events", log.bytes.len(), events.len());
    }
}
