//! The [`Observer`] the search algorithms report to, and the two cheap observers: [`NoOp`] and
//! [`Counter`]. The full [`crate::trace::Recorder`] is an observer too.
//!
//! Every hook has an empty default body, so with [`NoOp`] the calls compile away and the search
//! runs as fast as one with no instrumentation at all.

use crate::Score;
use crate::game::Game;
use crate::trace::Stats;

/// Why a search stopped before its end.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Stop {
    /// The node budget ran out.
    #[error(
        "the search was stopped after {limit} nodes (the --max-nodes budget); try a smaller --depth or a smaller tree, or raise --max-nodes if you really want this search"
    )]
    NodeBudget {
        /// The budget that was exceeded.
        limit: u64,
    },
    /// The time limit ran out.
    #[error(
        "the search was stopped after {seconds} s (the --time limit); try a smaller --depth or more time"
    )]
    TimeLimit {
        /// The limit in seconds.
        seconds: f64,
    },
}

/// What a search tells about its progress. Values and windows are given in the algorithm's own
/// point of view: MAX's for minimax and alpha-beta, the mover's for the negamax family.
pub trait Observer<G: Game> {
    /// The search enters the current position of `game` with the window [`alpha`, `beta`].
    /// Returning an error stops the search (a node budget, for instance).
    #[inline(always)]
    fn enter(&mut self, game: &G, alpha: Score, beta: Score) -> Result<(), Stop> {
        let _ = (game, alpha, beta);
        Ok(())
    }

    /// The current node's children, generated in search order.
    #[inline(always)]
    fn expand(&mut self, game: &G, moves: &[G::Move]) {
        let _ = (game, moves);
    }

    /// The current node is a leaf with static value `value`; `terminal` when the game is over.
    #[inline(always)]
    fn leaf(&mut self, value: Score, terminal: bool) {
        let _ = (value, terminal);
    }

    /// A child returned `value`; the current node's window (or best value so far) is now
    /// [`alpha`, `beta`].
    #[inline(always)]
    fn update(&mut self, value: Score, alpha: Score, beta: Score) {
        let _ = (value, alpha, beta);
    }

    /// The cutoff test `alpha >= beta` held after the last child: the moves in `pruned` (the
    /// rest, from `game`'s current position) are never searched.
    #[inline(always)]
    fn cutoff(&mut self, game: &G, pruned: &[G::Move], alpha: Score, beta: Score) {
        let _ = (game, pruned, alpha, beta);
    }

    /// The current node returns `value` to its parent.
    #[inline(always)]
    fn exit(&mut self, value: Score) {
        let _ = value;
    }
}

/// The observer that observes nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoOp;

impl<G: Game> Observer<G> for NoOp {}

/// Counts nodes, leaves, cutoffs and pruned children without recording anything else; enforces
/// an optional node budget. Used by `--stats-only`, comparisons and the minimax reference counts.
#[derive(Debug, Clone, Default)]
pub struct Counter {
    /// The counts so far.
    pub stats: Stats,
    /// Stop after this many nodes (`u64::MAX`: never).
    pub max_nodes: u64,
    depth: usize,
}

impl Counter {
    /// A counter with a node budget.
    pub fn new(max_nodes: u64) -> Self {
        Counter { max_nodes, ..Default::default() }
    }
}

impl<G: Game> Observer<G> for Counter {
    #[inline]
    fn enter(&mut self, _game: &G, _alpha: Score, _beta: Score) -> Result<(), Stop> {
        if self.stats.nodes >= self.max_nodes {
            return Err(Stop::NodeBudget { limit: self.max_nodes });
        }
        self.stats.count_node(self.depth);
        self.depth += 1;
        Ok(())
    }

    #[inline]
    fn expand(&mut self, _game: &G, _moves: &[G::Move]) {
        self.stats.interior += 1;
    }

    #[inline]
    fn leaf(&mut self, _value: Score, _terminal: bool) {
        self.stats.leaves += 1;
    }

    #[inline]
    fn cutoff(&mut self, _game: &G, pruned: &[G::Move], _alpha: Score, _beta: Score) {
        self.stats.cutoffs += 1;
        self.stats.pruned += pruned.len() as u64;
    }

    #[inline]
    fn exit(&mut self, _value: Score) {
        self.depth -= 1;
    }
}
