//! The data an HTML page's script reads ([`PageData`]), compact enough for a million nodes:
//! columns of numbers, each packed into a string ([`Packed`]: a few bytes per number, one for
//! most), score texts and move labels interned, node ids on the event columns written as
//! differences from what the step before lets the page expect, names built in the page rather
//! than stored. Each step's sentence is the library's own ([`sentence`]): its template is kept
//! once in a table and the step names it by number, and the page's generic filler
//! (`abvizNarrator` in `assets/narration.js`) fills its slots from the columns, or from the few
//! values a step ships with it. The format is the page's own (not a public one); `abvizDecode`
//! in `assets/narration.js` reads it back into plain columns.

use super::view::View;
use abviz_core::Player;
use abviz_core::Score;
use abviz_trace::columns::SmallColumn;
use abviz_trace::narration::sentence::{Part, Slot, parts, slot_text};
use abviz_trace::narration::{Arg, Sentence, cutoff_child_value, sentence};
use abviz_trace::pseudocode::line_of;
use abviz_trace::summary::NEVER;
use abviz_trace::{Bound, CutKind, Event, EventKind, Grain, NONE, NodeId, Status, Timeline, Trace};
use rustc_hash::FxHashMap;
use serde::{Serialize, Serializer};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

/// The digits of a [`Packed`] number's last group (values 0–31) …
const LAST: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef";
/// … and of the groups before it.
const MORE: &[u8; 32] = b"ghijklmnopqrstuvwxyz0123456789-_";

/// A column of integers packed into one string: each number zigzag-encoded (0, −1, 1, −2 … as
/// 0, 1, 2, 3 …), then written in base 32, lowest group first, the last group from [`LAST`] and
/// the others from [`MORE`] — so 0–15 and −16–−1 take one character and nothing needs escaping.
/// A run of the same number is written once, then [`REPEAT`] and how many more times it comes
/// (unsigned, in the same digits) when that is shorter.
///
/// `T` holds the text: a `String`, or a [`Counter`] that only counts its characters (what a
/// [`Column`] needs of the writing it may not keep).
#[derive(Default)]
pub(super) struct Packed<T = String> {
    text: T,
    /// The last number pushed, and how many times it came again since it was written.
    last: Option<i64>,
    run: u64,
}

/// Where a [`Packed`] column's characters go.
pub(super) trait PackedText: Write + Default {
    /// How many characters it holds.
    fn chars(&self) -> usize;

    /// Makes room for the next number and the repeats before it (at most 27 characters).
    fn room(&mut self) {}

    /// Writes `z` in [`Packed`]'s digits.
    fn put(&mut self, z: u64);

    /// Writes [`REPEAT`].
    fn put_repeat(&mut self);
}

impl PackedText for String {
    fn chars(&self) -> usize {
        self.len()
    }

    fn put(&mut self, z: u64) {
        write_digits(self, z).expect("a String takes text");
    }

    fn put_repeat(&mut self) {
        self.push(REPEAT);
    }

    fn room(&mut self) {
        // Grown by a quarter, not doubled: a page's columns are among the largest buffers it
        // holds at once (a doubled string is a third empty on average).
        if self.capacity() - self.len() < 32 {
            self.reserve_exact((self.len() / 4).max(256));
        }
    }
}

impl PackedText for Counter {
    fn chars(&self) -> usize {
        self.0
    }

    fn put(&mut self, z: u64) {
        self.0 += digits(z) as usize;
    }

    fn put_repeat(&mut self) {
        self.0 += 1;
    }
}

/// The digit that repeats the number before ([`Packed`]).
const REPEAT: char = '~';

/// `z` in [`Packed`]'s digits.
fn write_digits(out: &mut impl std::fmt::Write, mut z: u64) -> std::fmt::Result {
    while z >= 32 {
        out.write_char(MORE[(z & 31) as usize] as char)?;
        z >>= 5;
    }
    out.write_char(LAST[z as usize] as char)
}

/// How many digits `z` takes.
fn digits(mut z: u64) -> u64 {
    let mut n = 1;
    while z >= 32 {
        z >>= 5;
        n += 1;
    }
    n
}

/// Per byte, its digit's value and whether it is a last group's ([`LAST`]: 32 + value) or an
/// earlier one's ([`MORE`]: value); 255 for any other byte.
const DIGIT: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut i = 0;
    while i < 32 {
        t[LAST[i] as usize] = 32 + i as u8;
        t[MORE[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// How a run of one number is written.
enum Run {
    /// [`REPEAT`] and the count.
    Repeat(u64),
    /// The (zigzagged) number, that many times.
    Times(u64, u64),
}

/// Whether a run of `run` repeats of `z` is shorter written as [`REPEAT`] and its length.
fn repeat_is_shorter(run: u64, z: u64) -> bool {
    1 + digits(run) < run * digits(z)
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

impl Packed {
    fn with_capacity(n: usize) -> Packed {
        Packed { text: String::with_capacity(n), ..Packed::default() }
    }

    /// The numbers, in order, as the page's `abvizUnpack` reads them back.
    fn for_each(&self, mut f: impl FnMut(i64)) {
        let (mut z, mut shift, mut repeat, mut last) = (0u64, 0, false, 0i64);
        for b in self.text.bytes() {
            match DIGIT[b as usize] {
                255 => repeat |= b == REPEAT as u8,
                d if d >= 32 => {
                    z |= u64::from(d - 32) << shift;
                    if repeat {
                        (0..z).for_each(|_| f(last));
                    } else {
                        last = (z >> 1) as i64 ^ -((z & 1) as i64);
                        f(last);
                    }
                    (z, shift, repeat) = (0, 0, false);
                }
                d => {
                    z |= u64::from(d) << shift;
                    shift += 5;
                }
            }
        }
        if let Some(v) = self.last {
            (0..self.run).for_each(|_| f(v));
        }
    }

    /// The numbers back (the page's `abvizUnpack`).
    #[cfg(test)]
    pub(super) fn values(&self) -> Vec<i64> {
        let mut out = Vec::new();
        self.for_each(|v| out.push(v));
        out
    }
}

impl<T: PackedText> Packed<T> {
    #[inline]
    fn push(&mut self, v: i64) {
        if self.last == Some(v) {
            self.run += 1;
            return;
        }
        self.text.room();
        self.end_run();
        self.text.put(zigzag(v));
        self.last = Some(v);
    }

    /// The pending repeats of the last number, and how they are written.
    fn pending(&self) -> Option<Run> {
        let v = self.last.filter(|_| self.run > 0)?;
        let z = zigzag(v);
        Some(if repeat_is_shorter(self.run, z) { Run::Repeat(self.run) } else { Run::Times(z, self.run) })
    }

    /// Writes the pending repeats of the last number into `out`.
    fn write_run(&self, out: &mut impl std::fmt::Write) -> std::fmt::Result {
        match self.pending() {
            None => Ok(()),
            Some(Run::Repeat(run)) => {
                out.write_char(REPEAT)?;
                write_digits(out, run)
            }
            Some(Run::Times(z, times)) => (0..times).try_for_each(|_| write_digits(out, z)),
        }
    }

    /// Writes the pending repeats of the last number into the text (as [`Self::write_run`]).
    fn end_run(&mut self) {
        match self.pending() {
            None => {}
            Some(Run::Repeat(run)) => {
                self.text.put_repeat();
                self.text.put(run);
            }
            Some(Run::Times(z, times)) => (0..times).for_each(|_| self.text.put(z)),
        }
        self.run = 0;
    }

    fn is_empty(&self) -> bool {
        self.text.chars() == 0
    }

    /// How many characters it takes.
    fn len(&self) -> usize {
        let mut n = Counter(0);
        self.write_run(&mut n).expect("counting never fails");
        self.text.chars() + n.0
    }
}

/// Counts the characters written to it.
#[derive(Default)]
pub(super) struct Counter(usize);

impl std::fmt::Write for Counter {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

impl std::fmt::Display for Packed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)?;
        self.write_run(f)
    }
}

impl Serialize for Packed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The pending repeats are written after the text, without a copy of it.
        s.collect_str(self)
    }
}

