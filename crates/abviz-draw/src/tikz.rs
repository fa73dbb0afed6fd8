//! A standalone LaTeX figure in TikZ, drawn from the same [`super::figure`] as the SVG view, so
//! it compiles with `pdflatex` alone (standalone class, TikZ, Latin Modern) and looks like the SVG.
//!
//! With `--steps GRAIN` (or `--tikz-steps`, the fine grain) the output is a beamer frame instead:
//! each overlay shows the search after one more stop of the grain (`\only<k->`: fine, every
//! event; coarse, every value returned and every cutoff), with the narration sentence of that
//! stop underneath, and the last overlay draws the principal variation thick. Every label shows
//! only from the overlay where it is known.
//!
//! With `--tikz-body` the output drops into a document of one's own: the `tikzpicture` alone
//! (in an `abvizfit` environment that scales it to the line), or with steps one `frame` in the
//! deck's theme; [`abviz_sty`] is the package (`\usepackage{abviz}`) they need.
//!
//! Every user string goes through [`escape_latex`]. Characters pdfLaTeX cannot typeset without
//! extra fonts (CJK and the like) are written as `\abvizchar{4E2D}{中}`, which prints the
//! character under XeLaTeX/LuaLaTeX (add a CJK package there) and its code point under pdfLaTeX.

use super::figure::{Anchor, Figure, Paint, Part, Prim, Reveal, Stroke, draw};
use super::view::View;
use super::{Exporter, FormatInfo, Kind, Output, ViewOptions};
use crate::DrawError as Error;
use abviz_trace::{Grain, Trace};
use std::fmt::Write;

/// Beamer overlays: past this many, pdflatex would take minutes and nobody would
/// step through them in a lecture.
pub const MAX_TIKZ_STEPS: usize = 1000;

/// Writes the TikZ figure (or beamer frame with `tikz_steps`, for at most `MAX_TIKZ_STEPS`
/// events).
pub struct TikzExporter;

impl TikzExporter {
    /// What the format is.
    pub const INFO: FormatInfo = FormatInfo {
        name: "tikz",
        aliases: &["tex"],
        help: &[
            "A standalone LaTeX/TikZ figure (or beamer frame with --steps); with --tikz-body the figure",
            "or frame alone for your own document, and abviz.sty beside it.",
        ],
        extensions: &["tex"],
        kind: Kind::Picture,
        binary: false,
        streams: false,
        boards: true,
    };
}

impl Exporter for TikzExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        if opts.tikz_steps && trace.events().len() > MAX_TIKZ_STEPS {
            let events = trace.events().len();
            if opts.step_grain == Grain::Fine {
                return Err(Error::TooManySteps { events, max: MAX_TIKZ_STEPS });
            }
            let overlays = trace.timeline().stops(opts.step_grain).len() + 1;
            if overlays > MAX_TIKZ_STEPS {
                let grain = abviz_core::Named::name(opts.step_grain);
                return Err(Error::TooManyOverlays { grain, overlays, max: MAX_TIKZ_STEPS });
            }
        }
        let view = View::new(trace, opts);
        let fig = draw(&view, opts.tikz_steps);
        Ok(Output::Text(render(&view, &fig, opts.tikz_steps)))
    }
}

