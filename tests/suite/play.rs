//! `abviz play`: scripted games through a pipe, and an exhaustive check that the engine never
//! loses tic-tac-toe at full depth.

use abviz::Score;
use abviz::game::tictactoe::{TicTacToe, TttEval};
use abviz::game::{Game, Player};
use abviz::play::{End, Engine};
use abviz::search::Algorithm;
use abviz::trace::{InputInfo, Trace};
use assert_cmd::Command;
use predicates::str::contains;
use std::collections::HashMap;

/// A trace an explain site wrote (gzipped), read as `abviz render` reads it.
fn read_trace(path: &std::path::Path) -> Trace {
    abviz::search::read_trace_from(std::fs::File::open(path).unwrap()).unwrap()
}

fn abviz() -> Command {
    let mut c = Command::cargo_bin("abviz").unwrap();
    c.env("NO_COLOR", "1");
    c
}

/// The best result the human can force against the engine from `game` (MAX's view), trying
/// every human move; the engine answers with its choice.
fn best_for_human(
    game: &mut TicTacToe,
    human: Player,
    engine: &Engine,
    memo: &mut HashMap<String, Score>,
) -> Score {
    let key = game.notation();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let v = if let Some(v) = game.terminal_value() {
        v
    } else if game.to_move() == human {
        let values = game.moves().into_iter().map(|mv| {
            game.play(mv);
            let v = best_for_human(game, human, engine, memo);
            game.undo(mv);
            v
        });
        match human {
            Player::Max => values.max().unwrap(),
            Player::Min => values.min().unwrap(),
        }
    } else {
        let d = engine.decide(game, &InputInfo::default()).unwrap();
        let mv = game.moves()[d.best_index().unwrap()];
        game.play(mv);
        let v = best_for_human(game, human, engine, memo);
        game.undo(mv);
        v
    };
    memo.insert(key, v);
    v
}

#[test]
fn the_engine_never_loses_whoever_starts() {
    for algo in [Algorithm::AlphaBeta, Algorithm::Minimax, Algorithm::NegamaxAb] {
        let engine = Engine {
            algo,
            depth: None,
            max_nodes: u64::MAX,
            time: None,
            mcts: Default::default(),
            quiescence: false,
        };
        for human in [Player::Max, Player::Min] {
            let mut memo = HashMap::new();
            let v = best_for_human(&mut TicTacToe::new(TttEval::Win), human, &engine, &mut memo);
            assert_eq!(v, Score::from(0), "{algo}: a human playing {human:?} can force {v}");
        }
    }
}

/// The human tries cells in this order (an occupied cell is refused and the next line is read).
fn script(order: &[u8]) -> String {
    order.iter().map(|c| format!("{c}\n")).collect()
}

#[test]
fn scripted_games_through_a_pipe_end_without_a_human_win() {
    let orders: [[u8; 9]; 4] = [
        [1, 2, 3, 4, 5, 6, 7, 8, 9],
        [5, 1, 9, 3, 7, 2, 8, 4, 6],
        [9, 8, 7, 6, 5, 4, 3, 2, 1],
        [2, 4, 6, 8, 5, 1, 3, 7, 9],
    ];
    for first in ["human", "computer"] {
        for order in &orders {
            let out = abviz()
                .args(["play", "--game", "tictactoe", "--first", first])
                .write_stdin(script(order))
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{text}");
            assert!(text.contains("Result: "), "the game ends with a result line:\n{text}");
            assert!(!text.contains("you win"), "{first} {order:?}:\n{text}");
        }
    }
}

#[test]
fn refusals_undo_hint_and_quit() {
    abviz()
        .args(["play", "--game", "tictactoe"])
        .write_stdin("b2\nb2\nzz\n9 9\nhint\nundo\nundo\nexplain-me\n0\n")
        .assert()
        .success()
        .stdout(contains("Your move (X): b2\n"))
        .stdout(contains("Computer (O) plays a1"))
        .stdout(contains("Not played: b2 is taken by X."))
        .stdout(contains("Not played: 'zz' is not a cell"))
        .stdout(contains("Not played: '9 9' is not a cell"))
        .stdout(contains("Hint: the engine would play"))
        .stdout(contains("Took back 2 moves."))
        .stdout(contains("Nothing to undo: you have not moved yet."))
        .stdout(contains("Bye."));
}

