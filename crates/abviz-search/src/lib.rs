//! The search algorithms, one file each, generic over the [`Game`] and an [`Observer`].
//!
//! They read like the textbook pseudocode and return their own result: the value, the best move
//! and the principal variation ([`Outcome`]). What they share — telling the observer, keeping
//! the principal variation — is the [`Search`] context passed down the recursion; recording,
//! counting and node budgets are the observer's business. With [`abviz_trace::NoOp`] every
//! hook compiles away. Each algorithm also describes itself ([`Algorithm::descriptor`]): name,
//! title, point of view, features and its pseudocode listing, the one source of the listing the
//! steppers show.

mod chance;
mod memory;
mod quiescence;
mod table;

pub mod playout;

pub use mcts::MctsOptions;
pub use memory::memory;
pub use quiescence::with_quiescence;
pub use table::{Entry, Heuristics, Memory};

use abviz_core::Score;
use abviz_core::{Game, MoveList, Player, Ties};
use abviz_trace::{AlgorithmInfo, Bound, Observer, PassKind, Perspective, SearchResult, Stop, Trace};

/// Declares the algorithms: each line is a variant, its names and the module (one file) that
/// holds its search function, its `DESCRIPTOR` and its `run` (how [`run_with`] calls it from the
/// root). Makes the modules, the [`Algorithm`] enum with its names ([`abviz_core::named!`]),
/// [`Algorithm::descriptor`] and the dispatch. A new algorithm is its file and one line here.
macro_rules! algorithms {
    ($(
        $(#[doc = $doc:literal])+
        $variant:ident = $name:literal $(| $alias:literal)* => $module:ident $(takes $($setting:ident)|+)?
    ),+ $(,)?) => {
        $(pub mod $module;)+

        abviz_core::named! {
            /// The algorithms abviz can run and trace.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub enum Algorithm: "algorithm", default AlphaBetaSoft {
                $($(#[doc = $doc])+ $variant = $name $(| $alias)*,)+
            }
        }

        impl Algorithm {
            /// What the algorithm says about itself: the trace stores a copy.
            pub fn descriptor(self) -> &'static AlgorithmInfo {
                match self {
                    $(Algorithm::$variant => &$module::DESCRIPTOR,)+
                }
            }

            /// The settings it takes beyond a depth and a budget (the list below says, with
            /// `takes`); a request giving another is refused.
            pub fn settings(self) -> &'static [Setting] {
                match self {
                    $(Algorithm::$variant => &[$($(Setting::$setting),+)?],)+
                }
            }
        }

        /// Runs `algo` from the root with its `settings` (see [`run_with`]).
        fn dispatch<G: Game, O: Observer<G>>(
            algo: Algorithm,
            game: &mut G,
            depth: u32,
            settings: &Settings,
            s: &mut Search<G, O>,
        ) -> Result<Outcome<G::Move>, Stop> {
            match algo {
                $(Algorithm::$variant => $module::run(game, depth, settings, s),)+
            }
        }
    };
}

