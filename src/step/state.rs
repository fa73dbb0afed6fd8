//! The replay state at any step of a trace: which nodes are entered, valued or pruned, the call
//! stack, each stack node's current window and the counts so far.
//!
//! [`Replay::new`] reads the event log once and keeps, for every node, the step at which it was
//! entered, got its final value, reported to its parent and cut off; the counts are kept at
//! checkpoints every [`CHECKPOINT`] steps. Every question about step `k` is then answered from
//! those indexes (a binary search or a scan of fewer than [`CHECKPOINT`] events), so jumping
//! anywhere in a trace of millions of events is instant. Nothing is re-searched or re-decided:
//! values, windows and cutoffs all come from the trace's node records.
//!
//! Steps are 0-based indexes into [`Trace::events`] here; the user interfaces show them 1-based.

use crate::Score;
use crate::game::Player;
use crate::trace::{EventKind, NONE, NodeId, Trace};

/// Counts are stored every this many events.
pub const CHECKPOINT: usize = 1024;

/// "Never" in the per-node step indexes.
const NEVER: u32 = u32::MAX;

/// What the search has done so far: the counts up to and including a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Nodes entered (the root included).
    pub nodes: u32,
    /// Static evaluations.
    pub leaves: u32,
    /// Cutoffs.
    pub cutoffs: u32,
    /// Children pruned by those cutoffs.
    pub pruned: u32,
}

/// Where a node stands at some step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// Not entered yet (or, for a pruned node, its cutoff has not happened yet).
    Hidden,
    /// Entered, value not final yet: it is on the call stack.
    Open,
    /// Its value is final (a leaf once evaluated, an interior node once it returned).
    Valued,
    /// Generated but never searched; its parent's cutoff has happened.
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
    /// How many of its children have reported their value so far.
    pub reported: u32,
    /// The child being searched (the next frame), or the one that reported last.
    pub child: Option<NodeId>,
}

/// The state after one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The step (0-based event index).
    pub step: usize,
    /// The event's kind.
    pub kind: EventKind,
    /// The node the event is about ([`crate::trace::Event::node`]).
    pub node: NodeId,
    /// The node that is executing: the event's node, or for an update the parent that takes the
    /// child's value in.
    pub focus: NodeId,
    /// The call stack from the root down to `focus`, with each node's window at this step.
    pub stack: Vec<Frame>,
    /// The counts up to and including this step.
    pub counts: Counts,
}

impl Snapshot {
    /// The top of the stack: the executing node with its current window.
    pub fn top(&self) -> &Frame {
        self.stack.last().expect("the stack holds at least the focus")
    }
}

/// The index that answers questions about any step of a trace.
#[derive(Clone, Debug)]
pub struct Replay<'t> {
    trace: &'t Trace,
    enter: Vec<u32>,
    valued: Vec<u32>,
    update: Vec<u32>,
    cut: Vec<u32>,
    cutoff_steps: Vec<u32>,
    checkpoints: Vec<Counts>,
    subtree: Vec<u32>,
}

impl<'t> Replay<'t> {
    /// Reads the event log of `trace` once and builds the indexes.
    pub fn new(trace: &'t Trace) -> Replay<'t> {
        let n = trace.nodes.len();
        let mut enter = vec![NEVER; n];
        let mut valued = vec![NEVER; n];
        let mut update = vec![NEVER; n];
        let mut cut = vec![NEVER; n];
        let mut cutoff_steps = Vec::new();
        let mut checkpoints = Vec::with_capacity(trace.events.len() / CHECKPOINT + 1);
        let mut counts = Counts::default();
        for (step, e) in trace.events.iter().enumerate() {
            if step % CHECKPOINT == 0 {
                checkpoints.push(counts);
            }
            let s = step as u32;
            let i = e.node as usize;
            if i >= n {
                continue;
            }
            match e.kind {
                EventKind::Enter => enter[i] = enter[i].min(s),
                EventKind::Eval => valued[i] = valued[i].min(s),
                EventKind::Exit => valued[i] = valued[i].min(s),
                EventKind::Update => update[i] = update[i].min(s),
                EventKind::Cutoff => {
                    cut[i] = cut[i].min(s);
                    cutoff_steps.push(s);
                }
            }
            count(trace, e.kind, e.node, &mut counts);
        }
        Replay {
            trace,
            enter,
            valued,
            update,
            cut,
            cutoff_steps,
            checkpoints,
            subtree: if n == 0 { Vec::new() } else { trace.subtree_sizes() },
        }
    }

    /// The trace being replayed.
    pub fn trace(&self) -> &'t Trace {
        self.trace
    }

    /// The number of steps (events).
    pub fn len(&self) -> usize {
        self.trace.events.len()
    }

    /// Whether the trace has no events to step through.
    pub fn is_empty(&self) -> bool {
        self.trace.events.is_empty()
    }

    /// The last step (0 for an empty log).
    pub fn last(&self) -> usize {
        self.len().saturating_sub(1)
    }

