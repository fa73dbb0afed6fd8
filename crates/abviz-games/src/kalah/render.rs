//! Kalah boards for people: the text board of `abviz play` and the SVG of pages.

use super::Kalah;
use crate::Player;
use std::fmt::Write;

impl Kalah {
    /// North's row on top (its pits lettered from its left, which is the right as drawn), the
    /// stores at the ends, South's row below.
    pub(super) fn text_board(&self) -> String {
        let p = self.pits as usize;
        let letters = |rev: bool| {
            let mut s = String::from("     ");
            for k in 0..p {
                let k = if rev { p - 1 - k } else { k };
                let _ = write!(s, "  {} ", (b'a' + k as u8) as char);
            }
            s
        };
        let row = |player: Player, rev: bool| {
            let mut s = String::from("     ");
            let side = self.side(player);
            for k in 0..p {
                let _ = write!(s, "[{:>2}]", side[if rev { p - 1 - k } else { k }]);
            }
            s
        };
        let mut s = String::new();
        let _ = writeln!(s, "{}   North (MIN)", letters(true));
        let _ = writeln!(s, "{}", row(Player::Min, true));
        let _ = writeln!(
            s,
            "[{:>2}]{}[{:>2}]",
            self.store(Player::Min),
            " ".repeat(4 * p + 2),
            self.store(Player::Max)
        );
        let _ = writeln!(s, "{}", row(Player::Max, false));
        let _ = writeln!(s, "{}   South (MAX)", letters(false));
        s
    }

    pub(super) fn status(&self) -> String {
        if self.is_over() {
            let d = self.final_count(Player::Max) - self.final_count(Player::Min);
            let (s, n) = (self.final_count(Player::Max), self.final_count(Player::Min));
            match d.signum() {
                1 => format!("South wins {s}–{n}"),
                -1 => format!("North wins {n}–{s}"),
                _ => format!("draw {s}–{n}"),
            }
        } else {
            format!("{} to move", if self.to_move == Player::Max { "South (MAX)" } else { "North (MIN)" })
        }
    }

    /// The board as SVG: North's pits on top (its store on the left), South's below (its store
    /// on the right), each pit with its seeds as a number and its letter beside the row, and
    /// who is to move (or the result) underneath. The notation is the image's `<title>`.
    pub fn svg_board(&self) -> String {
        const PIT: usize = 40;
        const M: usize = 14;
        let p = self.pits as usize;
        let (w, h) = ((p + 2) * PIT + 2 * M, 2 * PIT + 2 * M + 44);
        let mut s = String::with_capacity(3000);
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif"><title>{}</title><rect width="{w}" height="{h}" fill="#fbfbf8"/><rect x="{M}" y="{}" width="{}" height="{}" rx="18" fill="#c8a06a" stroke="#7a5630" stroke-width="2"/>"##,
            self.notation(),
            M + 14,
            (p + 2) * PIT,
            2 * PIT
        );
        let top = M + 14;
        let mover = (!self.is_over()).then_some(self.to_move);
        let seeds_text = |s: &mut String, cx: usize, cy: usize, n: u8, big: bool| {
            let _ = write!(
                s,
                r##"<text x="{cx}" y="{}" font-size="{}" fill="#222" text-anchor="middle" font-weight="bold">{n}</text>"##,
                cy + if big { 6 } else { 5 },
                if big { 16 } else { 14 }
            );
        };
        // Stores: North's on the left, South's on the right, each as tall as both rows.
        for (player, x) in [(Player::Min, M), (Player::Max, M + (p + 1) * PIT)] {
            let _ = write!(
                s,
                r##"<rect x="{}" y="{}" width="{}" height="{}" rx="15" fill="#e9d3ad" stroke="#7a5630"/>"##,
                x + 5,
                top + 6,
                PIT - 10,
                2 * PIT - 12
            );
            seeds_text(&mut s, x + PIT / 2, top + PIT, self.store(player), true);
        }
        for (player, row) in [(Player::Min, 0), (Player::Max, 1)] {
            let ring = if mover == Some(player) {
                r##" stroke="#1565c0" stroke-width="2.5""##
            } else {
                r##" stroke="#7a5630""##
            };
            for (k, &n) in self.side(player).iter().enumerate() {
                // South's pits run left to right, North's right to left.
                let col = if player == Player::Max { k } else { p - 1 - k };
                let (cx, cy) = (M + (col + 1) * PIT + PIT / 2, top + row * PIT + PIT / 2);
                let _ =
                    write!(s, r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="#e9d3ad"{ring}/>"##, PIT / 2 - 5);
                seeds_text(&mut s, cx, cy, n, false);
                let ly = if row == 0 { top - 4 } else { top + 2 * PIT + 12 };
                let _ = write!(
                    s,
                    r##"<text x="{cx}" y="{ly}" font-size="10" fill="#777" text-anchor="middle">{}</text>"##,
                    (b'a' + k as u8) as char
                );
            }
        }
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="10" fill="#777">North</text><text x="{}" y="{}" font-size="10" fill="#777" text-anchor="end">South</text>"##,
            M,
            top - 4,
            w - M,
            top + 2 * PIT + 12
        );
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="11" fill="#333" text-anchor="middle">{}</text></svg>"##,
            w / 2,
            h - 8,
            self.status()
        );
        s
    }
}
