//! Charts of counts (`abviz compare`'s): a log-scale line chart with a legend, a bar chart, and
//! charts stacked with their titles and captions in one picture (an SVG file, or a PDF through
//! the same path as every picture). What to plot is the caller's: the series come in with their
//! looks. Every text is escaped; lines differ by colour, dash and marker so they survive
//! black-and-white printing.

use abviz_core::text::{escape_xml, thousands};
use std::fmt::Write;

/// A mean: whole numbers as counts, others with one decimal (`1,234.5`).
pub fn mean_text(mean: f64) -> String {
    let tenths = (mean * 10.0).round() as u64;
    if tenths.is_multiple_of(10) {
        thousands(tenths / 10)
    } else {
        format!("{}.{}", thousands(tenths / 10), tenths % 10)
    }
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// Its colour, `#rrggbb`.
    pub color: &'static str,
    /// Its dash pattern (`stroke-dasharray`; empty: solid).
    pub dash: &'static str,
    /// The mark at each point.
    pub marker: Marker,
}

/// The mark at each point of a line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Marker {
    /// None (reference lines).
    None,
    /// A disc.
    Circle,
    /// A square.
    Square,
    /// A triangle, point up.
    Triangle,
    /// A diamond.
    Diamond,
    /// A triangle, point down.
    TriangleDown,
    /// A cross.
    Cross,
}

/// Colour-blind-safe colours (Okabe & Ito), each with its own dash and marker.
pub const LOOKS: [Look; 6] = [
    Look { color: "#000000", dash: "", marker: Marker::Circle },
    Look { color: "#0072B2", dash: "", marker: Marker::Square },
    Look { color: "#D55E00", dash: "7 3", marker: Marker::Triangle },
    Look { color: "#009E73", dash: "2 2", marker: Marker::Diamond },
    Look { color: "#CC79A7", dash: "9 3 2 3", marker: Marker::TriangleDown },
    Look { color: "#E69F00", dash: "4 4", marker: Marker::Cross },
];
/// The look of the Knuth–Moore reference line.
pub const KM_LOOK: Look = Look { color: "#7a7a7a", dash: "8 5", marker: Marker::None };
/// The look of the full tree's reference line.
pub const FULL_LOOK: Look = Look { color: "#7a7a7a", dash: "1.5 3.5", marker: Marker::None };

/// A point with its sample range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Along the x axis.
    pub x: f64,
    /// The mean.
    pub y: f64,
    /// The smallest sample.
    pub lo: f64,
    /// The largest sample.
    pub hi: f64,
}

/// One line of a line chart.
#[derive(Clone, Debug)]
pub struct Series {
    /// Its name in the legend.
    pub name: String,
    /// How it is drawn.
    pub look: Look,
    /// Its points, left to right.
    pub points: Vec<Point>,
    /// For a reference line, what it stands for ("the Knuth–Moore minimum").
    pub reference: Option<&'static str>,
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
pub fn power_label(k: i32) -> String {
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
        escape_xml(label)
    );
    let _ = writeln!(out, "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>");
}

/// A log-scale line chart with a legend on the right.
pub fn line_svg(series: &[Series], x_label: &str, y_label: &str) -> String {
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
        escape_xml(x_label)
    );
    let _ = writeln!(
        out,
        "<text x=\"16\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"13\" transform=\"rotate(-90 16 {:.1})\">{} (log scale)</text>",
        (TOP + BOTTOM) / 2.0,
        (TOP + BOTTOM) / 2.0,
        escape_xml(y_label)
    );
    // Lines: references first (underneath), then the measured series, thicker first so that
    // coinciding lines still show each colour.
    let mut drawn = 0usize;
    for s in
        series.iter().filter(|s| s.reference.is_some()).chain(series.iter().filter(|s| s.reference.is_none()))
    {
        let width = line_width(s.reference.is_some(), drawn);
        let size = if s.reference.is_some() { 0.0 } else { (5.0 - 0.6 * drawn as f64).max(2.6) };
        if s.reference.is_none() {
            drawn += 1;
        }
        let pts: Vec<String> = s.points.iter().map(|p| format!("{:.1},{:.1}", px(p.x), py(p.y))).collect();
        let dash = dash_attr(s.look.dash);
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
        let width = line_width(s.reference.is_some(), drawn);
        let dash = dash_attr(s.look.dash);
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
            escape_xml(&s.name)
        );
        if s.reference.is_none() {
            drawn += 1;
        }
        ly += 22.0;
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// One bar of a bar chart.
pub struct Bar<'a> {
    /// Its label.
    pub name: &'a str,
    /// Its length.
    pub value: f64,
    /// Its colour.
    pub look: Look,
}

