//! `abviz demo`: the lecture examples as an HTML site, and where it went.

use super::args::DemoArgs;
use super::say;
use abviz::Error;

/// Runs `abviz demo`.
pub fn demo(args: DemoArgs) -> Result<(), Error> {
    let summary = abviz::demo::write(&args.out)?;
    let mut s = format!("Wrote the lecture examples to {}:\n", args.out.display());
    for line in &summary.lines {
        s.push_str(&format!("  {line}\n"));
    }
    let url = std::fs::canonicalize(&summary.index)
        .map(|p| format!("file://{}", p.display()))
        .unwrap_or_else(|_| summary.index.display().to_string());
    s.push_str(&format!("\nOpen {}\n  ({url})\n", summary.index.display()));
    say(&s);
    // The desktop's browser (or $BROWSER), without waiting for it.
    if args.open
        && let Err(why) = webbrowser::open(&url)
    {
        super::note(&format!("could not start a browser ({why}); open {} yourself", summary.index.display()));
    }
    Ok(())
}
