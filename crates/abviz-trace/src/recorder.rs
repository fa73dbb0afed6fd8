//! The [`Recorder`]: the observer that writes the full [`Trace`].
//!
//! It keeps what the search's shape gives for free (the stack of open nodes, each with its
//! window and the ancestor that set it) and appends one compact event per hook. Node records are
//! small (16 bytes); move labels are interned once per label key ([`Game::label_key`]).

use crate::labels::Labels;
use crate::model::{
    Bound, CutKind, InputInfo, NONE, Node, NodeChance, NodeId, Positions, RecordedPlayout, SearchResult,
    StarCut, Stats, Trace,
};
use crate::{AlgorithmInfo, Event, EventLog, Here, Observer, PassKind, Perspective, Stop};
use abviz_core::Score;
use abviz_core::{Game, Player};
use rustc_hash::FxHashMap;
use std::marker::PhantomData;

struct Frame {
    id: NodeId,
    /// Children entered so far (a re-search does not count again).
    entered: u32,
    /// Where this node's child labels start in `child_labels`.
    labels_start: u32,
    player: Player,
    /// The window it was entered with (MAX's view).
    alpha_in: Score,
    beta_in: Score,
    /// The nodes that set its α and β: an ancestor's, until its own window narrows.
    alpha_src: NodeId,
    beta_src: NodeId,
    last_child: NodeId,
    /// This visit goes over nodes an earlier visit created: children are looked up.
    revisit: bool,
    /// The node is entered for the first time (counts as distinct).
    first: bool,
    /// It was evaluated statically (its value is exact, whatever the window).
    leaf: bool,
    /// The best value its children returned so far (MAX's view; `None` before the first).
    /// Kept for searches with a window only, like `inexact`.
    best: Option<Score>,
    /// A child returned a bound, or children were pruned: its value may not be exact.
    inexact: bool,
    /// Chance moves here: its value is an expected value, not its best child's.
    chance: bool,
    /// Star2 probed it with its first move only: its value is a bound (lower at MAX).
    probed: bool,
}

/// The clock is read when the node count is a multiple of this.
const TIME_CHECK_EVERY: u64 = 1024;

/// Events the node budget allows per node: a node's own events (enter, evaluation or cutoff,
/// exit, the update it gives its parent, table probes and stores, ordering reasons) stay
/// below this on average, while MCTS iterations that add no node (a small game explored again and again)
/// spend the budget through their events.
pub const EVENTS_PER_NODE: u64 = 8;

/// The most heap bytes a recorded node takes with its share of the events, its label and
/// name ids (positions, when recorded, add their text): what [`Recorder::new`]'s node budget
/// bounds, node for node (the input itself aside: a random tree's leaf values, an explicit
/// tree). Measured by the root package's `budget` tests (tests/suite/budget.rs).
pub const BYTES_PER_NODE: u64 = 200;

/// Records every node and event of a search into a [`Trace`].
///
/// ```
/// use abviz_games::tree::ExplicitTree;
/// use abviz_games::notation::parse_tree;
/// use abviz_games::Player;
/// use abviz_search::{Algorithm, run};
/// use abviz_trace::Recorder;
///
/// let spec = parse_tree("((3 12 8) (2 4 6) (14 5 2))").unwrap();
/// let mut tree = ExplicitTree::new(&spec, Player::Max);
/// let mut rec = Recorder::new(Algorithm::AlphaBeta.descriptor(), u64::MAX);
/// let outcome = run(Algorithm::AlphaBeta, &mut tree, u32::MAX, &mut rec).unwrap();
/// let trace = rec.finish(Default::default(), outcome.result(&tree));
/// assert_eq!(trace.result().value, 3.into());
/// assert_eq!(trace.stats().nodes, 11);
/// assert_eq!(trace.stats().pruned, 2);
/// ```
pub struct Recorder<G> {
    algorithm: AlgorithmInfo,
    mover_view: bool,
    max_nodes: u64,
    record_positions: bool,
    /// Names or positions are recorded: [`Recorder::push_node_extras`] runs for every node.
    extras: bool,
    pruned_budget: u64,
    deadline: Option<(std::time::Instant, f64)>,
    /// The node count at which [`Recorder::budget_check`] looks at the budget and the clock.
    check_at: u64,
    nodes: Vec<Node>,
    events: EventLog,
    labels: Labels,
    names: Vec<u32>,
    pruned_values: Vec<(NodeId, Score)>,
    positions: Positions,
    record_playouts: bool,
    playout: Vec<u32>,
    /// MCTS: whether this iteration's playout starts from a node new to the tree.
    fresh_playout: bool,
    playouts: Vec<RecordedPlayout>,
    child_labels: Vec<u32>,
    stack: Vec<Frame>,
    stats: Stats,
    research_next: bool,
    /// The child a re-search enters, when it is not the one that returned last (Star2).
    research_index: Option<u32>,
    /// (parent, child index) → node, for nodes that a later visit may enter again.
    known: FxHashMap<(NodeId, u32), NodeId>,
    revisiting: u32,
    /// Position key → the node whose result the transposition table stored.
    stored: FxHashMap<u64, NodeId>,
    pass: u32,
    pass_window: (Score, Score),
    /// Who moves at the root of the latest pass.
    root_player: Player,
    /// Per node: chance (empty until the search meets a chance node).
    chance: Vec<NodeChance>,
    /// The outcomes' probabilities of each chance node expanded, by node.
    outcome_probs: FxHashMap<NodeId, Vec<abviz_core::Probability>>,
    _game: PhantomData<fn(&G)>,
}

