//! Kalah, the mancala game of AI courses: Kalah(6,4) by default (`--pits`, `--seeds`). Each
//! player owns a row of pits and a store on their right; South (MAX, moving first) owns the
//! bottom row, North (MIN) the top row.
//!
//! - A move takes every seed out of one of the mover's pits and sows them one by one into the
//!   following pits counter-clockwise — the mover's own store included, the opponent's store
//!   skipped, the emptied pit included when a move goes round the board.
//! - If the last seed lands in the mover's own store, the mover moves again: turns do not
//!   alternate, and a trace shows two MAX (or MIN) levels in a row.
//! - If the last seed lands in an empty pit of the mover's and the opposite pit holds seeds,
//!   both go to the mover's store (the capture). `--variant empty-capture` captures the last
//!   seed even when the opposite pit is empty.
//! - The game ends as soon as one side's pits are empty; the seeds left on the other side go to
//!   their owner. A finished game is worth South's seeds minus North's; at the depth limit a
//!   position is worth the difference of the stores (`--eval stores`, the default; `--eval none`
//!   scores 0).
//! - Position (`--position`): South's pits in sowing order (left to right as South sees them),
//!   `:` South's store, `/`, then North's pits in sowing order (left to right as North sees
//!   them), `:` North's store, and optionally `min` (North to move; default South):
//!   `4,4,4,4,4,4:0/4,4,4,4,4,4:0` is the start. The seeds must add up to 2 × pits × seeds.
//! - Moves are labelled by pit, a–f from the mover's left (typed as a–f or 1–6).
//!
//! ```
//! use abviz_games::{Game, Player};
//! use abviz_games::kalah::Kalah;
//! let mut g = Kalah::start(6, 4);
//! let c = g.moves()[2];
//! assert_eq!(g.move_label(c), "c");
//! g.play(c); // 4 seeds from the third pit: the last lands in South's store
//! assert_eq!(g.to_move(), Player::Max);
//! assert_eq!(g.notation(), "4,4,0,5,5,5:1/4,4,4,4,4,4:0");
//! ```

mod notation;
mod render;

use super::registry::{
    Choice, GameInfo, GameOption, GameOptions, NumberRange, OptionKind, RegisteredGame, option_names,
};
use super::{Game, Player};
use crate::{GameError as Error, Score};
use std::fmt::{self, Write};

/// The most pits on a side.
pub const MAX_PITS: u8 = 8;
/// The most seeds a pit starts with.
pub const MAX_SEEDS: u8 = 12;
/// Board cells: both sides' pits and stores.
const CELLS: usize = 2 * MAX_PITS as usize + 2;

/// Which captures the rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KalahVariant {
    /// The last seed in an empty own pit captures when the opposite pit holds seeds.
    #[default]
    Standard,
    /// The last seed in an empty own pit always goes to the store, with the opposite seeds.
    EmptyCapture,
}

option_names!(KalahVariant, "unknown kalah variant", KalahVariant::Standard => "standard" | "normal", KalahVariant::EmptyCapture => "empty-capture");

/// How a position is scored at the depth limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KalahEval {
    /// South's store minus North's.
    #[default]
    Stores,
    /// 0: only finished games count.
    None,
}

option_names!(KalahEval, "unknown kalah evaluation", KalahEval::Stores => "stores" | "store-difference", KalahEval::None => "none" | "zero");

/// A move: the pit sown (a board index) with what undoing it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KalahMove {
    /// The board index of the pit.
    pub pit: u8,
    /// The seeds taken out of it.
    pub seeds: u8,
    /// Whether the last seed captured (went to the store with the opposite pit's seeds).
    pub capture: bool,
    /// The seeds taken from the opposite pit by the capture.
    pub captured: u8,
}

/// A Kalah position. The board runs in sowing order: South's pits `0..p`, South's store `p`,
/// North's pits `p+1..2p+1`, North's store `2p+1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kalah {
    board: [u8; CELLS],
    pits: u8,
    seeds: u8,
    to_move: Player,
    variant: KalahVariant,
    eval: KalahEval,
}

