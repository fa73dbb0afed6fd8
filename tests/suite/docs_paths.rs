//! Docs that name only what exists (issue 45, item 5): every repository path named in the
//! README, the docs, the page scripts and templates, and the examples is there. A path is a
//! word that starts with one of the repository's top folders (`crates/abviz-draw/src/html.rs`,
//! `tests/suite/`); a `*` in it must match at least one file, and a placeholder in capitals
//! (`fuzz/corpus/TARGET/`) stands for any folder there.

use std::path::{Path, PathBuf};

/// The folders at the top of the repository whose paths the docs name.
const TOP: &[&str] = &[
    "src",
    "crates",
    "tests",
    "docs",
    "examples",
    "benches",
    "fuzz",
    "templates",
    "python",
    "scripts",
    ".ci",
];

/// Paths that look like ours but name another project's file, with the file that names them.
const OTHER_PROJECTS: &[(&str, &str)] = &[
    // Fairy-Stockfish's perft script, where the xiangqi perft positions come from.
    ("docs/xiangqi.md", "tests/perft.sh"),
];

/// The files whose paths are checked, relative to the repository.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![PathBuf::from("README.md")];
    let mut add = |dir: &str, ext: &[&str]| {
        let mut stack = vec![root.join(dir)];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
                let p = entry.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| ext.iter().any(|e| x == *e)) {
                    out.push(p.strip_prefix(root).unwrap().to_path_buf());
                }
            }
        }
    };
    add("docs", &["md"]);
    add("examples", &["rs", "py", "ipynb", "tree"]);
    add("templates", &["html"]);
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let assets = entry.unwrap().path().join("assets");
        if assets.is_dir() {
            add(assets.strip_prefix(root).unwrap().to_str().unwrap(), &["js", "css", "html"]);
        }
    }
    out.sort();
    out
}

/// The repository paths `text` names: words made of path characters that start with a top
/// folder and a slash.
fn named_paths(text: &str) -> Vec<String> {
    let is_path_char = |c: char| c.is_ascii_alphanumeric() || "/._-*{},".contains(c);
    let mut out = Vec::new();
    for word in text.split(|c: char| !is_path_char(c)) {
        let word = word.trim_start_matches(['.', ',', '{', '}']);
        // A full stop or comma after a path ends the sentence, not the path.
        let word = word.trim_end_matches(['.', ',']);
        let Some((top, rest)) = word.split_once('/') else { continue };
        if !TOP.contains(&top) || rest.starts_with('/') {
            continue;
        }
        out.extend(expand_braces(word));
    }
    out
}

/// `a/{b,c}.rs` as `a/b.rs` and `a/c.rs`; a path without braces as itself.
fn expand_braces(path: &str) -> Vec<String> {
    match (path.find('{'), path.find('}')) {
        (Some(open), Some(close)) if open < close => path[open + 1..close]
            .split(',')
            .flat_map(|alt| expand_braces(&format!("{}{alt}{}", &path[..open], &path[close + 1..])))
            .collect(),
        _ => vec![path.replace([',', '{', '}'], "")],
    }
}

/// Whether `path` (relative to `root`) names something there: a `*` matches any part of a
/// name, a word in capitals stands for any name.
fn exists(root: &Path, path: &str) -> bool {
    let mut here = vec![root.to_path_buf()];
    for part in path.trim_end_matches('/').split('/') {
        let placeholder = part.len() > 1 && part.chars().all(|c| c.is_ascii_uppercase() || c == '_');
        let mut next = Vec::new();
        for dir in &here {
            if part.contains('*') || placeholder {
                let Ok(entries) = std::fs::read_dir(dir) else { continue };
                for e in entries.flatten() {
                    let name = e.file_name().to_string_lossy().to_string();
                    if placeholder || wildcard(part, &name) {
                        next.push(e.path());
                    }
                }
            } else if dir.join(part).exists() {
                next.push(dir.join(part));
            }
        }
        here = next;
    }
    !here.is_empty()
}

/// Whether `name` matches `pattern`, whose `*`s match any run of characters.
fn wildcard(pattern: &str, name: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = name.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (i, p) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(p);
        }
        match rest.find(p) {
            Some(at) => rest = &rest[at + p.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

#[test]
fn every_path_the_docs_name_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    let mut checked = 0;
    for doc in documents(root) {
        let text = std::fs::read_to_string(root.join(&doc)).unwrap();
        let doc = doc.to_str().unwrap().to_string();
        for (n, line) in text.lines().enumerate() {
            for path in named_paths(line) {
                if OTHER_PROJECTS.contains(&(doc.as_str(), path.as_str())) {
                    continue;
                }
                checked += 1;
                if !exists(root, &path) {
                    missing.push(format!("{doc}:{}: {path}", n + 1));
                }
            }
        }
    }
    assert!(missing.is_empty(), "paths named that do not exist:\n{}", missing.join("\n"));
    assert!(checked > 50, "only {checked} paths found: the scanner is broken");
}

#[test]
fn the_path_finder_finds_paths() {
    assert_eq!(
        named_paths("see `crates/abviz-draw/src/html.rs`, and (tests/suite/cli.rs). src/x is/not"),
        ["crates/abviz-draw/src/html.rs", "tests/suite/cli.rs", "src/x"]
    );
    assert_eq!(named_paths("vendor/svg2pdf/src/util/{a,b}.rs"), Vec::<String>::new());
    assert_eq!(named_paths("src/{a,b}.rs"), ["src/a.rs", "src/b.rs"]);
    assert!(named_paths("https://example.org/src/x.rs and a/src/b").is_empty());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(exists(root, "examples/*.tree"));
    assert!(exists(root, "fuzz/corpus/TARGET/"));
    assert!(!exists(root, "examples/*.nothing"));
    assert!(!exists(root, "src/export/html.rs"));
    assert!(wildcard("*.tree", "aima.tree") && !wildcard("*.tree", "aima.json"));
}
