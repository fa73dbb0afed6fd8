//! `--format html`, `abviz render --format html`, `abviz demo` and `abviz play --explain` from
//! the command line: what they write, that it is deterministic, and every refusal.

use abviz::demo::examples;
use abviz::input::RunOptions;
use abviz::trace::Trace;
use assert_cmd::Command;
use predicates::str::contains;

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";

fn abviz() -> Command {
    let mut c = Command::cargo_bin("abviz").unwrap();
    c.env("NO_COLOR", "1");
    c
}

#[test]
fn run_writes_a_site_and_render_writes_the_same_one() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a");
    abviz().args(["run", "--tree", AIMA, "-f", "html", "-o"]).arg(&a).assert().success();
    let page = std::fs::read_to_string(a.join("index.html")).unwrap();
    assert!(
        page.starts_with("<!DOCTYPE html>") && page.contains("<svg") && page.contains("id=\"abviz-data\"")
    );
    assert!(
        !page.contains("http://")
            || page.matches("http://").count() == page.matches("http://www.w3.org/2000/svg").count(),
        "no links out"
    );
    assert!(!page.contains("https://"), "no network");
    // Writing again replaces the site; the output is the same byte for byte.
    abviz().args(["run", "--tree", AIMA, "-f", "html", "-o"]).arg(&a).assert().success();
    assert!(std::fs::read_to_string(a.join("index.html")).unwrap() == page, "the same page twice");
    // The same page from the saved trace.
    let json = dir.path().join("aima.json");
    abviz().args(["run", "--tree", AIMA, "-f", "json", "-o"]).arg(&json).assert().success();
    let b = dir.path().join("b");
    abviz().arg("render").arg(&json).args(["-f", "html", "-o"]).arg(&b).assert().success();
    assert!(std::fs::read_to_string(b.join("index.html")).unwrap() == page, "render gives run's page");
}

#[test]
fn html_options_and_refusals() {
    let dir = tempfile::tempdir().unwrap();
    abviz()
        .args(["run", "--tree", AIMA, "-f", "html"])
        .assert()
        .code(2)
        .stderr(contains("--format html writes a folder"));
    let foreign = dir.path().join("notes");
    std::fs::create_dir(&foreign).unwrap();
    std::fs::write(foreign.join("thesis.tex"), "precious").unwrap();
    abviz()
        .args(["run", "--tree", AIMA, "-f", "html", "-o"])
        .arg(&foreign)
        .assert()
        .code(2)
        .stderr(contains("was not written by abviz"));
    assert_eq!(std::fs::read_to_string(foreign.join("thesis.tex")).unwrap(), "precious");
    assert_eq!(std::fs::read_dir(&foreign).unwrap().count(), 1, "nothing half-written");
    abviz()
        .args(["run", "--tree", AIMA, "-f", "html", "--tikz-steps", "-o"])
        .arg(dir.path().join("x"))
        .assert()
        .code(2)
        .stderr(contains("--tikz-steps"));
    let stats = dir.path().join("stats.json");
    abviz().args(["run", "--tree", AIMA, "-f", "json", "--stats-only", "-o"]).arg(&stats).assert().success();
    abviz()
        .arg("render")
        .arg(&stats)
        .args(["-f", "html", "-o"])
        .arg(dir.path().join("s"))
        .assert()
        .code(1)
        .stderr(contains("--stats-only"));
    assert!(!dir.path().join("s").exists());
    // Diagram options apply to the page's tree.
    let boxes = dir.path().join("boxes");
    abviz()
        .args([
            "run",
            "--tree",
            AIMA,
            "-f",
            "html",
            "--style",
            "boxes",
            "--rankdir",
            "LR",
            "--labels",
            "all",
            "-o",
        ])
        .arg(&boxes)
        .assert()
        .success();
    let page = std::fs::read_to_string(boxes.join("index.html")).unwrap();
    assert!(page.contains("<circle class=\"shape\""), "MIN drawn as a circle");
    // A game page has boards beside it.
    let ttt = dir.path().join("ttt");
    abviz()
        .args(["run", "--game", "tictactoe", "--position", "XO./.X./...", "-f", "html", "-o"])
        .arg(&ttt)
        .assert()
        .success();
    assert!(ttt.join("boards/0.svg").exists());
    assert!(
        std::fs::read_to_string(ttt.join("boards/0.svg")).unwrap().contains("<title>XO./.X./...</title>")
    );
}

