//! Exercise sheets and their answer keys (`abviz exercise`): for a series of exercises, each
//! tree drawn twice from its trace — as an exercise (leaf values only, nothing pruned or cut
//! shown, optional blanks for [α, β]; [`ViewOptions::exercise`]) and as the answer key (the
//! usual figure) — as SVG files, one LaTeX/TikZ document for the exercises and one for the
//! keys (a page per tree), and their PDFs when `pdflatex` is installed.
//!
//! A chance tree's sheet asks what its algorithm asks: expectimax, each node's value (a chance
//! node's expected value, the probabilities on its edges); Star1 and Star2, which leaves are
//! never evaluated given the leaf bounds — the key names them ([`never_evaluated`]) and each
//! chance cutoff with the bound that caused it, in the stepper's sentences.

use super::figure::draw;
use super::prim::{Figure, font, text_width};
use super::site::SiteFile;
use super::tikz::MM_PER_PX;
use super::view::EXERCISE_BLANKS;
use super::view::View;
use super::{Labels, RankDir, ShowPruned, Style, ViewOptions, escape_latex, latex, svg, tikz};
use crate::DrawError as Error;
use abviz_core::{Player, Score};
use abviz_trace::{NodeId, Trace};

abviz_core::named! {
    /// The paper the sheets are set on, portrait.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Paper: "paper", default A4 {
        /// ISO A4, 210 × 297 mm.
        A4 = "a4",
        /// US Letter, 8.5 × 11 in.
        Letter = "letter",
    }
}

impl Paper {
    /// The text block in mm (width, height): the paper less the sheet's margins.
    fn text_mm(self) -> (f64, f64) {
        let (w, h) = match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        };
        (w - 20.0 * MARGIN_CM, h - 20.0 * MARGIN_CM)
    }

    /// LaTeX's name for it (the `geometry` package's option).
    fn latex(self) -> &'static str {
        match self {
            Paper::A4 => "a4paper",
            Paper::Letter => "letterpaper",
        }
    }
}

/// How sheets are made.
#[derive(Clone, Copy, Debug, Default)]
pub struct SheetOptions {
    /// The paper (portrait): each tree is scaled down to its width when wider.
    pub paper: Paper,
    /// Blanks beside every interior node for the window [α, β] it returns with.
    pub windows: bool,
    /// Triangles or boxes.
    pub style: Style,
    /// Also compile the TeX documents to PDF (when pdflatex is installed).
    pub pdf: bool,
}

/// What [`sheets`] made.
#[derive(Clone, Debug)]
pub struct Sheets {
    /// The files: `exercise-N.svg`, `key-N.svg`, `exercises.tex`, `key.tex` and, with PDF,
    /// `exercises.pdf` and `key.pdf`.
    pub files: Vec<SiteFile>,
    /// Whether the PDFs were asked for but pdflatex is missing.
    pub no_pdflatex: bool,
    /// With window blanks: the exercises (number, blank length in mm) whose tree is too big to
    /// print its blanks 8 mm long whole on one page of the paper.
    pub short_blanks: Vec<(u32, f64)>,
}

/// How long a window blank prints, in mm, at `scale` on the page.
fn blank_mm(scale: f64) -> f64 {
    let line = EXERCISE_BLANKS.split(", ").next().unwrap_or_default().trim_start_matches('[');
    text_width(line, font::BOUNDS, false) * scale * MM_PER_PX
}

/// An exercise as the sheets and the practice page draw it: the search that answers it (its
/// trace, already made) and how it is named.
#[derive(Clone, Debug)]
pub struct Exercise<'a> {
    /// Its number in a series, from 1.
    pub number: u32,
    /// Its heading ("Exercise 3 (medium, seed 7)").
    pub title: String,
    /// The tree in the notation.
    pub notation: String,
    /// The search that answers it.
    pub trace: &'a Trace,
    /// The leaf bounds Star1 or Star2 pruned with (stated on the sheet); `None` otherwise.
    pub bounds: Option<(Score, Score)>,
}

/// The view options of an exercise drawing.
pub fn exercise_view(opts: &SheetOptions) -> ViewOptions {
    ViewOptions {
        labels: Labels { leaves: true, names: true, moves: true, bounds_out: opts.windows, ..Labels::none() },
        exercise: true,
        show_pruned: ShowPruned::Subtrees,
        style: opts.style,
        ..ViewOptions::default()
    }
}

/// The view options of an answer key: the usual figure, pruned subtrees shown faded.
pub fn key_view(opts: &SheetOptions) -> ViewOptions {
    ViewOptions { show_pruned: ShowPruned::Subtrees, style: opts.style, ..ViewOptions::default() }
}

/// What the student is asked to do, for a tree drawn top to bottom.
pub fn instructions(ex: &Exercise, windows: bool) -> String {
    instructions_drawn(ex, windows, RankDir::TopBottom)
}

