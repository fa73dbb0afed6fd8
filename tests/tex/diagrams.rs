//! The diagram views (DOT, SVG, TikZ): snapshots of the textbook figures, the Wikipedia tree's
//! pruned regions in every format, and external checks — Graphviz accepts every DOT file, every
//! SVG is XML whose drawing fits its viewBox, every TikZ file compiles with pdflatex — plus the
//! escaping of hostile node names through all three formats.
//!
//! Tests that need `dot`, `pdflatex` or `pdftotext` print a loud SKIPPED line when the tool is
//! missing, and fail instead when the CI environment variable is set.

use abviz::export::{Collapse, Format, Labels, RankDir, ShowPruned, Style, ViewOptions};
use abviz::game::Player;
use abviz::game::random::{Ordering, RandomTree};
use abviz::game::tictactoe::{TicTacToe, TttEval};
use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::Trace;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";
const WIKI: &str = "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))";
const GFG: &str = "(((3 5) (6 9)) ((1 2) (0 -1)))";
/// Node names no format may choke on (quoted names in the tree notation).
const HOSTILE: &str = r#""q\"uote":("back\\slash":(1 2) "new\nline":(3 "<script>alert(1)</script>":4) "A&B}%$#":(5 "中文节点":6))"#;

fn tree(text: &str, algo: Algorithm) -> Trace {
    Input::from_tree_text(text, None).unwrap().trace(algo, &RunOptions::default()).unwrap()
}

fn export(trace: &Trace, format: Format, opts: &ViewOptions) -> String {
    let bytes = format.exporter().export(trace, opts).unwrap().into_bytes().unwrap();
    String::from_utf8(bytes).unwrap()
}

/// Whether an external tool is there; without it a test is skipped loudly, or fails under CI.
pub(crate) fn have(tool: &str, version_arg: &str) -> bool {
    let ok = Command::new(tool).arg(version_arg).output().is_ok_and(|o| o.status.success());
    if !ok {
        if std::env::var_os("CI").is_some() {
            panic!("`{tool}` is missing, and CI must run this test: install it (see docs/diagrams.md)");
        }
        eprintln!(
            "\n*** SKIPPED: `{tool}` is not installed; this test runs only where it is (CI installs it) ***\n"
        );
    }
    ok
}

