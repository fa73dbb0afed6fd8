//! Perft: the number of legal move sequences of a given length from a position, the standard
//! test of a move generator, and the timed report `abviz perft` prints.
//!
//! [`perft`] and [`divide`] work on any [`Game`] through its trait; a game with a faster
//! generator of its own (xiangqi's board) counts with that and reports through
//! [`PerftReport::timed`]. The last ply is counted, not played ("bulk counting"): perft(1) of a
//! position is the length of its move list. A finished game has no moves, so the sequences
//! that end early are not counted at greater depths.
//!
//! ```
//! use abviz_games::perft::perft;
//! use abviz_games::tictactoe::{TicTacToe, TttEval};
//! assert_eq!(perft(&mut TicTacToe::new(TttEval::Win), 2), 72);
//! ```

use crate::Game;
use std::time::{Duration, Instant};

/// The number of legal move sequences of length `depth` from `game` (left as it was found).
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    // An unlimited budget never stops the count.
    perft_within(game, depth, &mut Budget::unlimited()).unwrap_or(u64::MAX)
}

/// [`perft`] within `budget`: every position generated (each move of each move list) is paid
/// for, and the count stops with [`PerftStop`] once the budget or its time has run out.
pub fn perft_within<G: Game>(game: &mut G, depth: u32, budget: &mut Budget) -> Result<u64, PerftStop> {
    if depth == 0 {
        return Ok(1);
    }
    let moves = game.moves();
    budget.spend(moves.len())?;
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    let mut n = 0;
    for mv in moves {
        game.play(mv);
        let below = perft_within(game, depth - 1, budget);
        game.undo(mv);
        n += below?;
    }
    Ok(n)
}

/// A game's own perft counter: `count(position, depth, divide, budget)`.
pub type PerftCounter<G> = fn(&G, u32, bool, &mut Budget) -> Result<PerftReport, PerftStop>;

/// What a perft may spend: the positions it generates and the time it takes. Perft keeps
/// nothing per position (its memory is one move list a ply), so its budget bounds the time.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    limit: u64,
    left: u64,
    deadline: Option<(Instant, f64)>,
    /// Move lists generated since the clock was last read.
    since_clock: u32,
}

/// Why a perft stopped before its end.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PerftStop {
    /// The position budget ran out.
    #[error("perft was stopped after {limit} positions (its budget)")]
    Positions {
        /// The budget.
        limit: u64,
    },
    /// The time limit ran out.
    #[error("perft was stopped after {seconds} s (its time limit)")]
    Time {
        /// The limit in seconds.
        seconds: f64,
    },
}

/// The clock is read once per this many move lists.
const CLOCK_EVERY: u32 = 4096;

impl Budget {
    /// No limit.
    pub fn unlimited() -> Budget {
        Budget::positions(u64::MAX)
    }

    /// At most `limit` positions generated.
    pub fn positions(limit: u64) -> Budget {
        Budget { limit, left: limit, deadline: None, since_clock: 0 }
    }

    /// The same budget, also stopping once `limit` has passed.
    pub fn with_time(mut self, limit: Duration) -> Budget {
        self.deadline = Some((Instant::now() + limit, limit.as_secs_f64()));
        self
    }

    /// Pays for `positions` generated positions (one move list).
    #[inline]
    pub fn spend(&mut self, positions: usize) -> Result<(), PerftStop> {
        let n = positions as u64;
        if n > self.left {
            return Err(PerftStop::Positions { limit: self.limit });
        }
        self.left -= n;
        self.since_clock += 1;
        if self.since_clock >= CLOCK_EVERY {
            self.since_clock = 0;
            if let Some((deadline, seconds)) = self.deadline
                && Instant::now() > deadline
            {
                return Err(PerftStop::Time { seconds });
            }
        }
        Ok(())
    }
}

/// Perft split by first move: (move label, count) sorted by label. Empty when `depth` is 0.
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(String, u64)> {
    divide_with(game, depth, &mut Budget::unlimited(), perft_within).unwrap_or_default()
}

/// [`divide`] within `budget`, with a counter of the game's own below the first moves
/// (`count(game, depth, budget)` counts like [`perft_within`]).
pub fn divide_with<G: Game>(
    game: &mut G,
    depth: u32,
    budget: &mut Budget,
    mut count: impl FnMut(&mut G, u32, &mut Budget) -> Result<u64, PerftStop>,
) -> Result<Vec<(String, u64)>, PerftStop> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let moves = game.moves();
    budget.spend(moves.len())?;
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let label = game.move_label(mv);
        game.play(mv);
        let n = count(game, depth - 1, budget);
        game.undo(mv);
        out.push((label, n?));
    }
    out.sort();
    Ok(out)
}

/// The result of a timed perft run.
#[derive(Clone, Debug)]
pub struct PerftReport {
    /// The position, in the game's notation.
    pub position: String,
    /// The depth.
    pub depth: u32,
    /// Leaf count.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// Per-move counts, when asked for (sorted by move label).
    pub divide: Option<Vec<(String, u64)>>,
}

