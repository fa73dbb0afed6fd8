//! What views read about each node, derived once from the event log: the per-node summary
//! (value, bound, windows in and out, visit order, status), every visit of a node, the cutoffs,
//! the passes, the transposition links, MCTS statistics and the step at which each node appears.
//!
//! Nothing here is stored by the recorder: [`Trace::summary`] and friends build it on first use
//! (one pass over the events) and keep it with the trace.

use crate::model::{Bound, Cutoff, NONE, NodeId, Slot, Status, Trace};
use crate::{Event, OrderReason, PassKind};
use abviz_core::Score;

/// "Never" in step fields.
pub const NEVER: u32 = u32::MAX;

/// A node as the views see it: the result of its last visit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// What happened to it.
    pub status: Status,
    /// The bound type of `value`.
    pub bound: Bound,
    /// Visit order (1-based, by first entry; 0 if never entered).
    pub pre: u32,
    /// The order in which its value became final (1-based; 0 if never).
    pub post: u32,
    /// α on entry (MAX's view).
    pub alpha_in: Score,
    /// β on entry.
    pub beta_in: Score,
    /// α when it returned (after its last child reported).
    pub alpha_out: Score,
    /// β when it returned.
    pub beta_out: Score,
    /// The value it returned (MAX's view); a pruned leaf's static value if it is known.
    pub value: Score,
    /// The parent's α after this node's value was folded in.
    pub parent_alpha: Score,
    /// The parent's β after this node's value was folded in.
    pub parent_beta: Score,
    /// How many times it was entered.
    pub visits: u32,
    /// Its first visit, an index into [`Trace::visits`] ([`NONE`] if never entered).
    pub first_visit: u32,
    /// The cutoff of its last visit, an index into [`Trace::cutoffs`], or [`NONE`].
    pub cutoff: u32,
    /// The node whose stored result it took from the transposition table, or [`NONE`].
    pub link: NodeId,
    /// Whether it stood pat: a quiescence search ran here (at the depth limit or beyond it).
    pub stand_pat: bool,
}

impl Default for Summary {
    fn default() -> Self {
        Summary {
            status: Status::Pruned,
            bound: Bound::Exact,
            pre: 0,
            post: 0,
            alpha_in: Score::NEG_INF,
            beta_in: Score::INF,
            alpha_out: Score::NEG_INF,
            beta_out: Score::INF,
            value: Score::default(),
            parent_alpha: Score::NEG_INF,
            parent_beta: Score::INF,
            visits: 0,
            first_visit: NONE,
            cutoff: NONE,
            link: NONE,
            stand_pat: false,
        }
    }
}

impl Summary {
    /// Whether it was evaluated statically.
    pub fn is_leaf(&self) -> bool {
        matches!(self.status, Status::Leaf | Status::Terminal)
    }
}

/// One visit of a node: from its enter (or re-search) to its exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Visit {
    /// The node.
    pub node: NodeId,
    /// The step (0-based) it was entered.
    pub enter: u32,
    /// The step it returned ([`NEVER`] if the trace ends first).
    pub exit: u32,
    /// Entered by a re-search.
    pub research: bool,
    /// The entry window.
    pub alpha: Score,
    /// The entry window.
    pub beta: Score,
    /// The value it returned.
    pub value: Score,
    /// Its bound.
    pub bound: Bound,
    /// The cutoff of this visit, or [`NONE`].
    pub cutoff: u32,
    /// The node's next visit, or [`NONE`].
    pub next: u32,
}

/// One root search of a multi-pass algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// The pass number.
    pub number: u32,
    /// Iteration, probe or aspiration window.
    pub kind: PassKind,
    /// Its depth limit, if it has one.
    pub depth: Option<u32>,
    /// The root window.
    pub alpha: Score,
    /// The root window.
    pub beta: Score,
    /// Its root node ([`NONE`] if it never entered one).
    pub root: NodeId,
    /// The step of its start event.
    pub start: u32,
    /// The step of its end event ([`NEVER`] if missing).
    pub end: u32,
    /// The root's value.
    pub value: Score,
    /// Its bound.
    pub bound: Bound,
}

/// MCTS statistics of a node after the search.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MctsStats {
    /// Visit count N.
    pub visits: u32,
    /// Total result W.
    pub total: f64,
    /// The UCT value it had when last selected (NaN if never selected).
    pub uct: f64,
}

