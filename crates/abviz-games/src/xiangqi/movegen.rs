//! Move generation: pseudo-legal moves per piece, the attack test on a general, and legal
//! moves (pseudo-legal moves that do not leave one's own general attacked).
//!
//! Legality is decided by a filter followed by an exact test. Whether a general is attacked
//! depends only on the files and rank through its square (chariots, cannons and their screens,
//! the facing general), on its four diagonal neighbours (the legs of attacking horses) and on
//! the pieces themselves. So when the side to move is not in check, a move whose from-square and
//! to-square both lie off the general's rank and file, that does not leave a diagonal neighbour
//! of the general, and that is not a general move, cannot expose the general: it is legal
//! without a test. Every other move is played on the cells and tested with [`attacked`]. In the
//! start position about two moves in three skip the test.

use super::board::{Board, Kind, Move, MoveList, OFF, Side, in_palace, kind_of, own_half, side_of};

/// Orthogonal steps: towards Black, towards Red, left, right (from Red's chair).
const ORTH: [i8; 4] = [16, -16, -1, 1];
/// Diagonal steps.
const DIAG: [i8; 4] = [15, 17, -17, -15];
/// Horse moves: the leg step, then the two landing squares beyond that leg.
const HORSE: [(i8, [i8; 2]); 4] = [(16, [31, 33]), (-16, [-33, -31]), (-1, [14, -18]), (1, [-14, 18])];
/// Horses that attack a square: a diagonal neighbour (the attacking horse's leg) and the two
/// squares from which a horse jumps over that leg onto the square.
const HORSE_CHECK: [(i8, [i8; 2]); 4] =
    [(15, [31, 14]), (17, [33, 18]), (-17, [-33, -18]), (-15, [-31, -14])];

#[inline(always)]
fn add(sq: u8, d: i8) -> u8 {
    sq.wrapping_add(d as u8)
}

/// Whether `a` and `b` share a rank or a file.
#[inline(always)]
fn same_line(a: u8, b: u8) -> bool {
    let x = a ^ b;
    x & 0xF0 == 0 || x & 0x0F == 0
}

/// Whether `a` is a diagonal neighbour of `b`.
#[inline(always)]
fn diagonal_neighbour(a: u8, b: u8) -> bool {
    matches!(a.wrapping_sub(b), 15 | 17 | 239 | 241)
}

/// Whether the square `k` (a general's) is attacked by `by`'s pieces on `cells`: by a chariot
/// or the general along an open line (the flying-general rule), a cannon over exactly one
/// screen, a horse whose leg is free, or a soldier. Advisors and elephants never leave their
/// own half, so they cannot attack a general.
#[inline]
pub(crate) fn attacked(cells: &[u8; 256], k: u8, by: Side) -> bool {
    let opp = by.tag();
    for d in ORTH {
        let mut t = add(k, d);
        while cells[t as usize] == 0 {
            t = add(t, d);
        }
        let p = cells[t as usize];
        if p == OFF {
            continue;
        }
        if p & opp != 0 && matches!(kind_of(p), Kind::Chariot | Kind::General) {
            return true;
        }
        t = add(t, d);
        while cells[t as usize] == 0 {
            t = add(t, d);
        }
        let p = cells[t as usize];
        if p & opp != 0 && kind_of(p) == Kind::Cannon {
            return true;
        }
    }
    for (leg, horses) in HORSE_CHECK {
        if cells[add(k, leg) as usize] == 0 {
            for h in horses {
                let p = cells[add(k, h) as usize];
                if p & opp != 0 && kind_of(p) == Kind::Horse {
                    return true;
                }
            }
        }
    }
    let behind = add(k, -(by.forward() as i8));
    let p = cells[behind as usize];
    if p & opp != 0 && kind_of(p) == Kind::Soldier {
        return true;
    }
    for d in [-1i8, 1] {
        let s = add(k, d);
        let p = cells[s as usize];
        if p & opp != 0 && kind_of(p) == Kind::Soldier && !own_half(s, by) {
            return true;
        }
    }
    false
}

