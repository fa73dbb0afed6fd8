//! Gomoku (five in a row) after the source text shared/seeds/002: a 15×15 board by default
//! (`--size` 5–19), black (`x`, MAX) moves first, the players put one stone each turn on an
//! empty point, and five in a row — across, down or diagonal — wins. Free-style by default (six
//! or more in a row win too); `--variant exact-five` counts only exactly five. A full board
//! without five is a draw.
//!
//! - Candidate moves, as in the source: only the empty points near a stone already played, at
//!   most `--radius` points away in every direction (default 1: the eight neighbours — the
//!   source's figure of its choice did not survive in the text, and "around the points already
//!   played" reads as the neighbours); the centre on an empty board. Searched row by row from
//!   the top.
//! - Evaluation at the depth limit (`--eval patterns`, the default): the source's pattern scores
//!   along every line ([`eval`]), `own − 2 × opponent` from the side to move in the evaluated
//!   position — the root player's side at even depths, as in the source's `Alpha_Beta`;
//!   `--eval none` scores 0. A won game is worth ±(10,000,000 − stones on the board): a
//!   quicker win is worth more.
//! - Position (`--position`): the board as rows of `x`, `o`, `.` (top row first, separated by
//!   `/` or line breaks; its size is the number of rows, or `--size`), or the moves played as
//!   points, `h8 i9 h9`. Points are a column letter (a–s, left to right) and a row number from
//!   the bottom: `h8` is the centre of the 15×15 board. The side to move follows from the counts.
//!
//! ```
//! use abviz_games::Game;
//! use abviz_games::gomoku::Gomoku;
//! let g = Gomoku::parse("h8 i9", None).unwrap();
//! // The empty neighbours of h8 and i9, row by row from the top.
//! assert_eq!(g.moves().len(), 12);
//! assert_eq!(g.move_label(g.moves()[0]), "h10");
//! ```

pub mod eval;
mod notation;
mod render;

use super::registry::{
    Choice, GameInfo, GameOption, GameOptions, NumberRange, OptionKind, RegisteredGame, option_names,
};
use super::{Game, Player};
use crate::{GameError as Error, Score};
use std::fmt;

/// The largest board side.
pub const MAX_SIZE: usize = 19;
/// The smallest board side.
pub const MIN_SIZE: usize = 5;
const CELLS: usize = MAX_SIZE * MAX_SIZE;
/// The most lines a board has: rows, columns and both diagonals of the largest board.
const LINES: usize = 6 * MAX_SIZE - 2;
/// The value of a won game before the stones on the board are taken off.
pub const WIN: i32 = 10_000_000;
/// The four directions of a line, as (rows, columns) steps.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Zobrist keys: one per (stone colour, point), from a fixed seed.
const ZOBRIST: [[u64; CELLS]; 2] = {
    let mut z = [[0; CELLS]; 2];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut i = 0;
    while i < 2 * CELLS {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut x = state;
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z[i % 2][i / 2] = x ^ (x >> 31);
        i += 1;
    }
    z
};

/// How a position is scored at the depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GomokuEval {
    /// The source's pattern scores, own − 2 × opponent for the side to move.
    #[default]
    Patterns,
    /// 0: only finished games count.
    None,
}

/// Which lines win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GomokuVariant {
    /// Five or more in a row win.
    #[default]
    Freestyle,
    /// Exactly five in a row win; six or more do not.
    ExactFive,
}

option_names!(GomokuEval, "unknown gomoku evaluation", GomokuEval::Patterns => "patterns", GomokuEval::None => "none" | "zero");
option_names!(GomokuVariant, "unknown gomoku variant", GomokuVariant::Freestyle => "freestyle" | "free-style", GomokuVariant::ExactFive => "exact-five" | "exact");

/// A gomoku position: the stones (0 empty, 1 black `x`, 2 white `o`, row by row from the top),
/// the winner if there is one, and the settings.
///
/// Beside the cells it keeps every line of the board as bits and the lines' pattern scores,
/// brought up to date for the four lines through a point whenever a stone is put or taken off
/// ([`Gomoku::set`]): the evaluation reads two totals instead of scanning the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Gomoku {
    cells: [u8; CELLS],
    /// Per line (see [`Gomoku::lines_through`]), the points holding black's and white's stones
    /// as bits, bit k the line's k-th point from its start.
    line_bits: [[u32; 2]; LINES],
    /// Per line, black's and white's pattern scores ([`eval::line_score_bits`]; 0 for a line
    /// shorter than five).
    line_scores: [[i32; 2]; LINES],
    /// Black's and white's pattern scores over the whole board: the sums of `line_scores`.
    scores: [i32; 2],
    size: u8,
    radius: u8,
    stones: u16,
    key: u64,
    winner: Option<Player>,
    variant: GomokuVariant,
    eval: GomokuEval,
}

