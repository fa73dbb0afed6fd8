//! Evaluated interior nodes (issue 26, item 3): an explicit tree's interior nodes may carry a
//! static value (`A=10:(…)`, JSON `"value"` beside `"children"`); `--depth K` evaluates the
//! nodes at depth K by it, and iterative deepening runs one pass per depth. Checked against an
//! independent oracle: a search to depth K must equal minimax on the tree *cut* at depth K
//! (each interior node there replaced by a leaf with its static value), on thousands of random
//! trees, for every algorithm and for each of iterative deepening's passes; and against MIT
//! 6.034's progressive-deepening example worked by hand.

use crate::support::trees::{input, truncated, with_movers, with_static_values};
use abviz::Score;
use abviz::game::Player;
use abviz::game::notation::{parse_json_tree, parse_tree};
use abviz::game::tree::{ExplicitTree, TreeSpec, TreeSpecNode};
use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::{Event, Trace};
use assert_cmd::Command;
use proptest::prelude::*;

/// The tree searched to `depth` plies.
fn limited(root: &TreeSpecNode, min_root: bool, depth: u32) -> Input {
    let player = if min_root { Player::Min } else { Player::Max };
    let spec = TreeSpec { root_player: Some(player), bounds: None, root: root.clone() };
    Input::Explicit(ExplicitTree::new(&spec, player).with_depth_limit(Some(depth)))
}

fn trace(input: &Input, algo: Algorithm) -> Trace {
    input.trace(algo, &RunOptions { minimax_reference: false, ..RunOptions::default() }).unwrap()
}

/// Each pass's value (MAX's view), in order.
fn pass_values(t: &Trace) -> Vec<Score> {
    t.events()
        .iter(t.nodes())
        .filter_map(|e| match e {
            Event::PassEnd { value, .. } => Some(value),
            _ => None,
        })
        .collect()
}

fn height(n: &TreeSpecNode) -> u32 {
    match &n.kind {
        abviz::game::tree::TreeSpecKind::Leaf(_) => 0,
        abviz::game::tree::TreeSpecKind::Interior(c) => 1 + c.iter().map(height).max().unwrap_or(0),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// A search to depth K returns minimax's value of the tree cut at K, whatever the
    /// algorithm; iterative deepening's pass d returns the cut tree's value at d.
    #[test]
    fn a_depth_limited_search_sees_the_tree_cut_at_its_depth(
        root in with_movers(6),
        statics in prop::collection::vec(-4i32..=4, 1..16),
        min_root in any::<bool>(),
    ) {
        let root = with_static_values(root, &statics);
        let h = height(&root);
        for k in 0..=h {
            let cut = trace(&input(truncated(&root, k), min_root), Algorithm::Minimax).result().value;
            let searched = limited(&root, min_root, k);
            for algo in Algorithm::exact().filter(|a| !a.descriptor().features.chance) {
                let t = trace(&searched, algo);
                prop_assert_eq!(t.result().value, cut, "{} to depth {}", algo, k);
            }
        }
        // Iterative deepening without a limit: pass d is the tree cut at d, until a pass
        // reaches every leaf.
        let passes = pass_values(&trace(&input(root.clone(), min_root), Algorithm::Iterative));
        prop_assert!(!passes.is_empty() && passes.len() as u32 <= h.max(1));
        for (d, v) in passes.iter().enumerate() {
            let cut = trace(&input(truncated(&root, d as u32 + 1), min_root), Algorithm::Minimax);
            prop_assert_eq!(*v, cut.result().value, "pass {}", d + 1);
        }
    }
}

/// MIT 6.034's progressive-deepening tree (static values on every node), worked by hand:
/// depth 1 picks B (11 > 9), depth 2 backs up B = min(10, 6) = 6 and C = min(9, 4) = 4, depth 3
/// backs up F = 12, G = 7, so B = 7 and (H = 10, I = 3) C = 3: the root is 7 via B.
#[test]
fn progressive_deepening_by_hand() {
    let tree = "max A=10:(B=11:(F=10:(12 8) G=6:(5 7)) C=9:(H=9:(10 8) I=4:(3 2)))";
    let spec = parse_tree(tree).unwrap();
    for (depth, value, best) in [(1, 11, "B"), (2, 6, "B"), (3, 7, "B")] {
        let input = Input::Explicit(ExplicitTree::new(&spec, Player::Max).with_depth_limit(Some(depth)));
        let t = trace(&input, Algorithm::AlphaBeta);
        assert_eq!(t.result().value, Score::from(value), "depth {depth}");
        assert_eq!(t.result().pv.first().map(String::as_str), Some(best), "depth {depth}");
    }
    let id = trace(&Input::from_tree_text(tree, None).unwrap(), Algorithm::Iterative);
    assert_eq!(pass_values(&id), [11, 6, 7].map(Score::from));
    // The evaluations: pass 1 evaluates B and C, pass 2 the four grandchildren (C cut after
    // its last child), pass 3 reads F's 12 (cut), G's 5 and 7, I's 3 and 2.
    assert_eq!(id.stats().leaves, 2 + 4 + 5);
}

/// The notation and JSON say the same thing, and a static value survives write → read.
#[test]
fn notation_and_json_round_trip() {
    let text = "A=10:(B=-1.5:(3 4) =2:(5 6) \"q r\"=+inf:(7))";
    let spec = parse_tree(text).unwrap();
    assert_eq!(spec.root.static_value, Some(Score::from(10)));
    let back = spec.root.to_notation();
    assert_eq!(back, "A=10:(B=-1.5:(3 4) =2:(5 6) \"q r\"=inf:(7))");
    assert_eq!(parse_tree(&back).unwrap(), spec);
    let json = r#"{"name": "A", "value": 10, "children": [
        {"name": "B", "children": [3, 4], "value": -1.5},
        {"value": 2, "children": [5, 6]},
        {"name": "q r", "value": "inf", "children": [7]}]}"#;
    assert_eq!(parse_json_tree(json).unwrap(), spec);
    // The compact form keeps them too (what a tree file is read into).
    let compact = ExplicitTree::parse(text).unwrap();
    assert_eq!(compact.to_spec(), spec);
}

