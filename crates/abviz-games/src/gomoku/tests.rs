use super::*;
use crate::notation::NotationError;
use crate::perft::perft;
use abviz_search::{Algorithm, run};
use abviz_trace::NoOp;

fn go(text: &str) -> Gomoku {
    Gomoku::parse(text, None).unwrap_or_else(|e: Box<NotationError>| panic!("{text}: {}", e.caret()))
}

fn best(g: &Gomoku, algo: Algorithm, depth: u32) -> (String, Score) {
    let out = run(algo, &mut g.clone(), depth, &mut NoOp).unwrap();
    (g.move_label(out.best().unwrap()), out.value)
}

#[test]
fn every_direction_of_five_wins() {
    let won = [
        ("h8 h9 i8 i9 j8 j9 k8 k9 l8", Player::Max),     // across
        ("a1 b1 a2 b2 a3 b3 a4 b4 o15 b5", Player::Min), // down the b column, corner to edge
        ("e5 e6 f6 f7 g7 g8 h8 h9 i9", Player::Max),     // rising diagonal
        ("o1 a1 n2 a2 m3 a3 l4 a4 k5", Player::Max),     // falling diagonal from the corner
        ("h8 a1 g8 a2 f8 a3 d8 a4 c8 a5", Player::Min),  // x's split line does not count
    ];
    for (moves, who) in won {
        let g = go(moves);
        assert_eq!(g.winner(), Some(who), "{moves}");
        assert!(g.moves().is_empty(), "{moves}: the game is over");
        let v = g.terminal_value().unwrap();
        assert_eq!(v, who.to_max_view(Score::from(WIN - i32::from(g.stones))), "{moves}");
        assert!(g.svg_board().contains("stroke-opacity"), "{moves}: the five is drawn");
        // Read back from its board, the position is the same.
        assert_eq!(go(&g.notation()), g, "{moves}");
    }
    // Four and a gap, and six in a row: free-style wins with six, exact-five does not.
    assert_eq!(go("a1 a2 b1 b2 c1 c2 d1 d2 f1 f2").winner(), None);
    let six = "a1 a3 b1 b3 c1 c3 e1 e3 f1 f3 d1";
    assert_eq!(go(six).winner(), Some(Player::Max));
    let exact = Gomoku::parse_with(six, None, GomokuVariant::ExactFive).unwrap();
    assert_eq!(exact.winner(), None);
    assert!(!exact.moves().is_empty());
}

#[test]
fn finds_the_win_in_one_and_blocks_a_four() {
    // Black to move with four across (d8 to g8, both ends open): h8 or c8 wins at once.
    let g = go("d8 d9 e8 e9 f8 f9 g8 a1");
    for algo in Algorithm::exact() {
        for depth in [1, 2] {
            let (mv, v) = best(&g, algo, depth);
            assert!(mv == "c8" || mv == "h8", "{algo} {depth}: {mv}");
            assert_eq!(v, Score::from(WIN - 9), "{algo} {depth}");
        }
    }
    // White has four (d9 to g9) closed by black's c9: black must take h9, the only other end.
    let g = go("c9 d9 d8 e9 e8 f9 a1 g9");
    assert_eq!(g.to_move(), Player::Max);
    for algo in Algorithm::exact() {
        let (mv, v) = best(&g, algo, 2);
        assert_eq!(mv, "h9", "{algo}");
        assert!(v > Score::from(-WIN / 2), "{algo}: {v}");
    }
}

#[test]
fn blocks_an_open_three_before_it_opens_a_four() {
    // White's e9 f9 g9 is an open three; black, to move, must close one end (d9 or h9) or
    // white makes an open four that cannot be stopped.
    let g = go("h7 e9 a1 f9 a15 g9");
    assert_eq!(g.to_move(), Player::Max);
    for algo in Algorithm::exact() {
        let (mv, _) = best(&g, algo, 2);
        assert!(mv == "d9" || mv == "h9", "{algo}: {mv}");
    }
}

#[test]
fn candidates_are_the_points_near_stones() {
    let g = Gomoku::new(15);
    assert_eq!(g.moves().iter().map(|&m| g.move_label(m)).collect::<Vec<_>>(), ["h8"]);
    let g = go("h8");
    assert_eq!(g.moves().len(), 8);
    assert_eq!(g.with_radius(2).moves().len(), 24);
    let g = go("a1");
    assert_eq!(g.moves().iter().map(|&m| g.move_label(m)).collect::<Vec<_>>(), ["a2", "b2", "b1"]);
    assert!(g.parse_move("c3").unwrap_err().contains("not a candidate: play within 1 point of a stone"));
    assert_eq!(g.parse_move(" B2"), Ok(g.read_point("b2").unwrap() as u16));
    assert!(g.parse_move("a1").unwrap_err().contains("a1 is taken"));
    assert!(g.parse_move("z9").unwrap_err().contains("z9 is off the 15×15 board"));
    assert!(g.parse_move("9z").unwrap_err().contains("'9z' is not a point: a column a-o and a row 1-15"));
    assert!(g.parse_move("a16").unwrap_err().contains("off the 15×15 board"));
    assert!(Gomoku::new(15).parse_move("a1").unwrap_err().contains("the first stone goes in the centre, h8"));
}

