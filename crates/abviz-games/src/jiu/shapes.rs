//! The shapes of Jiu chess on a board (cells row by row from the top, `n` a side; 1 White,
//! 2 Black, 0 empty): squares (棋门) and dalians (褡褳).
//!
//! A *dalian* is a piece P of a colour beside an empty point E (along a line) such that a square
//! through P but not E is complete and a square through E but not P has its three other points
//! of the colour: moving P to E completes a square, and moving it back completes one again.
//! There are two such squares on each side (one on each side of the line P–E); a *double*
//! dalian has both complete on P's side and both ready on E's, so each move completes two. The
//! source matches a library of 3 × 4 patterns (and their transposes); P, E and their squares
//! always lie within one 3 × 4 box (two columns on each side of the P–E edge, three rows), so
//! this rule finds the same shapes without a library.
//!
//! ```
//! use abviz_games::jiu::shapes::{dalians, squares};
//! // A double dalian across: the white piece on b2 completes the squares a1-b3 where it stands
//! // and, moved to c2, the squares c1-d3.
//! let rows = ["wwww", "ww.w", "wwww", "...."];
//! let board: Vec<u8> = rows.concat().bytes().map(|b| if b == b'w' { 1 } else { 0 }).collect();
//! let mut cells = [0u8; 196];
//! cells[..16].copy_from_slice(&board);
//! assert_eq!(squares(&cells, 4, 1), 2);
//! let d = dalians(&cells, 4, 1);
//! assert_eq!((d.single, d.double), (0, 1));
//! ```

/// The dalians of one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dalians {
    /// Single dalians (one square completed each way).
    pub single: u32,
    /// Double dalians (two squares completed each way).
    pub double: u32,
}

fn at(n: usize, r: isize, c: isize) -> Option<usize> {
    let m = n as isize;
    ((0..m).contains(&r) && (0..m).contains(&c)).then_some((r * m + c) as usize)
}

/// Whether the square with top-left point (r, c) is all of colour `m`.
fn square_of(board: &[u8], n: usize, r: isize, c: isize, m: u8) -> bool {
    [(0, 0), (0, 1), (1, 0), (1, 1)]
        .iter()
        .all(|&(dr, dc)| at(n, r + dr, c + dc).is_some_and(|i| board[i] == m))
}

/// The complete squares of colour `m` through `cell`.
pub fn complete_squares_at(board: &[u8], n: usize, cell: usize, m: u8) -> u8 {
    let (r, c) = ((cell / n) as isize, (cell % n) as isize);
    let mut k = 0;
    for tr in [r - 1, r] {
        for tc in [c - 1, c] {
            k += u8::from(square_of(board, n, tr, tc, m));
        }
    }
    k
}

/// The complete squares of colour `m` on the board.
pub fn squares(board: &[u8], n: usize, m: u8) -> u32 {
    let mut k = 0;
    for r in 0..n as isize - 1 {
        for c in 0..n as isize - 1 {
            k += u32::from(square_of(board, n, r, c, m));
        }
    }
    k
}

/// The squares of colour `m` that lack one point, which is empty ("three of a square").
pub fn open_squares(board: &[u8], n: usize, m: u8) -> u32 {
    let mut k = 0;
    for r in 0..n as isize - 1 {
        for c in 0..n as isize - 1 {
            let mut own = 0;
            let mut empty = 0;
            for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                match at(n, r + dr, c + dc).map(|i| board[i]) {
                    Some(0) => empty += 1,
                    Some(x) if x == m => own += 1,
                    _ => {}
                }
            }
            k += u32::from(own == 3 && empty == 1);
        }
    }
    k
}

/// One dalian: the piece that moves, the empty point it moves to, and whether it is double.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dalian {
    /// The piece.
    pub piece: usize,
    /// The empty point beside it.
    pub empty: usize,
    /// Two squares each way.
    pub double: bool,
}

/// The side of a [`Padded`] board: the largest board with two off-board points each side.
const W: usize = super::MAX_SIZE + 4;

/// The mark of the points around a [`Padded`] board: neither colour nor empty.
const OFF: u8 = 3;

/// A board copied inside a border two points wide (marked [`OFF`]), so
/// that a shape's points are read without bounds checks.
struct Padded {
    cells: [u8; W * W],
    n: usize,
}

impl Padded {
    fn new(board: &[u8], n: usize) -> Padded {
        let mut cells = [OFF; W * W];
        for r in 0..n {
            cells[(r + 2) * W + 2..][..n].copy_from_slice(&board[r * n..][..n]);
        }
        Padded { cells, n }
    }

    /// The padded index of board cell `cell`.
    fn index(&self, cell: usize) -> usize {
        (cell / self.n + 2) * W + cell % self.n + 2
    }

    /// Whether the piece on padded index `p` (of colour `m`) has a dalian towards `p + d` (`d`
    /// one of [`STEPS`]), and if so whether it is double.
    fn dalian(&self, p: usize, d: isize, m: u8) -> Option<bool> {
        if self.cells[p.wrapping_add_signed(d)] != 0 {
            return None;
        }
        let own = |x: isize| self.cells[p.wrapping_add_signed(x)] == m;
        // The perpendicular of the P–E line.
        let across = if d.abs() == 1 { W as isize } else { 1 };
        let (mut p_side, mut e_side) = (0, 0);
        for s in [-across, across] {
            // P's square away from E: P, P − d, P + s, P − d + s.
            p_side += u8::from(own(-d) && own(s) && own(s - d));
            // E's square away from P: E + d, E + s, E + d + s (E itself empty).
            e_side += u8::from(own(2 * d) && own(d + s) && own(2 * d + s));
        }
        (p_side > 0 && e_side > 0).then_some(p_side == 2 && e_side == 2)
    }
}

