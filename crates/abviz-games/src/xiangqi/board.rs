//! The board: a padded 16×16 mailbox with a piece list.
//!
//! Squares are bytes: `sq = (rank + 3) * 16 + (file + 3)`, files a–i = 0–8 from Red's left,
//! ranks 0–9 from Red's back rank (ICCS coordinates). The 9×10 board sits inside a 16×16 array
//! whose border cells hold [`OFF`], so a sliding piece stops at the edge without a bounds test
//! and a horse or elephant jumping off the board lands on a border cell. Ranks 0–4 (Red's half)
//! have bit 7 of the square clear and ranks 5–9 have it set, so "same side of the river" is one
//! XOR.
//!
//! Each cell holds 0 (empty), [`OFF`], or a piece id: 16–31 for Red and 32–47 for Black. The
//! low four bits of an id are a slot that fixes the piece's kind (slot 0 the general, 1–2
//! advisors, 3–4 elephants, 5–6 horses, 7–8 chariots, 9–10 cannons, 11–15 soldiers), and
//! `Board::squares` maps every id back to its square (0 once captured). Generation walks the
//! 16 ids of a side instead of 90 cells.

use std::fmt;

/// An off-board cell (no colour bit set, so it is neither own nor enemy).
pub const OFF: u8 = 0x80;

/// The two sides. Red moves first and is MAX.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Red (upper-case letters in FEN, moves first).
    Red,
    /// Black (lower-case letters in FEN).
    Black,
}

impl Side {
    /// The other side.
    #[inline(always)]
    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }

    /// The colour bit of this side's piece ids: 16 for Red, 32 for Black.
    #[inline(always)]
    pub fn tag(self) -> u8 {
        match self {
            Side::Red => 16,
            Side::Black => 32,
        }
    }

    /// `"red"` or `"black"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Black => "black",
        }
    }

    /// The square step that moves this side's soldiers forward.
    #[inline(always)]
    pub fn forward(self) -> i16 {
        match self {
            Side::Red => 16,
            Side::Black => -16,
        }
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// 帅/将, K in FEN.
    General,
    /// 仕/士, A.
    Advisor,
    /// 相/象, B (or E).
    Elephant,
    /// 马, N (or H).
    Horse,
    /// 车, R.
    Chariot,
    /// 炮, C.
    Cannon,
    /// 兵/卒, P.
    Soldier,
}

impl Kind {
    /// All kinds, in slot order.
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Soldier,
    ];

    /// The English name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::General => "general",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Chariot => "chariot",
            Kind::Cannon => "cannon",
            Kind::Soldier => "soldier",
        }
    }

    /// The FEN letter (engine convention, upper case): K A B N R C P.
    pub fn letter(self) -> char {
        match self {
            Kind::General => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Chariot => 'R',
            Kind::Cannon => 'C',
            Kind::Soldier => 'P',
        }
    }

    /// The first slot of this kind and how many pieces of it a side has at most.
    pub fn slots(self) -> (u8, u8) {
        match self {
            Kind::General => (0, 1),
            Kind::Advisor => (1, 2),
            Kind::Elephant => (3, 2),
            Kind::Horse => (5, 2),
            Kind::Chariot => (7, 2),
            Kind::Cannon => (9, 2),
            Kind::Soldier => (11, 5),
        }
    }

    /// Index 0–6 (slot order), for tables.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The kind of each slot (low four bits of a piece id).
pub const SLOT_KIND: [Kind; 16] = [
    Kind::General,
    Kind::Advisor,
    Kind::Advisor,
    Kind::Elephant,
    Kind::Elephant,
    Kind::Horse,
    Kind::Horse,
    Kind::Chariot,
    Kind::Chariot,
    Kind::Cannon,
    Kind::Cannon,
    Kind::Soldier,
    Kind::Soldier,
    Kind::Soldier,
    Kind::Soldier,
    Kind::Soldier,
];

/// The kind of piece id `id` (16–47).
#[inline(always)]
pub fn kind_of(id: u8) -> Kind {
    SLOT_KIND[(id & 15) as usize]
}

/// The side of piece id `id` (16–47).
#[inline(always)]
pub fn side_of(id: u8) -> Side {
    if id & 16 != 0 { Side::Red } else { Side::Black }
}

/// The square of ICCS `file` 0–8 (a–i) and `rank` 0–9.
#[inline(always)]
pub const fn square(file: u8, rank: u8) -> u8 {
    (rank + 3) * 16 + file + 3
}

