//! How nodes are named in sentences: long move paths keep their ends, names start below the
//! nearest named node.

use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::{NodeId, Trace};

/// A chain of `depth` moves between `open` and `close`, one leaf at the bottom.
fn chain(open: &str, depth: usize, close: &str) -> Trace {
    let text = format!("{open}{}7{}{close}", "(".repeat(depth), ")".repeat(depth));
    Input::from_tree_text(&text, None).unwrap().trace(Algorithm::Minimax, &RunOptions::default()).unwrap()
}

fn at_depth(t: &Trace, d: u16) -> NodeId {
    t.nodes().iter().position(|n| n.depth == d).unwrap() as NodeId
}

#[test]
fn a_long_way_down_keeps_its_ends_and_says_the_depth() {
    let t = chain("", 30, "");
    assert_eq!(t.display_name(0), "root");
    assert_eq!(t.display_name(at_depth(&t, 12)), format!("node 1{}", ".1".repeat(11)));
    assert_eq!(t.display_name(at_depth(&t, 13)), "node 1.1.1.1…1.1.1.1 (depth 13)");
    assert_eq!(t.display_name(at_depth(&t, 30)), "node 1.1.1.1…1.1.1.1 (depth 30)");
    // Every name is short, however deep.
    assert!(t.nodes().iter().enumerate().all(|(id, _)| t.display_name(id as NodeId).len() < 40));
}

#[test]
fn below_a_named_node_the_name_starts_there() {
    let t = chain("A:(B:", 20, ")");
    let b = t.child_at(0, 0).unwrap();
    assert_eq!(t.display_name(b), "B");
    assert_eq!(t.display_name(at_depth(&t, 3)), "B1.1");
    assert_eq!(t.display_name(at_depth(&t, 21)), "B1.1.1.1…1.1.1.1 (depth 21)");
}
