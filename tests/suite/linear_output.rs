//! Output grows with the size of the search, not with its depth: nothing written per node or per
//! step repeats the node's path. A 10,000-level chain (10,001 nodes, 30,003 steps) once wrote
//! 302 MB of DOT, 307 MB of SVG, a 611 MB page and 702 MB of stepper text (every node named by
//! its full path); now it writes about 420 (DOT: a name and window are a text node of their own, in
//! a cluster beside their node), 780, 1,240 and 450 bytes per node. The bounds below
//! leave room for wording changes but not for anything that grows with depth.

use assert_cmd::Command;

const DEPTH: usize = 10_000;
const NODES: usize = DEPTH + 1;

fn abviz(args: &[&str]) -> Vec<u8> {
    let out = Command::cargo_bin("abviz").unwrap().env("NO_COLOR", "1").args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

fn assert_linear(what: &str, bytes: usize, per_node: usize) {
    assert!(
        bytes <= per_node * NODES,
        "{what}: {bytes} bytes for {NODES} nodes ({} per node, bound {per_node})",
        bytes / NODES
    );
}

#[test]
fn a_10000_level_chain_writes_output_linear_in_its_nodes() {
    let chain = format!("1,{DEPTH}");
    let random = ["--random", chain.as_str()];
    let run = |format: &str| abviz(&[&["run", "-f", format][..], &random[..]].concat());
    assert_linear("DOT", run("dot").len(), 500);
    let svg = String::from_utf8(run("svg")).unwrap();
    assert_linear("SVG", svg.len(), 1_200);
    assert!(svg.contains(&format!(r#"id="n{DEPTH}""#)), "the deepest node named by its id");
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("page");
    abviz(&[&["run", "-f", "html", "-o", site.to_str().unwrap()][..], &random[..]].concat());
    assert_linear("the page", std::fs::metadata(site.join("index.html")).unwrap().len() as usize, 2_000);
    let steps = abviz(&[&["step", "--plain", "--until", "end"][..], &random[..]].concat());
    assert_eq!(steps.iter().filter(|&&b| b == b'\n').count(), 3 * DEPTH + 3, "enter, eval/exit, return");
    assert_linear("step --plain", steps.len(), 800);
    let compact = abviz(&[&["run", "-f", "json", "--compact"][..], &random[..]].concat());
    assert_linear("the compact trace", compact.len(), 100);
}

#[test]
fn a_deep_node_is_named_by_the_ends_of_its_way_down() {
    // The same chain as tree notation, under a named root: names start there.
    let tree = format!("R:{}4{}", "(".repeat(DEPTH), ")".repeat(DEPTH));
    let text = String::from_utf8(abviz(&["step", "--plain", "--until", "end", "--tree", &tree])).unwrap();
    let deepest = text.lines().find(|l| l.contains("Evaluate")).unwrap_or_else(|| panic!("{text:.2000}"));
    assert!(deepest.contains("R1.1.1.1…1.1.1.1 (depth 9999)"), "{deepest}");
    assert_linear("step --plain", text.len(), 800);
}