impl<G: Game> Recorder<G> {
    /// A recorder for a search by the algorithm `algorithm` describes, stopping it after
    /// `max_nodes` nodes.
    pub fn new(algorithm: &AlgorithmInfo, max_nodes: u64) -> Self {
        Recorder {
            algorithm: algorithm.clone(),
            mover_view: algorithm.perspective == Perspective::Mover,
            max_nodes,
            record_positions: false,
            extras: false,
            pruned_budget: 0,
            deadline: None,
            check_at: 0,
            nodes: Vec::new(),
            events: EventLog::new(),
            labels: Labels::default(),
            names: Vec::new(),
            pruned_values: Vec::new(),
            record_playouts: false,
            playout: Vec::new(),
            fresh_playout: false,
            playouts: Vec::new(),
            positions: Positions::default(),
            child_labels: Vec::new(),
            stack: Vec::new(),
            stats: Stats::default(),
            research_next: false,
            research_index: None,
            known: FxHashMap::default(),
            revisiting: 0,
            stored: FxHashMap::default(),
            pass: 0,
            pass_window: (Score::NEG_INF, Score::INF),
            root_player: Player::Max,
            chance: Vec::new(),
            outcome_probs: FxHashMap::default(),
            _game: PhantomData,
        }
    }

    /// Also records, for each pruned child, the subtree below it (up to `budget` nodes in all):
    /// explicit trees show it faded in the figures.
    pub fn with_pruned_subtrees(mut self, budget: u64) -> Self {
        self.pruned_budget = budget;
        self
    }

    /// MCTS: also records every playout's moves ([`Trace::playouts`]).
    pub fn with_playouts(mut self, on: bool) -> Self {
        self.record_playouts = on;
        self
    }

    /// Stops the search once `limit` has passed (checked every 1,024 nodes).
    pub fn with_time_limit(mut self, limit: std::time::Duration) -> Self {
        self.deadline = Some((std::time::Instant::now() + limit, limit.as_secs_f64()));
        self.check_at = 0;
        self
    }

    /// Also records each node's position (the game's notation) for tooltips and boards.
    pub fn with_positions(mut self, on: bool) -> Self {
        self.record_positions = on;
        self.extras = on || !self.names.is_empty();
        self
    }

    /// The number of nodes recorded so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether nothing has been recorded.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Converts a value from the algorithm's point of view to MAX's.
    #[inline]
    fn view(&self, player: Player, v: Score) -> Score {
        if self.mover_view { player.to_max_view(v) } else { v }
    }

    /// Converts a window (negamax swaps and negates it at MIN).
    #[inline]
    fn window_view(&self, player: Player, alpha: Score, beta: Score) -> (Score, Score) {
        if self.mover_view && player == Player::Min { (-beta, -alpha) } else { (alpha, beta) }
    }

