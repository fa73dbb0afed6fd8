//! Static evaluations, from Red's (MAX's) point of view.
//!
//! * **classic** — the scheme of the source text (a Java human-vs-computer program searching
//!   two plies): piece values (general 80, advisor 0, elephant 0, horse 300, chariot 500,
//!   cannon 300, soldier 100), one position table per piece, and a bonus for what each piece
//!   can capture next (general +9999, chariot +500, horse or cannon +100, soldier −20); a side's
//!   total is the sum over its pieces, and the value is Red's total minus Black's. The source's
//!   slips are fixed as listed in docs/xiangqi.md and on [`CLASSIC_VALUES`] and the tables.
//! * **material-pst** (the default) — material from the commonly quoted values (soldier 1,
//!   2 once across the river; advisor 2; elephant 2; horse 4; cannon 4.5; chariot 9 — H. T. Lau,
//!   *Chinese Chess*, 1985, as cited by Wikipedia), times 100, plus the same (fixed) position
//!   tables; no capture bonus. Symmetric: swapping colours negates it, as for classic.
//!
//! Tables are indexed `[own rank][file]`: own rank 0 is the piece's own back rank, so one
//! table serves both sides (Black's ranks are mirrored, as `getOppositePos` did in the source).

use super::board::{Board, Kind, MoveList, Side, file_of, kind_of, own_half, rank_of, side_of};
use std::fmt;
use std::str::FromStr;

/// Which evaluation a position uses at the depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum XqEval {
    /// The source text's scheme, slips fixed.
    Classic,
    /// Material (advisors and elephants valued) plus position tables (the default).
    #[default]
    MaterialPst,
}

impl XqEval {
    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            XqEval::Classic => "classic",
            XqEval::MaterialPst => "material-pst",
        }
    }
}

impl FromStr for XqEval {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "classic" => Ok(XqEval::Classic),
            "material-pst" | "materialpst" | "pst" | "material" => Ok(XqEval::MaterialPst),
            _ => Err(format!("unknown xiangqi evaluation '{s}': expected classic or material-pst")),
        }
    }
}

impl fmt::Display for XqEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The source's `BasicValue`, in [`Kind`] order: general, advisor, elephant, horse, chariot,
/// cannon, soldier.
pub const CLASSIC_VALUES: [i32; 7] = [80, 0, 0, 300, 500, 300, 100];

/// material-pst piece values (Lau's points × 100), in [`Kind`] order. A soldier that has
/// crossed the river is worth [`CROSSED_SOLDIER`] instead.
pub const MATERIAL_VALUES: [i32; 7] = [0, 200, 200, 400, 900, 450, 100];

/// material-pst value of a soldier across the river.
pub const CROSSED_SOLDIER: i32 = 200;

/// The classic capture bonus per captured kind (general = giving check).
pub const CLASSIC_CAPTURE_BONUS: [i32; 7] = [9999, 0, 0, 100, 500, 100, -20];

type Table = [[i16; 9]; 10];

/// 将 — as in the source.
const GENERAL: Table = [
    [0, 0, 0, 1, 5, 1, 0, 0, 0],
    [0, 0, 0, -8, -8, -8, 0, 0, 0],
    [0, 0, 0, -9, -9, -9, 0, 0, 0],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
];

/// 士 — as in the source.
const ADVISOR: Table =
    [[0; 9], [0, 0, 0, 0, 3, 0, 0, 0, 0], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9]];

/// 象 — as in the source.
const ELEPHANT: Table =
    [[0; 9], [0; 9], [-2, 0, 0, 0, 3, 0, 0, 0, -2], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9], [0; 9]];

/// 马 — the source lists 11 rows: the own-rank-4 row `2 10 13 14 15 14 13 10 2` is printed
/// twice, pushing every later row one rank too far. Fixed by dropping the duplicate; the result
/// is XQWLight's knight table minus 88 on every point (xqbase/xqwlight, Position.java).
const HORSE: Table = [
    [0, -3, 2, 0, 2, 0, 2, -3, 0],
    [-3, 2, 4, 5, -10, 5, 4, 2, -3],
    [5, 4, 6, 7, 4, 7, 6, 4, 5],
    [4, 6, 10, 7, 10, 7, 10, 6, 4],
    [2, 10, 13, 14, 15, 14, 13, 10, 2],
    [2, 12, 11, 15, 16, 15, 11, 12, 2],
    [5, 20, 12, 19, 12, 19, 12, 20, 5],
    [4, 10, 11, 15, 11, 15, 11, 10, 4],
    [2, 8, 15, 9, 6, 9, 15, 8, 2],
    [2, 2, 2, 8, 2, 8, 2, 2, 2],
];

