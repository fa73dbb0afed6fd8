//! Exercises on chance trees: CS188's "fill in the expectimax values" (`--algo expectimax`) and
//! "which leaves are never evaluated?" (`--algo star1` / `star2`, with leaf bounds).
//!
//! A generated chance tree is a seeded random uniform tree whose odd levels are chance nodes of
//! equally likely outcomes (MAX, chance, MIN, chance, MAX …, as `abviz compare --chance` sweeps
//! them), with small leaf values (0..10 unless `--values` says otherwise) that are also its stated
//! leaf bounds, the bounds Star1 and Star2 prune with. A *-minimax exercise is drawn until the
//! search's own trace has a chance cutoff that prunes something (and, with a difficulty, the
//! difficulty's chance profile): the sheet must have a leaf to cross out.

use super::{Difficulty, Profile};
use crate::Score;
use crate::game::tree::{ExplicitTree, TreeSpec, TreeSpecKind};
use crate::game::{Game, Player};
use crate::search::Algorithm;

/// CS188's expectimax lecture tree (Berkeley CS188, "Expectimax Example"): MAX over three
/// chance nodes of equally likely outcomes, worth 8, 4 and 7; the first tree of a practice page
/// for a chance algorithm unless another is given.
pub const CS188: &str = "A:(chance:B:(3 12 9) chance:C:(2 4 6) chance:D:(15 6 0))";

/// The leaf values of generated chance trees unless `--values` says otherwise: small, so that
/// expected values can be worked out by hand, and bounded, as *-minimax needs.
pub const VALUES: (i32, i32) = (0, 10);

/// Whether `algo` searches chance nodes (expectimax, Star1, Star2).
pub fn is_chance(algo: Algorithm) -> bool {
    algo.descriptor().features.chance
}

/// Whether `algo` prunes chance nodes with leaf bounds (Star1, Star2): its sheets ask which
/// leaves are never evaluated.
pub fn prunes_chance(algo: Algorithm) -> bool {
    is_chance(algo) && algo.has_window()
}

/// Makes every odd level of a generated tree a chance node and states the leaf bounds `values`
/// (the players then follow as MAX, chance, MIN, chance, MAX …).
pub fn make_chance(spec: &mut TreeSpec, values: (i32, i32)) {
    let mut stack = vec![(&mut spec.root, 0u32)];
    while let Some((node, depth)) = stack.pop() {
        if let TreeSpecKind::Interior(kids) = &mut node.kind {
            node.chance = depth % 2 == 1;
            stack.extend(kids.iter_mut().map(|k| (k, depth + 1)));
        }
    }
    spec.bounds = Some((Score::from(values.0), Score::from(values.1)));
}

/// The leaf bounds a *-minimax search of `spec` prunes with: the ones the tree states, else its
/// least and greatest value (as the search itself takes them).
pub fn leaf_bounds(spec: &TreeSpec, root: Player) -> Option<(Score, Score)> {
    ExplicitTree::new(spec, root).value_bounds()
}

/// Whether a *-minimax search with this profile is an exercise of difficulty `d`: easy, one
/// cutoff, a chance cutoff at a child of the root; medium, two or three cutoffs, one of them a
/// chance cutoff and one below the root's children; hard, three or more, one of them a chance
/// cutoff below the root's children.
pub fn accepts(d: Difficulty, p: &Profile) -> bool {
    match d {
        Difficulty::Easy => p.cutoffs == 1 && p.chance == 1 && p.deepest <= 1,
        Difficulty::Medium => (2..=3).contains(&p.cutoffs) && p.chance >= 1 && p.deepest >= 2,
        Difficulty::Hard => p.cutoffs >= 3 && p.chance_deepest >= 2,
    }
}

/// The chance profile of `d` in words, for errors.
pub fn describe(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "one cutoff, a chance cutoff at a child of the root",
        Difficulty::Medium => {
            "two or three cutoffs, one of them a chance cutoff and one below the root's children"
        }
        Difficulty::Hard => "three or more cutoffs, one of them a chance cutoff below the root's children",
    }
}

/// Whether a generated tree is an exercise for `algo` (and `difficulty`, if any): a *-minimax
/// sheet needs at least one chance cutoff that prunes something.
pub fn wanted(algo: Algorithm, difficulty: Option<Difficulty>, p: &Profile) -> bool {
    match difficulty {
        Some(d) => accepts(d, p),
        None => !prunes_chance(algo) || p.chance >= 1,
    }
}
