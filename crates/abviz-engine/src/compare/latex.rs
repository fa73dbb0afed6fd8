//! The wide tables ([`super::wide`]) as LaTeX for a paper or a slide: one booktabs `tabular` per
//! count, the algorithms under one rule and the minimal and full tree under another, then the
//! notes in small print. A fragment to `\input` (the document needs `\usepackage{booktabs}`);
//! every text from the input is escaped.

use super::Measure;
use super::report::Report;
use super::wide::{WideCol, WideGrid, Wording, grid, heading, notes};
use crate::export::escape_latex;

/// A header cell in LaTeX: `$b$`, `$d$`, `$b^d$`, the rest escaped; the names of algorithms
/// that share a column one under the other.
fn header(col: WideCol, grid: &WideGrid, report: &Report, measure: Measure) -> String {
    match (col, measure) {
        (WideCol::Branching, _) => "$b$".into(),
        (WideCol::Depth, _) => "$d$".into(),
        (WideCol::Full, Measure::Leaves) => "$b^d$".into(),
        (c, m) => {
            let lines: Vec<String> = c.header(grid, report, m).lines().map(escape_latex).collect();
            if lines.len() > 1 {
                format!("\\begin{{tabular}}[b]{{@{{}}r@{{}}}}{}\\end{{tabular}}", lines.join("\\\\ "))
            } else {
                lines.concat()
            }
        }
    }
}

/// A cell in LaTeX: a range of root values with an en dash, the rest escaped.
fn cell(col: WideCol, text: &str) -> String {
    match col {
        WideCol::Value => text.split(" … ").map(escape_latex).collect::<Vec<_>>().join("--"),
        _ => escape_latex(text),
    }
}

/// The notes' words in LaTeX (the formulas set as mathematics).
const LATEX: Wording = Wording {
    min_tree: r"Min.\ tree: the nodes alpha-beta visits on a best-ordered uniform tree, the minimal tree, whose level $k$ holds $b^{\lceil k/2\rceil}+b^{\lfloor k/2\rfloor}-1$ nodes (Knuth \& Moore 1975); full tree: $1+b+\dots+b^d$ nodes.",
    km_min: r"KM min: $b^{\lceil d/2\rceil}+b^{\lfloor d/2\rfloor}-1$, the leaves alpha-beta evaluates on a best-ordered uniform tree (Knuth \& Moore 1975); $b^d$: the full tree.",
    text: escape_latex,
};

/// The wide tables of `measures` as LaTeX (booktabs), with their notes.
pub fn latex(report: &Report, measures: &[Measure]) -> String {
    let mut out = String::from(
        "% abviz compare: node counts as booktabs tables; the document needs \\usepackage{booktabs}.\n\
         \\providecommand{\\abvizchar}[2]{\\texttt{U+#1}}%\n",
    );
    for (k, &m) in measures.iter().enumerate() {
        let g = grid(report, m);
        if k > 0 {
            out.push_str("\n\\bigskip\n");
        }
        let spec: String = g.cols.iter().map(|c| if c.numeric() { 'r' } else { 'l' }).collect();
        out.push_str(&format!("\\begin{{tabular}}{{{spec}}}\n\\toprule\n"));
        // The group headers: the count over the algorithms, "reference" over the two trees.
        let first_algo = g.cols.iter().position(|c| matches!(c, WideCol::Algorithm(_))).unwrap_or(0);
        let algos = g.groups.len();
        let mut groups = vec![String::new(); first_algo];
        groups.push(format!("\\multicolumn{{{algos}}}{{c}}{{{}}}", escape_latex(heading(m))));
        let mut rules = format!("\\cmidrule(lr){{{}-{}}}", first_algo + 1, first_algo + algos);
        if g.cols.contains(&WideCol::Minimal) {
            groups.push("\\multicolumn{2}{c}{reference}".into());
            let at = first_algo + algos + 1;
            rules.push_str(&format!("\\cmidrule(lr){{{at}-{}}}", at + 1));
        }
        out.push_str(&format!("{} \\\\\n{rules}\n", groups.join(" & ")));
        let headers: Vec<String> = g.cols.iter().map(|&c| header(c, &g, report, m)).collect();
        out.push_str(&format!("{} \\\\\n\\midrule\n", headers.join(" & ")));
        for (i, (row, line)) in report.rows.iter().zip(&g.lines).enumerate() {
            // A little space where the ordering (or the input) changes.
            if i > 0 {
                let prev = &report.rows[i - 1];
                if prev.ordering != row.ordering || prev.input != row.input {
                    out.push_str("\\addlinespace\n");
                }
            }
            let cells: Vec<String> = g.cols.iter().zip(line).map(|(&c, t)| cell(c, t)).collect();
            out.push_str(&format!("{} \\\\\n", cells.join(" & ")));
        }
        out.push_str("\\bottomrule\n\\end{tabular}\n");
    }
    let notes = notes(report, measures, &LATEX);
    if !notes.is_empty() {
        out.push_str("\n\\par\\smallskip\n{\\footnotesize\n");
        for n in notes {
            out.push_str(&n);
            out.push_str("\\par\n");
        }
        out.push_str("}\n");
    }
    out
}
