//! What recording costs, counted rather than timed: full tic-tac-toe searched with the no-op
//! observer or with the recorder, for an instruction counter. The difference of the two counts
//! over the recorded nodes is the recorder's price per node (the bench `search` gives the ratio
//! of times).
//!
//! ```text
//! cargo build --release -p abviz-search --example record_cost
//! valgrind --tool=callgrind target/release/examples/record_cost minimax noop
//! valgrind --tool=callgrind target/release/examples/record_cost minimax record
//! ```
//!
//! Arguments: the algorithm (default minimax), `noop` or `record` (default noop), how many
//! searches to run one after the other (default 1), and the game: `tictactoe` (the default,
//! searched to the end) or `gomoku` (9×9 from the empty board, 4 plies: its evaluation's cost).

use abviz_core::Game;
use abviz_games::gomoku::Gomoku;
use abviz_games::tictactoe::{TicTacToe, TttEval};
use abviz_search::{Algorithm, run};
use abviz_trace::{NoOp, Recorder};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let algo: Algorithm = match args.first().map_or(Ok(Algorithm::Minimax), |a| a.parse()) {
        Ok(algo) => algo,
        Err(e) => usage(&e.to_string()),
    };
    let record = match args.get(1).map_or("noop", String::as_str) {
        "noop" => false,
        "record" => true,
        other => usage(&format!("expected noop or record, not '{other}'")),
    };
    let times: u32 = match args.get(2).map_or(Ok(1), |n| n.parse()) {
        Ok(n) => n,
        Err(e) => usage(&format!("the number of searches: {e}")),
    };
    match args.get(3).map_or("tictactoe", String::as_str) {
        "tictactoe" => searches(algo, record, times, &TicTacToe::new(TttEval::Win), u32::MAX),
        "gomoku" => searches(algo, record, times, &Gomoku::new(9), 4),
        other => usage(&format!("expected tictactoe or gomoku, not '{other}'")),
    }
}

/// Searches `game` `times` times to `depth` plies, recording or not.
fn searches<G: Game>(algo: Algorithm, record: bool, times: u32, game: &G, depth: u32) {
    for _ in 0..times {
        if record {
            let mut rec = Recorder::new(algo.descriptor(), u64::MAX);
            let outcome = run(algo, &mut game.clone(), depth, &mut rec).expect("no budget");
            let trace = rec.finish(Default::default(), outcome.result(game));
            println!("{} nodes, {} events", trace.nodes().len(), trace.events().len());
        } else {
            let outcome = run(algo, &mut game.clone(), depth, &mut NoOp).expect("no budget");
            println!("value {}", outcome.value);
        }
    }
}

fn usage(problem: &str) -> ! {
    eprintln!("record_cost: {problem}\nusage: record_cost [ALGORITHM] [noop|record] [SEARCHES]");
    std::process::exit(2);
}
