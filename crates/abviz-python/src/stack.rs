//! Work on a thread with a big stack, as the `abviz` command does: searches and tree walks
//! recurse once per level, and trees may be 10,000 levels deep — more than a Python thread's
//! stack holds. The thread runs without the Python interpreter attached (other Python threads
//! go on meanwhile), so it may not touch Python objects.

use pyo3::prelude::*;

/// The stack of the worker thread (reserved, not used: memory is taken only as deep as it goes).
const STACK_BYTES: usize = 1 << 30;

/// Runs `work` on a thread with a big stack, detached from the interpreter, and returns what it
/// returns (a panic in it is raised again here, where PyO3 turns it into a Python exception).
pub fn on_big_stack<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> T {
    py.detach(|| {
        std::thread::scope(|scope| {
            let handle = std::thread::Builder::new()
                .name("abviz-worker".into())
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, work)
                .expect("abviz could not start its worker thread");
            handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    })
}
