//! Monte Carlo tree search with UCT (Kocsis & Szepesvári 2006): select, expand, simulate,
//! backpropagate, one iteration at a time, every phase told to the observer.
//!
//! Each node keeps its visit count N and its total result W, in MAX's point of view (results
//! lie in the [`Playout`]'s range: 1 a MAX win, ½ a draw, 0 a MIN win for games). Selection
//! takes, among the children of a fully expanded node, the one with the highest
//! `Q + C · width · √(ln N(node) / N(child))`, where Q is the child's mean result for the player
//! to move at the node (W/N for MAX, lo + hi − W/N for MIN) and width = hi − lo (1 for games);
//! ties go to the first child in move order. Expansion adds the node's next untried child in
//! move order. A node where the game ends, or at the depth limit, is never expanded: its
//! playouts have length 0. So N(node) = Σ N(children) + 1 for every node an iteration added
//! (its own first playout), and N(root) = Σ N(children) unless the root is such a leaf.
//!
//! The move played is the most-visited root child; ties go to the higher mean result for the
//! mover, then to the first in move order. The principal variation follows the most-visited
//! children down. Seeded: the same options give the same search, event for event.

use super::Outcome;
use super::Search;
use super::playout::{Playout, play_out_telling};
use abviz_core::Score;
use abviz_core::{Game, Player};
use abviz_trace::{AlgorithmInfo, CodeLine, Features, LineRole::*, Observer, Perspective, Stop};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::borrow::Cow;
use std::time::{Duration, Instant};

/// UCT, as its listing says.
pub static DESCRIPTOR: AlgorithmInfo = AlgorithmInfo {
    name: Cow::Borrowed("mcts"),
    title: Cow::Borrowed("Monte Carlo tree search (UCT)"),
    perspective: Perspective::Max,
    features: Features { window: false, researches: false, passes: false, transpositions: false, mcts: true, chance: false },
    ties: abviz_core::Ties::Prune,
    listing: Cow::Borrowed(&[
        CodeLine::new(Header, "function mcts(root, iterations)"),
        CodeLine::new(Iteration, "  repeat iterations times:"),
        CodeLine::new(Other, "    node ← root"),
        CodeLine::new(Other, "    while node is fully expanded and not a leaf:"),
        CodeLine::new(Select, "      node ← the child c with the highest Q(c) + C·√(ln N(node) / N(c))"),
        CodeLine::new(Expand, "    if node is not a leaf: node ← a new child (its next untried move)"),
        CodeLine::new(Simulate, "    r ← playout(node)           ▷ random moves to the end"),
        CodeLine::new(Other, "    for node and each ancestor, back up to the root:"),
        CodeLine::new(Backprop, "      N(node) ← N(node) + 1;  W(node) ← W(node) + r"),
        CodeLine::new(MaxReturn, "  return the most-visited child of root"),
        CodeLine::new(Other, "▷ Q(c) = W(c)/N(c) if MAX moves at node, 1 − W(c)/N(c) if MIN"),
    ]),
};

/// The settings of one MCTS search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// Iterations to run (the search stops earlier when `time` runs out).
    pub iterations: u32,
    /// The exploration constant C (√2 for results in [0, 1]).
    pub exploration: f64,
    /// The seed of the playouts' random moves.
    pub seed: u64,
    /// Stop after this long, keeping the iterations done (not deterministic).
    pub time: Option<Duration>,
    /// A playout longer than this stops and is scored where it stands (games that may never end).
    pub playout_limit: u32,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            iterations: 1000,
            exploration: std::f64::consts::SQRT_2,
            seed: 1,
            time: None,
            playout_limit: 1000,
        }
    }
}

/// A node of the search tree: its moves (children are the first `children.len()` of them, added
/// in order), its statistics, and whether it is a leaf (game over or depth limit).
struct Node<M> {
    parent: usize,
    moves: Vec<M>,
    children: Vec<usize>,
    visits: u32,
    total: f64,
    leaf: bool,
    depth: u32,
    mover: Player,
}

/// The search tree and the range of results seen.
struct Tree<M> {
    nodes: Vec<Node<M>>,
    range: Option<(f64, f64)>,
    seen: (f64, f64),
}

