//! The `abviz` command: parses arguments, calls the library, renders errors with miette.

mod cli;
mod compare_cmd;

use abviz::Error;
use abviz::export::{Format, RankDir, ShowPruned, Style, ViewOptions};
use abviz::game::Player;
use abviz::game::random::{Ordering, RandomTree};
use abviz::game::registry::{self, GameId, GameOptions, OptionKind};
use abviz::input::{GameInput, Input, RunOptions};
use abviz::search::Algorithm;
use clap::Parser;
use cli::{
    Cli, ColorArg, Command, DemoArgs, FirstArg, FormatArg, InputArgs, PerftArgs, PlayArgs, RankDirArg,
    RenderArg, RenderArgs, RootArg, RunArgs, ShowPrunedArg, StepArgs, StyleArg, ViewArgs,
};
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

/// The searches and tree walks recurse once per level, and trees may be 10,000 levels deep:
/// the work runs on a thread with room for that (memory is only used as deep as it goes).
const STACK_BYTES: usize = 1 << 30;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let worker = std::thread::Builder::new().stack_size(STACK_BYTES).spawn(move || dispatch(cli));
    let result = match worker {
        Ok(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(_) => {
            eprintln!("abviz: could not start its worker thread");
            return ExitCode::FAILURE;
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let code = e.exit_code();
            eprintln!("{:?}", miette::Report::new(e));
            ExitCode::from(code as u8)
        }
    }
}

fn dispatch(cli: Cli) -> Result<(), Error> {
    match cli.command {
        Command::Run(args) => run(args),
        Command::Games => {
            games();
            Ok(())
        }
        Command::Demo(args) => demo(args),
        Command::Play(args) => play(args),
        Command::Perft(args) => perft(args),
        Command::Render(args) => render(args),
        Command::Step(args) => step(args),
        Command::Compare(args) => compare_cmd::compare(args),
    }
}

fn usage(msg: impl Into<String>) -> Error {
    Error::Usage(msg.into())
}

/// Builds the search input from the command-line options, rejecting options that do not fit.
fn build_input(a: &InputArgs) -> Result<Input, Error> {
    let root = a.root.map(|r| match r {
        RootArg::Max => Player::Max,
        RootArg::Min => Player::Min,
    });
    let is_game = a.game.is_some();
    if !is_game {
        for (set, flag) in [
            (a.position.is_some(), "--position"),
            (a.depth.is_some(), "--depth"),
            (a.eval.is_some(), "--eval"),
        ] {
            if set {
                return Err(usage(format!(
                    "{flag} applies to games (--game); trees are searched to their leaves"
                )));
            }
        }
    }
    if a.random.is_none() {
        for (set, flag) in [(a.values.is_some(), "--values"), (a.ordering.is_some(), "--ordering")] {
            if set {
                return Err(usage(format!("{flag} applies to random trees (--random B,D[,SEED])")));
            }
        }
    }
    if !is_game {
        for kind in [OptionKind::Order, OptionKind::Notation, OptionKind::Variant] {
            if game_options(a).get(kind).is_some() {
                return Err(usage(registry::applies_to(kind)));
            }
        }
    }
    if is_game && root.is_some() {
        return Err(usage("--root applies to trees; in a game the position says who is to move"));
    }
    if let Some(text) = &a.tree {
        return Input::from_tree_text(text, root);
    }
    if let Some(path) = &a.tree_file {
        let text = if path.as_os_str() == "-" {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|source| Error::Io { path: path.clone(), source })?;
            s
        } else {
            std::fs::read_to_string(path).map_err(|source| Error::Io { path: path.clone(), source })?
        };
        return Input::from_tree_text(&text, root);
    }
    if let Some(shape) = &a.random {
        let (branching, depth, seed) = RandomTree::parse_shape(shape).map_err(usage)?;
        let values = RandomTree::parse_values(a.values.as_deref().unwrap_or("0..20")).map_err(usage)?;
        let ordering: Ordering = a.ordering.as_deref().unwrap_or("natural").parse().map_err(usage)?;
        return Ok(Input::Random(RandomTree {
            branching,
            depth,
            seed,
            values,
            ordering,
            root_player: root.unwrap_or(Player::Max),
        }));
    }
    if let Some(name) = &a.game {
        let game = registry::find(name)?;
        return GameInput::new(game, &game_options(a), a.depth).map(Input::Game);
    }
    Err(usage(
        "no input: give one of --tree '((3 12 8) (2 4 6) (14 5 2))', --tree-file FILE, --random B,D[,SEED] or --game NAME",
    ))
}

