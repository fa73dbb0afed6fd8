//! The tie rule (`--ties keep`, CS188): on thousands of random trees with many ties, keeping
//! ties returns the same value and best move as pruning them and visits a superset of the
//! nodes α ≥ β visits; the default rule is unchanged, and the trace records the rule.

use crate::support::trees::{input, tree};
use abviz::Ties;
use abviz::input::{Input, RunOptions};
use abviz::search::{Algorithm, Settings};
use abviz::trace::Trace;
use proptest::prelude::*;
use std::collections::HashSet;

/// The trace of `algo` on `input` under the tie rule `ties`.
fn traced(input: &Input, algo: Algorithm, ties: Ties) -> Trace {
    let settings = Settings { ties, ..Settings::default() };
    input.trace(algo, &RunOptions { minimax_reference: false, settings, ..RunOptions::default() }).unwrap()
}

/// The paths of the nodes a search entered.
fn visited(t: &Trace) -> HashSet<String> {
    (0..t.nodes().len() as u32).filter(|&i| t.node(i).visited()).map(|i| t.path(i)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn keeping_ties_visits_a_superset_and_agrees(root in tree(), min_root in any::<bool>()) {
        let input = input(root, min_root);
        for algo in [Algorithm::AlphaBeta, Algorithm::AlphaBetaSoft, Algorithm::NegamaxAb, Algorithm::Pvs, Algorithm::NegaScout] {
            let prune = traced(&input, algo, Ties::Prune);
            let keep = traced(&input, algo, Ties::Keep);
            prop_assert_eq!(keep.result().value, prune.result().value, "{} value", algo);
            let (p, k) = (visited(&prune), visited(&keep));
            prop_assert!(p.is_subset(&k), "{}: α > β visits every node α ≥ β visits", algo);
            prop_assert_eq!(keep.algorithm().ties, Ties::Keep);
            prop_assert_eq!(prune.algorithm().ties, Ties::Prune);
        }
    }
}

/// AIMA's tree with the middle MIN node's first leaf raised to 3 (= α): the default rule cuts
/// there on the tie, CS188's searches its other leaves; the listing, the title, the narration
/// and the trace file all say which rule ran.
#[test]
fn a_tie_is_cut_by_default_and_kept_on_request() {
    let tree = abviz::game::tree::ExplicitTree::parse("A:(B:(3 12 8) C:(3 4 6) D:(14 5 2))").unwrap();
    let input = Input::Explicit(tree);
    let prune = traced(&input, Algorithm::AlphaBetaSoft, Ties::Prune);
    let keep = traced(&input, Algorithm::AlphaBetaSoft, Ties::Keep);
    assert_eq!((prune.stats().leaves, keep.stats().leaves), (7, 9));
    assert_eq!((prune.result().value, keep.result().value), (3.into(), 3.into()));
    assert!(keep.algorithm().lines().iter().any(|l| l.contains("if v > β")));
    assert!(keep.algorithm().lines().iter().any(|l| l.contains("if v < α")));
    assert!(prune.algorithm().lines().iter().any(|l| l.contains("if v ≥ β")));
    assert!(keep.algorithm().title().contains("ties kept"));
    let json = keep.to_json(false);
    assert!(json.contains("\"ties\":\"keep\"") || json.contains("\"ties\": \"keep\""), "{json}");
    let back = abviz::search::read_trace(&json).unwrap();
    assert_eq!(back.algorithm().ties, Ties::Keep);
    assert!(!prune.to_json(false).contains("\"ties\""), "the default rule writes nothing new");
    let sentences: Vec<String> =
        (0..keep.events().len()).map(|k| abviz::trace::narration::narrate(&keep, k)).collect();
    assert!(sentences.iter().any(|s| s.contains("2 < α = 3")), "{sentences:?}");
}

/// The command line: `--ties keep` on run, compare (one row per rule) and exercise keys.
#[test]
fn the_command_line_takes_the_rule() {
    use assert_cmd::Command;
    let tree = "A:(B:(3 12 8) C:(3 4 6) D:(14 5 2))";
    let out = Command::cargo_bin("abviz")
        .unwrap()
        .args(["run", "--tree", tree, "--ties", "keep"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("ties kept (cut only when α > β)"), "{text}");
    assert!(text.contains("✂ α-cutoff: 2 < α = 3 (from A)"), "{text}");
    assert!(text.contains("Leaves       9"), "{text}");
    let out = Command::cargo_bin("abviz")
        .unwrap()
        .args(["compare", "--tree", tree, "--ties", "prune,keep", "--algos", "alphabeta-soft", "-f", "csv"])
        .output()
        .unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{csv}");
    assert!(csv.contains("ties prune") && csv.contains("ties keep"), "{csv}");
    let out = Command::cargo_bin("abviz")
        .unwrap()
        .args(["run", "--tree", tree, "--ties", "never"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("prune"));
}
