//! SVG charts of a comparison: leaves evaluated (or nodes visited, [`Measure`]) against depth
//! (or branching factor) on a log scale, one line per algorithm with the Knuth–Moore minimum and
//! b^d for reference (for nodes, the same two trees' node counts); leaves per move ordering; and
//! bars for a single input. Lines differ by colour, dash and marker, so they stay apart in black
//! and white. The drawing is `abviz-draw`'s ([`crate::export::chart`]).

use super::Measure;
use super::report::{Report, Row};
use super::wide::references as references_of;
use crate::export::chart::{
    Bar, FULL_LOOK, KM_LOOK, LOOKS, Look, Marker, Panel, Point, Series, bar_svg, line_svg, stack,
};
use std::collections::BTreeMap;

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

fn ordering_look(name: &str) -> Look {
    match name {
        "best" => Look { color: "#009E73", dash: "", marker: Marker::Triangle },
        "worst" => Look { color: "#D55E00", dash: "7 3", marker: Marker::TriangleDown },
        _ => Look { color: "#0072B2", dash: "2 2", marker: Marker::Square },
    }
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

fn references(rows: &[&Row], axis: Axis, measure: Measure) -> Vec<Series> {
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
        let (k, f) = references_of(r, measure);
        if let Some(k) = k {
            km.push(Point { x, y: k as f64, lo: k as f64, hi: k as f64 });
        }
        if let Some(f) = f {
            full.push(Point { x, y: f as f64, lo: f as f64, hi: f as f64 });
        }
    }
    let words = measure.chart_words();
    let mut out = Vec::new();
    if !km.is_empty() {
        out.push(Series {
            name: words.km_name.into(),
            look: KM_LOOK,
            points: km,
            reference: Some(words.km_what),
        });
    }
    if !full.is_empty() {
        out.push(Series {
            name: words.full_name.into(),
            look: FULL_LOOK,
            points: full,
            reference: Some(words.full_what),
        });
    }
    out
}

fn point(x: u32, row: &Row, i: usize, measure: Measure) -> Point {
    let l = measure.of(&row.results[i]);
    Point { x: x as f64, y: l.mean, lo: l.min as f64, hi: l.max as f64 }
}

/// Names of algorithms whose lines coincide, as a sentence.
fn coincide_note(series: &[Series], measure: Measure) -> Option<String> {
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
                "{} and {last} {} here, so their lines lie on top of each other.",
                rest.join(", "),
                measure.chart_words().same
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
fn reference_note(series: &[Series], axis: Axis, measure: Measure) -> Option<String> {
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
        let names = abviz_core::text::list(&on, "and");
        let words = measure.chart_words();
        let verb = if on.len() == 1 { words.verb_one } else { words.verb_many };
        let along = match axis {
            Axis::Depth => "at every depth",
            Axis::Branching => "for every branching factor",
        };
        sentences.push(capitalize(&format!("{names} {verb} {what} {along}.")));
    }
    (!sentences.is_empty()).then(|| sentences.join(" "))
}

/// Every chart the report calls for, of leaves evaluated (the HTML page's).
pub fn charts(report: &Report) -> Vec<Chart> {
    charts_of(report, Measure::Leaves)
}

/// Every chart the report calls for, counting `measure`.
pub fn charts_of(report: &Report, measure: Measure) -> Vec<Chart> {
    let words = measure.chart_words();
    let axis = [Axis::Depth, Axis::Branching]
        .into_iter()
        .find(|&a| families(report, a, true).iter().any(|f| distinct_x(&f.rows, a) >= 2));
    let Some(axis) = axis else {
        return report.rows.iter().map(|r| bar_chart(r, measure)).collect();
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
                points: fam.rows.iter().filter_map(|r| axis.of(r).map(|x| point(x, r, i, measure))).collect(),
                reference: None,
            })
            .collect();
        let note = coincide_note(&series, measure);
        series.extend(references(&fam.rows, axis, measure));
        let mut caption = format!("{}, log scale.", words.counted);
        if sampled {
            caption
                .push_str(" Points are means over the samples; whiskers span the smallest to the largest.");
        }
        for n in [note, reference_note(&series, axis, measure)].into_iter().flatten() {
            caption.push(' ');
            caption.push_str(&n);
        }
        by_algorithm.push(Chart {
            title: format!("{} against {}: {}", words.title, axis.label(), fam.title),
            caption,
            svg: line_svg(&series, axis.label(), words.axis),
        });
    }
    // Counts per ordering, for the first algorithm that prunes: the headline, so it comes first.
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
                    Some((_, pts)) => pts.push(point(x, r, ai, measure)),
                    None => by_order.push((o, vec![point(x, r, ai, measure)])),
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
            series.extend(references(&fam.rows, axis, measure));
            let mut caption = format!(
                "{} {} {} in each move ordering, log scale.",
                words.title,
                algo.name(),
                words.verb_one
            );
            if sampled {
                caption.push_str(
                    " Points are means over the samples; whiskers span the smallest to the largest.",
                );
            }
            if let Some(n) = reference_note(&series, axis, measure) {
                caption.push(' ');
                caption.push_str(&n);
            }
            out.push(Chart {
                title: format!("{} per move ordering: {}, {}", words.title, algo.name(), fam.title),
                caption,
                svg: line_svg(&series, axis.label(), words.axis),
            });
        }
    }
    out.extend(by_algorithm);
    out
}

/// Bars of leaves (or nodes) per algorithm for one input (linear scale), with the Knuth–Moore
/// minimum and b^d (their nodes, for nodes) marked when the tree is uniform.
fn bar_chart(row: &Row, measure: Measure) -> Chart {
    let words = measure.chart_words();
    let bars: Vec<Bar<'_>> = row
        .results
        .iter()
        .enumerate()
        .map(|(i, r)| Bar {
            name: r.algorithm.name(),
            value: measure.of(r).mean,
            look: LOOKS[i % LOOKS.len()],
        })
        .collect();
    let (km, full) = references_of(row, measure);
    let marks: Vec<(&str, u64, Look)> = [(km, words.km_name, KM_LOOK), (full, words.full_name, FULL_LOOK)]
        .into_iter()
        .filter_map(|(v, name, look)| v.map(|v| (name, v, look)))
        .collect();
    Chart {
        title: format!("{}: {}", words.bar_title, row.input),
        caption: format!("{} by each algorithm.", words.counted),
        svg: bar_svg(&bars, &marks, words.axis, &format!("{} per algorithm: {}", words.axis, row.input)),
    }
}

/// The charts of each of `measures` in turn, one under the other in one SVG picture under the
/// report's title ([`crate::export::chart::stack`]).
pub fn picture(report: &Report, measures: &[Measure]) -> String {
    let charts: Vec<Chart> = measures.iter().flat_map(|&m| charts_of(report, m)).collect();
    let panels: Vec<Panel<'_>> =
        charts.iter().map(|c| Panel { title: &c.title, caption: &c.caption, svg: &c.svg }).collect();
    stack(&report.title(), &panels)
}
