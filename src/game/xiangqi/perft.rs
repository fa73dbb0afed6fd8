//! Perft: the number of legal move sequences of a given length, the standard test of a move
//! generator. From the start: 44, 1,920, 79,666, 3,290,240, 133,312,995 (depths 1–5).
//!
//! The last ply is counted, not played ("bulk counting"): perft(1) of a position is the length
//! of its legal move list.

use super::board::{Board, MoveList};
use std::time::{Duration, Instant};

/// The number of legal move sequences of length `depth` from `board`.
pub fn perft(board: &mut Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for &m in list.as_slice() {
        board.make(m);
        n += perft(board, depth - 1);
        board.unmake(m);
    }
    n
}

/// Perft split by first move: (ICCS label, count) sorted by label. Empty when `depth` is 0.
pub fn divide(board: &mut Board, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    let mut out: Vec<(String, u64)> = list
        .as_slice()
        .iter()
        .map(|&m| {
            board.make(m);
            let n = perft(board, depth - 1);
            board.unmake(m);
            (m.iccs(), n)
        })
        .collect();
    out.sort();
    out
}

/// The result of a timed perft run.
#[derive(Clone, Debug)]
pub struct PerftReport {
    /// The position (FEN).
    pub fen: String,
    /// The depth.
    pub depth: u32,
    /// Leaf count.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// Per-move counts, when asked for (sorted by ICCS label).
    pub divide: Option<Vec<(String, u64)>>,
}

impl PerftReport {
    /// Runs perft (or divide) on `board` and times it.
    pub fn run(board: &Board, depth: u32, divide_moves: bool) -> PerftReport {
        let mut b = *board;
        let start = Instant::now();
        let (nodes, split) = if divide_moves {
            let d = divide(&mut b, depth);
            let n = if depth == 0 { 1 } else { d.iter().map(|x| x.1).sum() };
            (n, Some(d))
        } else {
            (perft(&mut b, depth), None)
        };
        PerftReport { fen: board.fen(), depth, nodes, elapsed: start.elapsed(), divide: split }
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
        s.push_str(&format!("position: {}\n", self.fen));
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

    #[test]
    fn start_depths_1_to_3() {
        let mut b = Board::start();
        assert_eq!(perft(&mut b, 0), 1);
        assert_eq!(perft(&mut b, 1), 44);
        assert_eq!(perft(&mut b, 2), 1_920);
        assert_eq!(perft(&mut b, 3), 79_666);
        assert!(b == Board::start(), "perft leaves the board as it found it");
    }

    #[test]
    fn divide_is_sorted_and_sums() {
        let d = divide(&mut Board::start(), 2);
        assert_eq!(d.len(), 44);
        assert!(d.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 1_920);
        assert_eq!(d[0].0, "a0a1");
    }

    #[test]
    fn report_text() {
        let r = PerftReport::run(&Board::start(), 2, false);
        assert_eq!(r.nodes, 1920);
        let text = r.render();
        assert!(text.contains("nodes:    1920\n") && text.contains("depth:    2\n"));
        assert_eq!(group_thousands(133312995), "133,312,995");
        assert_eq!(group_thousands(999), "999");
    }
}
