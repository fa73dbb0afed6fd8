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
    // Edges between nodes (a name or window is a text node tied to its node by an invisible edge).
    assert_eq!(pv.lines().filter(|l| l.contains("->") && !l.contains("_beside")).count(), 2);
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

/// The height of an SVG picture (its `height` attribute).
fn svg_height(svg: &str) -> f64 {
    let at = svg.find("height=\"").unwrap() + 8;
    svg[at..].split('"').next().unwrap().parse().unwrap()
}

/// The scale at which a `w` × `h` picture fits a 1920 × 1080 slide (at most 1).
fn slide_scale(w: f64, h: f64) -> f64 {
    (1920.0 / w).min(1080.0 / h).min(1.0)
}

#[test]
fn wide_pictures_collapse_to_fit_and_say_so() {
    // A 3×5 random tree drawn whole is 10,856 units wide: by default it is fitted to a 16:9
    // slide (at most 1,920 wide at this height), fans grouped and subtrees collapsed.
    let out = abviz().args(["run", "--random", "3,5,1", "-f", "svg"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("would be 10,855 units wide") && err.contains("fits a 16:9 slide"), "{err}");
    assert!(err.contains("collapsed") && err.contains("\"⋯ k more\""), "{err}");
    let svg = String::from_utf8_lossy(&out.stdout);
    let (w, h) = (svg_width(&svg), svg_height(&svg));
    assert!(w <= 1_920.0 && w > 600.0, "{w} × {h}");
    assert!(svg.contains(" more"), "grouped siblings are drawn as '⋯ k more'");
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

/// The textbook trees are drawn whole and silently (nothing grouped, nothing collapsed); the
/// wide game figures of the help fit a 16:9 slide with their labels legible (the value font,
/// 12 units, at least 9 px when the picture is shown on a 1920 × 1080 slide).
#[test]
fn wide_figures_fit_a_slide_and_textbook_figures_stay_whole() {
    for file in ["examples/aima.tree", "examples/wikipedia.tree", "examples/geeksforgeeks.tree"] {
        let out = abviz().args(["run", "--tree-file", file, "-f", "svg"]).output().unwrap();
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!String::from_utf8_lossy(&out.stdout).contains("⋯"), "{file}: nothing grouped");
    }
    // Full tic-tac-toe at depth 2 (72 leaves, 3,718 units wide whole) and the board figure.
    for args in [
        &["--game", "tictactoe", "--depth", "2"][..],
        &["--game", "tictactoe", "--position", "x.o/.x./...", "--depth", "2", "--boards"][..],
        &["--game", "xiangqi", "--depth", "2"][..],
    ] {
        let out = abviz().arg("run").args(args).args(["-f", "svg"]).output().unwrap();
        let svg = String::from_utf8_lossy(&out.stdout);
        let (w, h) = (svg_width(&svg), svg_height(&svg));
        assert!(w <= (h * 16.0 / 9.0).max(1_920.0), "{args:?}: {w} × {h}");
        assert!(12.0 * slide_scale(w, h) >= 9.0, "{args:?}: {w} × {h}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("fits a 16:9 slide"), "{args:?}: {err}");
        assert!(
            svg.contains(" more</text>") || svg.contains(" more, "),
            "{args:?}: grouped siblings are one '⋯ k more' item"
        );
    }
    if std::process::Command::new("dot").arg("-V").output().is_err() {
        eprintln!("SKIPPED: Graphviz's dot is not installed");
        return;
    }
    // The help's example through Graphviz (5,669 × 1,565 px before).
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("nim.png");
    abviz()
        .args(["run", "--game", "nim", "--position", "3,4,5", "-f", "dot", "--render", "png", "-o"])
        .arg(&png)
        .assert()
        .success();
    let data = std::fs::read(&png).unwrap();
    let w = f64::from(u32::from_be_bytes(data[16..20].try_into().unwrap()));
    let h = f64::from(u32::from_be_bytes(data[20..24].try_into().unwrap()));
    assert!(w / h <= 16.0 / 9.0, "{w} × {h}");
    // Graphviz draws the values at 11 pt, 14.7 px at its 96 dpi.
    assert!(14.7 * slide_scale(w, h) >= 9.0, "{w} × {h}");
    let dot = abviz().args(["run", "--game", "nim", "--position", "3,4,5", "-f", "dot"]).output().unwrap();
    let dot = String::from_utf8_lossy(&dot.stdout);
    assert!(dot.contains(" more, "), "the root's other moves are grouped with their subtrees");
}

/// Issue 47: the textbook trees by name, from any folder; a name is read only when it is one
/// exactly, and a word that is neither a tree nor a name is refused with the names.
#[test]
fn named_trees_run_from_anywhere() {
    let elsewhere = tempfile::tempdir().unwrap();
    let by_name = abviz().current_dir(elsewhere.path()).args(["run", "--tree", "aima"]).output().unwrap();
    assert!(by_name.status.success());
    assert_eq!(String::from_utf8(by_name.stdout).unwrap(), stdout(&["run", "--tree", AIMA]));
    for name in abviz::game::named_trees::TREES {
        abviz().args(["run", "--tree", name.name, "-f", "json", "--stats-only"]).assert().success();
    }
    abviz().args(["run", "--tree", "Aima"]).assert().code(2).stderr(
        predicate::str::contains("neither a tree nor the name of one")
            .and(predicate::str::contains("aima-5.12")),
    );
    // The file of the same tree reads the same.
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/aima.tree");
    assert_eq!(stdout(&["run", "--tree-file", file]), stdout(&["run", "--tree", "aima"]));
    // Exercises and practice take the names too.
    let dir = tempfile::tempdir().unwrap();
    abviz()
        .args(["exercise", "--tree", "wikipedia", "--no-pdf", "--out"])
        .arg(dir.path().join("sheet"))
        .assert()
        .success();
}

/// Issue 47: `--steps`, `--tikz-body` and `--title` go with the formats they make sense for.
#[test]
fn deck_flags_are_checked() {
    for (args, says) in [
        (&["-f", "svg", "--steps", "coarse"][..], "--steps coarse steps through the search"),
        (&["-f", "tikz", "--title", "T"][..], "--title names the beamer frame"),
        (&["-f", "svg", "--tikz-body"][..], "--tikz-body writes a TikZ figure"),
        (&["-f", "tikz", "--steps", "slow"][..], "slow"),
    ] {
        abviz()
            .args(["run", "--tree", "aima"])
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
    // --tikz-steps is --steps fine; with both, --steps sets the pace.
    let fine = stdout(&["run", "--tree", "aima", "-f", "tikz", "--tikz-steps"]);
    assert_eq!(fine, stdout(&["run", "--tree", "aima", "-f", "tikz", "--steps", "fine"]));
    let coarse = stdout(&["run", "--tree", "aima", "-f", "tikz", "--tikz-steps", "--steps", "coarse"]);
    assert_eq!(coarse, stdout(&["run", "--tree", "aima", "-f", "tikz", "--steps", "coarse"]));
    assert!(coarse.len() < fine.len());
    // Without -o the body goes to standard output and abviz says where abviz.sty comes from.
    abviz()
        .args(["run", "--tree", "aima", "-f", "tikz", "--tikz-body"])
        .assert()
        .success()
        .stdout(predicate::str::contains(r"\begin{abvizfit}"))
        .stderr(predicate::str::contains("abviz.sty"));
    // The page steps at the timeline's coarse pace.
    let dir = tempfile::tempdir().unwrap();
    abviz()
        .args(["run", "--tree", "aima", "-f", "html", "--steps", "coarse", "-o"])
        .arg(dir.path())
        .assert()
        .success();
    let page = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    assert!(page.contains(r#""stops":{"pace":"coarse","steps":[1,"#), "the page's data holds the stops");
}

/// Issue 47: `abviz step --steps coarse` goes from one value returned or cutoff to the next.
#[test]
fn the_terminal_stepper_steps_coarse() {
    let out = abviz()
        .args(["step", "--tree", "aima", "--plain", "--steps", "coarse"])
        .write_stdin("n\nn\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    // Step 1, then two coarse steps: the leaves 3 and 12 return to B.
    assert!(last.contains("returns 12 to B"), "{text}");
    assert!(text.lines().count() > 3, "every step on the way is printed: {text}");
}
