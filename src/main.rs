//! The `abviz` command: everything it does is [`abviz::cli::run`] (the Python package's `abviz`
//! command calls the same function).

use std::process::ExitCode;

fn main() -> ExitCode {
    fix_mmap_threshold();
    ExitCode::from(abviz::cli::run(std::env::args_os()))
}

/// Keeps glibc's allocator mapping every block of 128 KiB or more on its own, as it does at
/// start. Left alone, glibc raises that threshold to the size of any mapped block that is freed
/// (up to 32 MiB), after which a page's big columns and indexes come from the heap and their
/// holes stay resident: 8 MB of the 162 MB peak of `run --game xiangqi --depth 4 -f html`
/// (`benches/issue29.sh`). The Python package leaves its host's allocator alone.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn fix_mmap_threshold() {
    // SAFETY: mallopt only sets a parameter of the allocator; called before any thread starts.
    // It returns 0 when it refuses, which leaves glibc's default behaviour: nothing to handle.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn fix_mmap_threshold() {}
