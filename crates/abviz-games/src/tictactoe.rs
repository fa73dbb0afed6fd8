//! Tic-tac-toe: X is MAX and moves first; cells are numbered 0..8 row by row and tried in that
//! order. Positions are written as nine cells (`X`, `O`, `.`), optionally with `/` between rows.

use crate::registry::{Choice, GameInfo, GameOption, GameOptions, OptionKind, RegisteredGame};
use crate::{Game, Player};
use crate::{GameError as Error, Score};
use std::fmt;
use std::str::FromStr;

/// The eight lines of three, as bit masks over cells 0..8.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0b111_111_111;

/// How a tic-tac-toe position is scored where the search stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TttEval {
    /// +1 if X has won, −1 if O has won, 0 otherwise (draws and unfinished positions).
    #[default]
    Win,
    /// Nilsson's e(P): lines still open for X − lines still open for O; a won position is ±∞.
    OpenLines,
}

impl FromStr for TttEval {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "win" => Ok(TttEval::Win),
            "open-lines" | "openlines" | "e" => Ok(TttEval::OpenLines),
            _ => Err(format!("unknown tic-tac-toe evaluation '{s}': expected win or open-lines")),
        }
    }
}

impl fmt::Display for TttEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TttEval::Win => "win",
            TttEval::OpenLines => "open-lines",
        })
    }
}

/// Why a position text is not a legal tic-tac-toe position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PositionError(pub String);

/// A tic-tac-toe position (bit boards for X and O).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TicTacToe {
    x: u16,
    o: u16,
    /// Marks on the board (X moves when it is even): cheaper than counting bits each time.
    stones: u8,
    /// Whether the player who moved last has three in a row: tested once, when the move is
    /// played, and read by both `terminal_value` and `moves_into` (a function of `x`, `o` and
    /// `stones`, so equality and hashing tell positions apart as before).
    won: bool,
    eval: TttEval,
}

/// Which of the 512 sets of cells hold a line: bit `b % 64` of word `b / 64` for the set `b`.
const HAS_LINE: [u64; 8] = {
    let mut table = [0u64; 8];
    let mut bits = 0;
    while bits < 512 {
        let mut k = 0;
        while k < LINES.len() {
            if LINES[k] & !bits == 0 {
                table[bits as usize / 64] |= 1 << (bits % 64);
            }
            k += 1;
        }
        bits += 1;
    }
    table
};

/// Whether the cells `bits` (bit `i` for cell `i`, row by row) hold three in a row: one
/// lookup in a table of the 512 sets of cells.
#[inline]
pub fn has_line(bits: u16) -> bool {
    HAS_LINE[usize::from(bits & FULL) / 64] >> (bits % 64) & 1 == 1
}

impl TicTacToe {
    /// The empty board, X to move, scored with `eval`.
    pub fn new(eval: TttEval) -> Self {
        TicTacToe { x: 0, o: 0, stones: 0, won: false, eval }
    }

