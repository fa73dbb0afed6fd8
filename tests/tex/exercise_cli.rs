//! `abviz exercise` and `--labels leaves` from the command line: the AIMA exercise shows the nine
//! leaf values and no interior value, its key the textbook's; the sheets compile with pdflatex;
//! the same seed gives byte-identical files; bad input gets a clear usage error.
//!
//! The PDF checks need `pdflatex` (and `pdfinfo` to count pages): without them they print a
//! loud SKIPPED line, or fail under CI.

use assert_cmd::Command;
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use std::path::Path;

use crate::support::pdf;

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";

fn abviz() -> Command {
    Command::cargo_bin("abviz").unwrap()
}

fn have(tool: &str) -> bool {
    let ok = std::process::Command::new(tool).arg("-v").output().is_ok();
    if !ok {
        if std::env::var_os("CI").is_some() {
            panic!("`{tool}` is missing, and CI must run this test");
        }
        eprintln!(
            "\n*** SKIPPED: `{tool}` is not installed; this test runs only where it is (CI installs it) ***\n"
        );
    }
    ok
}

/// The texts drawn in an SVG, in order.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string())
        .collect()
}

/// The texts of the node groups only (not the legend).
fn node_texts(svg: &str) -> Vec<String> {
    svg.split("<g class=\"node").skip(1).flat_map(|g| texts(&g[..g.find("</g>").unwrap()])).collect()
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn the_aima_exercise_shows_the_leaves_and_its_key_the_book() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("aima");
    abviz().args(["exercise", "--tree", AIMA, "--no-pdf", "-o"]).arg(&out).assert().success();
    let ex = read(&out, "exercise-1.svg");
    let drawn = node_texts(&ex);
    assert_eq!(
        drawn,
        ["A", "B", "3", "12", "8", "C", "2", "4", "6", "D", "14", "5", "2"],
        "names and leaf values only"
    );
    assert!(
        !ex.contains("pruned") && !ex.contains("α-cut") && !ex.contains("class=\"edge pv"),
        "no answers drawn"
    );
    assert!(!ex.contains("value 3"), "the caption keeps the answer: {:?}", texts(&ex));
    let key = read(&out, "key-1.svg");
    let key_texts = node_texts(&key);
    for v in ["3", "≤2", "[3, +∞]", "[−∞, 3]"] {
        assert!(key_texts.contains(&v.to_string()), "{v} in the key: {key_texts:?}");
    }
    assert!(key.contains("alpha-cut"), "the key marks C's cut");
    let tex = read(&out, "exercises.tex");
    assert!(tex.contains("\\section*{Exercise 1}") && tex.contains("\\begin{tikzpicture}"));
    assert!(read(&out, "key.tex").contains("root value 3, best move B"));
}

#[test]
fn windows_add_blanks_beside_the_interior_nodes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w");
    abviz().args(["exercise", "--tree", AIMA, "--windows", "--no-pdf", "-o"]).arg(&out).assert().success();
    let blanks =
        node_texts(&read(&out, "exercise-1.svg")).iter().filter(|t| *t == "[_______, _______]").count();
    assert_eq!(blanks, 4, "A, B, C and D");
}

#[test]
fn labels_leaves_draws_any_figure_with_leaf_values_alone() {
    let out = abviz().args(["run", "--tree", AIMA, "--labels", "leaves", "-f", "svg"]).assert().success();
    let svg = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(node_texts(&svg), ["3", "12", "8", "2", "4", "6", "14", "5", "2"]);
    abviz()
        .args(["run", "--tree", AIMA, "--labels", "leafs", "-f", "svg"])
        .assert()
        .code(2)
        .stderr(contains("unknown label 'leafs'").and(contains("leaves (leaf")));
}

#[test]
fn the_sheets_compile_and_the_same_seed_gives_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["exercise", "--difficulty", "hard", "--seed", "9", "--count", "3", "--windows", "-o"];
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    abviz().args(args).arg(&a).assert().success().stdout(contains("exercises.pdf"));
    abviz().args(args).arg(&b).assert().success();
    let mut names: Vec<String> = std::fs::read_dir(&a)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    let pdf = have("pdflatex");
    let mut expected = vec!["exercise-1.svg", "exercise-2.svg", "exercise-3.svg", "exercises.tex"];
    if pdf {
        expected.insert(3, "exercises.pdf");
    }
    expected.extend(["key-1.svg", "key-2.svg", "key-3.svg"]);
    if pdf {
        expected.push("key.pdf");
    }
    expected.push("key.tex");
    assert_eq!(names, expected);
    for n in &names {
        assert_eq!(
            std::fs::read(a.join(n)).unwrap(),
            std::fs::read(b.join(n)).unwrap(),
            "{n} differs between runs"
        );
    }
    let other = dir.path().join("c");
    abviz()
        .args(["exercise", "--difficulty", "hard", "--seed", "10", "--no-pdf", "-o"])
        .arg(&other)
        .assert()
        .success();
    assert_ne!(read(&a, "exercise-1.svg"), read(&other, "exercise-1.svg"), "another seed, another tree");
    if pdf && have("pdfinfo") {
        let pages: Vec<String> = ["exercises.pdf", "key.pdf"]
            .iter()
            .map(|file| {
                let info = std::process::Command::new("pdfinfo").arg(a.join(file)).output().unwrap();
                let info = String::from_utf8_lossy(&info.stdout).into_owned();
                info.lines().find(|l| l.starts_with("Pages:")).unwrap_or_default().to_string()
            })
            .collect();
        assert_eq!(pages[0], pages[1], "the key has the sheet's pages");
        let n: u32 = pages[0].trim_start_matches("Pages:").trim().parse().unwrap();
        assert!((1..=3).contains(&n), "three trees on {n} pages");
    }
}

