//! SVG charts of a comparison: leaves evaluated against depth (or branching factor) on a log
//! scale, one line per algorithm with the Knuth–Moore minimum and b^d for reference; leaves per
//! move ordering; and bars for a single input. Lines differ by colour, dash and marker, so they
//! stay apart in black and white.

use super::report::{Report, Row};
use super::table::{mean_text, thousands};
use std::collections::BTreeMap;
use std::fmt::Write;

/// One chart: a title, a caption and the SVG markup (self-contained, escaped).
#[derive(Clone, Debug)]
pub struct Chart {
    /// The heading.
    pub title: String,
    /// A sentence on how to read it.
    pub caption: String,
    /// The `<svg>` element.
    pub svg: String,
}

/// Escapes text for XML/SVG content and attribute values.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug)]
struct Look {
    color: &'static str,
    dash: &'static str,
    marker: Marker,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Marker {
    None,
    Circle,
    Square,
    Triangle,
    Diamond,
    TriangleDown,
    Cross,
}

/// Colour-blind-safe colours (Okabe & Ito), each with its own dash and marker.
const LOOKS: [Look; 6] = [
    Look { color: "#000000", dash: "", marker: Marker::Circle },
    Look { color: "#0072B2", dash: "", marker: Marker::Square },
    Look { color: "#D55E00", dash: "7 3", marker: Marker::Triangle },
    Look { color: "#009E73", dash: "2 2", marker: Marker::Diamond },
    Look { color: "#CC79A7", dash: "9 3 2 3", marker: Marker::TriangleDown },
    Look { color: "#E69F00", dash: "4 4", marker: Marker::Cross },
];
const KM_LOOK: Look = Look { color: "#7a7a7a", dash: "8 5", marker: Marker::None };
const FULL_LOOK: Look = Look { color: "#7a7a7a", dash: "1.5 3.5", marker: Marker::None };

fn ordering_look(name: &str) -> Look {
    match name {
        "best" => Look { color: "#009E73", dash: "", marker: Marker::Triangle },
        "worst" => Look { color: "#D55E00", dash: "7 3", marker: Marker::TriangleDown },
        _ => Look { color: "#0072B2", dash: "2 2", marker: Marker::Square },
    }
}

/// A point with its sample range.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Point {
    x: f64,
    y: f64,
    lo: f64,
    hi: f64,
}

#[derive(Clone, Debug)]
struct Series {
    name: String,
    look: Look,
    points: Vec<Point>,
    /// For a reference line, what it stands for ("the Knuth–Moore minimum").
    reference: Option<&'static str>,
}

/// Which parameter the x axis shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    Depth,
    Branching,
}

impl Axis {
    fn of(self, row: &Row) -> Option<u32> {
        match self {
            Axis::Depth => row.depth,
            Axis::Branching => row.branching,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Axis::Depth => "depth d",
            Axis::Branching => "branching factor b",
        }
    }
}

/// A group of rows that differ only along the axis.
struct Family<'a> {
    title: String,
    rows: Vec<&'a Row>,
}

/// Groups rows by everything but the axis parameter (and, with `by_ordering`, ordering).
fn families(report: &Report, axis: Axis, by_ordering: bool) -> Vec<Family<'_>> {
    let mut groups: BTreeMap<(usize, String), Family<'_>> = BTreeMap::new();
    let mut first_seen: BTreeMap<String, usize> = BTreeMap::new();
    for (i, row) in report.rows.iter().enumerate() {
        if axis.of(row).is_none() {
            continue;
        }
        let other = match axis {
            Axis::Depth => row.branching.map(|b| format!("b = {b}")),
            Axis::Branching => row.depth.map(|d| format!("d = {d}")),
        };
        let mut parts = vec![row.input.clone()];
        parts.extend(other);
        if by_ordering && let Some(o) = row.ordering {
            parts.push(format!("{o} order"));
        }
        let key = parts.join(", ");
        let order = *first_seen.entry(key.clone()).or_insert(i);
        groups
            .entry((order, key.clone()))
            .or_insert_with(|| Family { title: key, rows: Vec::new() })
            .rows
            .push(row);
    }
    groups.into_values().collect()
}

