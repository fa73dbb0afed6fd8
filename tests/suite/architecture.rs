//! The walls of the house plan, checked on the source itself (issue 24): the crate graph points
//! the planned way, no library crate pulls in the command line's crates, and no two files of a
//! crate import each other, directly or round a circle.
//!
//! The module graph is read with `syn`: an edge A → B for every `use` (re-exports excepted: a
//! `pub use` only forwards a name) and every `crate::`/`super::`/`self::` path in A's code outside
//! its `#[cfg(test)]` items (in macro arguments too, and in the bodies of the crate's own
//! macros that A expands) that leads into B's file, except where B is one of A's ancestors (a
//! child module is part of its parent and sees its private items, as Rust's privacy says).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use syn::visit::Visit;

/// The workspace's packages with the local packages each depends on (normal dependencies only)
/// and every other normal dependency's name.
fn packages() -> BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("cargo metadata is JSON");
    let mut all = BTreeMap::new();
    for p in meta["packages"].as_array().expect("packages") {
        let (mut local, mut other) = (BTreeSet::new(), BTreeSet::new());
        for d in p["dependencies"].as_array().expect("dependencies") {
            if !d["kind"].is_null() {
                continue; // dev- and build-dependencies do not ship
            }
            let name = d["name"].as_str().expect("name").to_string();
            if name.starts_with("abviz") {
                local.insert(name)
            } else {
                other.insert(name)
            };
        }
        all.insert(p["name"].as_str().expect("name").to_string(), (local, other));
    }
    all
}

#[test]
fn the_crate_graph_is_the_plan() {
    let expected: BTreeMap<&str, &[&str]> = BTreeMap::from([
        ("abviz-core", &[][..]),
        ("abviz-trace", &["abviz-core"][..]),
        ("abviz-search", &["abviz-core", "abviz-trace"][..]),
        // Rules know nothing of recording or searching.
        ("abviz-games", &["abviz-core"][..]),
        // A view never reaches a search: it reads the trace.
        ("abviz-draw", &["abviz-core", "abviz-games", "abviz-trace"][..]),
        // The engine puts the parts together for every front end.
        ("abviz-engine", &["abviz-core", "abviz-draw", "abviz-games", "abviz-search", "abviz-trace"][..]),
    ]);
    let all = packages();
    for (name, want) in &expected {
        let (local, other) = all.get(*name).unwrap_or_else(|| panic!("{name} is a workspace member"));
        let want: BTreeSet<String> = want.iter().map(|s| s.to_string()).collect();
        assert_eq!(local, &want, "{name} depends on exactly these workspace crates");
        for cli in ["clap", "ratatui", "indicatif", "crossterm", "webbrowser", "textwrap"] {
            assert!(!other.contains(cli), "{name} is a library crate: it must not depend on {cli}");
        }
    }
    // The engine needs no operating system (it builds for wasm32, which .ci/run checks; its
    // threads, rayon, are an optional feature).
    let (_, engine) = &all["abviz-engine"];
    for os in ["tempfile", "rustix", "libc"] {
        assert!(!engine.contains(os), "abviz-engine must not depend on {os}");
    }
    // The front ends reach the parts through the engine.
    for front in ["abviz", "abviz-python"] {
        let (local, _) = all.get(front).unwrap_or_else(|| panic!("{front} is a workspace member"));
        assert!(
            local.contains("abviz-engine") || local.contains("abviz"),
            "{front} is a front end: it depends on the engine"
        );
    }
}

/// A file's module path within its crate (`["trace", "json", "read"]`); `lib.rs` and `main.rs`
/// are the crate root.
type ModPath = Vec<String>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("readable source folder").flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).expect("under src").with_extension("");
    let mut parts: ModPath = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// Collects the module paths a file's code names.
