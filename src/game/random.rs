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
use crate::game::Player;
use crate::game::tree::{TreeSpec, TreeSpecKind, TreeSpecNode};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::fmt;
use std::str::FromStr;

/// The order in which children of every node appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Ordering {
    /// As drawn.
    #[default]
    Natural,
    /// The mover's best child first (Knuth–Moore minimal tree).
    Best,
    /// The mover's worst child first, and no cutoff possible.
    Worst,
}

impl FromStr for Ordering {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "natural" | "random" => Ok(Ordering::Natural),
            "best" => Ok(Ordering::Best),
            "worst" => Ok(Ordering::Worst),
            _ => Err(format!("unknown ordering '{s}': expected natural, best or worst")),
        }
    }
}

impl fmt::Display for Ordering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ordering::Natural => "natural",
            Ordering::Best => "best",
            Ordering::Worst => "worst",
        })
    }
}

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
    /// Parses `B,D[,SEED]` (seed 1 by default).
    pub fn parse_shape(s: &str) -> Result<(u32, u32, u64), String> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        if parts.len() < 2 || parts.len() > 3 {
            return Err(format!("--random '{s}': expected B,D or B,D,SEED (for example 3,4,42)"));
        }
        let b: u32 = parts[0]
            .parse()
            .map_err(|_| format!("--random '{s}': branching factor '{}' is not a whole number", parts[0]))?;
        let d: u32 = parts[1]
            .parse()
            .map_err(|_| format!("--random '{s}': depth '{}' is not a whole number", parts[1]))?;
        let seed: u64 = match parts.get(2) {
            Some(p) => p.parse().map_err(|_| format!("--random '{s}': seed '{p}' is not a whole number"))?,
            None => 1,
        };
        if b == 0 {
            return Err(format!("--random '{s}': the branching factor must be at least 1"));
        }
        if d as usize > crate::game::notation::MAX_DEPTH {
            return Err(format!(
                "--random '{s}': depth {d} is too deep (at most {} levels)",
                crate::game::notation::MAX_DEPTH
            ));
        }
        let leaves = (b as u64).checked_pow(d);
        if leaves.is_none_or(|l| l > MAX_RANDOM_LEAVES) {
            return Err(format!(
                "--random '{s}': {b}^{d} leaves is too many (at most {MAX_RANDOM_LEAVES}); use a smaller branching factor or depth"
            ));
        }
        Ok((b, d, seed))
    }

    /// Parses `LO..HI` (inclusive).
    pub fn parse_values(s: &str) -> Result<(i32, i32), String> {
        let (lo, hi) = s
            .split_once("..")
            .ok_or_else(|| format!("--values '{s}': expected LO..HI, for example 0..20"))?;
        let hi = hi.strip_prefix('=').unwrap_or(hi);
        let num = |t: &str| {
            t.trim().parse::<i32>().ok().filter(|v| v.unsigned_abs() < 1_000_000_000).ok_or_else(|| {
                format!("--values '{s}': '{t}' is not a whole number between -999999999 and 999999999")
            })
        };
        let (lo, hi) = (num(lo)?, num(hi)?);
        if lo > hi {
            return Err(format!("--values '{s}': the low end {lo} is above the high end {hi}"));
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
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let (lo, hi) = self.effective_values();
        let root = match self.ordering {
            Ordering::Natural => self.natural(&mut rng, self.depth, lo, hi),
            Ordering::Best => {
                let values = distinct_values(&mut rng, self.leaves() as usize, lo, hi);
                let mut it = values.into_iter();
                let mut root = self.natural_from(&mut it, self.depth);
                sort_best_first(&mut root, self.root_player);
                root
            }
            Ordering::Worst => {
                let mut values = distinct_values(&mut rng, self.leaves() as usize, lo, hi);
                values.sort();
                let mut next = 0usize;
                self.worst(&values, &mut next, self.depth, self.root_player)
            }
        };
        TreeSpec { root_player: Some(self.root_player), root }
    }

    fn natural(&self, rng: &mut ChaCha8Rng, depth: u32, lo: i32, hi: i32) -> TreeSpecNode {
        if depth == 0 {
            return TreeSpecNode::leaf(uniform(rng, lo, hi));
        }
        TreeSpecNode::interior((0..self.branching).map(|_| self.natural(rng, depth - 1, lo, hi)).collect())
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
    fn worst(&self, sorted: &[i32], next: &mut usize, depth: u32, player: Player) -> TreeSpecNode {
        if depth == 0 {
            let v = sorted[*next];
            *next += 1;
            return TreeSpecNode::leaf(v);
        }
        let start = *next;
        let span = (self.branching as usize).pow(depth - 1);
        let mut children: Vec<TreeSpecNode> = (0..self.branching as usize)
            .map(|k| {
                let mut n = start + k * span;
                self.worst(sorted, &mut n, depth - 1, player.other())
            })
            .collect();
        *next = start + span * self.branching as usize;
        if player == Player::Min {
            children.reverse();
        }
        TreeSpecNode::interior(children)
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

fn sort_best_first(node: &mut TreeSpecNode, player: Player) -> Score {
    match &mut node.kind {
        TreeSpecKind::Leaf(v) => *v,
        TreeSpecKind::Interior(children) => {
            let mut keyed: Vec<(Score, TreeSpecNode)> =
                children.drain(..).map(|mut c| (sort_best_first(&mut c, player.other()), c)).collect();
            match player {
                Player::Max => keyed.sort_by_key(|k| std::cmp::Reverse(k.0)),
                Player::Min => keyed.sort_by_key(|k| k.0),
            }
            let best = keyed[0].0;
            children.extend(keyed.into_iter().map(|(_, c)| c));
            best
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(b: u32, d: u32, ordering: Ordering) -> RandomTree {
        RandomTree { branching: b, depth: d, seed: 7, values: (0, 9), ordering, root_player: Player::Max }
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
