//! The annotated tree for the terminal, followed by a summary.
//!
//! ```text
//! A ▲ = 3  [3, +∞]  #1
//! ├── B ▼ = 3  [−∞, 3]  #2
//! │   ├── 3 □  #3
//! ...
//! ├── C ▼ = 2  [3, 2]  #6  ✂ α-cutoff: 2 ≤ α = 3 (from A), 2 pruned
//! │   ├── 2 □  #7
//! │   ├╌╌ ✂ C2 pruned
//! ```

use super::view::{pass_header, thousands};
use super::{Exporter, FormatInfo, Kind, Output, ViewOptions};
use crate::DrawError as Error;
use abviz_core::Player;
use abviz_core::safe_text::for_terminal;
use abviz_trace::narration::number;
use abviz_trace::{Bound, CutKind, NONE, NodeId, Stats, Status, Trace, Visit};
use std::fmt::Write;

/// Above this many nodes the tree is cut to the depth where it fits (unless `--max-depth`).
pub const TEXT_NODE_LIMIT: usize = 2000;

/// The annotated text tree and summary.
pub struct TextExporter;

impl TextExporter {
    /// What the format is.
    pub const INFO: FormatInfo = FormatInfo {
        name: "text",
        aliases: &["txt"],
        help: &["The annotated tree and a summary."],
        extensions: &["txt"],
        kind: Kind::Report,
        binary: false,
        streams: false,
        boards: false,
    };
}

impl Exporter for TextExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        Ok(Output::Text(self.text(trace, opts)))
    }
}

impl TextExporter {
    /// The annotated tree and summary.
    pub fn text(&self, trace: &Trace, opts: &ViewOptions) -> String {
        let mut out = String::new();
        let _ =
            writeln!(out, "{} on {}", trace.algorithm().title(), for_terminal(&trace.input().description));
        out.push('\n');
        let max_depth = opts.max_depth.unwrap_or_else(|| fitting_depth(trace));
        // Nodes below the depth shown: searched ones, and never-searched ones (an explicit tree's
        // pruned subtrees).
        let mut hidden = [0usize; 2];
        let passes = trace.passes();
        for (k, root) in trace.roots().enumerate() {
            if let Some(p) = passes.iter().find(|p| p.root == root) {
                if k > 0 {
                    out.push('\n');
                }
                let _ = writeln!(out, "{}", pass_header(p));
            }
            let mut prefix = String::new();
            write_node(trace, root, &mut prefix, None, max_depth, &mut out, &mut hidden);
        }
        let below = match hidden {
            [0, 0] => None,
            [0, never] => Some(format!("{} never-searched nodes", thousands(never as u64))),
            [searched, 0] => Some(format!("{} nodes", thousands(searched as u64))),
            [searched, never] => Some(format!(
                "{} searched and {} never-searched nodes",
                thousands(searched as u64),
                thousands(never as u64)
            )),
        };
        if let Some(below) = below {
            let _ = writeln!(
                out,
                "({below} below depth {max_depth} not shown; use --max-depth to choose how deep to print)"
            );
        }
        out.push('\n');
        summary(trace, &mut out);
        out
    }
}

/// The deepest depth at which the printed tree stays under [`TEXT_NODE_LIMIT`] lines.
fn fitting_depth(trace: &Trace) -> u32 {
    let mut per_depth: Vec<usize> = Vec::new();
    for n in trace.nodes() {
        let d = n.depth as usize;
        if d >= per_depth.len() {
            per_depth.resize(d + 1, 0);
        }
        per_depth[d] += 1;
    }
    let mut total = 0;
    for (d, &c) in per_depth.iter().enumerate() {
        total += c;
        if total > TEXT_NODE_LIMIT {
            return d.saturating_sub(1) as u32;
        }
    }
    u32::MAX
}

fn symbol(trace: &Trace, id: NodeId) -> &'static str {
    let n = trace.node(id);
    if trace.is_leaf(id) || trace.pruned_value(id).is_some() {
        "□"
    } else if trace.is_chance(id) {
        "◯"
    } else {
        match n.player {
            Player::Max => "▲",
            Player::Min => "▼",
        }
    }
}

/// The node's name, or the move leading to it in games; unnamed tree nodes need no title
/// beyond their place in the drawing (their move label is just the child number).
fn node_title(trace: &Trace, id: NodeId) -> Option<String> {
    match trace.name(id) {
        Some(n) => Some(for_terminal(n).into_owned()),
        None if trace.parent(id).is_none() => Some("root".into()),
        None if trace.input().kind.is_game() => Some(for_terminal(trace.move_label(id)).into_owned()),
        None => None,
    }
}

