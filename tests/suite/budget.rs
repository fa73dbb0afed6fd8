//! One memory budget for all work (issue 30, item 2): the node budget bounds a recorded search's
//! heap at [`BYTES_PER_NODE`] a node — MCTS on a tiny game that adds no node for millions of
//! iterations, never-searched children of a wide tree, and a root with more children than the
//! budget (refused before they are made). Heap is counted by the test binary's allocator, per thread.

use abviz::game::Player;
use abviz::game::nim::Nim;
use abviz::game::random::{Ordering, RandomTree};
use abviz::input::{Input, RunOptions};
use abviz::search::{Algorithm, MctsOptions};
use abviz::trace::BYTES_PER_NODE;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting the bytes this thread holds and their peak. The counts are
/// per thread because the other tests of the binary allocate at the same time on theirs; a
/// recorded search runs on the thread that asked for it.
struct Counting;

thread_local! {
    /// Bytes held by this thread's allocations (frees of its blocks by other threads aside).
    static HELD: Cell<usize> = const { Cell::new(0) };
    /// The most `HELD` has been since [`peak_of`] last reset it.
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

/// Adds `grown` bytes to this thread's count (and its peak) and takes `shrunk` away. A thread
/// being torn down has no counters left: its allocations are not counted.
fn count(grown: usize, shrunk: usize) {
    let _ = HELD.try_with(|held| {
        let now = (held.get() + grown).saturating_sub(shrunk);
        held.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size(), 0);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        count(0, layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size, layout.size());
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak heap of this thread (above what it held before) while `work` runs, and its result.
fn peak_of<T>(work: impl FnOnce() -> T) -> (usize, T) {
    let before = HELD.with(Cell::get);
    PEAK.with(|peak| peak.set(before));
    let out = work();
    (PEAK.with(Cell::get) - before, out)
}

const BUDGET: u64 = 100_000;

/// Runs `algo` on `input` within [`BUDGET`], which it passes: the peak heap of the refused
/// search, the input's own `input_bytes` (a random tree's leaf values) aside.
fn refused_within_budget(input: Input, algo: Algorithm, opts: RunOptions, input_bytes: usize) -> usize {
    let (peak, result) = peak_of(|| input.trace(algo, &opts).map(|t| t.nodes().len()));
    let peak = peak.saturating_sub(input_bytes);
    let err = result.expect_err("the search passes the budget").to_string();
    assert!(err.contains(&format!("{BUDGET} nodes")), "{err}");
    assert!(
        peak as u64 <= BUDGET * BYTES_PER_NODE,
        "{peak} bytes for a budget of {BUDGET} nodes: {} a node, more than BYTES_PER_NODE = {BYTES_PER_NODE}",
        peak as u64 / BUDGET
    );
    peak
}

fn options(iterations: u32) -> RunOptions {
    RunOptions {
        max_nodes: BUDGET,
        minimax_reference: false,
        settings: abviz::search::Settings {
            mcts: MctsOptions { iterations, seed: 1, ..MctsOptions::default() },
            ..Default::default()
        },
        ..RunOptions::default()
    }
}

fn random(branching: u32, depth: u32) -> Input {
    Input::Random(RandomTree {
        branching,
        depth,
        seed: 1,
        values: (0, 99),
        ordering: Ordering::Natural,
        root_player: Player::Max,
    })
}

/// `--game nim --position 1,1 --algo mcts --iterations 100000000`: the tree stops growing after
/// a few nodes, and the iterations' events spend the budget instead.
#[test]
fn mcts_iterations_that_add_no_node_spend_the_budget() {
    let nim = Input::game(Nim::parse("1,1").unwrap(), None);
    refused_within_budget(nim, Algorithm::Mcts, options(100_000_000), 0);
}

/// `--random 4096,2`: the never-searched children each cutoff records count.
#[test]
fn never_searched_children_count() {
    refused_within_budget(random(4096, 2), Algorithm::AlphaBeta, options(0), 4096 * 4096 * 4);
}

/// `--random 16777216,1`: a root with more children than the budget is refused before their
/// labels are made.
#[test]
fn a_node_wider_than_the_budget_is_refused_before_its_children_are_made() {
    let peak = refused_within_budget(random(16_777_216, 1), Algorithm::AlphaBeta, options(0), 0);
    assert!(peak < 1 << 20, "{peak} bytes: the tree or its children were made");
}
