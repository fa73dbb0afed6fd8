//! A standalone SVG picture drawn with our own tidy layout ([`super::figure`]); no Graphviz.
//!
//! Each node and edge is a `<g>` with classes (`node max pruned pv alpha-cut ...`), a
//! `data-id` attribute (the trace node's id; a node's group also has the `id` "n" and that id)
//! and a `<title>` tooltip, so stylesheets and scripts can find them. Nothing written per node
//! grows with its depth: a deep tree's picture stays linear in its size.

use super::figure::{Anchor, Figure, Paint, Part, Prim, Stroke, draw};
use super::view::View;
use super::{Exporter, FormatInfo, Kind, Output, ViewOptions};
use crate::DrawError as Error;
use abviz_trace::Trace;
use std::fmt::Write;

/// Writes the SVG picture.
pub struct SvgExporter;

impl SvgExporter {
    /// What the format is.
    pub const INFO: FormatInfo = FormatInfo {
        name: "svg",
        aliases: &[],
        help: &["A standalone SVG picture (our own tidy layout; no Graphviz needed)."],
        extensions: &["svg"],
        kind: Kind::Picture,
        binary: false,
        streams: false,
    };
}

impl Exporter for SvgExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        let view = View::new(trace, opts);
        let fig = draw(&view, false);
        Ok(Output::Text(render(&view, &fig)))
    }
}

pub use abviz_core::text::escape_xml;

/// A coordinate rounded to one decimal, written without a trailing ".0" (and without
/// allocating: a figure writes tens of thousands of them).
#[derive(Clone, Copy)]
struct Num(f64);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        if tenths < 0 {
            f.write_str("-")?;
        }
        let t = tenths.unsigned_abs();
        f.write_str(itoa::Buffer::new().format(t / 10))?;
        if !t.is_multiple_of(10) {
            f.write_str(".")?;
            f.write_str(itoa::Buffer::new().format(t % 10))?;
        }
        Ok(())
    }
}

/// A string escaped for XML ([`escape_xml`]), written without allocating when it needs no escape.
struct Xml<'a>(&'a str);

impl std::fmt::Display for Xml<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plain =
            |c: char| !matches!(c, '&' | '<' | '>' | '"' | '\'' | '\u{FFFE}' | '\u{FFFF}') && c >= ' ';
        if self.0.chars().all(plain) { f.write_str(self.0) } else { f.write_str(&escape_xml(self.0)) }
    }
}

/// ` stroke="#…" stroke-width="…"` and the dash pattern.
struct StrokeAttrs<'a>(&'a Stroke);

impl std::fmt::Display for StrokeAttrs<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.0;
        write!(f, r##" stroke="#{}" stroke-width="{}""##, s.paint.hex(), Num(s.width))?;
        if s.dashed {
            f.write_str(r#" stroke-dasharray="5 3""#)?;
        }
        Ok(())
    }
}

fn prim(out: &mut String, p: &Prim) {
    prim_with(out, p, "")
}

#[cfg(feature = "html")]
/// Primitives as SVG elements, without a surrounding `<svg>` (the page's legend symbols).
pub(super) fn fragment(prims: &[Prim]) -> String {
    let mut out = String::new();
    for p in prims {
        prim(&mut out, p);
    }
    out
}

