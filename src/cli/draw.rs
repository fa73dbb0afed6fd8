//! From a trace to what the user asked for: the view options (refusing diagram flags a format
//! does not use), the exporter (through Graphviz with `--render`), and the writing.

use super::args::ViewArgs;
use super::usage;
use abviz::export::{DrawError, Format, GraphvizExporter, Kind, Output, RenderKind, ViewOptions};
use abviz::output::site::Streamed;
use abviz::trace::Trace;
use abviz::{Error, Named};
use std::io::IsTerminal;
use std::path::Path;

/// The view options, rejecting diagram options given with a format that does not use them.
pub fn view_options(
    format: Format,
    max_depth: Option<u32>,
    stats_only: bool,
    compact: bool,
    v: &ViewArgs,
) -> Result<ViewOptions, Error> {
    if compact && format != Format::Json {
        return Err(usage("--compact is a layout of the JSON trace: use it with --format json"));
    }
    if !format.info().is_diagram() {
        for (set, flag) in [
            (v.labels.is_some(), "--labels"),
            (v.show_pruned.is_some(), "--show-pruned"),
            (v.pv_only, "--pv-only"),
            (v.collapse.is_some(), "--collapse"),
            (v.max_width.is_some(), "--max-width"),
            (v.rankdir.is_some(), "--rankdir"),
            (v.style.is_some(), "--style"),
            (v.no_legend, "--no-legend"),
            (v.min_visits.is_some(), "--min-visits"),
            (v.pass.is_some(), "--pass"),
        ] {
            if set {
                return Err(usage(format!(
                    "{flag} applies to diagrams: use it with --format {}",
                    diagrams()
                )));
            }
        }
    }
    if v.tikz_steps && format != Format::Tikz {
        return Err(usage("--tikz-steps makes beamer overlays: use it with --format tikz"));
    }
    if let Some(pace) = v.steps
        && format != Format::Tikz
        && format != Format::Html
    {
        return Err(usage(format!(
            "--steps {} steps through the search: use it with --format tikz (beamer overlays) or --format html (the page's stepper)",
            pace.name()
        )));
    }
    if v.tikz_body && format != Format::Tikz {
        return Err(usage(
            "--tikz-body writes a TikZ figure for your own document: use it with --format tikz",
        ));
    }
    let steps = format == Format::Tikz && (v.tikz_steps || v.steps.is_some());
    if v.title.is_some() && !steps {
        return Err(usage(
            "--title names the beamer frame: use it with --format tikz and --steps (or --tikz-steps)",
        ));
    }
    if v.boards && !format.info().boards {
        return Err(usage(format!(
            "--boards draws a board picture in each node: use it with --format {} (the html page shows boards already)",
            abviz_core::text::list(
                &Format::ALL.iter().filter(|f| f.info().boards).map(|f| f.name()).collect::<Vec<_>>(),
                "or"
            )
        )));
    }
    if v.render.is_some() && format != Format::Dot {
        return Err(usage(
            "--render runs Graphviz on the DOT graph: use it with --format dot (--format svg needs no Graphviz)",
        ));
    }
    Ok(ViewOptions {
        max_depth,
        stats_only,
        compact,
        labels: v.labels.as_deref().map(str::parse).transpose().map_err(usage)?.unwrap_or_default(),
        show_pruned: v.show_pruned.unwrap_or_default(),
        pv_only: v.pv_only,
        collapse: v.collapse.as_deref().map(str::parse).transpose().map_err(usage)?,
        rankdir: v.rankdir.unwrap_or_default(),
        style: v.style.unwrap_or_default(),
        tikz_steps: steps,
        step_grain: v.steps.unwrap_or_default(),
        tikz_body: v.tikz_body,
        title: v.title.clone(),
        no_legend: v.no_legend,
        caption_without_answer: false,
        exercise: false,
        fit_width: match v.max_width.as_deref() {
            // A picture that fits a 16:9 slide (decided in `draw`).
            None => None,
            Some("off" | "none") => Some(f64::INFINITY),
            Some(t) => match t.parse::<f64>() {
                Ok(w) if w >= 100.0 && w.is_finite() => Some(w),
                _ => {
                    return Err(usage(format!(
                        "--max-width {t}: give a width of at least 100 (units) or 'off'"
                    )));
                }
            },
        },
        min_visits: v.min_visits,
        pass: match v.pass.as_deref() {
            None | Some("all") => None,
            Some(t) => match t.parse::<u32>() {
                Ok(k) if k >= 1 => Some(k),
                _ => return Err(usage(format!("--pass {t}: give a pass number from 1, or 'all'"))),
            },
        },
        all_passes: v.pass.as_deref() == Some("all"),
        boards: v.boards,
        fan: None,
    })
}