/// 车 — as in the source (XQWLight's rook table minus 200).
const CHARIOT: Table = [
    [-6, 6, 4, 12, 0, 12, 4, 6, -6],
    [5, 8, 6, 12, 0, 12, 6, 8, 5],
    [-2, 8, 4, 12, 12, 12, 4, 8, -2],
    [4, 9, 4, 12, 14, 12, 4, 9, 4],
    [8, 12, 12, 14, 15, 14, 12, 12, 8],
    [8, 11, 11, 14, 15, 14, 11, 11, 8],
    [6, 13, 13, 16, 16, 16, 13, 13, 6],
    [6, 8, 7, 14, 16, 14, 7, 8, 6],
    [6, 12, 9, 16, 33, 16, 9, 12, 6],
    [6, 8, 7, 13, 14, 13, 7, 8, 6],
];

/// 炮 — the source lists 11 rows: its first four are XQWLight's cannon table minus 96, but
/// rows 5–11 are the soldier table's last seven rows pasted in (a cannon would score 70 on the
/// enemy palace, as a soldier does). Fixed by completing the cannon table from the same origin
/// (XQWLight's cannon minus 96) for own ranks 4–9.
const CANNON: Table = [
    [0, 0, 1, 3, 3, 3, 1, 0, 0],
    [0, 1, 2, 2, 2, 2, 2, 1, 0],
    [1, 0, 4, 3, 5, 3, 4, 0, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [-1, 0, 3, 0, 4, 0, 3, 0, -1],
    [0, 0, 0, 0, 4, 0, 0, 0, 0],
    [0, 3, 3, 2, 4, 2, 3, 3, 0],
    [1, 1, 0, -5, -4, -5, 0, 1, 1],
    [2, 2, 0, -4, -7, -4, 0, 2, 2],
    [4, 4, 0, -5, -6, -5, 0, 4, 4],
];

/// 卒 — the source lists 9 rows: own rank 7, `20 30 45 55 55 55 45 30 20`, is missing (a
/// soldier reaching the last rank would index past the end of the Java array). Fixed by
/// restoring that row, which survives in the source's pasted cannon table between the rows
/// for own ranks 6 and 8.
const SOLDIER: Table = [
    [0; 9],
    [0; 9],
    [0; 9],
    [-2, 0, -2, 0, 6, 0, -2, 0, -2],
    [3, 0, 4, 0, 7, 0, 4, 0, 3],
    [10, 18, 22, 35, 40, 35, 22, 18, 10],
    [20, 27, 30, 40, 42, 40, 30, 27, 20],
    [20, 30, 45, 55, 55, 55, 45, 30, 20],
    [20, 30, 50, 65, 70, 65, 50, 30, 20],
    [0, 0, 0, 2, 4, 2, 0, 0, 0],
];

const TABLES: [&Table; 7] = [&GENERAL, &ADVISOR, &ELEPHANT, &HORSE, &CHARIOT, &CANNON, &SOLDIER];

/// The position-table value of a `kind` of `side` on `sq`.
#[inline(always)]
pub fn position_value(kind: Kind, side: Side, sq: u8) -> i32 {
    let rank = rank_of(sq);
    let own_rank = if side == Side::Red { rank } else { 9 - rank };
    TABLES[kind.index()][own_rank as usize][file_of(sq) as usize] as i32
}

/// The evaluation `eval` of `board`, from Red's point of view.
pub fn evaluate(board: &Board, eval: XqEval) -> i32 {
    match eval {
        XqEval::Classic => classic(board),
        XqEval::MaterialPst => material_pst(board),
    }
}

#[inline(always)]
fn signed(side: Side, v: i32) -> i32 {
    if side == Side::Red { v } else { -v }
}

/// material-pst: material (advisors and elephants valued, crossed soldiers doubled) plus the
/// position tables, Red minus Black.
pub fn material_pst(board: &Board) -> i32 {
    let mut total = 0;
    for (sq, id) in board.pieces() {
        let (side, kind) = (side_of(id), kind_of(id));
        let material = if kind == Kind::Soldier && !own_half(sq, side) {
            CROSSED_SOLDIER
        } else {
            MATERIAL_VALUES[kind.index()]
        };
        total += signed(side, material + position_value(kind, side, sq));
    }
    total
}

/// classic: piece values + position tables + capture bonus, Red minus Black.
pub fn classic(board: &Board) -> i32 {
    let mut total = 0;
    let mut list = MoveList::new();
    for (sq, id) in board.pieces() {
        let (side, kind) = (side_of(id), kind_of(id));
        let mut v = CLASSIC_VALUES[kind.index()] + position_value(kind, side, sq);
        v += capture_bonus(board, id, sq, &mut list);
        total += signed(side, v);
    }
    total
}

/// The classic bonus of one piece: for every enemy piece it could capture next (by the piece's
/// own movement rules, whoever is to move), +9999 for the general, +500 for a chariot, +100 for
/// a horse or a cannon, −20 for a soldier. The generals themselves get none (as the source
/// meant with its `"bb0"`/`"rb0"` test).
pub fn capture_bonus(board: &Board, id: u8, sq: u8, list: &mut MoveList) -> i32 {
    if kind_of(id) == Kind::General {
        return 0;
    }
    list.clear();
    board.piece_moves(id, sq, list);
    list.as_slice()
        .iter()
        .filter(|m| m.is_capture())
        .map(|m| CLASSIC_CAPTURE_BONUS[kind_of(m.captured()).index()])
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::board::square;

    #[test]
    fn tables_are_left_right_symmetric() {
        for (k, t) in TABLES.iter().enumerate() {
            for (r, row) in t.iter().enumerate() {
                for f in 0..9 {
                    assert_eq!(row[f], row[8 - f], "table {k} own rank {r} file {f}");
                }
            }
        }
    }

    #[test]
    fn start_position_is_level_and_flipping_negates() {
        let start = Board::start();
        assert_eq!(classic(&start), 0);
        assert_eq!(material_pst(&start), 0);
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w",
            "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w",
        ];
        for fen in fens {
            let b = Board::from_fen(fen).unwrap();
            let f = b.flipped();
            assert_eq!(classic(&f), -classic(&b), "{fen}");
            assert_eq!(material_pst(&f), -material_pst(&b), "{fen}");
        }
    }

    #[test]
    fn classic_values_by_hand() {
        // Red: general e0 (80 + 5), chariot e5 (500 + own rank 5, file e: 15) attacking the
        // black soldier on e6 (−20). Black: general d9 (80 + 1 on own rank 0, file d), soldier
        // e6 (100 + own rank 3, file e: 6) attacking the chariot (+500).
        let b = Board::from_fen("3k5/9/9/4p4/4R4/9/9/9/9/4K4 w").unwrap();
        let red = 80 + 5 + 500 + 15 - 20;
        let black = 80 + 1 + 100 + 6 + 500;
        assert_eq!(classic(&b), red - black);
        // Giving check is worth 9999: the red chariot on d8 attacks the black general on d9.
        let b = Board::from_fen("3k5/3R5/9/9/9/9/9/9/9/4K4 b").unwrap();
        let chariot_pst = position_value(Kind::Chariot, Side::Red, square(3, 8));
        assert_eq!(classic(&b), (80 + 5 + 500 + chariot_pst + 9999) - (80 + 1));
    }

    #[test]
    fn fixed_slip_horse_and_cannon_bonus_counts() {
        // A red cannon on e2 with screen e3 (red soldier) attacks the black horse on e6: +100
        // (the source's `m && p` test could never be true, so it scored 0).
        let b = Board::from_fen("3k5/9/9/4n4/9/9/4P4/4C4/9/5K3 w").unwrap();
        let mut list = MoveList::new();
        let id = b.cells[square(4, 2) as usize];
        assert_eq!(capture_bonus(&b, id, square(4, 2), &mut list), 100);
    }

    #[test]
    fn material_pst_values_advisors_and_crossed_soldiers() {
        let base = Board::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
        let with_advisor = Board::from_fen("3k5/9/9/9/9/9/9/9/4A4/4K4 w").unwrap();
        assert_eq!(material_pst(&with_advisor) - material_pst(&base), 200 + 3);
        let home = Board::from_fen("3k5/9/9/9/9/9/4P4/9/9/4K4 w").unwrap();
        let crossed = Board::from_fen("3k5/9/9/9/4P4/9/9/9/9/4K4 w").unwrap();
        assert_eq!(material_pst(&home) - material_pst(&base), 100 + 6);
        assert_eq!(material_pst(&crossed) - material_pst(&base), 200 + 40);
    }
}
