//! Exercises on chance trees, checked against facts worked out by hand: CS188's expectimax
//! lecture tree (8, 4, 7; root 8), AIMA's Fig. 5.12 (2.1 and 1.3, decimals as typed), thirds
//! shown ≈; the leaves a Star1 sheet's key says are never evaluated are exactly those the Star1
//! trace never evaluates (read from its evaluation events), all of which expectimax evaluates,
//! over many generated trees; the tie rule decides a key (a tie kept vs pruned); the sheets
//! compile with pdflatex.

use abviz::exercise::chance::CS188;
use abviz::exercise::{Difficulty, Exercise, Generator, Profile};
use abviz::export::sheet::{SheetOptions, never_evaluated, sheets};
use abviz::game::Player;
use abviz::game::notation::parse_tree;
use abviz::search::Algorithm;
use abviz::trace::{Event, Trace};
use abviz::{Score, Ties};
use assert_cmd::Command;
use std::collections::BTreeSet;

use crate::support::pdf;

fn exercise(tree: &str, algo: Algorithm) -> Exercise {
    Exercise::of_tree(parse_tree(tree).unwrap(), Player::Max, algo).unwrap()
}

/// The value each named node returns, as the key prints it.
fn values(ex: &Exercise) -> Vec<(String, String)> {
    let t = &ex.trace;
    (0..t.nodes().len() as u32)
        .filter(|&id| !t.children(id).is_empty())
        .map(|id| (t.display_name(id), abviz::export::view::value_text(t, id)))
        .collect()
}

/// The key's text (key.tex) and SVG of one exercise.
fn key_of(ex: &Exercise) -> (String, String) {
    let made = sheets(&[ex.drawn()], &SheetOptions::default()).unwrap();
    let file = |name: &str| {
        let f = made.files.iter().find(|f| f.path == name).unwrap();
        String::from_utf8(f.bytes.clone()).unwrap()
    };
    (file("key.tex"), file("key-1.svg"))
}

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

/// CS188's "Expectimax Example": (3 + 12 + 9)/3 = 8, (2 + 4 + 6)/3 = 4, (15 + 6 + 0)/3 = 7, and
/// MAX takes 8.
#[test]
fn the_cs188_expectimax_key_has_the_lecture_values() {
    let ex = exercise(CS188, Algorithm::Expectimax);
    assert_eq!(values(&ex), [pair("A", "8"), pair("B", "8"), pair("C", "4"), pair("D", "7")]);
    let (tex, svg) = key_of(&ex);
    assert!(tex.contains("Expectiminimax: root value 8, best move B."), "{tex}");
    for v in ["8", "4", "7"] {
        assert!(svg.contains(&format!(">{v}</text>")), "{v} in the key");
    }
    // The exercise asks for the expected values and gives none of them.
    let made = sheets(&[ex.drawn()], &SheetOptions::default()).unwrap();
    let sheet = made.files.iter().find(|f| f.path == "exercise-1.svg").unwrap();
    let sheet = String::from_utf8(sheet.bytes.clone()).unwrap();
    assert!(!sheet.contains(">8</text>") && !sheet.contains(">7</text>"), "no answer on the sheet");
    assert!(sheet.contains(">1/3</text>"), "the probabilities are on the edges");
    let text = abviz::export::sheet::instructions(&ex.drawn(), false);
    assert!(text.contains("a chance node's is its expected value"), "{text}");
    assert!(!text.contains("Round"), "whole expected values need no rounding: {text}");
}

