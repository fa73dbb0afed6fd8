//! The trace: every visited node, every generated-but-pruned child, the event log, the result
//! and the statistics of one search (or of several passes). Every view (text, JSON, diagrams,
//! HTML, steppers) reads it.

pub use crate::node::{Bound, CutKind, NONE, Node, NodeId, StarCut, Status};
use crate::{AlgorithmInfo, EventLog};
use abviz_core::Score;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::sync::OnceLock;

/// The details of a cutoff (derived from its [`crate::Event::Cutoff`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cutoff {
    /// The node where it happened.
    pub node: NodeId,
    /// α-cutoff at MIN, β-cutoff at MAX.
    pub kind: CutKind,
    /// Index of the child whose value caused it.
    pub child: u32,
    /// α at the test (MAX's view).
    pub alpha: Score,
    /// β at the test (MAX's view).
    pub beta: Score,
    /// The ancestor (or the node itself) whose bound was exceeded: the one that set the α (for
    /// an α-cutoff) or β (for a β-cutoff) in force; [`NONE`] when the bound was the root's
    /// initial window.
    pub bound_from: NodeId,
    /// How many children it skipped.
    pub pruned: u32,
    /// The step (0-based event index) of the cutoff.
    pub step: u32,
    /// *-minimax's cut at a chance node ([`crate::Event::ChanceCut`]): its expected value
    /// cannot pass α (`kind` α) or β (`kind` β).
    pub chance: bool,
    /// Star2's probe of a player's node below a chance node (with `chance`): its first move
    /// alone bounds it; the rest wait for the search phase.
    pub probe: bool,
}

/// Counts of one search. Node counts include the root; leaves are static evaluations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Node entries, root included (a re-searched node counts again).
    pub nodes: u64,
    /// Static evaluations (tree leaves, finished games, depth-limit positions).
    pub leaves: u64,
    /// Node entries whose children were generated.
    pub interior: u64,
    /// Cutoffs (including ones at the last child, which prune nothing).
    pub cutoffs: u64,
    /// Children generated but never entered.
    pub pruned: u64,
    /// Deepest node entered (root = 0).
    pub max_depth: u32,
    /// Node entries at each depth.
    pub per_depth: Vec<u64>,
    /// Distinct nodes entered (a re-searched node counts once).
    #[serde(default)]
    pub nodes_distinct: u64,
    /// Distinct nodes evaluated statically.
    #[serde(default)]
    pub leaves_distinct: u64,
    /// Re-searches (a child entered again with a new window).
    #[serde(default)]
    pub researches: u64,
    /// Root searches (iterations, probes, aspiration windows); 0 for a single search.
    #[serde(default)]
    pub passes: u64,
    /// Transposition-table hits whose result was used.
    #[serde(default)]
    pub tt_hits: u64,
    /// Static evaluations at the depth limit (not finished games): 0 when the search saw every
    /// line to its end.
    #[serde(default)]
    pub horizon_leaves: u64,
    /// MCTS iterations.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub iterations: u64,
    /// Quiescence search: static evaluations that stood pat (one per node searched beyond the
    /// depth limit, and one per depth-limit node where quiescence began).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stand_pats: u64,
}

fn is_zero(v: &u64) -> bool {
    *v == 0
}

impl Stats {
    /// Counts one node entered at `depth`.
    #[inline]
    pub fn count_node(&mut self, depth: usize) {
        self.nodes += 1;
        match self.per_depth.get_mut(depth) {
            Some(count) => *count += 1,
            None => {
                self.per_depth.resize(depth + 1, 0);
                self.per_depth[depth] = 1;
                self.max_depth = depth as u32;
            }
        }
    }

    /// MCTS: counts child `index` added to the tree at `depth` (a node's first child makes it
    /// interior; MCTS adds children in move order).
    #[inline]
    pub fn count_expansion(&mut self, depth: usize, index: u32) {
        self.count_node(depth);
        self.nodes_distinct += 1;
        self.interior += u64::from(index == 0);
    }

    /// MCTS: counts one playout, the evaluation that ends an iteration (`fresh`: from a node the
    /// tree had not evaluated before).
    #[inline]
    pub fn count_playout(&mut self, fresh: bool) {
        self.leaves += 1;
        self.leaves_distinct += u64::from(fresh);
    }
}

/// What kind of input was searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InputKind {
    /// An explicit tree (notation or JSON).
    #[default]
    Tree,
    /// A seeded random tree.
    Random,
    /// A position of a game from the registry.
    Game,
}

impl InputKind {
    /// Whether the input is a game position (its nodes are positions, its edges moves).
    pub fn is_game(self) -> bool {
        self == InputKind::Game
    }
}