/// The diagram formats, for messages: "dot, svg, tikz, html, png, pdf or forest".
fn diagrams() -> String {
    let names: Vec<&str> = Format::ALL.iter().filter(|f| f.info().is_diagram()).map(|f| f.name()).collect();
    abviz_core::text::list(&names, "or")
}

/// What the `-o` path says about the format: its extension (the first format that lists it,
/// and Graphviz's picture of that name), or a folder (a trailing `/` or an existing directory)
/// for a page. `None` when it says nothing (no or an unknown extension).
fn format_of_path(path: &Path) -> Option<(Format, Option<RenderKind>, String)> {
    let text = path.to_string_lossy();
    if text.ends_with('/') || path.is_dir() {
        let page = Format::ALL.into_iter().find(|f| f.info().kind == Kind::Page)?;
        return Some((page, None, "a folder".into()));
    }
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    let format = Format::of_extension(&ext)?;
    Some((format, RenderKind::from_name(&ext), format!("a .{ext} file")))
}

/// The format to write: `--format` when given (it must agree with the `-o` extension), else
/// the one the extension names (`-o tree.svg`, `-o slides.tex`, `-o site/`), else `default`.
/// With `--render KIND` the format is DOT and the extension must be KIND's.
pub fn resolve_format(
    given: Option<Format>,
    render: Option<RenderKind>,
    output: Option<&Path>,
    default: Format,
) -> Result<Format, Error> {
    let implied = output.and_then(format_of_path);
    // A name whose extension no format writes (`-o out.gif`) would silently get the default
    // format: refuse it unless the format is asked for.
    if let (None, None, None, Some(path)) = (given, render, &implied, output)
        && let Some(ext) = path.extension()
    {
        let known: Vec<String> = Format::ALL
            .into_iter()
            .flat_map(|f| f.info().extensions.iter().map(|e| format!(".{e}")))
            .fold(Vec::new(), |mut all, e| {
                if !all.contains(&e) {
                    all.push(e);
                }
                all
            });
        return Err(usage(format!(
            "-o {} names a .{} file, which abviz does not write: name it {} (or a folder for a page), or give --format to write this name anyway",
            path.display(),
            ext.to_string_lossy(),
            known.join(", ")
        )));
    }
    let format = match (given, render) {
        (Some(f), _) => f,
        (None, Some(_)) => Format::Dot,
        (None, None) => implied.as_ref().map_or(default, |(f, _, _)| *f),
    };
    if let (Some((ext_format, ext_render, what)), Some(path)) = (&implied, output) {
        let agrees = match render {
            Some(kind) => *ext_render == Some(kind),
            // An extension may name more than one format (a .tex file holds either LaTeX form).
            None => *ext_format == format || format_takes(format, path),
        };
        if !agrees {
            let asked = match render {
                Some(kind) => format!("--render {}", kind.name()),
                None => format!("--format {format}"),
            };
            let writes = match render {
                Some(kind) => kind.name().to_uppercase(),
                None => format.to_string(),
            };
            return Err(usage(format!(
                "{asked} writes {writes}, but -o {} names {what} ({}): drop {asked} to write {}, or change the name",
                path.display(),
                ext_format,
                ext_format
            )));
        }
    }
    Ok(format)
}

/// Whether `path`'s extension is one `format` writes.
fn format_takes(format: Format, path: &Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    ext.is_some_and(|ext| format.info().extensions.contains(&ext.as_str()))
}

/// Refuses, before any work, an output that cannot go where it is asked to.
pub fn check_destination(format: Format, output: Option<&Path>) -> Result<(), Error> {
    if format.info().kind == Kind::Page && output.is_none() {
        return Err(usage(format!(
            "--format {format} writes a folder (the page, index.html, and the pictures it shows): give -o DIR"
        )));
    }
    Ok(())
}

/// Traces with this many nodes show progress while they are written (on a terminal).
const BIG_TRACE: usize = 200_000;

