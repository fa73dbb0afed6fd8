//! The result of a comparison: one row per case, one result per algorithm, with the reference
//! numbers next to them. It is what every output format (table, Markdown, CSV, JSON, HTML) reads.

use super::bounds;
use super::experiment::{Case, Experiment, SampleResult, Source};
use crate::Score;
use crate::game::lazy_random::LazyRandomTree;
use crate::game::random::Ordering;
use crate::search::Algorithm;
use serde::Serialize;

/// A whole comparison (the JSON form is `{"format":"abviz-compare","version":1, ...}`).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Always `"abviz-compare"`.
    pub format: &'static str,
    /// The format version (1).
    pub version: u32,
    /// The algorithms compared, in column order.
    pub algorithms: Vec<Algorithm>,
    /// One row per input or sweep cell.
    pub rows: Vec<Row>,
}

/// One input or sweep cell.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// A short name for the input.
    pub input: String,
    /// The full description of the input.
    pub description: String,
    /// The branching factor, for uniform trees.
    pub branching: Option<u32>,
    /// The tree depth (uniform trees) or the depth limit (games; `null`: to the end).
    pub depth: Option<u32>,
    /// The child ordering of random trees: `best`, `random` or `worst`.
    pub ordering: Option<&'static str>,
    /// How many trees were searched (random sweeps); 1 otherwise.
    pub samples: u32,
    /// The root value, when every sample has the same one.
    pub value: Option<Score>,
    /// The smallest root value over the samples.
    pub value_min: Score,
    /// The largest root value over the samples.
    pub value_max: Score,
    /// For uniform trees: the Knuth–Moore minimum b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves.
    pub knuth_moore_minimum: Option<u64>,
    /// For uniform trees: the leaves of the full tree, b^d.
    pub full_tree_leaves: Option<u64>,
    /// One result per algorithm, in [`Report::algorithms`] order.
    pub results: Vec<AlgoResult>,
    /// Best- and worst-ordered random trees give every leaf its own value: when the value range
    /// asked for holds fewer values than a tree has leaves, the range it was widened to (absent
    /// otherwise). The root values lie in the widened range.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values_widened: Option<Widened>,
}

/// A value range widened so that every leaf of an ordered random tree gets its own value.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Widened {
    /// The range asked for, `[lo, hi]`.
    pub from: [i32; 2],
    /// The range the leaves were given, `[lo, hi]`.
    pub to: [i32; 2],
}

/// The range `case`'s random trees were widened to, if they were.
pub(crate) fn widened(case: &Case) -> Option<Widened> {
    let Source::Random { branching, depth, values, ordering, root, seeds, .. } = &case.source else {
        return None;
    };
    let tree = LazyRandomTree::new(*branching, *depth, *seeds.first()?, *values, *ordering, *root).ok()?;
    let used = tree.effective_values();
    (used.1 > values.1).then_some(Widened { from: [values.0, values.1], to: [used.0, used.1] })
}

/// What one algorithm did on one row (over all its samples).
#[derive(Clone, Debug, Serialize)]
pub struct AlgoResult {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Nodes entered, root included.
    pub nodes: Summary,
    /// Static evaluations.
    pub leaves: Summary,
    /// Cutoffs.
    pub cutoffs: Summary,
    /// Children generated but never searched.
    pub pruned: Summary,
    /// Distinct nodes entered (a re-searched node counts once; each pass has its own nodes).
    pub nodes_distinct: Summary,
    /// Re-searches of a child whose null-window probe failed.
    pub researches: Summary,
    /// Root searches (iterations, probes, aspiration windows); 0 for a single search.
    pub passes: Summary,
    /// Values taken from the transposition table.
    pub tt_hits: Summary,
    /// Quiescence search: static evaluations that stood pat (0 without `--quiescence`).
    pub stand_pats: Summary,
    /// The deepest node entered (root = 0), over all samples.
    pub max_depth: u32,
    /// Mean nodes divided by minimax's mean nodes (when minimax is compared).
    pub nodes_vs_minimax: Option<f64>,
    /// Mean leaves divided by minimax's mean leaves (when minimax is compared).
    pub leaves_vs_minimax: Option<f64>,
    /// The effective branching factor b* of the mean node count: 1 + b* + … + b*^depth = nodes,
    /// with depth the deepest node entered.
    pub effective_branching: Option<f64>,
}

/// Mean, smallest and largest value over the samples.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Summary {
    /// The mean (rounded to 2 decimals).
    pub mean: f64,
    /// The smallest.
    pub min: u64,
    /// The largest.
    pub max: u64,
}

