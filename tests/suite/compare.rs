//! `abviz compare`: published node counts, the Knuth–Moore bounds, agreement between algorithms,
//! deterministic output in every format, well-formed SVG, and clear errors.

use abviz::compare::{self, Experiment, OutputFormat, Report, check_agreement, count_all};
use abviz::game::tictactoe::{TicTacToe, TttEval};
use abviz::game::{Game, Player};
use abviz::input::Input;
use abviz::search::Algorithm;
use abviz::{Error, Score};
use assert_cmd::Command;
use std::cell::Cell;
use std::rc::Rc;

fn abviz(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("abviz").unwrap().args(args).assert()
}

fn stdout(args: &[&str]) -> String {
    let out = abviz(args).success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut full = args.to_vec();
    full.extend(["--format", "json"]);
    serde_json::from_str(&stdout(&full)).unwrap()
}

fn result<'a>(row: &'a serde_json::Value, algo: &str) -> &'a serde_json::Value {
    row["results"].as_array().unwrap().iter().find(|r| r["algorithm"] == algo).unwrap()
}

#[test]
fn tic_tac_toe_from_the_empty_board() {
    // FACTS.md: the full game tree has 549,946 nodes (root included); alpha-beta with cells tried
    // in order 0..8 visits 18,297.
    let report = json(&["compare", "--game", "tictactoe"]);
    let row = &report["rows"][0];
    assert_eq!(row["value"], 0);
    assert_eq!(result(row, "minimax")["nodes"]["mean"], 549_946.0);
    assert_eq!(result(row, "minimax")["leaves"]["mean"], 255_168.0);
    for algo in ["alphabeta", "alphabeta-soft", "negamax-ab"] {
        assert_eq!(result(row, algo)["nodes"]["mean"], 18_297.0, "{algo}");
    }
    // The same numbers in the terminal table.
    let table = stdout(&["compare", "--game", "tictactoe", "--algos", "minimax,alphabeta"]);
    assert!(table.contains("549,946") && table.contains("18,297"), "{table}");
    assert!(table.contains("3.33 %"), "{table}");
}

#[test]
fn tic_tac_toe_through_the_library() {
    let mut game = TicTacToe::new(TttEval::Win);
    game.play(4); // X in the centre: still a draw.
    let results =
        count_all(&game, u32::MAX, &[Algorithm::Minimax, Algorithm::AlphaBeta], u64::MAX, &|_| ()).unwrap();
    assert_eq!(results[0].0, Score::from(0));
    assert_eq!(results[1].0, Score::from(0));
    assert!(results[1].1.nodes < results[0].1.nodes);
    // Every subtree of the empty board's root: the 9 subtrees plus the root make 549,946.
    let empty = TicTacToe::new(TttEval::Win);
    let total: u64 = empty
        .moves()
        .into_iter()
        .map(|mv| {
            let mut g = empty;
            g.play(mv);
            count_all(&g, u32::MAX, &[Algorithm::Minimax], u64::MAX, &|_| ()).unwrap()[0].1.nodes
        })
        .sum();
    assert_eq!(total + 1, 549_946);
}

