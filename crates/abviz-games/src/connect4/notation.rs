//! Connect Four positions as text: the board as rows of cells, or the moves played.

use super::{Connect4, HEIGHT, WIDTH, bit, bottom_mask, column_mask, has_four};
use crate::grid::Rows;
use crate::notation::NotationError;
use crate::{Game, Player};

impl Connect4 {
    /// Reads a position: the board as rows of `x`, `o`, `.` (top row first), or the moves
    /// played from the empty board as columns 1–7 or a–g. Errors point at the cell or move.
    pub fn parse(text: &str) -> Result<Connect4, Box<NotationError>> {
        let is_move = |c: char| matches!(c.to_ascii_lowercase(), '1'..='7' | 'a'..='g' | ' ' | ',' | '\t');
        if text.chars().all(is_move) {
            return Self::from_moves(text);
        }
        let cell = |c: char| match c {
            'x' | 'X' => Some(1),
            'o' | 'O' => Some(2),
            '.' | '-' | '_' => Some(0),
            _ => None,
        };
        let help = "a board is 6 rows of 7 cells, x, o or . (empty), top row first, separated by '/'; or give the moves played as columns, e.g. 4453";
        let rows = Rows::parse(text, cell, help)?;
        rows.expect(WIDTH, HEIGHT, "a Connect Four row", "......./......./......./......./...o.../...x...")?;
        let mut g = Connect4::new();
        for col in 0..WIDTH {
            let mut gap = None;
            for row in 0..HEIGHT {
                let v = rows.cell(HEIGHT - 1 - row, col);
                if v == 0 {
                    gap.get_or_insert(row);
                    continue;
                }
                if let Some(empty) = gap {
                    return Err(rows.cell_error(
                        HEIGHT - 1 - row,
                        col,
                        format!(
                            "the disc in column {}, row {} floats above the empty row {}: discs fall to the lowest free cell",
                            col + 1,
                            row + 1,
                            empty + 1
                        ),
                        "floating disc",
                    ));
                }
                if v == 1 {
                    g.x |= bit(col, row)
                } else {
                    g.o |= bit(col, row)
                }
                g.discs += 1;
            }
        }
        let (nx, no) = (g.x.count_ones(), g.o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(rows.whole_error(
                format!(
                    "impossible disc counts: x has {nx} and o has {no}; x moves first, so x has as many discs as o or one more"
                ),
                "impossible counts",
            ));
        }
        let last = if nx > no { Player::Max } else { Player::Min };
        match (has_four(g.x), has_four(g.o)) {
            (true, true) => {
                return Err(rows.whole_error(
                    "impossible position: both x and o have four in a row".into(),
                    "two winners",
                ));
            }
            (true, false) | (false, true) => {
                let (winner, board) = if has_four(g.x) { ('x', g.x) } else { ('o', g.o) };
                if (winner == 'x') != (last == Player::Max) {
                    let other = if winner == 'x' { 'o' } else { 'x' };
                    return Err(rows.whole_error(
                        format!(
                            "impossible position: {winner} has four in a row but {other} moved afterwards"
                        ),
                        "the game was over",
                    ));
                }
                // Some disc on top of a column made every four at once.
                let mask = g.mask();
                let last_move = (0..WIDTH as u8).any(|c| {
                    let col = mask & column_mask(c);
                    let top = (col + bottom_mask(c)) >> 1;
                    col != 0 && board & top != 0 && !has_four(board & !top)
                });
                if !last_move {
                    return Err(rows.whole_error(
                        format!("impossible position: no single last move made all of {winner}'s fours"),
                        "the game was over earlier",
                    ));
                }
            }
            (false, false) => {}
        }
        Ok(g)
    }

    /// The position after the moves in `text` (columns 1–7 or a–g, spaces and commas allowed
    /// between them) from the empty board.
    pub fn from_moves(text: &str) -> Result<Connect4, Box<NotationError>> {
        let mut g = Connect4::new();
        for (i, c) in text.char_indices() {
            let col = match c.to_ascii_lowercase() {
                d @ '1'..='7' => d as u8 - b'1',
                l @ 'a'..='g' => l as u8 - b'a',
                _ => continue,
            };
            let err = |msg: String, label: &str| {
                Box::new(NotationError::in_text("position", text, i..i + 1, msg, label))
            };
            if let Some(p) = g.winner() {
                let who = if p == Player::Max { 'x' } else { 'o' };
                return Err(err(
                    format!("the game is over: {who} has four in a row before this move"),
                    "game over",
                ));
            }
            if !g.playable(col) {
                return Err(err(
                    format!("column {} is full: it holds {HEIGHT} discs", col + 1),
                    "full column",
                ));
            }
            g.play(col);
        }
        Ok(g)
    }
}
