//! The [`Recorder`]: the observer that writes the full [`Trace`].

use crate::Score;
use crate::game::{Game, Player};
use crate::search::Algorithm;
use crate::trace::model::{
    Bound, CutKind, Cutoff, Event, EventKind, InputInfo, NONE, Node, NodeId, Stats, Status, Trace,
};
use crate::trace::{Observer, Stop};
use rustc_hash::FxHashMap;
use std::marker::PhantomData;

/// Whose point of view the algorithm reports values and windows in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    /// MAX's (minimax, alpha-beta).
    Max,
    /// The mover's (negamax family): the recorder converts to MAX's view.
    Mover,
}

struct Frame {
    id: NodeId,
    generated: u32,
    entered: u32,
    labels_start: usize,
    alpha: Score,
    beta: Score,
    alpha_src: NodeId,
    beta_src: NodeId,
    last_child: NodeId,
}

/// Records every node, cutoff and event of a search into a [`Trace`].
///
/// ```
/// use abviz::game::tree::ExplicitTree;
/// use abviz::game::notation::parse_tree;
/// use abviz::game::Player;
/// use abviz::search::{Algorithm, run};
/// use abviz::trace::Recorder;
///
/// let spec = parse_tree("((3 12 8) (2 4 6) (14 5 2))").unwrap();
/// let mut tree = ExplicitTree::new(&spec, Player::Max);
/// let mut rec = Recorder::new(Algorithm::AlphaBeta, u64::MAX);
/// run(Algorithm::AlphaBeta, &mut tree, u32::MAX, &mut rec).unwrap();
/// let trace = rec.finish(Default::default());
/// assert_eq!(trace.result.value, 3.into());
/// assert_eq!(trace.stats.nodes, 11);
/// assert_eq!(trace.stats.pruned, 2);
/// ```
pub struct Recorder<G> {
    algorithm: Algorithm,
    perspective: Perspective,
    max_nodes: u64,
    record_positions: bool,
    pruned_budget: u64,
    deadline: Option<(std::time::Instant, f64)>,
    nodes: Vec<Node>,
    events: Vec<Event>,
    cutoffs: Vec<Cutoff>,
    positions: Vec<String>,
    labels: Vec<String>,
    label_ids: FxHashMap<String, u32>,
    label_buf: String,
    child_labels: Vec<u32>,
    stack: Vec<Frame>,
    stats: Stats,
    pre: u32,
    post: u32,
    _game: PhantomData<fn(&G)>,
}

impl<G: Game> Recorder<G> {
    /// A recorder for a search by `algorithm` that stops it after `max_nodes` nodes.
    pub fn new(algorithm: Algorithm, max_nodes: u64) -> Self {
        Recorder {
            algorithm,
            perspective: algorithm.perspective(),
            max_nodes,
            record_positions: false,
            pruned_budget: 0,
            deadline: None,
            nodes: Vec::new(),
            events: Vec::new(),
            cutoffs: Vec::new(),
            positions: Vec::new(),
            labels: Vec::new(),
            label_ids: FxHashMap::default(),
            label_buf: String::new(),
            child_labels: Vec::new(),
            stack: Vec::new(),
            stats: Stats::default(),
            pre: 0,
            post: 0,
            _game: PhantomData,
        }
    }

    /// Also records, for each pruned child, the subtree below it (up to `budget` nodes in all):
    /// explicit trees show it faded in the figures.
    pub fn with_pruned_subtrees(mut self, budget: u64) -> Self {
        self.pruned_budget = budget;
        self
    }

    /// Stops the search once `limit` has passed (checked every 1,024 nodes).
    pub fn with_time_limit(mut self, limit: std::time::Duration) -> Self {
        self.deadline = Some((std::time::Instant::now() + limit, limit.as_secs_f64()));
        self
    }

    /// Also records each visited node's position (the game's notation) for tooltips.
    pub fn with_positions(mut self, on: bool) -> Self {
        self.record_positions = on;
        self
    }

    fn intern(&mut self) -> u32 {
        if let Some(&id) = self.label_ids.get(self.label_buf.as_str()) {
            return id;
        }
        let id = self.labels.len() as u32;
        self.labels.push(self.label_buf.clone());
        self.label_ids.insert(self.label_buf.clone(), id);
        id
    }

    /// Converts a window from the algorithm's point of view (negamax swaps and negates at MIN).
    fn window_view(&self, player: Player, alpha: Score, beta: Score) -> (Score, Score) {
        match (self.perspective, player) {
            (Perspective::Mover, Player::Min) => (-beta, -alpha),
            _ => (alpha, beta),
        }
    }