/// Where the searched position came from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputInfo {
    /// Tree, random tree or game (`"tree"`, `"random"`, `"game"` in JSON).
    pub kind: InputKind,
    /// A one-line human description.
    pub description: String,
    /// The game's name ("tictactoe", ...) for games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The position notation for games, or the tree notation for trees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The depth limit, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// The evaluation used, for games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval: Option<String>,
}

/// The outcome: the root value, the best move and the principal variation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchResult {
    /// The root's value (MAX's view).
    pub value: Score,
    /// The label of the chosen move (the first root child that reaches the root value).
    pub best_move: Option<String>,
    /// Its index among the root's children.
    pub best_index: Option<u32>,
    /// The principal variation, as move labels from the root.
    pub pv: Vec<String>,
    /// The principal variation as child indices from the root (in search order).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pv_indices: Vec<u32>,
}

/// What a node of a search with chance nodes records beyond [`Node`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeChance {
    /// Chance moves here (its children are outcomes).
    pub chance: bool,
    /// Its probability as an outcome of its chance parent (`None` below a player's node).
    pub p: Option<abviz_core::Probability>,
}

/// A recorded search: made by the [`Recorder`](crate::Recorder) or read from a trace file, then
/// only read. Its parts are reached through accessors (the caches built from them — child
/// lists, summaries, the timeline, names — stay right because nothing outside this crate can
/// change them).
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The algorithm that ran (its descriptor, as data).
    pub(crate) algorithm: AlgorithmInfo,
    /// The input.
    pub(crate) input: InputInfo,
    /// The result.
    pub(crate) result: SearchResult,
    /// The counts.
    pub(crate) stats: Stats,
    /// Every node: entered ones when first entered, pruned ones at their cutoff. Ids grow in
    /// creation order, so a parent's id is smaller than its children's.
    pub(crate) nodes: Vec<Node>,
    /// Interned move labels and node names.
    pub(crate) labels: Vec<String>,
    /// The event log, in order.
    pub(crate) events: EventLog,
    /// The user's name of each node (explicit trees) as an index into `labels`, or [`NONE`];
    /// empty when no node has a name.
    pub(crate) names: Vec<u32>,
    /// The static values of pruned leaves (explicit trees show them faded), by node id.
    pub(crate) pruned_values: Vec<(NodeId, Score)>,
    /// Chance: per node, whether chance moves there and its probability as an outcome of its
    /// chance parent; empty when the search met no chance node.
    pub(crate) chance: Vec<NodeChance>,
    /// MCTS with `--record-playouts`: each playout's moves, in the order of its simulate events.
    pub(crate) playouts: Vec<RecordedPlayout>,
    /// A minimax search of the same input, counted for comparison (when it was cheap enough).
    pub(crate) minimax: Option<Stats>,
    /// Position notations per node (games, when recorded).
    pub(crate) positions: Option<Positions>,
    /// Children of each node in move order, built on first use.
    pub(crate) children: OnceLock<ChildIndex>,
    /// What views derive from the recorded data above, built on first use.
    pub(crate) derivations: Derivations,
}

/// What views derive from a trace's recorded data on first use, one slot per kind: the
/// per-node summaries ([`crate::summary`]), the timeline's index ([`crate::timeline`]) and where
/// each node's name starts. The module that derives a kind owns its type and its code, so the
/// trace names none of them: recorded data below, what is derived from it above.
#[derive(Default)]
pub(crate) struct Derivations([OnceLock<Box<dyn Any + Send + Sync>>; 3]);

/// A slot of [`Derivations`]: each holds the one type its module derives.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Slot {
    /// `summary::Derived`.
    Summary,
    /// `timeline::Index`.
    Timeline,
    /// `names::NameIndex`.
    Names,
}

impl Clone for Derivations {
    /// A copy starts without them: they are rebuilt from the (copied) data on demand.
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl std::fmt::Debug for Derivations {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let built = self.0.iter().filter(|s| s.get().is_some()).count();
        write!(f, "Derivations({built} of 3 built)")
    }
}

impl Trace {
    /// What `slot` holds, derived by `derive` the first time it is asked for.
    pub(crate) fn derived_in<T: Any + Send + Sync>(
        &self,
        slot: Slot,
        derive: impl FnOnce(&Trace) -> T,
    ) -> &T {
        self.derivations.0[slot as usize]
            .get_or_init(|| Box::new(derive(self)))
            .downcast_ref()
            .expect("a slot holds the one type its module derives")
    }

    /// Forgets everything derived from the data (the child lists included).
    pub(crate) fn forget_derived(&mut self) {
        self.children = Default::default();
        self.derivations = Derivations::default();
    }
}

