//! Jiu boards for people: the text board of `abviz play` and the SVG of pages.

use super::{Jiu, JiuMove, MoveKind, Phase, shapes};
use crate::{Game, Player};
use std::fmt::Write;

impl Jiu {
    /// The board for `abviz play`: column letters above and below, row numbers (from the
    /// bottom) on both sides, `W` white and `B` black, `+` the empty diagonal points.
    pub(super) fn text_board(&self) -> String {
        let n = self.size();
        let letters: String = (0..n).map(|c| format!(" {}", (b'a' + c as u8) as char)).collect();
        let mut s = format!("   {letters}\n");
        let diagonal = self.diagonal();
        for r in 0..n {
            let _ = write!(s, "{:>2} ", n - r);
            for c in 0..n {
                s.push(' ');
                s.push(match self.cells[r * n + c] {
                    1 => 'W',
                    2 => 'B',
                    _ if diagonal.contains(&(r * n + c)) => '+',
                    _ => '.',
                });
            }
            let _ = writeln!(s, "  {}", n - r);
        }
        let _ = writeln!(s, "   {letters}");
        s
    }

    /// Who is to move (with the phase and piece counts), or the result.
    pub(super) fn status(&self) -> String {
        let (w, b) = (self.pieces(Player::Max), self.pieces(Player::Min));
        if let Some(v) = self.terminal_value() {
            let why = if self.dalian_winner().is_some() {
                "by a double dalian"
            } else if w < super::LOSS_BELOW || b < super::LOSS_BELOW {
                "under 4 left"
            } else {
                "no move left"
            };
            return match v.raw().signum() {
                1 => format!("White has won ({why}), {w}–{b}"),
                -1 => format!("Black has won ({why}), {b}–{w}"),
                _ => format!("drawn at the move limit, {w}–{b}"),
            };
        }
        let who = if self.to_move == Player::Max { "White (MAX)" } else { "Black (MIN)" };
        match self.phase {
            Phase::Placement => format!("{who} to place · {w}–{b}"),
            Phase::Movement => {
                let fly = if self.can_fly(self.to_move) { " (may fly)" } else { "" };
                format!("{who} to move{fly} · {w}–{b} · move {}", self.plies + 1)
            }
        }
    }

    /// What the position is worth at a depth limit, and what that is made of (White's view):
    /// `static +100`, or inside a search's line `static +100 + process +90 = +190` (the static
    /// table, the process scores of the line that led here, and the sum a leaf returns). `None`
    /// for a finished game.
    pub fn value_line(&self) -> Option<String> {
        if self.terminal_value().is_some() {
            return None;
        }
        let table = super::eval::static_value(self);
        Some(if self.process == 0 {
            format!("static {table:+}")
        } else {
            format!("static {table:+} + process {:+} = {:+}", self.process, table + self.process)
        })
    }