/// The ICCS file 0–8 of an on-board square.
#[inline(always)]
pub const fn file_of(sq: u8) -> u8 {
    (sq & 15) - 3
}

/// The ICCS rank 0–9 of an on-board square.
#[inline(always)]
pub const fn rank_of(sq: u8) -> u8 {
    (sq >> 4) - 3
}

/// Whether `sq` is one of the 90 points.
#[inline(always)]
pub fn on_board(sq: u8) -> bool {
    let (r, f) = (sq >> 4, sq & 15);
    (3..=12).contains(&r) && (3..=11).contains(&f)
}

/// The ICCS name of a square, like `e0`.
pub fn square_name(sq: u8) -> String {
    let mut s = String::with_capacity(2);
    push_square(sq, &mut s);
    s
}

/// Appends the ICCS name of a square.
pub fn push_square(sq: u8, out: &mut String) {
    out.push((b'a' + file_of(sq)) as char);
    out.push((b'0' + rank_of(sq)) as char);
}

/// Whether `sq` lies in either palace (files d–f, ranks 0–2 or 7–9).
#[inline(always)]
pub fn in_palace(sq: u8) -> bool {
    IN_PALACE[sq as usize]
}

/// Whether `sq` is on Red's half of the board (ranks 0–4).
#[inline(always)]
pub fn red_half(sq: u8) -> bool {
    sq & 0x80 == 0
}

/// Whether `sq` is on `side`'s own half (before the river).
#[inline(always)]
pub fn own_half(sq: u8, side: Side) -> bool {
    red_half(sq) == (side == Side::Red)
}

const IN_PALACE: [bool; 256] = {
    let mut t = [false; 256];
    let mut rank = 0;
    while rank < 10 {
        let mut file = 3;
        while file <= 5 {
            if rank <= 2 || rank >= 7 {
                t[square(file, rank) as usize] = true;
            }
            file += 1;
        }
        rank += 1;
    }
    t
};

/// A move: from-square, to-square and the id of the captured piece (0: none), packed in a
/// `u32`. Carrying the capture makes undo need nothing but the move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

impl Move {
    /// A move from `from` to `to` capturing piece id `captured` (0 for none).
    #[inline(always)]
    pub fn new(from: u8, to: u8, captured: u8) -> Move {
        Move(from as u32 | (to as u32) << 8 | (captured as u32) << 16)
    }

    /// The square the piece leaves.
    #[inline(always)]
    pub fn from(self) -> u8 {
        self.0 as u8
    }

    /// The square the piece lands on.
    #[inline(always)]
    pub fn to(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// The id of the captured piece, 0 if none.
    #[inline(always)]
    pub fn captured(self) -> u8 {
        (self.0 >> 16) as u8
    }

    /// Whether the move captures.
    #[inline(always)]
    pub fn is_capture(self) -> bool {
        self.captured() != 0
    }

    /// ICCS coordinates, like `h2e2`.
    pub fn iccs(self) -> String {
        let mut s = String::with_capacity(4);
        push_square(self.from(), &mut s);
        push_square(self.to(), &mut s);
        s
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.iccs())
    }
}

/// A fixed-capacity move list on the stack (no allocation during generation). 128 is more
/// than any xiangqi position needs: a full army has at most 2·17 + 2·17 + 2·8 + 5·3 + 4 + 2·4
/// + 2·4 = 119 pseudo-legal moves.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 128],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [Move::default(); 128], len: 0 }
    }
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a move.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        debug_assert!(self.len < 128);
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The moves.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// How many moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps only the moves for which `keep` holds (order preserved).
    #[inline(always)]
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }

    /// Removes every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

