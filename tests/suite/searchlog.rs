//! Search logs written by independent programs (tests/searchlog/searches.py: minimax, fail-hard
//! and fail-soft alpha-beta, negamax, negamax alpha-beta, PVS with its re-searches, and three
//! classic student bugs),
//! imported and checked: the correct ones agree, each bug's first divergence is named, bad logs
//! get line-numbered errors.

use assert_cmd::Command;
use predicates::str::contains;
use std::path::PathBuf;

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";

fn abviz() -> Command {
    let mut c = Command::cargo_bin("abviz").unwrap();
    c.env("NO_COLOR", "1").env("COLUMNS", "200");
    c
}

/// The log `algo` (a function of searches.py) writes for `tree`.
fn log_of(algo: &str, tree: &str, names: bool) -> String {
    let mut cmd = std::process::Command::new("python3");
    cmd.arg("tests/searchlog/searches.py").arg(algo).arg(tree);
    if names {
        cmd.arg("--names");
    }
    let out = cmd.output().expect("python3 runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn write_log(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `abviz check` of `log` against `algo` on `tree`, as JSON.
fn verdict(log: &str, tree: &str, algo: &str) -> (serde_json::Value, i32) {
    verdict_with(log, tree, algo, &[])
}

/// `abviz check` of `log` against `algo` on `tree` with more arguments, as JSON.
fn verdict_with(log: &str, tree: &str, algo: &str, more: &[&str]) -> (serde_json::Value, i32) {
    let dir = tempfile::tempdir().unwrap();
    let path = write_log(&dir, "log.jsonl", log);
    let out = abviz()
        .args(["check", path.to_str().unwrap(), "--tree", tree, "--algo", algo, "-f", "json"])
        .args(more)
        .output()
        .unwrap();
    let code = out.status.code().unwrap();
    assert!(code == 0 || code == 1, "{}", String::from_utf8_lossy(&out.stderr));
    (serde_json::from_slice(&out.stdout).unwrap(), code)
}

/// Small trees with ties (values 0..5), from a seed: branching 2–3, depth 2–4, some leaves
/// higher up.
fn random_tree(seed: u64) -> String {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let mut next = move |n: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    fn node(depth: u32, next: &mut dyn FnMut(u64) -> u64) -> String {
        if depth == 0 || (depth < 3 && next(5) == 0) {
            return next(6).to_string();
        }
        let kids: Vec<String> = (0..2 + next(2)).map(|_| node(depth - 1, next)).collect();
        format!("({})", kids.join(" "))
    }
    let depth = 2 + next(3) as u32;
    let tree = node(depth, &mut next);
    if seed.is_multiple_of(3) { format!("min {tree}") } else { tree }
}

#[test]
fn correct_searches_agree_with_their_algorithm() {
    for (writer, algo) in [
        ("minimax", "minimax"),
        ("alphabeta", "alphabeta"),
        ("alphabeta-soft", "alphabeta-soft"),
        ("negamax", "negamax"),
        ("negamax-ab", "negamax-ab"),
        ("pvs", "pvs"),
    ] {
        // (1 (5 6) 3): PVS's null-window probe of the second child fails high, a re-search.
        let mut trees: Vec<String> = vec![AIMA.into(), "(1 (5 6) 3)".into()];
        trees.extend((1..=12).map(random_tree));
        for tree in &trees {
            let log = log_of(writer, tree, tree == AIMA);
            if writer == "pvs" && tree.starts_with("(1 (5") {
                assert!(log.contains("\"research\""), "{log}");
            }
            let (v, code) = verdict(&log, tree, algo);
            assert_eq!((code, &v["agree"]), (0, &serde_json::json!(true)), "{writer} on {tree}: {v}");
            assert!(v["first_divergence"].is_null());
            assert_eq!(v["extra_nodes"], 0);
            assert_eq!(v["missing_nodes"], 0);
            assert_eq!(v["differing_values"], 0);
        }
    }
}

#[test]
fn the_cut_test_before_the_update_enters_one_leaf_too_many() {
    let (v, code) = verdict(&log_of("test-before-update", AIMA, true), AIMA, "alphabeta-soft");
    assert_eq!(code, 1);
    assert_eq!(v["agree"], false);
    let d = &v["first_divergence"];
    assert_eq!(d["node"], "1.1");
    assert_eq!(d["line"], 17);
    assert_eq!(
        d["reason"],
        "your search entered C's second leaf (node 1.1), but at that moment C's value 2 ≤ α = 3 set at A: \
         fail-soft alpha-beta cuts here (an α-cutoff)"
    );
    assert_eq!(v["extra_nodes"], 1);
    assert_eq!(v["missing_nodes"], 0);
}

#[test]
fn a_stale_window_is_caught_where_the_first_child_gets_it() {
    let (v, _) = verdict(&log_of("stale-window", AIMA, true), AIMA, "alphabeta-soft");
    let d = &v["first_divergence"];
    assert_eq!((d["node"].as_str(), d["line"].as_u64()), (Some("0.1"), Some(6)));
    assert_eq!(
        d["reason"],
        "your search entered B's second leaf (node 0.1) with the window [−∞, +∞], but fail-soft alpha-beta enters it with [−∞, 3]"
    );
    // It prunes nothing here: it visits the tree as minimax does.
    assert_eq!(v["matches"], serde_json::json!(["minimax"]));
    assert_eq!(v["extra_nodes"], 2);
}

#[test]
fn alpha_and_beta_swapped_at_min_is_caught_at_the_window() {
    let (v, _) = verdict(&log_of("swapped", AIMA, true), AIMA, "alphabeta");
    let d = &v["first_divergence"];
    assert_eq!((d["node"].as_str(), d["line"].as_u64()), (Some("0.1"), Some(6)));
    assert!(
        d["reason"]
            .as_str()
            .unwrap()
            .contains("with the window [−∞, +∞], but fail-hard alpha-beta enters it with [−∞, 3]")
    );
}

#[test]
fn another_convention_is_named() {
    let (v, code) = verdict(&log_of("alphabeta", AIMA, true), AIMA, "alphabeta-soft");
    assert_eq!(code, 1);
    assert_eq!(
        v["first_divergence"]["reason"],
        "your search returned 3 at C where fail-soft alpha-beta gives 2"
    );
    assert_eq!(v["convention"], "this is fail-hard alpha-beta; you asked for fail-soft alpha-beta");
    // A negamax log's values are the mover's.
    let (v, _) = verdict(&log_of("negamax", AIMA, false), AIMA, "minimax");
    assert_eq!(v["matches"], serde_json::json!(["negamax"]));
    // A minimax log checked as alpha-beta: it passes the open window on, and never cuts.
    let minimax = log_of("minimax", AIMA, true);
    let (v, _) = verdict(&minimax, AIMA, "alphabeta");
    assert!(
        v["first_divergence"]["reason"]
            .as_str()
            .unwrap()
            .contains("with the window [−∞, +∞], but fail-hard alpha-beta enters it with [−∞, 3]"),
        "{v}"
    );
    assert_eq!(v["matches"], serde_json::json!(["minimax"]));
    let without_windows = minimax.replace(", \"alpha\": \"-inf\", \"beta\": \"inf\"", "");
    let (v, _) = verdict(&without_windows, AIMA, "alphabeta");
    assert_eq!(v["first_divergence"]["node"], "1.1");
    assert_eq!(
        v["first_divergence"]["reason"],
        "your search entered C's second leaf (node 1.1), but at that moment C's value 2 ≤ α = 3 set at A: fail-hard alpha-beta cuts here (an α-cutoff)"
    );
}

#[test]
fn a_search_that_stops_too_early_is_told_what_it_missed() {
    // Fail-hard alpha-beta that never looks at D's last leaf.
    let log = log_of("alphabeta", AIMA, true);
    let lines: Vec<&str> = log.lines().filter(|l| !l.contains("\"node\": \"2.2\"")).collect();
    let (v, _) = verdict(&(lines.join("\n") + "\n"), AIMA, "alphabeta");
    let reason = v["first_divergence"]["reason"].as_str().unwrap().to_string();
    assert!(
        reason.starts_with("your search returned from D; you never looked at D's third leaf (node 2.2), which fail-hard alpha-beta must evaluate"),
        "{reason}"
    );
    assert_eq!(v["missing_nodes"], 1);
}

#[test]
fn text_verdict_and_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let good = write_log(&dir, "good.jsonl", &log_of("alphabeta", AIMA, true));
    abviz()
        .args(["check", good.to_str().unwrap(), "--tree", AIMA, "--algo", "alphabeta"])
        .assert()
        .success()
        .stdout(contains("Your search agrees with fail-hard alpha-beta, node for node."));
    let bad = write_log(&dir, "bad.jsonl", &log_of("test-before-update", AIMA, true));
    abviz()
        .args(["check", bad.to_str().unwrap(), "--tree", AIMA, "--algo", "alphabeta"])
        .assert()
        .code(1)
        .stdout(contains("Your search leaves fail-hard alpha-beta at line 17 of the log."))
        .stdout(contains("At 1.1: your search entered C's second leaf"));
    let svg = dir.path().join("check.svg");
    abviz()
        .args(["check", bad.to_str().unwrap(), "--tree", AIMA, "-o", svg.to_str().unwrap()])
        .assert()
        .code(1);
    let text = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&text).unwrap();
    assert!(text.contains("log only") && text.contains("reference only"));
    let html = dir.path().join("check.html");
    abviz()
        .args(["check", bad.to_str().unwrap(), "--tree", AIMA, "-o", html.to_str().unwrap()])
        .assert()
        .code(1);
    assert!(std::fs::read_to_string(&html).unwrap().contains("Your search leaves fail-soft alpha-beta"));
}

