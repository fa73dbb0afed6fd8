//! Textbook trees and published counts (../shared/reference/FACTS.md).

use abviz::Score;
use abviz::game::Player;
use abviz::game::random::{Ordering, RandomTree};
use abviz::game::tictactoe::{TicTacToe, TttEval};
use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::{CutKind, Status, Trace};

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";
const WIKIPEDIA: &str = "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))";
const GEEKS: &str = "(((3 5) (6 9)) ((1 2) (0 -1)))";

fn trace(tree: &str, algo: Algorithm) -> Trace {
    Input::from_tree_text(tree, None).unwrap().trace(algo, &RunOptions::default()).unwrap()
}

fn by_path(t: &Trace, path: &str) -> u32 {
    (0..t.nodes().len() as u32).find(|&id| t.path(id) == path).unwrap_or_else(|| panic!("no node {path}"))
}

/// Paths of the children pruned directly by a cutoff (status pruned, parent visited).
fn pruned_roots(t: &Trace) -> Vec<String> {
    (0..t.nodes().len() as u32)
        .filter(|&id| t.status(id) == Status::Pruned && t.node(t.node(id).parent).visited())
        .map(|id| t.path(id))
        .collect()
}

/// Leaf values never evaluated (pruned leaves, however deep below a cut).
fn pruned_leaf_values(t: &Trace) -> Vec<Score> {
    (0..t.nodes().len() as u32)
        .filter(|&id| t.status(id) == Status::Pruned)
        .filter_map(|id| t.pruned_value(id))
        .collect()
}

#[test]
fn aima_minimax_and_alphabeta() {
    let mm = trace(AIMA, Algorithm::Minimax);
    assert_eq!(mm.result().value, Score::from(3));
    assert_eq!(mm.result().best_index, Some(0));
    assert_eq!(mm.result().best_move.as_deref(), Some("B"));
    assert_eq!((mm.stats().nodes, mm.stats().leaves), (13, 9));
    assert_eq!(mm.stats().cutoffs, 0);

    for algo in [Algorithm::AlphaBeta, Algorithm::AlphaBetaSoft, Algorithm::NegamaxAb] {
        let ab = trace(AIMA, algo);
        assert_eq!(ab.result().value, Score::from(3), "{algo}");
        assert_eq!(ab.result().best_move.as_deref(), Some("B"), "{algo}");
        assert_eq!((ab.stats().nodes, ab.stats().leaves), (11, 7), "{algo}");
        // The middle MIN node stops after its first leaf (2): the leaves 4 and 6 are pruned.
        assert_eq!(pruned_roots(&ab), ["1.1", "1.2"], "{algo}");
        assert_eq!(pruned_leaf_values(&ab), [Score::from(4), Score::from(6)], "{algo}");
        let c = by_path(&ab, "1");
        let cut = ab.cutoff(c).expect("cutoff at C");
        assert_eq!(cut.kind, CutKind::Alpha);
        assert_eq!((cut.child, cut.pruned), (0, 2));
        assert_eq!(cut.alpha, Score::from(3));
        assert_eq!(ab.display_name(cut.bound_from), "A", "the α came from the root");
        // All three leaves of D are evaluated.
        let d = by_path(&ab, "2");
        assert!(ab.children(d).iter().all(|&l| ab.node(l).visited()));
    }
}

#[test]
fn aima_visit_order_and_windows() {
    let ab = trace(AIMA, Algorithm::AlphaBeta);
    let pre: Vec<(String, u32)> = ab
        .nodes()
        .iter()
        .enumerate()
        .filter(|(_, n)| n.visited())
        .map(|(i, _)| (ab.path(i as u32), ab.summary(i as u32).pre))
        .collect();
    let expected = [
        ("", 1),
        ("0", 2),
        ("0.0", 3),
        ("0.1", 4),
        ("0.2", 5),
        ("1", 6),
        ("1.0", 7),
        ("2", 8),
        ("2.0", 9),
        ("2.1", 10),
        ("2.2", 11),
    ];
    let expected: Vec<(String, u32)> = expected.iter().map(|(p, n)| (p.to_string(), *n)).collect();
    assert_eq!(pre, expected);
    let c = ab.summary(by_path(&ab, "1"));
    assert_eq!((c.alpha_in, c.beta_in), (Score::from(3), Score::INF));
    let d = ab.summary(by_path(&ab, "2"));
    assert_eq!((d.alpha_out, d.beta_out), (Score::from(3), Score::from(2)));
}

