//! The comparison as a self-contained HTML page (askama template `templates/compare.html`):
//! the charts, then the table and its notes. No scripts, no network.

use super::chart::{Chart, charts};
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

/// The page's title: the inputs compared.
fn title(report: &Report) -> String {
    let mut inputs: Vec<&str> = Vec::new();
    for r in &report.rows {
        if !inputs.contains(&r.input.as_str()) {
            inputs.push(&r.input);
        }
    }
    let shown = if inputs.len() > 3 {
        format!("{} and {} more", inputs[..3].join(", "), inputs.len() - 3)
    } else {
        inputs.join(", ")
    };
    format!("Node counts: {shown}")
}

/// Renders the report as an HTML page.
pub fn html(report: &Report) -> String {
    let (headers, lines) = html_grid(report);
    let class = |numeric: bool| if numeric { "num" } else { "txt" };
    let algos: Vec<String> =
        report.algorithms.iter().map(|a| format!("{} ({})", a.title(), a.name())).collect();
    let page = Page {
        title: title(report),
        summary: format!("Compared: {}.", algos.join(", ")),
        charts: charts(report),
        headers: headers.iter().map(|&(h, n)| HtmlCell { text: h.to_string(), class: class(n) }).collect(),
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
    };
    page.render().unwrap_or_else(|e| format!("<!-- template error: {e} -->\n"))
}
