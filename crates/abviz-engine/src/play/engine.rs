//! The computer player: iterative deepening within a node budget and a time limit. The search
//! returns its own move, so choosing one needs only a counting observer; a traced search is
//! made when the decision is to be explained. The engine is staged: a position in a phase too
//! wide for a full-width search ([`Game::wide_phase`], Jiu chess's placement) is searched with
//! MCTS to the end of that phase, whatever the algorithm (the Jiu source's staged strategy:
//! MCTS while placing, alpha-beta with process scores while moving).

use crate::Error;
use crate::Score;
use crate::game::Game;
use crate::search::{self, Algorithm, MctsOptions};
use crate::trace::{Both, Counter, InputInfo, NoOp, Observer, Recorder, SearchResult, Stats, Trace};
use std::time::{Duration, Instant};

/// How the computer searches.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The algorithm.
    pub algo: Algorithm,
    /// The deepest search (None: to the end of the game).
    pub depth: Option<u32>,
    /// Node budget of one search.
    pub max_nodes: u64,
    /// Time limit of one decision.
    pub time: Option<Duration>,
    /// The options of MCTS (it searches once, to `depth`, instead of deepening; a time limit
    /// ends its iterations early).
    pub mcts: MctsOptions,
    /// Search captures beyond the depth limit (a quiescence search; games that define
    /// quiescence moves, and not in a phase MCTS searches).
    pub quiescence: bool,
}

/// One decision of the computer.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The search's result: the move, its value and the principal variation.
    pub result: SearchResult,
    /// The counts of that search.
    pub stats: Stats,
    /// The depth of that search.
    pub depth: u32,
    /// Whether it saw every line to the end of the game (no depth-limit evaluation).
    pub complete: bool,
    /// The input it searched (its description names the position).
    pub info: InputInfo,
    /// The recorded search, when the decision was made traced ([`Engine::decide_traced`] or
    /// [`Engine::explain`]).
    pub trace: Option<Trace>,
    /// Whether the search proved that the side to move wins or loses (its principal variation
    /// ends the game), within `depth` plies.
    pub end: Option<End>,
}

/// A game end proved by a search, for the side to move at its root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
}

/// Whether `outcome`'s principal variation ends the game from `game`, and for whom: the search
/// then proved a win or a loss within its depth (the game's own values, so `run` and the trace
/// keep the textbook's ±1; only the choice of depth uses this).
fn proven_end<G: Game>(game: &G, outcome: &search::Outcome<G::Move>) -> Option<End> {
    // Through chance nodes the principal variation is one line of many: it proves nothing.
    if game.has_chance() {
        return None;
    }
    let mover = game.to_move();
    let mut g = game.clone();
    for &(mv, _) in &outcome.pv {
        g.play(mv);
    }
    let v = g.terminal_value()?;
    let mover_wins = match mover {
        crate::game::Player::Max => v > Score::from(0),
        crate::game::Player::Min => v < Score::from(0),
    };
    if v == Score::from(0) {
        None
    } else if mover_wins {
        Some(End::Win)
    } else {
        Some(End::Loss)
    }
}

impl Decision {
    /// How many plies the proved end is away: the depth of the first search that proved it (a
    /// shallower one did not). Not the principal variation's length: where a fail-hard search
    /// fails low, the moves it reports below are not the opponent's best.
    pub fn plies_to_end(&self) -> Option<usize> {
        self.end.map(|_| self.depth as usize)
    }

    /// The chosen move's index among the position's moves.
    pub fn best_index(&self) -> Option<usize> {
        self.result.best_index.map(|i| i as usize)
    }

    /// The expected value (MAX's view).
    pub fn value(&self) -> Score {
        self.result.value
    }
}

impl Engine {
    /// The algorithm this engine searches `game`'s position with: MCTS in a wide phase
    /// ([`Game::wide_phase`]), its own algorithm otherwise.
    pub fn algo_for<G: Game>(&self, game: &G) -> Algorithm {
        if game.wide_phase() { Algorithm::Mcts } else { self.algo }
    }

    /// The deepest search for `game`'s position: to the end of a wide phase (where the game
    /// scores its playouts, [`Game::playout_end`]), the engine's depth otherwise.
    fn max_depth<G: Game>(&self, game: &G) -> u32 {
        if game.wide_phase() { u32::MAX } else { self.depth.unwrap_or(u32::MAX) }
    }

