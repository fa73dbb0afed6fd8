//! Pig, the dice game (Neller & Presser's two-player rules), with a target small enough to
//! search: on your turn you roll a die as often as you like; a 1 scores nothing for the turn
//! and passes the turn, any other face adds to the turn total; `hold` banks the turn total and
//! passes the turn (not allowed before the first roll: the turn total must not be 0). The first
//! player to reach the target wins: a roll that brings the mover's banked score plus turn total
//! to the target banks it and ends the game at once (Neller & Presser's equations say the same,
//! P = 1 when i + k ≥ goal: holding there wins, so nobody would roll on).
//!
//! MAX moves first. A player's turn is a decision node (moves `roll` and `hold`); after `roll`
//! the position is a chance node ([`Game::is_chance`]) whose moves are the die's faces, each of
//! probability 1/sides, labelled `1` … `6`; a 1 gives the turn to the other player. A finished
//! game is worth ±[`WIN`] (MAX's view), and [`Game::value_bounds`] says so, so the *-minimax
//! searches need no `--bounds`.
//!
//! The game can go on for ever (both players can keep rolling 1s), so searches are depth
//! limited ([`DEFAULT_DEPTH`] plies; a roll and its die are two plies, a hold one) and score the
//! positions at the depth limit by `--eval`:
//! - `banked` (the default): the banked scores' difference as a share of the target, scaled to
//!   ±100 (`100 × (MAX's banked − MIN's banked) / target`, rounded toward zero). The turn total
//!   counts for nothing until it is held — it is still at risk — so a search prefers to hold
//!   before its horizon, and rolling must earn its keep within the depth it sees.
//! - `win`: 0 at the depth limit, so only wins (+100) and losses (−100) count; a deep search
//!   then approaches 100 × (2P − 1), P the optimal probability of winning.
//!
//! Position (`--position 7,3,2 min`): MAX's banked score, MIN's banked score and the turn total
//! of the player to move, separated by commas; then, in any order, `max` or `min` (who is to
//! move; default MAX), `rolling` (the die is in the air: a chance node) and `target=N` (the
//! score to reach, 2 to 100; default [`DEFAULT_TARGET`]). The die's sides are the `--size`
//! option (2 to 6; default 6): a 3-sided die (faces 1–3) makes trees small enough to follow by
//! hand.
//!
//! ```
//! use abviz_games::pig::Pig;
//! use abviz_games::Game;
//! let mut pig: Pig = "7,3,2 min".parse().unwrap();
//! assert_eq!(pig.to_move(), abviz_games::Player::Min);
//! let roll = pig.moves()[0];
//! pig.play(roll);
//! assert!(pig.is_chance());
//! assert_eq!(pig.notation_text(), "7,3,2 min rolling");
//! ```

use super::notation::NotationError;
use super::registry::{
    Choice, GameInfo, GameOption, GameOptions, NumberRange, OptionKind, RegisteredGame, option_names,
};
use super::{Game, Player};
use crate::{GameError as Error, Score};
use std::fmt::{self, Write};
use std::str::FromStr;

/// The target when the position does not name one: small enough that a game lasts a few turns
/// and a depth-limited search sees a good part of it, large enough that holding is a real
/// choice (a roll of a six-sided die adds 4 on average).
pub const DEFAULT_TARGET: u8 = 10;
/// The smallest target.
pub const MIN_TARGET: u8 = 2;
/// The largest target (Pig's classic target).
pub const MAX_TARGET: u8 = 100;
/// The die's sides when `--size` does not say.
pub const DEFAULT_SIDES: u8 = 6;
/// The value of a won game (MAX's view: +WIN when MAX has won, −WIN when MIN has).
pub const WIN: i32 = 100;
/// The depth limit when `--depth` is not given: three rolls ahead (about 3^6 ≈ 700 nodes with
/// a six-sided die), a tree a page can show and a computer player that holds sensibly.
pub const DEFAULT_DEPTH: u32 = 6;

/// How a position is scored at the depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PigEval {
    /// 100 × (MAX's banked − MIN's banked) / target, toward zero; the turn total counts nothing.
    #[default]
    Banked,
    /// 0: only wins and losses count.
    Win,
}

option_names!(PigEval, "unknown pig evaluation", PigEval::Banked => "banked" | "score", PigEval::Win => "win" | "none");

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Roll the die (the position becomes a chance node).
    Roll,
    /// Bank the turn total and pass the turn.
    Hold,
    /// The die shows this face (a chance node's outcome).
    Face(u8),
}

/// A move: what it does, and the turn total before it (so that it can be taken back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PigMove {
    /// What the move does.
    pub action: Action,
    /// The turn total of the position it was played in.
    pub turn: u8,
}

/// A Pig position: the banked scores, the turn total of the player to move, whether the die is
/// rolling, the target, the die and the evaluation in use.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pig {
    banked: [u8; 2],
    turn: u8,
    mover: Player,
    rolling: bool,
    target: u8,
    sides: u8,
    eval: PigEval,
}

fn side(p: Player) -> usize {
    match p {
        Player::Max => 0,
        Player::Min => 1,
    }
}

