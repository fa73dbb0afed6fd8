//! The experiment: every case (an input, or a cell of a random-tree sweep with its samples) is
//! searched by every algorithm with only a [`Counter`] attached; samples run in parallel (rayon,
//! with the `parallel` feature).
//! All algorithms must agree on each root value.

use super::bounds::{full_tree_nodes, knuth_moore_minimum};
use crate::game::Game;
use crate::game::Player;
use crate::game::lazy_random::LazyRandomTree;
use crate::game::random::Ordering;
use crate::input::{GameTask, Input};
use crate::search::{self, Algorithm, Settings};
use crate::trace::{Counter, InputInfo, Stats, Stop};
use crate::{Error, Score};
#[cfg(feature = "parallel")]
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

/// Where the searches of one case come from.
#[derive(Clone, Debug)]
pub enum Source {
    /// One input, searched exactly as `abviz run` searches it.
    Input(Input),
    /// Lazy random uniform trees, one per seed (the samples of a sweep cell).
    Random {
        /// Children per interior node.
        branching: u32,
        /// Levels below the root.
        depth: u32,
        /// Leaf values (`lo..=hi`).
        values: (i32, i32),
        /// Child ordering.
        ordering: Ordering,
        /// The player at the root.
        root: Player,
        /// One seed per sample.
        seeds: Vec<u64>,
        /// Every odd level a chance node.
        chance: bool,
    },
}

/// One line of the comparison: an input, or one cell of a sweep.
#[derive(Clone, Debug)]
pub struct Case {
    /// A short name for tables and chart legends ("tic-tac-toe .........", "random tree").
    pub label: String,
    /// The full description (as `abviz run` describes its input).
    pub description: String,
    /// The branching factor, for uniform trees.
    pub branching: Option<u32>,
    /// The tree depth (uniform trees) or depth limit (games).
    pub depth: Option<u32>,
    /// The child ordering of random trees.
    pub ordering: Option<Ordering>,
    /// What to search.
    pub source: Source,
    /// The settings every algorithm searches this case with (move-ordering heuristics, ...).
    pub settings: Settings,
}

impl Case {
    /// How many searches per algorithm this case needs.
    pub fn samples(&self) -> usize {
        match &self.source {
            Source::Input(_) => 1,
            Source::Random { seeds, .. } => seeds.len(),
        }
    }

    /// A rough measure of the work one search of `algo` on one sample takes, for progress bars:
    /// the expected node count for random trees (exact for minimax and for best and worst order,
    /// the geometric mean of the two for random order), 1 for any other input.
    pub fn work(&self, algo: Algorithm) -> u64 {
        let Source::Random { branching: b, depth: d, ordering, .. } = &self.source else {
            return 1;
        };
        let full = full_tree_nodes(*b, *d).unwrap_or(u64::MAX);
        // Best order visits exactly the minimal tree, whose level i holds KM(b, i) nodes.
        let minimal =
            (0..=*d).map(|i| knuth_moore_minimum(*b, i).unwrap_or(u64::MAX)).fold(0u64, u64::saturating_add);
        match (algo.has_window(), ordering) {
            (false, _) | (true, Ordering::Worst) => full,
            (true, Ordering::Best) => minimal,
            (true, Ordering::Natural) => ((full as f64) * (minimal as f64)).sqrt() as u64,
        }
        .max(1)
    }

    /// What sample `k` is, for messages.
    pub fn sample_name(&self, k: usize) -> String {
        match &self.source {
            Source::Input(_) => self.description.clone(),
            Source::Random { seeds, .. } => {
                format!("{}, sample {} of {} (seed {})", self.description, k + 1, seeds.len(), seeds[k])
            }
        }
    }
}

/// A set of cases and the algorithms to run on each.
#[derive(Clone, Debug)]
pub struct Experiment {
    /// The cases, in report order.
    pub cases: Vec<Case>,
    /// The algorithms, in report order.
    pub algorithms: Vec<Algorithm>,
    /// The node budget of each single search.
    pub max_nodes: u64,
}

/// What every algorithm found on one sample: the agreed root value and each algorithm's counts
/// (in the experiment's algorithm order).
#[derive(Clone, Debug, PartialEq)]
pub struct SampleResult {
    /// The root value all algorithms agree on.
    pub value: Score,
    /// Counts per algorithm.
    pub stats: Vec<Stats>,
}

impl Experiment {
    /// The number of single searches the experiment runs.
    pub fn searches(&self) -> u64 {
        self.cases.iter().map(|c| c.samples() as u64).sum::<u64>() * self.algorithms.len() as u64
    }

    /// The total [`Case::work`] of the experiment (the length of a progress bar).
    pub fn work(&self) -> u64 {
        self.cases
            .iter()
            .map(|c| {
                c.samples() as u64 * self.algorithms.iter().map(|&a| c.work(a)).fold(0, u64::saturating_add)
            })
            .fold(0, u64::saturating_add)
    }

