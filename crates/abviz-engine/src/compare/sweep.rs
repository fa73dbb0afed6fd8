//! Building the cases of a comparison: from a single input, or from a sweep of random uniform
//! trees over branching factors, depths and orderings with several samples per cell. Also the
//! parsers for the sweep options (`1..9`, `2,4,6`, `best,random,worst`, `minimax,alphabeta`).

use super::bounds::{full_tree_nodes, uniform_shape};
use super::experiment::{Case, Source, sample_seed};
use super::report::ordering_name;
use super::table::thousands;
use crate::game::Player;
use crate::game::lazy_random::{LazyRandomTree, MAX_ORDERED_LEAVES};
use crate::game::random::Ordering;
use crate::input::Input;
use crate::refusal::{Opt, RequestError, literal, quoted};
use crate::search::{Algorithm, Settings};

/// The algorithms compared by default: minimax and every algorithm with an [α, β] window
/// (algorithms added to [`Algorithm::ALL`] join automatically).
pub fn default_algorithms() -> Vec<Algorithm> {
    Algorithm::ALL
        .into_iter()
        .filter(|a| (*a == Algorithm::Minimax || a.has_window()) && !a.descriptor().features.chance)
        .collect()
}

/// Parses a comma-separated list of algorithms (`minimax,alphabeta`), keeping the given order and
/// dropping repeats.
pub fn parse_algorithms(text: &str) -> Result<Vec<Algorithm>, RequestError> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let a: Algorithm = part.parse().map_err(|e: abviz_core::UnknownName| {
            RequestError::new(Opt::Algorithms, None, format!("{{self}}: {}", literal(&e.to_string())))
        })?;
        if !out.contains(&a) {
            out.push(a);
        }
    }
    if out.is_empty() {
        return Err(RequestError::new(
            Opt::Algorithms,
            Some(quoted(text)),
            "{self}: name at least one algorithm, e.g. minimax,alphabeta",
        ));
    }
    Ok(out)
}

/// Parses whole numbers for `flag`: `4`, a range `1..9` (both ends included; `1..=9` too), a list
/// `2,4,6`, or a mix `1..3,8`. Sorted, without repeats.
pub fn parse_numbers(flag: &str, text: &str) -> Result<Vec<u32>, String> {
    let num = |t: &str| {
        t.trim().parse::<u32>().map_err(|_| format!("{flag} '{text}': '{}' is not a whole number", t.trim()))
    };
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim) {
        if part.is_empty() {
            return Err(format!(
                "{flag} '{text}': expected a number, a range like 1..9 or a list like 2,4,6"
            ));
        }
        match part.split_once("..") {
            Some((a, b)) => {
                let (a, b) = (num(a)?, num(b.strip_prefix('=').unwrap_or(b))?);
                if a > b {
                    return Err(format!("{flag} '{text}': the range {a}..{b} runs backwards"));
                }
                if b - a > 1000 {
                    return Err(format!("{flag} '{text}': the range {a}..{b} is too long"));
                }
                out.extend(a..=b);
            }
            None => out.push(num(part)?),
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Parses orderings: `best,random,worst` (`natural` is `random`), in the given order.
pub fn parse_orderings(text: &str) -> Result<Vec<Ordering>, RequestError> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim) {
        let o: Ordering = part.parse().map_err(|_| {
            let why = format!(
                "{{self}}: unknown ordering {}: expected best, random or worst",
                literal(&quoted(part))
            );
            RequestError::new(Opt::Ordering, Some(quoted(text)), why)
        })?;
        if !out.contains(&o) {
            out.push(o);
        }
    }
    Ok(out)
}

