//! Seeded random uniform trees, with the move ordering chosen: natural, best or worst.
//!
//! * **natural**: leaf values drawn uniformly from `lo..=hi` in depth-first order;
//! * **best**: the same kind of tree, with every node's children sorted so that the mover's best
//!   child comes first; alpha-beta then evaluates exactly the Knuth–Moore minimum
//!   b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves;
//! * **worst**: built so that every child improves on its elder siblings and every value lies
//!   strictly inside the window it is searched with, so no cutoff ever fires and alpha-beta
//!   evaluates all b^d leaves.
//!
//! Best and worst orderings need every leaf value to differ (ties cause extra cutoffs). When the
//! range `lo..=hi` holds fewer values than the tree has leaves, it is widened to
//! `lo..=lo+leaves−1`, and [`RandomTree::values`] says which range was used.

use crate::Score;
pub use crate::spec::Ordering;
use crate::spec::{MAX_DEPTH, TreeSpec, TreeSpecKind, TreeSpecNode};
use crate::{Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// The parameters of a random uniform tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomTree {
    /// Branching factor (children per interior node), at least 1.
    pub branching: u32,
    /// Depth (edges from the root to every leaf).
    pub depth: u32,
    /// Seed of the ChaCha8 generator.
    pub seed: u64,
    /// Leaf values lie in `values.0 ..= values.1`.
    pub values: (i32, i32),
    /// Child ordering.
    pub ordering: Ordering,
    /// The player at the root.
    pub root_player: Player,
}

/// The largest number of leaves a random tree may have.
pub const MAX_RANDOM_LEAVES: u64 = 1 << 24;

