//! Nim: a few heaps of objects; a move takes one or more objects from one heap. In normal play
//! whoever takes the last object wins; in the misère variant whoever takes it loses. The game
//! ends when every heap is empty, worth +1 if MAX has won and −1 if MIN has.
//!
//! - Position (`--game nim --position 3,4,5`): the heap sizes (0–255) separated by commas, up
//!   to 16 heaps, MAX to move; a trailing `min` (`3,4,4 min`) gives MIN the move. Default: 3,4,5.
//! - Moves are labelled `H:K`, "from heap H (counted from 1) take K", and searched heap by heap,
//!   fewest objects first; `abviz play` also takes `H K` or `H-K`.
//! - `--eval none` (the default) scores a position at the depth limit 0; `--eval nim-sum` scores
//!   it exactly, ±1, by Bouton's theorem: the player to move loses exactly when the XOR of the
//!   heaps (the nim-sum) is 0 — in misère play too, except when no heap has more than one
//!   object, where the player to move loses exactly when the nim-sum is 1.
//! - `--variant normal` (the default) or `misere`.
//!
//! ```
//! use abviz_games::nim::Nim;
//! use abviz_search::{Algorithm, run};
//! use abviz_trace::NoOp;
//!
//! let mut nim: Nim = "1,2,3".parse().unwrap();
//! assert_eq!(nim.nim_sum(), 0);
//! let value = run(Algorithm::AlphaBeta, &mut nim, u32::MAX, &mut NoOp).unwrap().value;
//! assert_eq!(value, (-1).into()); // MAX, to move, loses
//! ```

use super::notation::NotationError;
use super::registry::{Choice, GameInfo, GameOption, GameOptions, OptionKind, RegisteredGame};
use super::{Game, Player};
use crate::{GameError as Error, Score};
use std::fmt::{self, Write};
use std::str::FromStr;

/// The most heaps a position may have.
pub const MAX_HEAPS: usize = 16;
/// The most objects a heap may hold.
pub const MAX_HEAP: u8 = u8::MAX;

/// How a position is scored at the depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NimEval {
    /// 0: nothing is known before the end.
    #[default]
    None,
    /// Bouton's rule: +1 for the player to move if the nim-sum says they win, else −1 (exact).
    NimSum,
}

/// Who wins by taking the last object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NimVariant {
    /// Normal play: whoever takes the last object wins.
    #[default]
    Normal,
    /// Misère play: whoever takes the last object loses.
    Misere,
}

impl FromStr for NimEval {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "none" | "zero" => Ok(NimEval::None),
            "nim-sum" | "nimsum" | "bouton" => Ok(NimEval::NimSum),
            _ => Err(format!("unknown nim evaluation '{s}': expected none or nim-sum")),
        }
    }
}

impl fmt::Display for NimEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NimEval::None => "none",
            NimEval::NimSum => "nim-sum",
        })
    }
}

impl FromStr for NimVariant {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "normal" => Ok(NimVariant::Normal),
            "misere" | "misère" => Ok(NimVariant::Misere),
            _ => Err(format!("unknown nim variant '{s}': expected normal or misere")),
        }
    }
}

impl fmt::Display for NimVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NimVariant::Normal => "normal",
            NimVariant::Misere => "misere",
        })
    }
}

/// A move: take `take` objects from heap `heap` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    /// The heap, counted from 0.
    pub heap: u8,
    /// How many objects, at least 1.
    pub take: u8,
}

/// A Nim position: the heaps, who is to move, and the evaluation and variant in use.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: [u8; MAX_HEAPS],
    len: u8,
    to_move: Player,
    eval: NimEval,
    variant: NimVariant,
}

/// The position `abviz run --game nim` searches without `--position`.
pub const START: &str = "3,4,5";

