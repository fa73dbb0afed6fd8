//! What the HTML page adds for an MCTS trace: the numbers each event carries (so the stepper
//! shows N and W/N changing on the way back and the UCT values of a selection), the iteration
//! each step belongs to, and a small chart of the root children's visit shares over the
//! iterations (an SVG the stepper moves a cursor over).

use super::escape_xml;
use super::view::{NAME_WIDTH, clip, one_line};
use abviz_trace::{Event, NONE, NodeId, Trace};
use serde::Serialize;
use std::fmt::Write;

/// Per event: N (a selected child's before the iteration, a backed-up node's after; a playout's
/// length), W (the same; a playout's result) and a selection's UCT value; −1 / 0 when the event
/// carries none. `it`: the iteration (1-based) a step belongs to, 0 before the first.
#[derive(Serialize, Default)]
pub(super) struct MctsData {
    n: Vec<i64>,
    w: Vec<f64>,
    u: Vec<f64>,
    it: Vec<u32>,
    /// Iterations in all.
    iterations: u32,
    /// Where the chart's x axis runs: iteration 0 at `x0`, the last at `x1`.
    x0: f64,
    x1: f64,
}

impl MctsData {
    /// The data of `trace`, if it is an MCTS trace.
    pub(super) fn new(trace: &Trace) -> Option<MctsData> {
        if !trace.algorithm().features.mcts {
            return None;
        }
        let mut d = MctsData::default();
        let mut it = 0;
        for e in trace.events().iter(trace.nodes()) {
            let (n, w, u) = match e {
                Event::Iteration { .. } => {
                    it += 1;
                    (-1, 0.0, 0.0)
                }
                Event::Select { visits, total, uct, .. } => (i64::from(visits), total, finite(uct)),
                Event::Backprop { visits, total, .. } => (i64::from(visits), total, 0.0),
                Event::Simulate { length, result, .. } => (i64::from(length), result, 0.0),
                _ => (-1, 0.0, 0.0),
            };
            d.n.push(n);
            d.w.push(finite(w));
            d.u.push(u);
            d.it.push(it);
        }
        d.iterations = it;
        (d.x0, d.x1) = (LEFT, W - 4.0);
        Some(d)
    }
}

fn finite(v: f64) -> f64 {
    if v.is_finite() { v } else { 0.0 }
}

/// The chart's size in pixels, and its margins.
const W: f64 = 300.0;
const H: f64 = 150.0;
const LEFT: f64 = 30.0;
const BOTTOM: f64 = 18.0;
const TOP: f64 = 8.0;
/// The most root children the chart draws a line for (the most visited).
const LINES: usize = 6;
/// Grey levels and dash patterns: told apart without colour.
const DASHES: [&str; LINES] = ["", "6 3", "2 2", "8 2 2 2", "1 3", "4 4"];
const GREYS: [&str; LINES] = ["#000", "#333", "#555", "#222", "#444", "#666"];
/// The key under the chart: entries to a row, a row's height, the line sample's length and the
/// characters of a name written (the whole name in its tooltip).
const KEY_COLUMNS: usize = 3;
const KEY_ROW: f64 = 13.0;
const KEY_SAMPLE: f64 = 16.0;
const KEY_CHARS: usize = 12;

