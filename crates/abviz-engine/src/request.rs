//! One request for a search — what to search and every option of how — declared and validated
//! here once, for every front end.
//!
//! A front end (the command line, the Python package, a page in the browser) fills an
//! [`InputRequest`] and a [`SearchRequest`] from its own spelling (`--uct-c 2`, `exploration=2`,
//! `{"exploration": 2}`) and asks for an [`Input`] and [`RunOptions`]. What it gets back is
//! either those or a [`RequestError`] that names the [`Opt`] at fault and says what is wrong in
//! a template, which the front end words with its own spelling of each option
//! ([`RequestError::worded`]): `--time 0: give a positive number of seconds` on the command line,
//! `time=0: give a positive number of seconds` in Python. The library's own wording
//! ([`Display`](std::fmt::Display)) spells each option by its [`Opt::key`].
//!
//! ```
//! use abviz_engine::request::{Opt, SearchRequest};
//! use abviz_engine::search::Algorithm;
//!
//! let bad = SearchRequest { iterations: Some(100), ..SearchRequest::default() };
//! let e = bad.run_options(Algorithm::AlphaBeta, Default::default()).unwrap_err();
//! assert_eq!(e.option, Opt::Iterations);
//! let flag = |o: Opt, value: Option<&str>| match (o, value) {
//!     (Opt::Algorithm, _) => "--algo".to_string(),
//!     (o, None) => format!("--{}", o.key().replace('_', "-")),
//!     (o, Some(v)) => format!("--{} {v}", o.key().replace('_', "-")),
//! };
//! assert_eq!(e.worded(flag), "--iterations applies to --algo mcts, not to --algo alphabeta");
//! ```

use crate::game::random::{Ordering, RandomTree};
use crate::game::registry::{self, GameId, GameOptions, OptionKind};
use crate::input::{GameInput, Input, RunOptions};
pub use crate::refusal::{Opt, RequestError};
use crate::refusal::{literal, quoted};
use crate::search::{Algorithm, Heuristics, MctsOptions, Setting, Settings};
use crate::{Error, Player, Score, Ties};
use std::time::Duration;

/// The options of a search as a front end received them, before they are checked.
///
/// It reads from JSON as the browser's page will send it: each option under its
/// [`Opt::key`] (`{"iterations": 100, "exploration": 1.5}`), an unknown key refused.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchRequest {
    /// Stop after this many nodes (at least 1).
    pub max_nodes: Option<u64>,
    /// The time limit in seconds (positive, at most 10⁹).
    pub time: Option<f64>,
    /// Record each node's position.
    pub positions: Option<bool>,
    /// Count a minimax search beside, where it is cheap.
    pub minimax_reference: Option<bool>,
    /// Count a minimax search beside, whatever it costs.
    pub compare_minimax: bool,
    /// Record up to this many never-searched nodes of a tree.
    pub pruned_subtrees: Option<u64>,
    /// MCTS: record every playout's moves.
    pub record_playouts: bool,
    /// MTD(f) and aspiration: the first guess, as typed ("3", "-12").
    pub guess: Option<String>,
    /// Aspiration: the window's half-width (at least 1).
    pub window: Option<u64>,
    /// Iterative deepening: the move-ordering heuristics ("tt,killer,history").
    pub heuristics: Option<String>,
    /// A quiescence search beyond the depth limit.
    pub quiescence: bool,
    /// Whether a cutoff fires on a tie.
    pub ties: Option<Ties>,
    /// *-minimax: the leaf bounds, `L..U`.
    pub bounds: Option<String>,
    /// MCTS: the iterations (at least 1).
    pub iterations: Option<u64>,
    /// MCTS: the exploration constant (finite, at least 0).
    pub exploration: Option<f64>,
    /// MCTS: the seed.
    pub seed: Option<u64>,
    /// MCTS: the longest playout in moves (at least 1).
    pub playout_limit: Option<u64>,
}

