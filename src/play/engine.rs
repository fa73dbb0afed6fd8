//! The computer player: a traced search within a node budget and a time limit.

use crate::game::Game;
use crate::search::{self, Algorithm};
use crate::trace::{InputInfo, Recorder, Status, Stop, Trace};
use crate::{Error, Score};
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
}

/// One decision of the computer: the trace of the search that chose it.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The recorded search (its result holds the move, value and principal variation).
    pub trace: Trace,
    /// The depth of that search.
    pub depth: u32,
    /// Whether it saw every line to the end of the game (no depth-limit evaluation).
    pub complete: bool,
}

impl Decision {
    /// The chosen move's index among the position's moves.
    pub fn best_index(&self) -> Option<usize> {
        self.trace.result.best_index.map(|i| i as usize)
    }

    /// The expected value (MAX's view).
    pub fn value(&self) -> Score {
        self.trace.result.value
    }
}

impl Engine {
    /// Searches `game` with iterative deepening (1, 2, ... plies up to `depth`, stopping early
    /// when a search already reaches the end of every line), and keeps the deepest search that
    /// finished within the node budget and the time limit.
    pub fn decide<G: Game>(&self, game: &G, info: &InputInfo) -> Result<Decision, Error> {
        let start = Instant::now();
        let max_depth = self.depth.unwrap_or(u32::MAX);
        let mut best: Option<Decision> = None;
        let mut depth = 1;
        loop {
            let mut rec = Recorder::new(self.algo, self.max_nodes).with_positions(true);
            if let Some(limit) = self.time {
                rec = rec.with_time_limit(limit.saturating_sub(start.elapsed()));
            }
            let mut g = game.clone();
            match search::run(self.algo, &mut g, depth, &mut rec) {
                Ok(_) => {
                    let mut info = info.clone();
                    info.depth = Some(depth);
                    let trace = rec.finish(info);
                    let complete = !trace.nodes.iter().any(|n| n.status == Status::Leaf);
                    best = Some(Decision { trace, depth, complete });
                    if complete || depth >= max_depth {
                        break;
                    }
                    depth += 1;
                }
                Err(stop) => match best {
                    Some(_) => break,
                    None => return Err(stop_error(stop)),
                },
            }
        }
        Ok(best.expect("at least one search finished"))
    }
}

fn stop_error(stop: Stop) -> Error {
    Error::Stopped(stop)
}
