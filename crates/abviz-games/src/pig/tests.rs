//! Pig against independent facts: hand-computed values, Neller & Presser's value iteration,
//! a tree-free depth-limited programme, and Star1/Star2 against expectimax.

use super::*;
use abviz_search::{Algorithm, run};
use abviz_trace::NoOp;

fn pig(text: &str) -> Pig {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn value(algo: Algorithm, g: &Pig, depth: u32) -> Score {
    run(algo, &mut g.clone(), depth, &mut NoOp).unwrap().value
}

#[test]
fn notation_round_trips() {
    for text in
        ["0,0,0", "7,3,2 min", "7,3,0 rolling", "0,9,4 min rolling target=20", "12,3,0 target=12", "10,4,0"]
    {
        assert_eq!(pig(text).notation_text(), text);
    }
    assert_eq!(pig(" 7 , 3,2   MIN  ").notation_text(), "7,3,2 min");
    assert_eq!(pig("7,3,2 rolling min target=10").notation_text(), "7,3,2 min rolling");
    assert_eq!(pig("1,2,0 max").notation_text(), "1,2,0");
    let g = pig("9,8,0 min target=30");
    assert_eq!((g.banked(Player::Max), g.banked(Player::Min), g.turn_total(), g.target()), (9, 8, 0, 30));
    assert_eq!(g.to_move(), Player::Min);
}

#[test]
fn bad_positions_say_what_and_where() {
    let err = |text: &str| Pig::parse(text).unwrap_err();
    let e = err("7,x,2");
    assert_eq!((e.column, e.label.as_str()), (3, "expected a number"));
    assert!(e.message.contains("expected MIN's banked score (a whole number), found 'x'"), "{}", e.message);
    assert!(e.caret().contains("  1 | 7,x,2\n    |   ^ expected a number"), "{}", e.caret());
    let e = err("7,3");
    assert_eq!(e.column, 4);
    assert!(e.message.contains("expected ',' and the turn total, found the end"), "{}", e.message);
    let e = err("7,3,2 black");
    assert_eq!(e.column, 7);
    assert!(e.message.contains("unexpected 'black'"), "{}", e.message);
    let e = err("7,3,2 min min");
    assert_eq!((e.column, e.message.as_str()), (11, "who is to move is given twice"));
    let e = err("0,0,0 target=1");
    assert_eq!(e.column, 14);
    assert!(e.message.contains("from 2 to 100, not 1"), "{}", e.message);
    assert!(err("0,0,0 target=x").message.contains("whole number"));
    let e = err("8,3,2");
    assert_eq!(e.column, 5);
    assert!(
        e.message.contains("MAX has 8 banked and a turn total of 2, which reach the target 10"),
        "{}",
        e.message
    );
    assert!(err("3,8,2 min").message.contains("MIN has 8 banked"));
    assert!(pig("3,8,2").turn_total() == 2, "MAX's turn total: MIN's score does not matter");
    let e = err("10,10,0");
    assert_eq!(e.column, 4);
    assert!(e.message.contains("only one can win"), "{}", e.message);
    assert!(err("12,3,2").message.contains("MAX has reached the target 10 and won"));
    assert_eq!(err("12,3,0 rolling").column, 8);
    assert!(err("3,40,0").message.contains("MIN's banked score is 40"));
    assert!(err("0,0,1").message.contains("a turn total of 1 cannot happen"));
    assert!(err("").message.contains("found the end"));
    // Registered: the error reaches the command line as a notation error, with its caret.
    let opts = GameOptions { position: Some("7,3,x".into()), ..Default::default() };
    assert!(matches!(Pig::build(&opts), Err(Error::Notation(_))));
    let opts = GameOptions { size: Some("7".into()), ..Default::default() };
    assert!(
        Pig::build(&opts).unwrap_err().to_string().contains("from 2 to 6 for pig (the sides of the die)")
    );
}

/// Every move taken back restores the position, at every node of a few plies from several
/// positions (wins, 1s and holds included).
#[test]
fn play_and_undo_are_inverse() {
    fn walk(g: &mut Pig, depth: u32, seen: &mut usize) {
        *seen += 1;
        if depth == 0 {
            return;
        }
        for mv in g.moves() {
            let before = *g;
            g.play(mv);
            assert!(
                g.winner().is_some() || Pig::parse(&g.notation_text()).is_ok(),
                "{before:?} {mv:?} → {g:?}"
            );
            walk(g, depth - 1, seen);
            g.undo(mv);
            assert_eq!(*g, before, "{mv:?}");
        }
    }
    for text in ["0,0,0", "7,3,2 min", "8,8,0", "5,9,0 min rolling", "0,0,0 target=3"] {
        let mut seen = 0;
        walk(&mut pig(text), 6, &mut seen);
        assert!(seen > 10, "{text}: {seen}");
    }
}

#[test]
fn rules() {
    let mut g = pig("8,5,0");
    assert_eq!(g.moves().len(), 1, "no hold on a turn total of 0");
    assert!(!g.is_chance());
    g.play(g.moves()[0]);
    assert!(g.is_chance());
    let faces: Vec<String> = g.moves().iter().map(|&m| g.move_label(m)).collect();
    assert_eq!(faces, ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"]);
    assert_eq!(g.parse_move("4"), Ok(g.moves()[3]));
    assert_eq!(g.parse_move("⚃"), Ok(g.moves()[3]));
    assert_eq!(g.chance_probability(g.moves()[3], 6), abviz_core::Probability::uniform(6));
    let mut one = g;
    one.play(g.moves()[0]);
    assert_eq!(one.notation_text(), "8,5,0 min", "a 1 passes the turn");
    let mut two = g;
    two.play(g.moves()[1]);
    assert_eq!((two.notation_text(), two.terminal_value()), ("10,5,0".to_string(), Some(Score::from(WIN))));
    assert!(two.moves().is_empty());
    let mut g = pig("3,5,4 min");
    let hold = g.parse_move("HOLD").unwrap();
    g.play(hold);
    assert_eq!(g.notation_text(), "3,9,0", "MIN banked 4, MAX to move");
    assert!(g.parse_move("hold").unwrap_err().contains("cannot hold before you have rolled"));
    assert_eq!(g.parse_move("R").unwrap().action, Action::Roll);
    assert!(g.parse_move("jump").unwrap_err().contains("type roll (or r) or hold"));
    let d3 = pig("0,0,0 rolling").with_sides(3);
    assert_eq!(d3.moves().len(), 3);
    assert_eq!(pig("6,2,3").evaluate(), Score::from(40), "the turn total counts nothing");
    assert_eq!(pig("2,9,0 target=30").evaluate(), Score::from(-23), "toward zero");
    assert_eq!(pig("6,2,3").with_eval(PigEval::Win).evaluate(), Score::from(0));
    assert_eq!(pig("0,0,0").value_bounds(), Some((Score::from(-WIN), Score::from(WIN))));
}

/// Hand computed, target 2 with a two-sided die (faces 1 and 2), `--eval win`. The mover
/// must roll: a 2 wins (+100), a 1 gives the opponent the same position. So for d ≥ 2,
/// V(d) = ½ · 100 − ½ · V(d − 2), and V(0) = V(1) = 0 (a roll's die is the second ply):
/// V(2) = 50, V(4) = 50 − 25 = 25, V(6) = 50 − 12.5 = 37.5, V(8) = 50 − 18.75 = 31.25,
/// tending to 100/3: the first roller wins with probability ½ / (1 − ¼) = 2/3, and
/// 100 × (2 × 2/3 − 1) is 100/3.
#[test]
fn hand_computed_expectimax_values() {
    let g = pig("0,0,0 target=2").with_sides(2).with_eval(PigEval::Win);
    let expect = [(0, "0"), (1, "0"), (2, "50"), (3, "50"), (4, "25"), (5, "25"), (6, "37.5"), (8, "31.25")];
    for (depth, v) in expect {
        assert_eq!(value(Algorithm::Expectimax, &g, depth).to_string(), v, "depth {depth}");
    }
    let mut min = g;
    min.mover = Player::Min;
    assert_eq!(value(Algorithm::Expectimax, &min, 6).to_string(), "−37.5");
    // Target 3, d2, MAX has a turn total of 2. Depth 2: hold reaches MIN's forced roll, whose
    // die is at the horizon: `banked` scores 100 × 2 / 3 = 66.67 → 66; rolling is worth
    // ½ · 100 (a 2 wins) + ½ · 0 (a 1: 0,0,0 min, banked 0 apiece) = 50. So hold, 66.
    let g = pig("0,0,2 target=3").with_sides(2);
    let out = run(Algorithm::Expectimax, &mut g.clone(), 2, &mut NoOp).unwrap();
    assert_eq!((out.value, g.move_label(out.pv[0].0)), (Score::from(66), "hold".to_string()));
    // With `win`, holding is worth 0 at the horizon and rolling still 50: roll.
    let g = g.with_eval(PigEval::Win);
    let out = run(Algorithm::Expectimax, &mut g.clone(), 2, &mut NoOp).unwrap();
    assert_eq!((out.value, g.move_label(out.pv[0].0)), (Score::from(50), "roll".to_string()));
    // A six-sided die, target 2: five faces of six win at once: 500/6 = 83.33….
    let g = pig("0,0,0 target=2").with_eval(PigEval::Win);
    let v = value(Algorithm::Expectimax, &g, 2);
    assert!(v.is_rounded() && (v.to_f64() - 250.0 / 3.0).abs() < 0.006, "{v}");
}

/// Star1 and Star2 return exactly expectimax's value on every position of a small Pig (the
/// game's own bounds ±100, no `--bounds`), never visiting more nodes.
#[test]
fn star1_and_star2_equal_expectimax() {
    let mut checked = 0;
    for sides in [3u8, 6] {
        for eval in [PigEval::Banked, PigEval::Win] {
            for a in 0..5u8 {
                for b in 0..5u8 {
                    for t in (0..5u8).filter(|&t| t != 1) {
                        for (mover, rolling) in [(Player::Max, false), (Player::Min, true)] {
                            let text = format!(
                                "{a},{b},{t} {} {}target=5",
                                mover.upper(),
                                if rolling { "rolling " } else { "" }
                            );
                            let Ok(g) = Pig::parse(&text) else { continue };
                            let g = g.with_sides(sides).with_eval(eval);
                            for depth in 1..=5 {
                                let count = |algo| {
                                    let t = abviz_search::trace(algo, &g, depth).unwrap();
                                    (t.result().value, t.stats().nodes_distinct)
                                };
                                let (e, en) = count(Algorithm::Expectimax);
                                for algo in [Algorithm::Star1, Algorithm::Star2] {
                                    let (v, n) = count(algo);
                                    assert_eq!(v, e, "{algo:?} {g:?} depth {depth}");
                                    assert!(n <= en, "{algo:?} {g:?} depth {depth}: {n} > {en}");
                                }
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

/// The pure-skill searches refuse Pig: it has chance nodes.
#[test]
fn minimax_refuses_chance() {
    let stop = run(Algorithm::AlphaBeta, &mut pig("0,0,0"), 4, &mut NoOp).unwrap_err();
    assert!(matches!(stop, abviz_trace::Stop::ChanceNodes { .. }), "{stop:?}");
}

/// An oracle that shares nothing with the searches: Neller & Presser's equations for the
/// probability P(i, j, k) that the player to move, with i banked, the opponent j and a turn
/// total k, wins with optimal play, solved by value iteration:
/// P(i, j, k) = max(P_roll, P_hold) with P_roll = (1/s)(1 − P(j, i, 0)) + Σ_{f=2..s}
/// (1/s) P(i, j, k + f) (1 where i + k + f ≥ goal), P_hold = 1 − P(j, i + k, 0) (k > 0).
fn neller_presser(goal: usize, sides: usize) -> Vec<f64> {
    let at = |i: usize, j: usize, k: usize| (i * goal + j) * goal + k;
    let mut p = vec![0.0f64; goal * goal * goal];
    loop {
        let mut change = 0.0f64;
        for i in 0..goal {
            for j in 0..goal {
                for k in 0..goal - i {
                    let mut roll = (1.0 - p[at(j, i, 0)]) / sides as f64;
                    for f in 2..=sides {
                        roll += if i + k + f >= goal { 1.0 } else { p[at(i, j, k + f)] } / sides as f64;
                    }
                    let hold = if k > 0 { 1.0 - p[at(j, i + k, 0)] } else { 0.0 };
                    let v = roll.max(hold);
                    change = change.max((v - p[at(i, j, k)]).abs());
                    p[at(i, j, k)] = v;
                }
            }
        }
        if change < 1e-13 {
            return p;
        }
    }
}

/// The same values by a depth-limited dynamic programme over the positions, ply by ply (a
/// roll and its die are two plies, a hold one; 0 at the depth limit, ±100 at a win), in the
/// mover's view: what expectimax with `--eval win` must return, computed without a tree.
fn horizon_values(goal: usize, sides: usize, depth: u32) -> Vec<[f64; 2]> {
    let at = |i: usize, j: usize, k: usize| (i * goal + j) * goal + k;
    // [decision, die rolling] for each (i, j, k), the mover's view.
    let mut v = vec![[0.0f64; 2]; goal * goal * goal];
    for _ in 0..depth {
        let mut next = v.clone();
        for i in 0..goal {
            for j in 0..goal {
                for k in 0..goal - i {
                    let mut die = -v[at(j, i, 0)][0] / sides as f64;
                    for f in 2..=sides {
                        die += if i + k + f >= goal { 100.0 } else { v[at(i, j, k + f)][0] } / sides as f64;
                    }
                    let roll = v[at(i, j, k)][1];
                    let hold = if k > 0 { -v[at(j, i + k, 0)][0] } else { f64::NEG_INFINITY };
                    next[at(i, j, k)] = [roll.max(hold), die];
                }
            }
        }
        v = next;
    }
    v
}

#[test]
fn expectimax_agrees_with_an_independent_oracle() {
    for (goal, sides) in [(4usize, 3usize), (5, 6), (6, 2)] {
        let at = |i: usize, j: usize, k: usize| (i * goal + j) * goal + k;
        let optimal = neller_presser(goal, sides);
        // The depth-limited programme tends to 100 × (2P − 1) as the depth grows.
        let deep = horizon_values(goal, sides, 400);
        for i in 0..goal {
            for j in 0..goal {
                for k in (0..goal - i).filter(|&k| k != 1) {
                    let want = 100.0 * (2.0 * optimal[at(i, j, k)] - 1.0);
                    assert!((deep[at(i, j, k)][0] - want).abs() < 1e-6, "{goal} d{sides} {i},{j},{k}");
                }
            }
        }
        // Expectimax equals the programme at every depth up to 8, on every position…
        for depth in 0..=8 {
            let dp = horizon_values(goal, sides, depth);
            for i in 0..goal {
                for j in 0..goal {
                    for k in (0..goal - i).filter(|&k| k != 1) {
                        for (mover, rolling) in
                            [(Player::Max, false), (Player::Max, true), (Player::Min, false)]
                        {
                            // The mover's (i, j): MAX's banked score first in the notation.
                            let (a, b) = if mover == Player::Max { (i, j) } else { (j, i) };
                            let text = format!(
                                "{a},{b},{k} {}{} target={goal}",
                                mover.upper(),
                                if rolling { " rolling" } else { "" }
                            );
                            let g = pig(&text).with_sides(sides as u8).with_eval(PigEval::Win);
                            let v = value(Algorithm::Expectimax, &g, depth).to_f64();
                            let want = dp[at(i, j, k)][usize::from(rolling)];
                            let want = if mover == Player::Max { want } else { -want };
                            assert!((v - want).abs() < 0.006, "{text} d{sides} depth {depth}: {v} vs {want}");
                        }
                    }
                }
            }
        }
        // …and a deep expectimax from the start comes close to the optimal win probability,
        // choosing the optimal policy's move.
        let start = pig(&format!("0,0,0 target={goal}")).with_sides(sides as u8).with_eval(PigEval::Win);
        let v = value(Algorithm::Expectimax, &start, 14).to_f64();
        let want = 100.0 * (2.0 * optimal[at(0, 0, 0)] - 1.0);
        assert!((v - want).abs() < 3.0, "goal {goal} d{sides}: {v} vs {want}");
    }
    // Where the optimal policy's choice is clear, a deep expectimax makes it too.
    let (goal, sides) = (5usize, 6usize);
    let at = |i: usize, j: usize, k: usize| (i * goal + j) * goal + k;
    let p = neller_presser(goal, sides);
    let mut compared = 0;
    for i in 0..goal {
        for j in 0..goal {
            for k in (2..goal - i).filter(|&k| i + k < goal) {
                let mut roll = (1.0 - p[at(j, i, 0)]) / 6.0;
                for f in 2..=6 {
                    roll += if i + k + f >= goal { 1.0 } else { p[at(i, j, k + f)] } / 6.0;
                }
                let hold = 1.0 - p[at(j, i + k, 0)];
                if (roll - hold).abs() < 0.02 {
                    continue;
                }
                let g = pig(&format!("{i},{j},{k} target={goal}")).with_eval(PigEval::Win);
                let out = run(Algorithm::Expectimax, &mut g.clone(), 10, &mut NoOp).unwrap();
                let chose = g.move_label(out.pv[0].0);
                assert_eq!(
                    chose,
                    if roll > hold { "roll" } else { "hold" },
                    "{i},{j},{k}: roll {roll} hold {hold}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 5, "{compared}");
}

#[test]
fn board_pictures() {
    let svg = Pig::board_svg("7,3,2 min").unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert!(svg.contains("<title>7,3,2 min</title>") && svg.contains("MIN: turn total 2, roll or hold"));
    assert!(svg.contains("target 10") && svg.contains("3 + 2"), "{svg}");
    assert!(!svg.contains("rolled"), "no die before a roll");
    assert!(Pig::board_svg("7,3,2 rolling").unwrap().contains("rolling"));
    // After a roll the die shows its face: a 4 added to the turn total, a 1 lost the turn, a
    // winning 5 banked.
    let after = |now: &str, before: &str| Pig::board_svg_after(now, before).unwrap();
    let four = after("7,3,6 target=20", "7,3,2 rolling target=20");
    assert!(four.contains("rolled 4") && four.matches("<circle").count() == 4, "{four}");
    assert!(after("7,3,0 min", "7,3,2 rolling").contains("rolled 1"));
    let won = after("12,3,0", "7,3,0 rolling");
    assert!(won.contains("rolled 5") && won.contains("MAX has won"), "{won}");
    assert!(!after("7,3,2 rolling", "7,3,2").contains("rolled"), "a roll shows the die rolling");
    assert!(Pig::board_svg("7,3,x").is_none());
}