    /// Parses nine cells row by row (`X`/`x`, `O`/`o`/`0`, and `.`/`-`/`_` for empty), with
    /// optional `/` or spaces between rows, and checks that the position can arise in a game.
    pub fn parse(text: &str, eval: TttEval) -> Result<Self, PositionError> {
        let mut x = 0u16;
        let mut o = 0u16;
        let mut n = 0usize;
        for (i, c) in text.chars().enumerate() {
            let bit = |n: usize| -> Result<u16, PositionError> {
                if n >= 9 {
                    Err(PositionError(format!("position '{text}' has more than 9 cells (column {})", i + 1)))
                } else {
                    Ok(1 << n)
                }
            };
            match c {
                'X' | 'x' => {
                    x |= bit(n)?;
                    n += 1;
                }
                'O' | 'o' | '0' => {
                    o |= bit(n)?;
                    n += 1;
                }
                '.' | '-' | '_' => {
                    bit(n)?;
                    n += 1;
                }
                '/' | ' ' | '|' => {}
                _ => {
                    return Err(PositionError(format!(
                        "unexpected '{c}' at column {} of position '{text}': cells are X, O or . (empty), rows may be separated by /",
                        i + 1
                    )));
                }
            }
        }
        if n != 9 {
            return Err(PositionError(format!(
                "position '{text}' has {n} cells; a tic-tac-toe board has 9 (X, O or . row by row)"
            )));
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx < no || nx > no + 1 {
            return Err(PositionError(format!(
                "impossible position: X has {nx} marks and O has {no}; X moves first, so X has as many marks as O or one more"
            )));
        }
        let (xw, ow) = (has_line(x), has_line(o));
        if xw && ow {
            return Err(PositionError("impossible position: both X and O have three in a row".into()));
        }
        if xw && nx == no {
            return Err(PositionError(
                "impossible position: X has three in a row but O moved afterwards".into(),
            ));
        }
        if ow && nx > no {
            return Err(PositionError(
                "impossible position: O has three in a row but X moved afterwards".into(),
            ));
        }
        Ok(TicTacToe { x, o, stones: (nx + no) as u8, won: xw || ow, eval })
    }

    /// How this position is scored.
    pub fn eval_kind(&self) -> TttEval {
        self.eval
    }

    /// The mark in a cell: `'X'`, `'O'` or `'.'`.
    pub fn cell(&self, i: usize) -> char {
        if self.x >> i & 1 == 1 {
            'X'
        } else if self.o >> i & 1 == 1 {
            'O'
        } else {
            '.'
        }
    }

    /// The compact notation: `XO./.X./..O`.
    pub fn notation(&self) -> String {
        let mut s = String::with_capacity(11);
        for i in 0..9 {
            if i > 0 && i % 3 == 0 {
                s.push('/');
            }
            s.push(self.cell(i));
        }
        s
    }

    /// The winner, if either side has three in a row.
    #[inline]
    pub fn winner(&self) -> Option<Player> {
        // Only the player who moved last can have a line: a position where the other one had
        // made three in a row earlier is over (and `parse` refuses it).
        self.won.then(|| self.to_move().other())
    }

    /// Nilsson's e(P): lines still open for X minus lines still open for O.
    pub fn open_lines(&self) -> i32 {
        let open_x = LINES.iter().filter(|&&l| l & self.o == 0).count() as i32;
        let open_o = LINES.iter().filter(|&&l| l & self.x == 0).count() as i32;
        open_x - open_o
    }

    /// The coordinate name of a cell: columns a–c left to right, rows 1–3 top to bottom.
    pub fn cell_name(cell: u8) -> String {
        format!("{}{}", (b'a' + cell % 3) as char, cell / 3 + 1)
    }
}

impl fmt::Debug for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Game for TicTacToe {
    type Move = u8;

    #[inline]
    fn to_move(&self) -> Player {
        if self.stones.is_multiple_of(2) { Player::Max } else { Player::Min }
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
        // The empty cells, lowest first (cell order), one bit at a time.
        let mut empty = !(self.x | self.o) & FULL;
        while empty != 0 {
            out.push(empty.trailing_zeros() as u8);
            empty &= empty - 1;
        }
    }

    #[inline]
    fn play(&mut self, mv: u8) {
        let bits = match self.to_move() {
            Player::Max => &mut self.x,
            Player::Min => &mut self.o,
        };
        *bits |= 1 << mv;
        self.won = has_line(*bits);
        self.stones += 1;
    }

    #[inline]
    fn undo(&mut self, mv: u8) {
        self.x &= !(1 << mv);
        self.o &= !(1 << mv);
        self.stones -= 1;
        // Moves are only played in a position without a line (a finished game has none).
        self.won = false;
    }

    #[inline]
    fn terminal_value(&self) -> Option<Score> {
        let won = match self.winner() {
            Some(p) => Some(p),
            None if self.x | self.o == FULL => return Some(self.draw_value()),
            None => None,
        }?;
        Some(match (self.eval, won) {
            (TttEval::Win, Player::Max) => Score::from(1),
            (TttEval::Win, Player::Min) => Score::from(-1),
            (TttEval::OpenLines, Player::Max) => Score::INF,
            (TttEval::OpenLines, Player::Min) => Score::NEG_INF,
        })
    }

    fn evaluate(&self) -> Score {
        match self.eval {
            TttEval::Win => Score::from(0),
            TttEval::OpenLines => Score::from(self.open_lines()),
        }
    }

    fn label_key(&self, mv: u8) -> Option<u32> {
        Some(mv as u32)
    }

    fn move_id(&self, mv: u8) -> Option<u64> {
        Some(u64::from(mv))
    }

