//! `abviz compare` ready to show (issue 47, item 5): the chart picture (`-f svg`, `-o x.pdf`)
//! draws nodes and leaves against the minimal and the full tree, each point read back through
//! the chart's own log axis being a count of the JSON report; the wide table has a line per
//! sweep cell with the algorithms as columns and fits the terminal's 100 columns in one block;
//! a value range widened for ordered trees is said.

use assert_cmd::Command;
use serde_json::Value;

fn stdout(args: &[&str]) -> String {
    let out = Command::cargo_bin("abviz").unwrap().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn report(args: &[&str]) -> Value {
    let mut full = args.to_vec();
    full.extend(["-f", "json"]);
    serde_json::from_str(&stdout(&full)).unwrap()
}

/// "1" → 0, "1,000" → 3, "10⁴" → 4: the power of ten a grid label of the y axis stands for.
fn decade(label: &str) -> Option<f64> {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    if let Some(rest) = label.strip_prefix("10")
        && rest.chars().all(|c| SUP.contains(&c))
        && !rest.is_empty()
    {
        let digits: String = rest
            .chars()
            .map(|c| char::from(b'0' + SUP.iter().position(|&s| s == c).unwrap() as u8))
            .collect();
        return digits.parse().ok();
    }
    let n: f64 = label.replace(',', "").parse().ok()?;
    (n >= 1.0).then(|| n.log10())
}

/// One chart of the picture: its title and every point its lines draw, as (x label, count),
/// the count read back from the y position through the chart's grid labels.
fn charts(svg: &str) -> Vec<(String, Vec<(u32, f64)>)> {
    let doc = roxmltree::Document::parse(svg).expect("the picture is XML");
    let mut out = Vec::new();
    let mut title = String::new();
    for node in doc.root_element().descendants() {
        if node.has_tag_name("text") && node.attribute("font-weight") == Some("bold") {
            title = node.text().unwrap_or_default().to_string();
        }
        if !node.has_tag_name("svg") || node == doc.root_element() {
            continue;
        }
        // The y axis: each grid label sits 4 px below its line, right-aligned at x = 64.
        let grid: Vec<(f64, f64)> = node
            .descendants()
            .filter(|t| t.has_tag_name("text") && t.attribute("x") == Some("64.0"))
            .filter_map(|t| Some((t.attribute("y")?.parse::<f64>().ok()? - 4.0, decade(t.text()?)?)))
            .collect();
        let ticks: Vec<(f64, u32)> = node
            .descendants()
            .filter(|t| t.has_tag_name("text") && t.attribute("text-anchor") == Some("middle"))
            .filter_map(|t| Some((t.attribute("x")?.parse().ok()?, t.text()?.parse().ok()?)))
            .collect();
        assert!(grid.len() >= 2 && ticks.len() >= 2, "{title}: an axis is missing");
        let ((y0, k0), (y1, k1)) = (grid[0], grid[grid.len() - 1]);
        let mut points = Vec::new();
        for line in node.descendants().filter(|p| p.has_tag_name("polyline")) {
            for p in line.attribute("points").unwrap().split(' ') {
                let (x, y) = p.split_once(',').unwrap();
                let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
                let tick = ticks.iter().find(|t| (t.0 - x).abs() < 0.2).expect("a point on a tick");
                points.push((tick.1, 10f64.powf(k0 + (y - y0) / (y1 - y0) * (k1 - k0))));
            }
        }
        out.push((title.clone(), points));
    }
    out
}

#[test]
fn the_chart_picture_draws_the_reports_nodes_and_leaves_against_the_two_trees() {
    let args = [
        "compare",
        "--branching",
        "3",
        "--depth",
        "2..4",
        "--ordering",
        "best,worst",
        "--samples",
        "1",
        "--algos",
        "minimax,alphabeta",
    ];
    let json = report(&args);
    let mut svg_args = args.to_vec();
    svg_args.extend(["-f", "svg"]);
    let drawn = charts(&stdout(&svg_args));
    let titles: Vec<&str> = drawn.iter().map(|(t, _)| t.as_str()).collect();
    for want in [
        "Nodes per move ordering: alphabeta, random trees, b = 3",
        "Nodes against depth d: random trees, b = 3, best order",
        "Nodes against depth d: random trees, b = 3, worst order",
        "Leaves per move ordering: alphabeta, random trees, b = 3",
        "Leaves against depth d: random trees, b = 3, best order",
        "Leaves against depth d: random trees, b = 3, worst order",
    ] {
        assert!(titles.contains(&want), "no chart {want:?} in {titles:?}");
    }
    let near = |points: &[(u32, f64)], d: u32, count: f64| {
        points.iter().any(|&(x, y)| x == d && (y / count - 1.0).abs() < 0.01)
    };
    for (title, points) in &drawn {
        let Some((measure, order)) = title.split_once(" against depth d: random trees, b = 3, ") else {
            continue;
        };
        let (key, order) = (measure.to_lowercase(), order.trim_end_matches(" order"));
        for row in json["rows"].as_array().unwrap().iter().filter(|r| r["ordering"] == order) {
            let d = row["depth"].as_u64().unwrap() as u32;
            for r in row["results"].as_array().unwrap() {
                let count = r[&key]["mean"].as_f64().unwrap();
                assert!(near(points, d, count), "{title}: {} at d = {d} ({count}) not drawn", r["algorithm"]);
            }
            // The references: b^d and the Knuth–Moore minimum for leaves, and for nodes the
            // same two trees' nodes (1 + b + … + b^d, and Σ b^⌈k/2⌉ + b^⌊k/2⌋ − 1).
            let (minimal, full) = match key.as_str() {
                "leaves" => {
                    (row["knuth_moore_minimum"].as_f64().unwrap(), row["full_tree_leaves"].as_f64().unwrap())
                }
                _ => (0..=d).fold((0.0, 0.0), |(m, f), k| {
                    (
                        m + 3f64.powi(k.div_ceil(2) as i32) + 3f64.powi((k / 2) as i32) - 1.0,
                        f + 3f64.powi(k as i32),
                    )
                }),
            };
            assert!(near(points, d, minimal) && near(points, d, full), "{title}: references at d = {d}");
        }
    }
    // Best order meets the minimal tree exactly, in nodes as in leaves (Knuth & Moore).
    let best = &json["rows"][2];
    assert_eq!((best["ordering"].as_str(), best["depth"].as_u64()), (Some("best"), Some(4)));
    assert_eq!(best["results"][1]["nodes"]["mean"], 1.0 + 3.0 + 5.0 + 11.0 + 17.0);
    // The PDF is the same picture through the same renderer: one page, the same bytes each time.
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.pdf"), dir.path().join("b.pdf"));
    for file in [&a, &b] {
        Command::cargo_bin("abviz").unwrap().args(args).arg("-o").arg(file).assert().success();
    }
    let pdf = std::fs::read(&a).unwrap();
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    assert_eq!(pdf, std::fs::read(&b).unwrap(), "the same command, the same bytes");
}

#[test]
fn the_wide_table_has_a_line_per_cell_and_the_algorithms_as_columns() {
    let sweep = [
        "compare",
        "--branching",
        "3..5",
        "--depth",
        "4..6",
        "--samples",
        "2",
        "--algos",
        "minimax,alphabeta,alphabeta-soft,negamax-ab,pvs",
    ];
    let json = report(&sweep);
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 27, "3 orderings × 3 b × 3 d");
    let mut wide = sweep.to_vec();
    wide.extend(["--layout", "wide"]);
    let table = stdout(&wide);
    for line in table.lines() {
        assert!(line.chars().count() <= 100, "wider than the terminal: {line}");
    }
    // Two tables (nodes, leaves), each one block of 27 lines under one header (alphabeta,
    // alphabeta-soft and negamax-ab sharing a column).
    let lines: Vec<&str> = table.lines().filter(|l| l.starts_with('│') && l.contains(" best ")).collect();
    assert_eq!(lines.len(), 2 * 9, "{table}");
    assert_eq!(table.matches("│ b ").count(), 2, "one header per table, no block cut off:\n{table}");
    assert!(table.contains("Algorithms named in one column count the same on every line."));
    // Markdown: one table per count, not cut into blocks; every cell the JSON's mean.
    wide.extend(["-f", "md"]);
    let md = stdout(&wide);
    assert_eq!(md.lines().filter(|l| l.starts_with("| ---")).count(), 2, "{md}");
    let algorithms: Vec<&str> =
        json["algorithms"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    let (nodes, leaves) = md.split_once("Leaves evaluated").unwrap();
    for (part, measure) in [(nodes, "nodes"), (leaves, "leaves")] {
        let header: Vec<&str> = part.lines().find(|l| l.starts_with("| b |")).unwrap().split(" | ").collect();
        for row in rows {
            let key = format!(
                "| {} | {} | {} |",
                row["branching"],
                row["depth"],
                row["ordering"].as_str().unwrap()
            );
            let line = part.lines().find(|l| l.starts_with(&key)).unwrap_or_else(|| panic!("{key}"));
            let cells: Vec<&str> = line.trim_matches(|c| c == '|' || c == ' ').split(" | ").collect();
            for (i, algo) in algorithms.iter().enumerate() {
                // Algorithms that count the same share a column: "alphabeta = alphabeta-soft = …".
                let col = header
                    .iter()
                    .position(|h| h.trim_matches(|c| c == '|' || c == ' ').split(" = ").any(|n| n == *algo))
                    .unwrap();
                let mean = row["results"][i][measure]["mean"].as_f64().unwrap();
                let shown: f64 = cells[col].replace(',', "").parse().unwrap();
                assert!((shown - mean).abs() < 0.051, "{key} {algo} {measure}: {shown} vs {mean}");
            }
        }
    }
    // The value range: 0..20 holds 21 values, too few for the ordered trees' leaves; said, with
    // the widened range, and the root values lie in it.
    for row in rows.iter().filter(|r| r["ordering"] != "random") {
        let to = row["values_widened"]["to"][1].as_i64().expect("widened");
        assert_eq!(row["values_widened"]["from"], serde_json::json!([0, 20]));
        let leaves = row["branching"].as_i64().unwrap().pow(row["depth"].as_u64().unwrap() as u32);
        assert_eq!(to, leaves - 1, "each leaf its own value: {row}");
        assert!(row["value"].as_i64().unwrap() <= to);
        assert!(row["description"].as_str().unwrap().contains("(0..20 widened: each of the"), "{row}");
    }
    assert!(rows.iter().filter(|r| r["ordering"] == "random").all(|r| r.get("values_widened").is_none()));
    let flat = table.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("0..20 holds only 21 values, so their range was widened (b=3 d=4 to 0..80"),
        "{flat}"
    );
}