fn distinct_x(rows: &[&Row], axis: Axis) -> usize {
    let mut xs: Vec<u32> = rows.iter().filter_map(|r| axis.of(r)).collect();
    xs.sort_unstable();
    xs.dedup();
    xs.len()
}

fn references(rows: &[&Row], axis: Axis) -> Vec<Series> {
    let mut km = Vec::new();
    let mut full = Vec::new();
    let mut seen = Vec::new();
    for r in rows {
        let Some(x) = axis.of(r) else { continue };
        if seen.contains(&x) {
            continue;
        }
        seen.push(x);
        let x = x as f64;
        if let Some(k) = r.knuth_moore_minimum {
            km.push(Point { x, y: k as f64, lo: k as f64, hi: k as f64 });
        }
        if let Some(f) = r.full_tree_leaves {
            full.push(Point { x, y: f as f64, lo: f as f64, hi: f as f64 });
        }
    }
    let mut out = Vec::new();
    if !km.is_empty() {
        out.push(Series {
            name: "Knuth–Moore minimum".into(),
            look: KM_LOOK,
            points: km,
            reference: Some("exactly the Knuth–Moore minimum"),
        });
    }
    if !full.is_empty() {
        out.push(Series {
            name: "bᵈ (full tree)".into(),
            look: FULL_LOOK,
            points: full,
            reference: Some("all bᵈ leaves"),
        });
    }
    out
}

fn point(x: u32, row: &Row, i: usize) -> Point {
    let l = &row.results[i].leaves;
    Point { x: x as f64, y: l.mean, lo: l.min as f64, hi: l.max as f64 }
}

/// Names of algorithms whose lines coincide, as a sentence.
fn coincide_note(series: &[Series]) -> Option<String> {
    let mut groups: Vec<Vec<&str>> = Vec::new();
    let mut keys: Vec<&Vec<Point>> = Vec::new();
    for s in series.iter().filter(|s| s.reference.is_none()) {
        match keys.iter().position(|k| **k == s.points) {
            Some(i) => groups[i].push(&s.name),
            None => {
                keys.push(&s.points);
                groups.push(vec![&s.name]);
            }
        }
    }
    let sentences: Vec<String> = groups
        .into_iter()
        .filter(|g| g.len() > 1)
        .map(|g| {
            let (last, rest) = g.split_last().unwrap_or((&"", &[]));
            capitalize(&format!(
                "{} and {last} evaluate the same leaves here, so their lines lie on top of each other.",
                rest.join(", ")
            ))
        })
        .collect();
    (!sentences.is_empty()).then(|| sentences.join(" "))
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Which measured series lie exactly on a reference line (every sample, every point), as sentences.
fn reference_note(series: &[Series], axis: Axis) -> Option<String> {
    let mut sentences = Vec::new();
    for (r, what) in series.iter().filter_map(|r| r.reference.map(|what| (r, what))) {
        let on: Vec<&str> = series
            .iter()
            .filter(|s| s.reference.is_none() && !s.points.is_empty())
            .filter(|s| {
                s.points.iter().all(|p| r.points.iter().any(|q| q.x == p.x && q.y == p.lo && q.y == p.hi))
            })
            .map(|s| s.name.as_str())
            .collect();
        if on.is_empty() {
            continue;
        }
        let names = match on.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => on.join(""),
        };
        let verb = if on.len() == 1 { "evaluates" } else { "evaluate" };
        let along = match axis {
            Axis::Depth => "at every depth",
            Axis::Branching => "for every branching factor",
        };
        sentences.push(capitalize(&format!("{names} {verb} {what} {along}.")));
    }
    (!sentences.is_empty()).then(|| sentences.join(" "))
}