algorithms! {
    /// Plain minimax: every node, no pruning.
    Minimax = "minimax" => minimax,
    /// Alpha-beta, fail-hard: values are clamped to the window.
    AlphaBeta = "alphabeta" | "ab" | "alpha-beta" | "alphabeta-hard" | "alpha-beta-hard" => alphabeta,
    /// Alpha-beta, fail-soft, as AIMA writes it (MAX-VALUE / MIN-VALUE): values may fall outside
    /// the window, and the textbooks' figures show them. The default.
    AlphaBetaSoft = "alphabeta-soft" | "alpha-beta-soft" | "aima" | "fail-soft" => alphabeta_soft,
    /// Negamax: minimax with one rule, values from the mover's point of view.
    Negamax = "negamax" => negamax,
    /// Negamax with alpha-beta pruning (fail-soft).
    NegamaxAb = "negamax-ab" | "negamax-alphabeta" | "negamax-alpha-beta" => negamax_ab,
    /// Monte Carlo tree search with UCT: random playouts, visit counts, no depth needed.
    Mcts = "mcts" | "uct" | "monte-carlo" => mcts takes Mcts,
    /// Principal variation search: null-window probes, re-searched when they fail high.
    Pvs = "pvs" | "principal-variation" => pvs,
    /// NegaScout (Reinefeld): fail-soft PVS that never re-searches a leaf.
    NegaScout = "negascout" | "nega-scout" => negascout,
    /// MTD(f): null-window alpha-beta passes with memory, converging on the value.
    Mtdf = "mtdf" | "mtd-f" | "mtd(f)" => mtdf takes Guess,
    /// Fail-soft alpha-beta in an aspiration window around a guess, searched again on a fail.
    Aspiration = "aspiration" | "aspiration-windows" => aspiration takes Guess | Window,
    /// Iterative deepening with a transposition table: one pass per depth.
    Iterative = "id" | "iterative" | "iterative-deepening" => iterative takes Heuristics,
    /// Expectimax (expectiminimax with MIN nodes, AIMA §5.5): a chance node's value is its
    /// outcomes' values weighted by their probabilities; no pruning.
    Expectimax = "expectimax" | "expectiminimax" | "expecti-minimax" => expectimax takes Bounds,
    /// Star1 (Ballard 1983): *-minimax, alpha-beta through chance nodes, cutting a chance node
    /// when even the leaf bounds (`--bounds`) for its remaining outcomes cannot bring its
    /// expected value into the window.
    Star1 = "star1" | "*1" | "star-1" => star1 takes Bounds,
    /// Star2 (Ballard 1983): Star1 with probing — each outcome's first move bounds it before the
    /// outcomes are searched, so a chance node can cut earlier.
    Star2 = "star2" | "*2" | "star-2" => star2 takes Bounds,
}

/// A setting only some algorithms take: which, each algorithm's line in `algorithms!` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// A first guess of the root's value ([`Settings::guess`]).
    Guess,
    /// An aspiration window's half-width ([`Settings::window`]).
    Window,
    /// Move-ordering heuristics ([`Settings::heuristics`]).
    Heuristics,
    /// The bounds of every leaf value ([`Settings::bounds`]).
    Bounds,
    /// MCTS's own options ([`MctsOptions`]: iterations, exploration, seed, playout limit) and
    /// recording its playouts.
    Mcts,
}

impl Setting {
    /// The algorithms that take it, in the registry's order.
    pub fn algorithms(self) -> impl Iterator<Item = Algorithm> {
        Algorithm::ALL.into_iter().filter(move |a| a.takes(self))
    }
}

impl Algorithm {
    /// What it is called in a sentence: "fail-hard alpha-beta", "PVS"; its name where that
    /// reads as words.
    pub fn in_words(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "fail-hard alpha-beta",
            Algorithm::AlphaBetaSoft => "fail-soft alpha-beta",
            Algorithm::NegamaxAb => "negamax alpha-beta (fail-soft)",
            Algorithm::Pvs => "PVS",
            Algorithm::NegaScout => "NegaScout",
            other => other.name(),
        }
    }

    /// Whether it takes `setting`.
    pub fn takes(self, setting: Setting) -> bool {
        self.settings().contains(&setting)
    }

    /// A short human title.
    pub fn title(self) -> &'static str {
        match &self.descriptor().title {
            std::borrow::Cow::Borrowed(t) => t,
            std::borrow::Cow::Owned(_) => self.name(),
        }
    }

    /// Whether it searches with an [α, β] window (and so can cut).
    pub fn has_window(self) -> bool {
        self.descriptor().features.window
    }

    /// Every algorithm that returns the exact minimax value: all but MCTS, which estimates it.
    pub fn exact() -> impl Iterator<Item = Algorithm> {
        Algorithm::ALL.into_iter().filter(|a| !a.is_mcts())
    }

    /// Whether it is a Monte Carlo tree search (visits and results instead of values).
    pub fn is_mcts(self) -> bool {
        self.descriptor().features.mcts
    }

    /// Whose point of view its values are in.
    pub fn perspective(self) -> Perspective {
        self.descriptor().perspective
    }
}

/// What a search returns: the root value (MAX's view) and the principal variation, each move
/// with its index among its position's children in search order. The best move is its first.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome<M> {
    /// The root's value, from MAX's point of view.
    pub value: Score,
    /// The principal variation from the root: (move, child index).
    pub pv: Vec<(M, u32)>,
}

impl<M: Copy> Outcome<M> {
    /// The best move, if the root had children.
    pub fn best(&self) -> Option<M> {
        self.pv.first().map(|&(m, _)| m)
    }

    /// The best move's index among the root's children (in search order).
    pub fn best_index(&self) -> Option<u32> {
        self.pv.first().map(|&(_, i)| i)
    }

