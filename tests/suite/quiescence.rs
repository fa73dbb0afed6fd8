//! Quiescence search (`--quiescence`): captures searched beyond the depth limit with stand-pat.
//! Checked against an independent reference (depth-limited minimax whose horizon takes the best
//! of standing pat and every capture, without pruning), a stand-pat cut traced by hand, random
//! trees whose positions are all quiet (quiescence changes nothing there), the trace file in
//! both layouts, and the command line's refusals.

use abviz::Score;
use abviz::game::random::RandomTree;
use abviz::game::xiangqi::Xiangqi;
use abviz::game::{Game, Player};
use abviz::input::{Input, RunOptions};
use abviz::search::{self, Algorithm, Settings};
use abviz::trace::json::Layout;
use abviz::trace::{Bound, Counter, Event, NoOp, Recorder, Trace};
use assert_cmd::Command;
use proptest::prelude::*;

/// A red chariot on a0 can take a black horse on a5, which the black chariot on a9 defends.
const HANGING: &str = "r3k4/9/9/9/n8/9/9/9/9/R2K5 w";

fn quiescence() -> Settings {
    Settings { quiescence: true, ..Settings::default() }
}

/// The quiescence value (MAX's view) without pruning: the mover takes the best of standing pat
/// and every capture.
fn quiet_value<G: Game>(g: &mut G) -> Score {
    if let Some(v) = g.terminal_value() {
        return v;
    }
    let mut best = g.evaluate();
    for mv in g.quiescence_moves().unwrap() {
        g.play(mv);
        let v = quiet_value(g);
        g.undo(mv);
        best = if g.to_move() == Player::Max { best.max(v) } else { best.min(v) };
    }
    best
}

/// Minimax to `depth`, the horizon valued by [`quiet_value`]: (value, best move's index).
fn reference<G: Game>(g: &mut G, depth: u32) -> (Score, Option<usize>) {
    if let Some(v) = g.terminal_value() {
        return (v, None);
    }
    if depth == 0 {
        return (quiet_value(g), None);
    }
    let max = g.to_move() == Player::Max;
    let mut best: Option<(Score, usize)> = None;
    for (i, mv) in g.moves().into_iter().enumerate() {
        g.play(mv);
        let (v, _) = reference(g, depth - 1);
        g.undo(mv);
        if best.is_none_or(|(b, _)| if max { v > b } else { v < b }) {
            best = Some((v, i));
        }
    }
    let (v, i) = best.unwrap();
    (v, Some(i))
}

fn value(game: &Xiangqi, algo: Algorithm, depth: u32, settings: &Settings) -> (Score, String) {
    let mut g = *game;
    let outcome = search::run_with(algo, &mut g, depth, settings, &mut NoOp).unwrap();
    (outcome.value, game.move_label(outcome.best().unwrap()))
}

#[test]
fn a_hanging_piece_at_the_horizon_changes_the_result() {
    let game = Xiangqi::from_fen(HANGING).unwrap();
    // Without quiescence, depth 1 takes the horse: the recapture lies beyond the horizon.
    assert_eq!(value(&game, Algorithm::AlphaBeta, 1, &Settings::default()), (Score::from(10), "a0a5".into()));
    let (expected, _) = reference(&mut game.clone(), 1);
    assert_eq!(expected, Score::from(-392), "the reference sees the chariot lost to a9a5");
    for depth in [1, 2] {
        let (expected, _) = reference(&mut game.clone(), depth);
        for algo in Algorithm::exact() {
            let (v, best) = value(&game, algo, depth, &quiescence());
            assert_eq!(v, expected, "{algo} depth {depth}");
            assert_ne!(best, "a0a5", "{algo} depth {depth} still takes the defended horse");
        }
    }
}

#[test]
fn from_the_start_every_algorithm_agrees_with_the_reference() {
    let game = Xiangqi::start();
    // The cannon takes a horse at depth 1 (b2b9) and is taken back beyond the horizon.
    assert_eq!(value(&game, Algorithm::AlphaBeta, 1, &Settings::default()).1, "b2b9");
    let (expected, _) = reference(&mut game.clone(), 1);
    for algo in Algorithm::exact() {
        let (v, best) = value(&game, algo, 1, &quiescence());
        assert_eq!(v, expected, "{algo}");
        assert_ne!(best, "b2b9", "{algo}");
    }
    // Depth 2 by the pruning searches (minimax with quiescence is slow in a debug build).
    let (ab, _) = value(&game, Algorithm::AlphaBeta, 2, &quiescence());
    for algo in [
        Algorithm::AlphaBetaSoft,
        Algorithm::Pvs,
        Algorithm::NegaScout,
        Algorithm::Mtdf,
        Algorithm::Iterative,
    ] {
        assert_eq!(value(&game, algo, 2, &quiescence()).0, ab, "{algo} depth 2");
    }
}

