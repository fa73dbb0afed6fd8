//! `abviz run`: one search, written as text, JSON or a diagram.

use super::args::RunArgs;
use super::draw::{check_destination, draw, resolve_format, view_options};
use super::input::{build_input, search_request};
use super::usage;
use abviz::Error;
use abviz::export::Format;
use abviz::input::RunOptions;
use abviz::trace::Trace;

/// Runs `abviz run`.
pub fn run(args: RunArgs) -> Result<(), Error> {
    let format = resolve_format(args.format, args.view.render, args.output.as_deref(), Format::Text)?;
    if args.stats_only && format != Format::Json {
        return Err(usage("--stats-only goes with --format json"));
    }
    let input = build_input(&args.input)?;
    let algo = args.algo.unwrap_or_else(|| input.default_algorithm());
    let request = search_request(args.max_nodes, args.time, &args.settings, &args.mcts, args.record_playouts);
    let opts = RunOptions {
        compare_minimax: args.compare_minimax,
        ..request.run_options(algo, RunOptions::default())?
    };
    let view = view_options(format, args.max_depth, args.stats_only, args.compact, &args.view)?;
    check_destination(format, args.output.as_deref())?;
    let trace = if args.stats_only {
        // Counting only: no nodes or events are kept, so huge searches fit in memory.
        let (result, stats) = input.count_within(algo, opts.max_nodes, opts.time, &opts.settings)?;
        Trace::stats_only(algo.descriptor().clone(), input.info(), result, stats)
    } else {
        input.trace(algo, &opts)?
    };
    draw(&trace, format, &view, args.view.render, args.output.as_deref())
}