/// The game options as typed.
fn game_options(a: &InputArgs) -> GameOptions {
    GameOptions {
        position: a.position.clone(),
        eval: a.eval.clone(),
        order: a.order.clone(),
        notation: a.notation.clone(),
        variant: a.variant.clone(),
    }
}

fn perft(args: PerftArgs) -> Result<(), Error> {
    let game = registry::find(&args.game)?;
    let options = GameOptions { position: args.fen.clone(), ..Default::default() };
    let report = game.perft(&options, args.depth, args.divide)?;
    emit(None, &report.render())
}

fn run(args: RunArgs) -> Result<(), Error> {
    let algo: Algorithm = args.algo.parse().map_err(usage)?;
    if args.stats_only && args.format != FormatArg::Json {
        return Err(usage("--stats-only goes with --format json"));
    }
    let input = build_input(&args.input)?;
    let opts = RunOptions { max_nodes: args.max_nodes, ..RunOptions::default() };
    let format = format_of(args.format);
    let view = view_options(format, args.max_depth, args.stats_only, &args.view)?;
    let trace = if args.stats_only {
        // Counting only: no nodes or events are kept, so huge searches fit in memory.
        let (value, stats) = input.count(algo, args.max_nodes)?;
        abviz::trace::Trace::stats_only(algo, input.info(), value, stats)
    } else {
        input.trace(algo, &opts)?
    };
    draw(&trace, format, &view, args.view.render, args.output.as_deref())
}

fn format_of(f: FormatArg) -> Format {
    match f {
        FormatArg::Text => Format::Text,
        FormatArg::Json => Format::Json,
        FormatArg::Dot => Format::Dot,
        FormatArg::Svg => Format::Svg,
        FormatArg::Tikz => Format::Tikz,
        FormatArg::Html => Format::Html,
    }
}

/// The view options, rejecting diagram options given with a format that does not use them.
fn view_options(
    format: Format,
    max_depth: Option<u32>,
    stats_only: bool,
    v: &ViewArgs,
) -> Result<ViewOptions, Error> {
    let diagram = matches!(format, Format::Dot | Format::Svg | Format::Tikz | Format::Html);
    if !diagram {
        for (set, flag) in [
            (v.labels.is_some(), "--labels"),
            (v.show_pruned.is_some(), "--show-pruned"),
            (v.pv_only, "--pv-only"),
            (v.collapse.is_some(), "--collapse"),
            (v.rankdir.is_some(), "--rankdir"),
            (v.style.is_some(), "--style"),
            (v.no_legend, "--no-legend"),
        ] {
            if set {
                return Err(usage(format!(
                    "{flag} applies to diagrams: use it with --format dot, svg, tikz or html"
                )));
            }
        }
    }
    if v.tikz_steps && format != Format::Tikz {
        return Err(usage("--tikz-steps makes beamer overlays: use it with --format tikz"));
    }
    if v.render.is_some() && format != Format::Dot {
        return Err(usage(
            "--render runs Graphviz on the DOT graph: use it with --format dot (--format svg needs no Graphviz)",
        ));
    }
    let labels = match &v.labels {
        Some(l) => l.parse().map_err(usage)?,
        None => Default::default(),
    };
    let collapse = match &v.collapse {
        Some(c) => Some(c.parse().map_err(usage)?),
        None => None,
    };
    Ok(ViewOptions {
        max_depth,
        stats_only,
        labels,
        show_pruned: match v.show_pruned {
            Some(ShowPrunedArg::None) => ShowPruned::None,
            Some(ShowPrunedArg::Edges) => ShowPruned::Edges,
            Some(ShowPrunedArg::Subtrees) | None => ShowPruned::Subtrees,
        },
        pv_only: v.pv_only,
        collapse,
        rankdir: match v.rankdir {
            Some(RankDirArg::Lr) => RankDir::LeftRight,
            Some(RankDirArg::Tb) | None => RankDir::TopBottom,
        },
        style: match v.style {
            Some(StyleArg::Boxes) => Style::Boxes,
            Some(StyleArg::Triangles) | None => Style::Triangles,
        },
        tikz_steps: v.tikz_steps,
        no_legend: v.no_legend,
    })
}