impl fmt::Debug for Kalah {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Kalah {
    /// The start of Kalah(`pits`, `seeds`): every pit holds `seeds`, South to move. Panics
    /// outside 1..=[`MAX_PITS`] and 1..=[`MAX_SEEDS`].
    pub fn start(pits: u8, seeds: u8) -> Kalah {
        assert!((1..=MAX_PITS).contains(&pits) && (1..=MAX_SEEDS).contains(&seeds));
        let mut board = [0; CELLS];
        let p = pits as usize;
        board[..p].fill(seeds);
        board[p + 1..2 * p + 1].fill(seeds);
        Kalah {
            board,
            pits,
            seeds,
            to_move: Player::Max,
            variant: KalahVariant::Standard,
            eval: KalahEval::Stores,
        }
    }

    /// The same position scored by `eval` at the depth limit.
    pub fn with_eval(mut self, eval: KalahEval) -> Kalah {
        self.eval = eval;
        self
    }

    /// The same position under `variant`'s rules.
    pub fn with_variant(mut self, variant: KalahVariant) -> Kalah {
        self.variant = variant;
        self
    }

    fn len(&self) -> usize {
        2 * self.pits as usize + 2
    }

    /// The board index of `player`'s store.
    fn store_of(&self, player: Player) -> usize {
        match player {
            Player::Max => self.pits as usize,
            Player::Min => 2 * self.pits as usize + 1,
        }
    }

    /// The board indices of `player`'s pits, in sowing order.
    fn pits_of(&self, player: Player) -> std::ops::Range<usize> {
        let p = self.pits as usize;
        match player {
            Player::Max => 0..p,
            Player::Min => p + 1..2 * p + 1,
        }
    }

    fn owner(&self, index: usize) -> Player {
        if index <= self.pits as usize { Player::Max } else { Player::Min }
    }

    /// The seeds in `player`'s store.
    pub fn store(&self, player: Player) -> u8 {
        self.board[self.store_of(player)]
    }

    /// The seeds in `player`'s pits, in sowing order.
    pub fn side(&self, player: Player) -> &[u8] {
        &self.board[self.pits_of(player)]
    }

    /// The pit across the board from the pit at `index`.
    fn opposite(&self, index: usize) -> usize {
        2 * self.pits as usize - index
    }

    /// The index after `i` for `mover`'s seeds (the opponent's store skipped).
    fn next(&self, i: usize, mover: Player) -> usize {
        let n = (i + 1) % self.len();
        if n == self.store_of(mover.other()) { (n + 1) % self.len() } else { n }
    }

    /// Sows the pit at `pit` for `mover`; returns the index the last seed fell in.
    fn sow(&mut self, pit: usize, mover: Player) -> usize {
        let mut i = pit;
        for _ in 0..std::mem::take(&mut self.board[pit]) {
            i = self.next(i, mover);
            self.board[i] += 1;
        }
        i
    }

    /// Whether the game is over: one side's pits are empty.
    pub fn is_over(&self) -> bool {
        [Player::Max, Player::Min].iter().any(|&p| self.side(p).iter().all(|&s| s == 0))
    }

    /// Each player's seeds once the game ends here: their store and (the game being over) what is
    /// left in their pits.
    fn final_count(&self, player: Player) -> i32 {
        i32::from(self.store(player)) + self.side(player).iter().map(|&s| i32::from(s)).sum::<i32>()
    }

    /// The position as `pits:store/pits:store`, South first, each side in sowing order, followed
    /// by ` min` when North is to move.
    pub fn notation(&self) -> String {
        let mut s = String::new();
        for (k, player) in [Player::Max, Player::Min].into_iter().enumerate() {
            if k == 1 {
                s.push('/');
            }
            for (i, seeds) in self.side(player).iter().enumerate() {
                let _ = write!(s, "{}{seeds}", if i > 0 { "," } else { "" });
            }
            let _ = write!(s, ":{}", self.store(player));
        }
        if self.to_move == Player::Min {
            s.push_str(" min");
        }
        s
    }

