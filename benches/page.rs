//! Big HTML pages: xiangqi at depth 4 with alpha-beta (638,761 nodes with the pruned ones) and
//! a 1,111,111-node random tree searched by minimax, each traced and then rendered as a page —
//! the time and the memory the page takes beyond the trace (a counting allocator), its bytes
//! per node, and the page's time as a ratio to the search's own (measured in this run).
//!
//! With `ABVIZ_BASELINE=/path/to/an/older/abviz`, both binaries also write both pages as
//! `abviz run … -f html -o DIR` (`/usr/bin/time` gives the wall time and the most memory), and
//! the ratios new / old are printed: build the baseline from main before your change.
//!
//! Run: `cargo bench --bench page`.

use abviz::export::ViewOptions;
use abviz::export::html::{PageOptions, page};
use abviz::game::Player;
use abviz::game::random::{Ordering as TreeOrdering, RandomTree};
use abviz::game::registry::{GameOptions, find};
use abviz::input::{GameInput, Input, RunOptions};
use abviz::search::Algorithm;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The system allocator, counting the bytes live and the most live since the last reset.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Runs `f`: its result, its time in seconds and the most bytes it had live beyond what was
/// live before it.
fn measure<T>(f: impl FnOnce() -> T) -> (T, f64, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let t = Instant::now();
    let out = f();
    (out, t.elapsed().as_secs_f64(), PEAK.load(Ordering::Relaxed) - before)
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1e6
}

/// The two searches: a name, the input, the algorithm and the same as `abviz run` arguments.
fn cases() -> Vec<(&'static str, Input, Algorithm, &'static [&'static str])> {
    let xiangqi = GameInput::new(find("xiangqi").unwrap(), &GameOptions::default(), Some(4)).unwrap();
    let random = RandomTree {
        branching: 10,
        depth: 6,
        seed: 1,
        values: (0, 20),
        ordering: TreeOrdering::Natural,
        root_player: Player::Max,
    };
    vec![
        (
            "xiangqi depth 4, alpha-beta",
            Input::Game(xiangqi),
            Algorithm::AlphaBeta,
            &["--game", "xiangqi", "--depth", "4", "-a", "alphabeta"],
        ),
        (
            "random 10^6, minimax",
            Input::Random(random),
            Algorithm::Minimax,
            &["--random", "10,6,1", "-a", "minimax"],
        ),
    ]
}

fn main() {
    // `cargo bench` passes --bench; a filter argument that does not match skips this bench.
    if std::env::args().skip(1).any(|a| !a.starts_with('-') && !"page".contains(a.as_str())) {
        return;
    }
    for (name, input, algo, args) in cases() {
        let (trace, t_search, _) = measure(|| input.trace(algo, &RunOptions::default()).unwrap());
        let n = trace.nodes().len();
        let (p, t_page, extra) = measure(|| page(&trace, &ViewOptions::default(), &PageOptions::default()));
        let bytes = p.html.len();
        println!("{name}: {n} nodes, {} events", trace.events().len());
        println!(
            "  search + trace {t_search:.3} s (trace {:.1} MB); page {t_page:.3} s = {:.2} x the search, {:.1} MB beyond the trace; \
             index.html {:.1} MB = {:.1} B/node",
            mb(trace.heap_bytes()),
            t_page / t_search,
            mb(extra),
            mb(bytes),
            bytes as f64 / n as f64
        );
        drop(p);
        drop(trace);
        if let Ok(old) = std::env::var("ABVIZ_BASELINE") {
            let new = env!("CARGO_BIN_EXE_abviz");
            let (Some(o), Some(w)) = (run_page(&old, args), run_page(new, args)) else {
                println!("  (the baseline comparison needs /usr/bin/time)");
                continue;
            };
            println!(
                "  abviz run -f html: baseline {:.2} s, {:.0} MB, page {:.1} MB; now {:.2} s, {:.0} MB, page {:.1} MB; \
                 ratios now/baseline: time {:.2}, memory {:.2}, page {:.3}",
                o.0,
                o.1 / 1e3,
                mb(o.2),
                w.0,
                w.1 / 1e3,
                mb(w.2),
                w.0 / o.0,
                w.1 / o.1,
                w.2 as f64 / o.2 as f64
            );
        }
    }
}

/// `abviz run ARGS -f html -o DIR` with `bin`: seconds, most memory (KB) and the page's bytes.
fn run_page(bin: &str, args: &[&str]) -> Option<(f64, f64, usize)> {
    let dir = tempfile::tempdir().ok()?;
    let out = dir.path().join("page");
    let o = std::process::Command::new("/usr/bin/time")
        .args(["-f", "%e %M", bin, "run"])
        .args(args)
        .args(["-f", "html", "-o"])
        .arg(&out)
        .output()
        .ok()?;
    let err = String::from_utf8_lossy(&o.stderr);
    let mut last = err.lines().last()?.split_whitespace();
    let secs = last.next()?.parse().ok()?;
    let kb = last.next()?.parse().ok()?;
    Some((secs, kb, std::fs::metadata(out.join("index.html")).ok()?.len() as usize))
}
