//! The comparison as a table: on the terminal (comfy-table), in Markdown, and as CSV.

use super::fit;
use super::report::{AlgoResult, Report, Row, Summary};
use crate::search::Algorithm;
use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table};

/// A column of the displayed table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
    Input,
    Branching,
    Depth,
    Ordering,
    Algorithm,
    Nodes,
    Leaves,
    LeafRange,
    Cutoffs,
    Pruned,
    Distinct,
    Researches,
    Passes,
    TtHits,
    StandPats,
    Value,
    VsMinimax,
    Ebf,
    KnuthMoore,
    Full,
}

impl Col {
    fn header(self) -> &'static str {
        match self {
            Col::Input => "Input",
            Col::Branching => "b",
            Col::Depth => "d",
            Col::Ordering => "Order",
            Col::Algorithm => "Algorithm",
            Col::Nodes => "Nodes",
            Col::Leaves => "Leaves",
            Col::LeafRange => "Leaves min–max",
            Col::Cutoffs => "Cutoffs",
            Col::Pruned => "Pruned",
            Col::Distinct => "Distinct",
            Col::Researches => "Re-searches",
            Col::Passes => "Passes",
            Col::TtHits => "TT hits",
            Col::StandPats => "Stand-pats",
            Col::Value => "Value",
            Col::VsMinimax => "Nodes vs minimax",
            Col::Ebf => "EBF",
            Col::KnuthMoore => "KM min",
            Col::Full => "b^d",
        }
    }

    /// Whether the column repeats per case (shown on a case's first line only).
    fn per_case(self) -> bool {
        matches!(
            self,
            Col::Input
                | Col::Branching
                | Col::Depth
                | Col::Ordering
                | Col::Value
                | Col::KnuthMoore
                | Col::Full
        )
    }

    /// The header on the terminal: long ones in two lines, to keep the table narrow.
    fn terminal_header(self) -> &'static str {
        match self {
            Col::LeafRange => "Leaves\nmin–max",
            Col::Researches => "Re-\nsearches",
            Col::TtHits => "TT\nhits",
            Col::StandPats => "Stand-\npats",
            Col::VsMinimax => "Nodes vs\nminimax",
            Col::KnuthMoore => "KM\nmin",
            c => c.header(),
        }
    }

    fn numeric(self) -> bool {
        !matches!(self, Col::Input | Col::Ordering | Col::Algorithm)
    }

    /// Whether the column says which line is which (repeated in every block of a cut table).
    fn key(self) -> bool {
        matches!(self, Col::Input | Col::Branching | Col::Depth | Col::Ordering | Col::Algorithm)
    }
}

/// The blocks of columns of a table that must fit [`fit::WIDTH`] columns, given each column's
/// header as drawn.
fn column_blocks(cols: &[Col], lines: &[Vec<String>], header: fn(Col) -> &'static str) -> Vec<Vec<usize>> {
    let widths: Vec<usize> = cols
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            lines.iter().map(|l| fit::cell_width(&l[i])).fold(fit::cell_width(header(c)), usize::max)
        })
        .collect();
    let key: Vec<bool> = cols.iter().map(|c| c.key()).collect();
    fit::blocks(&widths, &key, fit::WIDTH)
}

/// The notes, each as its lines wrapped to [`fit::WIDTH`] columns (less `margin`, the room
/// escaping may take).
fn wrapped_notes(report: &Report, margin: usize) -> Vec<Vec<String>> {
    notes(report).iter().map(|n| fit::wrap(n, fit::WIDTH - margin)).collect()
}