struct Uses<'a> {
    here: &'a [String],
    /// The module `super::` starts from: a file `a/b.rs` is module `a::b`, whose super is `a`.
    paths: Vec<ModPath>,
    /// The macros this file invokes, by name.
    invoked: Vec<String>,
    /// The `macro_rules!` this file defines: by name, the paths written in the body and the
    /// macros it invokes. Their paths are the invoking file's, where the body is expanded.
    defined: BTreeMap<String, (Vec<Vec<String>>, Vec<String>)>,
}

impl<'a> Uses<'a> {
    fn new(here: &'a [String]) -> Uses<'a> {
        Uses { here, paths: Vec::new(), invoked: Vec::new(), defined: BTreeMap::new() }
    }

    fn absolute(&self, segs: &[String]) -> Option<ModPath> {
        let first = segs.first()?;
        let mut base: ModPath = match first.as_str() {
            "crate" => Vec::new(),
            "self" => self.here.to_vec(),
            "super" => self.here.to_vec(),
            // Any other path is relative to this module (a child module, or else an item or
            // an outside crate, which resolve to this file itself and so add no edge).
            _ => return Some([self.here, segs].concat()),
        };
        let mut rest = &segs[1..];
        if first == "super" {
            base.pop();
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    fn tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.push(prefix, Some(n.ident.to_string())),
            syn::UseTree::Rename(r) => self.push(prefix, Some(r.ident.to_string())),
            syn::UseTree::Glob(_) => self.push(prefix, None),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.tree(prefix, t);
                }
            }
        }
    }

    fn push(&mut self, prefix: &[String], last: Option<String>) {
        let mut segs = prefix.to_vec();
        segs.extend(last.filter(|l| l != "self"));
        if let Some(p) = self.absolute(&segs) {
            self.paths.push(p);
        }
    }
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.meta.require_list().is_ok_and(|l| l.tokens.to_string() == "test")
    })
}

impl<'ast> Visit<'ast> for Uses<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Impl(i) => &i.attrs,
            _ => return syn::visit::visit_item(self, item),
        };
        if !is_test_only(attrs) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        if matches!(u.vis, syn::Visibility::Inherited) {
            self.tree(&mut Vec::new(), &u.tree);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if let Some(p) = self.absolute(&segs) {
            self.paths.push(p);
        }
        syn::visit::visit_path(self, path);
    }

    /// A macro's arguments are tokens, not syntax (`format!("{}", super::svg::fragment(…))`):
    /// every path written in them counts as one written in code.
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        let mut found = Vec::new();
        paths_in_tokens(mac.tokens.clone(), &mut found);
        for segs in found {
            if let Some(p) = self.absolute(&segs) {
                self.paths.push(p);
            }
        }
        if let Some(name) = mac.path.segments.last() {
            self.invoked.push(name.ident.to_string());
        }
        syn::visit::visit_macro(self, mac);
    }

    /// A `macro_rules!` body is written here but expanded where the macro is invoked: its paths
    /// are kept for the files that invoke it.
    fn visit_item_macro(&mut self, item: &'ast syn::ItemMacro) {
        match &item.ident {
            Some(name) if item.mac.path.is_ident("macro_rules") => {
                let mut found = Vec::new();
                paths_in_tokens(item.mac.tokens.clone(), &mut found);
                // The macros the body invokes: a name followed by `!`.
                let invoked = macros_in_tokens(item.mac.tokens.clone());
                self.defined.insert(name.to_string(), (found, invoked));
            }
            _ => syn::visit::visit_item_macro(self, item),
        }
    }
}

/// The names of the macros `tokens` invoke (`name!`).
fn macros_in_tokens(tokens: proc_macro2::TokenStream) -> Vec<String> {
    use proc_macro2::TokenTree;
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        match (t, tokens.get(i + 1)) {
            (TokenTree::Group(g), _) => out.extend(macros_in_tokens(g.stream())),
            (TokenTree::Ident(name), Some(TokenTree::Punct(p))) if p.as_char() == '!' => {
                out.push(name.to_string())
            }
            _ => {}
        }
    }
    out
}