impl Nim {
    /// The heaps, MAX to move, normal play, no evaluation. None if there are no heaps or more than
    /// [`MAX_HEAPS`].
    pub fn new(heaps: &[u8]) -> Option<Nim> {
        if heaps.is_empty() || heaps.len() > MAX_HEAPS {
            return None;
        }
        let mut h = [0; MAX_HEAPS];
        h[..heaps.len()].copy_from_slice(heaps);
        Some(Nim {
            heaps: h,
            len: heaps.len() as u8,
            to_move: Player::Max,
            eval: NimEval::None,
            variant: NimVariant::Normal,
        })
    }

    /// The same position scored by `eval` at the depth limit.
    pub fn with_eval(mut self, eval: NimEval) -> Nim {
        self.eval = eval;
        self
    }

    /// The same position under `variant`'s rules.
    pub fn with_variant(mut self, variant: NimVariant) -> Nim {
        self.variant = variant;
        self
    }

    /// The heap sizes.
    pub fn heaps(&self) -> &[u8] {
        &self.heaps[..self.len as usize]
    }

    /// The XOR of the heap sizes.
    pub fn nim_sum(&self) -> u8 {
        self.heaps().iter().fold(0, |x, &h| x ^ h)
    }

    /// Whether the player to move wins with best play (Bouton's theorem, misère included).
    pub fn mover_wins(&self) -> bool {
        let sum = self.nim_sum();
        match self.variant {
            NimVariant::Misere if self.heaps().iter().all(|&h| h <= 1) => sum == 0,
            _ => sum != 0,
        }
    }

