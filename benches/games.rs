//! No-op alpha-beta on every registered game: nodes per second, the number each game's issue
//! asks for, and each game's speed as a ratio of tic-tac-toe's measured in the same run (the
//! machine is shared, so only ratios compare across runs).
//!
//! Run: `cargo bench --bench games`.

use abviz::game::registry::{AnyGame, GameId, GameOptions, PositionVisitor, RegisteredGame};
use abviz::search::{Algorithm, run};
use abviz::trace::{Counter, NoOp};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Instant;

/// The search of each game: (game, position, depth).
const CASES: &[(&str, Option<&str>, u32)] = &[
    ("tictactoe", None, u32::MAX),
    ("nim", Some("3,4,5"), u32::MAX),
    ("xiangqi", None, 3),
    ("connect4", None, 9),
    ("kalah", None, 9),
    ("gomoku", Some("h8 i9 h9 h10 i8"), 3),
    ("jiu", Some("wwwbbw/wwwbbw/bbw.bw/wb.bbw/wwbbbb/bbbwww move b 0"), 3),
];

fn position(name: &str, text: Option<&str>) -> AnyGame {
    let options = GameOptions { position: text.map(str::to_string), ..Default::default() };
    abviz::game::registry::find(name).and_then(|g: GameId| g.build(&options)).unwrap()
}

/// Runs no-op alpha-beta (or counts its nodes) on a position of any game.
struct Search {
    depth: u32,
    count: bool,
}

impl PositionVisitor for Search {
    type Output = u64;
    fn visit<G: RegisteredGame>(self, position: &G) -> u64 {
        let mut g = position.clone();
        if self.count {
            let mut obs = Counter::new(u64::MAX);
            run(Algorithm::AlphaBeta, &mut g, self.depth, &mut obs).unwrap();
            obs.stats.nodes
        } else {
            run(Algorithm::AlphaBeta, &mut g, self.depth, &mut NoOp).unwrap();
            0
        }
    }
}

fn games(c: &mut Criterion) {
    for &(name, text, depth) in CASES {
        let game = position(name, text);
        let nodes = game.visit(Search { depth, count: true });
        let mut group = c.benchmark_group(format!("alphabeta-noop-{name}"));
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(10);
        group.bench_function("search", |b| b.iter(|| black_box(game.visit(Search { depth, count: false }))));
        group.finish();
    }
    nodes_per_second();
}

/// Nodes per second of each game from the median of a few runs, and the ratio to tic-tac-toe's.
fn nodes_per_second() {
    println!();
    let mut base = None;
    for &(name, text, depth) in CASES {
        let game = position(name, text);
        let nodes = game.visit(Search { depth, count: true });
        let mut times: Vec<f64> = (0..7)
            .map(|_| {
                let t = Instant::now();
                black_box(game.visit(Search { depth, count: false }));
                t.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(|a, b| a.total_cmp(b));
        let rate = nodes as f64 / times[times.len() / 2];
        let base = *base.get_or_insert(rate);
        let shown = if depth == u32::MAX { "end".to_string() } else { depth.to_string() };
        println!(
            "{name:<10} depth {shown:<4} {nodes:>10} nodes  {:>12.0} nodes/s  {:.2} × tic-tac-toe",
            rate,
            rate / base
        );
    }
}

criterion_group!(benches, games);
criterion_main!(benches);
