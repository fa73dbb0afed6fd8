//! `abviz.Input` (a tree, a random tree or a position of a built-in game, made by
//! `abviz.tree`, `abviz.random_tree` and `abviz.game`) and the searches: `Input.search` and
//! `abviz.search`, which also takes a Python game.

use crate::errors::{AbvizError, invalid, stopped, to_py};
use crate::options::run_options;
use crate::pygame::{PyGame, Shared, Watch, type_name};
use crate::stack::on_big_stack;
use crate::trace::Trace;
use abviz::Player;
use abviz::game::registry::{GameOptions, OptionKind};
use abviz::input::{Input, RunOptions, quiescence_fits};
use abviz::request::InputRequest;
use abviz::search::{self as searches, Algorithm};
use abviz::trace::{Both, Counter, InputInfo, InputKind, Recorder};
use abviz_core::Game;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Something to search: an explicit tree, a random tree or a position of a built-in game.
///
/// >>> aima = abviz.tree("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))")
/// >>> aima.search("minimax").stats["nodes"]
/// 13
#[pyclass(frozen, name = "Input", module = "abviz")]
pub struct PyInput {
    input: Input,
}

impl PyInput {
    /// The input.
    pub fn inner(&self) -> &Input {
        &self.input
    }
}

/// The algorithm called `name` (None: the default, AIMA's fail-soft alpha-beta).
pub fn algorithm(name: Option<&str>) -> PyResult<Algorithm> {
    match name {
        None => Ok(Algorithm::default()),
        Some(n) => n.parse::<Algorithm>().map_err(invalid),
    }
}

/// "max" or "min" as a player.
fn player(name: &str) -> PyResult<Player> {
    name.parse::<Player>().map_err(invalid)
}

