//! The JSON trace (see [`crate::trace::json`]).

use super::{Exporter, Output, ViewOptions};
use crate::Error;
use crate::trace::Trace;

/// Writes the trace's file form.
pub struct JsonExporter;

impl Exporter for JsonExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        Ok(Output::Text(trace.to_json(opts.stats_only)))
    }
}
