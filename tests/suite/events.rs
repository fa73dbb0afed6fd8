//! The event vocabulary beyond plain alpha-beta, recorded through the public observer API by a
//! hand-driven sequence (the algorithms that emit them come later), then written as JSON v2,
//! read back, replayed on the timeline and drawn as text: a re-search, several passes with a
//! transposition hit, and MCTS iterations.

use abviz::Score;
use abviz::export::{Format, Output, ViewOptions};
use abviz::game::notation::parse_tree;
use abviz::game::tree::ExplicitTree;
use abviz::game::{Game, Player};
use abviz::search::Algorithm;
use abviz::trace::{
    AlgorithmInfo, Bound, Event, EventKind, Features, InputInfo, NONE, Observer, PassKind, Recorder,
    SearchResult, Seen, Status, Timeline, Trace,
};

fn tree(text: &str) -> ExplicitTree {
    ExplicitTree::new(&parse_tree(text).unwrap(), Player::Max)
}

fn info(features: Features) -> AlgorithmInfo {
    AlgorithmInfo { features, ..Algorithm::AlphaBetaSoft.descriptor().clone() }
}

fn text(trace: &Trace) -> String {
    match Format::Text.exporter().export(trace, &ViewOptions::default()).unwrap() {
        Output::Text(t) => t,
        other => panic!("text export gave {other:?}"),
    }
}

/// Writes, reads back and checks that nothing was lost; returns the trace read back.
fn round_trip(trace: &Trace) -> Trace {
    let json = trace.to_json(false);
    let back = Trace::from_json(&json).unwrap_or_else(|e| panic!("{e}\n{json}"));
    assert_eq!(back.nodes(), trace.nodes());
    assert_eq!(back.events(), trace.events());
    assert_eq!(back.to_json(false), json);
    // The compact layout keeps everything too.
    let mut compact = Vec::new();
    trace.write_json(&mut compact, abviz::trace::json::Layout::Compact, false).unwrap();
    let compact = String::from_utf8(compact).unwrap();
    let from_compact = Trace::from_json(&compact).unwrap_or_else(|e| panic!("{e}\n{compact}"));
    assert_eq!(from_compact.nodes(), trace.nodes());
    assert_eq!(from_compact.events(), trace.events());
    assert_eq!(from_compact.to_json(false), json);
    back
}

/// Enters the child `index` of `g`'s position, runs `f` there and comes back.
fn child<G: Game, O: Observer<G>>(g: &mut G, index: usize, obs: &mut O, f: impl FnOnce(&mut G, &mut O)) {
    let mv = g.moves()[index];
    g.play(mv);
    f(g, obs);
    g.undo(mv);
}

/// A leaf entered with `window`: enter, evaluate, return.
fn leaf<G: Game>(g: &G, obs: &mut Recorder<G>, (alpha, beta): (Score, Score)) -> Score {
    let v = g.terminal_value().unwrap();
    obs.enter(g, alpha, beta).unwrap();
    obs.leaf(v, false);
    obs.exit(v);
    v
}

#[test]
fn a_re_search_is_a_second_visit_of_the_same_child() {
    // MAX root; its second child, a MIN node over 5 and 7, is probed with the null window
    // [3, 4], fails high (≥ 5) and is searched again with [4, +∞].
    let mut g = tree("R:(3 S:(5 7))");
    let mut rec =
        Recorder::new(&info(Features { window: true, researches: true, ..Default::default() }), 100);
    let inf = Score::INF;
    rec.enter(&g, Score::NEG_INF, inf).unwrap();
    rec.expand(&g, &g.moves()).unwrap();
    child(&mut g, 0, &mut rec, |g, rec| {
        leaf(g, rec, (Score::NEG_INF, inf));
    });
    rec.update(3.into(), 3.into(), inf);
    for (k, window) in [(3.into(), 4.into()), (4.into(), inf)].into_iter().enumerate() {
        if k == 1 {
            rec.research();
        }
        child(&mut g, 1, &mut rec, |g, rec| {
            rec.enter(g, window.0, window.1).unwrap();
            rec.expand(g, &g.moves()).unwrap();
            let mut beta = window.1;
            for i in 0..2 {
                let mut v = Score::default();
                child(g, i, rec, |g, rec| v = leaf(g, rec, window));
                beta = beta.min(v);
                rec.update(v, window.0, beta);
            }
            rec.exit(5.into());
        });
    }
    rec.update(5.into(), 5.into(), inf);
    rec.exit(5.into());
    let result =
        SearchResult { value: 5.into(), best_index: Some(1), pv_indices: vec![1, 0], ..Default::default() };
    let trace = rec.finish(InputInfo::default(), result);

    assert_eq!(trace.nodes().len(), 5, "the re-search enters the same nodes again");
    assert_eq!((trace.stats().nodes, trace.stats().nodes_distinct, trace.stats().researches), (8, 5, 1));
    assert_eq!((trace.stats().leaves, trace.stats().leaves_distinct), (5, 3));
    let s = trace.child_at(0, 1).unwrap();
    let visits: Vec<_> =
        trace.visits_of(s).map(|v| (v.alpha, v.beta, v.value, v.bound, v.research)).collect();
    assert_eq!(
        visits,
        // The probe fails high (5 ≥ β = 4), yet it searched both leaves and returned their
        // minimum: its 5 is exact, not just a lower bound.
        [(3.into(), 4.into(), 5.into(), Bound::Exact, false), (4.into(), inf, 5.into(), Bound::Exact, true)]
    );
    assert_eq!(trace.summary(s).visits, 2);
    assert!(
        trace.events().iter(trace.nodes()).any(|e| matches!(e, Event::Research { node, .. } if node == s))
    );

    let back = round_trip(&trace);
    let timeline = Timeline::new(&back);
    let research = (0..timeline.len()).find(|&k| timeline.kind(k) == EventKind::Research).unwrap();
    let frames: Vec<_> = timeline.at(research).stack.iter().map(|f| (f.node, f.alpha, f.beta)).collect();
    assert_eq!(frames, [(0, 3.into(), inf), (s, 4.into(), inf)]);
    // Between the probe's return and the re-search, S is known as 5 (both leaves were searched).
    assert_eq!(timeline.value_at(s, research - 1), Some((5.into(), Bound::Exact)));
    assert_eq!(timeline.seen(s, research), Seen::Open);
    let narration = abviz::trace::narration::narrate(&back, research);
    assert_eq!(narration, "The probe of S with [3, 4] failed high (value 5): search S again with [4, +∞].");
    let drawn = text(&back);
    assert!(
        drawn.contains("S ▼ = 5  [4, 5]  #3  (searched 2 times: [3, 4] → 5, failed high; then [4, +∞] → 5)"),
        "{drawn}"
    );
    assert!(drawn.contains("Re-searches  1"), "{drawn}");
}

