//! Node-count comparisons (`abviz compare`): several algorithms on the same inputs, counted but
//! not recorded, with the Knuth–Moore minimum and the full tree for reference; rendered as a
//! terminal table, Markdown, CSV, JSON or an HTML page with SVG charts.
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
pub mod mcts;
mod report;
mod svg;
mod sweep;
pub mod table;

pub use experiment::{Case, Experiment, SampleResult, Source, check_agreement, count_all, sample_seed};
pub use html::{html, html_table};
pub use report::{AlgoResult, Report, Row, Summary, ordering_name};
pub use sweep::{
    RandomSweep, default_algorithms, input_case, parse_algorithms, parse_numbers, parse_orderings,
};

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
            _ => Err(format!("unknown format '{s}': expected table, md, csv, json or html")),
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
        })
    }
}

/// Renders `report` in `format`.
pub fn render(report: &Report, format: OutputFormat) -> String {
    match format {
        OutputFormat::Table => table::terminal(report),
        OutputFormat::Markdown => table::markdown(report),
        OutputFormat::Csv => table::csv(report),
        OutputFormat::Json => report.to_json(),
        OutputFormat::Html => html(report),
    }
}
