//! PVS and NegaScout traced by hand from their pseudocode (Wikipedia's "Principal variation
//! search"; Reinefeld 1983) on AIMA's Fig. 5.2 tree with a MIN root, where the null-window
//! probes fail and children are searched again; each recorded event is checked against the hand
//! trace. Windows and values are in MAX's view, as the trace stores them.

use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::{Event, Trace};

const AIMA_MIN: &str = "min ((3 12 8) (2 4 6) (14 5 2))";

fn record(algo: Algorithm) -> Trace {
    let input = Input::from_tree_text(AIMA_MIN, None).unwrap();
    input.trace(algo, &RunOptions { minimax_reference: false, ..RunOptions::default() }).unwrap()
}

/// One line per event: what happened where ("root", "1", "1.2" = the third child of the second
/// child) with its window or value.
fn events(t: &Trace) -> Vec<String> {
    let at = |n: u32| if t.node(n).parent == abviz::trace::NONE { "root".to_string() } else { t.path(n) };
    t.events()
        .iter(t.nodes())
        .map(|e| match e {
            Event::Enter { node, alpha, beta } => format!("enter {} [{alpha}, {beta}]", at(node)),
            Event::Research { node, alpha, beta } => format!("research {} [{alpha}, {beta}]", at(node)),
            Event::Eval { node, value, .. } => format!("eval {} {value}", at(node)),
            Event::Update { node, value, alpha, beta, .. } => {
                format!("update {} {value} [{alpha}, {beta}]", at(node))
            }
            Event::Cutoff { node, pruned, .. } => format!("cutoff {} {pruned}", at(node)),
            Event::Exit { node, value, .. } => format!("exit {} {value}", at(node)),
            other => format!("{other:?}"),
        })
        .collect()
}

/// A leaf entered (or re-searched, with `how`) with a window: enter, evaluate, return.
fn leaf(how: &str, path: &str, window: &str, value: i32) -> Vec<String> {
    vec![format!("{how} {path} {window}"), format!("eval {path} {value}"), format!("exit {path} {value}")]
}

fn check(algo: Algorithm, expected: Vec<Vec<String>>) {
    let t = record(algo);
    let expected: Vec<String> = expected.into_iter().flatten().collect();
    let got = events(&t);
    for (k, (g, e)) in got.iter().zip(&expected).enumerate() {
        assert_eq!(g, e, "{algo}: event {k} differs; the trace so far:\n{}", got[..=k].join("\n"));
    }
    assert_eq!(
        got.len(),
        expected.len(),
        "{algo}: {} events, the hand trace has {}",
        got.len(),
        expected.len()
    );
    assert_eq!(t.result().value, 6.into());
    assert_eq!(t.result().best_index, Some(1));
}

fn s(x: &str) -> Vec<String> {
    vec![x.to_string()]
}

#[test]
fn pvs_by_hand_on_aima_with_a_min_root() {
    check(
        Algorithm::Pvs,
        vec![
            s("enter root [−∞, +∞]"),
            // B, the first child: the full window.
            s("enter 0 [−∞, +∞]"),
            leaf("enter", "0.0", "[−∞, +∞]", 3),
            s("update 0 3 [3, +∞]"),
            // 12: the probe [3, 4] fails high inside the window, so the leaf is searched again.
            leaf("enter", "0.1", "[3, 4]", 12),
            leaf("research", "0.1", "[12, +∞]", 12),
            s("update 0 12 [12, +∞]"),
            leaf("enter", "0.2", "[12, 13]", 8),
            s("update 0 8 [12, +∞]"),
            s("exit 0 12"),
            s("update root 12 [−∞, 12]"),
            // C: the probe [11, 12] returns 11 (fail-hard): better for MIN than 12, so again.
            s("enter 1 [11, 12]"),
            leaf("enter", "1.0", "[11, 12]", 2),
            s("update 1 2 [11, 12]"),
            leaf("enter", "1.1", "[11, 12]", 4),
            s("update 1 4 [11, 12]"),
            leaf("enter", "1.2", "[11, 12]", 6),
            s("update 1 6 [11, 12]"),
            s("exit 1 11"),
            s("research 1 [−∞, 11]"),
            leaf("enter", "1.0", "[−∞, 11]", 2),
            s("update 1 2 [2, 11]"),
            leaf("enter", "1.1", "[2, 3]", 4),
            leaf("research", "1.1", "[4, 11]", 4),
            s("update 1 4 [4, 11]"),
            leaf("enter", "1.2", "[4, 5]", 6),
            leaf("research", "1.2", "[6, 11]", 6),
            s("update 1 6 [6, 11]"),
            s("exit 1 6"),
            s("update root 6 [−∞, 6]"),
            // D: the probe [5, 6] fails high at once (14): no re-search for MIN.
            s("enter 2 [5, 6]"),
            leaf("enter", "2.0", "[5, 6]", 14),
            s("update 2 14 [14, 6]"),
            s("cutoff 2 2"),
            s("exit 2 14"),
            s("update root 14 [−∞, 6]"),
            s("exit root 6"),
        ],
    );
}

#[test]
fn negascout_by_hand_on_aima_with_a_min_root() {
    check(
        Algorithm::NegaScout,
        vec![
            s("enter root [−∞, +∞]"),
            s("enter 0 [−∞, +∞]"),
            leaf("enter", "0.0", "[−∞, +∞]", 3),
            s("update 0 3 [3, +∞]"),
            // 12 fails high in the probe [3, 4], but a leaf's value is exact: no re-search.
            leaf("enter", "0.1", "[3, 4]", 12),
            s("update 0 12 [12, +∞]"),
            leaf("enter", "0.2", "[12, 13]", 8),
            s("update 0 8 [12, +∞]"),
            s("exit 0 12"),
            s("update root 12 [−∞, 12]"),
            // C: the probe [11, 12] returns 6 (fail-soft), and the re-search uses it: [−∞, 6].
            s("enter 1 [11, 12]"),
            leaf("enter", "1.0", "[11, 12]", 2),
            s("update 1 2 [11, 12]"),
            leaf("enter", "1.1", "[11, 12]", 4),
            s("update 1 4 [11, 12]"),
            leaf("enter", "1.2", "[11, 12]", 6),
            s("update 1 6 [11, 12]"),
            s("exit 1 6"),
            s("research 1 [−∞, 6]"),
            leaf("enter", "1.0", "[−∞, 6]", 2),
            s("update 1 2 [2, 6]"),
            leaf("enter", "1.1", "[2, 3]", 4),
            s("update 1 4 [4, 6]"),
            leaf("enter", "1.2", "[4, 5]", 6),
            s("update 1 6 [6, 6]"),
            s("cutoff 1 0"),
            s("exit 1 6"),
            s("update root 6 [−∞, 6]"),
            s("enter 2 [5, 6]"),
            leaf("enter", "2.0", "[5, 6]", 14),
            s("update 2 14 [14, 6]"),
            s("cutoff 2 2"),
            s("exit 2 14"),
            s("update root 14 [−∞, 6]"),
            s("exit root 6"),
        ],
    );
}
