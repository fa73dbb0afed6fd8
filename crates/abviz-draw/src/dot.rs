//! A Graphviz graph of the trace, drawn with the same conventions and labels as the SVG and TikZ
//! views; `dot -Tpng` (or `abviz run --render png`) lays it out.
//!
//! Node names are the trace ids (`n0`, `n1`, ...; a "⋯ k nodes" stub `n7_more`), which do not
//! grow with depth. Every text — values,
//! names, windows, moves, legend — is written as a Graphviz HTML-like label through one escape
//! function, [`escape_dot_html`], so no user string can end a label or inject markup.

use super::figure::Paint;
use super::view::{EdgeKind, LegendKey, RankDir, Shape, Style, View, pass_header};
use super::{Exporter, FormatInfo, Kind, Output, ViewOptions};
use crate::DrawError as Error;
use abviz_trace::{CutKind, Trace};
use std::fmt::Write;

/// Writes the DOT graph.
pub struct DotExporter;

impl DotExporter {
    /// What the format is.
    pub const INFO: FormatInfo = FormatInfo {
        name: "dot",
        aliases: &["gv"],
        help: &["A Graphviz graph (laid out by `dot`; --render makes a picture of it)."],
        extensions: &["dot", "gv"],
        kind: Kind::Picture,
        binary: false,
        streams: false,
        boards: false,
    };
}

impl Exporter for DotExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        Ok(Output::Text(render(&View::new(trace, opts))))
    }
}

