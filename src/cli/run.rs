//! `abviz run`: one search, written as text, JSON or a diagram.

use super::args::RunArgs;
use super::draw::{check_destination, draw, resolve_format, view_options};
use super::input::{build_input, mcts_options, record_playouts, settings, time_limit};
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
    let time = time_limit(args.time)?;
    let input = build_input(&args.input)?;
    let algo = args.algo.unwrap_or_else(|| input.default_algorithm());
    let mut settings = settings(algo, &args.settings)?;
    settings.mcts = mcts_options(algo, &args.mcts)?;
    let view = view_options(format, args.max_depth, args.stats_only, args.compact, &args.view)?;
    check_destination(format, args.output.as_deref())?;
    let trace = if args.stats_only {
        // Counting only: no nodes or events are kept, so huge searches fit in memory.
        let (result, stats) = input.count_within(algo, args.max_nodes, time, &settings)?;
        Trace::stats_only(algo.descriptor().clone(), input.info(), result, stats)
    } else {
        input.trace(
            algo,
            &RunOptions {
                max_nodes: args.max_nodes,
                settings,
                time,
                record_playouts: record_playouts(algo, args.record_playouts)?,
                compare_minimax: args.compare_minimax,
                ..RunOptions::default()
            },
        )?
    };
    draw(&trace, format, &view, args.view.render, args.output.as_deref())
}