impl MctsStats {
    /// The mean result W/N (MAX's view), if the node was visited.
    pub fn mean(&self) -> Option<f64> {
        (self.visits > 0).then(|| self.total / f64::from(self.visits))
    }
}

/// Why a move-ordering heuristic searched a child where it did (an [`Event::Order`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderNote {
    /// The node whose children were ordered.
    pub node: NodeId,
    /// The child's place in search order (its `index`).
    pub index: u32,
    /// The heuristic that put it there.
    pub reason: OrderReason,
    /// For the table's move: the depth its entry was searched to.
    pub depth: u32,
    /// For a history move: its history score.
    pub score: u64,
    /// The step of the order event.
    pub step: u32,
}

impl OrderNote {
    /// The short tag views print after the move: "tt", "killer", "history 12".
    pub fn tag(&self) -> String {
        match self.reason {
            OrderReason::History => format!("history {}", self.score),
            r => r.name().to_string(),
        }
    }
}

/// When a node shows up in the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    /// The step it was first entered (or created by an MCTS expansion), or [`NEVER`].
    pub enter: u32,
    /// The step its value first became final (evaluation or return), or [`NEVER`].
    pub valued: u32,
    /// The step of the cutoff that recorded it as pruned, or [`NEVER`].
    pub pruned: u32,
    /// The step its value was last folded into its parent, or [`NEVER`].
    pub reported: u32,
}

/// [`Steps`] but `pruned`, kept per node that has a summary of its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seen {
    enter: u32,
    valued: u32,
    reported: u32,
}

impl Seen {
    const NEVER: Seen = Seen { enter: NEVER, valued: NEVER, reported: NEVER };
}

/// Everything derived from the events (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Derived {
    /// The summaries of the nodes that have one of their own (entered, or a pruned leaf with
    /// a known value), in the order they got it; `slot` gives each node's place here.
    pub(crate) summaries: Vec<Summary>,
    /// Per node, its summary's place in `summaries`, or [`NONE`]: a node never entered
    /// (pruned, about half the nodes of a game search) shares `default`.
    pub(crate) slot: Vec<u32>,
    pub(crate) default: Summary,
    /// Per summary (as `summaries`), when its node was entered, valued and reported: a node
    /// without a summary was never entered.
    pub(crate) steps: Vec<Seen>,
    /// Per node, the step of the cutoff that recorded it as pruned, or [`NEVER`].
    pub(crate) pruned: Vec<u32>,
    pub(crate) visits: Vec<Visit>,
    pub(crate) cutoffs: Vec<Cutoff>,
    pub(crate) passes: Vec<Pass>,
    pub(crate) links: Vec<(NodeId, NodeId)>,
    pub(crate) mcts: Vec<MctsStats>,
    /// The order events, by node and index.
    pub(crate) orders: Vec<OrderNote>,
}

