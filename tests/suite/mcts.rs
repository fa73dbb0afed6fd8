//! Monte Carlo tree search: deterministic for a seed, its N and W consistent at every step of
//! the replay, and converging on minimax (Kocsis & Szepesvári): on small random trees its most
//! visited root move is the unique minimax-best one, on tic-tac-toe it never picks a move that
//! loses against perfect play.

use abviz::Score;
use abviz::game::random::{Ordering, RandomTree};
use abviz::game::tictactoe::{TicTacToe, TttEval};
use abviz::game::{Game, Player};
use abviz::input::{Input, RunOptions};
use abviz::search::{Algorithm, MctsOptions, run, run_with};
use abviz::trace::json::Layout;
use abviz::trace::{Event, NONE, NoOp, Trace};

fn options(iterations: u32, seed: u64) -> RunOptions {
    RunOptions {
        settings: abviz::search::Settings {
            mcts: MctsOptions { iterations, seed, ..MctsOptions::default() },
            ..Default::default()
        },
        ..RunOptions::default()
    }
}

fn random_tree(branching: u32, depth: u32, seed: u64) -> RandomTree {
    RandomTree {
        branching,
        depth,
        seed,
        values: (0, 99),
        ordering: Ordering::Natural,
        root_player: Player::Max,
    }
}

fn ttt(position: &str) -> TicTacToe {
    TicTacToe::parse(position, TttEval::Win).unwrap()
}

/// The minimax value of each move from `game`'s position.
fn move_values<G: Game>(game: &G) -> Vec<Score> {
    let mut g = game.clone();
    game.moves()
        .into_iter()
        .map(|mv| {
            g.play(mv);
            let v = run(Algorithm::Minimax, &mut g, u32::MAX, &mut NoOp).unwrap().value;
            g.undo(mv);
            v
        })
        .collect()
}

/// The best value among `values` for the player to move.
fn best(values: &[Score], mover: Player) -> Score {
    match mover {
        Player::Max => *values.iter().max().unwrap(),
        Player::Min => *values.iter().min().unwrap(),
    }
}

#[test]
fn the_same_seed_gives_the_same_trace_byte_for_byte() {
    let game = Input::game(ttt("x...o...."), None);
    let a = game.trace(Algorithm::Mcts, &options(300, 7)).unwrap().to_json(false);
    let b = game.trace(Algorithm::Mcts, &options(300, 7)).unwrap().to_json(false);
    assert_eq!(a, b);
    let c = game.trace(Algorithm::Mcts, &options(300, 8)).unwrap().to_json(false);
    assert_ne!(a, c, "another seed plays other playouts");
    let tree = Input::Random(random_tree(3, 4, 5));
    let a = tree.trace(Algorithm::Mcts, &options(500, 1)).unwrap().to_json(false);
    assert_eq!(a, tree.trace(Algorithm::Mcts, &options(500, 1)).unwrap().to_json(false));
}

/// Replays the events of an MCTS trace and checks N and W after every iteration: N of a node
/// is the sum of its children's N, plus one for the iteration that added it (every node but the
/// root), plus the iterations that ended at it when it is a leaf; W moves by the playout's
/// result exactly where N moves by one; W/N lies within the results seen.
fn check_visits(trace: &Trace) {
    let n = trace.nodes().len();
    let (mut visits, mut total) = (vec![0u32; n], vec![0f64; n]);
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    let mut result = f64::NAN;
    let mut iterations = 0;
    let check = |visits: &[u32], total: &[f64], lo: f64, hi: f64| {
        for id in 0..n as u32 {
            let kids: u32 = trace.children(id).iter().map(|&c| visits[c as usize]).sum();
            let own = u32::from(id != 0);
            // (A node not yet added has N = 0; a leaf's N counts the iterations that ended there.)
            if visits[id as usize] > 0 && !trace.children(id).is_empty() {
                assert_eq!(visits[id as usize], kids + own, "N of node {id}");
            }
            if visits[id as usize] > 0 {
                let q = total[id as usize] / f64::from(visits[id as usize]);
                assert!(q >= lo - 1e-9 && q <= hi + 1e-9, "W/N of node {id}: {q} outside [{lo}, {hi}]");
            }
        }
    };
    for e in trace.events().iter(trace.nodes()) {
        match e {
            Event::Iteration { .. } => {
                check(&visits, &total, lo, hi);
                iterations += 1;
            }
            Event::Simulate { result: r, .. } => {
                result = r;
                (lo, hi) = (lo.min(r), hi.max(r));
            }
            Event::Backprop { node, visits: v, total: w } => {
                let k = node as usize;
                assert_eq!(v, visits[k] + 1, "N of node {node} grows by one");
                assert!((w - total[k] - result).abs() < 1e-9, "W of node {node} grows by the result");
                (visits[k], total[k]) = (v, w);
            }
            Event::Select { child, visits: v, total: w, uct, .. } => {
                assert_eq!((v, w), (visits[child as usize], total[child as usize]), "select reports N and W");
                assert!(uct.is_finite());
            }
            _ => {}
        }
    }
    check(&visits, &total, lo, hi);
    assert_eq!(visits[0], iterations, "every iteration passes through the root");
    for id in 0..n as u32 {
        let m = trace.mcts(id).unwrap();
        assert_eq!((m.visits, m.total), (visits[id as usize], total[id as usize]), "node {id}");
    }
}