#[test]
fn passes_and_a_transposition_make_a_dag() {
    // Two passes over the same tree; in the second, the first child's result comes from the
    // transposition table entry the first pass stored.
    let mut g = tree("(2 (4 6))");
    let features = Features { window: true, passes: true, transpositions: true, ..Default::default() };
    let mut rec = Recorder::new(&info(features), 100);
    let (lo, hi) = (Score::NEG_INF, Score::INF);
    for pass in 0..2u32 {
        rec.pass_start(&g, PassKind::Iteration, Some(pass + 1), lo, hi);
        rec.enter(&g, lo, hi).unwrap();
        rec.tt_probe(g.position_key().unwrap());
        rec.expand(&g, &g.moves()).unwrap();
        child(&mut g, 0, &mut rec, |g, rec| {
            let key = g.position_key().unwrap();
            rec.enter(g, lo, hi).unwrap();
            rec.tt_probe(key);
            if pass == 1 {
                rec.tt_hit(key, 2.into(), Bound::Exact, 1);
            } else {
                rec.leaf(2.into(), false);
                rec.tt_store(key, 2.into(), Bound::Exact, 1);
            }
            rec.exit(2.into());
        });
        rec.update(2.into(), 2.into(), hi);
        child(&mut g, 1, &mut rec, |g, rec| {
            rec.enter(g, 2.into(), hi).unwrap();
            rec.expand(g, &g.moves()).unwrap();
            let mut v = Score::default();
            child(g, 0, rec, |g, rec| v = leaf(g, rec, (2.into(), hi)));
            rec.update(v, 2.into(), v);
            child(g, 1, rec, |g, rec| v = leaf(g, rec, (2.into(), 4.into())));
            rec.update(v, 2.into(), 4.into());
            rec.exit(4.into());
        });
        rec.update(4.into(), 4.into(), hi);
        rec.tt_store(g.position_key().unwrap(), 4.into(), Bound::Exact, pass + 1);
        rec.exit(4.into());
        rec.pass_end(4.into());
    }
    let result =
        SearchResult { value: 4.into(), best_index: Some(1), pv_indices: vec![1, 0], ..Default::default() };
    let trace = rec.finish(InputInfo::default(), result);

    let roots: Vec<u32> = trace.roots().collect();
    assert_eq!(roots.len(), 2);
    assert_eq!(
        trace.passes().iter().map(|p| (p.root, p.depth, p.value)).collect::<Vec<_>>(),
        [(roots[0], Some(1), 4.into()), (roots[1], Some(2), 4.into())]
    );
    assert_eq!(trace.result_root(), roots[1]);
    let (first, second) = (trace.child_at(roots[0], 0).unwrap(), trace.child_at(roots[1], 0).unwrap());
    assert_eq!(trace.links(), [(second, first)]);
    assert_eq!(trace.summary(second).status, Status::Transposition);
    assert_eq!((trace.stats().passes, trace.stats().tt_hits), (2, 1));
    trace.validate_structure().unwrap();
    let order = trace.topological_order().expect("a DAG");
    let at = |id: u32| order.iter().position(|&n| n == id).unwrap();
    assert!(at(first) < at(second), "the stored node comes before the node that used it");
    assert_eq!(
        trace.pv_nodes(),
        [
            trace.child_at(roots[1], 1).unwrap(),
            trace.child_at(trace.child_at(roots[1], 1).unwrap(), 0).unwrap()
        ]
    );

    let back = round_trip(&trace);
    let timeline = Timeline::new(&back);
    let starts: Vec<usize> =
        (0..timeline.len()).filter(|&k| timeline.kind(k) == EventKind::PassStart).collect();
    assert_eq!(starts.len(), 2);
    assert!(timeline.at(starts[1]).stack.is_empty(), "between passes nothing is on the stack");
    assert_eq!(timeline.focus(starts[1] + 1), roots[1]);
    let hit = (0..timeline.len()).find(|&k| timeline.kind(k) == EventKind::TtHit).unwrap();
    let said = abviz::trace::narration::narrate(&back, hit);
    assert!(said.contains("(depth 1, stored in pass 1 when node 1 was searched)"), "{said}");
    let drawn = text(&back);
    assert_eq!(drawn.matches("Pass ").count(), 2, "{drawn}");
    assert!(drawn.contains("Pass 2 — iteration, depth 2, window [−∞, +∞]: value 4"), "{drawn}");
    assert!(drawn.contains("= value from #2 (transposition)"), "{drawn}");
    assert!(drawn.contains("TT hits      1"), "{drawn}");
}

