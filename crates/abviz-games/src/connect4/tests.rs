use super::*;
use crate::registry::GameId;
use abviz_search::{Algorithm, run};
use abviz_trace::NoOp;

fn c4(text: &str) -> Connect4 {
    text.parse().unwrap_or_else(|e: Box<NotationError>| panic!("{text}: {}", e.caret()))
}

/// OEIS A212693, n = 0..9: distinct positions after n plies (won positions not played on).
#[test]
fn distinct_positions_match_oeis_a212693() {
    assert_eq!(distinct_positions(9), [1, 7, 49, 238, 1_120, 4_263, 16_422, 54_859, 184_275, 558_186]);
}

/// A212693 further on (n = 10..13): about 20 s (the test profile optimises abviz)
/// (`cargo test --lib a212693 -- --ignored`).
#[test]
#[ignore]
fn distinct_positions_match_oeis_a212693_to_13_plies() {
    assert_eq!(distinct_positions(13)[10..], [1_662_623, 4_568_683, 12_236_101, 30_929_111]);
}

/// The bitboard counter and the generic one through the Game trait agree, and the counts are
/// stable: 7^n until a column can fill (7 sequences of 7 drops into one column are illegal) and
/// wins start to end games (at ply 7).
#[test]
fn perft_counts() {
    let mut g = Connect4::new();
    let counts: Vec<u64> = (1..=8).map(|d| perft(&mut g, d)).collect();
    assert_eq!(counts, [7, 49, 343, 2_401, 16_807, 117_649, 823_536, 5_673_234]);
    for d in 1..=6 {
        assert_eq!(crate::perft::perft(&mut g.with_order(C4Order::Centre), d), counts[d as usize - 1]);
    }
    assert_eq!(g, Connect4::new());
    let r = GameId::Connect4.perft(&GameOptions::default(), 3, true).unwrap();
    assert_eq!(r.nodes, 343);
    assert_eq!(r.divide.unwrap()[0], ("a".to_string(), 49));
}

#[test]
fn every_kind_of_four_is_seen_and_nothing_else() {
    let won = [
        // Bottom row, right end.
        ("......./......./......./......./......./oooxxxx", Player::Max),
        // Column 7, to the top.
        ("......x/......x/......x/......x/o.....o/ox....o", Player::Max),
        // Rising diagonal from column 1.
        ("......./......./...x.../..xo.../.xoo.../xoxxo..", Player::Max),
        // Falling diagonal ending in the corner.
        ("......./......./...o.../...xo../...xxo./oo.xxxo", Player::Min),
    ];
    for (text, who) in won {
        let g = c4(text);
        assert_eq!(g.winner(), Some(who), "{text}");
        assert!(g.moves().is_empty(), "{text}: a won game is over");
        let v = g.terminal_value().unwrap();
        assert_eq!(v, who.to_max_view(Score::from(WIN - g.discs as i32)), "{text}");
        assert!(g.svg_board().contains("stroke-opacity"), "{text}: the four is drawn");
    }
    // Three and a gap, and lines that would wrap from one column into the next as bits.
    for text in
        ["......./......./......./......./ooo..../xxx.x..", "x....../x....../x....../o....../o....../ox....."]
    {
        let g = c4(text);
        assert_eq!(g.winner(), None, "{text}");
    }
    assert!(!has_four(bit(0, 3) | bit(0, 4) | bit(0, 5) | bit(1, 0)), "no vertical four across columns");
    assert!(!has_four(bit(6, 0) | bit(0, 1) | bit(1, 1) | bit(2, 1)));
    let full = c4("oxoxoxo/xoxoxox/oxoxoxo/oxoxoxo/xoxoxox/xoxoxox");
    assert_eq!(full.winner(), None);
    assert!(full.moves().is_empty());
    assert_eq!(full.terminal_value(), Some(Score::from(0)));
    assert!(full.svg_board().contains(">draw<"));
}

/// X to move with two discs in the middle of the bottom row (O's two on top of them): either
/// end makes an open three whose two ends O cannot both cover, so X wins with its 4th disc,
/// the 7th of the game — worth 1000 − 7. Three plies find it; two do not.
#[test]
fn finds_the_forced_win_of_an_open_three() {
    let g = c4("......./......./......./......./..oo.../..xx...");
    for algo in Algorithm::exact() {
        let out = run(algo, &mut g.clone(), 3, &mut NoOp).unwrap();
        assert_eq!(out.value, Score::from(WIN - 7), "{algo}");
        let best = g.move_label(out.best().unwrap());
        assert!(best == "b" || best == "e", "{algo}: {best}");
    }
    let out = run(Algorithm::AlphaBeta, &mut g.clone(), 2, &mut NoOp).unwrap();
    assert!(out.value < Score::from(WIN - 7));
    // With O to move the open three is there already: O blocks one end, X takes the other.
    let g = c4("......./......./......./......./.oo..../.xxx...");
    assert_eq!(g.to_move(), Player::Min);
    let out = run(Algorithm::AlphaBeta, &mut g.clone(), 2, &mut NoOp).unwrap();
    assert_eq!(out.value, Score::from(WIN - 7));
}