    /// The executing frame takes a value and its new window (an update, a stand-pat), in MAX's
    /// view (negamax's values at MIN are negated and its window swapped): remembers which bound
    /// it set, and returns the frame's node, its last child and the value and window as MAX
    /// sees them.
    #[inline(always)]
    fn take_window(
        &mut self,
        value: Score,
        alpha: Score,
        beta: Score,
    ) -> Option<(NodeId, NodeId, Score, Score, Score)> {
        let mover_view = self.mover_view;
        let f = self.stack.last_mut()?;
        let (value, alpha, beta) = match (mover_view, f.player) {
            (true, Player::Min) => (-value, -beta, -alpha),
            _ => (value, alpha, beta),
        };
        // A chance node's [α, β] is the range its expected value can still take: the window
        // its cutoffs test stays the one it was entered with (set above it). Any other node's
        // window only narrows: once a bound has passed the one it was entered with, the node
        // itself set it.
        if !f.chance {
            if alpha > f.alpha_in {
                f.alpha_src = f.id;
            }
            if beta < f.beta_in {
                f.beta_src = f.id;
            }
        }
        Some((f.id, f.last_child, value, alpha, beta))
    }

    #[inline(always)]
    fn push_event(&mut self, e: Event) {
        self.events.push(&e, &self.nodes);
    }

    /// Creates a node with nothing but its place (parent, index, move label, depth), player and
    /// status: [`Recorder::push_node`] without the position's extras.
    #[inline(always)]
    fn push_bare_node(&mut self, place: (NodeId, u32, u32, usize), player: Player, pruned: bool) -> NodeId {
        let (parent, index, label, depth) = place;
        let id = self.nodes.len() as NodeId;
        self.nodes.push(Node {
            parent,
            label,
            index,
            depth: depth.min(u16::MAX as usize) as u16,
            player,
            pruned,
        });
        id
    }

    /// Creates a node; `game` is its position, `player` who moves there, `place` its parent,
    /// index among the parent's children, move label and depth.
    #[inline(always)]
    fn push_node(
        &mut self,
        game: &G,
        place: (NodeId, u32, u32, usize),
        player: Player,
        pruned: bool,
    ) -> NodeId {
        let (parent, index, _, _) = place;
        let id = self.push_bare_node(place, player, pruned);
        let name = game.node_name();
        if name.is_some() || self.extras {
            self.push_node_extras(game, id, name);
        }
        if !self.outcome_probs.is_empty() {
            self.push_node_chance(game, id, parent, index);
        }
        id
    }

    /// Node `id`'s chance record (kept out of the hot path: only once a chance node was
    /// expanded): whether chance moves there, and its probability as an outcome of `parent`.
    #[inline(never)]
    fn push_node_chance(&mut self, game: &G, id: NodeId, parent: NodeId, index: u32) {
        self.chance.resize(id as usize, NodeChance::default());
        let p = self.outcome_probs.get(&parent).and_then(|ps| ps.get(index as usize)).copied();
        self.chance.push(NodeChance { chance: game.is_chance(), p });
    }

    /// The current node is a chance node whose outcomes are `moves`: records it so, and the
    /// outcomes' probabilities for their nodes.
    #[inline(never)]
    fn expand_chance(&mut self, game: &G, moves: &[G::Move]) {
        let Some(f) = self.stack.last() else { return };
        let id = f.id;
        let probs = moves.iter().map(|&mv| game.chance_probability(mv, moves.len())).collect();
        self.outcome_probs.insert(id, probs);
        if self.chance.len() <= id as usize {
            self.chance.resize(id as usize + 1, NodeChance::default());
        }
        self.chance[id as usize].chance = true;
    }

    /// The rest of [`Recorder::push_node`] (kept out of the hot path): node `id`'s name, if its
    /// game names nodes, and its position, if positions are recorded.
    #[inline(never)]
    fn push_node_extras(&mut self, game: &G, id: NodeId, name: Option<&str>) {
        if let Some(name) = name {
            let name = self.labels.intern(name);
            if self.names.len() < id as usize {
                self.names.resize(id as usize, NONE);
            }
            self.names.push(name);
            self.extras = true;
        } else if !self.names.is_empty() {
            self.names.push(NONE);
        }
        if self.record_positions {
            self.positions.push(&game.notation().unwrap_or_default());
        }
    }

