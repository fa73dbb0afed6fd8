//! What to search: an explicit tree, a random tree or a game position, and how to run a search
//! on it into a [`Trace`] (or just count it).

use crate::Error;
use crate::game::notation::parse_tree_compact;
use crate::game::random::RandomTree;
use crate::game::registry::{AnyGame, GameId, GameOptions, OptionKind, PositionVisitor, RegisteredGame};
use crate::game::tree::{ExplicitTree, TreeSpec};
use crate::game::tree_arena::DEFAULT_MAX_TREE_NODES;
use crate::game::{Game, Player};
use crate::search::{self, Algorithm, Settings};
use crate::trace::{Counter, InputInfo, InputKind, Recorder, SearchResult, Stats, Stop, Trace};

/// The longest tree notation kept in a trace's input description (bytes).
pub const MAX_POSITION_TEXT: usize = 1 << 20;

/// The default node budget of a recorded search.
pub const DEFAULT_MAX_NODES: u64 = 2_000_000;

/// The default budget of `abviz perft`: the positions it may generate (about a minute of
/// xiangqi).
pub const DEFAULT_PERFT_POSITIONS: u64 = 2_000_000_000;

/// How a search is run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Stop after this many nodes.
    pub max_nodes: u64,
    /// Record each node's position (games) for tooltips and boards.
    pub positions: bool,
    /// Also count a minimax search for comparison where it is cheap (see
    /// [`minimax_reference_budget`]).
    pub minimax_reference: bool,
    /// Count the minimax search even where it costs more than the search itself (up to
    /// `max_nodes`): `--compare-minimax`.
    pub compare_minimax: bool,
    /// For explicit and random trees, record up to this many nodes below pruned children so
    /// figures can show the never-searched subtrees faded.
    pub pruned_subtrees: u64,
    /// The guess, window and move ordering of the algorithms that take them.
    pub settings: Settings,
    /// A time limit: MCTS keeps the iterations finished by then (so its trace depends on the
    /// machine's speed); any other search stops with [`Stop::TimeLimit`](crate::trace::Stop::TimeLimit).
    pub time: Option<std::time::Duration>,
    /// MCTS: record every playout's moves (listed in the narration and the trace file).
    pub record_playouts: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            max_nodes: DEFAULT_MAX_NODES,
            positions: true,
            minimax_reference: true,
            compare_minimax: false,
            pruned_subtrees: 100_000,
            settings: Settings::default(),
            time: None,
            record_playouts: false,
        }
    }
}

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
    /// An explicit tree held compactly, as [`Input::from_tree_text`] reads it (the tree knows
    /// who moves at its root).
    Explicit(ExplicitTree),
    /// A seeded random uniform tree.
    Random(RandomTree),
    /// A position of a registered game.
    Game(GameInput),
}

/// A position of a registered game with its options applied, and the depth to search it to.
#[derive(Clone, Debug)]
pub struct GameInput {
    position: AnyGame,
    depth: Option<u32>,
}

impl GameInput {
    /// The position `options` describe in `game`, searched to `depth` plies (None: the game's
    /// default depth, or to the end). Fails on an option the game does not take, a bad option
    /// value or a position that does not parse.
    pub fn new(game: GameId, options: &GameOptions, depth: Option<u32>) -> Result<GameInput, Error> {
        Ok(GameInput { position: game.build(options)?, depth })
    }

    /// A position built in code, with its settings.
    pub fn from_position<G: RegisteredGame>(position: G, depth: Option<u32>) -> GameInput {
        GameInput { position: position.into(), depth }
    }

    /// The game.
    pub fn game(&self) -> GameId {
        self.position.id()
    }

    /// The position.
    pub fn position(&self) -> &AnyGame {
        &self.position
    }

    /// The depth limit: the one given, else the game's default (None: to the end of the game).
    pub fn depth(&self) -> Option<u32> {
        self.depth.or(self.game().info().default_depth)
    }