impl Pig {
    /// The start: no points, MAX to roll, a six-sided die, the given target (clamped to
    /// [`MIN_TARGET`]..=[`MAX_TARGET`]).
    pub fn new(target: u8) -> Pig {
        Pig {
            banked: [0, 0],
            turn: 0,
            mover: Player::Max,
            rolling: false,
            target: target.clamp(MIN_TARGET, MAX_TARGET),
            sides: DEFAULT_SIDES,
            eval: PigEval::Banked,
        }
    }

    /// The same position with a die of `sides` sides (2 to 6).
    pub fn with_sides(mut self, sides: u8) -> Pig {
        self.sides = sides.clamp(2, 6);
        self
    }

    /// The same position scored by `eval` at the depth limit.
    pub fn with_eval(mut self, eval: PigEval) -> Pig {
        self.eval = eval;
        self
    }

    /// `player`'s banked score.
    pub fn banked(&self, player: Player) -> u8 {
        self.banked[side(player)]
    }

    /// The turn total of the player to move.
    pub fn turn_total(&self) -> u8 {
        self.turn
    }

    /// The score to reach.
    pub fn target(&self) -> u8 {
        self.target
    }

    /// The die's sides.
    pub fn sides(&self) -> u8 {
        self.sides
    }

    /// Who has won, if the game is over.
    pub fn winner(&self) -> Option<Player> {
        [Player::Max, Player::Min].into_iter().find(|&p| self.banked(p) >= self.target)
    }