impl SearchRequest {
    /// The checked options of a search by `algo`, starting from `defaults` (the front end's
    /// own: Python's searches of Python games, say, skip the minimax reference).
    pub fn run_options(&self, algo: Algorithm, defaults: RunOptions) -> Result<RunOptions, RequestError> {
        let mut o = defaults;
        if let Some(n) = self.max_nodes {
            o.max_nodes = at_least_one(Opt::MaxNodes, n, "a node budget of at least 1")?;
        }
        o.time = time_limit(self.time)?;
        o.positions = self.positions.unwrap_or(o.positions);
        o.minimax_reference = self.minimax_reference.unwrap_or(o.minimax_reference);
        o.compare_minimax |= self.compare_minimax;
        o.pruned_subtrees = self.pruned_subtrees.unwrap_or(o.pruned_subtrees);
        o.record_playouts = record_playouts(algo, self.record_playouts)?;
        let mcts = o.settings.mcts;
        o.settings = self.settings(algo)?;
        o.settings.mcts = self.mcts_options(algo, mcts)?;
        Ok(o)
    }

    /// The refinements' settings for `algo`, refusing one `algo` does not take (the MCTS
    /// options are [`SearchRequest::mcts_options`]'s).
    pub fn settings(&self, algo: Algorithm) -> Result<Settings, RequestError> {
        let given = [
            (self.guess.is_some(), Opt::Guess, Setting::Guess),
            (self.window.is_some(), Opt::Window, Setting::Window),
            (self.heuristics.is_some(), Opt::Heuristics, Setting::Heuristics),
            (self.bounds.is_some(), Opt::Bounds, Setting::Bounds),
        ];
        if let Some(&(_, option, setting)) = given.iter().find(|&&(set, _, s)| set && !algo.takes(s)) {
            return Err(RequestError::not_for(option, algo, setting.algorithms()));
        }
        let mut settings = Settings::default();
        if let Some(text) = &self.guess {
            settings.guess = Score::parse(text.trim()).ok_or_else(|| {
                RequestError::unreadable(Opt::Guess, text, "not a value: expected a number like 3 or -12")
            })?;
        }
        if let Some(window) = self.window {
            let window = at_least_one(Opt::Window, window, "a half-width of 1 or more")?;
            settings.window = u32::try_from(window).map_err(|_| {
                RequestError::invalid(Opt::Window, window, "a half-width of 1 or more, up to 4294967295")
            })?;
        }
        if let Some(text) = &self.heuristics {
            settings.heuristics = text
                .parse::<Heuristics>()
                .map_err(|why| RequestError::unreadable(Opt::Heuristics, text, why))?;
        }
        settings.quiescence = self.quiescence;
        settings.ties = self.ties.unwrap_or_default();
        if let Some(text) = &self.bounds {
            settings.bounds = Some(parse_bounds(text)?);
        }
        Ok(settings)
    }

    /// MCTS's options for `algo` on top of `base`, refused for another algorithm.
    pub fn mcts_options(&self, algo: Algorithm, base: MctsOptions) -> Result<MctsOptions, RequestError> {
        let mut o = base;
        if !algo.takes(Setting::Mcts) {
            let given = [
                (self.iterations.is_some(), Opt::Iterations),
                (self.exploration.is_some(), Opt::Exploration),
                (self.seed.is_some(), Opt::Seed),
                (self.playout_limit.is_some(), Opt::PlayoutLimit),
            ];
            if let Some(&(_, option)) = given.iter().find(|(set, _)| *set) {
                return Err(RequestError::not_for(option, algo, Setting::Mcts.algorithms()));
            }
            return Ok(o);
        }
        if let Some(n) = self.iterations {
            o.iterations = u32_at_least_one(Opt::Iterations, n, "at least one iteration")?;
        }
        if let Some(c) = self.exploration {
            if !(c >= 0.0 && c.is_finite()) {
                return Err(RequestError::invalid(Opt::Exploration, c, "a finite number ≥ 0"));
            }
            o.exploration = c;
        }
        if let Some(seed) = self.seed {
            o.seed = seed;
        }
        if let Some(n) = self.playout_limit {
            o.playout_limit = u32_at_least_one(Opt::PlayoutLimit, n, "a playout of at least one move")?;
        }
        Ok(o)
    }
}