impl PerftReport {
    /// Runs perft (or, with `divide_moves`, divide) on `game` through the [`Game`] trait
    /// within `budget` and times it.
    pub fn of_game<G: Game>(
        game: &G,
        depth: u32,
        divide_moves: bool,
        budget: &mut Budget,
    ) -> Result<PerftReport, PerftStop> {
        Self::with_counter(game, depth, divide_moves, budget, perft_within)
    }

    /// [`PerftReport::of_game`] with a counter of the game's own (`count(game, depth, budget)`
    /// counts like [`perft_within`], faster).
    pub fn with_counter<G: Game>(
        game: &G,
        depth: u32,
        divide_moves: bool,
        budget: &mut Budget,
        count: fn(&mut G, u32, &mut Budget) -> Result<u64, PerftStop>,
    ) -> Result<PerftReport, PerftStop> {
        let position = game.notation().unwrap_or_else(|| game.position_text());
        let mut g = game.clone();
        let start = Instant::now();
        let (nodes, divide) = if divide_moves {
            let d = divide_with(&mut g, depth, budget, count)?;
            let n = if depth == 0 { 1 } else { d.iter().map(|x| x.1).sum() };
            (n, Some(d))
        } else {
            (count(&mut g, depth, budget)?, None)
        };
        Ok(PerftReport { position, depth, nodes, elapsed: start.elapsed(), divide })
    }

    /// Nodes per second (0 when too fast to time).
    pub fn nodes_per_second(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 { (self.nodes as f64 / s) as u64 } else { 0 }
    }

    /// The report as printed by `abviz perft`: per-move counts (with `--divide`), then the
    /// position, depth, node count, time and speed.
    pub fn render(&self) -> String {
        let mut s = String::new();
        if let Some(d) = &self.divide {
            for (mv, n) in d {
                s.push_str(&format!("{mv}: {n}\n"));
            }
            s.push_str(&format!("moves: {}\n\n", d.len()));
        }
        s.push_str(&format!("position: {}\n", self.position));
        s.push_str(&format!("depth:    {}\n", self.depth));
        s.push_str(&format!("nodes:    {}\n", self.nodes));
        s.push_str(&format!("time:     {:.3} s\n", self.elapsed.as_secs_f64()));
        s.push_str(&format!("nodes/s:  {}\n", group_thousands(self.nodes_per_second())));
        s
    }
}

/// `1234567` → `1,234,567`.
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut s = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            s.push(',');
        }
        s.push(c);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tictactoe::{TicTacToe, TttEval};

    /// Tic-tac-toe's sequences of each length, games that end early not continued: 9, 72, 504,
    /// 3,024, 15,120, 54,720, 148,176, 200,448, 127,872 (OEIS A008907's ply counts).
    #[test]
    fn tic_tac_toe_counts() {
        let mut g = TicTacToe::new(TttEval::Win);
        let counts: Vec<u64> = (1..=9).map(|d| perft(&mut g, d)).collect();
        assert_eq!(counts, [9, 72, 504, 3_024, 15_120, 54_720, 148_176, 200_448, 127_872]);
        assert_eq!(g, TicTacToe::new(TttEval::Win), "perft leaves the position as it found it");
    }

    /// A perft stops once its budget is spent: tic-tac-toe to depth 9 generates 986,409
    /// positions (9 + 72 + ... + 127,872 + the last ply's lists), so a budget of 1,000 stops it
    /// and one of a million does not.
    #[test]
    fn a_budget_stops_perft() {
        let mut g = TicTacToe::new(TttEval::Win);
        let stop = perft_within(&mut g, 9, &mut Budget::positions(1_000)).unwrap_err();
        assert_eq!(stop, PerftStop::Positions { limit: 1_000 });
        assert_eq!(g, TicTacToe::new(TttEval::Win), "a stopped perft leaves the position as it found it");
        assert_eq!(perft_within(&mut g, 9, &mut Budget::positions(1_000_000)), Ok(127_872));
        let mut timed = Budget::unlimited().with_time(Duration::ZERO);
        assert!(matches!(perft_within(&mut g, 9, &mut timed), Err(PerftStop::Time { .. })));
    }

    #[test]
    fn divide_is_sorted_and_sums() {
        let d = divide(&mut TicTacToe::new(TttEval::Win), 3);
        assert_eq!(d.len(), 9);
        assert_eq!(d[0], ("a1".to_string(), 56));
        assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 504);
    }

    #[test]
    fn report_text() {
        let r =
            PerftReport::of_game(&TicTacToe::new(TttEval::Win), 2, false, &mut Budget::unlimited()).unwrap();
        assert_eq!(r.nodes, 72);
        let text = r.render();
        assert!(text.contains("position: .../.../...\n") && text.contains("nodes:    72\n"));
        let r =
            PerftReport::of_game(&TicTacToe::new(TttEval::Win), 2, true, &mut Budget::unlimited()).unwrap();
        assert_eq!((r.nodes, r.divide.map(|d| d.len())), (72, Some(9)));
        assert_eq!(group_thousands(133312995), "133,312,995");
        assert_eq!(group_thousands(999), "999");
    }
}
