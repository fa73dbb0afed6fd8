//! `abviz compare`: turns the options into cases (one input, a game at several depths, or a
//! sweep of random trees), runs them with a progress bar on a terminal, and writes the report.

use super::args::{CompareArgs, CompareFormat, InputArgs};
use super::draw::write;
use super::input::build_input;
use super::usage;
use abviz::Error;
use abviz::compare::{
    self, Case, Experiment, Layout, OutputFormat, Presentation, RandomSweep, Report, Source,
};
use abviz::export::Output;
use abviz::game::Player;
use abviz::game::random::Ordering;
use abviz::search::{Algorithm, Heuristics};
use clap::ValueEnum;

/// MCTS against minimax on one input: per iteration budget, how often its move is optimal.
fn compare_mcts(args: &CompareArgs, format: CompareFormat) -> Result<(), Error> {
    let s = &args.source;
    if s.tree.is_none() && s.tree_file.is_none() && s.random.is_none() && s.game.is_none() {
        return Err(usage(
            "--algos ...,mcts compares on one input: give --game, --tree, --tree-file or --random",
        ));
    }
    reject(
        &[
            (args.branching.is_some(), "--branching"),
            (args.order.as_deref().is_some_and(|o| o.contains(',')), "--order with several orders"),
            (args.measure.is_some(), "--measure"),
            (args.layout.is_some(), "--layout"),
        ],
        "MCTS against minimax",
    )?;
    let iterations =
        compare::parse_numbers("--iterations", args.iterations.as_deref().unwrap_or("100,1000,10000"))
            .map_err(usage)?;
    if iterations.contains(&0) {
        return Err(usage("--iterations: every budget needs at least one iteration"));
    }
    let mut input_args = input_args(args);
    if s.game.is_some() {
        input_args.depth = args.depth.as_deref().map(|d| d.parse()).transpose().map_err(|_| {
            usage("--depth with --algos ...,mcts takes one depth (MCTS and alpha-beta search to it)")
        })?;
    }
    let input = build_input(&input_args)?;
    let study =
        compare::mcts::Agreement::run(&input, &iterations, args.samples.unwrap_or(5), args.max_nodes)?;
    let text = match format.into() {
        OutputFormat::Table | OutputFormat::Markdown => compare::mcts::markdown(&study),
        OutputFormat::Csv => compare::mcts::csv(&study),
        OutputFormat::Json => compare::mcts::json(&study),
        OutputFormat::Html => compare::mcts::html(&study),
        OutputFormat::Svg | OutputFormat::Latex => {
            return Err(usage(
                "MCTS against minimax is written as table, md, csv, json or html, not as a chart picture or LaTeX",
            ));
        }
    };
    write(&Output::Text(text), args.output.as_deref())
}

/// Runs `abviz compare`.
pub fn compare(args: CompareArgs) -> Result<(), Error> {
    let format = report_format(args.format, args.output.as_deref())?;
    let algorithms = match &args.algos {
        Some(text) => compare::parse_algorithms(text)?,
        None if args.chance => vec![Algorithm::Expectimax, Algorithm::Star1, Algorithm::Star2],
        None => compare::default_algorithms(),
    };
    if algorithms.contains(&Algorithm::Mcts) {
        return compare_mcts(&args, format);
    }
    let presentation = presentation(&args, format)?;
    if args.iterations.is_some() {
        return Err(usage("--iterations goes with --algos ...,mcts"));
    }
    let cases =
        with_ties(with_quiescence(with_heuristics(cases(&args)?, &args, &algorithms)?, &args)?, &args)?;
    let algorithms = evaluable(algorithms, &cases, args.algos.is_some())?;
    let experiment = Experiment { cases, algorithms, max_nodes: args.max_nodes };
    let bar = super::progress::bar(experiment.work());
    let results = experiment.run(&|work| bar.inc(work));
    bar.finish_and_clear();
    let report = Report::new(&experiment, &results?);
    write(&rendered(&report, &presentation, format)?, args.output.as_deref())
}

/// The algorithms that can search every case: iterative deepening evaluates an explicit
/// tree's interior nodes by their static values, so on a tree without them it is refused when
/// `named` (the user listed it) and left out of the default set otherwise.
fn evaluable(algorithms: Vec<Algorithm>, cases: &[Case], named: bool) -> Result<Vec<Algorithm>, Error> {
    let unevaluable = cases.iter().find_map(|c| match &c.source {
        Source::Input(input) => input.check_static_values(Algorithm::Iterative).err(),
        _ => None,
    });
    match unevaluable {
        Some(e) if named && algorithms.contains(&Algorithm::Iterative) => Err(e),
        Some(_) => Ok(algorithms.into_iter().filter(|&a| a != Algorithm::Iterative).collect()),
        None => Ok(algorithms),
    }
}

