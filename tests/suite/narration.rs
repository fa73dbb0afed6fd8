//! The narration of a search, sentence by sentence (the steppers show exactly these).

use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::narration::narrate;
use abviz::trace::pseudocode::{line_for, lines};

fn sentences(tree: &str, algo: Algorithm) -> Vec<String> {
    let t = Input::from_tree_text(tree, None).unwrap().trace(algo, &RunOptions::default()).unwrap();
    (0..t.events().len()).map(|s| narrate(&t, s)).collect()
}

#[test]
fn aima_alphabeta_reads_like_the_textbook() {
    // AIMA's own (fail-soft) alpha-beta; leaves are named as the figure shows them, by value.
    let s = sentences("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", Algorithm::AlphaBetaSoft);
    assert_eq!(s[0], "Start at the root A (MAX) with α = −∞, β = +∞.");
    assert_eq!(s[1], "Enter B (MIN) with α = −∞, β = +∞.");
    assert_eq!(s[2], "Visit the leaf 3 under B with α = −∞, β = +∞.");
    assert_eq!(s[3], "Evaluate the leaf 3 under B: 3.");
    assert_eq!(s[5], "The leaf 3 under B returns 3 to B (MIN): β falls to 3, window [−∞, 3].");
    assert_eq!(s[9], "The leaf 12 under B returns 12 to B (MIN): 12 is not below β = 3, so β stays.");
    assert_eq!(s[15], "B returns 3 to A (MAX): α rises to 3, window [3, +∞].");
    assert!(s.contains(
        &"At C (MIN) the child value 2 ≤ α = 3 set at A: α-cutoff, the leaves 4 and 6 under C are never searched."
            .to_string()
    ));
    assert!(
        s.contains(&"C (MIN) is done: value 2 (an upper bound: its true value is at most 2).".to_string())
    );
    // D searched every leaf: its 2 is exact, and its cutoff test pruned nothing.
    assert!(s.contains(
        &"At D (MIN) the child value 2 ≤ α = 3 set at A: α-cutoff, it was the last child, so nothing is pruned."
            .to_string()
    ));
    assert!(s.contains(&"D (MIN) is done: value 2.".to_string()));
    assert!(s.iter().all(|x| !x.contains("leaf") || !x.contains("(MAX)")), "a leaf has no player to move");
    assert_eq!(s.last().unwrap(), "The root's value is 3; the best move is B. Search complete.");
    // Fail-hard names the same nodes and says C is at most 3 (its clamped value).
    let s = sentences("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", Algorithm::AlphaBeta);
    assert!(
        s.contains(&"C (MIN) is done: value 3 (an upper bound: its true value is at most 3).".to_string())
    );
}

#[test]
fn same_valued_leaves_under_one_node_say_which_child() {
    let s = sentences("A:(B:(4 4) 1)", Algorithm::Minimax);
    assert!(s.contains(&"Evaluate the leaf 4 under B (child 2): 4.".to_string()), "{s:#?}");
    assert!(s.contains(&"Evaluate the leaf 1 under A: 1.".to_string()), "{s:#?}");
}

#[test]
fn minimax_and_beta_cutoffs() {
    let s = sentences("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", Algorithm::Minimax);
    assert!(s.iter().all(|x| !x.contains('α')), "minimax has no window");
    assert!(
        s.contains(&"The leaf 12 under B returns 12 to B (MIN): its best value so far stays 3.".to_string())
    );
    // A β-cutoff at a MAX node under a MIN root.
    let s = sentences("min X:(Y:(5 1 2) Z:(7 2))", Algorithm::AlphaBeta);
    assert!(
        s.contains(
            &"At Z (MAX) the child value 7 ≥ β = 5 set at X: β-cutoff, the leaf 2 under Z is never searched."
                .to_string()
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
    // AIMA's listing: a MIN node is entered at MIN-VALUE's header, its cutoff returns at once.
    let aima = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None)
        .unwrap()
        .trace(Algorithm::AlphaBetaSoft, &RunOptions::default())
        .unwrap();
    let code2 = lines(&aima);
    let at2 = |step: usize| code2[line_for(&aima, step)];
    assert!(at2(0).starts_with("function MAX-VALUE"), "{}", at2(0));
    assert!(at2(1).starts_with("function MIN-VALUE"), "{}", at2(1));
    assert!(at2(3).contains("IS-CUTOFF"));
    assert!(at2(5).contains("β ← MIN(β, v)"));
    let cut = (0..aima.events().len()).find(|&i| narrate(&aima, i).contains("α-cutoff")).unwrap();
    assert!(at2(cut).contains("if v ≤ α then return v, move"));
    assert!(at2(cut + 1).contains("if v ≤ α then return v, move"), "the exit happens on the cut line");
    assert!(at(3).contains("terminal"));
    assert!(at(5).contains("β ← min"));
    assert!(at(15).contains("α ← max"));
    let cut = (0..t.events().len()).find(|&i| narrate(&t, i).contains("α-cutoff")).unwrap();
    assert!(at(cut).contains("α-cutoff"));
}

/// A root search's end names its kind, and the last one gives the result once.
#[test]
fn passes_end_by_their_kind_and_the_result_is_said_once() {
    // Iterative deepening's first pass evaluates B, C and D by their static values.
    let s = sentences("A=0:(B=3:(3 12 8) C=2:(2 4 6) D=2:(14 5 2))", Algorithm::Iterative);
    let ends: Vec<_> = s.iter().filter(|x| x.contains(" ends: ")).collect();
    assert_eq!(ends.len(), 2, "{ends:?}");
    assert!(ends[0].starts_with("Iteration 1 ends: "), "{}", ends[0]);
    assert_eq!(ends[1], "Iteration 2 ends: the root's value is 3; the best move is B. Search complete.");
    let s = sentences("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", Algorithm::Mtdf);
    assert_eq!(
        s.iter().rfind(|x| x.contains(" ends: ")).unwrap(),
        "Probe 2 ends: it failed low: the value is at most 3. The root's value is 3; the best move is B. Search complete."
    );
}