/// Splits one CSV line (RFC 4180 quoting, no line breaks inside fields).
fn csv_fields(line: &str) -> Vec<String> {
    let (mut fields, mut field, mut quoted, mut chars) =
        (Vec::new(), String::new(), false, line.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// Parses CSV written by `abviz compare` into one map per line.
fn csv_rows(text: &str) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut lines = text.lines();
    let header = csv_fields(lines.next().unwrap());
    lines
        .map(|l| {
            let fields = csv_fields(l);
            assert_eq!(fields.len(), header.len(), "{l}");
            header.iter().cloned().zip(fields).collect()
        })
        .collect()
}

#[test]
fn best_order_meets_knuth_moore_and_worst_order_evaluates_every_leaf() {
    let text = stdout(&[
        "compare",
        "--branching",
        "2..4",
        "--depth",
        "1..5",
        "--ordering",
        "best,worst",
        "--samples",
        "3",
        "--algos",
        "minimax,alphabeta,alphabeta-soft,negamax-ab",
        "--format",
        "csv",
    ]);
    let rows = csv_rows(&text);
    assert_eq!(rows.len(), 2 * 3 * 5 * 4, "2 orderings × 3 b × 5 d × 4 algorithms");
    for r in &rows {
        let (b, d): (u64, u32) = (r["branching"].parse().unwrap(), r["depth"].parse().unwrap());
        let km = b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1;
        assert_eq!(r["knuth_moore_minimum"], km.to_string());
        assert_eq!(r["full_tree_leaves"], b.pow(d).to_string());
        let expected = match (r["algorithm"].as_str(), r["ordering"].as_str()) {
            ("minimax", _) => b.pow(d),
            (_, "best") => km,
            (_, "worst") => b.pow(d),
            other => panic!("unexpected row {other:?}"),
        };
        for col in ["leaves_min", "leaves_max"] {
            assert_eq!(
                r[col],
                expected.to_string(),
                "{} {} b={b} d={d} {col}",
                r["algorithm"],
                r["ordering"]
            );
        }
    }
    // And in the terminal table: b=3, d=4 best order shows KM 17 next to alpha-beta's 17 leaves.
    let table =
        stdout(&["compare", "--branching", "3", "--depth", "4", "--ordering", "best", "--samples", "2"]);
    let ab = table.lines().find(|l| l.contains(" alphabeta ")).unwrap();
    assert!(ab.contains(" 17 "), "{ab}");
}

#[test]
fn a_single_random_tree_is_the_one_abviz_run_searches() {
    let report = json(&["compare", "--random", "3,4,7", "--ordering", "best,worst", "--algos", "alphabeta"]);
    let best = &report["rows"][0];
    assert_eq!(best["ordering"], "best");
    assert_eq!(result(best, "alphabeta")["leaves"]["mean"], 17.0);
    assert_eq!(result(&report["rows"][1], "alphabeta")["leaves"]["mean"], 81.0);
    let run: serde_json::Value = serde_json::from_slice(
        &abviz(&["run", "--random", "3,4,7", "--ordering", "best", "--format", "json", "--stats-only"])
            .success()
            .get_output()
            .stdout,
    )
    .unwrap();
    assert_eq!(run["result"]["value"], best["value"]);
}

#[test]
fn every_format_is_deterministic() {
    // Many samples run in parallel; the bytes must not depend on scheduling or thread count.
    let base =
        ["compare", "--branching", "2..3", "--depth", "1..5", "--samples", "12", "--seed", "5", "--format"];
    for format in ["table", "md", "csv", "json", "html", "svg", "latex"] {
        let mut args = base.to_vec();
        args.push(format);
        let a = stdout(&args);
        let b = stdout(&args);
        let one_thread =
            Command::cargo_bin("abviz").unwrap().args(&args).env("RAYON_NUM_THREADS", "1").output().unwrap();
        assert_eq!(a, b, "{format}: two runs differ");
        assert_eq!(a.as_bytes(), one_thread.stdout, "{format}: one thread differs");
    }
    let game = ["compare", "--game", "tictactoe", "--depth", "1..4", "--format", "html"];
    assert_eq!(stdout(&game), stdout(&game));
}

#[test]
fn different_seeds_give_different_trees() {
    let a = json(&["compare", "--branching", "3", "--depth", "5", "--ordering", "random", "--seed", "1"]);
    let b = json(&["compare", "--branching", "3", "--depth", "5", "--ordering", "random", "--seed", "2"]);
    assert_ne!(a["rows"][0]["results"][1]["leaves"], b["rows"][0]["results"][1]["leaves"]);
}

/// The SVG elements of an HTML page.
fn svgs(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<svg") {
        let end = rest[start..].find("</svg>").expect("unclosed <svg>") + start + "</svg>".len();
        out.push(&rest[start..end]);
        rest = &rest[end..];
    }
    out
}