    /// Records what lies below a pruned child (explicit trees: the faded subtree of the
    /// figures), within the budget set by [`Recorder::with_pruned_subtrees`].
    fn record_pruned_subtree(&mut self, game: &mut G, parent: NodeId, depth: usize) {
        if game.terminal_value().is_some() {
            return;
        }
        for (index, mv) in game.moves().into_iter().enumerate() {
            // The faded subtree is shown as far as both budgets go.
            if self.pruned_budget == 0 || self.would_exceed(1).is_err() {
                return;
            }
            self.pruned_budget -= 1;
            let label = self.labels.of(game, mv);
            game.play(mv);
            let id = self.push_node(game, (parent, index as u32, label, depth), game.to_move(), true);
            if let Some(v) = game.terminal_value() {
                self.pruned_values.push((id, v));
            }
            self.record_pruned_subtree(game, id, depth + 1);
            game.undo(mv);
        }
    }

    /// Remembers, for a node about to be visited again, where its recorded descendants are
    /// (they all have ids after it: a node's subtree is recorded while it is visited).
    fn learn_subtree(&mut self, root: NodeId) {
        let start = root as usize + 1;
        let mut inside = vec![false; self.nodes.len() - start.min(self.nodes.len())];
        for (k, node) in self.nodes[start.min(self.nodes.len())..].iter().enumerate() {
            let p = node.parent;
            let under = p == root || (p as usize >= start && inside[p as usize - start]);
            inside[k] = under;
            if under {
                self.known.insert((p, node.index), (start + k) as NodeId);
            }
        }
    }

    /// [`Observer::enter`] at a root, for a re-search, or below a node visited again (its
    /// children may be recorded already), out of the hot path: records the node and its event,
    /// and returns its id, whether it is entered for the first time, the ancestors that set
    /// its α and β, and whether this visit goes over recorded nodes.
    #[inline(never)]
    fn enter_unusual(
        &mut self,
        game: &G,
        player: Player,
        alpha: Score,
        beta: Score,
    ) -> (NodeId, bool, NodeId, NodeId, bool) {
        let depth = self.stack.len();
        let research = std::mem::take(&mut self.research_next);
        let next = self.nodes.len() as NodeId;
        // Star2's search phase enters a probed child again by its index (cold: a scan).
        let target = self.research_index.take().and_then(|k| {
            let parent = self.stack.last()?.id;
            let after = parent as usize + 1;
            self.nodes[after.min(self.nodes.len())..]
                .iter()
                .position(|n| n.parent == parent && n.index == k)
                .map(|i| (after + i) as NodeId)
        });
        // `place`: where a new node goes (parent, index, label).
        let (id, first, alpha_src, beta_src, revisit, place) = match self.stack.last_mut() {
            None => (next, true, NONE, NONE, false, Some((NONE, 0, NONE))),
            Some(f) if research => {
                f.last_child = target.unwrap_or(f.last_child);
                (f.last_child, false, f.alpha_src, f.beta_src, true, None)
            }
            Some(f) => {
                let index = f.entered;
                f.entered += 1;
                let (a, b) = (f.alpha_src, f.beta_src);
                let known = if f.revisit { self.known.get(&(f.id, index)).copied() } else { None };
                match known {
                    Some(id) => {
                        f.last_child = id;
                        // A child an earlier visit pruned is searched for the first time now.
                        let first = std::mem::replace(&mut self.nodes[id as usize].pruned, false);
                        (id, first, a, b, true, None)
                    }
                    None => {
                        f.last_child = next;
                        let label =
                            self.child_labels.get((f.labels_start + index) as usize).copied().unwrap_or(NONE);
                        (next, true, a, b, false, Some((f.id, index, label)))
                    }
                }
            }
        };
        if let Some((parent, index, label)) = place {
            self.push_node(game, (parent, index, label, depth), player, false);
        }
        if research {
            self.stats.researches += 1;
            self.learn_subtree(id);
            self.push_event(Event::Research { node: id, alpha, beta });
        } else {
            self.push_event(Event::Enter { node: id, alpha, beta });
        }
        (id, first, alpha_src, beta_src, revisit)
    }

    /// What the node budget has paid for: nodes entered (a node entered again counts again),
    /// nodes recorded (never-searched children included) and events (at
    /// [`EVENTS_PER_NODE`] a node), whichever is most.
    #[inline(always)]
    fn spent(&self) -> u64 {
        self.stats.nodes.max(self.nodes.len() as u64).max(self.events.len() as u64 / EVENTS_PER_NODE)
    }

    /// Whether recording `more` nodes now would pass the node budget: checked before they
    /// are made, so a search stops before the memory is spent, not after.
    #[inline(always)]
    fn would_exceed(&self, more: usize) -> Result<(), Stop> {
        if self.spent().saturating_add(more as u64) > self.max_nodes {
            return Err(Stop::NodeBudget { limit: self.max_nodes });
        }
        Ok(())
    }

