//! `abviz step` in plain mode, driven through a pipe step by step, as a script or an ssh user
//! would: forward, back, to the cutoff and to a step number; the narration at the AIMA α-cutoff.

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";

fn step(args: &[&str], stdin: &str) -> (Vec<String>, String, i32) {
    let out = cargo_bin_cmd!("abviz")
        .arg("step")
        .args(args)
        .env_remove("NO_COLOR")
        .write_stdin(stdin)
        .output()
        .unwrap();
    let lines = String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect();
    (lines, String::from_utf8(out.stderr).unwrap(), out.status.code().unwrap_or(-1))
}

fn numbers(lines: &[String]) -> Vec<usize> {
    lines.iter().map(|l| l.split_whitespace().next().unwrap().parse().unwrap()).collect()
}

#[test]
fn forward_and_back_one_step_at_a_time() {
    let (lines, err, code) = step(&["--tree", AIMA], "n\n\nn\nb\nb\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(numbers(&lines), [1, 2, 3, 4, 3, 2]);
    assert_eq!(lines[0], " 1  A (MAX) [−∞, +∞]  Start at the root A (MAX) with α = −∞, β = +∞.");
    assert_eq!(lines[1], " 2  B (MIN) [−∞, +∞]  Enter B (MIN) with α = −∞, β = +∞.");
    assert_eq!(lines[3], " 4  leaf 3 under B [−∞, +∞]  Evaluate the leaf 3 under B: 3.");
    // Going back shows the earlier state again, word for word.
    assert_eq!(lines[4], lines[2]);
    assert_eq!(lines[5], lines[1]);
}

#[test]
fn the_alpha_cutoff_at_c_is_narrated() {
    let (lines, err, code) = step(&["--tree", AIMA], "c\nb\nn\nq\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(numbers(&lines), (1..=22).chain([21, 22]).collect::<Vec<_>>());
    assert_eq!(
        lines[20],
        "21  C (MIN) [3, 2]  The leaf 2 under C returns 2 to C (MIN): β falls to 2, window [3, 2]."
    );
    assert_eq!(
        lines[21],
        "22  C (MIN) [3, 2]  At C (MIN) the child value 2 ≤ α = 3 set at A: α-cutoff, the leaves 4 and 6 under C are never searched."
    );
    assert_eq!(lines[23], lines[21]);
}

#[test]
fn an_unnamed_root_is_the_root() {
    let (lines, _, _) = step(&["--tree", "((3 12 8) (2 4 6) (14 5 2))", "--algo", "minimax"], "");
    assert_eq!(lines, [" 1  root (MAX) best –  Start at the root (MAX)."]);
}

#[test]
fn until_and_goto() {
    let (lines, _, code) = step(&["--tree", AIMA, "--until", "cutoff"], "");
    assert_eq!(code, 0);
    assert_eq!(numbers(&lines), (1..=22).collect::<Vec<_>>());
    let (lines, _, _) = step(&["--tree", AIMA, "--until", "end"], "");
    assert_eq!(lines.len(), 41);
    assert_eq!(lines[40], "41  A (MAX) [3, +∞]  The root's value is 3; the best move is B. Search complete.");
    let (lines, err, _) = step(&["--tree", AIMA, "--until", "3"], "38\nn\nn\nn\nn\n0\nx\n");
    assert_eq!(numbers(&lines), [1, 2, 3, 38, 39, 40, 41]);
    assert!(lines[3].contains("α-cutoff, it was the last child, so nothing is pruned."), "{}", lines[3]);
    assert!(err.contains("end of the search (step 41 of 41)"), "{err}");
    assert!(err.contains("no step 0: the steps are 1 to 41"), "{err}");
    assert!(err.contains("unknown command 'x'"), "{err}");
}

#[test]
fn minimax_and_a_saved_trace() {
    let (lines, err, code) = step(&["--tree", AIMA, "--algo", "minimax", "--until", "6"], "c\n");
    assert_eq!(code, 0);
    assert_eq!(
        lines[5],
        " 6  B (MIN) best 3  The leaf 3 under B returns 3 to B (MIN): its best value so far is 3."
    );
    assert!(err.contains("no cutoff after step 6"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("aima.json");
    cargo_bin_cmd!("abviz")
        .args(["run", "--tree", AIMA, "--format", "json", "-o"])
        .arg(&file)
        .assert()
        .success();
    let (from_file, _, code) = step(&["--trace", file.to_str().unwrap(), "--until", "end"], "");
    assert_eq!(code, 0);
    let (direct, _, _) = step(&["--tree", AIMA, "--until", "end"], "");
    assert_eq!(from_file, direct);
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let (lines, _, _) = step(&["--tree", AIMA, "--until", "cutoff", "--color", "always"], "");
    assert!(lines[21].contains("\x1b[34m"), "α-cutoff in blue: {:?}", lines[21]);
    // Not a terminal: auto means no colour.
    let (lines, _, _) = step(&["--tree", AIMA, "--until", "cutoff"], "");
    assert!(lines.iter().all(|l| !l.contains('\x1b')));
    let out = cargo_bin_cmd!("abviz")
        .args(["step", "--tree", AIMA, "--until", "cutoff", "--color", "never"])
        .write_stdin("")
        .output()
        .unwrap();
    assert!(!String::from_utf8(out.stdout).unwrap().contains('\x1b'));
}

#[test]
fn bad_input_is_a_clear_error() {
    cargo_bin_cmd!("abviz")
        .args(["step", "--tree", AIMA, "--until", "99"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--until 99: this search has only 41 steps"));
    cargo_bin_cmd!("abviz")
        .args(["step", "--tree", AIMA, "--until", "soon"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--until takes cutoff, end or a step number"));
    cargo_bin_cmd!("abviz")
        .args(["step", "--tree", AIMA, "--algo", "minimax", "--until", "cutoff"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("minimax never cuts"));
    cargo_bin_cmd!("abviz")
        .args(["step", "--trace", "/nonexistent/trace.json"])
        .write_stdin("")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("/nonexistent/trace.json"));
    cargo_bin_cmd!("abviz")
        .args(["step", "--trace", "x.json", "--tree", AIMA])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
    cargo_bin_cmd!("abviz")
        .args(["step", "--trace", "x.json", "--depth", "3"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--depth applies to a new search, not to a saved trace"));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("stats.json");
    cargo_bin_cmd!("abviz")
        .args(["run", "--tree", AIMA, "--format", "json", "--stats-only", "-o"])
        .arg(&file)
        .assert()
        .success();
    cargo_bin_cmd!("abviz")
        .args(["step", "--trace"])
        .arg(&file)
        .write_stdin("")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--stats-only"));
    cargo_bin_cmd!("abviz")
        .args(["step", "--tree", "(1 (2"])
        .write_stdin("")
        .assert()
        .failure()
        .stderr(predicate::str::contains("panicked").not());
}

#[test]
fn game_cutoffs_name_the_pruned_moves() {
    let (lines, _, _) = step(&["--game", "tictactoe", "--until", "cutoff"], "");
    assert!(lines.last().unwrap().ends_with("α-cutoff, the move c3 is never searched."), "{lines:?}");
    // A xiangqi cutoff that prunes 24 moves names four of them.
    let (lines, _, _) = step(&["--game", "xiangqi", "--depth", "3", "--until", "cutoff"], "");
    let last = lines.last().unwrap();
    assert!(
        last.contains("β-cutoff, the remaining 24 moves (b2b1, b2a2, b2c2, …, i3i4) are never searched."),
        "{last}"
    );
}

/// The README's `step --plain` sample is the command's own output: each of its lines is a line
/// the command prints.
#[test]
fn the_readme_sample_is_the_output() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let command = "abviz step --tree aima --plain --until cutoff";
    assert!(readme.contains(command), "the README shows the command");
    let at = readme.find("```text\n...\n").expect("the README's plain sample") + "```text\n...\n".len();
    let sample: Vec<&str> = readme[at..at + readme[at..].find("```").unwrap()].lines().collect();
    let out = cargo_bin_cmd!("abviz")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["step", "--tree", "aima", "--plain", "--until", "cutoff"])
        .write_stdin("")
        .output()
        .unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = printed.lines().collect();
    assert!(sample.len() >= 2, "{sample:?}");
    assert!(lines.ends_with(&sample), "README:\n{}\noutput:\n{printed}", sample.join("\n"));
}