/// AIMA Fig. 5.12 (left): 0.9 × 2 + 0.1 × 3 = 2.1 and 0.9 × 1 + 0.1 × 4 = 1.3, so MAX takes A1;
/// a third is shown rounded to two decimals and marked; a leaf written 4.50 stays 4.50.
#[test]
fn decimal_and_rounded_expected_values_are_keyed_as_abviz_prints_them() {
    let aima = "max (chance:A:(0.9 * (2 2) 0.1 * (3 3)) chance:B:(0.9 * (1 1) 0.1 * (4 4)))";
    let ex = exercise(aima, Algorithm::Expectimax);
    let v = values(&ex);
    assert_eq!(v[0], pair("root", "2.1"));
    assert!(v.contains(&pair("A", "2.1")) && v.contains(&pair("B", "1.3")), "{v:?}");
    let ex = exercise("max (chance:(3 12 8) chance:(2 4 6))", Algorithm::Expectimax);
    assert_eq!(values(&ex), [pair("A", "≈7.67"), pair("B", "≈7.67"), pair("C", "4")]);
    let (tex, svg) = key_of(&ex);
    assert!(tex.contains(r"root value $\approx$7.67"), "{tex}");
    assert!(svg.contains(">≈7.67</text>"), "{svg}");
    let text = abviz::export::sheet::instructions(&ex.drawn(), false);
    assert!(text.contains("to 2 decimals and mark it ≈"), "{text}");
    // (4.50 + 2.5)/2 = 3.5; the leaf keeps the decimals it was typed with.
    let ex = exercise("max (chance:(4.50 2.5) chance:(1 1))", Algorithm::Expectimax);
    assert_eq!(values(&ex), [pair("A", "3.5"), pair("B", "3.5"), pair("C", "1")]);
    assert!(key_of(&ex).1.contains(">4.50</text>"));
}

/// The leaves a trace evaluates, by path, read from its evaluation events.
fn evaluated(t: &Trace) -> BTreeSet<String> {
    t.events()
        .iter(t.nodes())
        .filter_map(|e| match e {
            Event::Eval { node, .. } => Some(t.path(node)),
            _ => None,
        })
        .collect()
}

fn leaves(t: &Trace) -> BTreeSet<String> {
    (0..t.nodes().len() as u32).filter(|&id| t.children(id).is_empty()).map(|id| t.path(id)).collect()
}

/// The key's never-evaluated leaves are the Star1 (Star2) trace's unevaluated leaves, every one
/// of which expectimax evaluates; the values agree; each sheet has one to cross out.
#[test]
fn never_evaluated_leaves_are_the_ones_the_trace_never_evaluates() {
    let mut trees = 0;
    for algo in [Algorithm::Star1, Algorithm::Star2] {
        for (difficulty, seeds) in
            [(None, 1..=30), (Some(Difficulty::Medium), 1..=6), (Some(Difficulty::Hard), 1..=6)]
        {
            for seed in seeds {
                let g = Generator::new(difficulty, None, algo, seed).unwrap();
                let ex = g.exercise(1).unwrap();
                let t = &ex.trace;
                let never: BTreeSet<String> = never_evaluated(t).into_iter().map(|id| t.path(id)).collect();
                let all = leaves(t);
                let seen = evaluated(t);
                assert!(!never.is_empty(), "{algo} seed {seed}: a leaf to cross out");
                assert_eq!(never, all.difference(&seen).cloned().collect(), "{algo} seed {seed}");
                let em = Exercise::of_tree(ex.tree.clone(), Player::Max, Algorithm::Expectimax).unwrap();
                assert_eq!(evaluated(&em.trace), all, "expectimax evaluates every leaf");
                assert!(never.is_subset(&evaluated(&em.trace)));
                assert_eq!(t.result().value, em.trace.result().value, "{algo} seed {seed}");
                assert_eq!(ex.bounds, Some((Score::from(0), Score::from(10))), "generated bounds");
                assert!(Profile::of(t).chance >= 1, "{algo} seed {seed}: a chance cutoff");
                trees += 1;
            }
        }
    }
    assert_eq!(trees, 84);
}

/// On CS188's tree with the leaves' own bounds 0..15, Star1 cuts C after 2 and 4:
/// (2 + 4 + 15)/3 = 7 ≤ α = 8, so the leaf 6 is never evaluated; with bounds 0..20 the same
/// test gives 26/3 > 8 and every leaf is evaluated.
#[test]
fn the_star1_key_names_the_leaf_and_the_bound_that_cut_it() {
    let ex = exercise(CS188, Algorithm::Star1);
    let t = &ex.trace;
    let never: Vec<String> = never_evaluated(t).into_iter().map(|id| t.display_name(id)).collect();
    assert_eq!(never.len(), 1);
    assert_eq!(ex.bounds, Some((Score::from(0), Score::from(15))));
    let (tex, _) = key_of(&ex);
    assert!(tex.contains("leaf bounds 0 and 15; never evaluated (1 of 9 leaves): 6 under C."), "{tex}");
    assert!(tex.contains(r"expected value could reach only 7 $\leq$ $\alpha$ = 8 set at A"), "{tex}");
    let text = abviz::export::sheet::instructions(&ex.drawn(), false);
    assert!(
        text.contains("every leaf value lies between 0 and 15. Which leaves are never evaluated?"),
        "{text}"
    );
    let mut spec = parse_tree(CS188).unwrap();
    spec.bounds = Some((Score::from(0), Score::from(20)));
    let wide = Exercise::of_tree(spec, Player::Max, Algorithm::Star1).unwrap();
    assert!(never_evaluated(&wide.trace).is_empty());
    assert!(key_of(&wide).0.contains("every leaf is evaluated"));
}

