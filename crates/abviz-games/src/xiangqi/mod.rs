//! Xiangqi (Chinese chess) as a [`Game`]: Red is MAX and moves first.
//!
//! The full rules: generals and advisors stay in their palace, elephants are blocked at the eye
//! and never cross the river, horses are blocked at the leg, chariots slide, cannons slide and
//! capture over exactly one screen, soldiers move sideways only after the river, the two
//! generals may not face each other on an open file, and no move may leave one's own general
//! attacked. A side with no legal move has lost (checkmate and stalemate alike). Repetition
//! rules are not modelled. The move generator is proven by [`perft`] against the published
//! counts and against fairy-stockfish.
//!
//! ```
//! use abviz_games::Game;
//! use abviz_games::xiangqi::{Xiangqi, MoveNotation};
//!
//! let pos = Xiangqi::start().with_notation(MoveNotation::Chinese);
//! let moves = pos.moves();
//! assert_eq!(moves.len(), 44);
//! assert!(moves.iter().any(|&m| pos.move_label(m) == "炮二平五"));
//! ```
//!
//! Positions are read and written as FEN ([`fen`]), moves labelled in ICCS or Chinese notation
//! ([`notation`]), evaluated by `classic` (the source text's scheme, slips fixed) or
//! `material-pst` ([`eval`]), and drawn as text or SVG ([`render`]).

pub mod board;
pub mod eval;
pub mod fen;
mod movegen;
pub mod notation;
pub mod perft;
pub mod render;

pub use board::{Board, Kind, Move, MoveList, Side};
pub use eval::XqEval;
pub use fen::FenError;
pub use notation::MoveNotation;

use crate::perft::{Budget, PerftReport, PerftStop};
use crate::registry::{Choice, GameInfo, GameOption, GameOptions, OptionKind, RegisteredGame};
use crate::{Game, Player};
use crate::{GameError as Error, Score};
use board::kind_of;
use std::fmt;
use std::str::FromStr;

/// The start position (engine letters).
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

/// The value of a won game. A side with no legal move loses: from MAX's view the position is
/// worth −(MATE − ply) if Red is stuck and MATE − ply if Black is, where ply counts the moves
/// played since the searched position, so quicker wins score higher. Every evaluation stays far
/// below it (the classic one peaks at a few ×10,000 when several pieces give check).
pub const MATE: i32 = 100_000;

/// The order in which [`Game::moves`] lists the legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MoveOrder {
    /// Generation order: piece by piece (general, advisors, elephants, horses, chariots,
    /// cannons, soldiers, each kind in the order its pieces appear in the FEN), destinations in
    /// a fixed direction order.
    #[default]
    Natural,
    /// Captures first, most valuable victim first and, among equal victims, least valuable
    /// attacker first (MVV-LVA); then the quiet moves in natural order. The sort is stable.
    Captures,
}

impl FromStr for MoveOrder {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "natural" => Ok(MoveOrder::Natural),
            "captures" | "captures-first" | "mvv-lva" => Ok(MoveOrder::Captures),
            _ => Err(format!("unknown move order '{s}': expected natural or captures")),
        }
    }
}

impl fmt::Display for MoveOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveOrder::Natural => "natural",
            MoveOrder::Captures => "captures",
        })
    }
}

/// Piece worth for move ordering, in [`Kind`] order (the general as attacker comes last).
const ORDER_VALUE: [i32; 7] = [100, 20, 20, 40, 90, 45, 10];

/// A xiangqi position with the search settings that go with it: evaluation, move order and
/// label notation. `Copy` (about 300 bytes), so the recorder's clones are cheap.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Xiangqi {
    board: Board,
    eval: XqEval,
    order: MoveOrder,
    labels: MoveNotation,
    ply: u16,
    /// The position's Zobrist key ([`zobrist_key`]), kept up to date move by move.
    key: u64,
}