    /// The interned name of `game`'s current node, or [`NONE`].
    fn intern_name(&mut self, game: &G) -> u32 {
        match game.node_name() {
            Some(n) => {
                self.label_buf.clear();
                self.label_buf.push_str(n);
                self.intern()
            }
            None => NONE,
        }
    }

    /// Records a child that the search never entered (`game` is its position).
    fn push_pruned(
        &mut self,
        game: &G,
        parent: NodeId,
        index: u32,
        label: u32,
        depth: u16,
        (alpha, beta): (Score, Score),
    ) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let leaf_value = if self.pruned_budget > 0 { game.terminal_value() } else { None };
        let name = self.intern_name(game);
        self.nodes.push(Node {
            parent,
            index,
            depth,
            player: game.to_move(),
            status: Status::Pruned,
            bound: Bound::Exact,
            pruned_leaf: leaf_value.is_some(),
            pre: 0,
            post: 0,
            alpha_in: alpha,
            beta_in: beta,
            alpha_out: alpha,
            beta_out: beta,
            value: leaf_value.unwrap_or_default(),
            parent_alpha: alpha,
            parent_beta: beta,
            label,
            name,
        });
        if self.record_positions {
            self.positions.push(game.notation().unwrap_or_default());
        }
        id
    }

    /// Records what lies below a pruned child (explicit trees: the faded subtree of the
    /// figures), within the budget set by [`Recorder::with_pruned_subtrees`].
    fn record_pruned_subtree(&mut self, game: &mut G, parent: NodeId, depth: u16, window: (Score, Score)) {
        if game.terminal_value().is_some() {
            return;
        }
        for (index, mv) in game.moves().into_iter().enumerate() {
            if self.pruned_budget == 0 {
                return;
            }
            self.pruned_budget -= 1;
            self.label_buf.clear();
            game.write_move_label(mv, &mut self.label_buf);
            let label = self.intern();
            game.play(mv);
            let id = self.push_pruned(game, parent, index as u32, label, depth, window);
            self.record_pruned_subtree(game, id, depth.saturating_add(1), window);
            game.undo(mv);
        }
    }

    fn push_event(&mut self, kind: EventKind, node: NodeId) {
        self.events.push(Event { kind, node });
    }

    /// Finishes the recording: builds the child index, the result (best move = first root
    /// child reaching the root value; principal variation likewise) and the statistics.
    pub fn finish(self, input: InputInfo) -> Trace {
        let mut cutoffs = self.cutoffs;
        cutoffs.sort_by_key(|c| c.node);
        let mut trace = Trace {
            algorithm: self.algorithm,
            input,
            stats: self.stats,
            nodes: self.nodes,
            labels: self.labels,
            cutoffs,
            events: self.events,
            positions: self.record_positions.then_some(self.positions),
            ..Default::default()
        };
        trace.build_child_index(true);
        trace.result = trace.derive_result();
        trace
    }
}

impl<G: Game> Observer<G> for Recorder<G> {
    fn enter(&mut self, game: &G, alpha: Score, beta: Score) -> Result<(), Stop> {
        if self.stats.nodes >= self.max_nodes {
            return Err(Stop::NodeBudget { limit: self.max_nodes });
        }
        if let Some((deadline, seconds)) = self.deadline
            && self.stats.nodes.is_multiple_of(1024)
            && std::time::Instant::now() > deadline
        {
            return Err(Stop::TimeLimit { seconds });
        }
        let player = game.to_move();
        let (alpha, beta) = self.window_view(player, alpha, beta);
        let id = self.nodes.len() as NodeId;
        let depth = self.stack.len();
        let (parent, index, label, alpha_src, beta_src) = match self.stack.last_mut() {
            Some(f) => {
                let index = f.entered;
                f.entered += 1;
                f.last_child = id;
                let label = self.child_labels[f.labels_start + index as usize];
                (f.id, index, label, f.alpha_src, f.beta_src)
            }
            None => (NONE, 0, NONE, NONE, NONE),
        };
        let name = self.intern_name(game);
        self.pre += 1;
        self.nodes.push(Node {
            parent,
            index,
            depth: depth.min(u16::MAX as usize) as u16,
            player,
            status: Status::Interior,
            bound: Bound::Exact,
            pruned_leaf: false,
            pre: self.pre,
            post: 0,
            alpha_in: alpha,
            beta_in: beta,
            alpha_out: alpha,
            beta_out: beta,
            value: Score::default(),
            parent_alpha: Score::NEG_INF,
            parent_beta: Score::INF,
            label,
            name,
        });
        if self.record_positions {
            self.positions.push(game.notation().unwrap_or_default());
        }
        self.stack.push(Frame {
            id,
            generated: 0,
            entered: 0,
            labels_start: self.child_labels.len(),
            alpha,
            beta,
            alpha_src,
            beta_src,
            last_child: NONE,
        });
        self.stats.count_node(depth);
        self.push_event(EventKind::Enter, id);
        Ok(())
    }

