//! Tibetan Jiu chess (久棋), after the source text shared/seeds/003 (a paper on a staged engine
//! for the China Computer Games Championship) and Ludii's "Tibetan Jiuqi" for the 8 × 8 board.
//! White is MAX, Black is MIN.
//!
//! - **Board**: `--size` × `--size` points (14 by default, 196 points; any even side from 4 to
//!   14, 8 being Ludii's). Pieces stand on the points and move along the lines. Points are named
//!   by a column letter from the left and a row number from the bottom: `g7`.
//! - **Placement**: White places first, then the players alternate until the board is full. The
//!   first two placements go on the two ends of the central square's rising diagonal (`g7` and
//!   `h8` on 14 × 14, `d4` and `e5` on 8 × 8): White takes either, Black the other. No captures.
//! - **Movement**: the move that fills the board also removes the two diagonal pieces (one of
//!   each colour), and Black moves first — Black moves twice in a row there (turns need not
//!   alternate). A move is a *step* to an adjacent empty point; or a *jump* over an adjacent
//!   enemy piece to the empty point right behind it, capturing it, which may go on jumping from
//!   where it lands (连跳): by default the player may stop after any jump of the chain, as the
//!   source says (`--variant free-chain`); `--variant full-chain` allows only chains that cannot
//!   go on. A whole chain is one move. A side with fewer than `size` pieces (14 on 14 × 14, 8 on
//!   8 × 8) may also *fly* any piece to any empty point.
//! - **Squares (棋门)**: a move whose piece ends on a point that completes one smallest square of
//!   four own pieces captures one enemy piece of the mover's choice; completing two squares at
//!   once (a double square) captures two. More than two at once (only a flying piece can) still
//!   captures two: the source names single and double squares only. The squares are counted
//!   where the piece ends (not on a jump chain's intermediate points). The choice is part of the
//!   move (`g7-g8+c3`, `g7-g8+c3+d4`), not a follow-up move.
//! - **Dalians (褡褳)**: a piece P next to an empty point E such that a square through P (not E)
//!   is complete and a square through E (not P) has its three other points own: moving P to E
//!   and back forms a square each time. A *double* dalian completes two squares each way. The
//!   source matches a library of 3 × 4 patterns and their transposes; every such P, E and its
//!   squares lie in a 3 × 4 box, so the rule above finds the same shapes ([`shapes`]).
//! - **End**: a side with fewer than 4 pieces loses. While both sides have at least `size`
//!   pieces, a side that has a double dalian after its move while the other has no move that
//!   forms a square wins. Assumptions where the source is silent: a side with no legal move
//!   loses; the game is drawn after 4 × size² movement moves (784 on 14 × 14), so every game
//!   ends. A won game is worth ±(1,000,000 − movement moves played).
//! - **Position** (`--position`): the board as rows of `w`, `b` and `.`, top row first,
//!   separated by `/` (or line breaks), then the phase `place` or `move`, the side to move `w`
//!   or `b`, and in the movement phase the movement moves played so far: `…/…/… move b 12`.
//!   Without a phase the board is in placement and the side to move follows from the counts. A
//!   position inside a search's line ends with the sum of the line's process scores, White's
//!   view (`… move b 3 process +90`; see [`eval`]), so that it reads back as the same state.
//!
//! ```
//! use abviz_games::{Game, Player};
//! use abviz_games::jiu::Jiu;
//! let mut g = Jiu::new(8);
//! assert_eq!(g.moves().len(), 2); // White's first piece: d4 or e5
//! let first = g.parse_move("d4").unwrap();
//! g.play(first);
//! assert_eq!(g.to_move(), Player::Min);
//! assert_eq!(g.move_label(g.moves()[0]), "e5"); // Black's first: the other end
//! ```

pub mod eval;
mod notation;
mod render;
mod rules;
pub mod shapes;

use super::registry::{
    Choice, GameInfo, GameOption, GameOptions, NumberRange, OptionKind, RegisteredGame, option_names,
};
use super::{Game, Player};
use crate::{GameError as Error, Score};
use std::fmt;

/// The largest board side.
pub const MAX_SIZE: usize = 14;
/// The smallest board side.
pub const MIN_SIZE: usize = 4;
const CELLS: usize = MAX_SIZE * MAX_SIZE;
/// A side with fewer pieces than this loses.
pub const LOSS_BELOW: u8 = 4;
/// The value of a won game before the movement moves played are taken off.
pub const WIN: i32 = 1_000_000;
/// The most jumps one chain keeps (a chain stops there; no real position comes near).
pub const MAX_JUMPS: u8 = 64;
/// An empty slot of [`JiuMove::removes`].
pub const NONE: u8 = u8::MAX;

