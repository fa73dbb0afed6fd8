//! Trace files written by abviz 0.1 (format version 1, one window per node, events without
//! data) still load, and render as abviz 0.1 rendered them (the expected files were written by
//! that release, and changed since only where the views' wording deliberately changed: leaves
//! named by value and without a player, cutoffs after the last child said to prune nothing; SVG
//! groups named by node id instead of path).

use assert_cmd::Command;
use std::path::Path;

const DIR: &str = "tests/fixtures/v1";

fn fixtures() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(DIR)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
        .collect();
    names.sort();
    names
}

fn abviz(args: &[&str]) -> String {
    let out = Command::cargo_bin("abviz").unwrap().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn version_1_files_render_as_they_did() {
    let names = fixtures();
    assert_eq!(names.len(), 5, "{names:?}");
    for name in names {
        let path = format!("{DIR}/{name}.json");
        let expected = std::fs::read_to_string(format!("{DIR}/{name}.text.expected")).unwrap();
        assert_eq!(abviz(&["render", &path, "-f", "text"]), expected, "{name}: text");
        let expected = std::fs::read_to_string(format!("{DIR}/{name}.step.expected")).unwrap();
        assert_eq!(abviz(&["step", "--trace", &path, "--plain", "--until", "end"]), expected, "{name}: step");
        if Path::new(&format!("{DIR}/{name}.svg.expected")).exists() {
            let expected = std::fs::read_to_string(format!("{DIR}/{name}.svg.expected")).unwrap();
            assert_eq!(abviz(&["render", &path, "-f", "svg"]), expected, "{name}: svg");
        }
    }
}

#[test]
fn a_version_1_file_upgrades_to_version_2() {
    let text = std::fs::read_to_string(format!("{DIR}/aima-alphabeta.json")).unwrap();
    let trace = abviz::search::read_trace(&text).unwrap();
    assert_eq!(
        trace.algorithm().title(),
        "Alpha-beta (fail-hard)",
        "the descriptor comes from the search module"
    );
    assert_eq!(trace.result().pv_indices, [0, 0]);
    let v2 = trace.to_json(false);
    assert!(v2.contains("\"version\": 2"));
    let again = abviz::trace::Trace::from_json(&v2).unwrap();
    assert_eq!(again.events(), trace.events());
    assert_eq!(again.to_json(false), v2);
}
