//! Explicit trees held compactly (issue 19 item 3): every search on a tree read from text gives
//! the same trace as on a plain nested tree walked by a reference game, the compact form turns
//! back into the nested one, and a tree past the node limit is refused while it is read.

use abviz::Score;
use abviz::game::notation::{parse_tree, parse_tree_compact};
use abviz::game::tree::{TreeSpec, TreeSpecKind, TreeSpecNode};
use abviz::game::tree_arena::{CompactTree, DEFAULT_MAX_TREE_NODES};
use abviz::game::{Game, Player};
use abviz::input::{Input, RunOptions};
use abviz::search::{self, Algorithm};
use abviz::trace::Recorder;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// The textbook trees and a few with names, movers, infinities and uneven depths.
const TREES: &[&str] = &[
    "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))",
    "min A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))",
    "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))",
    "((3 (max:(5 1) 4)) (min:(2 inf) -inf) 7)",
    "R:(\"a b\":(1 E:2) max:X:(min:(3 4) 5) (-7 (8 (9 10))))",
    "42",
];

/// A reference game over the nested tree: the position is the path from the root; its key is
/// the node's number in breadth-first order (as explicit trees have always keyed positions).
#[derive(Clone)]
struct Nested {
    root: Arc<TreeSpecNode>,
    keys: Arc<HashMap<Vec<usize>, u64>>,
    root_player: Player,
    path: Vec<usize>,
}

impl Nested {
    fn new(root: &TreeSpecNode, root_player: Player) -> Nested {
        let mut keys = HashMap::new();
        let mut queue = VecDeque::from([(root, Vec::new())]);
        while let Some((n, path)) = queue.pop_front() {
            if let TreeSpecKind::Interior(c) = &n.kind {
                for (i, c) in c.iter().enumerate() {
                    let mut p = path.clone();
                    p.push(i);
                    queue.push_back((c, p));
                }
            }
            keys.insert(path, keys.len() as u64);
        }
        Nested { root: Arc::new(root.clone()), keys: Arc::new(keys), root_player, path: Vec::new() }
    }
}

impl Nested {
    fn node(&self) -> &TreeSpecNode {
        let mut n = &*self.root;
        for &i in &self.path {
            let TreeSpecKind::Interior(c) = &n.kind else { unreachable!() };
            n = &c[i];
        }
        n
    }

    fn mover(&self) -> Player {
        let mut n = &*self.root;
        let mut p = n.player.unwrap_or(self.root_player);
        for &i in &self.path {
            let TreeSpecKind::Interior(c) = &n.kind else { unreachable!() };
            n = &c[i];
            p = n.player.unwrap_or(p.other());
        }
        p
    }

    fn children(&self) -> &[TreeSpecNode] {
        match &self.node().kind {
            TreeSpecKind::Interior(c) => c,
            TreeSpecKind::Leaf(_) => &[],
        }
    }
}

impl Game for Nested {
    type Move = usize;

    fn to_move(&self) -> Player {
        self.mover()
    }

    fn moves(&self) -> Vec<usize> {
        (0..self.children().len()).collect()
    }

    fn play(&mut self, mv: usize) {
        self.path.push(mv);
    }

    fn undo(&mut self, _mv: usize) {
        self.path.pop();
    }

    fn terminal_value(&self) -> Option<Score> {
        match self.node().kind {
            TreeSpecKind::Leaf(v) => Some(v),
            TreeSpecKind::Interior(_) => None,
        }
    }

    fn evaluate(&self) -> Score {
        self.terminal_value().unwrap_or_default()
    }

    fn write_move_label(&self, mv: usize, out: &mut String) {
        match &self.children()[mv].name {
            Some(n) => out.push_str(n),
            None => out.push_str(&(mv + 1).to_string()),
        }
    }

    fn position_key(&self) -> Option<u64> {
        self.keys.get(&self.path).copied()
    }

    fn position_text(&self) -> String {
        let n = self.node();
        match (&n.name, &n.kind) {
            (Some(name), TreeSpecKind::Leaf(v)) => format!("{name} = {v}"),
            (Some(name), _) => name.clone(),
            (None, TreeSpecKind::Leaf(v)) => v.to_string(),
            (None, TreeSpecKind::Interior(c)) => format!("interior node, {} children", c.len()),
        }
    }

    fn leaves_are_game_ends(&self) -> bool {
        false
    }

    fn node_name(&self) -> Option<&str> {
        self.node().name.as_deref()
    }
}