    /// The result as the trace stores it: value, best move and principal variation as labels
    /// (each move labelled from its own position, starting at `root`).
    pub fn result<G: Game<Move = M>>(&self, root: &G) -> SearchResult {
        let mut game = root.clone();
        let mut pv = Vec::with_capacity(self.pv.len());
        for &(mv, _) in &self.pv {
            pv.push(game.move_label(mv));
            game.play(mv);
        }
        SearchResult {
            value: self.value,
            best_move: pv.first().cloned(),
            best_index: self.best_index(),
            pv,
            pv_indices: self.pv.iter().map(|&(_, i)| i).collect(),
        }
    }
}

/// A node on the search's stack: its line (last move first), its best child value so far
/// (the least where it minimises), and whether it minimises.
struct Ply<M> {
    line: Vec<(M, u32)>,
    best: Score,
    minimize: bool,
    /// The window the node was entered with (the algorithm's view): where a quiescence search
    /// at the depth limit starts.
    window: (Score, Score),
}

/// What every search shares while it recurses: the observer it reports to, the current ply and
/// the principal variation (a table of lines, one per ply: when a child becomes its node's best,
/// the child's line moves up to the node, so the root ends with the whole variation).
pub struct Search<'o, G: Game, O> {
    /// The observer.
    pub obs: &'o mut O,
    mover_view: bool,
    ply: usize,
    plies: Vec<Ply<G::Move>>,
    horizon: bool,
    quiescence: bool,
    ties: Ties,
}

impl<'o, G: Game, O: Observer<G>> Search<'o, G, O> {
    /// A search reporting to `obs`, whose values are in the `perspective` point of view.
    pub fn new(obs: &'o mut O, perspective: Perspective) -> Self {
        Search {
            obs,
            mover_view: perspective == Perspective::Mover,
            ply: 0,
            plies: Vec::new(),
            horizon: false,
            quiescence: false,
            ties: Ties::Prune,
        }
    }

    /// The same search with the cutoff test's rule for ties (see [`Search::cuts`]).
    pub fn with_ties(mut self, ties: Ties) -> Self {
        self.ties = ties;
        self
    }

    /// The cutoff test: whether `low ≥ high` (or `low > high` when ties are kept, see
    /// [`Ties`]), with `low` the value or α and `high` β or the value.
    #[inline(always)]
    pub fn cuts<T: PartialOrd>(&self, low: T, high: T) -> bool {
        self.ties.crossed(low, high)
    }

    /// The same search with a quiescence search at the depth limit (`on`): a depth-limit node
    /// searches the game's [`Game::quiescence_moves`] with stand-pat instead of returning its
    /// static value (see [`quiescence`]).
    pub fn with_quiescence(mut self, on: bool) -> Self {
        self.quiescence = on;
        self
    }

    /// The search enters the current position with the window [`alpha`, `beta`].
    #[inline(always)]
    pub fn enter(&mut self, game: &G, alpha: Score, beta: Score) -> Result<(), Stop> {
        self.obs.enter(game, alpha, beta)?;
        let p = self.ply;
        self.ply += 1;
        if self.plies.len() < p + 2 {
            self.plies.resize_with(p + 2, || Ply {
                line: Vec::new(),
                best: Score::NEG_INF,
                minimize: false,
                window: (Score::NEG_INF, Score::INF),
            });
        }
        let ply = &mut self.plies[p];
        ply.line.clear();
        ply.window = (alpha, beta);
        // `&`, not `&&`: no branch (3 instructions a node fewer).
        ply.minimize = (game.to_move() == Player::Min) & !self.mover_view;
        Ok(())
    }

    /// The next [`Search::enter`] searches the child that just returned again (a re-search).
    #[inline(always)]
    pub fn research(&mut self) {
        self.obs.research();
    }

    /// If the game is over here or the depth limit is reached, reports the leaf and returns its
    /// static value in the algorithm's point of view. With quiescence (see
    /// [`Search::with_quiescence`]) a depth-limit node returns the value of its quiescence
    /// search within the window it was entered with instead.
    #[inline(always)]
    pub fn leaf(&mut self, game: &mut G, depth: u32) -> Result<Option<Score>, Stop> {
        let (value, terminal) = match game.terminal_value() {
            Some(v) => (v, game.leaves_are_game_ends()),
            None if depth == 0 => {
                self.horizon = true;
                if self.quiescence {
                    return quiescence::at_horizon(game, self).map(Some);
                }
                (game.evaluate(), false)
            }
            None => return Ok(None),
        };
        let value = if self.mover_view { game.to_move().to_max_view(value) } else { value };
        self.obs.leaf(value, terminal);
        Ok(Some(value))
    }

