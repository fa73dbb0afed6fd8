//! The refinements of alpha-beta (PVS, NegaScout, MTD(f), aspiration windows, iterative
//! deepening with a transposition table) on thousands of random trees: uneven shapes, ties,
//! ±∞ leaves, MIN roots and players that move twice. Each returns minimax's root value; the
//! null-window searches visit no node alpha-beta does not, and make no re-search on best-ordered
//! trees.

use crate::support::trees::{input, record, with_movers, with_static_values};
use abviz::Score;
use abviz::game::Game;
use abviz::game::Player;
use abviz::game::random::{Ordering, RandomTree};
use abviz::game::tree::ExplicitTree;
use abviz::game::tree::TreeSpecNode;
use abviz::input::{Input, RunOptions};
use abviz::search::{self, Algorithm, Heuristics, Settings};
use abviz::trace::{Bound, Event, EventKind, NoOp, Trace};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Uneven trees where a node now and then says who moves there (a player may move twice).
fn tree() -> impl Strategy<Value = TreeSpecNode> {
    with_movers(6)
}

/// The paths of the nodes a search entered (each once, however often it was entered).
fn visited(t: &Trace) -> BTreeSet<String> {
    (0..t.nodes().len() as u32).filter(|&i| t.node(i).visited()).map(|i| t.path(i)).collect()
}

fn researches(t: &Trace) -> usize {
    (0..t.events().len()).filter(|&k| t.events().kind(k) == EventKind::Research).count()
}

fn record_with(input: &Input, algo: Algorithm, settings: Settings) -> Trace {
    let opts = RunOptions { minimax_reference: false, settings, ..RunOptions::default() };
    input.trace(algo, &opts).unwrap()
}

/// Each pass's end: (value, bound) in MAX's view.
fn pass_ends(t: &Trace) -> Vec<(Score, Bound)> {
    t.events()
        .iter(t.nodes())
        .filter_map(|e| match e {
            Event::PassEnd { value, bound, .. } => Some((value, bound)),
            _ => None,
        })
        .collect()
}

/// The minimax value of the root's child reached by the best move `algo` chose.
fn value_of_best(input: &Input, algo: Algorithm, settings: &Settings) -> Score {
    let mut tree = match input {
        Input::Tree { spec, root } => ExplicitTree::new(spec, *root),
        Input::Explicit(tree) => tree.clone(),
        _ => unreachable!(),
    };
    let outcome = search::run_with(algo, &mut tree, u32::MAX, settings, &mut NoOp).unwrap();
    match outcome.best() {
        None => outcome.value,
        Some(mv) => {
            tree.play(mv);
            search::run(Algorithm::Minimax, &mut tree, u32::MAX, &mut NoOp).unwrap().value
        }
    }
}

const NULL_WINDOW: [Algorithm; 2] = [Algorithm::Pvs, Algorithm::NegaScout];

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn null_window_searches_agree_with_minimax(root in tree(), min_root in any::<bool>()) {
        let input = input(root, min_root);
        let mm = record(&input, Algorithm::Minimax);
        let ab = record(&input, Algorithm::AlphaBeta);
        let ab_nodes = visited(&ab);
        for algo in NULL_WINDOW {
            let t = record(&input, algo);
            prop_assert_eq!(t.result().value, mm.result().value, "{} root value", algo);
            prop_assert_eq!(t.result().best_index, mm.result().best_index, "{} best move", algo);
            let nodes = visited(&t);
            prop_assert!(nodes.is_subset(&ab_nodes), "{} visits a node alpha-beta does not", algo);
            prop_assert_eq!(nodes.len() as u64, t.stats().nodes_distinct, "{} distinct nodes", algo);
            prop_assert_eq!(researches(&t) as u64, t.stats().researches, "{} re-searches", algo);
            // The recorder's counts agree with a counting-only search.
            let (result, stats) = input.count(algo, u64::MAX).unwrap();
            prop_assert_eq!(&result, t.result(), "{} counted result", algo);
            prop_assert_eq!(&stats, t.stats(), "{} counted stats", algo);
            // The trace survives its file form.
            let back = Trace::from_json(&t.to_json(false)).unwrap();
            prop_assert_eq!(&back.events(), &t.events());
        }
    }

    #[test]
    fn best_ordered_trees_need_no_research(b in 2u32..5, d in 1u32..6, seed in 0u64..1000, min_root in any::<bool>()) {
        let root_player = if min_root { Player::Min } else { Player::Max };
        let tree = RandomTree { branching: b, depth: d, seed, values: (0, 20), ordering: Ordering::Best, root_player };
        let input = Input::Random(tree);
        let ab = record(&input, Algorithm::AlphaBeta);
        for algo in NULL_WINDOW {
            let t = record(&input, algo);
            prop_assert_eq!(t.stats().researches, 0, "{} re-searched", algo);
            prop_assert_eq!(visited(&t), visited(&ab), "{} visits the minimal tree", algo);
            prop_assert_eq!(t.stats().nodes, ab.stats().nodes, "{} node entries", algo);
            prop_assert_eq!(t.result().value, ab.result().value);
        }
    }
}

