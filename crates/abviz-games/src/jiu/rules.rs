//! Jiu's move generation: placements, steps, jump chains, flights, and the square captures
//! that follow them; whether a side can move; the double-dalian win.

use super::{CELLS, Jiu, JiuMove, JiuVariant, MAX_JUMPS, MoveKind, NONE, Phase, colour, shapes};
use crate::{Game, Player};

impl Jiu {
    /// The legal moves of the side to move (the game assumed not over), in search order: jump
    /// chains, steps, then flights, each by the point the piece starts from; a move that
    /// completes squares once for each choice of the pieces it takes. With `removals` false,
    /// a move that completes squares comes once, without its choice (for "can it form a
    /// square" questions).
    pub(super) fn legal_moves(&self, removals: bool) -> Vec<JiuMove> {
        let n = self.size();
        let mut out = Vec::new();
        if self.phase == Phase::Placement {
            let placed = self.counts[0] + self.counts[1];
            let [low, high] = self.diagonal();
            let white_diagonal = if self.cells[low] == 1 { low } else { high };
            let mut place = |cell: usize, from: usize| {
                let mut mv = JiuMove::new(MoveKind::Place, from as u8, cell as u8);
                if from == usize::MAX {
                    mv.from = NONE;
                }
                out.push(mv);
            };
            match placed {
                0 => [low, high].into_iter().for_each(|c| place(c, usize::MAX)),
                1 => place(if self.cells[low] == 0 { low } else { high }, usize::MAX),
                _ => (0..n * n).filter(|&c| self.cells[c] == 0).for_each(|c| place(c, white_diagonal)),
            }
            return out;
        }
        let m = colour(self.to_move);
        let mut board = self.cells;
        for from in 0..n * n {
            if board[from] == m {
                self.jumps_from(&mut board, from, from, 0, 0, removals, &mut out);
            }
        }
        for from in 0..n * n {
            if self.cells[from] != m {
                continue;
            }
            for d in 0..4 {
                if let Some(to) = self.step(from, d, 1).filter(|&t| self.cells[t] == 0) {
                    self.finish(
                        JiuMove::new(MoveKind::Step, from as u8, to as u8),
                        &mut board,
                        removals,
                        &mut out,
                    );
                }
            }
        }
        if self.can_fly(self.to_move) {
            for from in 0..n * n {
                if self.cells[from] != m {
                    continue;
                }
                for to in 0..n * n {
                    if self.cells[to] == 0 && !self.adjacent(from, to) {
                        let mv = JiuMove::new(MoveKind::Fly, from as u8, to as u8);
                        self.finish(mv, &mut board, removals, &mut out);
                    }
                }
            }
        }
        out
    }

    /// Whether `player` may fly: fewer pieces than [`Jiu::fly_below`].
    pub fn can_fly(&self, player: Player) -> bool {
        self.pieces(player) < self.fly_below()
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        (0..4).any(|d| self.step(a, d, 1) == Some(b))
    }

    /// The jump chains of the piece that started on `from` and stands on `at` after `jumps`
    /// jumps along `path` (`board` shows the pieces jumped so far gone).
    #[allow(clippy::too_many_arguments)]
    fn jumps_from(
        &self,
        board: &mut [u8; CELLS],
        from: usize,
        at: usize,
        jumps: u8,
        path: u128,
        removals: bool,
        out: &mut Vec<JiuMove>,
    ) {
        if jumps >= MAX_JUMPS {
            return;
        }
        let m = board[at];
        let e = 3 - m;
        for d in 0..4 {
            let Some(mid) = self.step(at, d, 1) else { continue };
            let Some(land) = self.step(at, d, 2) else { continue };
            if board[mid] != e || board[land] != 0 {
                continue;
            }
            board[mid] = 0;
            board[at] = 0;
            board[land] = m;
            let mv = JiuMove {
                jumps: jumps + 1,
                path: path | ((d as u128) << (2 * jumps)),
                ..JiuMove::new(MoveKind::Jump, from as u8, land as u8)
            };
            // Shorter chains come before their continuations; the board shows the chain
            // played, so its squares are counted there.
            let go_on = jumps + 1 < MAX_JUMPS && self.can_jump(board, land);
            if !go_on || self.variant == JiuVariant::FreeChain {
                self.with_squares(mv, board, removals, out);
            }
            self.jumps_from(board, from, land, jumps + 1, mv.path, removals, out);
            board[land] = 0;
            board[at] = m;
            board[mid] = e;
        }
    }

