//! The comparison as a self-contained HTML page (askama template `templates/compare.html`):
//! the charts, then the table and its notes. No scripts, no network.

use super::Measure;
use super::chart::{Chart, charts_of};
use super::report::Report;
use super::table::{html_grid, notes};
use askama::Template;

/// One table cell.
struct HtmlCell {
    text: String,
    class: &'static str,
}

/// One table line.
struct HtmlLine {
    first: bool,
    cells: Vec<HtmlCell>,
}

#[derive(Template)]
#[template(path = "compare.html")]
struct Page {
    title: String,
    summary: String,
    charts: Vec<Chart>,
    headers: Vec<HtmlCell>,
    lines: Vec<HtmlLine>,
    notes: Vec<String>,
}

/// The table and its notes alone (`templates/compare_table.html`, the part of the page
/// below the charts): an HTML fragment to put into another page, such as a notebook's output.
#[derive(Template)]
#[template(path = "compare_table.html")]
struct Table {
    headers: Vec<HtmlCell>,
    lines: Vec<HtmlLine>,
    notes: Vec<String>,
}

impl Table {
    fn new(report: &Report) -> Table {
        let (headers, lines) = html_grid(report);
        let class = |numeric: bool| if numeric { "num" } else { "txt" };
        Table {
            headers: headers
                .iter()
                .map(|&(h, n)| HtmlCell { text: h.to_string(), class: class(n) })
                .collect(),
            lines: lines
                .into_iter()
                .map(|(first, cells)| HtmlLine {
                    first,
                    cells: cells
                        .into_iter()
                        .zip(&headers)
                        .map(|(text, &(_, n))| HtmlCell { text, class: class(n) })
                        .collect(),
                })
                .collect(),
            notes: notes(report),
        }
    }
}

/// Renders the report as an HTML page, its charts of leaves.
pub fn html(report: &Report) -> String {
    html_of(report, &[Measure::Leaves])
}

/// Renders the report as an HTML page, with charts of each of `measures` in turn.
pub(crate) fn html_of(report: &Report, measures: &[Measure]) -> String {
    let algos: Vec<String> =
        report.algorithms.iter().map(|a| format!("{} ({})", a.title(), a.name())).collect();
    let Table { headers, lines, notes } = Table::new(report);
    let page = Page {
        title: report.title(),
        summary: format!("Compared: {}.", algos.join(", ")),
        charts: measures.iter().flat_map(|&m| charts_of(report, m)).collect(),
        headers,
        lines,
        notes,
    };
    page.render().unwrap_or_else(|e| format!("<!-- template error: {e} -->\n"))
}

/// The report's table and notes as an HTML fragment (no page around them, no charts), as a
/// notebook shows a comparison.
pub fn html_table(report: &Report) -> String {
    Table::new(report).render().unwrap_or_else(|e| format!("<!-- template error: {e} -->\n"))
}
