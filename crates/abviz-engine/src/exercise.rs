//! Exercises: trees to solve by hand, given or generated, each with the trace that answers it.
//!
//! A generated tree is a seeded random uniform tree whose interior nodes are named A, B, C, …
//! level by level (as AIMA names them). With a [`Difficulty`] the generator draws trees until
//! one has the difficulty's cutoff profile — read from the trace's own cutoffs
//! ([`Trace::cutoffs`], [`crate::trace::Cutoff::bound_from`]), never re-derived: how many
//! cutoffs prune something, how deep they happen, whether a bound from above the parent causes
//! one (a deep cutoff) and whether one fires on a tie (α = β). The same seed gives the same
//! trees, so a sheet, its key and the practice page all show the same exercise.
//!
//! With a chance algorithm ([`chance`]) the trees have chance nodes: expectimax asks for the
//! expected values, Star1 and Star2 for the leaves they never evaluate. A sheet may mix
//! difficulties ([`mixed`]), numbered on across them.
//!
//! ```
//! use abviz_engine::exercise::{Difficulty, Generator, Profile};
//! use abviz_engine::search::Algorithm;
//!
//! let g = Generator::new(Some(Difficulty::Easy), None, Algorithm::AlphaBetaSoft, 7).unwrap();
//! let ex = g.exercise(1).unwrap();
//! let p = Profile::of(&ex.trace);
//! assert_eq!(p.cutoffs, 1);
//! assert!(ex.tree.root.to_notation().starts_with("A:(B:("));
//! ```

use crate::game::Player;
use crate::game::random::{Ordering, RandomTree};
use crate::game::tree::{TreeSpec, TreeSpecKind, TreeSpecNode};
use crate::input::{Input, RunOptions};
use crate::refusal::{Opt, RequestError};
use crate::search::Algorithm;
use crate::trace::{NONE, Trace};
use crate::{Error, Score, Ties};
use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

pub mod chance;
pub mod mixed;

/// How hard a generated exercise is, by the cutoffs alpha-beta makes in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// One cutoff, at a child of the root, caused by the root's bound; no ties.
    Easy,
    /// Two or three cutoffs, one of them below the root's children; each caused by the parent's
    /// bound; no ties.
    Medium,
    /// Three or more cutoffs, one caused by a bound from above the parent (a deep cutoff) and
    /// one that fires on a tie (α = β).
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// "easy", "medium", "hard".
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The tree shape (branching, depth) drawn when none is given.
    pub fn default_shape(self) -> (u32, u32) {
        match self {
            Difficulty::Easy => (3, 2),
            Difficulty::Medium => (3, 3),
            Difficulty::Hard => (2, 4),
        }
    }

    /// The least depth whose trees can have this profile (a cutoff below the root's children
    /// needs depth 3, a deep cutoff depth 4).
    pub fn min_depth(self) -> u32 {
        match self {
            Difficulty::Easy => 2,
            Difficulty::Medium => 3,
            Difficulty::Hard => 4,
        }
    }

    /// The profile in words, for help texts and errors.
    pub fn describe(self) -> &'static str {
        match self {
            Difficulty::Easy => "one cutoff, at a child of the root, no ties",
            Difficulty::Medium => {
                "two or three cutoffs, one below the root's children, each caused by the parent's bound, no ties"
            }
            Difficulty::Hard => {
                "three or more cutoffs, one caused by a bound from above the parent (a deep cutoff) and one on a tie (α = β)"
            }
        }
    }

    /// Whether a search with this profile is an exercise of this difficulty.
    pub fn accepts(self, p: &Profile) -> bool {
        match self {
            Difficulty::Easy => p.cutoffs == 1 && p.deepest <= 1 && p.deep == 0 && p.ties == 0,
            Difficulty::Medium => {
                (2..=3).contains(&p.cutoffs) && p.deepest >= 2 && p.deep == 0 && p.ties == 0
            }
            Difficulty::Hard => p.cutoffs >= 3 && p.deep >= 1 && p.ties >= 1,
        }
    }
}