impl RandomTree {
    /// Parses `B,D[,SEED]` (seed 1 by default); the error says what is wrong with the text
    /// (the caller names the option it came from).
    pub fn parse_shape(s: &str) -> Result<(u32, u32, u64), String> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        if parts.len() < 2 || parts.len() > 3 {
            return Err("expected B,D or B,D,SEED (for example 3,4,42)".to_string());
        }
        let b: u32 =
            parts[0].parse().map_err(|_| format!("branching factor '{}' is not a whole number", parts[0]))?;
        let d: u32 = parts[1].parse().map_err(|_| format!("depth '{}' is not a whole number", parts[1]))?;
        let seed: u64 = match parts.get(2) {
            Some(p) => p.parse().map_err(|_| format!("seed '{p}' is not a whole number"))?,
            None => 1,
        };
        if b == 0 {
            return Err("the branching factor must be at least 1".to_string());
        }
        if d as usize > MAX_DEPTH {
            return Err(format!("depth {d} is too deep (at most {} levels)", MAX_DEPTH));
        }
        let leaves = (b as u64).checked_pow(d);
        if leaves.is_none_or(|l| l > MAX_RANDOM_LEAVES) {
            return Err(format!(
                "{b}^{d} leaves is too many (at most {MAX_RANDOM_LEAVES}); use a smaller branching factor or depth"
            ));
        }
        Ok((b, d, seed))
    }

    /// Parses `LO..HI` (inclusive); the error says what is wrong with the text.
    pub fn parse_values(s: &str) -> Result<(i32, i32), String> {
        let (lo, hi) = s.split_once("..").ok_or_else(|| "expected LO..HI, for example 0..20".to_string())?;
        let hi = hi.strip_prefix('=').unwrap_or(hi);
        let num = |t: &str| {
            t.trim()
                .parse::<i32>()
                .ok()
                .filter(|v| v.unsigned_abs() < 1_000_000_000)
                .ok_or_else(|| format!("'{t}' is not a whole number between -999999999 and 999999999"))
        };
        let (lo, hi) = (num(lo)?, num(hi)?);
        if lo > hi {
            return Err(format!("the low end {lo} is above the high end {hi}"));
        }
        Ok((lo, hi))
    }

    /// Number of leaves: b^d.
    pub fn leaves(&self) -> u64 {
        (self.branching as u64).pow(self.depth)
    }

    /// The value range actually used: widened when best/worst ordering needs distinct values.
    pub fn effective_values(&self) -> (i32, i32) {
        let (lo, hi) = self.values;
        let room = (hi as i64 - lo as i64 + 1) as u64;
        if self.ordering != Ordering::Natural && room < self.leaves() {
            (lo, (lo as i64 + self.leaves() as i64 - 1) as i32)
        } else {
            (lo, hi)
        }
    }

    /// A one-line description: `random b=3 d=2 seed=1 values 0..20 ordering best, MAX root`.
    pub fn describe(&self) -> String {
        let (lo, hi) = self.effective_values();
        let widened = if (lo, hi) != self.values {
            format!(" (widened from {}..{} so that every leaf differs)", self.values.0, self.values.1)
        } else {
            String::new()
        };
        format!(
            "random tree b={} d={} seed={} values {lo}..{hi}{widened}, {} ordering, {} root",
            self.branching,
            self.depth,
            self.seed,
            self.ordering,
            self.root_player.upper()
        )
    }

    /// Generates the tree.
    pub fn generate(&self) -> TreeSpec {
        let mut it = self.leaf_values().into_iter();
        TreeSpec {
            root_player: Some(self.root_player),
            bounds: None,
            root: self.natural_from(&mut it, self.depth),
        }
    }

    /// The tree as a game that keeps only its leaf values (4 bytes a leaf), the same tree as
    /// [`RandomTree::generate`] builds.
    pub fn game(&self) -> UniformTree {
        UniformTree {
            branching: self.branching,
            depth: self.depth,
            root_player: self.root_player,
            values: self.shared_leaf_values(),
            ply: 0,
            index: 0,
        }
    }

    /// [`RandomTree::leaf_values`] in one shared allocation: the natural order is drawn straight
    /// into it (a `Vec` turned into an `Arc<[i32]>` would be copied, holding the values twice).
    fn shared_leaf_values(&self) -> std::sync::Arc<[i32]> {
        if self.ordering != Ordering::Natural {
            return self.leaf_values().into();
        }
        self.natural_values()
    }

    /// The natural order's leaf values: drawn one after the other from the seed.
    fn natural_values<C: FromIterator<i32>>(&self) -> C {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let (lo, hi) = self.effective_values();
        (0..self.leaves() as usize).map(|_| uniform(&mut rng, lo, hi)).collect()
    }

    /// The leaf values from left to right: drawn in depth-first order (natural), then for the
    /// best order every node's children sorted best first for the mover, or for the worst order
    /// laid out by the slice construction.
    pub fn leaf_values(&self) -> Vec<i32> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let (lo, hi) = self.effective_values();
        let n = self.leaves() as usize;
        match self.ordering {
            Ordering::Natural => self.natural_values(),
            Ordering::Best => {
                let mut values = distinct_values(&mut rng, n, lo, hi);
                sort_blocks_best_first(&mut values, self.branching as usize, self.depth, self.root_player);
                values
            }
            Ordering::Worst => {
                let mut sorted = distinct_values(&mut rng, n, lo, hi);
                sorted.sort();
                let mut out = Vec::with_capacity(n);
                self.worst(&sorted, 0, self.depth, self.root_player, &mut out);
                out
            }
        }
    }

    fn natural_from(&self, values: &mut impl Iterator<Item = i32>, depth: u32) -> TreeSpecNode {
        if depth == 0 {
            return TreeSpecNode::leaf(values.next().unwrap_or_default());
        }
        TreeSpecNode::interior((0..self.branching).map(|_| self.natural_from(values, depth - 1)).collect())
    }

    /// Worst order: the sorted leaf values are split into b consecutive slices per level; a MAX
    /// node's children take the slices from low to high, a MIN node's from high to low. Every
    /// subtree's values then lie inside the window it is searched with, and each child improves
    /// on the ones before it, so alpha-beta can never cut.
    /// Writes the leaves of the subtree holding `sorted[start..start + b^depth]` to `out`.
    fn worst(&self, sorted: &[i32], start: usize, depth: u32, player: Player, out: &mut Vec<i32>) {
        if depth == 0 {
            out.push(sorted[start]);
            return;
        }
        let b = self.branching as usize;
        let span = b.pow(depth - 1);
        for k in 0..b {
            let slice = if player == Player::Min { b - 1 - k } else { k };
            self.worst(sorted, start + slice * span, depth - 1, player.other(), out);
        }
    }
}