/// Every path (`a::b::c`, `super::x`, `$crate::y`) in `tokens`, nested groups included.
fn paths_in_tokens(tokens: proc_macro2::TokenStream, out: &mut Vec<Vec<String>>) {
    use proc_macro2::{Spacing, TokenTree};
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let colons = |i: usize| {
        matches!((tokens.get(i), tokens.get(i + 1)), (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
    };
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Group(g) => paths_in_tokens(g.stream(), out),
            // `a::b` only where `a` starts the path (not the `b` of `x::a::b`, read with `x`).
            TokenTree::Ident(first) if !(i >= 2 && colons(i - 2)) => {
                let mut segs = vec![first.to_string()];
                while colons(i + 1) {
                    let Some(TokenTree::Ident(next)) = tokens.get(i + 3) else { break };
                    segs.push(next.to_string());
                    i += 3;
                }
                if segs.len() > 1 {
                    out.push(segs);
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// What each file of a crate makes visible under its own path, so that a path through a
/// re-export (`crate::Trace` where lib.rs says `pub use model::*`) leads to the file that
/// defines it.
#[derive(Default)]
struct Names {
    /// Module → name → the path a `pub use` forwards it to.
    exports: BTreeMap<ModPath, BTreeMap<String, ModPath>>,
    /// Module → the modules its `pub use …::*` forward.
    globs: BTreeMap<ModPath, Vec<ModPath>>,
    /// Module → the names of the items it defines or forwards.
    defined: BTreeMap<ModPath, BTreeSet<String>>,
    modules: BTreeSet<ModPath>,
}

impl Names {
    fn read(&mut self, here: &ModPath, ast: &syn::File) {
        for item in &ast.items {
            let (vis, ident) = match item {
                syn::Item::Use(u) => {
                    if !matches!(u.vis, syn::Visibility::Inherited) {
                        self.forward(here, &mut Vec::new(), &u.tree);
                    }
                    continue;
                }
                syn::Item::Struct(i) => (&i.vis, &i.ident),
                syn::Item::Enum(i) => (&i.vis, &i.ident),
                syn::Item::Fn(i) => (&i.vis, &i.sig.ident),
                syn::Item::Const(i) => (&i.vis, &i.ident),
                syn::Item::Static(i) => (&i.vis, &i.ident),
                syn::Item::Type(i) => (&i.vis, &i.ident),
                syn::Item::Trait(i) => (&i.vis, &i.ident),
                syn::Item::Mod(i) => (&i.vis, &i.ident),
                _ => continue,
            };
            if !matches!(vis, syn::Visibility::Inherited) {
                self.defined.entry(here.clone()).or_default().insert(ident.to_string());
            }
        }
    }

    fn forward(&mut self, here: &ModPath, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        let uses = Uses::new(here);
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.forward(here, prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(syn::UseName { ident })
            | syn::UseTree::Rename(syn::UseRename { ident, .. }) => {
                let name = match tree {
                    syn::UseTree::Rename(r) => r.rename.to_string(),
                    _ => ident.to_string(),
                };
                let mut segs = prefix.clone();
                segs.push(ident.to_string());
                if let Some(p) = uses.absolute(&segs) {
                    self.defined.entry(here.clone()).or_default().insert(name.clone());
                    self.exports.entry(here.clone()).or_default().insert(name, p);
                }
            }
            syn::UseTree::Glob(_) => {
                if let Some(p) = uses.absolute(prefix) {
                    self.globs.entry(here.clone()).or_default().push(p);
                }
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.forward(here, prefix, t);
                }
            }
        }
    }

    /// The file a path leads into, following re-exports.
    fn resolve(&self, p: &[String], hops: usize) -> ModPath {
        let m = (0..=p.len())
            .rev()
            .map(|k| p[..k].to_vec())
            .find(|m| self.modules.contains(m))
            .unwrap_or_default();
        if hops < 8 && p.len() > m.len() {
            let name = &p[m.len()];
            let rest = &p[m.len() + 1..];
            if let Some(target) = self.exports.get(&m).and_then(|e| e.get(name)) {
                return self.resolve(&[target.as_slice(), rest].concat(), hops + 1);
            }
            for g in self.globs.get(&m).into_iter().flatten() {
                if self.defined.get(g).is_some_and(|d| d.contains(name)) {
                    return self.resolve(&[g.as_slice(), &p[m.len()..]].concat(), hops + 1);
                }
            }
        }
        m
    }
}

/// Every circle of imports between the files of the crate whose sources are in `src`, each as
/// the modules on it.
fn circles(src: &Path) -> Vec<Circle> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut names = Names { modules: files.iter().map(|f| module_of(src, f)).collect(), ..Names::default() };
    let mut sources = Vec::new();
    for f in &files {
        let here = module_of(src, f);
        if here.first().is_some_and(|m| m == "bin") {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("readable source");
        let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        names.read(&here, &ast);
        sources.push((here, ast));
    }
    let modules = names.modules.clone();
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    let mut read: Vec<Uses> = Vec::new();
    let mut macros: BTreeMap<String, (Vec<Vec<String>>, Vec<String>)> = BTreeMap::new();
    for (here, ast) in &sources {
        let mut uses = Uses::new(here);
        uses.visit_file(ast);
        macros.extend(std::mem::take(&mut uses.defined));
        read.push(uses);
    }
    for mut uses in read {
        // The paths of the crate's own macros this file expands, and of those they expand.
        let mut expanded = BTreeSet::new();
        let mut todo = std::mem::take(&mut uses.invoked);
        while let Some(name) = todo.pop() {
            let Some((paths, inner)) = macros.get(&name) else { continue };
            if expanded.insert(name) {
                for segs in paths {
                    if let Some(p) = uses.absolute(segs) {
                        uses.paths.push(p);
                    }
                }
                todo.extend(inner.iter().cloned());
            }
        }
        let here = uses.here;
        let targets = edges.entry(here.to_vec()).or_default();
        for p in uses.paths {
            let t = names.resolve(&p, 0);
            // A file may use what its ancestors hold (Rust's own privacy: a child module sees its
            // parent's private items); a parent reaching into a child is an ordinary edge.
            if !here.starts_with(t.as_slice()) {
                targets.insert(t);
            }
        }
    }
    // Strongly connected components (Tarjan) of more than one file are the circles.
    let graph: petgraph::graphmap::DiGraphMap<usize, ()> = {
        let ids: BTreeMap<&ModPath, usize> = modules.iter().enumerate().map(|(i, m)| (m, i)).collect();
        let mut g = petgraph::graphmap::DiGraphMap::new();
        for (i, _) in ids.values().enumerate() {
            g.add_node(i);
        }
        for (a, bs) in &edges {
            for b in bs {
                g.add_edge(ids[a], ids[b], ());
            }
        }
        g
    };
    let names: Vec<&ModPath> = modules.iter().collect();
    let mut found: Vec<Circle> = petgraph::algo::tarjan_scc(&graph)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let on: BTreeSet<&ModPath> = c.iter().map(|&i| names[i]).collect();
            let mut arrows: Vec<String> = Vec::new();
            for a in &on {
                for b in edges.get(*a).into_iter().flatten().filter(|b| on.contains(b)) {
                    arrows.push(format!("{} → {}", a.join("::"), b.join("::")));
                }
            }
            Circle { files: on.iter().map(|m| m.join("::")).collect(), arrows }
        })
        .collect();
    found.sort_by(|a, b| a.files.cmp(&b.files));
    found
}

/// Files that import one another round a circle, and the imports between them.
struct Circle {
    files: Vec<String>,
    arrows: Vec<String>,
}

#[test]
fn no_file_imports_round_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = vec![root.join("src")];
    let mut crates: Vec<_> = std::fs::read_dir(root.join("crates")).expect("crates/").flatten().collect();
    crates.sort_by_key(|e| e.path());
    sources.extend(crates.iter().map(|e| e.path().join("src")).filter(|p| p.is_dir()));
    let mut report = Vec::new();
    for src in &sources {
        for circle in circles(src) {
            let rel = src.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            report.push(format!("{rel}: {}\n    {}", circle.files.join(" ↔ "), circle.arrows.join("\n    ")));
        }
    }
    assert!(report.is_empty(), "import circles between files:\n{}", report.join("\n"));
}

fn files(circles: Vec<Circle>) -> Vec<Vec<String>> {
    circles.into_iter().map(|c| c.files).collect()
}

#[test]
fn the_circle_finder_finds_circles() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path();
    std::fs::write(src.join("lib.rs"), "mod a; mod b; mod c; pub use a::A;").unwrap();
    std::fs::write(src.join("a.rs"), "use crate::b::B; pub struct A;").unwrap();
    std::fs::write(src.join("b.rs"), "pub struct B(super::c::C);").unwrap();
    // A test module's imports do not count.
    std::fs::write(src.join("c.rs"), "pub struct C;\n#[cfg(test)]\nmod tests { use crate::a::A; }").unwrap();
    assert!(circles(src).is_empty());
    // A child may use its parent's items.
    std::fs::create_dir(src.join("b")).unwrap();
    std::fs::write(src.join("b.rs"), "mod inner; pub struct B(super::c::C);").unwrap();
    std::fs::write(src.join("b/inner.rs"), "use super::B;").unwrap();
    assert!(circles(src).is_empty());
    std::fs::write(src.join("c.rs"), "use crate::{a::{self, A}, b as _};\npub struct C;").unwrap();
    assert_eq!(files(circles(src)), vec![vec!["a", "b", "c"]]);
    // A path through the crate root's re-exports leads to the file that defines the item.
    std::fs::write(src.join("lib.rs"), "mod a; mod b; mod c; pub use a::A; pub use c::*;").unwrap();
    std::fs::write(src.join("c.rs"), "use crate::A;\npub struct C;").unwrap();
    std::fs::write(src.join("b.rs"), "mod inner; pub struct B(crate::C);").unwrap();
    assert_eq!(files(circles(src)), vec![vec!["a", "b", "c"]]);
    // A path written inside a macro's arguments is an import like any other.
    std::fs::write(src.join("c.rs"), "pub struct C;").unwrap();
    assert!(circles(src).is_empty());
    std::fs::write(src.join("c.rs"), "pub struct C;\nfn f() -> String { format!(\"{}\", super::a::name()) }")
        .unwrap();
    assert_eq!(files(circles(src)), vec![vec!["a", "b", "c"]]);
    // A macro's body counts where the macro is expanded, not where it is written.
    std::fs::write(src.join("c.rs"), "pub struct C;\nmacro_rules! m { () => { $crate::a::A }; }").unwrap();
    assert!(circles(src).is_empty());
    std::fs::write(src.join("c.rs"), "pub struct C;\nmacro_rules! m { () => { $crate::a::A }; }\nm!();")
        .unwrap();
    assert_eq!(files(circles(src)), vec![vec!["a", "b", "c"]]);
    std::fs::write(src.join("c.rs"), "pub struct C;\nmacro_rules! n { () => { $crate::a::A }; }\nmacro_rules! m { () => { n!() }; }\nm!();")
        .unwrap();
    assert_eq!(files(circles(src)), vec![vec!["a", "b", "c"]]);
}

#[test]
fn paths_in_macro_arguments_are_read() {
    let mut found = Vec::new();
    let tokens: proc_macro2::TokenStream =
        "\"{}\", super::svg::fragment(&x).trim(), std::fmt::Write, (crate::a::B { c: d::e })"
            .parse()
            .unwrap();
    paths_in_tokens(tokens, &mut found);
    let found: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert_eq!(found, ["super::svg::fragment", "std::fmt::Write", "crate::a::B", "d::e"]);
}
