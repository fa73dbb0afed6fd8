//! `abviz compare -o FILE.tex`: the wide tables as booktabs LaTeX compile with pdflatex, and
//! every number pdftotext reads back from the PDF is the JSON report's (a line per sweep cell:
//! b, d, order, value, each algorithm's mean, the minimal and the full tree), nodes in the first
//! table and leaves in the second; the note says which value ranges were widened.

use super::diagrams::{have, pdflatex};
use assert_cmd::Command;
use serde_json::Value;

const SWEEP: [&str; 9] =
    ["compare", "--branching", "3,4", "--depth", "2..3", "--samples", "2", "--algos", "minimax,alphabeta"];

/// 1234 → "1,234"; a mean with a fraction keeps one decimal, as the tables print it.
fn count(mean: f64) -> String {
    let tenths = (mean * 10.0).round() as u64;
    let whole = (tenths / 10).to_string();
    let mut out = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if !tenths.is_multiple_of(10) {
        out.push_str(&format!(".{}", tenths % 10));
    }
    out
}

/// The tokens of the line a row of `report` prints in the table of `measure`.
fn expected(row: &Value, measure: &str) -> Vec<String> {
    let (b, d) = (row["branching"].as_u64().unwrap() as u32, row["depth"].as_u64().unwrap() as u32);
    let value = match &row["value"] {
        Value::Null => format!("{}–{}", row["value_min"], row["value_max"]),
        v => v.to_string(),
    };
    let mut tokens = vec![b.to_string(), d.to_string(), row["ordering"].as_str().unwrap().to_string(), value];
    for r in row["results"].as_array().unwrap() {
        tokens.push(count(r[measure]["mean"].as_f64().unwrap()));
    }
    let (minimal, full) = match measure {
        "leaves" => (row["knuth_moore_minimum"].as_u64().unwrap(), row["full_tree_leaves"].as_u64().unwrap()),
        // The minimal tree's level k holds b^⌈k/2⌉ + b^⌊k/2⌋ − 1 nodes; the full tree's b^k.
        _ => (0..=d).fold((0, 0), |(m, f), k| {
            let b = b as u64;
            (m + b.pow(k.div_ceil(2)) + b.pow(k / 2) - 1, f + b.pow(k))
        }),
    };
    tokens.extend([count(minimal as f64), count(full as f64)]);
    tokens
}

#[test]
fn the_booktabs_tables_compile_and_hold_the_reports_counts() {
    if !have("pdflatex", "--version") || !have("pdftotext", "-v") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let json = Command::cargo_bin("abviz").unwrap().args(SWEEP).args(["-f", "json"]).output().unwrap();
    assert!(json.status.success());
    let report: Value = serde_json::from_slice(&json.stdout).unwrap();
    let file = dir.path().join("counts.tex");
    Command::cargo_bin("abviz").unwrap().args(SWEEP).arg("-o").arg(&file).assert().success();
    let table = std::fs::read_to_string(&file).unwrap();
    assert!(table.contains("\\toprule") && table.contains("\\bottomrule"), "{table}");
    let doc = format!(
        "\\documentclass{{article}}\n\\usepackage[a4paper,margin=1.5cm]{{geometry}}\n\\usepackage{{booktabs}}\n\\begin{{document}}\n{table}\\end{{document}}\n"
    );
    let pdf = pdflatex(&doc, "counts", dir.path());
    let text = std::process::Command::new("pdftotext").arg("-layout").arg(&pdf).arg("-").output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    let (nodes, leaves) = text.split_once("Leaves evaluated").expect("two tables, nodes first");
    let lines = |part: &str| -> Vec<Vec<String>> {
        part.lines().map(|l| l.split_whitespace().map(str::to_string).collect()).collect()
    };
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 12, "2 b × 2 d × 3 orderings");
    for (part, measure) in [(nodes, "nodes"), (leaves, "leaves")] {
        let printed = lines(part);
        for row in rows {
            let want = expected(row, measure);
            assert!(printed.contains(&want), "{measure}: no line {want:?} in\n{part}");
        }
    }
    // Best- and worst-ordered trees of 27 and more leaves need more than 0..20's 21 values.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("0..20 holds only 21 values, so their range was widened"), "{flat}");
    assert!(flat.contains("b=3 d=3 to 0..26"), "{flat}");
}