/// Beamer overlays per event: past this many, pdflatex would take minutes and nobody would
/// step through them in a lecture.
const MAX_TIKZ_STEPS: usize = 1000;

/// Exports `trace` and writes it (through Graphviz when `render` asks for it).
fn draw(
    trace: &abviz::trace::Trace,
    format: Format,
    view: &ViewOptions,
    render: Option<RenderArg>,
    output: Option<&std::path::Path>,
) -> Result<(), Error> {
    if view.tikz_steps && trace.events.len() > MAX_TIKZ_STEPS {
        return Err(usage(format!(
            "--tikz-steps makes one overlay per event, and this search has {} events (at most {MAX_TIKZ_STEPS}); use a smaller tree",
            trace.events.len()
        )));
    }
    if format == Format::Html {
        return write_html(trace, view, output);
    }
    let text = format.exporter().export(trace, view);
    let Some(kind) = render else { return emit(output, &text) };
    let kind = match kind {
        RenderArg::Svg => "svg",
        RenderArg::Png => "png",
        RenderArg::Pdf => "pdf",
    };
    if output.is_none() && kind != "svg" && std::io::stdout().is_terminal() {
        return Err(usage(format!(
            "--render {kind} writes binary data: give -o FILE.{kind} or pipe it into a file"
        )));
    }
    let bytes = run_dot(&text, kind)?;
    emit_bytes(output, &bytes)
}

/// `--format html -o DIR`: the page (DIR/index.html) and its board pictures, written as a whole.
fn write_html(
    trace: &abviz::trace::Trace,
    view: &ViewOptions,
    output: Option<&std::path::Path>,
) -> Result<(), Error> {
    let Some(dir) = output else {
        return Err(usage(
            "--format html writes a folder (the page, index.html, and the pictures it shows): give -o DIR",
        ));
    };
    if trace.nodes.is_empty() {
        return Err(usage(
            "this trace has no nodes or events (it was written with --stats-only): the HTML page replays a full trace",
        ));
    }
    let page = abviz::export::html::page(trace, view, &Default::default());
    let mut files = page.files;
    files.push(abviz::export::site::SiteFile::text("index.html", page.html));
    abviz::export::site::write_site(dir, &files)?;
    if std::io::stderr().is_terminal() {
        eprintln!("wrote {}", dir.join("index.html").display());
    }
    Ok(())
}

