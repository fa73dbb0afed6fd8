//! Views of a trace, one small file per format behind one trait ([`Exporter`]). An exporter
//! only reads the trace: it never searches or decides what was pruned.

mod json;
mod text;

pub use json::JsonExporter;
pub use text::TextExporter;

use crate::trace::Trace;
use std::fmt;
use std::str::FromStr;

/// Options shared by the views.
#[derive(Clone, Debug, Default)]
pub struct ViewOptions {
    /// Show nodes down to this depth only (root = 0).
    pub max_depth: Option<u32>,
    /// JSON: leave out nodes and events.
    pub stats_only: bool,
}

/// One output format.
pub trait Exporter {
    /// Renders the trace.
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> String;
}

/// The formats `abviz run --format` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// The annotated tree and a summary.
    #[default]
    Text,
    /// The trace itself.
    Json,
}

impl Format {
    /// Every format's name.
    pub const NAMES: &'static [&'static str] = &["text", "json"];

    /// The exporter for this format.
    pub fn exporter(self) -> Box<dyn Exporter> {
        match self {
            Format::Text => Box::new(TextExporter),
            Format::Json => Box::new(JsonExporter),
        }
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "text" | "txt" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            _ => Err(format!("unknown format '{s}': expected one of {}", Format::NAMES.join(", "))),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Text => "text",
            Format::Json => "json",
        })
    }
}
