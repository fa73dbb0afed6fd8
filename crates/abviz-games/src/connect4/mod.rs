//! Connect Four on the 7-column × 6-row board: a move drops a disc into a column, where it falls
//! to the lowest free cell; four in a row (across, up or diagonal) wins. X is MAX and moves
//! first. A won game is over; a full board without four in a row is a draw.
//!
//! - Moves are columns, typed as numbers 1–7 or letters a–g; they are labelled by letter
//!   (`--notation columns`: by number).
//! - Position (`--position`): six rows of seven cells (`x`, `o`, `.`), the top row first,
//!   separated by `/` or line breaks; or the moves played so far as columns, `4453` or
//!   `d d e c` (a move list). The side to move follows from the counts (X moves first).
//! - A finished game is worth ±(1000 − discs on the board) — a quicker win is worth more,
//!   from the position alone — and 0 when drawn. At the depth limit `--eval threats` (the
//!   default) counts threats: see [`Connect4::threat_score`]; `--eval none` scores 0.
//! - `--order natural` searches the columns left to right, `--order centre` the centre first
//!   (4 3 5 2 6 1 7), which cuts far more.
//!
//! The board is a pair of bitboards (one bit a cell, a column a 7-bit group with a free bit on
//! top), so moves, wins and threats are a few shifts and masks. The rules are proven by the
//! number of distinct positions after n plies ([`distinct_positions`]), OEIS A212693.
//!
//! ```
//! use abviz_games::Game;
//! use abviz_games::connect4::Connect4;
//! let g: Connect4 = "4453".parse().unwrap();
//! assert_eq!(g.notation(), "......./......./......./......./...o.../..oxx..");
//! assert_eq!(g.moves().len(), 7);
//! ```

mod notation;
mod render;

use super::notation::NotationError;
use super::perft::{Budget, PerftReport, PerftStop};
use super::registry::{Choice, GameInfo, GameOption, GameOptions, OptionKind, RegisteredGame, option_names};
use super::{Game, Player};
use crate::{GameError as Error, Score};
use rustc_hash::FxHashSet;
use std::fmt;
use std::str::FromStr;

/// Columns.
pub const WIDTH: usize = 7;
/// Rows.
pub const HEIGHT: usize = 6;
/// Bits per column: the rows and a free bit on top, so shifts never carry into the next column.
const H1: usize = HEIGHT + 1;
/// The bottom cell of every column.
const BOTTOM: u64 = {
    let mut b = 0;
    let mut c = 0;
    while c < WIDTH {
        b |= 1 << (c * H1);
        c += 1;
    }
    b
};
/// Every cell of the board.
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);
/// The value of a won game before the discs on the board are taken off.
pub const WIN: i32 = 1000;
/// The columns centre first.
const CENTRE_FIRST: [u8; WIDTH] = [3, 2, 4, 1, 5, 0, 6];
/// The start position.
pub const START: &str = "......./......./......./......./......./.......";

fn column_mask(c: u8) -> u64 {
    ((1 << HEIGHT) - 1) << (c as usize * H1)
}

fn bottom_mask(c: u8) -> u64 {
    1 << (c as usize * H1)
}

fn top_mask(c: u8) -> u64 {
    1 << (c as usize * H1 + HEIGHT - 1)
}

fn bit(col: usize, row: usize) -> u64 {
    1 << (col * H1 + row)
}

/// Whether the discs `b` hold four in a row.
pub fn has_four(b: u64) -> bool {
    [1, H1, H1 - 1, H1 + 1].iter().any(|&s| {
        let m = b & (b >> s);
        m & (m >> (2 * s)) != 0
    })
}

/// The cells (occupied or not) that would complete four in a row for the discs `b`.
fn winning_cells(b: u64) -> u64 {
    // Vertical: three discs right below.
    let mut r = (b << 1) & (b << 2) & (b << 3);
    for s in [H1, H1 - 1, H1 + 1] {
        // Three in a line on one side, or two on one side and one on the other.
        let p = (b << s) & (b << (2 * s));
        r |= p & (b << (3 * s));
        r |= p & (b >> s);
        let p = (b >> s) & (b >> (2 * s));
        r |= p & (b << s);
        r |= p & (b >> (3 * s));
    }
    r & BOARD
}

/// How a position is scored at the depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum C4Eval {
    /// Threats weighted by Allis's odd/even rule, plus discs in the centre column.
    #[default]
    Threats,
    /// 0: only finished games count.
    None,
}

