//! Jiu positions and moves as text: `ROWS [place|move] [w|b] [PLIES]`, and moves such as `g7`,
//! `g7-g8`, `g7xg9xi9`, `g7-g8+c3`.

use super::{Jiu, JiuMove, MAX_SIZE, MIN_SIZE, Phase};
use crate::grid::Rows;
use crate::notation::NotationError;
use crate::{Game, Player};
use abviz_core::safe_text::for_terminal;

const HELP: &str = "a Jiu position is rows of w (white), b (black) or . (empty), top row first, separated by '/', then the phase (place or move), the side to move (w or b) and, when moving, the movement moves played (and, for a position inside a search's line, 'process' and the sum of the line's process scores), e.g. '..../.wb./.bw./.... place w' or '..../.wb./.bw./.... move b 3 process +90'";

/// The largest process-score sum a position may carry (far above any line's).
const PROCESS_LIMIT: u32 = 100_000_000;

/// A word of the text after the board, with its byte span.
struct Word<'a> {
    text: &'a str,
    span: std::ops::Range<usize>,
}

fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push(Word { text: &text[s..i], span: s..i });
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn phase_word(w: &str) -> Option<Phase> {
    match w.to_ascii_lowercase().as_str() {
        "place" | "placement" | "placing" => Some(Phase::Placement),
        "move" | "movement" | "moving" => Some(Phase::Movement),
        _ => None,
    }
}

