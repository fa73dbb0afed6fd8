//! Views of a trace, one small file per format behind one trait ([`Exporter`]). An exporter
//! only reads the trace: it never searches or decides what was pruned. It produces an
//! [`Output`] — text, bytes or a folder of files — which [`crate::output::write`] writes.

mod dot;
pub mod figure;
pub mod fit;
mod forest;
pub mod graphviz;
pub mod html;
mod html_data;
mod html_mcts;
mod json;
pub mod latex;
pub mod layout;
mod legend;
mod mcts_view;
pub mod options;
pub mod practice;
mod raster;
pub mod sheet;
pub mod site;
mod svg;
mod text;
mod tikz;
pub mod view;

pub use dot::{DotExporter, escape_dot_html};
pub use forest::ForestExporter;
pub use graphviz::{GraphvizExporter, RenderKind};
pub use html::HtmlExporter;
pub use json::{JsonExporter, layout as json_layout};
pub use options::{Collapse, Labels, RankDir, ShowPruned, Style};
pub use raster::{PdfExporter, PngExporter};
pub use svg::{SvgExporter, escape_xml};
pub use text::TextExporter;
pub use tikz::{TikzExporter, escape_latex};

use crate::Error;
use crate::trace::Trace;
use site::SiteFile;
use std::fmt;
use std::str::FromStr;

/// Options shared by the views.
#[derive(Clone, Debug, Default)]
pub struct ViewOptions {
    /// Show nodes down to this depth only (root = 0).
    pub max_depth: Option<u32>,
    /// JSON: leave out nodes and events.
    pub stats_only: bool,
    /// JSON: the compact layout (columns of numbers) instead of the readable one.
    pub compact: bool,
    /// Diagrams: which labels to write.
    pub labels: Labels,
    /// Diagrams: which never-searched nodes to draw.
    pub show_pruned: ShowPruned,
    /// Diagrams: only the principal variation.
    pub pv_only: bool,
    /// Diagrams: collapse big subtrees (None: only when the diagram would be huge).
    pub collapse: Option<Collapse>,
    /// Diagrams: root at the top or at the left.
    pub rankdir: RankDir,
    /// Diagrams: triangles (MAX ▲, MIN ▼) or boxes (MAX □, MIN ○).
    pub style: Style,
    /// TikZ: a beamer frame whose overlays reveal the search one event at a time.
    pub tikz_steps: bool,
    /// Diagrams: leave out the legend and caption.
    pub no_legend: bool,
    /// Diagrams: leave the root value and best move out of the caption (a page that keeps its
    /// answers hidden until the last step).
    pub caption_without_answer: bool,
    /// Diagrams: collapse subtrees until the picture is at most this wide (SVG units; infinite:
    /// never). None: the default, [`fit::FIT_WIDTH`], for PNG and PDF only.
    pub fit_width: Option<f64>,
    /// Diagrams: draw the tree as an exercise, without the search's answers: every node as
    /// if searched (no faded subtrees, no cut marks), no principal variation, no visit order,
    /// a caption that says what to do; with `--labels leaves` only the leaves' values.
    pub exercise: bool,
    /// Diagrams of MCTS: children with fewer visits than this become one "⋯ k nodes" stub.
    pub min_visits: Option<u32>,
    /// Diagrams of a multi-pass search: the pass to draw (1-based; None: the last, which holds
    /// the result).
    pub pass: Option<u32>,
    /// Diagrams of a multi-pass search: draw every pass side by side, left to right, each under
    /// a header (`--pass all`); overrides `pass`.
    pub all_passes: bool,
}

/// What an exporter makes of a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Text (a tree, JSON, DOT, SVG, TikZ).
    Text(String),
    /// Binary data (PNG, PDF).
    Bytes(Vec<u8>),
    /// A folder of files (an HTML page, `index.html`, with the pictures it shows).
    Folder(Vec<SiteFile>),
}

impl Output {
    /// The contents of a one-file output (text or bytes); None for a folder.
    pub fn into_bytes(self) -> Option<Vec<u8>> {
        match self {
            Output::Text(text) => Some(text.into_bytes()),
            Output::Bytes(bytes) => Some(bytes),
            Output::Folder(_) => None,
        }
    }
}

/// One output format.
pub trait Exporter {
    /// Renders the trace, or says why this trace or these options cannot be rendered.
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error>;
}

/// The formats `abviz run --format` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// The annotated tree and a summary.
    #[default]
    Text,
    /// The trace itself.
    Json,
    /// A Graphviz graph.
    Dot,
    /// A standalone SVG picture (our own tidy layout; no Graphviz needed).
    Svg,
    /// A standalone LaTeX/TikZ figure (or beamer frame with --tikz-steps).
    Tikz,
    /// An HTML page with the tree and a stepper: a folder with the page (index.html) and the
    /// board pictures it shows.
    Html,
    /// A PNG image of the SVG picture (rendered in Rust with bundled fonts; no Graphviz).
    Png,
    /// A one-page PDF of the SVG picture (vector graphics; no Graphviz).
    Pdf,
    /// An editable LaTeX figure in the `forest` package's bracket syntax, one node per line.
    Forest,
}

impl Format {
    /// Every format's name.
    pub const NAMES: &'static [&'static str] =
        &["text", "json", "dot", "svg", "tikz", "html", "png", "pdf", "forest"];

    /// The exporter for this format.
    pub fn exporter(self) -> Box<dyn Exporter> {
        match self {
            Format::Text => Box::new(TextExporter),
            Format::Json => Box::new(JsonExporter),
            Format::Dot => Box::new(DotExporter),
            Format::Svg => Box::new(SvgExporter),
            Format::Tikz => Box::new(TikzExporter),
            Format::Html => Box::new(HtmlExporter),
            Format::Png => Box::new(PngExporter),
            Format::Pdf => Box::new(PdfExporter),
            Format::Forest => Box::new(ForestExporter),
        }
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "text" | "txt" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            "dot" | "gv" => Ok(Format::Dot),
            "svg" => Ok(Format::Svg),
            "tikz" | "tex" => Ok(Format::Tikz),
            "html" => Ok(Format::Html),
            "png" => Ok(Format::Png),
            "pdf" => Ok(Format::Pdf),
            "forest" => Ok(Format::Forest),
            _ => Err(format!("unknown format '{s}': expected one of {}", Format::NAMES.join(", "))),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Text => "text",
            Format::Json => "json",
            Format::Dot => "dot",
            Format::Svg => "svg",
            Format::Tikz => "tikz",
            Format::Html => "html",
            Format::Png => "png",
            Format::Pdf => "pdf",
            Format::Forest => "forest",
        })
    }
}
