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
        boards: true,
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

/// A piece of SVG text appended as it is, without the formatting machinery: a figure writes
/// tens of thousands of elements, and `write!` spent half of the writer's time in `fmt::write`.
trait Piece {
    fn put(&self, out: &mut String);
}

impl Piece for &str {
    fn put(&self, out: &mut String) {
        out.push_str(self)
    }
}

impl Piece for u32 {
    fn put(&self, out: &mut String) {
        out.push_str(itoa::Buffer::new().format(*self))
    }
}

/// A piece on its own.
fn text(piece: impl Piece) -> String {
    let mut out = String::new();
    piece.put(&mut out);
    out
}

/// Appends each piece in turn: `put!(out, "<line x1=\"", Num(x), "\"/>")`.
macro_rules! put {
    ($out:expr, $($piece:expr),+ $(,)?) => {{
        let out: &mut String = $out;
        $( Piece::put(&$piece, out); )+
    }};
}

/// A coordinate rounded to one decimal, written without a trailing ".0".
#[derive(Clone, Copy)]
struct Num(f64);

impl Piece for Num {
    fn put(&self, out: &mut String) {
        let tenths = (self.0 * 10.0).round() as i64;
        if tenths < 0 {
            out.push('-');
        }
        let t = tenths.unsigned_abs();
        out.push_str(itoa::Buffer::new().format(t / 10));
        if !t.is_multiple_of(10) {
            out.push('.');
            out.push(char::from(b'0' + (t % 10) as u8));
        }
    }
}

/// ` name="value"`: a numeric attribute ([`Num`]).
struct Attr(&'static str, f64);

impl Piece for Attr {
    fn put(&self, out: &mut String) {
        put!(out, " ", self.0, "=\"", Num(self.1), "\"");
    }
}

/// A string escaped for XML ([`escape_xml`]), copied as it is when it needs no escape.
struct Xml<'a>(&'a str);

impl Piece for Xml<'_> {
    fn put(&self, out: &mut String) {
        let plain =
            |c: char| !matches!(c, '&' | '<' | '>' | '"' | '\'' | '\u{FFFE}' | '\u{FFFF}') && c >= ' ';
        if self.0.chars().all(plain) { out.push_str(self.0) } else { out.push_str(&escape_xml(self.0)) }
    }
}

/// ` stroke="#…" stroke-width="…"` and the dash pattern.
struct StrokeAttrs<'a>(&'a Stroke);

impl Piece for StrokeAttrs<'_> {
    fn put(&self, out: &mut String) {
        let s = self.0;
        put!(out, r##" stroke="#"##, s.paint.hex(), "\"", Attr("stroke-width", s.width));
        if s.dashed {
            out.push_str(r#" stroke-dasharray="5 3""#);
        }
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
            put!(out, "<line", extra, Attr("x1", a.0), Attr("y1", a.1), Attr("x2", b.0), Attr("y2", b.1));
            put!(out, StrokeAttrs(stroke), "/>\n");
        }
        Prim::Polygon { pts, stroke } => {
            put!(out, "<polygon", extra, r#" points=""#);
            for (k, p) in pts.iter().enumerate() {
                put!(out, if k > 0 { " " } else { "" }, Num(p.0), ",", Num(p.1));
            }
            put!(out, r#"" fill="white" stroke-linejoin="round""#, StrokeAttrs(stroke), "/>\n");
        }
        Prim::Rect { at, w, h, r, stroke } => {
            put!(out, "<rect", extra, Attr("x", at.0), Attr("y", at.1));
            put!(out, Attr("width", *w), Attr("height", *h));
            if *r > 0.0 {
                put!(out, Attr("rx", *r));
            }
            put!(out, r#" fill="white""#, StrokeAttrs(stroke), "/>\n");
        }
        Prim::Circle { c, r, stroke } => {
            put!(out, "<circle", extra, Attr("cx", c.0), Attr("cy", c.1), Attr("r", *r));
            put!(out, r#" fill="white""#, StrokeAttrs(stroke), "/>\n");
        }
        Prim::Text { at, text, size, anchor, bold, paint, halo } => {
            // `at.1` is the text's vertical centre; the baseline sits about 0.35 em below it.
            put!(out, "<text", extra, Attr("x", at.0), Attr("y", at.1 + 0.35 * size));
            put!(out, Attr("font-size", *size));
            match anchor {
                Anchor::Start => {}
                Anchor::Middle => out.push_str(r#" text-anchor="middle""#),
                Anchor::End => out.push_str(r#" text-anchor="end""#),
            }
            if *bold {
                out.push_str(r#" font-weight="bold""#);
            }
            if *paint != Paint::Ink {
                put!(out, r##" fill="#"##, paint.hex(), "\"");
            }
            if *halo {
                out.push_str(
                    r#" stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke""#,
                );
            }
            put!(out, ">", Xml(text), "</text>\n");
        }
        Prim::Board { at, w, h, svg } => {
            // The game's own picture, nested with its viewBox so it scales into the box.
            let (x, y, w, h) = (text(Num(at.0)), text(Num(at.1)), text(Num(*w)), text(Num(*h)));
            if let Some(nested) = super::board::nested(svg, &x, &y, &w, &h) {
                put!(out, "<g", extra, ">", nested.as_str(), "</g>\n");
            }
        }
    }
}

/// The attributes naming item `i`'s node or edge group: a node its `id` ([`View::id`]), both
/// `data-id` (the trace node; for a stub, the node whose children it hides). Neither grows with
/// the node's depth.
fn item_attrs(attrs: &mut String, view: &View, i: u32, part: Part) {
    let (node, stub) = match view.items()[i as usize] {
        super::view::Item::Node(id) => (id, false),
        super::view::Item::Stub { parent, .. } => (parent, true),
    };
    if part == Part::Node {
        // `View::id`, written in place.
        put!(attrs, r#" id="n"#, node, if stub { "_more\"" } else { "\"" });
    }
    put!(attrs, r#" data-id=""#, node, "\"");
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
        put!(&mut out, "<g", attrs.as_str(), ">\n");
        if let Some(t) = &g.tooltip {
            put!(&mut out, "<title>", Xml(t), "</title>\n");
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
    let (mut attrs, mut class) = (String::new(), String::new());
    for g in fig.groups.iter().filter(|g| g.part != Part::Link) {
        attrs.clear();
        class_attr(&mut attrs, &g.classes);
        if let (Some(i), Part::Node | Part::Edge) = (g.item, g.part) {
            let _ = write!(attrs, r#" data-item="{i}""#);
            item_attrs(&mut attrs, view, i, g.part);
        }
        put!(&mut out, "<g", attrs.as_str(), ">\n");
        for (k, (p, _)) in g.prims.iter().enumerate() {
            match g.tags.iter().find(|t| t.0 == k) {
                Some((_, tag)) => {
                    class.clear();
                    put!(&mut class, r#" class=""#, *tag, "\"");
                    prim_with(&mut out, p, &class)
                }
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
        let num = |v: f64| text(Num(v));
        assert_eq!(num(3.0), "3");
        assert_eq!(num(3.04), "3");
        assert_eq!(num(-2.25), "-2.3");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(-0.5), "-0.5");
        assert_eq!(num(1234.56), "1234.6");
        for s in ["plain", "a&b", "<", "tab\t", "\u{1}"] {
            assert_eq!(text(Xml(s)), escape_xml(s), "{s:?}");
        }
    }
}
