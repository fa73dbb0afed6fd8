//! Full-depth tic-tac-toe searches with the no-op observer, the counting observer and the full
//! recorder: the price of instrumentation. Also prints the recorder's bytes per node.

use abviz::Score;
use abviz::game::tictactoe::{TicTacToe, TttEval};
use abviz::game::{Game, Player};
use abviz::search::{Algorithm, run};
use abviz::trace::{Counter, Event, NoOp, Node, Recorder};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// The same fail-hard alpha-beta / minimax with no observer at all: the baseline that the
/// no-op observer must match.
fn plain(game: &mut TicTacToe, mut alpha: Score, mut beta: Score, prune: bool) -> Score {
    if let Some(v) = game.terminal_value() {
        return v;
    }
    let max = game.to_move() == Player::Max;
    let mut best = if max { Score::NEG_INF } else { Score::INF };
    for mv in game.moves() {
        game.play(mv);
        let v = plain(game, alpha, beta, prune);
        game.undo(mv);
        if max {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if prune && alpha >= beta {
            break;
        }
    }
    best
}

fn nodes_of(algo: Algorithm) -> u64 {
    let mut c = Counter::new(u64::MAX);
    run(algo, &mut TicTacToe::new(TttEval::Win), u32::MAX, &mut c).unwrap();
    c.stats.nodes
}

fn searches(c: &mut Criterion) {
    for algo in [Algorithm::Minimax, Algorithm::AlphaBeta] {
        let mut group = c.benchmark_group(format!("tictactoe-{algo}"));
        group.throughput(Throughput::Elements(nodes_of(algo)));
        group.sample_size(if algo == Algorithm::Minimax { 10 } else { 30 });
        let prune = algo != Algorithm::Minimax;
        group.bench_function("uninstrumented", |b| {
            b.iter(|| plain(&mut TicTacToe::new(TttEval::Win), Score::NEG_INF, Score::INF, prune))
        });
        group.bench_function("noop", |b| {
            b.iter(|| run(algo, &mut TicTacToe::new(TttEval::Win), u32::MAX, &mut NoOp).unwrap())
        });
        group.bench_function("counter", |b| {
            b.iter(|| {
                let mut obs = Counter::new(u64::MAX);
                run(algo, &mut TicTacToe::new(TttEval::Win), u32::MAX, &mut obs).unwrap();
                black_box(obs.stats.nodes)
            })
        });
        group.bench_function("recorder", |b| {
            b.iter(|| {
                let mut rec = Recorder::new(algo, u64::MAX);
                run(algo, &mut TicTacToe::new(TttEval::Win), u32::MAX, &mut rec).unwrap();
                black_box(rec.finish(Default::default()).nodes.len())
            })
        });
        group.finish();
    }
    // Memory: node records + event log (+ cutoff table and child index) per recorded node.
    for algo in [Algorithm::Minimax, Algorithm::AlphaBeta] {
        let mut rec = Recorder::new(algo, u64::MAX);
        run(algo, &mut TicTacToe::new(TttEval::Win), u32::MAX, &mut rec).unwrap();
        let t = rec.finish(Default::default());
        let n = t.nodes.len() as f64;
        let node_bytes = std::mem::size_of::<Node>() as f64;
        let event_bytes = (t.events.len() * std::mem::size_of::<Event>()) as f64 / n;
        let cut_bytes = (t.cutoffs.len() * std::mem::size_of::<abviz::trace::Cutoff>()) as f64 / n;
        let index_bytes = 8.0; // child_start + child_ids: two u32 per node
        println!(
            "{algo}: {} nodes recorded, {node_bytes:.0} B/node record + {event_bytes:.1} B/node events + {cut_bytes:.1} B/node cutoffs + {index_bytes:.0} B/node child index = {:.1} B/node",
            t.nodes.len(),
            node_bytes + event_bytes + cut_bytes + index_bytes
        );
    }
}

criterion_group!(benches, searches);
criterion_main!(benches);
