//! Why iterative deepening searched a child first (`--ordering-heuristics`): the order events
//! agree with an independent recomputation from the rest of the trace (the table's move is the
//! best child of the latest stored search of the same position, a killer caused a cutoff at the
//! same ply before, a history score is the sum of depth² over the move's earlier cutoffs), they
//! survive both JSON layouts, and the views word them.

use abviz::game::Player;
use abviz::game::xiangqi::Xiangqi;
use abviz::search::{self, Algorithm, Heuristics, Settings};
use abviz::trace::json::Layout;
use abviz::trace::{Event, NodeId, OrderReason, Recorder, Trace};
use std::collections::HashMap;

/// Iterative deepening on xiangqi from the start to `depth` with `heuristics`.
fn trace(heuristics: &str, depth: u32) -> Trace {
    let mut g = Xiangqi::default();
    let algo = Algorithm::Iterative;
    let settings = Settings { heuristics: heuristics.parse::<Heuristics>().unwrap(), ..Settings::default() };
    let mut rec = Recorder::new(algo.descriptor(), u64::MAX);
    let outcome = search::run_with(algo, &mut g, depth, &settings, &mut rec).unwrap();
    rec.finish(Default::default(), outcome.result(&Xiangqi::default()))
}

/// `node`'s child at place `index` in search order.
fn child_at(t: &Trace, node: NodeId, index: u32) -> NodeId {
    t.children(node).iter().copied().find(|&c| t.node(c).index == index).expect("the child exists")
}

/// Checks every order event of `t` against the events before it; returns how many of each
/// reason it saw (tt, killer, history).
fn check(t: &Trace) -> [usize; 3] {
    let events: Vec<Event> = t.events().iter(t.nodes()).collect();
    let mut key_of: HashMap<NodeId, u64> = HashMap::new();
    // The latest store per position key: (node, depth).
    let mut stored: HashMap<u64, (NodeId, u32)> = HashMap::new();
    // The depths (from the pass root) where each move caused a cutoff, and its history score.
    let mut killers: HashMap<(String, u16), ()> = HashMap::new();
    let mut history: HashMap<String, u64> = HashMap::new();
    let mut pass_depth = 0;
    let mut seen = [0; 3];
    let mut places: HashMap<NodeId, Vec<u32>> = HashMap::new();
    for e in &events {
        match *e {
            Event::PassStart { depth, .. } => pass_depth = depth.unwrap(),
            Event::TtProbe { node, key } => {
                key_of.insert(node, key);
            }
            Event::TtStore { node, depth, .. } => {
                stored.insert(key_of[&node], (node, depth));
            }
            Event::Cutoff { node, child, .. } => {
                let mv = t.move_label(child).to_string();
                let d = t.node(node).depth;
                killers.insert((mv.clone(), d), ());
                let remaining = u64::from(pass_depth - u32::from(d));
                *history.entry(mv).or_default() += remaining * remaining;
            }
            Event::Order { node, index, reason, depth, score } => {
                places.entry(node).or_default().push(index);
                let mv = t.move_label(child_at(t, node, index)).to_string();
                match reason {
                    OrderReason::Tt => {
                        seen[0] += 1;
                        assert_eq!(index, 0, "the table's move comes first");
                        let (from, stored_depth) = stored[&key_of[&node]];
                        assert_eq!(depth, stored_depth);
                        assert_eq!(t.move_label(best_child(t, &events, from)), mv, "node {node}");
                    }
                    OrderReason::Killer => {
                        seen[1] += 1;
                        assert!(killers.contains_key(&(mv.clone(), t.node(node).depth)), "{mv} at {node}");
                    }
                    OrderReason::History => {
                        seen[2] += 1;
                        assert_eq!(history.get(&mv).copied(), Some(score), "{mv} at {node}");
                    }
                }
            }
            _ => {}
        }
    }
    // The children a heuristic moved are the first ones, at most three.
    for (node, p) in places {
        assert_eq!(p, (0..p.len() as u32).collect::<Vec<_>>(), "node {node}");
        assert!(p.len() <= abviz::trace::ORDER_REASONS);
    }
    seen
}

