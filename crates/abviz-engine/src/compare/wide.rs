//! The wide table: a line per input (a sweep's b × d × ordering cells), the algorithms as
//! columns, one table per count ([`Measure`]: nodes, then leaves), with the reference counts of
//! the minimal and the full tree beside them. What fits a terminal, a slide or a Markdown page
//! where the long table (a line per input and algorithm, every count) runs on. Algorithms that
//! count the same on every line share a column (alphabeta, alphabeta-soft and negamax-ab
//! usually do); a table still wider than the terminal is cut into blocks of columns, each
//! repeating the columns that say which line is which. The LaTeX table ([`super::latex`]) is
//! the same grid.

use super::Measure;
use super::bounds;
use super::fit;
use super::report::{Report, Row};
use super::table::{markdown_escape, mean_text, sample_note, thousands, value_text, widened_note};
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table};

/// A column of a wide table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WideCol {
    /// The input (when the rows do not all share one).
    Input,
    /// b.
    Branching,
    /// d.
    Depth,
    /// The random trees' ordering.
    Ordering,
    /// The root value (or its range over the samples).
    Value,
    /// The count of the algorithms of this group ([`WideGrid::groups`]): each index one of
    /// [`Report::algorithms`], all counting the same on every line.
    Algorithm(usize),
    /// The minimal tree's count: the Knuth–Moore minimum (leaves) or its nodes.
    Minimal,
    /// The full tree's count: b^d (leaves) or its nodes.
    Full,
}

impl WideCol {
    /// Whether it holds numbers (right-aligned).
    pub(crate) fn numeric(self) -> bool {
        !matches!(self, WideCol::Input | WideCol::Ordering)
    }

    /// Whether it says which line is which (repeated in each block of a cut table).
    fn key(self) -> bool {
        matches!(self, WideCol::Input | WideCol::Branching | WideCol::Depth | WideCol::Ordering)
    }

    /// Its header in plain text, an algorithm group's names one a line.
    pub(crate) fn header(self, grid: &WideGrid, report: &Report, measure: Measure) -> String {
        match (self, measure) {
            (WideCol::Input, _) => "Input".into(),
            (WideCol::Branching, _) => "b".into(),
            (WideCol::Depth, _) => "d".into(),
            (WideCol::Ordering, _) => "Order".into(),
            (WideCol::Value, _) => "Value".into(),
            (WideCol::Algorithm(g), _) => {
                let names: Vec<&str> = grid.groups[g].iter().map(|&i| report.algorithms[i].name()).collect();
                names.join("\n")
            }
            (WideCol::Minimal, Measure::Leaves) => "KM min".into(),
            (WideCol::Full, Measure::Leaves) => "b^d".into(),
            (WideCol::Minimal, Measure::Nodes) => "Min. tree".into(),
            (WideCol::Full, Measure::Nodes) => "Full tree".into(),
        }
    }
}

/// One wide table: its columns and a line of cells per row of the report.
pub(crate) struct WideGrid {
    /// Its columns.
    pub cols: Vec<WideCol>,
    /// The algorithms (indices of [`Report::algorithms`]) of each algorithm column, in order.
    pub groups: Vec<Vec<usize>>,
    /// A line per row of the report.
    pub lines: Vec<Vec<String>>,
}

/// The minimal and the full tree's counts of `row` (uniform trees only).
pub(crate) fn references(row: &Row, measure: Measure) -> (Option<u64>, Option<u64>) {
    match (measure, row.branching, row.depth, row.knuth_moore_minimum) {
        (Measure::Leaves, ..) => (row.knuth_moore_minimum, row.full_tree_leaves),
        (Measure::Nodes, Some(b), Some(d), Some(_)) => {
            (bounds::knuth_moore_nodes(b, d), bounds::full_tree_nodes(b, d))
        }
        _ => (None, None),
    }
}

/// The wide table of `measure`.
pub(crate) fn grid(report: &Report, measure: Measure) -> WideGrid {
    let any = |f: fn(&Row) -> bool| report.rows.iter().any(f);
    let mut cols = Vec::new();
    let first = report.rows.first().map(|r| r.input.as_str());
    if report.rows.iter().any(|r| Some(r.input.as_str()) != first) || !any(|r| r.branching.is_some()) {
        cols.push(WideCol::Input);
    }
    if any(|r| r.branching.is_some()) {
        cols.push(WideCol::Branching);
    }
    if any(|r| r.depth.is_some()) || cols.contains(&WideCol::Branching) {
        cols.push(WideCol::Depth);
    }
    if any(|r| r.ordering.is_some()) {
        cols.push(WideCol::Ordering);
    }
    cols.push(WideCol::Value);
    // Algorithms that count the same on every line share a column.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..report.algorithms.len() {
        let same =
            |j: usize| report.rows.iter().all(|r| measure.of(&r.results[i]) == measure.of(&r.results[j]));
        match groups.iter_mut().find(|g| same(g[0])) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    cols.extend((0..groups.len()).map(WideCol::Algorithm));
    if any(|r| r.knuth_moore_minimum.is_some()) {
        cols.extend([WideCol::Minimal, WideCol::Full]);
    }
    let lines = report
        .rows
        .iter()
        .map(|row| {
            let (minimal, full) = references(row, measure);
            let opt = |v: Option<u64>| v.map(thousands).unwrap_or_default();
            cols.iter()
                .map(|&c| match c {
                    WideCol::Input => row.input.clone(),
                    WideCol::Branching => row.branching.map(|b| b.to_string()).unwrap_or_default(),
                    WideCol::Depth => row.depth.map(|d| d.to_string()).unwrap_or_else(|| "end".into()),
                    WideCol::Ordering => row.ordering.unwrap_or_default().to_string(),
                    WideCol::Value => value_text(row),
                    WideCol::Algorithm(g) => mean_text(measure.of(&row.results[groups[g][0]]).mean),
                    WideCol::Minimal => opt(minimal),
                    WideCol::Full => opt(full),
                })
                .collect()
        })
        .collect();
    WideGrid { cols, groups, lines }
}