impl fmt::Debug for Xiangqi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.board.fen())
    }
}

impl Default for Xiangqi {
    fn default() -> Self {
        Xiangqi::start()
    }
}

impl Xiangqi {
    /// The start position with the default settings (material-pst, natural order, ICCS).
    pub fn start() -> Xiangqi {
        Xiangqi::from_board(Board::start())
    }

    /// A position read from FEN, with the default settings.
    pub fn from_fen(fen: &str) -> Result<Xiangqi, FenError> {
        Board::from_fen(fen).map(Xiangqi::from_board)
    }

    /// A position with the default settings.
    pub fn from_board(board: Board) -> Xiangqi {
        Xiangqi {
            key: zobrist_key(&board),
            board,
            eval: XqEval::default(),
            order: MoveOrder::default(),
            labels: MoveNotation::default(),
            ply: 0,
        }
    }

    /// The key change of playing (or taking back) `mv` on `board` with `mover` the moving piece.
    #[inline(always)]
    fn key_change(mv: Move, mover: u8) -> u64 {
        let (from, to, cap) = (mv.from(), mv.to(), mv.captured());
        let captured = if cap != 0 { zobrist(to, cap) } else { 0 };
        zobrist(from, mover) ^ zobrist(to, mover) ^ captured ^ 1
    }

    /// The same position evaluated by `eval`.
    pub fn with_eval(mut self, eval: XqEval) -> Self {
        self.eval = eval;
        self
    }

    /// The same position with moves listed in `order`.
    pub fn with_order(mut self, order: MoveOrder) -> Self {
        self.order = order;
        self
    }

    /// The same position with moves labelled in `labels`.
    pub fn with_notation(mut self, labels: MoveNotation) -> Self {
        self.labels = labels;
        self
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The evaluation in use.
    pub fn eval_kind(&self) -> XqEval {
        self.eval
    }

    /// The move order in use.
    pub fn order(&self) -> MoveOrder {
        self.order
    }

    /// The label notation in use.
    pub fn labels(&self) -> MoveNotation {
        self.labels
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        self.board.fen()
    }

    /// The static evaluation as a plain number (Red's view).
    pub fn static_eval(&self) -> i32 {
        eval::evaluate(&self.board, self.eval)
    }

    /// The board as an SVG image (see [`render::svg_board`]).
    pub fn svg(&self) -> String {
        render::svg_board(&self.board, None)
    }
}

/// The Zobrist number of piece `id` on `sq`: pieces of the same side and kind are
/// interchangeable, so the number depends on those and the square only.
#[inline(always)]
fn zobrist(sq: u8, id: u8) -> u64 {
    ZOBRIST[(sq as usize) << 5 | (id & 16) as usize | kind_of(id) as usize]
}

/// [`zobrist`]'s numbers, by square × 32 + side bit (16) + kind: SplitMix64 of the pair, worked
/// out at compile time.
static ZOBRIST: [u64; 256 * 32] = {
    let mut table = [0u64; 256 * 32];
    let mut i = 0;
    while i < table.len() {
        let (sq, piece) = ((i >> 5) as u64, (i & 31) as u64);
        let x = (sq << 8 | piece).wrapping_add(0x9e37_79b9_7f4a_7c15);
        let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        table[i] = x ^ (x >> 31);
        i += 1;
    }
    table
};

/// A position's key from scratch: the XOR of its pieces' [`zobrist`] numbers and 1 when Red
/// is to move. Games keep it up to date move by move instead.
fn zobrist_key(board: &Board) -> u64 {
    let side = u64::from(board.side() == Side::Red);
    board.pieces().fold(side, |key, (sq, id)| key ^ zobrist(sq, id))
}

impl Game for Xiangqi {
    type Move = Move;

    fn to_move(&self) -> Player {
        match self.board.side() {
            Side::Red => Player::Max,
            Side::Black => Player::Min,
        }
    }