fn settings() -> impl Strategy<Value = Settings> {
    (-6i32..=6, 0u32..4, 0u8..8).prop_map(|(guess, window, h)| Settings {
        guess: Score::from(guess),
        window,
        heuristics: Heuristics { tt: h & 1 != 0, killer: h & 2 != 0, history: h & 4 != 0 },
        ..Settings::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn passes_agree_with_minimax(
        root in tree(),
        statics in prop::collection::vec(-4i32..=4, 1..16),
        min_root in any::<bool>(),
        settings in settings(),
    ) {
        // Static values on the interior nodes, for iterative deepening's shallower passes.
        let input = input(with_static_values(root, &statics), min_root);
        let mm = record(&input, Algorithm::Minimax);
        for algo in [Algorithm::Mtdf, Algorithm::Aspiration, Algorithm::Iterative] {
            let t = record_with(&input, algo, settings);
            prop_assert_eq!(t.result().value, mm.result().value, "{} root value", algo);
            if algo == Algorithm::Iterative {
                // The table's move first may pick another of several equally good moves.
                prop_assert_eq!(value_of_best(&input, algo, &settings), mm.result().value, "{} best move's value", algo);
            } else {
                prop_assert_eq!(t.result().best_index, mm.result().best_index, "{} best move", algo);
            }
            prop_assert_eq!(pass_ends(&t).len() as u64, t.stats().passes, "{} passes", algo);
            let (result, stats) = input.count_with(algo, u64::MAX, &settings).unwrap();
            prop_assert_eq!(&result, t.result(), "{} counted result", algo);
            prop_assert_eq!(&stats, t.stats(), "{} counted stats", algo);
            let back = Trace::from_json(&t.to_json(false)).unwrap();
            prop_assert_eq!(&back.events(), &t.events());
        }
    }

    #[test]
    fn mtdf_bounds_the_value_from_both_sides(root in tree(), min_root in any::<bool>(), guess in -6i32..=6) {
        let input = input(root, min_root);
        let settings = Settings { guess: Score::from(guess), ..Settings::default() };
        let t = record_with(&input, Algorithm::Mtdf, settings);
        let ends = pass_ends(&t);
        let lower = ends.iter().filter(|e| e.1 == Bound::Lower).map(|e| e.0).max().unwrap_or(Score::NEG_INF);
        let upper = ends.iter().filter(|e| e.1 == Bound::Upper).map(|e| e.0).min().unwrap_or(Score::INF);
        let exact: Vec<Score> = ends.iter().filter(|e| e.1 == Bound::Exact).map(|e| e.0).collect();
        // Every probe is a null window: it proves a bound (or hits ±∞, exact by nature).
        prop_assert!(exact.iter().all(|v| v.is_infinite()), "{:?}", ends);
        let v = t.result().value;
        prop_assert!(exact.contains(&v) || (lower == v && upper == v), "value {} from {:?}", v, ends);
    }
}
