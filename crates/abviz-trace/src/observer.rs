//! The [`Observer`] the search algorithms report to, and the two cheap observers: [`NoOp`] and
//! [`Counter`]. The full [`crate::Recorder`] is an observer too.
//!
//! Every hook has an empty default body, so with [`NoOp`] the calls compile away and the search
//! runs as fast as one with no instrumentation at all.

use crate::{OrderReason, PassKind, Stats};
use abviz_core::Game;
use abviz_core::Score;

/// Why a search stopped before its end.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Stop {
    /// The node budget ran out.
    #[error("the search was stopped after {limit} nodes (its node budget)")]
    NodeBudget {
        /// The budget that was exceeded.
        limit: u64,
    },
    /// The time limit ran out.
    #[error("the search was stopped after {seconds} s (its time limit)")]
    TimeLimit {
        /// The limit in seconds.
        seconds: f64,
    },
}

/// What a search tells about its progress. Values and windows are given in the algorithm's own
/// point of view: MAX's for minimax and alpha-beta, the mover's for the negamax family.
///
/// A tree search reports `enter`, then either `leaf` or `expand` followed by one `update` per
/// child that returned (and `cutoff` when the test α ≥ β holds), then `exit`. A re-search calls
/// `research` just before entering the same child again. Several root searches are bracketed by
/// `pass_start` / `pass_end`. MCTS reports `iteration`, `select`, `expand_child`, `simulate`
/// and `backprop`.
pub trait Observer<G: Game> {
    /// The search enters the current position of `game` with the window [`alpha`, `beta`].
    /// Returning an error stops the search (a node budget, for instance).
    #[inline(always)]
    fn enter(&mut self, game: &G, alpha: Score, beta: Score) -> Result<(), Stop> {
        let _ = (game, alpha, beta);
        Ok(())
    }

    /// The next `enter` searches again the child that just returned (a re-search).
    #[inline(always)]
    fn research(&mut self) {}

    /// The current node's children, generated in search order. Returning an error stops the
    /// search before any of them is searched (a node budget they would exceed).
    #[inline(always)]
    fn expand(&mut self, game: &G, moves: &[G::Move]) -> Result<(), Stop> {
        let _ = (game, moves);
        Ok(())
    }

    /// The current node is a leaf with static value `value`; `terminal` when the game is over.
    #[inline(always)]
    fn leaf(&mut self, value: Score, terminal: bool) {
        let _ = (value, terminal);
    }

    /// Quiescence search: the current node's static value `value` stands as a bound for the side
    /// to move ("stand pat"); its window is now [`alpha`, `beta`]. When the value already reaches
    /// the side's far bound the node returns at once (the stand-pat cut).
    #[inline(always)]
    fn stand_pat(&mut self, value: Score, alpha: Score, beta: Score) {
        let _ = (value, alpha, beta);
    }

    /// Whether the observer wants to know why a move-ordering heuristic put children first
    /// ([`Observer::order`]); the search asks once per ordered node, and by default nobody does,
    /// so the reasons cost nothing then.
    #[inline(always)]
    fn records_order(&self) -> bool {
        false
    }

    /// The current node's child `index` (in search order, just reported by
    /// [`Observer::expand`]) comes where it does because of `reason`; `depth` is the depth of
    /// the table entry for [`OrderReason::Tt`], `score` the history score for
    /// [`OrderReason::History`] (0 otherwise). Only when [`Observer::records_order`].
    #[inline(always)]
    fn order(&mut self, index: u32, reason: OrderReason, depth: u32, score: u64) {
        let _ = (index, reason, depth, score);
    }

    /// A child returned `value`; the current node's window (or best value so far) is now
    /// [`alpha`, `beta`].
    #[inline(always)]
    fn update(&mut self, value: Score, alpha: Score, beta: Score) {
        let _ = (value, alpha, beta);
    }

    /// The cutoff test `alpha >= beta` held after the last child: the moves in `pruned` (the
    /// rest, from `game`'s current position) are never searched. Returning an error stops the
    /// search (recording the never-searched children would exceed a node budget).
    #[inline(always)]
    fn cutoff(&mut self, game: &G, pruned: &[G::Move], alpha: Score, beta: Score) -> Result<(), Stop> {
        let _ = (game, pruned, alpha, beta);
        Ok(())
    }

    /// The current node returns `value` to its parent.
    #[inline(always)]
    fn exit(&mut self, value: Score) {
        let _ = value;
    }