/// The order columns are searched in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum C4Order {
    /// Left to right, 1 to 7.
    #[default]
    Natural,
    /// The centre first: 4 3 5 2 6 1 7.
    Centre,
}

/// How moves are labelled. Letters by default: in a tree a bare number beside the values
/// reads like one ("✂ 5 pruned").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum C4Labels {
    /// Column letters a–g.
    #[default]
    Letters,
    /// Column numbers 1–7.
    Columns,
}

option_names!(C4Eval, "unknown Connect Four evaluation", C4Eval::Threats => "threats", C4Eval::None => "none" | "zero");
option_names!(C4Order, "unknown Connect Four move order", C4Order::Natural => "natural", C4Order::Centre => "centre" | "center" | "centre-first");
option_names!(C4Labels, "unknown Connect Four notation", C4Labels::Letters => "letters", C4Labels::Columns => "columns" | "numbers");

/// A Connect Four position: X's and O's discs as bitboards, and the settings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Connect4 {
    x: u64,
    o: u64,
    discs: u8,
    eval: C4Eval,
    order: C4Order,
    labels: C4Labels,
}

impl fmt::Debug for Connect4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl FromStr for Connect4 {
    type Err = Box<NotationError>;
    fn from_str(s: &str) -> Result<Connect4, Box<NotationError>> {
        Connect4::parse(s)
    }
}

impl Connect4 {
    /// The empty board, X to move, default settings.
    pub fn new() -> Connect4 {
        Connect4::default()
    }

    /// The same position scored by `eval`.
    pub fn with_eval(mut self, eval: C4Eval) -> Connect4 {
        self.eval = eval;
        self
    }

    /// The same position searched in `order`.
    pub fn with_order(mut self, order: C4Order) -> Connect4 {
        self.order = order;
        self
    }

    /// The same position with moves labelled by `labels`.
    pub fn with_labels(mut self, labels: C4Labels) -> Connect4 {
        self.labels = labels;
        self
    }

    fn mask(&self) -> u64 {
        self.x | self.o
    }

    /// The disc in `col` (0 = left) and `row` (0 = bottom): `'x'`, `'o'` or `'.'`.
    pub fn cell(&self, col: usize, row: usize) -> char {
        let b = bit(col, row);
        if self.x & b != 0 {
            'x'
        } else if self.o & b != 0 {
            'o'
        } else {
            '.'
        }
    }

    /// Whether a disc can still drop into column `c` (0-based).
    pub fn playable(&self, c: u8) -> bool {
        (c as usize) < WIDTH && self.mask() & top_mask(c) == 0
    }

    /// The player with four in a row, if either has.
    pub fn winner(&self) -> Option<Player> {
        // Only the side that moved last can have four: the parser refuses anything else.
        if has_four(self.x) {
            Some(Player::Max)
        } else if has_four(self.o) {
            Some(Player::Min)
        } else {
            None
        }
    }

    /// The board as six rows of `x`, `o`, `.`, top row first, separated by `/`.
    pub fn notation(&self) -> String {
        let mut s = String::with_capacity(HEIGHT * (WIDTH + 1));
        for row in (0..HEIGHT).rev() {
            for col in 0..WIDTH {
                s.push(self.cell(col, row));
            }
            if row > 0 {
                s.push('/');
            }
        }
        s
    }

    /// The threat score at the depth limit, MAX's view. A threat of a side is an empty cell
    /// that would complete four in a row for it (playable now or not). By Allis's odd/even rule
    /// (*A Knowledge-based Approach of Connect-Four*, 1988) a first-player (X) threat on an odd
    /// row (1, 3, 5 from the bottom) and a second-player (O) threat on an even row are the ones
    /// that win at the end of a filled-up column, so they count 4 and the others 2. Each disc in
    /// the centre column, which takes part in the most lines, counts 1 more.
    pub fn threat_score(&self) -> i32 {
        const ODD_ROWS: u64 = BOTTOM * 0b010101;
        let empty = BOARD & !self.mask();
        let (tx, to) = (winning_cells(self.x) & empty, winning_cells(self.o) & empty);
        let weigh =
            |t: u64, good: u64| 4 * (t & good).count_ones() as i32 + 2 * (t & !good).count_ones() as i32;
        let centre = column_mask(3);
        weigh(tx, ODD_ROWS) - weigh(to, BOARD & !ODD_ROWS) + (self.x & centre).count_ones() as i32
            - (self.o & centre).count_ones() as i32
    }