#[test]
fn html_charts_are_well_formed_svg() {
    let html =
        stdout(&["compare", "--branching", "2..3", "--depth", "1..6", "--samples", "4", "--format", "html"]);
    let charts = svgs(&html);
    // Per b: one chart of the orderings and one per ordering.
    assert_eq!(charts.len(), 2 * (1 + 3));
    for svg in &charts {
        let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        assert!(doc.descendants().any(|n| n.tag_name().name() == "polyline"));
    }
    assert!(html.contains("Knuth–Moore minimum"));
    assert!(html.contains(
        "Alphabeta, alphabeta-soft, negamax-ab, pvs and negascout evaluate exactly the Knuth–Moore minimum at every depth."
    ));

    // A single input with names that need escaping: bars, and the names escaped everywhere.
    let html = stdout(&["compare", "--tree", r#"("<b>&x":(3 12 8) (2 4 6) (14 5 2))"#, "--format", "html"]);
    assert!(!html.contains("<b>&x"));
    assert!(html.contains("&lt;b&gt;"));
    let charts = svgs(&html);
    assert_eq!(charts.len(), 1);
    roxmltree::Document::parse(charts[0]).unwrap();
    assert!(charts[0].contains("Knuth–Moore minimum = 5"));
}

/// A game that lies: each leaf is worth how many leaves were evaluated before it, counted across
/// every copy, so two searches of the "same" tree see different values.
#[derive(Clone)]
struct Forgetful {
    depth: u32,
    evaluations: Rc<Cell<i32>>,
}

impl Game for Forgetful {
    type Move = u8;
    fn to_move(&self) -> Player {
        if self.depth.is_multiple_of(2) { Player::Max } else { Player::Min }
    }
    fn moves(&self) -> Vec<u8> {
        if self.depth < 3 { vec![0, 1, 2] } else { vec![] }
    }
    fn play(&mut self, _: u8) {
        self.depth += 1;
    }
    fn undo(&mut self, _: u8) {
        self.depth -= 1;
    }
    fn terminal_value(&self) -> Option<Score> {
        (self.depth == 3).then(|| {
            self.evaluations.set(self.evaluations.get() + 1);
            Score::from(self.evaluations.get())
        })
    }
    fn evaluate(&self) -> Score {
        Score::from(0)
    }
    fn write_move_label(&self, mv: u8, out: &mut String) {
        out.push_str(&mv.to_string());
    }
    fn position_text(&self) -> String {
        String::new()
    }
}

#[test]
fn a_disagreement_between_algorithms_is_an_error() {
    let game = Forgetful { depth: 0, evaluations: Rc::new(Cell::new(0)) };
    let algos = [Algorithm::Minimax, Algorithm::AlphaBeta];
    let results = count_all(&game, u32::MAX, &algos, u64::MAX, &|_| ()).unwrap();
    let values: Vec<(Algorithm, Score)> = algos.iter().copied().zip(results.iter().map(|r| r.0)).collect();
    assert_ne!(values[0].1, values[1].1);
    let err = check_agreement("the forgetful game", &values).unwrap_err();
    assert!(matches!(err, Error::Disagreement { .. }));
    assert_eq!(err.exit_code(), 1);
    let msg = err.to_string();
    assert!(msg.contains("the forgetful game"), "{msg}");
    assert!(msg.contains(&format!("minimax {}", values[0].1)), "{msg}");
    assert!(msg.contains(&format!("alphabeta {}", values[1].1)), "{msg}");
}

#[test]
fn the_library_report_matches_the_aima_figure() {
    let input = Input::from_tree_text("((3 12 8) (2 4 6) (14 5 2))", None).unwrap();
    let experiment = Experiment {
        cases: vec![compare::input_case(input)],
        algorithms: compare::default_algorithms(),
        max_nodes: 100,
    };
    let work = std::sync::atomic::AtomicU64::new(0);
    let results = experiment
        .run(&|w| {
            work.fetch_add(w, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap();
    assert_eq!(experiment.searches(), compare::default_algorithms().len() as u64);
    assert_eq!(work.into_inner(), experiment.work());
    let report = Report::new(&experiment, &results);
    let row = &report.rows[0];
    assert_eq!((row.branching, row.depth), (Some(3), Some(2)));
    assert_eq!(row.results[0].nodes.mean, 13.0);
    assert_eq!(row.results[1].nodes.mean, 11.0);
    assert_eq!(row.results[1].leaves.mean, 7.0);
    assert_eq!(row.results[1].nodes_vs_minimax, Some(0.846154));
    let md = compare::render(&report, OutputFormat::Markdown);
    assert!(md.starts_with("| Input | b | d | Algorithm |"), "{md}");
}

#[test]
fn clear_errors() {
    let err = |args: &[&str], code: i32| {
        let out = abviz(args).code(code).get_output().clone();
        assert!(out.stdout.is_empty());
        String::from_utf8(out.stderr).unwrap()
    };
    assert!(err(&["compare"], 2).contains("--branching 2..4 --depth 1..8"));
    assert!(err(&["compare", "--branching", "2..4"], 2).contains("no input"));
    assert!(err(&["compare", "--tree", "(1 2)", "--samples", "3"], 2).contains("--samples does not apply"));
    assert!(err(&["compare", "--game", "tictactoe", "--ordering", "best"], 2).contains("--ordering"));
    assert!(err(&["compare", "--branching", "2", "--depth", "5..1"], 2).contains("backwards"));
    assert!(
        err(&["compare", "--branching", "2", "--depth", "3", "--algos", "minimax,mtd"], 2).contains("'mtd'")
    );
    assert!(
        err(&["compare", "--branching", "8", "--depth", "9", "--max-nodes", "1000000"], 2)
            .contains("b=8, d=9")
    );
    let stopped = err(&["compare", "--game", "tictactoe", "--max-nodes", "1000"], 1);
    assert!(stopped.contains("tic-tac-toe") && stopped.contains("1000 nodes"), "{stopped}");
}

#[test]
fn quiet_when_piped_and_writes_files() {
    let out = abviz(&["compare", "--branching", "2", "--depth", "1..3"]).success().get_output().clone();
    assert!(out.stderr.is_empty(), "progress bar drawn into a pipe");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.json");
    abviz(&["compare", "--game", "tictactoe", "--depth", "2", "-f", "json", "-o", path.to_str().unwrap()])
        .success();
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(v["format"], "abviz-compare");
    assert_eq!(v["rows"][0]["depth"], 2);
}

/// `--ordering-heuristics` adds one row per set; on xiangqi at depth 4 (captures first) the
/// killer and history heuristics cut iterative deepening's nodes well below plain alpha-beta's,
/// while alpha-beta (which takes no heuristics) counts the same in every row.
#[test]
fn ordering_heuristics_are_rows_of_their_own() {
    let out = assert_cmd::Command::cargo_bin("abviz")
        .unwrap()
        .args([
            "compare",
            "--game",
            "xiangqi",
            "--depth",
            "4",
            "--order",
            "captures",
            "--algos",
            "alphabeta,id",
        ])
        .args(["--ordering-heuristics", "none,tt+killer+history", "-f", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert!(rows[0]["input"].as_str().unwrap().ends_with("heuristics none"), "{}", rows[0]["input"]);
    assert!(rows[1]["input"].as_str().unwrap().ends_with("heuristics tt+killer+history"));
    let nodes = |row: &serde_json::Value, k: usize| row["results"][k]["nodes"]["mean"].as_f64().unwrap();
    assert_eq!(nodes(&rows[0], 0), nodes(&rows[1], 0), "alpha-beta takes no heuristics");
    assert!(
        nodes(&rows[1], 1) < 0.5 * nodes(&rows[0], 0),
        "{} vs {}",
        nodes(&rows[1], 1),
        nodes(&rows[0], 0)
    );
    assert!(nodes(&rows[1], 1) < nodes(&rows[0], 1));
    // Without id in the list, or on a tree, the flag is refused.
    assert_cmd::Command::cargo_bin("abviz")
        .unwrap()
        .args(["compare", "--game", "tictactoe", "--algos", "alphabeta", "--ordering-heuristics", "tt"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("add id to --algos"));
}

/// Every line of the terminal table and of the Markdown is at most 100 columns wide (the table
/// is cut into blocks of columns, each repeating the input and algorithm columns; the notes are
/// wrapped), and nothing is lost: every number of the one-block CSV is still in the table.
#[test]
fn tables_fit_100_columns_in_blocks_that_lose_nothing() {
    use unicode_width::UnicodeWidthStr;
    let cases: [&[&str]; 4] = [
        &["compare", "--game", "tictactoe", "--depth", "4"],
        &["compare", "--branching", "2,3", "--depth", "2,3", "--samples", "2"],
        &["compare", "--random", "3,4", "--ties", "prune,keep"],
        &["compare", "--game", "xiangqi", "--depth", "1", "--quiescence", "--algos", "minimax,alphabeta"],
    ];
    for args in cases {
        let wide = stdout(&[args, &["-f", "csv"]].concat());
        for format in ["table", "md"] {
            let text = stdout(&[args, &["-f", format]].concat());
            for line in text.lines() {
                assert!(
                    line.width() <= 100,
                    "{args:?} -f {format}: {} columns:\n{line}\n\n{text}",
                    line.width()
                );
            }
            // Every algorithm's node count (the CSV's "nodes_mean", with thousands separators).
            let rows = csv_rows(&wide);
            for row in &rows {
                let nodes: f64 = row["nodes_mean"].parse().unwrap();
                let shown = compare::table::mean_text(nodes);
                assert!(text.contains(&shown), "{args:?} -f {format}: {shown} missing\n{text}");
            }
            assert!(text.contains("EBF"), "{text}");
        }
    }
    // The widest (every alpha-beta variant, with a sweep's columns) is cut: the algorithm names
    // come once per block.
    let text = stdout(&["compare", "--branching", "2,3", "--depth", "2,3", "--samples", "2", "-f", "table"]);
    assert!(text.matches("negascout").count() >= 2 * 4 * 3, "{text}");
    // MCTS against minimax: its heading names the position and is wrapped.
    let args = [
        "compare",
        "--game",
        "tictactoe",
        "--depth",
        "2",
        "--algos",
        "alphabeta,mcts",
        "--iterations",
        "100",
    ];
    let text = stdout(&args);
    assert!(text.contains("MCTS against minimax on tic-tac-toe"), "{text}");
    for line in text.lines() {
        assert!(line.width() <= 100, "{} columns:\n{line}", line.width());
    }
}
