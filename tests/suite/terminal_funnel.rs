//! One output funnel to the terminal (issue 30, item 3): whatever carries a user's or a file's
//! string — a trace's title, tree names in `compare`'s table, Markdown and CSV, the line `play`
//! echoes, errors naming a file, clap's argument errors — reaches standard output and standard
//! error with its control characters escaped.

use assert_cmd::Command;

fn abviz() -> Command {
    Command::cargo_bin("abviz").unwrap()
}

/// Escape, bell, carriage return and a right-to-left override: each could retitle, clear or
/// turn around the terminal.
const HOSTILE: &str = "x\u{1b}]0;pwned\u{7}\u{1b}[2J\r\u{202e}y";

/// No character a terminal acts on, but the layout's newline and tab.
fn assert_clean(what: &str, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let bad: Vec<char> =
        text.chars().filter(|&c| c != '\n' && c != '\t' && abviz::safe_text::is_unsafe(c)).collect();
    assert!(bad.is_empty(), "{what} lets {bad:?} through:\n{text}");
}

fn clean_run(what: &str, cmd: &mut Command) -> (String, String) {
    let out = cmd.output().unwrap();
    assert_clean(&format!("{what} (stdout)"), &out.stdout);
    assert_clean(&format!("{what} (stderr)"), &out.stderr);
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_traces_title_in_text_output() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    let out = abviz().args(["run", "--tree", "(1 2)", "-f", "json"]).output().unwrap();
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["descriptor"]["title"] = HOSTILE.into();
    std::fs::write(&file, v.to_string()).unwrap();
    let (text, _) = clean_run("render -f text", abviz().arg("render").arg(&file).args(["-f", "text"]));
    assert!(text.contains("\\u{1b}]0;pwned"), "{text}");
}

#[test]
fn tree_names_in_compares_table_markdown_and_csv() {
    let tree = format!("(\"{HOSTILE}\":(3 12 8) (2 4 6))");
    for format in ["table", "markdown", "csv"] {
        clean_run(&format!("compare -f {format}"), abviz().args(["compare", "--tree", &tree, "-f", format]));
    }
}

#[test]
fn the_line_play_echoes() {
    let typed = format!("{HOSTILE}\n");
    clean_run("play", abviz().args(["play", "--game", "nim", "--position", "1,2"]).write_stdin(typed));
}

#[test]
fn errors_naming_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join(HOSTILE);
    let (_, err) = clean_run("--tree-file", abviz().arg("run").arg("--tree-file").arg(&missing));
    assert!(err.contains("\\u{202e}"), "{err}");
    clean_run("render", abviz().arg("render").arg(&missing));
    let out = dir.path().join(HOSTILE).join("x.svg");
    clean_run("-o", abviz().args(["run", "--tree", "(1 2)", "-f", "svg", "-o"]).arg(&out));
}

#[test]
fn argument_errors() {
    let (_, err) = clean_run("clap", abviz().args(["run", "--algo", HOSTILE]));
    assert!(err.contains("\\u{202e}"), "{err}");
    clean_run("clap", abviz().args(["run", &format!("--{HOSTILE}")]));
}