impl fmt::Debug for Gomoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

fn colour(player: Player) -> u8 {
    match player {
        Player::Max => 1,
        Player::Min => 2,
    }
}

impl Gomoku {
    /// The empty board of side `size` ([`MIN_SIZE`]..=[`MAX_SIZE`]), radius 1, free-style.
    pub fn new(size: usize) -> Gomoku {
        assert!((MIN_SIZE..=MAX_SIZE).contains(&size));
        Gomoku {
            cells: [0; CELLS],
            line_bits: [[0; 2]; LINES],
            line_scores: [[0; 2]; LINES],
            scores: [0; 2],
            size: size as u8,
            radius: 1,
            stones: 0,
            key: 0,
            winner: None,
            variant: GomokuVariant::Freestyle,
            eval: GomokuEval::Patterns,
        }
    }

    /// The same position with candidate moves up to `radius` points from a stone.
    pub fn with_radius(mut self, radius: u8) -> Gomoku {
        self.radius = radius;
        self
    }

    /// The same position under `variant`'s rules (the winner is found again).
    pub fn with_variant(mut self, variant: GomokuVariant) -> Gomoku {
        self.variant = variant;
        self.winner = self.find_winner();
        self
    }

    /// The same position scored by `eval`.
    pub fn with_eval(mut self, eval: GomokuEval) -> Gomoku {
        self.eval = eval;
        self
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The stone at `row` (0 = top) and `col` (0 = left): 0 none, 1 black, 2 white.
    pub fn stone(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.size() + col]
    }

