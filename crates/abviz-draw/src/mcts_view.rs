//! What the diagrams write on an MCTS trace: W/N inside a node, its visits and last UCT value
//! beside it, the thin branches hidden by `--min-visits`, and the legend's words for these.

use crate::keys::LegendKey;
use crate::words::{NAME_WIDTH, clip, one_line};
use abviz_core::text::thousands;
use abviz_trace::narration::number;
use abviz_trace::{NodeId, Trace};

/// Splits `kids` into those visited at least `min_visits` times and the thinner rest (all are
/// kept without `--min-visits` or on a trace that is not MCTS).
pub(super) fn split_thin(
    trace: &Trace,
    kids: Vec<NodeId>,
    min_visits: Option<u32>,
) -> (Vec<NodeId>, Vec<NodeId>) {
    match min_visits {
        Some(k) if trace.algorithm().features.mcts => {
            kids.into_iter().partition(|&c| trace.mcts(c).is_some_and(|m| m.visits >= k))
        }
        _ => (kids, Vec::new()),
    }
}

/// Inside the node: its mean result W/N ("0.583").
pub(super) fn mean_text(trace: &Trace, id: NodeId) -> Option<String> {
    trace.mcts(id)?.mean().map(number)
}

/// Beside the node: "N 412 · UCT 0.912" (the UCT value it had when last selected).
pub(super) fn beside(trace: &Trace, id: NodeId) -> Option<String> {
    let m = trace.mcts(id)?;
    let mut s = format!("N {}", thousands(u64::from(m.visits)));
    if m.uct.is_finite() {
        s.push_str(&format!(" · UCT {}", number(m.uct)));
    }
    Some(s)
}

/// The tooltip: "b2 (MIN): N 48, W/N 0.573, UCT 1.076 when last selected, 16% of its parent's
/// visits".
pub(super) fn tooltip(trace: &Trace, id: NodeId) -> String {
    let mut s = format!("{} ({})", one_line(&trace.display_name(id)), trace.node(id).player.upper());
    let Some(m) = trace.mcts(id) else { return s };
    s.push_str(&format!(": N {}", m.visits));
    if let Some(q) = m.mean() {
        s.push_str(&format!(", W/N {} (mean result for MAX)", number(q)));
    }
    if m.uct.is_finite() {
        s.push_str(&format!(", UCT {} when last selected", number(m.uct)));
    }
    if let Some(share) = trace.visit_share(id) {
        s.push_str(&format!(", {:.1}% of its parent's visits", 100.0 * share));
    }
    s
}

/// The legend's words where MCTS means something else than a window search.
pub(super) fn legend_text(key: LegendKey) -> Option<&'static str> {
    Some(match key {
        LegendKey::Max => "MAX to move; inside: W/N, the mean result for MAX",
        LegendKey::Min => "MIN to move; inside: W/N",
        LegendKey::Leaf => "leaf of the search tree (not expanded yet, or the game is over)",
        LegendKey::Pv => "most-visited path (edge and border width: share of the visits)",
        LegendKey::Bounds => "N visits · UCT value when last selected",
        LegendKey::Stub => "collapsed or rarely visited children",
        _ => return None,
    })
}

/// One line under the figure: the move, its visits and the iterations.
pub(super) fn caption(trace: &Trace) -> String {
    let r = trace.result();
    let mut s = format!("{}: {} iterations", trace.algorithm().title(), thousands(trace.stats().iterations));
    let root = trace.result_root();
    if let (Some(m), Some(best)) = (&r.best_move, trace.most_visited(root)) {
        let n = trace.mcts(best).map_or(0, |m| m.visits);
        let q = trace.mcts(best).and_then(|m| m.mean()).map(number).unwrap_or_default();
        s.push_str(&format!(", best move {} (N {n}, W/N {q})", clip(&one_line(m), NAME_WIDTH)));
    }
    s.push_str(&format!(" · {} nodes", thousands(trace.stats().nodes)));
    s
}