/// The point one step from a cell in each direction: up, left, right, down (as row, column).
const DIRS: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// Zobrist keys: one per (colour, point), from a fixed seed.
const ZOBRIST: [[u64; CELLS]; 2] = {
    let mut z = [[0; CELLS]; 2];
    let mut state: u64 = 0x6a09_e667_f3bc_c908;
    let mut i = 0;
    while i < 2 * CELLS {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut x = state;
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z[i % 2][i / 2] = x ^ (x >> 31);
        i += 1;
    }
    z
};

/// The two phases of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The players place pieces until the board is full.
    Placement,
    /// The players move pieces and capture.
    Movement,
}

/// How a position is scored at the depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum JiuEval {
    /// The static table of [`eval`] plus the process scores of the moves that led here.
    #[default]
    Process,
    /// The static table only (a plain alpha-beta, the source's Figure 2).
    Static,
    /// 0: only finished games count.
    None,
}

option_names!(JiuEval, "unknown jiu evaluation", JiuEval::Process => "process" | "process-score", JiuEval::Static => "static" | "table", JiuEval::None => "none" | "zero");

/// Which jump chains are moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum JiuVariant {
    /// The player may stop after any jump of a chain (the source: single or chain jump as the
    /// situation asks).
    #[default]
    FreeChain,
    /// A chain goes on while another jump is possible.
    FullChain,
}

option_names!(JiuVariant, "unknown jiu variant", JiuVariant::FreeChain => "free-chain" | "free", JiuVariant::FullChain => "full-chain" | "full");

/// What kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece placed on an empty point.
    Place,
    /// A step to an adjacent empty point.
    Step,
    /// A jump chain capturing the pieces jumped over.
    Jump,
    /// A flight to any empty point (a side below the flying threshold).
    Fly,
}

/// A move, with what undoing it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JiuMove {
    /// The kind.
    pub kind: MoveKind,
    /// Where the piece comes from ([`MoveKind::Place`]: the diagonal point White holds, or
    /// [`NONE`] before the second placement).
    pub from: u8,
    /// Where it ends.
    pub to: u8,
    /// The jumps of a chain.
    pub jumps: u8,
    /// Each jump's direction, two bits a jump, first jump lowest (an index into the up, left,
    /// right, down directions).
    pub path: u128,
    /// The squares completed where the piece ends.
    pub squares: u8,
    /// The enemy pieces the squares capture, ascending ([`NONE`] for an unused slot).
    pub removes: [u8; 2],
}

impl MoveKind {
    /// The word for the kind ("jump").
    pub fn word(self) -> &'static str {
        match self {
            MoveKind::Place => "placement",
            MoveKind::Step => "step",
            MoveKind::Jump => "jump",
            MoveKind::Fly => "flight",
        }
    }
}

impl JiuMove {
    fn new(kind: MoveKind, from: u8, to: u8) -> JiuMove {
        JiuMove { kind, from, to, jumps: 0, path: 0, squares: 0, removes: [NONE; 2] }
    }

    /// The direction (0–3) of jump `k` of the chain.
    pub fn jump_dir(&self, k: u8) -> usize {
        ((self.path >> (2 * k)) & 3) as usize
    }

    /// The pieces captured by square removals.
    pub fn removed(&self) -> impl Iterator<Item = usize> + '_ {
        self.removes.iter().filter(|&&r| r != NONE).map(|&r| r as usize)
    }

    /// How many enemy pieces the move captures (jumped and removed).
    pub fn captures(&self) -> usize {
        self.jumps as usize + self.removed().count()
    }
}

/// A Jiu position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Jiu {
    cells: [u8; CELLS],
    size: u8,
    phase: Phase,
    to_move: Player,
    counts: [u8; 2],
    plies: u16,
    winner: Option<Player>,
    key: u64,
    process: i32,
    /// The movement moves played when the line the process scores add up along began (the
    /// position was set up, or a search began here).
    origin: u16,
    /// The shapes on the board while moving (zero while placing), kept up to date by each move.
    tally: shapes::Tally,
    eval: JiuEval,
    variant: JiuVariant,
}

impl fmt::Debug for Jiu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