    /// The players alternate.
    #[inline]
    fn next_to_move(&self, _mv: Self::Move) -> Option<Player> {
        Some(self.to_move().other())
    }

    fn moves(&self) -> Vec<Move> {
        abviz_core::collect_moves(self)
    }

    #[inline]
    fn moves_into(&self, out: &mut abviz_core::MoveList<Move>) {
        let list = self.board.legal_move_list();
        let start = out.len();
        out.extend_from_slice(list.as_slice());
        let moves = &mut out[start..];
        if self.order == MoveOrder::Captures {
            let cells = &self.board.cells;
            moves.sort_by_key(|m| {
                if m.is_capture() {
                    let victim = ORDER_VALUE[kind_of(m.captured()).index()];
                    let attacker = ORDER_VALUE[kind_of(cells[m.from() as usize]).index()];
                    -(victim * 1000 - attacker)
                } else {
                    0
                }
            });
        }
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.key ^= Xiangqi::key_change(mv, self.board.cells[mv.from() as usize]);
        self.board.make(mv);
        self.ply += 1;
    }

    #[inline]
    fn undo(&mut self, mv: Move) {
        self.key ^= Xiangqi::key_change(mv, self.board.cells[mv.to() as usize]);
        self.board.unmake(mv);
        self.ply -= 1;
    }

    fn terminal_value(&self) -> Option<Score> {
        if self.board.has_legal_move() {
            return None;
        }
        let lost = MATE - self.ply as i32;
        Some(Score::from(match self.board.side() {
            Side::Red => -lost,
            Side::Black => lost,
        }))
    }

    fn evaluate(&self) -> Score {
        Score::from(self.static_eval())
    }

    fn quiescence_moves(&self) -> Option<Vec<Move>> {
        Some(self.moves().into_iter().filter(|m| m.is_capture()).collect())
    }

    fn position_key(&self) -> Option<u64> {
        debug_assert_eq!(self.key, zobrist_key(&self.board), "the incremental key drifted");
        Some(self.key)
    }

    fn move_id(&self, mv: Move) -> Option<u64> {
        Some(u64::from(mv.from()) << 8 | u64::from(mv.to()))
    }

    fn label_key(&self, mv: Move) -> Option<u32> {
        // ICCS names a move by its squares alone; Chinese notation depends on the position.
        (self.labels == MoveNotation::Iccs).then(|| mv.from() as u32 * 256 + mv.to() as u32)
    }

    fn write_move_label(&self, mv: Move, out: &mut String) {
        match self.labels {
            MoveNotation::Iccs => notation::write_iccs(mv, out),
            MoveNotation::Chinese => notation::write_chinese(&self.board, mv, out),
        }
    }

    fn player_name(&self, player: Player) -> &'static str {
        match player {
            Player::Max => "Red",
            Player::Min => "Black",
        }
    }

    fn position_text(&self) -> String {
        render::text_board(&self.board)
    }

    fn notation(&self) -> Option<String> {
        Some(self.board.fen())
    }
}

impl RegisteredGame for Xiangqi {
    const INFO: GameInfo = GameInfo {
        name: "xiangqi",
        aliases: &["xq", "chinese-chess"],
        title: "xiangqi",
        summary: "Chinese chess (full rules, repetition not modelled); Red is MAX and moves first",
        notation: "FEN: ten ranks from Black's side, K A B/E N/H R C P (Red upper case, MAX), digits for empty points, then w or b. Default: the start position, searched 3 plies deep.",
        example: START_FEN,
        options: &[
            GameOption {
                kind: OptionKind::Eval,
                choices: &[
                    Choice { name: "material-pst", help: "material plus piece-square tables" },
                    Choice {
                        name: "classic",
                        help: "the source program's scheme, its slips fixed (docs/xiangqi.md)",
                    },
                ],
                default: "material-pst",
                number: None,
            },
            GameOption {
                kind: OptionKind::Order,
                choices: &[
                    Choice { name: "natural", help: "generation order, piece by piece" },
                    Choice { name: "captures", help: "captures first, most valuable victim first (MVV-LVA)" },
                ],
                default: "natural",
                number: None,
            },
            GameOption {
                kind: OptionKind::Notation,
                choices: &[
                    Choice { name: "iccs", help: "coordinates, like h2e2" },
                    Choice { name: "chinese", help: "Chinese notation, like 炮二平五" },
                ],
                default: "iccs",
                number: None,
            },
        ],
        default_depth: Some(3),
    };

