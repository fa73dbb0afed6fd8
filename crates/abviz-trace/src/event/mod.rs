//! The event vocabulary: what a search did, one step at a time, each event with its numbers.
//!
//! Every kind of event is declared once, in the event table (`event/events.table`): its fields
//! and their JSON names, its compact code, the [`Observer`] hook that reports it, what it does
//! to the stack of executing nodes, the pseudocode role it executes, its sentence and its line
//! in docs/trace-format.md. The generator (`event/generate.rs`, a unit test) turns the table
//! into checked-in code: [`Event`] and [`EventKind`] (`event/kinds.rs`), the log's codec
//! (`event/codec.rs`), the observer trait and its plumbing (`observer/hooks.rs`) and each kind's
//! sentence (`narration/kinds.rs`); the compact trace file, the timeline, the narration and the
//! page read the kind's facts from there.
//!
//! [`Event`] is what views read: the window on entry, the value and window after an update, the
//! α and β of a cutoff test, the returned value and its bound, re-searches, root passes,
//! transposition-table probes, hits and stores, the four phases of MCTS and the reasons of move
//! ordering. Values and windows are from MAX's point of view (the recorder converts the negamax
//! family's).
//!
//! [`EventLog`] stores the events compactly: one code byte per event, then variable-length
//! numbers, and node ids only where they are not the ones the search's shape implies (the new
//! node for an enter, the node on top of the stack otherwise, the child that just returned for
//! an update). A mark every [`MARK_EVERY`] events keeps random access cheap: [`EventLog::get`]
//! decodes at most that many events.

mod codec;
pub mod docs;
#[cfg(test)]
mod generate;
mod kinds;
mod log;
pub(crate) mod wire;

pub use crate::observer::Observer;
pub(crate) use codec::{advance, decode, encode};
pub(crate) use kinds::CODE_KINDS;
pub use kinds::{Event, EventKind};
pub(crate) use log::Decoder;
pub use log::{BadEvent, EventLog, Events, compact_codes};
pub use wire::{CodeField, Coded};
pub(crate) use wire::{Sink, Source};

use crate::node::NodeId;
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
        Self::JSON[self as usize]
    }
}

impl CodeField for PassKind {
    const COUNT: usize = 3;
    const JSON: &'static [&'static str] = &["iteration", "probe", "aspiration"];
    fn index(self) -> u8 {
        self as u8
    }
    fn from_index(i: u8) -> Self {
        match i {
            0 => PassKind::Iteration,
            1 => PassKind::Probe,
            _ => PassKind::Aspiration,
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
        Self::NAMES[self as usize]
    }
}

impl Coded for OrderReason {
    const NAMES: &'static [&'static str] = &["tt", "killer", "history"];
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

impl Coded for crate::node::StarCut {
    const NAMES: &'static [&'static str] = &["alpha", "beta", "probe"];
    fn code(self) -> u32 {
        self as u32
    }
    fn from_code(code: u32) -> Self {
        match code {
            0 => crate::node::StarCut::Alpha,
            1 => crate::node::StarCut::Beta,
            _ => crate::node::StarCut::Probe,
        }
    }
}

/// How many children of a node at most get an [`Event::Order`] (the first in search order).
pub const ORDER_REASONS: usize = 3;

/// Events between two marks of an [`EventLog`].
pub const MARK_EVERY: usize = 64;

/// What an event does to the stack of executing nodes (its *timeline effect*, declared in the
/// event table): the timeline keeps the stack with each frame's window, the log's decoder the
/// node on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The node is entered (or a selected or new child): it executes now.
    Push(NodeId),
    /// Everything returns and this root executes again (an MCTS iteration).
    Restart(NodeId),
    /// Nothing executes: a new root search begins.
    Clear,
    /// The node returns to its parent.
    Pop(NodeId),
    /// The node hands over to its parent, but a root stays (MCTS backpropagation).
    PopToRoot(NodeId),
    /// The stack stays as it is.
    Stay,
}

/// Where a hook the event table marks `records` is reported: the node executing and the child
/// that returned to it last ([`crate::NONE`] if none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Here {
    /// The node executing.
    pub node: NodeId,
    /// Its child that returned last.
    pub child: NodeId,
}

/// One field of an event kind, as the event table declares it ([`EventKind::fields`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldInfo {
    /// Its name in JSON (and in sentence templates).
    pub name: &'static str,
    /// How the compact layout writes it.
    pub wire: Wire,
    /// When it is left out of a short event.
    pub short: Short,
    /// It becomes the last value (what a short exit or update carries next).
    pub keep: bool,
    /// A count of nodes recorded with the event (the next new id moves past them).
    pub creates: bool,
    /// A code field's names of its codes ("exact", "lower", "upper"); empty otherwise.
    pub codes: &'static [&'static str],
    /// An enum field's values as JSON writes them; empty otherwise.
    pub values: &'static [&'static str],
}

/// How the compact layout writes a field (docs/trace-format.md, "Compact layout").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wire {
    /// The node the event is about: written only when it is not the one implied.
    Node(Implied),
    /// Its second node: written only when it is not the one implied.
    Child(Implied),
    /// Told by the code byte.
    Code,
    /// A score code.
    Score,
    /// A count that fits 32 bits.
    Small,
    /// A count or a key (64 bits).
    Num,
    /// A floating-point number (8 bytes).
    Float,
    /// An optional node id: 0 for none, id + 1 otherwise.
    OptId,
    /// An optional count: 0 for none, v + 1 otherwise.
    OptNum,
    /// An enum's code.
    Coded,
}

/// The node the shape of the search implies for an event's node or child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Implied {
    /// The node on top of the stack.
    Top,
    /// The next new id.
    Next,
    /// The node that returned last.
    Last,
    /// None: it is always written.
    Never,
}

/// When a field is left out of a short event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Short {
    /// Never.
    Never,
    /// When the window is [−∞, +∞].
    Open,
    /// When it equals the last value evaluated or returned.
    Last,
}

impl EventKind {
    /// The names of its compact codes' variants ("exact", "lower", "upper"); empty when it has
    /// one code.
    pub fn code_names(self) -> &'static [&'static str] {
        self.fields().iter().find(|f| f.wire == Wire::Code).map_or(&[], |f| f.codes)
    }

    /// Its compact codes (the first, and one more per further variant).
    pub fn codes(self) -> std::ops::Range<u8> {
        self.code()..self.code() + self.code_names().len().max(1) as u8
    }
}