    /// A short label for tables: "tic-tac-toe X.O/.X./...", or "xiangqi start".
    pub fn label(&self) -> String {
        let title = self.game().info().title;
        if self.position.is_start() {
            format!("{title} start")
        } else {
            format!("{title} {}", self.position.notation())
        }
    }

    fn info(&self) -> InputInfo {
        let game = self.game().info();
        let (_, mover, max) = self.position.mover();
        let position = self.position.notation();
        let depth = self.depth();
        // "Red to move (Red is MAX)"; games whose players are just MAX and MIN need no key.
        let key = if max == Player::Max.upper() { String::new() } else { format!(" ({max} is MAX)") };
        // A gomoku board (up to 361 cells) reads better as its stones.
        let shown = match &self.position {
            AnyGame::Gomoku(g) => match g.stones_text() {
                t if t.starts_with("the ") => format!("on {t}"),
                t => format!("with {t}"),
            },
            _ => position.clone(),
        };
        let mut description = format!(
            "{} {shown}, {mover} to move{key}, {}",
            game.title,
            depth.map_or("to the end".to_string(), |d| format!("depth {d}"))
        );
        let settings = self.position.settings();
        for (kind, value) in &settings {
            description.push_str(&format!(", {} {value}", kind.word()));
        }
        let eval = settings.into_iter().find(|(k, _)| *k == OptionKind::Eval).map(|(_, v)| v);
        InputInfo {
            kind: InputKind::Game,
            description,
            game: Some(game.name.into()),
            position: Some(position),
            depth,
            eval,
        }
    }
}

/// A computation to run on whatever game an [`Input`] holds (see [`Input::with_game`]).
pub trait GameTask {
    /// What it produces.
    type Output;
    /// Runs on `game` with the input's depth limit (`u32::MAX`: none).
    fn run<G: Game>(self, game: G, depth: u32, info: InputInfo) -> Self::Output;
}

impl Input {
    /// Parses a tree given as notation or JSON into its compact form; `root` (from `--root`)
    /// must agree with a leading `min`/`max` keyword if both are given. Trees of more than
    /// [`DEFAULT_MAX_TREE_NODES`] nodes are refused.
    pub fn from_tree_text(text: &str, root: Option<Player>) -> Result<Input, Error> {
        Self::from_tree_text_within(text, root, DEFAULT_MAX_TREE_NODES)
    }

    /// [`Input::from_tree_text`] refusing trees of more than `max_nodes` nodes (counted as the
    /// text is read, before the memory they would take is spent).
    pub fn from_tree_text_within(text: &str, root: Option<Player>, max_nodes: u64) -> Result<Input, Error> {
        let tree = parse_tree_compact(text, max_nodes)?;
        let root = match (tree.keyword_root(), root) {
            (Some(a), Some(b)) if a != b => {
                return Err(Error::RootDisagrees { tree: a, given: b });
            }
            (Some(p), _) | (None, Some(p)) => p,
            (None, None) => Player::Max,
        };
        Ok(Input::Explicit(ExplicitTree::from_compact(tree, root)))
    }

    /// An explicit tree with its children reordered by value at every node (see
    /// [`TreeSpecNode::reordered`]); other inputs unchanged.
    pub fn reordered(self, ordering: crate::game::random::Ordering) -> Input {
        match self {
            Input::Tree { mut spec, root } => {
                spec.root = spec.root.reordered(root, ordering);
                Input::Tree { spec, root }
            }
            Input::Explicit(tree) => Input::Explicit(tree.reordered(ordering)),
            other => other,
        }
    }

    /// Describes the input for the trace.
    pub fn info(&self) -> InputInfo {
        match self {
            Input::Tree { spec, root } => tree_info(spec.root.to_notation(), *root),
            Input::Explicit(tree) => {
                let mut notation = String::new();
                tree.compact().write_notation(&mut notation, MAX_POSITION_TEXT);
                let mut info = tree_info(notation, tree.root_player());
                if let Some(d) = tree.depth_limit() {
                    info.description.push_str(&format!(", depth {d}"));
                }
                info
            }
            Input::Random(r) => {
                InputInfo { kind: InputKind::Random, description: r.describe(), ..Default::default() }
            }
            Input::Game(g) => g.info(),
        }
    }

