//! `abviz render`: a saved trace drawn again, without searching.

use super::args::RenderArgs;
use super::draw::{check_destination, draw, resolve_format, view_options};
use super::input::read_trace_file;
use abviz::Error;
use abviz::export::Format;

/// Runs `abviz render`.
pub fn render(args: RenderArgs) -> Result<(), Error> {
    let format = resolve_format(args.format, args.view.render, args.output.as_deref(), Format::Svg)?;
    let view = view_options(format, args.max_depth, false, args.compact, &args.view)?;
    check_destination(format, args.output.as_deref())?;
    let path = &args.trace;
    let trace = read_trace_file(path)?;
    draw(&trace, format, &view, args.view.render, args.output.as_deref())
}
