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
//! use abviz::game::jiu::shapes::{dalians, squares};
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

/// The dalians whose piece stands on `p` (of colour `m`), by direction (up, left, right, down):
/// `f(empty point, double)` for each.
fn dalians_of(board: &[u8], n: usize, p: usize, m: u8, mut f: impl FnMut(usize, bool)) {
    const DIRS: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];
    let (r, c) = ((p / n) as isize, (p % n) as isize);
    let own = |rr: isize, cc: isize| at(n, rr, cc).is_some_and(|i| board[i] == m);
    for (dr, dc) in DIRS {
        let Some(e) = at(n, r + dr, c + dc).filter(|&e| board[e] == 0) else { continue };
        // The perpendicular of the P–E line.
        let (pr, pc) = (dc.abs(), dr.abs());
        let (mut p_side, mut e_side) = (0, 0);
        for s in [-1, 1] {
            let (sr, sc) = (s * pr, s * pc);
            // P's square away from E: P, P − d, P + s, P − d + s.
            if own(r - dr, c - dc) && own(r + sr, c + sc) && own(r - dr + sr, c - dc + sc) {
                p_side += 1;
            }
            // E's square away from P: E + d, E + s, E + d + s (E itself empty).
            let (er, ec) = (r + dr, c + dc);
            if own(er + dr, ec + dc) && own(er + sr, ec + sc) && own(er + dr + sr, ec + dc + sc) {
                e_side += 1;
            }
        }
        if p_side > 0 && e_side > 0 {
            f(e, p_side == 2 && e_side == 2);
        }
    }
}

/// Every dalian of colour `m`, by piece then direction (up, left, right, down).
pub fn dalian_list(board: &[u8], n: usize, m: u8) -> Vec<Dalian> {
    let mut out = Vec::new();
    for p in 0..n * n {
        if board[p] == m {
            dalians_of(board, n, p, m, |empty, double| out.push(Dalian { piece: p, empty, double }));
        }
    }
    out
}

/// The shapes the evaluation counts, for both colours (index 0 White, 1 Black): complete
/// squares, open squares (three own points and an empty one), single and double dalians.
///
/// A position keeps its tally up to date as moves are played: a move changes the cells it
/// touches, and only the squares through those cells and the dalians whose piece stands within
/// two points of them (a dalian's points all lie there) can change, so [`Tally::near`] before
/// and after the move gives the whole board's change.
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
        let mut t = Tally::default();
        for r in 0..n.saturating_sub(1) {
            for c in 0..n - 1 {
                t.add_square(board, n, r * n + c);
            }
        }
        for p in 0..n * n {
            t.add_dalians(board, n, p);
        }
        t
    }

    /// The tally of the squares through any of `changed` and the dalians whose piece stands
    /// within two points of one of them (the part of [`Tally::full`] that `changed` can alter).
    pub fn near(board: &[u8], n: usize, changed: &[usize]) -> Tally {
        let mut squares = [false; 14 * 14];
        let mut pieces = [false; 14 * 14];
        let mut t = Tally::default();
        for &cell in changed {
            let (r, c) = ((cell / n) as isize, (cell % n) as isize);
            for tr in r - 1..=r {
                for tc in c - 1..=c {
                    if (0..n as isize - 1).contains(&tr) && (0..n as isize - 1).contains(&tc) {
                        let tl = tr as usize * n + tc as usize;
                        if !squares[tl] {
                            squares[tl] = true;
                            t.add_square(board, n, tl);
                        }
                    }
                }
            }
            for pr in r - 2..=r + 2 {
                for pc in c - 2..=c + 2 {
                    if let Some(p) = at(n, pr, pc)
                        && !pieces[p]
                    {
                        pieces[p] = true;
                        t.add_dalians(board, n, p);
                    }
                }
            }
        }
        t
    }

    /// Counts the square whose top-left point is `tl`.
    fn add_square(&mut self, board: &[u8], n: usize, tl: usize) {
        let w = [board[tl], board[tl + 1], board[tl + n], board[tl + n + 1]];
        let empty = w.iter().filter(|&&x| x == 0).count();
        for m in [1u8, 2] {
            let own = w.iter().filter(|&&x| x == m).count();
            let k = m as usize - 1;
            self.squares[k] += i32::from(own == 4);
            self.open[k] += i32::from(own == 3 && empty == 1);
        }
    }

    /// Counts the dalians of the piece on `p` (if any).
    fn add_dalians(&mut self, board: &[u8], n: usize, p: usize) {
        let m = board[p];
        if m == 0 {
            return;
        }
        let k = m as usize - 1;
        dalians_of(board, n, p, m, |_, double| {
            if double {
                self.double[k] += 1;
            } else {
                self.single[k] += 1;
            }
        });
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
    for p in (0..n * n).filter(|&p| board[p] == m) {
        dalians_of(board, n, p, m, |_, double| {
            if double {
                d.double += 1;
            } else {
                d.single += 1;
            }
        });
    }
    d
}