    /// The moves of the current position, in search order, reported to the observer.
    #[inline(always)]
    pub fn moves(&mut self, game: &G) -> Result<MoveList<G::Move>, Stop> {
        let mut moves = MoveList::new();
        game.moves_into(&mut moves);
        self.obs.expand(game, &moves)?;
        Ok(moves)
    }

    /// `moves`, the current position's moves in the order the search will try them, reported
    /// to the observer (for searches that order moves themselves).
    #[inline(always)]
    pub fn expand<L: std::ops::Deref<Target = [G::Move]>>(&mut self, game: &G, moves: L) -> Result<L, Stop> {
        self.obs.expand(game, &moves)?;
        Ok(moves)
    }

    /// Whether depth-limit nodes search on in quiescence (see [`Search::with_quiescence`]).
    pub fn quiescence(&self) -> bool {
        self.quiescence
    }

    /// How many nodes are open: 1 at the root after it was entered.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Whether a leaf at the depth limit (not a game end) was evaluated since the last
    /// [`Search::pass_start`]: a deeper search could see more.
    pub fn reached_horizon(&self) -> bool {
        self.horizon
    }

    /// Child `index` (reached by `mv`) returned `value`; the node's window is now
    /// [`alpha`, `beta`]. A child better than every earlier one becomes the node's best, and its
    /// line the node's line.
    #[inline(always)]
    pub fn update(&mut self, index: usize, mv: G::Move, value: Score, alpha: Score, beta: Score) {
        // One bounds test for the node's ply and its child's: `enter` keeps a ply below the
        // current one, so both are always there (a panic here cost 4 instructions a node).
        if let [ply, child, ..] = &mut self.plies[self.ply - 1..] {
            let better = if ply.minimize { value < ply.best } else { value > ply.best };
            if index == 0 || better {
                ply.best = value;
                std::mem::swap(&mut ply.line, &mut child.line);
                ply.line.push((mv, index as u32));
            }
        }
        self.obs.update(value, alpha, beta);
    }

    /// The cutoff test held: the moves in `rest` are never searched.
    #[inline(always)]
    pub fn cutoff(&mut self, game: &G, rest: &[G::Move], alpha: Score, beta: Score) -> Result<(), Stop> {
        self.obs.cutoff(game, rest, alpha, beta)
    }

    /// The node returns `value` (which this passes through: `return Ok(s.exit(v))`).
    #[inline(always)]
    pub fn exit(&mut self, value: Score) -> Score {
        self.obs.exit(value);
        self.ply -= 1;
        value
    }

    /// A root search begins.
    pub fn pass_start(&mut self, game: &G, kind: PassKind, depth: Option<u32>, alpha: Score, beta: Score) {
        self.horizon = false;
        self.obs.pass_start(game, kind, depth, alpha, beta);
    }

    /// A root search ended with `value`.
    pub fn pass_end(&mut self, value: Score) {
        self.obs.pass_end(value);
    }

    /// The transposition table is looked up.
    pub fn tt_probe(&mut self, key: u64) {
        self.obs.tt_probe(key);
    }

    /// A stored result is used.
    pub fn tt_hit(&mut self, key: u64, value: Score, bound: Bound, depth: u32) {
        self.obs.tt_hit(key, value, bound, depth);
    }

    /// A result is stored.
    pub fn tt_store(&mut self, key: u64, value: Score, bound: Bound, depth: u32) {
        self.obs.tt_store(key, value, bound, depth);
    }

    /// The root's principal variation (after the search returned).
    pub fn principal_variation(&self) -> Vec<(G::Move, u32)> {
        self.plies.first().map(|p| p.line.iter().rev().copied().collect()).unwrap_or_default()
    }

    /// The outcome of a root search that returned `value` in the algorithm's point of view
    /// (`root` is the root position).
    pub fn outcome(&self, root: &G, value: Score) -> Outcome<G::Move> {
        let value = if self.mover_view { root.to_move().to_max_view(value) } else { value };
        Outcome { value, pv: self.principal_variation() }
    }
}