    /// The board as SVG: the grid with the central square's diagonal, column letters above and
    /// below, row numbers on both sides, the pieces, dalian pieces ringed, and who is to move (or
    /// the result) underneath. With `last` (the position before and the move played from it) the
    /// move is marked: a placed piece ringed, a step or flight as an arrow, a jump chain as
    /// arrows through its landing points, captured pieces as dashed ghosts crossed out. The
    /// notation is the image's `<title>`.
    pub fn svg_board(&self, last: Option<(Jiu, JiuMove)>) -> String {
        let n = self.size();
        let step = match n {
            ..=4 => 56,
            5..=6 => 44,
            7..=8 => 36,
            _ => 26,
        };
        // The wood reaches past the outer lines as far as a piece does (14 at least), and the
        // coordinates stand 8 beyond it, so no corner piece hides them.
        let r = step / 2 - 2;
        let pad = (r + 3).max(14);
        let m = pad + 22;
        let side = (n - 1) * step;
        let (w, h) = (side + 2 * m, side + 2 * m + 50);
        let at = |i: usize| m + i * step;
        let xy = |cell: usize| (at(cell % n), at(cell / n));
        let mut s = String::with_capacity(8000 + 160 * n * n);
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif"><title>{}</title><defs><marker id="jiu-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#c62828"/></marker></defs><rect width="{w}" height="{h}" fill="#fbfbf8"/><rect x="{}" y="{}" width="{}" height="{}" fill="#e3c58f"/>"##,
            Jiu::notation(self),
            m - pad,
            m - pad,
            side + 2 * pad,
            side + 2 * pad
        );
        crate::grid::svg_lines_labelled(&mut s, n, m, step, "#6b4e22", pad + 8);
        // The central square's rising diagonal, where the placement starts and the movement's
        // first empty points are.
        let [low, high] = self.diagonal();
        let ((x1, y1), (x2, y2)) = (xy(low), xy(high));
        let _ = write!(
            s,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#6b4e22" stroke-width="2"/>"##
        );
        // Ghosts of the pieces the last move captured.
        if let Some((before, mv)) = &last {
            let mut taken = before.jumped(mv);
            taken.extend(mv.removed());
            for cell in taken {
                let (x, y) = xy(cell);
                let fill = if before.cells[cell] == 1 { "#fafafa" } else { "#111" };
                let _ = write!(
                    s,
                    r##"<g opacity="0.45"><circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="#c62828" stroke-dasharray="3 2"/><path d="M{},{}L{},{}M{},{}L{},{}" stroke="#c62828" stroke-width="2"/></g>"##,
                    x - r / 2,
                    y - r / 2,
                    x + r / 2,
                    y + r / 2,
                    x - r / 2,
                    y + r / 2,
                    x + r / 2,
                    y - r / 2
                );
            }
        }
        let dalian_pieces: Vec<usize> =
            [1u8, 2].iter().flat_map(|&c| shapes::dalian_list(&self.cells, n, c)).map(|d| d.piece).collect();
        for cell in 0..n * n {
            let (fill, stroke) = match self.cells[cell] {
                1 => ("#fafafa", "#333"),
                2 => ("#111", "#000"),
                _ => continue,
            };
            let (x, y) = xy(cell);
            let _ = write!(s, r##"<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{stroke}"/>"##);
            if dalian_pieces.contains(&cell) {
                let _ = write!(
                    s,
                    r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="#2e7d32" stroke-width="2" stroke-dasharray="4 2"><title>dalian</title></circle>"##,
                    r + 3
                );
            }
        }
        if let Some((before, mv)) = &last {
            let points = before.move_points(mv);
            if mv.kind == MoveKind::Place {
                let (x, y) = xy(mv.to as usize);
                let _ = write!(
                    s,
                    r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="#c62828" stroke-width="2.5"/>"##,
                    r + 2
                );
            } else {
                let (x, y) = xy(mv.from as usize);
                let _ = write!(
                    s,
                    r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="#c62828" stroke-width="2" stroke-dasharray="3 2"/>"##,
                    r - 2
                );
                let last_leg = points.len().saturating_sub(2);
                for (k, pair) in points.windows(2).enumerate() {
                    let ((x1, y1), (x2, y2)) = (xy(pair[0]), xy(pair[1]));
                    // The last leg stops short of the piece so the arrowhead sits on its rim;
                    // a chain's landing points on the way get a dot.
                    let (dx, dy) = (x2 as f64 - x1 as f64, y2 as f64 - y1 as f64);
                    let len = (dx * dx + dy * dy).sqrt().max(1.0);
                    let k = if k == last_leg {
                        (len - r as f64) / len
                    } else {
                        let _ = write!(s, r##"<circle cx="{x2}" cy="{y2}" r="4" fill="#c62828"/>"##);
                        1.0
                    };
                    let _ = write!(
                        s,
                        r##"<line x1="{x1}" y1="{y1}" x2="{:.1}" y2="{:.1}" stroke="#c62828" stroke-width="3" marker-end="url(#jiu-arrow)"{}/>"##,
                        x1 as f64 + dx * k,
                        y1 as f64 + dy * k,
                        if mv.kind == MoveKind::Fly { r##" stroke-dasharray="6 3""## } else { "" }
                    );
                }
            }
        }
        let caption = match &last {
            Some((before, mv)) => {
                format!("{} {}: {}", before.player_name(before.to_move()), mv.kind.word(), {
                    before.plain_label(*mv)
                })
            }
            None => String::new(),
        };
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="11" fill="#333" text-anchor="middle">{caption}</text><text x="{}" y="{}" font-size="11" fill="#333" text-anchor="middle">{}</text><text x="{}" y="{}" font-size="11" fill="#555" text-anchor="middle">{}</text></svg>"##,
            w / 2,
            h - 36,
            w / 2,
            h - 21,
            self.status(),
            w / 2,
            h - 6,
            self.value_line().unwrap_or_default()
        );
        s
    }
}