#[pymethods]
impl PyInput {
    /// Runs `algorithm` ("minimax", "alphabeta", "alphabeta-soft" (AIMA's, the default),
    /// "negamax", "negamax-ab", "pvs", "negascout", "mtdf", "aspiration", "iterative", "mcts")
    /// and returns its trace. Options: max_nodes, time, guess, window, heuristics, quiescence,
    /// iterations, exploration, seed, playout_limit, record_playouts, positions,
    /// minimax_reference, pruned_subtrees.
    ///
    /// >>> abviz.random_tree(3, 4, seed=1).search("mcts", iterations=50, seed=2).stats["iterations"]
    /// 50
    #[pyo3(signature = (algorithm=None, **options))]
    fn search(
        &self,
        py: Python<'_>,
        algorithm: Option<&str>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Trace> {
        let algo = self::algorithm(algorithm)?;
        let opts = run_options(options, algo, RunOptions::default())?;
        let input = &self.input;
        let trace = on_big_stack(py, || input.trace(algo, &opts)).map_err(to_py)?;
        Ok(Trace::new(trace))
    }

    /// What is searched, in one line.
    #[getter]
    fn description(&self) -> String {
        self.input.info().description
    }

    fn __repr__(&self) -> String {
        format!("<abviz.Input {}>", self.input.info().description)
    }
}

/// An explicit tree in abviz's notation: leaves are numbers (or inf, -inf), interior nodes
/// lists of children in parentheses, each optionally named (`A:(...)`) and optionally given a
/// static value (`A=10:(...)`); `min`/`max` before the tree, or `root`, say who moves at the
/// root (MAX by default). `ordering` ("best", "worst") reorders every node's children by value;
/// `depth` searches to that depth, evaluating the interior nodes there by their static values.
///
/// >>> abviz.tree("((3 12 8) (2 4 6) (14 5 2))").search().value
/// 3
/// >>> abviz.tree("A=10:(B=11:(10 6) C=9:(9 4))", depth=1).search().value
/// 11
#[pyfunction]
#[pyo3(signature = (text, root=None, ordering=None, depth=None))]
pub fn tree(text: &str, root: Option<&str>, ordering: Option<&str>, depth: Option<u32>) -> PyResult<PyInput> {
    let request = InputRequest {
        tree: Some(text.to_string()),
        root: root.map(player).transpose()?,
        ordering: ordering.map(str::to_string),
        depth,
        ..InputRequest::default()
    };
    Ok(PyInput { input: request.input().map_err(to_py)? })
}

/// A seeded random uniform tree: `branching` children per interior node, `depth` levels, leaf
/// values drawn from `values` (lowest, highest) and children ordered as `ordering` says
/// ("natural", "best" or "worst"). The same seed gives the same tree.
///
/// >>> abviz.random_tree(3, 4, seed=1).search("minimax").stats["leaves"]
/// 81
#[pyfunction]
#[pyo3(signature = (branching, depth, seed=1, values=(0, 20), ordering="natural", root="max"))]
pub fn random_tree(
    branching: u32,
    depth: u32,
    seed: u64,
    values: (i32, i32),
    ordering: &str,
    root: &str,
) -> PyResult<PyInput> {
    let request = InputRequest {
        random: Some(format!("{branching},{depth},{seed}")),
        values: Some(format!("{}..{}", values.0, values.1)),
        ordering: Some(ordering.to_string()),
        root: Some(player(root)?),
        ..InputRequest::default()
    };
    Ok(PyInput { input: request.input().map_err(to_py)? })
}

/// A position of a built-in game ("tictactoe", "nim", "connect4", "kalah", "gomoku", "pig",
/// "xiangqi", "jiu"; `abviz games` lists them with their notation), searched to `depth` plies
/// (None: the game's default, or to the end). Game options: eval, order, notation, variant,
/// size, radius, pits, seeds.
///
/// >>> abviz.game("tictactoe", position="XO./.X./...", depth=2).search("minimax").best_move
/// 'c3'
#[pyfunction]
#[pyo3(signature = (name, position=None, depth=None, **options))]
pub fn game(
    name: &str,
    position: Option<String>,
    depth: Option<u32>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyInput> {
    let mut request = InputRequest {
        game: Some(name.to_string()),
        depth,
        game_options: GameOptions { position, ..GameOptions::default() },
        ..InputRequest::default()
    };
    if let Some(options) = options {
        for (key, value) in options.iter() {
            let key: String = key.extract()?;
            let kind = OptionKind::ALL.into_iter().find(|k| k.word() == key).ok_or_else(|| {
                let words: Vec<&str> = OptionKind::ALL.iter().map(|k| k.word()).collect();
                PyTypeError::new_err(format!(
                    "game() got an unknown option '{key}'; the options are {}",
                    words.join(", ")
                ))
            })?;
            request.game_options.set(kind, Some(value.str()?.to_string()));
        }
    }
    Ok(PyInput { input: request.input().map_err(to_py)? })
}

/// Searches `target` — an `abviz.Input`, or a Python game — with `algorithm` and returns the
/// trace. A Python game is any object with `to_move()` ("max" or "min"), `moves()`,
/// `is_terminal()`, `evaluate()` (MAX's point of view, a whole number) and either
/// `play(move)` and `undo(move)` or `result(move)` (returning the next state); `label(move)` and
/// `key()` are optional. `depth` limits the plies searched (None: to the end of the game; a
/// line longer than 1,000 moves is refused). Options as for `Input.search`; for a Python
/// game `minimax_reference` is off unless asked (it searches the game again).
#[pyfunction]
#[pyo3(signature = (target, algorithm=None, depth=None, **options))]
pub fn search(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    algorithm: Option<&str>,
    depth: Option<u32>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Trace> {
    if let Ok(input) = target.cast::<PyInput>() {
        if depth.is_some() {
            return Err(AbvizError::new_err(
                "an abviz input has its own depth: give it to abviz.game(..., depth=...) (trees are searched whole)",
            ));
        }
        return input.get().search(py, algorithm, options);
    }
    let algo = self::algorithm(algorithm)?;
    let defaults = RunOptions { minimax_reference: false, pruned_subtrees: 0, ..RunOptions::default() };
    let opts = run_options(options, algo, defaults)?;
    trace_python_game(target, algo, depth, &opts)
}

/// Records `algo` on the Python game `root` to `depth` plies.
fn trace_python_game(
    root: &Bound<'_, PyAny>,
    algo: Algorithm,
    depth: Option<u32>,
    opts: &RunOptions,
) -> PyResult<Trace> {
    let shared = Shared::new(root)?;
    let game = PyGame::root(&shared);
    let offers = shared.borrow().offers();
    let limit = depth.unwrap_or(u32::MAX);
    let settings = opts.settings;
    let searched = (|| {
        let info = describe(root, &game, depth);
        if let Some(e) = shared.borrow_mut().take_error() {
            return Err(e);
        }
        quiescence_fits(&game, algo, &settings, &info).map_err(to_py)?;
        let descriptor = searches::descriptor_with(algo, &settings);
        let mut rec = Recorder::new(&descriptor, opts.max_nodes)
            .with_positions(opts.positions && offers.text)
            .with_playouts(opts.record_playouts);
        let mut settings = settings;
        match opts.time {
            Some(t) if algo.is_mcts() => settings.mcts.time = Some(t),
            Some(t) => rec = rec.with_time_limit(t),
            None => {}
        }
        let mut observer = Both(Watch::new(&shared), rec);
        let mut g = game.clone();
        let outcome = searches::run_with(algo, &mut g, limit, &settings, &mut observer);
        let result = outcome.map(|o| o.result(&game));
        if let Some(e) = shared.borrow_mut().take_error() {
            return Err(e);
        }
        let mut trace = observer.1.finish(info, result.map_err(stopped)?);
        if opts.minimax_reference && algo.has_window() && !settings.quiescence {
            let budget = trace.stats().nodes.saturating_mul(64).clamp(100_000, opts.max_nodes.max(100_000));
            let mut counter = Both(Watch::new(&shared), Counter::new(budget));
            let mut g = game.clone();
            let counted = searches::run(Algorithm::Minimax, &mut g, limit, &mut counter).is_ok();
            if let Some(e) = shared.borrow_mut().take_error() {
                return Err(e);
            }
            if counted {
                trace = trace.with_minimax(Some(counter.1.stats));
            }
        }
        Ok(trace)
    })();
    // Whatever happened, a game changed in place is put back where it was given.
    let mut s = shared.borrow_mut();
    s.restore();
    let cleanup = s.take_error();
    drop(s);
    let trace = searched?;
    match cleanup {
        Some(e) => Err(e),
        None => Ok(Trace::new(trace)),
    }
}

/// The trace's description of a Python game: its type, the player to move at the root, the
/// depth, and the root position's text (when the type has one).
fn describe(root: &Bound<'_, PyAny>, game: &PyGame<'_>, depth: Option<u32>) -> InputInfo {
    let name = type_name(root);
    let mover = game.to_move().upper();
    let depth_text = depth.map_or("to the end".to_string(), |d| format!("depth {d}"));
    let text = game.position_text();
    InputInfo {
        kind: InputKind::Game,
        description: format!("Python game {name}, {mover} to move, {depth_text}"),
        game: Some(format!("python:{name}")),
        position: (!text.is_empty()).then_some(text),
        depth,
        eval: None,
    }
}