    fn position_key(&self) -> Option<u64> {
        Some(self.x as u64 | (self.o as u64) << 16)
    }

    fn write_move_label(&self, mv: u8, out: &mut String) {
        out.push((b'a' + mv % 3) as char);
        out.push((b'1' + mv / 3) as char);
    }

    fn notation(&self) -> Option<String> {
        Some(TicTacToe::notation(self))
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::Max => "X",
            Player::Min => "O",
        }
    }

    fn board_text(&self) -> String {
        let mut s = String::from("    a   b   c\n");
        for r in 0..3 {
            if r > 0 {
                s.push_str("   ───┼───┼───\n");
            }
            s.push_str(&format!(" {}  ", r + 1));
            for c in 0..3 {
                if c > 0 {
                    s.push_str(" │ ");
                }
                let i = r * 3 + c;
                match self.cell(i) {
                    '.' => s.push_str(&(i + 1).to_string()),
                    m => s.push(m),
                }
            }
            s.push('\n');
        }
        s
    }

    /// A cell as `b2` (column a–c, row 1–3) or as its number `1`–`9` (row by row, as on the board).
    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let t = text.trim().to_ascii_lowercase();
        let cell = match t.as_bytes() {
            [d @ b'1'..=b'9'] => d - b'1',
            [c @ b'a'..=b'c', r @ b'1'..=b'3'] => (r - b'1') * 3 + (c - b'a'),
            _ => {
                return Err(format!(
                    "'{}' is not a cell: type a cell such as b2 (column a-c, row 1-3) or its number 1-9",
                    text.trim()
                ));
            }
        };
        if self.winner().is_some() || self.x | self.o == FULL {
            return Err("the game is over".into());
        }
        if (self.x | self.o) >> cell & 1 == 1 {
            return Err(format!("{} is taken by {}", TicTacToe::cell_name(cell), self.cell(cell as usize)));
        }
        Ok(cell)
    }

    fn position_text(&self) -> String {
        let mut s = String::new();
        for r in 0..3 {
            if r > 0 {
                s.push('\n');
            }
            for c in 0..3 {
                if c > 0 {
                    s.push(' ');
                }
                s.push(self.cell(r * 3 + c));
            }
        }
        s
    }
}

impl RegisteredGame for TicTacToe {
    const INFO: GameInfo = GameInfo {
        name: "tictactoe",
        aliases: &["ttt", "noughts-and-crosses"],
        title: "tic-tac-toe",
        summary: "three in a row on a 3×3 board; X is MAX and moves first",
        notation: "9 cells row by row: X, O or . (empty); '/' may separate rows. The side to move is inferred (X moves first). Cells are a1…c3 (columns a–c, rows 1–3 from the top). Default: the empty board, searched to the end.",
        example: "X.O/.X./...",
        options: &[GameOption {
            kind: OptionKind::Eval,
            choices: &[
                Choice {
                    name: "win",
                    help: "+1 / 0 / −1 for a win for X, a draw, a win for O; 0 at the depth limit",
                },
                Choice {
                    name: "open-lines",
                    help: "Nilsson's e(P) at the depth limit: lines still open for X − lines still open for O; a won game is ±∞",
                },
            ],
            default: "win",
            number: None,
        }],
        default_depth: None,
    };

    fn build(options: &GameOptions) -> Result<TicTacToe, Error> {
        let eval = options.parse(&Self::INFO, OptionKind::Eval)?;
        match &options.position {
            Some(p) => {
                TicTacToe::parse(p, eval).map_err(|e| Error::Position { game: Self::INFO.name, message: e.0 })
            }
            None => Ok(TicTacToe::new(eval)),
        }
    }

    fn settings(&self) -> Vec<(OptionKind, String)> {
        vec![(OptionKind::Eval, self.eval.to_string())]
    }

    fn board_svg(position: &str) -> Option<String> {
        TicTacToe::parse(position, TttEval::default()).ok().map(|g| g.svg_board())
    }

    fn board_svg_after(position: &str, before: &str) -> Option<String> {
        let (now, then) = (
            TicTacToe::parse(position, TttEval::default()).ok()?,
            TicTacToe::parse(before, TttEval::default()).ok()?,
        );
        // The one cell filled since `before`.
        let added = (now.x | now.o) & !(then.x | then.o);
        let last = (added.count_ones() == 1).then(|| added.trailing_zeros() as usize);
        Some(now.svg_board_marked(last))
    }
}

