//! The compact layout of trace files (`--compact`, docs/trace-format.md): lossless for every
//! kind of trace (games with positions, version 1 files read back, the hand-driven event kinds
//! are in tests/suite/events.rs, random trees in tests/suite/properties.rs), much smaller than the readable
//! layout, and a malformed file gets a clear error.

use abviz::game::registry::{GameOptions, find};
use abviz::input::{GameInput, Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::Trace;
use abviz::trace::json::Layout;
use assert_cmd::Command;

fn write(t: &Trace, layout: Layout) -> String {
    let mut out = Vec::new();
    t.write_json(&mut out, layout, false).unwrap();
    String::from_utf8(out).unwrap()
}

/// Writes `t` compact, reads it back and checks nothing was lost; returns the compact text.
fn round_trip(t: &Trace, what: &str) -> String {
    let compact = write(t, Layout::Compact);
    let back = Trace::from_json(&compact).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(back.nodes(), t.nodes(), "{what}");
    assert_eq!(back.events(), t.events(), "{what}");
    assert_eq!(back.positions(), t.positions(), "{what}");
    assert_eq!(write(&back, Layout::Readable), write(t, Layout::Readable), "{what}");
    assert_eq!(write(&back, Layout::Compact), compact, "{what}");
    compact
}

fn game(name: &str, position: Option<&str>, depth: u32, algo: Algorithm) -> Trace {
    let options = GameOptions { position: position.map(str::to_string), ..GameOptions::default() };
    let input = Input::Game(GameInput::new(find(name).unwrap(), &options, Some(depth)).unwrap());
    input.trace(algo, &RunOptions::default()).unwrap()
}

#[test]
fn games_round_trip_with_their_positions() {
    for (name, position, depth) in [
        ("tictactoe", None, 4),
        ("xiangqi", None, 2),
        ("nim", Some("3,4"), 9),
        ("tictactoe", Some("xo......."), 9),
    ] {
        for algo in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::NegamaxAb] {
            let t = game(name, position, depth, algo);
            let what = format!("{name} {position:?} depth {depth} {algo}");
            let compact = round_trip(&t, &what);
            let readable = write(&t, Layout::Readable);
            assert!(
                compact.len() * 4 < readable.len(),
                "{what}: compact {} bytes, readable {}",
                compact.len(),
                readable.len()
            );
        }
    }
}

#[test]
fn version_1_files_convert_to_compact() {
    for entry in std::fs::read_dir("tests/fixtures/v1").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let t = abviz::search::read_trace(&std::fs::read_to_string(&path).unwrap()).unwrap();
            round_trip(&t, &path.display().to_string());
        }
    }
}

#[test]
fn tic_tac_toe_minimax_takes_under_sixty_bytes_a_node() {
    let t = game("tictactoe", None, 9, Algorithm::Minimax);
    assert_eq!(t.nodes().len(), 549_946);
    let compact = write(&t, Layout::Compact);
    let per_node = compact.len() as f64 / t.nodes().len() as f64;
    assert!(per_node <= 60.0, "{per_node:.1} bytes a node");
}