    /// Stops the search when the node budget or the time limit has run out.
    #[inline(always)]
    fn budget_check(&mut self) -> Result<(), Stop> {
        if self.spent() >= self.check_at { self.check_limits() } else { Ok(()) }
    }

    /// [`Recorder::budget_check`] once what was spent reaches `check_at`: the budget, and the
    /// clock at every multiple of [`TIME_CHECK_EVERY`] nodes; then the count to look again at.
    #[cold]
    #[inline(never)]
    fn check_limits(&mut self) -> Result<(), Stop> {
        let nodes = self.spent();
        if nodes >= self.max_nodes {
            return Err(Stop::NodeBudget { limit: self.max_nodes });
        }
        self.check_at = match self.deadline {
            None => self.max_nodes,
            Some((deadline, seconds)) if nodes.is_multiple_of(TIME_CHECK_EVERY) => {
                if std::time::Instant::now() > deadline {
                    return Err(Stop::TimeLimit { seconds });
                }
                // The count may stay here (MCTS iterations that add no node): look again.
                nodes
            }
            Some(_) => (nodes / TIME_CHECK_EVERY + 1) * TIME_CHECK_EVERY,
        }
        .min(self.max_nodes);
        Ok(())
    }

    /// A cutoff of kind `cut` at the executing node: records the never-searched children
    /// `pruned` (and, for explicit trees, what lies below them) and counts it; returns the
    /// node, the ancestor whose bound was passed and how many nodes were recorded.
    fn record_pruned(
        &mut self,
        game: &G,
        pruned: &[G::Move],
        cut: CutKind,
    ) -> Result<Option<(NodeId, NodeId, u32)>, Stop> {
        // The never-searched children are recorded as nodes: they count against the budget.
        self.would_exceed(pruned.len())?;
        let Some(f) = self.stack.last() else { return Ok(None) };
        let (id, entered, labels_start) = (f.id, f.entered, f.labels_start);
        let bound_from = match cut {
            CutKind::Alpha => f.alpha_src,
            CutKind::Beta => f.beta_src,
        };
        let revisit = f.revisit;
        let before = self.nodes.len();
        let depth = self.stack.len();
        // Without names, positions, chance or pruned subtrees to record, a child whose player
        // the game tells ([`Game::next_to_move`]) is noted from the move list alone; otherwise
        // the move is played on a copy of the position (made once, when first needed).
        let plain = !self.extras && self.pruned_budget == 0 && self.outcome_probs.is_empty();
        let mut copy: Option<G> = None;
        for (k, &mv) in pruned.iter().enumerate() {
            let index = entered + k as u32;
            // A node visited again may already hold this child (from its earlier visit).
            if revisit && self.known.contains_key(&(id, index)) {
                continue;
            }
            let label = self.child_labels.get((labels_start + index) as usize).copied().unwrap_or(NONE);
            if plain && let Some(player) = game.next_to_move(mv) {
                self.push_bare_node((id, index, label, depth), player, true);
                continue;
            }
            let game = copy.get_or_insert_with(|| game.clone());
            game.play(mv);
            let pid = self.push_node(game, (id, index, label, depth), game.to_move(), true);
            if self.pruned_budget > 0 {
                if let Some(v) = game.terminal_value() {
                    self.pruned_values.push((pid, v));
                }
                self.record_pruned_subtree(game, pid, depth + 1);
            }
            game.undo(mv);
        }
        let created = (self.nodes.len() - before) as u32;
        if let Some(f) = self.stack.last_mut() {
            f.inexact |= !pruned.is_empty();
        }
        self.stats.cutoffs += 1;
        self.stats.pruned += pruned.len() as u64;
        Ok(Some((id, bound_from, created)))
    }

