//! `abviz run --format dot|svg|tikz`, the view flags, `--render` and `abviz render TRACE.json`.

use assert_cmd::Command;
use predicates::prelude::*;

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";

fn abviz() -> Command {
    Command::cargo_bin("abviz").unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = abviz().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn render_redraws_a_saved_trace_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("aima.json");
    let json_s = json.to_str().unwrap();
    stdout(&["run", "--tree", AIMA, "-f", "json", "-o", json_s]);
    for format in ["dot", "svg", "tikz", "text"] {
        let fresh = stdout(&["run", "--tree", AIMA, "-f", format]);
        let again = stdout(&["render", json_s, "-f", format]);
        assert_eq!(fresh, again, "{format}");
    }
    let fresh = stdout(&[
        "run",
        "--tree",
        AIMA,
        "-f",
        "svg",
        "--rankdir",
        "LR",
        "--style",
        "boxes",
        "--labels",
        "value,post",
    ]);
    let again = stdout(&["render", json_s, "--rankdir", "LR", "--style", "boxes", "--labels", "value,post"]);
    assert_eq!(fresh, again);
}

#[test]
fn render_errors_name_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.json");
    abviz()
        .args(["render", missing.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("missing.json"));
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"format\": \"something-else\"}").unwrap();
    abviz()
        .args(["render", bad.to_str().unwrap(), "-f", "dot"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bad.json").and(predicate::str::contains("not an abviz trace")));
}

/// A transposition link is checked when a trace is read (after its events, where the links
/// are; both layouts end in the same checks): a hit whose stored result is its own is refused,
/// with the file named.
#[test]
fn a_transposition_link_to_itself_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("id.json");
    abviz()
        .args(["run", "--game", "tictactoe", "--position", "x.o/.x./...", "--algo", "id", "-f", "json", "-o"])
        .arg(&path)
        .assert()
        .success();
    abviz().args(["render", path.to_str().unwrap(), "-f", "text"]).assert().success();
    let mut doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let hit = doc["events"].as_array_mut().unwrap().iter_mut().find(|e| e["kind"] == "tt-hit").unwrap();
    hit["from"] = hit["node"].clone();
    std::fs::write(&path, doc.to_string()).unwrap();
    abviz().args(["render", path.to_str().unwrap(), "-f", "text"]).assert().code(1).stderr(
        predicate::str::contains("id.json").and(predicate::str::contains("transposition link names itself")),
    );
}