/// The case for one `abviz run` input.
pub fn input_case(input: Input) -> Case {
    let info = input.info();
    let (label, branching, depth, ordering) = match &input {
        Input::Tree { spec, .. } => {
            let notation = spec.root.to_notation();
            let label = if notation.chars().count() > 40 {
                format!("tree {}…", notation.chars().take(39).collect::<String>())
            } else {
                format!("tree {notation}")
            };
            let shape = uniform_shape(&spec.root);
            (label, shape.map(|s| s.0), shape.map(|s| s.1), None)
        }
        Input::Explicit(tree) => {
            let mut notation = String::new();
            tree.compact().write_notation(&mut notation, 200);
            let label = if notation.chars().count() > 40 {
                format!("tree {}…", notation.chars().take(39).collect::<String>())
            } else {
                format!("tree {notation}")
            };
            let shape = tree.compact().uniform_shape();
            (label, shape.map(|s| s.0), shape.map(|s| s.1), None)
        }
        Input::Random(r) => (
            format!("random tree {},{},{}", r.branching, r.depth, r.seed),
            Some(r.branching),
            Some(r.depth),
            Some(r.ordering),
        ),
        Input::Game(g) => (g.label(), None, g.depth(), None),
    };
    Case {
        label,
        description: info.description,
        branching,
        depth,
        ordering,
        source: Source::Input(input),
        settings: Settings::default(),
    }
}

/// A sweep of lazy random uniform trees (see [`crate::game::lazy_random`]).
#[derive(Clone, Debug)]
pub struct RandomSweep {
    /// Branching factors.
    pub branching: Vec<u32>,
    /// Depths.
    pub depth: Vec<u32>,
    /// Orderings.
    pub orderings: Vec<Ordering>,
    /// Trees per cell.
    pub samples: u32,
    /// The seed every sample's seed is derived from.
    pub seed: u64,
    /// Leaf values `lo..=hi`.
    pub values: (i32, i32),
    /// The player at the root.
    pub root: Player,
    /// Every odd level a chance node (equally likely outcomes): natural order only.
    pub chance: bool,
}