fn uniform(rng: &mut ChaCha8Rng, lo: i32, hi: i32) -> i32 {
    let span = (hi as i64 - lo as i64 + 1) as u64;
    // Rejection sampling keeps the draw unbiased.
    let zone = u64::MAX - u64::MAX % span;
    loop {
        let r = rng.next_u64();
        if r < zone {
            return (lo as i64 + (r % span) as i64) as i32;
        }
    }
}

/// `n` distinct values from `lo..=hi` (which holds at least `n`), in random order.
fn distinct_values(rng: &mut ChaCha8Rng, n: usize, lo: i32, hi: i32) -> Vec<i32> {
    let span = (hi as i64 - lo as i64 + 1) as u64;
    let mut chosen: Vec<i32> = if span <= 4 * n as u64 {
        (lo..=hi).collect()
    } else {
        let mut seen = std::collections::BTreeSet::new();
        while seen.len() < n {
            seen.insert(uniform(rng, lo, hi));
        }
        seen.into_iter().collect()
    };
    // Fisher–Yates, then keep n.
    for i in (1..chosen.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        chosen.swap(i, j);
    }
    chosen.truncate(n);
    chosen
}

/// Minimax value of a spec node (MAX's view) with `player` to move there.
pub fn spec_minimax(node: &TreeSpecNode, player: Player) -> Score {
    match &node.kind {
        TreeSpecKind::Leaf(v) => *v,
        TreeSpecKind::Interior(children) => {
            let values = children.iter().map(|c| spec_minimax(c, player.other()));
            match player {
                Player::Max => values.max(),
                Player::Min => values.min(),
            }
            .unwrap_or_default()
        }
    }
}

/// Sorts, bottom-up, every node's children best first for its mover (stable: ties keep their
/// order), moving each child's block of leaves with it; `values` holds the b^depth leaves.
fn sort_blocks_best_first(values: &mut [i32], b: usize, depth: u32, root: Player) {
    // The values of the nodes one level below the one being sorted (at first: the leaves).
    let mut below: Vec<i32> = values.to_vec();
    let mut scratch: Vec<i32> = Vec::new();
    for ply in (0..depth).rev() {
        let player = if ply % 2 == 0 { root } else { root.other() };
        let span = b.pow(depth - ply - 1);
        let nodes = b.pow(ply);
        let mut level = Vec::with_capacity(nodes);
        for n in 0..nodes {
            let kids = &below[n * b..(n + 1) * b];
            let mut order: Vec<usize> = (0..b).collect();
            match player {
                Player::Max => order.sort_by_key(|&k| std::cmp::Reverse(kids[k])),
                Player::Min => order.sort_by_key(|&k| kids[k]),
            }
            level.push(kids[order[0]]);
            let block = &mut values[n * b * span..(n + 1) * b * span];
            scratch.clear();
            for &k in &order {
                scratch.extend_from_slice(&block[k * span..(k + 1) * span]);
            }
            block.copy_from_slice(&scratch);
        }
        below = level;
    }
}

/// A random uniform tree as a game: only its leaf values are kept, and a node is its ply and its
/// index among the nodes of that ply. Moves are child numbers, labelled 1, 2, ... as in an
/// explicit tree without names.
#[derive(Clone, Debug)]
pub struct UniformTree {
    branching: u32,
    depth: u32,
    root_player: Player,
    values: std::sync::Arc<[i32]>,
    ply: u32,
    index: u64,
}

impl Game for UniformTree {
    type Move = u32;

