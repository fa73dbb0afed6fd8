//! The check's figure: the union of both searches as a tree, each node coloured and labelled by
//! who visited it (both, only the log, only the reference), the first divergence ringed.

use super::compare::{Comparison, Visited};
use abviz_core::text::escape_xml;
use abviz_draw::layout::{Extent, tidy};
use std::fmt::Write;

const NODE: f64 = 34.0;
const LEVEL: f64 = 78.0;
const MARGIN: f64 = 30.0;

fn style(v: Visited) -> (&'static str, &'static str, &'static str) {
    match v {
        Visited::Both => ("#d9ead3", "#38761d", "both"),
        Visited::LogOnly => ("#f4cccc", "#990000", "log only"),
        Visited::ReferenceOnly => ("#cfe2f3", "#1c4587", "reference only"),
    }
}

/// The figure as an SVG document; `title` is written above it.
pub fn svg(c: &Comparison, title: &str) -> String {
    let n = c.nodes.len();
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut depth = vec![0usize; n];
    for (i, node) in c.nodes.iter().enumerate() {
        if let Some(p) = node.parent {
            children[p].push(i as u32);
            depth[i] = depth[p] + 1;
        }
    }
    let mut start = Vec::with_capacity(n + 1);
    let mut ids = Vec::new();
    for list in &children {
        start.push(ids.len() as u32);
        ids.extend_from_slice(list);
    }
    start.push(ids.len() as u32);
    let xs = if n == 0 {
        Vec::new()
    } else {
        tidy(&start, &ids, &vec![Extent::symmetric(NODE / 2.0 + 14.0); n], 8.0)
    };
    let width = xs.iter().copied().fold(0.0, f64::max) + 2.0 * MARGIN + NODE;
    let levels = depth.iter().copied().max().unwrap_or(0) as f64;
    let height = levels * LEVEL + NODE + 2.0 * MARGIN + 90.0;
    let width = width.max(520.0);
    let at = |i: usize| (MARGIN + NODE / 2.0 + xs[i], MARGIN + 40.0 + depth[i] as f64 * LEVEL);
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, sans-serif" font-size="12"><rect width="100%" height="100%" fill="white"/><text x="{MARGIN}" y="22" font-size="14" font-weight="bold">{}</text>"#,
        escape_xml(title)
    );
    for (i, node) in c.nodes.iter().enumerate() {
        if let Some(p) = node.parent {
            let ((x1, y1), (x2, y2)) = (at(p), at(i));
            let (_, stroke, _) = style(node.visited);
            let dash = if node.visited == Visited::Both { "" } else { r#" stroke-dasharray="5,3""# };
            let _ = write!(
                s,
                r#"<line x1="{x1:.1}" y1="{:.1}" x2="{x2:.1}" y2="{:.1}" stroke="{stroke}" stroke-width="1.5"{dash}/>"#,
                y1 + NODE / 2.0,
                y2 - NODE / 2.0
            );
        }
    }
    let first = c.first_divergence.as_ref().map(|d| d.node.as_str());
    for (i, node) in c.nodes.iter().enumerate() {
        let (x, y) = at(i);
        let (fill, stroke, word) = style(node.visited);
        let h = NODE / 2.0;
        let shape = if children[i].is_empty() {
            format!(r#"<rect x="{:.1}" y="{:.1}" width="{NODE}" height="{NODE}""#, x - h, y - h)
        } else if node.max {
            format!(
                r#"<polygon points="{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}""#,
                y - h,
                x - h,
                y + h,
                x + h,
                y + h
            )
        } else {
            format!(
                r#"<polygon points="{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}""#,
                y + h,
                x - h,
                y - h,
                x + h,
                y - h
            )
        };
        let id = node.name.clone().unwrap_or_else(|| node.path.clone());
        let _ = write!(
            s,
            r#"<g><title>{} — {word}</title>{shape} fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#,
            escape_xml(&id)
        );
        let ringed = first == Some(id.as_str());
        if ringed {
            let _ = write!(
                s,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="black" stroke-width="2.5"/>"#,
                h + 7.0
            );
        }
        let value = match (node.log_value, node.reference_value) {
            (Some(l), Some(r)) if l != r => format!("{l} ≠ {r}"),
            (Some(v), _) | (None, Some(v)) => v.to_string(),
            (None, None) => String::new(),
        };
        let _ = write!(
            s,
            r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            y + 4.0,
            escape_xml(&value)
        );
        if let Some(name) = &node.name {
            let _ = write!(
                s,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end" font-weight="bold">{}</text>"#,
                x - h - 3.0,
                y - 4.0,
                escape_xml(name)
            );
        }
        if node.visited != Visited::Both {
            let mark = if node.visited == Visited::LogOnly { "log" } else { "ref" };
            let below = if ringed { h + 20.0 } else { h + 12.0 };
            let _ = write!(
                s,
                r#"<text x="{x:.1}" y="{:.1}" text-anchor="middle" font-size="10" fill="{stroke}">{mark}</text>"#,
                y + below
            );
        }
        s.push_str("</g>");
    }
    let ly = height - 28.0;
    let mut lx = MARGIN;
    for v in [Visited::Both, Visited::LogOnly, Visited::ReferenceOnly] {
        let (fill, stroke, word) = style(v);
        let _ = write!(
            s,
            r#"<rect x="{lx:.0}" y="{:.0}" width="14" height="14" fill="{fill}" stroke="{stroke}"/><text x="{:.0}" y="{ly:.0}">{word}</text>"#,
            ly - 11.0,
            lx + 20.0
        );
        lx += 40.0 + word.len() as f64 * 7.0;
    }
    let _ = write!(
        s,
        r#"<circle cx="{:.0}" cy="{:.0}" r="7" fill="none" stroke="black" stroke-width="2"/><text x="{:.0}" y="{ly:.0}">first divergence; values: log ≠ reference</text>"#,
        lx + 7.0,
        ly - 4.0,
        lx + 20.0
    );
    s.push_str("</svg>\n");
    s
}