/// A spread of traces and view options: every kind of input, algorithm and option.
fn cases() -> Vec<(String, Trace, ViewOptions)> {
    let random = |ordering, seed| {
        Input::Random(RandomTree {
            branching: 3,
            depth: 4,
            seed,
            values: (-9, 9),
            ordering,
            root_player: Player::Max,
        })
    };
    let ttt = Input::game(TicTacToe::parse("XO./.X./O..", TttEval::Win).unwrap(), None);
    let d = ViewOptions::default;
    let mut out = vec![
        ("aima-ab".into(), tree(AIMA, Algorithm::AlphaBeta), d()),
        ("aima-minimax".into(), tree(AIMA, Algorithm::Minimax), d()),
        ("wiki-ab".into(), tree(WIKI, Algorithm::AlphaBeta), d()),
        (
            "wiki-soft-boxes-lr".into(),
            tree(WIKI, Algorithm::AlphaBetaSoft),
            ViewOptions {
                style: Style::Boxes,
                rankdir: RankDir::LeftRight,
                labels: Labels { bounds_in: true, post: true, ..Labels::default() },
                ..d()
            },
        ),
        (
            "gfg-negamax-ab-edges".into(),
            tree(GFG, Algorithm::NegamaxAb),
            ViewOptions { show_pruned: ShowPruned::Edges, ..d() },
        ),
        (
            "gfg-negamax-none".into(),
            tree(GFG, Algorithm::Negamax),
            ViewOptions { show_pruned: ShowPruned::None, no_legend: true, ..d() },
        ),
        (
            "hostile".into(),
            tree(HOSTILE, Algorithm::AlphaBeta),
            ViewOptions { labels: "all".parse().unwrap(), ..d() },
        ),
        ("min-root".into(), tree("min (3 (5 1) (2 8))", Algorithm::AlphaBeta), d()),
        // Names Graphviz's HTML labels or pdfLaTeX once refused: empty, ']', a noncharacter,
        // Latin Extended-A letters T1 fonts lack, and names longer than a label may be.
        (
            "awkward-names".into(),
            tree(
                &format!(
                    "(\"\":(1 \"]\":2) \"x\u{fffe}y\":3 \"ĦħĿŀŉŦŧſ\":4 \"{}\":5 \"{}\":6)",
                    "n".repeat(17_000),
                    "ŧ".repeat(3_000)
                ),
                Algorithm::AlphaBeta,
            ),
            ViewOptions { labels: "all".parse().unwrap(), ..d() },
        ),
        ("single-leaf".into(), tree("7", Algorithm::AlphaBeta), d()),
    ];
    let rt = random(Ordering::Worst, 7).trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
    out.push((
        "random-collapse".into(),
        rt.clone(),
        ViewOptions { collapse: Some(Collapse::Above(6)), ..d() },
    ));
    out.push(("random-pv-only".into(), rt, ViewOptions { pv_only: true, ..d() }));
    let ttt = ttt.trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
    out.push(("tictactoe".into(), ttt.clone(), ViewOptions { max_depth: Some(2), ..d() }));
    out.push(("tictactoe-lr".into(), ttt, ViewOptions { rankdir: RankDir::LeftRight, ..d() }));
    // Iterative deepening's transposition links: dashed arrows labelled TT.
    out.push(("tictactoe-id-tt".into(), tt_trace(), d()));
    // Every pass side by side (`--pass all`).
    let all = || ViewOptions { all_passes: true, ..d() };
    out.push(("tictactoe-id-all".into(), id_trace(), ViewOptions { max_depth: Some(2), ..all() }));
    out.push(("aima-mtdf-all".into(), tree(AIMA, Algorithm::Mtdf), all()));
    out.push((
        "aima-mtdf-all-lr".into(),
        tree(AIMA, Algorithm::Mtdf),
        ViewOptions { rankdir: RankDir::LeftRight, ..all() },
    ));
    out
}

/// Iterative deepening on `--position x.o/.x./...`: one pass per depth.
fn id_trace() -> Trace {
    let ttt = Input::game(TicTacToe::parse("x.o/.x./...", TttEval::Win).unwrap(), None);
    ttt.trace(Algorithm::Iterative, &RunOptions::default()).unwrap()
}

