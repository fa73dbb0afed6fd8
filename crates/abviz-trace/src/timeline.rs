//! The one place that answers "what is the state at step k": the node executing, the stack with
//! each node's window, the values known so far, what is pruned and the counts. The terminal
//! stepper, the HTML page, the beamer steps and the narration all read a [`Timeline`].
//!
//! [`Timeline::new`] reads the event log once. For every step it keeps the node executing after
//! it (the *focus*), that node's window and number of reported children, and the step at which
//! the focus's parent was last executing (`up`): following `up` from step k gives every frame of
//! the stack with its window at that moment, read from the events, never recomputed. Counts are
//! kept at checkpoints every [`CHECKPOINT`] steps. Jumping anywhere in a trace of millions of
//! events is instant.
//!
//! Steps are 0-based indexes into the event log here; user interfaces show them 1-based.

use crate::columns::{ScoreColumn, ScoreTable, SmallColumn};
use crate::model::Slot;
use crate::summary::NEVER;
use crate::{Bound, Effect, Event, EventKind, NONE, NodeId, Trace};
use abviz_core::Player;
use abviz_core::Score;

/// Counts are stored every this many events.
pub const CHECKPOINT: usize = 1024;

/// What the search has done so far: the counts up to and including a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Node entries (the root included; a re-search counts again).
    pub nodes: u32,
    /// Static evaluations.
    pub leaves: u32,
    /// Cutoffs.
    pub cutoffs: u32,
    /// Children pruned by those cutoffs.
    pub pruned: u32,
    /// Re-searches.
    pub researches: u32,
    /// Transposition-table hits.
    pub tt_hits: u32,
    /// MCTS iterations begun.
    pub iterations: u32,
}

impl Counts {
    /// Counts `e`.
    pub fn add(&mut self, e: &Event) {
        match e {
            Event::Enter { .. } => self.nodes += 1,
            Event::Research { .. } => {
                self.nodes += 1;
                self.researches += 1;
            }
            Event::Eval { .. } => self.leaves += 1,
            Event::Cutoff { pruned, .. } | Event::ChanceCut { pruned, .. } => {
                self.cutoffs += 1;
                self.pruned = self.pruned.saturating_add(*pruned);
            }
            Event::TtHit { .. } => self.tt_hits += 1,
            Event::Iteration { .. } => self.iterations += 1,
            Event::Expand { .. } => self.nodes += 1,
            _ => {}
        }
    }
}

/// Where a node stands at some step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// Not entered yet (or, for a pruned node, its cutoff has not happened yet).
    Hidden,
    /// Entered, value not final yet: it is on the call stack.
    Open,
    /// Its value is known (a leaf once evaluated, an interior node once it returned).
    Valued,
    /// Generated but not searched (yet); the cutoff that skipped it has happened.
    Pruned,
}

/// One node of the call stack at some step, with the window it holds at that moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The node.
    pub node: NodeId,
    /// Its α now (MAX's view).
    pub alpha: Score,
    /// Its β now (MAX's view).
    pub beta: Score,
    /// How many of its children have reported their value in this visit so far.
    pub reported: u32,
    /// The child being searched (the next frame), or the one that reported last.
    pub child: Option<NodeId>,
}

/// The state after one step.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The step (0-based event index).
    pub step: usize,
    /// The event.
    pub event: Event,
    /// The event's kind.
    pub kind: EventKind,
    /// The node the event is about ([`Event::node`]; [`NONE`] for pass boundaries).
    pub node: NodeId,
    /// The node executing after the step ([`NONE`] between passes).
    pub focus: NodeId,
    /// The call stack from the root down to `focus`, with each node's window at this step.
    pub stack: Vec<Frame>,
    /// The counts up to and including this step.
    pub counts: Counts,
}

impl Snapshot {
    /// The top of the stack: the executing node with its current window (`None` between passes).
    pub fn top(&self) -> Option<&Frame> {
        self.stack.last()
    }
}

/// The state of a trace at any step (see the module documentation): a view of the trace and its
/// per-step index, which is built on first use and kept with the trace.
#[derive(Clone, Copy, Debug)]
pub struct Timeline<'t> {
    trace: &'t Trace,
    ix: &'t Index,
}

impl std::ops::Deref for Timeline<'_> {
    type Target = Index;
    fn deref(&self) -> &Index {
        self.ix
    }
}