/// What a wide table counts, as its heading says.
pub(crate) fn heading(measure: Measure) -> &'static str {
    match measure {
        Measure::Nodes => "Nodes visited (root included), by algorithm",
        Measure::Leaves => "Leaves evaluated (static evaluations), by algorithm",
    }
}

/// How [`notes`] words its fixed sentences and passes other text: plain for the terminal,
/// Markdown and HTML, LaTeX for the booktabs tables.
pub(crate) struct Wording {
    /// The minimal and full tree's node counts.
    pub min_tree: &'static str,
    /// The Knuth–Moore minimum of leaves and b^d.
    pub km_min: &'static str,
    /// Text the notes share with the other views (samples, widened ranges).
    pub text: fn(&str) -> String,
}

/// The notes' words as plain text.
pub(crate) const PLAIN: Wording = Wording {
    min_tree: "Min. tree: the nodes alpha-beta visits on a best-ordered uniform tree, the minimal tree, whose level k holds b^⌈k/2⌉ + b^⌊k/2⌋ − 1 nodes (Knuth & Moore 1975); full tree: 1 + b + … + b^d nodes.",
    km_min: "KM min: b^⌈d/2⌉ + b^⌊d/2⌋ − 1, the leaves alpha-beta evaluates on a best-ordered uniform tree (Knuth & Moore 1975); b^d: the full tree.",
    text: str::to_string,
};

/// The notes under the wide tables, in `wording`.
pub(crate) fn notes(report: &Report, measures: &[Measure], wording: &Wording) -> Vec<String> {
    let mut notes = Vec::new();
    if measures.iter().any(|&m| grid(report, m).groups.iter().any(|g| g.len() > 1)) {
        notes.push("Algorithms named in one column count the same on every line.".to_string());
    }
    if report.rows.iter().any(|r| r.knuth_moore_minimum.is_some()) {
        if measures.contains(&Measure::Nodes) {
            notes.push(wording.min_tree.to_string());
        }
        if measures.contains(&Measure::Leaves) {
            notes.push(wording.km_min.to_string());
        }
    }
    notes.extend(sample_note(report).map(|n| (wording.text)(&n)));
    notes.extend(widened_note(report).map(|n| (wording.text)(&n)));
    notes
}

/// A header on the terminal: each name broken after its hyphen and at its space ("Min.
/// tree"), to keep the column narrow.
fn terminal_header(text: &str) -> String {
    text.lines().map(|l| l.replacen('-', "-\n", 1).replacen(' ', "\n", 1)).collect::<Vec<_>>().join("\n")
}

/// The wide tables for the terminal, one per count, each under its heading (and cut into blocks
/// of columns when wider than [`fit::WIDTH`]), then the notes.
pub fn wide_terminal(report: &Report, measures: &[Measure]) -> String {
    let mut out = String::new();
    for (k, &m) in measures.iter().enumerate() {
        let g = grid(report, m);
        if k > 0 {
            out.push('\n');
        }
        out.push_str(heading(m));
        out.push('\n');
        let headers: Vec<String> = g.cols.iter().map(|c| terminal_header(&c.header(&g, report, m))).collect();
        let widths: Vec<usize> = (0..g.cols.len())
            .map(|i| {
                g.lines.iter().map(|l| fit::cell_width(&l[i])).fold(fit::cell_width(&headers[i]), usize::max)
            })
            .collect();
        let key: Vec<bool> = g.cols.iter().map(|c| c.key()).collect();
        for (b, block) in fit::blocks(&widths, &key, fit::WIDTH).into_iter().enumerate() {
            if b > 0 {
                out.push('\n');
            }
            let mut table = Table::new();
            table
                .load_style(UTF8_FULL_CONDENSED)
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(fit::WIDTH as u16);
            table.set_header(block.iter().map(|&i| Cell::new(&headers[i])));
            for line in &g.lines {
                table.add_row(block.iter().map(|&i| line[i].as_str()));
            }
            for (j, &i) in block.iter().enumerate() {
                if g.cols[i].numeric()
                    && let Some(col) = table.column_mut(j)
                {
                    col.set_cell_alignment(CellAlignment::Right);
                }
            }
            out.push_str(&table.to_string());
            out.push('\n');
        }
    }
    for n in notes(report, measures, &PLAIN) {
        out.push_str(&fit::wrap(&n, fit::WIDTH).join("\n"));
        out.push('\n');
    }
    out
}

/// The wide tables in Markdown, one per count, each under its heading, then the notes.
pub fn wide_markdown(report: &Report, measures: &[Measure]) -> String {
    let mut out = String::new();
    let row = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
    for &m in measures {
        let g = grid(report, m);
        out.push_str(&format!("{}:\n\n", heading(m)));
        let header = |c: &WideCol| markdown_escape(&c.header(&g, report, m).replace('\n', " = "));
        out.push_str(&row(g.cols.iter().map(header).collect()));
        out.push_str(&row(g
            .cols
            .iter()
            .map(|c| if c.numeric() { "---:".into() } else { "---".into() })
            .collect()));
        for line in &g.lines {
            out.push_str(&row(line.iter().map(|s| markdown_escape(s)).collect()));
        }
        out.push('\n');
    }
    for n in notes(report, measures, &PLAIN) {
        let lines: Vec<String> = fit::wrap(&n, fit::WIDTH - 4).iter().map(|l| markdown_escape(l)).collect();
        out.push_str(&lines.join("\n"));
        out.push_str("  \n");
    }
    out
}