/// Every chart the report calls for.
pub fn charts(report: &Report) -> Vec<Chart> {
    let axis = [Axis::Depth, Axis::Branching]
        .into_iter()
        .find(|&a| families(report, a, true).iter().any(|f| distinct_x(&f.rows, a) >= 2));
    let Some(axis) = axis else {
        return report.rows.iter().map(bar_chart).collect();
    };
    let mut by_algorithm = Vec::new();
    let sampled = report.sampled();
    for fam in families(report, axis, true) {
        if distinct_x(&fam.rows, axis) < 2 {
            continue;
        }
        let mut series: Vec<Series> = report
            .algorithms
            .iter()
            .enumerate()
            .map(|(i, a)| Series {
                name: a.name().into(),
                look: LOOKS[i % LOOKS.len()],
                points: fam.rows.iter().filter_map(|r| axis.of(r).map(|x| point(x, r, i))).collect(),
                reference: None,
            })
            .collect();
        let note = coincide_note(&series);
        series.extend(references(&fam.rows, axis));
        let mut caption = String::from("Leaves evaluated (static evaluations), log scale.");
        if sampled {
            caption
                .push_str(" Points are means over the samples; whiskers span the smallest to the largest.");
        }
        for n in [note, reference_note(&series, axis)].into_iter().flatten() {
            caption.push(' ');
            caption.push_str(&n);
        }
        by_algorithm.push(Chart {
            title: format!("Leaves against {}: {}", axis.label(), fam.title),
            caption,
            svg: line_svg(&series, axis.label(), "leaves evaluated"),
        });
    }
    // Leaves per ordering, for the first algorithm that prunes: the headline, so it comes first.
    let mut out = Vec::new();
    let prunes = report.algorithms.iter().position(|a| a.has_window());
    let orderings: Vec<&str> = {
        let mut o: Vec<&str> = report.rows.iter().filter_map(|r| r.ordering).collect();
        o.dedup();
        o.sort_unstable();
        o.dedup();
        o
    };
    if let Some(ai) = prunes
        && orderings.len() >= 2
    {
        let algo = report.algorithms[ai];
        for fam in families(report, axis, false) {
            let mut by_order: Vec<(&str, Vec<Point>)> = Vec::new();
            for r in &fam.rows {
                let (Some(o), Some(x)) = (r.ordering, axis.of(r)) else { continue };
                match by_order.iter_mut().find(|(n, _)| *n == o) {
                    Some((_, pts)) => pts.push(point(x, r, ai)),
                    None => by_order.push((o, vec![point(x, r, ai)])),
                }
            }
            if by_order.len() < 2 || distinct_x(&fam.rows, axis) < 2 {
                continue;
            }
            let mut series: Vec<Series> = by_order
                .into_iter()
                .map(|(o, points)| Series {
                    name: format!("{o} order"),
                    look: ordering_look(o),
                    points,
                    reference: None,
                })
                .collect();
            series.extend(references(&fam.rows, axis));
            let mut caption = format!("Leaves {} evaluates in each move ordering, log scale.", algo.name());
            if sampled {
                caption.push_str(
                    " Points are means over the samples; whiskers span the smallest to the largest.",
                );
            }
            if let Some(n) = reference_note(&series, axis) {
                caption.push(' ');
                caption.push_str(&n);
            }
            out.push(Chart {
                title: format!("Leaves per move ordering: {}, {}", algo.name(), fam.title),
                caption,
                svg: line_svg(&series, axis.label(), "leaves evaluated"),
            });
        }
    }
    out.extend(by_algorithm);
    out
}

// Geometry of a line chart.
const W: f64 = 660.0;
const H: f64 = 380.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 450.0;
const TOP: f64 = 24.0;
const BOTTOM: f64 = 324.0;
const FONT: &str = "font-family=\"Helvetica, Arial, sans-serif\"";