impl FromStr for Difficulty {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| format!("unknown difficulty '{s}': expected easy, medium or hard"))
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The cutoffs of a search as an exercise's difficulty counts them: only cutoffs that prune
/// something (one after the last child leaves nothing for the student to cross out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    /// Cutoffs that prune at least one child.
    pub cutoffs: u32,
    /// The depth of the deepest node where one happened (the root's children are at 1).
    pub deepest: u32,
    /// Those caused by a bound set above the node's parent (deep cutoffs).
    pub deep: u32,
    /// Those whose test held on equality, α = β.
    pub ties: u32,
    /// *-minimax's chance cutoffs among them.
    pub chance: u32,
    /// The depth of the deepest chance node where one happened (0: none).
    pub chance_deepest: u32,
}

impl Profile {
    /// Reads the profile from the trace's cutoffs.
    pub fn of(trace: &Trace) -> Profile {
        let mut p = Profile::default();
        // (Star2's probes are no cutoffs: the outcomes they leave wait for the search phase.)
        for c in trace.cutoffs().iter().filter(|c| c.pruned > 0 && !c.probe) {
            p.cutoffs += 1;
            p.deepest = p.deepest.max(trace.node(c.node).depth as u32);
            let parent = trace.parent(c.node).unwrap_or(NONE);
            if c.bound_from != NONE && c.bound_from != parent && c.bound_from != c.node {
                p.deep += 1;
            }
            if c.alpha == c.beta {
                p.ties += 1;
            }
            if c.chance {
                p.chance += 1;
                p.chance_deepest = p.chance_deepest.max(trace.node(c.node).depth as u32);
            }
        }
        p
    }
}

/// The algorithms an exercise can ask for: the textbook ones, and those of chance trees. A list
/// of its own, not a property of the algorithm in its registry: which searches make a fair
/// exercise by hand (one pass, no table, no re-search) is the exercises' judgement.
pub const ALGORITHMS: [Algorithm; 8] = [
    Algorithm::Minimax,
    Algorithm::AlphaBeta,
    Algorithm::AlphaBetaSoft,
    Algorithm::Negamax,
    Algorithm::NegamaxAb,
    Algorithm::Expectimax,
    Algorithm::Star1,
    Algorithm::Star2,
];

/// Refuses an algorithm exercises do not cover.
pub fn check_algorithm(algo: Algorithm) -> Result<(), Error> {
    if ALGORITHMS.contains(&algo) {
        Ok(())
    } else {
        let names: Vec<&str> = ALGORITHMS.iter().map(|a| a.name()).collect();
        Err(Error::Usage(format!("exercises cover {}, not {algo}", abviz_core::text::list(&names, "and"))))
    }
}

/// One exercise: the tree (interior nodes named) and the trace that answers it.
#[derive(Clone, Debug)]
pub struct Exercise {
    /// Its number in a series, from 1.
    pub number: u32,
    /// The tree as the student sees it.
    pub tree: TreeSpec,
    /// The search that answers it.
    pub trace: Trace,
    /// The difficulty it was chosen for, if generated so.
    pub difficulty: Option<Difficulty>,
    /// The series' seed, if generated.
    pub seed: Option<u64>,
    /// The leaf bounds Star1 or Star2 pruned with (`None` for other algorithms).
    pub bounds: Option<(Score, Score)>,
}

impl Exercise {
    /// An exercise on a given tree; unnamed trees get their interior nodes named A, B, C, …
    pub fn of_tree(tree: TreeSpec, root: Player, algo: Algorithm) -> Result<Exercise, Error> {
        Exercise::of_tree_with(tree, root, algo, Ties::Prune)
    }

