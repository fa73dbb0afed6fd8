//! `abviz quiz`: the search replayed in the terminal, with questions before the steps that
//! matter (see [`abviz::quiz`]).

use super::args::QuizArgs;
use super::input::build_input;
use super::usage;
use abviz::Error;
use abviz::input::RunOptions;
use abviz::output::terminal::{Colour, SafeWriter};
use std::io::IsTerminal;

/// Runs `abviz quiz`.
pub fn quiz(args: QuizArgs) -> Result<(), Error> {
    let input = build_input(&args.input)?;
    let algo = args.algo.unwrap_or_default();
    let mut settings = abviz::search::Settings { ties: args.ties.unwrap_or_default(), ..Default::default() };
    settings.bounds = super::input::star_bounds(algo, args.bounds.as_deref())?;
    let opts =
        RunOptions { max_nodes: args.max_nodes, minimax_reference: false, settings, ..RunOptions::default() };
    let trace = input.trace(algo, &opts)?;
    abviz::quiz::fits(&trace).map_err(usage)?;
    let questions = abviz::quiz::questions(&trace).len();
    if questions == 0 {
        return Err(usage("this search has nothing to ask: give a tree with inner nodes"));
    }
    let typed = std::io::stdin().is_terminal();
    if typed {
        super::note(&format!(
            "{} on {}: {questions} questions.",
            trace.algorithm().title(),
            trace.input().description
        ));
        super::note("Answer a value like 3 (≤3 or ≥3 for a bound) or y/n; Ctrl-D stops.");
    }
    let stdin = std::io::stdin();
    let opts = abviz::quiz::QuizOptions { quiet: args.plain, echo: !typed };
    let result = abviz::quiz::run(
        &trace,
        opts,
        &mut stdin.lock(),
        &mut SafeWriter::new(std::io::stdout().lock(), Colour::Off),
    );
    match result {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map(|_| ()).map_err(|source| Error::Io { path: "standard output".into(), source }),
    }
}
