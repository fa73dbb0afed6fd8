//! How long the tidy tree layout takes on big traces (1k to 1M nodes).
//!
//! The traces are synthetic: random trees with 0–4 children per node, grown breadth-first to
//! exactly N nodes, recorded by a minimax search (set-up, not timed), every node shown
//! (`--collapse off`). Timed: `Layout::of_view`, the layout the SVG and TikZ views use.
//!
//! Run: `cargo bench --bench layout`.

use abviz::export::layout::{Layout, NodeBox, Spacing};
use abviz::export::view::View;
use abviz::export::{Collapse, ViewOptions};
use abviz::game::Player;
use abviz::game::tree::{ExplicitTree, TreeSpec, TreeSpecNode};
use abviz::search::{Algorithm, run};
use abviz::trace::{Recorder, Trace};
use criterion::{BenchmarkId, Criterion, criterion_group};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::collections::VecDeque;
use std::hint::black_box;

/// A random tree of exactly `n` nodes (0–4 children each, grown breadth-first), recorded as a
/// minimax search (the recording is set-up, not timed).
fn synthetic(n: usize, seed: u64) -> Trace {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // children[v]: the child ids of node v, ids in breadth-first order.
    let mut children: Vec<Vec<usize>> = vec![Vec::new()];
    let mut frontier = VecDeque::from([0usize]);
    while children.len() < n {
        let v = frontier.pop_front().unwrap_or(0);
        let k = ((rng.next_u64() % 5) as usize).min(n - children.len());
        let k = if k == 0 && frontier.is_empty() { 1 } else { k };
        for _ in 0..k {
            let id = children.len();
            children.push(Vec::new());
            children[v].push(id);
            frontier.push_back(id);
        }
    }
    // Build the spec bottom-up (children have larger ids than their parents).
    let mut specs: Vec<Option<TreeSpecNode>> = (0..n).map(|_| None).collect();
    for v in (0..n).rev() {
        let node = if children[v].is_empty() {
            TreeSpecNode::leaf(0)
        } else {
            TreeSpecNode::interior(children[v].iter().map(|&c| specs[c].take().expect("built")).collect())
        };
        specs[v] = Some(node);
    }
    let spec = TreeSpec { root_player: None, bounds: None, root: specs[0].take().expect("root") };
    let tree = ExplicitTree::new(&spec, Player::Max);
    let mut rec = Recorder::new(Algorithm::Minimax.descriptor(), u64::MAX);
    let outcome = run(Algorithm::Minimax, &mut tree.clone(), u32::MAX, &mut rec).expect("no budget");
    rec.finish(Default::default(), outcome.result(&tree))
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

/// Our whole SVG view (view, layout, drawing, text) against Graphviz's `dot -Tsvg` on the DOT
/// view of the same trace: a uniform tree of branching 4 and depth 6 (5,461 nodes, 5,460
/// edges), everything shown. Printed as a ratio of medians measured in this run; skipped with a
/// note when Graphviz is not installed.
fn svg_versus_dot() {
    use abviz::export::Format;
    use abviz::input::{Input, RunOptions};
    use std::time::Instant;
    let input = Input::Random(abviz::game::random::RandomTree {
        branching: 4,
        depth: 6,
        seed: 1,
        values: (-9, 9),
        ordering: abviz::game::random::Ordering::Natural,
        root_player: Player::Max,
    });
    let trace = input.trace(Algorithm::Minimax, &RunOptions::default()).expect("small");
    let opts = ViewOptions { collapse: Some(Collapse::Off), ..Default::default() };
    let export = |format: Format| match format.exporter().export(&trace, &opts).expect("exports") {
        abviz::export::Output::Text(t) => t,
        _ => unreachable!("text formats"),
    };
    let median = |runs: usize, f: &mut dyn FnMut()| {
        let mut times: Vec<f64> = (0..runs)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(|a, b| a.total_cmp(b));
        times[runs / 2]
    };
    let ours = median(21, &mut || {
        black_box(export(Format::Svg));
    });
    let dot_text = export(Format::Dot);
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("tree.dot");
    std::fs::write(&path, dot_text).expect("write");
    let run_dot = || std::process::Command::new("dot").arg("-Tsvg").arg(&path).output();
    if !run_dot().is_ok_and(|o| o.status.success()) {
        println!("svg vs dot: Graphviz not installed, skipped");
        return;
    }
    let theirs = median(3, &mut || {
        black_box(run_dot().expect("dot runs"));
    });
    println!(
        "svg vs dot -Tsvg on {} nodes: ours {:.1} ms, dot {:.0} ms: {:.0}x faster",
        trace.nodes().len(),
        ours * 1e3,
        theirs * 1e3,
        theirs / ours
    );
}

fn main() {
    benches();
    svg_versus_dot();
    Criterion::default().configure_from_args().final_summary();
}