#[test]
fn every_view_works_on_an_imported_log() {
    let dir = tempfile::tempdir().unwrap();
    let log = write_log(&dir, "log.jsonl", &log_of("alphabeta-soft", AIMA, true));
    let log = log.to_str().unwrap();
    abviz()
        .args(["import", log, "--tree", AIMA])
        .assert()
        .success()
        .stdout(contains("C ▼ = 2 (≤)  [3, 2]  #6  ✂ α-cutoff: 2 ≤ α = 3 (from A), 2 pruned"))
        .stdout(contains("Root value   3"));
    for format in ["svg", "tikz", "dot", "json", "png"] {
        let out = dir.path().join(format!("t.{format}"));
        abviz()
            .args(["import", log, "--tree", AIMA, "-f", format, "-o", out.to_str().unwrap()])
            .assert()
            .success();
        assert!(std::fs::metadata(&out).unwrap().len() > 100, "{format}");
    }
    let page = dir.path().join("page");
    abviz()
        .args(["import", log, "--tree", AIMA, "-f", "html", "-o", page.to_str().unwrap()])
        .assert()
        .success();
    assert!(page.join("index.html").exists());
    abviz()
        .args(["step", "--log", log, "--tree", AIMA, "--plain", "--until", "end"])
        .write_stdin("")
        .assert()
        .success()
        .stdout(contains("The root's value is 3; the best move is B. Search complete."));
}