/// Pipes DOT text through Graphviz's `dot -T<kind>`.
fn run_dot(dot: &str, kind: &str) -> Result<Vec<u8>, Error> {
    use std::process::{Command as Proc, Stdio};
    let mut child = Proc::new("dot")
        .arg(format!("-T{kind}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                Error::Render(
                    "--render needs Graphviz's `dot`, which is not installed. Install it with \
                     `apt-get install graphviz` (Debian/Ubuntu), `dnf install graphviz` (Fedora) or \
                     `brew install graphviz` (macOS); or use --format svg, which needs no Graphviz."
                        .into(),
                )
            } else {
                Error::Render(format!("could not start Graphviz's `dot`: {e}"))
            }
        })?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = dot.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().map_err(|e| Error::Render(format!("Graphviz's `dot` failed: {e}")))?;
    let _ = writer.join();
    if !out.status.success() {
        return Err(Error::Render(format!(
            "Graphviz's `dot -T{kind}` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(out.stdout)
}

/// `abviz render TRACE.json`.
fn render(args: RenderArgs) -> Result<(), Error> {
    let path = &args.trace;
    let text = if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|source| Error::Io { path: path.clone(), source })?;
        s
    } else {
        std::fs::read_to_string(path).map_err(|source| Error::Io { path: path.clone(), source })?
    };
    let trace = abviz::trace::Trace::from_json(&text)
        .map_err(|source| Error::TraceFile { path: path.clone(), source })?;
    let format = format_of(args.format);
    let view = view_options(format, args.max_depth, false, &args.view)?;
    draw(&trace, format, &view, args.view.render, args.output.as_deref())
}

fn emit(path: Option<&std::path::Path>, text: &str) -> Result<(), Error> {
    emit_bytes(path, text.as_bytes())
}

fn emit_bytes(path: Option<&std::path::Path>, bytes: &[u8]) -> Result<(), Error> {
    match path {
        Some(p) => {
            abviz::output::write_atomic(p, bytes)?;
            if std::io::stderr().is_terminal() {
                eprintln!("wrote {}", p.display());
            }
            Ok(())
        }
        None => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`abviz run ... | head`) is not an error worth a message.
            let _ = out.write_all(bytes);
            let _ = out.flush();
            Ok(())
        }
    }
}

/// Prints to standard output; a closed pipe (`abviz games | head -1`) ends the output quietly.
fn say(text: &str) {
    let _ = emit(None, text);
}

fn games() {
    let mut s = String::from("Games abviz can search (use --game NAME --position POS):\n\n");
    for g in GameId::ALL {
        let info = g.info();
        s.push_str(&format!("  {} — {}: {}\n", info.name, info.title, info.summary));
        s.push_str(&format!("    position: {}\n    example:  {}\n", info.notation, info.example));
    }
    s.push_str(
        "\nExplicit trees: --tree '((3 12 8) (2 4 6) (14 5 2))' (see README), random trees: --random B,D[,SEED].\n",
    );
    say(&s);
}

/// `abviz demo`: the lecture examples as an HTML site.
fn demo(args: DemoArgs) -> Result<(), Error> {
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
    if args.open
        && let Err(why) = abviz::demo::open_in_browser(&summary.index)
    {
        eprintln!("{why}; open {} yourself", summary.index.display());
    }
    Ok(())
}

