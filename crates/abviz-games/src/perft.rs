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
    if depth == 0 {
        return 1;
    }
    let moves = game.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for mv in moves {
        game.play(mv);
        n += perft(game, depth - 1);
        game.undo(mv);
    }
    n
}

/// Perft split by first move: (move label, count) sorted by label. Empty when `depth` is 0.
pub fn divide<G: Game>(game: &mut G, depth: u32) -> Vec<(String, u64)> {
    divide_with(game, depth, perft)
}

/// [`divide`] with a counter of the game's own below the first moves (`count(game, depth)`
/// counts like [`perft`]).
pub fn divide_with<G: Game>(
    game: &mut G,
    depth: u32,
    mut count: impl FnMut(&mut G, u32) -> u64,
) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut out: Vec<(String, u64)> = game
        .moves()
        .into_iter()
        .map(|mv| {
            let label = game.move_label(mv);
            game.play(mv);
            let n = count(game, depth - 1);
            game.undo(mv);
            (label, n)
        })
        .collect();
    out.sort();
    out
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
    /// Runs perft (or, with `divide_moves`, divide) on `game` through the [`Game`] trait and
    /// times it.
    pub fn of_game<G: Game>(game: &G, depth: u32, divide_moves: bool) -> PerftReport {
        Self::with_counter(game, depth, divide_moves, perft)
    }

    /// [`PerftReport::of_game`] with a counter of the game's own (`count(game, depth)` counts
    /// like [`perft`], faster).
    pub fn with_counter<G: Game>(
        game: &G,
        depth: u32,
        divide_moves: bool,
        count: fn(&mut G, u32) -> u64,
    ) -> PerftReport {
        let position = game.notation().unwrap_or_else(|| game.position_text());
        let (mut a, mut b) = (game.clone(), game.clone());
        Self::timed(
            position,
            depth,
            divide_moves,
            move || count(&mut a, depth),
            move || divide_with(&mut b, depth, count),
        )
    }

    /// Times `count` (the leaf count at `depth`) or, with `divide_moves`, `split` (the counts
    /// below each first move, whose sum is the leaf count).
    pub fn timed(
        position: String,
        depth: u32,
        divide_moves: bool,
        count: impl FnOnce() -> u64,
        split: impl FnOnce() -> Vec<(String, u64)>,
    ) -> PerftReport {
        let start = Instant::now();
        let (nodes, divide) = if divide_moves {
            let d = split();
            let n = if depth == 0 { 1 } else { d.iter().map(|x| x.1).sum() };
            (n, Some(d))
        } else {
            (count(), None)
        };
        PerftReport { position, depth, nodes, elapsed: start.elapsed(), divide }
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

    #[test]
    fn divide_is_sorted_and_sums() {
        let d = divide(&mut TicTacToe::new(TttEval::Win), 3);
        assert_eq!(d.len(), 9);
        assert_eq!(d[0], ("a1".to_string(), 56));
        assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 504);
    }

    #[test]
    fn report_text() {
        let r = PerftReport::of_game(&TicTacToe::new(TttEval::Win), 2, false);
        assert_eq!(r.nodes, 72);
        let text = r.render();
        assert!(text.contains("position: .../.../...\n") && text.contains("nodes:    72\n"));
        let r = PerftReport::of_game(&TicTacToe::new(TttEval::Win), 2, true);
        assert_eq!((r.nodes, r.divide.map(|d| d.len())), (72, Some(9)));
        assert_eq!(group_thousands(133312995), "133,312,995");
        assert_eq!(group_thousands(999), "999");
    }
}