impl RandomSweep {
    /// One case per ordering, branching factor and depth (in that nesting). Fails, naming the
    /// cell, when a full tree has more than `max_nodes` nodes (minimax would be stopped) or cannot
    /// be built.
    pub fn cases(&self, max_nodes: u64) -> Result<Vec<Case>, RequestError> {
        if self.samples == 0 {
            return Err(RequestError::new(Opt::Samples, None, "{self} must be at least 1"));
        }
        let mut out = Vec::new();
        for &ordering in &self.orderings {
            for &b in &self.branching {
                for &d in &self.depth {
                    if b == 0 {
                        let why = "{self}: a random tree needs at least 1 child per node";
                        return Err(RequestError::new(Opt::Branching, None, why));
                    }
                    if d as usize > crate::game::notation::MAX_DEPTH {
                        let why = format!(
                            "{{self}}: trees deeper than {} levels are not searched",
                            crate::game::notation::MAX_DEPTH
                        );
                        return Err(RequestError::new(Opt::Depth, Some(d.to_string()), why));
                    }
                    let nodes = full_tree_nodes(b, d);
                    if nodes.is_none_or(|n| n > max_nodes) {
                        let size = nodes.map_or("more than 2^64".to_string(), thousands);
                        let why = format!(
                            "a random tree with b={b}, d={d} has {size} nodes, more than the {{self}} budget of {} per search; lower {{branching}} or {{depth}}, or raise {{self}}",
                            thousands(max_nodes)
                        );
                        return Err(RequestError::new(Opt::MaxNodes, None, why));
                    }
                    if ordering != Ordering::Natural
                        && b.checked_pow(d).is_none_or(|l| l as u64 > MAX_ORDERED_LEAVES)
                    {
                        let why = format!(
                            "a {}-ordered random tree with b={b}, d={d} has too many leaves to give each a distinct value (at most {})",
                            ordering_name(ordering),
                            thousands(MAX_ORDERED_LEAVES)
                        );
                        return Err(RequestError::new(Opt::Ordering, None, why));
                    }
                    if self.chance && ordering != Ordering::Natural {
                        let why = format!(
                            "{{self}} sweeps trees in their natural order: {} order is about players' choices, not chance's",
                            ordering_name(ordering)
                        );
                        return Err(RequestError::new(Opt::Chance, None, why));
                    }
                    let seeds: Vec<u64> =
                        (0..self.samples).map(|k| sample_seed(self.seed, b, d, k)).collect();
                    // Check the parameters once here, so the parallel run cannot fail on them.
                    let tree = LazyRandomTree::new(b, d, seeds[0], self.values, ordering, self.root)
                        .map_err(|why| RequestError::new(Opt::Random, None, why))?;
                    let (lo, hi) = self.values;
                    // Ordered trees give each leaf its own value: a range too small is widened.
                    let values = match tree.effective_values() {
                        (l, h) if h > hi => format!(
                            "{l}..{h} ({lo}..{hi} widened: each of the {} leaves gets its own value)",
                            thousands((b as u64).pow(d))
                        ),
                        _ => format!("{lo}..{hi}"),
                    };
                    out.push(Case {
                        label: "random trees".into(),
                        description: format!(
                            "random {}trees b={b} d={d}, {} order, values {values}, {} root, {} sample{} from seed {}",
                            if self.chance { "chance " } else { "" },
                            ordering_name(ordering),
                            self.root.upper(),
                            self.samples,
                            if self.samples == 1 { "" } else { "s" },
                            self.seed
                        ),
                        branching: Some(b),
                        depth: Some(d),
                        ordering: Some(ordering),
                        source: Source::Random {
                            branching: b,
                            depth: d,
                            values: self.values,
                            ordering,
                            root: self.root,
                            seeds,
                            chance: self.chance,
                        },
                        settings: Settings::default(),
                    });
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_numbers() {
        assert_eq!(parse_numbers("--depth", "1..4"), Ok(vec![1, 2, 3, 4]));
        assert_eq!(parse_numbers("--depth", "1..=3"), Ok(vec![1, 2, 3]));
        assert_eq!(parse_numbers("--depth", "6,2, 4"), Ok(vec![2, 4, 6]));
        assert_eq!(parse_numbers("--depth", "1..3,8,2"), Ok(vec![1, 2, 3, 8]));
        assert_eq!(parse_numbers("--depth", "5"), Ok(vec![5]));
        assert!(parse_numbers("--depth", "4..1").unwrap_err().contains("backwards"));
        assert!(parse_numbers("--depth", "a..3").unwrap_err().contains("'a' is not a whole number"));
        assert!(parse_numbers("--branching", "2,,3").unwrap_err().contains("expected a number"));
        assert!(parse_numbers("--depth", "-1").is_err());
    }

    #[test]
    fn parses_orderings_and_algorithms() {
        assert_eq!(
            parse_orderings("best, random,worst,natural"),
            Ok(vec![Ordering::Best, Ordering::Natural, Ordering::Worst])
        );
        assert!(parse_orderings("best,sideways").unwrap_err().to_string().contains("'sideways'"));
        assert_eq!(
            parse_algorithms("minimax,ab,alphabeta"),
            Ok(vec![Algorithm::Minimax, Algorithm::AlphaBeta])
        );
        assert!(parse_algorithms("minimax,foo").unwrap_err().to_string().contains("unknown algorithm 'foo'"));
        assert!(parse_algorithms(",").is_err());
        let d = default_algorithms();
        assert_eq!(d[0], Algorithm::Minimax);
        assert!(d.contains(&Algorithm::AlphaBeta) && !d.contains(&Algorithm::Negamax));
    }

    #[test]
    fn sweep_cells_and_limits() {
        let sweep = RandomSweep {
            branching: vec![2, 3],
            depth: vec![1, 2, 3],
            orderings: vec![Ordering::Best, Ordering::Worst],
            samples: 4,
            seed: 9,
            values: (0, 20),
            root: Player::Max,
            chance: false,
        };
        let cases = sweep.cases(1_000_000).unwrap();
        assert_eq!(cases.len(), 12);
        assert_eq!(
            (cases[4].branching, cases[4].depth, cases[4].ordering),
            (Some(3), Some(2), Some(Ordering::Best))
        );
        assert_eq!(cases[0].samples(), 4);
        // Seeds depend on the cell, not on the rest of the sweep.
        let alone =
            RandomSweep { branching: vec![3], depth: vec![2], ..sweep.clone() }.cases(1_000_000).unwrap();
        match (&alone[0].source, &cases[4].source) {
            (Source::Random { seeds: a, .. }, Source::Random { seeds: b, .. }) => assert_eq!(a, b),
            _ => panic!("expected random sources"),
        }
        let err = RandomSweep { branching: vec![8], depth: vec![9], ..sweep.clone() }
            .cases(1_000_000)
            .unwrap_err()
            .to_string();
        assert!(err.contains("b=8, d=9 has 153,391,689 nodes"), "{err}");
        assert_eq!(RandomSweep { samples: 0, ..sweep }.cases(10).unwrap_err().option, Opt::Samples);
    }
}