    /// The player with five in a row, if there is one.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    fn is_full(&self) -> bool {
        self.stones as usize == self.size() * self.size()
    }

    /// Puts a stone of `player` on `cell` (or takes it off with 0).
    fn set(&mut self, cell: usize, c: u8) {
        let old = self.cells[cell];
        if old != 0 {
            self.key ^= ZOBRIST[old as usize - 1][cell];
            self.stones -= 1;
        }
        if c != 0 {
            self.key ^= ZOBRIST[c as usize - 1][cell];
            self.stones += 1;
        }
        self.cells[cell] = c;
        for (line, pos, len) in self.lines_through(cell) {
            let bits = &mut self.line_bits[line];
            if old != 0 {
                bits[old as usize - 1] &= !(1 << pos);
            }
            if c != 0 {
                bits[c as usize - 1] |= 1 << pos;
            }
            if len < 5 {
                continue;
            }
            let [black, white] = *bits;
            let new = [eval::line_score_bits(black, white, len), eval::line_score_bits(white, black, len)];
            let was = std::mem::replace(&mut self.line_scores[line], new);
            for k in 0..2 {
                self.scores[k] += new[k] - was[k];
            }
        }
    }

    /// The four lines through `cell` as (line index, the point's place on it, its length):
    /// the row (indices 0..n), the column (n..2n), the down-right diagonal (2n..4n−1, by
    /// column − row) and the down-left one (4n−1..6n−2, by row + column), each read from its
    /// top (the row from the left).
    fn lines_through(&self, cell: usize) -> [(usize, u32, usize); 4] {
        let n = self.size();
        let (r, c) = (cell / n, cell % n);
        let (dr, dl) = (c + n - 1 - r, r + c);
        [
            (r, c as u32, n),
            (n + c, r as u32, n),
            (2 * n + dr, r.min(c) as u32, n - c.abs_diff(r)),
            (4 * n - 1 + dl, (r - dl.saturating_sub(n - 1)) as u32, n - dl.abs_diff(n - 1)),
        ]
    }

    /// Whether the stone on `cell` stands in a winning line (read from the lines' bits).
    fn wins_through(&self, cell: usize) -> bool {
        let c = self.cells[cell] as usize;
        c != 0
            && self.lines_through(cell).into_iter().any(|(line, pos, _)| {
                let bits = self.line_bits[line][c - 1];
                if bits.count_ones() < 5 {
                    return false;
                }
                // The run of stones from `pos` up, and the one below it.
                let up = (!(bits >> pos)).trailing_zeros();
                let down = if pos == 0 { 0 } else { (!(bits << (32 - pos))).leading_zeros() };
                self.wins((up + down) as usize)
            })
    }

    /// The point `steps` away from `cell` in direction (dr, dc), if it is on the board.
    fn step(&self, cell: usize, (dr, dc): (isize, isize), steps: isize) -> Option<usize> {
        let n = self.size() as isize;
        let (r, c) = ((cell / self.size()) as isize + dr * steps, (cell % self.size()) as isize + dc * steps);
        ((0..n).contains(&r) && (0..n).contains(&c)).then_some((r * n + c) as usize)
    }

    /// The stones of the colour on `cell` in the line through it in direction `d`: (first,
    /// count) — the first stone of the run and how many there are.
    fn run(&self, cell: usize, d: (isize, isize)) -> (usize, usize) {
        let c = self.cells[cell];
        let mut back = 0;
        while self.step(cell, d, -(back + 1)).is_some_and(|i| self.cells[i] == c) {
            back += 1;
        }
        let mut fwd = 0;
        while self.step(cell, d, fwd + 1).is_some_and(|i| self.cells[i] == c) {
            fwd += 1;
        }
        (self.step(cell, d, -back).unwrap_or(cell), (back + fwd + 1) as usize)
    }

    fn wins(&self, run: usize) -> bool {
        match self.variant {
            GomokuVariant::Freestyle => run >= 5,
            GomokuVariant::ExactFive => run == 5,
        }
    }

    /// A winning line through the stone on `cell`: its first stone and direction.
    fn five_through(&self, cell: usize) -> Option<(usize, (isize, isize))> {
        DIRECTIONS.iter().find_map(|&d| {
            let (first, n) = self.run(cell, d);
            self.wins(n).then_some((first, d))
        })
    }

    /// Whether the stones of colour `c` hold a winning line.
    fn has_five(&self, c: u8) -> bool {
        (0..self.size() * self.size()).any(|i| self.cells[i] == c && self.five_through(i).is_some())
    }

    fn find_winner(&self) -> Option<Player> {
        [Player::Max, Player::Min].into_iter().find(|&p| self.has_five(colour(p)))
    }

    /// The pattern score of `player`'s stones over every line of the board ([`eval`]).
    pub fn pattern_score(&self, player: Player) -> i32 {
        self.pattern_scores()[colour(player) as usize - 1]
    }

    /// The pattern scores of black and white, kept up to date as stones are put and taken off.
    fn pattern_scores(&self) -> [i32; 2] {
        self.scores
    }

    /// The pattern scores of black and white, read in one pass over the lines that hold a stone:
    /// the reference the kept scores are tested against.
    #[cfg(test)]
    fn scanned_pattern_scores(&self) -> [i32; 2] {
        let mut totals = [0; 2];
        let mut raw = [0u8; MAX_SIZE];
        let mut line = [0u8; MAX_SIZE + 2];
        for (start, stride, len) in self.lines() {
            if len < 5 {
                continue;
            }
            let mut seen = 0;
            for (k, cell) in raw[..len].iter_mut().enumerate() {
                *cell = self.cells[start + k * stride];
                seen |= *cell;
            }
            for c in [1u8, 2] {
                if seen & c == 0 {
                    continue;
                }
                // This player's view: own stones `o`, the opponent's and the edges `x`.
                line[0] = b'x';
                line[len + 1] = b'x';
                for k in 0..len {
                    line[k + 1] = match raw[k] {
                        0 => b'.',
                        v if v == c => b'o',
                        _ => b'x',
                    };
                }
                totals[c as usize - 1] += eval::line_score(&line[..len + 2]);
            }
        }
        totals
    }

    /// Every line of the board (rows, columns, both diagonals) as (first point, stride, length).
    #[cfg(test)]
    fn lines(&self) -> impl Iterator<Item = (usize, usize, usize)> {
        let n = self.size();
        let rows = (0..n).map(move |r| (r * n, 1, n));
        let cols = (0..n).map(move |c| (c, n, n));
        // Down-right diagonals start on the top row or the left column; down-left ones on the
        // top row or the right column.
        let dr = (0..n).map(move |c| (c, n + 1, n - c)).chain((1..n).map(move |r| (r * n, n + 1, n - r)));
        let dl =
            (0..n).map(move |c| (c, n - 1, c + 1)).chain((1..n).map(move |r| (r * n + n - 1, n - 1, n - r)));
        rows.chain(cols).chain(dr).chain(dl)
    }

    /// The point's name: column letter and row number from the bottom (`h8`).
    pub fn point_name(&self, cell: usize) -> String {
        super::grid::point_name(cell, self.size())
    }

    /// The stones on the board for a reader, by colour in the order of the points' names (a
    /// board of 225 cells is no sentence): "Black on h8 h9 i8 and White on h10 i9"; "the empty
    /// board".
    pub fn stones_text(&self) -> String {
        let n = self.size();
        let on = |colour: u8| -> Vec<String> {
            let mut cells: Vec<usize> = (0..n * n).filter(|&c| self.stone(c / n, c % n) == colour).collect();
            // Column by column, from the bottom row up, as the names read (a1 a2 … b1 …).
            cells.sort_by_key(|&c| (c % n, n - c / n));
            cells.into_iter().map(|c| self.point_name(c)).collect()
        };
        let part = |name: &str, points: Vec<String>| {
            (!points.is_empty()).then(|| format!("{name} on {}", points.join(" ")))
        };
        match (part("Black", on(1)), part("White", on(2))) {
            (Some(b), Some(w)) => format!("{b} and {w}"),
            (Some(one), None) | (None, Some(one)) => one,
            (None, None) => "the empty board".into(),
        }
    }

    /// The board as rows of `x`, `o`, `.`, top row first, separated by `/`.
    pub fn notation(&self) -> String {
        let n = self.size();
        let mut s = String::with_capacity(n * (n + 1));
        for r in 0..n {
            if r > 0 {
                s.push('/');
            }
            s.extend((0..n).map(|c| match self.stone(r, c) {
                1 => 'x',
                2 => 'o',
                _ => '.',
            }));
        }
        s
    }
}

