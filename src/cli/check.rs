//! `abviz check`: another program's search log against abviz's own search, with the first place
//! it leaves the textbook in words, a JSON verdict for autograders, a figure or a page. Its exit
//! status is diff's: 0 the log agrees, 1 it differs, 2 it could not be checked.

use super::args::{CheckArgs, CheckFormat};
use super::input::build_input;
use super::usage;
use abviz::Error;
use abviz::searchlog::{CheckOptions, Counting, check as check_log};

/// What `abviz check` ends with: the log agrees (0) or differs (1); an error (2) when it cannot
/// be read or checked.
pub fn check(args: CheckArgs) -> Result<(), Error> {
    let format = match (
        args.format,
        args.output.as_deref().and_then(|p| p.extension()).and_then(|e| e.to_str()),
    ) {
        (Some(f), _) => f,
        (None, Some("json")) => CheckFormat::Json,
        (None, Some("svg")) => CheckFormat::Svg,
        (None, Some("html" | "htm")) => CheckFormat::Html,
        (None, Some("txt") | None) => CheckFormat::Text,
        (None, Some(other)) => {
            return Err(usage(format!(
                "-o {}: say which format with --format (text, json, svg or html); .{other} names none of them",
                args.output.as_deref().map(|p| p.display().to_string()).unwrap_or_default()
            )));
        }
    };
    let input = build_input(&args.input)?;
    let log = super::input::read_text(&args.log)?;
    let mut opts = CheckOptions {
        max_nodes: args.max_nodes,
        count: args.count.unwrap_or_default(),
        ..CheckOptions::new(args.algo)
    };
    if let Some(ties) = args.ties {
        if !args.algo.has_window() {
            return Err(usage(format!("--ties is the cutoff test's rule: {} has no cutoff", args.algo)));
        }
        opts.settings.ties = ties;
    }
    let verdict = match check_log(&input, log.as_bytes(), &opts) {
        Ok(v) => v,
        // A log of `leaf` events alone is a list of evaluations: say how to check one.
        Err(Error::Log(e))
            if opts.count == Counting::Nodes && abviz::searchlog::leaves::leaves_only(log.as_bytes()) =>
        {
            return Err(usage(format!(
                "{e}\nThe log enters no node: it lists evaluations only. Check it by its leaves with --count leaves."
            )));
        }
        Err(e) => return Err(e),
    };
    let text = match format {
        CheckFormat::Text => abviz::searchlog::report::text(&verdict),
        CheckFormat::Json => abviz::searchlog::report::json(&verdict),
        CheckFormat::Svg => {
            abviz::searchlog::figure::svg(&verdict.comparison, &abviz::searchlog::report::headline(&verdict))
        }
        CheckFormat::Html => {
            let mine = super::import::import_log(&args.log, &input, Some(args.algo))?;
            let reference = input.trace(
                args.algo,
                &abviz::input::RunOptions { max_nodes: args.max_nodes, ..Default::default() },
            )?;
            abviz::searchlog::report::page(&verdict, &mine, &reference, None)?
        }
    };
    super::draw::write(&abviz::export::Output::Text(text), args.output.as_deref())?;
    if verdict.agree() { Ok(()) } else { Err(Error::Disagrees) }
}
