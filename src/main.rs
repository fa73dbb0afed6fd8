//! The `abviz` command: parses arguments, calls the library, renders errors with miette.

mod cli;
mod compare_cmd;

use abviz::Error;
use abviz::export::{Format, ViewOptions};
use abviz::game::Player;
use abviz::game::random::{Ordering, RandomTree};
use abviz::game::tictactoe::{TicTacToe, TttEval};
use abviz::input::{GAMES, Input, RunOptions};
use abviz::search::Algorithm;
use clap::Parser;
use cli::{Cli, Command, FormatArg, InputArgs, RootArg, RunArgs};
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli) {
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
        Command::Demo(_) => demo(),
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
        return match name.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "tictactoe" | "ttt" => {
                let eval: TttEval = a.eval.as_deref().unwrap_or("win").parse().map_err(usage)?;
                let game = match &a.position {
                    Some(p) => TicTacToe::parse(p, eval).map_err(|e| Error::Position(e.0))?,
                    None => TicTacToe::new(eval),
                };
                Ok(Input::TicTacToe { game, depth: a.depth })
            }
            _ => {
                let names: Vec<&str> = GAMES.iter().map(|g| g.0).collect();
                Err(usage(format!("unknown game '{name}': abviz knows {}", names.join(", "))))
            }
        };
    }
    Err(usage(
        "no input: give one of --tree '((3 12 8) (2 4 6) (14 5 2))', --tree-file FILE, --random B,D[,SEED] or --game NAME",
    ))
}

fn run(args: RunArgs) -> Result<(), Error> {
    let algo: Algorithm = args.algo.parse().map_err(usage)?;
    if args.stats_only && args.format != FormatArg::Json {
        return Err(usage("--stats-only goes with --format json"));
    }
    let input = build_input(&args.input)?;
    let opts = RunOptions { max_nodes: args.max_nodes, ..RunOptions::default() };
    let format = match args.format {
        FormatArg::Text => Format::Text,
        FormatArg::Json => Format::Json,
    };
    let trace = if args.stats_only {
        // Counting only: no nodes or events are kept, so huge searches fit in memory.
        let (value, stats) = input.count(algo, args.max_nodes)?;
        abviz::trace::Trace::stats_only(algo, input.info(), value, stats)
    } else {
        input.trace(algo, &opts)?
    };
    let view = ViewOptions { max_depth: args.max_depth, stats_only: args.stats_only };
    let text = format.exporter().export(&trace, &view);
    emit(args.output.as_deref(), &text)
}

fn emit(path: Option<&std::path::Path>, text: &str) -> Result<(), Error> {
    match path {
        Some(p) => {
            abviz::output::write_atomic(p, text.as_bytes())?;
            if std::io::stderr().is_terminal() {
                eprintln!("wrote {}", p.display());
            }
            Ok(())
        }
        None => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`abviz run ... | head`) is not an error worth a message.
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
            Ok(())
        }
    }
}

fn games() {
    println!("Games abviz can search (use --game NAME --position POS):\n");
    for (name, notation, example) in GAMES {
        println!("  {name}");
        println!("    position: {notation}");
        println!("    example:  {example}");
    }
    println!(
        "\nExplicit trees: --tree '((3 12 8) (2 4 6) (14 5 2))' (see README), random trees: --random B,D[,SEED]."
    );
}

fn demo() -> Result<(), Error> {
    let input = Input::from_tree_text(AIMA, None)?;
    let trace = input.trace(Algorithm::AlphaBeta, &RunOptions::default())?;
    let text = Format::Text.exporter().export(&trace, &ViewOptions::default());
    println!("The AIMA tree (Russell & Norvig, Fig. 5.2) searched by alpha-beta:\n");
    print!("{text}");
    println!("\nTry: abviz run --tree '((3 12 8) (2 4 6) (14 5 2))' --algo minimax");
    Ok(())
}

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";