    /// The settings `algo`'s searches run with: MCTS's options, the quiescence search for the
    /// depth-limited algorithms; the rest the defaults.
    fn settings(&self, algo: Algorithm, mcts: MctsOptions) -> search::Settings {
        search::Settings { mcts, quiescence: self.quiescence && !algo.is_mcts(), ..Default::default() }
    }

    /// Searches `game` with iterative deepening (1, 2, ... plies up to `depth`, stopping early
    /// when a search already reaches the end of every line), and keeps the deepest search that
    /// finished within the node budget and the time limit. Only counts are kept.
    pub fn decide<G: Game>(&self, game: &G, info: &InputInfo) -> Result<Decision, Error> {
        self.deepen(game, info, |_, _| NoOp, |_, _, _| None)
    }

    /// [`Engine::decide`], recording every search (the decision carries the deepest one's trace).
    pub fn decide_traced<G: Game>(&self, game: &G, info: &InputInfo) -> Result<Decision, Error> {
        self.deepen(
            game,
            info,
            |algo, max| Recorder::new(algo.descriptor(), max).with_positions(true),
            |rec, info, result| Some(rec.finish(info, result)),
        )
    }

    /// The trace of the search behind decision `d`, made from `game` (the position it was made
    /// in): the same search at the same depth, recorded.
    pub fn explain<G: Game>(&self, game: &G, d: &Decision) -> Result<Trace, Error> {
        let algo = self.algo_for(game);
        let mut rec = Recorder::new(algo.descriptor(), u64::MAX).with_positions(true);
        let mut g = game.clone();
        let outcome = search::run_with(algo, &mut g, d.depth, &self.settings(algo, self.mcts), &mut rec)
            .map_err(Error::Stopped)?;
        Ok(rec.finish(d.info.clone(), outcome.result(game)))
    }

    fn deepen<G: Game, O: Observer<G>>(
        &self,
        game: &G,
        info: &InputInfo,
        observer: impl Fn(Algorithm, u64) -> O,
        keep: impl Fn(O, InputInfo, SearchResult) -> Option<Trace>,
    ) -> Result<Decision, Error> {
        let start = Instant::now();
        let algo = self.algo_for(game);
        let max_depth = self.max_depth(game);
        let mut best: Option<Decision> = None;
        // MCTS does not deepen: one search, to the depth limit, that the time limit shortens.
        let mcts = algo.is_mcts();
        let mut depth = if mcts { max_depth } else { 1 };
        loop {
            let mut counter = Counter::new(self.max_nodes);
            let mut options = self.mcts;
            if let Some(limit) = self.time {
                let left = limit.saturating_sub(start.elapsed());
                if mcts {
                    options.time = Some(left);
                } else {
                    counter = counter.with_time_limit(left);
                }
            }
            let mut both = Both(counter, observer(algo, self.max_nodes));
            let mut g = game.clone();
            match search::run_with(algo, &mut g, depth, &self.settings(algo, options), &mut both) {
                Ok(outcome) => {
                    let Both(counter, obs) = both;
                    let end = proven_end(game, &outcome);
                    // Every move loses within `depth` plies, but the last search found one that
                    // does not lose within `depth - 1`: play that one, the slowest loss.
                    if end == Some(End::Loss) && best.as_ref().is_some_and(|b| b.end != Some(End::Loss)) {
                        break;
                    }
                    let mut info = info.clone();
                    info.depth = Some(depth);
                    let result = outcome.result(game);
                    let stats = counter.stats;
                    let complete = !mcts && stats.horizon_leaves == 0;
                    let trace = keep(obs, info.clone(), result.clone());
                    best = Some(Decision { result, stats, depth, complete, info, trace, end });
                    // The shallowest search that proves a win finds the fastest one.
                    if complete || depth >= max_depth || end == Some(End::Win) {
                        break;
                    }
                    depth += 1;
                }
                Err(stop) => match best {
                    Some(_) => break,
                    None => return Err(Error::Stopped(stop)),
                },
            }
        }
        Ok(best.expect("at least one search finished"))
    }
}