/// `abviz import` of `log` on `tree`: the error's text.
fn import_error(log: &str, tree: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = write_log(&dir, "log.jsonl", log);
    let out = abviz().args(["import", path.to_str().unwrap(), "--tree", tree]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stdout));
    // miette wraps long messages: compare the words.
    String::from_utf8(out.stderr).unwrap().replace('│', " ").split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn bad_logs_get_line_numbered_errors() {
    let enter = |node: &str| {
        format!("{{\"event\":\"enter\",\"node\":\"{node}\",\"alpha\":\"-inf\",\"beta\":\"inf\"}}\n")
    };
    let leaf = |node: &str, v: i32| format!("{{\"event\":\"leaf\",\"node\":\"{node}\",\"value\":{v}}}\n");
    let exit = |node: &str, v: i32| format!("{{\"event\":\"exit\",\"node\":\"{node}\",\"value\":{v}}}\n");
    let tree = "(1 2)";
    let twice = [enter(""), leaf("0", 1), leaf("0", 1)].concat();
    assert!(import_error(&twice, tree).contains(
        "line 3: node 0 is entered a second time (first on line 2) without a \"research\" event before it"
    ));
    let orphan = [enter(""), exit("1", 2)].concat();
    assert!(
        import_error(&orphan, tree).contains("line 2: exit of \"1\", but the node open here is the root")
    );
    let wrong = [enter(""), leaf("0", 5)].concat();
    assert!(
        import_error(&wrong, tree)
            .contains("line 2: the log gives leaf node 0 the value 5, but the tree's leaf holds 1")
    );
    let garbage = [enter(""), "{\"event\":\"leaf\" \"node\":\"0\"}\n".to_string()].concat();
    assert!(import_error(&garbage, tree).contains("line 2, column 17: not a JSON object"));
    let unfinished = [enter(""), leaf("0", 1)].concat();
    assert!(
        import_error(&unfinished, tree)
            .contains("line 2: the log ends while the root (entered on line 1) is still open")
    );
    // Found by the fuzz smoke: a cut before any child drew a cutoff of no child (a panic in the page).
    let early_cut = [enter(""), "{\"event\":\"cut\",\"node\":\"\"}\n".to_string()].concat();
    assert!(
        import_error(&early_cut, tree)
            .contains("line 2: cut at the root before any of its children was searched")
    );
    let stranger = [enter(""), leaf("2", 1)].concat();
    assert!(import_error(&stranger, tree).contains(
        "line 2: \"2\" is not a child of the root, the node open here (it has 2 children, numbered from 0)"
    ));
    let after_cut =
        [enter(""), leaf("0", 1), "{\"event\":\"cut\",\"node\":\"\"}\n".into(), leaf("1", 2)].concat();
    assert!(
        import_error(&after_cut, tree)
            .contains("line 4: node 1 is entered after the cut at the root on line 3")
    );
    assert!(import_error("", tree).contains("line 1: the log holds no event"));
}