/// `n`, refused unless at least 1.
fn at_least_one(option: Opt, n: u64, takes: &str) -> Result<u64, RequestError> {
    if n == 0 { Err(RequestError::invalid(option, n, takes)) } else { Ok(n) }
}

/// `n` as a `u32`, refused unless from 1 to `u32::MAX`.
fn u32_at_least_one(option: Opt, n: u64, takes: &str) -> Result<u32, RequestError> {
    at_least_one(option, n, takes)?;
    u32::try_from(n).map_err(|_| RequestError::invalid(option, n, &format!("{takes}, up to {}", u32::MAX)))
}

/// The time limit, refused unless positive, finite and at most 10⁹ seconds (about 32 years:
/// more is no limit, and would not fit a [`Duration`]).
pub fn time_limit(seconds: Option<f64>) -> Result<Option<Duration>, RequestError> {
    match seconds {
        Some(t) if !(t > 0.0 && t.is_finite() && t <= 1e9) => {
            Err(RequestError::invalid(Opt::Time, t, "a positive number of seconds, at most 1e9"))
        }
        Some(t) => Ok(Some(Duration::from_secs_f64(t))),
        None => Ok(None),
    }
}

/// Recording playouts, refused for an algorithm other than MCTS.
pub fn record_playouts(algo: Algorithm, on: bool) -> Result<bool, RequestError> {
    if on && !algo.takes(Setting::Mcts) {
        return Err(RequestError::not_for(Opt::RecordPlayouts, algo, Setting::Mcts.algorithms()));
    }
    Ok(on)
}

/// The leaf bounds of exercise sheets, practice pages and quizzes, which only Star1 and Star2
/// prune with.
pub fn star_bounds(algo: Algorithm, text: Option<&str>) -> Result<Option<(Score, Score)>, RequestError> {
    let Some(text) = text else { return Ok(None) };
    if !crate::exercise::chance::prunes_chance(algo) {
        let pruning = Algorithm::ALL.into_iter().filter(|&a| crate::exercise::chance::prunes_chance(a));
        return Err(RequestError::not_for(Opt::Bounds, algo, pruning));
    }
    parse_bounds(text).map(Some)
}

/// `L..U`: two finite values, L below U.
fn parse_bounds(text: &str) -> Result<(Score, Score), RequestError> {
    let bad = || {
        RequestError::new(
            Opt::Bounds,
            Some(quoted(text)),
            "{self}: not a range of leaf values: write L..U with L below U, e.g. {bounds}=-10..10",
        )
    };
    let (l, u) = text.trim().split_once("..").ok_or_else(bad)?;
    let (l, u) = (Score::parse(l.trim()).ok_or_else(bad)?, Score::parse(u.trim()).ok_or_else(bad)?);
    if l >= u || l.is_infinite() || u.is_infinite() {
        return Err(bad());
    }
    Ok((l, u))
}

/// What to search, as a front end received it, before it is checked.
#[derive(Clone, Debug, Default)]
pub struct InputRequest {
    /// An explicit tree's text (the notation or JSON), given inline.
    pub tree: Option<String>,
    /// An explicit tree's text, read from a file by the front end.
    pub tree_file: Option<String>,
    /// A random tree's shape, `B,D[,SEED]`.
    pub random: Option<String>,
    /// A random tree's leaf values, `LO..HI` (default 0..20).
    pub values: Option<String>,
    /// A game, by name.
    pub game: Option<String>,
    /// The depth limit of a game or an explicit tree.
    pub depth: Option<u32>,
    /// A tree's children reordered by value: natural, best or worst.
    pub ordering: Option<String>,
    /// Who moves at a tree's root.
    pub root: Option<Player>,
    /// The most nodes an explicit tree may have, as asked for.
    pub max_tree_nodes: Option<u64>,
    /// The same limit where nobody asked (the command line reads `ABVIZ_MAX_TREE_NODES`);
    /// [`DEFAULT_MAX_TREE_NODES`](crate::game::tree_arena::DEFAULT_MAX_TREE_NODES) without it.
    pub default_max_tree_nodes: Option<u64>,
    /// The game's position and its own options.
    pub game_options: GameOptions,
}

