//! Chance nodes: the notation and JSON read them (probabilities exact, summing to 1 or an
//! error with its position); expectimax gives hand-computed values (AIMA Fig. 5.12's two trees,
//! a CS188-style average); on thousands of random chance trees with bounded leaves Star1 returns
//! exactly expectimax's value and never visits a node expectimax does not; a chance trace
//! survives write → read → render byte for byte.

use abviz::Score;
use abviz::Ties;
use abviz::export::{Format, Output, ViewOptions};
use abviz::game::notation::parse_tree;
use abviz::game::tree::ExplicitTree;
use abviz::input::{Input, RunOptions};
use abviz::search::{Algorithm, Settings};
use abviz::trace::Trace;
use abviz::trace::json::Layout;
use proptest::prelude::*;
use std::collections::BTreeSet;

fn trace_of(tree: &str, algo: Algorithm, settings: Settings) -> Trace {
    let input = Input::Explicit(ExplicitTree::parse(tree).unwrap());
    input.trace(algo, &RunOptions { minimax_reference: false, settings, ..RunOptions::default() }).unwrap()
}

fn value(tree: &str, algo: Algorithm) -> String {
    trace_of(tree, algo, Settings::default()).result().value.to_string()
}

/// AIMA Fig. 5.12 (3rd ed.): MAX chooses between a1 and a2, each a chance node with
/// probabilities .9 and .1 over MIN nodes. With the leaves 2, 3, 1, 4: a1 = .9·2 + .1·3 = 2.1,
/// a2 = .9·1 + .1·4 = 1.3, so a1 is best; with 20, 30, 1, 400 (an order-preserving change of
/// the values): a1 = 21, a2 = 40.9, and a2 is best — the figure's point.
#[test]
fn aima_figure_5_12() {
    let left = "max (chance:a1:(0.9 * (2 2) 0.1 * (3 3)) chance:a2:(0.9 * (1 1) 0.1 * (4 4)))";
    let right = "max (chance:a1:(0.9 * (20 20) 0.1 * (30 30)) chance:a2:(0.9 * (1 1) 0.1 * (400 400)))";
    for algo in [Algorithm::Expectimax, Algorithm::Star1] {
        let t = trace_of(left, algo, Settings::default());
        assert_eq!(t.result().value.to_string(), "2.1", "{algo}");
        assert_eq!(t.result().best_move.as_deref(), Some("a1"), "{algo}");
        let t = trace_of(right, algo, Settings::default());
        assert_eq!(t.result().value.to_string(), "40.9", "{algo}");
        assert_eq!(t.result().best_move.as_deref(), Some("a2"), "{algo}");
    }
    // The MIN nodes below chance: the players alternate through the chance level.
    let t = trace_of(left, Algorithm::Expectimax, Settings::default());
    let min_nodes = (0..t.nodes().len() as u32)
        .filter(|&i| t.node(i).depth == 2 && t.node(i).player == abviz::game::Player::Min)
        .count();
    assert_eq!(min_nodes, 4);
}

/// CS188-style: uniform chance nodes (no probabilities written) average their outcomes; a
/// third is held exactly and shown rounded, marked ≈.
#[test]
fn uniform_outcomes_average_exactly() {
    let tree = "max (chance:(3 12 9) chance:(2 4 6) chance:(15 6 0))";
    assert_eq!(value(tree, Algorithm::Expectimax), "8");
    let thirds = "max (chance:(3 12 8) chance:(2 4 6))";
    let t = trace_of(thirds, Algorithm::Expectimax, Settings::default());
    assert_eq!(t.result().value.to_string(), "≈7.67");
    assert!(t.result().value.is_rounded());
    // Decimals and fractions together: 1/4 · 4.5 + 3/4 · 2 = 2.625 exactly.
    assert_eq!(value("chance:(1/4 * 4.5, 3/4 * 2)", Algorithm::Expectimax), "2.625");
    // Expectiminimax with a MIN level: MIN takes the least expected value.
    assert_eq!(value("min (chance:(0.5 * 10 0.5 * 0) chance:(0.5 * 4 0.5 * 4))", Algorithm::Expectimax), "4");
}