impl Summary {
    /// Summarises `values` (at least one).
    pub fn of(values: impl IntoIterator<Item = u64>) -> Summary {
        let (mut n, mut sum, mut min, mut max) = (0u64, 0u128, u64::MAX, 0u64);
        for v in values {
            n += 1;
            sum += v as u128;
            min = min.min(v);
            max = max.max(v);
        }
        let mean = if n == 0 { 0.0 } else { round(sum as f64 / n as f64, 2) };
        Summary { mean, min: if n == 0 { 0 } else { min }, max }
    }

    /// Whether every sample had the same value.
    pub fn is_constant(&self) -> bool {
        self.min == self.max
    }
}

fn round(x: f64, decimals: i32) -> f64 {
    let f = 10f64.powi(decimals);
    (x * f).round() / f
}

/// The name `abviz compare` uses for an ordering (`random` for the natural order).
pub fn ordering_name(o: Ordering) -> &'static str {
    match o {
        Ordering::Natural => "random",
        Ordering::Best => "best",
        Ordering::Worst => "worst",
    }
}

impl Report {
    /// Builds the report from an experiment and what [`Experiment::run`] returned for it.
    pub fn new(experiment: &Experiment, results: &[Vec<SampleResult>]) -> Report {
        let algorithms = experiment.algorithms.clone();
        let minimax = algorithms.iter().position(|&a| a == Algorithm::Minimax);
        let rows = experiment
            .cases
            .iter()
            .zip(results)
            .map(|(case, samples)| {
                let results: Vec<AlgoResult> = algorithms
                    .iter()
                    .enumerate()
                    .map(|(i, &algorithm)| {
                        let stat = |f: fn(&crate::trace::Stats) -> u64| {
                            Summary::of(samples.iter().map(|s| f(&s.stats[i])))
                        };
                        let nodes = stat(|s| s.nodes);
                        let max_depth = samples.iter().map(|s| s.stats[i].max_depth).max().unwrap_or(0);
                        AlgoResult {
                            algorithm,
                            nodes,
                            leaves: stat(|s| s.leaves),
                            cutoffs: stat(|s| s.cutoffs),
                            pruned: stat(|s| s.pruned),
                            nodes_distinct: stat(|s| s.nodes_distinct),
                            researches: stat(|s| s.researches),
                            passes: stat(|s| s.passes),
                            tt_hits: stat(|s| s.tt_hits),
                            stand_pats: stat(|s| s.stand_pats),
                            max_depth,
                            nodes_vs_minimax: None,
                            leaves_vs_minimax: None,
                            effective_branching: bounds::effective_branching_factor(nodes.mean, max_depth)
                                .map(|b| round(b, 4)),
                        }
                    })
                    .collect();
                let results = match minimax {
                    Some(m) => {
                        let (mn, ml) = (results[m].nodes.mean, results[m].leaves.mean);
                        results
                            .into_iter()
                            .map(|r| AlgoResult {
                                nodes_vs_minimax: (mn > 0.0).then(|| round(r.nodes.mean / mn, 6)),
                                leaves_vs_minimax: (ml > 0.0).then(|| round(r.leaves.mean / ml, 6)),
                                ..r
                            })
                            .collect()
                    }
                    None => results,
                };
                let value_min = samples.iter().map(|s| s.value).min().unwrap_or_default();
                let value_max = samples.iter().map(|s| s.value).max().unwrap_or_default();
                let shape = case.branching.zip(case.depth);
                Row {
                    input: case.label.clone(),
                    description: case.description.clone(),
                    branching: case.branching,
                    depth: case.depth,
                    ordering: case.ordering.map(ordering_name),
                    samples: samples.len() as u32,
                    value: (value_min == value_max).then_some(value_min),
                    value_min,
                    value_max,
                    knuth_moore_minimum: shape.and_then(|(b, d)| bounds::knuth_moore_minimum(b, d)),
                    full_tree_leaves: shape.and_then(|(b, d)| bounds::full_tree_leaves(b, d)),
                    results,
                    values_widened: widened(case),
                }
            })
            .collect();
        Report { format: "abviz-compare", version: 1, algorithms, rows }
    }

    /// The title of its page or picture: "Node counts: " and the inputs compared.
    pub fn title(&self) -> String {
        let mut inputs: Vec<&str> = Vec::new();
        for r in &self.rows {
            if !inputs.contains(&r.input.as_str()) {
                inputs.push(&r.input);
            }
        }
        let shown = if inputs.len() > 3 {
            format!("{} and {} more", inputs[..3].join(", "), inputs.len() - 3)
        } else {
            inputs.join(", ")
        };
        format!("Node counts: {shown}")
    }

    /// Whether any row averages over more than one sample.
    pub fn sampled(&self) -> bool {
        self.rows.iter().any(|r| r.samples > 1)
    }

    /// The JSON form (pretty-printed, one trailing newline).
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}
