//! The JSON trace (see [`crate::trace::json`]).

use super::{Exporter, ViewOptions};
use crate::trace::Trace;

/// Writes the trace's file form.
pub struct JsonExporter;

impl Exporter for JsonExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> String {
        trace.to_json(opts.stats_only)
    }
}