    /// Reads a position: heaps separated by commas, then optionally `max` or `min` (who is to
    /// move; default MAX). Errors point at the offending character.
    pub fn parse(text: &str) -> Result<Nim, Box<NotationError>> {
        let err = |at: usize, len: usize, msg: String, label: &str| {
            Box::new(NotationError::in_text("position", text, at..at + len, msg, label))
        };
        let mut heaps = Vec::new();
        let mut to_move = Player::Max;
        let bytes = text.as_bytes();
        let mut i = 0;
        let skip_spaces = |i: &mut usize| {
            while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
                *i += 1;
            }
        };
        skip_spaces(&mut i);
        loop {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                let found = text[i..].chars().next();
                let what = found.map_or("the end".to_string(), |c| format!("'{c}'"));
                let e = err(
                    i,
                    found.map_or(0, char::len_utf8),
                    format!("expected a heap size (a whole number), found {what}"),
                    "expected a number",
                );
                return Err(Box::new(
                    e.with_help("write the heaps as numbers separated by commas, e.g. 3,4,5"),
                ));
            }
            let size: u32 = text[start..i].parse().unwrap_or(u32::MAX);
            if size > MAX_HEAP as u32 {
                return Err(err(
                    start,
                    i - start,
                    format!(
                        "heap {} has {} objects; a heap holds at most {MAX_HEAP}",
                        heaps.len() + 1,
                        &text[start..i]
                    ),
                    "too big",
                ));
            }
            if heaps.len() == MAX_HEAPS {
                return Err(err(
                    start,
                    i - start,
                    format!("more than {MAX_HEAPS} heaps"),
                    "one heap too many",
                ));
            }
            heaps.push(size as u8);
            skip_spaces(&mut i);
            if i < bytes.len() && bytes[i] == b',' {
                i += 1;
                skip_spaces(&mut i);
                continue;
            }
            break;
        }
        let rest = text[i..].trim_end();
        if !rest.is_empty() {
            to_move = match rest.to_ascii_lowercase().as_str() {
                "max" => Player::Max,
                "min" => Player::Min,
                _ => {
                    let c = rest.chars().next().unwrap_or(' ');
                    let word = if c.is_alphabetic() {
                        rest.split_whitespace().next().unwrap_or(rest)
                    } else {
                        &rest[..c.len_utf8()]
                    };
                    return Err(err(
                        i,
                        word.len(),
                        format!(
                            "unexpected '{word}' after the heaps: only max or min (who is to move) may follow them"
                        ),
                        "expected ',', max or min",
                    ));
                }
            };
        }
        let mut nim = Nim::new(&heaps).expect("1 to MAX_HEAPS heaps");
        nim.to_move = to_move;
        Ok(nim)
    }

    /// The position as `3,4,5`, followed by ` min` when MIN is to move.
    pub fn notation(&self) -> String {
        let mut s = String::new();
        for (i, h) in self.heaps().iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let _ = write!(s, "{h}");
        }
        if self.to_move == Player::Min {
            s.push_str(" min");
        }
        s
    }

    fn status(&self) -> String {
        if self.heaps().iter().all(|&h| h == 0) {
            let winner = self
                .terminal_value()
                .map_or(Player::Max, |v| if v > Score::from(0) { Player::Max } else { Player::Min });
            format!("{} has won", winner.upper())
        } else {
            format!("{} to move", self.to_move.upper())
        }
    }

    /// The heaps as a small SVG picture: one row of tokens per heap (wrapping after 15), its
    /// number on the left and its size on the right, and who is to move (or who has won)
    /// underneath. The notation is the image's `<title>`.
    pub fn svg_board(&self) -> String {
        const PER_ROW: usize = 15;
        const STEP: usize = 14;
        const LEFT: usize = 34;
        let rows: Vec<usize> = self.heaps().iter().map(|&h| (h as usize).div_ceil(PER_ROW).max(1)).collect();
        let widest = self.heaps().iter().map(|&h| (h as usize).min(PER_ROW)).max().unwrap_or(0).max(3);
        let w = LEFT + widest * STEP + 34;
        let h = 14 + rows.iter().sum::<usize>() * STEP + (rows.len() - 1) * 6 + 26;
        let mut s = String::with_capacity(600 + 90 * self.heaps().iter().map(|&h| h as usize).sum::<usize>());
        let _ = write!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="11"><title>{}</title><rect width="{w}" height="{h}" fill="#fbfbf8"/>"##,
            self.notation()
        );
        let mut y = 14;
        for (i, (&size, &lines)) in self.heaps().iter().zip(&rows).enumerate() {
            let mid = y + STEP / 2;
            let _ = write!(s, r##"<text x="8" y="{}" fill="#777">{}</text>"##, mid + 4, i + 1);
            for k in 0..size as usize {
                let (cx, cy) = (LEFT + (k % PER_ROW) * STEP + STEP / 2, y + (k / PER_ROW) * STEP + STEP / 2);
                let _ = write!(s, r##"<circle cx="{cx}" cy="{cy}" r="5" fill="#1565c0"/>"##);
            }
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" fill="#333">{size}</text>"##,
                LEFT + widest * STEP + 8,
                mid + 4
            );
            y += lines * STEP + 6;
        }
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" fill="#333" text-anchor="middle">{}</text></svg>"##,
            w / 2,
            h - 8,
            self.status()
        );
        s
    }
}

impl FromStr for Nim {
    type Err = Box<NotationError>;
    fn from_str(s: &str) -> Result<Nim, Box<NotationError>> {
        Nim::parse(s)
    }
}

impl fmt::Debug for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Game for Nim {
    type Move = NimMove;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> Vec<NimMove> {
        abviz_core::collect_moves(self)
    }

    #[inline]
    fn moves_into(&self, out: &mut abviz_core::MoveList<NimMove>) {
        for (heap, &size) in self.heaps().iter().enumerate() {
            out.extend((1..=size).map(|take| NimMove { heap: heap as u8, take }));
        }
    }

    fn play(&mut self, mv: NimMove) {
        self.heaps[mv.heap as usize] -= mv.take;
        self.to_move = self.to_move.other();
    }

    fn undo(&mut self, mv: NimMove) {
        self.heaps[mv.heap as usize] += mv.take;
        self.to_move = self.to_move.other();
    }

