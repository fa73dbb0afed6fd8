//! The timeline (the state at step k) against a brute-force replay of the events, and the
//! textbook's moments.

use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::timeline::CHECKPOINT;
use abviz::trace::*;
use abviz::{Player, Score};

fn aima(algo: Algorithm) -> Trace {
    let input = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None).unwrap();
    input.trace(algo, &RunOptions::default()).unwrap()
}

fn named(trace: &Trace, name: &str) -> NodeId {
    (0..trace.nodes().len() as NodeId).find(|&i| trace.name(i) == Some(name)).unwrap()
}

/// One frame of [`brute`]'s stack: node, window, children reported, the last of them.
type BruteFrame = (NodeId, Score, Score, u32, Option<NodeId>);

/// Replays the events by brute force (a stack machine over their data) to check the
/// timeline's pointers.
fn brute(trace: &Trace, step: usize) -> (Counts, Vec<BruteFrame>) {
    let mut stack: Vec<BruteFrame> = Vec::new();
    let mut counts = Counts::default();
    let events: Vec<Event> = trace.events().iter(trace.nodes()).take(step + 1).collect();
    for (k, e) in events.iter().enumerate() {
        match *e {
            Event::Enter { node, alpha, beta } | Event::Research { node, alpha, beta } => {
                stack.push((node, alpha, beta, 0, None))
            }
            Event::Update { child, alpha, beta, .. } => {
                let top = stack.last_mut().unwrap();
                (top.1, top.2, top.3, top.4) = (alpha, beta, top.3 + 1, Some(child));
            }
            Event::Cutoff { alpha, beta, .. } => {
                let top = stack.last_mut().unwrap();
                (top.1, top.2) = (alpha, beta);
            }
            // The exiting node stays the focus of its own step.
            Event::Exit { .. } if k < step => {
                stack.pop();
            }
            _ => {}
        }
        counts.add(e);
    }
    (counts, stack)
}

#[test]
fn snapshots_agree_with_a_brute_force_replay() {
    let traces = [
        aima(Algorithm::AlphaBeta),
        aima(Algorithm::Minimax),
        Input::from_tree_text("((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))", None)
            .unwrap()
            .trace(Algorithm::AlphaBetaSoft, &RunOptions::default())
            .unwrap(),
        Input::Random(abviz::game::random::RandomTree {
            branching: 4,
            depth: 6,
            seed: 7,
            values: (-20, 20),
            ordering: abviz::game::random::Ordering::Natural,
            root_player: Player::Max,
        })
        .trace(Algorithm::NegamaxAb, &RunOptions::default())
        .unwrap(),
        // Re-searches: a node entered again starts a fresh frame (no child reported yet).
        Input::from_tree_text("((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))", None)
            .unwrap()
            .trace(Algorithm::Pvs, &RunOptions::default())
            .unwrap(),
    ];
    assert!(traces[4].stats().researches > 0, "the PVS trace re-searches");
    assert!(traces[3].events().len() > 2 * CHECKPOINT, "the random tree spans checkpoints");
    for trace in &traces {
        let timeline = Timeline::new(trace);
        for step in 0..trace.events().len() {
            let snap = timeline.at(step);
            let (counts, frames) = brute(trace, step);
            let ids: Vec<NodeId> = frames.iter().map(|f| f.0).collect();
            let windows: Vec<(Score, Score)> = frames.iter().map(|f| (f.1, f.2)).collect();
            let got: Vec<NodeId> = snap.stack.iter().map(|f| f.node).collect();
            assert_eq!(got, ids, "stack at step {step}");
            let got: Vec<(Score, Score)> = snap.stack.iter().map(|f| (f.alpha, f.beta)).collect();
            assert_eq!(got, windows, "windows at step {step}");
            assert_eq!(snap.counts, counts, "counts at step {step}");
            let got: Vec<u32> = snap.stack.iter().map(|f| f.reported).collect();
            assert_eq!(
                got,
                frames.iter().map(|f| f.3).collect::<Vec<_>>(),
                "children reported at step {step}"
            );
            // Each frame's child: the next frame's node, the top's the child that reported last.
            if let (Some(top), Some(want)) = (snap.top(), frames.last()) {
                assert_eq!(top.child, want.4, "the top's last child at step {step}");
            }
            assert_eq!(timeline.top(step).as_ref(), snap.top(), "the top alone at step {step}");
        }
        let end = timeline.counts(timeline.last());
        assert_eq!(end.nodes as u64, trace.stats().nodes);
        assert_eq!(end.leaves as u64, trace.stats().leaves);
        assert_eq!(end.cutoffs as u64, trace.stats().cutoffs);
        assert_eq!(end.pruned as u64, trace.stats().pruned);
    }
}