/// A column that the page gets written the shorter of two ways: as it is, and as differences
/// from a reference — per node the node before's number, per step the number of the last step
/// with the same sentence template (steps of one kind repeat their patterns: an evaluation's
/// pseudocode line, how far back its parent frame is). [`PageData::delta`] names the columns
/// written as differences.
///
/// Only the plain writing is kept while the column grows; the differences are only counted,
/// and written from the plain numbers when [`Column::choose`] finds them shorter — one
/// column's second writing at a time, not all of them side by side.
#[derive(Default)]
pub(super) struct Column {
    plain: Packed,
    /// The differences: counted while the column grows, written by [`Column::choose`].
    delta_len: Packed<Counter>,
    delta: Packed,
    /// Per reference (0 for node columns, the template's number for step columns), its last
    /// number.
    last: Vec<i64>,
    /// Whether the page gets `delta` (set by [`Column::choose`]).
    chosen: bool,
}

impl Column {
    /// Adds `v`, whose reference is `r`.
    #[inline]
    fn push_ref(&mut self, v: i64, r: usize) {
        if r >= self.last.len() {
            self.last.resize(r + 1, 0);
        }
        self.plain.push(v);
        self.delta_len.push(v - self.last[r]);
        self.last[r] = v;
    }

    /// Adds a node's `v` (the reference: the node before).
    fn push(&mut self, v: i64) {
        self.push_ref(v, 0);
    }

    /// Keeps the shorter writing, and says whether it is the differences; `refs` gives each
    /// number's reference, as [`Column::push_ref`] was given it.
    fn choose(&mut self, refs: impl Fn(usize) -> usize) -> bool {
        self.chosen = self.delta_len.len() < self.plain.len();
        if self.chosen {
            // Its length is known; `room` asks for 32 characters to spare before each number.
            let mut delta = Packed::with_capacity(self.delta_len.len() + 32);
            self.last.iter_mut().for_each(|l| *l = 0);
            let mut i = 0;
            self.plain.for_each(|v| {
                let r = refs(i);
                delta.push(v - self.last[r]);
                self.last[r] = v;
                i += 1;
            });
            self.delta = delta;
            self.plain = Packed::default();
        }
        self.last = Vec::new();
        self.chosen
    }

    fn is_empty(&self) -> bool {
        self.plain.is_empty() && self.delta.is_empty()
    }

    /// The numbers back, as the page reads them: the differences added up by reference
    /// (`refs`: each step's template; None for node columns).
    #[cfg(test)]
    pub(super) fn values(&self, refs: Option<&[i64]>) -> Vec<i64> {
        if !self.chosen {
            return self.plain.values();
        }
        let mut last: HashMap<i64, i64> = HashMap::new();
        let diffs = self.delta.values();
        diffs
            .iter()
            .enumerate()
            .map(|(i, &d)| {
                let at = last.entry(refs.map_or(0, |r| r[i])).or_insert(0);
                *at += d;
                *at
            })
            .collect()
    }
}

impl Serialize for Column {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.chosen { self.delta.serialize(s) } else { self.plain.serialize(s) }
    }
}

/// The board pictures of a page: per node the index of its picture in `files` (−1: none).
pub(super) struct BoardData {
    pub(super) index: Vec<i32>,
    pub(super) files: Vec<String>,
    /// The pictures themselves, when the page keeps them ([`super::html::PageOptions::pack_boards`]).
    pub(super) packed: Option<PackedBoards>,
}

/// Board pictures kept in the page: the distinct parts of their SVG (each ending at a `>`, or
/// the text after the last one), and per picture the runs of consecutive part numbers that
/// make it, as flat (first part, how many) pairs. The page gets each picture's runs as one
/// [`Packed`] string, each first part written as the difference from the end of the run
/// before (0 for the first run), which most often is 0 or small.
#[derive(Serialize, Default, Debug, PartialEq)]
pub(super) struct PackedBoards {
    pub(super) parts: Vec<String>,
    #[serde(serialize_with = "packed_runs")]
    pub(super) runs: Vec<Vec<u32>>,
}

/// [`PackedBoards::runs`] as the page reads them (`boardSrc` in `assets/stepper.js`).
fn packed_runs<S: Serializer>(runs: &[Vec<u32>], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(runs.iter().map(|r| {
        let mut p = Packed::with_capacity(r.len());
        let mut end = 0i64;
        for pair in r.chunks(2) {
            let (first, count) = (i64::from(pair[0]), i64::from(pair[1]));
            p.push(first - end);
            p.push(count);
            end = first + count;
        }
        p
    }))
}

impl PackedBoards {
    /// Adds one picture, its parts numbered in `seen` (shared with the pictures added before).
    pub(super) fn push(&mut self, svg: &str, seen: &mut std::collections::HashMap<String, u32>) {
        let mut runs: Vec<u32> = Vec::new();
        for part in svg.split_inclusive('>') {
            let k = *seen.entry(part.to_string()).or_insert_with(|| {
                self.parts.push(part.to_string());
                self.parts.len() as u32 - 1
            });
            match runs.len() {
                n if n >= 2 && runs[n - 2] + runs[n - 1] == k => runs[n - 1] += 1,
                _ => runs.extend([k, 1]),
            }
        }
        self.runs.push(runs);
    }