fn write_node(
    trace: &Trace,
    id: NodeId,
    prefix: &mut String,
    last: Option<bool>,
    max_depth: u32,
    out: &mut String,
    hidden: &mut [usize; 2],
) {
    let n = trace.node(id);
    let branch = match (last, n.visited()) {
        (None, _) => "",
        (Some(false), true) => "├── ",
        (Some(true), true) => "└── ",
        (Some(false), false) => "├╌╌ ",
        (Some(true), false) => "└╌╌ ",
    };
    out.push_str(prefix);
    out.push_str(branch);
    let title = node_title(trace, id).map(|t| format!("{t} ")).unwrap_or_default();
    // An outcome of chance: its probability first, "(1/3) ".
    let title = match trace.probability(id) {
        Some(p) => format!("({p}) {title}"),
        None => title,
    };
    // The move-ordering heuristic that searched it where it is: "e2e4 [tt] ".
    let title = match trace.order_note(id) {
        Some(o) => format!("{title}[{}] ", o.tag()),
        None => title,
    };
    if !n.visited() {
        let shape = if let Some(v) = trace.pruned_value(id) {
            format!("□ {v}")
        } else if trace.children(id).is_empty() {
            String::new()
        } else {
            symbol(trace, id).to_string()
        };
        let value = if shape.is_empty() { shape } else { format!("{shape} ") };
        match trace.status(n.parent) {
            Status::Pruned => {
                let _ = writeln!(out, "{}", format!("✂ {title}{value}").trim_end());
            }
            _ => {
                let kind = trace
                    .cutoff(n.parent)
                    .map(|c| match (c.chance, c.probe) {
                        (true, true) => "Star2 probe",
                        (true, false) => "chance cutoff",
                        _ => c.kind.name(),
                    })
                    .unwrap_or("cutoff");
                let _ = writeln!(
                    out,
                    "✂ {title}{value}pruned ({kind} at {})",
                    for_terminal(&trace.display_name(n.parent))
                );
            }
        }
        write_children(trace, id, prefix, last, max_depth, out, hidden);
        return;
    }
    let s = trace.summary(id);
    let _ = write!(out, "{title}{}", symbol(trace, id));
    if trace.algorithm().features.mcts {
        mcts_node(trace, id, out);
        write_children(trace, id, prefix, last, max_depth, out, hidden);
        return;
    }
    if s.is_leaf() {
        let _ = write!(out, " {}", s.value);
        if s.status == Status::Terminal && trace.name(id).is_none() && trace.input().kind.is_game() {
            out.push_str(" (game over)");
        }
    } else {
        let _ = write!(out, " = {}", s.value);
        match s.bound {
            Bound::Lower => out.push_str(" (≥)"),
            Bound::Upper => out.push_str(" (≤)"),
            Bound::Exact => {}
        }
    }
    if trace.algorithm().has_window() && !s.is_leaf() {
        let _ = write!(out, "  [{}, {}]", s.alpha_out, s.beta_out);
    }
    let _ = write!(out, "  #{}", s.pre);
    if trace.beyond_horizon(id) {
        out.push_str("  q");
    }
    if s.visits > 1 {
        let visits: Vec<String> = trace.visits_of(id).map(visit_text).collect();
        let _ = write!(out, "  (searched {} times: {})", s.visits, visits.join("; then "));
    }
    if s.link != NONE {
        let _ = write!(out, "  = value from #{} (transposition)", trace.summary(s.link).pre);
    }
    if let Some(c) = trace.cutoff(id) {
        let child_value = trace.children(id).get(c.child as usize).map(|&ch| trace.summary(ch).value);
        let from = if c.bound_from == NONE {
            "the root's initial window".to_string()
        } else {
            for_terminal(&trace.display_name(c.bound_from)).into_owned()
        };
        let (ge, le) = trace.algorithm().ties.symbols();
        let test = match (c.kind, child_value) {
            // *-minimax: the expected value's best (or worst) case with the outcomes left.
            (CutKind::Alpha, _) if c.probe => format!("its first move: at most {}", s.value),
            (CutKind::Beta, _) if c.probe => format!("its first move: at least {}", s.value),
            (CutKind::Alpha, _) if c.chance => format!("at most {} {le} α = {}", s.value, c.alpha),
            (CutKind::Beta, _) if c.chance => format!("at least {} {ge} β = {}", s.value, c.beta),
            (CutKind::Alpha, Some(v)) => format!("{v} {le} α = {}", c.alpha),
            (CutKind::Beta, Some(v)) => format!("{v} {ge} β = {}", c.beta),
            (_, None) => String::new(),
        };
        let pruned = match (c.pruned, c.probe) {
            (0, _) if c.chance && (c.child as usize) + 1 < trace.children(id).len() => {
                "the outcomes after it are not searched further".to_string()
            }
            (0, _) => "after the last child: prunes nothing".to_string(),
            (n, true) => format!("{n} waiting for the search phase"),
            (n, false) => format!("{n} pruned"),
        };
        let kind = match (c.chance, c.probe) {
            (true, true) => "Star2 probe",
            (true, false) => "chance cutoff",
            _ => c.kind.name(),
        };
        if c.probe {
            let _ = write!(out, "  ✂ {kind}: {test}, {pruned}");
        } else {
            let _ = write!(out, "  ✂ {kind}: {test} (from {from}), {pruned}");
        }
    }
    out.push('\n');
    write_children(trace, id, prefix, last, max_depth, out, hidden);
}