#[test]
fn the_aima_cutoff_at_c() {
    let trace = aima(Algorithm::AlphaBeta);
    let timeline = Timeline::new(&trace);
    let (a, b, c) = (named(&trace, "A"), named(&trace, "B"), named(&trace, "C"));
    let first = timeline.next_cutoff(0).unwrap();
    assert_eq!(timeline.event(first).node(), Some(c));
    assert_eq!(timeline.cutoff_steps().len(), 2);
    assert_eq!(timeline.prev_cutoff(first), None);
    assert_eq!(timeline.prev_cutoff(first + 1), Some(first));
    let snap = timeline.at(first);
    assert_eq!(snap.focus, c);
    assert_eq!(snap.stack.iter().map(|f| f.node).collect::<Vec<_>>(), vec![a, c]);
    // A holds α = 3 from B; C's β fell to 2 below it: the α-cutoff.
    assert_eq!((snap.stack[0].alpha, snap.stack[0].beta), (3.into(), Score::INF));
    assert_eq!((snap.stack[1].alpha, snap.stack[1].beta), (3.into(), 2.into()));
    assert_eq!(
        (snap.counts.nodes, snap.counts.leaves, snap.counts.cutoffs, snap.counts.pruned),
        (7, 4, 1, 2)
    );
    assert_eq!(timeline.seen(b, first), Seen::Valued);
    assert_eq!(timeline.seen(c, first), Seen::Open);
    assert!(timeline.cut_by(c, first) && !timeline.cut_by(c, first - 1));
    let pruned: Vec<NodeId> =
        trace.children(c).iter().copied().filter(|&x| !trace.node(x).visited()).collect();
    assert_eq!(pruned.len(), 2);
    for &p in &pruned {
        assert_eq!(timeline.seen(p, first - 1), Seen::Hidden);
        assert_eq!(timeline.seen(p, first), Seen::Pruned);
    }
    assert_eq!(timeline.seen(named(&trace, "D"), first), Seen::Hidden);
    assert_eq!(timeline.subtree_size(c), 4);
    assert_eq!(timeline.subtree_size(a), trace.nodes().len() as u32);
    // The update before the cutoff: C's β fell from +∞ to 2.
    let update = first - 1;
    assert_eq!(timeline.window_before(update), (3.into(), Score::INF));
    assert_eq!(timeline.window(update), (3.into(), 2.into()));
}

#[test]
fn minimax_keeps_the_best_value_so_far() {
    let trace = aima(Algorithm::Minimax);
    let timeline = Timeline::new(&trace);
    assert!(timeline.cutoff_steps().is_empty());
    let b = named(&trace, "B");
    // After B's second leaf reported: best so far min(3, 12) = 3.
    let step = (0..trace.events().len())
        .filter(|&s| timeline.kind(s) == EventKind::Update && timeline.focus(s) == b)
        .nth(1)
        .unwrap();
    let snap = timeline.at(step);
    assert_eq!(timeline.best_so_far(snap.top().unwrap()), Some(3.into()));
    assert_eq!(snap.top().unwrap().reported, 2);
}
