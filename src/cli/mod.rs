//! The command line: the clap definitions ([`args`]) and one module per command. Each command
//! turns its flags into the library's settings once, refusing flags that do not fit, and calls
//! the library; errors go back to `main` to be rendered.

pub mod args;
pub mod compare;
pub mod demo;
mod draw;
pub mod exercise;
pub mod games;
mod help;
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