/// What the student is asked to do, for a tree drawn in `rankdir` (a tree drawn left to right
/// has its children searched top to bottom).
pub fn instructions_drawn(ex: &Exercise, windows: bool, rankdir: RankDir) -> String {
    let t = ex.trace;
    let order = match rankdir {
        RankDir::TopBottom => "left to right",
        RankDir::LeftRight => "top to bottom",
    };
    let root = match t.node(t.result_root()).player {
        Player::Max => "MAX",
        Player::Min => "MIN",
    };
    let mut s = format!(
        "Search the tree with {}: {root} moves at the root, children are searched {order}",
        t.algorithm().title()
    );
    if t.algorithm().features.chance {
        return chance_instructions(ex, s);
    }
    s.push_str(". Write the value each interior node returns");
    if t.algorithm().has_window() {
        s.push_str(", and cross out every branch that is never searched");
        if windows {
            s.push_str("; beside each interior node write its window [α, β] as it returns");
        }
    }
    s.push('.');
    s
}

/// What a chance tree's student is asked: expectimax, every value (rounded as the key rounds
/// them); Star1 and Star2, which leaves are never evaluated, within the leaf bounds.
fn chance_instructions(ex: &Exercise, mut s: String) -> String {
    let t = ex.trace;
    if let Some((low, high)) = ex.bounds {
        s.push_str(&format!(", and every leaf value lies between {low} and {high}"));
    }
    s.push('.');
    if t.algorithm().has_window() {
        s.push_str(
            " Which leaves are never evaluated? Cross them out, and write the value each interior node returns (where a chance cutoff stops a node, the bound it returns, such as ≤4.5).",
        );
    } else {
        s.push_str(
            " Write the value each interior node returns: a chance node's is its expected value, each outcome weighted by the probability on its edge.",
        );
    }
    let rounded =
        t.nodes().iter().enumerate().map(|(i, _)| t.summary(i as NodeId).value).find(|v| v.is_rounded());
    if let Some(v) = rounded {
        s.push_str(&format!(
            " Round an expected value that is no exact decimal to {} decimals and mark it ≈.",
            v.decimals()
        ));
    }
    s
}

/// The leaves `trace` never evaluates, left to right: every node without children that was
/// never entered (a pruned leaf, or a leaf inside a pruned subtree).
pub fn never_evaluated(trace: &Trace) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut stack = vec![trace.result_root()];
    while let Some(id) = stack.pop() {
        let kids = trace.children(id);
        if kids.is_empty() {
            if !trace.node(id).visited() {
                out.push(id);
            }
        } else {
            stack.extend(kids.iter().rev());
        }
    }
    out
}