#[test]
fn wikipedia_three_pruned_regions() {
    let ab = trace(WIKIPEDIA, Algorithm::AlphaBeta);
    assert_eq!(ab.result().value, Score::from(6));
    assert_eq!(ab.result().best_index, Some(1), "best move: the middle child");
    // 1) the leaf 5 under the MIN node worth 4; 2) the leaf 9 under the MIN node worth 6 in the
    // middle subtree; 3) the whole MAX subtree worth 8 on the right.
    assert_eq!(pruned_roots(&ab), ["0.0.1.2", "1.0.1.1", "2.1"]);
    let right = by_path(&ab, "2.1");
    assert_eq!(ab.node(right).player, Player::Max);
    assert_eq!(
        pruned_leaf_values(&ab),
        [Score::from(5), Score::from(9), Score::from(9), Score::from(8), Score::from(6)]
    );
    let mm = trace(WIKIPEDIA, Algorithm::Minimax);
    assert_eq!(mm.summary(by_path(&mm, "0.0.1")).value, Score::from(4));
    assert_eq!(mm.summary(by_path(&mm, "1.0.1")).value, Score::from(6));
    assert_eq!(mm.summary(by_path(&mm, "2.1")).value, Score::from(8));
}

#[test]
fn geeksforgeeks_tree() {
    let ab = trace(GEEKS, Algorithm::AlphaBeta);
    assert_eq!(ab.result().value, Score::from(5));
    // The leaf 9 and the subtree (0 -1) are never evaluated.
    assert_eq!(pruned_roots(&ab), ["0.1.1", "1.1"]);
    assert_eq!(pruned_leaf_values(&ab), [Score::from(9), Score::from(0), Score::from(-1)]);
}

#[test]
fn tictactoe_full_depth_counts() {
    let input = Input::game(TicTacToe::new(TttEval::Win), None);
    let (v, mm) = input.count(Algorithm::Minimax, u64::MAX).unwrap();
    assert_eq!(v.value, Score::from(0));
    assert_eq!(mm.nodes, 549_946);
    assert_eq!(mm.leaves, 255_168, "one leaf per finished game");
    let (v, ab) = input.count(Algorithm::AlphaBeta, u64::MAX).unwrap();
    assert_eq!(v.value, Score::from(0));
    assert_eq!(ab.nodes, 18_297);
    // The recorder sees the same search as the counter.
    let t = input.trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
    assert_eq!(t.stats(), &ab);
    // Minimax costs 30 times the search: it is counted only when asked (--compare-minimax).
    assert!(t.minimax().is_none());
    let asked = RunOptions { compare_minimax: true, ..RunOptions::default() };
    let t = input.trace(Algorithm::AlphaBeta, &asked).unwrap();
    assert_eq!(t.minimax().map(|s| s.nodes), Some(549_946));
}

#[test]
fn nilsson_depth_two_prefers_the_centre() {
    let input = Input::game(TicTacToe::new(TttEval::OpenLines), Some(2));
    let t = input.trace(Algorithm::Minimax, &RunOptions::default()).unwrap();
    assert_eq!(t.result().value, Score::from(1));
    assert_eq!(t.result().best_move.as_deref(), Some("b2"));
    let values: Vec<(String, Score)> =
        t.children(Trace::ROOT).iter().map(|&c| (t.move_label(c).to_string(), t.summary(c).value)).collect();
    for (label, v) in &values {
        let expected = match label.as_str() {
            "b2" => 1,
            "a1" | "c1" | "a3" | "c3" => -1,
            _ => -2,
        };
        assert_eq!(*v, Score::from(expected), "{label}");
    }
    let ab = input.trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
    assert_eq!(ab.result().best_move.as_deref(), Some("b2"));
    assert!(ab.stats().leaves < t.stats().leaves);
}

fn knuth_moore(b: u64, d: u32) -> u64 {
    b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1
}

#[test]
fn knuth_moore_minimum_and_worst_case() {
    for b in 2..=5u32 {
        for d in 1..=6u32 {
            for root in [Player::Max, Player::Min] {
                for (ordering, expected) in
                    [(Ordering::Best, knuth_moore(b as u64, d)), (Ordering::Worst, (b as u64).pow(d))]
                {
                    let r = RandomTree {
                        branching: b,
                        depth: d,
                        seed: 11,
                        values: (0, 99),
                        ordering,
                        root_player: root,
                    };
                    let input = Input::Random(r);
                    for algo in [Algorithm::AlphaBeta, Algorithm::AlphaBetaSoft, Algorithm::NegamaxAb] {
                        let (_, stats) = input.count(algo, u64::MAX).unwrap();
                        assert_eq!(stats.leaves, expected, "b={b} d={d} {root:?} {ordering} {algo}");
                    }
                    let (_, mm) = input.count(Algorithm::Minimax, u64::MAX).unwrap();
                    assert_eq!(mm.leaves, (b as u64).pow(d));
                }
            }
        }
    }
}