/// Horizontal bars on a linear scale, with dashed vertical marks (name, value, look) for reference.
pub fn bar_svg(bars: &[Bar<'_>], marks: &[(&str, u64, Look)], x_label: &str, aria: &str) -> String {
    let n = bars.len();
    let bar_h = 26.0;
    let top = 20.0;
    let left = 130.0;
    let right = 560.0;
    let h = top + n as f64 * (bar_h + 12.0) + 56.0;
    let max = bars.iter().map(|b| b.value).chain(marks.iter().map(|m| m.1 as f64)).fold(1.0, f64::max);
    let px = |v: f64| left + v / max * (right - left);
    let mut out = String::new();
    svg_open(&mut out, W, h, aria);
    let _ = writeln!(out, "<g {FONT} font-size=\"12\" fill=\"#222\">");
    for (i, b) in bars.iter().enumerate() {
        let y = top + i as f64 * (bar_h + 12.0);
        let _ = writeln!(
            out,
            "<rect x=\"{left}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{bar_h}\" fill=\"{}\" fill-opacity=\"0.8\" stroke=\"#222\" stroke-width=\"0.8\"/>",
            (px(b.value) - left).max(1.0),
            b.look.color
        );
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 8.0,
            y + bar_h / 2.0 + 4.0,
            escape_xml(b.name)
        );
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            px(b.value) + 6.0,
            y + bar_h / 2.0 + 4.0,
            mean_text(b.value)
        );
    }
    let bottom = top + n as f64 * (bar_h + 12.0);
    let _ = writeln!(
        out,
        "<line x1=\"{left}\" y1=\"{:.1}\" x2=\"{left}\" y2=\"{bottom:.1}\" stroke=\"#222\"/>",
        top - 6.0
    );
    let mut label_y = bottom + 16.0;
    for &(name, v, look) in marks {
        let x = px(v as f64);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{bottom:.1}\" stroke=\"#444\" stroke-width=\"1.6\" stroke-dasharray=\"{}\"/>",
            top - 6.0,
            look.dash
        );
        let _ = writeln!(
            out,
            "<text x=\"{x:.1}\" y=\"{label_y:.1}\" text-anchor=\"middle\">{} = {}</text>",
            escape_xml(name),
            thousands(v)
        );
        label_y += 16.0;
    }
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"13\">{}</text>",
        (left + right) / 2.0,
        h - 8.0,
        escape_xml(x_label)
    );
    out.push_str("</g>\n</svg>\n");
    out
}

/// A chart to stack: its title, its caption and its `<svg>` (from [`line_svg`] or [`bar_svg`]).
#[derive(Clone, Copy, Debug)]
pub struct Panel<'a> {
    /// The heading above it.
    pub title: &'a str,
    /// The sentences under it.
    pub caption: &'a str,
    /// The chart.
    pub svg: &'a str,
}

/// The stacked picture's margin, title and caption sizes, in px.
const MARGIN: f64 = 16.0;
const HEADING_SIZE: f64 = 17.0;
const TITLE_SIZE: f64 = 14.0;
const CAPTION_SIZE: f64 = 12.0;
const CAPTION_LINE: f64 = 16.0;