/// Worked by hand with the tree's own leaf bounds [2, 14]: A = 23/3 sets α ≈ 7.67 at the root;
/// at B after 2 and 4 the best B can reach is (2 + 4 + 14)/3 = 6.67 ≤ α, so B's last outcome is
/// never searched (a chance cutoff whose bound came from the root); C after 14 and 5 could
/// still reach 11, so its last outcome is searched.
#[test]
fn star1_cuts_where_the_bounds_say() {
    let tree = "max (chance:A:(3 12 8) chance:B:(2 4 6) chance:C:(14 5 2))";
    let t = trace_of(tree, Algorithm::Star1, Settings::default());
    assert_eq!(t.result().value.to_string(), "≈7.67");
    let pruned: Vec<String> =
        (0..t.nodes().len() as u32).filter(|&i| !t.node(i).visited()).map(|i| t.path(i)).collect();
    assert_eq!(pruned, ["1.2"]);
    let b = (0..t.nodes().len() as u32).find(|&i| t.name(i) == Some("B")).unwrap();
    let cut = t.cutoff(b).unwrap();
    assert!(cut.chance && cut.kind == abviz::trace::CutKind::Alpha && cut.bound_from == 0);
    assert_eq!(t.summary(b).value.to_string(), "≈6.67");
    assert_eq!(t.stats().leaves, 8);
    // With bounds too wide to help, nothing is cut.
    let wide = Settings { bounds: Some((Score::from(-100), Score::from(100))), ..Settings::default() };
    let t = trace_of(tree, Algorithm::Star1, wide);
    assert_eq!((t.stats().leaves, t.stats().pruned), (9, 0));
    // A leaf outside the bounds given stops the search with its value named.
    let narrow = Settings { bounds: Some((Score::from(0), Score::from(10))), ..Settings::default() };
    let input = Input::Explicit(ExplicitTree::parse(tree).unwrap());
    let err = input.trace(Algorithm::Star1, &RunOptions { settings: narrow, ..RunOptions::default() });
    assert!(err.unwrap_err().to_string().contains("12"), "the leaf 12 lies outside [0, 10]");
}

/// Worked by hand, leaves in [0, 10]: A = ½·min(3, 4) + ½·min(5, 6) = 4 sets α = 4. At B
/// Star1 searches B1 whole (1 and 9: its window [0, 10] cannot cut), then B2 in [7, 10], cut
/// after 2 — 7 distinct leaves. Star2 probes B1 and B2 by their first moves, 1 and 2: B is
/// then at most ½·1 + ½·2 = 1.5 ≤ α, a chance cutoff before any 9 is looked at — 6 distinct
/// leaves. Expectimax evaluates all 8. The value is 4 each time.
#[test]
fn star2_probes_cut_before_star1_can() {
    let tree = "max (chance:A:(A1:(3 4) A2:(5 6)) chance:B:(B1:(1 9) B2:(2 9)))";
    let bounds = Settings { bounds: Some((Score::from(0), Score::from(10))), ..Settings::default() };
    let distinct = |algo| {
        let t = trace_of(tree, algo, bounds);
        assert_eq!(t.result().value.to_string(), "4", "{algo}");
        t.stats().leaves_distinct
    };
    assert_eq!(
        (distinct(Algorithm::Expectimax), distinct(Algorithm::Star1), distinct(Algorithm::Star2)),
        (8, 7, 6)
    );
    let t = trace_of(tree, Algorithm::Star2, bounds);
    let name = |n: &str| (0..t.nodes().len() as u32).find(|&i| t.name(i) == Some(n)).unwrap();
    let b = t.cutoff(name("B")).unwrap();
    assert!(b.chance && !b.probe && b.kind == abviz::trace::CutKind::Alpha);
    assert_eq!(t.summary(name("B")).value.to_string(), "1.5");
    let b1 = t.cutoff(name("B1")).unwrap();
    assert!(b1.probe && b1.pruned == 1);
    assert_eq!(t.summary(name("B1")).bound, abviz::trace::Bound::Upper);
    // A's outcomes were probed, then searched again (re-searches), each visited twice.
    assert_eq!(t.summary(name("A1")).visits, 2);
    assert!(t.stats().researches >= 2);
}

