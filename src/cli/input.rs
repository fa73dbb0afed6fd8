//! Turning the input flags into an [`Input`], rejecting flags that do not fit the input; and the
//! help of the game flags, written from the registry.

use super::args::{InputArgs, MctsArgs, SettingsArgs, ShapeArgs, SourceArgs};
use super::usage;
use abviz::Error;
use abviz::game::Player;
use abviz::game::random::{Ordering, RandomTree};
use abviz::game::registry::{self, GameOptions, OptionKind};
use abviz::game::tree_arena::DEFAULT_MAX_TREE_NODES;
use abviz::input::{GameInput, Input};
use abviz::search::{Algorithm, MctsOptions, Settings};
use std::io::Read;
use std::path::Path;

/// The options of MCTS from the command line; refused for another algorithm.
pub fn mcts_options(algo: Algorithm, a: &MctsArgs) -> Result<MctsOptions, Error> {
    let mut o = MctsOptions::default();
    if !algo.is_mcts() {
        let set = [
            (a.iterations.is_some(), "--iterations"),
            (a.uct_c.is_some(), "--uct-c"),
            (a.seed.is_some(), "--seed"),
        ];
        if let Some((_, flag)) = set.iter().find(|(set, _)| *set) {
            return Err(usage(format!("{flag} applies to --algo mcts")));
        }
        return Ok(o);
    }
    match a.iterations {
        Some(0) => return Err(usage("--iterations 0: give at least one iteration")),
        Some(n) => o.iterations = n,
        None => {}
    }
    match a.uct_c {
        Some(c) if !(c >= 0.0 && c.is_finite()) => {
            return Err(usage(format!("--uct-c {c}: give a finite number ≥ 0")));
        }
        Some(c) => o.exploration = c,
        None => {}
    }
    if let Some(seed) = a.seed {
        o.seed = seed;
    }
    Ok(o)
}

/// `--record-playouts`, refused for an algorithm other than MCTS.
pub fn record_playouts(algo: Algorithm, on: bool) -> Result<bool, Error> {
    if on && !algo.is_mcts() {
        return Err(usage("--record-playouts applies to --algo mcts"));
    }
    Ok(on)
}

/// The `--time` limit in seconds, refused unless positive and finite.
pub fn time_limit(seconds: Option<f64>) -> Result<Option<std::time::Duration>, Error> {
    match seconds {
        Some(t) if !(t > 0.0 && t.is_finite() && t <= 1e9) => {
            Err(usage(format!("--time {t}: give a positive number of seconds")))
        }
        Some(t) => Ok(Some(std::time::Duration::from_secs_f64(t))),
        None => Ok(None),
    }
}

/// Builds the search input from the command-line options, rejecting options that do not fit.
pub fn build_input(a: &InputArgs) -> Result<Input, Error> {
    let options = game_options(a);
    let s = &a.source;
    if s.game.is_none() {
        if s.position.is_some() {
            return Err(usage("--position applies to games (--game); a tree starts at its root"));
        }
        if a.depth.is_some() && s.tree.is_none() && s.tree_file.is_none() {
            return Err(usage(
                "--depth applies to games (--game) and explicit trees (--tree, --tree-file); a random tree is searched to its leaves (its depth is --random's D)",
            ));
        }
        if let Some(kind) = OptionKind::ALL.into_iter().find(|&k| options.get(k).is_some()) {
            return Err(usage(super::words::applies_to(kind)));
        }
    }
    if s.random.is_none() && s.values.is_some() {
        return Err(usage("--values applies to random trees (--random B,D[,SEED])"));
    }
    if s.game.is_some() && a.ordering.is_some() {
        return Err(usage(
            "--ordering applies to trees (--tree, --tree-file, --random); a game orders its moves with --order",
        ));
    }
    if s.game.is_some() && s.root.is_some() {
        return Err(usage("--root applies to trees; in a game the position says who is to move"));
    }
    if s.max_tree_nodes.is_some() && s.tree.is_none() && s.tree_file.is_none() {
        return Err(usage("--max-tree-nodes applies to explicit trees (--tree, --tree-file)"));
    }
    let explicit = match (&s.tree, &s.tree_file) {
        (Some(text), _) => Some(Input::from_tree_text_within(text, s.root, max_tree_nodes(s)?)?),
        (None, Some(path)) => {
            Some(Input::from_tree_text_within(&read_text(path)?, s.root, max_tree_nodes(s)?)?)
        }
        (None, None) => None,
    };
    if let Some(input) = explicit {
        // The same tree, its children reordered by value (the leaves stay the same), searched
        // to --depth (its interior nodes there evaluated by their static values).
        let input = input.with_tree_depth(a.depth);
        return match a.ordering.as_deref() {
            Some(o) => Ok(input.reordered(o.parse().map_err(usage)?)),
            None => Ok(input),
        };
    }
    if let Some(shape) = &s.random {
        let (branching, depth, seed) = RandomTree::parse_shape(shape).map_err(usage)?;
        let values = RandomTree::parse_values(s.values.as_deref().unwrap_or("0..20")).map_err(usage)?;
        let ordering: Ordering = a.ordering.as_deref().unwrap_or("natural").parse().map_err(usage)?;
        return Ok(Input::Random(RandomTree {
            branching,
            depth,
            seed,
            values,
            ordering,
            root_player: s.root.unwrap_or(Player::Max),
        }));
    }
    if let Some(name) = &s.game {
        return GameInput::new(registry::find(name)?, &options, a.depth).map(Input::Game);
    }
    Err(usage(
        "no input: give one of --tree '((3 12 8) (2 4 6) (14 5 2))', --tree-file FILE, --random B,D[,SEED] or --game NAME",
    ))
}

