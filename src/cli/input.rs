//! Turning the input flags into an [`Input`], rejecting flags that do not fit the input; and the
//! help of the game flags, written from the registry.

use super::args::{InputArgs, MctsArgs, SettingsArgs, ShapeArgs};
use super::usage;
use abviz::Error;
use abviz::game::registry::GameOptions;
use abviz::input::Input;
use abviz::request::{self, InputRequest, SearchRequest};
use abviz::search::{Algorithm, MctsOptions};
use std::io::Read;
use std::path::Path;

/// The options of MCTS from the command line; refused for another algorithm.
pub fn mcts_options(algo: Algorithm, a: &MctsArgs) -> Result<MctsOptions, Error> {
    let r = SearchRequest {
        iterations: a.iterations,
        exploration: a.uct_c,
        seed: a.seed,
        playout_limit: a.playout_limit,
        ..SearchRequest::default()
    };
    Ok(r.mcts_options(algo, MctsOptions::default())?)
}

/// Everything `abviz run` and `abviz step` ask of a search, as the engine's request.
pub fn search_request(
    max_nodes: u64,
    time: Option<f64>,
    s: &SettingsArgs,
    m: &MctsArgs,
    record_playouts: bool,
) -> SearchRequest {
    SearchRequest {
        max_nodes: Some(max_nodes),
        time,
        record_playouts,
        guess: s.guess.clone(),
        window: s.window.map(u64::from),
        heuristics: s.ordering_heuristics.clone(),
        quiescence: s.quiescence,
        ties: s.ties,
        bounds: s.bounds.clone(),
        iterations: m.iterations,
        exploration: m.uct_c,
        seed: m.seed,
        playout_limit: m.playout_limit,
        ..SearchRequest::default()
    }
}

/// The `--time` limit in seconds, refused unless positive and finite.
pub fn time_limit(seconds: Option<f64>) -> Result<Option<std::time::Duration>, Error> {
    Ok(request::time_limit(seconds)?)
}

/// Builds the search input from the command-line options, rejecting options that do not fit.
pub fn build_input(a: &InputArgs) -> Result<Input, Error> {
    let s = &a.source;
    let request = InputRequest {
        tree: s.tree.clone(),
        tree_file: s.tree_file.as_deref().map(read_text).transpose()?,
        random: s.random.clone(),
        values: s.values.clone(),
        game: s.game.clone(),
        depth: a.depth,
        ordering: a.ordering.clone(),
        root: s.root,
        max_tree_nodes: s.max_tree_nodes,
        default_max_tree_nodes: max_tree_nodes_from_environment()?,
        game_options: game_options(a),
    };
    request.input()
}

/// The node limit of an explicit tree where `--max-tree-nodes` does not give one:
/// `ABVIZ_MAX_TREE_NODES`, if set.
fn max_tree_nodes_from_environment() -> Result<Option<u64>, Error> {
    match std::env::var("ABVIZ_MAX_TREE_NODES") {
        Ok(v) => v.trim().parse().map(Some).map_err(|_| {
            usage(format!(
                "ABVIZ_MAX_TREE_NODES must be a whole number of nodes, such as 100000000; it is {}",
                abviz::safe_text::for_terminal(&v)
            ))
        }),
        Err(_) => Ok(None),
    }
}

/// The leaf bounds of `--bounds L..U` for the sheets, the practice page and the quiz, which
/// only Star1 and Star2 prune with.
pub fn star_bounds(
    algo: Algorithm,
    text: Option<&str>,
) -> Result<Option<(abviz::Score, abviz::Score)>, Error> {
    Ok(request::star_bounds(algo, text)?)
}

/// The game options as typed.
fn game_options(a: &InputArgs) -> GameOptions {
    let shape = &a.source.shape;
    GameOptions {
        position: a.source.position.clone(),
        eval: a.source.eval.clone(),
        order: a.order.clone(),
        notation: a.notation.clone(),
        variant: a.source.variant.clone(),
        ..shape_options(shape)
    }
}

/// The whole-number game options as typed.
pub fn shape_options(shape: &ShapeArgs) -> GameOptions {
    GameOptions {
        size: shape.size.clone(),
        radius: shape.radius.clone(),
        pits: shape.pits.clone(),
        seeds: shape.seeds.clone(),
        ..GameOptions::default()
    }
}

/// The text of a file, or of standard input for `-`.
/// Reads a trace file (`-`: standard input) as it streams in.
pub fn read_trace_file(path: &Path) -> Result<abviz::trace::Trace, Error> {
    let traced = |source| Error::TraceFile { path: path.to_path_buf(), source };
    if path.as_os_str() == "-" {
        abviz::search::read_trace_from(std::io::stdin().lock()).map_err(traced)
    } else {
        let file =
            std::fs::File::open(path).map_err(|source| Error::Io { path: path.to_path_buf(), source })?;
        abviz::search::read_trace_from(file).map_err(traced)
    }
}

/// Reads a whole text file (`-`: standard input).
pub fn read_text(path: &Path) -> Result<String, Error> {
    let io = |source| Error::Io { path: path.to_path_buf(), source };
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(io)?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::args::SourceArgs;

    #[test]
    fn options_for_other_inputs_are_refused() {
        let tree = |f: fn(&mut InputArgs)| {
            let source = SourceArgs { tree: Some("(1 2)".into()), ..Default::default() };
            let mut a = InputArgs { source, ..Default::default() };
            f(&mut a);
            crate::cli::words::report(build_input(&a).unwrap_err()).to_string()
        };
        let random = |f: fn(&mut InputArgs)| {
            let source = SourceArgs { random: Some("2,3".into()), ..Default::default() };
            let mut a = InputArgs { source, ..Default::default() };
            f(&mut a);
            crate::cli::words::report(build_input(&a).unwrap_err()).to_string()
        };
        assert!(
            random(|a| a.depth = Some(2)).contains("--depth applies to games (--game) and explicit trees")
        );
        assert!(tree(|a| a.source.position = Some("x".into())).contains("--position applies to games"));
        let order = tree(|a| a.order = Some("captures".into()));
        assert!(order.starts_with("--order applies to xiangqi"), "{order}");
        let variant = tree(|a| a.source.variant = Some("misere".into()));
        assert!(variant.starts_with("--variant applies to nim"), "{variant}");
        let size = tree(|a| a.source.shape.size = Some("9".into()));
        assert!(size.starts_with("--size applies to "), "{size}");
        assert_eq!(tree(|a| a.source.eval = Some("win".into())), "--eval applies to games (--game NAME)");
    }
}