#[test]
fn an_illegal_move_in_a_game_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let log = "{\"event\":\"enter\",\"node\":\"\",\"alpha\":\"-inf\",\"beta\":\"inf\"}\n{\"event\":\"enter\",\"move\":\"a1\"}\n";
    let path = write_log(&dir, "log.jsonl", log);
    abviz()
        .args(["import", path.to_str().unwrap(), "--game", "tictactoe", "--position", "x.o/.x./..."])
        .assert()
        .code(1)
        .stderr(contains("line 2: move \"a1\" is not legal at the root; legal moves:"));
}

#[test]
fn a_game_log_by_moves_imports_and_checks() {
    // Minimax on Nim 1,2 by hand, each node entered by its move's label; exits name no node.
    let enter = |mv: &str| format!("{{\"event\":\"enter\",\"move\":\"{mv}\"}}\n");
    let leaf = |mv: &str, v: i32| format!("{{\"event\":\"leaf\",\"move\":\"{mv}\",\"value\":{v}}}\n");
    let exit = |v: i32| format!("{{\"event\":\"exit\",\"value\":{v}}}\n");
    let log = |last: i32| {
        [
            "{\"event\":\"enter\",\"node\":\"\"}\n".to_string(),
            enter("1:1"),
            enter("2:1"),
            leaf("2:1", 1),
            exit(1),
            leaf("2:2", -1),
            exit(-1),
            enter("2:1"),
            enter("1:1"),
            leaf("2:1", 1),
            exit(1),
            enter("2:1"),
            leaf("1:1", 1),
            exit(1),
            exit(1),
            enter("2:2"),
            leaf("1:1", last),
            exit(last),
            exit(1),
        ]
        .concat()
    };
    let dir = tempfile::tempdir().unwrap();
    let good = write_log(&dir, "nim.jsonl", &log(-1));
    let game = ["--game", "nim", "--position", "1,2"];
    abviz()
        .args(["check", good.to_str().unwrap(), "--algo", "minimax"])
        .args(game)
        .assert()
        .success()
        .stdout(contains("Your search agrees with minimax, node for node."));
    abviz()
        .args(["import", good.to_str().unwrap()])
        .args(game)
        .assert()
        .success()
        .stdout(contains("Best move    2:1 (child 2 of the root)"));
    let wrong = write_log(&dir, "wrong.jsonl", &log(5));
    abviz()
        .args(["check", wrong.to_str().unwrap(), "--algo", "minimax", "-f", "json"])
        .args(game)
        .assert()
        .code(1)
        .stdout(contains("\"reason\": \"your evaluation of node 2.0 is 5 where minimax evaluates it as −1\""))
        .stdout(contains("\"line\": 17"));
}

