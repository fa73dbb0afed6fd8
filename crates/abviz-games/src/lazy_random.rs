//! Random uniform trees that are never built: every leaf value is computed from the seed and the
//! leaf's place in the tree when the search reaches it, so a tree with a hundred million leaves
//! costs no memory. `abviz compare` uses them for its random-tree sweeps.
//!
//! [`crate::random::RandomTree`] (what `abviz run --random` searches) draws its values from
//! one ChaCha8 stream and keeps the whole tree; this game gives the same kinds of tree, but not
//! the same trees for the same seed:
//!
//! * **natural**: each leaf's value is a hash of the seed and the leaf's index (its path read as a
//!   number in base b), spread uniformly over `lo..=hi`;
//! * **worst**: the construction of `RandomTree`: the leaves, sorted by value, are split into b
//!   consecutive slices at every level, MAX's children taking them from low to high and MIN's from
//!   high to low. Every child then improves on its elder siblings and lies inside the window it is
//!   searched with, so alpha-beta never cuts and evaluates all b^d leaves;
//! * **best**: the mirror image (MAX takes the slices from high to low, MIN from low to high): every
//!   node's children come sorted best first for the mover, the tree Knuth and Moore call perfectly
//!   ordered, where alpha-beta evaluates exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves.
//!
//! In the best and worst trees the k-th smallest leaf (its *rank*, read off the path) gets a value
//! that grows strictly with k: the range is cut into b^d equal steps and a hash picks a value inside
//! each step. When the range holds fewer values than the tree has leaves it is widened to
//! `lo..=lo+b^d−1`, as `RandomTree` does.

use crate::Score;
use crate::random::Ordering;
use crate::{Game, Player};

/// The largest number of leaves a best- or worst-ordered lazy tree may have (its leaf values must
/// all differ and fit the value range of trees).
pub const MAX_ORDERED_LEAVES: u64 = 999_999_999;

/// A random uniform tree whose leaf values are computed on demand.
///
/// ```
/// use abviz_games::Player;
/// use abviz_games::lazy_random::LazyRandomTree;
/// use abviz_games::random::Ordering;
/// use abviz_search::{Algorithm};
/// use abviz_trace::Counter;
///
/// let mut tree = LazyRandomTree::new(3, 4, 7, (0, 99), Ordering::Best, Player::Max).unwrap();
/// let mut counter = Counter::new(u64::MAX);
/// abviz_search::run(Algorithm::AlphaBeta, &mut tree, u32::MAX, &mut counter).unwrap();
/// assert_eq!(counter.stats.leaves, 3 * 3 + 3 * 3 - 1); // Knuth–Moore: b^⌈d/2⌉ + b^⌊d/2⌋ − 1
/// ```
#[derive(Clone, Debug)]
pub struct LazyRandomTree {
    branching: u32,
    depth: u32,
    seed: u64,
    lo: i64,
    /// Natural: the size of the range. Best/worst: the width of one step of the range per rank.
    step: u64,
    ordering: Ordering,
    root_player: Player,
    /// Every odd level is a chance node (equally likely outcomes): a regular *-minimax tree,
    /// MAX, chance, MIN, chance, MAX …
    chance: bool,
    // The current node: its ply, its index among the nodes of its level, its rank prefix.
    ply: u32,
    index: u64,
    rank: u64,
}

impl LazyRandomTree {
    /// The same tree with every odd level a chance node of equally likely outcomes (natural
    /// order only: best and worst orders are about players' choices).
    pub fn with_chance(mut self, on: bool) -> Self {
        self.chance = on && self.ordering == Ordering::Natural;
        self
    }

    /// A tree of `branching` children per interior node and `depth` levels below the root, leaf
    /// values in `values.0 ..= values.1` (widened for best and worst ordering when needed).
    ///
    /// Fails when b^d does not fit in 64 bits, or, for best and worst ordering, exceeds
    /// [`MAX_ORDERED_LEAVES`].
    pub fn new(
        branching: u32,
        depth: u32,
        seed: u64,
        values: (i32, i32),
        ordering: Ordering,
        root_player: Player,
    ) -> Result<Self, String> {
        if branching == 0 {
            return Err("the branching factor of a random tree must be at least 1".into());
        }
        if values.0 > values.1 {
            return Err(format!("the value range {}..{} is empty", values.0, values.1));
        }
        let leaves = (branching as u64).checked_pow(depth).ok_or_else(|| {
            format!("a random tree with b={branching}, d={depth} has more than 2^64 leaves")
        })?;
        let span = (values.1 as i64 - values.0 as i64 + 1) as u64;
        let step = match ordering {
            Ordering::Natural => span,
            Ordering::Best | Ordering::Worst => {
                if leaves > MAX_ORDERED_LEAVES {
                    return Err(format!(
                        "a {ordering}-ordered random tree with b={branching}, d={depth} has {leaves} leaves; at most {MAX_ORDERED_LEAVES} can get distinct values"
                    ));
                }
                (span / leaves).max(1)
            }
        };
        Ok(LazyRandomTree {
            branching,
            depth,
            seed,
            lo: values.0 as i64,
            step,
            ordering,
            root_player,
            chance: false,
            ply: 0,
            index: 0,
            rank: 0,
        })
    }