/// The value of the position `game` is in, a child of a node where `me` moved, from `me`'s point
/// of view, as `search` finds it with the window [`alpha`, `beta`] in that view. Negamax negates
/// the child's value, and negates and swaps its window, when the player to move changed; when
/// `me` moves again (Kalah, Jiu chess) both pass through unchanged.
#[inline(always)]
fn negamax_child<G: Game>(
    game: &mut G,
    me: Player,
    alpha: Score,
    beta: Score,
    search: impl FnOnce(&mut G, Score, Score) -> Result<Score, Stop>,
) -> Result<Score, Stop> {
    if game.to_move() == me { search(game, alpha, beta) } else { Ok(-search(game, -beta, -alpha)?) }
}

/// What some algorithms take beyond the depth: the first guess of MTD(f) and aspiration
/// windows, the aspiration window's half-width, iterative deepening's move ordering and the
/// options of MCTS.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The guess of the root value (MAX's view): MTD(f)'s first probe, the aspiration window's
    /// centre.
    pub guess: Score,
    /// The aspiration window's half-width δ: [guess − δ, guess + δ] (at least 1).
    pub window: u32,
    /// The move-ordering heuristics of iterative deepening.
    pub heuristics: Heuristics,
    /// The options of MCTS (iterations, exploration constant, seed).
    pub mcts: MctsOptions,
    /// Whether depth-limit nodes search on with a quiescence search (captures only, with
    /// stand-pat) instead of returning their static value; games only.
    pub quiescence: bool,
    /// Whether a window closed exactly (α = β) cuts ([`Ties::Prune`], the default) or the
    /// search goes on until it is strictly crossed ([`Ties::Keep`], as CS188 requires).
    pub ties: Ties,
    /// The bounds [L, U] every leaf value lies in, which *-minimax (Star1) prunes chance nodes
    /// with; `None`: unbounded (−∞, +∞), so a chance node never cuts.
    pub bounds: Option<(Score, Score)>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            guess: Score::from(0),
            window: 2,
            heuristics: Heuristics::TT,
            mcts: MctsOptions::default(),
            quiescence: false,
            ties: Ties::Prune,
            bounds: None,
        }
    }
}

/// What `algo` says about itself when it searches with `settings`: its own descriptor, with the
/// quiescence search's lines after its listing under `--quiescence`.
/// Under [`Ties::Keep`] the descriptor records the rule and its cutoff tests read `>` and `<`.
pub fn descriptor_with(algo: Algorithm, settings: &Settings) -> AlgorithmInfo {
    let info =
        if settings.quiescence { with_quiescence(algo.descriptor()) } else { algo.descriptor().clone() };
    if settings.ties == Ties::Prune || !algo.has_window() {
        return info;
    }
    with_ties(info, settings.ties)
}

/// `info` searched with the tie rule `ties`: the rule recorded, and the cutoff tests of its
/// listing written with `ties`' comparison (`if α > β` rather than `if α ≥ β`).
fn with_ties(mut info: AlgorithmInfo, ties: Ties) -> AlgorithmInfo {
    use abviz_trace::LineRole::{MaxCut, MaxCutReturn, MinCut, MinCutReturn};
    let (ge, le) = ties.symbols();
    let listing = info
        .listing
        .iter()
        .map(|l| {
            let mut l = l.clone();
            if matches!(l.role, MaxCut | MaxCutReturn | MinCut | MinCutReturn) {
                l.text = l.text.replace('≥', ge).replace('≤', le).into();
            }
            l
        })
        .collect::<Vec<_>>();
    info.listing = listing.into();
    info.title = format!("{}, ties kept (cut only when α > β)", info.title).into();
    info.ties = ties;
    info
}

/// Runs `algo` from the current position of `game` to `depth` plies (`u32::MAX`: to the end).
pub fn run<G: Game, O: Observer<G>>(
    algo: Algorithm,
    game: &mut G,
    depth: u32,
    obs: &mut O,
) -> Result<Outcome<G::Move>, Stop> {
    run_with(algo, game, depth, &Settings::default(), obs)
}