    /// The counts up to and including `step`.
    pub fn counts(&self, step: usize) -> Counts {
        if self.is_empty() {
            return Counts::default();
        }
        let step = step.min(self.last());
        let base = step / CHECKPOINT;
        let mut counts = self.checkpoints[base];
        for e in &self.trace.events[base * CHECKPOINT..=step] {
            count(self.trace, e.kind, e.node, &mut counts);
        }
        counts
    }

    /// Where `id` stands after `step`.
    pub fn seen(&self, id: NodeId, step: usize) -> Seen {
        let i = id as usize;
        let node = self.trace.node(id);
        if !node.visited() {
            // A pruned node shows up with the cutoff at the nearest searched ancestor.
            let mut cur = node.parent;
            while cur != NONE && !self.trace.node(cur).visited() {
                cur = self.trace.node(cur).parent;
            }
            return match cur {
                NONE => Seen::Hidden,
                c if self.cut[c as usize] as usize <= step && self.cut[c as usize] != NEVER => Seen::Pruned,
                _ => Seen::Hidden,
            };
        }
        if self.enter[i] == NEVER || self.enter[i] as usize > step {
            Seen::Hidden
        } else if self.valued[i] != NEVER && self.valued[i] as usize <= step {
            Seen::Valued
        } else {
            Seen::Open
        }
    }

    /// Whether the cutoff at `id` has happened by `step`.
    pub fn cut_by(&self, id: NodeId, step: usize) -> bool {
        let c = self.cut[id as usize];
        c != NEVER && c as usize <= step
    }

    /// The step at which `id` was entered.
    pub fn enter_step(&self, id: NodeId) -> Option<usize> {
        let s = self.enter[id as usize];
        (s != NEVER).then_some(s as usize)
    }

