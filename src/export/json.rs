//! The JSON trace (see [`crate::trace::json`]).

use super::{Exporter, Output, ViewOptions};
use crate::Error;
use crate::trace::Trace;
use crate::trace::json::Layout;

/// Writes the trace's file form.
pub struct JsonExporter;

impl Exporter for JsonExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        let mut out = Vec::new();
        trace.write_json(&mut out, layout(opts), opts.stats_only).expect("writing to memory cannot fail");
        Ok(Output::Text(String::from_utf8(out).expect("JSON is UTF-8")))
    }
}

/// The layout the options ask for.
pub fn layout(opts: &ViewOptions) -> Layout {
    if opts.compact { Layout::Compact } else { Layout::Readable }
}