fn trace(game: &Xiangqi, algo: Algorithm, depth: u32) -> Trace {
    let mut g = *game;
    let info = search::with_quiescence(algo.descriptor());
    let mut rec = Recorder::new(&info, u64::MAX);
    let outcome = search::run_with(algo, &mut g, depth, &quiescence(), &mut rec).unwrap();
    rec.finish(Default::default(), outcome.result(game))
}

/// The events of `node`'s visit, from its entry to its exit.
fn visit(t: &Trace, node: u32) -> Vec<Event> {
    let events: Vec<Event> = t.events().iter(t.nodes()).collect();
    let start = events.iter().position(|e| matches!(e, Event::Enter { node: n, .. } if *n == node)).unwrap();
    let end = events.iter().position(|e| matches!(e, Event::Exit { node: n, .. } if *n == node)).unwrap();
    events[start..=end].to_vec()
}

fn child(t: &Trace, label: &str) -> u32 {
    *t.children(0).iter().find(|&&c| t.move_label(c) == label).unwrap()
}

/// Traced by hand from the listing on HANGING at depth 1 (Red's view; the static values are
/// those of the positions after each move, black to move, and black has no capture after d0d1,
/// a0a1 or a0a2): d0d1 stands pat at −415 and returns it, so α = −415; a0a1 stands pat at −395
/// (better for Red) and returns it, α = −395; a0a2 is entered with [−395, +∞] and stands pat at
/// −402 ≤ α: Black need not capture at all, the window is empty and it returns α = −395, an
/// upper bound, without generating a move.
#[test]
fn stand_pat_cut_traced_by_hand() {
    let game = Xiangqi::from_fen(HANGING).unwrap();
    let t = trace(&game, Algorithm::AlphaBeta, 1);
    let statics = |mv: &str| {
        let mut g = game;
        let m = g.parse_move(mv).unwrap();
        g.play(m);
        g.evaluate()
    };
    assert_eq!([statics("d0d1"), statics("a0a1"), statics("a0a2")], [-415, -395, -402].map(Score::from));
    let a0a2 = child(&t, "a0a2");
    let (lo, hi, inf) = (Score::from(-395), Score::from(-402), Score::INF);
    assert_eq!(
        visit(&t, a0a2),
        [
            Event::Enter { node: a0a2, alpha: lo, beta: inf },
            Event::StandPat { node: a0a2, value: hi, alpha: lo, beta: hi },
            Event::Exit { node: a0a2, value: lo, bound: Bound::Upper },
        ]
    );
    assert!(t.children(a0a2).is_empty(), "a stand-pat cut generates no capture");
    assert!(t.summary(a0a2).stand_pat && !t.beyond_horizon(a0a2));
    // a0a5 takes the horse: Black stands pat at 10, then recaptures beyond the horizon.
    let a0a5 = child(&t, "a0a5");
    let recapture = t.children(a0a5)[0];
    assert_eq!(t.move_label(recapture), "a9a5");
    assert!(t.beyond_horizon(recapture) && !t.beyond_horizon(a0a5));
    let sentence = abviz::trace::narration::narrate(&t, stand_pat_step(&t, a0a2));
    assert!(sentence.contains("Stand pat") && sentence.contains("stand-pat cut"), "{sentence}");
    let line = abviz::trace::pseudocode::line_for(&t, stand_pat_step(&t, a0a2));
    assert!(abviz::trace::pseudocode::lines(&t)[line].contains("if stand_pat ≥ β"), "line {line}");
}

/// The step of `node`'s stand-pat event.
fn stand_pat_step(t: &Trace, node: u32) -> usize {
    t.events()
        .iter(t.nodes())
        .position(|e| matches!(e, Event::StandPat { node: n, .. } if n == node))
        .unwrap()
}

#[test]
fn the_trace_round_trips_through_both_layouts() {
    for (fen, depth) in [(HANGING, 2), ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 1)] {
        let game = Xiangqi::from_fen(fen).unwrap();
        for algo in [Algorithm::AlphaBeta, Algorithm::NegaScout, Algorithm::Iterative] {
            let t = trace(&game, algo, depth);
            assert!(t.stats().stand_pats > 0);
            for layout in [Layout::Readable, Layout::Compact] {
                let text = write(&t, layout);
                let back = Trace::from_json(&text).unwrap();
                assert_eq!(write(&back, layout), text, "{algo} {layout:?}");
                assert_eq!(back.events().len(), t.events().len(), "{algo} {layout:?}");
                assert_eq!(back.stats(), t.stats(), "{algo} {layout:?}");
                assert_eq!(back.algorithm().listing, t.algorithm().listing, "{algo} {layout:?}");
                let stand_pats = |t: &Trace| {
                    t.events().iter(t.nodes()).filter(|e| matches!(e, Event::StandPat { .. })).count() as u64
                };
                assert_eq!(stand_pats(&back), t.stats().stand_pats, "{algo} {layout:?}");
                let fringe = |t: &Trace| (0..t.nodes().len() as u32).filter(|&i| t.beyond_horizon(i)).count();
                assert_eq!(fringe(&back), fringe(&t), "{algo} {layout:?}");
            }
        }
    }
}

