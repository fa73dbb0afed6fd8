//! The xiangqi command line: `abviz perft` and `abviz run --game xiangqi`.

use assert_cmd::Command;
use predicates::prelude::*;

fn abviz() -> Command {
    Command::cargo_bin("abviz").unwrap()
}

#[test]
fn perft_prints_count_time_and_speed() {
    abviz()
        .args(["perft", "--game", "xiangqi", "--depth", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("nodes:    79666\n"))
        .stdout(predicate::str::contains("depth:    3\n"))
        .stdout(predicate::str::contains("time:"))
        .stdout(predicate::str::contains("nodes/s:"));
}

#[test]
fn perft_divide_lists_sorted_iccs_moves() {
    let out = abviz().args(["perft", "--game", "xiangqi", "--depth", "3", "--divide"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let moves: Vec<&str> = text.lines().take_while(|l| !l.starts_with("moves:")).collect();
    assert_eq!(moves.len(), 44);
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    // fairy-stockfish's divide (its h3e3 is ICCS h2e2).
    assert!(moves.contains(&"h2e2: 1564"));
    assert!(text.contains("moves: 44\n") && text.contains("nodes:    79666\n"));
}

#[test]
fn perft_from_a_fen() {
    abviz()
        .args(["perft", "--game", "xiangqi", "--depth", "4"])
        .args(["--fen", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("nodes:    92741\n"));
}

#[test]
fn perft_rejects_bad_fen() {
    abviz()
        .args(["perft", "--game", "xiangqi", "--depth", "1"])
        .args(["--fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P1/1C5C1/9/RNBAKABNR w"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("FEN rank 3 (group 7 of 10, 'P1P1P1P1P1') has 10 files"));
}

#[test]
fn run_xiangqi_with_chinese_labels_as_json() {
    let out = abviz()
        .args(["run", "--game", "xiangqi", "--depth", "2", "--format", "json"])
        .args(["--notation", "chinese", "--order", "captures", "--eval", "classic"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["input"]["game"], "xiangqi");
    assert_eq!(json["input"]["eval"], "classic");
    assert_eq!(json["input"]["depth"], 2);
    let labels: Vec<&str> =
        json["nodes"].as_array().unwrap().iter().filter_map(|n| n["move"].as_str()).collect();
    assert!(labels.contains(&"炮二平五"), "Chinese labels");
    // Captures first: the root's first child is a capture (a cannon takes a horse).
    assert_eq!(json["nodes"][1]["move"], "炮八进七");
    assert_eq!(json["nodes"][0]["position"], "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
}

#[test]
fn run_xiangqi_from_a_position_as_text() {
    abviz()
        .args(["run", "--game", "xiangqi", "--depth", "1", "--position", "4k4/9/9/9/9/9/9/9/9/R2K5 w"])
        .assert()
        .success()
        .stdout(predicate::str::contains("a0a9"))
        .stdout(predicate::str::contains("depth 1, eval material-pst, order natural"));
}

#[test]
fn run_xiangqi_option_errors() {
    abviz()
        .args(["run", "--game", "xiangqi", "--position", "4k4/9/9/9/9/9/9/9/2A6/4K4 w"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("a red advisor on c1 is outside its palace"));
    abviz()
        .args(["run", "--game", "xiangqi", "--eval", "nonsense"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected classic or material-pst"));
    abviz()
        .args(["run", "--game", "xiangqi", "--order", "best"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected natural or captures"));
    abviz()
        .args(["run", "--tree", "(1 2)", "--order", "captures"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--order applies to xiangqi"));
    abviz()
        .args(["run", "--game", "tictactoe", "--notation", "chinese"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--notation applies to xiangqi"));
}

#[test]
fn games_lists_xiangqi() {
    abviz()
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains("xiangqi"))
        .stdout(predicate::str::contains("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"));
}

#[test]
fn capture_order_saves_nodes() {
    let nodes = |order: &str| -> u64 {
        let out = abviz()
            .args(["run", "--game", "xiangqi", "--depth", "3", "--format", "json", "--stats-only"])
            .args(["--order", order])
            .output()
            .unwrap();
        assert!(out.status.success());
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        json["stats"]["nodes"].as_u64().unwrap()
    };
    let (natural, captures) = (nodes("natural"), nodes("captures"));
    assert!(captures * 5 < natural, "captures first: {captures} nodes, natural: {natural}");
}

/// Perft is bounded (issue 30, item 2): `--depth 100` stops with an error naming the budget,
/// and so does a depth that fits no time limit; a count within both is printed.
#[test]
fn perft_is_bounded_by_positions_and_time() {
    abviz()
        .args(["perft", "--game", "xiangqi", "--depth", "100", "--max-nodes", "100000"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("perft was stopped after generating 100000 positions"))
        .stderr(predicate::str::contains("--max-nodes"));
    abviz()
        .args(["perft", "--game", "xiangqi", "--depth", "100", "--time", "0.2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("perft was stopped after 0.2 s (the --time limit)"));
    abviz()
        .args(["perft", "--game", "xiangqi", "--depth", "2", "--max-nodes", "2000", "--time", "60"])
        .assert()
        .success()
        .stdout(predicate::str::contains("nodes:    1920\n"));
}