#[test]
fn mcts_iterations_select_expand_simulate_and_back_up() {
    let mut g = tree("((1 0) (0 0))");
    let mut rec = Recorder::new(&info(Features { mcts: true, ..Default::default() }), 100);
    let (lo, hi) = (Score::NEG_INF, Score::INF);
    rec.enter(&g, lo, hi).unwrap();
    let moves = g.moves();
    // Iteration 0 and 1 expand the root's two children; iteration 2 selects the first and
    // expands its first child.
    for (i, &mv) in moves.iter().enumerate() {
        rec.iteration(i as u32).unwrap();
        rec.expand_child(&g, mv, i as u32);
        rec.simulate(2, if i == 0 { 1.0 } else { 0.0 });
        rec.backprop(1, if i == 0 { 1.0 } else { 0.0 });
        rec.backprop(i as u32 + 1, 1.0);
    }
    rec.iteration(2).unwrap();
    rec.select(0, 1, 1.0, 1.0 + (2f64 * 2f64.ln()).sqrt());
    g.play(moves[0]);
    let grandchild = g.moves()[0];
    rec.expand_child(&g, grandchild, 0);
    rec.simulate(0, 1.0);
    rec.backprop(1, 1.0);
    rec.backprop(2, 2.0);
    rec.backprop(3, 2.0);
    g.undo(moves[0]);
    rec.exit(Score::from(1));
    let result =
        SearchResult { value: 1.into(), best_index: Some(0), pv_indices: vec![0], ..Default::default() };
    let trace = rec.finish(InputInfo::default(), result);

    assert_eq!(trace.nodes().len(), 4);
    assert_eq!(trace.stats().iterations, 3);
    let a = trace.child_at(0, 0).unwrap();
    let b = trace.child_at(0, 1).unwrap();
    let a1 = trace.child_at(a, 0).unwrap();
    assert_eq!(trace.mcts(0).map(|m| (m.visits, m.total)), Some((3, 2.0)));
    assert_eq!(trace.mcts(a).map(|m| (m.visits, m.total)), Some((2, 2.0)));
    assert_eq!(trace.mcts(b).map(|m| (m.visits, m.total)), Some((1, 0.0)));
    assert_eq!(trace.mcts(a1).map(|m| m.visits), Some(1));
    // N of a node = the sum of its children's N, plus one for the iteration that expanded it
    // (the root was not expanded by an iteration).
    for id in [0, a, b, a1] {
        let kids: u32 = trace.children(id).iter().map(|&c| trace.mcts(c).unwrap().visits).sum();
        let own = u32::from(id != 0);
        assert_eq!(trace.mcts(id).unwrap().visits, kids + own, "node {id}");
    }

    let back = round_trip(&trace);
    let timeline = Timeline::new(&back);
    let sim = (0..timeline.len()).rfind(|&k| timeline.kind(k) == EventKind::Simulate).unwrap();
    assert_eq!(timeline.at(sim).stack.iter().map(|f| f.node).collect::<Vec<_>>(), [0, a, a1]);
    let select = (0..timeline.len()).find(|&k| timeline.kind(k) == EventKind::Select).unwrap();
    let said = abviz::trace::narration::narrate(&back, select);
    assert!(said.starts_with("Select node 1 (MIN): its UCT value 2.177"), "{said}");
    assert!(text(&back).contains("Root value   1"));
    assert_ne!(timeline.focus(timeline.last()), NONE);
}