#[test]
fn n_is_the_sum_of_the_children_and_w_follows_the_results_at_every_step() {
    let inputs = [
        Input::Random(random_tree(3, 3, 2)),
        Input::Random(random_tree(2, 6, 3)),
        Input::game(ttt("x...o...."), None),
        Input::from_tree_text("((3 12 8) (2 4 6) (14 5 2))", None).unwrap(),
    ];
    for input in inputs {
        let trace = input.trace(Algorithm::Mcts, &options(400, 3)).unwrap();
        assert_eq!(trace.stats().iterations, 400);
        check_visits(&trace);
    }
    // A finished game: every iteration ends at the root, a leaf.
    let over = Input::game(ttt("xxxoo...."), None).trace(Algorithm::Mcts, &options(5, 1)).unwrap();
    assert_eq!(over.nodes().len(), 1);
    assert_eq!(over.mcts(0).unwrap().visits, 5);
    assert_eq!(over.result().best_move, None);
}

#[test]
fn on_small_random_trees_the_most_visited_move_is_the_unique_minimax_best() {
    // Every tree of this shape (3 × 3 × 3, leaves 0..99, seeds 1..=40) whose best root move is
    // unique by a margin of at least 5: 3,000 iterations find it.
    let mut checked = 0;
    for seed in 1..=40 {
        let shape = random_tree(3, 3, seed);
        let values = move_values(&shape.game());
        let top = best(&values, Player::Max);
        let mut sorted = values.clone();
        sorted.sort();
        if sorted[sorted.len() - 2].raw() + 5 > top.raw() {
            continue;
        }
        let trace = Input::Random(shape).trace(Algorithm::Mcts, &options(3000, 1)).unwrap();
        let chosen = trace.result().best_index.unwrap() as usize;
        assert_eq!(values[chosen], top, "seed {seed}: MCTS chose child {chosen} of {values:?}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} trees had a clear best move");
}

#[test]
fn on_tic_tac_toe_twenty_thousand_iterations_never_pick_a_losing_move() {
    // Positions with both players to move, several of them with only one move that holds.
    let positions = [
        ".........", // the empty board: every move draws
        "x........", // O must take the centre
        "....x....", // O must take a corner
        "x...o...x", // O must take an edge
        "x.o.x....", // O must block at c3
        "xo..x....", // O must block at c3
        "x...o....", // X to move: anything but a losing line
        "xx.oo....", // X wins at c1
        "xo.xo....", // X must block b3 (and O threatens); X to move
        "oxx.x.o..", // O to move, must block
    ];
    for position in positions {
        let game = ttt(position);
        let values = move_values(&game);
        let want = best(&values, game.to_move());
        let opts = MctsOptions { iterations: 20_000, ..MctsOptions::default() };
        let outcome = run_with(
            Algorithm::Mcts,
            &mut game.clone(),
            u32::MAX,
            &abviz::search::Settings { mcts: opts, ..Default::default() },
            &mut NoOp,
        )
        .unwrap();
        let chosen = outcome.best_index().unwrap() as usize;
        assert_eq!(values[chosen], want, "{position}: MCTS chose move {chosen} of {values:?}");
    }
}

#[test]
fn on_nim_it_finds_a_move_to_a_zero_nim_sum() {
    // Bouton: from 1,2,4 (nim-sum 7) the winning moves leave nim-sum 0; minimax agrees.
    for heaps in [[1u8, 2, 4], [2, 3, 4]] {
        let game = abviz::game::nim::Nim::new(&heaps).unwrap();
        let values = move_values(&game);
        let want = best(&values, game.to_move());
        let opts = MctsOptions { iterations: 20_000, ..MctsOptions::default() };
        let outcome = run_with(
            Algorithm::Mcts,
            &mut game.clone(),
            u32::MAX,
            &abviz::search::Settings { mcts: opts, ..Default::default() },
            &mut NoOp,
        )
        .unwrap();
        let chosen = outcome.best_index().unwrap() as usize;
        assert_eq!(values[chosen], want, "{heaps:?}: MCTS chose move {chosen} of {values:?}");
        let mut after = game;
        after.play(game.moves()[chosen]);
        assert_eq!(after.nim_sum(), 0, "{heaps:?}");
    }
}

/// The counts describe the tree MCTS grew: nodes per depth from the nodes themselves, interior
/// nodes are those with children, one evaluation (a playout) per iteration, distinct ones from
/// nodes new to the tree; and counting without a trace (`--stats-only`) gives the same numbers.
#[test]
fn the_counts_describe_the_tree_it_grew() {
    let inputs = [
        Input::Random(random_tree(3, 3, 2)),
        Input::game(ttt("x...o...."), None),
        Input::game(ttt("xxxoo...."), None),
    ];
    for input in inputs {
        let trace = input.trace(Algorithm::Mcts, &options(300, 5)).unwrap();
        let s = trace.stats();
        let mut per_depth = vec![0u64; 1 + trace.nodes().iter().map(|n| n.depth as usize).max().unwrap()];
        for n in trace.nodes() {
            per_depth[n.depth as usize] += 1;
        }
        assert_eq!(s.per_depth, per_depth);
        assert_eq!(s.max_depth as usize, per_depth.len() - 1);
        assert_eq!(s.nodes, trace.nodes().len() as u64);
        let with_children =
            (0..trace.nodes().len() as u32).filter(|&id| !trace.children(id).is_empty()).count();
        assert_eq!(s.interior, with_children as u64);
        assert_eq!((s.leaves, s.iterations), (300, 300), "one playout per iteration");
        let fresh = trace.events().iter(trace.nodes()).filter(|e| matches!(e, Event::Expand { .. })).count();
        assert_eq!(
            s.leaves_distinct,
            fresh.max(1) as u64,
            "a playout from each new node (the root when it is over)"
        );
        let opts = options(300, 5);
        let (_, counted) = input.count_with(Algorithm::Mcts, opts.max_nodes, &opts.settings).unwrap();
        assert_eq!(&counted, s, "--stats-only counts the same");
    }
}

#[test]
fn the_node_budget_stops_it_and_a_depth_limit_bounds_its_tree() {
    let input = Input::game(ttt("........."), None);
    let opts = RunOptions { max_nodes: 50, ..options(1000, 1) };
    let err = input.trace(Algorithm::Mcts, &opts).unwrap_err().to_string();
    assert!(err.contains("50 nodes"), "{err}");
    let shallow = Input::game(ttt("........."), Some(2)).trace(Algorithm::Mcts, &options(500, 1)).unwrap();
    assert!(shallow.nodes().iter().all(|n| n.depth <= 2));
    assert!(shallow.nodes().iter().any(|n| n.depth == 2 && n.parent != NONE));
    check_visits(&shallow);
}

#[test]
fn borders_are_as_heavy_as_the_share_of_visits() {
    let t = Input::game(TicTacToe::new(TttEval::Win), None).trace(Algorithm::Mcts, &options(300, 1)).unwrap();
    let dot = match abviz::export::Format::Dot.exporter().export(&t, &Default::default()).unwrap() {
        abviz::export::Output::Text(s) => s,
        _ => unreachable!("DOT is text"),
    };
    // The root's children: each one's penwidth (its node's line) with its visit count (the text
    // beside it, a node of its own in the cluster `cluster_n<ID>`).
    let line = |start: &str| dot.lines().find(|l| l.trim_start().starts_with(start));
    let mut widths: Vec<(u32, f64)> = t
        .children(0)
        .iter()
        .filter_map(|&c| {
            let node = line(&format!("n{c} "))?;
            let w = node.split("penwidth=").nth(1)?.split(',').next()?.parse().ok()?;
            let beside = line(&format!("subgraph cluster_n{c} "))?;
            let n = beside.split(">N ").nth(1)?.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()?;
            Some((n, w))
        })
        .collect();
    widths.sort_by_key(|&(n, _)| n);
    assert_eq!(widths.len(), 9, "{dot}");
    let (least, most) = (widths[0], widths[widths.len() - 1]);
    assert!(most.0 > least.0 && most.1 > least.1, "{least:?} {most:?}");
}

/// With `--record-playouts` every simulate event has its playout's moves: replayed from the
/// expanded node's position they are legal, as many as the event says, and end where the
/// event's result says (who won); the trace file keeps them in both layouts; without the flag
/// nothing is recorded.
#[test]
fn recorded_playouts_replay_to_their_results() {
    let game = Input::game(ttt("x...o...."), None);
    let mut opts = options(200, 3);
    opts.record_playouts = true;
    let trace = game.trace(Algorithm::Mcts, &opts).unwrap();
    let simulations: Vec<(usize, u32, u32, f64)> = trace
        .events()
        .iter(trace.nodes())
        .enumerate()
        .filter_map(|(k, e)| match e {
            Event::Simulate { node, length, result } => Some((k, node, length, result)),
            _ => None,
        })
        .collect();
    assert_eq!(simulations.len(), 200);
    assert_eq!(trace.playouts().len(), 200);
    for &(step, node, length, result) in &simulations {
        let playout = trace.playout_at(step).expect("a playout at every simulate event");
        assert_eq!(playout.moves.len() as u32, length, "step {step}");
        let mut g = ttt(&trace.position(node).unwrap());
        for &m in &playout.moves {
            let label = &trace.labels()[m as usize];
            let mv = g.moves().into_iter().find(|&mv| &g.move_label(mv) == label);
            g.play(mv.unwrap_or_else(|| panic!("{label} is not legal at step {step}")));
        }
        let won = match g.terminal_value().expect("a tic-tac-toe playout ends the game").raw().signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
        assert_eq!(won, result, "step {step}");
    }
    // The narration lists the moves.
    let (k, _, length, _) = simulations.iter().copied().find(|s| s.2 >= 2).unwrap();
    let first = &trace.labels()[trace.playout_at(k).unwrap().moves[0] as usize];
    let said = abviz::trace::narration::narrate(&trace, k);
    assert!(said.contains(&format!("{length} moves ({first} ")), "{said}");
    // Both layouts of the trace file keep them.
    for layout in [Layout::Readable, Layout::Compact] {
        let mut text = Vec::new();
        trace.write_json(&mut text, layout, false).unwrap();
        let text = String::from_utf8(text).unwrap();
        let back = Trace::from_json(&text).unwrap();
        let moves = |t: &Trace| -> Vec<(u32, Vec<String>)> {
            t.playouts()
                .iter()
                .map(|p| (p.step, p.moves.iter().map(|&m| t.labels()[m as usize].clone()).collect()))
                .collect()
        };
        assert_eq!(moves(&back), moves(&trace), "{layout:?}");
        assert_eq!(abviz::trace::narration::narrate(&back, k), said);
    }
    // A hand-edited file whose playout is not at a simulate event is refused.
    let bad =
        trace.to_json(false).replacen("\"step\": 4,\n      \"moves\"", "\"step\": 3,\n      \"moves\"", 1);
    assert_ne!(bad, trace.to_json(false));
    assert!(Trace::from_json(&bad).unwrap_err().to_string().contains("not at a simulate event"));
    // Off by default.
    let plain = game.trace(Algorithm::Mcts, &options(200, 3)).unwrap();
    assert!(plain.playouts().is_empty());
    assert!(!plain.to_json(false).contains("\"playouts\""));
}

/// `--min-visits K` and the automatic collapse count the same nodes: every child visited K times
/// or more under a drawn node is drawn, even when the subtrees are big enough for the collapse
/// (the README's example: 2,000 iterations, K = 50).
#[test]
fn min_visits_draws_every_child_it_keeps() {
    use abviz::export::ViewOptions;
    use abviz::export::view::{Item, View};
    let trace =
        Input::game(TicTacToe::new(TttEval::Win), None).trace(Algorithm::Mcts, &options(2000, 1)).unwrap();
    let opts = ViewOptions { min_visits: Some(50), ..ViewOptions::default() };
    let view = View::new(&trace, &opts);
    let mut checked = 0;
    for item in view.items() {
        let Item::Node(id) = *item else { continue };
        for &c in trace.children(id) {
            if trace.mcts(c).is_some_and(|m| m.visits >= 50) {
                assert!(
                    view.index_of(c).is_some(),
                    "node {c} (N {}) is folded",
                    trace.mcts(c).unwrap().visits
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "only {checked} children with 50 visits or more");
}
