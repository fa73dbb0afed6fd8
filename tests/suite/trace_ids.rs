//! Every node id a trace file names is checked once, when it is read: a file whose ids are out
//! of range, dangle (name a node that exists but is not where the reference says) or sit in the
//! wrong field is refused with a clear error, and no view ever indexes by an unchecked id
//! (issue 30, item 1: `bound_from` naming a node that does not exist crashed `render -f text`
//! and `-f json`).

use crate::targets;

use crate::structure;

use abviz::input::{GameInput, Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::Trace;
use abviz::trace::json::Layout;
use assert_cmd::Command;
use serde_json::Value;

fn write(t: &Trace, layout: Layout) -> String {
    let mut out = Vec::new();
    t.write_json(&mut out, layout, false).unwrap();
    String::from_utf8(out).unwrap()
}

fn aima(algo: Algorithm) -> Trace {
    let input = Input::from_tree_text(&std::fs::read_to_string("examples/aima.tree").unwrap(), None).unwrap();
    input.trace(algo, &RunOptions::default()).unwrap()
}

fn game(name: &str, depth: u32, algo: Algorithm) -> Trace {
    let options = abviz::game::registry::GameOptions::default();
    let input = Input::Game(
        GameInput::new(abviz::game::registry::find(name).unwrap(), &options, Some(depth)).unwrap(),
    );
    let mut opts = RunOptions::default();
    opts.settings.mcts.iterations = 40;
    input.trace(algo, &opts).unwrap()
}

/// The AIMA trace (readable) with its first cutoff's `bound_from` set to `to`.
fn with_bound_from(to: u64) -> String {
    let text = write(&aima(Algorithm::AlphaBetaSoft), Layout::Readable);
    let mut doc: Value = serde_json::from_str(&text).unwrap();
    let cutoff = doc["events"].as_array_mut().unwrap().iter_mut().find(|e| e["kind"] == "cutoff").unwrap();
    cutoff["bound_from"] = to.into();
    doc.to_string()
}

#[test]
fn a_dangling_bound_from_is_refused_at_load() {
    for to in [99u64, 13, 2, 7] {
        let text = with_bound_from(to);
        let err =
            abviz::search::read_trace(&text).err().unwrap_or_else(|| panic!("bound_from {to} was read"));
        let msg = err.to_string();
        assert!(msg.contains(&format!("node {to}")), "{msg}");
    }
    // The command: a clear error, exit 1, no panic.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bf.json");
    std::fs::write(&path, with_bound_from(99)).unwrap();
    for format in ["text", "json", "svg", "dot", "html"] {
        let out = Command::cargo_bin("abviz")
            .unwrap()
            .args(["render", path.to_str().unwrap(), "-f", format, "-o", "-"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{format}: {stderr}");
        assert!(stderr.contains("names node 99, which does not exist"), "{format}: {stderr}");
        assert!(!stderr.contains("panicked"), "{format}: {stderr}");
    }
}

/// Every number of a trace file, in both layouts, set to each id that is out of range or
/// dangles, and every pair of a record's fields swapped: each file is refused or read, and a
/// file that is read is drawn, replayed and narrated without a panic.
#[test]
fn no_id_out_of_range_or_dangling_reaches_a_view() {
    let traces = [
        aima(Algorithm::AlphaBetaSoft),
        aima(Algorithm::Pvs),
        game("nim", 2, Algorithm::Iterative),
        game("nim", 2, Algorithm::Mcts),
    ];
    // One thread a trace: the test is the suite's longest, and it would run on one core alone.
    let tried: usize = std::thread::scope(|scope| {
        let workers: Vec<_> =
            traces.iter().map(|trace| scope.spawn(move || mutants_survive(trace))).collect();
        workers.into_iter().map(|w| w.join().expect("no mutant panics")).sum()
    });
    assert!(tried > 5_000, "only {tried} mutants");
}

/// Every mutant of `trace` in both layouts through the trace-file target: none panics. The
/// number of mutants tried.
fn mutants_survive(trace: &Trace) -> usize {
    let mut tried = 0;
    for layout in [Layout::Readable, Layout::Compact] {
        let doc: Value = serde_json::from_str(&write(trace, layout)).unwrap();
        // Every number that names something, with every replacement (kind 0), then a
        // sample of other numbers (kind 1), swaps (kind 2) and fields swapped or dropped.
        let mutations = structure::Mutations::new(&doc);
        let ids = mutations.ids() as u64;
        let replacements = structure::replacements(&doc, &Value::from(1)).len() as u64;
        // At most 2,000 of them, spread over every id and replacement.
        let all = ids * replacements;
        let mut picks: Vec<u64> = (0..all.min(2_000)).map(|k| 4 * ((k * 7_919) % all)).collect();
        picks.extend((0..200u64).map(|k| 4 * k * 7919 + 1));
        picks.extend((0..200u64).map(|k| 4 * k * 7919 + 2));
        picks.extend((0..200u64).map(|k| 4 * k * 104_729 + 3));
        for pick in picks {
            let Some(mutant) = mutations.mutate(pick) else { continue };
            let text = mutant.to_string();
            if std::env::var_os("ABVIZ_SHOW_MUTANTS").is_some() {
                eprintln!("{pick} {text}");
            }
            let r = std::panic::catch_unwind(|| targets::trace_file(text.as_bytes()));
            assert!(r.is_ok(), "{} ({layout:?}) panicked on mutation {pick}", trace.algorithm().name);
            tried += 1;
        }
    }
    tried
}