    /// A key that names the position exactly (the discs of X above a marker bit per column).
    pub fn key(&self) -> u64 {
        self.x + self.mask() + BOTTOM
    }

    /// The position a [`Connect4::key`] names.
    fn from_key(key: u64) -> Connect4 {
        let mut g = Connect4::new();
        for c in 0..WIDTH as u8 {
            let col = (key >> (c as usize * H1)) & 0x7f;
            let h = 63 - col.leading_zeros() as usize;
            let filled = ((1u64 << h) - 1) << (c as usize * H1);
            g.x |= key & filled;
            g.o |= filled & !key;
            g.discs += h as u8;
        }
        g
    }
}

impl Game for Connect4 {
    type Move = u8;

    fn to_move(&self) -> Player {
        if self.discs.is_multiple_of(2) { Player::Max } else { Player::Min }
    }

    /// The players alternate.
    #[inline]
    fn next_to_move(&self, _mv: Self::Move) -> Option<Player> {
        Some(self.to_move().other())
    }

    fn moves(&self) -> Vec<u8> {
        abviz_core::collect_moves(self)
    }

    #[inline]
    fn moves_into(&self, out: &mut abviz_core::MoveList<u8>) {
        if self.winner().is_some() {
            return;
        }
        let order: &[u8] = match self.order {
            C4Order::Natural => &[0, 1, 2, 3, 4, 5, 6],
            C4Order::Centre => &CENTRE_FIRST,
        };
        out.extend(order.iter().copied().filter(|&c| self.playable(c)));
    }

    fn play(&mut self, c: u8) {
        let mask = self.mask();
        let disc = (mask + bottom_mask(c)) & column_mask(c);
        if self.discs.is_multiple_of(2) {
            self.x |= disc
        } else {
            self.o |= disc
        }
        self.discs += 1;
    }

    fn undo(&mut self, c: u8) {
        let top = ((self.mask() & column_mask(c)) + bottom_mask(c)) >> 1;
        self.x &= !top;
        self.o &= !top;
        self.discs -= 1;
    }

    fn terminal_value(&self) -> Option<Score> {
        let won = WIN - self.discs as i32;
        match self.winner() {
            Some(p) => Some(p.to_max_view(Score::from(won))),
            None if self.discs as usize == WIDTH * HEIGHT => Some(Score::from(0)),
            None => None,
        }
    }

    fn evaluate(&self) -> Score {
        match self.eval {
            C4Eval::Threats => Score::from(self.threat_score()),
            C4Eval::None => Score::from(0),
        }
    }

    fn label_key(&self, c: u8) -> Option<u32> {
        Some(c as u32)
    }

    fn position_key(&self) -> Option<u64> {
        Some(self.key())
    }

    fn write_move_label(&self, c: u8, out: &mut String) {
        out.push(match self.labels {
            C4Labels::Columns => (b'1' + c) as char,
            C4Labels::Letters => (b'a' + c) as char,
        });
    }

    fn position_text(&self) -> String {
        self.notation().replace('/', "\n")
    }

    fn notation(&self) -> Option<String> {
        Some(Connect4::notation(self))
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::Max => "X",
            Player::Min => "O",
        }
    }

    fn board_text(&self) -> String {
        self.text_board()
    }

    /// A column: its number 1–7 or its letter a–g.
    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let t = text.trim().to_ascii_lowercase();
        let c = match t.as_bytes() {
            [d @ b'1'..=b'7'] => d - b'1',
            [l @ b'a'..=b'g'] => l - b'a',
            _ => {
                return Err(format!(
                    "'{}' is not a column: type its number 1-7 or its letter a-g",
                    abviz_core::safe_text::for_terminal(text.trim())
                ));
            }
        };
        if self.winner().is_some() || self.discs as usize == WIDTH * HEIGHT {
            return Err("the game is over".into());
        }
        if !self.playable(c) {
            return Err(format!("column {} is full", c + 1));
        }
        Ok(c)
    }
}