/// Charts one under the other in one SVG picture, under `heading`: each chart under its title
/// with its caption below, wrapped to the chart's width. What a slide or a page takes: an SVG
/// file, or a PDF rendered from it as every picture is.
pub fn stack(heading: &str, panels: &[Panel<'_>]) -> String {
    let width = W + 2.0 * MARGIN;
    let mut body = String::new();
    let mut y = MARGIN + HEADING_SIZE;
    let _ = writeln!(
        body,
        "<text x=\"{MARGIN}\" y=\"{y:.1}\" font-size=\"{HEADING_SIZE}\" font-weight=\"bold\">{}</text>",
        escape_xml(heading)
    );
    y += 12.0;
    for p in panels {
        y += TITLE_SIZE + 8.0;
        let _ = writeln!(
            body,
            "<text x=\"{MARGIN}\" y=\"{y:.1}\" font-size=\"{TITLE_SIZE}\" font-weight=\"bold\">{}</text>",
            escape_xml(p.title)
        );
        y += 6.0;
        let height = svg_height(p.svg);
        // The chart nested where it goes: its own <svg>, placed by x and y.
        let _ =
            write!(body, "<svg x=\"{MARGIN}\" y=\"{y:.1}\"{}", p.svg.trim_start().trim_start_matches("<svg"));
        y += height;
        for line in wrap(p.caption, W, CAPTION_SIZE) {
            y += CAPTION_LINE;
            let _ = writeln!(
                body,
                "<text x=\"{MARGIN}\" y=\"{y:.1}\" font-size=\"{CAPTION_SIZE}\" fill=\"#444\">{}</text>",
                escape_xml(&line)
            );
        }
        y += 12.0;
    }
    let height = (y + MARGIN).ceil();
    let mut out = String::with_capacity(body.len() + 512);
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=\"img\" aria-label=\"{}\">",
        escape_xml(heading)
    );
    let _ = writeln!(out, "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>");
    let _ = writeln!(out, "<g {FONT} fill=\"#222\">");
    out.push_str(&body);
    out.push_str("</g>\n</svg>\n");
    out
}

/// The height a chart's `<svg>` declares (its first `height="…"`).
fn svg_height(svg: &str) -> f64 {
    let open = &svg[..svg.find('>').unwrap_or(svg.len())];
    open.split(" height=\"")
        .nth(1)
        .and_then(|h| h.split('"').next())
        .and_then(|h| h.parse().ok())
        .unwrap_or(H)
}

/// `text` in lines no wider than `width` px at `size` (words kept whole).
fn wrap(text: &str, width: f64, size: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !line.is_empty() && crate::prim::text_width(&candidate, size, false) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A series' line width: reference lines are thin; measured lines get thinner one after another
/// so that lines lying on top of each other stay visible.
fn line_width(reference: bool, drawn: usize) -> f64 {
    if reference { 1.6 } else { (3.4 - 0.7 * drawn as f64).max(1.2) }
}

/// The `stroke-dasharray` attribute for a dash pattern ("" for a solid line).
fn dash_attr(dash: &str) -> String {
    if dash.is_empty() { String::new() } else { format!(" stroke-dasharray=\"{dash}\"") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacked_charts_keep_each_chart_and_wrap_the_captions() {
        let series = [Series {
            name: "a<b".into(),
            look: LOOKS[0],
            points: vec![
                Point { x: 1.0, y: 3.0, lo: 3.0, hi: 3.0 },
                Point { x: 2.0, y: 9.0, lo: 9.0, hi: 9.0 },
            ],
            reference: None,
        }];
        let chart = line_svg(&series, "depth d", "nodes");
        let caption = "word ".repeat(60);
        let svg = stack("Node & leaf counts", &[Panel { title: "T", caption: &caption, svg: &chart }]);
        assert!(svg.contains("Node &amp; leaf counts") && svg.contains("a&lt;b"));
        assert_eq!(svg.matches("<svg").count(), 2, "the chart nested whole");
        let lines = svg.matches("fill=\"#444\"").count();
        assert!(lines >= 2, "a long caption wraps: {lines} line(s)");
        assert_eq!(svg_height(&chart), H);
    }

    #[test]
    fn escapes_and_labels() {
        assert_eq!(escape_xml("a<b & \"c\" 'd'"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;");
        assert_eq!(power_label(0), "1");
        assert_eq!(power_label(3), "1,000");
        assert_eq!(power_label(6), "10⁶");
        assert_eq!(power_label(12), "10¹²");
    }
}