impl Board {
    /// Appends the pseudo-legal moves of piece `id` standing on `sq` (moves that follow the
    /// piece's rules but may leave its own general attacked).
    #[inline]
    pub(crate) fn piece_moves(&self, id: u8, sq: u8, out: &mut MoveList) {
        let cells = &self.cells;
        let side = side_of(id);
        let opp = side.other().tag();
        let target = |t: u8, out: &mut MoveList| {
            let v = cells[t as usize];
            if v == 0 || v & opp != 0 {
                out.push(Move::new(sq, t, v));
            }
        };
        match kind_of(id) {
            Kind::General => {
                for d in ORTH {
                    let t = add(sq, d);
                    if in_palace(t) {
                        target(t, out);
                    }
                }
            }
            Kind::Advisor => {
                for d in DIAG {
                    let t = add(sq, d);
                    if in_palace(t) {
                        target(t, out);
                    }
                }
            }
            Kind::Elephant => {
                for d in DIAG {
                    let eye = add(sq, d);
                    let t = add(eye, d);
                    // Blocked at the eye; never across the river (an off-board target is OFF).
                    if cells[eye as usize] == 0 && (t ^ sq) & 0x80 == 0 {
                        target(t, out);
                    }
                }
            }
            Kind::Horse => {
                for (leg, dests) in HORSE {
                    if cells[add(sq, leg) as usize] == 0 {
                        for d in dests {
                            target(add(sq, d), out);
                        }
                    }
                }
            }
            Kind::Chariot => {
                for d in ORTH {
                    let mut t = add(sq, d);
                    while cells[t as usize] == 0 {
                        out.push(Move::new(sq, t, 0));
                        t = add(t, d);
                    }
                    let v = cells[t as usize];
                    if v & opp != 0 {
                        out.push(Move::new(sq, t, v));
                    }
                }
            }
            Kind::Cannon => {
                for d in ORTH {
                    let mut t = add(sq, d);
                    while cells[t as usize] == 0 {
                        out.push(Move::new(sq, t, 0));
                        t = add(t, d);
                    }
                    if cells[t as usize] == OFF {
                        continue;
                    }
                    // t is the screen; capture the first piece beyond it if it is an enemy.
                    t = add(t, d);
                    while cells[t as usize] == 0 {
                        t = add(t, d);
                    }
                    let v = cells[t as usize];
                    if v & opp != 0 {
                        out.push(Move::new(sq, t, v));
                    }
                }
            }
            Kind::Soldier => {
                target(add(sq, side.forward() as i8), out);
                if !own_half(sq, side) {
                    target(add(sq, -1), out);
                    target(add(sq, 1), out);
                }
            }
        }
    }

    /// Appends every pseudo-legal move of `side` (whoever is to move), piece by piece in id
    /// order: general, advisors, elephants, horses, chariots, cannons, soldiers.
    pub(crate) fn pseudo_moves(&self, side: Side, out: &mut MoveList) {
        let tag = side.tag();
        for id in tag..tag + 16 {
            let sq = self.squares[id as usize];
            if sq != 0 {
                self.piece_moves(id, sq, out);
            }
        }
    }

    /// Whether `side`'s general is attacked.
    #[inline]
    pub fn in_check(&self, side: Side) -> bool {
        attacked(&self.cells, self.general(side), side.other())
    }

    /// The legal moves of the side to move, in generation order (piece by piece, as described
    /// for [`MoveOrder::Natural`](super::MoveOrder::Natural)).
    /// Takes `&mut self` only to try moves on the cells; the board is unchanged afterwards.
    pub fn legal_moves(&mut self, out: &mut MoveList) {
        out.clear();
        let side = self.side;
        self.pseudo_moves(side, out);
        let k = self.general(side);
        let opp = side.other();
        let check = attacked(&self.cells, k, opp);
        let cells = &mut self.cells;
        out.retain(|m| {
            let (from, to) = (m.from(), m.to());
            if !check && from != k && !same_line(from, k) && !same_line(to, k) && !diagonal_neighbour(from, k)
            {
                return true;
            }
            let p = cells[from as usize];
            let c = cells[to as usize];
            cells[to as usize] = p;
            cells[from as usize] = 0;
            let ok = !attacked(cells, if from == k { to } else { k }, opp);
            cells[from as usize] = p;
            cells[to as usize] = c;
            ok
        });
    }

    /// The legal moves as a new list (for callers holding `&self`).
    pub fn legal_move_list(&self) -> MoveList {
        let mut b = *self;
        let mut list = MoveList::new();
        b.legal_moves(&mut list);
        list
    }

    /// Whether the side to move has at least one legal move (if not, it has lost).
    pub fn has_legal_move(&self) -> bool {
        let mut b = *self;
        let side = b.side;
        let k = b.general(side);
        let opp = side.other();
        let tag = side.tag();
        let mut list = MoveList::new();
        // Piece by piece, so the usual answer (yes) comes after one or two pieces.
        for id in (tag..tag + 16).rev() {
            let sq = b.squares[id as usize];
            if sq == 0 {
                continue;
            }
            list.clear();
            b.piece_moves(id, sq, &mut list);
            for &m in list.as_slice() {
                let (from, to) = (m.from(), m.to());
                let c = b.cells[to as usize];
                b.cells[to as usize] = b.cells[from as usize];
                b.cells[from as usize] = 0;
                let ok = !attacked(&b.cells, if from == k { to } else { k }, opp);
                b.cells[from as usize] = b.cells[to as usize];
                b.cells[to as usize] = c;
                if ok {
                    return true;
                }
            }
        }
        false
    }