/// A position: the cells, where each piece is, and the side to move. `Copy` and about 300
/// bytes, so cloning it is one memcpy.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Cell contents: 0 empty, [`OFF`], or a piece id 16–47.
    pub(crate) cells: [u8; 256],
    /// The square of each piece id (index 16–47); 0 when the piece is not on the board.
    pub(crate) squares: [u8; 48],
    /// The side to move.
    pub(crate) side: Side,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl Board {
    /// An empty board (no pieces), Red to move. Not a legal position by itself.
    pub(crate) fn empty() -> Board {
        let mut cells = [OFF; 256];
        for rank in 0..10 {
            for file in 0..9 {
                cells[square(file, rank) as usize] = 0;
            }
        }
        Board { cells, squares: [0; 48], side: Side::Red }
    }

    /// The standard start position.
    pub fn start() -> Board {
        Board::from_fen(super::START_FEN).expect("the start FEN is valid")
    }

    /// The side to move.
    #[inline(always)]
    pub fn side(&self) -> Side {
        self.side
    }

    /// The piece on a square, as (side, kind), if any.
    pub fn piece_at(&self, sq: u8) -> Option<(Side, Kind)> {
        let id = self.cells[sq as usize];
        if id == 0 || id == OFF { None } else { Some((side_of(id), kind_of(id))) }
    }

    /// The piece on ICCS (`file`, `rank`), if any.
    pub fn piece_at_coords(&self, file: u8, rank: u8) -> Option<(Side, Kind)> {
        self.piece_at(square(file, rank))
    }

    /// The square of `side`'s general.
    #[inline(always)]
    pub fn general(&self, side: Side) -> u8 {
        self.squares[side.tag() as usize]
    }

    /// Every piece on the board as (square, id), Red's first, in id order.
    pub fn pieces(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (16u8..48).filter_map(|id| {
            let sq = self.squares[id as usize];
            (sq != 0).then_some((sq, id))
        })
    }

    /// Puts piece `id` on the empty square `sq` (setting up a position).
    pub(crate) fn put(&mut self, sq: u8, id: u8) {
        debug_assert_eq!(self.cells[sq as usize], 0);
        self.cells[sq as usize] = id;
        self.squares[id as usize] = sq;
    }

    /// Plays `mv` (which must be pseudo-legal here).
    #[inline(always)]
    pub fn make(&mut self, mv: Move) {
        let (from, to, cap) = (mv.from(), mv.to(), mv.captured());
        let p = self.cells[from as usize];
        self.cells[to as usize] = p;
        self.cells[from as usize] = 0;
        self.squares[p as usize] = to;
        if cap != 0 {
            self.squares[cap as usize] = 0;
        }
        self.side = self.side.other();
    }

    /// Takes back `mv`, the last move made.
    #[inline(always)]
    pub fn unmake(&mut self, mv: Move) {
        let (from, to, cap) = (mv.from(), mv.to(), mv.captured());
        let p = self.cells[to as usize];
        self.cells[from as usize] = p;
        self.cells[to as usize] = cap;
        self.squares[p as usize] = from;
        if cap != 0 {
            self.squares[cap as usize] = to;
        }
        self.side = self.side.other();
    }

    /// The board with colours swapped and ranks mirrored (rank r ↔ 9 − r), the other side to
    /// move: the same position seen from the other chair. Evaluations must negate under it.
    pub fn flipped(&self) -> Board {
        let mut b = Board::empty();
        b.side = self.side.other();
        for (sq, id) in self.pieces() {
            let to = square(file_of(sq), 9 - rank_of(sq));
            b.put(to, id ^ 48);
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_layout() {
        assert_eq!(square(0, 0), 51);
        assert_eq!(file_of(square(4, 7)), 4);
        assert_eq!(rank_of(square(4, 7)), 7);
        assert_eq!(square_name(square(7, 2)), "h2");
        assert!(on_board(square(8, 9)) && !on_board(square(8, 9) + 1) && !on_board(square(0, 0) - 16));
        for rank in 0..10 {
            for file in 0..9 {
                assert_eq!(red_half(square(file, rank)), rank <= 4);
            }
        }
        assert!(in_palace(square(3, 0)) && in_palace(square(5, 9)) && !in_palace(square(2, 0)));
        assert!(!in_palace(square(4, 3)) && !in_palace(square(4, 6)));
    }

    #[test]
    fn move_packing() {
        let m = Move::new(square(7, 2), square(4, 2), 0);
        assert_eq!(m.iccs(), "h2e2");
        assert!(!m.is_capture());
        let c = Move::new(square(1, 2), square(1, 9), 37);
        assert_eq!((c.captured(), c.is_capture()), (37, true));
        assert_eq!(format!("{c:?}"), "b2b9");
    }

    #[test]
    fn make_unmake_restore() {
        let mut b = Board::start();
        let before = b;
        let m = Move::new(square(1, 2), square(1, 9), b.cells[square(1, 9) as usize]);
        b.make(m);
        assert_eq!(b.side(), Side::Black);
        assert_eq!(b.piece_at(square(1, 9)), Some((Side::Red, Kind::Cannon)));
        b.unmake(m);
        assert!(b == before);
    }
}
