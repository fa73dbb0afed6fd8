//! The command line as users meet it: outputs, error messages and exit codes.

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;

fn abviz() -> Command {
    let mut c = Command::cargo_bin("abviz").unwrap();
    c.env("NO_COLOR", "1").env("COLUMNS", "200");
    c
}

#[test]
fn run_prints_the_annotated_tree_and_summary() {
    abviz()
        .args(["run", "--tree-file", "examples/aima.tree"])
        .assert()
        .success()
        // The default is AIMA's fail-soft alpha-beta: C ≤ 2 and D = 2, as in Fig. 5.5.
        .stdout(contains("Alpha-beta (fail-soft) on tree A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))"))
        .stdout(contains("C ▼ = 2 (≤)  [3, 2]  #6  ✂ α-cutoff: 2 ≤ α = 3 (from A), 2 pruned"))
        .stdout(contains("├╌╌ ✂ □ 4 pruned (α-cutoff at C)"))
        .stdout(contains("Root value   3"))
        .stdout(contains("Best move    B (child 1 of the root)"))
        .stdout(contains("Nodes        11         minimax: 13"))
        .stdout(contains("Pruned       2 children never searched"));
}

#[test]
fn json_trace_has_the_documented_fields() {
    let out = abviz()
        .args(["run", "--tree-file", "examples/aima.tree", "-a", "alphabeta", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["format"], "abviz-trace");
    assert_eq!(v["version"], 2);
    assert_eq!(v["algorithm"], "alphabeta");
    assert_eq!(v["descriptor"]["title"], "Alpha-beta (fail-hard)");
    assert_eq!(v["descriptor"]["listing"][0]["role"], "header");
    assert_eq!(v["input"]["kind"], "tree");
    assert_eq!(v["result"]["value"], 3);
    assert_eq!(v["result"]["best_move"], "B");
    assert_eq!(v["result"]["best_index"], 0);
    assert_eq!(v["result"]["pv"], serde_json::json!(["B", "1"]));
    assert_eq!(v["stats"]["nodes"], 11);
    assert_eq!(v["stats"]["leaves"], 7);
    assert_eq!(v["stats"]["cutoffs"], 2);
    assert_eq!(v["stats"]["pruned"], 2);
    let nodes = v["nodes"].as_array().unwrap();
    let root = &nodes[0];
    assert_eq!(root["path"], "");
    assert_eq!(root["parent"], serde_json::Value::Null);
    assert_eq!(root["player"], "max");
    assert_eq!(root["alpha_in"], "-inf");
    assert_eq!(root["beta_in"], "inf");
    let c = nodes.iter().find(|n| n["path"] == "1").unwrap();
    assert_eq!(c["name"], "C");
    assert_eq!(c["status"], "cutoff");
    assert_eq!(c["cutoff"]["kind"], "alpha");
    assert_eq!(c["cutoff"]["child"], 0);
    assert_eq!(c["cutoff"]["alpha"], 3);
    assert_eq!(c["cutoff"]["beta"], 2);
    assert_eq!(c["cutoff"]["bound_from"], "");
    assert_eq!(c["cutoff"]["bound_from_id"], 0);
    assert_eq!(c["cutoff"]["pruned"], 2);
    let pruned = nodes.iter().find(|n| n["path"] == "1.1").unwrap();
    assert_eq!(pruned["status"], "pruned");
    assert_eq!(pruned["pre"], serde_json::Value::Null);
    assert_eq!(pruned["value"], 4, "the pruned leaf keeps its value from the tree");
    let events = v["events"].as_array().unwrap();
    assert_eq!(events[0]["kind"], "enter");
    assert_eq!((&events[0]["alpha"], &events[0]["beta"]), (&"-inf".into(), &"inf".into()));
    let cut = events.iter().find(|e| e["kind"] == "cutoff").unwrap();
    assert_eq!((&cut["alpha"], &cut["beta"], &cut["pruned"]), (&3.into(), &2.into(), &2.into()));
    assert_eq!(cut["bound_from"], 0, "the α came from the root");
}

/// A readable trace grows with the node count, not with the depth squared: nodes deeper than
/// `PATHS_WITHIN` leave out their path (parent and index give it), and the file still loads.
#[test]
fn readable_json_is_linear_in_depth_and_loads_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut per_node = Vec::new();
    for depth in [1_000, 10_000] {
        let file = dir.path().join(format!("chain{depth}.json"));
        let spec = format!("1,{depth}");
        abviz().args(["run", "--random", &spec, "-f", "json", "-o"]).arg(&file).assert().success();
        let bytes = std::fs::metadata(&file).unwrap().len() as f64;
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
        let nodes = v["nodes"].as_array().unwrap();
        assert_eq!(nodes.len(), depth + 1);
        assert_eq!(nodes[32]["path"], vec!["0"; 32].join("."), "shallow nodes keep their path");
        assert!(nodes[33].get("path").is_none(), "deeper ones leave it out");
        assert_eq!((&nodes[33]["parent"], &nodes[33]["index"]), (&32.into(), &0.into()));
        per_node.push(bytes / nodes.len() as f64);
        abviz().args(["render", "-f", "text"]).arg(&file).assert().success().stdout(contains("Nodes"));
    }
    // Quadratic paths made the 10,000-deep chain 108 MB (over 10 kB a node).
    assert!(per_node[1] < per_node[0] * 1.1, "bytes per node at depth 1,000 and 10,000: {per_node:?}");
}

