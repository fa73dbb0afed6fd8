//! Property tests on thousands of random trees: uneven shapes, ties, ±∞ leaves, MIN roots, and
//! trees where a player moves twice in a row.

use crate::support::trees::{input, record, tree, with_movers};
use abviz::Score;
use abviz::game::Player;
use abviz::game::tree::{TreeSpecKind, TreeSpecNode};
use abviz::search::Algorithm;
use abviz::trace::{Bound, Status, Trace};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Trees where a player often moves twice in a row.
fn repeated_movers() -> impl Strategy<Value = TreeSpecNode> {
    with_movers(2)
}

/// Minimax by hand on the spec, to check the searches against (`player` moves at `node`).
fn minimax(node: &TreeSpecNode, player: Player) -> Score {
    let player = node.player.unwrap_or(player);
    match &node.kind {
        TreeSpecKind::Leaf(v) => *v,
        TreeSpecKind::Interior(children) => {
            let values = children.iter().map(|c| minimax(c, player.other()));
            match player {
                Player::Max => values.max().unwrap(),
                Player::Min => values.min().unwrap(),
            }
        }
    }
}

/// Paths of visited nodes in visit order.
fn visited(t: &Trace) -> Vec<String> {
    let mut v: Vec<(u32, String)> = (0..t.nodes().len() as u32)
        .filter(|&i| t.node(i).visited())
        .map(|i| (t.summary(i).pre, t.path(i)))
        .collect();
    v.sort();
    v.into_iter().map(|(_, p)| p).collect()
}