    /// Reads a position (see the module's documentation); errors point at the offending text.
    pub fn parse(text: &str) -> Result<Pig, Box<NotationError>> {
        let err = |span: std::ops::Range<usize>, msg: String, label: &str| {
            Box::new(NotationError::in_text("position", text, span, msg, label))
        };
        const NAMES: [&str; 3] = ["MAX's banked score", "MIN's banked score", "the turn total"];
        let bytes = text.as_bytes();
        let mut i = 0;
        let skip = |i: &mut usize| {
            while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
                *i += 1;
            }
        };
        let mut numbers: [(u32, std::ops::Range<usize>); 3] = std::array::from_fn(|_| (0, 0..0));
        skip(&mut i);
        for (k, name) in NAMES.iter().enumerate() {
            if k > 0 {
                skip(&mut i);
                if bytes.get(i) != Some(&b',') {
                    let found = text[i..].chars().next();
                    let what = found.map_or("the end".to_string(), |c| format!("'{c}'"));
                    return Err(Box::new(
                        err(
                            i..i + found.map_or(0, char::len_utf8),
                            format!("expected ',' and {name}, found {what}"),
                            "expected ','",
                        )
                        .with_help("write MAX's banked score, MIN's and the turn total, e.g. 7,3,2"),
                    ));
                }
                i += 1;
                skip(&mut i);
            }
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                let found = text[i..].chars().next();
                let what = found.map_or("the end".to_string(), |c| format!("'{c}'"));
                return Err(Box::new(
                    err(
                        i..i + found.map_or(0, char::len_utf8),
                        format!("expected {name} (a whole number), found {what}"),
                        "expected a number",
                    )
                    .with_help("write MAX's banked score, MIN's and the turn total, e.g. 7,3,2"),
                ));
            }
            let n = text[start..i].parse::<u32>().unwrap_or(u32::MAX);
            numbers[k] = (n, start..i);
        }
        let mut mover: Option<(Player, std::ops::Range<usize>)> = None;
        let mut rolling: Option<std::ops::Range<usize>> = None;
        let mut target: Option<(u32, std::ops::Range<usize>)> = None;
        loop {
            skip(&mut i);
            if i >= bytes.len() {
                break;
            }
            let start = i;
            while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let word = &text[start..i];
            let again = |what: &str| err(start..i, format!("{what} is given twice"), "given twice");
            match word.to_ascii_lowercase().as_str() {
                w @ ("max" | "min") => {
                    if mover.is_some() {
                        return Err(again("who is to move"));
                    }
                    mover = Some((if w == "max" { Player::Max } else { Player::Min }, start..i));
                }
                "rolling" => {
                    if rolling.is_some() {
                        return Err(again("rolling"));
                    }
                    rolling = Some(start..i);
                }
                w if w.starts_with("target=") => {
                    if target.is_some() {
                        return Err(again("the target"));
                    }
                    let digits = &word["target=".len()..];
                    let at = start + "target=".len();
                    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(err(
                            at..i,
                            format!("the target must be a whole number from {MIN_TARGET} to {MAX_TARGET}, not '{digits}'"),
                            "expected a number",
                        ));
                    }
                    let n = digits.parse::<u32>().unwrap_or(u32::MAX);
                    if !(u32::from(MIN_TARGET)..=u32::from(MAX_TARGET)).contains(&n) {
                        return Err(err(
                            at..i,
                            format!("the target must be from {MIN_TARGET} to {MAX_TARGET}, not {digits}"),
                            "out of range",
                        ));
                    }
                    target = Some((n, at..i));
                }
                _ => {
                    return Err(Box::new(
                        err(
                            start..i,
                            format!(
                                "unexpected '{word}' after the scores: only max or min (who is to move), rolling (the die is in the air) and target=N may follow them"
                            ),
                            "expected max, min, rolling or target=N",
                        )
                        .with_help("e.g. 7,3,2 min rolling target=20"),
                    ));
                }
            }
        }
        let target = target.map_or(DEFAULT_TARGET, |(n, _)| n as u8);
        let [(a, a_at), (b, b_at), (t, t_at)] = numbers;
        for (n, at, name) in [(a, &a_at, NAMES[0]), (b, &b_at, NAMES[1])] {
            if n > u32::from(target) + 5 {
                return Err(err(
                    at.clone(),
                    format!("{name} is {n}, but the game ends when a player reaches the target {target}"),
                    "too big",
                ));
            }
        }
        if t > u32::from(target) {
            return Err(err(
                t_at,
                format!("the turn total is {t}, more than the target {target}"),
                "too big",
            ));
        }
        let mover = mover.map(|(p, _)| p).unwrap_or(Player::Max);
        let pig = Pig {
            banked: [a as u8, b as u8],
            turn: t as u8,
            mover,
            rolling: rolling.is_some(),
            target,
            sides: DEFAULT_SIDES,
            eval: PigEval::Banked,
        };
        let tgt = u32::from(target);
        match (a >= tgt, b >= tgt) {
            (true, true) => {
                return Err(err(
                    b_at,
                    format!("both players have reached the target {target}: only one can win"),
                    "both reached the target",
                ));
            }
            (true, false) | (false, true) => {
                if t > 0 || rolling.is_some() {
                    let at = rolling.clone().filter(|_| t == 0).unwrap_or(t_at);
                    let winner = if a >= tgt { "MAX" } else { "MIN" };
                    return Err(err(
                        at,
                        format!(
                            "{winner} has reached the target {target} and won: a finished game has a turn total of 0 and no die rolling"
                        ),
                        "the game is over",
                    ));
                }
            }
            (false, false) => {
                let own = u32::from(pig.banked(mover));
                if own + t >= tgt {
                    return Err(Box::new(err(
                        t_at,
                        format!(
                            "{} has {own} banked and a turn total of {t}, which reach the target {target}: the roll that made it would have won the game",
                            mover.upper()
                        ),
                        "reaches the target",
                    )
                    .with_help(format!("a turn total below {} for {}", tgt - own, mover.upper()))));
                }
                if t == 1 {
                    return Err(err(
                        t_at,
                        "a turn total of 1 cannot happen: a 1 ends the turn and scores nothing".to_string(),
                        "cannot happen",
                    ));
                }
            }
        }
        Ok(pig)
    }

    /// The position in its notation: `7,3,2`, then ` min` when MIN is to move, ` rolling` at a
    /// chance node and ` target=N` unless the target is [`DEFAULT_TARGET`].
    pub fn notation_text(&self) -> String {
        let mut s = format!("{},{},{}", self.banked[0], self.banked[1], self.turn);
        if self.mover == Player::Min {
            s.push_str(" min");
        }
        if self.rolling {
            s.push_str(" rolling");
        }
        if self.target != DEFAULT_TARGET {
            let _ = write!(s, " target={}", self.target);
        }
        s
    }

    /// One line: who is to move and what they may do, or who has won.
    fn status(&self) -> String {
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
    fn face_since(&self, before: &Pig) -> Option<u8> {
        if !before.rolling || self.rolling {
            return None;
        }
        let m = before.mover;
        if self.mover != m {
            return Some(1);
        }
        let gained = self.banked(m).checked_sub(before.banked(m))?;
        let face = if gained > 0 { gained.checked_sub(before.turn)? } else { self.turn.checked_sub(before.turn)? };
        (2..=6).contains(&face).then_some(face)
    }

    /// The position as a small SVG picture: each player's banked score as a bar toward the
    /// target (the mover's turn total as a hatched piece after it), the die — its face after a
    /// roll (`face`), a question mark while it rolls — and the status underneath. The notation
    /// is the image's `<title>`.
    pub fn svg_board(&self, face: Option<u8>) -> String {
        const W: i32 = 252;
        const H: i32 = 112;
        const BAR_X: i32 = 44;
        const BAR_W: i32 = 120;
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
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" fill="#222">{label}</text>"##,
                BAR_X + BAR_W + 5,
                y + 12
            );
        }
        // The target line.
        let _ = write!(
            s,
            r##"<line x1="{x}" y1="8" x2="{x}" y2="70" stroke="#c62828" stroke-width="2"/><text x="{x}" y="84" fill="#c62828" text-anchor="middle">target {}</text>"##,
            self.target,
            x = BAR_X + BAR_W
        );
        // The die.
        let (dx, dy, size) = (210, 22, 34);
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
}

/// The die face `f` (1 to 6) as its Unicode glyph, ⚀ to ⚅: a chance edge's label. Not a digit,
/// so that the names of nodes, made of the moves down to them, read `roll ⚃ hold`.
pub fn face_glyph(f: u8) -> char {
    char::from_u32(0x2680 + u32::from(f.clamp(1, 6)) - 1).unwrap_or('?')
}

impl FromStr for Pig {
    type Err = Box<NotationError>;
    fn from_str(s: &str) -> Result<Pig, Box<NotationError>> {
        Pig::parse(s)
    }
}

impl fmt::Debug for Pig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (d{})", self.notation_text(), self.sides)
    }
}

impl Game for Pig {
    type Move = PigMove;

    fn to_move(&self) -> Player {
        self.mover
    }

    fn moves(&self) -> Vec<PigMove> {
        abviz_core::collect_moves(self)
    }