    /// Runs every case and sample in parallel; after each search `progress` is told its
    /// [`Case::work`] (they add up to [`Experiment::work`]).
    /// Returns, per case, the results of its samples in order. The first failure in report order
    /// (a node budget, a disagreement) is returned as the error.
    pub fn run(&self, progress: &(dyn Fn(u64) + Sync)) -> Result<Vec<Vec<SampleResult>>, Error> {
        let jobs: Vec<(usize, usize)> =
            self.cases.iter().enumerate().flat_map(|(i, c)| (0..c.samples()).map(move |k| (i, k))).collect();
        let failed = AtomicBool::new(false);
        // In parallel on rayon's threads with the `parallel` feature; one after another without
        // it (the browser has no threads).
        #[cfg(feature = "parallel")]
        let jobs_iter = jobs.par_iter();
        #[cfg(not(feature = "parallel"))]
        let jobs_iter = jobs.iter();
        let results: Vec<Option<Result<SampleResult, Error>>> = jobs_iter
            .map(|&(i, k)| {
                if failed.load(AtomicOrdering::Relaxed) {
                    return None;
                }
                let r = self.run_sample(&self.cases[i], k, progress);
                if r.is_err() {
                    failed.store(true, AtomicOrdering::Relaxed);
                }
                Some(r)
            })
            .collect();
        let mut per_case: Vec<Vec<SampleResult>> =
            self.cases.iter().map(|c| Vec::with_capacity(c.samples())).collect();
        let mut first_error = None;
        for (&(i, _), r) in jobs.iter().zip(results) {
            match r {
                Some(Ok(s)) => per_case[i].push(s),
                Some(Err(e)) => {
                    first_error.get_or_insert(e);
                }
                None => {}
            }
        }
        match first_error {
            Some(e) => Err(e),
            None => Ok(per_case),
        }
    }

    fn run_sample(
        &self,
        case: &Case,
        k: usize,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<SampleResult, Error> {
        let progress = &|i: usize| progress(case.work(self.algorithms[i]));
        let counts = match &case.source {
            Source::Input(input) => input.with_game(CountAll {
                algorithms: &self.algorithms,
                max_nodes: self.max_nodes,
                settings: &case.settings,
                progress,
            }),
            Source::Random { branching, depth, values, ordering, root, seeds, chance } => {
                let tree = LazyRandomTree::new(*branching, *depth, seeds[k], *values, *ordering, *root)
                    .map_err(Error::Usage)?
                    .with_chance(*chance);
                count_all_with(&tree, u32::MAX, &self.algorithms, self.max_nodes, &case.settings, progress)
            }
        }
        .map_err(|source| Error::CompareStopped { input: case.sample_name(k), source })?;
        let values: Vec<(Algorithm, Score)> =
            self.algorithms.iter().zip(&counts).map(|(&a, (v, _))| (a, *v)).collect();
        let value = check_agreement(&case.sample_name(k), &values)?;
        Ok(SampleResult { value, stats: counts.into_iter().map(|(_, s)| s).collect() })
    }
}

/// Runs each algorithm on `game` (searching `depth` plies, `u32::MAX` for no limit) with a
/// [`Counter`]: the root value (MAX's view) and the counts of each, in order. `progress` is told
/// the index of each algorithm as its search ends.
pub fn count_all<G: Game>(
    game: &G,
    depth: u32,
    algorithms: &[Algorithm],
    max_nodes: u64,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<(Score, Stats)>, Stop> {
    count_all_with(game, depth, algorithms, max_nodes, &Settings::default(), progress)
}

/// [`count_all`] under `settings` (move-ordering heuristics, guesses, windows).
pub fn count_all_with<G: Game>(
    game: &G,
    depth: u32,
    algorithms: &[Algorithm],
    max_nodes: u64,
    settings: &Settings,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Vec<(Score, Stats)>, Stop> {
    algorithms
        .iter()
        .enumerate()
        .map(|(i, &algo)| {
            let mut g = game.clone();
            let revisits = algo.descriptor().features.researches;
            let mut counter = Counter::new(max_nodes).tracking_revisits(revisits);
            let value = search::run_with(algo, &mut g, depth, settings, &mut counter)?.value;
            progress(i);
            Ok((value, counter.stats))
        })
        .collect()
}

/// Checks that every algorithm found the same root value for `input`; returns that value, or
/// [`Error::Disagreement`] naming the input, the algorithms and their values.
///
/// ```
/// use abviz_engine::compare::check_agreement;
/// use abviz_engine::search::Algorithm;
///
/// let ok = [(Algorithm::Minimax, 3.into()), (Algorithm::AlphaBeta, 3.into())];
/// assert_eq!(check_agreement("the AIMA tree", &ok).unwrap(), 3.into());
/// let bad = [(Algorithm::Minimax, 3.into()), (Algorithm::AlphaBeta, 2.into())];
/// let err = check_agreement("the AIMA tree", &bad).unwrap_err().to_string();
/// assert!(err.contains("minimax 3") && err.contains("alphabeta 2"), "{err}");
/// ```
pub fn check_agreement(input: &str, values: &[(Algorithm, Score)]) -> Result<Score, Error> {
    let Some(&(_, first)) = values.first() else {
        return Err(Error::Usage("no algorithm to compare".into()));
    };
    if values.iter().all(|&(_, v)| v == first) {
        return Ok(first);
    }
    let listed: Vec<String> = values.iter().map(|(a, v)| format!("{a} {v}")).collect();
    Err(Error::Disagreement { input: input.to_string(), values: listed.join(", ") })
}

struct CountAll<'a> {
    algorithms: &'a [Algorithm],
    max_nodes: u64,
    settings: &'a Settings,
    progress: &'a (dyn Fn(usize) + Sync),
}

impl GameTask for CountAll<'_> {
    type Output = Result<Vec<(Score, Stats)>, Stop>;
    fn run<G: Game>(self, game: G, depth: u32, _info: InputInfo) -> Self::Output {
        count_all_with(&game, depth, self.algorithms, self.max_nodes, self.settings, self.progress)
    }
}

/// The seed of sample `k` in the sweep cell (`b`, `d`): derived from the user's seed alone, so a
/// cell's trees do not change when other cells are added to or removed from the sweep.
pub fn sample_seed(seed: u64, b: u32, d: u32, k: u32) -> u64 {
    let mut z = seed;
    for part in [b as u64, d as u64, k as u64] {
        z = splitmix(z ^ splitmix(part));
    }
    z
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