/// The `stroke-dasharray` attribute of the line of rank `rank` (none for the first).
fn dash(rank: usize) -> String {
    if DASHES[rank].is_empty() { String::new() } else { format!(r#" stroke-dasharray="{}""#, DASHES[rank]) }
}

/// A chart of the root children's visit shares after each iteration (the most visited
/// [`LINES`] children) and a key under it in move order, with a cursor line `#mcts-cursor` the
/// stepper moves and a clip `#mcts-reached-rect` it widens with the cursor, so the lines end
/// at the iteration the stepper has reached; `None` when the
/// trace is not MCTS or has no root children.
pub(super) fn share_chart(trace: &Trace) -> Option<String> {
    if !trace.algorithm().features.mcts || trace.nodes().is_empty() {
        return None;
    }
    let root = trace.result_root();
    let kids = trace.children(root);
    if kids.is_empty() {
        return None;
    }
    // N of every root child after each iteration.
    let mut visits = vec![0u32; kids.len()];
    let slot = |id: NodeId| kids.iter().position(|&c| c == id);
    let mut series: Vec<Vec<u32>> = vec![Vec::new(); kids.len()];
    let mut root_n = Vec::new();
    for e in trace.events().iter(trace.nodes()) {
        match e {
            Event::Backprop { node, visits: n, .. } if node == root => {
                root_n.push(n);
                for (k, s) in series.iter_mut().enumerate() {
                    s.push(visits[k]);
                }
            }
            Event::Backprop { node, visits: n, .. } => {
                if trace.parent(node) == Some(root)
                    && let Some(k) = slot(node)
                {
                    visits[k] = n;
                }
            }
            _ => {}
        }
    }
    let iterations = root_n.len();
    if iterations == 0 {
        return None;
    }
    let mut order: Vec<usize> = (0..kids.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(visits[k]));
    order.truncate(LINES);
    let x = |i: usize| LEFT + (W - LEFT - 4.0) * (i as f64 + 1.0) / iterations as f64;
    let y = |share: f64| TOP + (H - TOP - BOTTOM) * (1.0 - share);
    // The key under the plot: one entry a line, in move order (an order by visits would tell the
    // answer before the last step), KEY_COLUMNS to a row.
    let rows = order.len().div_ceil(KEY_COLUMNS);
    let height = H + KEY_ROW * rows as f64 + 4.0;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" id="mcts-chart" viewBox="0 0 {W} {height}" width="{W}" height="{height}" role="img" aria-label="visit shares of the root's children over the iterations" font-family="DejaVu Sans, sans-serif" font-size="9">"##
    );
    // The lines show the iterations the stepper has reached: the stepper widens this clip
    // with its cursor (the whole chart at the last step).
    let _ = write!(
        svg,
        r##"<defs><clipPath id="mcts-reached"><rect id="mcts-reached-rect" x="0" y="0" width="{LEFT}" height="{H}"/></clipPath></defs>"##
    );
    for (share, label) in [(0.0, "0%"), (0.5, "50%"), (1.0, "100%")] {
        let _ = write!(
            svg,
            r##"<line x1="{LEFT}" x2="{}" y1="{y:.1}" y2="{y:.1}" stroke="#ccc"/><text x="{}" y="{:.1}" text-anchor="end" fill="#555">{label}</text>"##,
            W - 4.0,
            LEFT - 3.0,
            y(share) + 3.0,
            y = y(share)
        );
    }
    let _ = write!(
        svg,
        r##"<text x="{}" y="{}" text-anchor="end" fill="#555">iteration {iterations}</text><text x="{LEFT}" y="{}" fill="#555">1</text>"##,
        W - 4.0,
        H - 4.0,
        H - 4.0
    );
    // Thin the polyline to about one point per pixel.
    let step = (iterations / (W as usize)).max(1);
    let mut key = order.clone();
    key.sort_unstable();
    svg.push_str(r##"<g clip-path="url(#mcts-reached)">"##);
    for (rank, &k) in order.iter().enumerate() {
        let mut points = String::new();
        for i in (0..iterations).step_by(step).chain(std::iter::once(iterations - 1)) {
            let share = f64::from(series[k][i]) / f64::from(root_n[i].max(1));
            let _ = write!(points, "{:.1},{:.1} ", x(i), y(share));
        }
        let name = escape_xml(&clip(&one_line(&child_name(trace, kids[k])), NAME_WIDTH));
        let _ = write!(
            svg,
            r##"<polyline points="{}" fill="none" stroke="{}" stroke-width="1.6"{}><title>{name}</title></polyline>"##,
            points.trim_end(),
            GREYS[rank],
            dash(rank)
        );
    }
    svg.push_str("</g>");
    let column = (W - 8.0) / KEY_COLUMNS as f64;
    for (n, &k) in key.iter().enumerate() {
        let rank = order.iter().position(|&o| o == k).unwrap_or(0);
        let (x0, y0) =
            (4.0 + column * (n % KEY_COLUMNS) as f64, H + KEY_ROW * (n / KEY_COLUMNS) as f64 + 6.0);
        let name = one_line(&child_name(trace, kids[k]));
        let _ = write!(
            svg,
            r##"<g class="key"><line x1="{x0:.1}" x2="{:.1}" y1="{y0:.1}" y2="{y0:.1}" stroke="{}" stroke-width="1.6"{}/><text x="{:.1}" y="{:.1}" fill="{}">{}<title>{}</title></text></g>"##,
            x0 + KEY_SAMPLE,
            GREYS[rank],
            dash(rank),
            x0 + KEY_SAMPLE + 3.0,
            y0 + 3.0,
            GREYS[rank],
            escape_xml(&clip(&name, KEY_CHARS)),
            escape_xml(&clip(&name, NAME_WIDTH)),
        );
    }
    let _ = write!(
        svg,
        r##"<line id="mcts-cursor" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{}" stroke="#c00" stroke-width="1"/></svg>"##,
        H - BOTTOM
    );
    Some(svg)
}

/// A root child as the chart names it: its move, or its name, or its number.
fn child_name(trace: &Trace, id: NodeId) -> String {
    let mv = trace.move_label(id);
    match trace.name(id) {
        Some(n) => n.to_string(),
        None if !mv.is_empty() => mv.to_string(),
        None if trace.node(id).index != NONE => (trace.node(id).index + 1).to_string(),
        None => "?".into(),
    }
}
