//! The narration of a search, sentence by sentence (the steppers show exactly these).

use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::narration::narrate;
use abviz::trace::pseudocode::{line_for, lines};

fn sentences(tree: &str, algo: Algorithm) -> Vec<String> {
    let t = Input::from_tree_text(tree, None).unwrap().trace(algo, &RunOptions::default()).unwrap();
    (0..t.events.len()).map(|s| narrate(&t, s)).collect()
}

#[test]
fn aima_alphabeta_reads_like_the_textbook() {
    let s = sentences("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", Algorithm::AlphaBeta);
    assert_eq!(s[0], "Start at the root A (MAX) with α = −∞, β = +∞.");
    assert_eq!(s[1], "Enter B (MIN) with α = −∞, β = +∞.");
    assert_eq!(s[3], "Evaluate the leaf B1: 3.");
    assert_eq!(s[5], "B1 returns 3 to B (MIN): β falls to 3, window [−∞, 3].");
    assert_eq!(s[9], "B2 returns 12 to B (MIN): 12 is not below β = 3, so β stays.");
    assert_eq!(s[15], "B returns 3 to A (MAX): α rises to 3, window [3, +∞].");
    assert!(s.contains(
        &"At C (MIN) the child value 2 ≤ α = 3 set at A: α-cutoff, C2 and C3 are never searched.".to_string()
    ));
    assert!(
        s.contains(&"C (MIN) is done: value 3 (an upper bound: its true value is at most 3).".to_string())
    );
    assert_eq!(s.last().unwrap(), "The root's value is 3; the best move is B. Search complete.");
}

#[test]
fn minimax_and_beta_cutoffs() {
    let s = sentences("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", Algorithm::Minimax);
    assert!(s.iter().all(|x| !x.contains('α')), "minimax has no window");
    assert!(s.contains(&"B2 returns 12 to B (MIN): its best value so far stays 3.".to_string()));
    // A β-cutoff at a MAX node under a MIN root.
    let s = sentences("min X:(Y:(5 1 2) Z:(7 2))", Algorithm::AlphaBeta);
    assert!(
        s.contains(
            &"At Z (MAX) the child value 7 ≥ β = 5 set at X: β-cutoff, Z2 is never searched.".to_string()
        ),
        "{s:#?}"
    );
}

#[test]
fn pseudocode_lines_follow_the_events() {
    let t = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None)
        .unwrap()
        .trace(Algorithm::AlphaBeta, &RunOptions::default())
        .unwrap();
    let code = lines(&t);
    let at = |step: usize| code[line_for(&t, step)];
    assert!(at(0).starts_with("function alphabeta"));
    assert!(at(3).contains("terminal"));
    assert!(at(5).contains("β ← min"));
    assert!(at(15).contains("α ← max"));
    let cut = (0..t.events.len()).find(|&i| narrate(&t, i).contains("α-cutoff")).unwrap();
    assert!(at(cut).contains("α-cutoff"));
}
