//! The `abviz` command: everything it does is [`abviz::cli::run`] (the Python package's `abviz`
//! command calls the same function).

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(abviz::cli::run(std::env::args_os()))
}
