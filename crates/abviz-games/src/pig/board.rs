//! Pig's pictures: the board as SVG for pages and figures, and as text for `abviz play`.

use super::Pig;
use crate::Player;
use std::fmt::Write;

impl Pig {
    /// One line: who is to move and what they may do, or who has won.
    pub(super) fn status(&self) -> String {
        if let Some(w) = self.winner() {
            return format!("{} has won", w.upper());
        }
        let who = self.mover.upper();
        match (self.rolling, self.turn) {
            (true, t) => format!("{who} rolls (turn total {t})"),
            (false, 0) => format!("{who} to roll"),
            (false, t) => format!("{who}: turn total {t}, roll or hold"),
        }
    }

    /// The face a move from `before` to `self` showed, if it was a die's outcome.
    pub(super) fn face_since(&self, before: &Pig) -> Option<u8> {
        if !before.rolling || self.rolling {
            return None;
        }
        let m = before.mover;
        if self.mover != m {
            return Some(1);
        }
        let gained = self.banked(m).checked_sub(before.banked(m))?;
        let face =
            if gained > 0 { gained.checked_sub(before.turn)? } else { self.turn.checked_sub(before.turn)? };
        (2..=6).contains(&face).then_some(face)
    }

    /// The position as a small SVG picture: each player's banked score as a bar toward the
    /// target (the mover's turn total as a hatched piece after it), the die — its face after a
    /// roll (`face`), a question mark while it rolls — and the status underneath. The notation
    /// is the image's `<title>`.
    pub fn svg_board(&self, face: Option<u8>) -> String {
        const W: i32 = 272;
        const H: i32 = 112;
        const BAR_X: i32 = 54;
        const BAR_W: i32 = 110;
        let mut s = String::with_capacity(2500);
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="11"><title>{}</title><rect width="{W}" height="{H}" fill="#fbfbf8"/>"##,
            self.notation_text()
        );
        s.push_str(r##"<defs><pattern id="pig-hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="5" height="5" fill="#fff"/><line x1="0" y1="0" x2="0" y2="5" stroke="#1565c0" stroke-width="2.5"/></pattern></defs>"##);
        let t = f64::from(self.target);
        let x_of = |points: u8| f64::from(BAR_X) + f64::from(BAR_W) * (f64::from(points).min(t) / t);
        for (row, p) in [Player::Max, Player::Min].into_iter().enumerate() {
            let y = 14 + row as i32 * 30;
            let banked = self.banked(p);
            let mark = if self.mover == p && self.winner().is_none() { "▸ " } else { "" };
            let _ = write!(
                s,
                r##"<text x="6" y="{}" fill="#222" font-weight="bold">{mark}{}</text>"##,
                y + 12,
                p.upper()
            );
            let _ = write!(
                s,
                r##"<rect x="{BAR_X}" y="{y}" width="{BAR_W}" height="16" fill="#fff" stroke="#666"/>"##
            );
            let end = x_of(banked);
            let _ = write!(
                s,
                r##"<rect x="{BAR_X}" y="{y}" width="{:.1}" height="16" fill="#1565c0"><title>{} banked</title></rect>"##,
                end - f64::from(BAR_X),
                banked
            );
            let mut label = banked.to_string();
            if self.mover == p && self.turn > 0 && self.winner().is_none() {
                let to = x_of(banked.saturating_add(self.turn));
                let _ = write!(
                    s,
                    r##"<rect x="{end:.1}" y="{y}" width="{:.1}" height="16" fill="url(#pig-hatch)" stroke="#1565c0"><title>turn total {}</title></rect>"##,
                    to - end,
                    self.turn
                );
                let _ = write!(label, " + {}", self.turn);
            }
            let _ =
                write!(s, r##"<text x="{}" y="{}" fill="#222">{label}</text>"##, BAR_X + BAR_W + 5, y + 12);
        }
        // The target line.
        let _ = write!(
            s,
            r##"<line x1="{x}" y1="8" x2="{x}" y2="70" stroke="#c62828" stroke-width="2"/><text x="{x}" y="84" fill="#c62828" text-anchor="middle">target {}</text>"##,
            self.target,
            x = BAR_X + BAR_W
        );
        // The die.
        let (dx, dy, size) = (230, 22, 34);
        if self.rolling || face.is_some() {
            let _ = write!(
                s,
                r##"<rect x="{dx}" y="{dy}" width="{size}" height="{size}" rx="6" fill="#fff" stroke="#333" stroke-width="1.5"/>"##
            );
            match face {
                Some(f) => {
                    let pips: &[(i32, i32)] = match f {
                        1 => &[(1, 1)],
                        2 => &[(0, 0), (2, 2)],
                        3 => &[(0, 0), (1, 1), (2, 2)],
                        4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
                        5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
                        _ => &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
                    };
                    let colour = if f == 1 { "#c62828" } else { "#222" };
                    for &(px, py) in pips {
                        let _ = write!(
                            s,
                            r##"<circle cx="{}" cy="{}" r="3.2" fill="{colour}"/>"##,
                            dx + 7 + px * 10,
                            dy + 7 + py * 10
                        );
                    }
                    let _ = write!(
                        s,
                        r##"<text x="{}" y="{}" fill="#333" text-anchor="middle">rolled {f}</text>"##,
                        dx + size / 2,
                        dy + size + 14
                    );
                }
                None => {
                    let _ = write!(
                        s,
                        r##"<text x="{}" y="{}" fill="#333" font-size="20" text-anchor="middle">?</text><text x="{}" y="{}" fill="#333" text-anchor="middle">rolling</text>"##,
                        dx + size / 2,
                        dy + size / 2 + 7,
                        dx + size / 2,
                        dy + size + 14
                    );
                }
            }
        }
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" fill="#333" text-anchor="middle">{}</text></svg>"##,
            W / 2,
            H - 8,
            self.status()
        );
        s
    }

    /// The board as `abviz play` prints it: a bar of 20 characters per player toward the target
    /// (`#` banked, `+` the mover's turn total), and the status.
    pub fn text_board(&self) -> String {
        let mut s = format!("Pig to {} with a {}-sided die\n", self.target, self.sides);
        let width = 20usize;
        for p in [Player::Max, Player::Min] {
            let banked = usize::from(self.banked(p)).min(usize::from(self.target));
            let turn = if p == self.mover && self.winner().is_none() { usize::from(self.turn) } else { 0 };
            let full = banked * width / usize::from(self.target);
            let with_turn =
                ((banked + turn).min(usize::from(self.target)) * width / usize::from(self.target)).max(full);
            let _ = write!(
                s,
                "{} {:>3} |{}{}{}|",
                p.upper(),
                self.banked(p),
                "#".repeat(full),
                "+".repeat(with_turn - full),
                ".".repeat(width - with_turn)
            );
            if turn > 0 {
                let _ = write!(s, " + {turn} this turn");
            }
            s.push('\n');
        }
        s.push_str(&self.status());
        s
    }
}