    const PERFT: Option<fn(&Self, u32, bool, &mut Budget) -> Result<PerftReport, PerftStop>> =
        Some(|position, depth, divide, budget| perft::report(position.board(), depth, divide, budget));

    fn build(options: &GameOptions) -> Result<Xiangqi, Error> {
        let eval = options.parse(&Self::INFO, OptionKind::Eval)?;
        let order = options.parse(&Self::INFO, OptionKind::Order)?;
        let labels = options.parse(&Self::INFO, OptionKind::Notation)?;
        let game = match &options.position {
            Some(fen) => Xiangqi::from_fen(fen).map_err(|e| Error::Position {
                game: Self::INFO.name,
                message: format!("bad xiangqi FEN: {e}"),
            })?,
            None => Xiangqi::start(),
        };
        Ok(game.with_eval(eval).with_order(order).with_notation(labels))
    }

    fn settings(&self) -> Vec<(OptionKind, String)> {
        vec![
            (OptionKind::Eval, self.eval.to_string()),
            (OptionKind::Order, self.order.to_string()),
            (OptionKind::Notation, self.labels.to_string()),
        ]
    }

    fn board_svg(position: &str) -> Option<String> {
        svg_from_fen(position)
    }

    fn board_svg_after(position: &str, before: &str) -> Option<String> {
        let (now, then) = (Board::from_fen(position).ok()?, Board::from_fen(before).ok()?);
        Some(render::svg_board(&now, last_move(&then, &now)))
    }
}

/// The move that turned `before` into `after`: the square the mover's piece left and the one it
/// arrived on (None if the boards do not differ by one move).
fn last_move(before: &Board, after: &Board) -> Option<board::Move> {
    let mover = before.side();
    let mut from = None;
    let mut to = None;
    for rank in 0..10u8 {
        for file in 0..9u8 {
            let (b, a) = (before.piece_at_coords(file, rank), after.piece_at_coords(file, rank));
            if b == a {
                continue;
            }
            let sq = board::square(file, rank);
            match (b, a) {
                (Some((side, _)), None) if side == mover => from = Some(sq),
                (_, Some((side, _))) if side == mover => to = Some(sq),
                _ => return None,
            }
        }
    }
    Some(board::Move::new(from?, to?, 0))
}

/// The SVG board of a FEN (for views that hold only a trace's position strings); `None` if the
/// FEN does not parse.
pub fn svg_from_fen(fen: &str) -> Option<String> {
    Board::from_fen(fen).ok().map(|b| render::svg_board(&b, None))
}

#[cfg(test)]
mod tests {
    use super::*;
    use abviz_search::{Algorithm, run};
    use abviz_trace::{Counter, NoOp};