impl Derived {
    /// One pass over the events of `trace`.
    pub(crate) fn new(trace: &Trace) -> Derived {
        let n = trace.nodes.len();
        let mut d = Derived {
            slot: vec![NONE; n],
            // The entered nodes have their own (a hint: the counts may be a file's).
            summaries: Vec::with_capacity(
                (trace.stats.nodes as usize).saturating_add(trace.pruned_values.len()).min(n),
            ),
            steps: Vec::with_capacity(
                (trace.stats.nodes as usize).saturating_add(trace.pruned_values.len()).min(n),
            ),
            pruned: vec![NEVER; n],
            visits: Vec::with_capacity((trace.stats.nodes as usize).min(n)),
            ..Default::default()
        };
        for &(id, v) in &trace.pruned_values {
            if (id as usize) < n {
                d.summary_mut(id).value = v;
            }
        }
        let mut open: Vec<u32> = Vec::new();
        let mut last_visit = vec![NONE; n];
        let (mut pre, mut post, mut next_id) = (0u32, 0u32, 0u32);
        let ok = |id: NodeId| (id as usize) < n;
        for (step, e) in trace.events.iter(&trace.nodes).enumerate() {
            let step = step as u32;
            match e {
                Event::Enter { node, alpha, beta } | Event::Research { node, alpha, beta } if ok(node) => {
                    if node >= next_id {
                        next_id = node + 1;
                    }
                    let v = d.visits.len() as u32;
                    d.visits.push(Visit {
                        node,
                        enter: step,
                        exit: NEVER,
                        research: matches!(e, Event::Research { .. }),
                        alpha,
                        beta,
                        value: Score::default(),
                        bound: Bound::Exact,
                        cutoff: NONE,
                        next: NONE,
                    });
                    match last_visit[node as usize] {
                        NONE => d.summary_mut(node).first_visit = v,
                        prev => d.visits[prev as usize].next = v,
                    }
                    last_visit[node as usize] = v;
                    open.push(v);
                    let s = d.summary_mut(node);
                    if s.pre == 0 {
                        pre += 1;
                        s.pre = pre;
                    }
                    s.visits += 1;
                    s.status = Status::Interior;
                    s.cutoff = NONE;
                    (s.alpha_in, s.beta_in, s.alpha_out, s.beta_out) = (alpha, beta, alpha, beta);
                    let st = d.steps_mut(node);
                    st.enter = st.enter.min(step);
                }
                Event::Eval { node, value, terminal } if ok(node) => {
                    let s = d.summary_mut(node);
                    s.status = if terminal { Status::Terminal } else { Status::Leaf };
                    s.value = value;
                    let st = d.steps_mut(node);
                    st.valued = st.valued.min(step);
                }
                Event::StandPat { node, alpha, beta, .. } if ok(node) => {
                    let s = d.summary_mut(node);
                    s.stand_pat = true;
                    (s.alpha_out, s.beta_out) = (alpha, beta);
                }
                Event::Update { node, child, alpha, beta, .. } if ok(node) && ok(child) => {
                    let s = d.summary_mut(node);
                    (s.alpha_out, s.beta_out) = (alpha, beta);
                    let c = d.summary_mut(child);
                    (c.parent_alpha, c.parent_beta) = (alpha, beta);
                    d.steps_mut(child).reported = step;
                }
                Event::Cutoff { node, .. } | Event::ChanceCut { node, .. } if ok(node) => {
                    let (cut, child, alpha, beta, bound_from, pruned, created, chance, probe) = match e {
                        Event::ChanceCut {
                            cut: c, child, alpha, beta, bound_from, pruned, created, ..
                        } => {
                            let kind = c.kind(trace.nodes[node as usize].player);
                            (
                                kind,
                                child,
                                alpha,
                                beta,
                                bound_from,
                                pruned,
                                created,
                                true,
                                c == crate::StarCut::Probe,
                            )
                        }
                        Event::Cutoff { cut, child, alpha, beta, bound_from, pruned, created, .. } => {
                            (cut, child, alpha, beta, bound_from, pruned, created, false, false)
                        }
                        _ => continue,
                    };
                    let index = d.cutoffs.len() as u32;
                    d.cutoffs.push(Cutoff {
                        node,
                        kind: cut,
                        child: trace.nodes.get(child as usize).map_or(0, |c| c.index),
                        alpha,
                        beta,
                        bound_from: bound_from.unwrap_or(NONE),
                        pruned,
                        step,
                        chance,
                        probe,
                    });
                    let s = d.summary_mut(node);
                    s.status = Status::Cutoff;
                    s.cutoff = index;
                    (s.alpha_out, s.beta_out) = (alpha, beta);
                    if let Some(&v) = open.last() {
                        d.visits[v as usize].cutoff = index;
                    }
                    for id in next_id..next_id.saturating_add(created).min(n as u32) {
                        d.pruned[id as usize] = step;
                    }
                    next_id = next_id.saturating_add(created);
                }
                Event::Exit { node, value, bound } if ok(node) => {
                    post += 1;
                    let s = d.summary_mut(node);
                    s.value = value;
                    s.bound = bound;
                    s.post = post;
                    let st = d.steps_mut(node);
                    st.valued = st.valued.min(step);
                    if let Some(v) = open.pop() {
                        let visit = &mut d.visits[v as usize];
                        visit.exit = step;
                        visit.value = value;
                        visit.bound = bound;
                    }
                }
                Event::TtHit { node, from, .. } if ok(node) => {
                    let s = d.summary_mut(node);
                    s.status = Status::Transposition;
                    if let Some(from) = from.filter(|&f| ok(f)) {
                        s.link = from;
                        d.links.push((node, from));
                    }
                }
                Event::PassStart { pass, pass_kind, depth, alpha, beta } => d.passes.push(Pass {
                    number: pass,
                    kind: pass_kind,
                    depth,
                    alpha,
                    beta,
                    root: if (next_id as usize) < n { next_id } else { NONE },
                    start: step,
                    end: NEVER,
                    value: Score::default(),
                    bound: Bound::Exact,
                }),
                Event::PassEnd { value, bound, .. } => {
                    if let Some(p) = d.passes.last_mut() {
                        (p.end, p.value, p.bound) = (step, value, bound);
                    }
                }
                Event::Expand { child, .. } if ok(child) => {
                    if child >= next_id {
                        next_id = child + 1;
                    }
                    d.mcts_mut(n, child);
                    let s = d.summary_mut(child);
                    s.status = Status::Leaf;
                    pre += 1;
                    s.pre = pre;
                    s.visits += 1;
                    d.steps_mut(child).enter = step;
                }
                Event::Select { node, child, uct, .. } if ok(node) && ok(child) => {
                    d.mcts_mut(n, child).uct = uct;
                    d.summary_mut(node).status = Status::Interior;
                }
                Event::Backprop { node, visits, total } if ok(node) => {
                    let m = d.mcts_mut(n, node);
                    (m.visits, m.total) = (visits, total);
                    let st = d.steps_mut(node);
                    st.valued = st.valued.min(step);
                }
                Event::Iteration { node, .. } if ok(node) => {
                    d.mcts_mut(n, node);
                }
                Event::Order { node, index, reason, depth, score } if ok(node) => {
                    d.orders.push(OrderNote { node, index, reason, depth, score, step });
                }
                _ => {}
            }
        }
        d.orders.sort_by_key(|o| (o.node, o.index, o.step));
        d.summaries.shrink_to_fit();
        d.steps.shrink_to_fit();
        d.visits.shrink_to_fit();
        // An MCTS node with children is interior.
        if !d.mcts.is_empty() {
            for node in &trace.nodes {
                if node.parent != NONE && (node.parent as usize) < n {
                    let p = d.summary_mut(node.parent);
                    if p.status == Status::Leaf {
                        p.status = Status::Interior;
                    }
                }
            }
        }
        d
    }

