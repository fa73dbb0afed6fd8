//! The command line: the clap definitions ([`args`]) and one module per command. Each command
//! turns its flags into the library's settings once, refusing flags that do not fit, and calls
//! the library; errors come back to [`run`] to be rendered.
//!
//! It is part of the library (behind the `cli` feature) so that the `abviz` binary and the
//! Python package's `abviz` command run the same code: both call [`run`].

pub mod args;
pub mod check;
pub mod compare;
pub mod demo;
mod draw;
pub mod exercise;
pub mod games;
mod help;
pub mod import;
mod input;
mod lenient;
pub mod perft;
pub mod play;
pub mod practice;
mod progress;
pub mod quiz;
pub mod render;
pub mod run;
pub mod step;
pub mod words;

use abviz::Error;
use args::{Cli, Command};
use clap::Parser;
use std::ffi::OsString;

/// The searches and tree walks recurse once per level, and trees may be 10,000 levels deep:
/// the work runs on a thread with room for that (memory is only used as deep as it goes).
const STACK_BYTES: usize = 1 << 30;

/// Runs the command line `args` (the program's name first) and returns the exit code: 0 ok, 1
/// an error, 2 a usage error (clap's own errors included; `--help` and `--version` print and
/// return 0). `abviz check` follows `diff` and `cmp` instead: 0 the log agrees, 1 it differs,
/// 2 it could not be checked (any error). Errors are rendered on standard error with miette.
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    // Clap's errors quote the arguments as typed (a U+202E among them): they, the help and
    // the version reach the terminal through the funnel like everything else.
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let shown = e.render();
            let colour = e.use_stderr()
                && std::io::IsTerminal::is_terminal(&std::io::stderr())
                && std::env::var_os("NO_COLOR").is_none();
            let text = if colour { shown.ansi().to_string() } else { shown.to_string() };
            if e.use_stderr() {
                crate::output::terminal::err_line(text.trim_end());
            } else {
                crate::output::terminal::out(&text);
            }
            return e.exit_code().clamp(0, 255) as u8;
        }
    };
    // An autograder tells "the student's search is wrong" (1) from "the log is unreadable" (2).
    let checking = matches!(cli.command, Command::Check(_));
    let worker = std::thread::Builder::new().stack_size(STACK_BYTES).spawn(move || dispatch(cli));
    let result = match worker {
        Ok(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(_) => {
            crate::output::terminal::err_line("abviz: could not start its worker thread");
            return 1;
        }
    };
    match result {
        Ok(()) => 0,
        // `abviz check` printed its verdict: the status says the rest.
        Err(Error::Disagrees) => 1,
        Err(e) => {
            let code = if checking { 2 } else { e.exit_code() };
            // miette's rendering (its colours included) passes the funnel as one text.
            crate::output::terminal::err_line(&format!("{:?}", words::report(e)));
            code as u8
        }
    }
}

fn dispatch(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Run(args) => run::run(args),
        Command::Render(args) => render::render(args),
        Command::Step(args) => step::step(args),
        Command::Quiz(args) => quiz::quiz(args),
        Command::Import(args) => import::import(args),
        Command::Check(args) => check::check(args),
        Command::Play(args) => play::play(args),
        Command::Compare(args) => compare::compare(args),
        Command::Demo(args) => demo::demo(args),
        Command::Perft(args) => perft::perft(args),
        Command::Exercise(args) => exercise::exercise(args),
        Command::Practice(args) => practice::practice(args),
        Command::Games => {
            games::games();
            Ok(())
        }
    }
}

/// A usage error (exit code 2).
fn usage(msg: impl Into<String>) -> Error {
    Error::Usage(msg.into())
}

/// Prints to standard output through the terminal funnel (control characters escaped); a
/// closed pipe (`abviz games | head -1`) ends the output quietly.
fn say(text: &str) {
    abviz::output::terminal::out(text);
}

/// Prints a line to standard error through the terminal funnel.
fn note(text: &str) {
    abviz::output::terminal::err_line(text);
}