impl TicTacToe {
    /// The board as a small self-contained SVG: the grid, columns a–c and rows 1–3 around it,
    /// X as a cross and O as a ring, a line through three in a row, and the side to move (or
    /// the result) underneath. The notation is the image's `<title>`.
    ///
    /// ```
    /// use abviz_games::tictactoe::{TicTacToe, TttEval};
    /// let svg = TicTacToe::parse("XO./.X./..O", TttEval::Win).unwrap().svg_board();
    /// assert!(svg.starts_with("<svg") && svg.contains("<title>XO./.X./..O</title>"));
    /// assert!(svg.contains("X to move"));
    /// ```
    pub fn svg_board(&self) -> String {
        self.svg_board_marked(None)
    }

    /// [`TicTacToe::svg_board`] with cell `last` (0–8, row by row) shaded: the last move.
    pub fn svg_board_marked(&self, last: Option<usize>) -> String {
        use std::fmt::Write;
        const CELL: i32 = 36;
        const M: i32 = 18;
        let side = 3 * CELL;
        let (w, h) = (side + 2 * M, side + 2 * M + 16);
        let mut s = String::with_capacity(1500);
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif"><title>{}</title><rect width="{w}" height="{h}" fill="#fbfbf8"/>"##,
            self.notation()
        );
        s.push_str(r##"<g stroke="#444" stroke-width="2" stroke-linecap="round">"##);
        for k in 1..3 {
            let at = M + k * CELL;
            let _ = write!(s, r#"<line x1="{at}" y1="{M}" x2="{at}" y2="{}"/>"#, M + side);
            let _ = write!(s, r#"<line x1="{M}" y1="{at}" x2="{}" y2="{at}"/>"#, M + side);
        }
        s.push_str("</g>");
        s.push_str(r##"<g fill="#777" font-size="10" text-anchor="middle">"##);
        for k in 0..3 {
            let c = M + k * CELL + CELL / 2;
            let _ = write!(s, r#"<text x="{c}" y="{}">{}</text>"#, M - 5, (b'a' + k as u8) as char);
            let _ = write!(s, r#"<text x="{}" y="{}">{}</text>"#, M / 2, c + 4, k + 1);
        }
        s.push_str("</g>");
        if let Some(i) = last.filter(|&i| i < 9) {
            let (x, y) = (M + (i as i32 % 3) * CELL, M + (i as i32 / 3) * CELL);
            let _ = write!(
                s,
                r##"<rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="#ffe0a3"><title>last move</title></rect>"##,
                x + 3,
                y + 3,
                CELL - 6,
                CELL - 6
            );
        }
        let r = CELL / 2 - 7;
        for i in 0..9 {
            let (cx, cy) = (M + (i % 3) * CELL + CELL / 2, M + (i / 3) * CELL + CELL / 2);
            match self.cell(i as usize) {
                'X' => {
                    let _ = write!(
                        s,
                        r##"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="#1565c0" stroke-width="4" stroke-linecap="round"/>"##,
                        cx - r,
                        cy - r,
                        cx + r,
                        cy + r,
                        cx + r,
                        cy - r,
                        cx - r,
                        cy + r
                    );
                }
                'O' => {
                    let _ = write!(
                        s,
                        r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#c62828" stroke-width="4"/>"##
                    );
                }
                _ => {}
            }
        }
        let winner = self.winner();
        if let Some(p) = winner {
            let bits = if p == Player::Max { self.x } else { self.o };
            if let Some(&line) = LINES.iter().find(|&&l| l & !bits == 0) {
                let cells: Vec<i32> = (0..9).filter(|i| line >> i & 1 == 1).collect();
                let at = |i: i32| (M + (i % 3) * CELL + CELL / 2, M + (i / 3) * CELL + CELL / 2);
                let (a, b) = (at(cells[0]), at(cells[2]));
                let _ = write!(
                    s,
                    r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#222" stroke-width="3" stroke-opacity="0.7" stroke-linecap="round"/>"##,
                    a.0, a.1, b.0, b.1
                );
            }
        }
        let status = match winner {
            Some(Player::Max) => "X has won",
            Some(Player::Min) => "O has won",
            None if self.x | self.o == FULL => "draw",
            None if self.to_move() == Player::Max => "X to move",
            None => "O to move",
        };
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="11" fill="#333" text-anchor="middle">{status}</text></svg>"##,
            w / 2,
            M + side + 16
        );
        s
    }

    fn draw_value(&self) -> Score {
        match self.eval {
            TttEval::Win => Score::from(0),
            TttEval::OpenLines => Score::from(self.open_lines()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three in a row by the eight lines' masks, as the table is built.
    fn has_line_by_masks(bits: u16) -> bool {
        LINES.iter().any(|&l| l & !bits == 0)
    }

    #[test]
    fn the_line_table_agrees_with_the_lines() {
        for bits in 0..512u16 {
            assert_eq!(has_line(bits), has_line_by_masks(bits), "cells {bits:09b}");
        }
    }

    /// Every position of the whole game: the winner kept by `play` is the one the board shows,
    /// and `undo` gives back the position it was played from (the flag included).
    #[test]
    fn the_kept_winner_is_the_boards_in_every_position() {
        fn walk(p: &mut TicTacToe, seen: &mut u64) {
            *seen += 1;
            let by_board = if has_line_by_masks(p.x) {
                Some(Player::Max)
            } else if has_line_by_masks(p.o) {
                Some(Player::Min)
            } else {
                None
            };
            assert_eq!(p.winner(), by_board, "{}", p.notation());
            for mv in p.moves() {
                let before = *p;
                p.play(mv);
                walk(p, seen);
                p.undo(mv);
                // Equality compares every field, the kept flag too.
                assert!(*p == before, "{} after {mv}", p.notation());
            }
        }
        let mut seen = 0;
        walk(&mut TicTacToe::new(TttEval::Win), &mut seen);
        // The positions of the game tree (FACTS.md: 549,946 nodes).
        assert_eq!(seen, 549_946);
    }

    #[test]
    fn parses_and_infers_side() {
        let p = TicTacToe::parse("X.O/.../...", TttEval::Win).unwrap();
        assert_eq!(p.to_move(), Player::Max);
        let p = TicTacToe::parse("X........", TttEval::Win).unwrap();
        assert_eq!(p.to_move(), Player::Min);
        assert_eq!(p.notation(), "X../.../...");
    }

    #[test]
    fn rejects_impossible_positions() {
        let err = |s| TicTacToe::parse(s, TttEval::Win).unwrap_err().0;
        assert!(err("OO.......").contains("X moves first"));
        assert!(err("XXX......").contains("X has 3 marks and O has 0"));
        assert!(err("XXXOOO...").contains("both"));
        assert!(err("XXXOO.O..").contains("O moved afterwards"));
        assert!(err("OOOXX.XX.").contains("X moved afterwards"));
        assert!(err("X.O").contains("3 cells"));
        assert!(err("X.O......Q").contains("unexpected 'Q'"));
        assert!(err("..........").contains("more than 9"));
    }

    #[test]
    fn open_lines_of_the_empty_board_and_centre() {
        let mut p = TicTacToe::new(TttEval::OpenLines);
        assert_eq!(p.open_lines(), 0);
        p.play(4);
        p.play(0);
        // Nilsson: X centre, O corner: 8 − 4 ... lines open for X: 8 − 3 = 5; for O: 8 − 4 = 4.
        assert_eq!(p.open_lines(), 1);
    }

    #[test]
    fn svg_board_draws_marks_and_the_winning_line() {
        let p = TicTacToe::parse("XXX/OO./...", TttEval::Win).unwrap();
        let svg = p.svg_board();
        assert_eq!(svg.matches("<path").count(), 3, "three crosses");
        assert_eq!(svg.matches("<circle").count(), 2, "two rings");
        assert!(svg.contains("X has won") && svg.contains("stroke-opacity"));
        assert!(TicTacToe::new(TttEval::Win).svg_board().contains("X to move"));
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
    }

    #[test]
    fn labels_are_coordinates() {
        let p = TicTacToe::new(TttEval::Win);
        assert_eq!(p.move_label(0), "a1");
        assert_eq!(p.move_label(4), "b2");
        assert_eq!(p.move_label(8), "c3");
        assert_eq!(TicTacToe::cell_name(5), "c2");
    }
}
