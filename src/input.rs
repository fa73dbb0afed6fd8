//! What to search: an explicit tree, a random tree or a game position, and how to run a search
//! on it into a [`Trace`] (or just count it).

use crate::Error;
use crate::game::notation::parse_tree;
use crate::game::random::RandomTree;
use crate::game::tictactoe::{TicTacToe, TttEval};
use crate::game::tree::{ExplicitTree, TreeSpec};
use crate::game::xiangqi::Xiangqi;
use crate::game::{Game, Player};
use crate::search::{self, Algorithm};
use crate::trace::{Counter, InputInfo, InputKind, Recorder, SearchResult, Stats, Trace};

/// The default node budget of a recorded search.
pub const DEFAULT_MAX_NODES: u64 = 2_000_000;

/// How a search is run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Stop after this many nodes.
    pub max_nodes: u64,
    /// Record each node's position (games) for tooltips and boards.
    pub positions: bool,
    /// Also count a minimax search for comparison (skipped when it would pass `max_nodes`).
    pub minimax_reference: bool,
    /// For explicit and random trees, record up to this many nodes below pruned children so
    /// figures can show the never-searched subtrees faded.
    pub pruned_subtrees: u64,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            max_nodes: DEFAULT_MAX_NODES,
            positions: true,
            minimax_reference: true,
            pruned_subtrees: 100_000,
        }
    }
}

/// The games abviz knows, with their position notation (for `abviz games`).
pub const GAMES: &[(&str, &str, &str)] = &[
    (
        "tictactoe",
        "9 cells row by row: X, O or . (empty); '/' may separate rows. Side to move is inferred (X moves first and is MAX).",
        "X.O/.X./... ; the empty board is ......... (default)",
    ),
    (
        "xiangqi",
        "FEN: ten ranks from Black's side, K A B/E N/H R C P (Red upper case, MAX), digits for empty points, then w or b. Options: --eval material-pst|classic, --order natural|captures, --notation iccs|chinese; depth 3 unless --depth.",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w (the start, default)",
    ),
];

/// A search input.
#[derive(Clone, Debug)]
pub enum Input {
    /// An explicit tree (notation or JSON).
    Tree {
        /// The parsed tree.
        spec: TreeSpec,
        /// Who moves at the root.
        root: Player,
    },
    /// A seeded random uniform tree.
    Random(RandomTree),
    /// A tic-tac-toe position.
    TicTacToe {
        /// The position.
        game: TicTacToe,
        /// Depth limit in plies (None: to the end of the game).
        depth: Option<u32>,
    },
    /// A xiangqi position (with its evaluation, move order and label settings).
    Xiangqi {
        /// The position (boxed: a board is about 300 bytes).
        game: Box<Xiangqi>,
        /// Depth limit in plies.
        depth: u32,
    },
}

/// A computation to run on whatever game an [`Input`] holds (see [`Input::with_game`]).
pub trait GameTask {
    /// What it produces.
    type Output;
    /// Runs on `game` with the input's depth limit (`u32::MAX`: none).
    fn run<G: Game>(self, game: G, depth: u32, info: InputInfo) -> Self::Output;
}

impl Input {
    /// Parses a tree given as notation or JSON; `root` (from `--root`) must agree with a
    /// leading `min`/`max` keyword if both are given.
    pub fn from_tree_text(text: &str, root: Option<Player>) -> Result<Input, Error> {
        let spec = parse_tree(text)?;
        let root = match (spec.root_player, root) {
            (Some(a), Some(b)) if a != b => {
                return Err(Error::Usage(format!(
                    "the tree text says its root is {} but --root says {}; remove one of them",
                    a.upper(),
                    b.upper()
                )));
            }
            (Some(p), _) | (None, Some(p)) => p,
            (None, None) => Player::Max,
        };
        Ok(Input::Tree { spec, root })
    }