    /// Runs `task` on the game this input describes.
    pub fn with_game<T: GameTask>(&self, task: T) -> T::Output {
        let info = self.info();
        match self {
            Input::Tree { spec, root } => task.run(ExplicitTree::new(spec, *root), u32::MAX, info),
            Input::Explicit(tree) => task.run(tree.clone(), tree.depth_limit().unwrap_or(u32::MAX), info),
            Input::Random(r) => task.run(r.game(), u32::MAX, info),
            Input::Game(g) => {
                g.position().visit(RunTask { task, depth: g.depth().unwrap_or(u32::MAX), info })
            }
        }
    }

    /// The input of a position built in code, searched to `depth` plies (None: the game's
    /// default depth, or to the end).
    pub fn game<G: RegisteredGame>(position: G, depth: Option<u32>) -> Input {
        Input::Game(GameInput::from_position(position, depth))
    }

    /// Whether `algo` may search this input with `settings`: `--quiescence` needs a game that
    /// defines quiescence moves and a depth-limited search (the error says why not).
    pub fn check_settings(&self, algo: Algorithm, settings: &Settings) -> Result<(), Error> {
        struct Check<'a>(Algorithm, &'a Settings);
        impl GameTask for Check<'_> {
            type Output = Result<(), Error>;
            fn run<G: Game>(self, game: G, _depth: u32, info: InputInfo) -> Self::Output {
                quiescence_fits(&game, self.0, self.1, &info)
            }
        }
        self.with_game(Check(algo, settings))
    }

    /// The algorithm a command runs when none is named: AIMA's fail-soft alpha-beta, or
    /// expectimax for an input with chance nodes (which the others refuse).
    pub fn default_algorithm(&self) -> Algorithm {
        struct Chance;
        impl GameTask for Chance {
            type Output = bool;
            fn run<G: Game>(self, game: G, _depth: u32, _info: InputInfo) -> bool {
                game.has_chance()
            }
        }
        if self.with_game(Chance) { Algorithm::Expectimax } else { Algorithm::default() }
    }

    /// Refuses a depth-limited search (`--depth`, iterative deepening) of an explicit tree that
    /// would evaluate an interior node without a static value.
    pub fn check_static_values(&self, algo: Algorithm) -> Result<(), Error> {
        let iterative = algo == Algorithm::Iterative;
        let owned;
        let tree = match self {
            Input::Explicit(tree) => tree,
            Input::Tree { spec, root } if iterative => {
                owned = ExplicitTree::new(spec, *root);
                &owned
            }
            _ => return Ok(()),
        };
        match tree.missing_static_value(iterative) {
            Some((node, depth)) => {
                Err(Error::NoStaticValue { node: tree.compact().describe_node(node), depth, iterative })
            }
            None => Ok(()),
        }
    }

    /// The same input searched to `depth` plies, where it is an explicit tree (the interior
    /// nodes at that depth evaluated by their static values); other inputs unchanged.
    pub fn with_tree_depth(self, depth: Option<u32>) -> Input {
        match self {
            Input::Explicit(tree) => Input::Explicit(tree.with_depth_limit(depth)),
            Input::Tree { spec, root } if depth.is_some() => {
                Input::Explicit(ExplicitTree::new(&spec, root).with_depth_limit(depth))
            }
            other => other,
        }
    }

    /// Runs `algo` with the full recorder.
    pub fn trace(&self, algo: Algorithm, opts: &RunOptions) -> Result<Trace, Error> {
        self.check_static_values(algo)?;
        // A recorded search records every child of the root, searched or not: a random root
        // wider than the budget is refused before its move list is made.
        if let Input::Random(r) = self
            && algo != Algorithm::Mcts
            && r.depth > 0
            && u64::from(r.branching) + 1 > opts.max_nodes
        {
            return Err(Stop::NodeBudget { limit: opts.max_nodes }.into());
        }
        self.with_game(RecordTask { algo, opts })
    }

    /// Runs `algo` with only a [`Counter`]: the search's result (value, best move, principal
    /// variation) and the counts.
    pub fn count(&self, algo: Algorithm, max_nodes: u64) -> Result<(SearchResult, Stats), Error> {
        self.count_with(algo, max_nodes, &Settings::default())
    }

    /// [`Input::count`] with the `settings` of the algorithms that take some.
    pub fn count_with(
        &self,
        algo: Algorithm,
        max_nodes: u64,
        settings: &Settings,
    ) -> Result<(SearchResult, Stats), Error> {
        self.count_within(algo, max_nodes, None, settings)
    }

    /// [`Input::count_with`] under a time limit too (see [`RunOptions::time`]).
    pub fn count_within(
        &self,
        algo: Algorithm,
        max_nodes: u64,
        time: Option<std::time::Duration>,
        settings: &Settings,
    ) -> Result<(SearchResult, Stats), Error> {
        self.check_static_values(algo)?;
        let mut settings = *settings;
        let mut counter = Counter::new(max_nodes);
        match time {
            Some(limit) if algo.is_mcts() => settings.mcts.time = Some(limit),
            Some(limit) => counter = counter.with_time_limit(limit),
            None => {}
        }
        self.with_game(CountTask { algo, counter, settings })
    }
}

