//! What a PDF holds, read with poppler's `pdftotext -bbox`: each page's size and each word with
//! its bounding box, in PDF points (1/72 inch) from the page's top left. A test that prints a
//! page or compiles a sheet checks with it that nothing is cut (every word inside its page) and
//! that the text is text (found at all).
//!
//! Without `pdftotext` the callers skip with a loud message (or fail when `CI` is set).

#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

/// A word on a page.
#[derive(Clone, Debug)]
pub struct Word {
    /// The page, from 0.
    pub page: usize,
    /// The word.
    pub text: String,
    /// Left, top, right, bottom, in points.
    pub bbox: [f64; 4],
}

/// A PDF's pages: (width, height) in points, and its words.
#[derive(Clone, Debug, Default)]
pub struct Pdf {
    /// Each page's width and height.
    pub pages: Vec<(f64, f64)>,
    /// Every word, page by page.
    pub words: Vec<Word>,
}

/// Whether poppler's pdftotext is installed; says loudly when it is not (and panics in CI).
pub fn have_pdftotext() -> bool {
    let ok = Command::new("pdftotext").arg("-v").output().is_ok_and(|o| o.status.success());
    if !ok {
        if std::env::var_os("CI").is_some() {
            panic!("pdftotext is missing, and CI must run this test: apt-get install poppler-utils");
        }
        eprintln!("\n*** SKIPPED: pdftotext (poppler-utils) is not installed ***\n");
    }
    ok
}

fn attr(tag: &str, name: &str) -> f64 {
    let start =
        tag.find(&format!("{name}=\"")).unwrap_or_else(|| panic!("no {name} in {tag}")) + name.len() + 2;
    let end = start + tag[start..].find('"').expect("a closing quote");
    tag[start..end].parse().unwrap_or_else(|e| panic!("{name} in {tag}: {e}"))
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// Reads `path` with `pdftotext -bbox`.
pub fn read(path: &Path) -> Pdf {
    let out = Command::new("pdftotext").arg("-bbox").arg(path).arg("-").output().expect("pdftotext runs");
    assert!(out.status.success(), "pdftotext {}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
    let xml = String::from_utf8(out.stdout).expect("UTF-8 from pdftotext");
    let mut pdf = Pdf::default();
    for line in xml.lines().map(str::trim) {
        if line.starts_with("<page ") {
            pdf.pages.push((attr(line, "width"), attr(line, "height")));
        } else if let Some(rest) = line.strip_prefix("<word ") {
            let close = rest.find('>').expect("a word tag");
            let tag = &rest[..close];
            let text = rest[close + 1..].trim_end_matches("</word>");
            pdf.words.push(Word {
                page: pdf.pages.len().saturating_sub(1),
                text: unescape(text),
                bbox: [attr(tag, "xMin"), attr(tag, "yMin"), attr(tag, "xMax"), attr(tag, "yMax")],
            });
        }
    }
    pdf
}

impl Pdf {
    /// The words lying (even partly) outside their page.
    pub fn cut_words(&self) -> Vec<&Word> {
        self.words
            .iter()
            .filter(|w| {
                let (pw, ph) = self.pages[w.page];
                let [x0, y0, x1, y1] = w.bbox;
                x0 < -0.5 || y0 < -0.5 || x1 > pw + 0.5 || y1 > ph + 0.5
            })
            .collect()
    }

    /// Whether `text` is one of the words.
    pub fn has_word(&self, text: &str) -> bool {
        self.words.iter().any(|w| w.text == text)
    }
}
