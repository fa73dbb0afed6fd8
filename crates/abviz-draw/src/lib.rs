//! # abviz-draw — the views of a trace
//!
//! One small file per format behind one trait ([`Exporter`]), each saying what its format is
//! ([`FormatInfo`]: name, extensions, kind) and listed once ([`Format`]); the figure engine they
//! share (a [`view::View`] selects what to draw, [`layout`] places it, [`figure`] makes the
//! shapes); the step-through page ([`html`]), exercise sheets ([`sheet`]), the practice page
//! ([`practice`]) and the charts of counts ([`chart`]). A view only reads the trace: it never searches or decides what was pruned
//! (this crate does not depend on the searches). Outputs are made in memory ([`Output`]:
//! text, bytes or a folder of files); writing them to disk is the caller's business.

pub mod board;
pub mod chart;
mod dot;
mod error;
pub mod figure;
pub mod fit;
mod forest;
pub mod format;
pub mod graphviz;
pub mod html;
#[cfg(feature = "html")]
mod html_data;
#[cfg(feature = "html")]
mod html_mcts;
mod json;
pub mod keys;
pub mod latex;
pub mod layout;
mod legend;
mod mcts_view;
pub mod options;
#[cfg(feature = "html")]
pub mod practice;
pub mod prim;
mod raster;
pub mod sheet;
pub mod site;
mod svg;
#[cfg(test)]
mod testing;
mod text;
mod tikz;
#[cfg(feature = "raster")]
mod tikz_board;
mod timing;
pub mod view;
pub mod words;

pub use abviz_trace::Grain;
pub use dot::{DotExporter, escape_dot_html};
pub use forest::ForestExporter;
pub use graphviz::{GraphvizExporter, RenderKind};
pub use html::HtmlExporter;
pub use json::{JsonExporter, layout as json_layout};
pub use options::{Collapse, Labels, RankDir, ShowPruned, Style};
#[cfg(feature = "raster")]
pub use raster::pdf as svg_to_pdf;
pub use raster::{PdfExporter, PngExporter};
pub use svg::{SvgExporter, escape_xml};
pub use text::TextExporter;
pub use tikz::{STY_FILE, TikzExporter, abviz_sty, escape_latex};

pub use error::DrawError;
pub use format::{Exporter, FormatInfo, Kind};

use site::SiteFile;

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
    /// TikZ: a beamer frame whose overlays reveal the search step by step (`--steps`,
    /// `--tikz-steps`), one overlay per stop of `step_grain`.
    pub tikz_steps: bool,
    /// How far one step goes: the beamer overlays of `tikz_steps` and the page's stepper
    /// (fine, the default: one per event).
    pub step_grain: Grain,
    /// TikZ: for a user's own deck (`--tikz-body`): the `tikzpicture` alone (with steps, one
    /// `frame`), with no document around it; it needs [`abviz_sty`]'s package
    /// (`\usepackage{abviz}`). The legend is the compact one.
    pub tikz_body: bool,
    /// TikZ with steps: the frame's title (`--title`).
    pub title: Option<String>,
    /// Diagrams: leave out the legend and caption.
    pub no_legend: bool,
    /// Diagrams: leave the root value and best move out of the caption (a page that keeps its
    /// answers hidden until the last step).
    pub caption_without_answer: bool,
    /// Diagrams: collapse subtrees until the picture is at most this wide (SVG units; infinite:
    /// never). None: the default, [`fit::FIT_WIDTH`], for PNG and PDF only (the command line
    /// fits its pictures to a 16:9 slide instead, [`fit::fit_to_slide`]).
    pub fit_width: Option<f64>,
    /// Diagrams: a node with more than one child beyond this many shown keeps this many (the principal
    /// variation's, the one that gave its value and the searched ones first) and groups the others
    /// into one "⋯ k more" item that names their moves (None: every child is drawn). Fitting a
    /// figure to a slide sets it.
    pub fan: Option<usize>,
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
    /// Diagrams of a game (SVG, PNG, PDF): a small picture of each node's position under its
    /// shape, as the textbooks draw game trees.
    pub boards: bool,
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

// The formats, each written by its exporter; `--format` lists them in this order.
formats! {
    Text;
    Text => text::TextExporter,
    Json => json::JsonExporter,
    Dot => dot::DotExporter,
    Svg => svg::SvgExporter,
    Tikz => tikz::TikzExporter,
    Html => html::HtmlExporter,
    Png => raster::PngExporter,
    Pdf => raster::PdfExporter,
    Forest => forest::ForestExporter,
}
