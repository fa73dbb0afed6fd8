//! The JSON trace (see [`abviz_trace::json`]).

use super::{Exporter, FormatInfo, Kind, Output, ViewOptions};
use crate::DrawError as Error;
use abviz_trace::Trace;
use abviz_trace::json::Layout;

/// Writes the trace's file form.
pub struct JsonExporter;

impl JsonExporter {
    /// What the format is.
    pub const INFO: FormatInfo = FormatInfo {
        name: "json",
        aliases: &[],
        help: &["The trace itself (readable, or compact with --compact)."],
        extensions: &["json"],
        kind: Kind::Report,
        binary: false,
        streams: true,
        boards: false,
    };
}

impl Exporter for JsonExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        let mut out = Vec::new();
        trace.write_json(&mut out, layout(opts), opts.stats_only).expect("writing to memory cannot fail");
        Ok(Output::Text(String::from_utf8(out).expect("JSON is UTF-8")))
    }

    /// Written as it is serialised: no copy of the file in memory.
    fn write_to(&self, trace: &Trace, opts: &ViewOptions, out: &mut dyn std::io::Write) -> Result<(), Error> {
        trace.write_json(out, layout(opts), opts.stats_only).map_err(Error::Write)
    }
}

/// The layout the options ask for.
pub fn layout(opts: &ViewOptions) -> Layout {
    if opts.compact { Layout::Compact } else { Layout::Readable }
}