    fn terminal_value(&self) -> Option<Score> {
        if self.heaps().iter().any(|&h| h > 0) {
            return None;
        }
        // The player who just moved took the last object: they won in normal play.
        let winner = match self.variant {
            NimVariant::Normal => self.to_move.other(),
            NimVariant::Misere => self.to_move,
        };
        Some(winner.to_max_view(Score::from(1)))
    }

    fn evaluate(&self) -> Score {
        match self.eval {
            NimEval::None => Score::from(0),
            NimEval::NimSum => {
                let winner = if self.mover_wins() { self.to_move } else { self.to_move.other() };
                winner.to_max_view(Score::from(1))
            }
        }
    }

    fn label_key(&self, mv: NimMove) -> Option<u32> {
        Some((mv.heap as u32) << 8 | mv.take as u32)
    }

    fn position_key(&self) -> Option<u64> {
        let mut key = u64::from(self.to_move == Player::Min);
        for &h in self.heaps() {
            key = key.wrapping_mul(0x100_0000_01b3) ^ (u64::from(h) + 1);
        }
        Some(key)
    }

    fn write_move_label(&self, mv: NimMove, out: &mut String) {
        let _ = write!(out, "{}:{}", mv.heap + 1, mv.take);
    }

    fn position_text(&self) -> String {
        let mut s = String::new();
        for (i, &h) in self.heaps().iter().enumerate() {
            let _ = writeln!(s, "heap {}: {} ({h})", i + 1, "●".repeat(h as usize));
        }
        s.push_str(&self.status());
        s
    }

    fn notation(&self) -> Option<String> {
        Some(Nim::notation(self))
    }

    /// `H:K`, `H K` or `H-K`: from heap H (counted from 1) take K objects.
    fn parse_move(&self, text: &str) -> Result<NimMove, String> {
        let t = text.trim();
        let parts: Vec<&str> = t.split([':', ' ', '-']).filter(|p| !p.is_empty()).collect();
        let [heap, take] = parts[..] else {
            return Err(format!("'{t}' is not a move: type H:K to take K objects from heap H, e.g. 1:2"));
        };
        let (Ok(heap), Ok(take)) = (heap.parse::<usize>(), take.parse::<u32>()) else {
            return Err(format!("'{t}' is not a move: H and K in H:K are whole numbers, e.g. 1:2"));
        };
        if heap == 0 || heap > self.heaps().len() {
            return Err(format!("there is no heap {heap}: the heaps are 1 to {}", self.heaps().len()));
        }
        let size = self.heaps[heap - 1];
        if size == 0 {
            return Err(format!("heap {heap} is empty"));
        }
        if take == 0 || take > size as u32 {
            return Err(format!("heap {heap} holds {size}: take 1 to {size}"));
        }
        Ok(NimMove { heap: (heap - 1) as u8, take: take as u8 })
    }
}

impl RegisteredGame for Nim {
    const INFO: GameInfo = GameInfo {
        name: "nim",
        aliases: &[],
        title: "Nim",
        summary: "take one or more objects from one heap; whoever takes the last object wins (misère: loses)",
        notation: "heap sizes separated by commas (up to 16 heaps of at most 255), MAX to move; a trailing 'min' gives MIN the move. Moves are labelled H:K, from heap H take K. Default: 3,4,5.",
        example: "1,3,5,7",
        options: &[
            GameOption {
                kind: OptionKind::Eval,
                choices: &[
                    Choice { name: "none", help: "0 at the depth limit" },
                    Choice {
                        name: "nim-sum",
                        help: "Bouton's rule at the depth limit: exactly ±1 (the mover loses iff the XOR of the heaps is 0)",
                    },
                ],
                default: "none",
                number: None,
            },
            GameOption {
                kind: OptionKind::Variant,
                choices: &[
                    Choice { name: "normal", help: "whoever takes the last object wins" },
                    Choice { name: "misere", help: "whoever takes the last object loses" },
                ],
                default: "normal",
                number: None,
            },
        ],
        default_depth: None,
    };

