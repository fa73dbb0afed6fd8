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

use crate::notation::NotationError;
use crate::registry::{
    Choice, GameInfo, GameOption, GameOptions, NumberRange, OptionKind, RegisteredGame, option_names,
};
use crate::{Game, Player};
use crate::{GameError as Error, Score};
use std::fmt;
use std::str::FromStr;

mod board;
mod notation;

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
/// The depth limit when `--depth` is not given: three rolls ahead (expectimax enters 403 nodes
/// from the start with a six-sided die; the tree grows about threefold every ply), a tree a
/// page can show and a computer player that holds sensibly.
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
        Some(
            fields
                .iter()
                .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)),
        )
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
        self.text_board()
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
                    Choice {
                        name: "win",
                        help: "0 at the depth limit: only wins (+100) and losses (−100) count",
                    },
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
mod tests;