    /// [`Exercise::of_tree`] solved under the tie rule `ties` (its key follows the rule).
    pub fn of_tree_with(
        mut tree: TreeSpec,
        root: Player,
        algo: Algorithm,
        ties: Ties,
    ) -> Result<Exercise, Error> {
        check_algorithm(algo)?;
        let nodes = count_nodes(&tree.root);
        if nodes > MAX_EXERCISE_NODES {
            return Err(Error::Usage(format!(
                "this tree has {nodes} nodes: an exercise holds at most {MAX_EXERCISE_NODES} (a sheet must fit a page)"
            )));
        }
        if !has_names(&tree.root) {
            name_interior(&mut tree.root);
        }
        let trace = trace_of(&tree, root, algo, ties, true)?;
        let bounds = chance::prunes_chance(algo).then(|| chance::leaf_bounds(&tree, root)).flatten();
        Ok(Exercise { number: 1, tree, trace, difficulty: None, seed: None, bounds })
    }

    /// The exercise as the sheets and the practice page draw it.
    pub fn drawn(&self) -> crate::export::sheet::Exercise<'_> {
        crate::export::sheet::Exercise {
            number: self.number,
            title: self.title(),
            notation: self.tree.root.to_notation(),
            trace: &self.trace,
            bounds: self.bounds,
        }
    }

    /// "Exercise 3 (medium, seed 7)".
    pub fn title(&self) -> String {
        let mut s = format!("Exercise {}", self.number);
        match (self.difficulty, self.seed) {
            (Some(d), Some(seed)) => s.push_str(&format!(" ({d}, seed {seed})")),
            (None, Some(seed)) => s.push_str(&format!(" (seed {seed})")),
            _ => {}
        }
        s
    }
}

/// The most trees drawn for one exercise before giving up on the difficulty.
pub const MAX_TRIES: u32 = 20_000;

/// The most leaves a generated exercise may have (a sheet must fit a page).
pub const MAX_EXERCISE_LEAVES: u64 = 256;

/// Draws a numbered series of exercises from one seed.
#[derive(Clone, Debug)]
pub struct Generator {
    /// Children per interior node.
    pub branching: u32,
    /// Depth of every leaf.
    pub depth: u32,
    /// Leaf values lie in this range (inclusive).
    pub values: (i32, i32),
    /// The profile to look for, if any.
    pub difficulty: Option<Difficulty>,
    /// The algorithm the exercise is about.
    pub algo: Algorithm,
    /// The series' seed.
    pub seed: u64,
    /// Who moves at the root.
    pub root: Player,
    /// The cutoff test's rule for ties the keys are solved under (and the difficulty's
    /// cutoffs counted under).
    pub ties: Ties,
    /// Whether the trees have chance nodes (every odd level; a chance algorithm's trees), with
    /// [`Generator::values`] as their stated leaf bounds.
    pub chance: bool,
}

impl Generator {
    /// A generator for `difficulty` (its default shape unless `shape` gives branching and
    /// depth), refusing shapes that cannot have the profile or are too big for a page.
    pub fn new(
        difficulty: Option<Difficulty>,
        shape: Option<(u32, u32)>,
        algo: Algorithm,
        seed: u64,
    ) -> Result<Generator, Error> {
        check_algorithm(algo)?;
        let (branching, depth) = match (shape, difficulty) {
            (Some(s), _) => s,
            (None, Some(d)) => d.default_shape(),
            (None, None) => Difficulty::Easy.default_shape(),
        };
        let chance = chance::is_chance(algo);
        if let Some(d) = difficulty {
            if !algo.has_window() {
                let instead = if chance { "star1" } else { "alphabeta-soft" };
                let why = format!(
                    "{{self}} chooses trees by their cutoffs, and {algo} prunes nothing: leave it out or use {{algorithm}} {instead}"
                );
                return Err(Error::Request(RequestError::new(Opt::Difficulty, None, why)));
            }
            if depth < d.min_depth() || branching < 2 {
                return Err(Error::Usage(format!(
                    "{d} exercises have {}: that needs a branching factor of at least 2 and a depth of at least {}, not {branching},{depth}",
                    if chance { chance::describe(d) } else { d.describe() },
                    d.min_depth()
                )));
            }
        }
        let leaves = (branching as u64).checked_pow(depth).unwrap_or(u64::MAX);
        if leaves > MAX_EXERCISE_LEAVES || branching == 0 {
            return Err(Error::Usage(format!(
                "a {branching},{depth} tree has {leaves} leaves: an exercise sheet holds at most {MAX_EXERCISE_LEAVES} (and at least one)"
            )));
        }
        Ok(Generator {
            branching,
            depth,
            values: if chance { chance::VALUES } else { (0, 20) },
            difficulty,
            algo,
            seed,
            root: Player::Max,
            ties: Ties::Prune,
            chance,
        })
    }