#[test]
fn output_is_deterministic_and_written_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.json");
    let b = dir.path().join("b.json");
    for p in [&a, &b] {
        abviz()
            .args(["run", "--game", "tictactoe", "--position", "X.O/.X./...", "--format", "json", "-o"])
            .arg(p)
            .assert()
            .success()
            .stdout("");
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn stats_only_leaves_out_nodes() {
    let out = abviz()
        .args(["run", "--game", "tictactoe", "--algo", "minimax", "--format", "json", "--stats-only"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["stats"]["nodes"], 549_946);
    assert!(v.get("nodes").is_none() && v.get("events").is_none());
}

#[test]
fn random_trees_and_min_roots() {
    abviz()
        .args(["run", "--random", "2,3,5", "--ordering", "best", "--values", "0..9"])
        .assert()
        .success()
        .stdout(contains("Leaves       5 "));
    abviz().args(["run", "--tree", "min (3 (4 5))"]).assert().success().stdout(contains("Root value   3"));
    abviz()
        .args(["run", "--tree", "(3 (4 5))", "--root", "min"])
        .assert()
        .success()
        .stdout(contains("root ▼"));
}

#[test]
fn games_and_demo() {
    abviz().arg("games").assert().success().stdout(contains("tictactoe")).stdout(contains("X.O/.X./..."));
    let dir = tempfile::tempdir().unwrap();
    abviz()
        .args(["demo", "--out"])
        .arg(dir.path().join("site"))
        .assert()
        .success()
        .stdout(contains("aima-alphabeta.html"))
        .stdout(contains("index.html"));
}

/// (arguments, text the error must contain, exit code)
const BAD: &[(&[&str], &str, i32)] = &[
    (&["run", "--tree", "((3 12 8) (2 4 6)"], "1:18: unbalanced parenthesis: missing ')'", 1),
    (&["run", "--tree", "((3 12 8) (2 4 6)))"], "1:19: unbalanced parenthesis: extra ')'", 1),
    (&["run", "--tree", "((3 1.5.2 8))"], "1:5: bad number '1.5.2'", 1),
    (&["run", "--tree", "(3 ())"], "1:4: empty node '()'", 1),
    (&["run", "--tree", "(1 2) 3"], "1:7: unexpected '3' after the end of the tree", 1),
    (&["run", "--tree", "(1\n 2 x)"], "2:4:", 1),
    (&["run", "--tree", ""], "empty tree", 1),
    (&["run", "--tree", "\"open:(1 2)"], "unterminated quoted name", 1),
    (&["run", "--tree", "[[1,2],[]]"], "1:8: empty array", 1),
    (&["run", "--tree", "[1, 2"], "invalid JSON", 1),
    (&["run", "--tree", "{\"value\": \"x\", \"children\": [2]}"], "bad leaf value", 1),
    (&["run", "--tree", "min (1 2)", "--root", "max"], "says its root is MIN but --root says MAX", 2),
    (&["run", "--tree-file", "/nonexistent/tree.txt"], "/nonexistent/tree.txt", 1),
    (&["run", "--game", "tictactoe", "--position", "XXX......"], "impossible position", 1),
    (&["run", "--game", "tictactoe", "--position", "XXXOOO..."], "both X and O", 1),
    (&["run", "--game", "tictactoe", "--position", "X.O"], "has 3 cells", 1),
    (&["run", "--game", "tictactoe", "--position", "X.O......Z"], "unexpected 'Z'", 1),
    (&["run", "--game", "tictactoe", "--eval", "material"], "unknown tic-tac-toe evaluation", 2),
    (&["run", "--game", "chess"], "unknown game 'chess'", 2),
    (&["run", "--tree", "((1 2) 3)", "--depth", "1"], "evaluates root → 1 at depth 1 by its static value", 2),
    (&["run", "--random", "2,2", "--depth", "1"], "--depth applies to games (--game) and explicit trees", 2),
    (&["run", "--game", "nim", "--ordering", "best"], "--ordering applies to trees", 2),
    (&["run", "--random", "3"], "expected B,D or B,D,SEED", 2),
    (&["run", "--random", "x,3"], "branching factor 'x' is not a whole number", 2),
    (&["run", "--random", "30,9"], "too many", 2),
    (&["run", "--random", "2,2", "--values", "9..1"], "above the high end", 2),
    (&["run", "--random", "2,2", "--ordering", "sideways"], "unknown ordering", 2),
    (&["run", "--tree", "(1 2)", "--algo", "mtd"], "invalid value 'mtd' for '--algo <ALGO>'", 2),
    (&["run"], "no input", 2),
    (&["run", "--tree", "(1 2)", "--stats-only"], "--stats-only goes with --format json", 2),
    (&["run", "--game", "tictactoe", "--algo", "minimax", "--max-nodes", "1000"], "smaller --depth", 1),
    (&["run", "--tree", "(1 2)", "--random", "2,2"], "cannot be used with", 2),
    (&["run", "--random", "1,20000"], "too deep (at most 10000 levels)", 2),
];

#[test]
fn bad_input_gets_a_clear_error_and_exit_code() {
    for (args, needle, code) in BAD {
        let out = abviz().args(*args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(*code), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: expected {needle:?} in:\n{stderr}");
        assert!(!stderr.contains("panicked"), "{args:?} panicked");
        assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    }
}

#[test]
fn notation_errors_show_a_caret() {
    abviz()
        .args(["run", "--tree", "((3 1.5.2 8))"])
        .assert()
        .failure()
        .stderr(contains("1 │ ((3 1.5.2 8))"))
        .stderr(contains("─┬─"))
        .stderr(contains("bad number"));
}

#[test]
fn a_stopped_search_writes_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("trace.json");
    abviz()
        .args(["run", "--game", "tictactoe", "--max-nodes", "500", "--format", "json", "-o"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(contains("stopped after 500 nodes"));
    assert!(!out.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no temporary file left behind");
}

#[test]
fn tree_from_standard_input() {
    abviz()
        .args(["run", "--tree-file", "-", "--algo", "minimax"])
        .write_stdin("# GeeksforGeeks\n(((3 5) (6 9)) ((1 2) (0 -1)))\n")
        .assert()
        .success()
        .stdout(contains("Root value   5"))
        .stdout(predicate::str::contains("Cutoffs").not());
}

#[test]
fn a_10000_level_tree_is_searched_not_a_stack_overflow() {
    let deep = format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000));
    // (Figures of such a chain work too, but name every node by its 10,000-step path.)
    for format in ["text", "json"] {
        abviz().args(["run", "--tree", &deep, "--format", format]).assert().success();
    }
    abviz().args(["run", "--random", "1,10000"]).assert().success().stdout(contains("Nodes        10,001"));
}

#[test]
fn negative_value_ranges_need_no_equals_sign() {
    abviz().args(["run", "--random", "2,2", "--values", "-5..5"]).assert().success();
}

#[test]
fn an_exact_value_at_infinity_is_not_called_a_bound() {
    abviz().args(["run", "--tree", "(-inf -inf)"]).assert().success().stdout(contains("root ▲ = −∞  "));
    abviz().args(["run", "--tree", "(inf -inf 3)"]).assert().success().stdout(contains("root ▲ = +∞  "));
}

#[test]
fn edited_traces_are_refused_not_panicked_on() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("t.json");
    abviz()
        .args(["run", "--tree-file", "examples/aima.tree", "-f", "json", "-o"])
        .arg(&good)
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
    type Edit = fn(&mut serde_json::Value);
    let edits: [(&str, Edit); 4] = [
        ("children of node 5 are not numbered", |v| {
            v["nodes"][6]["index"] = 9.into();
            v["nodes"][6]["path"] = "1.9".into();
        }),
        ("the root is marked pruned", |v| v["nodes"][0]["status"] = "pruned".into()),
        ("version 3 is not supported", |v| v["version"] = 3.into()),
        ("names node 999", |v| v["events"][0]["node"] = 999.into()),
    ];
    for (needle, edit) in edits {
        let mut bad = v.clone();
        edit(&mut bad);
        let path = dir.path().join("bad.json");
        std::fs::write(&path, serde_json::to_string(&bad).unwrap()).unwrap();
        for format in ["text", "svg", "html"] {
            let out = dir.path().join(format!("out-{format}"));
            abviz()
                .arg("render")
                .arg(&path)
                .args(["-f", format, "-o"])
                .arg(&out)
                .assert()
                .code(1)
                .stderr(contains(needle));
            assert!(!out.exists());
        }
        abviz().args(["step", "--plain", "--trace"]).arg(&path).assert().code(1).stderr(contains(needle));
    }
}

#[test]
fn the_output_extension_picks_the_format() {
    let dir = tempfile::tempdir().unwrap();
    let tree = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";
    let starts: [(&str, &[u8]); 7] = [
        ("a.svg", b"<svg"),
        ("a.png", b"\x89PNG"),
        ("a.pdf", b"%PDF-"),
        ("a.tex", b"% abviz"),
        ("a.json", b"{"),
        ("a.dot", b"digraph"),
        ("a.txt", b"Alpha-beta"),
    ];
    for (name, start) in starts {
        let path = dir.path().join(name);
        abviz().args(["run", "--tree", tree, "-o"]).arg(&path).assert().success();
        let bytes = std::fs::read(&path).unwrap();
        assert!(
            bytes.starts_with(start),
            "{name}: {:?}",
            String::from_utf8_lossy(&bytes[..20.min(bytes.len())])
        );
    }
    // An extension no format writes is refused, not written as text (issue 30, item 6),
    // unless the format is asked for.
    let gif = dir.path().join("out.gif");
    abviz()
        .args(["run", "--tree", tree, "-o"])
        .arg(&gif)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("names a .gif file, which abviz does not write"));
    assert!(!gif.exists());
    abviz().args(["compare", "--tree", tree, "-o"]).arg(&gif).assert().code(2);
    abviz().args(["run", "--tree", tree, "-f", "text", "-o"]).arg(&gif).assert().success();
    assert!(std::fs::read(&gif).unwrap().starts_with(b"Alpha-beta"));
    // A folder (trailing slash) is a page; render and compare follow the extension too.
    let site = dir.path().join("site/");
    abviz().args(["run", "--tree", tree, "-o"]).arg(&site).assert().success();
    assert!(dir.path().join("site/index.html").exists());
    let json = dir.path().join("a.json");
    let again = dir.path().join("again.dot");
    abviz().arg("render").arg(&json).arg("-o").arg(&again).assert().success();
    assert!(std::fs::read_to_string(&again).unwrap().starts_with("digraph"));
    let md = dir.path().join("counts.md");
    abviz().args(["compare", "--tree", tree, "-o"]).arg(&md).assert().success();
    assert!(std::fs::read_to_string(&md).unwrap().starts_with('|'));
    // --render makes DOT through Graphviz; its kind must match the extension.
    let png = dir.path().join("dot.png");
    let out = abviz().args(["run", "--tree", tree, "--render", "png", "-o"]).arg(&png).output().unwrap();
    if out.status.success() {
        assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    }
}

#[test]
fn a_format_that_contradicts_the_extension_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let tree = "(1 2)";
    for (args, message) in [
        (vec!["-f", "svg", "-o", "a.dot"], "--format svg writes svg, but -o"),
        (vec!["-f", "dot", "--render", "png", "-o", "a.pdf"], "--render png writes PNG, but -o"),
        (vec!["-f", "json", "-o", "page/"], "names a folder"),
    ] {
        let args: Vec<String> = args
            .iter()
            .map(|a| {
                if a.contains('.') || a.ends_with('/') {
                    dir.path().join(a).display().to_string()
                } else {
                    a.to_string()
                }
            })
            .collect();
        abviz().args(["run", "--tree", tree]).args(&args).assert().code(2).stderr(contains(message));
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing written");
    abviz()
        .args(["compare", "--tree", tree, "-f", "csv", "-o"])
        .arg(dir.path().join("a.md"))
        .assert()
        .code(2)
        .stderr(contains("--format csv writes csv, but -o names a .md file"));
}

#[test]
fn every_command_has_examples_in_its_help() {
    let help = abviz().arg("--help").output().unwrap();
    let text = String::from_utf8(help.stdout).unwrap();
    let commands: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 8, "{commands:?}");
    for command in commands {
        let out = abviz().args([command, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        let examples = help
            .split("Examples:")
            .nth(1)
            .unwrap_or_else(|| panic!("`abviz {command} --help` has no Examples:"));
        let first = examples.lines().find(|l| !l.trim().is_empty()).unwrap();
        assert!(first.trim_start().starts_with("abviz "), "{command}: {first}");
    }
    // A mistyped command suggests the nearest one.
    abviz().arg("comapre").assert().code(2).stderr(contains("compare"));
}

#[test]
fn time_limits_mcts_to_the_iterations_done_and_stops_other_searches() {
    // MCTS keeps the iterations finished within the limit (far fewer than asked).
    let out = abviz()
        .args(["run", "--game", "tictactoe", "--algo", "mcts", "--iterations", "2000000000", "--time", "0.2"])
        .args(["-f", "json", "--stats-only"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let iterations = v["stats"]["iterations"].as_u64().unwrap();
    assert!((1..2_000_000_000).contains(&iterations), "{iterations}");
    assert!(v["result"]["best_move"].is_string());
    // Alpha-beta stops with the limit's error and writes nothing.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deep.json");
    abviz()
        .args(["run", "--game", "xiangqi", "--depth", "9", "--time", "0.1", "-o"])
        .arg(&file)
        .assert()
        .failure()
        .stderr(contains("stopped after 0.1 s (the --time limit)"));
    assert!(!file.exists());
    abviz()
        .args(["run", "--game", "tictactoe", "--time=0"])
        .assert()
        .failure()
        .stderr(contains("--time 0: give a positive number of seconds"));
    // A negative number reaches our check (not clap's "unexpected argument '-1'").
    abviz()
        .args(["run", "--game", "tictactoe", "--time", "-1"])
        .assert()
        .failure()
        .stderr(contains("--time -1: give a positive number of seconds"));
    abviz()
        .args(["run", "--game", "tictactoe", "--algo", "mcts", "--uct-c", "-1"])
        .assert()
        .failure()
        .stderr(contains("--uct-c -1: give a finite number ≥ 0"));
    abviz()
        .args(["step", "--trace", "examples/aima.tree", "--time", "1"])
        .assert()
        .failure()
        .stderr(contains("--time applies to a new search"));
}

#[test]
fn quiz_asks_scores_and_explains_from_a_pipe() {
    // AIMA's tree: the right answers are y y 3 y n ≤2 y y y 2 3; here C's cut and D's value are
    // wrong, and "x" is not an answer (asked again).
    abviz()
        .args(["quiz", "--tree-file", "examples/aima.tree", "--plain"])
        .write_stdin("y\ny\n3\ny\ny\n2\ny\nx\ny\ny\n5\n3\n")
        .assert()
        .success()
        .stdout(contains("Is the leaf 12 under B searched? [y/n] y\n  ✓ right: yes"))
        .stdout(contains(
            "Is the leaf 4 under C searched? [y/n] y\n  ✗ it is no. The leaf 2 under C returns 2",
        ))
        .stdout(contains("window [3, 2]. At C (MIN) the child value 2 ≤ α = 3 set at A: α-cutoff"))
        .stdout(contains("x\n  (answer y or n)"))
        .stdout(contains(
            "What does D (MIN) return? 5\n  ✗ it is 2. The leaf 14 under D returns 14 to D (MIN)",
        ))
        .stdout(contains("Score: 9 of 11 right (11 questions in this search)."))
        .stdout(contains("Enter B").not());
    // Without --plain every step's sentence comes too; the quiz refuses what it cannot replay.
    abviz()
        .args(["quiz", "--tree-file", "examples/aima.tree"])
        .write_stdin("y\n")
        .assert()
        .success()
        .stdout(contains(" 2  Enter B (MIN) with α = −∞, β = +∞."))
        .stdout(contains("Score: 1 of 1 right"));
    abviz()
        .args(["quiz", "--tree-file", "examples/aima.tree", "--algo", "mtdf"])
        .assert()
        .failure()
        .stderr(contains("the quiz replays one plain search"));
}

#[test]
fn a_tree_past_the_node_limit_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.svg");
    // The AIMA tree has 13 nodes.
    let refused = |cmd: &mut Command, extra: &[&str], limit: &str| {
        cmd.args(["run", "--tree-file", "examples/aima.tree", "-f", "svg", "-o"])
            .arg(&out)
            .args(extra)
            .assert()
            .failure()
            .stderr(contains(format!("more than {limit} nodes")))
            .stderr(contains("--max-tree-nodes"));
        assert!(!out.exists(), "nothing is written");
    };
    refused(&mut abviz(), &["--max-tree-nodes", "12"], "12");
    refused(abviz().env("ABVIZ_MAX_TREE_NODES", "5"), &[], "5");
    // The flag wins over the environment, and a limit that fits lets it through.
    abviz()
        .env("ABVIZ_MAX_TREE_NODES", "5")
        .args(["run", "--tree-file", "examples/aima.tree", "--max-tree-nodes", "13", "-f", "svg", "-o"])
        .arg(&out)
        .assert()
        .success();
    assert!(out.exists());
    abviz()
        .env("ABVIZ_MAX_TREE_NODES", "lots")
        .args(["run", "--tree", "(1 2)"])
        .assert()
        .failure()
        .stderr(contains("ABVIZ_MAX_TREE_NODES must be a whole number"));
    abviz()
        .args(["run", "--random", "2,3", "--max-tree-nodes", "10"])
        .assert()
        .failure()
        .stderr(contains("--max-tree-nodes applies to explicit trees"));
}