/// The per-step arrays behind a [`Timeline`].
#[derive(Clone, Debug, Default)]
pub struct Index {
    focus: Vec<NodeId>,
    /// How many steps back `up` is (0: none).
    up: SmallColumn,
    /// The distinct scores of `alpha`, `beta` and `best`.
    scores: ScoreTable,
    alpha: ScoreColumn,
    beta: ScoreColumn,
    reported: SmallColumn,
    best: ScoreColumn,
    /// How many steps back `prev` is (0: none).
    prev: SmallColumn,
    kinds: Vec<EventKind>,
    checkpoints: Vec<Counts>,
    cutoff_steps: Vec<u32>,
    /// MCTS: the steps where its iterations start.
    iteration_steps: Vec<u32>,
    subtree: Vec<u32>,
    /// MCTS: per node, the steps of its backpropagations (empty for other searches).
    backprops: Vec<Vec<u32>>,
}

struct Open {
    node: NodeId,
    step: u32,
    alpha: Score,
    beta: Score,
    reported: u32,
    /// The best value its children reported so far (−∞ at MAX, +∞ at MIN before the first).
    best: Score,
}

impl Trace {
    /// The trace's timeline (its index is built on first use).
    pub fn timeline(&self) -> Timeline<'_> {
        Timeline { trace: self, ix: self.derived_in(Slot::Timeline, Index::new) }
    }
}

impl Index {
    /// Reads the event log of `trace` once and builds the indexes.
    fn new(trace: &Trace) -> Index {
        let len = trace.events.len();
        let mut t = Index {
            focus: Vec::with_capacity(len),
            up: SmallColumn::with_capacity(len),
            scores: ScoreTable::default(),
            alpha: ScoreColumn::with_capacity(len),
            beta: ScoreColumn::with_capacity(len),
            reported: SmallColumn::with_capacity(len),
            best: ScoreColumn::with_capacity(len),
            prev: SmallColumn::with_capacity(len),
            kinds: Vec::with_capacity(len),
            checkpoints: Vec::with_capacity(len / CHECKPOINT + 1),
            cutoff_steps: Vec::new(),
            iteration_steps: Vec::new(),
            subtree: if trace.nodes.is_empty() { Vec::new() } else { trace.subtree_sizes() },
            backprops: Vec::new(),
        };
        if trace.algorithm.features.mcts {
            t.backprops = vec![Vec::new(); trace.nodes.len()];
        }
        let mut stack: Vec<Open> = Vec::new();
        let mut counts = Counts::default();
        for (step, e) in trace.events.iter(&trace.nodes).enumerate() {
            if step % CHECKPOINT == 0 {
                t.checkpoints.push(counts);
            }
            counts.add(&e);
            let fresh = |node: NodeId| Open {
                node,
                step: step as u32,
                alpha: Score::NEG_INF,
                beta: Score::INF,
                reported: 0,
                best: match trace.nodes.get(node as usize).map(|n| n.player) {
                    Some(Player::Min) => Score::INF,
                    _ => Score::NEG_INF,
                },
            };
            // The stack, as the event table says each kind moves it.
            match e.effect() {
                Effect::Push(id) => stack.push(fresh(id)),
                Effect::Restart(id) => {
                    stack.clear();
                    stack.push(fresh(id));
                }
                Effect::Clear => stack.clear(),
                Effect::Pop(_) | Effect::PopToRoot(_) | Effect::Stay => {}
            }
            match e {
                Event::Iteration { .. } => t.iteration_steps.push(step as u32),
                Event::Cutoff { .. } | Event::ChanceCut { .. } => t.cutoff_steps.push(step as u32),
                Event::Backprop { node, .. } => {
                    if let Some(steps) = t.backprops.get_mut(node as usize) {
                        steps.push(step as u32);
                    }
                }
                _ => {}
            }
            let mut prev = NEVER;
            if let Some(top) = stack.last_mut() {
                if top.step != step as u32 {
                    prev = top.step;
                }
                if let Some((a, b)) = e.window() {
                    (top.alpha, top.beta) = (a, b);
                }
                if let Event::Update { value, .. } = e {
                    top.reported += 1;
                    top.best = match trace.nodes.get(top.node as usize).map(|n| n.player) {
                        Some(Player::Min) => top.best.min(value),
                        _ => top.best.max(value),
                    };
                }
                top.step = step as u32;
            }
            let n = stack.len();
            match stack.last() {
                Some(top) => {
                    t.focus.push(top.node);
                    t.alpha.push(top.alpha, &mut t.scores);
                    t.beta.push(top.beta, &mut t.scores);
                    t.reported.push(top.reported);
                    t.best.push(top.best, &mut t.scores);
                    t.up.push(if n >= 2 { back(step, stack[n - 2].step) } else { 0 });
                    t.prev.push(back(step, prev));
                }
                None => {
                    t.focus.push(NONE);
                    t.alpha.push(Score::NEG_INF, &mut t.scores);
                    t.beta.push(Score::INF, &mut t.scores);
                    t.reported.push(0);
                    t.best.push(Score::NEG_INF, &mut t.scores);
                    t.up.push(0);
                    t.prev.push(0);
                }
            }
            t.kinds.push(e.kind());
            match e.effect() {
                Effect::Pop(_) => {
                    stack.pop();
                }
                Effect::PopToRoot(_) if stack.len() > 1 => {
                    stack.pop();
                }
                _ => {}
            }
        }
        t.scores.finish();
        t.up.finish();
        t.prev.finish();
        t.reported.finish();
        t
    }
}

