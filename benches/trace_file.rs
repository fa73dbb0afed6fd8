//! Big traces as files: full tic-tac-toe minimax (549,946 nodes) recorded, written in both
//! layouts and read back, with the memory each step takes beyond the trace itself (a counting
//! allocator) and the time, as ratios measured in this run. Then the same search side by side
//! with aima-python's untraced `minimax_decision` (PyPI `aima3`; skipped with a note when it is
//! not installed: `pip install aima3 numpy`).
//!
//! Run: `cargo bench --bench trace_file`.

use abviz::game::tictactoe::{TicTacToe, TttEval};
use abviz::search::{Algorithm, run};
use abviz::trace::json::Layout;
use abviz::trace::{Recorder, Trace};
use std::io::Write;

#[path = "support/counting.rs"]
mod counting;
use counting::measure;

fn record() -> Trace {
    let game = TicTacToe::new(TttEval::Win);
    let algo = Algorithm::Minimax;
    let mut rec = Recorder::new(algo.descriptor(), u64::MAX);
    let outcome = run(algo, &mut game.clone(), u32::MAX, &mut rec).unwrap();
    rec.finish(Default::default(), outcome.result(&game))
}

/// A writer that only counts.
#[derive(Default)]
struct CountingSink(usize);

impl Write for CountingSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1e6
}

fn main() {
    // `cargo bench` passes --bench; a filter argument that does not match skips this bench.
    if std::env::args().skip(1).any(|a| !a.starts_with('-') && !"trace_file".contains(a.as_str())) {
        return;
    }
    let runs = 5;
    let (trace, t_record, record_peak) = measure(runs, record);
    let n = trace.nodes().len();
    let trace_bytes = trace.heap_bytes();
    println!("full tic-tac-toe minimax: {n} nodes, {} events", trace.events().len());
    println!(
        "  record:            {:>7.3} s   trace {:>6.1} MB ({:.1} B/node), peak while recording {:.1} MB",
        t_record,
        mb(trace_bytes),
        trace_bytes as f64 / n as f64,
        mb(record_peak)
    );
    let (compact_len, t_compact, compact_peak) = measure(runs, || {
        let mut sink = CountingSink::default();
        trace.write_json(&mut sink, Layout::Compact, false).unwrap();
        sink.0
    });
    println!(
        "  write compact:     {:>7.3} s   {:>6.1} MB ({:.1} B/node), extra memory {:.2} MB = {:.3} x the trace",
        t_compact,
        mb(compact_len),
        compact_len as f64 / n as f64,
        mb(compact_peak),
        compact_peak as f64 / trace_bytes as f64
    );
    let (readable_len, t_readable, readable_peak) = measure(1, || {
        let mut sink = CountingSink::default();
        trace.write_json(&mut sink, Layout::Readable, false).unwrap();
        sink.0
    });
    println!(
        "  write readable:    {:>7.3} s   {:>6.1} MB ({:.0} B/node), extra memory {:.1} MB = {:.2} x the trace (the per-node summaries it prints)",
        t_readable,
        mb(readable_len),
        readable_len as f64 / n as f64,
        mb(readable_peak),
        readable_peak as f64 / trace_bytes as f64
    );
    let mut compact = Vec::new();
    trace.write_json(&mut compact, Layout::Compact, false).unwrap();
    let (back, t_read, read_peak) =
        measure(runs, || Trace::from_reader_with(&compact[..], |_| None).unwrap());
    assert_eq!(back.events(), trace.events());
    println!(
        "  read compact:      {:>7.3} s   peak {:.1} MB = {:.2} x the trace read",
        t_read,
        mb(read_peak),
        read_peak as f64 / back.heap_bytes() as f64
    );
    println!(
        "  ratios: write compact / record = {:.2}; compact / readable size = 1/{:.0}",
        t_compact / t_record,
        readable_len as f64 / compact_len as f64
    );
    versus_aima(t_record + t_compact);
}

/// aima-python's untraced minimax on the same tree, timed in its own process (CPU seconds).
fn versus_aima(ours: f64) {
    let script = "import time\nimport aima3.games as g\nt = g.TicTacToe()\nbest = None\nfor _ in range(3):\n    s = time.process_time()\n    g.minimax_decision(t.initial, t)\n    e = time.process_time() - s\n    best = e if best is None else min(best, e)\nprint(best)\n";
    let out = std::process::Command::new("python3").args(["-c", script]).output();
    match out {
        Ok(o) if o.status.success() => {
            let theirs: f64 = String::from_utf8_lossy(&o.stdout).trim().parse().unwrap_or(f64::NAN);
            println!(
                "  aima-python minimax_decision (untraced): {theirs:.3} s; abviz traced + written compact: {ours:.3} s = {:.1}x faster",
                theirs / ours
            );
        }
        _ => println!("  aima-python not installed (pip install aima3 numpy): side-by-side skipped"),
    }
}
