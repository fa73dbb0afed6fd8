//! Perft: the number of legal move sequences of a given length, the standard test of a move
//! generator. From the start: 44, 1,920, 79,666, 3,290,240, 133,312,995 (depths 1–5).
//!
//! The last ply is counted, not played ("bulk counting"): perft(1) of a position is the length
//! of its legal move list.

use super::board::{Board, MoveList};
pub use crate::perft::{PerftReport, group_thousands};

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

/// Runs perft (or divide) on `board` with the board's own move generator and times it.
pub fn report(board: &Board, depth: u32, divide_moves: bool) -> PerftReport {
    let (mut a, mut b) = (*board, *board);
    PerftReport::timed(
        board.fen(),
        depth,
        divide_moves,
        move || perft(&mut a, depth),
        move || divide(&mut b, depth),
    )
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
        let r = report(&Board::start(), 2, false);
        assert_eq!(r.nodes, 1920);
        let text = r.render();
        assert!(text.contains("nodes:    1920\n") && text.contains("depth:    2\n"));
        assert!(text.contains(&format!("position: {}\n", super::super::START_FEN)));
    }
}