    /// Exercise `number` (from 1) of the series: the first tree drawn from the series' seed
    /// that has the difficulty's profile.
    pub fn exercise(&self, number: u32) -> Result<Exercise, Error> {
        for attempt in 0..MAX_TRIES {
            let tree = RandomTree {
                branching: self.branching,
                depth: self.depth,
                seed: mix(mix(mix(self.seed) ^ u64::from(number)) ^ u64::from(attempt)),
                values: self.values,
                ordering: Ordering::Natural,
                root_player: self.root,
            };
            let mut spec = tree.generate();
            name_interior(&mut spec.root);
            if self.chance {
                chance::make_chance(&mut spec, self.values);
            }
            if self.difficulty.is_none() && !chance::prunes_chance(self.algo) {
                return self.finish(number, spec);
            }
            let quick = trace_of(&spec, self.root, self.algo, self.ties, false)?;
            let p = Profile::of(&quick);
            let wanted = match self.difficulty {
                _ if self.chance => chance::wanted(self.algo, self.difficulty, &p),
                Some(d) => d.accepts(&p),
                None => true,
            };
            if wanted {
                return self.finish(number, spec);
            }
        }
        let profile = match self.difficulty {
            Some(d) if self.chance => format!("the {d} profile ({})", chance::describe(d)),
            Some(d) => format!("the {d} profile ({})", d.describe()),
            None => format!("a chance cutoff of {}", self.algo.title()),
        };
        let why = format!(
            "no {},{} tree with values {}..{} drawn from seed {} has {profile} in {MAX_TRIES} tries: try another shape or {{self}}",
            self.branching, self.depth, self.values.0, self.values.1, self.seed,
        );
        Err(Error::Request(RequestError::new(Opt::Values, None, why)))
    }

    /// Exercises 1 to `count`.
    pub fn series(&self, count: u32) -> Result<Vec<Exercise>, Error> {
        (1..=count).map(|k| self.exercise(k)).collect()
    }

    fn finish(&self, number: u32, tree: TreeSpec) -> Result<Exercise, Error> {
        let trace = trace_of(&tree, self.root, self.algo, self.ties, true)?;
        let bounds = chance::prunes_chance(self.algo).then_some(tree.bounds).flatten();
        Ok(Exercise { number, tree, trace, difficulty: self.difficulty, seed: Some(self.seed), bounds })
    }
}

fn trace_of(
    tree: &TreeSpec,
    root: Player,
    algo: Algorithm,
    ties: Ties,
    minimax: bool,
) -> Result<Trace, Error> {
    let input = Input::Tree { spec: tree.clone(), root };
    let settings = crate::search::Settings { ties, ..Default::default() };
    input.trace(algo, &RunOptions { minimax_reference: minimax, settings, ..RunOptions::default() })
}

/// SplitMix64: spreads a seed over all 64 bits, so neighbouring seeds give unrelated trees.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The most nodes a given exercise tree may have.
pub const MAX_EXERCISE_NODES: usize = 1000;

fn count_nodes(root: &TreeSpecNode) -> usize {
    let mut stack = vec![root];
    let mut n = 0;
    while let Some(node) = stack.pop() {
        n += 1;
        if let TreeSpecKind::Interior(kids) = &node.kind {
            stack.extend(kids);
        }
    }
    n
}

fn has_names(root: &TreeSpecNode) -> bool {
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if n.name.is_some() {
            return true;
        }
        if let TreeSpecKind::Interior(kids) = &n.kind {
            stack.extend(kids);
        }
    }
    false
}