/// Exports `trace` in `format` (through Graphviz when `render` asks for it) and writes it.
pub fn draw(
    trace: &Trace,
    format: Format,
    view: &ViewOptions,
    render: Option<RenderKind>,
    output: Option<&Path>,
) -> Result<(), Error> {
    // Written as it is produced: no copy of the output in memory (a progress bar for a big
    // trace on a terminal).
    let progress = || match output {
        Some(path) if trace.nodes().len() >= BIG_TRACE => super::progress::bytes(&path.display().to_string()),
        _ => indicatif::ProgressBar::hidden(),
    };
    if format == Format::Html
        && render.is_none()
        && let Some(dir) = output
    {
        // The page's data is serialised straight into index.html; its boards are written beside.
        let parts = abviz::export::html::HtmlExporter.export_parts(trace, view)?;
        let bar = progress();
        let written = abviz::output::site::write_site_streamed(
            dir,
            &parts.files,
            Streamed { path: "index.html", produce: &|w| parts.write_html(&mut bar.wrap_write(w)) },
        );
        bar.finish_and_clear();
        written?;
        return say_written(Some(dir.join("index.html")));
    }
    if format.info().streams && render.is_none() {
        let bar = progress();
        let exporter = format.exporter();
        let written = abviz::output::write_with(output, |w| {
            exporter.write_to(trace, view, &mut bar.wrap_write(w)).map_err(|e| match e {
                DrawError::Write(io) => io,
                other => std::io::Error::other(other),
            })
        });
        bar.finish_and_clear();
        let written = written?;
        return say_written(written);
    }
    // Pictures (not pages, which zoom) are collapsed to fit the width, and the user is told.
    let picture = render.is_some() || format.info().kind == Kind::Picture;
    let fitted;
    let view = match view.fit_width {
        Some(max) if picture && max.is_finite() => {
            let fit = abviz::export::fit::fit_to_width(trace, view, max);
            if let Some(note) = fit.note(max) {
                super::note(&format!("abviz: {note}"));
            }
            fitted = ViewOptions { fit_width: Some(f64::INFINITY), ..fit.opts };
            &fitted
        }
        // The user chose how much to draw (--collapse, --fan): nothing to fit, and no figure
        // drawn twice to find that out (a third of `-f svg --collapse off`'s time).
        None if picture && (view.collapse.is_some() || view.fan.is_some()) => {
            fitted = ViewOptions { fit_width: Some(f64::INFINITY), ..view.clone() };
            &fitted
        }
        None if picture => {
            let fit = abviz::export::fit::fit_to_slide(trace, view);
            if let Some(note) = fit.note(fit.width) {
                super::note(&format!("abviz: {note}"));
            }
            fitted = ViewOptions { fit_width: Some(f64::INFINITY), ..fit.opts };
            &fitted
        }
        _ => view,
    };
    let output_data = match render {
        Some(kind) => {
            let (data, warnings) = GraphvizExporter { kind }.export_with_warnings(trace, view)?;
            // Graphviz's own warnings ("scaling to fit") are the user's to read.
            for w in warnings.lines().filter(|l| !l.trim().is_empty()) {
                super::note(&format!("Graphviz: {}", w.trim()));
            }
            data
        }
        None => format.export(trace, view)?,
    };
    write(&output_data, output)?;
    if view.tikz_body && format == Format::Tikz {
        write_sty(output)?;
    }
    Ok(())
}

/// Writes `abviz.sty`, the package a `--tikz-body` figure needs, beside `output`; without an
/// output file says how to get it.
fn write_sty(output: Option<&Path>) -> Result<(), Error> {
    let Some(path) = output else {
        super::note(
            "abviz: the figure needs abviz.sty (\\usepackage{abviz}): give -o FILE.tex to write it beside FILE.tex",
        );
        return Ok(());
    };
    // A device (`-o /dev/stdout`) has no folder to write beside.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Ok(());
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let sty = dir.join(abviz::export::STY_FILE);
    abviz::output::write_atomic(&sty, abviz::export::abviz_sty().as_bytes())?;
    say_written(Some(sty))
}

/// Writes `out` to standard output or `path`, saying where on a terminal.
pub fn write(out: &Output, path: Option<&Path>) -> Result<(), Error> {
    say_written(abviz::output::write(out, path)?)
}

/// Says on a terminal which file was written.
fn say_written(written: Option<std::path::PathBuf>) -> Result<(), Error> {
    if let Some(written) = written
        && std::io::stderr().is_terminal()
    {
        super::note(&format!("wrote {}", written.display()));
    }
    Ok(())
}