/// Escapes text for a Graphviz HTML-like label (`label=<...>`): `&`, `<`, `>`, `"` and `'`
/// become entities, a newline becomes `<br/>`, other control characters become spaces.
/// Backslashes need nothing: Graphviz reads no escapes inside HTML-like labels. Non-ASCII text is
/// kept as UTF-8 (the graph declares `charset="UTF-8"`).
///
/// ```
/// use abviz_draw::escape_dot_html;
/// assert_eq!(escape_dot_html("a<b>&\"c\"\nd\\"), "a&lt;b&gt;&amp;&quot;c&quot;<br/>d\\");
/// ```
pub fn escape_dot_html(s: &str) -> String {
    // Graphviz's HTML-label lexer refuses a text made of ']' alone (it reads it as the end of a
    // CDATA section).
    if !s.is_empty() && s.chars().all(|c| c == ']') {
        return "&#93;".repeat(s.len());
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' => out.push_str("<br/>"),
            c if c.is_control() => out.push(' '),
            c if is_noncharacter(c) => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Unicode's noncharacters (U+FDD0–U+FDEF and the last two code points of every plane), which
/// XML — and so Graphviz's HTML labels — refuses.
fn is_noncharacter(c: char) -> bool {
    let v = c as u32;
    (0xfdd0..=0xfdef).contains(&v) || v & 0xfffe == 0xfffe
}

fn color(p: Paint) -> String {
    format!("#{}", p.hex())
}

/// A `<font>` element (Graphviz rejects an empty one, so empty text gives nothing).
fn font(size: f64, paint: Paint, text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    // Black is the graph's default font colour.
    match paint {
        Paint::Ink => format!(r#"<font point-size="{size}">{}</font>"#, escape_dot_html(text)),
        _ => {
            format!(r#"<font point-size="{size}" color="{}">{}</font>"#, color(paint), escape_dot_html(text))
        }
    }
}

fn cut_paint(kind: CutKind) -> Paint {
    Paint::of_cut(kind)
}

fn render(view: &View) -> String {
    let mut out = String::new();
    let rankdir = match view.opts.rankdir {
        RankDir::TopBottom => "TB",
        RankDir::LeftRight => "LR",
    };
    out.push_str("digraph abviz {\n");
    let _ = writeln!(
        out,
        r#"  graph [charset="UTF-8", rankdir={rankdir}, ordering=out, nodesep=0.3, ranksep=0.6, forcelabels=true, fontname="DejaVu Sans", fontsize=11, bgcolor=white];"#
    );
    let _ = writeln!(
        out,
        r#"  node [fontname="DejaVu Sans", fontsize=11, style=filled, fillcolor=white, color="{ink}", fontcolor="{ink}", penwidth=1.3, margin=0.04];"#,
        ink = color(Paint::Ink)
    );
    let _ = writeln!(
        out,
        r#"  edge [dir=none, color="{}", penwidth=1.3, fontname="DejaVu Sans", fontsize=9];"#,
        color(Paint::Ink)
    );
    let boxes = view.opts.style == Style::Boxes;
    for i in 0..view.len() as u32 {
        let l = view.label(i);
        let faded = l.pruned || l.shape == Shape::Stub;
        let ink = if faded { Paint::Faded } else { Paint::Ink };
        let mut attrs: Vec<String> = Vec::new();
        let shape = match (l.shape, boxes) {
            (Shape::Stub, _) => r#"shape=box, style="filled,rounded,dashed", height=0.3"#,
            (Shape::Leaf, _) | (Shape::Max, true) => "shape=box, width=0.4, height=0.34",
            (Shape::Min, true) => "shape=circle, width=0.42",
            (Shape::Max, false) => "shape=triangle, width=0.55, height=0.45",
            (Shape::Min, false) => "shape=invtriangle, width=0.55, height=0.45",
            (Shape::Chance, true) => "shape=diamond, width=0.5, height=0.45",
            (Shape::Chance, false) => "shape=circle, width=0.45",
        };
        attrs.push(shape.to_string());
        if faded && l.shape != Shape::Stub {
            attrs.push(r#"style="filled,dashed""#.into());
        }
        if faded {
            attrs.push(format!(r#"color="{c}", fontcolor="{c}""#, c = color(Paint::Faded)));
        } else if l.quiescence {
            // The quiescence search's fringe beyond the depth limit: teal, dashed.
            attrs.push(format!(r#"style="filled,dashed", color="{}""#, color(Paint::Quiesce)));
        }
        // MCTS: a node's border is as heavy as its share of its parent's visits.
        if let Some(share) = l.share {
            attrs.push(format!("penwidth={:.2}", 1.3 + 2.4 * f64::from(share.min(1000)) / 1000.0));
        }
        let size = if l.shape == Shape::Stub { 9.0 } else { 11.0 };
        let value = l.value.as_deref().unwrap_or("");
        if value.is_empty() {
            attrs.push(r#"label="""#.into());
        } else {
            attrs.push(format!("label=<{}>", font(size, ink, value)));
        }
        // Beside the node: name, visit order, window.
        let mut beside: Vec<String> = Vec::new();
        let mut head = String::new();
        if let Some(name) = l.name.as_deref().filter(|n| !n.is_empty()) {
            let _ = write!(head, r#"<b>{}</b>"#, font(13.0, ink, name));
        }
        if let Some(o) = &l.order {
            if !head.is_empty() {
                head.push(' ');
            }
            head.push_str(&font(8.0, if faded { Paint::Faded } else { Paint::Note }, o));
        }
        if !head.is_empty() {
            beside.push(head);
        }
        if let Some(b) = &l.bounds {
            beside.push(font(10.0, if faded { Paint::Faded } else { Paint::Note }, b));
        }
        // A name or a window stands in a text node of its own at the node's left, the two
        // kept side by side in an invisible cluster: Graphviz routes edges around nodes, while
        // an `xlabel` is placed after the edges and may lie across one (AIMA's D "[3, 2]", the
        // TT arrows). A visit order alone (a leaf's) stays a small `xlabel`.
        let side = l.name.as_deref().is_some_and(|n| !n.is_empty()) || l.bounds.is_some();
        if !beside.is_empty() && !side {
            attrs.push(format!("xlabel=<{}>", beside.join("<br/>")));
        }
        let id = view.id(i);
        let _ = writeln!(out, "  {id} [{}];", attrs.join(", "));
        if side {
            let _ = writeln!(
                out,
                r#"  subgraph cluster_{id} {{ style=invis; margin=0; {{ rank=same; {id}_beside [shape=plaintext, style=solid, margin=0, width=0, height=0, label=<{}>]; {id}_beside -> {id} [style=invis]; }} }}"#,
                beside.join("<br/>")
            );
        }
    }
    for i in 0..view.len() as u32 {
        let Some(p) = view.parent(i) else { continue };
        let l = view.label(i);
        let mut attrs: Vec<String> = Vec::new();
        let mut text: Vec<String> = Vec::new();
        match l.edge.unwrap_or(EdgeKind::Searched) {
            EdgeKind::Searched => {
                if let Some(share) = l.share {
                    attrs.push(format!("penwidth={:.2}", super::view::share_width(share, 1.3, 3.2)));
                }
            }
            EdgeKind::Pv => attrs.push("penwidth=3.2".into()),
            EdgeKind::Pruned | EdgeKind::Stub => {
                attrs.push(format!(r#"style=dashed, color="{}""#, color(Paint::Faded)));
            }
            EdgeKind::Cut(kind) => {
                attrs.push(format!(r#"style=dashed, color="{}""#, color(Paint::Faded)));
                let mark = match &l.cut_label {
                    Some(t) => format!("✂ {t}"),
                    None => "✂".to_string(),
                };
                text.push(format!("<b>{}</b>", font(10.0, cut_paint(kind), &mark)));
            }
        }
        if l.quiescence && !l.pruned {
            attrs.push(format!(r#"color="{}""#, color(Paint::Quiesce)));
        }
        if let Some(m) = &l.edge_label {
            text.push(font(9.0, if l.pruned { Paint::Faded } else { Paint::Note }, m));
        }
        if !text.is_empty() {
            attrs.push(format!("label=<{}>", text.join("<br/>")));
        }
        let attrs = if attrs.is_empty() { String::new() } else { format!(" [{}]", attrs.join(", ")) };
        let _ = writeln!(out, "  {} -> {}{attrs};", view.id(p), view.id(i));
    }
    // Several passes (`--pass all`): a header over each pass's root, tied to it by an invisible
    // edge; the trees stand left to right in pass order.
    for &r in view.roots() {
        if let Some(p) = view.pass_of_root(r) {
            let header = font(11.0, Paint::Ink, &pass_header(p));
            let (id, root) = (format!("pass{}", p.number + 1), view.id(r));
            let _ = writeln!(out, "  {id} [shape=plaintext, style=solid, label=<<b>{header}</b>>];");
            let _ = writeln!(out, "  {id} -> {root} [style=invis];");
        }
    }
    // Transposition hits whose stored node is drawn too: a dashed arrow to it, labelled TT.
    for &(node, from) in view.trace.links() {
        if let (Some(a), Some(b)) = (view.index_of(node), view.index_of(from)) {
            let _ = writeln!(
                out,
                r#"  {} -> {} [dir=forward, style=dashed, constraint=false, color="{c}", fontcolor="{c}", label=<TT>];"#,
                view.id(a),
                view.id(b),
                c = color(Paint::Note)
            );
        }
    }
    if !view.opts.no_legend {
        let _ = writeln!(out, "  graph [labelloc=b, labeljust=l, label=<{}>];", legend(view));
    }
    out.push_str("}\n");
    out
}

/// The legend as an HTML-like table: caption, symbols with their meaning, notes.
fn legend(view: &View) -> String {
    let boxes = view.opts.style == Style::Boxes;
    let mut cells = Vec::new();
    for key in view.legend() {
        let (symbol, paint) = match key {
            LegendKey::Max => (if boxes { "□" } else { "▲" }, Paint::Ink),
            LegendKey::Min => (if boxes { "○" } else { "▼" }, Paint::Ink),
            LegendKey::Chance => (if boxes { "◇" } else { "◯" }, Paint::Ink),
            LegendKey::Leaf => ("□", Paint::Ink),
            LegendKey::Pruned => (if boxes { "╌╌ □" } else { "╌╌ ▽" }, Paint::Faded),
            LegendKey::AlphaCut => ("✂", Paint::Alpha),
            LegendKey::BetaCut => ("✂", Paint::Beta),
            LegendKey::ChanceCut | LegendKey::Probe => ("✂", Paint::Ink),
            LegendKey::Pv => ("━━", Paint::Ink),
            LegendKey::Bounds => (view.beside_symbol(), Paint::Note),
            LegendKey::Range => ("[lo, hi]", Paint::Note),
            LegendKey::Order => ("1", Paint::Note),
            LegendKey::Stub => ("⋯", Paint::Faded),
            LegendKey::Quiescence => ("╌╌ □", Paint::Quiesce),
        };
        let text_paint = match key {
            LegendKey::AlphaCut => Paint::Alpha,
            LegendKey::BetaCut => Paint::Beta,
            LegendKey::Quiescence => Paint::Quiesce,
            _ => Paint::Ink,
        };
        let size = if key == LegendKey::Order { 8.0 } else { 11.0 };
        cells.push(format!(
            r#"<td align="right">{}</td><td align="left">{}</td>"#,
            font(size, paint, symbol),
            font(10.0, text_paint, &view.legend_text(key))
        ));
    }
    let per_row = 4;
    let cols = 2 * per_row.min(cells.len().max(1));
    let mut t = String::from(
        r##"<table border="1" color="#C8C8C8" cellborder="0" cellspacing="2" cellpadding="2">"##,
    );
    let _ = write!(
        t,
        r#"<tr><td colspan="{cols}" align="left"><b>{}</b></td></tr>"#,
        font(11.0, Paint::Ink, &view.caption())
    );
    for row in cells.chunks(per_row) {
        let _ = write!(t, "<tr>{}</tr>", row.join(""));
    }
    for note in view.notes() {
        let _ =
            write!(t, r#"<tr><td colspan="{cols}" align="left">{}</td></tr>"#, font(10.0, Paint::Note, note));
    }
    t.push_str("</table>");
    // An empty row keeps the legend clear of the lowest nodes.
    format!(
        r#"<table border="0" cellspacing="0"><tr><td height="10"></td></tr><tr><td>{t}</td></tr></table>"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_neutralises_markup() {
        assert_eq!(escape_dot_html("<script>"), "&lt;script&gt;");
        assert_eq!(escape_dot_html("a\\\"b"), "a\\&quot;b");
        assert_eq!(escape_dot_html("}%$#"), "}%$#");
        assert_eq!(escape_dot_html("x\ty\u{7}"), "x y ");
        assert_eq!(escape_dot_html("中文"), "中文");
    }
}