/// One row per case and `--ordering-heuristics` set ("tt+killer"), when given.
fn with_heuristics(
    cases: Vec<Case>,
    args: &CompareArgs,
    algorithms: &[Algorithm],
) -> Result<Vec<Case>, Error> {
    let Some(list) = &args.ordering_heuristics else { return Ok(cases) };
    if !algorithms.contains(&Algorithm::Iterative) {
        return Err(usage("--ordering-heuristics applies to id: add id to --algos"));
    }
    if args.source.game.is_none() {
        return Err(usage("--ordering-heuristics applies to games (--game): trees come in their own order"));
    }
    let sets: Vec<Heuristics> = list
        .split(',')
        .map(|set| set.replace('+', ",").parse::<Heuristics>().map_err(usage))
        .collect::<Result<_, _>>()?;
    let mut out = Vec::with_capacity(cases.len() * sets.len());
    for case in &cases {
        for &h in &sets {
            let mut c = case.clone();
            c.settings.heuristics = h;
            let name = h.to_string().replace(',', "+");
            c.label = format!("{}, heuristics {name}", c.label);
            c.description = format!("{}, ordering heuristics {name}", c.description);
            out.push(c);
        }
    }
    Ok(out)
}

/// With `--ties prune,keep`, one row per case and tie rule (a single rule: every row under it).
fn with_ties(cases: Vec<Case>, args: &CompareArgs) -> Result<Vec<Case>, Error> {
    let Some(list) = &args.ties else { return Ok(cases) };
    let rules: Vec<abviz::Ties> =
        list.split(',').map(|r| r.trim().parse::<abviz::Ties>().map_err(usage)).collect::<Result<_, _>>()?;
    let mut out = Vec::with_capacity(cases.len() * rules.len());
    for case in &cases {
        for &ties in &rules {
            let mut c = case.clone();
            c.settings.ties = ties;
            if rules.len() > 1 || ties == abviz::Ties::Keep {
                let (ge, _) = ties.symbols();
                c.label = format!("{}, ties {ties}", c.label);
                c.description = format!("{}, cutting when α {ge} β", c.description);
            }
            out.push(c);
        }
    }
    Ok(out)
}

/// With `--quiescence`, each case twice: as it is, then searched on in quiescence at the depth
/// limit.
fn with_quiescence(cases: Vec<Case>, args: &CompareArgs) -> Result<Vec<Case>, Error> {
    if !args.quiescence {
        return Ok(cases);
    }
    if args.source.game.is_none() {
        return Err(usage("--quiescence applies to games with captures (--game xiangqi), not to trees"));
    }
    let mut out = Vec::with_capacity(cases.len() * 2);
    for case in cases {
        let mut q = case.clone();
        q.settings.quiescence = true;
        q.label = format!("{}, quiescence", q.label);
        q.description = format!("{}, with a quiescence search at the depth limit", q.description);
        out.push(case);
        out.push(q);
    }
    Ok(out)
}

/// The report's format: `--format` (agreeing with the `-o` extension), else the extension's,
/// else the terminal table.
fn report_format(
    given: Option<CompareFormat>,
    output: Option<&std::path::Path>,
) -> Result<CompareFormat, Error> {
    let ext = output.and_then(|p| p.extension()).and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let implied = match ext.as_deref() {
        Some("txt") => Some(CompareFormat::Table),
        Some("md") => Some(CompareFormat::Markdown),
        Some("csv") => Some(CompareFormat::Csv),
        Some("json") => Some(CompareFormat::Json),
        Some("html" | "htm") => Some(CompareFormat::Html),
        Some("svg") => Some(CompareFormat::Svg),
        Some("pdf") => Some(CompareFormat::Pdf),
        Some("tex") => Some(CompareFormat::Latex),
        _ => None,
    };
    let name = |f: CompareFormat| f.to_possible_value().map(|v| v.get_name().to_string()).unwrap_or_default();
    match (given, implied) {
        (None, None) if ext.is_some() => Err(usage(format!(
            "-o names a .{} file, which compare does not write: name it .txt, .md, .csv, .json, .html, .svg, .pdf or .tex, or give --format to write this name anyway",
            ext.unwrap_or_default()
        ))),
        (Some(f), Some(e)) if f != e => Err(usage(format!(
            "--format {f} writes {f}, but -o names a .{} file ({e}): drop --format {f} to write {e}, or change the name",
            ext.unwrap_or_default(),
            f = name(f),
            e = name(e),
        ))),
        (Some(f), _) => Ok(f),
        (None, e) => Ok(e.unwrap_or(CompareFormat::Table)),
    }
}