/// How far back `earlier` ([`NEVER`]: none) is from `step`, as the index keeps it (0: none).
fn back(step: usize, earlier: u32) -> u32 {
    if earlier == NEVER { 0 } else { step as u32 - earlier }
}

/// The step `distance` steps before `step` (0: none), as [`back`] kept it.
fn ahead(step: usize, distance: u32) -> Option<usize> {
    (distance != 0).then(|| step - distance as usize)
}

impl<'t> Timeline<'t> {
    /// The timeline of `trace` (the same as [`Trace::timeline`]).
    pub fn new(trace: &'t Trace) -> Timeline<'t> {
        trace.timeline()
    }

    /// The trace being replayed.
    pub fn trace(&self) -> &'t Trace {
        self.trace
    }

    /// The number of steps (events).
    pub fn len(&self) -> usize {
        self.focus.len()
    }

    /// Whether the trace has no events to step through.
    pub fn is_empty(&self) -> bool {
        self.focus.is_empty()
    }

    /// The last step (0 for an empty log).
    pub fn last(&self) -> usize {
        self.len().saturating_sub(1)
    }

    /// The kind of event `step`.
    pub fn kind(&self, step: usize) -> EventKind {
        self.kinds[step]
    }

    /// The event at `step`.
    pub fn event(&self, step: usize) -> Event {
        self.trace.events.get(step, &self.trace.nodes)
    }

    /// The counts up to and including `step`.
    pub fn counts(&self, step: usize) -> Counts {
        if self.is_empty() {
            return Counts::default();
        }
        let step = step.min(self.last());
        let base = step / CHECKPOINT;
        let mut counts = self.checkpoints[base];
        for e in self
            .trace
            .events
            .iter_from(base * CHECKPOINT, &self.trace.nodes)
            .take(step + 1 - base * CHECKPOINT)
        {
            counts.add(&e);
        }
        counts
    }

    /// The node executing after `step` ([`NONE`] between passes).
    pub fn focus(&self, step: usize) -> NodeId {
        self.focus.get(step.min(self.last())).copied().unwrap_or(NONE)
    }

    /// The focus's window after `step`.
    pub fn window(&self, step: usize) -> (Score, Score) {
        (self.alpha.get(step, &self.scores), self.beta.get(step, &self.scores))
    }

    /// The focus's best child value after `step` (MAX's view: −∞ at a MAX node, +∞ at a MIN
    /// node before any child reported).
    pub fn best(&self, step: usize) -> Score {
        self.best.get(step, &self.scores)
    }

    /// The range the focus's value is known to lie in after `step`, as AIMA draws it: at MAX
    /// [best so far, +∞], at MIN [−∞, best so far]; when it returns, its final range.
    pub fn range(&self, step: usize) -> (Score, Score) {
        // At its exit a node's range is final: [v, v], or open on the side its bound says.
        if let Event::Exit { value, bound, .. } = self.event(step) {
            return bound.range(value);
        }
        // A chance node's range is what its updates say its expected value can still take.
        if self.trace.is_chance(self.focus[step]) {
            return self.window(step);
        }
        let best = self.best(step);
        match self.trace.nodes.get(self.focus[step] as usize).map(|n| n.player) {
            Some(Player::Min) => (Score::NEG_INF, best),
            _ => (best, Score::INF),
        }
    }

