//! A timed comparison sweep: random trees with b = 2..6, d = 1..8, best/random/worst order,
//! 100 samples per cell, minimax and every alpha-beta variant, counted in parallel (rayon).
//!
//! ```text
//! cargo run --release --example sweep                          # all cores
//! RAYON_NUM_THREADS=1 cargo run --release --example sweep      # one thread, for the speed-up
//! cargo run --release --example sweep -- 20 random             # 20 samples, random order only
//! ```

use abviz::compare::{self, Experiment, RandomSweep, Report};
use abviz::game::Player;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let samples: u32 = args.first().map(|s| s.parse()).transpose()?.unwrap_or(100);
    let orderings = compare::parse_orderings(args.get(1).map_or("best,random,worst", String::as_str))?;
    let sweep = RandomSweep {
        branching: (2..=6).collect(),
        depth: (1..=8).collect(),
        orderings,
        samples,
        seed: 1,
        values: (0, 20),
        root: Player::Max,
        chance: false,
    };
    let experiment = Experiment {
        cases: sweep.cases(u64::MAX)?,
        algorithms: compare::default_algorithms(),
        max_nodes: u64::MAX,
    };
    let start = Instant::now();
    let results = experiment.run(&|_| ())?;
    let seconds = start.elapsed().as_secs_f64();
    let report = Report::new(&experiment, &results);
    let nodes: f64 =
        report.rows.iter().flat_map(|r| r.results.iter().map(move |a| a.nodes.mean * r.samples as f64)).sum();
    println!(
        "{} cells × {samples} samples × {} algorithms = {} searches, {:.0} nodes",
        experiment.cases.len(),
        experiment.algorithms.len(),
        experiment.searches(),
        nodes
    );
    println!(
        "{seconds:.2} s on {} thread(s): {:.1} million nodes per second",
        rayon::current_num_threads(),
        nodes / seconds / 1e6
    );
    Ok(())
}
