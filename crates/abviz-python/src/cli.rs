//! The `abviz` command of the Python package: the same command line as the Rust binary
//! ([`abviz::cli::run`]), called by the package's console script (`abviz/__main__.py`).

use pyo3::prelude::*;

/// Runs the abviz command line with `args` (the program's name first) and returns its exit
/// code. The command runs detached from the interpreter, as a program of its own would.
#[pyfunction]
pub fn run_cli(py: Python<'_>, args: Vec<String>) -> u8 {
    py.detach(|| {
        let code = abviz::cli::run(args);
        // The interpreter, not Rust's runtime, ends this process: what is buffered goes out now.
        let _ = std::io::Write::flush(&mut std::io::stdout());
        code
    })
}
