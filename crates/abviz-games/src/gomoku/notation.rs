//! Gomoku positions as text: the board as rows of cells, or the moves played as points.

use super::{Gomoku, GomokuVariant, MAX_SIZE, MIN_SIZE, colour};
use crate::grid::Rows;
use crate::notation::NotationError;
use crate::{Game, Player};

/// The board side a move list is played on when `--size` is not given.
const DEFAULT_SIZE: usize = 15;

impl Gomoku {
    /// Reads a position, free-style (see [`Gomoku::parse_with`]).
    pub fn parse(text: &str, size: Option<usize>) -> Result<Gomoku, Box<NotationError>> {
        Self::parse_with(text, size, GomokuVariant::Freestyle)
    }

    /// Reads a position under `variant`'s rules: the board as rows of `x`, `o`, `.` (its side is
    /// `size` if given, else the number of rows), or the moves played from the empty board as
    /// points (`h8 i9`, on a board of side `size`, 15 if not given). Errors point at the cell,
    /// row or point at fault.
    pub fn parse_with(
        text: &str,
        size: Option<usize>,
        variant: GomokuVariant,
    ) -> Result<Gomoku, Box<NotationError>> {
        if text.chars().any(|c| c.is_ascii_digit()) {
            return Self::from_moves(text, size.unwrap_or(DEFAULT_SIZE), variant);
        }
        let cell = |c: char| match c {
            'x' | 'X' | 'b' | 'B' => Some(1),
            'o' | 'O' | 'w' | 'W' => Some(2),
            '.' | '-' | '+' | '_' => Some(0),
            _ => None,
        };
        let help = "a board is rows of x (black), o (white) or . (empty), top row first, separated by '/', as many rows as cells in a row; or give the moves played as points, e.g. h8 i9 h9";
        let rows = Rows::parse(text, cell, help)?;
        let n = size.unwrap_or(rows.height().clamp(MIN_SIZE, MAX_SIZE));
        let row = ".".repeat(n);
        let example = if n <= 9 { vec![row; n].join("/") } else { format!("{row}/{row}/… ({n} rows)") };
        if size.is_none() && !(MIN_SIZE..=MAX_SIZE).contains(&rows.height()) {
            return Err(rows.whole_error(
                format!(
                    "the board has {} rows; a gomoku board is square, {MIN_SIZE} to {MAX_SIZE} points a side",
                    rows.height()
                ),
                "board size",
            ));
        }
        rows.expect(n, n, &format!("a row of the {n}×{n} board"), &example)?;
        let mut g = Gomoku::new(n);
        g.variant = variant;
        for r in 0..n {
            for c in 0..n {
                let v = rows.cell(r, c);
                if v != 0 {
                    g.set(r * n + c, v);
                }
            }
        }
        let count = |c: u8| g.cells.iter().filter(|&&v| v == c).count();
        let (nx, no) = (count(1), count(2));
        if nx != no && nx != no + 1 {
            return Err(rows.whole_error(
                format!(
                    "impossible stone counts: x has {nx} and o has {no}; x (black) moves first, so x has as many stones as o or one more"
                ),
                "impossible counts",
            ));
        }
        let last = if nx > no { Player::Max } else { Player::Min };
        let (fx, fo) = (g.has_five(1), g.has_five(2));
        if fx && fo {
            return Err(rows
                .whole_error("impossible position: both x and o have five in a row".into(), "two winners"));
        }
        if fx || fo {
            let (winner, name, other) = if fx { (Player::Max, 'x', 'o') } else { (Player::Min, 'o', 'x') };
            if winner != last {
                return Err(rows.whole_error(
                    format!("impossible position: {name} has five in a row but {other} moved afterwards"),
                    "the game was over",
                ));
            }
            // Some stone of the winner's, the last one played, made every winning line at once.
            let c = colour(winner);
            let made_by_one = (0..n * n).any(|i| {
                g.cells[i] == c && {
                    let mut h = g;
                    h.set(i, 0);
                    !h.has_five(c)
                }
            });
            if !made_by_one {
                return Err(rows.whole_error(
                    format!("impossible position: no single last stone made all of {name}'s fives"),
                    "the game was over earlier",
                ));
            }
            g.winner = Some(winner);
        }
        Ok(g)
    }

    /// The position after the points in `text` (`h8 i9 h9`, separated by spaces or commas)
    /// played from the empty board of side `size`.
    fn from_moves(text: &str, size: usize, variant: GomokuVariant) -> Result<Gomoku, Box<NotationError>> {
        let mut g = Gomoku::new(size).with_variant(variant);
        for token in text.split(|c: char| c.is_whitespace() || c == ',') {
            // The token's place in the text (it is a slice of it).
            let at = token.as_ptr() as usize - text.as_ptr() as usize;
            let span = at..at + token.len();
            if token.is_empty() {
                continue;
            }
            let err = |message: String, label: &str| {
                let e = NotationError::in_text("position", text, span.clone(), message, label);
                Box::new(e.with_help(format!(
                    "give the moves as points from a1 to {}{size}, separated by spaces, e.g. h8 i9 h9",
                    (b'a' + size as u8 - 1) as char
                )))
            };
            let cell = g.read_point(token).map_err(|m| err(m, "not a point"))?;
            if let Some(p) = g.winner {
                let who = if p == Player::Max { 'x' } else { 'o' };
                return Err(err(
                    format!("the game is over: {who} has five in a row before this move"),
                    "game over",
                ));
            }
            if g.cells[cell] != 0 {
                return Err(err(format!("{token} is taken"), "taken"));
            }
            g.play(cell as u16);
        }
        Ok(g)
    }

    /// The point named `text` (`h8`: column letter, row number from the bottom).
    pub(super) fn read_point(&self, text: &str) -> Result<usize, String> {
        crate::grid::read_point(text, self.size(), "h8")
    }
}