#[test]
fn end_of_input_leaves_cleanly() {
    abviz()
        .args(["play", "--game", "tictactoe", "--first", "computer"])
        .write_stdin("")
        .assert()
        .success()
        .stdout(contains("Computer (X) plays a1"))
        .stdout(contains("End of input: leaving the game."));
}

#[test]
fn explain_writes_one_trace_per_computer_move() {
    let dir = tempfile::tempdir().unwrap();
    let out = abviz()
        .args(["play", "--game", "tictactoe", "--explain"])
        .arg(dir.path())
        .write_stdin(script(&[5, 1, 9, 3, 7, 2, 8, 4, 6]))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let computer_moves = text.matches("Computer (O) plays").count();
    assert!(computer_moves >= 3, "{text}");
    let traces: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".json.gz"))
        .collect();
    assert_eq!(traces.len(), computer_moves);
    for p in &traces {
        let t = read_trace(p);
        assert!(t.stats().nodes > 0 && t.result().best_move.is_some());
        assert!(p.with_extension("").with_extension("txt").exists());
    }
    let index = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    assert_eq!(index.matches("<tr><td class=\"num\">").count(), computer_moves);
}

#[test]
fn play_rejects_what_it_cannot_play() {
    // Trees are searched, not played: play offers only game options.
    abviz()
        .args(["play", "--tree", "(1 2)"])
        .assert()
        .code(2)
        .stderr(contains("unexpected argument '--tree'"));
    abviz().arg("play").assert().code(2).stderr(contains("--game <NAME>"));
    let help = abviz().args(["play", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for flag in ["--tree", "--random", "--root", "--values", "--ordering"] {
        assert!(!help.contains(&format!("{flag} ")), "play --help offers {flag}");
    }
    abviz()
        .args(["play", "--game", "tictactoe", "--time", "0"])
        .assert()
        .code(2)
        .stderr(contains("positive number of seconds"));
    abviz()
        .args(["play", "--game", "tictactoe", "--position", "XXX/OO./..."])
        .write_stdin("")
        .assert()
        .success()
        .stdout(contains("Result: X wins"));
}

#[test]
fn a_tiny_budget_still_plays_the_deepest_finished_search() {
    abviz()
        .args(["play", "--game", "tictactoe", "--first", "computer", "--max-nodes", "200"])
        .write_stdin("0\n")
        .assert()
        .success()
        .stdout(contains("Computer (X) plays"))
        .stdout(contains("at depth"));
}

#[test]
fn xiangqi_play_refuses_illegal_moves_and_answers() {
    abviz()
        .args(["play", "--game", "xiangqi", "--depth", "2"])
        .write_stdin("e0e2\nh2e9\nh2e2\nquit\n")
        .assert()
        .success()
        .stdout(contains("You play Red (MAX)"))
        .stdout(contains("Not played: 'e0e2' is not a legal move here"))
        .stdout(contains("Not played: 'h2e9' is not a legal move here"))
        .stdout(contains("Computer (Black) plays"))
        .stdout(contains("Bye."));
}

#[test]
fn a_huge_line_is_refused_without_keeping_it() {
    let mut input = "x".repeat(5_000_000);
    input.push_str("\nb2\nquit\n");
    abviz()
        .args(["play", "--game", "tictactoe"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(contains("Not played: that line is longer than 4096 bytes."))
        .stdout(contains("Computer (O) plays"));
}

/// Perfect play with the length of the game: (value for MAX, plies to the end), where the side
/// that wins ends the game as soon as it can and the side that loses holds out as long as it can.
fn perfect(game: &mut TicTacToe, memo: &mut HashMap<String, (Score, usize)>) -> (Score, usize) {
    let key = game.notation();
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let r = if let Some(v) = game.terminal_value() {
        (Score::from(v.cmp(&Score::from(0)) as i32), 0)
    } else {
        let sign = if game.to_move() == Player::Max { 1 } else { -1 };
        let mut best: Option<(Score, usize)> = None;
        for mv in game.moves() {
            game.play(mv);
            let (v, n) = perfect(game, memo);
            game.undo(mv);
            let (v, n) = (v, n + 1);
            // Order for the mover: higher value first; a win sooner, a loss later.
            let key = |(v, n): (Score, usize)| {
                let mine = if sign > 0 { v } else { -v };
                let n = n as i64;
                (mine, if mine > Score::from(0) { -n } else { n })
            };
            if best.is_none_or(|b| key((v, n)) > key(b)) {
                best = Some((v, n));
            }
        }
        best.unwrap()
    };
    memo.insert(key, r);
    r
}

#[test]
fn the_engine_wins_as_fast_and_loses_as_slowly_as_it_can() {
    // Every position reachable in tic-tac-toe, both evaluations: the engine's move keeps the
    // perfect value and reaches the end in as few plies (winning) or as many (losing) as possible.
    for eval in [TttEval::Win, TttEval::OpenLines] {
        let engine = Engine {
            algo: Algorithm::AlphaBeta,
            depth: None,
            max_nodes: u64::MAX,
            time: None,
            mcts: Default::default(),
            quiescence: false,
        };
        let mut memo = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![TicTacToe::new(eval)];
        let (mut wins, mut losses) = (0, 0);
        while let Some(mut game) = stack.pop() {
            if game.terminal_value().is_some() || !seen.insert(game.notation()) {
                continue;
            }
            let best = perfect(&mut game, &mut memo);
            let d = engine.decide(&game, &InputInfo::default()).unwrap();
            let mv = game.moves()[d.best_index().unwrap()];
            game.play(mv);
            let (v, n) = perfect(&mut game, &mut memo);
            game.undo(mv);
            assert_eq!((v, n + 1), best, "{eval:?} {}: the engine plays {mv:?}", game.notation());
            if best.0 != Score::from(0) {
                let mover_wins = (best.0 > Score::from(0)) == (game.to_move() == Player::Max);
                if mover_wins {
                    wins += 1
                } else {
                    losses += 1
                }
                // A proved end is the one perfect play reaches, in as many plies.
                if let Some(end) = d.end {
                    assert_eq!(end, if mover_wins { End::Win } else { End::Loss });
                    assert_eq!(d.plies_to_end(), Some(best.1), "{}", game.notation());
                }
            }
            for mv in game.moves() {
                let mut next = game;
                next.play(mv);
                stack.push(next);
            }
        }
        assert!(wins > 1000 && losses > 100, "{eval:?}: {wins} won and {losses} lost positions");
    }
}

#[test]
fn an_immediate_win_is_taken_and_the_explanation_names_the_position_searched() {
    // The human (X) plays b3, threatening c3; the computer (O) wins at once with c2 rather than
    // blocking, and its explanation describes the position it searched, with O to move.
    let dir = tempfile::tempdir().unwrap();
    abviz()
        .args(["play", "--game", "tictactoe", "--position", "X../OO./X..", "--first", "human", "--explain"])
        .arg(dir.path())
        .write_stdin("b3\n")
        .assert()
        .success()
        .stdout(contains("Computer (O) plays c2"))
        .stdout(contains("Result: O wins"));
    let text = std::fs::read_to_string(dir.path().join("move-02.txt")).unwrap();
    assert!(text.starts_with("Alpha-beta (fail-soft) on tic-tac-toe X../OO./XX., O to move"), "{text}");
}

#[test]
fn undone_decisions_are_struck_through_in_the_index() {
    let dir = tempfile::tempdir().unwrap();
    abviz()
        .args(["play", "--game", "tictactoe", "--explain"])
        .arg(dir.path())
        .write_stdin("b2\nundo\n")
        .assert()
        .success()
        .stdout(contains("Took back 2 moves"));
    let index = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    assert_eq!(index.matches("class=\"undone\"").count(), 1, "{index}");
}

#[test]
fn boards_mark_the_last_move() {
    // Pages: the board of a node marks the move from its parent's position.
    let svg = abviz::game::position_svg_after("tictactoe", "X../.O./...", "X../.../...").unwrap();
    assert_eq!(svg.matches("<title>last move</title>").count(), 1);
    // b2 is the centre cell: its shade starts one cell in (margin 18 + 36 + 3).
    assert!(svg.contains(r#"<rect x="57" y="57""#), "{svg}");
    let start = abviz::game::xiangqi::START_FEN;
    let mut g = abviz::game::xiangqi::Xiangqi::from_fen(start).unwrap();
    let mv = g.parse_move("h2e2").unwrap();
    g.play(mv);
    let after = g.notation().unwrap();
    let svg = abviz::game::position_svg_after("xiangqi", &after, start).unwrap();
    assert!(svg.contains("stroke-dasharray"), "the from-point is ringed dashed");
    assert!(!abviz::game::position_svg("xiangqi", &after).unwrap().contains("stroke-dasharray"));
    // Play: under the board, the last move and who played it.
    abviz()
        .args(["play", "--game", "tictactoe"])
        .write_stdin("b2\n")
        .assert()
        .success()
        .stdout(contains("Last move: b2 by X"))
        .stdout(contains("Last move: a1 by O"));
}

/// The moves a self-play transcript shows being played ("Computer (White) plays d1xb1 …").
fn played(text: &str) -> usize {
    text.lines().filter(|l| l.starts_with("Computer (") && l.contains(") plays ")).count()
}

/// Every move of a self-play game is a page (with its JSON trace), listed in the index.
fn assert_every_move_explained(dir: &std::path::Path, moves: usize) {
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert_eq!(index.matches("<tr><td class=\"num\">").count(), moves, "{index}");
    assert!(!index.contains(&u32::MAX.to_string()), "a search without a depth limit shows a dash");
    for ply in 1..=moves {
        for ext in ["html", "json.gz", "txt", "dot.gz"] {
            let page = dir.join(format!("move-{ply:02}.{ext}"));
            assert!(page.exists(), "{} is missing", page.display());
            assert!(index.contains(&format!("move-{ply:02}.html")));
        }
    }
}

#[test]
fn self_play_plays_a_small_jiu_game_to_its_end_with_every_move_a_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = abviz()
        .args(["play", "--game", "jiu", "--size", "6", "--self-play", "--iterations", "30", "--depth", "1"])
        .args(["--seed", "3", "--explain"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("The computer plays both sides (White and Black)"), "{text}");
    let result = text.lines().rfind(|l| l.starts_with("Result: ")).unwrap_or_else(|| panic!("{text}"));
    let moves = played(&text);
    // 34 placements (36 points, the two diagonal ones taken off at the phase change), then moves.
    assert!(moves > 34, "{text}");
    assert_every_move_explained(dir.path(), moves);
    let index = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    assert!(index.contains(result), "the index ends with the result: {result}");
    // Placement moves are MCTS pages, movement moves alpha-beta pages.
    let first = read_trace(&dir.path().join("move-01.json.gz"));
    let last = read_trace(&dir.path().join(format!("move-{moves:02}.json.gz")));
    assert!(first.algorithm().features.mcts, "placement is searched with MCTS");
    assert!(!last.algorithm().features.mcts && last.algorithm().has_window());
}

#[test]
fn self_play_works_for_every_game_and_stops_at_the_move_limit() {
    for (game, depth) in [
        ("tictactoe", "9"),
        ("nim", "4"),
        ("xiangqi", "1"),
        ("connect4", "2"),
        ("kalah", "2"),
        ("gomoku", "1"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = abviz()
            .args(["play", "--game", game, "--self-play", "--moves", "3", "--depth", depth, "--explain"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        let moves = played(&text);
        assert!(moves <= 3 && moves > 0, "{game}: {text}");
        assert!(
            text.contains("Stopped after 3 moves (--moves): the game is not over.")
                || text.contains("Result: "),
            "{game}: {text}"
        );
        assert!(!text.contains("Your move"), "{game}: self-play reads no input");
        assert_every_move_explained(dir.path(), moves);
    }
    // Without --explain it plays too; --moves needs --self-play, and --first does not go with it.
    abviz()
        .args(["play", "--game", "tictactoe", "--self-play"])
        .assert()
        .success()
        .stdout(contains("Result: draw."));
    abviz().args(["play", "--game", "tictactoe", "--moves", "3"]).assert().failure();
    abviz().args(["play", "--game", "tictactoe", "--self-play", "--first", "computer"]).assert().failure();
}

/// `play --quiescence`: the computer searches captures beyond its depth. At depth 1 from the
/// start, xiangqi's cannon takes a horse (b2b9) without it and develops a horse (b0c2) with it,
/// having seen the recapture; a game without captures refuses the flag.
#[test]
fn the_computer_looks_past_its_horizon_with_quiescence() {
    let first_move = |extra: &[&str]| {
        let out = abviz()
            .args(["play", "--game", "xiangqi", "--depth", "1", "--first", "computer"])
            .args(extra)
            .write_stdin("quit\n")
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let out = String::from_utf8(out).unwrap();
        out.lines().find_map(|l| l.strip_prefix("Last move: ")).unwrap().to_string()
    };
    assert_eq!(first_move(&[]), "b2b9 by Red");
    assert_eq!(first_move(&["--quiescence"]), "b0c2 by Red");
    abviz()
        .args(["play", "--game", "tictactoe", "--quiescence"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(contains("--quiescence searches captures"));
}
