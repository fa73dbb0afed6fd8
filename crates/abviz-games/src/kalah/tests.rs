use super::*;
use crate::perft::perft;
use abviz_search::{Algorithm, run};
use abviz_trace::NoOp;
use proptest::prelude::*;

fn kalah(text: &str) -> Kalah {
    Kalah::parse(text, None, None).unwrap_or_else(|e| panic!("{text}: {}", e.caret()))
}

/// Plays the pit labelled `label` and checks that undo restores the position.
fn after(g: &Kalah, label: &str) -> Kalah {
    let mv = g.parse_move(label).unwrap();
    assert!(g.moves().contains(&mv), "{g:?} {label}");
    let mut h = *g;
    h.play(mv);
    let mut back = h;
    back.undo(mv);
    assert_eq!(back, *g, "undo {label}");
    h
}

#[test]
fn the_last_seed_in_the_store_moves_again() {
    let g = Kalah::start(6, 4);
    assert_eq!(g.notation(), "4,4,4,4,4,4:0/4,4,4,4,4,4:0");
    let h = after(&g, "c");
    assert_eq!((h.notation(), h.to_move), ("4,4,0,5,5,5:1/4,4,4,4,4,4:0".into(), Player::Max));
    let h = after(&h, "f");
    assert_eq!(h.notation(), "4,4,0,5,5,0:2/5,5,5,5,4,4:0 min");
    // North's pits are lettered from North's left: its b (5 seeds) ends in its store.
    let n = after(&h, "b");
    assert_eq!((n.notation(), n.to_move), ("4,4,0,5,5,0:2/5,0,6,6,5,5:1 min".into(), Player::Min));
}

#[test]
fn captures_from_an_empty_pit_of_ones_own() {
    // South's a sows into its empty b; North's b across holds 4: 1 + 4 go to South's store.
    let g = kalah("1,0,3:0/2,4,1:7");
    assert_eq!(after(&g, "a").notation(), "0,0,3:5/2,0,1:7 min");
    // The opposite pit empty: no capture, unless --variant empty-capture.
    let g = kalah("1,0,3:0/2,0,5:7");
    assert_eq!(after(&g, "a").notation(), "0,1,3:0/2,0,5:7 min");
    let e = g.with_variant(KalahVariant::EmptyCapture);
    assert_eq!(after(&e, "a").notation(), "0,0,3:1/2,0,5:7 min");
    // Round the board, past North's store (skipped), into South's own empty b.
    let g = kalah("0,0,6:0/1,1,1:9");
    assert_eq!(after(&g, "c").notation(), "1,0,0:4/2,0,2:9 min");
    // Thirteen seeds in Kalah(6,4) come back to the emptied pit and capture.
    let g = kalah("13,0,0,0,0,0:0/1,1,1,1,1,1:29");
    assert_eq!(after(&g, "a").notation(), "0,1,1,1,1,1:4/2,2,2,2,2,0:29 min");
    // North captures too: its a sows into its empty b, across from South's b.
    let g = kalah("2,5,1:0/1,0,3:6 min");
    assert_eq!(after(&g, "a").notation(), "2,0,1:0/0,0,3:12");
}

#[test]
fn the_game_ends_when_a_side_is_empty() {
    // South sows its last seed into its store: the move again does not happen, the game is
    // over and North keeps its 3 seeds: 6 against 12.
    let g = kalah("0,0,1:5/1,2,0:9");
    let h = after(&g, "c");
    assert!(h.is_over() && h.moves().is_empty());
    assert_eq!(h.terminal_value(), Some(Score::from(-6)));
    assert!(h.svg_board().contains("North wins 12–6"));
    // North's side empty, South to move: over too, South keeps its seeds.
    let g = kalah("1,2,0:5/0,0,0:10");
    assert_eq!(g.terminal_value(), Some(Score::from(-2)));
    assert!(g.parse_move("a").unwrap_err().contains("over"));
    assert_eq!(kalah("1,2,0:6/0,0,0:9").terminal_value(), Some(Score::from(0)));
    assert_eq!(Kalah::start(6, 4).terminal_value(), None);
    assert_eq!(kalah("4,4,0,5,5,5:1/4,4,4,4,4,4:0").evaluate(), Score::from(1));
}

/// Kalah by the book, written without undo or tricks: the count of move sequences.
fn naive_perft(board: &[u8], p: usize, south: bool, depth: u32) -> u64 {
    let side = |b: &[u8], s: bool| if s { b[..p].to_vec() } else { b[p + 1..2 * p + 1].to_vec() };
    if depth == 0 {
        return 1;
    }
    if side(board, true).iter().all(|&x| x == 0) || side(board, false).iter().all(|&x| x == 0) {
        return 0;
    }
    let (first, store, skip) = if south { (0, p, 2 * p + 1) } else { (p + 1, 2 * p + 1, p) };
    let mut n = 0;
    for pit in first..first + p {
        if board[pit] == 0 {
            continue;
        }
        let mut b = board.to_vec();
        let mut left = b[pit];
        b[pit] = 0;
        let mut i = pit;
        while left > 0 {
            i = (i + 1) % (2 * p + 2);
            if i != skip {
                b[i] += 1;
                left -= 1;
            }
        }
        let own = (first..first + p).contains(&i);
        if own && b[i] == 1 && b[2 * p - i] > 0 {
            b[store] += 1 + b[2 * p - i];
            b[i] = 0;
            b[2 * p - i] = 0;
        }
        n += naive_perft(&b, p, if i == store { south } else { !south }, depth - 1);
    }
    n
}