#[test]
fn the_documented_writers_write_logs_that_check() {
    // docs/search-log.md's writers, in examples/search-log/: Python always (CI has python3), the
    // compiled ones where their compiler is installed.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let mut runs: Vec<(&str, String)> = vec![("python", "python3 examples/search-log/alphabeta.py".into())];
    let has = |tool: &str| {
        std::process::Command::new("sh")
            .args(["-c", &format!("command -v {tool}")])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if has("g++") {
        runs.push(("c++", format!("g++ -std=c++17 -o {d}/ab examples/search-log/alphabeta.cpp && {d}/ab")));
    }
    if has("javac") && has("java") {
        runs.push((
            "java",
            format!("javac -d {d} examples/search-log/AlphaBeta.java && java -cp {d} AlphaBeta"),
        ));
    }
    if has("rustc") {
        runs.push(("rust", format!("rustc -o {d}/abrs examples/search-log/alphabeta.rs && {d}/abrs")));
    }
    for (name, script) in runs {
        let out = std::process::Command::new("sh").args(["-c", &script]).output().unwrap();
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let (v, code) =
            verdict(&String::from_utf8(out.stdout).unwrap(), "((3 12 8) (2 4 6) (14 5 2))", "alphabeta");
        assert_eq!(code, 0, "{name}: {v}");
    }
}

#[test]
fn the_demo_logs_are_what_their_programs_write() {
    for (program, log) in [("alphabeta.py", "correct.jsonl"), ("alphabeta_buggy.py", "buggy.jsonl")] {
        let out = std::process::Command::new("python3")
            .arg(format!("examples/search-log/{program}"))
            .output()
            .unwrap();
        assert!(out.status.success());
        let kept = std::fs::read_to_string(format!("examples/search-log/{log}")).unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), kept, "{log} is not what {program} writes now");
    }
    let pages = abviz::demo::check_pages();
    assert_eq!(pages.len(), 2);
    assert!(
        pages[0].2.contains("Your search agrees with fail-hard alpha-beta, node for node."),
        "{}",
        pages[0].2
    );
    assert!(
        pages[1].2.contains("Your search leaves fail-hard alpha-beta at line 9 of the log."),
        "{}",
        pages[1].2
    );
    assert!(
        pages[1].3.contains("node 1&apos;s value 2 ≤ α = 3 set at the root")
            || pages[1].3.contains("node 1's value 2 ≤ α = 3 set at the root")
    );
}

#[test]
fn the_tie_rule_is_an_option() {
    // C's first leaf ties α = 3: pruned under the default rule, searched on under keep (CS188).
    let tree = "A:(B:(3 5) C:(3 1 0))";
    let keep = log_of("alphabeta-keep", tree, true);
    let dir = tempfile::tempdir().unwrap();
    let path = write_log(&dir, "keep.jsonl", &keep);
    abviz()
        .args(["check", path.to_str().unwrap(), "--tree", tree, "--algo", "alphabeta", "--ties", "keep"])
        .assert()
        .success();
    let (v, code) = verdict(&keep, tree, "alphabeta");
    assert_eq!(code, 1);
    assert_eq!(v["first_divergence"]["node"], "1.1");
    assert!(
        v["first_divergence"]["reason"].as_str().unwrap().contains("C's value 3 ≤ α = 3 set at A"),
        "{v}"
    );
    assert_eq!(
        v["convention"],
        "this is fail-hard alpha-beta with ties kept (cut only when α > β); you asked for fail-hard alpha-beta"
    );
    // And the other way round.
    let prune = write_log(&dir, "prune.jsonl", &log_of("alphabeta", tree, true));
    abviz()
        .args(["check", prune.to_str().unwrap(), "--tree", tree, "--algo", "alphabeta", "--ties", "keep"])
        .assert()
        .code(1)
        .stdout(contains(
            "Note: this is fail-hard alpha-beta or fail-soft alpha-beta; you asked for fail-hard alpha-beta with ties kept",
        ));
}

/// The evaluations of a log alone: its `leaf` lines, each naming its leaf by path or name.
fn leaves_of(log: &str) -> String {
    log.lines().filter(|l| l.contains("\"event\": \"leaf\"")).map(|l| format!("{l}\n")).collect()
}

#[test]
fn a_log_of_evaluations_alone_is_checked_by_its_leaves() {
    // AIMA Fig. 5.5: alpha-beta evaluates B's three leaves, C's first and D's three; C's 4 and 6
    // are never evaluated (the CS188 question "which leaves are never evaluated?").
    let (v, code) = verdict_with(
        &leaves_of(&log_of("alphabeta", AIMA, false)),
        AIMA,
        "alphabeta",
        &["--count", "leaves"],
    );
    assert_eq!(
        (code, &v["agree"], &v["count"]),
        (0, &serde_json::json!(true), &serde_json::json!("leaves")),
        "{v}"
    );
    assert_eq!((v["log_entries"].as_u64(), v["reference_entries"].as_u64()), (Some(7), Some(7)));
    // Minimax evaluates all nine: the first one too many is C's second leaf.
    let (v, code) =
        verdict_with(&leaves_of(&log_of("minimax", AIMA, false)), AIMA, "alphabeta", &["--count", "leaves"]);
    assert_eq!(code, 1);
    assert_eq!(v["first_divergence"]["node"], "1.1");
    assert_eq!(v["first_divergence"]["line"], 5);
    assert_eq!(
        v["first_divergence"]["reason"],
        "your search evaluated C's second leaf (node 1.1), but at that moment C's value 2 ≤ α = 3 set at A: \
         fail-hard alpha-beta cuts here (an α-cutoff)"
    );
    assert_eq!((v["extra_nodes"].as_u64(), v["missing_nodes"].as_u64()), (Some(2), Some(0)), "{v}");
    // A log that stops early is told which evaluation it never made, after its last line.
    let short: String =
        leaves_of(&log_of("alphabeta", AIMA, false)).lines().take(4).map(|l| format!("{l}\n")).collect();
    let (v, _) = verdict_with(&short, AIMA, "alphabeta", &["--count", "leaves"]);
    assert_eq!(v["first_divergence"]["line"], 4);
    assert!(
        v["first_divergence"]["reason"].as_str().unwrap().contains("you never looked at A's third child D"),
        "{v}"
    );
    assert_eq!(v["missing_nodes"], 3);
    // Without --count leaves, the same log is not a search of nodes, and check says why (2).
    let dir = tempfile::tempdir().unwrap();
    let path = write_log(&dir, "leaves.jsonl", &leaves_of(&log_of("alphabeta", AIMA, false)));
    abviz()
        .args(["check", path.to_str().unwrap(), "--tree", AIMA, "--algo", "alphabeta"])
        .assert()
        .code(2)
        .stderr(contains("--count leaves"));
}

