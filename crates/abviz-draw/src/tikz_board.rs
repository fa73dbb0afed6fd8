//! Board pictures in TikZ figures (`--boards --format tikz`): the game's SVG picture, read by
//! usvg (which resolves inherited styles, transforms, markers and text layout), written back as
//! TikZ paths and text nodes, so that `pdflatex` draws each board itself — text stays text
//! (searchable in the PDF), set in the figure's sans-serif font at the picture's size.
//!
//! Text that pdfLaTeX has no font for (xiangqi's Chinese piece names) is drawn as the outlines
//! of its glyphs instead, so a board reads the same under every engine.

use super::board::{nested, view_box};
use super::raster::parse;
use resvg::tiny_skia::{PathSegment, Point, Transform};
use resvg::usvg::{self, Node, Paint};
use std::fmt::Write;

/// Escapes text for LaTeX (the TikZ view's `escape_latex`, passed in so this file does not
/// import the view that imports it).
pub(super) type Escape = fn(&str) -> String;

/// The TikZ drawing of board `svg` scaled into the box at `at` (top-left, figure px) of size
/// `w` × `h`, clipped to it, its text escaped by `escape`; `None` when the picture cannot be read.
pub(super) fn board(svg: &str, at: (f64, f64), w: f64, h: f64, escape: Escape) -> Option<String> {
    // Read as the SVG figures nest it (their fonts, so the PNG, PDF and TikZ boards agree: a
    // game's own font list, xiangqi's CJK serif faces, say, is not looked for).
    let (vw, vh) = view_box(svg)?;
    let (vw, vh) = (vw.to_string(), vh.to_string());
    let nested =
        nested(svg, "0", "0", &vw, &vh)?.replacen("<svg ", r#"<svg xmlns="http://www.w3.org/2000/svg" "#, 1);
    let tree = parse(&nested).ok()?;
    let size = tree.size();
    let (sx, sy) = (w as f32 / size.width(), h as f32 / size.height());
    let mut out = String::from("\\begin{scope}\n");
    let _ = writeln!(
        out,
        r"\clip {} rectangle {};",
        pnt(Point::from_xy(at.0 as f32, at.1 as f32)),
        pnt(Point::from_xy((at.0 + w) as f32, (at.1 + h) as f32))
    );
    let place = Transform::from_row(sx, 0.0, 0.0, sy, at.0 as f32, at.1 as f32);
    group(tree.root(), place, 1.0, escape, &mut out);
    out.push_str("\\end{scope}");
    Some(out)
}

/// Writes a group's children; `place` maps the group's parent's coordinates into the figure and
/// `opacity` is what the enclosing groups multiply in (usvg keeps transforms on groups only, as
/// resvg draws them).
fn group(g: &usvg::Group, place: Transform, opacity: f32, escape: Escape, out: &mut String) {
    let place = place.pre_concat(g.transform());
    let opacity = opacity * g.opacity().get();
    for node in g.children() {
        match node {
            Node::Group(g) => group(g, place, opacity, escape, out),
            Node::Path(p) => path(p, place, opacity, out),
            Node::Text(t) => text(t, place, opacity, escape, out),
            Node::Image(_) => {}
        }
    }
}

/// How much a transform scales lengths (line widths, font sizes): the square root of its
/// determinant.
fn scale_of(ts: Transform) -> f32 {
    (ts.sx * ts.sy - ts.kx * ts.ky).abs().sqrt()
}

/// A number of figure px, to a hundredth (boards are small: a tenth would bend glyphs).
fn num(v: f32) -> String {
    let r = (f64::from(v) * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let mut s = format!("{r:.2}");
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    s
}

fn pnt(p: Point) -> String {
    format!("({},{})", num(p.x), num(p.y))
}

/// A length in figure px as TeX points (1 px = 0.75 pt).
fn pt(px: f32) -> String {
    format!("{}pt", num(px * 0.75))
}

/// An sRGB colour in xcolor's syntax.
fn rgb(c: usvg::Color) -> String {
    format!("{{rgb,255:red,{};green,{};blue,{}}}", c.red, c.green, c.blue)
}

/// The colour a paint is drawn in: a gradient by its first stop, a pattern (the wood of a Jiu
/// board) by the first colour it paints.
fn paint_color(p: &Paint) -> Option<usvg::Color> {
    match p {
        Paint::Color(c) => Some(*c),
        Paint::LinearGradient(g) => g.stops().first().map(|s| s.color()),
        Paint::RadialGradient(g) => g.stops().first().map(|s| s.color()),
        Paint::Pattern(p) => first_color(p.root()),
    }
}

fn first_color(g: &usvg::Group) -> Option<usvg::Color> {
    g.children().iter().find_map(|n| match n {
        Node::Path(p) => p.fill().and_then(|f| paint_color(f.paint())),
        Node::Group(g) => first_color(g),
        _ => None,
    })
}

/// The TikZ path of a usvg path, in figure px.
fn outline(data: &resvg::tiny_skia::Path, ts: Transform) -> String {
    let mut s = String::new();
    let mut last = Point::zero();
    for seg in data.segments() {
        let map = |mut p: Point| {
            ts.map_point(&mut p);
            p
        };
        match seg {
            PathSegment::MoveTo(p) => {
                last = p;
                let _ = write!(s, " {}", pnt(map(p)));
            }
            PathSegment::LineTo(p) => {
                last = p;
                let _ = write!(s, " -- {}", pnt(map(p)));
            }
            PathSegment::QuadTo(c, p) => {
                // The cubic with the same curve.
                let c1 =
                    Point::from_xy(last.x + 2.0 / 3.0 * (c.x - last.x), last.y + 2.0 / 3.0 * (c.y - last.y));
                let c2 = Point::from_xy(p.x + 2.0 / 3.0 * (c.x - p.x), p.y + 2.0 / 3.0 * (c.y - p.y));
                last = p;
                let _ = write!(s, " .. controls {} and {} .. {}", pnt(map(c1)), pnt(map(c2)), pnt(map(p)));
            }
            PathSegment::CubicTo(a, b, p) => {
                last = p;
                let _ = write!(s, " .. controls {} and {} .. {}", pnt(map(a)), pnt(map(b)), pnt(map(p)));
            }
            PathSegment::Close => s.push_str(" -- cycle"),
        }
    }
    s
}

fn path(p: &usvg::Path, place: Transform, opacity: f32, out: &mut String) {
    if !p.is_visible() || (p.fill().is_none() && p.stroke().is_none()) {
        return;
    }
    let (ts, scale) = (place, scale_of(place));
    let mut opts: Vec<String> = Vec::new();
    if let Some(f) = p.fill()
        && let Some(c) = paint_color(f.paint())
    {
        opts.push(format!("fill={}", rgb(c)));
        let o = opacity * f.opacity().get();
        if o < 1.0 {
            opts.push(format!("fill opacity={}", num(o)));
        }
        if f.rule() == usvg::FillRule::EvenOdd {
            opts.push("even odd rule".into());
        }
    }
    if let Some(s) = p.stroke()
        && let Some(c) = paint_color(s.paint())
    {
        opts.push(format!("draw={}", rgb(c)));
        opts.push(format!("line width={}", pt(s.width().get() * scale)));
        let o = opacity * s.opacity().get();
        if o < 1.0 {
            opts.push(format!("draw opacity={}", num(o)));
        }
        if let Some(dash) = s.dasharray() {
            let parts: Vec<String> = dash
                .chunks(2)
                .map(|d| {
                    format!("on {} off {}", pt(d[0] * scale), pt(d.get(1).copied().unwrap_or(d[0]) * scale))
                })
                .collect();
            opts.push(format!("dash pattern={}", parts.join(" ")));
        }
        opts.push(
            match s.linecap() {
                usvg::LineCap::Butt => "line cap=butt",
                usvg::LineCap::Round => "line cap=round",
                usvg::LineCap::Square => "line cap=rect",
            }
            .into(),
        );
        if s.linejoin() == usvg::LineJoin::Round {
            opts.push("line join=round".into());
        }
    }
    if opts.is_empty() {
        return;
    }
    let _ = writeln!(out, r"\path[{}]{};", opts.join(", "), outline(p.data(), ts));
}

fn text(t: &usvg::Text, place: Transform, opacity: f32, escape: Escape, out: &mut String) {
    let content: String = t.chunks().iter().map(|c| c.text()).collect();
    let words = escape(&content);
    // pdfLaTeX has no glyphs for these: draw their outlines.
    if words.contains(r"\abvizchar") {
        group(t.flattened(), place, opacity, escape, out);
        return;
    }
    let Some(chunk) = t.chunks().first() else { return };
    let Some(span) = chunk.spans().first() else { return };
    let (ts, scale) = (place, scale_of(place));
    // The baseline where the layout put the first glyph, centred on the laid-out text (TeX's
    // glyphs are not the same width, so the middle is what stays put).
    let glyph = t.layouted().first().and_then(|s| s.positioned_glyphs.first());
    let bbox = t.bounding_box();
    let (mut at, anchor) = match glyph {
        Some(g) => (Point::from_xy(bbox.x() + bbox.width() / 2.0, g.transform().ty), "base"),
        None => (
            Point::from_xy(chunk.x().unwrap_or(0.0), chunk.y().unwrap_or(0.0)),
            match chunk.anchor() {
                usvg::TextAnchor::Start => "base west",
                usvg::TextAnchor::Middle => "base",
                usvg::TextAnchor::End => "base east",
            },
        ),
    };
    ts.map_point(&mut at);
    let color = span.fill().and_then(|f| paint_color(f.paint())).unwrap_or(usvg::Color::black());
    let bold = if span.font().weight() >= 600 { r"\bfseries" } else { "" };
    let fade = if opacity < 1.0 { format!(", text opacity={}", num(opacity)) } else { String::new() };
    let _ = writeln!(
        out,
        r"\node[anchor={anchor}, inner sep=0pt, text={}{fade}, font=\abvizfont{{{}}}{bold}] at {} {{{words}}};",
        rgb(color),
        num(span.font_size().get() * scale * 0.75),
        pnt(at)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::escape_latex;

    #[test]
    fn shapes_and_text_become_tikz() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"><g fill="#ff0000" font-size="10"><rect x="10" y="10" width="20" height="10" stroke="#000" stroke-width="2"/><text x="50" y="30" text-anchor="middle">x &amp; o</text></g><line x1="0" y1="0" x2="100" y2="50" stroke="#00ff00" stroke-dasharray="4 2"/></svg>"##;
        let tex = board(svg, (200.0, 100.0), 50.0, 25.0, escape_latex).unwrap();
        assert!(tex.starts_with("\\begin{scope}\n\\clip (200,100) rectangle (250,125);"), "{tex}");
        // The rectangle, scaled by a half and moved into the box, red with a black 1 px border.
        assert!(
            tex.contains(r"\path[fill={rgb,255:red,255;green,0;blue,0}, draw={rgb,255:red,0;green,0;blue,0}, line width=0.75pt")
                && tex.contains("(205,105) -- (215,105) -- (215,110) -- (205,110) -- cycle"),
            "{tex}"
        );
        // The dashed line, its dashes scaled too.
        assert!(
            tex.contains("dash pattern=on 1.5pt off 0.75pt") && tex.contains("(200,100) -- (250,125)"),
            "{tex}"
        );
        // Text stays text, escaped, at half its size (10 px → 5 px = 3.75 pt), centred at x = 225.
        assert!(tex.contains(r"x \& o}"), "{tex}");
        assert!(tex.contains(r"font=\abvizfont{3.75}] at (225,115)"), "{tex}");
        assert!(tex.ends_with("\\end{scope}"));
    }

    #[test]
    fn characters_without_a_pdflatex_font_are_outlines() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><text x="20" y="30" font-size="20" text-anchor="middle">é ↑</text></svg>"##;
        let tex = board(svg, (0.0, 0.0), 40.0, 40.0, escape_latex).unwrap();
        assert!(!tex.contains(r"\node"), "{tex}");
        assert!(tex.contains(".. controls"), "glyph outlines: {tex}");
    }

    #[test]
    fn an_unreadable_picture_is_none() {
        assert_eq!(board("<svg", (0.0, 0.0), 1.0, 1.0, escape_latex), None);
    }
}
