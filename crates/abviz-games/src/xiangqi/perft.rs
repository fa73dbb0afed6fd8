//! Perft: the number of legal move sequences of a given length, the standard test of a move
//! generator. From the start: 44, 1,920, 79,666, 3,290,240, 133,312,995 (depths 1–5).
//!
//! The last ply is counted, not played ("bulk counting"): perft(1) of a position is the length
//! of its legal move list.

use super::board::{Board, MoveList};
use crate::perft::{Budget, PerftStop};
pub use crate::perft::{PerftReport, group_thousands};

/// The number of legal move sequences of length `depth` from `board`.
pub fn perft(board: &mut Board, depth: u32) -> u64 {
    // An unlimited budget never stops the count.
    perft_within(board, depth, &mut Budget::unlimited()).unwrap_or(u64::MAX)
}

/// [`perft`] within `budget` (see [`crate::perft::perft_within`]).
pub fn perft_within(board: &mut Board, depth: u32, budget: &mut Budget) -> Result<u64, PerftStop> {
    if depth == 0 {
        return Ok(1);
    }
    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    budget.spend(list.len())?;
    if depth == 1 {
        return Ok(list.len() as u64);
    }
    let mut n = 0;
    for &m in list.as_slice() {
        board.make(m);
        let below = perft_within(board, depth - 1, budget);
        board.unmake(m);
        n += below?;
    }
    Ok(n)
}

/// Perft split by first move: (ICCS label, count) sorted by label. Empty when `depth` is 0.
pub fn divide(board: &mut Board, depth: u32) -> Vec<(String, u64)> {
    divide_within(board, depth, &mut Budget::unlimited()).unwrap_or_default()
}

/// [`divide`] within `budget`.
pub fn divide_within(
    board: &mut Board,
    depth: u32,
    budget: &mut Budget,
) -> Result<Vec<(String, u64)>, PerftStop> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    budget.spend(list.len())?;
    let mut out = Vec::with_capacity(list.len());
    for &m in list.as_slice() {
        board.make(m);
        let n = perft_within(board, depth - 1, budget);
        board.unmake(m);
        out.push((m.iccs(), n?));
    }
    out.sort();
    Ok(out)
}

/// Runs perft (or divide) on `board` with the board's own move generator within `budget` and
/// times it.
pub fn report(
    board: &Board,
    depth: u32,
    divide_moves: bool,
    budget: &mut Budget,
) -> Result<PerftReport, PerftStop> {
    let mut b = *board;
    let start = std::time::Instant::now();
    let (nodes, divide) = if divide_moves {
        let d = divide_within(&mut b, depth, budget)?;
        let n = if depth == 0 { 1 } else { d.iter().map(|x| x.1).sum() };
        (n, Some(d))
    } else {
        (perft_within(&mut b, depth, budget)?, None)
    };
    Ok(PerftReport { position: board.fen(), depth, nodes, elapsed: start.elapsed(), divide })
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
        let r = report(&Board::start(), 2, false, &mut Budget::unlimited()).unwrap();
        assert_eq!(r.nodes, 1920);
        let text = r.render();
        assert!(text.contains("nodes:    1920\n") && text.contains("depth:    2\n"));
        assert!(text.contains(&format!("position: {}\n", super::super::START_FEN)));
    }
}