/// An MCTS node: "N 412  W/N 0.583  UCT 0.912  #5", the most-visited child marked.
fn mcts_node(trace: &Trace, id: NodeId, out: &mut String) {
    let s = trace.summary(id);
    if let Some(m) = trace.mcts(id) {
        let _ = write!(out, " N {}", m.visits);
        if let Some(q) = m.mean() {
            let _ = write!(out, "  W/N {}", number(q));
        }
        if m.uct.is_finite() {
            let _ = write!(out, "  UCT {}", number(m.uct));
        }
    }
    if s.status == Status::Leaf && trace.input().kind.is_game() && trace.children(id).is_empty() {
        out.push_str("  (leaf)");
    }
    let _ = write!(out, "  #{}", s.pre);
    if trace.parent(id).is_some_and(|p| trace.most_visited(p) == Some(id)) {
        out.push_str("  ★ most visited");
    }
    out.push('\n');
}

/// One visit of a node searched more than once: "[11, 12] → 6, failed low" (MAX's view).
fn visit_text(v: &Visit) -> String {
    let outcome = if v.exit == abviz_trace::summary::NEVER {
        ", unfinished".to_string()
    } else if v.bound == Bound::Upper || v.value < v.alpha {
        // (A leaf's value is exact: it fails only when it lies outside the window.)
        format!(" → {}, failed low", v.value)
    } else if v.bound == Bound::Lower || v.value > v.beta {
        format!(" → {}, failed high", v.value)
    } else {
        format!(" → {}", v.value)
    };
    format!("[{}, {}]{outcome}", v.alpha, v.beta)
}

fn write_children(
    trace: &Trace,
    id: NodeId,
    prefix: &mut String,
    last: Option<bool>,
    max_depth: u32,
    out: &mut String,
    hidden: &mut [usize; 2],
) {
    let n = trace.node(id);
    let children = trace.children(id);
    if n.depth as u32 >= max_depth {
        let [searched, never] = count_below(trace, id);
        hidden[0] += searched;
        hidden[1] += never;
        return;
    }
    let saved = prefix.len();
    match last {
        None => {}
        Some(true) => prefix.push_str("    "),
        Some(false) => prefix.push_str("│   "),
    }
    for (i, &c) in children.iter().enumerate() {
        write_node(trace, c, prefix, Some(i + 1 == children.len()), max_depth, out, hidden);
    }
    prefix.truncate(saved);
}

/// The nodes below `id`: [searched, never searched].
fn count_below(trace: &Trace, id: NodeId) -> [usize; 2] {
    let mut stack: Vec<NodeId> = trace.children(id).to_vec();
    let mut count = [0, 0];
    while let Some(c) = stack.pop() {
        count[usize::from(!trace.node(c).visited())] += 1;
        stack.extend_from_slice(trace.children(c));
    }
    count
}

fn compare(stats: &Stats, reference: Option<(&Stats, &str)>, pick: fn(&Stats) -> u64) -> String {
    let v = pick(stats);
    match reference {
        Some((r, name)) if pick(r) > 0 => {
            let m = pick(r);
            let saving = 100.0 * (m as f64 - v as f64) / m as f64;
            // A re-searching algorithm may enter more nodes than minimax.
            let (size, word) = if saving < 0.0 { (-saving, "more") } else { (saving, "fewer") };
            format!("{:<10} {name}: {} ({size:.1}% {word})", thousands(v), thousands(m))
        }
        _ => thousands(v),
    }
}