/// `1`, `10`, `100`, `1,000`, then `10⁴`, `10⁵`, …
fn power_label(k: i32) -> String {
    if k < 4 {
        return thousands(10u64.pow(k.max(0) as u32));
    }
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut s = String::from("10");
    for d in k.to_string().chars() {
        s.push(SUP[d.to_digit(10).unwrap_or(0) as usize]);
    }
    s
}

fn marker_svg(out: &mut String, m: Marker, x: f64, y: f64, color: &str, size: f64) {
    let s = size;
    let style = format!("fill=\"{color}\" stroke=\"{color}\"");
    let _ = match m {
        Marker::None => Ok(()),
        Marker::Circle => writeln!(out, "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{s:.1}\" {style}/>"),
        Marker::Square => writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" {style}/>",
            x - s * 0.9,
            y - s * 0.9,
            s * 1.8,
            s * 1.8
        ),
        Marker::Triangle => writeln!(
            out,
            "<path d=\"M{x:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1} Z\" {style}/>",
            y - s * 1.2,
            x + s * 1.1,
            y + s * 0.8,
            x - s * 1.1,
            y + s * 0.8
        ),
        Marker::TriangleDown => writeln!(
            out,
            "<path d=\"M{x:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1} Z\" {style}/>",
            y + s * 1.2,
            x + s * 1.1,
            y - s * 0.8,
            x - s * 1.1,
            y - s * 0.8
        ),
        Marker::Diamond => writeln!(
            out,
            "<path d=\"M{x:.1} {:.1} L{:.1} {y:.1} L{x:.1} {:.1} L{:.1} {y:.1} Z\" {style}/>",
            y - s * 1.3,
            x + s * 1.1,
            y + s * 1.3,
            x - s * 1.1
        ),
        Marker::Cross => writeln!(
            out,
            "<path d=\"M{:.1} {:.1} L{:.1} {:.1} M{:.1} {:.1} L{:.1} {:.1}\" stroke=\"{color}\" stroke-width=\"2\" fill=\"none\"/>",
            x - s,
            y - s,
            x + s,
            y + s,
            x - s,
            y + s,
            x + s,
            y - s
        ),
    };
}

fn svg_open(out: &mut String, w: f64, h: f64, label: &str) {
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"{}\">",
        xml_escape(label)
    );
    let _ = writeln!(out, "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>");
}