#[test]
fn every_pass_is_drawn_side_by_side_under_its_header() {
    for trace in [id_trace(), tree(AIMA, Algorithm::Mtdf)] {
        let passes = trace.passes();
        assert!(passes.len() > 1, "{} passes", passes.len());
        let opts = ViewOptions { all_passes: true, ..Default::default() };
        let svg = export(&trace, Format::Svg, &opts);
        let headers: Vec<&str> = svg.match_indices(">Pass ").map(|(i, _)| &svg[i + 1..]).collect();
        assert_eq!(headers.len(), passes.len(), "one header per pass");
        let mut lefts = Vec::new();
        for (k, p) in passes.iter().enumerate() {
            assert!(headers[k].starts_with(&format!("Pass {} — ", k + 1)), "{}", &headers[k][..40]);
            // Every pass's root is drawn, left to right in pass order.
            let root = format!(r#"id="n{}""#, p.root);
            let at = svg.find(&root).unwrap_or_else(|| panic!("pass {} root {} not drawn", k + 1, p.root));
            let group = &svg[at..];
            let x: f64 =
                group.split("x=\"").nth(1).or_else(|| group.split("points=\"").nth(1)).map_or(0.0, |t| {
                    t.split(|c: char| !(c.is_ascii_digit() || c == '.'))
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap_or(0.0)
                });
            lefts.push(x);
        }
        assert!(lefts.windows(2).all(|w| w[0] < w[1]), "roots left to right: {lefts:?}");
        // One pass, or the default: no header, as before.
        let one = export(&trace, Format::Svg, &ViewOptions::default());
        assert!(!one.contains(">Pass "));
        let dot = export(&trace, Format::Dot, &opts);
        // Each header is tied to its pass's root by an invisible edge.
        let tied = dot.lines().filter(|l| l.trim_start().starts_with("pass") && l.contains("[style=invis]"));
        assert_eq!(tied.count(), passes.len());
    }
}

fn tt_trace() -> Trace {
    let ttt = Input::game(TicTacToe::parse("XO./.X./O..", TttEval::Win).unwrap(), None);
    ttt.trace(Algorithm::Iterative, &RunOptions::default()).unwrap()
}

#[test]
fn transposition_links_are_drawn_in_svg_and_tikz() {
    let t = tt_trace();
    let drawn: Vec<_> = t.links().to_vec();
    assert!(!drawn.is_empty(), "the search takes results from its table");
    let opts = ViewOptions::default();
    let svg = export(&t, Format::Svg, &opts);
    // The figure draws the last pass: an arrow for each of its links whose ends it shows.
    let arrows = svg.matches(r#"<g class="tt-link">"#).count();
    assert!(arrows >= 1 && arrows <= drawn.len(), "{arrows} arrows for {} links\n{svg}", drawn.len());
    assert!(svg.contains("took the result stored at #"), "{svg}");
    let tikz = export(&t, Format::Tikz, &opts);
    assert_eq!(tikz.matches("% tt-link").count(), arrows, "{tikz}");
    assert!(tikz.contains("{TT}"), "{tikz}");
}

// ---------------------------------------------------------------- snapshots

#[test]
fn aima_snapshots() {
    for (algo, name) in [(Algorithm::Minimax, "minimax"), (Algorithm::AlphaBeta, "alphabeta")] {
        let t = tree(AIMA, algo);
        let opts = ViewOptions::default();
        insta::assert_snapshot!(format!("aima_{name}_dot"), export(&t, Format::Dot, &opts));
        insta::assert_snapshot!(format!("aima_{name}_svg"), export(&t, Format::Svg, &opts));
        insta::assert_snapshot!(format!("aima_{name}_tikz"), export(&t, Format::Tikz, &opts));
    }
}

// ---------------------------------------------------------------- the Wikipedia figure

/// The nodes File:AB_pruning.svg greys out: the leaf 5 under the MIN node worth 4, the leaf 9
/// under the middle MIN node worth 6, and the whole right MAX subtree worth 8 (with its MIN
/// children and leaves 9, 8, 6).
const WIKI_GREY: [&str; 8] = ["0.0.1.2", "1.0.1.1", "2.1", "2.1.0", "2.1.0.0", "2.1.0.1", "2.1.1", "2.1.1.0"];
/// Where a cut mark is drawn: the edges into the three regions' tops.
const WIKI_CUTS: [&str; 3] = ["0.0.1.2", "1.0.1.1", "2.1"];

/// The name every format gives the node at `path` ("" the root, "2.1" the root's third child's
/// second child): "n" and its trace id.
fn id_of(trace: &Trace, path: &str) -> String {
    let mut id = 0;
    for part in path.split('.').filter(|p| !p.is_empty()) {
        id = trace.child_at(id, part.parse().unwrap()).unwrap_or_else(|| panic!("no node at {path}"));
    }
    abviz::export::view::node_id(id)
}

/// The names of the nodes at `paths`.
fn ids_of(trace: &Trace, paths: &[&str]) -> BTreeSet<String> {
    paths.iter().map(|p| id_of(trace, p)).collect()
}

fn set(items: impl IntoIterator<Item = String>) -> BTreeSet<String> {
    items.into_iter().collect()
}

#[test]
fn wikipedia_pruned_regions_in_dot() {
    let t = tree(WIKI, Algorithm::AlphaBeta);
    let dot = export(&t, Format::Dot, &ViewOptions::default());
    let faded: BTreeSet<String> = dot
        .lines()
        .filter(|l| l.starts_with("  n") && !l.contains("->") && l.contains(r#"style="filled,dashed""#))
        .map(|l| l.trim().split(' ').next().unwrap().to_string())
        .collect();
    assert_eq!(faded, ids_of(&t, &WIKI_GREY));
    let cut: BTreeSet<String> = dot
        .lines()
        .filter(|l| l.contains("->") && l.contains('✂'))
        .map(|l| {
            l.split("->").nth(1).unwrap().trim().split(' ').next().unwrap().trim_end_matches(';').to_string()
        })
        .collect();
    assert_eq!(cut, ids_of(&t, &WIKI_CUTS));
    assert_eq!(dot.matches("α-cut").count(), 3 + 1, "one label per cutoff plus the legend");
    assert!(!dot.contains("β-cut"));
    // The principal variation (root → middle → its first MAX → first MIN → leaf 6) is thick.
    let thick: Vec<&str> = dot.lines().filter(|l| l.contains("penwidth=3.2")).collect();
    assert_eq!(thick.len(), 4, "{thick:?}");
    assert!(thick[0].starts_with(&format!("  n0 -> {} ", id_of(&t, "1"))), "{}", thick[0]);
}

#[test]
fn wikipedia_pruned_regions_in_svg() {
    let t = tree(WIKI, Algorithm::AlphaBeta);
    let svg = export(&t, Format::Svg, &ViewOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let groups = |classes: &[&str]| -> BTreeSet<String> {
        doc.descendants()
            .filter(|n| n.has_tag_name("g"))
            .filter(|n| {
                let c: Vec<&str> = n.attribute("class").unwrap_or("").split(' ').collect();
                classes.iter().all(|k| c.contains(k))
            })
            .map(|n| t.path(n.attribute("data-id").unwrap().parse().unwrap()))
            .collect()
    };
    assert_eq!(groups(&["node", "pruned"]), set(WIKI_GREY.map(String::from)));
    assert_eq!(groups(&["edge", "alpha-cut"]), set(WIKI_CUTS.map(String::from)));
    assert!(groups(&["edge", "beta-cut"]).is_empty());
    assert_eq!(groups(&["edge", "pv"]), set(["1", "1.0", "1.0.0", "1.0.0.0"].map(String::from)));
    // Faded nodes are drawn grey and dashed.
    for g in doc.descendants().filter(|n| n.attribute("class").is_some_and(|c| c.contains("node pruned"))) {
        let shape = g.children().find(|c| c.has_tag_name("rect") || c.has_tag_name("polygon")).unwrap();
        assert_eq!(shape.attribute("stroke"), Some("#9A9A9A"));
        assert!(shape.attribute("stroke-dasharray").is_some());
    }
}

#[test]
fn wikipedia_pruned_regions_in_tikz() {
    let t = tree(WIKI, Algorithm::AlphaBeta);
    let tex = export(&t, Format::Tikz, &ViewOptions::default());
    let marked = |kind: &str, class: &str| -> BTreeSet<String> {
        tex.lines()
            .filter_map(|l| l.strip_prefix(&format!("% {kind} ")))
            .filter(|l| l.split(['(', ')', ' ']).any(|w| w == class))
            .map(|l| l.split(' ').next().unwrap().to_string())
            .collect()
    };
    assert_eq!(marked("node", "pruned"), ids_of(&t, &WIKI_GREY));
    assert_eq!(marked("edge", "alpha-cut"), ids_of(&t, &WIKI_CUTS));
    assert!(marked("edge", "beta-cut").is_empty());
    assert!(tex.contains("draw=abvizAlpha"));
}

// ---------------------------------------------------------------- external checks

fn xml_numbers_fit(svg: &str, name: &str) {
    let doc =
        roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{name}: SVG is not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert!(root.has_tag_name(("http://www.w3.org/2000/svg", "svg")), "{name}");
    let vb: Vec<f64> = root.attribute("viewBox").unwrap().split(' ').map(|v| v.parse().unwrap()).collect();
    let (w, h) = (vb[2], vb[3]);
    assert!(w > 0.0 && h > 0.0, "{name}");
    for n in doc.descendants().filter(|n| n.is_element()) {
        for (attr, limit) in
            [("x", w), ("x1", w), ("x2", w), ("cx", w), ("y", h), ("y1", h), ("y2", h), ("cy", h)]
        {
            if let Some(v) = n.attribute(attr).and_then(|v| v.parse::<f64>().ok()) {
                assert!((0.0..=limit).contains(&v), "{name}: {attr}={v} outside the {w}x{h} viewBox");
            }
        }
        if let Some(points) = n.attribute("points") {
            for p in points.split(' ') {
                let (x, y) = p.split_once(',').unwrap();
                let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
                assert!((0.0..=w).contains(&x) && (0.0..=h).contains(&y), "{name}: point {p} outside");
            }
        }
    }
}

#[test]
fn every_svg_is_xml_that_fits_its_viewbox() {
    for (name, trace, opts) in cases() {
        xml_numbers_fit(&export(&trace, Format::Svg, &opts), &name);
    }
}

/// Graphviz's `dot` run on `dot` with `-T<format>`.
fn graphviz(dot: &str, format: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new("dot")
        .arg(format!("-T{format}"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(dot.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn run_dot(dot: &str, name: &str) -> String {
    let out = graphviz(dot, "svg");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}: dot rejected the graph: {stderr}\n{dot}");
    // Graphviz reports bad HTML labels as warnings ("Warning: syntax error in line ...").
    assert!(!stderr.contains("rror"), "{name}: dot complained: {stderr}\n{dot}");
    String::from_utf8(out.stdout).unwrap()
}

/// Graphviz's SVG output starts with a DOCTYPE.
fn graphviz_svg(svg: &str) -> Result<roxmltree::Document<'_>, roxmltree::Error> {
    let opts = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    roxmltree::Document::parse_with_options(svg, opts)
}

#[test]
fn graphviz_accepts_every_dot_graph() {
    if !have("dot", "-V") {
        return;
    }
    for (name, trace, opts) in cases() {
        let svg = run_dot(&export(&trace, Format::Dot, &opts), &name);
        graphviz_svg(&svg).unwrap_or_else(|e| panic!("{name}: dot's SVG: {e}"));
    }
}

fn pdflatex(tex: &str, name: &str, dir: &Path) -> std::path::PathBuf {
    let file = dir.join(format!("{name}.tex"));
    std::fs::write(&file, tex).unwrap();
    let out = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape"])
        .arg(&file)
        .current_dir(dir)
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{name}: pdflatex failed:\n{}\n{tex}",
        &log[log.len().saturating_sub(3000)..]
    );
    // Every glyph comes from a font that has it: no substituted font shapes.
    let log = std::fs::read_to_string(dir.join(format!("{name}.log"))).unwrap_or_default();
    let warnings: Vec<_> = log.lines().filter(|l| l.contains("Font Warning")).collect();
    assert!(warnings.is_empty(), "{name}: {}", warnings.join("\n"));
    dir.join(format!("{name}.pdf"))
}

#[test]
fn every_tikz_figure_compiles_with_pdflatex() {
    if !have("pdflatex", "--version") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let wanted = [
        "aima-ab",
        "wiki-soft-boxes-lr",
        "gfg-negamax-ab-edges",
        "hostile",
        "awkward-names",
        "random-collapse",
        "tictactoe",
        "tictactoe-id-all",
        "aima-mtdf-all",
        "aima-mtdf-all-lr",
    ];
    for (name, trace, opts) in cases().into_iter().filter(|c| wanted.contains(&c.0.as_str())) {
        pdflatex(&export(&trace, Format::Tikz, &opts), &name, dir.path());
    }
    // The beamer overlays: one per event plus the final picture.
    let t = tree(AIMA, Algorithm::AlphaBeta);
    let tex = export(&t, Format::Tikz, &ViewOptions { tikz_steps: true, ..Default::default() });
    let pdf = pdflatex(&tex, "steps", dir.path());
    // The picture and its legend fit the frame: no "Overfull \hbox" on any overlay.
    let log = std::fs::read_to_string(dir.path().join("steps.log")).unwrap();
    assert!(
        !log.contains("Overfull"),
        "{}",
        log.lines().filter(|l| l.contains("Overfull")).collect::<Vec<_>>().join("\n")
    );
    if have("pdfinfo", "-v") {
        let info = Command::new("pdfinfo").arg(&pdf).output().unwrap();
        let info = String::from_utf8_lossy(&info.stdout);
        let pages = info.lines().find(|l| l.starts_with("Pages:")).unwrap();
        assert_eq!(pages.split_whitespace().nth(1), Some((t.events().len() + 1).to_string().as_str()));
    }
}

#[test]
fn every_forest_figure_compiles_one_node_per_line_and_can_be_edited_by_hand() {
    let wanted = [
        "aima-ab",
        "wiki-soft-boxes-lr",
        "hostile",
        "awkward-names",
        "random-collapse",
        "tictactoe",
        "aima-mtdf-all",
    ];
    let cases: Vec<_> = cases().into_iter().filter(|c| wanted.contains(&c.0.as_str())).collect();
    for (name, trace, opts) in &cases {
        let tex = export(trace, Format::Forest, opts);
        let view = abviz::export::view::View::new(trace, opts);
        let node_lines = tex.lines().filter(|l| l.trim_start().starts_with("[{")).count();
        assert_eq!(node_lines, view.len(), "{name}: one line per node");
    }
    if !have("pdflatex", "--version") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (name, trace, opts) in &cases {
        pdflatex(&export(trace, Format::Forest, opts), &format!("forest-{name}"), dir.path());
    }
    // A lecturer changes a leaf's value by hand: the figure shows the new one.
    let t = tree(AIMA, Algorithm::AlphaBeta);
    let tex = export(&t, Format::Forest, &ViewOptions::default());
    assert!(tex.contains("[{12}, leaf, visit={4}]"), "{tex}");
    let edited = tex.replace("[{12}, leaf", "[{97}, leaf");
    let pdf = pdflatex(&edited, "edited", dir.path());
    if !have("pdftotext", "-v") {
        return;
    }
    let out = Command::new("pdftotext").arg(&pdf).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("97") && !text.contains("12"), "{text}");
    for label in ["A", "B", "C", "D", "α-cut", "[3, 2]"] {
        assert!(text.contains(label), "{label:?} not in\n{text}");
    }
}

// ---------------------------------------------------------------- escaping

/// The hostile names as they must read in every drawing (a newline is drawn as a space).
const NAMES: [&str; 6] =
    ["q\"uote", "back\\slash", "new line", "<script>alert(1)</script>", "A&B}%$#", "中文节点"];

#[test]
fn hostile_names_survive_svg() {
    let t = tree(HOSTILE, Algorithm::AlphaBeta);
    let svg = export(&t, Format::Svg, &ViewOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert!(!doc.descendants().any(|n| n.has_tag_name("script")));
    let texts: BTreeSet<&str> =
        doc.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
    for name in NAMES {
        assert!(texts.contains(name), "{name:?} not drawn: {texts:?}");
    }
}

#[test]
fn hostile_names_survive_dot() {
    let t = tree(HOSTILE, Algorithm::AlphaBeta);
    let dot = export(&t, Format::Dot, &ViewOptions::default());
    assert!(!dot.contains("<script>"));
    if !have("dot", "-V") {
        return;
    }
    let svg = run_dot(&dot, "hostile");
    let doc = graphviz_svg(&svg).unwrap();
    let texts: BTreeSet<&str> =
        doc.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
    for name in NAMES {
        assert!(texts.contains(name), "{name:?} not drawn by Graphviz: {texts:?}");
    }
}

#[test]
fn hostile_names_survive_tikz() {
    let t = tree(HOSTILE, Algorithm::AlphaBeta);
    let tex = export(&t, Format::Tikz, &ViewOptions::default());
    assert!(tex.contains(r"\textless{}script\textgreater{}alert(1)\textless{}/script\textgreater{}"));
    assert!(tex.contains(r"A\&B\}\%\$\#"));
    assert!(tex.contains(r"\abvizchar{4E2D}{中}"));
    if !have("pdflatex", "--version") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let pdf = pdflatex(&tex, "hostile", dir.path());
    if !have("pdftotext", "-v") {
        return;
    }
    let out = Command::new("pdftotext").arg(&pdf).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for name in ["q\"uote", "back\\slash", "new line", "<script>alert(1)</script>", "A&B}%$#", "[U+4E2D]"] {
        assert!(text.contains(name), "{name:?} not in the PDF's text:\n{text}");
    }
}

/// Graphviz's layout of `dot` as JSON (`dot -Tjson`).
fn dot_layout(dot: &str) -> serde_json::Value {
    let out = graphviz(dot, "json");
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

/// No edge Graphviz draws (tree edges, cut edges, TT arrows) passes through a node's name and
/// window: sampled along every Bézier segment of every visible edge, no point falls inside the
/// box of a `_beside` text node (an `xlabel`, placed after the edges, lay across AIMA's D).
#[test]
fn graphviz_edges_never_cross_names_or_windows() {
    if !have("dot", "-V") {
        return;
    }
    let cases = [("aima", tree(AIMA, Algorithm::AlphaBeta)), ("tt", tt_trace())];
    for (name, trace) in cases {
        let dot = export(&trace, Format::Dot, &ViewOptions::default());
        let g = dot_layout(&dot);
        let f = |v: &serde_json::Value| v.as_str().unwrap().parse::<f64>().unwrap();
        let mut boxes = Vec::new();
        let mut names = std::collections::HashMap::new();
        for o in g["objects"].as_array().unwrap() {
            let Some(n) = o["name"].as_str() else { continue };
            names.insert(o["_gvid"].as_u64().unwrap(), n.to_string());
            if n.ends_with("_beside") {
                let (x, y) = o["pos"].as_str().unwrap().split_once(',').unwrap();
                let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
                let (w, h) = (f(&o["width"]) * 36.0, f(&o["height"]) * 36.0);
                boxes.push((n.to_string(), x - w, y - h, x + w, y + h));
            }
        }
        assert!(boxes.len() >= 4, "{name}: every interior node has its name or window beside it");
        for e in g["edges"].as_array().unwrap() {
            if e["style"].as_str() == Some("invis") {
                continue;
            }
            let ends = (&names[&e["tail"].as_u64().unwrap()], &names[&e["head"].as_u64().unwrap()]);
            for d in e["_draw_"].as_array().unwrap().iter().filter(|d| d["op"] == "b" || d["op"] == "B") {
                let p: Vec<(f64, f64)> = d["points"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|q| (q[0].as_f64().unwrap(), q[1].as_f64().unwrap()))
                    .collect();
                for s in (0..p.len().saturating_sub(3)).step_by(3) {
                    for k in 0..=20 {
                        let t = f64::from(k) / 20.0;
                        let b = |i: usize| {
                            let c = [
                                (1.0 - t).powi(3),
                                3.0 * (1.0 - t).powi(2) * t,
                                3.0 * (1.0 - t) * t * t,
                                t.powi(3),
                            ];
                            c.iter()
                                .enumerate()
                                .map(|(j, c)| c * if i == 0 { p[s + j].0 } else { p[s + j].1 })
                                .sum::<f64>()
                        };
                        let (x, y) = (b(0), b(1));
                        for (label, x0, y0, x1, y1) in &boxes {
                            assert!(
                                !(x > *x0 && x < *x1 && y > *y0 && y < *y1),
                                "{name}: the edge {ends:?} crosses {label} at ({x:.0}, {y:.0})"
                            );
                        }
                    }
                }
            }
        }
        if name == "tt" {
            assert!(dot.contains("label=<TT>"), "the TT arrow is drawn");
        }
    }
}