/// Each heading's exercise number and the page it is on, in order: "Exercise 3 (medium, …"
/// on a sheet, "Answer key 3 …" on a key.
fn headings(doc: &pdf::Pdf) -> Vec<(u32, usize)> {
    doc.words
        .windows(2)
        .filter(|w| w[0].text == "Exercise" || w[0].text == "key")
        .filter_map(|w| Some((w[1].text.parse().ok()?, w[1].page)))
        .collect()
}

/// `--difficulty easy,medium,hard --count 2`: one sheet of six trees numbered 1 to 6 across the
/// difficulties (each difficulty's trees the ones its own sheet draws from the seed), as many
/// on a page as fit at their size (fewer pages than trees; the window blanks still at least
/// 8 mm), and the key page for page the same.
#[test]
fn a_mixed_sheet_numbers_on_across_difficulties_and_shares_pages() {
    if !have("pdflatex") || !pdf::have_pdftotext() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mixed");
    let args = ["exercise", "--difficulty", "easy,medium,hard", "--count", "2", "--seed", "5", "--windows"];
    abviz().args(args).arg("-o").arg(&out).assert().success();
    let medium = dir.path().join("medium");
    abviz()
        .args([
            "exercise",
            "--difficulty",
            "medium",
            "--count",
            "2",
            "--seed",
            "5",
            "--windows",
            "--no-pdf",
            "-o",
        ])
        .arg(&medium)
        .assert()
        .success();
    for (mixed, alone) in [(3, 1), (4, 2)] {
        assert_eq!(
            read(&out, &format!("exercise-{mixed}.svg")),
            read(&medium, &format!("exercise-{alone}.svg")),
            "exercise {mixed} is the medium sheet's exercise {alone}"
        );
    }
    let sheet = pdf::read(&out.join("exercises.pdf"));
    let key = pdf::read(&out.join("key.pdf"));
    let placed = headings(&sheet);
    assert_eq!(placed.iter().map(|h| h.0).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6], "numbered on");
    assert_eq!(headings(&key), placed, "the key puts each answer on its exercise's page");
    assert!(sheet.pages.len() < 6, "{} pages for six trees", sheet.pages.len());
    assert_eq!(sheet.pages.len(), key.pages.len());
    assert!(sheet.cut_words().is_empty() && key.cut_words().is_empty(), "every word on its page");
    let text: Vec<&str> = sheet.words.iter().map(|w| w.text.as_str()).collect();
    let text = text.join(" ");
    for (n, level) in [(1, "easy"), (2, "easy"), (3, "medium"), (4, "medium"), (5, "hard"), (6, "hard")] {
        assert!(text.contains(&format!("Exercise {n} ({level}, seed 5)")), "exercise {n} is {level}");
    }
    for w in sheet.words.iter().filter(|w| w.text.contains("___")) {
        let line = (w.bbox[2] - w.bbox[0]) * 7168.0 / (7168.0 + 799.0 + 651.0) * 25.4 / 72.0;
        assert!(line >= 8.0, "a blank {:?} is {line:.1} mm long", w.text);
    }
}