#[test]
fn perft_matches_a_naive_count_and_is_stable() {
    for (p, s, depth) in [(6, 4, 6), (3, 3, 9), (4, 3, 7)] {
        let mut g = Kalah::start(p, s);
        for d in 1..=depth {
            let start = g.board[..g.len()].to_vec();
            assert_eq!(perft(&mut g, d), naive_perft(&start, p as usize, true, d), "Kalah({p},{s}) {d}");
        }
        assert_eq!(g, Kalah::start(p, s));
    }
    let mut g = Kalah::start(6, 4);
    let counts: Vec<u64> = (1..=6).map(|d| perft(&mut g, d)).collect();
    assert_eq!(counts, [6, 35, 185, 942, 4_690, 23_233]);
}

#[test]
fn searches_find_the_capture_and_the_extra_turn() {
    // South can capture North's 4 (a into its empty b) or move again with c first.
    let g = kalah("1,0,3:0/2,4,1:7");
    for algo in Algorithm::exact() {
        let out = run(algo, &mut g.clone(), 1, &mut NoOp).unwrap();
        assert_eq!(g.move_label(out.best().unwrap()), "a", "{algo}");
        assert_eq!(out.value, Score::from(5 - 7), "{algo}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// On random positions of Kalah(3,3), where players often move twice in a row, every
    /// algorithm backs up minimax's value (the negamax ones negate only where the mover changes).
    #[test]
    fn every_algorithm_agrees_with_minimax(picks in proptest::collection::vec(0usize..3, 0..12), depth in 1u32..6) {
        let mut g = Kalah::start(3, 3);
        for k in picks {
            let moves = g.moves();
            if moves.is_empty() {
                break;
            }
            g.play(moves[k % moves.len()]);
        }
        let mm = run(Algorithm::Minimax, &mut g.clone(), depth, &mut NoOp).unwrap().value;
        for algo in Algorithm::exact() {
            prop_assert_eq!(run(algo, &mut g.clone(), depth, &mut NoOp).unwrap().value, mm, "{} on {:?}", algo, g);
        }
    }
}

#[test]
fn moves_labels_and_boards() {
    let g = Kalah::start(6, 4);
    assert_eq!(g.moves().iter().map(|&m| g.move_label(m)).collect::<String>(), "abcdef");
    assert_eq!(g.parse_move("3"), g.parse_move(" C"));
    assert!(g.parse_move("g").unwrap_err().contains("not a pit: type its letter a-f or its number 1-6"));
    assert!(kalah("0,4,4:4/4,4,4:0").parse_move("a").unwrap_err().contains("pit a is empty"));
    let board = kalah("4,4,0,5,5,0:2/5,0,6,6,5,5:1 min").board_text();
    assert_eq!(
        board,
        "       f   e   d   c   b   a    North (MIN)\n     [ 5][ 5][ 6][ 6][ 0][ 5]\n[ 1]                          [ 2]\n     [ 4][ 4][ 0][ 5][ 5][ 0]\n       a   b   c   d   e   f    South (MAX)\n"
    );
    let svg = g.svg_board();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(svg.matches("<circle").count(), 12);
    assert!(
        svg.contains("<title>4,4,4,4,4,4:0/4,4,4,4,4,4:0</title>") && svg.contains("South (MAX) to move")
    );
    assert!(Kalah::board_svg("4,4:0/4,4:1").is_none());
}

#[test]
fn positions_read_and_explain_their_errors() {
    let g = kalah(" 4 ,4,4,4,4,4 : 0 / 4,4,4,4,4,4:0 max ");
    assert_eq!(g, Kalah::start(6, 4));
    assert_eq!(kalah("1,2:0/3,0:2 min").to_move(), Player::Min);
    assert_eq!(
        kalah("1,2:0/3,0:2").settings()[2..],
        [(OptionKind::Pits, "2".into()), (OptionKind::Seeds, "2".into())]
    );
    let err = |text: &str| Kalah::parse(text, None, None).unwrap_err();
    let e = err("4,4,x:0/4,4,4:0");
    assert_eq!((e.column, e.label.as_str()), (5, "expected a number"));
    assert!(e.help.as_deref().unwrap().contains("4,4,4,4,4,4:0/4,4,4,4,4,4:0"));
    let e = err("4,4,4:0 4,4,4:0");
    assert_eq!((e.column, e.label.as_str()), (9, "expected '/'"));
    let e = err("4,4,4/4,4,4:0");
    assert_eq!((e.column, e.label.as_str()), (6, "expected ',' or ':'"));
    let e = err("4,4,4:0/4,4:4");
    assert_eq!((e.column, e.label.as_str()), (9, "not as many pits as South"));
    let e = err("4,4,4:0/4,4,4:1");
    assert!(e.message.contains("hold 25 seeds, which is not 2 × 3 × s"), "{}", e.message);
    let e = Kalah::parse("4,4,4:0/4,4,4:0", None, Some(3)).unwrap_err();
    assert!(e.message.contains("hold 24 seeds; Kalah(3,3) has 2 × 3 × 3 = 18"), "{}", e.message);
    let e = Kalah::parse("4,4,4:0/4,4,4:0", Some(6), None).unwrap_err();
    assert!(e.message.contains("3 pits a side, --pits says 6"), "{}", e.message);
    let e = err("4,4,4:0/4,4,4:0 west");
    assert_eq!((e.column, e.label.as_str()), (17, "expected max or min"));
    let e = err("999:0/1:0");
    assert_eq!(e.label, "too many");
    assert_eq!(err("1,1,1,1,1,1,1,1,1:0/1:0").label, "one pit too many");
    assert_eq!(err("").label, "expected a number");
}