#[test]
fn the_cli_writes_and_reads_both_layouts() {
    let dir = tempfile::tempdir().unwrap();
    let compact = dir.path().join("aima.compact.json");
    let readable = dir.path().join("aima.json");
    let tree = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";
    let run = |args: &[&str]| {
        let out = Command::cargo_bin("abviz").unwrap().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    run(&["run", "--tree", tree, "-f", "json", "--compact", "-o", compact.to_str().unwrap()]);
    run(&["run", "--tree", tree, "-f", "json", "-o", readable.to_str().unwrap()]);
    let text = std::fs::read_to_string(&compact).unwrap();
    assert!(text.starts_with(r#"{"format":"abviz-trace","version":2,"layout":"compact","#), "{text}");
    assert_eq!(text.lines().count(), 1);
    // Both draw the same, and convert into each other.
    let a = run(&["render", compact.to_str().unwrap(), "-f", "text"]);
    let b = run(&["render", readable.to_str().unwrap(), "-f", "text"]);
    assert_eq!(a, b);
    assert_eq!(
        run(&["render", compact.to_str().unwrap(), "-f", "json"]),
        std::fs::read_to_string(&readable).unwrap()
    );
    assert_eq!(run(&["render", compact.to_str().unwrap(), "-f", "json", "--compact"]), text);
    // --compact is a JSON layout.
    let out =
        Command::cargo_bin("abviz").unwrap().args(["run", "--tree", tree, "--compact"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--compact is a layout of the JSON trace"));
}

/// A small compact file with one part replaced.
fn broken(from: &str, to: &str) -> String {
    let input = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None).unwrap();
    let t = input.trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
    let text = write(&t, Layout::Compact);
    assert!(text.contains(from), "{from} not in {text}");
    text.replacen(from, to, 1)
}

#[test]
fn malformed_compact_files_get_clear_errors() {
    let cases = [
        (r#""parent":[0,1,1,2"#, r#""parent":[0,1,1,9"#, "before node 0"),
        (r#""player":"+-"#, r#""player":"+x"#, "expected '+' (MAX) or '-' (MIN)"),
        (r#""count":13"#, r#""count":12"#, "more than the 12 nodes"),
        (r#""count":13"#, r#""count":14"#, "the node columns hold 13 nodes"),
        (r#""codes":[32,32"#, r#""codes":[300,32"#, "300 is not an event code"),
        (r#""codes":[32,32"#, r#""codes":["x",32"#, "is not an event code"),
        (r#"2,3,39"#, r#"2,"high",39"#, "expected a score"),
        (r#""move":[0,2"#, r#""move":[0,99"#, "label 99"),
        (r#""pruned":[7,2]"#, r#""pruned":[7,20]"#, "goes past the last node"),
        (r#""layout":"compact""#, r#""layout":"tiny""#, "this abviz reads \"readable\" and \"compact\""),
        (r#""count":41"#, r#""count":40"#, "the events hold 41 events"),
        (r#",39,36,3,2,5,3,2,0,0,0,9,3,36,3,"inf",39]"#, r#",39,36,3,2,5]"#, "end where"),
    ];
    for (from, to, expected) in cases {
        let text = broken(from, to);
        match Trace::from_json(&text) {
            Ok(_) => panic!("{from} -> {to}: accepted"),
            Err(e) => assert!(e.to_string().contains(expected), "{from} -> {to}: {e}"),
        }
    }
    // Events before the nodes cannot be decoded.
    let text = broken("", "");
    let nodes_at = text.find(r#","nodes":"#).unwrap();
    let events_at = text.find(r#","events":"#).unwrap();
    let moved = format!(
        "{}{}{}}}\n",
        &text[..nodes_at],
        &text[events_at..text.len() - 2],
        &text[nodes_at..events_at]
    );
    let e = Trace::from_json(&moved).unwrap_err().to_string();
    assert!(e.contains("the nodes come before the events"), "{e}");
}

#[test]
fn the_documentation_lists_every_event_code() {
    let doc = std::fs::read_to_string("docs/trace-format.md").unwrap();
    let codes = abviz::trace::compact_codes();
    assert_eq!(codes.len(), 32);
    for (code, name, variant) in codes {
        let row = if variant.is_empty() {
            format!("| {code} | `{name}` |")
        } else {
            format!("| {code} | `{name}` ({variant}) |")
        };
        assert!(doc.contains(&row), "docs/trace-format.md has no row {row}");
    }
}

/// The events, their codes and what the decoder implies are written into the documentation from
/// the event table; `ABVIZ_UPDATE_DOCS=1 cargo test --test suite trace_compact::the_documentation` writes
/// them anew after a change of the table.
#[test]
fn the_documentation_follows_the_event_table() {
    let path = "docs/trace-format.md";
    let doc = std::fs::read_to_string(path).unwrap();
    let updated = abviz::trace::event::docs::update(&doc);
    if std::env::var_os("ABVIZ_UPDATE_DOCS").is_some() {
        std::fs::write(path, &updated).unwrap();
        return;
    }
    for name in ["events", "implied", "codes"] {
        let block = abviz::trace::event::docs::block(name).unwrap();
        assert!(
            doc.contains(&block),
            "docs/trace-format.md is behind the event table ({name}): run ABVIZ_UPDATE_DOCS=1 cargo test --test suite trace_compact::the_documentation"
        );
    }
}