/// Where each cutoff happened: (path, kind, child, pruned).
fn cuts(t: &Trace) -> Vec<(String, String, u32, u32)> {
    let mut v: Vec<_> =
        t.cutoffs().iter().map(|c| (t.path(c.node), format!("{:?}", c.kind), c.child, c.pruned)).collect();
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
        prop_assert_eq!(mm_paths.len() as u64, mm.stats().nodes);
        for algo in [Algorithm::AlphaBeta, Algorithm::AlphaBetaSoft, Algorithm::Negamax, Algorithm::NegamaxAb] {
            let t = record(&input, algo);
            prop_assert_eq!(t.result().value, mm.result().value, "{} root value", algo);
            prop_assert_eq!(t.result().best_index, mm.result().best_index, "{} best move", algo);
            // A subset of minimax's nodes, in the same order.
            let paths = visited(&t);
            let set: std::collections::HashSet<&String> = paths.iter().collect();
            let filtered: Vec<String> = mm_paths.iter().filter(|p| set.contains(p)).cloned().collect();
            prop_assert_eq!(&filtered, &paths, "{} visits a subsequence of minimax", algo);
            // The recorder's counts agree with a counting-only search.
            let (v, stats) = input.count(algo, u64::MAX).unwrap();
            prop_assert_eq!(&v, t.result());
            prop_assert_eq!(&stats, t.stats());
            // Pruned children are exactly the ones never entered below a cutoff.
            let pruned = (0..t.nodes().len() as u32)
                .filter(|&i| t.status(i) == Status::Pruned && t.node(t.node(i).parent).visited())
                .count();
            prop_assert_eq!(pruned as u64, t.stats().pruned);
        }
        prop_assert_eq!(visited(&record(&input, Algorithm::Negamax)), mm_paths);
    }

    #[test]
    fn every_value_is_true_to_its_bound(root in tree(), min_root in any::<bool>()) {
        // Each node's value with its bound is a true statement about its minimax value: exact
        // equals it, a lower bound is at most it, an upper bound at least it.
        let input = input(root, min_root);
        let mm = record(&input, Algorithm::Minimax);
        let truth: std::collections::HashMap<String, Score> =
            (0..mm.nodes().len() as u32).map(|i| (mm.path(i), mm.summary(i).value)).collect();
        for algo in [Algorithm::AlphaBeta, Algorithm::AlphaBetaSoft, Algorithm::NegamaxAb] {
            let t = record(&input, algo);
            for i in (0..t.nodes().len() as u32).filter(|&i| t.node(i).visited()) {
                let (s, mm_value) = (t.summary(i), truth[&t.path(i)]);
                match s.bound {
                    Bound::Exact => prop_assert_eq!(s.value, mm_value, "{} {}", algo, t.path(i)),
                    Bound::Lower => prop_assert!(s.value <= mm_value, "{} {}", algo, t.path(i)),
                    Bound::Upper => prop_assert!(s.value >= mm_value, "{} {}", algo, t.path(i)),
                }
            }
        }
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
        let visited_ids = |t: &Trace| (0..t.nodes().len() as u32).filter(|&i| t.node(i).visited()).collect::<Vec<_>>();
        let vs: Vec<Score> = visited_ids(&soft).into_iter().map(|i| soft.summary(i).value).collect();
        let vn: Vec<Score> = visited_ids(&nega).into_iter().map(|i| nega.summary(i).value).collect();
        prop_assert_eq!(vs, vn);
        // Windows agree too, once negamax's are turned to MAX's view.
        let window = |t: &Trace, i: u32| (t.summary(i).alpha_in, t.summary(i).beta_in);
        let ws: Vec<(Score, Score)> = visited_ids(&soft).into_iter().map(|i| window(&soft, i)).collect();
        let wn: Vec<(Score, Score)> = visited_ids(&nega).into_iter().map(|i| window(&nega, i)).collect();
        prop_assert_eq!(ws, wn);
    }

    #[test]
    fn players_that_move_again_agree_with_minimax(root in repeated_movers(), min_root in any::<bool>()) {
        let expected = minimax(&root, if min_root { Player::Min } else { Player::Max });
        let input = input(root, min_root);
        let mm = record(&input, Algorithm::Minimax);
        prop_assert_eq!(mm.result().value, expected, "minimax by hand");
        for algo in [Algorithm::AlphaBeta, Algorithm::AlphaBetaSoft, Algorithm::Negamax, Algorithm::NegamaxAb] {
            let t = record(&input, algo);
            prop_assert_eq!(t.result().value, expected, "{} root value", algo);
            prop_assert_eq!(t.result().best_index, mm.result().best_index, "{} best move", algo);
            let (counted, _) = input.count(algo, u64::MAX).unwrap();
            prop_assert_eq!(&counted, t.result(), "{} counted", algo);
        }
        let soft = record(&input, Algorithm::AlphaBetaSoft);
        let nega = record(&input, Algorithm::NegamaxAb);
        prop_assert_eq!(visited(&soft), visited(&nega));
        prop_assert_eq!(cuts(&soft), cuts(&nega));
    }

    #[test]
    fn json_round_trip_keeps_everything(root in tree(), min_root in any::<bool>()) {
        let t = record(&input(root, min_root), Algorithm::AlphaBeta);
        let json = t.to_json(false);
        let back = Trace::from_json(&json).unwrap();
        prop_assert_eq!(&back.nodes(), &t.nodes());
        prop_assert_eq!(&back.events(), &t.events());
        prop_assert_eq!(back.cutoffs(), t.cutoffs());
        prop_assert_eq!(&back.result(), &t.result());
        prop_assert_eq!(back.to_json(false), json);
    }

    #[test]
    fn compact_json_round_trip_is_lossless(root in tree(), min_root in any::<bool>()) {
        let input = input(root, min_root);
        for algo in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::AlphaBetaSoft, Algorithm::Negamax, Algorithm::NegamaxAb] {
            let t = record(&input, algo);
            let compact = compact_json(&t);
            let back = Trace::from_json(&compact).map_err(|e| TestCaseError::fail(format!("{algo}: {e}\n{compact}")))?;
            prop_assert_eq!(&back.nodes(), &t.nodes(), "{}", algo);
            prop_assert_eq!(&back.events(), &t.events(), "{}", algo);
            prop_assert_eq!(&back.labels(), &t.labels(), "{}", algo);
            prop_assert_eq!(back.names(), t.names(), "{}", algo);
            prop_assert_eq!(&back.pruned_values(), &t.pruned_values(), "{}", algo);
            // Everything a reader sees, and the compact file itself, come out the same.
            prop_assert_eq!(back.to_json(false), t.to_json(false), "{}", algo);
            prop_assert_eq!(compact_json(&back), compact, "{}", algo);
        }
    }
}

/// The trace in the compact layout.
fn compact_json(t: &Trace) -> String {
    let mut out = Vec::new();
    t.write_json(&mut out, abviz::trace::json::Layout::Compact, false).unwrap();
    String::from_utf8(out).unwrap()
}