impl InputRequest {
    /// The input, refusing options that do not fit it (a position for a tree, an ordering for
    /// a game, …) and values that do not read.
    pub fn input(&self) -> Result<Input, Error> {
        let options = &self.game_options;
        let explicit = self.tree.is_some() || self.tree_file.is_some();
        if self.game.is_none() {
            if options.position.is_some() {
                return Err(refuse(
                    Opt::Position,
                    "{self} applies to games ({game}); a tree starts at its root",
                ));
            }
            if self.depth.is_some() && !explicit {
                return Err(refuse(
                    Opt::Depth,
                    "{self} applies to games ({game}) and explicit trees ({tree}, {tree_file}); a random tree is searched to its leaves (its depth is {random}'s D)",
                ));
            }
            if let Some(kind) = OptionKind::ALL.into_iter().find(|&k| options.get(k).is_some()) {
                return Err(refuse(Opt::GameOption(kind), applies_to_games(kind)));
            }
        }
        if self.random.is_none() && self.values.is_some() {
            return Err(refuse(Opt::Values, "{self} applies to random trees ({random} B,D[,SEED])"));
        }
        if self.game.is_some() && self.ordering.is_some() {
            return Err(refuse(
                Opt::Ordering,
                "{self} applies to trees ({tree}, {tree_file}, {random}); a game orders its moves with {order}",
            ));
        }
        if self.game.is_some() && self.root.is_some() {
            return Err(refuse(
                Opt::Root,
                "{self} applies to trees; in a game the position says who is to move",
            ));
        }
        if self.max_tree_nodes.is_some() && !explicit {
            return Err(refuse(Opt::MaxTreeNodes, "{self} applies to explicit trees ({tree}, {tree_file})"));
        }
        let ordering = |default: Ordering| -> Result<Ordering, Error> {
            match self.ordering.as_deref() {
                Some(text) => text.parse::<Ordering>().map_err(|e| {
                    Error::Request(RequestError::new(Opt::Ordering, None, literal(&e.to_string())))
                }),
                None => Ok(default),
            }
        };
        if let Some(text) = self.tree.as_ref().or(self.tree_file.as_ref()) {
            let limit = self
                .max_tree_nodes
                .or(self.default_max_tree_nodes)
                .unwrap_or(crate::game::tree_arena::DEFAULT_MAX_TREE_NODES);
            // The same tree, its children reordered by value (the leaves stay the same), searched
            // to the depth limit (its interior nodes there evaluated by their static values).
            // `--tree aima`: a named tree (an exact name only; no name is a tree's notation).
            let named = self.tree.as_deref().and_then(crate::game::named_trees::find);
            let text = named.map_or(text.as_str(), |t| t.notation);
            let input = match Input::from_tree_text_within(text, self.root, limit) {
                Err(Error::Notation(_))
                    if self.tree.is_some() && crate::game::named_trees::looks_like_a_name(text) =>
                {
                    return Err(Error::Request(RequestError::unreadable(
                        Opt::Tree,
                        text.trim(),
                        format!(
                            "neither a tree nor the name of one: the named trees are {}",
                            crate::game::named_trees::names()
                        ),
                    )));
                }
                parsed => parsed?.with_tree_depth(self.depth),
            };
            return match self.ordering {
                Some(_) => Ok(input.reordered(ordering(Ordering::Natural)?)),
                None => Ok(input),
            };
        }
        if let Some(shape) = &self.random {
            let (branching, depth, seed) = RandomTree::parse_shape(shape)
                .map_err(|why| RequestError::unreadable(Opt::Random, shape, why))?;
            let values = self.values.as_deref().unwrap_or("0..20");
            let values = RandomTree::parse_values(values)
                .map_err(|why| RequestError::unreadable(Opt::Values, values, why))?;
            return Ok(Input::Random(RandomTree {
                branching,
                depth,
                seed,
                values,
                ordering: ordering(Ordering::Natural)?,
                root_player: self.root.unwrap_or(Player::Max),
            }));
        }
        if let Some(name) = &self.game {
            let game: GameId = registry::find(name)?;
            return GameInput::new(game, options, self.depth).map(Input::Game);
        }
        Err(refuse(
            Opt::Tree,
            "no input: give one of {tree} '((3 12 8) (2 4 6) (14 5 2))', {tree_file} FILE, {random} B,D[,SEED] or {game} NAME",
        ))
    }
}

