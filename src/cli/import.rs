//! `abviz import`: another program's search log, drawn like a search of abviz's own.

use super::args::ImportArgs;
use super::draw::{check_destination, draw, resolve_format, view_options};
use super::input::build_input;
use abviz::Error;
use abviz::export::Format;
use abviz::input::Input;
use abviz::search::Algorithm;
use abviz::trace::Trace;
use std::io::BufReader;
use std::path::Path;

/// Runs `abviz import`.
pub fn import(args: ImportArgs) -> Result<(), Error> {
    let format = resolve_format(args.format, args.view.render, args.output.as_deref(), Format::Text)?;
    let view = view_options(format, args.max_depth, false, args.compact, &args.view)?;
    check_destination(format, args.output.as_deref())?;
    let input = build_input(&args.input)?;
    let trace = import_log(&args.log, &input, args.algo)?;
    draw(&trace, format, &view, args.view.render, args.output.as_deref())
}

/// Reads the log at `path` (`-`: standard input) as a search of `input` into a trace.
pub fn import_log(path: &Path, input: &Input, algo: Option<Algorithm>) -> Result<Trace, Error> {
    let io = |source| Error::Io { path: path.to_path_buf(), source };
    if path.as_os_str() == "-" {
        abviz::searchlog::import(input, std::io::stdin().lock(), algo)
    } else {
        let file = std::fs::File::open(path).map_err(io)?;
        abviz::searchlog::import(input, BufReader::with_capacity(1 << 16, file), algo)
    }
}
