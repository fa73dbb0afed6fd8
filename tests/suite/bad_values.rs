//! The same bad value gets the same refusal from every front end (issue 45, item 2): each row
//! of `tests/fixtures/bad_values.json` through the command line here, and through the Python
//! package in `tests/python/test_bad_values.py`. The message is the engine's, with each option
//! spelled as the front end spells it (`--time 0` here, `time=0` in Python), and nothing
//! panics.

use abviz::cli::words::spell;
use abviz::request::{Opt, RequestError};
use assert_cmd::Command;
use serde_json::Value;

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";

/// The table's rows.
fn rows() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/bad_values.json");
    let table: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    table["rows"].as_array().unwrap().clone()
}

/// The refusal `row` expects, as the command line words it.
fn expected(row: &Value) -> String {
    let refusal = RequestError {
        option: Opt::from_key(row["option"].as_str().unwrap()).expect("an option the engine has"),
        value: row["shown"].as_str().map(str::to_string),
        template: row["says"].as_str().unwrap().to_string(),
    };
    refusal.worded(spell)
}

#[test]
fn the_command_line_refuses_each_bad_value_in_the_engines_words() {
    let rows = rows();
    assert!(rows.len() >= 30, "the table has {} rows", rows.len());
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("out");
    for row in &rows {
        let args: Vec<&str> = row["cli"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .map(|a| match a {
                "AIMA" => AIMA,
                "OUT" => folder.to_str().unwrap(),
                a => a,
            })
            .collect();
        let command = row["command"].as_str().unwrap_or("run");
        let out = Command::cargo_bin("abviz").unwrap().arg(command).args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        // miette draws the message in a box it wraps at the terminal's width: read it unwrapped.
        let said: Vec<&str> = stderr
            .lines()
            .map(|l| l.trim().trim_start_matches(['×', '│']).trim())
            .filter(|l| !l.is_empty())
            .collect();
        // A line broken after a hyphen ("aima-5.12-" / "right") joins without a space.
        let stderr = said.iter().fold(String::new(), |mut all, l| {
            if !all.is_empty() && !all.ends_with('-') {
                all.push(' ');
            }
            all.push_str(l);
            all
        });
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        let want = expected(row);
        assert!(stderr.contains(&want), "{args:?}:\n  expected: {want}\n  got: {stderr}");
        assert!(!folder.exists(), "{args:?}: a refused request writes nothing");
    }
}

#[test]
fn every_option_of_the_table_is_the_engines() {
    // The table covers refusals of the search's options, a random tree's and a tree's.
    let options: std::collections::BTreeSet<String> =
        rows().iter().map(|r| r["option"].as_str().unwrap().to_string()).collect();
    for key in [
        "time",
        "max_nodes",
        "iterations",
        "exploration",
        "seed",
        "playout_limit",
        "record_playouts",
        "window",
        "guess",
        "heuristics",
        "bounds",
        "random",
        "values",
        "ordering",
        "difficulty",
        "measure",
        "layout",
    ] {
        assert!(options.contains(key), "no row refuses {key}");
    }
}

/// Every option of the engine's request is spelled as a flag the command line has (a refusal
/// must name a flag a user can find in `--help`), but for the few only Python takes.
#[test]
fn the_command_line_spells_every_option_as_one_of_its_flags() {
    let help: String = ["run", "compare", "exercise", "practice", "play", "step"]
        .iter()
        .map(|cmd| {
            let out = Command::cargo_bin("abviz").unwrap().args([cmd, "--help"]).output().unwrap();
            String::from_utf8_lossy(&out.stdout).into_owned()
        })
        .collect();
    let python_only = [Opt::Positions, Opt::MinimaxReference, Opt::PrunedSubtrees];
    let mut options: Vec<Opt> = Opt::ALL.to_vec();
    options.extend(abviz::game::registry::OptionKind::ALL.into_iter().map(Opt::GameOption));
    for option in options.into_iter().filter(|o| !python_only.contains(o)) {
        let flag = spell(option, None);
        let listed = help.lines().any(|l| l.trim_start().split([' ', ',', '=', '<']).any(|w| w == flag));
        assert!(listed, "{option:?} is spelled {flag}, which no command's --help lists");
    }
}
