//! FEN: reading and writing positions.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w` — ten ranks from Black's
//! back rank (rank 9) down to Red's (rank 0), files a–i left to right, Red in upper case; then
//! the side to move (`w` or `r` for Red, `b` for Black). Letters: K general, A advisor, B or E
//! elephant, N or H horse, R chariot, C cannon, P soldier. Up to four trailing fields of the
//! chess form (`- - 0 1`) are accepted and ignored; positions are written without them.
//!
//! A position is rejected, with the reason, when it cannot arise in a game: wrong rank
//! lengths, unknown letters, a missing or extra general, more pieces of a kind than a side
//! owns, a piece on a point it can never reach (a general or advisor outside its palace, an
//! elephant off its seven points, a soldier behind its starting rank or off its files before
//! the river), or the side that is not to move standing in check.

use super::board::{Board, Kind, Side, file_of, own_half, rank_of, square, square_name};
use std::fmt;

/// Why a FEN was rejected (the message says what and where).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FenError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

fn piece_of_letter(c: char) -> Option<(Side, Kind)> {
    let side = if c.is_ascii_uppercase() { Side::Red } else { Side::Black };
    let kind = match c.to_ascii_lowercase() {
        'k' => Kind::General,
        'a' => Kind::Advisor,
        'b' | 'e' => Kind::Elephant,
        'n' | 'h' => Kind::Horse,
        'r' => Kind::Chariot,
        'c' => Kind::Cannon,
        'p' => Kind::Soldier,
        _ => return None,
    };
    Some((side, kind))
}

fn count_word(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        6 => "six".into(),
        _ => n.to_string(),
    }
}

fn plural(kind: Kind) -> &'static str {
    match kind {
        Kind::General => "generals",
        Kind::Advisor => "advisors",
        Kind::Elephant => "elephants",
        Kind::Horse => "horses",
        Kind::Chariot => "chariots",
        Kind::Cannon => "cannons",
        Kind::Soldier => "soldiers",
    }
}