    /// A chance node's expected value so far after `step`: the outcomes that have returned,
    /// each value weighted by its recorded probability (`None` at another node, before any
    /// outcome returned, or when an outcome's value is only a bound, as Star2's probes give).
    pub fn expected_so_far(&self, node: NodeId, step: usize) -> Option<Score> {
        let trace = self.trace;
        if !trace.is_chance(node) {
            return None;
        }
        let mut sum = None;
        for &c in trace.children(node) {
            let Some((v, bound)) = self.value_at(c, step) else { continue };
            if bound != Bound::Exact {
                return None;
            }
            let term = abviz_core::Exact::from_score(v).times(trace.probability(c)?)?;
            sum = Some(sum.unwrap_or(abviz_core::Exact::ZERO).checked_add(term)?);
        }
        sum?.to_score(0)
    }

    /// The step before `step` at which the focus's parent was executing (its window then is
    /// the parent's window now), if the focus has a parent on the stack.
    pub fn up(&self, step: usize) -> Option<usize> {
        ahead(step, self.up.get(step))
    }

    /// Where `id` stands after `step`.
    pub fn seen(&self, id: NodeId, step: usize) -> Seen {
        let s = self.trace.steps_of(id);
        let at = step as u32;
        if s.enter != NEVER && s.enter <= at {
            let leaf = self.trace.summary(id).is_leaf();
            match self.value_at(id, step) {
                Some(_) if leaf || !self.is_open(id, step) => Seen::Valued,
                _ => Seen::Open,
            }
        } else if s.pruned != NEVER && s.pruned <= at {
            Seen::Pruned
        } else {
            Seen::Hidden
        }
    }

    /// Whether a visit of `id` is under way after `step`.
    pub fn is_open(&self, id: NodeId, step: usize) -> bool {
        let step = step as u32;
        self.trace.visits_of(id).any(|v| v.enter <= step && (v.exit == NEVER || v.exit > step))
    }

    /// The value (and bound) `id` has after `step`: the value of its latest visit that has
    /// returned, or a leaf's evaluation; `None` if nothing is known yet.
    pub fn value_at(&self, id: NodeId, step: usize) -> Option<(Score, Bound)> {
        let s = self.trace.steps_of(id);
        let at = step as u32;
        if s.valued == NEVER || s.valued > at {
            return None;
        }
        let summary = self.trace.summary(id);
        if self.trace.mcts(id).is_some() {
            return Some((summary.value, Bound::Exact));
        }
        let mut known = None;
        for v in self.trace.visits_of(id) {
            if v.enter > at {
                break;
            }
            if v.exit != NEVER && v.exit <= at {
                known = Some((v.value, v.bound));
            }
        }
        known.or_else(|| summary.is_leaf().then_some((summary.value, Bound::Exact)))
    }

    /// Whether the cutoff of `id`'s last visit has happened by `step`.
    pub fn cut_by(&self, id: NodeId, step: usize) -> bool {
        self.trace.cutoff(id).is_some_and(|c| c.step as usize <= step)
    }

    /// The step at which `id` was first entered.
    pub fn enter_step(&self, id: NodeId) -> Option<usize> {
        let s = self.trace.steps_of(id).enter;
        (s != NEVER).then_some(s as usize)
    }

    /// The step at which `id`'s value first became final: its evaluation (leaves) or its return.
    pub fn value_step(&self, id: NodeId) -> Option<usize> {
        let s = self.trace.steps_of(id).valued;
        (s != NEVER).then_some(s as usize)
    }

    /// The number of recorded nodes (searched and pruned) in `id`'s subtree, itself included.
    pub fn subtree_size(&self, id: NodeId) -> u32 {
        self.subtree.get(id as usize).copied().unwrap_or(1)
    }

    /// The steps of all cutoff events, in order.
    pub fn cutoff_steps(&self) -> &[u32] {
        &self.cutoff_steps
    }

    /// The first cutoff after `step`.
    pub fn next_cutoff(&self, step: usize) -> Option<usize> {
        let i = self.cutoff_steps.partition_point(|&s| s as usize <= step);
        self.cutoff_steps.get(i).map(|&s| s as usize)
    }

    /// The last cutoff before `step`.
    pub fn prev_cutoff(&self, step: usize) -> Option<usize> {
        let i = self.cutoff_steps.partition_point(|&s| (s as usize) < step);
        i.checked_sub(1).map(|i| self.cutoff_steps[i] as usize)
    }