#[test]
fn chessprogramming_b40_minimal_tree() {
    // "Node Types": 40, 79, 1,639, 3,199 leaves for d = 1..4 (checked on the real tree for d ≤ 3).
    assert_eq!([1, 2, 3, 4].map(|d| knuth_moore(40, d)), [40, 79, 1639, 3199]);
    for d in 1..=3 {
        let r = RandomTree {
            branching: 40,
            depth: d,
            seed: 3,
            values: (0, 99),
            ordering: Ordering::Best,
            root_player: Player::Max,
        };
        let (_, s) = Input::Random(r).count(Algorithm::AlphaBeta, u64::MAX).unwrap();
        assert_eq!(s.leaves, knuth_moore(40, d));
    }
}

#[test]
fn nodes_are_named_as_students_would() {
    let t = trace(AIMA, Algorithm::AlphaBeta);
    assert_eq!(t.display_name(by_path(&t, "")), "A");
    assert_eq!(t.display_name(by_path(&t, "1.1")), "C2");
    let t = trace(WIKIPEDIA, Algorithm::AlphaBeta);
    assert_eq!(t.display_name(Trace::ROOT), "root");
    assert_eq!(t.display_name(by_path(&t, "0")), "node 1");
    assert_eq!(t.display_name(by_path(&t, "0.0.1.2")), "node 1.1.2.3");
    let t = trace("A:((1 2) B:(3 (4 5)))", Algorithm::Minimax);
    assert_eq!(t.display_name(by_path(&t, "0.1")), "A1.2");
    assert_eq!(t.display_name(by_path(&t, "1.1.0")), "B2.1");
    let ttt = Input::game(TicTacToe::new(TttEval::Win), Some(2));
    let t = ttt.trace(Algorithm::Minimax, &RunOptions::default()).unwrap();
    assert_eq!(t.display_name(by_path(&t, "4.0")), "b2 a1");
}

#[test]
fn one_tree_under_three_move_orders() {
    use abviz::game::random::Ordering;
    // AIMA's tree reordered: the same leaves, best first at every node or worst first.
    let cases = [
        (Ordering::Natural, "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", 11),
        (Ordering::Best, "A:(B:(3 8 12) C:(2 4 6) D:(2 5 14))", 9),
        (Ordering::Worst, "A:(C:(6 4 2) D:(14 5 2) B:(12 8 3))", 13),
    ];
    for (ordering, notation, nodes) in cases {
        let input = abviz::input::Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None)
            .unwrap()
            .reordered(ordering);
        let t = input.trace(Algorithm::AlphaBetaSoft, &abviz::input::RunOptions::default()).unwrap();
        assert_eq!(t.input().position.as_deref(), Some(notation), "{ordering}");
        assert_eq!((t.result().value, t.stats().nodes), (3.into(), nodes), "{ordering}");
    }
    // Knuth–Moore: best first, alpha-beta evaluates b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = 5 leaves of 3×3.
    let best = abviz::input::Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None)
        .unwrap()
        .reordered(Ordering::Best)
        .trace(Algorithm::AlphaBeta, &abviz::input::RunOptions::default())
        .unwrap();
    assert_eq!(best.stats().leaves, 5);
    // From the command line; a game orders its moves with --order instead.
    assert_cmd::Command::cargo_bin("abviz")
        .unwrap()
        .args(["run", "--tree", "min (1 (5 3) 4)", "--ordering", "best"])
        .assert()
        .success()
        .stdout(predicates::str::contains("on tree (1 4 (5 3)), MIN root"));
    assert_cmd::Command::cargo_bin("abviz")
        .unwrap()
        .args(["run", "--game", "nim", "--ordering", "best"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--ordering applies to trees"));
}

#[test]
fn reordering_the_deepest_tree_does_not_overflow() {
    // 10,000 nested parentheses, the notation's limit, reordered on a test thread's small stack.
    let k = 9_998;
    let text = format!("({}1 2{})", "(0 ".repeat(k), ")".repeat(k));
    let input = abviz::input::Input::from_tree_text(&text, None).unwrap();
    let _ = input.reordered(abviz::game::random::Ordering::Worst);
}
