//! `--format png` and `--format pdf`: our own SVG rendered in Rust with the bundled fonts — the
//! same bytes on every run, twice the SVG's size for PNG (capped), a page of the SVG's size for
//! PDF; the PDF opens in poppler (`pdftoppm`, `pdfinfo`) and the PNG in headless Chromium.

use crate::support::cdp::{browser, file_url};
use assert_cmd::Command;
use resvg::tiny_skia::Pixmap;
use std::path::Path;

const AIMA: &str = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";

fn abviz(args: &[&str]) -> Vec<u8> {
    let out = Command::cargo_bin("abviz").unwrap().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// The width and height the SVG picture declares.
fn svg_size(args: &[&str]) -> (f64, f64) {
    let svg = String::from_utf8(abviz(&[args, &["-f", "svg"]].concat())).unwrap();
    let attr = |name: &str| -> f64 {
        let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[at..at + svg[at..].find('"').unwrap()].parse().unwrap()
    };
    (attr("width"), attr("height"))
}

fn write(dir: &Path, name: &str, args: &[&str]) -> std::path::PathBuf {
    let path = dir.join(name);
    abviz(&[args, &["-o", path.to_str().unwrap()]].concat());
    path
}

#[test]
fn png_is_the_svg_at_twice_the_size_and_the_same_bytes_every_run() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["run", "--tree", AIMA, "-f", "png"];
    let a = std::fs::read(write(dir.path(), "a.png", &args)).unwrap();
    let b = std::fs::read(write(dir.path(), "b.png", &args)).unwrap();
    assert!(a == b, "two runs gave different PNGs");
    let png = Pixmap::decode_png(&a).unwrap();
    let (w, h) = svg_size(&["run", "--tree", AIMA]);
    assert_eq!((png.width(), png.height()), ((w * 2.0).ceil() as u32, (h * 2.0).ceil() as u32));
    // A white page with dark drawing on it (the text and shapes were rendered).
    let pixels = png.pixels();
    assert_eq!(pixels[0].red(), 255, "the corner is white");
    let dark = pixels.iter().filter(|p| p.red() < 80 && p.alpha() == 255).count();
    assert!(dark > 5_000, "only {dark} dark pixels");
}

#[test]
fn pdf_is_one_page_of_the_svgs_size_and_the_same_bytes_every_run() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["run", "--tree", AIMA, "-f", "pdf"];
    let a = write(dir.path(), "a.pdf", &args);
    let b = write(dir.path(), "b.pdf", &args);
    assert!(std::fs::read(&a).unwrap() == std::fs::read(&b).unwrap(), "two runs gave different PDFs");
    let Ok(info) = std::process::Command::new("pdfinfo").arg(&a).output() else {
        assert!(std::env::var_os("CI").is_none(), "the PDF test needs poppler-utils in CI");
        eprintln!("\n!!! SKIPPED: pdfinfo not installed (apt-get install poppler-utils) !!!\n");
        return;
    };
    let info = String::from_utf8_lossy(&info.stdout).to_string();
    let field = |name: &str| -> String {
        let line = info.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name} in {info}"));
        line[name.len() + 1..].trim().to_string()
    };
    assert_eq!(field("Pages"), "1");
    // One SVG unit is one point of the page.
    let (w, h) = svg_size(&["run", "--tree", AIMA]);
    assert_eq!(field("Page size"), format!("{} x {} pts", fmt(w), fmt(h)));
    let status = std::process::Command::new("pdftoppm")
        .args(["-png", "-r", "72", "-singlefile"])
        .arg(&a)
        .arg(dir.path().join("page"))
        .status()
        .unwrap();
    assert!(status.success());
    let page = Pixmap::decode_png(&std::fs::read(dir.path().join("page.png")).unwrap()).unwrap();
    let dark = page.pixels().iter().filter(|p| p.red() < 80).count();
    assert!(dark > 1_000, "the page poppler drew has only {dark} dark pixels");
}

/// The PDF's text is text: pdftotext finds every label the SVG picture draws (node names, leaf
/// values, windows, the legend), in the embedded DejaVu fonts, and the bytes stay the same over
/// several runs although the picture uses two font faces (regular and bold), which svg2pdf
/// 0.13 wrote in a hash map's order, differing from run to run.
#[test]
fn pdf_text_is_searchable_and_the_bytes_stay_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["run", "--tree", AIMA, "-f", "pdf"];
    let first = std::fs::read(write(dir.path(), "0.pdf", &args)).unwrap();
    for k in 1..6 {
        let again = std::fs::read(write(dir.path(), &format!("{k}.pdf"), &args)).unwrap();
        assert!(again == first, "run {k} gave different bytes");
    }
    if !crate::support::pdf::have_pdftotext() {
        return;
    }
    let words: String =
        crate::support::pdf::read(&dir.path().join("0.pdf")).words.iter().map(|w| w.text.as_str()).collect();
    let svg = String::from_utf8(abviz(&["run", "--tree", AIMA, "-f", "svg"])).unwrap();
    let labels: Vec<String> = svg
        .split("<text")
        .skip(1)
        .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string())
        .map(|t| t.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
        .filter(|t| !t.contains('<'))
        .collect();
    assert!(labels.len() >= 20, "{labels:?}");
    for label in &labels {
        let bare: String = label.split_whitespace().collect();
        assert!(words.contains(&bare), "the PDF's text lacks the label {label:?}: {words}");
    }
    let fonts = std::process::Command::new("pdffonts").arg(dir.path().join("0.pdf")).output().unwrap();
    let fonts = String::from_utf8_lossy(&fonts.stdout);
    assert!(fonts.contains("DejaVuSans") && fonts.contains("DejaVuSans-Bold"), "{fonts}");
}

