//! Node-count comparisons (`abviz compare`): several algorithms on the same inputs, counted but
//! not recorded, with the Knuth–Moore minimum and the full tree for reference; rendered as a
//! terminal table, Markdown, CSV, JSON, an HTML page with SVG charts, the charts alone (one SVG
//! picture) or a LaTeX (booktabs) table. The tables come in two layouts ([`Layout`]): a line per
//! input and algorithm, or the wide one, a line per input with the algorithms as columns, one
//! table per count ([`Measure`]).
//!
//! ```
//! use abviz_engine::compare::{self, Experiment, OutputFormat, Report};
//! use abviz_engine::input::Input;
//! use abviz_engine::search::Algorithm;
//!
//! let input = Input::from_tree_text("((3 12 8) (2 4 6) (14 5 2))", None).unwrap();
//! let experiment = Experiment {
//!     cases: vec![compare::input_case(input)],
//!     algorithms: vec![Algorithm::Minimax, Algorithm::AlphaBeta],
//!     max_nodes: 1_000,
//! };
//! let results = experiment.run(&|_| ()).unwrap();
//! let report = Report::new(&experiment, &results);
//! let row = &report.rows[0];
//! assert_eq!(row.value, Some(3.into()));
//! assert_eq!((row.results[0].leaves.mean, row.results[1].leaves.mean), (9.0, 7.0));
//! assert_eq!((row.knuth_moore_minimum, row.full_tree_leaves), (Some(5), Some(9)));
//! assert!(compare::render(&report, OutputFormat::Markdown).contains("| alphabeta |"));
//! ```

pub mod bounds;
pub mod chart;
mod experiment;
pub mod fit;
mod html;
mod latex;
pub mod mcts;
mod present;
mod report;
mod sweep;
pub mod table;
mod wide;

pub use experiment::{Case, Experiment, SampleResult, Source, check_agreement, count_all, sample_seed};
pub use html::{html, html_table};
pub use latex::latex;
pub use present::{Layout, Measure, Presentation, parse_measures};
pub use report::{AlgoResult, Report, Row, Summary, Widened, ordering_name};
pub use sweep::{
    RandomSweep, default_algorithms, input_case, parse_algorithms, parse_numbers, parse_orderings,
};
pub use wide::{wide_markdown, wide_terminal};

use std::fmt;
use std::str::FromStr;

/// The output formats of `abviz compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// A table for the terminal.
    #[default]
    Table,
    /// A Markdown table.
    Markdown,
    /// CSV, one line per input and algorithm.
    Csv,
    /// The report as JSON.
    Json,
    /// An HTML page with charts.
    Html,
    /// The charts alone, one under the other, as one SVG picture.
    Svg,
    /// The wide table as LaTeX (booktabs).
    Latex,
}

impl FromStr for OutputFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "table" | "text" => Ok(OutputFormat::Table),
            "md" | "markdown" => Ok(OutputFormat::Markdown),
            "csv" => Ok(OutputFormat::Csv),
            "json" => Ok(OutputFormat::Json),
            "html" => Ok(OutputFormat::Html),
            "svg" => Ok(OutputFormat::Svg),
            "latex" | "tex" => Ok(OutputFormat::Latex),
            _ => Err(format!("unknown format '{s}': expected table, md, csv, json, html, svg or latex")),
        }
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutputFormat::Table => "table",
            OutputFormat::Markdown => "md",
            OutputFormat::Csv => "csv",
            OutputFormat::Json => "json",
            OutputFormat::Html => "html",
            OutputFormat::Svg => "svg",
            OutputFormat::Latex => "latex",
        })
    }
}

/// Renders `report` in `format`, in the format's usual presentation ([`Presentation::new`]).
pub fn render(report: &Report, format: OutputFormat) -> String {
    render_with(report, &Presentation::usual(format))
}

/// Renders `report` as `presentation` says (its format, layout and counts).
pub fn render_with(report: &Report, presentation: &Presentation) -> String {
    let measures = &presentation.measures;
    match (presentation.format, presentation.layout) {
        (OutputFormat::Table, Layout::Long) => table::terminal(report),
        (OutputFormat::Table, Layout::Wide) => wide_terminal(report, measures),
        (OutputFormat::Markdown, Layout::Long) => table::markdown(report),
        (OutputFormat::Markdown, Layout::Wide) => wide_markdown(report, measures),
        (OutputFormat::Csv, _) => table::csv(report),
        (OutputFormat::Json, _) => report.to_json(),
        (OutputFormat::Html, _) => html::html_of(report, measures),
        (OutputFormat::Svg, _) => chart::picture(report, measures),
        (OutputFormat::Latex, _) => latex(report, measures),
    }
}
