//! `Game::next_to_move` against the rules themselves: for every move of every position on a
//! walk through each game that answers it, the player it names is the one to move after the
//! move is played, and that position has no name and is no chance node (what the recorder
//! assumes when it notes a pruned child without playing its move).

use abviz_games::Game;
use abviz_games::connect4::Connect4;
use abviz_games::gomoku::Gomoku;
use abviz_games::tictactoe::{TicTacToe, TttEval};
use abviz_games::xiangqi::Xiangqi;

/// Checks every move of the positions along a walk of `plies` moves from `game`, each ply
/// taking the move at a different place in the list (first, last, middle, ...).
fn check_walk<G: Game>(mut game: G, plies: usize) -> usize {
    let mut checked = 0;
    for ply in 0..plies {
        let moves = game.moves();
        if moves.is_empty() {
            break;
        }
        for &mv in &moves {
            let told = game.next_to_move(mv).expect("the game tells who moves next");
            let mut after = game.clone();
            after.play(mv);
            assert_eq!(told, after.to_move(), "{mv:?} at ply {ply}");
            assert_eq!(after.node_name(), None);
            assert!(!after.is_chance());
            checked += 1;
        }
        game.play(moves[(ply * 7 + ply / 2) % moves.len()]);
    }
    checked
}

#[test]
fn the_player_it_tells_is_the_one_to_move_after_the_move() {
    // At least the moves of the first plies (a walk may end early in a won game).
    assert!(check_walk(TicTacToe::new(TttEval::Win), 9) >= 9 + 8);
    assert!(check_walk(Connect4::new(), 20) >= 7 * 7);
    assert!(check_walk(Gomoku::new(9), 12) > 8, "the centre, then its eight neighbours at least");
    assert!(check_walk(Xiangqi::start(), 12) >= 44 * 2);
}