impl Jiu {
    /// Reads a position (see the module's documentation); `size`, when given, is the board's
    /// side (else the number of rows). Errors point at the cell, row or word at fault.
    pub fn parse(text: &str, size: Option<usize>) -> Result<Jiu, Box<NotationError>> {
        let err = |span: std::ops::Range<usize>, message: String, label: &str| {
            Box::new(NotationError::in_text("position", text, span, message, label).with_help(HELP))
        };
        let all = words(text);
        let phase_at = all.iter().position(|w| phase_word(w.text).is_some());
        let board_end = phase_at.map_or(text.len(), |k| all[k].span.start);
        let cell = |c: char| match c {
            'w' | 'W' => Some(1),
            'b' | 'B' => Some(2),
            '.' | '+' | '-' | '_' => Some(0),
            _ => None,
        };
        let rows = Rows::parse(&text[..board_end], cell, HELP)?;
        let n = size.unwrap_or(rows.height());
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) || !n.is_multiple_of(2) {
            return Err(rows.whole_error(
                format!(
                    "the board has {n} rows; a Jiu board is square with an even side from {MIN_SIZE} to {MAX_SIZE}"
                ),
                "board size",
            ));
        }
        let row = ".".repeat(n);
        let example = if n <= 8 { vec![row; n].join("/") } else { format!("{row}/{row}/… ({n} rows)") };
        rows.expect(n, n, &format!("a row of the {n}×{n} board"), &example)?;
        let mut g = Jiu::new(n);
        for r in 0..n {
            for c in 0..n {
                g.set(r * n + c, rows.cell(r, c));
            }
        }
        let (w, b) = (g.counts[0] as usize, g.counts[1] as usize);
        // The words after the board: phase, side, movement moves played.
        let tail = phase_at.map_or(&[][..], |k| &all[k..]);
        let phase = tail.first().and_then(|w| phase_word(w.text)).unwrap_or(Phase::Placement);
        let side = match tail.get(1) {
            None => None,
            Some(word) => Some(match word.text.to_ascii_lowercase().as_str() {
                "w" | "white" | "max" => (Player::Max, word),
                "b" | "black" | "min" => (Player::Min, word),
                _ => {
                    return Err(err(
                        word.span.clone(),
                        format!("expected the side to move, w or b, found '{}'", for_terminal(word.text)),
                        "expected w or b",
                    ));
                }
            }),
        };
        let plies = match tail.get(2) {
            None => 0,
            Some(word) if phase == Phase::Placement => {
                return Err(err(
                    word.span.clone(),
                    format!(
                        "unexpected '{}': only the movement phase counts its moves",
                        for_terminal(word.text)
                    ),
                    "nothing may follow here",
                ));
            }
            Some(word) => match word.text.parse::<u16>() {
                Ok(p) if p <= g.move_limit() => p,
                _ => {
                    return Err(err(
                        word.span.clone(),
                        format!(
                            "expected the movement moves played, a number from 0 to {} (the move limit), found '{}'",
                            g.move_limit(),
                            for_terminal(word.text)
                        ),
                        "expected a number",
                    ));
                }
            },
        };
        // A position inside a search's line says what the line's process scores add up to.
        let process = match (tail.get(3), tail.get(4)) {
            (None, _) => 0,
            (Some(word), value) if word.text.eq_ignore_ascii_case("process") => match value {
                None => {
                    return Err(err(
                        word.span.end..word.span.end,
                        "expected the process scores' sum after 'process', e.g. process +90".to_string(),
                        "a number here",
                    ));
                }
                Some(v) => match v.text.strip_prefix('+').unwrap_or(v.text).parse::<i32>() {
                    Ok(p) if p.unsigned_abs() <= PROCESS_LIMIT => p,
                    _ => {
                        return Err(err(
                            v.span.clone(),
                            format!(
                                "expected the process scores' sum, a whole number from -{PROCESS_LIMIT} to +{PROCESS_LIMIT}, found '{}'",
                                for_terminal(v.text)
                            ),
                            "expected a number",
                        ));
                    }
                },
            },
            (Some(word), _) => {
                return Err(err(
                    word.span.clone(),
                    format!(
                        "unexpected '{}' after the movement moves played (only 'process' and its sum may follow)",
                        for_terminal(word.text)
                    ),
                    "nothing else may follow here",
                ));
            }
        };
        if let Some(word) = tail.get(5) {
            return Err(err(
                word.span.clone(),
                format!("unexpected '{}' after the process scores' sum", for_terminal(word.text)),
                "nothing may follow here",
            ));
        }
        match phase {
            Phase::Placement => {
                if w + b == n * n {
                    return Err(rows.whole_error(
                        "the board is full: the last placement starts the movement phase (write 'move' and the board without its two diagonal pieces)".into(),
                        "full board",
                    ));
                }
                if w != b && w != b + 1 {
                    return Err(rows.whole_error(
                        format!(
                            "impossible counts while placing: {w} white and {b} black; White places first, so White has as many pieces as Black or one more"
                        ),
                        "impossible counts",
                    ));
                }
                let mover = if w == b { Player::Max } else { Player::Min };
                if let Some((p, word)) = side
                    && p != mover
                {
                    return Err(err(
                        word.span.clone(),
                        format!(
                            "with {w} white and {b} black pieces placed it is {} to place",
                            if mover == Player::Max { "White (w)" } else { "Black (b)" }
                        ),
                        "not this side's turn",
                    ));
                }
                g.to_move = mover;
                let [low, high] = g.diagonal();
                let name = |c: usize| g.point_name(c);
                if w + b >= 1 {
                    let first = [low, high].iter().any(|&d| g.cells[d] == 1)
                        && (w + b == 1 || [low, high].iter().any(|&d| g.cells[d] == 2));
                    if !first {
                        let bad = [low, high].into_iter().find(|&d| g.cells[d] != 1).unwrap_or(low);
                        let (r, c) = (bad / n, bad % n);
                        return Err(rows.cell_error(
                            r,
                            c,
                            format!(
                                "the first two placements go on the central square's diagonal, {} and {}: White's on one, Black's on the other",
                                name(low),
                                name(high)
                            ),
                            "expected the first pieces here",
                        ));
                    }
                }
            }
            Phase::Movement => {
                let most = n * n / 2 - 1;
                for (count, who) in [(w, "White"), (b, "Black")] {
                    if count > most {
                        return Err(rows.whole_error(
                            format!(
                                "{who} has {count} pieces; after the placement each side has at most {most} ({n}×{n}/2, one taken off the diagonal)"
                            ),
                            "too many pieces",
                        ));
                    }
                }
                if w < super::LOSS_BELOW as usize && b < super::LOSS_BELOW as usize {
                    return Err(rows.whole_error(
                        format!("both sides have fewer than 4 pieces ({w} white, {b} black): the game ended earlier"),
                        "the game was over",
                    ));
                }
                g.phase = Phase::Movement;
                g.to_move = side.map_or(Player::Min, |(p, _)| p);
                g.plies = plies;
                g.origin = plies;
                g.process = process;
                g.count_shapes();
                if g.dalian_win(g.to_move.other()) {
                    g.winner = Some(g.to_move.other());
                }
            }
        }
        Ok(g)
    }

    /// The position as rows of `w`, `b`, `.`, top row first, separated by `/`, then `place` and
    /// the side to place, or `move`, the side to move and the movement moves played.
    pub fn notation(&self) -> String {
        let n = self.size();
        let mut s = String::with_capacity(n * (n + 1) + 12);
        for r in 0..n {
            if r > 0 {
                s.push('/');
            }
            s.extend((0..n).map(|c| match self.cells[r * n + c] {
                1 => 'w',
                2 => 'b',
                _ => '.',
            }));
        }
        let side = if self.to_move == Player::Max { 'w' } else { 'b' };
        match self.phase {
            Phase::Placement => s.push_str(&format!(" place {side}")),
            Phase::Movement => s.push_str(&format!(" move {side} {}", self.plies)),
        }
        if self.process != 0 {
            s.push_str(&format!(" process {:+}", self.process));
        }
        s
    }

    /// The point named `text` (`g7`: column letter, row number from the bottom).
    pub fn read_point(&self, text: &str) -> Result<usize, String> {
        crate::grid::read_point(text, self.size(), "g7")
    }

    /// Reads a move typed by a player: `g7` (placement), `g7-g8` (a step or a flight),
    /// `g7xg9xi9` (a jump chain), each followed by `+c3` for every piece a completed square
    /// takes (in any order). A process score in brackets after the move, as labels show it, is
    /// ignored.
    pub fn read_move(&self, text: &str) -> Result<JiuMove, String> {
        let text = text.trim();
        let core = text.split('(').next().unwrap_or("").trim();
        let compact: String =
            core.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        if compact.is_empty() {
            return Err(
                "type a move: g7 (placing), g7-g8 (a step or flight), g7xg9xi9 (jumps), +c3 to take a piece"
                    .into(),
            );
        }
        let mut parts = compact.split('+');
        let main = parts.next().unwrap_or("");
        let mut removes = Vec::new();
        for r in parts {
            removes.push(self.read_point(r)?);
        }
        removes.sort_unstable();
        let jump = main.contains('x');
        let points: Vec<usize> =
            main.split(['-', 'x']).map(|p| self.read_point(p)).collect::<Result<_, _>>()?;
        if main.contains('-') && (jump || points.len() != 2) {
            return Err(format!(
                "'{}' mixes its separators: a step or flight is g7-g8, a jump chain g7xg9xi9",
                for_terminal(core)
            ));
        }
        let mut want: String =
            points.iter().map(|&p| self.point_name(p)).collect::<Vec<_>>().join(if jump { "x" } else { "-" });
        for &r in &removes {
            want.push('+');
            want.push_str(&self.point_name(r));
        }
        if self.terminal_value().is_some() {
            return Err("the game is over: there is no legal move".into());
        }
        let moves = self.legal_moves(true);
        if let Some(&mv) = moves.iter().find(|&&mv| self.plain_label(mv) == want) {
            return Ok(mv);
        }
        // Why not: the wrong phase, a missing or extra capture, or simply not a move.
        if self.phase == Phase::Placement && points.len() != 1 {
            return Err("the board is still being filled: place a piece on an empty point, like g7".into());
        }
        if self.phase == Phase::Movement && points.len() == 1 {
            return Err("the placement is over: move a piece, like g7-g8 or g7xg9".into());
        }
        let base = want.split('+').next().unwrap_or("").to_string();
        let same_base: Vec<JiuMove> = moves
            .iter()
            .copied()
            .filter(|&mv| self.plain_label(mv).split('+').next() == Some(&base))
            .collect();
        if let Some(mv) = same_base.first() {
            let take = mv.removed().count();
            return Err(if take == 0 {
                format!("{base} completes no square: it takes no piece with +")
            } else {
                format!(
                    "{base} completes {} and takes {take} piece{}: name {} with +, e.g. {}",
                    if mv.squares == 1 { "a square".to_string() } else { format!("{} squares", mv.squares) },
                    if take == 1 { "" } else { "s" },
                    if take == 1 { "it" } else { "them" },
                    self.plain_label(*mv)
                )
            });
        }
        if self.phase == Phase::Placement
            && let Some(&p) = points.first()
            && self.cells[p] != 0
        {
            return Err(format!("{} is taken", self.point_name(p)));
        }
        let mut shown: Vec<String> = Vec::new();
        for &mv in &moves {
            let label = self.plain_label(mv);
            let short = label.split('+').next().unwrap_or("").to_string();
            if !shown.contains(&short) {
                shown.push(short);
            }
        }
        let more = if shown.len() > 16 { format!(" … ({} in all)", shown.len()) } else { String::new() };
        shown.truncate(16);
        Err(format!(
            "'{}' is not a legal move here; legal moves: {}{more}",
            for_terminal(core),
            shown.join(" ")
        ))
    }
}