    /// Finishes the recording with the search's own result.
    pub fn finish(mut self, input: InputInfo, result: SearchResult) -> Trace {
        let stats = self.stats;
        // The vectors grew by doubling: up to half of each is spare (16 of 26 MB for xiangqi
        // depth 4's 638,761 nodes and 1.28 M events), held as long as the trace is.
        self.nodes.shrink_to_fit();
        self.events.shrink_to_fit();
        let mut trace = Trace {
            algorithm: self.algorithm,
            input,
            result,
            stats,
            nodes: self.nodes,
            labels: self.labels.texts,
            events: self.events,
            names: self.names,
            pruned_values: self.pruned_values,
            playouts: self.playouts,
            positions: self.record_positions.then(|| {
                let mut p = self.positions;
                p.shrink_to_fit();
                p
            }),
            chance: self.chance,
            ..Default::default()
        };
        if !trace.names.is_empty() {
            trace.names.resize(trace.nodes.len(), NONE);
        }
        if !trace.chance.is_empty() {
            trace.chance.resize(trace.nodes.len(), NodeChance::default());
        }
        trace
    }

    /// The heap bytes the recording holds so far (nodes, events, labels, names).
    pub fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.events.heap_bytes()
            + self.names.capacity() * 4
            + self.positions.heap_bytes()
    }
}

impl<G: Game> Observer<G> for Recorder<G> {
    #[inline(always)]
    fn enter(&mut self, game: &G, alpha: Score, beta: Score) -> Result<(), Stop> {
        self.budget_check()?;
        let player = game.to_move();
        let (alpha, beta) = self.window_view(player, alpha, beta);
        let depth = self.stack.len();
        let next = self.nodes.len() as NodeId;
        // The usual case: a new child of a node visited for the first time.
        let usual = match self.stack.last_mut() {
            Some(f) if !self.research_next && !f.revisit => {
                let index = f.entered;
                f.entered += 1;
                f.last_child = next;
                let label = self.child_labels.get((f.labels_start + index) as usize).copied().unwrap_or(NONE);
                Some((f.id, index, label, f.alpha_src, f.beta_src))
            }
            _ => None,
        };
        let (id, first, alpha_src, beta_src, revisit) = match usual {
            Some((parent, index, label, a, b)) => {
                self.push_node(game, (parent, index, label, depth), player, false);
                self.push_event(Event::Enter { node: next, alpha, beta });
                (next, true, a, b, false)
            }
            None => self.enter_unusual(game, player, alpha, beta),
        };
        if revisit {
            self.revisiting += 1;
        }
        if first {
            self.stats.nodes_distinct += 1;
        }
        self.stats.count_node(depth);
        self.stack.push(Frame {
            id,
            entered: 0,
            labels_start: self.child_labels.len() as u32,
            player,
            alpha_in: alpha,
            beta_in: beta,
            alpha_src,
            beta_src,
            last_child: NONE,
            revisit,
            first,
            leaf: false,
            best: None,
            inexact: false,
            chance: game.is_chance(),
            probed: false,
        });
        Ok(())
    }

    #[inline]
    fn research(&mut self) {
        self.research_next = true;
    }

    fn research_child(&mut self, index: u32) {
        self.research_next = true;
        self.research_index = Some(index);
    }

    #[inline(always)]
    fn expand(&mut self, game: &G, moves: &[G::Move]) -> Result<(), Stop> {
        // Every child becomes a node, searched or never searched: refuse a node with more
        // children than the budget has left before their labels are made.
        self.would_exceed(moves.len())?;
        self.stats.interior += 1;
        if game.is_chance() {
            self.expand_chance(game, moves);
        }
        for &mv in moves {
            let id = self.labels.of(game, mv);
            self.child_labels.push(id);
        }
        Ok(())
    }

    #[inline(always)]
    fn leaf(&mut self, value: Score, terminal: bool) {
        self.stats.leaves += 1;
        self.stats.horizon_leaves += u64::from(!terminal);
        let Some(f) = self.stack.last_mut() else { return };
        f.leaf = true;
        let (node, player, first) = (f.id, f.player, f.first);
        self.stats.leaves_distinct += u64::from(first);
        let value = self.view(player, value);
        self.push_event(Event::Eval { node, value, terminal });
    }

    fn stand_pat(&mut self, value: Score, alpha: Score, beta: Score) {
        self.stats.stand_pats += 1;
        if let Some((node, _, value, alpha, beta)) = self.take_window(value, alpha, beta) {
            self.push_event(Event::StandPat { node, value, alpha, beta });
        }
    }

    #[inline(always)]
    fn update(&mut self, value: Score, alpha: Score, beta: Score) {
        if let Some((node, child, value, alpha, beta)) = self.take_window(value, alpha, beta) {
            self.push_event(Event::Update { node, child, value, alpha, beta });
        }
    }