/// The number of distinct positions after n plies for n = 0..=`plies`, told apart by their
/// [`Connect4::key`]; a won position is not played on (OEIS A212693: 1, 7, 49, 238, 1,120, …).
pub fn distinct_positions(plies: u32) -> Vec<u64> {
    let mut level = vec![Connect4::new().key()];
    let mut counts = vec![1];
    for _ in 0..plies {
        let mut next = FxHashSet::default();
        next.reserve(level.len() * 4);
        for &key in &level {
            let mut g = Connect4::from_key(key);
            if g.winner().is_some() {
                continue;
            }
            for c in 0..WIDTH as u8 {
                if g.playable(c) {
                    g.play(c);
                    next.insert(g.key());
                    g.undo(c);
                }
            }
        }
        level = next.into_iter().collect();
        counts.push(level.len() as u64);
    }
    counts
}

/// Perft on the bitboards, without move lists (the last ply counted, not played).
pub fn perft(g: &mut Connect4, depth: u32) -> u64 {
    // An unlimited budget never stops the count.
    perft_within(g, depth, &mut Budget::unlimited()).unwrap_or(u64::MAX)
}

/// [`perft`] within `budget` (see [`crate::perft::perft_within`]).
pub fn perft_within(g: &mut Connect4, depth: u32, budget: &mut Budget) -> Result<u64, PerftStop> {
    if depth == 0 {
        return Ok(1);
    }
    if g.winner().is_some() {
        return Ok(0);
    }
    budget.spend(WIDTH)?;
    let mut n = 0;
    for c in 0..WIDTH as u8 {
        if g.playable(c) {
            if depth == 1 {
                n += 1;
                continue;
            }
            g.play(c);
            let below = perft_within(g, depth - 1, budget);
            g.undo(c);
            n += below?;
        }
    }
    Ok(n)
}

impl RegisteredGame for Connect4 {
    const INFO: GameInfo = GameInfo {
        name: "connect4",
        aliases: &["connect-four", "c4", "four-in-a-row"],
        title: "Connect Four",
        summary: "drop discs into 7 columns of 6 rows; four in a row wins; X is MAX and moves first",
        notation: "6 rows of 7 cells, x, o or . (empty), top row first, separated by '/' (the side to move follows from the counts); or the moves played as columns 1-7 or a-g, e.g. 4453. Moves are columns a-g (typed as a-g or 1-7). Default: the empty board, searched 8 plies deep.",
        example: "......./......./......./......./...o.../..oxx..",
        options: &[
            GameOption {
                kind: OptionKind::Eval,
                choices: &[
                    Choice {
                        name: "threats",
                        help: "cells that would complete four, weighted by Allis's odd/even rule, plus centre discs",
                    },
                    Choice { name: "none", help: "0 at the depth limit: only finished games count" },
                ],
                default: "threats",
                number: None,
            },
            GameOption {
                kind: OptionKind::Order,
                choices: &[
                    Choice { name: "natural", help: "columns left to right, 1 to 7" },
                    Choice { name: "centre", help: "the centre first: 4 3 5 2 6 1 7" },
                ],
                default: "natural",
                number: None,
            },
            GameOption {
                kind: OptionKind::Notation,
                choices: &[
                    Choice { name: "letters", help: "moves labelled by column letter, a to g" },
                    Choice { name: "columns", help: "moves labelled by column number, 1 to 7" },
                ],
                default: "letters",
                number: None,
            },
        ],
        default_depth: Some(8),
    };

    const PERFT: Option<fn(&Self, u32, bool, &mut Budget) -> Result<PerftReport, PerftStop>> =
        Some(|g, depth, divide, budget| PerftReport::with_counter(g, depth, divide, budget, perft_within));

    fn build(options: &GameOptions) -> Result<Connect4, Error> {
        let eval = options.parse(&Self::INFO, OptionKind::Eval)?;
        let order = options.parse(&Self::INFO, OptionKind::Order)?;
        let labels = options.parse(&Self::INFO, OptionKind::Notation)?;
        let g = match &options.position {
            Some(p) => Connect4::parse(p)?,
            None => Connect4::new(),
        };
        Ok(g.with_eval(eval).with_order(order).with_labels(labels))
    }

    fn settings(&self) -> Vec<(OptionKind, String)> {
        vec![
            (OptionKind::Eval, self.eval.to_string()),
            (OptionKind::Order, self.order.to_string()),
            (OptionKind::Notation, self.labels.to_string()),
        ]
    }

    fn board_svg(position: &str) -> Option<String> {
        Connect4::parse(position).ok().map(|g| g.svg_board())
    }
}

#[cfg(test)]
mod tests;