fn summary(trace: &Trace, out: &mut String) {
    let r = trace.result();
    let s = trace.stats();
    let reference = trace.minimax();
    if trace.algorithm().features.mcts {
        let _ = writeln!(out, "Root value   {} (an estimate: the best move's mean result, rounded)", r.value);
        mcts_summary(trace, out);
        return;
    }
    let _ = writeln!(out, "Root value   {}", r.value);
    match (&r.best_move, r.best_index) {
        (Some(m), Some(i)) => {
            let _ =
                writeln!(out, "Best move    {} (child {} of the root)", for_terminal(m), u64::from(i) + 1);
        }
        _ => {
            let _ = writeln!(out, "Best move    none (the root is a leaf)");
        }
    }
    if !r.pv.is_empty() {
        let _ = writeln!(out, "PV           {}", for_terminal(&r.pv.join(" ")));
    }
    // With chance nodes the search that prunes nothing is expectiminimax.
    let reference = reference.map(|r| (r, if trace.has_chance() { "expectimax" } else { "minimax" }));
    let _ = writeln!(out, "Nodes        {}", compare(s, reference, |s| s.nodes));
    let _ = writeln!(out, "Leaves       {}", compare(s, reference, |s| s.leaves));
    if trace.algorithm().has_window() {
        let _ = writeln!(out, "Cutoffs      {}", super::view::cutoffs_text(trace));
        let _ = writeln!(
            out,
            "Pruned       {} {} never searched",
            thousands(s.pruned),
            if s.pruned == 1 { "child" } else { "children" }
        );
    }
    if s.nodes_distinct != s.nodes && s.nodes_distinct > 0 {
        let _ = writeln!(
            out,
            "Distinct     {} nodes, {} leaves",
            thousands(s.nodes_distinct),
            thousands(s.leaves_distinct)
        );
    }
    if s.stand_pats > 0 {
        let _ = writeln!(
            out,
            "Quiescence   {} stand-pat evaluations (q: a capture searched beyond the depth limit)",
            thousands(s.stand_pats)
        );
    }
    for (what, n) in [("Re-searches", s.researches), ("Passes", s.passes), ("TT hits", s.tt_hits)] {
        if n > 0 {
            let _ = writeln!(out, "{what:<12} {}", thousands(n));
        }
    }
}

/// The summary of an MCTS search: the move and its share of the visits, the root's children.
fn mcts_summary(trace: &Trace, out: &mut String) {
    let r = trace.result();
    let root = trace.result_root();
    let visits = trace.mcts(root).map_or(0, |m| m.visits);
    let best = trace.most_visited(root);
    match (&r.best_move, best.and_then(|b| trace.mcts(b))) {
        (Some(m), Some(b)) => {
            let share = 100.0 * f64::from(b.visits) / f64::from(visits.max(1));
            let mean = b.mean().map(number).unwrap_or_default();
            let _ = writeln!(
                out,
                "Best move    {} (the most visited: N {} of {visits}, {share:.1}%; W/N {mean} for MAX)",
                for_terminal(m),
                b.visits
            );
        }
        _ => {
            let _ = writeln!(out, "Best move    none (the root is a leaf)");
        }
    }
    if !r.pv.is_empty() {
        let _ = writeln!(out, "PV           {} (most-visited children)", for_terminal(&r.pv.join(" ")));
    }
    let _ = writeln!(out, "Iterations   {}", thousands(trace.stats().iterations));
    let _ = writeln!(out, "Nodes        {}", thousands(trace.stats().nodes));
    let mut kids: Vec<NodeId> = trace.children(root).to_vec();
    kids.sort_by_key(|&c| std::cmp::Reverse(trace.mcts(c).map_or(0, |m| m.visits)));
    let shares: Vec<String> = kids
        .iter()
        .take(8)
        .map(|&c| {
            let name = node_title(trace, c).unwrap_or_else(|| (trace.node(c).index + 1).to_string());
            format!("{name} {:.1}%", 100.0 * trace.visit_share(c).unwrap_or(0.0))
        })
        .collect();
    if !shares.is_empty() {
        let more = if kids.len() > 8 { ", …" } else { "" };
        let _ = writeln!(out, "Visit shares {}{more}", shares.join(", "));
    }
}