    /// Picture `k` joined from its parts, as the page's script joins it.
    #[cfg(test)]
    pub(super) fn svg(&self, k: usize) -> String {
        self.runs[k]
            .chunks(2)
            .flat_map(|r| (r[0]..r[0] + r[1]).map(|p| self.parts[p as usize].as_str()))
            .collect()
    }
}

/// Everything the page's script reads.
#[derive(Serialize)]
pub(super) struct PageData<'a> {
    algo: &'a str,
    windowed: bool,
    /// The figure labels nodes with AIMA's range of the value instead of the window: the
    /// stepper then writes each open node's range (`ev.lo`, `ev.hi`) where it would write its
    /// window.
    range: bool,
    game: Option<&'a str>,
    /// Every score that occurs, as the page writes it ("−∞", "3", "+∞"); fields hold indices.
    scores: Vec<String>,
    /// Move labels, each once, in the order nodes first use them: `n.mv` holds indices.
    labels: Vec<&'a str>,
    /// The nodes the input names ("A", "B"), as [id, name] pairs: the page builds every other
    /// node's name from them and the moves (as [`Trace::display_name`] does).
    named: Vec<(NodeId, &'a str)>,
    /// Whether the input is a game (the narration then names moves, not children).
    is_game: bool,
    /// Whether the search ran in passes (the root's exit is then not the end).
    passes: bool,
    /// Each pass of a multi-pass search as [its start event's index, its depth limit or −1]:
    /// the page's pass indicator ("pass 2 of 5 · depth 2").
    pass_steps: Vec<(u32, i64)>,
    /// The best move, said by the narration when the search completes.
    best: Option<&'a str>,
    pub(super) n: NodeData,
    cut: CutData,
    /// The columns written as differences ([`Column`]), as "n.parent", "ev.line" …: per node
    /// from the node before's number, per step from the number of the last step with the same
    /// template (`ev.k`). The page adds them up before it reads the columns.
    delta: Vec<&'static str>,
    pub(super) ev: EventData,
    /// The event kinds' names by the page's number for them (their place in the event table).
    kinds: Vec<&'static str>,
    /// The page's numbers of the event kinds that name a second node (`ev.child`).
    second: Vec<u8>,
    /// The sentence templates, each as [its event kind, the kind's flag (see `ev.k`), the
    /// template], the most used first: `ev.k` names one per step. Their slots name the step's
    /// columns (`node`, `child`, `value`, `alpha`, `beta`, the cutoff's `bound_from`, the
    /// children a cutoff leaves `pruned`) or, as `$i`, its own values in `args`.
    pub(super) tpl: Vec<Template>,
    /// The values of the `$` slots, one list per step whose template has any, in step order:
    /// node ids (for a slot with a format) and texts (the others).
    pub(super) args: Vec<Vec<PageArg>>,
    items: ItemData,
    boards: Vec<String>,
    /// The board pictures themselves when the page keeps them (`boards` is then empty).
    #[serde(skip_serializing_if = "Option::is_none")]
    packed_boards: Option<PackedBoards>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mcts: Option<super::html_mcts::MctsData>,
    /// With `--steps coarse` or `medium`: the stops the page's → and ← go between.
    #[serde(skip_serializing_if = "Option::is_none")]
    stops: Option<PageStops>,
}

/// The pace the page steps at (`--steps`), as the trace's timeline chose its stops.
#[derive(Serialize)]
pub(super) struct PageStops {
    /// The pace's name ("coarse").
    pace: &'static str,
    /// The steps (1-based, as the page counts them) it stops at.
    steps: Vec<u32>,
}

/// Per node: its summary (derived from the events) and when it shows up in the replay.
#[derive(Serialize, Default)]
pub(super) struct NodeData {
    /// How far back its parent is (`id − parent`; 0: a root).
    pub(super) parent: Column,
    /// Bit 0: MIN to move; bits 1–3: status (leaf, terminal, interior, cutoff, pruned,
    /// transposition); bits 4–5: bound (exact, lower, upper); bit 6: a pruned leaf whose value
    /// is known.
    flags: Column,
    /// Its value, windows in and out (score indices), pre- and post-order numbers.
    v: Column,
    ai: Column,
    bi: Column,
    ao: Column,
    bo: Column,
    /// As differences from the node before's.
    pre: Column,
    post: Column,
    /// The step (1-based; 0: never) it is entered, gets its value, is shown pruned: `enter` as
    /// the difference from the node before's `fin` (a sibling's end, mostly), `fin` from its
    /// own `enter`, `cut_at` from the node before's (siblings pruned together).
    enter: Column,
    fin: Column,
    cut_at: Column,
    /// Its last cutoff, an index into `cut` (−1: none).
    cutoff: Column,
    /// Its move, an index into `labels` (−1: none).
    mv: Column,
    /// The positions the page shows (of drawn nodes and nodes with a board), as [id, position]
    /// pairs; a node without one shows its nearest ancestor's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pos: Option<Vec<(NodeId, String)>>,
    /// Its board picture, an index into `boards` (−1: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<Packed>,
}

/// Every cutoff, in the order they happened.
#[derive(Serialize, Default)]
struct CutData {
    node: Packed,
    /// 0: α-cutoff, 1: β-cutoff.
    kind: Packed,
    a: Packed,
    b: Packed,
    /// The node whose bound was exceeded (−1: the root's initial window).
    from: Packed,
    child: Packed,
    pruned: Packed,
}

