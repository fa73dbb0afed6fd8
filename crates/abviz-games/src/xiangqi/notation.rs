//! Move labels: ICCS coordinates (`h2e2`) and Chinese notation (`炮二平五`).
//!
//! **ICCS**: from-square and to-square, files a–i from Red's left, ranks 0–9 from Red's back
//! rank, lower case without a dash (`h2e2`; the same moves as `H2-E2`).
//!
//! **Chinese notation**: piece, file, action, target. Files are counted from each player's own
//! right: Red writes 一…九 (Red's file 一 is ICCS file i), Black writes １…９ (Black's file １
//! is ICCS file a). The action is 进 (forward), 退 (back) or 平 (sideways); the target is the
//! file reached for 平 and for the pieces that move diagonally (horse, elephant, advisor),
//! otherwise the number of ranks moved. Red's pieces are 帅仕相马车炮兵, Black's 将士象马车炮卒.
//!
//! Two pieces of one kind on one file are told apart by 前 (front) and 后 (rear), which take the
//! place of the file: `前炮平五`. Advisors and elephants never need it (the one that can go
//! forward is always the rear one), so they keep the plain form. Three soldiers on a file are
//! 前/中/后, four or five are numbered 一…五 from the front; when two files each hold two or
//! more soldiers of the mover, the file is written after the prefix instead of the piece name
//! (`前七平六`), following the WXF rule for tandem pawns on two files.

use super::board::{Board, Kind, Move, Side, file_of, kind_of, rank_of, side_of, square};
use std::fmt;
use std::str::FromStr;

/// How moves are labelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MoveNotation {
    /// ICCS coordinates, like `h2e2` (the default).
    #[default]
    Iccs,
    /// Chinese notation, like `炮二平五`.
    Chinese,
}

impl FromStr for MoveNotation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "iccs" | "coordinates" => Ok(MoveNotation::Iccs),
            "chinese" | "zh" | "wxf-chinese" => Ok(MoveNotation::Chinese),
            _ => Err(format!("unknown move notation '{s}': expected iccs or chinese")),
        }
    }
}

impl fmt::Display for MoveNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveNotation::Iccs => "iccs",
            MoveNotation::Chinese => "chinese",
        })
    }
}

const RED_NAMES: [char; 7] = ['帅', '仕', '相', '马', '车', '炮', '兵'];
const BLACK_NAMES: [char; 7] = ['将', '士', '象', '马', '车', '炮', '卒'];
const RED_NUMBERS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_NUMBERS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const ORDINALS: [char; 5] = ['一', '二', '三', '四', '五'];

/// The Chinese name of a piece (simplified characters, as in printed game records).
pub fn piece_name(side: Side, kind: Kind) -> char {
    match side {
        Side::Red => RED_NAMES[kind.index()],
        Side::Black => BLACK_NAMES[kind.index()],
    }
}

/// A number 1–9 written the way `side` writes it (一…九 for Red, １…９ for Black).
fn number(side: Side, n: u8) -> char {
    let i = (n.clamp(1, 9) - 1) as usize;
    match side {
        Side::Red => RED_NUMBERS[i],
        Side::Black => BLACK_NUMBERS[i],
    }
}

/// A file as `side` numbers it: from its own right, 1–9.
fn file_number(side: Side, file: u8) -> u8 {
    match side {
        Side::Red => 9 - file,
        Side::Black => file + 1,
    }
}

/// Appends `mv` in ICCS coordinates.
pub fn write_iccs(mv: Move, out: &mut String) {
    super::board::push_square(mv.from(), out);
    super::board::push_square(mv.to(), out);
}

/// Appends `mv` (a move of the side to move on `board`) in Chinese notation.
pub fn write_chinese(board: &Board, mv: Move, out: &mut String) {
    let (from, to) = (mv.from(), mv.to());
    let id = board.cells[from as usize];
    if id == 0 || id == super::board::OFF {
        write_iccs(mv, out);
        return;
    }
    let (side, kind) = (side_of(id), kind_of(id));
    let (file, rank) = (file_of(from), rank_of(from));
    // Same-side pieces of this kind on this file, front first (front = towards the enemy).
    let mut ranks: Vec<u8> =
        (0..10).filter(|&r| board.piece_at(square(file, r)) == Some((side, kind))).collect();
    if side == Side::Red {
        ranks.reverse();
    }
    let n = ranks.len();
    let pos = ranks.iter().position(|&r| r == rank).unwrap_or(0);
    let name = piece_name(side, kind);
    let tandem = n >= 2 && !matches!(kind, Kind::Advisor | Kind::Elephant);
    if !tandem {
        out.push(name);
        out.push(number(side, file_number(side, file)));
    } else {
        let prefix = match n {
            2 => ['前', '后'][pos],
            3 => ['前', '中', '后'][pos],
            _ => ORDINALS[pos.min(4)],
        };
        out.push(prefix);
        let other_tandem_file = kind == Kind::Soldier
            && (0..9).any(|f| {
                f != file
                    && (0..10).filter(|&r| board.piece_at(square(f, r)) == Some((side, kind))).count() >= 2
            });
        if other_tandem_file {
            out.push(number(side, file_number(side, file)));
        } else {
            out.push(name);
        }
    }
    let (tf, tr) = (file_of(to), rank_of(to));
    let forward = match side {
        Side::Red => tr > rank,
        Side::Black => tr < rank,
    };
    if tr == rank {
        out.push('平');
        out.push(number(side, file_number(side, tf)));
    } else {
        out.push(if forward { '进' } else { '退' });
        if matches!(kind, Kind::Horse | Kind::Elephant | Kind::Advisor) {
            out.push(number(side, file_number(side, tf)));
        } else {
            out.push(number(side, tr.abs_diff(rank)));
        }
    }
}

