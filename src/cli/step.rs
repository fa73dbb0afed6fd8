//! `abviz step`: the full-screen stepper on a terminal, plain numbered lines otherwise.

use super::args::StepArgs;
use super::input::{build_input, read_trace_file, search_request};
use super::usage;
use abviz::Error;
use abviz::input::RunOptions;
use abviz::output::terminal::{Colour, SafeWriter};
use abviz::step::{Until, plain, tui};
use abviz::trace::Timeline;
use std::io::{IsTerminal, Write};

/// Runs `abviz step`.
pub fn step(args: StepArgs) -> Result<(), Error> {
    let trace = match &args.trace {
        Some(path) => {
            if args.algo.is_some() {
                return Err(usage(
                    "--algo does not apply to a saved trace: it was recorded with its own algorithm",
                ));
            }
            let (a, s) = (&args.input, &args.input.source);
            let search_flags = [
                (s.root.is_some(), "--root"),
                (s.values.is_some(), "--values"),
                (a.ordering.is_some(), "--ordering"),
                (s.position.is_some(), "--position"),
                (a.depth.is_some(), "--depth"),
                (s.eval.is_some(), "--eval"),
                (a.order.is_some(), "--order"),
                (a.notation.is_some(), "--notation"),
                (s.variant.is_some(), "--variant"),
                (args.mcts.iterations.is_some(), "--iterations"),
                (args.mcts.uct_c.is_some(), "--uct-c"),
                (args.mcts.seed.is_some(), "--seed"),
                (args.mcts.playout_limit.is_some(), "--playout-limit"),
                (args.settings.guess.is_some(), "--guess"),
                (args.settings.window.is_some(), "--window"),
                (args.settings.ordering_heuristics.is_some(), "--ordering-heuristics"),
                (args.time.is_some(), "--time"),
                (args.record_playouts, "--record-playouts"),
            ];
            if let Some((_, flag)) = search_flags.iter().find(|(set, _)| *set) {
                return Err(usage(format!("{flag} applies to a new search, not to a saved trace (--trace)")));
            }
            read_trace_file(path)?
        }
        None if args.log.is_some() => {
            let log = args.log.as_deref().expect("given");
            super::import::import_log(log, &build_input(&args.input)?, args.algo)?
        }
        None => {
            let input = build_input(&args.input)?;
            let algo = args.algo.unwrap_or_else(|| input.default_algorithm());
            let request =
                search_request(args.max_nodes, args.time, &args.settings, &args.mcts, args.record_playouts);
            let defaults = RunOptions { minimax_reference: false, ..RunOptions::default() };
            input.trace(algo, &request.run_options(algo, defaults)?)?
        }
    };
    if trace.events().is_empty() {
        return Err(usage("this trace has no events to step through (was it saved with --stats-only?)"));
    }
    let until: Option<Until> = args.until.as_deref().map(str::parse).transpose().map_err(usage)?;
    let replay = Timeline::new(&trace);
    let pace = args.steps.unwrap_or_default();
    let start = until.map(|u| u.resolve(&replay)).transpose().map_err(usage)?;
    let no_color = std::env::var_os("NO_COLOR");
    let (stdin_tty, stdout_tty) = (std::io::stdin().is_terminal(), std::io::stdout().is_terminal());
    let color = args.color.enabled(stdout_tty, no_color.as_deref());
    if !args.plain && stdin_tty && stdout_tty {
        return tui::run_at_pace(&replay, start.unwrap_or(0), color, pace)
            .map_err(|source| Error::Io { path: "the terminal".into(), source });
    }
    // Commands come from a pipe or file, or from a person at a terminal watching the output; with
    // the output going elsewhere and nobody typing, just print.
    let read_commands = !stdin_tty || stdout_tty;
    let until = start.unwrap_or(if read_commands { 0 } else { replay.last() });
    let opts = plain::PlainOptions { until, color, prompt: stdin_tty && stdout_tty, pace };
    if opts.prompt {
        super::note(&format!(
            "{} on {}: {} steps",
            trace.algorithm().title(),
            trace.input().description,
            replay.len()
        ));
        super::note(plain::COMMANDS);
    }
    let stdin = std::io::stdin();
    let mut lock = stdin.lock();
    let input: Option<&mut dyn std::io::BufRead> = if read_commands { Some(&mut lock) } else { None };
    let colour = if color { Colour::Sgr } else { Colour::Off };
    let (mut out, mut err) =
        (SafeWriter::new(std::io::stdout().lock(), colour), SafeWriter::new(std::io::stderr(), Colour::Off));
    let result = plain::run(&replay, opts, input, &mut out, &mut err).and_then(|()| out.flush());
    match result {
        // A closed pipe (`abviz step ... | head`) is not an error worth a message.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map_err(|source| Error::Io { path: "standard output".into(), source }),
    }
}