    /// What sowing `pit` does: the move with its capture filled in.
    fn make_move(&self, pit: usize) -> KalahMove {
        let mut after = *self;
        let mover = self.to_move;
        let last = after.sow(pit, mover);
        let own_pit = last != self.store_of(mover) && after.owner(last) == mover;
        let opposite = if own_pit { after.board[self.opposite(last)] } else { 0 };
        let capture =
            own_pit && after.board[last] == 1 && (opposite > 0 || self.variant == KalahVariant::EmptyCapture);
        KalahMove {
            pit: pit as u8,
            seeds: self.board[pit],
            capture,
            captured: if capture { opposite } else { 0 },
        }
    }
}

impl Game for Kalah {
    type Move = KalahMove;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> Vec<KalahMove> {
        abviz_core::collect_moves(self)
    }

    #[inline]
    fn moves_into(&self, out: &mut abviz_core::MoveList<KalahMove>) {
        if self.is_over() {
            return;
        }
        out.extend(self.pits_of(self.to_move).filter(|&i| self.board[i] > 0).map(|i| self.make_move(i)));
    }

    fn play(&mut self, mv: KalahMove) {
        let mover = self.to_move;
        let last = self.sow(mv.pit as usize, mover);
        if mv.capture {
            let store = self.store_of(mover);
            self.board[store] += mv.captured + 1;
            self.board[last] = 0;
            let opposite = self.opposite(last);
            self.board[opposite] = 0;
        }
        if last != self.store_of(mover) {
            self.to_move = mover.other();
        }
    }

    fn undo(&mut self, mv: KalahMove) {
        let mover = self.owner(mv.pit as usize);
        self.to_move = mover;
        let pit = mv.pit as usize;
        let mut last = pit;
        for _ in 0..mv.seeds {
            last = self.next(last, mover);
        }
        if mv.capture {
            let store = self.store_of(mover);
            self.board[store] -= mv.captured + 1;
            self.board[last] = 1;
            let opposite = self.opposite(last);
            self.board[opposite] = mv.captured;
        }
        let mut i = pit;
        for _ in 0..mv.seeds {
            i = self.next(i, mover);
            self.board[i] -= 1;
        }
        self.board[pit] = mv.seeds;
    }

    fn terminal_value(&self) -> Option<Score> {
        self.is_over().then(|| Score::from(self.final_count(Player::Max) - self.final_count(Player::Min)))
    }

    fn evaluate(&self) -> Score {
        match self.eval {
            KalahEval::Stores => {
                Score::from(i32::from(self.store(Player::Max)) - i32::from(self.store(Player::Min)))
            }
            KalahEval::None => Score::from(0),
        }
    }

    fn label_key(&self, mv: KalahMove) -> Option<u32> {
        Some(u32::from(mv.pit) - self.pits_of(self.owner(mv.pit as usize)).start as u32)
    }

    fn position_key(&self) -> Option<u64> {
        let mut key = u64::from(self.to_move == Player::Min) + 0xcbf2_9ce4_8422_2325;
        for &seeds in &self.board[..self.len()] {
            key = (key ^ u64::from(seeds)).wrapping_mul(0x100_0000_01b3);
        }
        Some(key)
    }

    fn write_move_label(&self, mv: KalahMove, out: &mut String) {
        let k = self.label_key(mv).unwrap_or(0);
        out.push((b'a' + k as u8) as char);
    }

    fn position_text(&self) -> String {
        let mut s = self.board_text();
        s.push_str(&self.status());
        s
    }

    fn notation(&self) -> Option<String> {
        Some(Kalah::notation(self))
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::Max => "South",
            Player::Min => "North",
        }
    }

    fn board_text(&self) -> String {
        self.text_board()
    }