    fn moves_into(&self, out: &mut abviz_core::MoveList<PigMove>) {
        if self.winner().is_some() {
            return;
        }
        let turn = self.turn;
        if self.rolling {
            out.extend((1..=self.sides).map(|f| PigMove { action: Action::Face(f), turn }));
        } else {
            out.push(PigMove { action: Action::Roll, turn });
            if turn > 0 {
                out.push(PigMove { action: Action::Hold, turn });
            }
        }
    }

    fn play(&mut self, mv: PigMove) {
        let m = side(self.mover);
        match mv.action {
            Action::Roll => self.rolling = true,
            Action::Hold => {
                self.banked[m] += self.turn;
                self.turn = 0;
                self.mover = self.mover.other();
            }
            Action::Face(1) => {
                self.rolling = false;
                self.turn = 0;
                self.mover = self.mover.other();
            }
            Action::Face(f) => {
                self.rolling = false;
                if u32::from(self.banked[m]) + u32::from(self.turn) + u32::from(f) >= u32::from(self.target) {
                    self.banked[m] += self.turn + f;
                    self.turn = 0;
                } else {
                    self.turn += f;
                }
            }
        }
    }

    fn undo(&mut self, mv: PigMove) {
        match mv.action {
            Action::Roll => self.rolling = false,
            Action::Hold => {
                self.mover = self.mover.other();
                self.banked[side(self.mover)] -= mv.turn;
                self.turn = mv.turn;
            }
            Action::Face(1) => {
                self.mover = self.mover.other();
                self.turn = mv.turn;
                self.rolling = true;
            }
            Action::Face(f) => {
                let m = side(self.mover);
                if self.banked[m] >= self.target {
                    self.banked[m] -= mv.turn + f;
                }
                self.turn = mv.turn;
                self.rolling = true;
            }
        }
    }

    fn terminal_value(&self) -> Option<Score> {
        self.winner().map(|w| w.to_max_view(Score::from(WIN)))
    }

    fn evaluate(&self) -> Score {
        match self.eval {
            PigEval::Win => Score::from(0),
            PigEval::Banked => {
                let diff = i32::from(self.banked[0]) - i32::from(self.banked[1]);
                Score::from((100 * diff / i32::from(self.target)).clamp(-(WIN - 1), WIN - 1))
            }
        }
    }

    fn label_key(&self, mv: PigMove) -> Option<u32> {
        Some(match mv.action {
            Action::Roll => 0,
            Action::Hold => 1,
            Action::Face(f) => 1 + u32::from(f),
        })
    }

    fn move_id(&self, mv: PigMove) -> Option<u64> {
        self.label_key(mv).map(u64::from)
    }