/// A log-scale line chart with a legend on the right.
fn line_svg(series: &[Series], x_label: &str, y_label: &str) -> String {
    let all = || series.iter().flat_map(|s| s.points.iter());
    let xs: Vec<f64> = all().map(|p| p.x).collect();
    let (x0, x1) = xs.iter().fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
    let ymin = all().map(|p| p.lo.max(1.0)).fold(f64::MAX, f64::min);
    let ymax = all().map(|p| p.hi.max(1.0)).fold(1.0, f64::max);
    let k0 = ymin.log10().floor() as i32;
    let mut k1 = ymax.log10().ceil() as i32;
    if k1 <= k0 {
        k1 = k0 + 1;
    }
    let px = |x: f64| {
        if x1 > x0 {
            LEFT + 18.0 + (x - x0) / (x1 - x0) * (RIGHT - LEFT - 36.0)
        } else {
            (LEFT + RIGHT) / 2.0
        }
    };
    let py = |y: f64| BOTTOM - (y.max(1.0).log10() - k0 as f64) / (k1 - k0) as f64 * (BOTTOM - TOP);
    let mut out = String::new();
    svg_open(&mut out, W, H, &format!("{y_label} against {x_label}"));
    let _ = writeln!(out, "<g {FONT} font-size=\"12\" fill=\"#222\">");
    // Grid and y axis labels.
    let decades = k1 - k0;
    for k in k0..=k1 {
        let y = py(10f64.powi(k));
        let label_every = if decades > 8 { 2 } else { 1 };
        let _ = writeln!(
            out,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{RIGHT}\" y2=\"{y:.1}\" stroke=\"#d0d0d0\" stroke-width=\"1\"/>"
        );
        if (k - k0) % label_every == 0 {
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
                LEFT - 6.0,
                y + 4.0,
                power_label(k)
            );
        }
        if decades <= 4 && k < k1 {
            for m in 2..10 {
                let ym = py(m as f64 * 10f64.powi(k));
                let _ = writeln!(
                    out,
                    "<line x1=\"{LEFT}\" y1=\"{ym:.1}\" x2=\"{RIGHT}\" y2=\"{ym:.1}\" stroke=\"#efefef\" stroke-width=\"1\"/>"
                );
            }
        }
    }
    let mut ticks: Vec<f64> = xs.clone();
    ticks.sort_by(|a, b| a.total_cmp(b));
    ticks.dedup();
    for &t in &ticks {
        let x = px(t);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{BOTTOM}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#222\"/>\n<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            BOTTOM + 5.0,
            BOTTOM + 19.0,
            t as i64
        );
    }
    let _ = writeln!(
        out,
        "<path d=\"M{LEFT} {TOP} L{LEFT} {BOTTOM} L{RIGHT} {BOTTOM}\" fill=\"none\" stroke=\"#222\" stroke-width=\"1.2\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"13\">{}</text>",
        (LEFT + RIGHT) / 2.0,
        BOTTOM + 40.0,
        xml_escape(x_label)
    );
    let _ = writeln!(
        out,
        "<text x=\"16\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"13\" transform=\"rotate(-90 16 {:.1})\">{} (log scale)</text>",
        (TOP + BOTTOM) / 2.0,
        (TOP + BOTTOM) / 2.0,
        xml_escape(y_label)
    );
    // Lines: references first (underneath), then the measured series, thicker first so that
    // coinciding lines still show each colour.
    let mut drawn = 0usize;
    for s in
        series.iter().filter(|s| s.reference.is_some()).chain(series.iter().filter(|s| s.reference.is_none()))
    {
        let width = if s.reference.is_some() { 1.6 } else { (3.4 - 0.7 * drawn as f64).max(1.2) };
        let size = if s.reference.is_some() { 0.0 } else { (5.0 - 0.6 * drawn as f64).max(2.6) };
        if s.reference.is_none() {
            drawn += 1;
        }
        let pts: Vec<String> = s.points.iter().map(|p| format!("{:.1},{:.1}", px(p.x), py(p.y))).collect();
        let dash = if s.look.dash.is_empty() {
            String::new()
        } else {
            format!(" stroke-dasharray=\"{}\"", s.look.dash)
        };
        let _ = writeln!(
            out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width:.1}\"{dash} stroke-linejoin=\"round\"/>",
            pts.join(" "),
            s.look.color
        );
        for p in &s.points {
            if p.hi > p.lo {
                let (x, a, b) = (px(p.x), py(p.lo), py(p.hi));
                let _ = writeln!(
                    out,
                    "<path d=\"M{x:.1} {a:.1} L{x:.1} {b:.1} M{:.1} {a:.1} L{:.1} {a:.1} M{:.1} {b:.1} L{:.1} {b:.1}\" stroke=\"{}\" stroke-width=\"1\" fill=\"none\"/>",
                    x - 3.0,
                    x + 3.0,
                    x - 3.0,
                    x + 3.0,
                    s.look.color
                );
            }
            marker_svg(&mut out, s.look.marker, px(p.x), py(p.y), s.look.color, size);
        }
    }
    // Legend.
    let lx = RIGHT + 22.0;
    let mut ly = TOP + 8.0;
    let mut drawn = 0usize;
    for s in
        series.iter().filter(|s| s.reference.is_none()).chain(series.iter().filter(|s| s.reference.is_some()))
    {
        let width = if s.reference.is_some() { 1.6 } else { (3.4 - 0.7 * drawn as f64).max(1.2) };
        let dash = if s.look.dash.is_empty() {
            String::new()
        } else {
            format!(" stroke-dasharray=\"{}\"", s.look.dash)
        };
        let _ = writeln!(
            out,
            "<line x1=\"{lx:.1}\" y1=\"{ly:.1}\" x2=\"{:.1}\" y2=\"{ly:.1}\" stroke=\"{}\" stroke-width=\"{width:.1}\"{dash}/>",
            lx + 34.0,
            s.look.color
        );
        marker_svg(&mut out, s.look.marker, lx + 17.0, ly, s.look.color, 4.0);
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            lx + 42.0,
            ly + 4.0,
            xml_escape(&s.name)
        );
        if s.reference.is_none() {
            drawn += 1;
        }
        ly += 22.0;
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// Bars of leaves per algorithm for one input (linear scale), with the Knuth–Moore minimum and b^d
/// marked when the tree is uniform.
fn bar_chart(row: &Row) -> Chart {
    let n = row.results.len();
    let bar_h = 26.0;
    let top = 20.0;
    let left = 130.0;
    let right = 560.0;
    let h = top + n as f64 * (bar_h + 12.0) + 56.0;
    let max = row
        .results
        .iter()
        .map(|r| r.leaves.max as f64)
        .chain(row.full_tree_leaves.map(|f| f as f64))
        .fold(1.0, f64::max);
    let px = |v: f64| left + v / max * (right - left);
    let mut out = String::new();
    svg_open(&mut out, W, h, &format!("leaves evaluated per algorithm: {}", row.input));
    let _ = writeln!(out, "<g {FONT} font-size=\"12\" fill=\"#222\">");
    for (i, r) in row.results.iter().enumerate() {
        let look = LOOKS[i % LOOKS.len()];
        let y = top + i as f64 * (bar_h + 12.0);
        let _ = writeln!(
            out,
            "<rect x=\"{left}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{bar_h}\" fill=\"{}\" fill-opacity=\"0.8\" stroke=\"#222\" stroke-width=\"0.8\"/>",
            (px(r.leaves.mean) - left).max(1.0),
            look.color
        );
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 8.0,
            y + bar_h / 2.0 + 4.0,
            xml_escape(r.algorithm.name())
        );
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            px(r.leaves.mean) + 6.0,
            y + bar_h / 2.0 + 4.0,
            mean_text(r.leaves.mean)
        );
    }
    let bottom = top + n as f64 * (bar_h + 12.0);
    let _ = writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{:.1}\" x2=\"{left}\" y2=\"{bottom:.1}\" stroke=\"#222\"/>",
        top - 6.0
    );
    let mut label_y = bottom + 16.0;
    for (value, name, look) in [
        (row.knuth_moore_minimum, "Knuth–Moore minimum", KM_LOOK),
        (row.full_tree_leaves, "bᵈ (full tree)", FULL_LOOK),
    ] {
        let Some(v) = value else { continue };
        let x = px(v as f64);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{bottom:.1}\" stroke=\"#444\" stroke-width=\"1.6\" stroke-dasharray=\"{}\"/>",
            top - 6.0,
            look.dash
        );
        let _ = writeln!(
            out,
            "<text x=\"{x:.1}\" y=\"{label_y:.1}\" text-anchor=\"middle\">{name} = {}</text>",
            thousands(v)
        );
        label_y += 16.0;
    }
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"13\">leaves evaluated</text>",
        (left + right) / 2.0,
        h - 8.0
    );
    out.push_str("</g>\n</svg>\n");
    Chart {
        title: format!("Leaves evaluated: {}", row.input),
        caption: "Leaves evaluated (static evaluations) by each algorithm.".into(),
        svg: out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_labels() {
        assert_eq!(xml_escape("a<b & \"c\" 'd'"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;");
        assert_eq!(xml_escape("x\u{1}y"), "x y");
        assert_eq!(power_label(0), "1");
        assert_eq!(power_label(3), "1,000");
        assert_eq!(power_label(6), "10⁶");
        assert_eq!(power_label(12), "10¹²");
    }
}