fn write(t: &Trace, layout: Layout) -> String {
    let mut out = Vec::new();
    t.write_json(&mut out, layout, false).unwrap();
    String::from_utf8(out).unwrap()
}

/// Every position quiet: a game whose quiescence moves are always none.
#[derive(Clone)]
struct Quiet<G>(G);

impl<G: Game> Game for Quiet<G> {
    type Move = G::Move;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn moves(&self) -> Vec<G::Move> {
        self.0.moves()
    }
    fn play(&mut self, mv: G::Move) {
        self.0.play(mv)
    }
    fn undo(&mut self, mv: G::Move) {
        self.0.undo(mv)
    }
    fn terminal_value(&self) -> Option<Score> {
        self.0.terminal_value()
    }
    fn evaluate(&self) -> Score {
        self.0.evaluate()
    }
    fn write_move_label(&self, mv: G::Move, out: &mut String) {
        self.0.write_move_label(mv, out)
    }
    fn position_key(&self) -> Option<u64> {
        self.0.position_key()
    }
    fn position_text(&self) -> String {
        self.0.position_text()
    }
    fn quiescence_moves(&self) -> Option<Vec<G::Move>> {
        Some(Vec::new())
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// With no capture anywhere, quiescence only stands pat: every algorithm returns what it
    /// returns without it, and the alpha-beta family enters exactly the same nodes.
    #[test]
    fn with_no_captures_quiescence_changes_nothing(
        b in 2u32..4, d in 2u32..5, limit in 1u32..4, seed in 0u64..1000, min_root in any::<bool>()
    ) {
        let tree = RandomTree {
            branching: b,
            depth: d,
            seed,
            values: (-9, 9),
            ordering: Default::default(),
            root_player: if min_root { Player::Min } else { Player::Max },
        };
        for algo in Algorithm::exact() {
            let run = |settings: &Settings| {
                let mut g = Quiet(tree.game());
                let mut counter = Counter::new(u64::MAX);
                let o = search::run_with(algo, &mut g, limit, settings, &mut counter).unwrap();
                (o.value, o.best_index(), counter.stats.nodes)
            };
            let (plain, quiet) = (run(&Settings::default()), run(&quiescence()));
            prop_assert_eq!(quiet.0, plain.0, "{} value", algo);
            if algo != Algorithm::NegaScout {
                // (NegaScout re-searches a depth-limit child under quiescence: it is no leaf.)
                prop_assert_eq!(quiet.2, plain.2, "{} nodes", algo);
            }
        }
    }
}

#[test]
fn the_command_line_refuses_quiescence_where_it_means_nothing() {
    let refuse = |args: &[&str], words: &str| {
        let out = Command::cargo_bin("abviz").unwrap().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(words), "{args:?}: {err}");
    };
    refuse(&["run", "--tree", "((3 12 8) (2 4 6))", "--quiescence"], "a tree has no");
    refuse(&["run", "--game", "tictactoe", "--quiescence"], "this game");
    refuse(&["run", "--game", "xiangqi", "--algo", "mcts", "--quiescence"], "--algo mcts");
    let out = Command::cargo_bin("abviz")
        .unwrap()
        .args(["run", "--game", "xiangqi", "--position", HANGING, "--depth", "1", "--quiescence"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("with quiescence search") && text.contains("  q"), "{text}");
    assert!(text.contains("Best move    a0a4"), "{text}");
    // The fringe beyond the depth limit, styled in every diagram.
    let draw = |format: &str| {
        let args =
            ["run", "--game", "xiangqi", "--position", HANGING, "--depth", "1", "--quiescence", "-f", format];
        String::from_utf8(Command::cargo_bin("abviz").unwrap().args(args).output().unwrap().stdout).unwrap()
    };
    let svg = draw("svg");
    assert!(
        svg.contains("leaf quiescence") && svg.contains("edge quiescence") && svg.contains("00897B"),
        "{svg}"
    );
    assert!(
        svg.contains("quiescence: captures beyond the depth limit") && svg.contains("9 stand-pats"),
        "{svg}"
    );
    let dot = draw("dot");
    assert!(dot.contains(r##"style="filled,dashed", color="#00897B""##), "{dot}");
    let tikz = draw("tikz");
    assert!(tikz.contains(r"\definecolor{abvizQuiesce}") && tikz.contains("draw=abvizQuiesce"), "{tikz}");
}

#[test]
fn an_input_refuses_it_too() {
    let input = Input::from_tree_text("((3 12 8) (2 4 6))", None).unwrap();
    let opts = RunOptions { settings: quiescence(), ..RunOptions::default() };
    assert!(input.trace(Algorithm::AlphaBeta, &opts).is_err());
    assert!(input.count_with(Algorithm::AlphaBeta, u64::MAX, &quiescence()).is_err());
}