fn columns(report: &Report) -> Vec<Col> {
    let any = |f: fn(&Row) -> bool| report.rows.iter().any(f);
    let mut cols = vec![Col::Input];
    if any(|r| r.branching.is_some()) {
        cols.push(Col::Branching);
    }
    if any(|r| r.depth.is_some()) {
        cols.push(Col::Depth);
    }
    if any(|r| r.ordering.is_some()) {
        cols.push(Col::Ordering);
    }
    cols.extend([Col::Algorithm, Col::Nodes, Col::Leaves]);
    if report.sampled() {
        cols.push(Col::LeafRange);
    }
    cols.extend([Col::Cutoffs, Col::Pruned]);
    // The refinements' own counts, when an algorithm compared has them.
    let features = |f: fn(&crate::trace::Features) -> bool| {
        report.algorithms.iter().any(|a| f(&a.descriptor().features))
    };
    if features(|f| f.researches || f.passes) {
        cols.push(Col::Distinct);
    }
    for (col, on) in [
        (Col::Researches, features(|f| f.researches)),
        (Col::Passes, features(|f| f.passes)),
        (Col::TtHits, features(|f| f.transpositions)),
    ] {
        if on {
            cols.push(col);
        }
    }
    // Quiescence's static evaluations, when a row searched with it.
    if any(|r| r.results.iter().any(|a| a.stand_pats.max > 0)) {
        cols.push(Col::StandPats);
    }
    cols.push(Col::Value);
    if report.algorithms.contains(&Algorithm::Minimax) {
        cols.push(Col::VsMinimax);
    }
    cols.push(Col::Ebf);
    if any(|r| r.knuth_moore_minimum.is_some()) {
        cols.extend([Col::KnuthMoore, Col::Full]);
    }
    cols
}

pub use abviz_core::text::thousands;

pub use crate::export::chart::mean_text;

/// A ratio as a percentage with three significant digits: `100 %`, `54.1 %`, `3.33 %`, `0.512 %`.
pub fn percent_text(ratio: f64) -> String {
    let p = ratio * 100.0;
    if p == 0.0 {
        return "0 %".into();
    }
    let decimals = (2 - p.abs().log10().floor() as i32).clamp(0, 6) as usize;
    format!("{p:.decimals$} %")
}

fn summary_range(s: &Summary) -> String {
    if s.is_constant() { thousands(s.min) } else { format!("{}–{}", thousands(s.min), thousands(s.max)) }
}

pub(crate) fn value_text(row: &Row) -> String {
    match row.value {
        Some(v) => v.to_string(),
        None => format!("{} … {}", row.value_min, row.value_max),
    }
}

fn cell(col: Col, row: &Row, r: &AlgoResult) -> String {
    let opt = |v: Option<u64>| v.map(thousands).unwrap_or_default();
    match col {
        Col::Input => row.input.clone(),
        Col::Branching => row.branching.map(|b| b.to_string()).unwrap_or_default(),
        Col::Depth => row.depth.map(|d| d.to_string()).unwrap_or_else(|| "end".into()),
        Col::Ordering => row.ordering.unwrap_or_default().to_string(),
        Col::Algorithm => r.algorithm.name().to_string(),
        Col::Nodes => mean_text(r.nodes.mean),
        Col::Leaves => mean_text(r.leaves.mean),
        Col::LeafRange => summary_range(&r.leaves),
        Col::Cutoffs => mean_text(r.cutoffs.mean),
        Col::Pruned => mean_text(r.pruned.mean),
        Col::Distinct => mean_text(r.nodes_distinct.mean),
        Col::Researches => mean_text(r.researches.mean),
        Col::Passes => mean_text(r.passes.mean),
        Col::TtHits => mean_text(r.tt_hits.mean),
        Col::StandPats => mean_text(r.stand_pats.mean),
        Col::Value => value_text(row),
        Col::VsMinimax => r.nodes_vs_minimax.map(percent_text).unwrap_or_default(),
        Col::Ebf => r.effective_branching.map(|b| format!("{b:.2}")).unwrap_or_else(|| "–".into()),
        Col::KnuthMoore => opt(row.knuth_moore_minimum),
        Col::Full => opt(row.full_tree_leaves),
    }
}

/// The displayed cells: the columns and one line per case and algorithm (case columns only on
/// the first line of each case).
fn grid(report: &Report) -> (Vec<Col>, Vec<Vec<String>>) {
    let cols = columns(report);
    let mut lines = Vec::new();
    for row in &report.rows {
        for (i, r) in row.results.iter().enumerate() {
            lines.push(
                cols.iter()
                    .map(|&c| if i > 0 && c.per_case() { String::new() } else { cell(c, row, r) })
                    .collect(),
            );
        }
    }
    (cols, lines)
}

/// A table line for HTML: whether it starts a new case, and its cells.
pub(crate) type HtmlGridLine = (bool, Vec<String>);