    /// A piece of `by` that attacks `side`'s general, as (square, kind), if any (for messages).
    pub(crate) fn checker(&self, side: Side) -> Option<(u8, Kind)> {
        let k = self.general(side);
        let by = side.other();
        let theirs = self.general(by);
        if theirs != 0 && k != 0 && (theirs ^ k) & 0x0F == 0 {
            let d: i8 = if theirs > k { 16 } else { -16 };
            let mut t = add(k, d);
            while self.cells[t as usize] == 0 {
                t = add(t, d);
            }
            if t == theirs {
                return Some((theirs, Kind::General));
            }
        }
        let mut list = MoveList::new();
        self.pseudo_moves(by, &mut list);
        list.as_slice()
            .iter()
            .find(|m| m.to() == k)
            .map(|m| (m.from(), kind_of(self.cells[m.from() as usize])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(fen: &str) -> Vec<String> {
        let b = Board::from_fen(fen).unwrap();
        let mut v: Vec<String> = b.legal_move_list().as_slice().iter().map(|m| m.iccs()).collect();
        v.sort();
        v
    }

    fn from(fen: &str, sq: &str) -> Vec<String> {
        legal(fen).into_iter().filter(|m| m.starts_with(sq)).collect()
    }

    #[test]
    fn start_position_has_44_moves() {
        assert_eq!(legal(crate::xiangqi::START_FEN).len(), 44);
    }

    #[test]
    fn general_stays_in_palace_and_moves_orthogonally() {
        // Red general on d0: e0 and d1 only (c0 is outside the palace).
        assert_eq!(from("5k3/9/9/9/9/9/9/9/9/3K5 w", "d0"), ["d0d1", "d0e0"]);
        // On f2 it may not step to f3 or g2.
        assert_eq!(from("3k5/9/9/9/9/9/9/5K3/9/9 w", "f2"), ["f2e2", "f2f1"]);
    }

    #[test]
    fn flying_general_rule() {
        // Black general on d9: stepping to d0 would face it on the open d file.
        assert_eq!(from("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0"), ["e0e1", "e0f0"]);
        // The only piece between the generals is pinned to the file (a cannon with no screen
        // does not attack the general).
        assert_eq!(
            from("4k4/9/9/9/9/4C4/9/9/9/4K4 w", "e4"),
            ["e4e1", "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"]
        );
    }

    #[test]
    fn advisor_moves_diagonally_in_palace() {
        assert_eq!(from("4k4/9/9/9/9/9/9/9/4A4/3K5 w", "e1"), ["e1d2", "e1f0", "e1f2"]);
        assert_eq!(from("3k5/9/9/9/9/9/9/9/9/3AK4 w", "d0"), ["d0e1"]);
    }

    #[test]
    fn elephant_eye_and_river() {
        // Elephant on e2: four targets, a horse on the eye d1 removes c0.
        assert_eq!(from("4k4/9/9/9/9/9/9/4B4/3N5/5K3 w", "e2"), ["e2c4", "e2g0", "e2g4"]);
        // On c4 it may not cross to a6/e6.
        assert_eq!(from("4k4/9/9/9/9/2B6/9/9/9/3K5 w", "c4"), ["c4a2", "c4e2"]);
        // A black elephant on c5 may not cross either.
        assert_eq!(from("4k4/9/9/9/2b6/9/9/9/9/3K5 b", "c5"), ["c5a7", "c5e7"]);
    }

    #[test]
    fn horse_leg() {
        // Horse e4 with a piece on e5 (leg up): d6 and f6 are blocked, six moves remain.
        let moves = from("3k5/9/9/9/4p4/4N4/9/9/9/5K3 w", "e4");
        assert_eq!(moves, ["e4c3", "e4c5", "e4d2", "e4f2", "e4g3", "e4g5"]);
        // Unblocked: all eight.
        assert_eq!(from("3k5/9/9/9/9/4N4/9/9/9/5K3 w", "e4").len(), 8);
    }

    #[test]
    fn chariot_slides_and_captures() {
        let moves = from("3k5/9/9/9/9/1p2R2N1/9/9/9/5K3 w", "e4");
        assert!(moves.contains(&"e4b4".to_string()) && !moves.contains(&"e4a4".to_string()));
        assert!(moves.contains(&"e4g4".to_string()) && !moves.contains(&"e4h4".to_string()));
        assert_eq!(moves.len(), 9 + 5);
    }

    #[test]
    fn cannon_needs_exactly_one_screen() {
        // Cannon a4; on the rank: screen c4, target e4 (black) captured; f4 beyond not.
        let moves = from("3k5/9/9/9/9/C1P1p1r2/9/9/9/5K3 w", "a4");
        assert!(moves.contains(&"a4b4".to_string()));
        assert!(moves.contains(&"a4e4".to_string()));
        assert!(!moves.contains(&"a4c4".to_string()) && !moves.contains(&"a4g4".to_string()));
        // No capture without a screen: the black soldier on a5 next to the cannon.
        let moves = from("3k5/9/9/9/p8/C8/9/9/9/5K3 w", "a4");
        assert!(!moves.contains(&"a4a5".to_string()));
    }

    #[test]
    fn soldier_sideways_only_after_the_river() {
        assert_eq!(from("3k5/9/9/9/9/9/4P4/9/9/5K3 w", "e3"), ["e3e4"]);
        assert_eq!(from("3k5/9/9/9/4P4/9/9/9/9/5K3 w", "e5"), ["e5d5", "e5e6", "e5f5"]);
        // On the last rank only sideways.
        assert_eq!(from("P2k5/9/9/9/9/9/9/9/9/5K3 w", "a9"), ["a9b9"]);
        // Black soldiers go down.
        assert_eq!(from("3k5/9/9/9/9/4p4/9/9/9/5K3 b", "e4"), ["e4d4", "e4e3", "e4f4"]);
    }

    #[test]
    fn no_move_may_leave_the_general_in_check() {
        // Red general e0 in check from the black chariot on e5, nothing can block or capture:
        // the general must step aside, and not to d0, where it would face the black general.
        let moves = legal("3k5/9/9/9/4r4/9/9/9/9/4K4 w");
        assert_eq!(moves, ["e0f0"]);
        // Horse check through a free leg: horse d2 attacks e0 via d1.
        let b = Board::from_fen("3k5/9/9/9/9/9/9/3n5/9/4K4 w").unwrap();
        assert!(b.in_check(Side::Red));
        let b = Board::from_fen("3k5/9/9/9/9/9/9/3n5/3P5/4K4 w");
        assert!(b.is_err(), "d1 is not a legal soldier square");
        let b = Board::from_fen("3k5/9/9/9/9/9/9/3n5/3R5/4K4 w").unwrap();
        assert!(!b.in_check(Side::Red), "the chariot on d1 blocks the horse's leg");
    }

    #[test]
    fn cannon_check_and_screen_creation() {
        // Black cannon e7 and a red soldier e5 as the only screen: red is in check.
        let b = Board::from_fen("3k5/9/4c4/9/4P4/9/9/9/9/4K4 w").unwrap();
        assert!(b.in_check(Side::Red));
        // Red chariot on a4 moving to e4 would create a screen for the cannon: illegal.
        let moves = legal("3k5/9/4c4/9/9/R8/9/9/9/4K4 w");
        assert!(!moves.contains(&"a4e4".to_string()));
        assert!(moves.contains(&"a4d4".to_string()));
    }

    #[test]
    fn no_legal_move_detection() {
        let start = Board::start();
        assert!(start.has_legal_move());
        // Smothered: red general cornered, no moves: black chariots cover d-file and rank 0.
        let b = Board::from_fen("4k4/9/9/9/9/9/9/9/r8/3K1r3 w").unwrap();
        assert!(!b.has_legal_move());
        assert!(b.legal_move_list().is_empty());
    }

    #[test]
    fn filtered_legality_equals_the_definition_along_random_games() {
        // Along seeded random games: the generator's moves are exactly the pseudo-legal moves
        // after which the mover's general is not attacked (tested on a full copy), every
        // position reached is accepted by the FEN reader, and the piece list matches the cells.
        use rand_chacha::ChaCha8Rng;
        use rand_chacha::rand_core::{Rng, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(2024);
        let mut positions = 0;
        for _game in 0..120 {
            let mut b = Board::start();
            for _ply in 0..160 {
                positions += 1;
                let mut fast = MoveList::new();
                b.legal_moves(&mut fast);
                let mut pseudo = MoveList::new();
                b.pseudo_moves(b.side(), &mut pseudo);
                let slow: Vec<Move> = pseudo
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let mut c = b;
                        c.make(m);
                        !c.in_check(b.side())
                    })
                    .collect();
                assert_eq!(fast.as_slice(), &slow[..], "{}", b.fen());
                assert_eq!(b.has_legal_move(), !slow.is_empty(), "{}", b.fen());
                let fen = b.fen();
                let again = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
                assert_eq!(again.fen(), fen);
                for (sq, id) in b.pieces() {
                    assert_eq!(b.cells[sq as usize], id);
                }
                if fast.is_empty() {
                    break;
                }
                let m = fast.as_slice()[(rng.next_u64() % fast.len() as u64) as usize];
                b.make(m);
            }
        }
        assert!(positions > 5_000);
    }
}