    fn expand(&mut self, game: &G, moves: &[G::Move]) {
        self.stats.interior += 1;
        for &mv in moves {
            self.label_buf.clear();
            game.write_move_label(mv, &mut self.label_buf);
            let id = self.intern();
            self.child_labels.push(id);
        }
        if let Some(f) = self.stack.last_mut() {
            f.generated = moves.len() as u32;
        }
    }

    fn leaf(&mut self, value: Score, terminal: bool) {
        self.stats.leaves += 1;
        if let Some(f) = self.stack.last() {
            let node = &mut self.nodes[f.id as usize];
            node.status = if terminal { Status::Terminal } else { Status::Leaf };
            let v = match self.perspective {
                Perspective::Max => value,
                Perspective::Mover => node.player.to_max_view(value),
            };
            node.value = v;
            let id = f.id;
            self.push_event(EventKind::Eval, id);
        }
    }

    fn update(&mut self, value: Score, alpha: Score, beta: Score) {
        let _ = value;
        let Some(f) = self.stack.last() else { return };
        let player = self.nodes[f.id as usize].player;
        let (alpha, beta) = self.window_view(player, alpha, beta);
        let child = f.last_child;
        let f = self.stack.last_mut().expect("frame");
        if alpha > f.alpha {
            f.alpha_src = f.id;
        }
        if beta < f.beta {
            f.beta_src = f.id;
        }
        f.alpha = alpha;
        f.beta = beta;
        let c = &mut self.nodes[child as usize];
        c.parent_alpha = alpha;
        c.parent_beta = beta;
        self.push_event(EventKind::Update, child);
    }

    fn cutoff(&mut self, game: &G, pruned: &[G::Move], alpha: Score, beta: Score) {
        let Some(f) = self.stack.last() else { return };
        let id = f.id;
        let node = self.nodes[id as usize];
        let (alpha, beta) = self.window_view(node.player, alpha, beta);
        let kind = CutKind::at(node.player);
        self.cutoffs.push(Cutoff {
            node: id,
            kind,
            child: f.entered - 1,
            alpha,
            beta,
            bound_from: match kind {
                CutKind::Alpha => f.alpha_src,
                CutKind::Beta => f.beta_src,
            },
            pruned: pruned.len() as u32,
        });
        let (entered, labels_start) = (f.entered, f.labels_start);
        let mut child = game.clone();
        for (k, &mv) in pruned.iter().enumerate() {
            let index = entered + k as u32;
            let label = self.child_labels[labels_start + index as usize];
            child.play(mv);
            let pid = self.push_pruned(&child, id, index, label, node.depth.saturating_add(1), (alpha, beta));
            if self.pruned_budget > 0 {
                self.record_pruned_subtree(&mut child, pid, node.depth.saturating_add(2), (alpha, beta));
            }
            child.undo(mv);
        }
        self.nodes[id as usize].status = Status::Cutoff;
        self.stats.cutoffs += 1;
        self.stats.pruned += pruned.len() as u64;
        self.push_event(EventKind::Cutoff, id);
    }

    fn exit(&mut self, value: Score) {
        let Some(f) = self.stack.pop() else { return };
        self.child_labels.truncate(f.labels_start);
        self.post += 1;
        let windowed = self.algorithm.has_window();
        let node = &mut self.nodes[f.id as usize];
        let v = match self.perspective {
            Perspective::Max => value,
            Perspective::Mover => node.player.to_max_view(value),
        };
        node.value = v;
        node.post = self.post;
        node.alpha_out = f.alpha;
        node.beta_out = f.beta;
        node.bound = if !windowed || node.is_leaf() {
            Bound::Exact
        } else if v <= node.alpha_in && node.alpha_in > Score::NEG_INF {
            // A fail-low: the true value is at most v (nothing is below −∞, so −∞ is exact).
            Bound::Upper
        } else if v >= node.beta_in && node.beta_in < Score::INF {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.push_event(EventKind::Exit, f.id);
    }
}