/// Writes one primitive; `extra` is inserted as attributes right after the element name.
fn prim_with(out: &mut String, p: &Prim, extra: &str) {
    match p {
        Prim::Line { a, b, stroke } => {
            let _ = writeln!(
                out,
                r#"<line{extra} x1="{}" y1="{}" x2="{}" y2="{}"{}/>"#,
                Num(a.0),
                Num(a.1),
                Num(b.0),
                Num(b.1),
                StrokeAttrs(stroke)
            );
        }
        Prim::Polygon { pts, stroke } => {
            let _ = write!(out, r#"<polygon{extra} points=""#);
            for (k, p) in pts.iter().enumerate() {
                let _ = write!(out, "{}{},{}", if k > 0 { " " } else { "" }, Num(p.0), Num(p.1));
            }
            let _ = writeln!(out, r#"" fill="white" stroke-linejoin="round"{}/>"#, StrokeAttrs(stroke));
        }
        Prim::Rect { at, w, h, r, stroke } => {
            let _ = write!(
                out,
                r#"<rect{extra} x="{}" y="{}" width="{}" height="{}""#,
                Num(at.0),
                Num(at.1),
                Num(*w),
                Num(*h)
            );
            if *r > 0.0 {
                let _ = write!(out, r#" rx="{}""#, Num(*r));
            }
            let _ = writeln!(out, r#" fill="white"{}/>"#, StrokeAttrs(stroke));
        }
        Prim::Circle { c, r, stroke } => {
            let _ = writeln!(
                out,
                r#"<circle{extra} cx="{}" cy="{}" r="{}" fill="white"{}/>"#,
                Num(c.0),
                Num(c.1),
                Num(*r),
                StrokeAttrs(stroke)
            );
        }
        Prim::Text { at, text, size, anchor, bold, paint, halo } => {
            let anchor = match anchor {
                Anchor::Start => "start",
                Anchor::Middle => "middle",
                Anchor::End => "end",
            };
            // `at.1` is the text's vertical centre; the baseline sits about 0.35 em below it.
            let _ = write!(
                out,
                r#"<text{extra} x="{}" y="{}" font-size="{}""#,
                Num(at.0),
                Num(at.1 + 0.35 * size),
                Num(*size)
            );
            if anchor != "start" {
                let _ = write!(out, r#" text-anchor="{anchor}""#);
            }
            if *bold {
                out.push_str(r#" font-weight="bold""#);
            }
            if *paint != Paint::Ink {
                let _ = write!(out, r##" fill="#{}""##, paint.hex());
            }
            if *halo {
                out.push_str(
                    r#" stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke""#,
                );
            }
            let _ = writeln!(out, ">{}</text>", Xml(text));
        }
        Prim::Board { at, w, h, svg } => {
            // The game's own picture, nested with its viewBox so it scales into the box.
            let (x, y, w, h) =
                (Num(at.0).to_string(), Num(at.1).to_string(), Num(*w).to_string(), Num(*h).to_string());
            if let Some(nested) = super::board::nested(svg, &x, &y, &w, &h) {
                let _ = writeln!(out, "<g{extra}>{nested}</g>");
            }
        }
    }
}

/// The attributes naming item `i`'s node or edge group: a node its `id` ([`View::id`]), both
/// `data-id` (the trace node; for a stub, the node whose children it hides). Neither grows with
/// the node's depth.
fn item_attrs(attrs: &mut String, view: &View, i: u32, part: Part) {
    let node = match view.items()[i as usize] {
        super::view::Item::Node(id) => id,
        super::view::Item::Stub { parent, .. } => parent,
    };
    if part == Part::Node {
        let _ = write!(attrs, r#" id="{}""#, Xml(&view.id(i)));
    }
    let _ = write!(attrs, r#" data-id="{node}""#);
}

/// ` class="a b"`: a group's classes, written in place (no joined copy per group).
fn class_attr(attrs: &mut String, classes: &[&str]) {
    attrs.push_str(r#" class=""#);
    for (k, class) in classes.iter().enumerate() {
        if k > 0 {
            attrs.push(' ');
        }
        attrs.push_str(class);
    }
    attrs.push('"');
}

/// Serialises a figure as SVG.
pub(super) fn render(view: &View, fig: &Figure) -> String {
    let (w, h) = (fig.bbox.width().ceil(), fig.bbox.height().ceil());
    // About 400 bytes a group: one allocation instead of a doubling series of copies.
    let mut out = String::with_capacity(400 * fig.groups.len() + 1024);
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="12" fill="#{}">"##,
        Paint::Ink.hex()
    );
    let _ = writeln!(out, "<title>{}</title>", escape_xml(&view.caption()));
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let mut attrs = String::new();
    for g in &fig.groups {
        attrs.clear();
        class_attr(&mut attrs, &g.classes);
        if let (Some(i), Part::Node | Part::Edge) = (g.item, g.part) {
            item_attrs(&mut attrs, view, i, g.part);
        }
        let _ = writeln!(out, "<g{attrs}>");
        if let Some(t) = &g.tooltip {
            let _ = writeln!(out, "<title>{}</title>", Xml(t));
        }
        for (p, _) in &g.prims {
            prim(&mut out, p);
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// Serialises a figure for an HTML page: no fixed size (the page sizes it), every node and edge
/// group carries `data-item` (its [`View::items`] index) and `data-id` (the trace node, or for a
/// stub the node whose children it hides), nodes an `id` ([`View::id`]), and the tagged
/// primitives a `class` ("value", "window", ...) so the page's script can restyle and rewrite
/// them. There are no `<title>` tooltips: the page draws its own.
#[cfg(feature = "html")]
pub(super) fn render_page(view: &View, fig: &Figure) -> String {
    let (w, h) = (fig.bbox.width().ceil(), fig.bbox.height().ceil());
    let mut out = String::with_capacity(400 * fig.groups.len());
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" id="tree" class="tree" viewBox="0 0 {w} {h}" data-w="{w}" data-h="{h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="12" fill="#{}" role="img" aria-label="{}">"##,
        Paint::Ink.hex(),
        escape_xml(&view.caption())
    );
    out.push_str("<g id=\"viewport\">\n");
    // Transposition links are left to the page's own script (it reveals the figure step by
    // step, and a link drawn from the start would tell the future).
    let mut attrs = String::new();
    for g in fig.groups.iter().filter(|g| g.part != Part::Link) {
        attrs.clear();
        class_attr(&mut attrs, &g.classes);
        if let (Some(i), Part::Node | Part::Edge) = (g.item, g.part) {
            let _ = write!(attrs, r#" data-item="{i}""#);
            item_attrs(&mut attrs, view, i, g.part);
        }
        let _ = writeln!(out, "<g{attrs}>");
        for (k, (p, _)) in g.prims.iter().enumerate() {
            match g.tags.iter().find(|t| t.0 == k) {
                Some((_, tag)) => prim_with(&mut out, p, &format!(r#" class="{tag}""#)),
                None => prim(&mut out, p),
            }
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_markup_and_control_characters() {
        assert_eq!(escape_xml(r#"a"b\c"#), r#"a&quot;b\c"#);
        assert_eq!(escape_xml("x}%$#y"), "x}%$#y");
        assert_eq!(escape_xml("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;");
        assert_eq!(escape_xml("a\u{0}b\u{1b}c\u{FFFF}"), "a b c ");
        assert_eq!(escape_xml("象棋 α"), "象棋 α");
    }

    #[test]
    fn numbers_are_short() {
        let num = |v: f64| Num(v).to_string();
        assert_eq!(num(3.0), "3");
        assert_eq!(num(3.04), "3");
        assert_eq!(num(-2.25), "-2.3");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(-0.5), "-0.5");
        assert_eq!(num(1234.56), "1234.6");
        for s in ["plain", "a&b", "<", "tab\t", "\u{1}"] {
            assert_eq!(Xml(s).to_string(), escape_xml(s), "{s:?}");
        }
    }
}