#[test]
fn view_flags_are_checked() {
    abviz()
        .args(["run", "--tree", AIMA, "--rankdir", "LR"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--rankdir applies to diagrams"));
    abviz()
        .args(["run", "--tree", AIMA, "-f", "svg", "--tikz-steps"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--format tikz"));
    abviz()
        .args(["run", "--tree", AIMA, "-f", "svg", "--render", "png"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--format dot"));
    abviz()
        .args(["run", "--tree", AIMA, "-f", "dot", "--labels", "value,colour"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown label 'colour'"));
    abviz()
        .args(["run", "--tree", AIMA, "-f", "dot", "--collapse", "many"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--collapse takes a node count or 'off'"));
    abviz()
        .args(["run", "--random", "3,6", "-f", "tikz", "--tikz-steps"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("one overlay per event"));
}

#[test]
fn view_flags_change_the_drawing() {
    let all = stdout(&["run", "--tree", AIMA, "-f", "dot"]);
    let none = stdout(&["run", "--tree", AIMA, "-f", "dot", "--show-pruned", "none"]);
    // C2, pruned: the 8th node recorded (A, B, B's three leaves, C, C1, then C2 at the cutoff).
    assert!(all.contains("n7 ") && !none.contains("n7 "));
    let pv = stdout(&["run", "--tree", AIMA, "-f", "dot", "--pv-only"]);
    assert_eq!(pv.lines().filter(|l| l.contains("->")).count(), 2);
    let shallow = stdout(&["run", "--tree", AIMA, "-f", "svg", "--max-depth", "1"]);
    assert!(shallow.contains("9 nodes below depth 1 not shown"));
    let lr =
        stdout(&["run", "--tree", AIMA, "-f", "dot", "--rankdir", "LR", "--style", "boxes", "--no-legend"]);
    assert!(lr.contains("rankdir=LR") && lr.contains("shape=circle") && !lr.contains("labelloc=b"));
    let steps = stdout(&["run", "--tree", AIMA, "-f", "tikz", "--tikz-steps"]);
    assert!(steps.contains(r"\documentclass{beamer}") && steps.contains(r"\only<31>{"));
}

#[test]
fn render_without_graphviz_says_how_to_install_it() {
    let empty = tempfile::tempdir().unwrap();
    let out = empty.path().join("out.png");
    abviz()
        .env("PATH", empty.path())
        .args(["run", "--tree", AIMA, "-f", "dot", "--render", "png", "-o", out.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("apt-get install graphviz"));
    assert!(!out.exists(), "no half-written file");
}

#[test]
fn render_pipes_through_graphviz() {
    if std::process::Command::new("dot").arg("-V").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "CI must install graphviz");
        eprintln!("\n*** SKIPPED: Graphviz `dot` is not installed ***\n");
        return;
    }
    let svg = stdout(&["run", "--tree", AIMA, "-f", "dot", "--render", "svg"]);
    assert!(svg.contains("<svg") && svg.contains("✂ α&#45;cut"), "{svg}");
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("aima.png");
    stdout(&["run", "--tree", AIMA, "-f", "dot", "--render", "png", "-o", png.to_str().unwrap()]);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
}

/// The width an SVG says it has.
fn svg_width(svg: &str) -> f64 {
    let at = svg.find("width=\"").unwrap() + 7;
    svg[at..].split('"').next().unwrap().parse().unwrap()
}

#[test]
fn wide_pictures_collapse_to_fit_and_say_so() {
    // A 3×5 random tree drawn whole is 10,708 units wide.
    let out = abviz().args(["run", "--random", "3,5,1", "-f", "svg"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("would be 10,707 units wide") && err.contains("collapsed"), "{err}");
    let w = svg_width(&String::from_utf8_lossy(&out.stdout));
    assert!((2_000.0..=8_192.0).contains(&w), "{w}");
    // A stated width, or none.
    let out =
        abviz().args(["run", "--random", "3,5,1", "-f", "svg", "--max-width", "2000"]).output().unwrap();
    assert!(svg_width(&String::from_utf8_lossy(&out.stdout)) <= 2_000.0);
    for extra in [["--max-width", "off"], ["--collapse", "off"]] {
        let out = abviz().args(["run", "--random", "3,5,1", "-f", "svg"]).args(extra).output().unwrap();
        assert!(out.stderr.is_empty(), "{extra:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(svg_width(&String::from_utf8_lossy(&out.stdout)) > 10_000.0);
    }
    // TikZ is fitted too; a small tree is left alone and silent.
    abviz()
        .args(["run", "--random", "3,5,1", "-f", "tikz"])
        .assert()
        .success()
        .stderr(predicate::str::contains("collapsed"));
    abviz().args(["run", "--tree", "(1 (2 3))", "-f", "svg"]).assert().success().stderr("");
    abviz()
        .args(["run", "--random", "3,5,1", "-f", "svg", "--max-width", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--max-width 5"));
    abviz()
        .args(["run", "--random", "3,5,1", "--max-width", "900"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--max-width applies to diagrams"));
}

#[test]
fn graphviz_warnings_reach_the_user() {
    if std::process::Command::new("dot").arg("-V").output().is_err() {
        eprintln!("SKIPPED: Graphviz's dot is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    abviz()
        .args([
            "run",
            "--game",
            "xiangqi",
            "--depth",
            "2",
            "--max-width",
            "off",
            "-f",
            "dot",
            "--render",
            "png",
            "-o",
        ])
        .arg(dir.path().join("wide.png"))
        .assert()
        .success()
        .stderr(predicate::str::contains("Graphviz: ").and(predicate::str::contains("to fit")));
}
