//! How an event's numbers are written: the code byte's flags, score codes, the [`Sink`] and
//! [`Source`] every encoding goes through (the log's bytes, a compact trace file), and the two
//! traits that turn a field's value into a code: [`CodeField`] (a value the code byte itself
//! tells, such as a bound) and [`Coded`] (an enum written as a small number).

use crate::node::{Bound, CutKind, NONE, NodeId};
use abviz_core::Score;

/// Code byte flag: the node is written out.
pub(crate) const OWN_NODE: u8 = 0x80;
/// Code byte flag: the second node (an update's or cutoff's child, an expansion's new node) is
/// written out.
pub(crate) const OWN_CHILD: u8 = 0x40;
/// Code byte flag: the event is short (an open window, or the last value, left out).
pub(crate) const SHORT: u8 = 0x20;
/// The code byte's low bits: the event code.
pub(crate) const KIND: u8 = 0x1f;

/// A field whose value the code byte tells (its kind's code plus the value's index), so it costs
/// no byte of its own: a bound, a cutoff's kind, a pass's kind, whether a leaf is terminal.
pub trait CodeField: Copy {
    /// How many values (codes) it takes.
    const COUNT: usize;
    /// Its values as JSON writes them (empty for `bool`).
    const JSON: &'static [&'static str];
    /// The value's index, from 0.
    fn index(self) -> u8;
    /// The value with index `i` (the last one for a larger `i`).
    fn from_index(i: u8) -> Self;
}

impl CodeField for bool {
    const COUNT: usize = 2;
    const JSON: &'static [&'static str] = &[];
    fn index(self) -> u8 {
        u8::from(self)
    }
    fn from_index(i: u8) -> Self {
        i != 0
    }
}

impl CodeField for Bound {
    const COUNT: usize = 3;
    const JSON: &'static [&'static str] = &["exact", "lower", "upper"];
    fn index(self) -> u8 {
        self as u8
    }
    fn from_index(i: u8) -> Self {
        match i {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
}

impl CodeField for CutKind {
    const COUNT: usize = 2;
    const JSON: &'static [&'static str] = &["alpha", "beta"];
    fn index(self) -> u8 {
        self as u8
    }
    fn from_index(i: u8) -> Self {
        if i == 0 { CutKind::Alpha } else { CutKind::Beta }
    }
}

/// An enum written as a small number (its code); unknown codes read as its last value.
pub trait Coded: Copy {
    /// Its values as JSON writes them, in code order.
    const NAMES: &'static [&'static str];
    /// The value's code.
    fn code(self) -> u32;
    /// The value with code `c`.
    fn from_code(c: u32) -> Self;
}

/// Score codes: +∞ → 0, −∞ → 1, finite values zig-zagged above them (small values: one byte);
/// a decimal value's number of decimals in bits 32–39 and whether it was rounded in bit 40
/// (whole numbers: 0, so their codes are those of plain integers).
///
/// Without a branch: ±∞ are ±`i32::MAX`, whose zig-zags are the two largest 32-bit codes, so
/// adding 2 wraps +∞ round to 0 and leaves −∞ on `u32::MAX`, which becomes 1; finite values
/// (at most `i32::MAX − 1` either way) land on 2 to `u32::MAX − 1`.
#[inline]
pub(crate) fn score_code(s: Score) -> u64 {
    let v = s.raw();
    let c = (((v << 1) ^ (v >> 31)) as u32).wrapping_add(2);
    u64::from(if c == u32::MAX { 1 } else { c })
        | u64::from(s.decimals()) << 32
        | u64::from(s.is_rounded()) << 40
}

pub(crate) fn code_score(c: u64) -> Score {
    match c {
        0 => Score::INF,
        1 => Score::NEG_INF,
        c => {
            let z = (c & u64::from(u32::MAX)) - 2;
            let v = ((z >> 1) as i64) ^ -((z & 1) as i64);
            let s = Score::decimal(v, (c >> 32 & 0xFF) as u8).unwrap_or(Score::INF);
            if c >> 40 & 1 == 1 { s.rounded() } else { s }
        }
    }
}

/// The decoder's state: what the shape of the search implies for the next event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// Where the next event's bytes start.
    pub(crate) offset: u64,
    /// The id the next new node gets.
    pub(crate) next_id: NodeId,
    /// The node on top of the stack (the one executing), or [`NONE`].
    pub(crate) top: NodeId,
    /// The node that returned last (an update's child), or [`NONE`].
    pub(crate) last_exit: NodeId,
    /// The value of the last evaluation or return (what an exit after an evaluation, or an
    /// update after an exit, usually carries).
    pub(crate) last_value: Score,
}

impl Default for State {
    fn default() -> Self {
        State { offset: 0, next_id: 0, top: NONE, last_exit: NONE, last_value: Score::NEG_INF }
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

/// More bytes than one event takes: [`crate::EventLog::push`] reserves this much room for each
/// event. The longest is a cutoff: seven numbers of at most 32 bits, 5 bytes each (a selection
/// takes 31, an order 26).
pub(crate) const MAX_EVENT_BYTES: usize = 48;

/// Writes an event's numbers into the log's bytes, whose capacity [`crate::EventLog::push`]
/// reserved beforehand (more than any event takes): unchecked, since callgrind counts a safe
/// `Vec::push` per byte at 357 instructions per recorded minimax node against 332 (440 against
/// 395 for alpha-beta, full tic-tac-toe, examples/record_cost.rs).
pub(crate) struct Writer {
    pub(crate) at: *mut u8,
    pub(crate) len: usize,
}

impl Writer {
    #[inline(always)]
    fn byte(&mut self, b: u8) {
        debug_assert!(self.len < MAX_EVENT_BYTES);
        // SAFETY: `at` points at MAX_EVENT_BYTES bytes of spare capacity and no event writes
        // more (a test in event/log.rs checks every kind's longest event).
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
    #[inline(always)]
    fn float(&mut self, f: f64) {
        for b in f.to_le_bytes() {
            self.byte(b);
        }
    }
    /// An optional node id: 0 for none, id + 1 otherwise.
    #[inline(always)]
    fn opt(&mut self, id: Option<NodeId>) {
        self.num(id.map_or(0, |i| i as u64 + 1));
    }
    /// 0 for none, v + 1 otherwise.
    #[inline(always)]
    fn opt_num(&mut self, v: Option<u32>) {
        self.num(v.map_or(0, |d| d as u64 + 1));
    }
}

/// Reads an event's numbers from the log's bytes.
pub(crate) struct Reader<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) at: usize,
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
pub(crate) struct Tee<'a, 'w, W> {
    pub(crate) reader: Reader<'a>,
    pub(crate) sink: &'w mut W,
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

/// Counts the bytes an event's numbers take, as [`Writer`] writes them.
#[cfg(test)]
pub(crate) struct Count(pub(crate) usize);

#[cfg(test)]
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