/// A tree's description from its `notation` (cut once it passed [`MAX_POSITION_TEXT`] bytes).
fn tree_info(notation: String, root: Player) -> InputInfo {
    let shown = if notation.chars().count() > 120 {
        let cut: String = notation.chars().take(117).collect();
        format!("{cut}...")
    } else {
        notation.clone()
    };
    InputInfo {
        kind: InputKind::Tree,
        description: format!("tree {shown}, {} root", root.upper()),
        // A huge tree's notation is not copied into every trace.
        position: (notation.len() <= MAX_POSITION_TEXT).then_some(notation),
        ..Default::default()
    }
}

/// Runs a [`GameTask`] on a registered game's position.
struct RunTask<T> {
    task: T,
    depth: u32,
    info: InputInfo,
}

impl<T: GameTask> PositionVisitor for RunTask<T> {
    type Output = T::Output;
    fn visit<G: RegisteredGame>(self, position: &G) -> T::Output {
        self.task.run(position.clone(), self.depth, self.info)
    }
}

struct RecordTask<'a> {
    algo: Algorithm,
    opts: &'a RunOptions,
}

impl GameTask for RecordTask<'_> {
    type Output = Result<Trace, Error>;
    fn run<G: Game>(self, game: G, depth: u32, info: InputInfo) -> Self::Output {
        let explicit = !info.kind.is_game();
        quiescence_fits(&game, self.algo, &self.opts.settings, &info)?;
        let descriptor = search::descriptor_with(self.algo, &self.opts.settings);
        let mut rec = Recorder::new(&descriptor, self.opts.max_nodes)
            .with_positions(self.opts.positions)
            .with_pruned_subtrees(if explicit { self.opts.pruned_subtrees } else { 0 })
            .with_playouts(self.opts.record_playouts);
        let mut settings = self.opts.settings;
        match self.opts.time {
            // MCTS stops between iterations and keeps them; the others stop with an error.
            Some(limit) if self.algo.is_mcts() => settings.mcts.time = Some(limit),
            Some(limit) => rec = rec.with_time_limit(limit),
            None => {}
        }
        let mut trace = search::record(self.algo, &game, depth, &settings, rec, info)?;
        // Minimax without quiescence would count another search.
        let wanted = self.opts.minimax_reference || self.opts.compare_minimax;
        if wanted && self.algo.has_window() && !settings.quiescence {
            let (searched, kind) = (trace.stats().nodes, trace.input().kind);
            let asked = self.opts.compare_minimax.then_some(self.opts.max_nodes);
            if let Some(budget) = minimax_reference_budget(&game, depth, kind, searched, asked) {
                // With chance nodes minimax's count is expectiminimax's (it prunes nothing either).
                let reference = if game.has_chance() { Algorithm::Expectimax } else { Algorithm::Minimax };
                let mut g = game;
                let mut counter = Counter::new(budget);
                if search::run(reference, &mut g, depth, &mut counter).is_ok() {
                    trace = trace.with_minimax(Some(counter.stats));
                }
            }
        }
        Ok(trace)
    }
}