/// A tie kept vs pruned: on `C:(3 4 6)` under α = 3, AIMA's rule cuts after the 3 (4 and 6 never
/// searched), CS188's searches both; the keys say so.
#[test]
fn the_tie_rule_decides_the_key() {
    let tree = "A:(B:(3 12 8) C:(3 4 6) D:(14 5 2))";
    let spec = || parse_tree(tree).unwrap();
    let prune = Exercise::of_tree_with(spec(), Player::Max, Algorithm::AlphaBetaSoft, Ties::Prune).unwrap();
    let keep = Exercise::of_tree_with(spec(), Player::Max, Algorithm::AlphaBetaSoft, Ties::Keep).unwrap();
    let (p, _) = key_of(&prune);
    let (k, _) = key_of(&keep);
    assert!(p.contains("children never searched: 2."), "{p}");
    assert!(k.contains("ties kept") && k.contains("children never searched: 0."), "{k}");
    assert_eq!(prune.trace.result().value, keep.trace.result().value);
}

/// The command line: sheets of each chance algorithm, given and generated, compile; --bounds
/// applies to a given tree under Star1 only.
#[test]
fn the_command_line_makes_chance_sheets_that_compile() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = std::process::Command::new("pdflatex").arg("-v").output().is_ok() && pdf::have_pdftotext();
    if !pdf {
        assert!(std::env::var_os("CI").is_none(), "CI must have pdflatex and pdftotext");
        eprintln!("\n*** SKIPPED the PDF checks: pdflatex or pdftotext is not installed ***\n");
    }
    let runs: [(&str, &[&str], &str); 4] = [
        ("ev", &["--tree", CS188, "--algo", "expectimax"], "Expectiminimax: root value 8"),
        ("s1", &["--tree", CS188, "--algo", "star1", "--bounds=0..15"], "never evaluated (1 of 9 leaves)"),
        ("r1", &["--random", "3,2", "--algo", "star1", "--seed", "4", "--count", "2"], "never evaluated"),
        ("h2", &["--difficulty", "hard", "--algo", "star2"], "never evaluated"),
    ];
    for (name, args, key) in runs {
        let out = dir.path().join(name);
        let mut cmd = Command::cargo_bin("abviz").unwrap();
        cmd.arg("exercise").args(args).arg("-o").arg(&out);
        if !pdf {
            cmd.arg("--no-pdf");
        }
        cmd.assert().success();
        if pdf {
            let text =
                pdf::read(&out.join("key.pdf")).words.iter().map(|w| w.text.clone()).collect::<Vec<_>>();
            let text = text.join(" ");
            assert!(text.contains(key), "{name}: {text}");
            let sheet = pdf::read(&out.join("exercises.pdf"));
            assert!(!sheet.words.is_empty());
        }
    }
    for (args, says) in [
        (
            &["--tree", CS188, "--algo", "expectimax", "--bounds=0..10"][..],
            "--bounds applies to --algo star1 and star2",
        ),
        (&["--random", "3,2", "--algo", "star1", "--bounds=0..10"][..], "--bounds applies to a given tree"),
        (&["--difficulty", "easy", "--algo", "expectimax"][..], "use --algo star1"),
        (&["--tree", CS188, "--algo", "alphabeta"][..], "chance nodes"),
    ] {
        let out = Command::cargo_bin("abviz")
            .unwrap()
            .arg("exercise")
            .args(args)
            .args(["--no-pdf", "-o"])
            .arg(dir.path().join("bad"))
            .output()
            .unwrap();
        assert_ne!(out.status.code(), Some(0));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