/// The offsets on a [`Padded`] board of the points at most two away along a line and one
/// across (a 5 × 5 box without its corners).
const NEAR: [isize; 21] = {
    let mut out = [0; 21];
    let mut k = 0;
    let mut dr = -2;
    while dr <= 2 {
        let mut dc = -2;
        while dc <= 2 {
            if dr * dr + dc * dc < 8 {
                out[k] = dr * W as isize + dc;
                k += 1;
            }
            dc += 1;
        }
        dr += 1;
    }
    out
};

/// The steps on a [`Padded`] board: up, left, right, down.
const STEPS: [isize; 4] = [-(W as isize), -1, 1, W as isize];

/// Every dalian of colour `m`, by piece then direction (up, left, right, down).
pub fn dalian_list(board: &[u8], n: usize, m: u8) -> Vec<Dalian> {
    let pad = Padded::new(board, n);
    let mut out = Vec::new();
    for p in (0..n * n).filter(|&p| board[p] == m) {
        for (k, d) in STEPS.into_iter().enumerate() {
            if let Some(double) = pad.dalian(pad.index(p), d, m) {
                let empty = [p.wrapping_sub(n), p.wrapping_sub(1), p + 1, p + n][k];
                out.push(Dalian { piece: p, empty, double });
            }
        }
    }
    out
}

/// The shapes the evaluation counts, for both colours (index 0 White, 1 Black): complete
/// squares, open squares (three own points and an empty one), single and double dalians.
///
/// A position keeps its tally up to date as moves are played: a move changes the cells it
/// touches, and only the squares through those cells and the dalians whose piece stands within
/// two points of them (a dalian's points lie at most two points along its line and one across
/// from its piece) can change, so [`Tally::near`] before and after the move gives the whole
/// board's change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Complete squares.
    pub squares: [i32; 2],
    /// Squares with three own points and one empty.
    pub open: [i32; 2],
    /// Single dalians.
    pub single: [i32; 2],
    /// Double dalians.
    pub double: [i32; 2],
}

impl Tally {
    /// The tally of a whole board.
    pub fn full(board: &[u8], n: usize) -> Tally {
        let pad = Padded::new(board, n);
        let mut t = Tally::default();
        for r in 0..n.saturating_sub(1) {
            for c in 0..n - 1 {
                t.add_square(&pad, (r + 2) * W + c + 2);
            }
        }
        for e in 0..n * n {
            t.add_dalians(&pad, pad.index(e));
        }
        t
    }

    /// The tally of the squares through any of `changed` and the dalians whose empty point is
    /// near one of them (the part of [`Tally::full`] that changing `changed` can alter: the
    /// points of a dalian towards E lie at most two points from E along its line and one
    /// across).
    pub fn near(board: &[u8], n: usize, changed: &[usize]) -> Tally {
        let pad = Padded::new(board, n);
        let mut seen = [0u8; W * W];
        const SQUARE: u8 = 1;
        const EMPTY: u8 = 2;
        let mut t = Tally::default();
        for &cell in changed {
            let x = pad.index(cell);
            for dx in [0, 1, W, W + 1] {
                // The square whose top-left point is `dx` above-left (on the board when both
                // its top-left and bottom-right points are).
                let tl = x - dx;
                if seen[tl] & SQUARE == 0 && pad.cells[tl] != OFF && pad.cells[tl + W + 1] != OFF {
                    seen[tl] |= SQUARE;
                    t.add_square(&pad, tl);
                }
            }
            for dx in NEAR {
                let e = x.wrapping_add_signed(dx);
                if seen[e] & EMPTY == 0 {
                    seen[e] |= EMPTY;
                    t.add_dalians(&pad, e);
                }
            }
        }
        t
    }

    /// Counts the square whose top-left point is padded index `tl`.
    fn add_square(&mut self, pad: &Padded, tl: usize) {
        let w = [pad.cells[tl], pad.cells[tl + 1], pad.cells[tl + W], pad.cells[tl + W + 1]];
        let empty = w.iter().filter(|&&x| x == 0).count();
        for m in [1u8, 2] {
            let own = w.iter().filter(|&&x| x == m).count();
            let k = m as usize - 1;
            self.squares[k] += i32::from(own == 4);
            self.open[k] += i32::from(own == 3 && empty == 1);
        }
    }

    /// Counts the dalians towards padded index `e` (if it is an empty point).
    fn add_dalians(&mut self, pad: &Padded, e: usize) {
        if pad.cells[e] != 0 {
            return;
        }
        for d in STEPS {
            let p = e.wrapping_add_signed(-d);
            let m = pad.cells[p];
            if m != 1 && m != 2 {
                continue;
            }
            let k = m as usize - 1;
            match pad.dalian(p, d, m) {
                Some(true) => self.double[k] += 1,
                Some(false) => self.single[k] += 1,
                None => {}
            }
        }
    }

    /// Adds `after − before` (two [`Tally::near`] of the same cells around a move).
    pub fn shift(&mut self, before: &Tally, after: &Tally) {
        for k in 0..2 {
            self.squares[k] += after.squares[k] - before.squares[k];
            self.open[k] += after.open[k] - before.open[k];
            self.single[k] += after.single[k] - before.single[k];
            self.double[k] += after.double[k] - before.double[k];
        }
    }
}

/// The dalians of colour `m`, counted.
pub fn dalians(board: &[u8], n: usize, m: u8) -> Dalians {
    let mut d = Dalians::default();
    for x in dalian_list(board, n, m) {
        if x.double {
            d.double += 1;
        } else {
            d.single += 1;
        }
    }
    d
}