/// Perft with the candidate rule: from the empty board only the centre, then its neighbours.
#[test]
fn perft_counts_are_stable() {
    let counts = |g: Gomoku, d: u32| (1..=d).map(|d| perft(&mut g.clone(), d)).collect::<Vec<_>>();
    assert_eq!(counts(Gomoku::new(15), 4), [1, 8, 88, 1_200]);
    assert_eq!(counts(Gomoku::new(15).with_radius(2), 3), [1, 24, 816]);
    assert_eq!(counts(Gomoku::new(5).with_radius(4), 4), [1, 24, 552, 12_144]);
}

#[test]
fn evaluation_follows_the_source() {
    // One black open three on an otherwise empty board: 100 for black.
    let g = go("g8 a1 h8 a15 i8 o15");
    assert_eq!(g.pattern_score(Player::Max), 100);
    // White's three stones sit in corners: no line of theirs has five points free around them
    // except single stones, which score nothing.
    assert_eq!(g.pattern_score(Player::Min), 0);
    // Black to move: own − 2 × opponent from black's side, and MAX's view is black's.
    assert_eq!(g.to_move(), Player::Max);
    assert_eq!(g.evaluate(), Score::from(100));
    // The same stones with white to move: white's view is 0 − 2 × 100, MAX's view +200.
    let h = go("g8 a1 h8 a15 i8");
    assert_eq!(h.to_move(), Player::Min);
    assert_eq!(h.pattern_score(Player::Max), 100);
    assert_eq!(h.evaluate(), Score::from(200));
    assert_eq!(h.with_eval(GomokuEval::None).evaluate(), Score::from(0));
}

#[test]
fn every_algorithm_agrees_with_minimax() {
    for moves in ["h8", "h8 i9", "h8 i9 h9", "c3 c4 d4"] {
        let size = if moves.starts_with('c') { Some(7) } else { None };
        let g = Gomoku::parse(moves, size).unwrap();
        let mm = run(Algorithm::Minimax, &mut g.clone(), 2, &mut NoOp).unwrap().value;
        for algo in Algorithm::exact() {
            assert_eq!(run(algo, &mut g.clone(), 2, &mut NoOp).unwrap().value, mm, "{algo} {moves}");
        }
    }
}

#[test]
fn positions_read_from_boards_and_moves() {
    let g = go("h8 i9");
    let board = g.notation();
    assert_eq!(board.matches('/').count(), 14);
    assert_eq!(go(&board), g);
    assert_eq!(go(&board.replace('/', "\n")), g);
    assert_eq!(g.key, go(&board).key, "the same key either way");
    let small = go("...../...../..x../...o./.....");
    assert_eq!((small.size(), small.to_move()), (5, Player::Max));
    assert_eq!(small.notation(), "...../...../..x../...o./.....");
    assert_eq!(Gomoku::parse("c3", Some(5)).unwrap().size(), 5);
}

#[test]
fn bad_positions_are_explained_with_a_caret() {
    let err = |text: &str, size: Option<usize>| Gomoku::parse(text, size).unwrap_err();
    let e = err("h8 i9 h8", None);
    assert_eq!((e.column, e.label.as_str()), (7, "taken"));
    let e = err("h8  q99", None);
    assert_eq!((e.column, e.label.as_str()), (5, "not a point"));
    assert!(e.message.contains("q99 is off the 15×15 board"), "{}", e.message);
    let e = err("h8 3h", None);
    assert!(e.message.contains("'3h' is not a point"), "{}", e.message);
    let e = err("a1 b1 a2 b2 a3 b3 a4 b4 a5 b5", None);
    assert_eq!((e.column, e.label.as_str()), (28, "game over"));
    let e = err("..x../...../..x../..xo./.....", None);
    assert!(e.message.contains("impossible stone counts: x has 3 and o has 1"), "{}", e.message);
    let e = err("...../...../..x../...o./....", None);
    assert_eq!(e.label, "the row ends here");
    assert!(e.help.as_deref().unwrap().contains("...../...../...../...../....."), "{:?}", e.help);
    let e = err("...../...../..x../...o./.....", Some(7));
    assert!(e.message.contains("row 1 has 5 cells; a row of the 7×7 board has 7"), "{}", e.message);
    let e = err("..../..../..../....", None);
    assert!(e.message.contains("the board has 4 rows; a gomoku board is square, 5 to 19"), "{}", e.message);
    let e = err("...../...../..x../...q./.....", None);
    assert_eq!((e.column, e.label.as_str()), (22, "not a cell"));
    let e = err("xxxxx/ooooo/...../...../.....", None);
    assert!(e.message.contains("both x and o have five"), "{}", e.message);
    let e = err("xxxxx/oooo./....o/...../.....", None);
    assert!(e.message.contains("x has five in a row but o moved afterwards"), "{}", e.message);
    let e = err("xxxxx/...../xxxxx/ooooo/oooo.", None);
    assert!(e.message.contains("both") || e.message.contains("no single"), "{}", e.message);
    let e = err("xxxxx/oooo./o..../xxxxx/oo.oo", None);
    assert!(e.message.contains("no single last stone made all of x's fives"), "{}", e.message);
}