/// Per step, from the trace's timeline: what happened and the state after it.
#[derive(Serialize, Default)]
pub(super) struct EventData {
    /// The sentence template (an index into `tpl`, which gives the event's kind and its flag:
    /// the bound an exit, pass end or table entry carries (0 exact, 1 lower, 2 upper), 1 for a
    /// finished game's evaluation or a β-cutoff).
    pub(super) k: Packed,
    /// The pseudocode line (0-based).
    line: Column,
    /// The node the event is about (for an update: the node taking the value in; −1: none), as
    /// the difference from the step before's.
    node: Column,
    /// The second node of an update, cutoff, selection or expansion (the child), as the
    /// difference from the step before's child, or its node when it had none; 0 for the others.
    child: Column,
    /// The value the event carries (an evaluation, a returned value; at a cutoff the child's value
    /// tested), a score index (−1: none).
    v: Column,
    /// The node executing after the step (−1: none), as the difference from the expected one:
    /// the event's node, its parent after an exit, else the focus before.
    focus: Column,
    /// Its window after the step (score indices), as differences from the step before's.
    a: Column,
    b: Column,
    /// Its range after the step (score indices; only on a page labelled with ranges).
    #[serde(skip_serializing_if = "Column::is_empty")]
    lo: Column,
    #[serde(skip_serializing_if = "Column::is_empty")]
    hi: Column,
    /// At a chance node, its expected value so far after the step (score index, −1: none; only
    /// in a trace with chance nodes): the call stack shows it.
    #[serde(skip_serializing_if = "Column::is_empty")]
    sum: Column,
    /// How many steps back the focus's parent frame last executed (0: the focus is a root):
    /// following it gives the stack with every frame's window.
    pub(super) up: Column,
    /// How many steps back the same frame executed before (0: never): the window an update
    /// changed.
    prev: Column,
}

/// The drawn items of the figure.
#[derive(Serialize, Default)]
struct ItemData {
    /// The trace node each shown item draws (−1 for a "⋯ k nodes" stub).
    id: Packed,
    /// The shown parent (−1 for the root).
    parent: Packed,
}

/// Interns scores as indices into a sorted table of their texts.
#[derive(Default)]
struct Scores {
    index: BTreeMap<Score, u32>,
}

impl Scores {
    fn add(&mut self, s: Score) {
        self.index.insert(s, 0);
    }

    fn number(&mut self) {
        for (i, v) in self.index.values_mut().enumerate() {
            *v = i as u32;
        }
    }

    fn of(&self, s: Score) -> i64 {
        i64::from(self.index[&s])
    }

    fn has(&self, s: Score) -> bool {
        self.index.contains_key(&s)
    }

    fn texts(&self) -> Vec<String> {
        self.index.keys().map(|s| s.to_string()).collect()
    }
}

fn status_code(s: Status) -> u8 {
    match s {
        Status::Leaf => 0,
        Status::Terminal => 1,
        Status::Interior => 2,
        Status::Cutoff => 3,
        Status::Pruned => 4,
        Status::Transposition => 5,
    }
}

fn bound_code(b: Bound) -> u8 {
    match b {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    }
}

/// The page's number for an event kind (the script's constants): its place in the event table.
pub(super) fn event_code(k: EventKind) -> u8 {
    k.index() as u8
}

fn id_or_none(id: NodeId) -> i64 {
    if id == NONE { -1 } else { i64::from(id) }
}

/// A sentence template as the page gets it: [its event kind, the kind's flag, the text].
pub(super) type Template = (u8, u8, String);

/// A value a step ships for its template's `$` slots.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub(super) enum PageArg {
    /// A node id.
    Node(NodeId),
    /// Node ids.
    Nodes(Vec<NodeId>),
    /// Text as the sentence writes it.
    Text(String),
}

