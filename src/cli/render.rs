//! `abviz render`: a saved trace drawn again, without searching.

use super::args::RenderArgs;
use super::draw::{check_destination, draw, view_options};
use super::input::read_trace_file;
use abviz::Error;

/// Runs `abviz render`.
pub fn render(args: RenderArgs) -> Result<(), Error> {
    let view = view_options(args.format, args.max_depth, false, args.compact, &args.view)?;
    check_destination(args.format, args.output.as_deref())?;
    let path = &args.trace;
    let trace = read_trace_file(path)?;
    draw(&trace, args.format, &view, args.view.render, args.output.as_deref())
}