#[test]
fn boards_for_people() {
    let g = Gomoku::parse("c3 c4", Some(5)).unwrap();
    assert_eq!(
        g.text_board(),
        "    a b c d e\n 5  . . . . .  5\n 4  . . O . .  4\n 3  . . X . .  3\n 2  . . . . .  2\n 1  . . . . .  1\n    a b c d e\n"
    );
    let svg = go("h8 i9 h9").svg_board();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(svg.matches("fill=\"#111\"").count(), 2, "two black stones");
    assert!(svg.contains("white (o, MIN) to move"));
    assert!(Gomoku::board_svg("nonsense").is_none());
}

/// The candidate moves by their definition: the empty points at most `radius` points (in every
/// direction) from a stone, row by row from the top; the centre on an empty board.
fn candidates_by_definition(g: &Gomoku) -> Vec<u16> {
    let n = g.size();
    if g.winner().is_some() || g.is_full() {
        return Vec::new();
    }
    if g.stones == 0 {
        return vec![((n / 2) * n + n / 2) as u16];
    }
    let r = g.radius as usize;
    (0..n * n)
        .filter(|&i| {
            g.cells[i] == 0
                && (0..n * n)
                    .any(|j| g.cells[j] != 0 && (i / n).abs_diff(j / n) <= r && (i % n).abs_diff(j % n) <= r)
        })
        .map(|i| i as u16)
        .collect()
}

proptest::proptest! {
    /// The scores kept line by line are the full scan's after every stone put or taken off, on
    /// boards of every size filled anyhow (stones of either colour in any number, taken off
    /// again in any order).
    #[test]
    fn kept_scores_are_the_full_scan_of_any_board(
        size in MIN_SIZE..=MAX_SIZE,
        steps in proptest::collection::vec((0usize..CELLS, 0u8..3), 1..200),
    ) {
        let mut g = Gomoku::new(size);
        for (cell, c) in steps {
            g.set(cell % (size * size), c);
            proptest::prop_assert_eq!(g.pattern_scores(), g.scanned_pattern_scores(), "{:?}", g);
        }
    }

    /// Games played and taken back: after every move and every undo the kept scores, the
    /// evaluation and the winner are what a full scan of the board finds, the candidate moves
    /// those of their definition, and undoing every
    /// move gives back the starting position, kept scores included.
    #[test]
    fn kept_scores_follow_play_and_undo(
        size in MIN_SIZE..=MAX_SIZE,
        radius in 1u8..=4,
        steps in proptest::collection::vec((0usize..1000, 0u8..4), 1..120),
    ) {
        let start = Gomoku::new(size).with_radius(radius);
        let mut g = start;
        let mut played = Vec::new();
        for (pick, op) in steps {
            let moves = g.moves();
            proptest::prop_assert_eq!(&moves, &candidates_by_definition(&g), "{:?}", g);
            if (op == 0 || moves.is_empty()) && !played.is_empty() {
                g.undo(played.pop().unwrap());
            } else if !moves.is_empty() {
                let mv = moves[pick % moves.len()];
                g.play(mv);
                played.push(mv);
            }
            let scan = g.scanned_pattern_scores();
            proptest::prop_assert_eq!(g.pattern_scores(), scan, "{:?}", g);
            proptest::prop_assert_eq!(g.winner(), g.find_winner(), "{:?}", g);
            let me = g.to_move();
            let own = scan[colour(me) as usize - 1] - 2 * scan[colour(me.other()) as usize - 1];
            proptest::prop_assert_eq!(g.evaluate(), me.to_max_view(Score::from(own)));
        }
        while let Some(mv) = played.pop() {
            g.undo(mv);
        }
        proptest::prop_assert_eq!(g, start);
    }
}