impl<'a> PageData<'a> {
    pub(super) fn new(trace: &'a Trace, view: &View, mut boards: Option<BoardData>) -> PageData<'a> {
        let range = view.opts.labels.range && trace.algorithm().has_window();
        let scores = scores(trace);
        let (mut n, labels, named) = nodes(trace, view, &scores, boards.as_ref().map(|b| b.index.as_slice()));
        let (mut ev, tpl, args, templates) = events(trace, &scores, range);
        let delta = choose_deltas(&mut n, &mut ev, &templates);
        drop(templates);
        let mut cut = CutData::default();
        for c in trace.cutoffs() {
            cut.node.push(i64::from(c.node));
            cut.kind.push(i64::from(c.kind == CutKind::Beta));
            cut.a.push(scores.of(c.alpha));
            cut.b.push(scores.of(c.beta));
            cut.from.push(id_or_none(c.bound_from));
            cut.child.push(i64::from(c.child));
            cut.pruned.push(i64::from(c.pruned));
        }
        let mut items = ItemData::default();
        for (i, it) in view.items().iter().enumerate() {
            items.id.push(match it {
                super::view::Item::Node(id) => i64::from(*id),
                super::view::Item::Stub { .. } => -1,
            });
            items.parent.push(view.parent(i as u32).map_or(-1, i64::from));
        }
        PageData {
            algo: trace.algorithm().name(),
            windowed: trace.algorithm().has_window(),
            range,
            game: trace.input().game.as_deref(),
            scores: scores.texts(),
            labels,
            named,
            is_game: trace.input().kind.is_game(),
            passes: !trace.passes().is_empty(),
            pass_steps: trace.passes().iter().map(|p| (p.start, p.depth.map_or(-1, i64::from))).collect(),
            best: trace.result().best_move.as_deref(),
            n,
            cut,
            ev,
            delta,
            kinds: EventKind::ALL.iter().map(|k| k.name()).collect(),
            second: EventKind::ALL.iter().filter(|k| k.has_child()).map(|&k| event_code(k)).collect(),
            tpl,
            args,
            items,
            packed_boards: boards.as_mut().and_then(|b| b.packed.take()),
            boards: boards.map(|b| b.files).unwrap_or_default(),
            mcts: super::html_mcts::MctsData::new(trace),
            stops: match view.opts.step_grain {
                Grain::Fine => None,
                pace => Some(PageStops {
                    pace: abviz_core::Named::name(pace),
                    steps: trace.timeline().stops(pace).into_iter().map(|s| s + 1).collect(),
                }),
            },
        }
    }
}

/// Chooses each column's writing ([`Column::choose`]): the names of those written as
/// differences. `templates` are the steps' template numbers (the step columns' references).
fn choose_deltas(n: &mut NodeData, ev: &mut EventData, templates: &SmallColumn) -> Vec<&'static str> {
    let node_columns = 14;
    let columns: [(&'static str, &mut Column); 26] = [
        ("n.parent", &mut n.parent),
        ("n.flags", &mut n.flags),
        ("n.v", &mut n.v),
        ("n.ai", &mut n.ai),
        ("n.bi", &mut n.bi),
        ("n.ao", &mut n.ao),
        ("n.bo", &mut n.bo),
        ("n.pre", &mut n.pre),
        ("n.post", &mut n.post),
        ("n.enter", &mut n.enter),
        ("n.fin", &mut n.fin),
        ("n.cut_at", &mut n.cut_at),
        ("n.cutoff", &mut n.cutoff),
        ("n.mv", &mut n.mv),
        ("ev.line", &mut ev.line),
        ("ev.node", &mut ev.node),
        ("ev.child", &mut ev.child),
        ("ev.v", &mut ev.v),
        ("ev.focus", &mut ev.focus),
        ("ev.a", &mut ev.a),
        ("ev.b", &mut ev.b),
        ("ev.lo", &mut ev.lo),
        ("ev.hi", &mut ev.hi),
        ("ev.sum", &mut ev.sum),
        ("ev.up", &mut ev.up),
        ("ev.prev", &mut ev.prev),
    ];
    columns
        .into_iter()
        .enumerate()
        .filter_map(|(i, (name, c))| {
            let chosen =
                if i < node_columns { c.choose(|_| 0) } else { c.choose(|k| templates.get(k) as usize) };
            chosen.then_some(name)
        })
        .collect()
}

/// Every score the page writes, numbered.
fn scores(trace: &Trace) -> Scores {
    let mut scores = Scores::default();
    scores.add(Score::NEG_INF);
    scores.add(Score::INF);
    for id in 0..trace.nodes().len() as NodeId {
        let s = trace.summary(id);
        for v in [s.value, s.alpha_in, s.beta_in, s.alpha_out, s.beta_out] {
            scores.add(v);
        }
    }
    for e in trace.events().iter(trace.nodes()) {
        if let Some((a, b)) = e.window() {
            scores.add(a);
            scores.add(b);
        }
        if let Some(v) = e.value() {
            scores.add(v);
        }
    }
    if trace.has_chance() {
        let timeline = trace.timeline();
        for k in 0..trace.events().len() {
            if let Some(v) = timeline.expected_so_far(timeline.focus(k), k) {
                scores.add(v);
            }
        }
    }
    scores.number();
    scores
}

/// The node columns, the move labels and the input's names.
#[allow(clippy::type_complexity)]
fn nodes<'a>(
    trace: &'a Trace,
    view: &View,
    scores: &Scores,
    boards: Option<&[i32]>,
) -> (NodeData, Vec<&'a str>, Vec<(NodeId, &'a str)>) {
    let n = trace.nodes().len();
    let step1 = |s: u32| if s == NEVER { 0 } else { i64::from(s) + 1 };
    let mut d = NodeData::default();
    let mut labels: Vec<&str> = Vec::new();
    let mut label_index: HashMap<&str, i64> = HashMap::new();
    let mut named = Vec::new();
    // The node before's pre, post, enter, fin and cut_at.
    let mut before = [0i64; 5];
    for (id, node) in trace.nodes().iter().enumerate() {
        let id = id as NodeId;
        let s = trace.summary(id);
        let steps = trace.steps_of(id);
        d.parent.push(if node.parent == NONE { 0 } else { i64::from(id) - i64::from(node.parent) });
        let pruned_leaf = trace.pruned_value(id).is_some();
        d.flags.push(i64::from(
            u8::from(node.player == Player::Min)
                | status_code(s.status) << 1
                | bound_code(s.bound) << 4
                | u8::from(pruned_leaf) << 6
                | u8::from(trace.is_chance(id)) << 7,
        ));
        d.v.push(scores.of(s.value));
        d.ai.push(scores.of(s.alpha_in));
        d.bi.push(scores.of(s.beta_in));
        d.ao.push(scores.of(s.alpha_out));
        d.bo.push(scores.of(s.beta_out));
        // Differences from the node before (a sibling, mostly) and from its own entry.
        let now = [
            i64::from(s.pre),
            i64::from(s.post),
            step1(steps.enter),
            step1(steps.valued),
            step1(steps.pruned),
        ];
        let [pre, post, enter, fin, cut_at] = now;
        d.pre.push(pre - before[0]);
        d.post.push(post - before[1]);
        d.enter.push(enter - before[3]);
        d.fin.push(fin - enter);
        d.cut_at.push(cut_at - before[4]);
        before = now;
        d.cutoff.push(id_or_none(s.cutoff));
        if let Some(name) = trace.name(id) {
            named.push((id, name));
        }
        d.mv.push(if node.label == NONE {
            -1
        } else {
            let label = trace.move_label(id);
            *label_index.entry(label).or_insert_with(|| {
                labels.push(label);
                labels.len() as i64 - 1
            })
        });
    }
    if let Some(index) = boards {
        let mut column = Packed::with_capacity(n);
        index.iter().for_each(|&k| column.push(i64::from(k)));
        d.board = Some(column);
    }
    if trace.input().game.is_some() && trace.positions().is_some() {
        // The positions of the nodes a reader can point at: drawn, or with a board.
        let mut shown = vec![false; n];
        for it in view.items() {
            if let super::view::Item::Node(id) = it {
                shown[*id as usize] = true;
            }
        }
        for (id, &k) in boards.unwrap_or_default().iter().enumerate() {
            shown[id] |= k >= 0;
        }
        let pos = (0..n as NodeId)
            .filter(|&id| shown[id as usize])
            .filter_map(|id| trace.position(id).map(|p| (id, p)))
            .collect();
        d.pos = Some(pos);
    }
    (d, labels, named)
}

/// How a template's slot is filled in the page.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fill {
    /// From the step's columns (the slot names one).
    Column = 0,
    /// From a node id the step ships.
    Node = 1,
    /// From node ids the step ships.
    Nodes = 2,
    /// From text the step ships.
    Text = 3,
}

/// What a template's pieces, kind, flag and slot fillings are (the same key, the same template
/// in the page): the pieces by address, as the narration's are the program's own constants.
type TemplateKey = ([usize; 6], u8, u8, u64);

/// The page's sentence templates: each once, with how often the steps use it.
#[derive(Default)]
struct Templates {
    index: FxHashMap<TemplateKey, u32>,
    texts: Vec<Template>,
    uses: Vec<u64>,
}

impl Templates {
    /// The number of the template `sentence` takes with these slot fillings (two bits each).
    fn number(&mut self, sentence: &Sentence, kind: u8, flag: u8, fills: &[Fill]) -> u32 {
        let mut pieces = [0usize; 6];
        for (p, piece) in pieces.iter_mut().zip(sentence.pieces()) {
            *p = piece.as_ptr() as usize ^ piece.len() << 48;
        }
        let bits = fills.iter().enumerate().fold(0u64, |b, (i, &f)| b | (f as u64) << (2 * i));
        let key = (pieces, kind, flag, bits | (fills.len() as u64) << 58);
        let id = *self.index.entry(key).or_insert_with(|| {
            self.texts.push((kind, flag, page_template(sentence, fills)));
            self.uses.push(0);
            self.texts.len() as u32 - 1
        });
        self.uses[id as usize] += 1;
        id
    }