/// The colour on the board of `player`'s pieces: 1 White (MAX), 2 Black (MIN).
pub fn colour(player: Player) -> u8 {
    match player {
        Player::Max => 1,
        Player::Min => 2,
    }
}

fn owner(c: u8) -> Player {
    if c == 1 { Player::Max } else { Player::Min }
}

impl Jiu {
    /// The empty board of side `size` (even, [`MIN_SIZE`]..=[`MAX_SIZE`]), White to place.
    pub fn new(size: usize) -> Jiu {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size) && size.is_multiple_of(2));
        Jiu {
            cells: [0; CELLS],
            size: size as u8,
            phase: Phase::Placement,
            to_move: Player::Max,
            counts: [0; 2],
            plies: 0,
            winner: None,
            key: 0,
            process: 0,
            origin: 0,
            tally: shapes::Tally::default(),
            eval: JiuEval::Process,
            variant: JiuVariant::FreeChain,
        }
    }

    /// The same position scored by `eval`.
    pub fn with_eval(mut self, eval: JiuEval) -> Jiu {
        self.eval = eval;
        self
    }

    /// The same position under `variant`'s jump rule.
    pub fn with_variant(mut self, variant: JiuVariant) -> Jiu {
        self.variant = variant;
        self
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The piece on `cell` (row × size + column, row 0 at the top): 0 none, 1 White, 2 Black.
    pub fn at(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// `player`'s pieces on the board.
    pub fn pieces(&self, player: Player) -> u8 {
        self.counts[colour(player) as usize - 1]
    }

    /// The movement moves played.
    pub fn plies(&self) -> u16 {
        self.plies
    }

    /// The sum of the process scores of the moves played since the line began — the position
    /// was set up or a search began here — each weighed by its place in the line (White's view;
    /// see [`eval`]).
    pub fn process(&self) -> i32 {
        self.process
    }

    /// How many movement moves into the line the next move is (0 at the position the line
    /// began from): what its process score is weighed by ([`eval::tempo`]).
    pub fn line_ply(&self) -> u16 {
        self.plies.saturating_sub(self.origin)
    }

    /// The movement moves after which the game is drawn: 4 × size².
    pub fn move_limit(&self) -> u16 {
        4 * (self.size as u16) * (self.size as u16)
    }

    /// A side with fewer pieces than this may fly: the board's side (14 on 14 × 14, 8 on 8 × 8).
    pub fn fly_below(&self) -> u8 {
        self.size
    }

    /// The two ends of the central square's rising diagonal, lower-left first (`g7`, `h8`).
    pub fn diagonal(&self) -> [usize; 2] {
        let n = self.size();
        let h = n / 2;
        [h * n + h - 1, (h - 1) * n + h]
    }

    /// The player who won by a double dalian, if one did.
    pub fn dalian_winner(&self) -> Option<Player> {
        self.winner
    }

    fn set(&mut self, cell: usize, c: u8) {
        let old = self.cells[cell];
        if old != 0 {
            self.key ^= ZOBRIST[old as usize - 1][cell];
            self.counts[old as usize - 1] -= 1;
        }
        if c != 0 {
            self.key ^= ZOBRIST[c as usize - 1][cell];
            self.counts[c as usize - 1] += 1;
        }
        self.cells[cell] = c;
    }

    /// The point `k` steps from `cell` in direction `d` (0–3), if it is on the board.
    pub fn step(&self, cell: usize, d: usize, k: isize) -> Option<usize> {
        let n = self.size() as isize;
        let (dr, dc) = DIRS[d];
        let (r, c) = ((cell / self.size()) as isize + dr * k, (cell % self.size()) as isize + dc * k);
        ((0..n).contains(&r) && (0..n).contains(&c)).then_some((r * n + c) as usize)
    }

    /// The point's name: column letter and row number from the bottom (`g7`).
    pub fn point_name(&self, cell: usize) -> String {
        super::grid::point_name(cell, self.size())
    }

    /// The points a move passes through: where it starts, each landing point of a chain, and
    /// where it ends (one point for a placement).
    pub fn move_points(&self, mv: &JiuMove) -> Vec<usize> {
        match mv.kind {
            MoveKind::Place => vec![mv.to as usize],
            MoveKind::Step | MoveKind::Fly => vec![mv.from as usize, mv.to as usize],
            MoveKind::Jump => {
                let mut at = mv.from as usize;
                let mut points = vec![at];
                for k in 0..mv.jumps {
                    at = self.step(at, mv.jump_dir(k), 2).unwrap_or(at);
                    points.push(at);
                }
                points
            }
        }
    }

    /// The pieces a jump chain jumps over, in order.
    pub fn jumped(&self, mv: &JiuMove) -> Vec<usize> {
        self.jumped_points(mv).collect()
    }

    /// The pieces a jump chain jumps over, in order, without collecting them.
    fn jumped_points<'a>(&'a self, mv: &'a JiuMove) -> impl Iterator<Item = usize> + 'a {
        let jumps = if mv.kind == MoveKind::Jump { mv.jumps } else { 0 };
        let mut at = mv.from as usize;
        (0..jumps).map(move |k| {
            let d = mv.jump_dir(k);
            let mid = self.step(at, d, 1).unwrap_or(at);
            at = self.step(at, d, 2).unwrap_or(at);
            mid
        })
    }

    /// The points a movement move changes: where the piece starts and ends, the pieces it jumps
    /// over and the pieces its squares take (at most 2 + [`MAX_JUMPS`] + 2).
    fn changed_points(&self, mv: &JiuMove, out: &mut [usize; MAX_JUMPS as usize + 4]) -> usize {
        out[0] = mv.from as usize;
        out[1] = mv.to as usize;
        let mut k = 2;
        for p in self.jumped_points(mv).chain(mv.removed()) {
            out[k] = p;
            k += 1;
        }
        k
    }

    /// Sets the tally of a position that has just entered the movement phase.
    fn count_shapes(&mut self) {
        self.tally = shapes::Tally::full(&self.cells, self.size());
    }

    /// The shapes on the board (zero while placing).
    pub fn tally(&self) -> &shapes::Tally {
        &self.tally
    }

    /// The move's label without its process score: `g7`, `g7-g8`, `g7xg9xi9`, `g7-g8+c3`.
    pub fn plain_label(&self, mv: JiuMove) -> String {
        let mut s = String::new();
        match mv.kind {
            MoveKind::Place => s.push_str(&self.point_name(mv.to as usize)),
            MoveKind::Step | MoveKind::Fly => {
                s.push_str(&self.point_name(mv.from as usize));
                s.push('-');
                s.push_str(&self.point_name(mv.to as usize));
            }
            MoveKind::Jump => {
                for (k, p) in self.move_points(&mv).into_iter().enumerate() {
                    if k > 0 {
                        s.push('x');
                    }
                    s.push_str(&self.point_name(p));
                }
            }
        }
        for r in mv.removed() {
            s.push('+');
            s.push_str(&self.point_name(r));
        }
        s
    }

    /// The process score `mv` adds to the line from this position, from the mover's point of
    /// view: its [`base_process_score`](Self::base_process_score) weighed by how far into the
    /// line it is played ([`eval::tempo`]). 0 in the placement phase.
    pub fn process_score(&self, mv: JiuMove) -> i32 {
        eval::weigh(self.base_process_score(mv), self.line_ply())
    }

    /// The process score of `mv` from this position as the table gives it (the mover's view,
    /// unweighed; 0 in the placement phase; see [`eval::process_score`]).
    pub fn base_process_score(&self, mv: JiuMove) -> i32 {
        if self.phase == Phase::Placement {
            return 0;
        }
        let mut after = *self;
        after.apply(mv);
        eval::process_score(self, &after, &mv)
    }

    /// Plays `mv` on the board (no process score).
    fn apply(&mut self, mv: JiuMove) {
        let mover = self.to_move;
        let (m, e) = (colour(mover), colour(mover.other()));
        if mv.kind == MoveKind::Place {
            self.set(mv.to as usize, m);
            if self.counts[0] as usize + self.counts[1] as usize == self.size() * self.size() {
                for d in self.diagonal() {
                    self.set(d, 0);
                }
                self.phase = Phase::Movement;
                self.to_move = Player::Min;
                self.count_shapes();
            } else {
                self.to_move = mover.other();
            }
            return;
        }
        let mut changed = [0; MAX_JUMPS as usize + 4];
        let count = self.changed_points(&mv, &mut changed);
        let changed = &changed[..count];
        let before = shapes::Tally::near(&self.cells, self.size(), changed);
        for &mid in &changed[2..2 + mv.jumps as usize] {
            debug_assert_eq!(self.cells[mid], e);
            self.set(mid, 0);
        }
        self.set(mv.from as usize, 0);
        self.set(mv.to as usize, m);
        for r in mv.removed() {
            self.set(r, 0);
        }
        let after = shapes::Tally::near(&self.cells, self.size(), changed);
        self.tally.shift(&before, &after);
        self.plies += 1;
        self.to_move = mover.other();
        if self.winner.is_none() && self.dalian_win(mover) {
            self.winner = Some(mover);
        }
    }

    /// Takes back `mv` on the board (no process score).
    fn unapply(&mut self, mv: JiuMove) {
        match mv.kind {
            MoveKind::Place => {
                if self.phase == Phase::Movement {
                    let [low, high] = self.diagonal();
                    let white = mv.from as usize;
                    let black = if white == low { high } else { low };
                    self.set(white, 1);
                    self.set(black, 2);
                    self.phase = Phase::Placement;
                    self.tally = shapes::Tally::default();
                }
                let c = self.cells[mv.to as usize];
                self.set(mv.to as usize, 0);
                self.to_move = owner(c);
            }
            _ => {
                let m = self.cells[mv.to as usize];
                let mover = owner(m);
                let e = colour(mover.other());
                let mut changed = [0; MAX_JUMPS as usize + 4];
                let count = self.changed_points(&mv, &mut changed);
                let changed = &changed[..count];
                let before = shapes::Tally::near(&self.cells, self.size(), changed);
                for r in mv.removed() {
                    self.set(r, e);
                }
                for &mid in &changed[2..2 + mv.jumps as usize] {
                    self.set(mid, e);
                }
                self.set(mv.to as usize, 0);
                self.set(mv.from as usize, m);
                let after = shapes::Tally::near(&self.cells, self.size(), changed);
                self.tally.shift(&before, &after);
                self.plies -= 1;
                self.to_move = mover;
                self.winner = None;
            }
        }
    }

    fn win_value(&self, winner: Player) -> Score {
        winner.to_max_view(Score::from(WIN - i32::from(self.plies)))
    }
}

impl Game for Jiu {
    type Move = JiuMove;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> Vec<JiuMove> {
        if self.terminal_value().is_some() {
            return Vec::new();
        }
        self.legal_moves(true)
    }

    fn play(&mut self, mv: JiuMove) {
        if self.eval == JiuEval::Process && self.phase == Phase::Movement {
            let before = *self;
            self.apply(mv);
            let p = eval::weigh(eval::process_score(&before, self, &mv), before.line_ply());
            self.process += before.to_move.to_max_view(Score::from(p)).raw();
        } else {
            self.apply(mv);
        }
    }

    fn undo(&mut self, mv: JiuMove) {
        if self.eval == JiuEval::Process && mv.kind != MoveKind::Place {
            let after = *self;
            self.unapply(mv);
            let p = eval::weigh(eval::process_score(self, &after, &mv), self.line_ply());
            self.process -= self.to_move.to_max_view(Score::from(p)).raw();
        } else {
            self.unapply(mv);
        }
    }

    fn terminal_value(&self) -> Option<Score> {
        if self.phase == Phase::Placement {
            return None;
        }
        for p in [Player::Max, Player::Min] {
            if self.pieces(p) < LOSS_BELOW {
                return Some(self.win_value(p.other()));
            }
        }
        if let Some(w) = self.winner {
            return Some(self.win_value(w));
        }
        if self.plies >= self.move_limit() {
            return Some(Score::from(0));
        }
        if !self.has_move() {
            return Some(self.win_value(self.to_move.other()));
        }
        None
    }

    fn evaluate(&self) -> Score {
        let v = match self.eval {
            JiuEval::Process => eval::static_value(self) + self.process,
            JiuEval::Static => eval::static_value(self),
            JiuEval::None => 0,
        };
        Score::from(v)
    }

    fn mark_root(&mut self) {
        self.process = 0;
        self.origin = self.plies;
    }

    fn position_key(&self) -> Option<u64> {
        let mut key = self.key
            ^ u64::from(self.to_move == Player::Min)
            ^ (u64::from(self.phase == Phase::Movement) << 1);
        key ^= (u64::from(self.plies) << 2).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        key ^= (self.process as i64 as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        Some(key)
    }

    fn write_move_label(&self, mv: JiuMove, out: &mut String) {
        out.push_str(&self.plain_label(mv));
        if self.phase == Phase::Movement && self.eval == JiuEval::Process {
            let p = self.process_score(mv);
            out.push_str(&format!(" ({}{p})", if p >= 0 { "+" } else { "" }));
        }
    }

    fn position_text(&self) -> String {
        let mut s = self.text_board();
        s.push_str(&self.status());
        if let Some(v) = self.value_line() {
            s.push_str(" · ");
            s.push_str(&v);
        }
        s
    }

    fn notation(&self) -> Option<String> {
        Some(Jiu::notation(self))
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::Max => "White",
            Player::Min => "Black",
        }
    }

    fn board_text(&self) -> String {
        self.text_board()
    }

    fn parse_move(&self, text: &str) -> Result<JiuMove, String> {
        self.read_move(text)
    }

    fn playout_end(&self) -> Option<f64> {
        (self.phase == Phase::Movement && self.plies == 0).then(|| eval::placement_result(self))
    }

    fn wide_phase(&self) -> bool {
        self.phase == Phase::Placement
    }
}

impl RegisteredGame for Jiu {
    const INFO: GameInfo = GameInfo {
        name: "jiu",
        aliases: &["jiuqi", "tibetan-jiu", "jiu-chess", "tibetan-jiuqi"],
        title: "Tibetan Jiu chess",
        summary: "place pieces until the board is full, then step, jump (chains) and fly; a completed square captures any enemy piece; under 4 pieces loses; White is MAX and places first, Black moves first",
        notation: "rows of w, b or . (empty), top row first, separated by '/', then the phase place or move, the side to move w or b and, when moving, the movement moves played (e.g. '…/… move b 12'); without a phase the board is in placement. Moves: g7 (placement), g7-g8 (step or flight), g7xg9xi9 (a jump chain), +c3 after a move that completes a square (the piece it takes). Default: the empty 14×14 board.",
        example: "......../......../......../....w.../...b..../......../......../........",
        options: &[
            GameOption {
                kind: OptionKind::Eval,
                choices: &[
                    Choice {
                        name: "process",
                        help: "the static table (material, squares, dalians; shapes and the centre while placing) plus each move's process score along the path",
                    },
                    Choice { name: "static", help: "the static table only" },
                    Choice { name: "none", help: "0 at the depth limit: only finished games count" },
                ],
                default: "process",
                number: None,
            },
            GameOption {
                kind: OptionKind::Variant,
                choices: &[
                    Choice { name: "free-chain", help: "a jump chain may stop after any jump (the source)" },
                    Choice {
                        name: "full-chain",
                        help: "a jump chain goes on while another jump is possible",
                    },
                ],
                default: "free-chain",
                number: None,
            },
            GameOption {
                kind: OptionKind::Size,
                choices: &[],
                default: "14",
                number: Some(NumberRange {
                    min: MIN_SIZE as u32,
                    max: MAX_SIZE as u32,
                    help: "the side of the board, even (8 is Ludii's Tibetan Jiuqi)",
                }),
            },
        ],
        default_depth: Some(2),
    };

    fn build(options: &GameOptions) -> Result<Jiu, Error> {
        let eval = options.parse(&Self::INFO, OptionKind::Eval)?;
        let variant = options.parse(&Self::INFO, OptionKind::Variant)?;
        let size = options.number(&Self::INFO, OptionKind::Size)? as usize;
        if !size.is_multiple_of(2) {
            return Err(Error::BadValue {
                option: OptionKind::Size,
                game: Self::INFO.name,
                message: format!(
                    "jiu's board size must be even (the board has a central square), not {size}"
                ),
            });
        }
        let g = match &options.position {
            Some(text) => Jiu::parse(text, options.size.is_some().then_some(size))?,
            None => Jiu::new(size),
        };
        Ok(g.with_variant(variant).with_eval(eval))
    }

    fn settings(&self) -> Vec<(OptionKind, String)> {
        vec![
            (OptionKind::Eval, self.eval.to_string()),
            (OptionKind::Variant, self.variant.to_string()),
            (OptionKind::Size, self.size.to_string()),
        ]
    }

    fn board_svg(position: &str) -> Option<String> {
        Jiu::parse(position, None).ok().map(|g| g.svg_board(None))
    }

    fn board_svg_after(position: &str, before: &str) -> Option<String> {
        let after = Jiu::parse(position, None).ok()?;
        let before = Jiu::parse(before, None).ok()?;
        Some(after.svg_board(before.move_to(&after).map(|mv| (before, mv))))
    }
}

#[cfg(test)]
mod tests;