impl Trace {
    /// The algorithm that ran (its descriptor, as data).
    pub fn algorithm(&self) -> &AlgorithmInfo {
        &self.algorithm
    }

    /// Where the searched position came from.
    pub fn input(&self) -> &InputInfo {
        &self.input
    }

    /// The result: root value, best move, principal variation.
    pub fn result(&self) -> &SearchResult {
        &self.result
    }

    /// The counts.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Every node, by id: entered ones when first entered, pruned ones at their cutoff. Ids grow
    /// in creation order, so a parent's id is smaller than its children's.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Whether chance moves at node `id` (expectimax and *-minimax traces).
    pub fn is_chance(&self, id: NodeId) -> bool {
        self.chance.get(id as usize).is_some_and(|c| c.chance)
    }

    /// Node `id`'s probability as an outcome of its chance parent, if its parent is one.
    pub fn probability(&self, id: NodeId) -> Option<abviz_core::Probability> {
        self.chance.get(id as usize).and_then(|c| c.p)
    }

    /// Whether the trace has chance nodes.
    pub fn has_chance(&self) -> bool {
        self.chance.iter().any(|c| c.chance)
    }

    /// Interned move labels and node names ([`Node::label`] indexes them).
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// The event log, in order.
    pub fn events(&self) -> &EventLog {
        &self.events
    }

    /// The user's name of each node (explicit trees) as an index into [`Trace::labels`], or
    /// [`NONE`]; empty when no node has a name ([`Trace::name`] reads one).
    pub fn names(&self) -> &[u32] {
        &self.names
    }

    /// The static values of pruned leaves (explicit trees show them faded), by node id.
    pub fn pruned_values(&self) -> &[(NodeId, Score)] {
        &self.pruned_values
    }

    /// MCTS with recorded playouts: each playout's moves, in the order of its simulate events.
    pub fn playouts(&self) -> &[RecordedPlayout] {
        &self.playouts
    }

    /// A minimax search of the same input, counted for comparison (when it was cheap enough).
    pub fn minimax(&self) -> Option<&Stats> {
        self.minimax.as_ref()
    }

    /// The same trace with the counts of a minimax search of the same input to compare with.
    pub fn with_minimax(mut self, stats: Option<Stats>) -> Trace {
        self.minimax = stats;
        self
    }

    /// Position notations per node (games, when recorded).
    pub fn positions(&self) -> Option<&Positions> {
        self.positions.as_ref()
    }

    /// The heap bytes the trace holds: nodes, events, labels, names, pruned values, positions
    /// and, once a view has asked for it, the child index (not the summaries and the timeline
    /// that views build on demand).
    pub fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.events.heap_bytes()
            + self.children.get().map_or(0, |c| (c.start.capacity() + c.ids.capacity()) * 4)
            + self.labels.iter().map(|l| l.capacity() + std::mem::size_of::<String>()).sum::<usize>()
            + self.names.capacity() * 4
            + self.pruned_values.capacity() * std::mem::size_of::<(NodeId, Score)>()
            + self.positions.as_ref().map_or(0, Positions::heap_bytes)
            + self.playouts.iter().map(|p| p.moves.capacity() * 4).sum::<usize>()
            + self.playouts.capacity() * std::mem::size_of::<RecordedPlayout>()
    }

    /// The moves of the playout simulated at `step` (recorded with `--record-playouts`).
    pub fn playout_at(&self, step: usize) -> Option<&RecordedPlayout> {
        let i = self.playouts.binary_search_by_key(&(step as u32), |p| p.step).ok()?;
        Some(&self.playouts[i])
    }
}

/// One MCTS playout's moves (recorded on request: they are not tree nodes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordedPlayout {
    /// The step (0-based event index) of its simulate event.
    pub step: u32,
    /// The moves played, as indices into [`Trace::labels`].
    pub moves: Vec<u32>,
}

/// The children of every node (CSR form): node `n`'s are `ids[start[n]..start[n + 1]]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct ChildIndex {
    pub(crate) start: Vec<u32>,
    pub(crate) ids: Vec<NodeId>,
}

/// One text per node (positions of game nodes), stored end to end, most as what changed from
/// the text before: the bytes it shares with the text before at its start and at its end (two
/// LEB128 counts), then the bytes between. A search records a node's position right after its
/// parent's or a sibling's, which differ in a few squares, so a 60-byte xiangqi FEN takes about
/// 12. Every [`Positions::FULL`]th text is stored whole, so reading one replays at most that
/// many changes.
#[derive(Clone, Debug, Default)]
pub struct Positions {
    bytes: Vec<u8>,
    ends: Vec<u32>,
    /// The last text pushed, whole (what the next one is compared with).
    last: String,
}

