//! [`EventLog`]: a trace's events, stored compactly (see the module documentation of
//! [`crate::event`]), and the decoder the compact trace file shares with it.

use super::wire::{KIND, MAX_EVENT_BYTES, Reader, Sink, Source, State, Tee, Writer};
use super::{CODE_KINDS, Event, EventKind, MARK_EVERY, advance, decode, encode};
use crate::node::{Node, NodeId};

/// The compact store of a trace's events (see the module documentation of [`crate::event`]).
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

    /// Gives back the spare capacity (a finished recording keeps only what it holds); the next
    /// push makes room again.
    pub fn shrink_to_fit(&mut self) {
        self.codes.shrink_to_fit();
        self.bytes.shrink_to_fit();
        self.marks.shrink_to_fit();
        self.room_until = self.codes.len();
    }

    /// Appends `e`; `nodes` are the trace's nodes so far (an exit moves to the parent).
    #[inline(always)]
    pub fn push(&mut self, e: &Event, nodes: &[Node]) {
        if self.codes.len() == self.room_until {
            self.make_room();
        }
        let (start, n) = (self.bytes.len(), self.codes.len());
        // SAFETY: `make_room` reserved MAX_EVENT_BYTES bytes and one code for each event.
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
        CODE_KINDS[(self.codes[step] & KIND) as usize].expect("the log holds event codes only")
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
            let mut tee =
                Tee { reader: Reader { bytes: &self.bytes, at: state.offset as usize }, sink: &mut *sink };
            let e = decode(byte, &state, &mut tee).expect("the log holds event codes only");
            state.offset = tee.reader.at as u64;
            advance(&mut state, &e, nodes);
        }
    }

    fn decode_at(&self, step: usize, state: &mut State, nodes: &[Node]) -> Event {
        let byte = self.codes[step];
        let mut r = Reader { bytes: &self.bytes, at: state.offset as usize };
        let e = decode(byte, state, &mut r).expect("the log holds event codes only");
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
        let e = decode(byte, &self.state, source)?;
        advance(&mut self.state, &e, nodes);
        Some(e)
    }
}

/// The event codes a compact trace file uses, in order (the low five bits of a code byte): each
/// kind's name and the variant it stands for (docs/trace-format.md lists them).
pub fn compact_codes() -> Vec<(u8, &'static str, &'static str)> {
    let mut codes: Vec<(u8, &'static str, &'static str)> = EventKind::ALL
        .iter()
        .flat_map(|&kind| {
            let names = kind.code_names();
            kind.codes().map(move |c| {
                (c, kind.name(), names.get(usize::from(c - kind.code())).copied().unwrap_or(""))
            })
        })
        .collect();
    codes.sort_by_key(|c| c.0);
    codes
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

#[cfg(test)]
mod tests {
    use super::super::codec::longest;
    use super::super::wire::{Count, OWN_CHILD, OWN_NODE, code_score, score_code};
    use super::super::{OrderReason, PassKind};
    use super::*;
    use crate::node::{Bound, CutKind, NONE};
    use abviz_core::{Player, Score};

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
            Event::Killer { node: 0, child: 1, ply: 0 },
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
            Event::StandPat { node: 0, value: 2.into(), alpha: 2.into(), beta: Score::INF },
            Event::ChanceCut {
                node: 0,
                cut: crate::node::StarCut::Probe,
                child: 1,
                bound: 3.into(),
                alpha: Score::NEG_INF,
                beta: 7.into(),
                bound_from: Some(0),
                pruned: 2,
                created: 2,
            },
        ];
        let mut kinds: Vec<EventKind> = events.iter().map(Event::kind).collect();
        kinds.sort_by_key(|k| k.index());
        kinds.dedup();
        assert_eq!(kinds, EventKind::ALL, "every kind is here");
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
        // Nor does the killer after the cutoff: one code and its ply.
        let killer = events.iter().position(|e| e.kind() == EventKind::Killer).unwrap();
        assert_eq!(log.codes[killer] & (OWN_NODE | OWN_CHILD), 0);
    }

    /// `EventLog::push` reserves `MAX_EVENT_BYTES` of room per event: no event may take more,
    /// whatever its numbers (the longest of each kind comes from the event table).
    #[test]
    fn no_event_outgrows_the_room_push_reserves() {
        let mut most = 0;
        for &kind in EventKind::ALL {
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
            assert_eq!(log.get(0, &nodes), e, "{kind:?}");
        }
        assert_eq!(most, 41, "the longest event (a chance cutoff)");
    }

    #[test]
    fn the_codes_are_the_documented_numbers() {
        // The compact layout's codes are a public interface: the table states each kind's.
        let codes = compact_codes();
        let numbers: Vec<u8> = codes.iter().map(|c| c.0).collect();
        assert_eq!(numbers, (0..codes.len() as u8).collect::<Vec<_>>(), "no gaps");
        assert!(codes.len() <= 32, "the code byte has five bits for the code");
        let named = |n: u8| (codes[n as usize].1, codes[n as usize].2);
        assert_eq!(named(0), ("enter", ""));
        assert_eq!(named(3), ("eval", "terminal"));
        assert_eq!(named(6), ("cutoff", "β"));
        assert_eq!(named(9), ("exit", "upper"));
        assert_eq!(named(12), ("pass-start", "aspiration"));
        assert_eq!(named(29), ("order", ""));
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