    fn cutoff(&mut self, game: &G, pruned: &[G::Move], alpha: Score, beta: Score) -> Result<(), Stop> {
        let Some(f) = self.stack.last() else { return Ok(()) };
        let (player, child) = (f.player, f.last_child);
        let (alpha, beta) = self.window_view(player, alpha, beta);
        let cut = CutKind::at(player);
        let Some((node, bound_from, created)) = self.record_pruned(game, pruned, cut)? else { return Ok(()) };
        self.push_event(Event::Cutoff {
            node,
            cut,
            child,
            alpha,
            beta,
            bound_from: (bound_from != NONE).then_some(bound_from),
            pruned: pruned.len() as u32,
            created,
        });
        Ok(())
    }

    fn chance_cutoff(
        &mut self,
        game: &G,
        pruned: &[G::Move],
        cut: StarCut,
        bound: Score,
        alpha: Score,
        beta: Score,
    ) -> Result<(), Stop> {
        let Some(f) = self.stack.last_mut() else { return Ok(()) };
        let child = f.last_child;
        f.probed |= cut == StarCut::Probe;
        let kind = cut.kind(f.player);
        let Some((node, bound_from, created)) = self.record_pruned(game, pruned, kind)? else {
            return Ok(());
        };
        // A probe's bound comes from its own first move, not from an ancestor's window.
        let bound_from = if cut == StarCut::Probe { NONE } else { bound_from };
        self.push_event(Event::ChanceCut {
            node,
            cut,
            child,
            bound,
            alpha,
            beta,
            bound_from: (bound_from != NONE).then_some(bound_from),
            pruned: pruned.len() as u32,
            created,
        });
        Ok(())
    }

