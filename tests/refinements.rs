//! The refinements of alpha-beta (PVS, NegaScout, MTD(f), aspiration windows, iterative
//! deepening with a transposition table) on thousands of random trees: uneven shapes, ties,
//! ±∞ leaves, MIN roots and players that move twice. Each returns minimax's root value; the
//! null-window searches visit no node alpha-beta does not, and make no re-search on best-ordered
//! trees.

use abviz::Score;
use abviz::game::Player;
use abviz::game::random::{Ordering, RandomTree};
use abviz::game::tree::{TreeSpec, TreeSpecKind, TreeSpecNode};
use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::{EventKind, Trace};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn leaf() -> impl Strategy<Value = TreeSpecNode> {
    prop_oneof![
        8 => (-4i32..=4).prop_map(TreeSpecNode::leaf),
        1 => Just(TreeSpecNode { name: None, player: None, kind: TreeSpecKind::Leaf(Score::INF) }),
        1 => Just(TreeSpecNode { name: None, player: None, kind: TreeSpecKind::Leaf(Score::NEG_INF) }),
    ]
}

fn mover() -> impl Strategy<Value = Option<Player>> {
    prop_oneof![6 => Just(None), 1 => Just(Some(Player::Max)), 1 => Just(Some(Player::Min))]
}

/// Uneven trees where a node now and then says who moves there (a player may move twice).
fn tree() -> impl Strategy<Value = TreeSpecNode> {
    (leaf(), mover())
        .prop_map(|(mut l, p)| {
            l.player = p;
            l
        })
        .prop_recursive(6, 80, 5, |inner| {
            (prop::collection::vec(inner, 1..5), mover()).prop_map(|(children, p)| {
                let mut n = TreeSpecNode::interior(children);
                n.player = p;
                n
            })
        })
}

fn input(root: TreeSpecNode, min_root: bool) -> Input {
    let player = if min_root { Player::Min } else { Player::Max };
    Input::Tree { spec: TreeSpec { root_player: Some(player), root }, root: player }
}

fn record(input: &Input, algo: Algorithm) -> Trace {
    input.trace(algo, &RunOptions { minimax_reference: false, ..RunOptions::default() }).unwrap()
}

/// The paths of the nodes a search entered (each once, however often it was entered).
fn visited(t: &Trace) -> BTreeSet<String> {
    (0..t.nodes.len() as u32).filter(|&i| t.node(i).visited()).map(|i| t.path(i)).collect()
}

fn researches(t: &Trace) -> usize {
    (0..t.events.len()).filter(|&k| t.events.kind(k) == EventKind::Research).count()
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
            prop_assert_eq!(t.result.value, mm.result.value, "{} root value", algo);
            prop_assert_eq!(t.result.best_index, mm.result.best_index, "{} best move", algo);
            let nodes = visited(&t);
            prop_assert!(nodes.is_subset(&ab_nodes), "{} visits a node alpha-beta does not", algo);
            prop_assert_eq!(nodes.len() as u64, t.stats.nodes_distinct, "{} distinct nodes", algo);
            prop_assert_eq!(researches(&t) as u64, t.stats.researches, "{} re-searches", algo);
            // The recorder's counts agree with a counting-only search.
            let (result, stats) = input.count(algo, u64::MAX).unwrap();
            prop_assert_eq!(&result, &t.result, "{} counted result", algo);
            prop_assert_eq!(&stats, &t.stats, "{} counted stats", algo);
            // The trace survives its file form.
            let back = Trace::from_json(&t.to_json(false)).unwrap();
            prop_assert_eq!(&back.events, &t.events);
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
            prop_assert_eq!(t.stats.researches, 0, "{} re-searched", algo);
            prop_assert_eq!(visited(&t), visited(&ab), "{} visits the minimal tree", algo);
            prop_assert_eq!(t.stats.nodes, ab.stats.nodes, "{} node entries", algo);
            prop_assert_eq!(t.result.value, ab.result.value);
        }
    }
}