impl Game for Gomoku {
    type Move = u16;

    fn to_move(&self) -> Player {
        if self.stones.is_multiple_of(2) { Player::Max } else { Player::Min }
    }

    fn moves(&self) -> Vec<u16> {
        abviz_core::collect_moves(self)
    }

    #[inline]
    fn moves_into(&self, out: &mut abviz_core::MoveList<u16>) {
        if self.winner.is_some() || self.is_full() {
            return;
        }
        let n = self.size();
        if self.stones == 0 {
            out.push(((n / 2) * n + n / 2) as u16);
            return;
        }
        // Row by row (the rows' lines hold the stones as bits, bit k in column k), the points
        // within the radius of a stone: each row's stones spread sideways, then over the rows
        // above and below.
        let (r, full) = (self.radius as usize, (1u32 << n) - 1);
        let mut spread = [0u32; MAX_SIZE];
        for (row, wide) in spread[..n].iter_mut().enumerate() {
            let mut d = self.line_bits[row][0] | self.line_bits[row][1];
            for _ in 0..r {
                d |= (d << 1) | (d >> 1);
            }
            *wide = d & full;
        }
        for row in 0..n {
            let near = spread[row.saturating_sub(r)..=(row + r).min(n - 1)].iter().fold(0, |a, &b| a | b);
            let mut free = near & !(self.line_bits[row][0] | self.line_bits[row][1]);
            while free != 0 {
                out.push((row * n + free.trailing_zeros() as usize) as u16);
                free &= free - 1;
            }
        }
    }

    fn play(&mut self, mv: u16) {
        let mover = self.to_move();
        self.set(mv as usize, colour(mover));
        if self.wins_through(mv as usize) {
            self.winner = Some(mover);
        }
    }

    fn undo(&mut self, mv: u16) {
        // Moves are only played in a game without a winner.
        self.set(mv as usize, 0);
        self.winner = None;
    }

    fn terminal_value(&self) -> Option<Score> {
        match self.winner {
            Some(p) => Some(p.to_max_view(Score::from(WIN - i32::from(self.stones)))),
            None if self.is_full() => Some(Score::from(0)),
            None => None,
        }
    }

    fn evaluate(&self) -> Score {
        match self.eval {
            GomokuEval::Patterns => {
                let me = self.to_move();
                let scores = self.pattern_scores();
                let (own, other) = (scores[colour(me) as usize - 1], scores[colour(me.other()) as usize - 1]);
                let v = own - 2 * other;
                me.to_max_view(Score::from(v))
            }
            GomokuEval::None => Score::from(0),
        }
    }

    fn label_key(&self, mv: u16) -> Option<u32> {
        Some(u32::from(mv))
    }