    /// The branching factor.
    pub fn branching(&self) -> u32 {
        self.branching
    }

    /// The depth (levels below the root).
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The child ordering.
    pub fn ordering(&self) -> Ordering {
        self.ordering
    }

    /// The value range the leaves lie in (after widening).
    pub fn effective_values(&self) -> (i32, i32) {
        let hi = match self.ordering {
            Ordering::Natural => self.lo + self.step as i64 - 1,
            _ => self.lo + ((self.branching as u64).pow(self.depth) * self.step) as i64 - 1,
        };
        (self.lo as i32, hi.min(i32::MAX as i64) as i32)
    }

    fn leaf_value(&self) -> Score {
        let v = match self.ordering {
            Ordering::Natural => {
                let h = mix(self.seed, self.index);
                self.lo + ((h as u128 * self.step as u128) >> 64) as i64
            }
            Ordering::Best | Ordering::Worst => {
                let jitter = if self.step > 1 { mix(self.seed, self.rank) % self.step } else { 0 };
                self.lo + (self.rank * self.step + jitter) as i64
            }
        };
        Score::from(v as i32)
    }

    /// Which slice of the sorted leaves the `k`-th child of a node where `mover` moves gets.
    fn slot(&self, k: u32, mover: Player) -> u64 {
        let ascending = match self.ordering {
            Ordering::Natural | Ordering::Worst => mover == Player::Max,
            Ordering::Best => mover == Player::Min,
        };
        if ascending { k as u64 } else { (self.branching - 1 - k) as u64 }
    }
}