/// The same texts, however they were pushed.
impl PartialEq for Positions {
    fn eq(&self, other: &Self) -> bool {
        (&self.bytes, &self.ends) == (&other.bytes, &other.ends)
    }
}

impl Eq for Positions {}

/// The LEB128 bytes of `v`, appended to `out`.
fn put_count(out: &mut Vec<u8>, mut v: usize) {
    while v >= 0x80 {
        out.push((v & 0x7f) as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A LEB128 count at the start of `bytes`, and the bytes after it.
fn take_count(mut bytes: &[u8]) -> (usize, &[u8]) {
    let (mut v, mut shift) = (0usize, 0);
    while let Some((&b, rest)) = bytes.split_first() {
        bytes = rest;
        v |= usize::from(b & 0x7f) << shift;
        shift += 7;
        if b < 0x80 {
            break;
        }
    }
    (v, bytes)
}

impl Positions {
    /// Every how many texts one is stored whole.
    pub const FULL: usize = 16;

    /// Appends the next node's text.
    pub fn push(&mut self, s: &str) {
        if self.ends.len().is_multiple_of(Self::FULL) {
            self.bytes.extend_from_slice(s.as_bytes());
        } else {
            let (old, new) = (self.last.as_bytes(), s.as_bytes());
            let head = old.iter().zip(new).take_while(|(a, b)| a == b).count();
            let room = old.len().min(new.len()) - head;
            let tail = old.iter().rev().zip(new.iter().rev()).take(room).take_while(|(a, b)| a == b).count();
            put_count(&mut self.bytes, head);
            put_count(&mut self.bytes, tail);
            self.bytes.extend_from_slice(&new[head..new.len() - tail]);
        }
        self.ends.push(self.bytes.len() as u32);
        self.last.clear();
        self.last.push_str(s);
    }

    /// The stored bytes of text `i`.
    fn record(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.bytes[start..self.ends[i] as usize]
    }

    /// Replays text `i`'s change onto `text`, the text before it (a whole text replaces it).
    fn apply(&self, i: usize, text: &mut Vec<u8>) {
        let record = self.record(i);
        if i.is_multiple_of(Self::FULL) {
            text.clear();
            text.extend_from_slice(record);
            return;
        }
        let (head, rest) = take_count(record);
        let (tail, middle) = take_count(rest);
        let tail_at = text.len() - tail;
        text.splice(head..tail_at, middle.iter().copied());
    }

    /// The text of node `i` (empty if none was recorded).
    pub fn get(&self, i: usize) -> Option<String> {
        if i >= self.ends.len() {
            return None;
        }
        let mut text = Vec::new();
        for k in i - i % Self::FULL..=i {
            self.apply(k, &mut text);
        }
        Some(String::from_utf8(text).expect("the texts pushed were UTF-8"))
    }

    /// Every text in order (each change replayed once).
    pub fn iter(&self) -> impl Iterator<Item = String> + '_ {
        let mut text = Vec::new();
        (0..self.ends.len()).map(move |i| {
            self.apply(i, &mut text);
            String::from_utf8(text.clone()).expect("the texts pushed were UTF-8")
        })
    }

    /// How many texts.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Frees the room kept for more texts (once the last is pushed).
    pub fn shrink_to_fit(&mut self) {
        self.bytes.shrink_to_fit();
        self.ends.shrink_to_fit();
        self.last = String::new();
    }

    /// Heap bytes used.
    pub fn heap_bytes(&self) -> usize {
        self.bytes.capacity() + self.ends.capacity() * 4 + self.last.capacity()
    }
}

#[cfg(test)]
mod position_tests {
    use super::Positions;

    #[test]
    fn texts_read_back_as_pushed() {
        let texts: Vec<String> = (0..100)
            .map(|i| match i % 7 {
                0 => String::new(),
                1 => "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w".into(),
                2 => "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b".into(),
                3 => format!("a{}b", "x".repeat(i * 3)),
                4 => "éé→ü".into(),
                5 => "éü→ü".into(),
                _ => format!("{i}"),
            })
            .collect();
        let mut p = Positions::default();
        texts.iter().for_each(|t| p.push(t));
        for (i, t) in texts.iter().enumerate() {
            assert_eq!(p.get(i).as_ref(), Some(t), "text {i}");
        }
        assert_eq!(p.iter().collect::<Vec<_>>(), texts);
        assert_eq!(p.get(texts.len()), None);
        // The changed rank and the side to move: far fewer bytes than the whole text.
        let mut q = Positions::default();
        q.push(&texts[1]);
        q.push(&texts[2]);
        assert!(q.bytes.len() < texts[1].len() + 20, "{}", q.bytes.len());
    }
}