/// The table for HTML: headers with whether the column is numeric, and lines with whether each
/// starts a new case.
pub(crate) fn html_grid(report: &Report) -> (Vec<(&'static str, bool)>, Vec<HtmlGridLine>) {
    let (cols, lines) = grid(report);
    let starts = report.rows.iter().flat_map(|r| (0..r.results.len()).map(|i| i == 0));
    (cols.iter().map(|c| (c.header(), c.numeric())).collect(), starts.zip(lines).collect())
}

/// The notes printed under a table.
pub fn notes(report: &Report) -> Vec<String> {
    let mut notes = vec!["Nodes include the root; leaves are static evaluations.".to_string()];
    if report.rows.iter().any(|r| r.results.iter().any(|a| a.stand_pats.max > 0)) {
        notes.push(
            "Stand-pats: the quiescence search's static evaluations (at the depth limit and beyond it, where it searches captures only); they are not counted as leaves."
                .into(),
        );
    }
    if report.algorithms.contains(&Algorithm::Minimax) {
        notes.push("Nodes vs minimax: the algorithm's nodes as a share of minimax's.".into());
    }
    notes.push(
        "EBF: effective branching factor b*, with 1 + b* + … + b*^d = nodes (d: deepest node reached)."
            .into(),
    );
    if report.rows.iter().any(|r| r.knuth_moore_minimum.is_some()) {
        notes.push(
            "KM min: b^⌈d/2⌉ + b^⌊d/2⌋ − 1, the leaves alpha-beta evaluates on a best-ordered uniform tree (Knuth & Moore 1975); b^d: the full tree."
                .into(),
        );
    }
    notes.extend(sample_note(report));
    notes.extend(widened_note(report));
    notes
}

/// The note on random-tree cells' means, when any cell has several samples.
pub(crate) fn sample_note(report: &Report) -> Option<String> {
    let n = report.rows.iter().map(|r| r.samples).filter(|&n| n > 1).max()?;
    let min = report.rows.iter().map(|r| r.samples).filter(|&n| n > 1).min().unwrap_or(n);
    let count = if min == n { n.to_string() } else { format!("{min} to {n}") };
    Some(format!(
        "Random-tree cells: means over {count} trees each; the value column gives the range of root values."
    ))
}

/// The note saying which value ranges were widened and why, when any was: best- and
/// worst-ordered trees give every leaf its own value.
pub(crate) fn widened_note(report: &Report) -> Option<String> {
    let mut from = None;
    let mut cells: Vec<String> = Vec::new();
    for r in &report.rows {
        let (Some(w), Some(b), Some(d)) = (r.values_widened, r.branching, r.depth) else { continue };
        from.get_or_insert(w.from);
        let cell = format!("b={b} d={d} to {}..{}", w.to[0], w.to[1]);
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    let [lo, hi] = from?;
    let holds = i64::from(hi) - i64::from(lo) + 1;
    Some(format!(
        "Values: best- and worst-ordered trees give every leaf its own value, and {lo}..{hi} holds only {} value{}, so their range was widened ({}); their root values lie in the wider range.",
        thousands(holds as u64),
        if holds == 1 { "" } else { "s" },
        cells.join(", ")
    ))
}

/// The table for the terminal, at most [`fit::WIDTH`] columns wide: a wider one is cut into
/// blocks of columns, one under the other, each repeating the input and algorithm columns.
pub fn terminal(report: &Report) -> String {
    let (cols, lines) = grid(report);
    let mut out = String::new();
    for (k, block) in column_blocks(&cols, &lines, Col::terminal_header).into_iter().enumerate() {
        let mut table = Table::new();
        // Dynamic at the width: a cell too long for any block (a long input) wraps.
        table
            .load_style(UTF8_FULL_CONDENSED)
            .set_content_arrangement(ContentArrangement::Dynamic)
            .set_width(fit::WIDTH as u16);
        table.set_header(block.iter().map(|&i| Cell::new(cols[i].terminal_header())));
        for line in &lines {
            table.add_row(block.iter().map(|&i| line[i].as_str()));
        }
        for (j, &i) in block.iter().enumerate() {
            if cols[i].numeric()
                && let Some(col) = table.column_mut(j)
            {
                col.set_cell_alignment(CellAlignment::Right);
            }
        }
        if k > 0 {
            out.push('\n');
        }
        out.push_str(&table.to_string());
        out.push('\n');
    }
    for n in wrapped_notes(report, 0) {
        out.push_str(&n.join("\n"));
        out.push('\n');
    }
    out
}

/// Escapes text for a Markdown table cell.
pub fn markdown_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '~' | '&' | '!' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The table in Markdown (GitHub tables), with the notes below; as on the terminal, a table
/// wider than [`fit::WIDTH`] columns is cut into several, each repeating the key columns.
pub fn markdown(report: &Report) -> String {
    let (cols, lines) = grid(report);
    let lines: Vec<Vec<String>> =
        lines.iter().map(|l| l.iter().map(|s| markdown_escape(s)).collect()).collect();
    let mut out = String::new();
    let row = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
    for block in column_blocks(&cols, &lines, Col::header) {
        out.push_str(&row(block.iter().map(|&i| markdown_escape(cols[i].header())).collect()));
        out.push_str(&row(block
            .iter()
            .map(|&i| if cols[i].numeric() { "---:".into() } else { "---".into() })
            .collect()));
        for line in &lines {
            out.push_str(&row(block.iter().map(|&i| line[i].clone()).collect()));
        }
        out.push('\n');
    }
    for n in wrapped_notes(report, 4) {
        let lines: Vec<String> = n.iter().map(|l| markdown_escape(l)).collect();
        out.push_str(&lines.join("\n"));
        out.push_str("  \n");
    }
    out
}

/// Quotes a CSV field when it needs it (RFC 4180).
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) || s.starts_with(' ') || s.ends_with(' ') {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The CSV header.
pub const CSV_HEADER: &str = "input,description,branching,depth,ordering,samples,algorithm,\
nodes_mean,nodes_min,nodes_max,leaves_mean,leaves_min,leaves_max,cutoffs_mean,cutoffs_min,cutoffs_max,\
pruned_mean,pruned_min,pruned_max,value,value_min,value_max,nodes_vs_minimax,leaves_vs_minimax,\
effective_branching,knuth_moore_minimum,full_tree_leaves,nodes_distinct_mean,researches_mean,passes_mean,\
tt_hits_mean";

/// One line per case and algorithm, every column filled, plain numbers (`inf`/`-inf` for ±∞).
pub fn csv(report: &Report) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    let opt = |v: Option<String>| v.unwrap_or_default();
    for row in &report.rows {
        for r in &row.results {
            let mut fields = vec![
                csv_field(&row.input),
                csv_field(&row.description),
                opt(row.branching.map(|b| b.to_string())),
                opt(row.depth.map(|d| d.to_string())),
                row.ordering.unwrap_or_default().to_string(),
                row.samples.to_string(),
                r.algorithm.name().to_string(),
            ];
            for s in [&r.nodes, &r.leaves, &r.cutoffs, &r.pruned] {
                fields.extend([s.mean.to_string(), s.min.to_string(), s.max.to_string()]);
            }
            fields.extend([
                opt(row.value.map(|v| v.ascii())),
                row.value_min.ascii(),
                row.value_max.ascii(),
                opt(r.nodes_vs_minimax.map(|x| x.to_string())),
                opt(r.leaves_vs_minimax.map(|x| x.to_string())),
                opt(r.effective_branching.map(|x| x.to_string())),
                opt(row.knuth_moore_minimum.map(|x| x.to_string())),
                opt(row.full_tree_leaves.map(|x| x.to_string())),
            ]);
            for s in [&r.nodes_distinct, &r.researches, &r.passes, &r.tt_hits] {
                fields.push(s.mean.to_string());
            }
            out.push_str(&fields.join(","));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_formats() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(549_946), "549,946");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(mean_text(18297.0), "18,297");
        assert_eq!(mean_text(1234.46), "1,234.5");
        assert_eq!(percent_text(1.0), "100 %");
        assert_eq!(percent_text(0.541_23), "54.1 %");
        assert_eq!(percent_text(18297.0 / 549946.0), "3.33 %");
        assert_eq!(percent_text(0.005_12), "0.512 %");
    }

    #[test]
    fn escapes() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(markdown_escape("A|B *x* <b>"), "A\\|B \\*x\\* \\<b\\>");
        assert_eq!(markdown_escape("a\nb"), "a b");
    }
}