/// UCT search of the current position of `game` under `opts`, with `playout` for the
/// simulations and `depth` as the depth limit (`u32::MAX`: none); the pseudocode is
/// [`DESCRIPTOR`]'s listing.
pub fn mcts<G: Game, O: Observer<G>, P: Playout<G>>(
    game: &mut G,
    depth: u32,
    opts: &MctsOptions,
    playout: &mut P,
    s: &mut Search<G, O>,
) -> Result<Outcome<G::Move>, Stop> {
    s.enter(game, Score::NEG_INF, Score::INF)?;
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut tree =
        Tree { nodes: Vec::new(), range: playout.range(), seen: (f64::INFINITY, f64::NEG_INFINITY) };
    tree.add(game, 0, 0, depth);
    let deadline = opts.time.map(|t| Instant::now() + t);
    let mut path = Vec::new();
    for i in 0..opts.iterations {
        if deadline.is_some_and(|d| Instant::now() > d) {
            break;
        }
        s.obs.iteration(i)?;
        let mut node = 0;
        // Select: down through fully expanded nodes by UCT.
        while !tree.nodes[node].leaf && tree.nodes[node].children.len() == tree.nodes[node].moves.len() {
            let (k, uct) = tree.select(node, opts.exploration);
            let child = tree.nodes[node].children[k];
            s.obs.select(k as u32, tree.nodes[child].visits, tree.nodes[child].total, uct);
            let mv = tree.nodes[node].moves[k];
            game.play(mv);
            path.push(mv);
            node = child;
        }
        // Expand: the next untried child.
        if !tree.nodes[node].leaf {
            let k = tree.nodes[node].children.len();
            let mv = tree.nodes[node].moves[k];
            s.obs.expand_child(game, mv, k as u32);
            game.play(mv);
            path.push(mv);
            node = tree.add(game, node, tree.nodes[node].depth + 1, depth);
        }
        // Simulate: a playout from the node (none from a leaf).
        let left = depth.saturating_sub(tree.nodes[node].depth).min(opts.playout_limit);
        let left = if tree.nodes[node].leaf { 0 } else { left };
        // Only an observer that asks is told each move (for the no-op one this folds away).
        let record = s.obs.records_playouts();
        let (length, r) = play_out_telling(game, left, playout, &mut rng, |g, mv| {
            if record {
                s.obs.playout_move(g, mv)
            }
        });
        s.obs.simulate(length, r);
        tree.seen = (tree.seen.0.min(r), tree.seen.1.max(r));
        // Backpropagate: N and W of the node and every ancestor.
        loop {
            let n = &mut tree.nodes[node];
            n.visits += 1;
            n.total += r;
            s.obs.backprop(n.visits, n.total);
            if node == 0 {
                break;
            }
            game.undo(path.pop().expect("one move per level below the root"));
            node = n.parent;
        }
    }
    let pv = tree.principal_variation();
    let best = tree.nodes[0].children.get(pv.first().map_or(0, |&k| k as usize)).copied().unwrap_or(0);
    let value = playout.score(tree.mean(best));
    s.exit(value);
    let mut line = Vec::with_capacity(pv.len());
    let mut node = 0;
    for k in pv {
        line.push((tree.nodes[node].moves[k as usize], k));
        node = tree.nodes[node].children[k as usize];
    }
    Ok(Outcome { value, pv: line })
}

impl<M: Copy> Tree<M> {
    /// Adds the node for `game`'s position (`depth` plies below the root, the limit being
    /// `limit`) as the next child of `parent`; returns its id.
    fn add<G: Game<Move = M>>(&mut self, game: &G, parent: usize, depth: u32, limit: u32) -> usize {
        let leaf = depth >= limit || game.terminal_value().is_some();
        let moves = if leaf { Vec::new() } else { game.moves() };
        let id = self.nodes.len();
        self.nodes.push(Node {
            parent,
            leaf: leaf || moves.is_empty(),
            moves,
            children: Vec::new(),
            visits: 0,
            total: 0.0,
            depth,
            mover: game.to_move(),
        });
        if id > 0 {
            self.nodes[parent].children.push(id);
        }
        id
    }

    /// The results' range: the playout's, or the one seen so far.
    fn bounds(&self) -> (f64, f64) {
        match self.range {
            Some(r) => r,
            None if self.seen.0 < self.seen.1 => self.seen,
            None => (self.seen.0.min(0.0), self.seen.0.min(0.0) + 1.0),
        }
    }

    /// A node's mean result (MAX's view).
    fn mean(&self, id: usize) -> f64 {
        let n = &self.nodes[id];
        if n.visits == 0 { 0.0 } else { n.total / f64::from(n.visits) }
    }

    /// The mean result of `child` for the player to move at `node`.
    fn q(&self, node: usize, child: usize) -> f64 {
        let (lo, hi) = self.bounds();
        match self.nodes[node].mover {
            Player::Max => self.mean(child),
            Player::Min => lo + hi - self.mean(child),
        }
    }

    /// The child (index) with the highest UCT value at a fully expanded `node`, and that value.
    fn select(&self, node: usize, c: f64) -> (usize, f64) {
        let (lo, hi) = self.bounds();
        let log_n = f64::from(self.nodes[node].visits).ln();
        let mut best = (0, f64::NEG_INFINITY);
        for (k, &child) in self.nodes[node].children.iter().enumerate() {
            let n = f64::from(self.nodes[child].visits);
            let uct = self.q(node, child) + c * (hi - lo) * (log_n / n).sqrt();
            if uct > best.1 {
                best = (k, uct);
            }
        }
        best
    }

    /// The most-visited child (index) of `node`: ties go to the higher mean for the mover, then
    /// to the first.
    fn most_visited(&self, node: usize) -> Option<usize> {
        let mut best: Option<(usize, u32, f64)> = None;
        for (k, &child) in self.nodes[node].children.iter().enumerate() {
            let (n, q) = (self.nodes[child].visits, self.q(node, child));
            if best.is_none_or(|(_, bn, bq)| n > bn || (n == bn && q > bq)) {
                best = Some((k, n, q));
            }
        }
        best.map(|(k, _, _)| k)
    }

    /// The line of most-visited children from the root (child indices).
    fn principal_variation(&self) -> Vec<u32> {
        let mut line = Vec::new();
        let mut node = 0;
        while let Some(k) = self.most_visited(node) {
            line.push(k as u32);
            node = self.nodes[node].children[k];
        }
        line
    }
}

/// How [`crate::run_with`] calls it: from the root with the open window and `settings`.
pub(crate) fn run<G: Game, O: Observer<G>>(
    game: &mut G,
    depth: u32,
    settings: &crate::Settings,
    s: &mut Search<G, O>,
) -> Result<crate::Outcome<G::Move>, Stop> {
    let mut playout = crate::playout::Uniform::for_game(game);
    mcts(game, depth, &settings.mcts, &mut playout, s)
}