/// The node budget of the minimax count a windowed search is compared with, or `None` where
/// it is not worth making: the count is made only where it can finish and costs no more than
/// the search (`searched` nodes) unless it was `asked` for (with that budget).
///
/// - An explicit tree is in memory: minimax visits each of its nodes once, at most 64 times
///   the search's nodes (at least 100,000, at most [`DEFAULT_MAX_NODES`]).
/// - A random tree (the same branching at every node) has a minimax size known beforehand
///   (see [`minimax_size_estimate`]): counted with that budget when it fits.
/// - A game: counted only where the estimate is within what the search itself visited, with
///   that as the budget: a count that cannot finish never costs more than the search.
pub fn minimax_reference_budget<G: Game>(
    game: &G,
    depth: u32,
    kind: InputKind,
    searched: u64,
    asked: Option<u64>,
) -> Option<u64> {
    if let Some(budget) = asked {
        return Some(budget);
    }
    let cheap = searched.saturating_mul(64).clamp(100_000, DEFAULT_MAX_NODES);
    match kind {
        InputKind::Tree => Some(cheap),
        InputKind::Random => (minimax_size_estimate(game, depth) <= cheap).then_some(cheap),
        InputKind::Game => (minimax_size_estimate(game, depth) <= searched).then_some(searched),
    }
}

/// The nodes a minimax search of `depth` plies would visit if every position had as many
/// moves as the first one on its ply along the leftmost line: exact for a uniform tree (a
/// random tree), a guess for a game (a cheap walk down one line, no search).
pub fn minimax_size_estimate<G: Game>(game: &G, depth: u32) -> u64 {
    let mut g = game.clone();
    let (mut total, mut width) = (1u64, 1u64);
    for _ in 0..depth {
        if g.terminal_value().is_some() {
            break;
        }
        let mut moves = abviz_core::MoveList::new();
        g.moves_into(&mut moves);
        let Some(&first) = moves.first() else { break };
        width = width.saturating_mul(moves.len() as u64);
        total = total.saturating_add(width);
        g.play(first);
    }
    total
}

/// Refuses `--quiescence` where it means nothing: MCTS, and an input whose game defines no
/// quiescence moves (trees, games without captures).
pub fn quiescence_fits<G: Game>(
    game: &G,
    algo: Algorithm,
    settings: &Settings,
    info: &InputInfo,
) -> Result<(), Error> {
    if !settings.quiescence {
        return Ok(());
    }
    if algo.is_mcts() {
        return Err(Error::QuiescenceNeedsDepth { algo });
    }
    if game.quiescence_moves().is_none() {
        return Err(Error::QuiescenceNeedsCaptures { tree: !info.kind.is_game() });
    }
    Ok(())
}

struct CountTask {
    algo: Algorithm,
    counter: Counter,
    settings: Settings,
}

impl GameTask for CountTask {
    type Output = Result<(SearchResult, Stats), Error>;
    fn run<G: Game>(self, game: G, depth: u32, info: InputInfo) -> Self::Output {
        quiescence_fits(&game, self.algo, &self.settings, &info)?;
        let revisits = self.algo.descriptor().features.researches;
        let mut counter = self.counter.tracking_revisits(revisits);
        let mut g = game.clone();
        let outcome = search::run_with(self.algo, &mut g, depth, &self.settings, &mut counter)?;
        Ok((outcome.result(&game), counter.stats))
    }
}
