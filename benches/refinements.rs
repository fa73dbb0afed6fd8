//! Xiangqi from the start: iterative deepening with a transposition table, killer moves and the
//! history heuristic against plain alpha-beta with captures tried first — nodes, and nodes per
//! second measured side by side in this run (the table and the ordering cost time per node;
//! they must save more nodes than that). Prints the ratios.
//!
//! Run: `cargo bench --bench refinements` (depth 4; `ABVIZ_BENCH_DEPTH=5` for depth 5).

use abviz::game::registry::{self, GameOptions};
use abviz::input::{GameInput, Input};
use abviz::search::{Algorithm, Heuristics, Settings};
use std::time::Instant;

/// Nodes and the median seconds of `runs` counted searches.
fn measure(input: &Input, algo: Algorithm, settings: &Settings, runs: usize) -> (u64, f64) {
    let mut times = Vec::with_capacity(runs);
    let mut nodes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let (_, stats) = input.count_with(algo, u64::MAX, settings).unwrap();
        times.push(start.elapsed().as_secs_f64());
        nodes = stats.nodes;
    }
    times.sort_by(f64::total_cmp);
    (nodes, times[runs / 2])
}

fn main() {
    let depth: u32 = std::env::var("ABVIZ_BENCH_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(4);
    let xiangqi = registry::find("xiangqi").unwrap();
    let options = GameOptions { order: Some("captures".into()), ..GameOptions::default() };
    let input = Input::Game(GameInput::new(xiangqi, &options, Some(depth)).unwrap());
    let runs = 5;
    let ab = measure(&input, Algorithm::AlphaBeta, &Settings::default(), runs);
    let all = Settings { heuristics: Heuristics::ALL, ..Settings::default() };
    let id = measure(&input, Algorithm::Iterative, &all, runs);
    let nps = |(nodes, secs): (u64, f64)| nodes as f64 / secs;
    println!("xiangqi start, depth {depth}, captures first; median of {runs} runs");
    println!("  alphabeta                 {:>10} nodes  {:>8.3} s  {:>12.0} nodes/s", ab.0, ab.1, nps(ab));
    println!("  id tt,killer,history      {:>10} nodes  {:>8.3} s  {:>12.0} nodes/s", id.0, id.1, nps(id));
    println!(
        "  id / alphabeta: nodes {:.3}, time {:.3}, nodes per second {:.3}",
        id.0 as f64 / ab.0 as f64,
        id.1 / ab.1,
        nps(id) / nps(ab)
    );
}