fn list_squares(sqs: &[u8]) -> String {
    let names: Vec<String> = sqs.iter().map(|&s| square_name(s)).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// Why a piece of `side` and `kind` can never stand on `sq`, if it cannot.
fn placement_error(side: Side, kind: Kind, sq: u8) -> Option<String> {
    let (file, rank) = (file_of(sq), rank_of(sq));
    // Ranks counted from the piece's own back rank.
    let own_rank = if side == Side::Red { rank } else { 9 - rank };
    let who = format!("a {} {} on {}", side.name(), kind.name(), square_name(sq));
    let palace = if side == Side::Red { "d0–f2" } else { "d7–f9" };
    let in_own_palace = (3..=5).contains(&file) && own_rank <= 2;
    match kind {
        Kind::General if !in_own_palace => Some(format!("{who} is outside its palace ({palace})")),
        Kind::Advisor if !in_own_palace => Some(format!("{who} is outside its palace ({palace})")),
        Kind::Advisor if (file + own_rank) % 2 != 1 => {
            let points = if side == Side::Red { "d0, f0, e1, d2, f2" } else { "d9, f9, e8, d7, f7" };
            Some(format!("{who} is not on one of the five advisor points ({points})"))
        }
        Kind::Elephant if !own_half(sq, side) => {
            Some(format!("{who} has crossed the river; elephants stay on their own side"))
        }
        Kind::Elephant if !matches!((file, own_rank), (2 | 6, 0 | 4) | (0 | 4 | 8, 2)) => {
            let points =
                if side == Side::Red { "a2, c0, c4, e2, g0, g4, i2" } else { "a7, c9, c5, e7, g9, g5, i7" };
            Some(format!("{who} is not on one of the seven elephant points ({points})"))
        }
        Kind::Soldier if own_rank < 3 => {
            Some(format!("{who} is behind the soldiers' starting rank; soldiers never move back"))
        }
        Kind::Soldier if own_rank <= 4 && file % 2 == 1 => Some(format!(
            "{who} is impossible: before the river soldiers only advance along the files a, c, e, g and i"
        )),
        _ => None,
    }
}

impl Board {
    /// Reads a position from FEN (see the module documentation), checking that it can arise.
    pub fn from_fen(text: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let Some(&placement) = fields.first() else {
            return err(
                "empty FEN: expected ten ranks separated by '/', then w or b (e.g. the start: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w)",
            );
        };
        let groups: Vec<&str> = placement.split('/').collect();
        if groups.len() != 10 {
            return err(format!(
                "FEN board '{placement}' has {} ranks; a xiangqi board has 10, separated by '/'",
                groups.len()
            ));
        }
        let mut pieces: Vec<(Side, Kind, u8)> = Vec::with_capacity(32);
        for (i, group) in groups.iter().enumerate() {
            let rank = 9 - i as u8;
            let where_ = format!("FEN rank {rank} (group {} of 10, '{group}')", i + 1);
            let mut files = 0u32;
            for c in group.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return err(format!("{where_} contains '0'; runs of empty points are written 1–9"));
                    }
                    files += d;
                } else if let Some((side, kind)) = piece_of_letter(c) {
                    if files < 9 {
                        pieces.push((side, kind, square(files as u8, rank)));
                    }
                    files += 1;
                } else {
                    return err(format!(
                        "unexpected '{c}' in {where_}: pieces are K A B/E N/H R C P (Red upper case, Black lower case), digits 1–9 count empty points"
                    ));
                }
            }
            if files != 9 {
                return err(format!("{where_} has {files} files; every rank has 9"));
            }
        }
        let mut board = Board::empty();
        for side in [Side::Red, Side::Black] {
            for kind in Kind::ALL {
                let sqs: Vec<u8> =
                    pieces.iter().filter(|p| p.0 == side && p.1 == kind).map(|p| p.2).collect();
                let (first, max) = kind.slots();
                if kind == Kind::General && sqs.is_empty() {
                    return err(format!(
                        "no {} general ({})",
                        side.name(),
                        if side == Side::Red { 'K' } else { 'k' }
                    ));
                }
                if sqs.len() > max as usize {
                    let limit = if max == 1 {
                        "a side has one".to_string()
                    } else {
                        format!("a side has at most {}", count_word(max as usize))
                    };
                    return err(format!(
                        "{} {} {} ({}); {limit}",
                        count_word(sqs.len()),
                        side.name(),
                        plural(kind),
                        list_squares(&sqs)
                    ));
                }
                for (j, &sq) in sqs.iter().enumerate() {
                    if let Some(msg) = placement_error(side, kind, sq) {
                        return Err(FenError(msg));
                    }
                    board.put(sq, side.tag() + first + j as u8);
                }
            }
        }
        board.side = match fields.get(1).copied() {
            Some("w" | "W" | "r" | "R") => Side::Red,
            Some("b" | "B") => Side::Black,
            Some(other) => {
                return err(format!("FEN side to move is '{other}'; expected w (or r) for Red, b for Black"));
            }
            None => {
                return err(format!(
                    "FEN '{placement}' has no side to move: add ' w' (Red to move) or ' b' (Black to move)"
                ));
            }
        };
        if fields.len() > 6 {
            return err(format!(
                "FEN has {} fields; expected the board, the side to move and at most four ignored fields (- - 0 1)",
                fields.len()
            ));
        }
        for f in &fields[2..] {
            if *f != "-" && !f.bytes().all(|b| b.is_ascii_digit()) {
                return err(format!(
                    "unexpected FEN field '{f}' after the side to move: only '-' or a number may follow (as in '- - 0 1')"
                ));
            }
        }
        let waiting = board.side.other();
        if let Some((sq, kind)) = board.checker(waiting) {
            let g = square_name(board.general(waiting));
            let reason = if kind == Kind::General {
                format!("the two generals face each other on the open {} file", &g[..1])
            } else {
                format!(
                    "{}'s general on {g} is attacked by the {} {} on {}",
                    waiting.name(),
                    board.side.name(),
                    kind.name(),
                    square_name(sq)
                )
            };
            return err(format!(
                "impossible position: {reason}, but it is {}'s turn (the side that just moved may not leave its general in check)",
                board.side.name()
            ));
        }
        Ok(board)
    }

    /// The position in FEN: the board in engine letters (K A B N R C P) and the side to move.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(64);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.piece_at(square(file, rank)) {
                    None => empty += 1,
                    Some((side, kind)) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        let c = kind.letter();
                        s.push(if side == Side::Red { c } else { c.to_ascii_lowercase() });
                    }
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.side == Side::Red { " w" } else { " b" });
        s
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::START_FEN;

    fn bad(fen: &str) -> String {
        Board::from_fen(fen).expect_err(fen).0
    }

    #[test]
    fn round_trip_and_letter_conventions() {
        let b = Board::from_fen(START_FEN).unwrap();
        assert_eq!(b.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
        let wxf = Board::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").unwrap();
        assert!(wxf == b);
        let full = Board::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        assert!(full.unwrap() == b);
        let black = Board::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b").unwrap();
        assert_eq!(black.side(), Side::Black);
        assert_eq!(black.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    }

    #[test]
    fn shape_errors() {
        assert!(bad("").contains("empty FEN"));
        assert!(bad("rnbakabnr/9/1c5c1 w").contains("has 3 ranks"));
        assert_eq!(
            bad("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P1/1C5C1/9/RNBAKABNR w"),
            "FEN rank 3 (group 7 of 10, 'P1P1P1P1P1') has 10 files; every rank has 9"
        );
        assert!(bad("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C/9/RNBAKABNR w").contains("has 8 files"));
        assert!(
            bad("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w").contains("unexpected 'X'")
        );
        assert!(bad("rnbakabnr/9/1c5c1/p1p1p1p1p/9/09/P1P1P1P1P/1C5C1/9/RNBAKABNR w").contains("'0'"));
        assert!(
            bad("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR").contains("no side to move")
        );
        assert!(bad("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x").contains("'x'"));
        assert!(
            bad("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1").contains("'KQ'")
        );
    }

    #[test]
    fn piece_count_errors() {
        assert_eq!(bad("4k4/9/9/9/9/9/9/9/4K4/4K4 w"), "two red generals (e1 and e0); a side has one");
        assert_eq!(bad("9/9/9/9/9/9/9/9/9/4K4 w"), "no black general (k)");
        assert_eq!(
            bad("4k4/9/9/9/9/9/9/9/9/RRR1K4 w"),
            "three red chariots (a0, b0 and c0); a side has at most two"
        );
        assert!(bad("4k4/9/9/p1p1p1p1p/p8/9/9/9/9/4K4 b").contains("six black soldiers"));
    }

    #[test]
    fn placement_errors() {
        assert_eq!(bad("4k4/9/9/9/9/9/9/9/2A6/4K4 w"), "a red advisor on c1 is outside its palace (d0–f2)");
        assert_eq!(
            bad("4k4/9/9/9/9/9/9/4A4/9/3K5 w"),
            "a red advisor on e2 is not on one of the five advisor points (d0, f0, e1, d2, f2)"
        );
        assert_eq!(bad("4k4/9/9/9/9/9/9/9/9/2K6 w"), "a red general on c0 is outside its palace (d0–f2)");
        assert!(bad("4k4/4K4/9/9/9/9/9/9/9/9 w").contains("a red general on e8 is outside its palace"));
        assert_eq!(
            bad("4k4/9/9/9/2B6/9/9/9/9/4K4 w"),
            "a red elephant on c5 has crossed the river; elephants stay on their own side"
        );
        assert!(bad("4k4/9/9/9/9/9/9/9/3B5/4K4 w").contains("not on one of the seven elephant points"));
        assert!(bad("4k4/9/9/9/9/9/9/4P4/9/3K5 w").contains("behind the soldiers' starting rank"));
        assert!(bad("4k4/9/9/9/9/1P7/9/9/9/3K5 w").contains("a red soldier on b4 is impossible"));
        assert!(bad("3k5/9/9/9/9/9/9/9/9/4K1e2 w").contains("a black elephant on g0 has crossed the river"));
    }

    #[test]
    fn the_waiting_side_may_not_be_in_check() {
        assert_eq!(
            bad("4k4/9/9/9/9/9/9/9/9/4K4 w"),
            "impossible position: the two generals face each other on the open e file, but it is red's turn (the side that just moved may not leave its general in check)"
        );
        assert!(
            bad("4k4/9/9/9/4R4/9/9/9/9/3K5 w")
                .contains("black's general on e9 is attacked by the red chariot on e5, but it is red's turn")
        );
        // The same position with Black to move is fine: Black is in check and must answer.
        assert!(Board::from_fen("4k4/9/9/9/4R4/9/9/9/9/3K5 b").is_ok());
    }
}