/// "6 under B; 1 and 2 under B2": never-evaluated leaves by their values, grouped by parent.
fn leaves_text(trace: &Trace, leaves: &[NodeId]) -> String {
    let mut groups: Vec<(Option<NodeId>, Vec<String>)> = Vec::new();
    for &id in leaves {
        let parent = trace.parent(id);
        let value = trace.pruned_value(id).map_or_else(|| "?".to_string(), |v| v.to_string());
        match groups.last_mut() {
            Some((p, values)) if *p == parent => values.push(value),
            _ => groups.push((parent, vec![value])),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(p, values)| {
            let under = p.map_or_else(String::new, |p| format!(" under {}", trace.display_name(p)));
            let list = abviz_core::text::list(values, "and");
            format!("{list}{under}")
        })
        .collect();
    parts.join("; ")
}

/// Draws every exercise and its key.
pub fn sheets(exercises: &[Exercise], opts: &SheetOptions) -> Result<Sheets, Error> {
    let (ex_view, key_view) = (exercise_view(opts), key_view(opts));
    let mut files = Vec::new();
    let mut ex_pages = Vec::new();
    let mut key_pages = Vec::new();
    let mut rankdirs = Vec::new();
    let mut short_blanks = Vec::new();
    // Each exercise's picture height on the page, in mm: (exercise, key).
    let mut heights = Vec::new();
    for ex in exercises {
        let n = ex.number;
        let (rankdir, scale) = orientation(ex.trace, &ex_view, opts.paper);
        rankdirs.push(rankdir);
        let mm = blank_mm(scale);
        if opts.windows && !ex.trace.algorithm().features.chance && mm < 8.0 {
            short_blanks.push((n, mm));
        }
        let mut height = [0.0; 2];
        for (k, (view_opts, name, pages)) in
            [(&ex_view, "exercise", &mut ex_pages), (&key_view, "key", &mut key_pages)]
                .into_iter()
                .enumerate()
        {
            let view_opts = ViewOptions { rankdir, ..view_opts.clone() };
            let view = View::new(ex.trace, &view_opts);
            let fig = draw(&view, false);
            height[k] = picture_mm(&fig, opts.paper);
            files.push(SiteFile::text(format!("{name}-{n}.svg"), svg::render(&view, &fig)));
            pages.push(tikz::picture(&view, &fig));
        }
        heights.push(height);
    }
    let drawn = |k: usize, ex: &Exercise| instructions_drawn(ex, opts.windows, rankdirs[k]);
    // The key follows the sheet's pages: each exercise's room is the larger of its two blocks.
    let blocks: Vec<f64> = exercises
        .iter()
        .enumerate()
        .map(|(k, ex)| {
            let sheet = block_mm(&drawn(k, ex), heights[k][0], opts.paper);
            sheet.max(block_mm(&key_note(ex), heights[k][1], opts.paper))
        })
        .collect();
    let layout = pack(&blocks, opts.paper);
    let ex_tex = document(exercises, &ex_pages, &layout, opts.paper, "Exercise", drawn);
    let key_tex = document(exercises, &key_pages, &layout, opts.paper, "Answer key", |_, ex| key_note(ex));
    let mut no_pdflatex = false;
    if opts.pdf {
        for (tex, name) in [(&ex_tex, "exercises.pdf"), (&key_tex, "key.pdf")] {
            match latex::pdflatex(tex)? {
                Some(pdf) => files.push(SiteFile { path: name.into(), bytes: pdf }),
                None => no_pdflatex = true,
            }
        }
    }
    files.push(SiteFile::text("exercises.tex", ex_tex));
    files.push(SiteFile::text("key.tex", key_tex));
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(Sheets { files, no_pdflatex, short_blanks })
}

/// How an exercise's tree is drawn on its sheet (and its key): top to bottom, as the textbooks
/// draw it, unless left to right sets it at least a fifth larger on the portrait page — a wide
/// tree's leaves then run down the page's length and its blanks are written larger.
/// Returns the direction and the scale the exercise is set at.
fn orientation(trace: &Trace, view: &ViewOptions, paper: Paper) -> (RankDir, f64) {
    let scale = |rankdir| {
        let opts = ViewOptions { rankdir, ..view.clone() };
        page_scale(&draw(&View::new(trace, &opts), false), paper)
    };
    let (across, down) = (scale(RankDir::LeftRight), scale(RankDir::TopBottom));
    if across > 1.2 * down { (RankDir::LeftRight, across) } else { (RankDir::TopBottom, down) }
}

/// The sheets' margins, in cm.
const MARGIN_CM: f64 = 1.5;

/// The share of the text height a picture may take (the heading and instructions stand above).
const PICTURE_HEIGHT: f64 = 0.75;

/// The scale `document` sets a picture at on `paper`: the text width, [`PICTURE_HEIGHT`] of the
/// text height, never enlarged.
fn page_scale(fig: &Figure, paper: Paper) -> f64 {
    let (w, h) = paper.text_mm();
    let (fw, fh) =
        ((fig.bbox.max_x - fig.bbox.min_x) * MM_PER_PX, (fig.bbox.max_y - fig.bbox.min_y) * MM_PER_PX);
    (w / fw).min(PICTURE_HEIGHT * h / fh).min(1.0)
}

/// How tall a picture prints on `paper`, in mm, at the scale `document` sets it at.
fn picture_mm(fig: &Figure, paper: Paper) -> f64 {
    (fig.bbox.max_y - fig.bbox.min_y) * MM_PER_PX * page_scale(fig, paper)
}

/// What LaTeX sets around an exercise's picture on the page, in mm, each estimated on the
/// generous side (11 pt article): the `\section*` heading with its space above and below, a
/// line of the sentence under it, the `\bigskip` and the centre environment's space around the
/// picture, and the space between two exercises on one page.
const HEADING_MM: f64 = 18.0;
const LINE_MM: f64 = 5.0;
const AROUND_PICTURE_MM: f64 = 15.0;
const BETWEEN_MM: f64 = 6.0;

/// A character of the sentence, in mm of line (Computer Modern at 11 pt sets about 1.8 mm a
/// character; more, so a line never holds fewer than the estimate).
const CHAR_MM: f64 = 2.1;

/// How much of the page an exercise takes, in mm: its heading, `sentence` wrapped at the text
/// width, and its picture `picture_mm` tall.
fn block_mm(sentence: &str, picture_mm: f64, paper: Paper) -> f64 {
    let per_line = (paper.text_mm().0 / CHAR_MM).floor().max(1.0);
    let lines = (sentence.chars().count() as f64 / per_line).ceil().max(1.0);
    HEADING_MM + lines * LINE_MM + AROUND_PICTURE_MM + picture_mm
}

/// Where the exercises go: for each, whether a new page starts before it, and whether it is kept
/// whole in one box (one of several on a page; an exercise alone on its page flows as it always
/// did). As many exercises as fit go on a page, in order, each printed at its own scale, so a
/// small tree keeps its size (and its window blanks their length) and shares the page with the
/// next.
fn pack(blocks: &[f64], paper: Paper) -> Vec<(bool, bool)> {
    let page = paper.text_mm().1;
    let mut used = 0.0;
    let mut starts = Vec::with_capacity(blocks.len());
    for (k, &h) in blocks.iter().enumerate() {
        let new_page = k > 0 && used + BETWEEN_MM + h > page;
        used = if k == 0 || new_page { h } else { used + BETWEEN_MM + h };
        starts.push(new_page);
    }
    (0..blocks.len())
        .map(|k| {
            let alone = (k == 0 || starts[k]) && starts.get(k + 1).is_none_or(|&next| next);
            (starts[k], !alone)
        })
        .collect()
}

/// The key's line under its heading: the root value and what was pruned.
fn key_note(ex: &Exercise) -> String {
    let t = ex.trace;
    let mut s = format!("{}: root value {}", t.algorithm().title(), t.result().value);
    if let Some(m) = &t.result().best_move {
        s.push_str(&format!(", best move {m}"));
    }
    if t.algorithm().features.chance && t.algorithm().has_window() {
        if let Some((low, high)) = ex.bounds {
            s.push_str(&format!("; leaf bounds {low} and {high}"));
        }
        let never = never_evaluated(t);
        match never.len() {
            0 => s.push_str("; every leaf is evaluated"),
            n => {
                let leaves =
                    t.nodes().iter().enumerate().filter(|&(i, _)| t.children(i as NodeId).is_empty());
                s.push_str(&format!(
                    "; never evaluated ({n} of {} leaves): {}",
                    leaves.count(),
                    leaves_text(t, &never)
                ))
            }
        }
        s.push('.');
        // Each cutoff that prunes, with the bound that caused it, as the stepper says it
        // (Star2's probes leave nothing unsearched for good: not theirs).
        for c in t.cutoffs().iter().filter(|c| c.pruned > 0 && !c.probe) {
            s.push(' ');
            s.push_str(&abviz_trace::narration::narrate(t, c.step as usize));
        }
        return s;
    }
    if t.algorithm().has_window() {
        s.push_str(&format!(
            "; cutoffs: {}; children never searched: {}",
            super::view::cutoffs_text(t),
            t.stats().pruned
        ));
    }
    s.push('.');
    s
}

/// A LaTeX document of the exercises on `paper`, portrait, placed as `layout` says ([`pack`]):
/// each a heading, a sentence and the picture, scaled down to the page when it is wider (so a
/// printer never cuts it); the exercises that share a page each kept whole in a box.
fn document(
    exercises: &[Exercise],
    pictures: &[String],
    layout: &[(bool, bool)],
    paper: Paper,
    heading: &str,
    say: impl Fn(usize, &Exercise) -> String,
) -> String {
    let paper = paper.latex();
    let mut out = format!("% abviz exercise sheet\n\\documentclass[{paper},11pt]{{article}}\n");
    out.push_str(&format!(
        "\\usepackage[{paper},portrait,margin={MARGIN_CM}cm]{{geometry}}\n\\usepackage{{tikz}}\n\\usepackage{{adjustbox}}\n"
    ));
    out.push_str(tikz::PREAMBLE);
    out.push_str(&tikz::colors());
    out.push_str(latex::REPRODUCIBLE);
    out.push_str("\\pagestyle{empty}\n\\setlength{\\parindent}{0pt}\n\\begin{document}\n");
    for (k, ((ex, pic), &(new_page, whole))) in exercises.iter().zip(pictures).zip(layout).enumerate() {
        if new_page {
            out.push_str("\\newpage\n");
        } else if k > 0 {
            out.push_str(&format!("\\vspace{{{BETWEEN_MM}mm}}\n"));
        }
        if whole {
            out.push_str("\\begin{minipage}{\\textwidth}\n");
        }
        let title = ex.title.replacen("Exercise", heading, 1);
        out.push_str(&format!(
            "\\section*{{{}}}\n{}\n\n\\bigskip\n",
            escape_latex(&title),
            escape_latex(&say(k, ex))
        ));
        out.push_str(&format!(
            "\\begin{{center}}\n\\begin{{adjustbox}}{{max width=\\textwidth, max totalheight={PICTURE_HEIGHT}\\textheight}}\n"
        ));
        out.push_str(pic);
        out.push_str("\\end{adjustbox}\n\\end{center}\n");
        if whole {
            out.push_str("\\end{minipage}\n\n");
        }
    }
    out.push_str("\\end{document}\n");
    out
}