/// The node limit of an explicit tree: `--max-tree-nodes`, else `ABVIZ_MAX_TREE_NODES`, else
/// [`DEFAULT_MAX_TREE_NODES`].
fn max_tree_nodes(s: &SourceArgs) -> Result<u64, Error> {
    if let Some(n) = s.max_tree_nodes {
        return Ok(n);
    }
    match std::env::var("ABVIZ_MAX_TREE_NODES") {
        Ok(v) => v.trim().parse().map_err(|_| {
            usage(format!(
                "ABVIZ_MAX_TREE_NODES must be a whole number of nodes, such as 100000000; it is {}",
                abviz::safe_text::for_terminal(&v)
            ))
        }),
        Err(_) => Ok(DEFAULT_MAX_TREE_NODES),
    }
}

/// The refinements' settings for `algo`, refusing a setting `algo` does not take.
pub fn settings(algo: Algorithm, a: &SettingsArgs) -> Result<Settings, Error> {
    let takes = |algos: &[Algorithm]| algos.contains(&algo);
    let flags = [
        (
            a.guess.is_some(),
            "--guess",
            takes(&[Algorithm::Mtdf, Algorithm::Aspiration]),
            "mtdf and aspiration",
        ),
        (a.window.is_some(), "--window", takes(&[Algorithm::Aspiration]), "aspiration"),
        (a.ordering_heuristics.is_some(), "--ordering-heuristics", takes(&[Algorithm::Iterative]), "id"),
        (
            a.bounds.is_some(),
            "--bounds",
            takes(&[Algorithm::Star1, Algorithm::Star2, Algorithm::Expectimax]),
            "star1, star2 and expectimax",
        ),
    ];
    if let Some((_, flag, _, which)) = flags.iter().find(|(set, _, fits, _)| *set && !fits) {
        return Err(usage(format!("{flag} applies to --algo {which}, not to --algo {algo}")));
    }
    let mut settings = Settings::default();
    if let Some(text) = &a.guess {
        settings.guess = abviz::Score::parse(text.trim()).ok_or_else(|| {
            usage(format!("--guess '{text}' is not a value: expected a number like 3 or -12"))
        })?;
    }
    if let Some(window) = a.window {
        if window == 0 {
            return Err(usage("--window 0 is an empty window: give a half-width of 1 or more"));
        }
        settings.window = window;
    }
    if let Some(text) = &a.ordering_heuristics {
        settings.heuristics = text.parse().map_err(usage)?;
    }
    settings.quiescence = a.quiescence;
    settings.ties = a.ties.unwrap_or_default();
    if let Some(text) = &a.bounds {
        settings.bounds = Some(parse_bounds(text)?);
    }
    Ok(settings)
}

/// The leaf bounds of `--bounds L..U` for the sheets, the practice page and the quiz, which
/// only Star1 and Star2 prune with.
pub fn star_bounds(
    algo: Algorithm,
    text: Option<&str>,
) -> Result<Option<(abviz::Score, abviz::Score)>, Error> {
    let Some(text) = text else { return Ok(None) };
    if !abviz::exercise::chance::prunes_chance(algo) {
        return Err(usage(format!("--bounds applies to --algo star1 and star2, not to --algo {algo}")));
    }
    parse_bounds(text).map(Some)
}

/// `--bounds L..U`: two values, L below U.
fn parse_bounds(text: &str) -> Result<(abviz::Score, abviz::Score), Error> {
    let bad = || {
        usage(format!(
            "--bounds '{}' is not a range of leaf values: write L..U with L below U, e.g. --bounds=-10..10",
            abviz::safe_text::for_terminal(text)
        ))
    };
    let (l, u) = text.trim().split_once("..").ok_or_else(bad)?;
    let (l, u) =
        (abviz::Score::parse(l.trim()).ok_or_else(bad)?, abviz::Score::parse(u.trim()).ok_or_else(bad)?);
    if l >= u || l.is_infinite() || u.is_infinite() {
        return Err(bad());
    }
    Ok((l, u))
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
            build_input(&a).unwrap_err().to_string()
        };
        let random = |f: fn(&mut InputArgs)| {
            let source = SourceArgs { random: Some("2,3".into()), ..Default::default() };
            let mut a = InputArgs { source, ..Default::default() };
            f(&mut a);
            build_input(&a).unwrap_err().to_string()
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