    /// The step at which `id`'s value became final: its evaluation (leaves) or its return.
    pub fn value_step(&self, id: NodeId) -> Option<usize> {
        let s = self.valued[id as usize];
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

    /// The node executing at `step`: the event's node, or for an update the parent.
    ///
    /// # Panics
    /// If the trace has no events.
    pub fn focus(&self, step: usize) -> NodeId {
        let e = self.trace.events[step.min(self.last())];
        match e.kind {
            EventKind::Update => self.trace.parent(e.node).unwrap_or(e.node),
            _ => e.node,
        }
    }

    /// The window `id` holds after `step` (it must be on the stack or done): the window after the
    /// last child that reported by then, or its entry window.
    pub fn window(&self, id: NodeId, step: usize) -> (Score, Score, u32, Option<NodeId>) {
        let trace = self.trace;
        let children = trace.children(id);
        // Searched children come first and report in order, so their update steps increase.
        let searched = children.partition_point(|&c| trace.node(c).visited());
        let reported = children[..searched].partition_point(|&c| {
            self.update[c as usize] as usize <= step && self.update[c as usize] != NEVER
        });
        let node = trace.node(id);
        match reported.checked_sub(1).map(|i| children[i]) {
            Some(c) => {
                let ch = trace.node(c);
                (ch.parent_alpha, ch.parent_beta, reported as u32, Some(c))
            }
            None => (node.alpha_in, node.beta_in, 0, None),
        }
    }

    /// The state after `step` (clamped to the last step).
    ///
    /// # Panics
    /// If the trace has no events (see [`Replay::is_empty`]).
    pub fn at(&self, step: usize) -> Snapshot {
        let step = step.min(self.last());
        let e = self.trace.events[step];
        let focus = self.focus(step);
        let chain = self.trace.ancestry(focus);
        let mut stack = Vec::with_capacity(chain.len());
        for (i, &id) in chain.iter().enumerate() {
            let (alpha, beta, reported, last) = self.window(id, step);
            let child = chain.get(i + 1).copied().or(last);
            stack.push(Frame { node: id, alpha, beta, reported, child });
        }
        Snapshot { step, kind: e.kind, node: e.node, focus, stack, counts: self.counts(step) }
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

fn count(trace: &Trace, kind: EventKind, node: NodeId, counts: &mut Counts) {
    match kind {
        EventKind::Enter => counts.nodes += 1,
        EventKind::Eval => counts.leaves += 1,
        EventKind::Cutoff => {
            counts.cutoffs += 1;
            counts.pruned += trace.cutoff(node).map_or(0, |c| c.pruned);
        }
        EventKind::Update | EventKind::Exit => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{Input, RunOptions};
    use crate::search::Algorithm;

    fn aima(algo: Algorithm) -> Trace {
        let input = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None).unwrap();
        input.trace(algo, &RunOptions::default()).unwrap()
    }

    fn named(trace: &Trace, name: &str) -> NodeId {
        (0..trace.nodes.len() as NodeId).find(|&i| trace.name(i) == Some(name)).unwrap()
    }

    /// Replays the log by brute force (a stack machine over the events) to check the indexes.
    fn brute(trace: &Trace, step: usize) -> (Vec<NodeId>, Vec<(Score, Score)>, Counts) {
        let mut stack: Vec<(NodeId, Score, Score)> = Vec::new();
        let mut counts = Counts::default();
        for e in &trace.events[..=step] {
            let n = trace.node(e.node);
            match e.kind {
                EventKind::Enter => stack.push((e.node, n.alpha_in, n.beta_in)),
                EventKind::Exit => {
                    stack.pop();
                }
                EventKind::Update => {
                    let top = stack.last_mut().unwrap();
                    top.1 = n.parent_alpha;
                    top.2 = n.parent_beta;
                }
                _ => {}
            }
            count(trace, e.kind, e.node, &mut counts);
        }
        let e = trace.events[step];
        if e.kind == EventKind::Exit {
            // The exiting node stays the focus of its own step, with its final window.
            let n = trace.node(e.node);
            stack.push((e.node, n.alpha_out, n.beta_out));
        }
        (stack.iter().map(|f| f.0).collect(), stack.iter().map(|f| (f.1, f.2)).collect(), counts)
    }

    #[test]
    fn snapshots_agree_with_a_brute_force_replay() {
        let traces = [
            aima(Algorithm::AlphaBeta),
            aima(Algorithm::Minimax),
            Input::from_tree_text("((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))", None)
                .unwrap()
                .trace(Algorithm::AlphaBetaSoft, &RunOptions::default())
                .unwrap(),
            Input::Random(crate::game::random::RandomTree {
                branching: 4,
                depth: 6,
                seed: 7,
                values: (-20, 20),
                ordering: crate::game::random::Ordering::Natural,
                root_player: Player::Max,
            })
            .trace(Algorithm::NegamaxAb, &RunOptions::default())
            .unwrap(),
        ];
        assert!(traces[3].events.len() > 2 * CHECKPOINT, "the random tree spans checkpoints");
        for trace in &traces {
            let replay = Replay::new(trace);
            for step in 0..trace.events.len() {
                let snap = replay.at(step);
                let (ids, windows, counts) = brute(trace, step);
                let got: Vec<NodeId> = snap.stack.iter().map(|f| f.node).collect();
                assert_eq!(got, ids, "stack at step {step}");
                let got: Vec<(Score, Score)> = snap.stack.iter().map(|f| (f.alpha, f.beta)).collect();
                assert_eq!(got, windows, "windows at step {step}");
                assert_eq!(snap.counts, counts, "counts at step {step}");
            }
            let end = replay.counts(replay.last());
            assert_eq!(end.nodes as u64, trace.stats.nodes);
            assert_eq!(end.leaves as u64, trace.stats.leaves);
            assert_eq!(end.cutoffs as u64, trace.stats.cutoffs);
            assert_eq!(end.pruned as u64, trace.stats.pruned);
        }
    }

    #[test]
    fn the_aima_cutoff_at_c() {
        let trace = aima(Algorithm::AlphaBeta);
        let replay = Replay::new(&trace);
        let (a, b, c) = (named(&trace, "A"), named(&trace, "B"), named(&trace, "C"));
        let first = replay.next_cutoff(0).unwrap();
        assert_eq!(trace.events[first].node, c);
        assert_eq!(replay.cutoff_steps().len(), 2);
        assert_eq!(replay.prev_cutoff(first), None);
        assert_eq!(replay.prev_cutoff(first + 1), Some(first));
        let snap = replay.at(first);
        assert_eq!(snap.focus, c);
        assert_eq!(snap.stack.iter().map(|f| f.node).collect::<Vec<_>>(), vec![a, c]);
        // A holds α = 3 from B; C's β fell to 2 below it: the α-cutoff.
        assert_eq!((snap.stack[0].alpha, snap.stack[0].beta), (3.into(), Score::INF));
        assert_eq!((snap.stack[1].alpha, snap.stack[1].beta), (3.into(), 2.into()));
        assert_eq!(snap.counts, Counts { nodes: 7, leaves: 4, cutoffs: 1, pruned: 2 });
        assert_eq!(replay.seen(b, first), Seen::Valued);
        assert_eq!(replay.seen(c, first), Seen::Open);
        assert!(replay.cut_by(c, first) && !replay.cut_by(c, first - 1));
        let pruned: Vec<NodeId> =
            trace.children(c).iter().copied().filter(|&x| !trace.node(x).visited()).collect();
        assert_eq!(pruned.len(), 2);
        for &p in &pruned {
            assert_eq!(replay.seen(p, first - 1), Seen::Hidden);
            assert_eq!(replay.seen(p, first), Seen::Pruned);
        }
        assert_eq!(replay.seen(named(&trace, "D"), first), Seen::Hidden);
        assert_eq!(replay.subtree_size(c), 4);
        assert_eq!(replay.subtree_size(a), trace.nodes.len() as u32);
    }

    #[test]
    fn minimax_keeps_the_best_value_so_far() {
        let trace = aima(Algorithm::Minimax);
        let replay = Replay::new(&trace);
        assert!(replay.cutoff_steps().is_empty());
        let b = named(&trace, "B");
        // After B's second leaf reported: best so far min(3, 12) = 3.
        let step = (0..trace.events.len())
            .filter(|&s| trace.events[s].kind == EventKind::Update && replay.focus(s) == b)
            .nth(1)
            .unwrap();
        let snap = replay.at(step);
        assert_eq!(replay.best_so_far(snap.top()), Some(3.into()));
        assert_eq!(snap.top().reported, 2);
    }
}