#[test]
fn demo_writes_the_lecture_site() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    abviz()
        .args(["demo", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stdout(contains("index.html"))
        .stdout(contains("aima-alphabeta.html"))
        .stdout(contains("value 3, 11 nodes, 7 leaves, 2 cutoffs"));
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    for ex in examples().unwrap() {
        assert!(out.join(ex.file).exists(), "{}", ex.file);
        assert!(index.contains(&format!("href=\"{}\"", ex.file)));
    }
    // Running it again replaces the site.
    abviz().args(["demo", "--out"]).arg(&out).assert().success();
}

#[test]
fn demo_examples_show_the_published_numbers() {
    let traces: Vec<(&str, Trace)> = examples()
        .unwrap()
        .into_iter()
        .map(|ex| (ex.file, ex.input.trace(ex.algo, &RunOptions::default()).unwrap()))
        .collect();
    let get = |f: &str| &traces.iter().find(|(n, _)| *n == f).unwrap().1;
    let aima = get("aima-alphabeta.html");
    assert_eq!((aima.stats().nodes, aima.stats().leaves), (11, 7));
    let aima_mm = get("aima-minimax.html");
    assert_eq!((aima_mm.stats().nodes, aima_mm.stats().leaves), (13, 9));
    assert_eq!(get("wikipedia-alphabeta.html").result().value, 6.into());
    // Nilsson: centre 1, corner −1, edge −2.
    let n = get("nilsson-minimax.html");
    let child_value = |label: &str| {
        let c = n.children(0).iter().find(|&&c| n.move_label(c) == label).unwrap();
        n.summary(*c).value
    };
    assert_eq!(
        (child_value("b2"), child_value("a1"), child_value("b1")),
        (1.into(), (-1).into(), (-2).into())
    );
    assert_eq!(get("nilsson-alphabeta.html").result().best_move.as_deref(), Some("b2"));
    // Knuth & Moore: the best order evaluates 3² + 3² − 1 leaves, the worst all 3⁴.
    assert_eq!(get("random-best.html").stats().leaves, 17);
    assert_eq!(get("random-worst.html").stats().leaves, 81);
    assert_eq!(get("xiangqi-alphabeta.html").stats().per_depth[1], 44);
    let c4 = get("connect4-alphabeta.html");
    assert_eq!((c4.result().value, c4.result().best_move.as_deref()), (993.into(), Some("b")));
    // Kalah: the root's child c is South's again (a move that ended in South's store).
    let k = get("kalah-alphabeta.html");
    let c = *k.children(0).iter().find(|&&c| k.move_label(c) == "c").unwrap();
    assert_eq!(k.nodes()[c as usize].player, abviz::game::Player::Max);
    // Gomoku: the 14 empty points next to the five stones (g7 to j11).
    assert_eq!(get("gomoku-alphabeta.html").stats().per_depth[1], 14);
}

#[test]
fn play_explain_writes_a_page_and_a_graph_per_decision() {
    let dir = tempfile::tempdir().unwrap();
    abviz()
        .args(["play", "--game", "tictactoe", "--depth", "2", "--explain"])
        .arg(dir.path())
        .write_stdin("b2\n0\n")
        .assert()
        .success()
        .stdout(contains("move-02.html"));
    let page = std::fs::read_to_string(dir.path().join("move-02.html")).unwrap();
    assert!(page.contains("Move 2: O plays") && page.contains("href=\"index.html\""));
    // The graph and the trace are gzipped; `abviz render` reads the trace as it is.
    let gunzip = |name: &str| {
        use std::io::Read as _;
        let bytes = std::fs::read(dir.path().join(name)).unwrap();
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes.as_slice()).read_to_string(&mut text).unwrap();
        text
    };
    assert!(gunzip("move-02.dot.gz").starts_with("digraph"));
    assert!(gunzip("move-02.json.gz").contains("\"layout\":\"compact\""));
    let text = std::fs::read_to_string(dir.path().join("move-02.txt")).unwrap();
    abviz()
        .args(["render", "-f", "text"])
        .arg(dir.path().join("move-02.json.gz"))
        .assert()
        .success()
        .stdout(text);
    // Cut short, it is refused with what is wrong (from a file and through a pipe alike).
    let gz = std::fs::read(dir.path().join("move-02.json.gz")).unwrap();
    let cut = dir.path().join("cut.json.gz");
    std::fs::write(&cut, &gz[..gz.len() / 2]).unwrap();
    let damaged = "the gzipped trace is damaged or cut short";
    abviz().args(["render", "-f", "text"]).arg(&cut).assert().code(1).stderr(contains(damaged));
    let half = gz[..gz.len() / 2].to_vec();
    abviz().args(["render", "-f", "text", "-"]).write_stdin(half).assert().code(1).stderr(contains(damaged));
    // The boards, the drawing and the data are kept in the page (no board files), compressed;
    // the script and style sheet are one file each for the whole site.
    assert!(!dir.path().join("boards").exists());
    assert!(page.contains(r#"id="abviz-packed-tree""#) && page.contains(r#"<script src="abviz-page.js">"#));
    assert!(dir.path().join("abviz-page.js").exists() && dir.path().join("abviz-page.css").exists());
    let index = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    assert!(index.contains("href=\"move-02.html\"") && index.contains("href=\"move-02.dot.gz\""));
}