    fn build(options: &GameOptions) -> Result<Nim, Error> {
        let eval = options.parse(&Self::INFO, OptionKind::Eval)?;
        let variant = options.parse(&Self::INFO, OptionKind::Variant)?;
        let nim = Nim::parse(options.position.as_deref().unwrap_or(START))?;
        Ok(nim.with_eval(eval).with_variant(variant))
    }

    fn settings(&self) -> Vec<(OptionKind, String)> {
        vec![(OptionKind::Eval, self.eval.to_string()), (OptionKind::Variant, self.variant.to_string())]
    }

    fn board_svg(position: &str) -> Option<String> {
        Nim::parse(position).ok().map(|n| n.svg_board())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::perft;
    use abviz_search::{Algorithm, run};
    use abviz_trace::NoOp;

    fn nim(text: &str) -> Nim {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Bouton's theorem, checked by full searches: the player to move loses exactly when the
    /// nim-sum is 0 (misère: except when every heap is 0 or 1, where it is when the nim-sum is 1).
    #[test]
    fn bouton_by_search_up_to_3_4_5() {
        for variant in [NimVariant::Normal, NimVariant::Misere] {
            for a in 0..=3u8 {
                for b in 0..=4u8 {
                    for c in 0..=5u8 {
                        let g = Nim::new(&[a, b, c]).unwrap().with_variant(variant);
                        if g.moves().is_empty() {
                            continue;
                        }
                        let ab =
                            run(Algorithm::AlphaBeta, &mut g.clone(), u32::MAX, &mut NoOp).unwrap().value;
                        let mover_wins = ab == Score::from(1);
                        assert!(ab == Score::from(1) || ab == Score::from(-1), "{g:?}: {ab}");
                        let sum = a ^ b ^ c;
                        let expected = match variant {
                            NimVariant::Misere if a <= 1 && b <= 1 && c <= 1 => sum == 0,
                            _ => sum != 0,
                        };
                        assert_eq!(mover_wins, expected, "{variant} {g:?}");
                        assert_eq!(g.mover_wins(), expected, "{variant} {g:?}");
                        // With MIN to move the same position is worth the opposite.
                        let mut h = g;
                        h.to_move = Player::Min;
                        let v = run(Algorithm::NegamaxAb, &mut h, u32::MAX, &mut NoOp).unwrap().value;
                        assert_eq!(v, -ab, "{variant} {h:?}");
                        if a + b + c <= 7 {
                            let mm =
                                run(Algorithm::Minimax, &mut g.clone(), u32::MAX, &mut NoOp).unwrap().value;
                            assert_eq!(mm, ab, "{variant} {g:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn nim_sum_eval_is_exact_at_any_depth() {
        let g = nim("3,4,5").with_eval(NimEval::NimSum);
        for depth in 0..4 {
            assert_eq!(
                run(Algorithm::AlphaBeta, &mut g.clone(), depth, &mut NoOp).unwrap().value,
                Score::from(1)
            );
        }
        assert_eq!(g.evaluate(), Score::from(1));
        assert_eq!(nim("1,2,3").with_eval(NimEval::NimSum).evaluate(), Score::from(-1));
        assert_eq!(nim("1,2,3 min").with_eval(NimEval::NimSum).evaluate(), Score::from(1));
        assert_eq!(
            nim("1,1").with_variant(NimVariant::Misere).with_eval(NimEval::NimSum).evaluate(),
            Score::from(1)
        );
        assert_eq!(nim("3,4,5").evaluate(), Score::from(0));
    }

    /// Counted by hand. One heap of n: sequences of d moves are the ways to write at most n as d
    /// positive parts, C(n, d). Heaps 1,2: 1:1, 2:1, 2:2; then 0,2 → 2 moves, 1,1 → 2, 1,0 → 1
    /// (5); then 0,1 → 1, 0,0 → 0, 0,1 → 1, 1,0 → 1, 0,0 → 0 (3); then nothing is left (0).
    #[test]
    fn perft_by_hand() {
        let counts = |text: &str, d: u32| (1..=d).map(|d| perft(&mut nim(text), d)).collect::<Vec<_>>();
        assert_eq!(counts("5", 6), [5, 10, 10, 5, 1, 0]);
        assert_eq!(counts("1,2", 4), [3, 5, 3, 0]);
        let opts = GameOptions { position: Some("1,2".into()), ..Default::default() };
        let r = crate::registry::GameId::Nim.perft(&opts, 2, true).unwrap();
        assert_eq!(r.nodes, 5);
        assert_eq!(
            r.divide.unwrap(),
            [("1:1".to_string(), 2), ("2:1".to_string(), 2), ("2:2".to_string(), 1)]
        );
    }

    #[test]
    fn notation_round_trips_and_errors_point_at_the_column() {
        assert_eq!(nim(" 3, 4 ,5 ").notation(), "3,4,5");
        assert_eq!(nim("3,4,4 MIN").notation(), "3,4,4 min");
        assert_eq!(nim("0,7").heaps(), [0, 7]);
        let err = |text: &str| Nim::parse(text).unwrap_err();
        let e = err("3,x,5");
        assert_eq!((e.column, e.label.as_str()), (3, "expected a number"));
        assert!(e.message.contains("found 'x'"), "{}", e.message);
        assert!(e.caret().contains("  1 | 3,x,5\n    |   ^ expected a number"), "{}", e.caret());
        assert_eq!(err("3,,5").column, 3);
        assert_eq!(err("3,4,").column, 5);
        assert!(err("").message.contains("found the end"));
        let e = err("3,300");
        assert_eq!(e.column, 3);
        assert!(e.message.contains("heap 2 has 300 objects"), "{}", e.message);
        assert_eq!(err(&vec!["1"; 17].join(",")).column, 33);
        let e = err("3,4 black");
        assert_eq!(e.column, 5);
        assert!(e.message.contains("unexpected 'black'"), "{}", e.message);
        assert_eq!(err("3;4").column, 2);
    }

    #[test]
    fn moves_labels_and_typed_moves() {
        let mut g = nim("1,0,2");
        let labels: Vec<String> = g.moves().iter().map(|&m| g.move_label(m)).collect();
        assert_eq!(labels, ["1:1", "3:1", "3:2"]);
        let m = g.parse_move("3 2").unwrap();
        assert_eq!(m, NimMove { heap: 2, take: 2 });
        assert_eq!(g.parse_move("3-2"), Ok(m));
        assert!(g.parse_move("2:1").unwrap_err().contains("heap 2 is empty"));
        assert!(g.parse_move("4:1").unwrap_err().contains("no heap 4"));
        assert!(g.parse_move("3:3").unwrap_err().contains("take 1 to 2"));
        assert!(g.parse_move("x").is_err());
        g.play(m);
        assert_eq!((g.notation(), g.to_move()), ("1,0,0 min".to_string(), Player::Min));
        g.play(NimMove { heap: 0, take: 1 });
        assert_eq!(g.terminal_value(), Some(Score::from(-1)), "MIN took the last object");
        assert_eq!(g.with_variant(NimVariant::Misere).terminal_value(), Some(Score::from(1)));
        assert!(g.position_text().ends_with("MIN has won"));
    }

    #[test]
    fn board_is_well_formed_svg() {
        let svg = nim("3,0,20 min").svg_board();
        assert_eq!(svg.matches("<circle").count(), 23);
        assert!(svg.contains("<title>3,0,20 min</title>") && svg.contains("MIN to move"));
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        assert!(Nim::board_svg("0,0").unwrap().contains("MIN has won"));
        assert!(Nim::board_svg("nonsense").is_none());
    }
}