    fn position_key(&self) -> Option<u64> {
        let fields = [
            self.banked[0],
            self.banked[1],
            self.turn,
            u8::from(self.mover == Player::Min),
            u8::from(self.rolling),
            self.target,
            self.sides,
        ];
        Some(fields.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)))
    }

    fn write_move_label(&self, mv: PigMove, out: &mut String) {
        match mv.action {
            Action::Roll => out.push_str("roll"),
            Action::Hold => out.push_str("hold"),
            Action::Face(f) => out.push(face_glyph(f)),
        }
    }

    fn position_text(&self) -> String {
        format!(
            "MAX {} · MIN {} (target {}, d{})\n{}",
            self.banked[0],
            self.banked[1],
            self.target,
            self.sides,
            self.status()
        )
    }

    fn notation(&self) -> Option<String> {
        Some(self.notation_text())
    }

    fn board_text(&self) -> String {
        let mut s = format!("Pig to {} with a {}-sided die\n", self.target, self.sides);
        let width = 20usize;
        for p in [Player::Max, Player::Min] {
            let banked = usize::from(self.banked(p)).min(usize::from(self.target));
            let turn = if p == self.mover && self.winner().is_none() { usize::from(self.turn) } else { 0 };
            let full = banked * width / usize::from(self.target);
            let with_turn = ((banked + turn).min(usize::from(self.target)) * width / usize::from(self.target)).max(full);
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

    /// `roll` (or `r`) and `hold` (and a face, `1` to `6`, at a chance node). No `h`: `abviz
    /// play` reads it as help.
    fn parse_move(&self, text: &str) -> Result<PigMove, String> {
        let t = text.trim().to_ascii_lowercase();
        let want = match t.as_str() {
            "r" | "roll" => Some(Action::Roll),
            "hold" => Some(Action::Hold),
            _ => None,
        };
        let moves = self.moves();
        if let Some(a) = want {
            if let Some(&mv) = moves.iter().find(|m| m.action == a) {
                return Ok(mv);
            }
            if a == Action::Hold && !self.rolling && self.winner().is_none() {
                return Err("you cannot hold before you have rolled: your turn total is 0".into());
            }
        }
        if let Some(&mv) = moves.iter().find(|&&m| {
            let label = self.move_label(m);
            label == t || matches!(m.action, Action::Face(f) if t == f.to_string())
        }) {
            return Ok(mv);
        }
        Err(if moves.is_empty() {
            "the game is over".to_string()
        } else if self.rolling {
            format!("'{}' is not a face of the die: the die is rolling", text.trim())
        } else {
            format!("'{}' is not a move: type roll (or r) or hold", text.trim())
        })
    }

    fn is_chance(&self) -> bool {
        self.rolling && self.winner().is_none()
    }

    fn has_chance(&self) -> bool {
        true
    }

    fn value_bounds(&self) -> Option<(Score, Score)> {
        Some((Score::from(-WIN), Score::from(WIN)))
    }
}

impl RegisteredGame for Pig {
    const INFO: GameInfo = GameInfo {
        name: "pig",
        aliases: &["dice", "pig-dice"],
        title: "Pig",
        summary: "roll a die as long as you dare: a 1 loses the turn's points, hold banks them; first to the target wins (chance nodes: expectimax, star1, star2)",
        notation: "MAX's banked score, MIN's and the mover's turn total, comma-separated; then any of max/min (who is to move, default MAX), rolling (the die is in the air: a chance node) and target=N (2 to 100, default 10). Moves are roll and hold; a die's outcomes are its faces ⚀ to ⚅. Default: 0,0,0.",
        example: "7,3,2 min",
        options: &[
            GameOption {
                kind: OptionKind::Eval,
                choices: &[
                    Choice {
                        name: "banked",
                        help: "100 × (MAX's banked − MIN's banked) / target at the depth limit; the turn total, still at risk, counts nothing",
                    },
                    Choice { name: "win", help: "0 at the depth limit: only wins (+100) and losses (−100) count" },
                ],
                default: "banked",
                number: None,
            },
            GameOption {
                kind: OptionKind::Size,
                choices: &[],
                default: "6",
                number: Some(NumberRange { min: 2, max: 6, help: "the sides of the die" }),
            },
        ],
        default_depth: Some(DEFAULT_DEPTH),
    };

    fn build(options: &GameOptions) -> Result<Pig, Error> {
        let eval = options.parse(&Self::INFO, OptionKind::Eval)?;
        let sides = options.number(&Self::INFO, OptionKind::Size)? as u8;
        let pig = Pig::parse(options.position.as_deref().unwrap_or("0,0,0"))?;
        Ok(pig.with_sides(sides).with_eval(eval))
    }

    fn settings(&self) -> Vec<(OptionKind, String)> {
        vec![(OptionKind::Eval, self.eval.to_string()), (OptionKind::Size, self.sides.to_string())]
    }

    fn board_svg(position: &str) -> Option<String> {
        Pig::parse(position).ok().map(|p| p.svg_board(None))
    }

    fn board_svg_after(position: &str, before: &str) -> Option<String> {
        let (now, then) = (Pig::parse(position).ok()?, Pig::parse(before).ok()?);
        Some(now.svg_board(now.face_since(&then)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abviz_search::{Algorithm, run};
    use abviz_trace::NoOp;

    fn pig(text: &str) -> Pig {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn value(algo: Algorithm, g: &Pig, depth: u32) -> Score {
        run(algo, &mut g.clone(), depth, &mut NoOp).unwrap().value
    }

    #[test]
    fn notation_round_trips() {
        for text in ["0,0,0", "7,3,2 min", "7,3,0 rolling", "0,9,4 min rolling target=20", "12,3,0 target=12", "10,4,0"] {
            assert_eq!(pig(text).notation_text(), text);
        }
        assert_eq!(pig(" 7 , 3,2   MIN  ").notation_text(), "7,3,2 min");
        assert_eq!(pig("7,3,2 rolling min target=10").notation_text(), "7,3,2 min rolling");
        assert_eq!(pig("1,2,0 max").notation_text(), "1,2,0");
        let g = pig("9,8,0 min target=30");
        assert_eq!((g.banked(Player::Max), g.banked(Player::Min), g.turn_total(), g.target()), (9, 8, 0, 30));
        assert_eq!(g.to_move(), Player::Min);
    }

    #[test]
    fn bad_positions_say_what_and_where() {
        let err = |text: &str| Pig::parse(text).unwrap_err();
        let e = err("7,x,2");
        assert_eq!((e.column, e.label.as_str()), (3, "expected a number"));
        assert!(e.message.contains("expected MIN's banked score (a whole number), found 'x'"), "{}", e.message);
        assert!(e.caret().contains("  1 | 7,x,2\n    |   ^ expected a number"), "{}", e.caret());
        let e = err("7,3");
        assert_eq!(e.column, 4);
        assert!(e.message.contains("expected ',' and the turn total, found the end"), "{}", e.message);
        let e = err("7,3,2 black");
        assert_eq!(e.column, 7);
        assert!(e.message.contains("unexpected 'black'"), "{}", e.message);
        let e = err("7,3,2 min min");
        assert_eq!((e.column, e.message.as_str()), (11, "who is to move is given twice"));
        let e = err("0,0,0 target=1");
        assert_eq!(e.column, 14);
        assert!(e.message.contains("from 2 to 100, not 1"), "{}", e.message);
        assert!(err("0,0,0 target=x").message.contains("whole number"));
        let e = err("8,3,2");
        assert_eq!(e.column, 5);
        assert!(e.message.contains("MAX has 8 banked and a turn total of 2, which reach the target 10"), "{}", e.message);
        assert!(err("3,8,2 min").message.contains("MIN has 8 banked"));
        assert!(pig("3,8,2").turn_total() == 2, "MAX's turn total: MIN's score does not matter");
        let e = err("10,10,0");
        assert_eq!(e.column, 4);
        assert!(e.message.contains("only one can win"), "{}", e.message);
        assert!(err("12,3,2").message.contains("MAX has reached the target 10 and won"));
        assert_eq!(err("12,3,0 rolling").column, 8);
        assert!(err("3,40,0").message.contains("MIN's banked score is 40"));
        assert!(err("0,0,1").message.contains("a turn total of 1 cannot happen"));
        assert!(err("").message.contains("found the end"));
        // Registered: the error reaches the command line as a notation error, with its caret.
        let opts = GameOptions { position: Some("7,3,x".into()), ..Default::default() };
        assert!(matches!(Pig::build(&opts), Err(Error::Notation(_))));
        let opts = GameOptions { size: Some("7".into()), ..Default::default() };
        assert!(Pig::build(&opts).unwrap_err().to_string().contains("from 2 to 6 for pig (the sides of the die)"));
    }

    /// Every move taken back restores the position, at every node of a few plies from several
    /// positions (wins, 1s and holds included).
    #[test]
    fn play_and_undo_are_inverse() {
        fn walk(g: &mut Pig, depth: u32, seen: &mut usize) {
            *seen += 1;
            if depth == 0 {
                return;
            }
            for mv in g.moves() {
                let before = *g;
                g.play(mv);
                assert!(g.winner().is_some() || Pig::parse(&g.notation_text()).is_ok(), "{before:?} {mv:?} → {g:?}");
                walk(g, depth - 1, seen);
                g.undo(mv);
                assert_eq!(*g, before, "{mv:?}");
            }
        }
        for text in ["0,0,0", "7,3,2 min", "8,8,0", "5,9,0 min rolling", "0,0,0 target=3"] {
            let mut seen = 0;
            walk(&mut pig(text), 6, &mut seen);
            assert!(seen > 10, "{text}: {seen}");
        }
    }

    #[test]
    fn rules() {
        let mut g = pig("8,5,0");
        assert_eq!(g.moves().len(), 1, "no hold on a turn total of 0");
        assert!(!g.is_chance());
        g.play(g.moves()[0]);
        assert!(g.is_chance());
        let faces: Vec<String> = g.moves().iter().map(|&m| g.move_label(m)).collect();
        assert_eq!(faces, ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"]);
        assert_eq!(g.parse_move("4"), Ok(g.moves()[3]));
        assert_eq!(g.parse_move("⚃"), Ok(g.moves()[3]));
        assert_eq!(g.chance_probability(g.moves()[3], 6), abviz_core::Probability::uniform(6));
        let mut one = g;
        one.play(g.moves()[0]);
        assert_eq!(one.notation_text(), "8,5,0 min", "a 1 passes the turn");
        let mut two = g;
        two.play(g.moves()[1]);
        assert_eq!((two.notation_text(), two.terminal_value()), ("10,5,0".to_string(), Some(Score::from(WIN))));
        assert!(two.moves().is_empty());
        let mut g = pig("3,5,4 min");
        let hold = g.parse_move("HOLD").unwrap();
        g.play(hold);
        assert_eq!(g.notation_text(), "3,9,0", "MIN banked 4, MAX to move");
        assert!(g.parse_move("hold").unwrap_err().contains("cannot hold before you have rolled"));
        assert_eq!(g.parse_move("R").unwrap().action, Action::Roll);
        assert!(g.parse_move("jump").unwrap_err().contains("type roll (or r) or hold"));
        let d3 = pig("0,0,0 rolling").with_sides(3);
        assert_eq!(d3.moves().len(), 3);
        assert_eq!(pig("6,2,3").evaluate(), Score::from(40), "the turn total counts nothing");
        assert_eq!(pig("2,9,0 target=30").evaluate(), Score::from(-23), "toward zero");
        assert_eq!(pig("6,2,3").with_eval(PigEval::Win).evaluate(), Score::from(0));
        assert_eq!(pig("0,0,0").value_bounds(), Some((Score::from(-WIN), Score::from(WIN))));
    }

    /// Hand computed, target 2 with a two-sided die (faces 1 and 2), `--eval win`. The mover
    /// must roll: a 2 wins (+100), a 1 gives the opponent the same position. So V(d) = ½ · 100
    /// + ½ · (−V(d − 2)) for d ≥ 2, V(0) = V(1) = 0 (a roll's die is the second ply): V(2) = 50,
    /// V(4) = 50 − 25 = 25, V(6) = 50 − 12.5 = 37.5, V(8) = 50 − 18.75 = 31.25, tending to
    /// 100/3 (the first roller wins with probability ½ / (1 − ¼) = 2/3, and 100 × (2 × 2/3 − 1)
    /// = 100/3).
    #[test]
    fn hand_computed_expectimax_values() {
        let g = pig("0,0,0 target=2").with_sides(2).with_eval(PigEval::Win);
        let expect = [(0, "0"), (1, "0"), (2, "50"), (3, "50"), (4, "25"), (5, "25"), (6, "37.5"), (8, "31.25")];
        for (depth, v) in expect {
            assert_eq!(value(Algorithm::Expectimax, &g, depth).to_string(), v, "depth {depth}");
        }
        let mut min = g;
        min.mover = Player::Min;
        assert_eq!(value(Algorithm::Expectimax, &min, 6).to_string(), "-37.5");
        // Target 3, d2, MAX has a turn total of 2. Depth 2: hold reaches MIN's forced roll, whose
        // die is at the horizon: `banked` scores 100 × 2 / 3 = 66.67 → 66; rolling is worth
        // ½ · 100 (a 2 wins) + ½ · 0 (a 1: 0,0,0 min, banked 0 apiece) = 50. So hold, 66.
        let g = pig("0,0,2 target=3").with_sides(2);
        let out = run(Algorithm::Expectimax, &mut g.clone(), 2, &mut NoOp).unwrap();
        assert_eq!((out.value, g.move_label(out.pv[0].0)), (Score::from(66), "hold".to_string()));
        // With `win`, holding is worth 0 at the horizon and rolling still 50: roll.
        let g = g.with_eval(PigEval::Win);
        let out = run(Algorithm::Expectimax, &mut g.clone(), 2, &mut NoOp).unwrap();
        assert_eq!((out.value, g.move_label(out.pv[0].0)), (Score::from(50), "roll".to_string()));
        // A six-sided die, target 2: five faces of six win at once: 500/6 = 83.33….
        let g = pig("0,0,0 target=2").with_eval(PigEval::Win);
        let v = value(Algorithm::Expectimax, &g, 2);
        assert!(v.is_rounded() && (v.to_f64() - 250.0 / 3.0).abs() < 0.006, "{v}");
    }

    /// Star1 and Star2 return exactly expectimax's value on every position of a small Pig (the
    /// game's own bounds ±100, no `--bounds`), never visiting more nodes.
    #[test]
    fn star1_and_star2_equal_expectimax() {
        let mut checked = 0;
        for sides in [3u8, 6] {
            for eval in [PigEval::Banked, PigEval::Win] {
                for a in 0..5u8 {
                    for b in 0..5u8 {
                        for t in (0..5u8).filter(|&t| t != 1) {
                            for (mover, rolling) in [(Player::Max, false), (Player::Min, true)] {
                                let text = format!("{a},{b},{t} {} {}target=5", mover.upper(), if rolling { "rolling " } else { "" });
                                let Ok(g) = Pig::parse(&text) else { continue };
                                let g = g.with_sides(sides).with_eval(eval);
                                for depth in 1..=5 {
                                    let count = |algo| {
                                        let t = abviz_search::trace(algo, &g, depth).unwrap();
                                        (t.result().value, t.stats().nodes_distinct)
                                    };
                                    let (e, en) = count(Algorithm::Expectimax);
                                    for algo in [Algorithm::Star1, Algorithm::Star2] {
                                        let (v, n) = count(algo);
                                        assert_eq!(v, e, "{algo:?} {g:?} depth {depth}");
                                        assert!(n <= en, "{algo:?} {g:?} depth {depth}: {n} > {en}");
                                    }
                                    checked += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    /// The pure-skill searches refuse Pig: it has chance nodes.
    #[test]
    fn minimax_refuses_chance() {
        let stop = run(Algorithm::AlphaBeta, &mut pig("0,0,0"), 4, &mut NoOp).unwrap_err();
        assert!(matches!(stop, abviz_trace::Stop::ChanceNodes { .. }), "{stop:?}");
    }

    /// An oracle that shares nothing with the searches: Neller & Presser's equations for the
    /// probability P(i, j, k) that the player to move, with i banked, the opponent j and a turn
    /// total k, wins with optimal play, solved by value iteration:
    /// P(i, j, k) = max(P_roll, P_hold) with P_roll = (1/s)(1 − P(j, i, 0)) + Σ_{f=2..s}
    /// (1/s) P(i, j, k + f) (1 where i + k + f ≥ goal), P_hold = 1 − P(j, i + k, 0) (k > 0).
    fn neller_presser(goal: usize, sides: usize) -> Vec<f64> {
        let at = |i: usize, j: usize, k: usize| (i * goal + j) * goal + k;
        let mut p = vec![0.0f64; goal * goal * goal];
        loop {
            let mut change = 0.0f64;
            for i in 0..goal {
                for j in 0..goal {
                    for k in 0..goal - i {
                        let mut roll = (1.0 - p[at(j, i, 0)]) / sides as f64;
                        for f in 2..=sides {
                            roll += if i + k + f >= goal { 1.0 } else { p[at(i, j, k + f)] } / sides as f64;
                        }
                        let hold = if k > 0 { 1.0 - p[at(j, i + k, 0)] } else { 0.0 };
                        let v = roll.max(hold);
                        change = change.max((v - p[at(i, j, k)]).abs());
                        p[at(i, j, k)] = v;
                    }
                }
            }
            if change < 1e-13 {
                return p;
            }
        }
    }

    /// The same values by a depth-limited dynamic programme over the positions, ply by ply (a
    /// roll and its die are two plies, a hold one; 0 at the depth limit, ±100 at a win), in the
    /// mover's view: what expectimax with `--eval win` must return, computed without a tree.
    fn horizon_values(goal: usize, sides: usize, depth: u32) -> Vec<[f64; 2]> {
        let at = |i: usize, j: usize, k: usize| (i * goal + j) * goal + k;
        // [decision, die rolling] for each (i, j, k), the mover's view.
        let mut v = vec![[0.0f64; 2]; goal * goal * goal];
        for _ in 0..depth {
            let mut next = v.clone();
            for i in 0..goal {
                for j in 0..goal {
                    for k in 0..goal - i {
                        let mut die = -v[at(j, i, 0)][0] / sides as f64;
                        for f in 2..=sides {
                            die += if i + k + f >= goal { 100.0 } else { v[at(i, j, k + f)][0] } / sides as f64;
                        }
                        let roll = v[at(i, j, k)][1];
                        let hold = if k > 0 { -v[at(j, i + k, 0)][0] } else { f64::NEG_INFINITY };
                        next[at(i, j, k)] = [roll.max(hold), die];
                    }
                }
            }
            v = next;
        }
        v
    }

    #[test]
    fn expectimax_agrees_with_an_independent_oracle() {
        for (goal, sides) in [(4usize, 3usize), (5, 6), (6, 2)] {
            let at = |i: usize, j: usize, k: usize| (i * goal + j) * goal + k;
            let optimal = neller_presser(goal, sides);
            // The depth-limited programme tends to 100 × (2P − 1) as the depth grows.
            let deep = horizon_values(goal, sides, 400);
            for i in 0..goal {
                for j in 0..goal {
                    for k in (0..goal - i).filter(|&k| k != 1) {
                        let want = 100.0 * (2.0 * optimal[at(i, j, k)] - 1.0);
                        assert!((deep[at(i, j, k)][0] - want).abs() < 1e-6, "{goal} d{sides} {i},{j},{k}");
                    }
                }
            }
            // Expectimax equals the programme at every depth up to 8, on every position…
            for depth in 0..=8 {
                let dp = horizon_values(goal, sides, depth);
                for i in 0..goal {
                    for j in 0..goal {
                        for k in (0..goal - i).filter(|&k| k != 1) {
                            for (mover, rolling) in [(Player::Max, false), (Player::Max, true), (Player::Min, false)] {
                                // The mover's (i, j): MAX's banked score first in the notation.
                                let (a, b) = if mover == Player::Max { (i, j) } else { (j, i) };
                                let text = format!(
                                    "{a},{b},{k} {}{} target={goal}",
                                    mover.upper(),
                                    if rolling { " rolling" } else { "" }
                                );
                                let g = pig(&text).with_sides(sides as u8).with_eval(PigEval::Win);
                                let v = value(Algorithm::Expectimax, &g, depth).to_f64();
                                let want = dp[at(i, j, k)][usize::from(rolling)];
                                let want = if mover == Player::Max { want } else { -want };
                                assert!((v - want).abs() < 0.006, "{text} d{sides} depth {depth}: {v} vs {want}");
                            }
                        }
                    }
                }
            }
            // …and a deep expectimax from the start comes close to the optimal win probability,
            // choosing the optimal policy's move.
            let start = pig(&format!("0,0,0 target={goal}")).with_sides(sides as u8).with_eval(PigEval::Win);
            let v = value(Algorithm::Expectimax, &start, 14).to_f64();
            let want = 100.0 * (2.0 * optimal[at(0, 0, 0)] - 1.0);
            assert!((v - want).abs() < 3.0, "goal {goal} d{sides}: {v} vs {want}");
        }
        // Where the optimal policy's choice is clear, a deep expectimax makes it too.
        let (goal, sides) = (5usize, 6usize);
        let at = |i: usize, j: usize, k: usize| (i * goal + j) * goal + k;
        let p = neller_presser(goal, sides);
        let mut compared = 0;
        for i in 0..goal {
            for j in 0..goal {
                for k in (2..goal - i).filter(|&k| i + k < goal) {
                    let mut roll = (1.0 - p[at(j, i, 0)]) / 6.0;
                    for f in 2..=6 {
                        roll += if i + k + f >= goal { 1.0 } else { p[at(i, j, k + f)] } / 6.0;
                    }
                    let hold = 1.0 - p[at(j, i + k, 0)];
                    if (roll - hold).abs() < 0.02 {
                        continue;
                    }
                    let g = pig(&format!("{i},{j},{k} target={goal}")).with_eval(PigEval::Win);
                    let out = run(Algorithm::Expectimax, &mut g.clone(), 10, &mut NoOp).unwrap();
                    let chose = g.move_label(out.pv[0].0);
                    assert_eq!(chose, if roll > hold { "roll" } else { "hold" }, "{i},{j},{k}: roll {roll} hold {hold}");
                    compared += 1;
                }
            }
        }
        assert!(compared >= 5, "{compared}");
    }

    #[test]
    fn board_pictures() {
        let svg = Pig::board_svg("7,3,2 min").unwrap();
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        assert!(svg.contains("<title>7,3,2 min</title>") && svg.contains("MIN: turn total 2, roll or hold"));
        assert!(svg.contains("target 10") && svg.contains("3 + 2"), "{svg}");
        assert!(!svg.contains("rolled"), "no die before a roll");
        assert!(Pig::board_svg("7,3,2 rolling").unwrap().contains("rolling"));
        // After a roll the die shows its face: a 4 added to the turn total, a 1 lost the turn, a
        // winning 5 banked.
        let after = |now: &str, before: &str| Pig::board_svg_after(now, before).unwrap();
        let four = after("7,3,6 target=20", "7,3,2 rolling target=20");
        assert!(four.contains("rolled 4") && four.matches("<circle").count() == 4, "{four}");
        assert!(after("7,3,0 min", "7,3,2 rolling").contains("rolled 1"));
        let won = after("12,3,0", "7,3,0 rolling");
        assert!(won.contains("rolled 5") && won.contains("MAX has won"), "{won}");
        assert!(!after("7,3,2 rolling", "7,3,2").contains("rolled"), "a roll shows the die rolling");
        assert!(Pig::board_svg("7,3,x").is_none());
    }
}