/// SplitMix64's finaliser over the seed and an index: a well-spread 64-bit hash.
fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Game for LazyRandomTree {
    type Move = u32;

    fn to_move(&self) -> Player {
        // With chance levels the turn passes through them: a chance node names the player
        // after it.
        let turn = if self.chance { self.ply.div_ceil(2) } else { self.ply };
        if turn.is_multiple_of(2) { self.root_player } else { self.root_player.other() }
    }

    fn is_chance(&self) -> bool {
        self.chance && self.ply % 2 == 1 && self.ply < self.depth
    }

    fn has_chance(&self) -> bool {
        self.chance
    }

    fn value_bounds(&self) -> Option<(Score, Score)> {
        let hi = self.lo.saturating_add(self.step.saturating_sub(1) as i64);
        (self.ordering == Ordering::Natural)
            .then(|| (Score::from(self.lo as i32), Score::from(hi.min(i64::from(i32::MAX - 1)) as i32)))
    }

    fn moves(&self) -> Vec<u32> {
        abviz_core::collect_moves(self)
    }

    #[inline]
    fn moves_into(&self, out: &mut abviz_core::MoveList<u32>) {
        if self.ply < self.depth {
            out.extend(0..self.branching);
        }
    }

    fn play(&mut self, k: u32) {
        let b = self.branching as u64;
        self.rank = self.rank * b + self.slot(k, self.to_move());
        self.index = self.index * b + k as u64;
        self.ply += 1;
    }

    fn undo(&mut self, _k: u32) {
        let b = self.branching as u64;
        self.rank /= b;
        self.index /= b;
        self.ply -= 1;
    }

    fn terminal_value(&self) -> Option<Score> {
        (self.ply >= self.depth).then(|| self.leaf_value())
    }

    fn evaluate(&self) -> Score {
        // Random trees are searched to their leaves; an interior node has no static value.
        self.terminal_value().unwrap_or_default()
    }

    fn write_move_label(&self, k: u32, out: &mut String) {
        out.push_str(&(k + 1).to_string());
    }

    fn position_text(&self) -> String {
        match self.terminal_value() {
            Some(v) => v.to_string(),
            None => format!("interior node, {} children", self.branching),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{RandomTree, spec_minimax};
    use crate::tree::ExplicitTree;
    use abviz_search::Algorithm;
    use abviz_trace::Counter;

    /// Every leaf value in search order.
    fn leaves<G: Game>(g: &mut G, out: &mut Vec<Score>) {
        if let Some(v) = g.terminal_value() {
            out.push(v);
            return;
        }
        for mv in g.moves() {
            g.play(mv);
            leaves(g, out);
            g.undo(mv);
        }
    }

    /// Minimax value, checking on the way that every node's first child is its best.
    fn best_first<G: Game>(g: &mut G) -> Score {
        value(g, true)
    }

    fn value<G: Game>(g: &mut G, check_best_first: bool) -> Score {
        if let Some(v) = g.terminal_value() {
            return v;
        }
        let values: Vec<Score> = g
            .moves()
            .into_iter()
            .map(|mv| {
                g.play(mv);
                let v = value(g, check_best_first);
                g.undo(mv);
                v
            })
            .collect();
        let best = match g.to_move() {
            Player::Max => values.iter().max(),
            Player::Min => values.iter().min(),
        };
        if check_best_first {
            assert_eq!(Some(&values[0]), best, "first child is not the best");
        }
        *best.unwrap()
    }

    fn count(algo: Algorithm, tree: &LazyRandomTree) -> (Score, u64) {
        let mut g = tree.clone();
        let mut c = Counter::new(u64::MAX);
        let v = abviz_search::run(algo, &mut g, u32::MAX, &mut c).unwrap().value;
        (v, c.stats.leaves)
    }

    #[test]
    fn worst_order_is_random_trees_worst_order() {
        // With exactly b^d values in the range, RandomTree's worst tree uses every value once,
        // so the two constructions must give the same leaves.
        for (b, d, root) in [(2, 4, Player::Max), (3, 3, Player::Min), (4, 2, Player::Max)] {
            let n = (b as i32).pow(d);
            let rt = RandomTree {
                branching: b,
                depth: d,
                seed: 3,
                values: (0, n - 1),
                ordering: Ordering::Worst,
                root_player: root,
            };
            let mut expected = Vec::new();
            leaves(&mut ExplicitTree::new(&rt.generate(), root), &mut expected);
            let mut got = Vec::new();
            let mut lazy = LazyRandomTree::new(b, d, 3, (0, n - 1), Ordering::Worst, root).unwrap();
            leaves(&mut lazy, &mut got);
            assert_eq!(got, expected, "b={b} d={d}");
            assert_eq!(value(&mut lazy.clone(), false), spec_minimax(&rt.generate().root, root));
        }
    }

    #[test]
    fn best_order_is_best_first_and_knuth_moore_minimal() {
        for b in 1..=4u32 {
            for d in 0..=5u32 {
                for root in [Player::Max, Player::Min] {
                    let t = LazyRandomTree::new(b, d, 11, (0, 20), Ordering::Best, root).unwrap();
                    let value = best_first(&mut t.clone());
                    let km = b.pow(d.div_ceil(2)) as u64 + b.pow(d / 2) as u64 - 1;
                    for algo in [Algorithm::AlphaBeta, Algorithm::AlphaBetaSoft, Algorithm::NegamaxAb] {
                        assert_eq!(count(algo, &t), (value, km), "{algo} b={b} d={d} {root:?}");
                    }
                    let worst = LazyRandomTree::new(b, d, 11, (0, 20), Ordering::Worst, root).unwrap();
                    assert_eq!(count(Algorithm::AlphaBeta, &worst).1, (b as u64).pow(d));
                }
            }
        }
    }

    #[test]
    fn values_are_distinct_in_range_and_seeded() {
        let t = LazyRandomTree::new(3, 4, 5, (10, 1000), Ordering::Best, Player::Max).unwrap();
        let mut v = Vec::new();
        leaves(&mut t.clone(), &mut v);
        let mut sorted = v.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 81);
        assert!(sorted[0] >= Score::from(10) && sorted[80] <= Score::from(1000));
        assert_eq!(t.effective_values(), (10, 10 + 81 * 12 - 1));

        // Natural trees: in range, seeded, and not all alike.
        let nat = |seed| {
            let mut v = Vec::new();
            leaves(
                &mut LazyRandomTree::new(4, 4, seed, (0, 9), Ordering::Natural, Player::Max).unwrap(),
                &mut v,
            );
            v
        };
        let a = nat(1);
        assert_eq!(a, nat(1));
        assert_ne!(a, nat(2));
        assert!(a.iter().all(|s| (Score::from(0)..=Score::from(9)).contains(s)));
        for k in 0..10 {
            assert!(a.contains(&Score::from(k)), "value {k} never drawn in 256 leaves");
        }
        // A narrow range is widened for ordered trees.
        let w = LazyRandomTree::new(3, 3, 1, (0, 5), Ordering::Worst, Player::Max).unwrap();
        assert_eq!(w.effective_values(), (0, 26));
    }

    #[test]
    fn rejects_impossible_trees() {
        assert!(LazyRandomTree::new(0, 3, 1, (0, 9), Ordering::Natural, Player::Max).is_err());
        assert!(
            LazyRandomTree::new(2, 64, 1, (0, 9), Ordering::Natural, Player::Max)
                .unwrap_err()
                .contains("2^64")
        );
        assert!(
            LazyRandomTree::new(10, 9, 1, (0, 9), Ordering::Best, Player::Max)
                .unwrap_err()
                .contains("distinct")
        );
        assert!(LazyRandomTree::new(10, 9, 1, (0, 9), Ordering::Natural, Player::Max).is_ok());
    }
}