/// "A" … "Z", "AA", "AB", …: the `k`-th name (from 0).
pub fn letter_name(k: usize) -> String {
    let mut k = k;
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (k % 26) as u8);
        if k < 26 {
            break;
        }
        k = k / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).expect("ASCII letters")
}

/// Names the interior nodes A, B, C, … level by level, left to right (leaves keep no name:
/// they are called after their parent, C1, C2, …).
pub fn name_interior(root: &mut TreeSpecNode) {
    let mut queue = VecDeque::from([root]);
    let mut k = 0;
    while let Some(n) = queue.pop_front() {
        if let TreeSpecKind::Interior(kids) = &mut n.kind {
            n.name = Some(letter_name(k));
            k += 1;
            queue.extend(kids.iter_mut());
        }
    }
}

/// AIMA's Fig. 5.2 tree, the first tree of a practice page unless another is given.
pub const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";

/// The trees of a practice page, each with its group: the first tree ("textbook", AIMA's —
/// for a chance algorithm CS188's expectimax tree — unless `first` is given: "your tree"),
/// then `count` generated trees of each difficulty from `seed` (for an algorithm without
/// cutoffs, `count` random 3,2 trees).
pub fn practice_set(
    first: Option<(TreeSpec, Player)>,
    algo: Algorithm,
    ties: Ties,
    seed: u64,
    count: u32,
) -> Result<Vec<(String, Exercise)>, Error> {
    let (group, (tree, root)) = match first {
        Some(t) => ("your tree", t),
        None => {
            let text = if chance::is_chance(algo) { chance::CS188 } else { AIMA };
            let spec = crate::game::notation::parse_tree(text)?;
            ("textbook", (spec, Player::Max))
        }
    };
    let mut set = vec![(group.to_string(), Exercise::of_tree_with(tree, root, algo, ties)?)];
    if algo.has_window() {
        for d in Difficulty::ALL {
            let mut g = Generator::new(Some(d), None, algo, seed)?;
            g.ties = ties;
            for ex in g.series(count)? {
                set.push((d.name().to_string(), ex));
            }
        }
    } else {
        for ex in Generator::new(None, None, algo, seed)?.series(count)? {
            set.push(("random".to_string(), ex));
        }
    }
    Ok(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_go_level_by_level() {
        assert_eq!(letter_name(0), "A");
        assert_eq!(letter_name(25), "Z");
        assert_eq!(letter_name(26), "AA");
        assert_eq!(letter_name(27), "AB");
        let mut spec = crate::game::notation::parse_tree("((3 12 8) (2 4 6) (14 5 2))").unwrap();
        name_interior(&mut spec.root);
        assert_eq!(spec.root.to_notation(), "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))");
    }

    #[test]
    fn aima_is_an_easy_exercise() {
        let spec = crate::game::notation::parse_tree("((3 12 8) (2 4 6) (14 5 2))").unwrap();
        let ex = Exercise::of_tree(spec, Player::Max, Algorithm::AlphaBetaSoft).unwrap();
        let p = Profile::of(&ex.trace);
        assert_eq!(p, Profile { cutoffs: 1, deepest: 1, deep: 0, ties: 0, ..Profile::default() });
        assert!(Difficulty::Easy.accepts(&p));
    }

    #[test]
    fn impossible_requests_are_refused() {
        let e = Generator::new(Some(Difficulty::Hard), Some((3, 3)), Algorithm::AlphaBeta, 1).unwrap_err();
        assert!(e.to_string().contains("depth of at least 4"), "{e}");
        let e = Generator::new(Some(Difficulty::Easy), None, Algorithm::Minimax, 1).unwrap_err();
        assert!(e.to_string().contains("prunes nothing"), "{e}");
        let e = Generator::new(None, Some((5, 5)), Algorithm::AlphaBeta, 1).unwrap_err();
        assert!(e.to_string().contains("3125 leaves"), "{e}");
        assert!(check_algorithm(Algorithm::Mcts).is_err());
    }
}