#[test]
fn evaluations_agree_whether_the_log_enters_nodes_or_not() {
    // On random trees, every writer's full log and its leaf lines alone get the same verdict
    // when only evaluations count; the correct searches agree, and fail-soft alpha-beta
    // evaluates exactly the leaves fail-hard does.
    let mut trees: Vec<String> = vec![AIMA.into()];
    trees.extend((1..=12).map(random_tree));
    for tree in &trees {
        for writer in
            ["alphabeta", "alphabeta-soft", "minimax", "test-before-update", "stale-window", "swapped"]
        {
            let log = log_of(writer, tree, false);
            let (full, full_code) = verdict_with(&log, tree, "alphabeta", &["--count", "leaves"]);
            let (alone, alone_code) =
                verdict_with(&leaves_of(&log), tree, "alphabeta", &["--count", "leaves"]);
            assert_eq!(full_code, alone_code, "{writer} on {tree}: {full} vs {alone}");
            for key in ["agree", "extra_nodes", "missing_nodes", "log_entries", "reference_entries"] {
                assert_eq!(full[key], alone[key], "{key}: {writer} on {tree}: {full} vs {alone}");
            }
            assert_eq!(
                full["first_divergence"]["reason"], alone["first_divergence"]["reason"],
                "{writer} on {tree}"
            );
            if writer.starts_with("alphabeta") {
                assert_eq!(alone_code, 0, "{writer} on {tree}: {alone}");
            }
        }
    }
}

#[test]
fn evaluations_follow_the_tie_rule() {
    // C's first leaf ties α = 3: pruning on ties stops there, CS188's rule evaluates C's 1 too.
    let tree = "A:(B:(3 5) C:(3 1))";
    let kept = leaves_of(&log_of("alphabeta-keep", tree, false));
    let (v, code) = verdict_with(&kept, tree, "alphabeta", &["--count", "leaves", "--ties", "keep"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["log_entries"], 4);
    let (v, code) = verdict_with(&kept, tree, "alphabeta", &["--count", "leaves"]);
    assert_eq!((code, &v["extra_nodes"]), (1, &serde_json::json!(1)), "{v}");
}

#[test]
fn check_exits_2_when_it_cannot_check() {
    // diff's convention, for autograders: 0 agrees, 1 differs, 2 trouble.
    let dir = tempfile::tempdir().unwrap();
    let garbage = write_log(&dir, "garbage.jsonl", "this is not JSON\n");
    abviz()
        .args(["check", garbage.to_str().unwrap(), "--tree", AIMA])
        .assert()
        .code(2)
        .stderr(contains("line 1"));
    let missing = dir.path().join("missing.jsonl");
    abviz().args(["check", missing.to_str().unwrap(), "--tree", AIMA]).assert().code(2);
    let good = write_log(&dir, "good.jsonl", &leaves_of(&log_of("alphabeta", AIMA, false)));
    abviz()
        .args(["check", good.to_str().unwrap(), "--tree", AIMA, "--algo", "pvs", "--count", "leaves"])
        .assert()
        .code(2)
        .stderr(contains("pvs searches children again"));
    // import keeps the usual status for errors.
    abviz().args(["import", garbage.to_str().unwrap(), "--tree", AIMA]).assert().code(1);
}