    /// What the steppers' "next cutoff" key jumps between: the cutoffs, or for MCTS (which
    /// never cuts) the starts of its iterations.
    pub fn landmark(&self) -> &'static str {
        if self.trace.algorithm.features.mcts { "iteration" } else { "cutoff" }
    }

    fn landmark_steps(&self) -> &[u32] {
        if self.trace.algorithm.features.mcts { &self.iteration_steps } else { &self.cutoff_steps }
    }

    /// The first [`landmark`](Timeline::landmark) after `step`.
    pub fn next_landmark(&self, step: usize) -> Option<usize> {
        let steps = self.landmark_steps();
        steps.get(steps.partition_point(|&s| s as usize <= step)).map(|&s| s as usize)
    }

    /// The last [`landmark`](Timeline::landmark) before `step`.
    pub fn prev_landmark(&self, step: usize) -> Option<usize> {
        let steps = self.landmark_steps();
        steps.partition_point(|&s| (s as usize) < step).checked_sub(1).map(|i| steps[i] as usize)
    }

    /// The child that reported last to the focus's visit by `step` ([`NONE`] before any): the
    /// child of the latest update among the focus's own steps (a few steps back along `prev`;
    /// not kept per step, which would take four bytes a step for what only the call stack's
    /// top shows).
    fn last_child(&self, step: usize) -> NodeId {
        let mut s = step;
        loop {
            if let Event::Update { child, .. } = self.event(s) {
                return child;
            }
            match self.prev(s) {
                Some(p) => s = p,
                None => return NONE,
            }
        }
    }

    /// The frame of the focus at `step` (no allocation), its `child` left out (the caller
    /// sets it: the next frame's node, or for the top [`Timeline::last_child`]).
    fn frame_at(&self, step: usize) -> Frame {
        let (alpha, beta) = self.window(step);
        Frame { node: self.focus[step], alpha, beta, reported: self.reported.get(step), child: None }
    }

    /// The stack after `step`, root first: each frame with its window at that moment.
    pub fn stack(&self, step: usize) -> Vec<Frame> {
        let mut frames = Vec::new();
        if self.is_empty() || self.focus[step] == NONE {
            return frames;
        }
        let mut s = step;
        loop {
            frames.push(self.frame_at(s));
            match self.up(s) {
                Some(u) => s = u,
                None => break,
            }
        }
        frames.reverse();
        for i in 0..frames.len().saturating_sub(1) {
            frames[i].child = Some(frames[i + 1].node);
        }
        if let Some(top) = frames.last_mut() {
            *top = self.top(step).expect("the focus is a node");
        }
        frames
    }

    /// The top of the stack after `step` — [`Timeline::stack`]'s last frame — without walking
    /// down from the root: O(1) where the stack is O(depth), for views that show only the
    /// executing node (`step --plain` prints a line a step).
    pub fn top(&self, step: usize) -> Option<Frame> {
        if self.is_empty() || self.focus[step] == NONE {
            return None;
        }
        let child = self.last_child(step);
        Some(Frame { child: (child != NONE).then_some(child), ..self.frame_at(step) })
    }

    /// The step before `step` at which the same frame was executing, if any: its window then
    /// is the window an update at `step` changed.
    pub fn prev(&self, step: usize) -> Option<usize> {
        ahead(step, self.prev.get(step))
    }

    /// The focus's window just before `step` (after its previous step, or its entry window).
    pub fn window_before(&self, step: usize) -> (Score, Score) {
        self.prev(step).map_or(self.window(step), |p| self.window(p))
    }

    /// The state after `step` (clamped to the last step).
    ///
    /// # Panics
    /// If the trace has no events (see [`Timeline::is_empty`]).
    pub fn at(&self, step: usize) -> Snapshot {
        let step = step.min(self.last());
        let event = self.event(step);
        Snapshot {
            step,
            kind: event.kind(),
            node: event.node().unwrap_or(NONE),
            event,
            focus: self.focus[step],
            stack: self.stack(step),
            counts: self.counts(step),
        }
    }

    /// MCTS: N and W of `id` after `step` (its latest backpropagation by then), `None` before
    /// its first.
    pub fn mcts_at(&self, id: NodeId, step: usize) -> Option<(u32, f64)> {
        let steps = self.ix.backprops.get(id as usize)?;
        let k = steps.partition_point(|&s| s as usize <= step).checked_sub(1)?;
        match self.trace.events.get(steps[k] as usize, &self.trace.nodes) {
            Event::Backprop { visits, total, .. } => Some((visits, total)),
            _ => None,
        }
    }

    /// The best value a window-less search (minimax, negamax) has found so far at a stack node:
    /// MAX's α or MIN's β after the last report, if any child reported.
    pub fn best_so_far(&self, frame: &Frame) -> Option<Score> {
        (frame.reported > 0).then(|| match self.trace.node(frame.node).player {
            Player::Max => frame.alpha,
            Player::Min => frame.beta,
        })
    }
}