    fn to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) { self.root_player } else { self.root_player.other() }
    }

    fn moves(&self) -> Vec<u32> {
        abviz_core::collect_moves(self)
    }

    #[inline]
    fn moves_into(&self, out: &mut abviz_core::MoveList<u32>) {
        if self.ply != self.depth {
            out.extend(0..self.branching);
        }
    }

    fn play(&mut self, mv: u32) {
        self.index = self.index * self.branching as u64 + mv as u64;
        self.ply += 1;
    }

    fn undo(&mut self, _mv: u32) {
        self.index /= self.branching as u64;
        self.ply -= 1;
    }

    fn terminal_value(&self) -> Option<Score> {
        (self.ply == self.depth).then(|| Score::from(self.values[self.index as usize]))
    }

    fn evaluate(&self) -> Score {
        self.terminal_value().unwrap_or_default()
    }

    fn write_move_label(&self, mv: u32, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "{}", mv + 1);
    }

    fn label_key(&self, mv: u32) -> Option<u32> {
        Some(mv)
    }

    fn position_key(&self) -> Option<u64> {
        // Breadth-first numbering: the nodes above this ply, then the index.
        let above =
            (0..self.ply).fold(0u64, |acc, p| acc.saturating_add((self.branching as u64).saturating_pow(p)));
        Some(above.saturating_add(self.index))
    }

    fn position_text(&self) -> String {
        match self.terminal_value() {
            Some(v) => v.to_string(),
            None => format!("interior node, {} children", self.branching),
        }
    }

    fn leaves_are_game_ends(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(b: u32, d: u32, ordering: Ordering) -> RandomTree {
        RandomTree { branching: b, depth: d, seed: 7, values: (0, 9), ordering, root_player: Player::Max }
    }

    #[test]
    fn the_same_seed_gives_the_same_tree_as_abviz_0_1() {
        // Leaf values of `--random 3,3,7` as abviz 0.1 drew them: a seed written down in a
        // lecture must keep giving the same tree.
        let expected = [
            (
                Ordering::Natural,
                [15, 2, 18, 12, 16, 17, 19, 6, 8, 4, 6, 7, 7, 17, 9, 5, 11, 8, 5, 6, 12, 7, 18, 1, 12, 10, 8],
            ),
            (
                Ordering::Best,
                [
                    17, 11, 5, 25, 4, 1, 26, 22, 9, 15, 13, 7, 16, 6, 2, 24, 23, 18, 14, 3, 0, 20, 12, 8, 21,
                    19, 10,
                ],
            ),
            (
                Ordering::Worst,
                [
                    6, 7, 8, 3, 4, 5, 0, 1, 2, 15, 16, 17, 12, 13, 14, 9, 10, 11, 24, 25, 26, 21, 22, 23, 18,
                    19, 20,
                ],
            ),
        ];
        for (ordering, leaves) in expected {
            let t = RandomTree {
                branching: 3,
                depth: 3,
                seed: 7,
                values: (0, 20),
                ordering,
                root_player: Player::Max,
            };
            assert_eq!(t.leaf_values(), leaves, "{ordering}");
            // The game walks the same leaves.
            let mut g = t.game();
            let mut seen = Vec::new();
            collect(&mut g, &mut seen);
            assert_eq!(seen, leaves.map(Score::from), "{ordering}");
        }
    }

    fn collect(g: &mut UniformTree, out: &mut Vec<Score>) {
        if let Some(v) = g.terminal_value() {
            out.push(v);
            return;
        }
        for mv in g.moves() {
            g.play(mv);
            collect(g, out);
            g.undo(mv);
        }
    }

    #[test]
    fn seeded_and_reproducible() {
        let a = tree(3, 3, Ordering::Natural).generate();
        let b = tree(3, 3, Ordering::Natural).generate();
        assert_eq!(a, b);
        let mut other = tree(3, 3, Ordering::Natural);
        other.seed = 8;
        assert_ne!(a, other.generate());
    }

    #[test]
    fn widening_is_reported() {
        let t = tree(3, 3, Ordering::Best);
        assert_eq!(t.effective_values(), (0, 26));
        assert!(t.describe().contains("widened from 0..9"));
        assert_eq!(tree(2, 3, Ordering::Best).effective_values(), (0, 9));
    }

    #[test]
    fn parses_options() {
        assert_eq!(RandomTree::parse_shape("3,4"), Ok((3, 4, 1)));
        assert_eq!(RandomTree::parse_shape("3, 4, 42"), Ok((3, 4, 42)));
        assert!(RandomTree::parse_shape("3").unwrap_err().contains("expected B,D"));
        assert!(RandomTree::parse_shape("0,3").unwrap_err().contains("at least 1"));
        assert!(RandomTree::parse_shape("40,9").unwrap_err().contains("too many"));
        assert_eq!(RandomTree::parse_values("-5..5"), Ok((-5, 5)));
        assert!(RandomTree::parse_values("5..1").unwrap_err().contains("above"));
        assert!(RandomTree::parse_values("a..1").unwrap_err().contains("not a whole number"));
    }
}