/// The format with `--layout` and `--measure`, read and checked by the engine.
fn presentation(args: &CompareArgs, format: CompareFormat) -> Result<Presentation, Error> {
    let layout = args.layout.as_deref().map(str::parse::<Layout>).transpose()?;
    let measures = args.measure.as_deref().map(compare::parse_measures).transpose()?;
    Ok(Presentation::new(format.into(), layout, measures)?)
}

/// The report as `presentation` and `format` say: text, or for a PDF the chart picture
/// rendered.
fn rendered(report: &Report, presentation: &Presentation, format: CompareFormat) -> Result<Output, Error> {
    let text = compare::render_with(report, presentation);
    if format == CompareFormat::Pdf {
        return Ok(Output::Bytes(abviz::export::svg_to_pdf(&text)?));
    }
    Ok(Output::Text(text))
}

/// Fails if any of `flags` (set, name) is set: they do not apply to `what`.
fn reject(flags: &[(bool, &str)], what: &str) -> Result<(), Error> {
    match flags.iter().find(|(set, _)| *set) {
        Some((_, flag)) => Err(usage(format!("{flag} does not apply to {what}"))),
        None => Ok(()),
    }
}

fn input_args(a: &CompareArgs) -> InputArgs {
    InputArgs { source: a.source.clone(), order: a.order.clone(), ..InputArgs::default() }
}

fn cases(a: &CompareArgs) -> Result<Vec<Case>, Error> {
    let s = &a.source;
    let sweep_flags = [
        (a.branching.is_some(), "--branching"),
        (a.samples.is_some(), "--samples"),
        (a.seed.is_some(), "--seed"),
    ];
    if s.tree.is_some() || s.tree_file.is_some() {
        reject(&sweep_flags, "a single tree")?;
        reject(
            &[(a.depth.is_some(), "--depth"), (a.ordering.is_some(), "--ordering")],
            "an explicit tree (it is searched to its leaves)",
        )?;
        return Ok(vec![compare::input_case(build_input(&input_args(a))?)]);
    }
    if s.random.is_some() {
        reject(
            &sweep_flags,
            "--random B,D[,SEED] (one tree; for a sweep give --branching and --depth instead)",
        )?;
        reject(&[(a.depth.is_some(), "--depth")], "--random B,D[,SEED] (the depth is D)")?;
        let orderings = match &a.ordering {
            Some(text) => compare::parse_orderings(text)?,
            None => vec![Ordering::Natural],
        };
        return orderings
            .into_iter()
            .map(|o| {
                let args = InputArgs { ordering: Some(o.to_string()), ..input_args(a) };
                build_input(&args).map(compare::input_case)
            })
            .collect();
    }
    if s.game.is_some() {
        reject(&sweep_flags, "games")?;
        reject(&[(a.ordering.is_some(), "--ordering")], "games (moves come in the game's own order)")?;
        let depths: Vec<Option<u32>> = match &a.depth {
            Some(text) => {
                compare::parse_numbers("--depth", text).map_err(usage)?.into_iter().map(Some).collect()
            }
            None => vec![None],
        };
        // Move orders (--order natural,captures): one case per order and depth, so the table
        // shows what a better order saves.
        let orders: Vec<Option<String>> = match &a.order {
            Some(text) => text.split(',').map(|o| Some(o.trim().to_string())).collect(),
            None => vec![None],
        };
        let mut cases = Vec::new();
        for order in &orders {
            for &depth in &depths {
                let args = InputArgs { depth, order: order.clone(), ..input_args(a) };
                let mut case = compare::input_case(build_input(&args)?);
                if let Some(o) = order {
                    case.label = format!("{} ({o} order)", case.label);
                }
                cases.push(case);
            }
        }
        return Ok(cases);
    }
    // A sweep of random trees.
    reject(
        &[
            (s.position.is_some(), "--position"),
            (s.eval.is_some(), "--eval"),
            (a.order.is_some(), "--order"),
            (s.variant.is_some(), "--variant"),
        ],
        "random trees",
    )?;
    let (Some(branching), Some(depth)) = (&a.branching, &a.depth) else {
        return Err(usage(
            "no input: give --tree TREE, --tree-file FILE, --random B,D[,SEED] or --game NAME, or sweep random trees with --branching 2..4 --depth 1..8",
        ));
    };
    let sweep = RandomSweep {
        branching: compare::parse_numbers("--branching", branching).map_err(usage)?,
        depth: compare::parse_numbers("--depth", depth).map_err(usage)?,
        orderings: compare::parse_orderings(a.ordering.as_deref().unwrap_or(if a.chance {
            "random"
        } else {
            "best,random,worst"
        }))?,
        chance: a.chance,
        samples: a.samples.unwrap_or(10),
        seed: a.seed.unwrap_or(1),
        values: abviz::request::leaf_values(s.values.as_deref().unwrap_or("0..20"))?,
        root: s.root.unwrap_or(Player::Max),
    };
    Ok(sweep.cases(a.max_nodes)?)
}
