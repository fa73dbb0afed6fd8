//! An editable LaTeX figure in the `forest` package's bracket syntax: one node per line, its
//! value first, its marks after it as words (`max`, `min`, `leaf`, `pruned`, `pv`, `alpha cut`
//! …) and its labels as text, so a lecturer can change a value or a label by hand and compile
//! again with `pdflatex`. It draws what the TikZ view draws (the same [`View`]: ▲ MAX, ▼ MIN,
//! □ leaves, dashed grey never-searched branches with their cut marks, the principal variation
//! thick, names, windows and visit order) with forest's own layout.

use super::tikz::{PREAMBLE, escape_latex};
use super::view::{EdgeKind, Item, LegendKey, Shape, View, pass_header};
use super::{Exporter, FormatInfo, Kind, Output, ViewOptions};
use crate::DrawError as Error;
use abviz_trace::{CutKind, Trace};
use std::fmt::Write;

/// Writes the forest figure.
pub struct ForestExporter;

impl ForestExporter {
    /// What the format is.
    pub const INFO: FormatInfo = FormatInfo {
        name: "forest",
        aliases: &[],
        help: &["An editable LaTeX figure in the `forest` package's bracket syntax, one node per line."],
        extensions: &["tex"],
        kind: Kind::Picture,
        binary: false,
        streams: false,
        boards: false,
    };
}

impl Exporter for ForestExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        let view = View::new(trace, opts);
        Ok(Output::Text(render(&view, opts.no_legend)))
    }
}

/// Deeper levels are not indented further (a 10,000-level chain stays a linear file).
const MAX_INDENT: usize = 24;