    /// The templates, the most used first (ties in order of first use), and each old number's
    /// new one.
    fn ordered(self) -> (Vec<Template>, Vec<u32>) {
        let mut order: Vec<u32> = (0..self.texts.len() as u32).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.uses[i as usize]));
        let mut renumber = vec![0u32; order.len()];
        for (new, &old) in order.iter().enumerate() {
            renumber[old as usize] = new as u32;
        }
        let mut texts: Vec<Option<Template>> = self.texts.into_iter().map(Some).collect();
        let sorted = order.iter().map(|&i| texts[i as usize].take().expect("each template once")).collect();
        (sorted, renumber)
    }
}

/// `sentence`'s template as the page fills it: slots filled from the step's own values become
/// `$0`, `$1`, … (with a format for a node), the others stay as they are.
fn page_template(sentence: &Sentence, fills: &[Fill]) -> String {
    let mut out = String::new();
    let mut slots = fills.iter();
    let mut shipped = 0;
    for piece in sentence.pieces() {
        for part in parts(piece) {
            let Part::Slot(slot) = part else {
                if let Part::Text(t) = part {
                    out.push_str(t);
                }
                continue;
            };
            let fill = slots.next().copied().unwrap_or(Fill::Text);
            out.push('{');
            match fill {
                Fill::Column => {
                    for word in [slot.list, slot.format].into_iter().flatten() {
                        out.push_str(word);
                        out.push(' ');
                    }
                    out.push_str(slot.name);
                }
                Fill::Node => {
                    let _ = write!(out, "{} ${shipped}", slot.format.unwrap_or("name"));
                }
                Fill::Nodes => {
                    let _ = write!(
                        out,
                        "{} {} ${shipped}",
                        slot.list.unwrap_or("and"),
                        slot.format.unwrap_or("name")
                    );
                }
                Fill::Text => {
                    let _ = write!(out, "${shipped}");
                }
            }
            if fill != Fill::Column {
                shipped += 1;
            }
            out.push('}');
        }
    }
    out
}

/// What the page's columns hold at one step, for the slots that read them.
struct Columns {
    node: Option<NodeId>,
    child: Option<NodeId>,
    bound_from: Option<NodeId>,
    value: i64,
    window: (i64, i64),
    cutoff: bool,
}

/// How the page fills `slot`, which takes `value` at a step whose columns are `c`; the value
/// the step ships for it, if any.
fn fill(trace: &Trace, slot: &Slot, value: Arg, c: &Columns, scores: &Scores) -> (Fill, Option<PageArg>) {
    let column = match (slot.name, &value) {
        ("node", Arg::Node(id)) => c.node == Some(*id),
        ("child", Arg::Node(id)) => c.child == Some(*id),
        ("bound_from", Arg::Node(id)) => c.bound_from == Some(*id),
        ("value", Arg::Score(s)) => scores.has(*s) && scores.of(*s) == c.value,
        ("alpha", Arg::Score(s)) => scores.has(*s) && scores.of(*s) == c.window.0,
        ("beta", Arg::Score(s)) => scores.has(*s) && scores.of(*s) == c.window.1,
        ("pruned", Arg::Nodes(_)) => c.cutoff,
        _ => false,
    };
    if column {
        return (Fill::Column, None);
    }
    match value {
        Arg::Node(id) => (Fill::Node, Some(PageArg::Node(id))),
        Arg::Nodes(ids) => (Fill::Nodes, Some(PageArg::Nodes(ids))),
        // Written as the library writes it: the page shows the text as it is.
        other => (Fill::Text, Some(PageArg::Text(slot_text(trace, slot, &other)))),
    }
}

/// The event columns, with the node ids and windows as differences from what the page expects
/// (see [`EventData`]), the sentence templates, the values the steps ship for them and each
/// step's template number (as numbered before [`Templates::ordered`]: the step columns'
/// references, which a renumbering would not change).
fn events(
    trace: &Trace,
    scores: &Scores,
    range: bool,
) -> (EventData, Vec<Template>, Vec<Vec<PageArg>>, SmallColumn) {
    let timeline = trace.timeline();
    let mut ev = EventData::default();
    let mut templates = Templates::default();
    let mut numbers = SmallColumn::with_capacity(trace.events().len());
    let mut args = Vec::new();
    let mut prev_kind = None;
    let back = |k: usize, s: Option<usize>| s.map_or(0, |s| (k - s) as i64);
    // The state after the step before.
    let (mut node, mut child, mut focus, mut a, mut b) = (-1i64, -1i64, -1i64, 0i64, 0i64);
    for (k, e) in trace.events().iter(trace.nodes()).enumerate() {
        let flag: u8 = match e {
            Event::Exit { bound, .. }
            | Event::PassEnd { bound, .. }
            | Event::TtHit { bound, .. }
            | Event::TtStore { bound, .. } => bound_code(bound),
            Event::Eval { terminal, .. } => u8::from(terminal),
            Event::Cutoff { cut, .. } => u8::from(cut == CutKind::Beta),
            _ => 0,
        };
        let line = line_of(trace, &e, prev_kind).min(255) as i64;
        prev_kind = Some(e.kind());
        let this_node = e.node().map_or(-1, id_or_none);
        let expected_child = if child >= 0 { child } else { node };
        // The focus after a step is mostly the event's node (still executing, or just
        // returned), else the focus before.
        let expected_focus = if this_node < 0 { focus } else { this_node };
        let node_diff = this_node - node;
        node = this_node;
        let child_diff = match e.second() {
            Some(c) => {
                let d = id_or_none(c) - expected_child;
                child = id_or_none(c);
                d
            }
            None => {
                child = -1;
                0
            }
        };
        let value = match e {
            Event::Cutoff { child, .. } => Some(cutoff_child_value(&timeline, k, child)),
            _ => e.value(),
        };
        let value = value.map_or(-1, |v| scores.of(v));
        let this_focus = id_or_none(timeline.focus(k));
        let focus_diff = this_focus - expected_focus;
        focus = this_focus;
        let (wa, wb) = timeline.window(k);
        let (wa, wb) = (scores.of(wa), scores.of(wb));
        let (a_diff, b_diff) = (wa - a, wb - b);
        (a, b) = (wa, wb);
        let columns = Columns {
            node: e.node(),
            child: e.second(),
            bound_from: match e {
                Event::Cutoff { bound_from, .. } => bound_from,
                _ => None,
            },
            value,
            window: (wa, wb),
            cutoff: e.kind() == EventKind::Cutoff,
        };
        let (number, shipped) = step_sentence(&timeline, k, &e, &columns, scores, &mut templates, flag);
        numbers.push(number);
        if !shipped.is_empty() {
            args.push(shipped);
        }
        // Each column's number, with the step's template as the reference of its difference.
        let t = number as usize;
        ev.line.push_ref(line, t);
        ev.node.push_ref(node_diff, t);
        ev.child.push_ref(child_diff, t);
        ev.v.push_ref(value, t);
        ev.focus.push_ref(focus_diff, t);
        ev.a.push_ref(a_diff, t);
        ev.b.push_ref(b_diff, t);
        if range {
            let (lo, hi) = timeline.range(k);
            ev.lo.push_ref(scores.of(lo), t);
            ev.hi.push_ref(scores.of(hi), t);
        }
        if trace.has_chance() {
            let sum = timeline.expected_so_far(timeline.focus(k), k).map_or(-1, |v| scores.of(v));
            ev.sum.push_ref(sum, t);
        }
        ev.up.push_ref(back(k, timeline.up(k)), t);
        ev.prev.push_ref(back(k, timeline.prev(k)), t);
    }
    let (tpl, renumber) = templates.ordered();
    let mut k = Packed::with_capacity(trace.events().len() + 32);
    for i in 0..trace.events().len() {
        k.push(i64::from(renumber[numbers.get(i) as usize]));
    }
    numbers.finish();
    ev.k = k;
    (ev, tpl, args, numbers)
}