    /// Node `id`'s own summary, made on first use.
    fn summary_mut(&mut self, id: NodeId) -> &mut Summary {
        let k = self.slot_of(id);
        &mut self.summaries[k]
    }

    /// When node `id` was entered, valued and reported (its summary made on first use).
    fn steps_mut(&mut self, id: NodeId) -> &mut Seen {
        let k = self.slot_of(id);
        &mut self.steps[k]
    }

    /// Node `id`'s place in `summaries` and `steps`, made on first use.
    fn slot_of(&mut self, id: NodeId) -> usize {
        let slot = &mut self.slot[id as usize];
        if *slot == NONE {
            *slot = self.summaries.len() as u32;
            self.summaries.push(Summary::default());
            self.steps.push(Seen::NEVER);
        }
        *slot as usize
    }

    /// Node `id`'s summary.
    fn summary(&self, id: NodeId) -> &Summary {
        match self.slot[id as usize] {
            NONE => &self.default,
            k => &self.summaries[k as usize],
        }
    }

    fn mcts_mut(&mut self, n: usize, id: NodeId) -> &mut MctsStats {
        if self.mcts.is_empty() {
            self.mcts = vec![MctsStats { uct: f64::NAN, ..Default::default() }; n];
        }
        &mut self.mcts[id as usize]
    }
}

impl Trace {
    /// The derived data (built on first use).
    pub(crate) fn derived(&self) -> &Derived {
        self.derived_in(Slot::Summary, Derived::new)
    }

    /// The summary of node `id` (its last visit).
    pub fn summary(&self, id: NodeId) -> &Summary {
        self.derived().summary(id)
    }

    /// Whether node `id` was searched beyond the depth limit: its parent stood pat (a quiescence
    /// search, `--quiescence`), so it is one of the captures the horizon was extended by.
    pub fn beyond_horizon(&self, id: NodeId) -> bool {
        self.parent(id).is_some_and(|p| self.summary(p).stand_pat)
    }

    /// Every child a move-ordering heuristic put where it was searched, by parent and place.
    pub fn order_notes(&self) -> &[OrderNote] {
        &self.derived().orders
    }