/// The child `node`'s search kept as best: the first whose value beat every earlier one, for
/// the mover (values are MAX's view).
fn best_child(t: &Trace, events: &[Event], node: NodeId) -> NodeId {
    let max = t.node(node).player == Player::Max;
    let mut best: Option<(abviz::Score, NodeId)> = None;
    for e in events {
        if let Event::Update { node: n, child, value, .. } = *e
            && n == node
            && best.is_none_or(|(b, _)| if max { value > b } else { value < b })
        {
            best = Some((value, child));
        }
    }
    best.unwrap().1
}

#[test]
fn reasons_agree_with_the_rest_of_the_trace() {
    let seen = |h: &str| check(&trace(h, 3));
    assert_eq!(seen("none"), [0, 0, 0], "no heuristic, no reason");
    let tt = seen("tt");
    assert!(tt[0] > 0 && tt[1] == 0 && tt[2] == 0, "{tt:?}");
    let killer = seen("killer");
    assert!(killer[0] == 0 && killer[1] > 0 && killer[2] == 0, "{killer:?}");
    let history = seen("history");
    assert!(history[0] == 0 && history[1] == 0 && history[2] > 0, "{history:?}");
    let all = seen("tt,killer,history");
    assert!(all.iter().all(|&n| n > 0), "{all:?}");
    let two = seen("killer,history");
    assert!(two[0] == 0 && two[1] > 0 && two[2] > 0, "{two:?}");
}

#[test]
fn reasons_round_trip_through_both_layouts() {
    let t = trace("tt,killer,history", 3);
    assert!(!t.order_notes().is_empty());
    let json = t.to_json(false);
    assert!(json.contains(r#""kind":"order""#) || json.contains(r#""kind": "order""#));
    let back = Trace::from_json(&json).unwrap();
    assert_eq!(back.events(), t.events());
    let mut compact = Vec::new();
    t.write_json(&mut compact, Layout::Compact, false).unwrap();
    let from_compact = Trace::from_json(&String::from_utf8(compact).unwrap()).unwrap();
    assert_eq!(from_compact.events(), t.events());
    assert_eq!(from_compact.to_json(false), json);
}

#[test]
fn views_word_the_reasons() {
    let t = trace("tt,killer,history", 3);
    let step = |reason: OrderReason| {
        let n = t.order_notes().iter().find(|o| o.reason == reason).unwrap();
        (n.step as usize, child_at(&t, n.node, n.index))
    };
    let (s, c) = step(OrderReason::Tt);
    let sentence = abviz::trace::narration::narrate(&t, s);
    assert!(
        sentence.starts_with(&format!("Searched first: {}, the table's best move", t.move_label(c))),
        "{sentence}"
    );
    let line = abviz::trace::pseudocode::line_for(&t, s);
    assert!(abviz::trace::pseudocode::lines(&t)[line].contains("for each child"), "line {line}");
    let (s, _) = step(OrderReason::Killer);
    assert!(abviz::trace::narration::narrate(&t, s).contains("a killer move at ply"));
    let (s, _) = step(OrderReason::History);
    assert!(abviz::trace::narration::narrate(&t, s).contains("history score"));
    // The text view tags the moves.
    let text = match abviz::export::Format::Text
        .exporter()
        .export(&t, &abviz::export::ViewOptions { max_depth: Some(3), ..Default::default() })
        .unwrap()
    {
        abviz::export::Output::Text(text) => text,
        other => panic!("{other:?}"),
    };
    for tag in ["[tt]", "[killer]", "[history "] {
        assert!(text.contains(tag), "no {tag}");
    }
    // Without a heuristic nothing is tagged.
    let plain = trace("none", 2);
    assert!(plain.order_notes().is_empty());
}
