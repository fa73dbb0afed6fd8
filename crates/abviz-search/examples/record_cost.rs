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
//! Arguments: the algorithm (default minimax), `noop` or `record` (default noop), and how many
//! searches to run one after the other (default 1).

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
    for _ in 0..times {
        let game = TicTacToe::new(TttEval::Win);
        if record {
            let mut rec = Recorder::new(algo.descriptor(), u64::MAX);
            let outcome = run(algo, &mut game.clone(), u32::MAX, &mut rec).expect("no budget");
            let trace = rec.finish(Default::default(), outcome.result(&game));
            println!("{} nodes, {} events", trace.nodes().len(), trace.events().len());
        } else {
            let outcome = run(algo, &mut game.clone(), u32::MAX, &mut NoOp).expect("no budget");
            println!("value {}", outcome.value);
        }
    }
}

fn usage(problem: &str) -> ! {
    eprintln!("record_cost: {problem}\nusage: record_cost [ALGORITHM] [noop|record] [SEARCHES]");
    std::process::exit(2);
}
