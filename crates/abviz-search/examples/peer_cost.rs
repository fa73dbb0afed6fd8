//! Our no-op alpha-beta against a peer's, counted rather than timed: full tic-tac-toe searched
//! by abviz's alpha-beta with the no-op observer, or by the `minimax` crate's `Negamax`
//! (alpha-beta in negamax form), for an instruction counter. Both print the nodes they
//! visited, so instructions per node compare the two searches (benches/issue29.sh runs both
//! under callgrind in one run).
//!
//! ```text
//! cargo build --release -p abviz-search --example peer_cost
//! valgrind --tool=callgrind target/release/examples/peer_cost ours
//! valgrind --tool=callgrind target/release/examples/peer_cost floor
//! valgrind --tool=callgrind target/release/examples/peer_cost peer
//! ```
//!
//! Arguments: `ours`, `floor` or `peer`, and how many searches to run one after the other
//! (default 1; 0 measures the process alone). The peer's tic-tac-toe is written here with the
//! same bit boards and the same test for three in a row as ours
//! ([`abviz_games::tictactoe::has_line`]), made once a node as ours is, so the figure compares
//! the searches, not the games. The peer's nodes are counted as its positions are made (the
//! root, and one per move played: it shuffles the root's moves, so its count varies from run
//! to run); ours as the search enters them ([`abviz_trace::Counter`], in a separate counting
//! run, so the measured search observes nothing). `floor` is the textbook's alpha-beta over
//! our game with nothing else (no observer, no principal variation): the least an alpha-beta
//! over this game's moves and values costs, so the figures show how much is the game and how
//! much the search.

use abviz_core::{Game, MoveList, Player, Score};
use abviz_games::tictactoe::{TicTacToe, TttEval, has_line};
use abviz_search::{Algorithm, run};
use abviz_trace::{Counter, NoOp};
use minimax::{Evaluation, Evaluator, Negamax, Strategy, Winner};
use std::sync::atomic::{AtomicU64, Ordering};

const FULL: u16 = 0o777;

/// A tic-tac-toe position for the peer: bit boards of the player to move and of the other.
#[derive(Clone, Default)]
struct Board {
    mover: u16,
    other: u16,
}

/// Moves the peer played: its nodes but the root. A counter outside the position, since the
/// peer searches a copy of the root (one `lock add` per node, against a few hundred
/// instructions: it adds under 1 % to the peer's figure).
static PLAYED: AtomicU64 = AtomicU64::new(0);

struct Ttt;

impl minimax::Game for Ttt {
    type S = Board;
    type M = u8;

    fn generate_moves(b: &Board, moves: &mut Vec<u8>) -> Option<Winner> {
        if let Some(w) = Self::get_winner(b) {
            return Some(w);
        }
        let mut empty = !(b.mover | b.other) & FULL;
        while empty != 0 {
            moves.push(empty.trailing_zeros() as u8);
            empty &= empty - 1;
        }
        None
    }

    fn apply(b: &mut Board, m: u8) -> Option<Board> {
        b.mover |= 1 << m;
        std::mem::swap(&mut b.mover, &mut b.other);
        PLAYED.fetch_add(1, Ordering::Relaxed);
        None
    }

    fn undo(b: &mut Board, m: u8) {
        std::mem::swap(&mut b.mover, &mut b.other);
        b.mover &= !(1 << m);
    }

    fn get_winner(b: &Board) -> Option<Winner> {
        if has_line(b.other) {
            Some(Winner::PlayerJustMoved)
        } else if b.mover | b.other == FULL {
            Some(Winner::Draw)
        } else {
            None
        }
    }
}

/// Unfinished positions are worth 0 (full tic-tac-toe never stops short of the end).
struct Zero;

impl Evaluator for Zero {
    type G = Ttt;
    fn evaluate(&self, _: &Board) -> Evaluation {
        0
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let times: u32 = match args.get(1).map_or(Ok(1), |n| n.parse()) {
        Ok(n) => n,
        Err(e) => usage(&format!("the number of searches: {e}")),
    };
    match args.first().map_or("ours", String::as_str) {
        "ours" => {
            let game = TicTacToe::new(TttEval::Win);
            let mut counter = Counter::new(u64::MAX);
            run(Algorithm::AlphaBeta, &mut game.clone(), u32::MAX, &mut counter).expect("no budget");
            for _ in 0..times {
                let outcome =
                    run(Algorithm::AlphaBeta, &mut game.clone(), u32::MAX, &mut NoOp).expect("no budget");
                println!("{} nodes, value {}", counter.stats.nodes, outcome.value);
            }
        }
        "floor" => {
            for _ in 0..times {
                let mut nodes = 0;
                let value = floor(&mut TicTacToe::new(TttEval::Win), Score::NEG_INF, Score::INF, &mut nodes);
                println!("{nodes} nodes, value {value}");
            }
        }
        "peer" => {
            for _ in 0..times {
                let mut negamax = Negamax::new(Zero, 9);
                let before = PLAYED.load(Ordering::Relaxed);
                let best = negamax.choose_move(&Board::default()).expect("the empty board has moves");
                // The root, and one node per move played.
                let nodes = 1 + PLAYED.load(Ordering::Relaxed) - before;
                println!("{nodes} nodes, best move {best}");
            }
        }
        other => usage(&format!("expected ours, floor or peer, not '{other}'")),
    }
}

/// The floor: the textbook's fail-hard alpha-beta over the same game with nothing else — no
/// observer, no principal variation, no stop — the least any alpha-beta over this game's moves
/// and values costs per node.
fn floor(game: &mut TicTacToe, mut alpha: Score, mut beta: Score, nodes: &mut u64) -> Score {
    *nodes += 1;
    if let Some(v) = game.terminal_value() {
        return v;
    }
    let mut moves = MoveList::new();
    game.moves_into(&mut moves);
    let player = game.to_move();
    for &mv in &moves {
        game.play(mv);
        let v = floor(game, alpha, beta, nodes);
        game.undo(mv);
        match player {
            Player::Max => alpha = alpha.max(v),
            Player::Min => beta = beta.min(v),
        }
        if alpha >= beta {
            return if player == Player::Max { beta } else { alpha };
        }
    }
    if player == Player::Max { alpha } else { beta }
}

fn usage(problem: &str) -> ! {
    eprintln!("peer_cost: {problem}\nusage: peer_cost [ours|floor|peer] [SEARCHES]");
    std::process::exit(2);
}