    /// A pit of the mover's: its letter (a = the mover's leftmost) or its number from 1.
    fn parse_move(&self, text: &str) -> Result<KalahMove, String> {
        let t = text.trim().to_ascii_lowercase();
        let p = self.pits;
        let k = match t.as_bytes() {
            [l @ b'a'..=b'z'] if l - b'a' < p => l - b'a',
            [d @ b'1'..=b'9'] if d - b'1' < p => d - b'1',
            _ => {
                return Err(format!(
                    "'{}' is not a pit: type its letter a-{} or its number 1-{p} (from your left)",
                    abviz_core::safe_text::for_terminal(text.trim()),
                    (b'a' + p - 1) as char
                ));
            }
        };
        if self.is_over() {
            return Err("the game is over".into());
        }
        let index = self.pits_of(self.to_move).start + k as usize;
        if self.board[index] == 0 {
            return Err(format!("pit {} is empty", (b'a' + k) as char));
        }
        Ok(self.make_move(index))
    }
}

impl RegisteredGame for Kalah {
    const INFO: GameInfo = GameInfo {
        name: "kalah",
        aliases: &["mancala", "kalaha"],
        title: "Kalah",
        summary: "sow seeds counter-clockwise; the last in your store moves again, in an empty pit of yours captures; South is MAX and moves first",
        notation: "South's pits in sowing order, ':' its store, '/', North's pits in sowing order, ':' its store, then 'min' if North is to move; the seeds add up to 2 × pits × seeds. Moves are pits a-f from the mover's left (typed a-f or 1-6). Default: the start of Kalah(6,4).",
        example: "4,4,0,5,5,0:2/5,5,5,5,4,4:0 min",
        options: &[
            GameOption {
                kind: OptionKind::Eval,
                choices: &[
                    Choice { name: "stores", help: "South's store minus North's at the depth limit" },
                    Choice { name: "none", help: "0 at the depth limit: only finished games count" },
                ],
                default: "stores",
                number: None,
            },
            GameOption {
                kind: OptionKind::Variant,
                choices: &[
                    Choice {
                        name: "standard",
                        help: "the last seed in an empty pit of yours captures if the opposite pit holds seeds",
                    },
                    Choice {
                        name: "empty-capture",
                        help: "... and goes to your store even when the opposite pit is empty",
                    },
                ],
                default: "standard",
                number: None,
            },
            GameOption {
                kind: OptionKind::Pits,
                choices: &[],
                default: "6",
                number: Some(NumberRange { min: 1, max: MAX_PITS as u32, help: "pits on each side" }),
            },
            GameOption {
                kind: OptionKind::Seeds,
                choices: &[],
                default: "4",
                number: Some(NumberRange {
                    min: 1,
                    max: MAX_SEEDS as u32,
                    help: "seeds in each pit at the start",
                }),
            },
        ],
        default_depth: Some(6),
    };

    fn build(options: &GameOptions) -> Result<Kalah, Error> {
        let eval = options.parse(&Self::INFO, OptionKind::Eval)?;
        let variant = options.parse(&Self::INFO, OptionKind::Variant)?;
        let pits = options.number(&Self::INFO, OptionKind::Pits)? as u8;
        let seeds = options.number(&Self::INFO, OptionKind::Seeds)? as u8;
        let g = match &options.position {
            Some(text) => Kalah::parse(
                text,
                options.pits.is_some().then_some(pits),
                options.seeds.is_some().then_some(seeds),
            )?,
            None => Kalah::start(pits, seeds),
        };
        Ok(g.with_variant(variant).with_eval(eval))
    }

    fn settings(&self) -> Vec<(OptionKind, String)> {
        vec![
            (OptionKind::Eval, self.eval.to_string()),
            (OptionKind::Variant, self.variant.to_string()),
            (OptionKind::Pits, self.pits.to_string()),
            (OptionKind::Seeds, self.seeds.to_string()),
        ]
    }

    fn board_svg(position: &str) -> Option<String> {
        Kalah::parse(position, None, None).ok().map(|g| g.svg_board())
    }
}

#[cfg(test)]
mod tests;
