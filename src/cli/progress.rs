//! Progress on standard error for long work: a bar when the amount is known, a byte counter for
//! long writes; nothing when standard error is piped or redirected.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A bar for `total` units of work.
pub fn bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template("{elapsed:>4} [{bar:40}] {percent:>3} %, {eta} left")
        .map(|s| s.progress_chars("=> "))
    {
        bar.set_style(style);
    }
    bar
}

/// A counter of the bytes written so far, for a write of unknown length (`what`: "trace.json").
pub fn bytes(what: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} writing {msg}: {bytes} ({bytes_per_sec})") {
        bar.set_style(style);
    }
    bar.set_message(abviz::safe_text::for_terminal(what).into_owned());
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}
