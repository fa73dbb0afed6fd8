//! Property tests on thousands of random trees: uneven shapes, ties, ±∞ leaves, MIN roots.

use abviz::Score;
use abviz::game::Player;
use abviz::game::tree::{TreeSpec, TreeSpecKind, TreeSpecNode};
use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::{Status, Trace};
use proptest::prelude::*;

fn leaf() -> impl Strategy<Value = TreeSpecNode> {
    prop_oneof![
        8 => (-4i32..=4).prop_map(TreeSpecNode::leaf),
        1 => Just(TreeSpecNode { name: None, kind: TreeSpecKind::Leaf(Score::INF) }),
        1 => Just(TreeSpecNode { name: None, kind: TreeSpecKind::Leaf(Score::NEG_INF) }),
    ]
}

fn tree() -> impl Strategy<Value = TreeSpecNode> {
    leaf()
        .prop_recursive(6, 80, 5, |inner| prop::collection::vec(inner, 1..5).prop_map(TreeSpecNode::interior))
}

fn input(root: TreeSpecNode, min_root: bool) -> Input {
    let player = if min_root { Player::Min } else { Player::Max };
    Input::Tree { spec: TreeSpec { root_player: Some(player), root }, root: player }
}

fn record(input: &Input, algo: Algorithm) -> Trace {
    input.trace(algo, &RunOptions { minimax_reference: false, ..RunOptions::default() }).unwrap()
}

/// Paths of visited nodes in visit order.
fn visited(t: &Trace) -> Vec<String> {
    let mut v: Vec<(u32, String)> = (0..t.nodes.len() as u32)
        .filter(|&i| t.node(i).visited())
        .map(|i| (t.node(i).pre, t.path(i)))
        .collect();
    v.sort();
    v.into_iter().map(|(_, p)| p).collect()
}

/// Where each cutoff happened: (path, kind, child, pruned).
fn cuts(t: &Trace) -> Vec<(String, String, u32, u32)> {
    let mut v: Vec<_> =
        t.cutoffs.iter().map(|c| (t.path(c.node), format!("{:?}", c.kind), c.child, c.pruned)).collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn every_algorithm_agrees_with_minimax(root in tree(), min_root in any::<bool>()) {
        let input = input(root, min_root);
        let mm = record(&input, Algorithm::Minimax);
        let mm_paths = visited(&mm);
        prop_assert_eq!(mm_paths.len() as u64, mm.stats.nodes);
        for algo in [Algorithm::AlphaBeta, Algorithm::AlphaBetaSoft, Algorithm::Negamax, Algorithm::NegamaxAb] {
            let t = record(&input, algo);
            prop_assert_eq!(t.result.value, mm.result.value, "{} root value", algo);
            prop_assert_eq!(t.result.best_index, mm.result.best_index, "{} best move", algo);
            // A subset of minimax's nodes, in the same order.
            let paths = visited(&t);
            let set: std::collections::HashSet<&String> = paths.iter().collect();
            let filtered: Vec<String> = mm_paths.iter().filter(|p| set.contains(p)).cloned().collect();
            prop_assert_eq!(&filtered, &paths, "{} visits a subsequence of minimax", algo);
            // The recorder's counts agree with a counting-only search.
            let (v, stats) = input.count(algo, u64::MAX).unwrap();
            prop_assert_eq!(v, t.result.value);
            prop_assert_eq!(&stats, &t.stats);
            // Pruned children are exactly the ones never entered below a cutoff.
            let pruned = t.nodes.iter().filter(|n| n.status == Status::Pruned && t.node(n.parent).visited()).count();
            prop_assert_eq!(pruned as u64, t.stats.pruned);
        }
        prop_assert_eq!(visited(&record(&input, Algorithm::Negamax)), mm_paths);
    }

    #[test]
    fn hard_soft_and_negamax_cut_alike(root in tree(), min_root in any::<bool>()) {
        let input = input(root, min_root);
        let hard = record(&input, Algorithm::AlphaBeta);
        let soft = record(&input, Algorithm::AlphaBetaSoft);
        let nega = record(&input, Algorithm::NegamaxAb);
        prop_assert_eq!(visited(&hard), visited(&soft));
        prop_assert_eq!(visited(&hard), visited(&nega));
        prop_assert_eq!(cuts(&hard), cuts(&soft));
        prop_assert_eq!(cuts(&hard), cuts(&nega));
        // Fail-soft and negamax (fail-soft too) return the same values everywhere, in MAX's view.
        let vs: Vec<Score> = soft.nodes.iter().filter(|n| n.visited()).map(|n| n.value).collect();
        let vn: Vec<Score> = nega.nodes.iter().filter(|n| n.visited()).map(|n| n.value).collect();
        prop_assert_eq!(vs, vn);
        // Windows agree too, once negamax's are turned to MAX's view.
        let ws: Vec<(Score, Score)> = soft.nodes.iter().filter(|n| n.visited()).map(|n| (n.alpha_in, n.beta_in)).collect();
        let wn: Vec<(Score, Score)> = nega.nodes.iter().filter(|n| n.visited()).map(|n| (n.alpha_in, n.beta_in)).collect();
        prop_assert_eq!(ws, wn);
    }

    #[test]
    fn json_round_trip_keeps_everything(root in tree(), min_root in any::<bool>()) {
        let t = record(&input(root, min_root), Algorithm::AlphaBeta);
        let json = t.to_json(false);
        let back = Trace::from_json(&json).unwrap();
        prop_assert_eq!(&back.nodes, &t.nodes);
        prop_assert_eq!(&back.events, &t.events);
        prop_assert_eq!(&back.cutoffs, &t.cutoffs);
        prop_assert_eq!(&back.result, &t.result);
        prop_assert_eq!(back.to_json(false), json);
    }
}