/// pdfinfo's number format.
fn fmt(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[test]
fn a_wide_search_is_collapsed_to_fit_the_image() {
    let dir = tempfile::tempdir().unwrap();
    let png = write(dir.path(), "x.png", &["run", "--game", "xiangqi", "--depth", "2", "-f", "png"]);
    let png = Pixmap::decode_png(&std::fs::read(png).unwrap()).unwrap();
    assert!(png.width() <= 16_384, "{} px wide", png.width());
    // Collapsed to stubs, the figure keeps its height: the drawing is legible, not a strip.
    assert!(png.height() > 300, "{} × {} px", png.width(), png.height());
}

#[test]
fn binary_output_refuses_a_terminal_but_pipes_fine() {
    // Piped (as here), the PNG goes to standard output.
    let bytes = abviz(&["run", "--tree", AIMA, "-f", "png"]);
    assert!(bytes.starts_with(b"\x89PNG"));
    let pdf = abviz(&["run", "--tree", AIMA, "-f", "pdf"]);
    assert!(pdf.starts_with(b"%PDF-"));
}

#[test]
fn chromium_opens_the_png() {
    let Some(mut b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let png = write(dir.path(), "aima.png", &["run", "--tree", AIMA, "-f", "png"]);
    let decoded = Pixmap::decode_png(&std::fs::read(&png).unwrap()).unwrap();
    let mut tab = b.tab();
    tab.open(&file_url(&png));
    let size = tab.eval("[document.images[0].naturalWidth, document.images[0].naturalHeight]");
    assert_eq!(size, serde_json::json!([decoded.width(), decoded.height()]));
}

/// `--boards`: the textbook's game tree, a small board under every node, in SVG and PNG; the
/// formats that cannot draw one say so.
#[test]
fn boards_draw_each_position_under_its_node() {
    let args = ["run", "--game", "tictactoe", "--position", "x.o/.x./...", "--depth", "2", "--boards"];
    let svg = String::from_utf8(abviz(&[&args[..], &["-f", "svg"]].concat())).unwrap();
    // Fitted to a slide, the root's last two moves are one "⋯ 2 more" item (no board).
    let nodes = svg.matches(r#"<g class="node"#).count() - svg.matches(r#"<g class="node stub"#).count();
    let boards = svg.matches("<svg x=").count();
    assert!(nodes > 24, "{nodes} nodes");
    assert_eq!(boards, nodes, "one board per node");
    // Each board shows its position (the game's own title) and the move into it marked.
    assert!(svg.contains("<title>XOO/.X./...</title>") || svg.contains("<title>X.O/.X./...</title>"));
    assert!(svg.matches("last move").count() >= nodes - 1, "every board but the root's marks its move");
    let plain = String::from_utf8(abviz(&[&args[..7], &["-f", "svg"]].concat())).unwrap();
    assert_eq!(plain.matches("<svg x=").count(), 0, "no boards unless asked");
    // In the PNG the crosses are drawn (the boards' blue), which the plain tree has none of.
    let blue = |png: &[u8]| {
        let p = Pixmap::decode_png(png).unwrap();
        p.pixels().iter().filter(|c| c.blue() > 150 && c.red() < 60 && c.alpha() == 255).count()
    };
    let with = blue(&abviz(&[&args[..], &["-f", "png"]].concat()));
    let without = blue(&abviz(&[&args[..7], &["-f", "png"]].concat()));
    assert!(with > 5_000 && without < 100, "blue pixels: {with} with boards, {without} without");
    // TikZ draws the same boards in TikZ itself: one clipped scope per board, the crosses in the
    // boards' blue, text as text; pdflatex compiles it without a font warning and the PDF
    // shows the crosses.
    let tex = String::from_utf8(abviz(&[&args[..], &["-f", "tikz"]].concat())).unwrap();
    assert_eq!(tex.matches("\\begin{scope}\n\\clip").count(), nodes, "one board per node");
    assert!(tex.contains("draw={rgb,255:red,21;green,101;blue,192}"), "the crosses' blue");
    assert!(tex.contains("{X to move}") || tex.contains("{O to move}"), "the board's caption is text");
    if Command::new("pdflatex").arg("--version").output().is_err() {
        eprintln!("SKIPPED: pdflatex is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("boards.tex"), &tex).unwrap();
    let out = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "boards.tex"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let log = std::fs::read_to_string(dir.path().join("boards.log")).unwrap();
    assert!(!log.contains("Font Warning"), "{log}");
    let text = Command::new("pdftotext").arg(dir.path().join("boards.pdf")).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.matches("to move").count() >= nodes - 5, "the boards' captions are searchable: {text}");
}