/// A random tree's shape, `B,D[,SEED]` (seed 1 by default).
pub fn random_shape(text: &str) -> Result<(u32, u32, u64), RequestError> {
    RandomTree::parse_shape(text).map_err(|why| RequestError::unreadable(Opt::Random, text, why))
}

/// A random tree's leaf values, `LO..HI`.
pub fn leaf_values(text: &str) -> Result<(i32, i32), RequestError> {
    RandomTree::parse_values(text).map_err(|why| RequestError::unreadable(Opt::Values, text, why))
}

/// The refusal of an option that does not fit.
fn refuse(option: Opt, template: impl Into<String>) -> Error {
    Error::Request(RequestError::new(option, None, template))
}

/// "{self} applies to xiangqi ({game} xiangqi)", "{self} applies to games ({game} NAME)".
pub fn applies_to_games(kind: OptionKind) -> String {
    let games = registry::games_taking(kind);
    match games.as_slice() {
        [one] => format!("{{self}} applies to {} ({{game}} {})", one.info().name, one.info().name),
        all if all.len() == GameId::ALL.len() => "{self} applies to games ({game} NAME)".to_string(),
        some => format!("{{self}} applies to {} ({{game}} NAME)", registry::names(some)),
    }
}

impl From<RequestError> for Error {
    fn from(e: RequestError) -> Error {
        Error::Request(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli(o: Opt, value: Option<&str>) -> String {
        let flag = match o {
            Opt::Algorithm => "--algo".to_string(),
            o => format!("--{}", o.key().replace('_', "-")),
        };
        match value {
            Some(v) => format!("{flag} {v}"),
            None => flag,
        }
    }

    #[test]
    fn a_refusal_is_worded_by_the_front_end() {
        let e = time_limit(Some(0.0)).unwrap_err();
        assert_eq!(e.worded(cli), "--time 0: give a positive number of seconds, at most 1e9");
        assert_eq!(e.to_string(), "time 0: give a positive number of seconds, at most 1e9");
        let python = |o: Opt, v: Option<&str>| format!("{}={}", o.key(), v.unwrap_or(""));
        assert_eq!(e.worded(python), "time=0: give a positive number of seconds, at most 1e9");
        assert!(time_limit(Some(1e300)).is_err() && time_limit(Some(f64::NAN)).is_err());
        assert_eq!(time_limit(Some(2.5)), Ok(Some(Duration::from_millis(2500))));
    }

    #[test]
    fn braces_a_user_typed_are_text() {
        let r = SearchRequest { heuristics: Some("tt,{self}".into()), ..SearchRequest::default() };
        let e = r.run_options(Algorithm::Iterative, RunOptions::default()).unwrap_err();
        assert_eq!(
            e.worded(cli),
            "--heuristics 'tt,{self}': unknown ordering heuristic '{self}': expected any of tt, killer, history (or none, all)"
        );
        let r = InputRequest {
            tree: Some("(1 2)".into()),
            ordering: Some("{game".into()),
            ..InputRequest::default()
        };
        match r.input() {
            Err(Error::Request(e)) => {
                assert_eq!(e.worded(cli), "unknown ordering '{game': expected natural, best or worst")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn options_of_another_algorithm_are_refused() {
        let r = SearchRequest { seed: Some(3), ..SearchRequest::default() };
        let e = r.run_options(Algorithm::Minimax, RunOptions::default()).unwrap_err();
        assert_eq!(e.worded(cli), "--seed applies to --algo mcts, not to --algo minimax");
        let r = SearchRequest { window: Some(2), ..SearchRequest::default() };
        let e = r.run_options(Algorithm::Pvs, RunOptions::default()).unwrap_err();
        assert_eq!(e.worded(cli), "--window applies to --algo aspiration, not to --algo pvs");
        let ok = SearchRequest { iterations: Some(7), seed: Some(3), ..SearchRequest::default() };
        let o = ok.run_options(Algorithm::Mcts, RunOptions::default()).unwrap();
        assert_eq!((o.settings.mcts.iterations, o.settings.mcts.seed), (7, 3));
    }

    #[test]
    fn a_request_reads_from_json_by_the_options_keys() {
        let r: SearchRequest = serde_json::from_str(r#"{"iterations": 0, "exploration": 1.5}"#).unwrap();
        let json = |o: Opt, v: Option<&str>| match v {
            Some(v) => format!("\"{}\": {v}", o.key()),
            None => format!("\"{}\"", o.key()),
        };
        let e = r.run_options(Algorithm::Mcts, RunOptions::default()).unwrap_err();
        assert_eq!(e.worded(json), "\"iterations\": 0: give at least one iteration");
        let e = r.run_options(Algorithm::Minimax, RunOptions::default()).unwrap_err();
        assert_eq!(
            e.worded(json),
            "\"iterations\" applies to \"algorithm\" mcts, not to \"algorithm\" minimax"
        );
        assert!(serde_json::from_str::<SearchRequest>(r#"{"colour": 1}"#).is_err());
        // Every field reads under its option's key.
        let fields = [
            ("max_nodes", "5"),
            ("time", "1.5"),
            ("positions", "true"),
            ("minimax_reference", "false"),
            ("compare_minimax", "true"),
            ("pruned_subtrees", "0"),
            ("record_playouts", "true"),
            ("guess", "\"3\""),
            ("window", "2"),
            ("heuristics", "\"tt\""),
            ("quiescence", "true"),
            ("ties", "\"keep\""),
            ("bounds", "\"0..9\""),
            ("iterations", "9"),
            ("exploration", "1"),
            ("seed", "4"),
            ("playout_limit", "7"),
        ];
        for (key, value) in fields {
            assert!(Opt::from_key(key).is_some(), "{key} is an option's key");
            let json = format!("{{\"{key}\": {value}}}");
            assert!(serde_json::from_str::<SearchRequest>(&json).is_ok(), "{json}");
        }
    }

    #[test]
    fn inputs_refuse_options_that_do_not_fit() {
        let tree = InputRequest { tree: Some("(1 2)".into()), ..InputRequest::default() };
        let e = |r: InputRequest| match r.input() {
            Err(Error::Request(e)) => e.worded(cli),
            other => panic!("{other:?}"),
        };
        let mut r = tree.clone();
        r.game_options.position = Some("x".into());
        assert_eq!(e(r), "--position applies to games (--game); a tree starts at its root");
        let r = InputRequest { random: Some("2,3".into()), depth: Some(2), ..InputRequest::default() };
        assert!(
            e(r).starts_with("--depth applies to games (--game) and explicit trees (--tree, --tree-file)")
        );
        let r = InputRequest { random: Some("0,3".into()), ..InputRequest::default() };
        assert_eq!(e(r), "--random '0,3': the branching factor must be at least 1");
        assert!(e(InputRequest::default()).starts_with("no input: give one of --tree"));
    }
}
