//! The `abviz` command: parses the arguments, hands them to one command of [`cli`], and renders
//! errors with miette (exit code 2 for usage errors, 1 otherwise).

mod cli;

use clap::Parser;
use cli::args::{Cli, Command};
use std::process::ExitCode;

/// The searches and tree walks recurse once per level, and trees may be 10,000 levels deep:
/// the work runs on a thread with room for that (memory is only used as deep as it goes).
const STACK_BYTES: usize = 1 << 30;

fn main() -> ExitCode {
    // Clap's errors quote the arguments as typed (a U+202E among them): they, the help and
    // the version reach the terminal through the funnel like everything else.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let shown = e.render();
            let colour = e.use_stderr()
                && std::io::IsTerminal::is_terminal(&std::io::stderr())
                && std::env::var_os("NO_COLOR").is_none();
            let text = if colour { shown.ansi().to_string() } else { shown.to_string() };
            if e.use_stderr() {
                abviz::output::terminal::err_line(text.trim_end());
            } else {
                abviz::output::terminal::out(&text);
            }
            return ExitCode::from(e.exit_code() as u8);
        }
    };
    let worker = std::thread::Builder::new().stack_size(STACK_BYTES).spawn(move || dispatch(cli));
    let result = match worker {
        Ok(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(_) => {
            abviz::output::terminal::err_line("abviz: could not start its worker thread");
            return ExitCode::FAILURE;
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let code = e.exit_code();
            // miette's rendering (its colours included) passes the funnel as one text.
            abviz::output::terminal::err_line(&format!("{:?}", cli::words::report(e)));
            ExitCode::from(code as u8)
        }
    }
}

fn dispatch(cli: Cli) -> Result<(), abviz::Error> {
    match cli.command {
        Command::Run(args) => cli::run::run(args),
        Command::Render(args) => cli::render::render(args),
        Command::Step(args) => cli::step::step(args),
        Command::Quiz(args) => cli::quiz::quiz(args),
        Command::Play(args) => cli::play::play(args),
        Command::Compare(args) => cli::compare::compare(args),
        Command::Demo(args) => cli::demo::demo(args),
        Command::Perft(args) => cli::perft::perft(args),
        Command::Exercise(args) => cli::exercise::exercise(args),
        Command::Practice(args) => cli::practice::practice(args),
        Command::Games => {
            cli::games::games();
            Ok(())
        }
    }
}