    /// A root search of `game`'s position begins with the window [`alpha`, `beta`].
    #[inline(always)]
    fn pass_start(&mut self, game: &G, kind: PassKind, depth: Option<u32>, alpha: Score, beta: Score) {
        let _ = (game, kind, depth, alpha, beta);
    }

    /// The root search ends with `value`.
    #[inline(always)]
    fn pass_end(&mut self, value: Score) {
        let _ = value;
    }

    /// The transposition table is looked up for the current node (position key `key`).
    #[inline(always)]
    fn tt_probe(&mut self, key: u64) {
        let _ = key;
    }

    /// The table's entry for `key` is used at the current node: `value` with its bound.
    #[inline(always)]
    fn tt_hit(&mut self, key: u64, value: Score, bound: crate::Bound, depth: u32) {
        let _ = (key, value, bound, depth);
    }

    /// The current node's result is stored under `key`.
    #[inline(always)]
    fn tt_store(&mut self, key: u64, value: Score, bound: crate::Bound, depth: u32) {
        let _ = (key, value, bound, depth);
    }

    /// An MCTS iteration begins at the root. Returning an error stops the search (a node
    /// budget, for instance), as from [`Observer::enter`].
    #[inline(always)]
    fn iteration(&mut self, number: u32) -> Result<(), Stop> {
        let _ = number;
        Ok(())
    }

    /// MCTS selection moves to the child `index` (N = `visits`, W = `total`, its UCT value).
    #[inline(always)]
    fn select(&mut self, index: u32, visits: u32, total: f64, uct: f64) {
        let _ = (index, visits, total, uct);
    }

    /// MCTS expansion adds the child `index`, reached by `mv` from `game`'s position.
    #[inline(always)]
    fn expand_child(&mut self, game: &G, mv: G::Move, index: u32) {
        let _ = (game, mv, index);
    }

    /// Whether the observer wants each playout move ([`Observer::playout_move`]); the search
    /// asks once per playout, and by default nobody does.
    #[inline(always)]
    fn records_playouts(&self) -> bool {
        false
    }

    /// A playout move `mv` from `game`'s position (only when [`Observer::records_playouts`]).
    #[inline(always)]
    fn playout_move(&mut self, game: &G, mv: G::Move) {
        let _ = (game, mv);
    }

    /// A playout of `length` moves ended with `result`.
    #[inline(always)]
    fn simulate(&mut self, length: u32, result: f64) {
        let _ = (length, result);
    }

    /// Backpropagation: the current node now has N = `visits`, W = `total`; the search moves to
    /// its parent.
    #[inline(always)]
    fn backprop(&mut self, visits: u32, total: f64) {
        let _ = (visits, total);
    }
}

/// The observer that observes nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoOp;

impl<G: Game> Observer<G> for NoOp {}

/// Counts nodes, leaves, cutoffs and pruned children without recording anything else; enforces
/// an optional node budget and time limit. Used by `--stats-only`, comparisons and the minimax reference counts.
/// Distinct counts equal entry counts unless the search re-searches; then they are exact with
/// [`Counter::tracking_revisits`] (a re-search may enter a node its probe pruned), and count
/// every node of a re-search as seen before without it.
#[derive(Debug, Clone, Default)]
pub struct Counter {
    /// The counts so far.
    pub stats: Stats,
    /// Stop after this many nodes (`u64::MAX`: never).
    pub max_nodes: u64,
    deadline: Option<(std::time::Instant, f64)>,
    depth: usize,
    /// Re-search nesting: entries inside a re-search are not distinct.
    revisit: usize,
    research_next: bool,
    /// With [`Counter::tracking_revisits`]: every node entered so far, as a hash of its path.
    seen: Option<rustc_hash::FxHashSet<u64>>,
    /// Each open node's path hash, the children it entered and the last child's path hash.
    paths: Vec<(u64, u32, u64)>,
    roots: u64,
    /// Whether the node entered last is entered for the first time.
    first: bool,
    /// MCTS: the depth selection has reached in this iteration, and whether its playout starts
    /// from a node new to the tree.
    mcts_depth: usize,
    fresh: bool,
}

/// The path hash of child `index` below the node whose path hash is `parent`.
fn child_path(parent: u64, index: u64) -> u64 {
    (parent ^ index.wrapping_add(0x9e37_79b9_7f4a_7c15)).wrapping_mul(0xbf58_476d_1ce4_e5b9).rotate_left(31)
}