/// Escapes text for LaTeX text mode: the ten special characters (`\ { } $ & # % _ ^ ~`) and
/// `< > " |` get their text commands, the symbols abviz writes (α β ∞ − ≤ ≥ ≈ → ⋯ ▲ ▼ □ ○ ◯ ◇ ·)
/// become math, accented Latin letters pass through (T1 fonts have them), control characters
/// become spaces, and anything else becomes `\abvizchar{HEX}{c}` (defined in the preamble).
///
/// ```
/// use abviz_draw::escape_latex;
/// assert_eq!(escape_latex("50% & $5 #1"), r"50\% \& \$5 \#1");
/// assert_eq!(escape_latex("[α, +∞]"), r"[$\alpha$, +$\infty$]");
/// assert_eq!(escape_latex("中"), r"\abvizchar{4E2D}{中}");
/// assert_eq!(escape_latex("⚃"), r"\fbox{\scriptsize 4}");
/// ```
pub fn escape_latex(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str(r"\textbackslash{}"),
            '{' => out.push_str(r"\{"),
            '}' => out.push_str(r"\}"),
            '$' => out.push_str(r"\$"),
            '&' => out.push_str(r"\&"),
            '#' => out.push_str(r"\#"),
            '%' => out.push_str(r"\%"),
            '_' => out.push_str(r"\_"),
            '^' => out.push_str(r"\textasciicircum{}"),
            '~' => out.push_str(r"\textasciitilde{}"),
            '<' => out.push_str(r"\textless{}"),
            '>' => out.push_str(r"\textgreater{}"),
            '"' => out.push_str(r"\textquotedbl{}"),
            '|' => out.push_str(r"\textbar{}"),
            '\'' => out.push_str(r"\textquotesingle{}"),
            '`' => out.push_str(r"\textasciigrave{}"),
            '-' => match chars.peek() {
                Some(d) if d.is_ascii_digit() || *d == '∞' => out.push_str("$-$"),
                _ => out.push_str("-{}"),
            },
            '−' => out.push_str("$-$"),
            '—' => out.push_str("---"),
            'α' => out.push_str(r"$\alpha$"),
            'β' => out.push_str(r"$\beta$"),
            '∞' => out.push_str(r"$\infty$"),
            '≤' => out.push_str(r"$\leq$"),
            '≥' => out.push_str(r"$\geq$"),
            '→' => out.push_str(r"$\to$"),
            '←' => out.push_str(r"$\leftarrow$"),
            '⋯' => out.push_str(r"$\cdots$"),
            '·' => out.push_str(r"$\cdot$"),
            '▲' => out.push_str(r"$\blacktriangle$"),
            '▼' => out.push_str(r"$\blacktriangledown$"),
            '□' => out.push_str(r"$\square$"),
            '○' => out.push_str(r"$\circ$"),
            '◯' => out.push_str(r"$\bigcirc$"),
            '◇' => out.push_str(r"$\diamond$"),
            '≈' => out.push_str(r"$\approx$"),
            // Die faces (Pig's chance edges): the face's number in a box.
            '⚀'..='⚅' => {
                let _ = write!(out, r"\fbox{{\scriptsize {}}}", c as u32 - 0x267F);
            }
            c if c.is_control() => out.push(' '),
            c if c.is_ascii() => out.push(c),
            // Latin-1 and Latin Extended-A letters print as themselves, but for the few that T1
            // fonts lack (pdfLaTeX would stop on them).
            c if ('\u{C0}'..='\u{17F}').contains(&c) && c.is_alphabetic() && !"ıĸĦħĿŀŉŦŧſ".contains(c) => {
                out.push(c)
            }
            c => {
                let _ = write!(out, r"\abvizchar{{{:04X}}}{{{c}}}", c as u32);
            }
        }
    }
    out
}