    /// The key kept move by move equals the key computed from scratch after every move and
    /// every take-back of a long walk through captures and quiet moves.
    #[test]
    fn the_incremental_key_is_the_key_from_scratch() {
        let mut g = Xiangqi::start();
        let mut line = Vec::new();
        let mut seed = 7u64;
        for step in 0..3000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let moves = g.moves();
            // Walk forward mostly, back now and then, and start over when the game ends.
            if moves.is_empty() || (step % 7 == 6 && !line.is_empty()) {
                match line.pop() {
                    Some(mv) => g.undo(mv),
                    None => continue,
                }
            } else {
                let mv = moves[(seed >> 33) as usize % moves.len()];
                g.play(mv);
                line.push(mv);
            }
            assert_eq!(g.key, zobrist_key(&g.board), "after step {step}");
        }
        while let Some(mv) = line.pop() {
            g.undo(mv);
        }
        assert_eq!(g.position_key(), Xiangqi::start().position_key());
    }

    #[test]
    fn game_basics() {
        let g = Xiangqi::start();
        assert_eq!(g.to_move(), Player::Max);
        assert_eq!(g.moves().len(), 44);
        assert_eq!(g.terminal_value(), None);
        assert_eq!(g.evaluate(), Score::from(0));
        assert_eq!(g.notation().as_deref(), Some(START_FEN));
        let mut h = g;
        let m = notation::parse_iccs(g.board(), "h2e2").unwrap();
        assert_eq!(g.move_label(m), "h2e2");
        h.play(m);
        assert_eq!(h.to_move(), Player::Min);
        h.undo(m);
        assert!(h == g);
    }

    #[test]
    fn a_side_without_moves_loses() {
        let g = Xiangqi::from_fen("4k4/9/9/9/9/9/9/9/r8/3K1r3 w").unwrap();
        assert_eq!(g.terminal_value(), Some(Score::from(-MATE)));
        // Black left without a move one ply into a search: MATE − 1 for Red (the chariot on d8
        // covers d9 and e8, the one on f7 covers f9; the general is not even in check).
        let mut g = Xiangqi::from_fen("4k4/9/3R1R3/9/9/9/9/9/9/3K5 w").unwrap();
        let m = notation::parse_iccs(g.board(), "d7d8").unwrap();
        g.play(m);
        assert_eq!(g.terminal_value(), Some(Score::from(MATE - 1)));
    }

    #[test]
    fn capture_order_puts_captures_first_by_mvv_lva() {
        // The red chariot on e4 can take the cannon on e7, the soldier on d5 the horse on d6:
        // the cannon (the bigger victim) comes first.
        let g =
            Xiangqi::from_fen("3k5/9/4c4/3n5/3P5/4R4/9/9/9/5K3 w").unwrap().with_order(MoveOrder::Captures);
        let labels: Vec<String> = g.moves().iter().map(|&m| g.move_label(m)).collect();
        assert_eq!(&labels[..2], ["e4e7", "d5d6"]);
        let natural = g.with_order(MoveOrder::Natural).moves();
        let ordered = g.moves();
        assert_eq!(natural.len(), ordered.len());
        let quiet_n: Vec<Move> = natural.iter().copied().filter(|m| !m.is_capture()).collect();
        let quiet_o: Vec<Move> = ordered.iter().copied().filter(|m| !m.is_capture()).collect();
        assert_eq!(quiet_n, quiet_o, "quiet moves keep their natural order");
    }

    #[test]
    fn searches_run_and_agree() {
        for eval in [XqEval::Classic, XqEval::MaterialPst] {
            let g = Xiangqi::start().with_eval(eval);
            let mm = run(Algorithm::Minimax, &mut g.clone(), 2, &mut NoOp).unwrap();
            let ab = run(Algorithm::AlphaBeta, &mut g.clone(), 2, &mut NoOp).unwrap();
            let nm = run(Algorithm::NegamaxAb, &mut g.clone(), 2, &mut NoOp).unwrap();
            assert_eq!(mm, ab, "{eval}");
            assert_eq!(mm, nm, "{eval}");
            let mut c = Counter::new(u64::MAX);
            run(Algorithm::AlphaBeta, &mut g.with_order(MoveOrder::Captures), 3, &mut c).unwrap();
            assert!(c.stats.nodes > 44);
        }
    }

    #[test]
    fn svg_from_fen_parses_or_declines() {
        assert!(svg_from_fen(START_FEN).unwrap().contains("楚河"));
        assert!(svg_from_fen("nonsense").is_none());
    }
}