/// Searches of pure skill refuse chance nodes with a clear error.
#[test]
fn minimax_refuses_chance() {
    let input = Input::Explicit(ExplicitTree::parse("max (chance:(1 2) 3)").unwrap());
    for algo in [Algorithm::Minimax, Algorithm::AlphaBetaSoft, Algorithm::Pvs] {
        let err = input.trace(algo, &RunOptions::default()).unwrap_err().to_string();
        assert!(err.contains("chance nodes") && err.contains("expectimax"), "{algo}: {err}");
    }
}

#[test]
fn notation_and_json_read_chance() {
    let spec = parse_tree("max (chance:A:(1/6 * 3, 5/6 * B:(1 2)) 7)").unwrap();
    assert_eq!(spec.root.to_notation(), "(chance:A:(1/6 * 3 5/6 * B:(1 2)) 7)");
    let j = parse_tree(
        r#"{"children":[{"player":"chance","children":[{"p":0.25,"value":1},{"p":"3/4","value":2}]},5]}"#,
    )
    .unwrap();
    assert_eq!(j.root.to_notation(), "(chance:(0.25 * 1 0.75 * 2) 5)");
    let err = |src: &str| parse_tree(src).unwrap_err();
    let e = err("(chance:(0.5 * 1 0.4 * 2))");
    assert_eq!((e.line, e.column), (1, 9));
    assert!(e.to_string().contains("sum to 0.9, not 1"), "{e}");
    let e = err("(chance:(0.33 * 1 0.33 * 2 0.34 * 3) (0.5 * 1 0.5 * 2))");
    assert_eq!((e.line, e.column), (1, 39));
    assert!(e.to_string().contains("no chance node"), "{e}");
    let e = err("chance:(0.5 * 1 2)");
    assert!(e.to_string().contains("only 1 of this chance node's 2 outcomes"), "{e}");
    let e = err("chance:(1.5 * 1 2)");
    assert_eq!((e.line, e.column), (1, 9));
    assert!(e.to_string().contains("bad probability '1.5'"), "{e}");
    let e = err("(chance:X:3 2)");
    assert!(e.to_string().contains("needs outcomes"), "{e}");
    let e =
        err(r#"{"children":[{"player":"chance","children":[{"p":0.5,"value":1},{"p":0.25,"value":2}]}]}"#);
    assert!(e.to_string().contains("sum to 0.75, not 1"), "{e}");
    let e = err(r#"{"children":[{"p":0.5,"value":1},{"p":0.5,"value":2}]}"#);
    assert!(e.to_string().contains("no chance node"), "{e}");
}

/// A trace with chance nodes, rounded values and a chance cutoff: written in both layouts, read
/// back and written again, byte for byte; its text and DOT views the same from the file.
#[test]
fn chance_traces_round_trip() {
    let star1 = "max (chance:A:(3 12 8) chance:B:(1/2 * 2, 1/4 * 4, 1/4 * 6) chance:C:(14 5 2))";
    let star2 = "max (chance:A:(A1:(3 4) A2:(5 6)) chance:B:(B1:(1 9) B2:(2 9)))";
    for (tree, algo) in [(star1, Algorithm::Star1), (star2, Algorithm::Star2), (star1, Algorithm::Expectimax)]
    {
        round_trip(&trace_of(tree, algo, Settings::default()));
    }
}

fn round_trip(t: &Trace) {
    assert!(t.has_chance());
    for layout in [Layout::Readable, Layout::Compact] {
        let mut first = Vec::new();
        t.write_json(&mut first, layout, false).unwrap();
        let back = abviz::search::read_trace(std::str::from_utf8(&first).unwrap()).unwrap();
        let mut second = Vec::new();
        back.write_json(&mut second, layout, false).unwrap();
        assert_eq!(String::from_utf8(first).unwrap(), String::from_utf8(second).unwrap(), "{layout:?}");
        for format in Format::ALL {
            let opts = ViewOptions::default();
            let (Ok(Output::Text(a)), Ok(Output::Text(b))) =
                (format.export(t, &opts), format.export(&back, &opts))
            else {
                continue;
            };
            assert_eq!(a, b, "{layout:?} {}: render after read", format.name());
        }
    }
}

/// A random chance tree: levels alternate MAX, chance, MIN, chance …; chance nodes get random
/// probabilities (in eighths, or none: uniform); leaves lie in [−10, 10].
fn random_chance_tree(seed: u64) -> String {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let depth = 2 + next(3) as u32;
    fn node(level: u32, depth: u32, next: &mut dyn FnMut(u64) -> u64, out: &mut String) {
        if level == depth || (level > 1 && next(6) == 0) {
            out.push_str(&(next(21) as i64 - 10).to_string());
            return;
        }
        let kids = 2 + next(2) as usize;
        let chance = level % 2 == 1;
        if chance {
            out.push_str("chance:");
        }
        out.push('(');
        // Eighths summing to 8, each at least 1; or uniform.
        let probs: Option<Vec<u64>> = (chance && next(2) == 0).then(|| {
            let mut left = 8u64;
            (0..kids)
                .map(|k| {
                    let rest = (kids - k - 1) as u64;
                    let p = if rest == 0 { left } else { 1 + next(left - rest) };
                    left -= p;
                    p
                })
                .collect()
        });
        for k in 0..kids {
            if k > 0 {
                out.push(' ');
            }
            if let Some(ps) = &probs {
                out.push_str(&format!("{}/8 * ", ps[k]));
            }
            node(level + 1, depth, next, out);
        }
        out.push(')');
    }
    let mut out = String::from("max ");
    node(0, depth, &mut next, &mut out);
    out
}

/// The paths of the nodes a search entered.
fn entered(t: &Trace) -> BTreeSet<String> {
    (0..t.nodes().len() as u32).filter(|&i| t.node(i).visited()).map(|i| t.path(i)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Star1 and Star2 return exactly expectimax's value (both with the leaves' bounds [−10, 10] and
    /// with the tree's own), under both tie rules, and enters only nodes expectimax enters.
    #[test]
    fn star_minimax_is_expectimax_with_less_work(seed in any::<u64>(), given in any::<bool>(), keep in any::<bool>()) {
        let tree = random_chance_tree(seed);
        let ties = if keep { Ties::Keep } else { Ties::Prune };
        let bounds = given.then(|| (Score::from(-10), Score::from(10)));
        let settings = Settings { ties, bounds, ..Settings::default() };
        let full = trace_of(&tree, Algorithm::Expectimax, Settings::default());
        for algo in [Algorithm::Star1, Algorithm::Star2] {
            let star = trace_of(&tree, algo, settings);
            prop_assert_eq!(star.result().value, full.result().value, "{} {}", algo, tree);
            prop_assert_eq!(star.result().value.to_string(), full.result().value.to_string());
            let (e, s) = (entered(&full), entered(&star));
            prop_assert!(s.is_subset(&e), "{}: {} entered {:?} which expectimax did not", tree, algo, s.difference(&e).collect::<Vec<_>>());
        }
        prop_assert_eq!(full.stats().cutoffs, 0);
        // And exactly, before any rounding for the views.
        let game = ExplicitTree::parse(&tree).unwrap();
        let exact = |algo: Algorithm| {
            let mut obs = abviz::trace::NoOp;
            let mut s = abviz::search::Search::new(&mut obs, abviz::trace::Perspective::Max).with_ties(ties);
            let mut g = game.clone();
            let b = bounds.or_else(|| abviz::game::Game::value_bounds(&game));
            match algo {
                Algorithm::Star1 => abviz::search::star1::star1(
                    &mut g, u32::MAX, abviz::Exact::NegInf, abviz::Exact::Inf, b, &mut s),
                Algorithm::Star2 => abviz::search::star2::star2(
                    &mut g, u32::MAX, abviz::Exact::NegInf, abviz::Exact::Inf, b, &mut s),
                _ => abviz::search::expectimax::expectimax(&mut g, u32::MAX, None, &mut s),
            }
            .unwrap()
        };
        let e = exact(Algorithm::Expectimax);
        prop_assert_eq!(exact(Algorithm::Star1), e, "{}", tree);
        prop_assert_eq!(exact(Algorithm::Star2), e, "{}", tree);
    }
}

/// `abviz compare --chance` sweeps random chance trees (MAX, chance, MIN, chance …): every
/// sample's value agrees across expectimax, Star1 and Star2 (compare refuses otherwise), and on
/// 3^4 trees Star1 and Star2 enter fewer distinct nodes than expectimax's 121.
#[test]
fn the_chance_sweep_agrees_and_saves() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_abviz"))
        .args(["compare", "--branching", "3", "--depth", "4", "--chance", "--samples", "40", "-f", "csv"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let csv = String::from_utf8(out.stdout).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let distinct: Vec<(String, f64)> = lines
        .map(|l| {
            // The description (column 1) is quoted and holds commas: count the others from the end.
            let cells: Vec<&str> = l.split(',').collect();
            let at = |name: &str| cells[cells.len() - (header.len() - col(name))];
            (at("algorithm").to_string(), at("nodes_distinct_mean").parse().unwrap())
        })
        .collect();
    let of = |a: &str| distinct.iter().find(|(n, _)| n == a).unwrap().1;
    assert_eq!(of("expectimax"), 121.0);
    assert!(of("star1") < 121.0 && of("star2") < of("star1"), "{distinct:?}");
}

/// A chance node's expected value so far, step by step (CS188's average of 3, 12 and 8: 1,
/// then 5, then ≈7.67), as the call stacks show it: "Σ …" where a MAX or MIN node shows its best
/// value; and its range in AIMA's labels is what its updates say, not a best child's.
#[test]
fn the_stack_shows_a_chance_node_s_expected_value_so_far() {
    let t = trace_of("max (chance:C:(3 12 8) 2)", Algorithm::Expectimax, Settings::default());
    let tl = t.timeline();
    let c = (0..t.nodes().len() as u32).find(|&i| t.is_chance(i)).unwrap();
    let sums: Vec<String> = (0..t.events().len())
        .filter(|&k| matches!(t.events().kind(k), abviz::trace::EventKind::Update) && tl.focus(k) == c)
        .map(|k| tl.expected_so_far(c, k).unwrap().to_string())
        .collect();
    assert_eq!(sums, ["1", "5", "≈7.67"]);
    // Before any outcome returned there is no sum; at the root (MAX) there never is one.
    let first = (0..t.events().len()).find(|&k| tl.focus(k) == c).unwrap();
    assert_eq!(tl.expected_so_far(c, first), None);
    assert_eq!(tl.expected_so_far(0, t.events().len() - 1), None);
    // The terminal stepper's stack line for the chance node.
    let k = (0..t.events().len()).rfind(|&k| tl.focus(k) == c && tl.expected_so_far(c, k).is_some()).unwrap();
    let frame = tl.at(k).stack.last().cloned().unwrap();
    assert_eq!(abviz::step::frame_text(&tl, k, &frame), "Σ ≈7.67");
}