#[test]
fn bad_requests_get_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x");
    let cases: &[(&[&str], &str)] = &[
        (&["--difficulty", "hard", "--random", "3,3"], "depth of at least 4"),
        (&["--difficulty", "easy", "--algo", "minimax"], "minimax prunes nothing"),
        (&["--tree", AIMA, "--seed", "3"], "--seed applies to generated trees"),
        (&["--tree", AIMA, "--count", "2"], "--count applies to generated trees"),
        (&["--difficulty", "easy", "--count", "0"], "--count 0"),
        (&["--tree", AIMA, "--algo", "mcts"], "not mcts"),
        (&["--random", "6,4"], "1296 leaves"),
        (&["--random", "2,3,4", "--seed", "5"], "says seed 4 but --seed says 5"),
        (&["--difficulty", "easy,hard", "--random", "3,2"], "depth of at least 4"),
        (&[], "no trees: give --tree"),
    ];
    for (args, message) in cases {
        abviz()
            .arg("exercise")
            .args(*args)
            .args(["--no-pdf", "-o"])
            .arg(&out)
            .assert()
            .code(2)
            .stderr(contains(*message));
        assert!(!out.exists(), "{args:?}: a refused request writes nothing");
    }
    abviz()
        .args(["exercise", "--tree", "((3 12) (2 x))", "--no-pdf", "-o"])
        .arg(&out)
        .assert()
        .failure()
        .stderr(contains("x"));
    let huge = format!("({})", "1 ".repeat(1100));
    abviz()
        .args(["exercise", "--tree", &huge, "--no-pdf", "-o"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(contains("1101 nodes"));
    abviz()
        .args(["exercise", "--difficulty", "extreme", "-o"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(contains("easy"));
    abviz().args(["practice", "--count", "0", "-o"]).arg(&out).assert().code(2).stderr(contains("--count 0"));
    abviz().args(["practice", "--algo", "pvs", "-o"]).arg(&out).assert().code(2).stderr(contains("not pvs"));
}

#[test]
fn a_practice_page_for_minimax_has_no_cuts_to_find() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mm");
    abviz().args(["practice", "--algo", "minimax", "--count", "2", "-o"]).arg(&out).assert().success();
    let html = read(&out, "index.html");
    assert!(html.contains("<option value=\"random\">random (2)</option>"), "textbook and random trees only");
    assert!(!html.contains("\"cut\":true"), "minimax prunes nothing");
    assert!(out.join("solutions/random-2.html").exists());
}

/// The sheets are portrait on the paper asked for (A4 by default, or Letter), each tree whole
/// (trees that fit share a page): every word of both PDFs inside its page, every interior
/// node's name (A to D on the easy tree, A to M on the medium one, A to O on the hard one) found
/// on the page of each tree there,
/// and the window blanks at least 8 mm long (the medium tree is drawn left to right for that).
#[test]
fn the_sheets_are_portrait_a4_or_letter_with_each_tree_whole() {
    if !have("pdflatex") || !pdf::have_pdftotext() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (paper, size) in [(None, (595.0, 842.0)), (Some("letter"), (612.0, 792.0))] {
        for (level, last) in [("easy", 'D'), ("medium", 'M'), ("hard", 'O')] {
            let out = dir.path().join(format!("{level}-{}", paper.unwrap_or("default")));
            let mut cmd = abviz();
            cmd.args(["exercise", "--difficulty", level, "--windows", "--count", "2", "-o"]).arg(&out);
            if let Some(p) = paper {
                cmd.args(["--paper", p]);
            }
            cmd.assert().success();
            for file in ["exercises.pdf", "key.pdf"] {
                let doc = pdf::read(&out.join(file));
                let placed = headings(&doc);
                assert_eq!(placed.iter().map(|h| h.0).collect::<Vec<_>>(), [1, 2], "{file}");
                assert_eq!(doc.pages.len(), placed[1].1 + 1, "{file}: no empty page");
                for &(w, h) in &doc.pages {
                    assert!(
                        (w - size.0).abs() < 1.0 && (h - size.1).abs() < 1.0,
                        "{file}: {w} × {h}, not {size:?}"
                    );
                }
                assert!(
                    doc.cut_words().is_empty(),
                    "{level} {file} on {paper:?}: cut: {:?}",
                    doc.cut_words()
                );
                // The window blanks: each line of underscores at least 8 mm long as printed
                // (a word "[_______," is its bracket, seven underscores and its comma; DejaVu
                // Sans advances '_' 1024 units of 2048, '[' 799 and ',' 651).
                if file == "exercises.pdf" {
                    let blanks: Vec<&pdf::Word> =
                        doc.words.iter().filter(|w| w.text.contains("___")).collect();
                    assert!(!blanks.is_empty(), "{level} on {paper:?}: no window blanks");
                    for w in blanks {
                        let line = (w.bbox[2] - w.bbox[0]) * 7168.0 / (7168.0 + 799.0 + 651.0) * 25.4 / 72.0;
                        assert!(
                            line >= 8.0,
                            "{level} on {paper:?}: a blank {:?} is {line:.1} mm long",
                            w.text
                        );
                    }
                }
                for page in 0..doc.pages.len() {
                    let trees = placed.iter().filter(|h| h.1 == page).count();
                    for name in 'A'..=last {
                        let name = name.to_string();
                        let drawn = doc.words.iter().filter(|w| w.page == page && w.text == name).count();
                        assert!(
                            drawn >= trees,
                            "{level} {file} on {paper:?}, page {page}: node {name} drawn {drawn} times for {trees} trees"
                        );
                    }
                }
            }
        }
    }
    abviz()
        .args(["exercise", "--paper", "a5", "--no-pdf", "-o"])
        .arg(dir.path().join("x"))
        .assert()
        .failure()
        .stderr(contains("a5").and(contains("letter")));
}

/// A tree too big for 8 mm blanks on one portrait page is still drawn whole, and the command
/// says so: which exercise, how long its blanks print.
#[test]
fn a_tree_too_big_for_8_mm_blanks_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let out = abviz()
        .args(["exercise", "--random", "3,4", "--windows", "--no-pdf", "-o"])
        .arg(dir.path().join("big"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("exercise 1's tree is too big to write in by hand on one A4 page"), "{err}");
    assert!(err.contains("mm long (under 8 mm)"), "{err}");
    let small = abviz()
        .args(["exercise", "--difficulty", "medium", "--windows", "--no-pdf", "-o"])
        .arg(dir.path().join("medium"))
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&small.stderr).contains("too big"), "the profiles' trees fit");
}
