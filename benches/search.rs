//! Full-depth tic-tac-toe searches with no instrumentation, the no-op observer, the counting
//! observer and the full recorder: the price of instrumentation. Also prints the ratios of the
//! medians measured side by side in this run, and the recorder's bytes per node. MCTS: iterations
//! per second from the empty board, no-op against recording.
//!
//! Run: `cargo bench --bench search`.

use abviz::Score;
use abviz::game::tictactoe::{TicTacToe, TttEval};
use abviz::game::{Game, Player};
use abviz::search::{Algorithm, MctsOptions, run, run_with};
use abviz::trace::{Counter, NoOp, Recorder, Trace};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Instant;

/// The same minimax / fail-hard alpha-beta as the library's, written out with no observer and no
/// `Search` context: the baseline the no-op observer must match. Like the library's searches it
/// returns its principal variation (each ply's line, the best child's line moved up).
fn plain(
    game: &mut TicTacToe,
    mut alpha: Score,
    mut beta: Score,
    prune: bool,
    lines: &mut Vec<Vec<u8>>,
    ply: usize,
) -> Score {
    if lines.len() < ply + 2 {
        lines.resize_with(ply + 2, Vec::new);
    }
    lines[ply].clear();
    if let Some(v) = game.terminal_value() {
        return v;
    }
    let max = game.to_move() == Player::Max;
    let mut best = if max { Score::NEG_INF } else { Score::INF };
    for (i, mv) in game.moves().into_iter().enumerate() {
        game.play(mv);
        let v = plain(game, alpha, beta, prune, lines, ply + 1);
        game.undo(mv);
        let better = i == 0 || if max { v > best } else { v < best };
        if max {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if better {
            lines.swap(ply, ply + 1);
            lines[ply].push(mv);
        }
        if prune && alpha >= beta {
            return if max { beta } else { alpha };
        }
    }
    if prune { if max { alpha } else { beta } } else { best }
}

fn uninstrumented(algo: Algorithm) -> Score {
    let mut lines = Vec::new();
    let prune = algo != Algorithm::Minimax;
    plain(&mut TicTacToe::new(TttEval::Win), Score::NEG_INF, Score::INF, prune, &mut lines, 0)
}

fn noop(algo: Algorithm) -> Score {
    run(algo, &mut TicTacToe::new(TttEval::Win), u32::MAX, &mut NoOp).unwrap().value
}

fn counter(algo: Algorithm) -> u64 {
    let mut obs = Counter::new(u64::MAX);
    run(algo, &mut TicTacToe::new(TttEval::Win), u32::MAX, &mut obs).unwrap();
    obs.stats.nodes
}

fn record(algo: Algorithm) -> Trace {
    let game = TicTacToe::new(TttEval::Win);
    let mut rec = Recorder::new(algo.descriptor(), u64::MAX);
    let outcome = run(algo, &mut game.clone(), u32::MAX, &mut rec).unwrap();
    rec.finish(Default::default(), outcome.result(&game))
}

/// MCTS iterations per measurement.
const MCTS_ITERATIONS: u32 = 2000;

fn mcts<O: abviz::trace::Observer<TicTacToe>>(obs: &mut O) -> Option<u32> {
    let opts = MctsOptions { iterations: MCTS_ITERATIONS, ..MctsOptions::default() };
    run_with(
        Algorithm::Mcts,
        &mut TicTacToe::new(TttEval::Win),
        u32::MAX,
        &abviz::search::Settings { mcts: opts, ..Default::default() },
        obs,
    )
    .unwrap()
    .best_index()
}

fn mcts_record() -> Trace {
    let game = TicTacToe::new(TttEval::Win);
    let mut rec = Recorder::new(Algorithm::Mcts.descriptor(), u64::MAX);
    let opts = MctsOptions { iterations: MCTS_ITERATIONS, ..MctsOptions::default() };
    let outcome = run_with(
        Algorithm::Mcts,
        &mut game.clone(),
        u32::MAX,
        &abviz::search::Settings { mcts: opts, ..Default::default() },
        &mut rec,
    )
    .unwrap();
    rec.finish(Default::default(), outcome.result(&game))
}

fn searches(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictactoe-mcts");
    group.throughput(Throughput::Elements(u64::from(MCTS_ITERATIONS)));
    group.sample_size(20);
    group.bench_function("noop", |b| b.iter(|| black_box(mcts(&mut NoOp))));
    group.bench_function("recorder", |b| b.iter(|| black_box(mcts_record().nodes().len())));
    group.finish();
    for algo in [Algorithm::Minimax, Algorithm::AlphaBeta] {
        let mut group = c.benchmark_group(format!("tictactoe-{algo}"));
        group.throughput(Throughput::Elements(counter(algo)));
        group.sample_size(if algo == Algorithm::Minimax { 10 } else { 30 });
        group.bench_function("uninstrumented", |b| b.iter(|| uninstrumented(algo)));
        group.bench_function("noop", |b| b.iter(|| noop(algo)));
        group.bench_function("counter", |b| b.iter(|| black_box(counter(algo))));
        group.bench_function("recorder", |b| b.iter(|| black_box(record(algo).nodes().len())));
        group.finish();
    }
    ratios();
}

/// The median time of `f` over `runs` runs, in seconds.
fn median(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(|a, b| a.total_cmp(b));
    times[runs / 2]
}

/// Ratios of medians measured in turn in this process, and the bytes per recorded node.
fn ratios() {
    println!();
    let quiet = median(31, || {
        black_box(mcts(&mut NoOp));
    });
    let rec = median(31, || {
        black_box(mcts_record().nodes().len());
    });
    let t = mcts_record();
    println!(
        "mcts: {:.0} iterations/s with no-op, {:.0} recording; recorder / no-op = {:.2}; {} nodes, {} events, {:.1} bytes per node",
        f64::from(MCTS_ITERATIONS) / quiet,
        f64::from(MCTS_ITERATIONS) / rec,
        rec / quiet,
        t.nodes().len(),
        t.events().len(),
        t.heap_bytes() as f64 / t.nodes().len() as f64
    );
    for algo in [Algorithm::Minimax, Algorithm::AlphaBeta] {
        let runs = if algo == Algorithm::Minimax { 15 } else { 101 };
        let base = median(runs, || {
            black_box(uninstrumented(algo));
        });
        let quiet = median(runs, || {
            black_box(noop(algo));
        });
        let rec = median(runs, || {
            black_box(record(algo).nodes().len());
        });
        let t = record(algo);
        let n = t.nodes().len() as f64;
        println!(
            "{algo}: no-op / uninstrumented = {:.2}, recorder / no-op = {:.2}; {} nodes recorded, {:.1} bytes per node ({} events)",
            quiet / base,
            rec / quiet,
            t.nodes().len(),
            t.heap_bytes() as f64 / n,
            t.events().len()
        );
    }
}

criterion_group!(benches, searches);
criterion_main!(benches);