/// The styles each mark names; a hand edit can use them too.
const STYLES: &str = r"\forestset{
  abviz/.style={for tree={
    s sep=5mm, l sep=9mm, inner sep=1.5pt, minimum size=6mm, font=\abvizvalue,
    edge={draw=abvizInk, line width=0.6pt}, anchor=center, parent anchor=south, child anchor=north}},
  max/.style={regular polygon, regular polygon sides=3, draw=abvizInk, line width=0.8pt,
    minimum size=11mm, inner sep=0pt, text depth=-1.2mm},
  min/.style={regular polygon, regular polygon sides=3, shape border rotate=180, draw=abvizInk,
    line width=0.8pt, minimum size=11mm, inner sep=0pt, text height=1.2mm},
  chance/.style={circle, draw=abvizInk, line width=0.8pt, minimum size=8mm, inner sep=0.5pt},
  leaf/.style={rectangle, draw=abvizInk, line width=0.8pt, minimum size=6.5mm},
  stub/.style={rectangle, rounded corners=2pt, draw=abvizFaded, dashed, text=abvizFaded,
    font=\footnotesize},
  pruned/.style={draw=abvizFaded, dashed, text=abvizFaded,
    edge={draw=abvizFaded, dashed}},
  quiescence/.style={draw=abvizQuiesce, dashed, edge={draw=abvizQuiesce}},
  pv/.style={edge={line width=1.8pt}},
  alpha cut/.style={edge label={node[midway, fill=white, inner sep=1pt, text=abvizAlpha,
    font=\bfseries\scriptsize]{$\alpha$-cut}}},
  beta cut/.style={edge label={node[midway, fill=white, inner sep=1pt, text=abvizBeta,
    font=\bfseries\scriptsize]{$\beta$-cut}}},
  move/.style={edge label={node[midway, fill=white, inner sep=1pt, font=\scriptsize]{#1}}},
  name/.style={label={[font=\bfseries\small]left:#1}},
  window/.style={label={[font=\scriptsize, text=abvizNote]right:#1}},
  visit/.style={label={[font=\tiny, circle, draw=abvizNote, inner sep=0.6pt, text=abvizNote]above left:#1}},
}
";

fn render(view: &View, no_legend: bool) -> String {
    let mut out = String::new();
    out.push_str("% abviz: ");
    out.push_str(&escape_latex(&view.caption()).replace('\n', " "));
    out.push_str("\n% Edit freely: each line is one node, [value, marks...; the styles are defined below.\n");
    out.push_str("\\documentclass[border=4pt, varwidth=\\maxdimen]{standalone}\n");
    out.push_str("\\usepackage{forest}\n\\usetikzlibrary{shapes.geometric}\n");
    out.push_str(PREAMBLE);
    out.push_str("\\renewcommand{\\familydefault}{\\sfdefault}\n");
    out.push_str("\\newcommand{\\abvizvalue}{\\small}\n");
    for (name, hex) in [
        ("abvizInk", "222222"),
        ("abvizFaded", "9A9A9A"),
        ("abvizAlpha", "1565C0"),
        ("abvizBeta", "C62828"),
        ("abvizNote", "555555"),
        ("abvizQuiesce", "00897B"),
    ] {
        let _ = writeln!(out, r"\definecolor{{{name}}}{{HTML}}{{{hex}}}");
    }
    out.push_str(STYLES);
    out.push_str("\\begin{document}\n");
    match view.roots() {
        // Several passes (`--pass all`): the trees side by side, each under its header.
        roots @ [_, _, ..] => {
            // In a paragraph, so the boxes stand in a row, not one under another.
            out.push_str("\\noindent\n");
            for &r in roots {
                let header = view.pass_of_root(r).map(pass_header).unwrap_or_default();
                let _ =
                    writeln!(out, "\\vtop{{\\hbox{{\\bfseries\\small {}}}\\hbox{{%", escape_latex(&header));
                out.push_str("\\begin{forest} abviz\n");
                nodes(view, r, &mut out);
                out.push_str("\\end{forest}}}\\quad\n");
            }
        }
        _ => {
            out.push_str("\\begin{forest} abviz\n");
            if !view.is_empty() {
                nodes(view, 0, &mut out);
            }
            out.push_str("\\end{forest}\n");
        }
    }
    if !no_legend {
        out.push_str("\n\\smallskip\n{\\footnotesize ");
        out.push_str(&escape_latex(&view.caption()).replace('\n', " "));
        let legend: Vec<String> = view
            .legend()
            .into_iter()
            .map(|k| format!("{}~{}", symbol(k), escape_latex(&view.legend_text(k))))
            .collect();
        if !legend.is_empty() {
            out.push_str("\\\\\n");
            out.push_str(&legend.join(" \\quad "));
        }
        out.push_str("}\n");
    }
    out.push_str("\\end{document}\n");
    out
}

/// The legend's mark for `key`, in the figure's colours.
fn symbol(key: LegendKey) -> &'static str {
    match key {
        LegendKey::Max => r"$\triangle$",
        LegendKey::Min => r"$\triangledown$",
        LegendKey::Chance => r"$\bigcirc$",
        LegendKey::Leaf => r"$\square$",
        LegendKey::Pruned => r"\textcolor{abvizFaded}{-\,-\,-}",
        LegendKey::AlphaCut => r"\textcolor{abvizAlpha}{$\parallel$}",
        LegendKey::BetaCut => r"\textcolor{abvizBeta}{$\parallel$}",
        LegendKey::ChanceCut | LegendKey::Probe => r"$\parallel$",
        LegendKey::Pv => r"\rule[0.5ex]{1.2em}{1.8pt}",
        LegendKey::Bounds => r"\textcolor{abvizNote}{[$\alpha$, $\beta$]}",
        LegendKey::Range => r"\textcolor{abvizNote}{[lo, hi]}",
        // Drawn as the figure draws a visit number (`\textcircled` would need a symbol font the
        // sans-serif family lacks, and pdfLaTeX would warn and substitute one).
        LegendKey::Order => {
            r"\tikz[baseline=(o.base)]\node[font=\tiny, circle, draw=abvizNote, inner sep=0.6pt, text=abvizNote](o){1};"
        }
        LegendKey::Stub => r"\fbox{\tiny$\cdots$}",
        LegendKey::Quiescence => r"\textcolor{abvizQuiesce}{-\,-\,$\square$}",
    }
}

/// Writes the items of the tree below item `root`, one per line, depth first (an explicit
/// stack: deep trees are fine).
fn nodes(view: &View, root: u32, out: &mut String) {
    // (item, closing): a closing entry writes the `]` after the item's children.
    let mut stack: Vec<(u32, bool)> = vec![(root, false)];
    while let Some((i, closing)) = stack.pop() {
        let indent = "  ".repeat((view.depth(i) as usize).min(MAX_INDENT) + 1);
        if closing {
            let _ = writeln!(out, "{indent}]");
            continue;
        }
        let _ = write!(out, "{indent}[{}", node(view, i));
        let children = view.children(i);
        if children.is_empty() {
            out.push_str("]\n");
        } else {
            out.push('\n');
            stack.push((i, true));
            for &c in children.iter().rev() {
                stack.push((c, false));
            }
        }
    }
}

/// One node's text and marks: `{3}, min, pv, name={B}, window={[$-\infty$, 3]}, visit=2`.
fn node(view: &View, i: u32) -> String {
    let l = view.label(i);
    let mut s = format!("{{{}}}", l.value.as_deref().map(escape_latex).unwrap_or_default());
    let shape = match (l.shape, matches!(view.items()[i as usize], Item::Stub { .. })) {
        (_, true) | (Shape::Stub, _) => "stub",
        (Shape::Max, _) => "max",
        (Shape::Min, _) => "min",
        (Shape::Chance, _) => "chance",
        (Shape::Leaf, _) => "leaf",
    };
    s.push_str(", ");
    s.push_str(shape);
    if l.pruned {
        s.push_str(", pruned");
    } else if l.quiescence {
        s.push_str(", quiescence");
    }
    if matches!(l.edge, Some(EdgeKind::Pv)) {
        s.push_str(", pv");
    }
    if l.cut_label.is_some() {
        match l.edge {
            Some(EdgeKind::Cut(CutKind::Alpha)) => s.push_str(", alpha cut"),
            Some(EdgeKind::Cut(CutKind::Beta)) => s.push_str(", beta cut"),
            _ => {}
        }
    }
    for (key, text) in
        [("move", &l.edge_label), ("name", &l.name), ("window", &l.bounds), ("visit", &l.order)]
    {
        if let Some(t) = text {
            let _ = write!(s, ", {key}={{{}}}", escape_latex(t));
        }
    }
    s
}