    fn position_key(&self) -> Option<u64> {
        Some(self.key)
    }

    fn write_move_label(&self, mv: u16, out: &mut String) {
        out.push_str(&self.point_name(mv as usize));
    }

    fn position_text(&self) -> String {
        self.notation().replace('/', "\n")
    }

    fn notation(&self) -> Option<String> {
        Some(Gomoku::notation(self))
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::Max => "Black",
            Player::Min => "White",
        }
    }

    fn board_text(&self) -> String {
        self.text_board()
    }

    /// A point: column letter and row number (`h8`), on an empty point.
    fn parse_move(&self, text: &str) -> Result<u16, String> {
        let cell = self.read_point(text.trim()).map_err(|e| e.to_string())?;
        if self.winner.is_some() || self.is_full() {
            return Err("the game is over".into());
        }
        if self.cells[cell] != 0 {
            return Err(format!("{} is taken", self.point_name(cell)));
        }
        if !self.moves().contains(&(cell as u16)) {
            if self.stones == 0 {
                let centre = self.moves().first().map_or(0, |&c| c as usize);
                return Err(format!("the first stone goes in the centre, {}", self.point_name(centre)));
            }
            return Err(format!(
                "{} is not a candidate: play within {} point{} of a stone (--radius)",
                self.point_name(cell),
                self.radius,
                if self.radius == 1 { "" } else { "s" },
            ));
        }
        Ok(cell as u16)
    }
}

impl RegisteredGame for Gomoku {
    const INFO: GameInfo = GameInfo {
        name: "gomoku",
        aliases: &["five-in-a-row", "gobang", "wuziqi"],
        title: "Gomoku",
        summary: "five in a row on a 15×15 board; black (x) is MAX and moves first; moves only near the stones (--radius)",
        notation: "rows of x, o or . (empty), top row first, separated by '/' (as many rows as the board's side, --size; the side to move follows from the counts); or the moves played as points, e.g. h8 i9 h9 (column letter, row number from the bottom). Moves are points like h8. Default: the empty board.",
        example: "h8 i9 h9 h10 i8",
        options: &[
            GameOption {
                kind: OptionKind::Eval,
                choices: &[
                    Choice {
                        name: "patterns",
                        help: "the source's pattern scores on every line (five 100000, open four 1000, ...), own − 2 × opponent for the side to move",
                    },
                    Choice { name: "none", help: "0 at the depth limit: only finished games count" },
                ],
                default: "patterns",
                number: None,
            },
            GameOption {
                kind: OptionKind::Variant,
                choices: &[
                    Choice { name: "freestyle", help: "five or more in a row win" },
                    Choice { name: "exact-five", help: "exactly five in a row win; six or more do not" },
                ],
                default: "freestyle",
                number: None,
            },
            GameOption {
                kind: OptionKind::Size,
                choices: &[],
                default: "15",
                number: Some(NumberRange {
                    min: MIN_SIZE as u32,
                    max: MAX_SIZE as u32,
                    help: "the side of the board",
                }),
            },
            GameOption {
                kind: OptionKind::Radius,
                choices: &[],
                default: "1",
                number: Some(NumberRange {
                    min: 1,
                    max: 4,
                    help: "how far from a stone a candidate move may be",
                }),
            },
        ],
        default_depth: Some(2),
    };

    fn build(options: &GameOptions) -> Result<Gomoku, Error> {
        let eval = options.parse(&Self::INFO, OptionKind::Eval)?;
        let variant = options.parse(&Self::INFO, OptionKind::Variant)?;
        let size = options.number(&Self::INFO, OptionKind::Size)? as usize;
        let radius = options.number(&Self::INFO, OptionKind::Radius)? as u8;
        let given_size = options.size.is_some().then_some(size);
        let g = match &options.position {
            Some(text) => Gomoku::parse_with(text, given_size, variant)?,
            None => Gomoku::new(size).with_variant(variant),
        };
        Ok(g.with_radius(radius).with_eval(eval))
    }

    fn settings(&self) -> Vec<(OptionKind, String)> {
        vec![
            (OptionKind::Eval, self.eval.to_string()),
            (OptionKind::Variant, self.variant.to_string()),
            (OptionKind::Size, self.size.to_string()),
            (OptionKind::Radius, self.radius.to_string()),
        ]
    }

    fn board_svg(position: &str) -> Option<String> {
        Gomoku::parse(position, None).ok().map(|g| g.svg_board())
    }
}

#[cfg(test)]
mod tests;