/// `abviz step`: the full-screen stepper on a terminal, plain numbered lines otherwise.
fn step(args: StepArgs) -> Result<(), Error> {
    use abviz::step::{ColorChoice, Until, plain, state::Replay, tui};
    let trace = match &args.trace {
        Some(path) => {
            if args.algo.is_some() {
                return Err(usage(
                    "--algo does not apply to a saved trace: it was recorded with its own algorithm",
                ));
            }
            let a = &args.input;
            let search_flags = [
                (a.root.is_some(), "--root"),
                (a.values.is_some(), "--values"),
                (a.ordering.is_some(), "--ordering"),
                (a.position.is_some(), "--position"),
                (a.depth.is_some(), "--depth"),
                (a.eval.is_some(), "--eval"),
            ];
            if let Some((_, flag)) = search_flags.iter().find(|(set, _)| *set) {
                return Err(usage(format!("{flag} applies to a new search, not to a saved trace (--trace)")));
            }
            let text =
                std::fs::read_to_string(path).map_err(|source| Error::Io { path: path.clone(), source })?;
            abviz::trace::Trace::from_json(&text)
                .map_err(|source| Error::TraceFile { path: path.clone(), source })?
        }
        None => {
            let algo: Algorithm = args.algo.as_deref().unwrap_or("alphabeta").parse().map_err(usage)?;
            let input = build_input(&args.input)?;
            let opts =
                RunOptions { max_nodes: args.max_nodes, minimax_reference: false, ..RunOptions::default() };
            input.trace(algo, &opts)?
        }
    };
    if trace.events.is_empty() {
        return Err(usage("this trace has no events to step through (was it saved with --stats-only?)"));
    }
    let until: Option<Until> = args.until.as_deref().map(str::parse).transpose().map_err(usage)?;
    let replay = Replay::new(&trace);
    let start = until.map(|u| u.resolve(&replay)).transpose().map_err(usage)?;
    let choice = match args.color {
        ColorArg::Auto => ColorChoice::Auto,
        ColorArg::Always => ColorChoice::Always,
        ColorArg::Never => ColorChoice::Never,
    };
    let no_color = std::env::var_os("NO_COLOR");
    let (stdin_tty, stdout_tty) = (std::io::stdin().is_terminal(), std::io::stdout().is_terminal());
    let color = choice.enabled(stdout_tty, no_color.as_deref());
    if !args.plain && stdin_tty && stdout_tty {
        return tui::run(&replay, start.unwrap_or(0), color)
            .map_err(|source| Error::Io { path: "the terminal".into(), source });
    }
    // Commands come from a pipe or file, or from a person at a terminal watching the output; with
    // the output going elsewhere and nobody typing, just print.
    let read_commands = !stdin_tty || stdout_tty;
    let until = start.unwrap_or(if read_commands { 0 } else { replay.last() });
    let opts = plain::PlainOptions { until, color, prompt: stdin_tty && stdout_tty };
    if opts.prompt {
        eprintln!("{} on {}: {} steps", trace.algorithm.title(), trace.input.description, replay.len());
        eprintln!("{}", plain::COMMANDS);
    }
    let stdin = std::io::stdin();
    let mut lock = stdin.lock();
    let input: Option<&mut dyn std::io::BufRead> = if read_commands { Some(&mut lock) } else { None };
    let result = plain::run(&replay, opts, input, &mut std::io::stdout().lock(), &mut std::io::stderr());
    match result {
        // A closed pipe (`abviz step ... | head`) is not an error worth a message.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map_err(|source| Error::Io { path: "standard output".into(), source }),
    }
}

/// Runs a human-vs-computer match on whatever game the input holds.
struct PlayTask {
    engine: abviz::play::Engine,
    first: FirstArg,
    explain: Option<std::path::PathBuf>,
}

impl abviz::input::GameTask for PlayTask {
    type Output = Result<(), Error>;
    fn run<G: abviz::game::Game>(
        mut self,
        game: G,
        depth: u32,
        info: abviz::trace::InputInfo,
    ) -> Self::Output {
        // The input's depth: what --depth says, or the game's default (tic-tac-toe: to the end).
        self.engine.depth = (depth != u32::MAX).then_some(depth);
        let human = match self.first {
            FirstArg::Human => game.to_move(),
            FirstArg::Computer => game.to_move().other(),
        };
        let explainer = self.explain.map(abviz::play::Explainer::new);
        let stdin = std::io::stdin();
        let mut m = abviz::play::Match::new(game, human, self.engine, info, explainer)
            .with_echo(!stdin.is_terminal());
        let mut out = std::io::stdout().lock();
        m.run(stdin.lock(), &mut out)?;
        if let Some(e) = m.explainer().filter(|e| !e.entries().is_empty()) {
            say(&format!("The computer's decisions are in {}\n", e.dir().join("index.html").display()));
        }
        Ok(())
    }
}

fn play(args: PlayArgs) -> Result<(), Error> {
    if args.input.game.is_none() {
        return Err(usage("abviz play needs a game: --game tictactoe (see `abviz games`)"));
    }
    let algo: Algorithm = args.algo.parse().map_err(usage)?;
    let time = match args.time {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            return Err(usage(format!("--time {t}: give a positive number of seconds")));
        }
        Some(t) => Some(std::time::Duration::from_secs_f64(t)),
        None => None,
    };
    let input = build_input(&args.input)?;
    // A folder that cannot be made should stop the game before it starts, not after a move.
    if let Some(dir) = &args.explain {
        std::fs::create_dir_all(dir).map_err(|source| Error::Io { path: dir.clone(), source })?;
    }
    let engine = abviz::play::Engine { algo, depth: args.input.depth, max_nodes: args.max_nodes, time };
    input.with_game(PlayTask { engine, first: args.first, explain: args.explain })
}