    /// Describes the input for the trace.
    pub fn info(&self) -> InputInfo {
        match self {
            Input::Tree { spec, root } => {
                let notation = spec.root.to_notation();
                let shown = if notation.chars().count() > 120 {
                    let cut: String = notation.chars().take(117).collect();
                    format!("{cut}...")
                } else {
                    notation.clone()
                };
                InputInfo {
                    kind: InputKind::Tree,
                    description: format!("tree {shown}, {} root", root.upper()),
                    position: Some(notation),
                    ..Default::default()
                }
            }
            Input::Random(r) => {
                InputInfo { kind: InputKind::Random, description: r.describe(), ..Default::default() }
            }
            Input::TicTacToe { game, depth } => {
                let eval = match game_eval(game) {
                    TttEval::Win => "win",
                    TttEval::OpenLines => "open-lines",
                };
                let depth_text = depth.map_or("to the end".to_string(), |d| format!("depth {d}"));
                InputInfo {
                    kind: InputKind::Game,
                    description: format!(
                        "tic-tac-toe {}, {} to move, {depth_text}, eval {eval}",
                        game.notation(),
                        if game.to_move() == Player::Max { "X" } else { "O" }
                    ),
                    game: Some("tictactoe".into()),
                    position: Some(game.notation()),
                    depth: *depth,
                    eval: Some(eval.into()),
                }
            }
            Input::Xiangqi { game, depth } => {
                let side = if game.to_move() == Player::Max { "Red" } else { "Black" };
                InputInfo {
                    kind: InputKind::Game,
                    description: format!(
                        "xiangqi {}, {side} to move (Red is MAX), depth {depth}, eval {}, order {}",
                        game.fen(),
                        game.eval_kind(),
                        game.order()
                    ),
                    game: Some("xiangqi".into()),
                    position: Some(game.fen()),
                    depth: Some(*depth),
                    eval: Some(game.eval_kind().name().into()),
                }
            }
        }
    }

    /// Runs `task` on the game this input describes.
    pub fn with_game<T: GameTask>(&self, task: T) -> T::Output {
        let info = self.info();
        match self {
            Input::Tree { spec, root } => task.run(ExplicitTree::new(spec, *root), u32::MAX, info),
            Input::Random(r) => {
                let spec = r.generate();
                task.run(ExplicitTree::new(&spec, r.root_player), u32::MAX, info)
            }
            Input::TicTacToe { game, depth } => task.run(*game, depth.unwrap_or(u32::MAX), info),
            Input::Xiangqi { game, depth } => task.run(**game, *depth, info),
        }
    }

    /// Runs `algo` with the full recorder.
    pub fn trace(&self, algo: Algorithm, opts: &RunOptions) -> Result<Trace, Error> {
        self.with_game(RecordTask { algo, opts })
    }

    /// Runs `algo` with only a [`Counter`]: the search's result (value, best move, principal
    /// variation) and the counts.
    pub fn count(&self, algo: Algorithm, max_nodes: u64) -> Result<(SearchResult, Stats), Error> {
        self.with_game(CountTask { algo, max_nodes })
    }
}

fn game_eval(game: &TicTacToe) -> TttEval {
    game.eval_kind()
}

struct RecordTask<'a> {
    algo: Algorithm,
    opts: &'a RunOptions,
}

impl GameTask for RecordTask<'_> {
    type Output = Result<Trace, Error>;
    fn run<G: Game>(self, game: G, depth: u32, info: InputInfo) -> Self::Output {
        let mut g = game.clone();
        let explicit = !info.kind.is_game();
        let mut rec = Recorder::new(self.algo.descriptor(), self.opts.max_nodes)
            .with_positions(self.opts.positions)
            .with_pruned_subtrees(if explicit { self.opts.pruned_subtrees } else { 0 });
        let outcome = search::run(self.algo, &mut g, depth, &mut rec)?;
        let mut trace = rec.finish(info, outcome.result(&game));
        if self.opts.minimax_reference && self.algo.has_window() {
            let mut g = game;
            // "Where cheap": minimax may visit far more nodes than alpha-beta (30x in full
            // tic-tac-toe), but a reference count is not worth more than a few million nodes.
            let budget = trace.stats.nodes.saturating_mul(64).clamp(100_000, DEFAULT_MAX_NODES);
            let mut counter = Counter::new(budget);
            if search::run(Algorithm::Minimax, &mut g, depth, &mut counter).is_ok() {
                trace.minimax = Some(counter.stats);
            }
        }
        Ok(trace)
    }
}

struct CountTask {
    algo: Algorithm,
    max_nodes: u64,
}

impl GameTask for CountTask {
    type Output = Result<(SearchResult, Stats), Error>;
    fn run<G: Game>(self, game: G, depth: u32, _info: InputInfo) -> Self::Output {
        let mut counter = Counter::new(self.max_nodes);
        let mut g = game.clone();
        let outcome = search::run(self.algo, &mut g, depth, &mut counter)?;
        Ok((outcome.result(&game), counter.stats))
    }
}