    /// Why a move-ordering heuristic searched node `id` where it was (its parent's latest
    /// order event for its place), if one did.
    pub fn order_note(&self, id: NodeId) -> Option<&OrderNote> {
        let n = self.nodes.get(id as usize)?;
        let orders = self.order_notes();
        let end = orders.partition_point(|o| (o.node, o.index) <= (n.parent, n.index));
        orders[..end].last().filter(|o| (o.node, o.index) == (n.parent, n.index))
    }

    /// When node `id` appears in the replay.
    pub fn steps_of(&self, id: NodeId) -> Steps {
        let d = self.derived();
        let seen = match d.slot[id as usize] {
            NONE => Seen::NEVER,
            k => d.steps[k as usize],
        };
        Steps {
            enter: seen.enter,
            valued: seen.valued,
            pruned: d.pruned[id as usize],
            reported: seen.reported,
        }
    }

    /// Every visit, in the order they began.
    pub fn visits(&self) -> &[Visit] {
        &self.derived().visits
    }

    /// The visits of node `id`, in order.
    pub fn visits_of(&self, id: NodeId) -> impl Iterator<Item = &Visit> {
        let visits = self.visits();
        let mut next = self.summary(id).first_visit;
        std::iter::from_fn(move || {
            let v = visits.get(next as usize)?;
            next = v.next;
            Some(v)
        })
    }

    /// Every cutoff, in the order they happened.
    pub fn cutoffs(&self) -> &[Cutoff] {
        &self.derived().cutoffs
    }

    /// How many cutoffs pruned nothing: the test held after the last child (AIMA's pseudocode
    /// tests after every child), so no branch was left unsearched. Figures show the others.
    pub fn idle_cutoffs(&self) -> usize {
        self.cutoffs().iter().filter(|c| c.pruned == 0).count()
    }

    /// The cutoff of `id`'s last visit, if it had one.
    pub fn cutoff(&self, id: NodeId) -> Option<&Cutoff> {
        match self.summary(id).cutoff {
            NONE => None,
            c => self.cutoffs().get(c as usize),
        }
    }

    /// The root searches of a multi-pass algorithm (empty for a single search).
    pub fn passes(&self) -> &[Pass] {
        &self.derived().passes
    }

    /// The pass (0-based) whose tree holds `id`, for multi-pass traces.
    pub fn pass_of(&self, id: NodeId) -> Option<u32> {
        let root = self.ancestry(id)[0];
        self.passes().iter().find(|p| p.root == root).map(|p| p.number)
    }

    /// Transposition links: (node, the node whose stored result it used).
    pub fn links(&self) -> &[(NodeId, NodeId)] {
        &self.derived().links
    }

    /// MCTS statistics of `id`, for MCTS traces.
    pub fn mcts(&self, id: NodeId) -> Option<&MctsStats> {
        self.derived().mcts.get(id as usize)
    }

    /// The most-visited child of `id` in an MCTS trace (ties: the higher mean result for the
    /// player to move at `id`, then the first), as the search chooses its move.
    pub fn most_visited(&self, id: NodeId) -> Option<NodeId> {
        let max = self.node(id).player == abviz_core::Player::Max;
        let mut best: Option<(NodeId, u32, f64)> = None;
        for &c in self.children(id) {
            let m = self.mcts(c)?;
            let q = m.mean().map_or(f64::NEG_INFINITY, |q| if max { q } else { -q });
            if best.is_none_or(|(_, n, bq)| m.visits > n || (m.visits == n && q > bq)) {
                best = Some((c, m.visits, q));
            }
        }
        best.map(|(c, _, _)| c)
    }

    /// The share of its parent's visits that went to `id` (MCTS traces), in [0, 1].
    pub fn visit_share(&self, id: NodeId) -> Option<f64> {
        let parent = self.mcts(self.parent(id)?)?.visits;
        let n = self.mcts(id)?.visits;
        (parent > 0).then(|| f64::from(n) / f64::from(parent))
    }

    /// The static value of a pruned leaf, if it is known (explicit trees).
    pub fn pruned_value(&self, id: NodeId) -> Option<Score> {
        self.pruned_values.binary_search_by_key(&id, |&(n, _)| n).ok().map(|i| self.pruned_values[i].1)
    }

    /// The status of `id` (shorthand for its summary's).
    pub fn status(&self, id: NodeId) -> Status {
        self.summary(id).status
    }

    /// Whether `id` was evaluated statically.
    pub fn is_leaf(&self, id: NodeId) -> bool {
        self.summary(id).is_leaf()
    }
}