    /// Whether the piece on `at` can jump on `board`.
    fn can_jump(&self, board: &[u8; CELLS], at: usize) -> bool {
        let e = 3 - board[at];
        (0..4).any(|d| {
            self.step(at, d, 1).is_some_and(|mid| board[mid] == e)
                && self.step(at, d, 2).is_some_and(|land| board[land] == 0)
        })
    }

    /// Plays a step or flight on `board`, adds it with its square captures, and takes it back.
    fn finish(&self, mv: JiuMove, board: &mut [u8; CELLS], removals: bool, out: &mut Vec<JiuMove>) {
        let m = board[mv.from as usize];
        board[mv.from as usize] = 0;
        board[mv.to as usize] = m;
        self.with_squares(mv, board, removals, out);
        board[mv.to as usize] = 0;
        board[mv.from as usize] = m;
    }

    /// Adds `mv` (already played on `board`) once for each choice of the enemy pieces its
    /// completed squares capture.
    fn with_squares(&self, mut mv: JiuMove, board: &[u8; CELLS], removals: bool, out: &mut Vec<JiuMove>) {
        let to = mv.to as usize;
        let m = board[to];
        mv.squares =
            if to == mv.from as usize { 0 } else { shapes::complete_squares_at(board, self.size(), to, m) };
        let take = mv.squares.min(2) as usize;
        if take == 0 || !removals {
            out.push(mv);
            return;
        }
        let enemies: Vec<u8> =
            (0..self.size() * self.size()).filter(|&c| board[c] == 3 - m).map(|c| c as u8).collect();
        match (take, enemies.len()) {
            (_, 0) => out.push(mv),
            (1, _) | (_, 1) => {
                for &r in &enemies {
                    mv.removes = [r, NONE];
                    out.push(mv);
                }
            }
            _ => {
                for (i, &a) in enemies.iter().enumerate() {
                    for &b in &enemies[i + 1..] {
                        mv.removes = [a, b];
                        out.push(mv);
                    }
                }
            }
        }
    }

    /// Whether the side to move has a legal move (in the movement phase).
    pub(super) fn has_move(&self) -> bool {
        let n = self.size();
        let (m, e) = (colour(self.to_move), colour(self.to_move.other()));
        if self.pieces(self.to_move) > 0 && self.can_fly(self.to_move) {
            return true;
        }
        (0..n * n).filter(|&c| self.cells[c] == m).any(|c| {
            (0..4).any(|d| match self.step(c, d, 1).map(|t| self.cells[t]) {
                Some(0) => true,
                Some(x) if x == e => self.step(c, d, 2).is_some_and(|l| self.cells[l] == 0),
                _ => false,
            })
        })
    }

    /// Whether `mover`, having just moved, wins by a double dalian: both sides have at least
    /// [`Jiu::fly_below`] pieces, `mover` has a double dalian, and the other side has no move
    /// that completes a square.
    pub(super) fn dalian_win(&self, mover: Player) -> bool {
        let n = self.fly_below();
        if self.pieces(mover) < n || self.pieces(mover.other()) < n {
            return false;
        }
        if self.tally.double[colour(mover) as usize - 1] == 0 {
            return false;
        }
        debug_assert_eq!(self.to_move, mover.other());
        !self.has_move() || self.legal_moves(false).iter().all(|mv| mv.squares == 0)
    }

    /// The legal move that leads from this position to `after` (same board, phase and side), if
    /// there is one.
    pub fn move_to(&self, after: &Jiu) -> Option<JiuMove> {
        if self.terminal_value().is_some() {
            return None;
        }
        self.legal_moves(true).into_iter().find(|&mv| {
            let mut g = *self;
            g.apply(mv);
            g.cells == after.cells && g.phase == after.phase && g.to_move == after.to_move
        })
    }
}