    #[inline(always)]
    fn exit(&mut self, value: Score) {
        let Some(f) = self.stack.pop() else { return };
        self.child_labels.truncate(f.labels_start as usize);
        let value = self.view(f.player, value);
        let windowed = self.algorithm.features.window;
        // Every child searched, each value exact, and this one their best: the node's value is
        // exact whatever its window said (fail-soft returns it; fail-hard may clamp it).
        let complete = (f.best == Some(value) || f.chance) && !f.inexact;
        let bound = if f.probed {
            // Star2's probe: the first move bounds the node from the mover's side.
            if f.player == Player::Max { Bound::Lower } else { Bound::Upper }
        } else if !windowed || f.leaf || complete {
            Bound::Exact
        } else if value <= f.alpha_in && f.alpha_in > Score::NEG_INF {
            // A fail-low: the true value is at most this (nothing is below −∞, so −∞ is exact).
            Bound::Upper
        } else if value >= f.beta_in && f.beta_in < Score::INF {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if f.revisit && self.revisiting > 0 {
            self.revisiting -= 1;
            if self.revisiting == 0 {
                self.known.clear();
            }
        }
        // What the parent's bound will need (without a window every value is exact).
        if windowed && let Some(p) = self.stack.last_mut() {
            p.inexact |= bound != Bound::Exact;
            p.best = Some(match (p.best, p.player) {
                _ if p.chance => value,
                (None, _) => value,
                (Some(b), Player::Max) => b.max(value),
                (Some(b), Player::Min) => b.min(value),
            });
        }
        self.push_event(Event::Exit { node: f.id, value, bound });
    }

    fn pass_start(&mut self, game: &G, kind: PassKind, depth: Option<u32>, alpha: Score, beta: Score) {
        self.root_player = game.to_move();
        let (alpha, beta) = self.window_view(self.root_player, alpha, beta);
        self.stats.passes += 1;
        self.pass_window = (alpha, beta);
        let pass = self.pass;
        self.push_event(Event::PassStart { pass, pass_kind: kind, depth, alpha, beta });
    }

    fn pass_end(&mut self, value: Score) {
        let value = self.view(self.root_player, value);
        let (alpha, beta) = self.pass_window;
        let bound = if value <= alpha && alpha > Score::NEG_INF {
            Bound::Upper
        } else if value >= beta && beta < Score::INF {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let pass = self.pass;
        self.pass += 1;
        self.push_event(Event::PassEnd { pass, value, bound });
    }

    fn tt_hit(&mut self, key: u64, value: Score, bound: Bound, depth: u32) {
        let Some(f) = self.stack.last() else { return };
        let node = f.id;
        let value = self.view(f.player, value);
        let bound = match (self.mover_view && f.player == Player::Min, bound) {
            (true, Bound::Lower) => Bound::Upper,
            (true, Bound::Upper) => Bound::Lower,
            (_, b) => b,
        };
        self.stats.tt_hits += 1;
        let from = self.stored.get(&key).copied();
        self.push_event(Event::TtHit { node, from, value, bound, depth });
    }

    fn tt_store(&mut self, key: u64, value: Score, bound: Bound, depth: u32) {
        let Some(f) = self.stack.last() else { return };
        let node = f.id;
        let value = self.view(f.player, value);
        let bound = match (self.mover_view && f.player == Player::Min, bound) {
            (true, Bound::Lower) => Bound::Upper,
            (true, Bound::Upper) => Bound::Lower,
            (_, b) => b,
        };
        self.stored.insert(key, node);
        self.push_event(Event::TtStore { node, value, bound, depth });
    }

    fn iteration(&mut self, number: u32) -> Result<(), Stop> {
        self.budget_check()?;
        self.fresh_playout = self.stats.iterations == 0;
        self.stats.iterations += 1;
        // The root is the bottom of the stack; selection starts there again.
        self.stack.truncate(1);
        if let Some(f) = self.stack.first() {
            let node = f.id;
            self.push_event(Event::Iteration { node, iteration: number });
        }
        Ok(())
    }

    fn select(&mut self, index: u32, visits: u32, total: f64, uct: f64) {
        let Some(f) = self.stack.last() else { return };
        let node = f.id;
        let Some(&child) = self.known.get(&(node, index)) else { return };
        let player = self.nodes[child as usize].player;
        self.push_event(Event::Select { node, child, visits, total, uct });
        self.stack.push(Frame {
            id: child,
            entered: 0,
            labels_start: self.child_labels.len() as u32,
            player,
            alpha_in: Score::NEG_INF,
            beta_in: Score::INF,
            alpha_src: NONE,
            beta_src: NONE,
            last_child: NONE,
            revisit: true,
            first: false,
            leaf: false,
            best: None,
            inexact: false,
            chance: false,
            probed: false,
        });
    }

    fn expand_child(&mut self, game: &G, mv: G::Move, index: u32) {
        let Some(f) = self.stack.last() else { return };
        let (node, depth) = (f.id, self.stack.len());
        let label = self.labels.of(game, mv);
        let mut child_game = game.clone();
        child_game.play(mv);
        let child = self.push_node(&child_game, (node, index, label, depth), child_game.to_move(), false);
        self.known.insert((node, index), child);
        self.stats.count_expansion(depth, index);
        self.fresh_playout = true;
        self.push_event(Event::Expand { node, child });
        let player = child_game.to_move();
        self.stack.push(Frame {
            id: child,
            entered: 0,
            labels_start: self.child_labels.len() as u32,
            player,
            alpha_in: Score::NEG_INF,
            beta_in: Score::INF,
            alpha_src: NONE,
            beta_src: NONE,
            last_child: NONE,
            revisit: false,
            first: true,
            leaf: false,
            best: None,
            inexact: false,
            chance: false,
            probed: false,
        });
    }

    fn records_playouts(&self) -> bool {
        self.record_playouts
    }

    fn records_order(&self) -> bool {
        true
    }

    /// The events the event table records as they are (a table probe, an ordering reason, a
    /// killer move), at the node executing.
    #[inline]
    fn record_here(&mut self, event: impl FnOnce(Here) -> Event) {
        let Some(f) = self.stack.last() else { return };
        let e = event(Here { node: f.id, child: f.last_child });
        self.push_event(e);
    }

    fn playout_move(&mut self, game: &G, mv: G::Move) {
        let label = self.labels.of(game, mv);
        self.playout.push(label);
    }

    fn simulate(&mut self, length: u32, result: f64) {
        self.stats.count_playout(self.fresh_playout);
        if let Some(f) = self.stack.last() {
            let node = f.id;
            if self.record_playouts {
                let moves = std::mem::take(&mut self.playout);
                self.playouts.push(RecordedPlayout { step: self.events.len() as u32, moves });
            }
            self.push_event(Event::Simulate { node, length, result });
        }
    }

    fn backprop(&mut self, visits: u32, total: f64) {
        let Some(f) = self.stack.last() else { return };
        let node = f.id;
        self.push_event(Event::Backprop { node, visits, total });
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }
}
