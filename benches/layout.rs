//! How long the tidy tree layout takes on big traces (1k to 1M nodes).
//!
//! The traces are synthetic: random trees with 0–4 children per node, grown breadth-first to
//! exactly N nodes, built straight into a `Trace` (no search), every node shown
//! (`--collapse off`). Timed: `Layout::of_view`, the layout the SVG and TikZ views use.
//!
//! Run: `cargo bench --bench layout`.

use abviz::Score;
use abviz::export::layout::{Layout, NodeBox, Spacing};
use abviz::export::view::View;
use abviz::export::{Collapse, ViewOptions};
use abviz::game::Player;
use abviz::trace::{Bound, NONE, Node, Status, Trace};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::collections::VecDeque;
use std::hint::black_box;

fn node(parent: u32, index: u32, depth: u16) -> Node {
    Node {
        parent,
        index,
        depth,
        player: if depth.is_multiple_of(2) { Player::Max } else { Player::Min },
        status: Status::Leaf,
        bound: Bound::Exact,
        pruned_leaf: false,
        pre: 0,
        post: 0,
        alpha_in: Score::NEG_INF,
        beta_in: Score::INF,
        alpha_out: Score::NEG_INF,
        beta_out: Score::INF,
        value: Score::from(0),
        parent_alpha: Score::NEG_INF,
        parent_beta: Score::INF,
        label: NONE,
        name: NONE,
    }
}

/// A random tree of exactly `n` nodes as a trace.
fn synthetic(n: usize, seed: u64) -> Trace {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut nodes = vec![node(NONE, 0, 0)];
    let mut frontier = VecDeque::from([0u32]);
    while nodes.len() < n {
        let v = frontier.pop_front().unwrap_or(0);
        let k = ((rng.next_u64() % 5) as usize).min(n - nodes.len());
        let k = if k == 0 && frontier.is_empty() { 1 } else { k };
        for i in 0..k {
            let id = nodes.len() as u32;
            let d = nodes[v as usize].depth + 1;
            nodes.push(node(v, i as u32, d));
            frontier.push_back(id);
        }
        if k > 0 {
            nodes[v as usize].status = Status::Interior;
        }
    }
    for (i, nd) in nodes.iter_mut().enumerate() {
        nd.pre = i as u32 + 1;
        nd.post = i as u32 + 1;
    }
    let mut trace = Trace::default();
    trace.nodes = nodes;
    trace.build_children();
    trace
}

fn bench_layout(c: &mut Criterion) {
    let mut group = c.benchmark_group("tidy layout");
    for n in [1_000usize, 10_000, 100_000, 1_000_000] {
        let trace = synthetic(n, 42);
        let opts = ViewOptions { collapse: Some(Collapse::Off), ..Default::default() };
        let view = View::new(&trace, &opts);
        assert_eq!(view.len(), n);
        let boxes = vec![NodeBox { left: 30.0, right: 50.0, top: 15.0, bottom: 15.0 }; n];
        if n >= 100_000 {
            group.sample_size(10);
        }
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| black_box(Layout::of_view(&view, &boxes, Spacing::default())))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_layout);
criterion_main!(benches);