/// Bounds stated by the tree: `bounds L..U` in the notation, `"bounds"` in JSON.
#[test]
fn trees_state_their_bounds() {
    let spec = parse_tree("bounds -5..5 max (chance:(1 2) 3)").unwrap();
    assert_eq!(spec.bounds, Some((Score::from(-5), Score::from(5))));
    assert_eq!(spec.root_player, Some(Player::Max));
    let spec = parse_tree("min bounds 0..10 (1 2)").unwrap();
    assert_eq!(spec.bounds, Some((Score::from(0), Score::from(10))));
    let json = parse_json_tree(r#"{"bounds": [0, 10], "children": [1, 2]}"#).unwrap();
    assert_eq!(json.bounds, Some((Score::from(0), Score::from(10))));
    let tree = ExplicitTree::parse("bounds 0..10 (chance:(1 2) 3)").unwrap();
    assert_eq!(abviz::game::Game::value_bounds(&tree), Some((Score::from(0), Score::from(10))));
    // A node named bounds is still a node.
    assert_eq!(parse_tree("bounds:(1 2)").unwrap().root.name.as_deref(), Some("bounds"));
    for (bad, at) in [("bounds 5..1 (1 2)", (1, 8)), ("bounds x (1 2)", (1, 8)), ("bounds", (1, 7))] {
        let e = parse_tree(bad).unwrap_err();
        assert_eq!((e.line, e.column), at, "{bad}: {e}");
        assert!(e.message.contains("L..U"), "{bad}: {e}");
    }
    let e = parse_json_tree(r#"{"bounds": [3], "children": [1]}"#).unwrap_err();
    assert!(e.message.contains("bad \"bounds\""), "{e}");
    let e = parse_json_tree(r#"{"children": [{"bounds": [0, 1], "value": 1}]}"#).unwrap_err();
    assert!(e.message.contains("only allowed on the top-level object"), "{e}");
}

/// Bad static values are errors at their place, with a caret.
#[test]
fn bad_static_values_are_located() {
    for (bad, at, needle) in [
        ("A=x:(1 2)", (1, 3), "expected an interior node's static value after '='"),
        ("(A=3 4)", (1, 6), "must be followed by ':'"),
        ("(=3:4 5)", (1, 3), "a static value goes on an interior node"),
        ("(B=1e999:(1) 2)", (1, 4), "static value"),
    ] {
        let e = parse_tree(bad).unwrap_err();
        assert_eq!((e.line, e.column), at, "{bad}: {e}");
        assert!(e.message.contains(needle), "{bad}: {e}");
    }
}

fn abviz() -> Command {
    Command::cargo_bin("abviz").unwrap()
}

/// The command line: `--depth` on a tree, iterative deepening on one, and the errors when a
/// node the search evaluates has no static value.
#[test]
fn the_command_line_searches_trees_to_a_depth() {
    let tree = "max A=10:(B=11:(F=10:(12 8) G=6:(5 7)) C=9:(H=9:(10 8) I=4:(3 2)))";
    let out = abviz().args(["run", "--tree", tree, "--depth", "2", "-f", "text"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("Root value   6"), "{text}");
    assert!(text.contains("MAX root, depth 2"), "{text}");
    let out = abviz().args(["run", "--tree", tree, "--algo", "id", "-f", "text"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for pass in [
        "depth 1, window [−∞, +∞]: value 11",
        "depth 2, window [−∞, +∞]: value 6",
        "depth 3, window [−∞, +∞]: value 7",
    ] {
        assert!(text.contains(pass), "{pass}\n{text}");
    }
    let aima = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";
    let err = abviz().args(["run", "--tree", aima, "--depth", "1"]).assert().code(2);
    let err = String::from_utf8(err.get_output().stderr.clone()).unwrap();
    assert!(err.contains("--depth 1 evaluates B at depth 1 by its static value"), "{err}");
    let err = abviz().args(["run", "--tree", aima, "--algo", "id"]).assert().code(2);
    let err = String::from_utf8(err.get_output().stderr.clone()).unwrap();
    assert!(err.contains("pass 1 evaluates B (depth 1)"), "{err}");
    // compare leaves id out of its default set on such a tree, and refuses it when named.
    let out = abviz().args(["compare", "--tree", aima, "-f", "csv"]).assert().success();
    let csv = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(csv.contains("alphabeta") && !csv.contains(",id,"), "{csv}");
    abviz().args(["compare", "--tree", aima, "--algos", "alphabeta,id"]).assert().code(2);
    // A random tree has no static values: --depth is refused there.
    let err = abviz().args(["run", "--random", "2,3", "--depth", "2"]).assert().code(2);
    let err = String::from_utf8(err.get_output().stderr.clone()).unwrap();
    assert!(err.contains("--depth applies to games (--game) and explicit trees"), "{err}");
}
