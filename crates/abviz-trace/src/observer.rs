//! The [`Observer`] the search algorithms report to (its hooks are declared with the events, in
//! the event table), and the two cheap observers: [`NoOp`] and [`Counter`]. The full
//! [`crate::Recorder`] is an observer too, and [`Both`] makes two observers one.
//!
//! Every hook has an empty default body, so with [`NoOp`] the calls compile away and the search
//! runs as fast as one with no instrumentation at all.

mod hooks;

use crate::{PassKind, Stats};
use abviz_core::Game;
use abviz_core::Score;
pub use hooks::Observer;

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
    /// An expected value (or a *-minimax window) needs a finer fraction than abviz holds
    /// exactly.
    #[error(
        "an expected value needs a finer fraction than abviz holds exactly (the probabilities multiply past 2^62 in its denominator)"
    )]
    Precision,
    /// A leaf value lies outside the bounds *-minimax prunes with.
    #[error("the leaf value {value} lies outside the leaf bounds [{low}, {high}] that *-minimax prunes with")]
    OutOfBounds {
        /// The leaf's value.
        value: Score,
        /// The lower bound.
        low: Score,
        /// The upper bound.
        high: Score,
    },
    /// A search of pure skill met a chance node.
    #[error("this input has chance nodes, which {algorithm} cannot search: use expectimax, star1 or star2")]
    ChanceNodes {
        /// The algorithm's name.
        algorithm: String,
    },
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

    fn research_child(&mut self, _index: u32) {
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

/// Two observers as one: every hook goes to both (the first decides whether to stop). Its
/// [`Observer`] implementation is generated from the event table.
#[derive(Debug, Default, Clone)]
pub struct Both<A, B>(pub A, pub B);