/// [`run`] with the `settings` of the algorithms that take some.
pub fn run_with<G: Game, O: Observer<G>>(
    algo: Algorithm,
    game: &mut G,
    depth: u32,
    settings: &Settings,
    obs: &mut O,
) -> Result<Outcome<G::Move>, Stop> {
    game.mark_root();
    if game.has_chance() && !algo.descriptor().features.chance {
        return Err(Stop::ChanceNodes { algorithm: algo.title().to_string() });
    }
    let mut s =
        Search::new(obs, algo.perspective()).with_quiescence(settings.quiescence).with_ties(settings.ties);

    dispatch(algo, game, depth, settings, &mut s)
}

/// The default node budget of [`trace`].
pub const TRACE_MAX_NODES: u64 = 2_000_000;

/// Runs `algo` from `game`'s position to `depth` plies (`u32::MAX`: to the end) with the default
/// settings and a full recorder (positions and, for explicit trees, never-searched subtrees
/// included; at most [`TRACE_MAX_NODES`] nodes): the
/// shortest way from a position to its trace. [`record`] takes settings and a recorder of one's
/// own.
///
/// ```
/// use abviz_games::tree::ExplicitTree;
/// use abviz_search::{Algorithm, trace};
///
/// let tree = ExplicitTree::parse("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))").unwrap();
/// let t = trace(Algorithm::AlphaBetaSoft, &tree, u32::MAX).unwrap();
/// assert_eq!((t.result().value, t.stats().nodes, t.stats().cutoffs), (3.into(), 11, 2));
/// ```
pub fn trace<G: Game>(algo: Algorithm, game: &G, depth: u32) -> Result<Trace, Stop> {
    let settings = Settings::default();
    // Explicit trees show their never-searched subtrees faded, as `abviz run` records them.
    let pruned = if game.leaves_are_game_ends() { 0 } else { 100_000 };
    let rec = abviz_trace::Recorder::new(&descriptor_with(algo, &settings), TRACE_MAX_NODES)
        .with_positions(true)
        .with_pruned_subtrees(pruned);
    record(algo, game, depth, &settings, rec, abviz_trace::InputInfo::default())
}

/// Runs `algo` from `game`'s position to `depth` plies with the recorder `rec` (made for
/// [`descriptor_with`]`(algo, settings)`) and returns the trace, described by `input`.
pub fn record<G: Game>(
    algo: Algorithm,
    game: &G,
    depth: u32,
    settings: &Settings,
    mut rec: abviz_trace::Recorder<G>,
    input: abviz_trace::InputInfo,
) -> Result<Trace, Stop> {
    let mut g = game.clone();
    let outcome = run_with(algo, &mut g, depth, settings, &mut rec)?;
    Ok(rec.finish(input, outcome.result(game)))
}

/// Reads a trace file (JSON, version 1 or 2); a version 1 file gets its algorithm's descriptor
/// from this module, as it carries only the algorithm's name.
pub fn read_trace(text: &str) -> Result<Trace, abviz_trace::json::TraceFileError> {
    Trace::from_json_with(text, describe)
}

/// [`read_trace`] from a reader, as the file streams in (memory in proportion to the trace). A
/// gzipped trace (an explain site's `move-NN.json.gz`) is inflated as it is read: it is known
/// by gzip's first two bytes, which JSON text never starts with.
pub fn read_trace_from(reader: impl std::io::Read) -> Result<Trace, abviz_trace::json::TraceFileError> {
    use std::io::Read as _;
    let mut reader = reader;
    // The first two bytes, however the reader hands them over (a pipe may give one at a time).
    let (mut head, mut got) = ([0u8; 2], 0);
    while got < head.len() {
        match reader.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            // Read again by the JSON reader, which says what is wrong.
            Err(_) => break,
        }
    }
    let whole = std::io::Cursor::new(head).take(got as u64).chain(reader);
    if head[..got] == [0x1f, 0x8b] {
        Trace::from_reader_with(Gunzip(flate2::read::MultiGzDecoder::new(whole)), describe)
    } else {
        Trace::from_reader_with(whole, describe)
    }
}

/// A gzipped trace inflated as it is read, its errors saying that the compression is at fault.
struct Gunzip<R>(R);

impl<R: std::io::Read> std::io::Read for Gunzip<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf).map_err(|e| {
            std::io::Error::new(e.kind(), format!("the gzipped trace is damaged or cut short ({e})"))
        })
    }
}

/// The descriptor of the algorithm called `name`, for traces that name it only.
fn describe(name: &str) -> Option<abviz_trace::AlgorithmInfo> {
    name.parse::<Algorithm>().ok().map(|a| a.descriptor().clone())
}