/// The number of step `k`'s template and the values it ships.
fn step_sentence(
    timeline: &Timeline,
    k: usize,
    e: &Event,
    columns: &Columns,
    scores: &Scores,
    templates: &mut Templates,
    flag: u8,
) -> (u32, Vec<PageArg>) {
    let trace = timeline.trace();
    let s = sentence(timeline, k, e);
    let mut fills = Vec::new();
    let mut shipped = Vec::new();
    for piece in s.pieces() {
        for part in parts(piece) {
            if let Part::Slot(slot) = part {
                let value = s.resolve(slot.name, e).unwrap_or(Arg::Nothing);
                let (how, arg) = fill(trace, &slot, value, columns, scores);
                fills.push(how);
                shipped.extend(arg);
            }
        }
    }
    (templates.number(&s, event_code(e.kind()), flag, &fills), shipped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ViewOptions;
    use abviz_search::Algorithm;

    fn trace(tree: &str, algo: Algorithm) -> Trace {
        crate::testing::tree(tree, algo)
    }

    /// The event columns read back as the page reads them (`abvizDecode`): node, child, focus,
    /// α, β and up per step.
    fn decoded(d: &PageData) -> Vec<[i64; 6]> {
        let k = d.ev.k.values();
        let col = |c: &Column| c.values(Some(&k));
        let (node, child, focus, a, b, up) =
            (col(&d.ev.node), col(&d.ev.child), col(&d.ev.focus), col(&d.ev.a), col(&d.ev.b), col(&d.ev.up));
        let mut out: Vec<[i64; 6]> = Vec::new();
        let mut last = [-1i64, -1, -1, 0, 0, -1];
        for s in 0..k.len() {
            let kind = d.tpl[k[s] as usize].0;
            let expected_child = if last[1] >= 0 { last[1] } else { last[0] };
            let n = last[0] + node[s];
            let c = if d.second.contains(&kind) { expected_child + child[s] } else { -1 };
            let expected_focus = if n < 0 { last[2] } else { n };
            let u = if up[s] == 0 { -1 } else { s as i64 - up[s] };
            last = [n, c, expected_focus + focus[s], last[3] + a[s], last[4] + b[s], u];
            out.push(last);
        }
        out
    }

    #[test]
    fn page_data_columns_line_up() {
        let t =
            trace("((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))", Algorithm::AlphaBeta);
        let view = View::new(&t, &ViewOptions::default());
        let d = PageData::new(&t, &view, None);
        let n = t.nodes().len();
        for col in [
            &d.n.v,
            &d.n.ai,
            &d.n.bi,
            &d.n.ao,
            &d.n.bo,
            &d.n.pre,
            &d.n.post,
            &d.n.enter,
            &d.n.fin,
            &d.n.cut_at,
        ] {
            assert_eq!(col.values(None).len(), n);
        }
        let parents: Vec<i64> =
            d.n.parent
                .values(None)
                .iter()
                .enumerate()
                .map(|(id, &p)| if p == 0 { -1 } else { id as i64 - p })
                .collect();
        let want: Vec<i64> = (0..n as NodeId).map(|id| t.parent(id).map_or(-1, i64::from)).collect();
        assert_eq!(parents, want);
        assert_eq!(d.cut.node.values().len(), t.cutoffs().len());
        assert_eq!(d.items.id.values().len(), view.len());
        assert_eq!(d.scores.first().map(String::as_str), Some("−∞"));
        assert_eq!(d.scores.last().map(String::as_str), Some("+∞"));
        let ev = decoded(&d);
        assert_eq!(ev.len(), t.events().len());
        let tl = t.timeline();
        let score = |i: i64| d.scores[i as usize].clone();
        for (k, e) in t.events().iter(t.nodes()).enumerate() {
            let [node, child, focus, a, b, up] = ev[k];
            assert_eq!(node, e.node().map_or(-1, id_or_none), "step {k}");
            assert_eq!(child, e.second().map_or(-1, id_or_none), "step {k}");
            assert_eq!(focus, id_or_none(tl.focus(k)), "step {k}");
            let (wa, wb) = tl.window(k);
            assert_eq!((score(a), score(b)), (wa.to_string(), wb.to_string()), "step {k}");
            assert_eq!(up, tl.up(k).map_or(-1, |u| u as i64), "step {k}");
            // In alpha-beta the window a parent holds when a child is entered is the child's
            // entry window: the stack the page builds from `up` agrees with the summaries.
            if let Event::Enter { node, .. } = e
                && up >= 0
            {
                let [_, _, up_focus, up_a, up_b, _] = ev[up as usize];
                assert_eq!(up_focus, id_or_none(t.node(node).parent), "step {k}");
                let (ai, bi) = (d.n.ai.values(None)[node as usize], d.n.bi.values(None)[node as usize]);
                assert_eq!((up_a, up_b), (ai, bi), "step {k}");
            }
        }
    }

    /// Each step's template, filled as the page fills it (its columns, its shipped values),
    /// is the library's sentence; and the steps ship values only for `$` slots.
    #[test]
    fn the_page_says_what_the_library_says() {
        let searches = [
            ("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", Algorithm::Mtdf),
            ("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", Algorithm::AlphaBetaSoft),
            ("((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))", Algorithm::Pvs),
            ("((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))", Algorithm::Minimax),
            ("((2 2 7 1 9 3 4) (2 9 2) (1 1))", Algorithm::AlphaBeta),
        ];
        for (tree, algo) in searches {
            let t = trace(tree, algo);
            let view = View::new(&t, &ViewOptions::default());
            let d = PageData::new(&t, &view, None);
            let ev = decoded(&d);
            let k = d.ev.k.values();
            let v = d.ev.v.values(Some(&k));
            let mut args = d.args.iter();
            let cuts = t.cutoffs();
            let mut cut = 0;
            let tl = t.timeline();
            for (step, e) in t.events().iter(t.nodes()).enumerate() {
                let (kind, _, template) = &d.tpl[k[step] as usize];
                assert_eq!(*kind, event_code(e.kind()), "{algo:?} step {step}");
                let dollars =
                    parts(template).filter(|p| matches!(p, Part::Slot(s) if s.name.starts_with('$'))).count();
                let shipped = if dollars > 0 { args.next().unwrap().clone() } else { Vec::new() };
                assert_eq!(shipped.len(), dollars, "{algo:?} step {step}: {template}");
                let [node, child, _, a, b, _] = ev[step];
                let score = |i: i64| Arg::Text(d.scores[i as usize].clone());
                let said = abviz_trace::narration::sentence::fill(&t, template, |name| {
                    Some(match name {
                        "node" => Arg::Node(node as NodeId),
                        "child" => Arg::Node(child as NodeId),
                        "value" => score(v[step]),
                        "alpha" => score(a),
                        "beta" => score(b),
                        "bound_from" => Arg::Node(cuts[cut].bound_from),
                        "pruned" => Arg::Nodes(abviz_trace::narration::pruned_by(
                            &tl,
                            step,
                            node as NodeId,
                            child as NodeId,
                        )),
                        n => match &shipped[n.trim_start_matches('$').parse::<usize>().unwrap()] {
                            PageArg::Node(id) => Arg::Node(*id),
                            PageArg::Nodes(ids) => Arg::Nodes(ids.clone()),
                            PageArg::Text(s) => Arg::Text(s.clone()),
                        },
                    })
                });
                assert_eq!(
                    said,
                    abviz_trace::narration::narrate(&t, step),
                    "{algo:?} step {step}: {template}"
                );
                cut += usize::from(e.kind() == EventKind::Cutoff);
            }
            assert!(args.next().is_none(), "{algo:?}: every shipped list belongs to a step");
            // The templates come most used first, and the most common steps take one character.
            let uses: Vec<usize> =
                (0..d.tpl.len()).map(|i| k.iter().filter(|&&x| x == i as i64).count()).collect();
            assert!(uses.windows(2).all(|w| w[0] >= w[1]), "{algo:?}: {uses:?}");
        }
    }

    /// The pictures' runs as the page gets them (one packed string each, first parts as
    /// differences from the run before's end) read back as `boardSrc` reads them.
    #[test]
    fn packed_board_runs_read_back() {
        let mut boards = PackedBoards::default();
        let mut seen = HashMap::new();
        for svg in ["<svg><g>a</g><b/></svg>", "<svg><g>b</g><b/></svg>", "<svg><b/><g>a</g></svg>"] {
            boards.push(svg, &mut seen);
        }
        let json = serde_json::to_value(&boards).unwrap();
        let runs = json["runs"].as_array().unwrap();
        assert_eq!(runs.len(), 3);
        for (k, r) in runs.iter().enumerate() {
            let values = Packed { text: r.as_str().unwrap().to_string(), ..Packed::default() }.values();
            let (mut end, mut joined) = (0i64, String::new());
            for pair in values.chunks(2) {
                let first = end + pair[0];
                end = first + pair[1];
                (first..end).for_each(|p| joined.push_str(&boards.parts[p as usize]));
            }
            assert_eq!(joined, boards.svg(k), "picture {k}");
        }
        assert_eq!(boards.svg(2), "<svg><b/><g>a</g></svg>");
    }

    #[test]
    fn packed_columns_round_trip() {
        let values =
            [0, 1, -1, 15, 16, -16, -17, 31, 32, 1000, -1000, i64::from(i32::MAX), i64::from(i32::MIN)];
        let mut p = Packed::default();
        values.iter().for_each(|&v| p.push(v));
        assert_eq!(p.values(), values);
        assert!(p.to_string().bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        // Small numbers take one character.
        let mut small = Packed::default();
        (-16..16).for_each(|v| small.push(v));
        assert_eq!(small.to_string().len(), 32);
    }

    #[test]
    fn runs_are_written_once_with_their_count() {
        let mut values = vec![5i64; 1000];
        values.extend([0, 0, -3, -3, -3, 7]);
        values.extend(vec![40; 40]);
        let mut p = Packed::default();
        values.iter().for_each(|&v| p.push(v));
        // 5, then ~ and 999 (two digits); 0 0; -3 ~2 … the run of 40s ends the column pending.
        let text = p.to_string();
        assert_eq!(p.len(), text.len());
        assert!(text.starts_with("K~"), "{text}");
        assert!(text.len() < 20, "{text}");
        assert_eq!(p.values(), values);
        // JSON holds the pending run too.
        assert_eq!(serde_json::to_string(&p).unwrap(), format!("\"{text}\""));
    }

    #[test]
    fn columns_keep_the_shorter_writing_and_read_back() {
        // Counting up: the differences are all 1.
        let mut up = Column::default();
        (0..500).for_each(|v| up.push(v));
        assert!(up.choose(|_| 0));
        assert_eq!(up.values(None), (0..500).collect::<Vec<_>>());
        // A pattern per template: differences from the step before with the same template.
        let refs: Vec<i64> = (0..300).map(|i| i % 3).collect();
        let vals: Vec<i64> = (0..300).map(|i| [7, 100, -40][i % 3]).collect();
        let mut c = Column::default();
        vals.iter().zip(&refs).for_each(|(&v, &r)| c.push_ref(v, r as usize));
        let counted = c.delta_len.len();
        assert!(c.choose(|k| refs[k] as usize));
        // The differences written from the plain numbers are those that were counted.
        assert_eq!(c.delta.len(), counted);
        assert!(c.plain.is_empty());
        assert_eq!(c.values(Some(&refs)), vals);
        // Noise stays as it is.
        let noise: Vec<i64> = (0..300).map(|i| (i * 7919 % 31) - 15).collect();
        let mut n = Column::default();
        noise.iter().for_each(|&v| n.push(v));
        assert!(!n.choose(|_| 0));
        assert_eq!(n.values(None), noise);
    }
}
