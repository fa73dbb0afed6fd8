//! Connect Four boards for people: the text board of `abviz play` and the SVG of pages.

use super::{Connect4, HEIGHT, WIDTH, bit};
use crate::{Game, Player};
use std::fmt::Write;

impl Connect4 {
    /// The board for `abviz play`: column letters over the rows and numbers under them (a move
    /// is typed either way), X and O for the discs.
    pub(super) fn text_board(&self) -> String {
        let mut s = String::from("  a b c d e f g\n");
        for row in (0..HEIGHT).rev() {
            s.push_str(" |");
            for col in 0..WIDTH {
                s.push(self.cell(col, row).to_ascii_uppercase());
                s.push(if col + 1 < WIDTH { ' ' } else { '|' });
            }
            s.push('\n');
        }
        s.push_str(" +-------------+\n  1 2 3 4 5 6 7\n");
        s
    }

    fn status(&self) -> &'static str {
        match self.winner() {
            Some(Player::Max) => "X has won",
            Some(Player::Min) => "O has won",
            None if self.discs as usize == WIDTH * HEIGHT => "draw",
            None if self.to_move() == Player::Max => "X (red) to move",
            None => "O (yellow) to move",
        }
    }

    /// The board as SVG: a blue frame with its holes, X's discs red and O's yellow, the column
    /// letters on top and numbers below, a line through four in a row, and who is to move (or the result)
    /// underneath. The notation is the image's `<title>`.
    pub fn svg_board(&self) -> String {
        const CELL: usize = 30;
        const M: usize = 16;
        let (w, h) = (WIDTH * CELL + 2 * M, HEIGHT * CELL + 2 * M + 28);
        let mut s = String::with_capacity(4000);
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif"><title>{}</title><rect width="{w}" height="{h}" fill="#fbfbf8"/>"##,
            self.notation()
        );
        let _ = write!(
            s,
            r##"<rect x="{M}" y="{M}" width="{}" height="{}" rx="6" fill="#1e4fa8"/>"##,
            WIDTH * CELL,
            HEIGHT * CELL
        );
        let centre =
            |col: usize, row: usize| (M + col * CELL + CELL / 2, M + (HEIGHT - 1 - row) * CELL + CELL / 2);
        for col in 0..WIDTH {
            let x = M + col * CELL + CELL / 2;
            let _ = write!(
                s,
                r##"<text x="{x}" y="{}" font-size="10" fill="#777" text-anchor="middle">{}</text><text x="{x}" y="{}" font-size="9" fill="#999" text-anchor="middle">{}</text>"##,
                M - 4,
                (b'a' + col as u8) as char,
                M + HEIGHT * CELL + 11,
                col + 1
            );
            for row in 0..HEIGHT {
                let (cx, cy) = centre(col, row);
                let (fill, stroke) = match self.cell(col, row) {
                    'x' => ("#d32f2f", "#8e1b1b"),
                    'o' => ("#fbc02d", "#a37c00"),
                    _ => ("#fbfbf8", "#163d85"),
                };
                let _ = write!(
                    s,
                    r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"##,
                    CELL / 2 - 4
                );
            }
        }
        if let Some(((c0, r0), (c1, r1))) = self.four() {
            let ((x0, y0), (x1, y1)) = (centre(c0, r0), centre(c1, r1));
            let _ = write!(
                s,
                r##"<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#222" stroke-width="4" stroke-opacity="0.75" stroke-linecap="round"/>"##
            );
        }
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="11" fill="#333" text-anchor="middle">{}</text></svg>"##,
            w / 2,
            h - 8,
            self.status()
        );
        s
    }

    /// The ends (column, row) of a four in a row, if there is one.
    fn four(&self) -> Option<((usize, usize), (usize, usize))> {
        let board = match self.winner()? {
            Player::Max => self.x,
            Player::Min => self.o,
        };
        for col in 0..WIDTH as i32 {
            for row in 0..HEIGHT as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ec, er) = (col + 3 * dc, row + 3 * dr);
                    if !(0..WIDTH as i32).contains(&ec) || !(0..HEIGHT as i32).contains(&er) {
                        continue;
                    }
                    if (0..4).all(|k| board & bit((col + k * dc) as usize, (row + k * dr) as usize) != 0) {
                        return Some(((col as usize, row as usize), (ec as usize, er as usize)));
                    }
                }
            }
        }
        None
    }
}