#[test]
fn every_search_traces_the_compact_tree_as_the_nested_one() {
    let opts = RunOptions { minimax_reference: false, ..RunOptions::default() };
    for text in TREES {
        let input = Input::from_tree_text(text, None).unwrap();
        assert!(matches!(input, Input::Explicit(_)));
        let spec = parse_tree(text).unwrap();
        let root = spec.root_player.unwrap_or(Player::Max);
        for algo in Algorithm::ALL {
            let Ok(trace) = input.trace(algo, &opts) else { continue };
            let game = Nested::new(&spec.root, root);
            let mut g = game.clone();
            let descriptor = search::descriptor_with(algo, &opts.settings);
            let mut rec = Recorder::new(&descriptor, opts.max_nodes)
                .with_positions(opts.positions)
                .with_pruned_subtrees(opts.pruned_subtrees);
            let outcome = search::run_with(algo, &mut g, u32::MAX, &opts.settings, &mut rec).unwrap();
            let reference = rec.finish(input.info(), outcome.result(&game));
            assert_eq!(trace.to_json(false), reference.to_json(false), "{algo} on {text}");
        }
    }
}

#[test]
fn the_compact_form_gives_back_the_parsed_tree() {
    for text in TREES {
        let spec = parse_tree(text).unwrap();
        let compact = parse_tree_compact(text, DEFAULT_MAX_TREE_NODES).unwrap();
        assert_eq!(compact.to_spec(), spec, "{text}");
        assert_eq!(CompactTree::from_spec(&spec), compact, "{text}");
        let mut notation = String::new();
        assert!(compact.write_notation(&mut notation, usize::MAX));
        assert_eq!(notation, spec.root.to_notation());
        // JSON reads into the same compact tree.
        let json = serde_json::to_string(&to_json(&spec.root)).unwrap();
        assert_eq!(parse_tree_compact(&json, 1000).unwrap().to_spec().root, spec.root, "{json}");
    }
}

fn to_json(n: &TreeSpecNode) -> serde_json::Value {
    let mut o = serde_json::Map::new();
    if let Some(name) = &n.name {
        o.insert("name".into(), name.clone().into());
    }
    if let Some(p) = n.player {
        o.insert("player".into(), p.to_string().into());
    }
    match &n.kind {
        TreeSpecKind::Leaf(v) => o.insert("value".into(), serde_json::to_value(v).unwrap()),
        TreeSpecKind::Interior(c) => o.insert("children".into(), c.iter().map(to_json).collect()),
    };
    o.into()
}

#[test]
fn reordering_the_compact_tree_reorders_as_the_nested_one() {
    use abviz::game::random::Ordering;
    for text in TREES {
        for ordering in [Ordering::Best, Ordering::Worst, Ordering::Natural] {
            let spec = parse_tree(text).unwrap();
            let root = spec.root_player.unwrap_or(Player::Max);
            let nested = Input::Tree { spec: spec.clone(), root }.reordered(ordering);
            let compact = Input::from_tree_text(text, None).unwrap().reordered(ordering);
            let Input::Tree { spec: want, .. } = nested else { unreachable!() };
            let Input::Explicit(got) = compact else { unreachable!() };
            assert_eq!(got.to_spec().root, want.root, "{text} {ordering:?}");
        }
    }
}

#[test]
fn a_tree_past_the_limit_is_refused_where_it_passes_it() {
    // 7 nodes: the root, (1 2), 1, 2, (3 4), 3, 4; the 6th is the leaf 3 at column 9.
    let text = "((1 2) (3 4))";
    assert_eq!(parse_tree_compact(text, 7).unwrap().len(), 7);
    let err = parse_tree_compact(text, 5).unwrap_err();
    assert_eq!((err.line, err.column), (1, 9), "{err}");
    assert!(err.message.contains("more than 5 nodes"), "{}", err.message);
    assert!(err.message.contains("14 bytes"), "{}", err.message);
    assert!(err.help.as_deref().unwrap_or("").contains("--max-tree-nodes"), "{:?}", err.help);
    assert!(err.caret().contains('^'), "{}", err.caret());
    // JSON too.
    let err = parse_tree_compact("[[1, 2], [3, 4]]", 6).unwrap_err();
    assert!(err.message.contains("more than 6 nodes"), "{}", err.message);
    // And through the input.
    let err = Input::from_tree_text_within(text, None, 3).unwrap_err();
    assert!(err.to_string().contains("more than 3 nodes"), "{err}");
}

#[test]
fn an_unnamed_tree_takes_under_15_bytes_a_node() {
    // Branching 8, depth 5: 37,449 nodes.
    fn uniform(depth: u32) -> TreeSpecNode {
        if depth == 0 {
            TreeSpecNode::leaf(1)
        } else {
            TreeSpecNode::interior((0..8).map(|_| uniform(depth - 1)).collect())
        }
    }
    let tree = CompactTree::from_spec(&TreeSpec { root_player: None, bounds: None, root: uniform(5) });
    assert_eq!(tree.len(), 37_449);
    let per_node = tree.heap_bytes() as f64 / tree.len() as f64;
    assert!(per_node <= 15.0, "{per_node} bytes a node");
    assert_eq!(tree.uniform_shape(), Some((8, 5)));
}