impl Counter {
    /// A counter with a node budget.
    pub fn new(max_nodes: u64) -> Self {
        Counter { max_nodes, ..Default::default() }
    }

    /// Stops the search once `limit` has passed (checked every 1,024 nodes).
    pub fn with_time_limit(mut self, limit: std::time::Duration) -> Self {
        self.deadline = Some((std::time::Instant::now() + limit, limit.as_secs_f64()));
        self
    }

    /// Counts distinct nodes exactly when the search re-searches (`on`): remembers every node
    /// entered (8 bytes each), so that a node a probe pruned counts once its re-search enters it.
    pub fn tracking_revisits(mut self, on: bool) -> Self {
        self.seen = on.then(Default::default);
        self
    }

    /// Whether the node being entered (a re-search if `research`) is entered for the first time.
    fn first_entry(&mut self, research: bool) -> bool {
        let Some(seen) = &mut self.seen else {
            if research || self.revisit > 0 {
                self.revisit += 1;
                return false;
            }
            return true;
        };
        let path = match self.paths.last_mut() {
            Some(top) if research => top.2,
            Some(top) => {
                top.1 += 1;
                top.2 = child_path(top.0, u64::from(top.1));
                top.2
            }
            None => {
                self.roots += 1;
                child_path(u64::MAX, self.roots)
            }
        };
        self.paths.push((path, 0, 0));
        seen.insert(path)
    }
}

impl<G: Game> Observer<G> for Counter {
    #[inline]
    fn enter(&mut self, _game: &G, _alpha: Score, _beta: Score) -> Result<(), Stop> {
        if self.stats.nodes >= self.max_nodes {
            return Err(Stop::NodeBudget { limit: self.max_nodes });
        }
        if let Some((deadline, seconds)) = self.deadline
            && self.stats.nodes.is_multiple_of(1024)
            && std::time::Instant::now() > deadline
        {
            return Err(Stop::TimeLimit { seconds });
        }
        self.stats.count_node(self.depth);
        let research = std::mem::take(&mut self.research_next);
        self.first = self.first_entry(research);
        self.stats.nodes_distinct += u64::from(self.first);
        self.depth += 1;
        Ok(())
    }

    #[inline]
    fn research(&mut self) {
        self.research_next = true;
        self.stats.researches += 1;
    }

    #[inline]
    fn expand(&mut self, _game: &G, _moves: &[G::Move]) -> Result<(), Stop> {
        self.stats.interior += 1;
        Ok(())
    }

    #[inline]
    fn leaf(&mut self, _value: Score, terminal: bool) {
        self.stats.leaves += 1;
        self.stats.horizon_leaves += u64::from(!terminal);
        self.stats.leaves_distinct += u64::from(self.first);
    }

    #[inline]
    fn stand_pat(&mut self, _value: Score, _alpha: Score, _beta: Score) {
        self.stats.stand_pats += 1;
    }

    #[inline]
    fn cutoff(&mut self, _game: &G, pruned: &[G::Move], _alpha: Score, _beta: Score) -> Result<(), Stop> {
        self.stats.cutoffs += 1;
        self.stats.pruned += pruned.len() as u64;
        Ok(())
    }

    #[inline]
    fn exit(&mut self, _value: Score) {
        self.depth -= 1;
        self.revisit = self.revisit.saturating_sub(1);
        self.paths.pop();
    }

    fn pass_start(&mut self, _game: &G, _kind: PassKind, _depth: Option<u32>, _alpha: Score, _beta: Score) {
        self.stats.passes += 1;
    }

    fn tt_hit(&mut self, _key: u64, _value: Score, _bound: crate::Bound, _depth: u32) {
        self.stats.tt_hits += 1;
    }

    fn iteration(&mut self, _number: u32) -> Result<(), Stop> {
        if self.stats.nodes >= self.max_nodes {
            return Err(Stop::NodeBudget { limit: self.max_nodes });
        }
        if let Some((deadline, seconds)) = self.deadline
            && self.stats.iterations.is_multiple_of(256)
            && std::time::Instant::now() > deadline
        {
            return Err(Stop::TimeLimit { seconds });
        }
        self.fresh = self.stats.iterations == 0;
        self.stats.iterations += 1;
        self.mcts_depth = 0;
        Ok(())
    }

    fn select(&mut self, _index: u32, _visits: u32, _total: f64, _uct: f64) {
        self.mcts_depth += 1;
    }