pub(super) const PREAMBLE: &str = r"\usepackage{lmodern}
\usepackage{amssymb}
\ifdefined\XeTeXversion\def\abvizunicode{}\fi
\ifdefined\directlua\def\abvizunicode{}\fi
\ifdefined\abvizunicode
  % XeLaTeX / LuaLaTeX: characters outside Latin-1 print as themselves (load a CJK package
  % such as xeCJK or luatexja for Chinese, Japanese or Korean names).
  \newcommand{\abvizchar}[2]{#2}
\else
  \usepackage[T1]{fontenc}
  % pdfLaTeX has no fonts for them: show the code point instead.
  \newcommand{\abvizchar}[2]{\texttt{[U+#1]}}
\fi
\newcommand{\abvizfont}[1]{\fontsize{#1}{#1}\selectfont\sffamily}
";

fn num(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() { format!("{}", r as i64) } else { format!("{r:.1}") }
}

/// A length in px as TeX points (1 px = 0.75 pt).
fn pt(px: f64) -> String {
    format!("{}pt", (px * 75.0).round() / 100.0)
}

fn color(p: Paint) -> &'static str {
    match p {
        Paint::Ink => "abvizInk",
        Paint::Faded => "abvizFaded",
        Paint::Alpha => "abvizAlpha",
        Paint::Beta => "abvizBeta",
        Paint::Note => "abvizNote",
        Paint::Frame => "abvizFrame",
        Paint::Quiesce => "abvizQuiesce",
    }
}

fn stroke(s: &Stroke) -> String {
    let mut a = format!("draw={}, line width={}", color(s.paint), pt(s.width));
    if s.dashed {
        a.push_str(", dash pattern=on 3.75pt off 2.25pt");
    }
    a
}

fn pnt(p: (f64, f64)) -> String {
    format!("({},{})", num(p.0), num(p.1))
}

fn prim(p: &Prim, text_width: Option<f64>) -> String {
    match p {
        Prim::Line { a, b, stroke: s } => format!(r"\draw[{}] {} -- {};", stroke(s), pnt(*a), pnt(*b)),
        Prim::Polygon { pts, stroke: s } => {
            let pts: Vec<String> = pts.iter().map(|&p| pnt(p)).collect();
            format!(r"\filldraw[fill=white, line join=round, {}] {} -- cycle;", stroke(s), pts.join(" -- "))
        }
        Prim::Rect { at, w, h, r, stroke: s } => {
            let rc = if *r > 0.0 { format!(", rounded corners={}", pt(*r)) } else { String::new() };
            format!(
                r"\filldraw[fill=white{rc}, {}] {} rectangle {};",
                stroke(s),
                pnt(*at),
                pnt((at.0 + w, at.1 + h))
            )
        }
        Prim::Circle { c, r, stroke: s } => {
            format!(r"\filldraw[fill=white, {}] {} circle[radius={}];", stroke(s), pnt(*c), num(*r))
        }
        // The game's picture drawn in TikZ (its frame only in a build without pictures).
        Prim::Board { at, w, h, svg } => board(svg, *at, *w, *h).unwrap_or_else(|| {
            format!(
                r"\draw[{}] {} rectangle {};",
                stroke(&Stroke::new(Paint::Frame, 1.0, false)),
                pnt(*at),
                pnt((at.0 + w, at.1 + h))
            )
        }),
        Prim::Text { at, text, size, anchor, bold, paint, halo } => {
            let anchor = match (anchor, text_width) {
                (_, Some(_)) => "north west",
                (Anchor::Start, _) => "west",
                (Anchor::Middle, _) => "center",
                (Anchor::End, _) => "east",
            };
            let size_pt = num(size * 0.75);
            let mut opts = format!(
                r"anchor={anchor}, text={}, font=\abvizfont{{{size_pt}}}{}",
                color(*paint),
                if *bold { r"\bfseries" } else { "" }
            );
            if *halo {
                opts.push_str(", fill=white, inner sep=1pt");
            } else {
                opts.push_str(", inner sep=0pt");
            }
            if let Some(w) = text_width {
                let _ = write!(opts, ", text width={}, align=left", pt(w));
            }
            let at = if text_width.is_some() { (at.0, at.1 - size * 0.6) } else { *at };
            format!(r"\node[{opts}] at {} {{{}}};", pnt(at), escape_latex(text))
        }
    }
}

#[cfg(feature = "raster")]
fn board(svg: &str, at: (f64, f64), w: f64, h: f64) -> Option<String> {
    super::tikz_board::board(svg, at, w, h, escape_latex)
}

#[cfg(not(feature = "raster"))]
fn board(_: &str, _: (f64, f64), _: f64, _: f64) -> Option<String> {
    None
}

fn wrap(line: String, r: &Reveal) -> String {
    if r.is_always() {
        return line;
    }
    match r.until {
        Some(u) if u == r.from => format!(r"\only<{}>{{{line}}}", r.from),
        Some(u) => format!(r"\only<{}-{u}>{{{line}}}", r.from),
        None => format!(r"\only<{}->{{{line}}}", r.from),
    }
}

fn render(view: &View, fig: &Figure, steps: bool) -> String {
    if view.opts.tikz_body {
        return body(view, fig, steps);
    }
    let mut out = String::new();
    out.push_str("% abviz: ");
    out.push_str(&escape_latex(&view.caption()).replace('\n', " "));
    out.push('\n');
    if steps {
        out.push_str(
            "\\documentclass{beamer}\n\\usepackage{tikz}\n\\usepackage{adjustbox}\n\\setbeamertemplate{navigation symbols}{}\n",
        );
    } else {
        out.push_str("\\documentclass[tikz,border=2pt]{standalone}\n");
    }
    out.push_str(PREAMBLE);
    out.push_str(&colors());
    out.push_str("\\begin{document}\n");
    // In a beamer frame the whole picture, lines included, is scaled down (never up) to the
    // frame's text width and height (less a title's room), centred.
    if steps {
        match &view.opts.title {
            Some(title) => {
                let _ = writeln!(out, "\\begin{{frame}}[plain]{{{}}}\n\\centering", escape_latex(title));
                out.push_str(
                    "\\begin{adjustbox}{max width=\\textwidth, max totalheight=0.8\\textheight, center}\n",
                );
            }
            None => {
                out.push_str("\\begin{frame}[plain]\n\\centering\n");
                out.push_str(
                    "\\begin{adjustbox}{max width=\\textwidth, max totalheight=0.95\\textheight, center}\n",
                );
            }
        }
    }
    out.push_str(&picture(view, fig));
    if steps {
        out.push_str("\\end{adjustbox}\n\\end{frame}\n");
    }
    out.push_str("\\end{document}\n");
    out
}

/// What `--tikz-body` writes for a user's own document: the picture alone, scaled down to fit
/// by `abvizfit`, or with steps one beamer `frame` (titled with `--title`, in the deck's own
/// theme) whose overlays step through the search. Both need `\usepackage{abviz}`
/// ([`abviz_sty`]).
fn body(view: &View, fig: &Figure, steps: bool) -> String {
    let mut out = String::new();
    out.push_str("% abviz: ");
    out.push_str(&escape_latex(&view.caption()).replace('\n', " "));
    out.push('\n');
    if steps {
        out.push_str(
            "% A beamer frame: \\input this file between frames of a deck that loads \\usepackage{abviz}.\n",
        );
        match &view.opts.title {
            Some(title) => {
                let _ = writeln!(out, "\\begin{{frame}}{{{}}}", escape_latex(title));
            }
            None => out.push_str("\\begin{frame}\n"),
        }
        out.push_str("\\centering\n");
    } else {
        out.push_str(
            "% A figure: \\input this file where it goes (a frame, a figure) in a document that loads \\usepackage{abviz}.\n",
        );
    }
    out.push_str("\\begin{abvizfit}\n");
    out.push_str(&picture(view, fig));
    out.push_str("\\end{abvizfit}\n");
    if steps {
        out.push_str("\\end{frame}\n");
    }
    out
}

/// The file name of the package `--tikz-body` figures need, written beside them.
pub const STY_FILE: &str = "abviz.sty";

/// The LaTeX package (`abviz.sty`) that figures and step frames written with `--tikz-body` need:
/// TikZ, the symbols, the colours, `\abvizfont`, `\abvizchar` and the `abvizfit` environment
/// that scales a figure down (never up) to the line's width and `\abvizmaxheight` (0.8 of the
/// text height unless the document sets it). It loads Latin Modern and T1 fonts under pdfLaTeX
/// only when the document's fonts are still LaTeX's defaults, so a deck's own fonts stay.
pub fn abviz_sty() -> String {
    let mut out = String::new();
    out.push_str(STY_HEAD);
    out.push_str(&colors());
    out.push_str(STY_TAIL);
    out
}

const STY_HEAD: &str = r"% abviz.sty: what figures and beamer frames written by `abviz run -f tikz --tikz-body` need.
% \usepackage{abviz} in the preamble, then \input each figure (inside a frame) or step
% sequence (a frame of its own). Written by abviz; the same for every figure.
\NeedsTeXFormat{LaTeX2e}
\ProvidesPackage{abviz}[2026/12/07 abviz figures]
\RequirePackage{tikz}
\RequirePackage{amssymb}
\RequirePackage{adjustbox}
\ifdefined\XeTeXversion\def\abvizunicode{}\fi
\ifdefined\directlua\def\abvizunicode{}\fi
\ifdefined\abvizunicode
  % XeLaTeX / LuaLaTeX: characters outside Latin-1 print as themselves (load a CJK package
  % such as xeCJK or luatexja for Chinese, Japanese or Korean names).
  \providecommand{\abvizchar}[2]{#2}
\else
  % pdfLaTeX: Latin Modern in T1 for accented names, unless the document chose its fonts.
  \edef\abviz@rm{\rmdefault}\def\abviz@cmr{cmr}
  \edef\abviz@sf{\sfdefault}\def\abviz@cmss{cmss}
  \ifx\abviz@rm\abviz@cmr\ifx\abviz@sf\abviz@cmss
    \RequirePackage{lmodern}
    \RequirePackage[T1]{fontenc}
  \fi\fi
  % pdfLaTeX has no fonts for them: show the code point instead.
  \providecommand{\abvizchar}[2]{\texttt{[U+#1]}}
\fi
\providecommand{\abvizfont}[1]{\fontsize{#1}{#1}\selectfont\sffamily}
";

const STY_TAIL: &str = r"% How tall a figure may be: \renewcommand{\abvizmaxheight}{0.6\textheight} to change it.
\providecommand{\abvizmaxheight}{0.8\textheight}
% A figure scaled down (never up) to the line's width and \abvizmaxheight, centred.
\newenvironment{abvizfit}{\begin{adjustbox}{max width=\linewidth, max totalheight=\abvizmaxheight, center}}{\end{adjustbox}}
\endinput
";

/// The `\definecolor` lines of the figure's paints.
pub(super) fn colors() -> String {
    let mut out = String::new();
    for p in [Paint::Ink, Paint::Faded, Paint::Alpha, Paint::Beta, Paint::Note, Paint::Frame, Paint::Quiesce]
    {
        let _ = writeln!(out, r"\definecolor{{{}}}{{HTML}}{{{}}}", color(p), p.hex());
    }
    out
}

/// How long one px of a figure is in the `tikzpicture`, in mm (96 px an inch).
pub(super) const MM_PER_PX: f64 = 0.2646;

/// The `tikzpicture` of a figure (needs [`PREAMBLE`] and [`colors`] in the document's preamble).
pub(super) fn picture(view: &View, fig: &Figure) -> String {
    let mut out = String::new();
    let (w, h) = (fig.bbox.width(), fig.bbox.height());
    // 1 px = MM_PER_PX mm, y pointing down as in the SVG.
    let _ = writeln!(out, "\\begin{{tikzpicture}}[x={MM_PER_PX}mm, y=-{MM_PER_PX}mm, line cap=round]");
    let _ = writeln!(out, r"\useasboundingbox (0,0) rectangle ({},{});", num(w), num(h));
    for g in &fig.groups {
        match (g.part, g.item) {
            (Part::Node | Part::Edge, Some(i)) => {
                let kind = if g.part == Part::Node { "node" } else { "edge" };
                let _ = writeln!(out, "% {kind} {} ({})", view.id(i), g.classes.join(" "));
            }
            _ => {
                let _ = writeln!(out, "% {}", g.classes.join(" "));
            }
        }
        let text_width = (g.part == Part::Narration).then_some(w - 24.0);
        for (p, r) in &g.prims {
            out.push_str(&wrap(prim(p, text_width), r));
            out.push('\n');
        }
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 20,000-character name (issue 30, item 6): `--tikz-steps` sets a narration line on
    /// every overlay, so the name is clipped there as in the tree, and no line comes near
    /// TeX's capacity.
    #[test]
    fn huge_names_stay_within_texs_capacity() {
        let name = "N".repeat(20_000);
        let trace =
            crate::testing::tree(&format!("({name}:(3 12) (2 4))"), abviz_search::Algorithm::AlphaBeta);
        let opts = ViewOptions { tikz_steps: true, ..ViewOptions::default() };
        let Output::Text(tex) = TikzExporter.export(&trace, &opts).unwrap() else { panic!("text") };
        let longest = tex.lines().map(str::len).max().unwrap();
        assert!(longest < 2_000, "a line of {longest} bytes");
        assert!(!tex.contains(&"N".repeat(crate::view::NAME_WIDTH + 1)), "the name is set whole");
    }

    #[test]
    fn escape_covers_every_special_character() {
        assert_eq!(escape_latex(r"a\b"), r"a\textbackslash{}b");
        assert_eq!(escape_latex("{x}"), r"\{x\}");
        assert_eq!(escape_latex("a_b^c~"), r"a\_b\textasciicircum{}c\textasciitilde{}");
        assert_eq!(escape_latex("<script>"), r"\textless{}script\textgreater{}");
        assert_eq!(escape_latex("\"q\""), r"\textquotedbl{}q\textquotedbl{}");
        assert_eq!(escape_latex("a\nb"), "a b");
        assert_eq!(escape_latex("-3 a-b −∞"), r"$-$3 a-{}b $-$$\infty$");
        assert_eq!(escape_latex("Café"), "Café");
        assert_eq!(escape_latex("TT ← #9"), r"TT $\leftarrow$ \#9");
        assert_eq!(escape_latex("象"), r"\abvizchar{8C61}{象}");
        assert_eq!(escape_latex("😀"), r"\abvizchar{1F600}{😀}");
    }

    #[test]
    fn overlays_wrap_only_what_changes() {
        assert_eq!(wrap("x".into(), &Reveal::ALWAYS), "x");
        assert_eq!(wrap("x".into(), &Reveal { from: 3, until: None }), r"\only<3->{x}");
        assert_eq!(wrap("x".into(), &Reveal { from: 3, until: Some(5) }), r"\only<3-5>{x}");
        assert_eq!(wrap("x".into(), &Reveal { from: 4, until: Some(4) }), r"\only<4>{x}");
        assert_eq!(pt(1.3), "0.98pt");
    }
}