/// Finds the legal move of `board` whose ICCS label is `text` (`h2e2`, `H2-E2` also accepted).
pub fn parse_iccs(board: &Board, text: &str) -> Option<Move> {
    let t: String = text.chars().filter(|c| *c != '-').collect::<String>().to_ascii_lowercase();
    board.legal_move_list().as_slice().iter().copied().find(|m| m.iccs() == t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chinese(fen: &str, iccs: &str) -> String {
        let b = Board::from_fen(fen).unwrap();
        let m = parse_iccs(&b, iccs).unwrap_or_else(|| panic!("{iccs} is not legal in {fen}"));
        let mut s = String::new();
        write_chinese(&b, m, &mut s);
        s
    }

    const START: &str = crate::xiangqi::START_FEN;

    #[test]
    fn iccs_labels() {
        let b = Board::start();
        let m = parse_iccs(&b, "H2-E2").unwrap();
        let mut s = String::new();
        write_iccs(m, &mut s);
        assert_eq!(s, "h2e2");
        assert!(parse_iccs(&b, "h2h8").is_none());
        assert!(parse_iccs(&b, "h2h9").is_some(), "the cannon takes the horse over h7");
    }

    #[test]
    fn common_opening_moves() {
        assert_eq!(chinese(START, "h2e2"), "炮二平五");
        assert_eq!(chinese(START, "b0c2"), "马八进七");
        assert_eq!(chinese(START, "h0g2"), "马二进三");
        assert_eq!(chinese(START, "i0i1"), "车一进一");
        assert_eq!(chinese(START, "g3g4"), "兵三进一");
        assert_eq!(chinese(START, "c0e2"), "相七进五");
        assert_eq!(chinese(START, "f0e1"), "仕四进五");
        assert_eq!(chinese(START, "e0e1"), "帅五进一");
        assert_eq!(chinese(START, "h2h6"), "炮二进四");
        let after = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";
        assert_eq!(chinese(after, "h9g7"), "马８进７");
        assert_eq!(chinese(after, "b7e7"), "炮２平５");
        assert_eq!(chinese(after, "h7h3"), "炮８进４");
        assert_eq!(chinese(after, "a9a8"), "车１进１");
        assert_eq!(chinese(after, "e9e8"), "将５进１");
        assert_eq!(chinese(after, "c6c5"), "卒３进１");
    }

    #[test]
    fn backwards_and_diagonal_targets() {
        let fen = "4k4/9/9/9/9/2N6/9/4B4/9/3K1R3 w";
        assert_eq!(chinese(fen, "c4d2"), "马七退六");
        assert_eq!(chinese(fen, "e2g0"), "相五退三");
        assert_eq!(chinese(fen, "f0f5"), "车四进五");
        assert_eq!(chinese(fen, "c4b6"), "马七进八");
    }

    #[test]
    fn front_and_rear() {
        // Two red cannons on the h file (Red's 二): h7 is the front one.
        let fen = "4k4/9/7C1/9/9/9/9/7C1/9/3K5 w";
        assert_eq!(chinese(fen, "h7e7"), "前炮平五");
        assert_eq!(chinese(fen, "h2e2"), "后炮平五");
        // For Black the front piece is the one nearer Red: chariots on b8 and b3.
        let fen = "4k4/1r7/9/9/9/9/1r7/9/9/3K5 b";
        assert_eq!(chinese(fen, "b3b1"), "前车进２");
        assert_eq!(chinese(fen, "b8b9"), "后车退１");
        // Advisors on one file keep the plain form.
        let fen = "5k3/9/9/9/9/9/9/3A5/9/3AK4 w";
        assert_eq!(chinese(fen, "d2e1"), "仕六退五");
    }

    #[test]
    fn three_soldiers_and_two_files() {
        let three = "4k4/9/4P4/4P4/4P4/9/9/9/9/3K5 w";
        assert_eq!(chinese(three, "e7d7"), "前兵平六");
        assert_eq!(chinese(three, "e6d6"), "中兵平六");
        assert_eq!(chinese(three, "e5d5"), "后兵平六");
        let two_files = "4k4/9/2P1P4/2P1P4/9/9/9/9/9/3K5 w";
        assert_eq!(chinese(two_files, "c7b7"), "前七平八");
        assert_eq!(chinese(two_files, "e6f6"), "后五平四");
    }
}
