//! Names are user text: a tree whose node names hold escape sequences, NUL or a bidi override
//! must not drive the terminal — text output, the plain stepper and error messages show them
//! escaped.

use assert_cmd::Command;

fn abviz() -> Command {
    let mut c = Command::cargo_bin("abviz").unwrap();
    c.env("NO_COLOR", "1");
    c
}

/// A tree whose names retitle the terminal (OSC 0), clear it (CSI 2J), hold a NUL and turn the
/// line around (U+202E).
const HOSTILE: &str = "\"\u{1b}]0;pwned\u{7}\":(\"a\u{1b}[2J\":3 \"b\u{0}c\":(5 \"\u{202e}evil\":1) 7)";

fn assert_safe(out: &[u8], what: &str) -> String {
    let text = String::from_utf8_lossy(out).into_owned();
    for bad in ['\u{1b}', '\u{7}', '\u{0}', '\u{202e}'] {
        assert!(!text.contains(bad), "{what} holds {:?} raw:\n{text}", bad);
    }
    text
}

#[test]
fn text_output_and_the_plain_stepper_escape_names() {
    let out = abviz().args(["run", "--tree-file", "-"]).write_stdin(HOSTILE).output().unwrap();
    assert!(out.status.success());
    let text = assert_safe(&out.stdout, "run -f text");
    assert!(text.contains("\\u{1b}]0;pwned\\u{7}"), "{text}");
    assert!(text.contains("\\u{202e}evil"), "{text}");
    let out = abviz()
        .args(["step", "--plain", "--until", "end", "--tree-file", "-"])
        .write_stdin(HOSTILE)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = assert_safe(&out.stdout, "step --plain");
    assert!(text.contains("b\\u{0}c"), "{text}");
}

#[test]
fn error_messages_escape_the_input() {
    let bad = format!("{HOSTILE} \"\u{1b}[31mred\"");
    let out = abviz().args(["run", "--tree-file", "-"]).write_stdin(bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = assert_safe(&out.stderr, "the error");
    assert!(text.contains("\\u{1b}[31mred"), "{text}");
}
