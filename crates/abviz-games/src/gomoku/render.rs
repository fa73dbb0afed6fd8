//! Gomoku boards for people: the text board of `abviz play` and the SVG of pages.

use super::Gomoku;
use crate::{Game, Player};
use std::fmt::Write;

impl Gomoku {
    /// The board for `abviz play`: column letters above and below, row numbers (from the
    /// bottom) on both sides, `X` black and `O` white, `+` the centre point.
    pub(super) fn text_board(&self) -> String {
        let n = self.size();
        let letters: String = (0..n).map(|c| format!(" {}", (b'a' + c as u8) as char)).collect();
        let mut s = format!("   {letters}\n");
        for r in 0..n {
            let _ = write!(s, "{:>2} ", n - r);
            for c in 0..n {
                s.push(' ');
                s.push(match self.stone(r, c) {
                    1 => 'X',
                    2 => 'O',
                    _ if r == n / 2 && c == n / 2 => '+',
                    _ => '.',
                });
            }
            let _ = writeln!(s, "  {}", n - r);
        }
        let _ = writeln!(s, "   {letters}");
        s
    }

    pub(super) fn status(&self) -> &'static str {
        match self.winner() {
            Some(Player::Max) => "black (x) has won",
            Some(Player::Min) => "white (o) has won",
            None if self.moves().is_empty() => "draw",
            None if self.to_move() == Player::Max => "black (x, MAX) to move",
            None => "white (o, MIN) to move",
        }
    }

    /// The board as SVG: the grid on a wooden ground with its star points, column letters above
    /// and below, row numbers on both sides, black and white stones, a line through five in a
    /// row, and who is to move (or the result) underneath. The notation is the image's `<title>`.
    pub fn svg_board(&self) -> String {
        const STEP: usize = 22;
        const M: usize = 30;
        let n = self.size();
        let side = (n - 1) * STEP;
        let (w, h) = (side + 2 * M, side + 2 * M + 22);
        let at = |i: usize| M + i * STEP;
        let mut s = String::with_capacity(4000 + 120 * self.stones as usize);
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif"><title>{}</title><rect width="{w}" height="{h}" fill="#fbfbf8"/><rect x="{}" y="{}" width="{}" height="{}" fill="#dcb35c"/>"##,
            self.notation(),
            M - 14,
            M - 14,
            side + 28,
            side + 28
        );
        crate::grid::svg_lines(&mut s, n, M, STEP, "#5a4320");
        // Star points: the centre, and the points four lines in from the corners on big boards.
        let mut stars = vec![(n / 2, n / 2)];
        if n >= 13 {
            let (a, b) = (3, n - 4);
            stars.extend([(a, a), (a, b), (b, a), (b, b)]);
        }
        for (r, c) in stars {
            let _ = write!(s, r##"<circle cx="{}" cy="{}" r="2.5" fill="#5a4320"/>"##, at(c), at(r));
        }
        for r in 0..n {
            for c in 0..n {
                let (fill, stroke) = match self.stone(r, c) {
                    1 => ("#111", "#000"),
                    2 => ("#fafafa", "#333"),
                    _ => continue,
                };
                let _ = write!(
                    s,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}"/>"##,
                    at(c),
                    at(r),
                    STEP / 2 - 1
                );
            }
        }
        if let Some((first, last)) = self.five_ends() {
            let (r0, c0, r1, c1) = (first / n, first % n, last / n, last % n);
            let _ = write!(
                s,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#d32f2f" stroke-width="4" stroke-opacity="0.8" stroke-linecap="round"/>"##,
                at(c0),
                at(r0),
                at(c1),
                at(r1)
            );
        }
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="11" fill="#333" text-anchor="middle">{}</text></svg>"##,
            w / 2,
            h - 6,
            self.status()
        );
        s
    }

    /// The first and last stone of the winner's line, if there is one.
    fn five_ends(&self) -> Option<(usize, usize)> {
        let c = match self.winner()? {
            Player::Max => 1,
            Player::Min => 2,
        };
        let n = self.size();
        (0..n * n).filter(|&i| self.cells[i] == c).find_map(|i| {
            let (first, d) = self.five_through(i)?;
            let (_, len) = self.run(first, d);
            Some((first, self.step(first, d, len as isize - 1)?))
        })
    }
}