    fn expand_child(&mut self, _game: &G, _mv: G::Move, index: u32) {
        self.mcts_depth += 1;
        self.stats.count_expansion(self.mcts_depth, index);
        self.fresh = true;
    }

    fn simulate(&mut self, _length: u32, _result: f64) {
        self.stats.count_playout(self.fresh);
    }
}

/// Two observers as one: every hook goes to both (the first decides whether to stop).
#[derive(Debug, Default, Clone)]
pub struct Both<A, B>(pub A, pub B);

impl<G: Game, A: Observer<G>, B: Observer<G>> Observer<G> for Both<A, B> {
    #[inline]
    fn enter(&mut self, game: &G, alpha: Score, beta: Score) -> Result<(), Stop> {
        self.0.enter(game, alpha, beta)?;
        self.1.enter(game, alpha, beta)
    }
    #[inline]
    fn research(&mut self) {
        self.0.research();
        self.1.research();
    }
    #[inline]
    fn expand(&mut self, game: &G, moves: &[G::Move]) -> Result<(), Stop> {
        self.0.expand(game, moves)?;
        self.1.expand(game, moves)
    }
    #[inline]
    fn leaf(&mut self, value: Score, terminal: bool) {
        self.0.leaf(value, terminal);
        self.1.leaf(value, terminal);
    }
    #[inline]
    fn stand_pat(&mut self, value: Score, alpha: Score, beta: Score) {
        self.0.stand_pat(value, alpha, beta);
        self.1.stand_pat(value, alpha, beta);
    }

    #[inline]
    fn update(&mut self, value: Score, alpha: Score, beta: Score) {
        self.0.update(value, alpha, beta);
        self.1.update(value, alpha, beta);
    }
    #[inline]
    fn cutoff(&mut self, game: &G, pruned: &[G::Move], alpha: Score, beta: Score) -> Result<(), Stop> {
        self.0.cutoff(game, pruned, alpha, beta)?;
        self.1.cutoff(game, pruned, alpha, beta)
    }
    #[inline]
    fn exit(&mut self, value: Score) {
        self.0.exit(value);
        self.1.exit(value);
    }
    fn pass_start(&mut self, game: &G, kind: PassKind, depth: Option<u32>, alpha: Score, beta: Score) {
        self.0.pass_start(game, kind, depth, alpha, beta);
        self.1.pass_start(game, kind, depth, alpha, beta);
    }
    fn pass_end(&mut self, value: Score) {
        self.0.pass_end(value);
        self.1.pass_end(value);
    }
    fn tt_probe(&mut self, key: u64) {
        self.0.tt_probe(key);
        self.1.tt_probe(key);
    }
    fn tt_hit(&mut self, key: u64, value: Score, bound: crate::Bound, depth: u32) {
        self.0.tt_hit(key, value, bound, depth);
        self.1.tt_hit(key, value, bound, depth);
    }
    fn tt_store(&mut self, key: u64, value: Score, bound: crate::Bound, depth: u32) {
        self.0.tt_store(key, value, bound, depth);
        self.1.tt_store(key, value, bound, depth);
    }
    fn iteration(&mut self, number: u32) -> Result<(), Stop> {
        self.0.iteration(number)?;
        self.1.iteration(number)
    }
    fn select(&mut self, index: u32, visits: u32, total: f64, uct: f64) {
        self.0.select(index, visits, total, uct);
        self.1.select(index, visits, total, uct);
    }
    fn expand_child(&mut self, game: &G, mv: G::Move, index: u32) {
        self.0.expand_child(game, mv, index);
        self.1.expand_child(game, mv, index);
    }
    fn records_playouts(&self) -> bool {
        self.0.records_playouts() || self.1.records_playouts()
    }
    fn records_order(&self) -> bool {
        self.0.records_order() || self.1.records_order()
    }
    fn order(&mut self, index: u32, reason: OrderReason, depth: u32, score: u64) {
        self.0.order(index, reason, depth, score);
        self.1.order(index, reason, depth, score);
    }
    #[inline]
    fn playout_move(&mut self, game: &G, mv: G::Move) {
        self.0.playout_move(game, mv);
        self.1.playout_move(game, mv);
    }
    #[inline]
    fn simulate(&mut self, length: u32, result: f64) {
        self.0.simulate(length, result);
        self.1.simulate(length, result);
    }
    fn backprop(&mut self, visits: u32, total: f64) {
        self.0.backprop(visits, total);
        self.1.backprop(visits, total);
    }
}