#[test]
fn negamax_agrees_with_minimax_on_middle_games() {
    for moves in ["", "4453", "44444", "1234567", "3345543"] {
        let g = c4(moves);
        let mm = run(Algorithm::Minimax, &mut g.clone(), 4, &mut NoOp).unwrap().value;
        for algo in Algorithm::exact() {
            assert_eq!(
                run(algo, &mut g.with_order(C4Order::Centre), 4, &mut NoOp).unwrap().value,
                mm,
                "{algo} {moves}"
            );
        }
    }
}

#[test]
fn threat_score_by_hand() {
    assert_eq!(Connect4::new().threat_score(), 0);
    // X: d1, e1, f1 threaten c1 and g1 (row 1: odd, 4 each) and the centre disc adds 1; O's
    // d2 e2 f2 threaten c2 and g2 (row 2: even, 4 each) and its centre disc 1.
    let g = c4("......./......./......./......./...ooo./...xxx.");
    assert_eq!(g.threat_score(), 9 - 9);
    let g = c4("......./......./......./......./...oo../...xxx.");
    assert_eq!(g.threat_score(), 9 - 1);
    assert_eq!(g.with_eval(C4Eval::None).evaluate(), Score::from(0));
}

#[test]
fn play_undo_keys_and_labels() {
    let mut g = Connect4::new();
    let mut seen = FxHashSet::default();
    for c in [3u8, 3, 4, 2, 3, 3, 3, 3] {
        let before = g;
        g.play(c);
        assert!(seen.insert(g.key()));
        assert_eq!(Connect4::from_key(g.key()), g);
        g.undo(c);
        assert_eq!(g, before);
        g.play(c);
    }
    assert!(!g.playable(3));
    assert_eq!(g.moves(), [0, 1, 2, 4, 5, 6]);
    assert_eq!(g.with_order(C4Order::Centre).moves(), [2, 4, 1, 5, 0, 6]);
    assert_eq!(g.move_label(2), "c");
    assert_eq!(g.with_labels(C4Labels::Columns).move_label(2), "3");
    assert_eq!(g.parse_move(" C"), Ok(2));
    assert_eq!(g.parse_move("7"), Ok(6));
    assert!(g.parse_move("4").unwrap_err().contains("column 4 is full"));
    assert!(g.parse_move("8").unwrap_err().contains("not a column"));
    assert!(g.board_text().starts_with("  a b c d e f g\n |. . . O . . .|\n"), "{}", g.board_text());
    assert!(g.board_text().ends_with(" +-------------+\n  1 2 3 4 5 6 7\n"), "{}", g.board_text());
}

#[test]
fn positions_read_from_boards_and_moves() {
    assert_eq!(c4(""), Connect4::new());
    assert_eq!(c4(START), Connect4::new());
    let g = c4("4453");
    assert_eq!(g, c4("d d e c"));
    assert_eq!(g, c4("\n......./......./......./......./...o.../..oxx..\n"));
    assert_eq!(g, c4("....... ....... ....... ....... ...O... ..OXX..".replace(' ', "\n").as_str()));
    assert_eq!(g.to_move(), Player::Max);
    assert_eq!(c4("445").to_move(), Player::Min);
}

#[test]
fn bad_positions_are_explained_with_a_caret() {
    let err = |text: &str| Connect4::parse(text).unwrap_err();
    let e = err("4444444");
    assert_eq!((e.column, e.label.as_str()), (7, "full column"));
    assert!(e.message.contains("column 4 is full"), "{}", e.message);
    let e = err("1212121 3");
    assert_eq!((e.column, e.label.as_str()), (9, "game over"));
    let e = err("......./......./......./...x.../......./...x...");
    assert_eq!((e.line, e.column, e.label.as_str()), (1, 28, "floating disc"));
    assert!(e.message.contains("column 4, row 3 floats above the empty row 2"), "{}", e.message);
    assert!(err("......./......./......./......./......./xx.....").message.contains("x has 2 and o has 0"));
    assert!(
        err("......./......./......./......./......./oo.x...").message.contains("impossible disc counts")
    );
    let e = err("......./......./......./......./......./...q...");
    assert_eq!((e.column, e.label.as_str()), (44, "not a cell"));
    assert!(e.help.as_deref().unwrap().contains("6 rows of 7 cells"));
    assert_eq!(err("......./......./.......").label, "a row is missing");
    assert_eq!(err("......../......./......./......./......./.......").label, "one cell too many");
    let e = err("......./......./......./......./oooo.../xxxx...");
    assert!(e.message.contains("both x and o"), "{}", e.message);
    let e = err("......./......./......o/......o/......o/xxx.xxo");
    assert!(e.message.contains("o has four in a row but x moved afterwards"), "{}", e.message);
    // Two fours of X that share no disc on top of a column: one move cannot have made both.
    let e = err("......./......./oo....x/oo....x/ooo...x/xxxx..x");
    assert!(e.message.contains("no single last move made all of x's fours"), "{}", e.message);
}

#[test]
fn board_svg_is_well_formed() {
    let svg = c4("4453").svg_board();
    assert_eq!(svg.matches("<circle").count(), 42);
    assert_eq!(svg.matches("#d32f2f").count(), 2, "two red discs");
    assert!(svg.contains("<title>......./......./......./......./...o.../..oxx..</title>"));
    assert!(svg.contains("X (red) to move"));
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(Connect4::board_svg("nonsense").is_none());
}
