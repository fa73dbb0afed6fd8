//! The event table's generator, run as a unit test (`cargo test -p abviz-trace`): it reads
//! `event/events.table` (its grammar is at the top of that file), writes the Rust every kind
//! needs, formats it with `rustfmt` (the repository's `rustfmt.toml`, so `cargo fmt --check`
//! agrees) and compares it with the checked-in files. When one differs it is written anew and
//! the test fails, saying so: run the tests again and commit the table with its code.
//!
//! The files it writes, each beside what it belongs to (no file imports round a circle:
//! `tests/suite/architecture.rs`):
//!
//! - `event/kinds.rs`: [`Event`](crate::Event), [`EventKind`](crate::EventKind) and their
//!   accessors, the table of compact codes;
//! - `event/codec.rs`: `encode`, `decode`, `advance` (the log's and the compact file's codec);
//! - `observer/hooks.rs`: the [`Observer`](crate::Observer) trait and
//!   [`Both`](crate::Both)'s forwarding;
//! - `narration/kinds.rs`: `EventKind::narration` and `Event::arg`.
//!
//! The code says what the table says, kind by kind: `Event::node` binds the field that is the
//! node, each arm of `encode` writes its kind's fields, and so on; what follows for every kind
//! (a code's range, a code field's count) is checked here or by a `const` assertion there.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Ident, LitInt, LitStr, Token};

/// The table, as read.
struct Table {
    /// The imports the entries' types need: (module path, name).
    uses: Vec<(String, String)>,
    /// The `Observer` trait's documentation.
    observer: Vec<String>,
    /// The hooks that report no event.
    hooks: Vec<Hook>,
    kinds: Vec<Kind>,
}

/// An observer hook.
struct Hook {
    docs: Vec<String>,
    name: String,
    /// Its arguments: (name, type).
    args: Vec<(String, String)>,
    ret: Ret,
    /// `records(node, child)`: the fields the hook takes from where the search is.
    records: Option<Vec<String>>,
}

/// What a hook returns.
#[derive(Clone, Copy, PartialEq)]
enum Ret {
    Nothing,
    /// `Result<(), Stop>`: an error stops the search.
    Result,
    /// A question (`&self`, no arguments).
    Bool,
}

/// One entry: an event kind.
struct Kind {
    docs: Vec<String>,
    name: String,
    /// Its JSON name, as a string literal.
    json: String,
    fields: Vec<Field>,
    code: u8,
    /// Its stack effect and the field it names.
    effect: String,
    target: Option<String>,
    lines: Vec<String>,
    /// `say`: a template (a string literal), or `narrate`: a function's path.
    say: Option<String>,
    narrate: Option<String>,
    /// Its `docs` line, as a string literal and as text.
    docs_literal: String,
    docs_text: String,
    hook: Option<Hook>,
}

/// One field of a kind.
struct Field {
    docs: Vec<String>,
    name: String,
    ty: String,
    /// How the compact layout writes it: `node`, `child`, `code`, `score`, …
    wire: String,
    /// The words after the wire (`next`, `last`, `open`, `lo`, …).
    mods: Vec<String>,
    /// A code field's code names, as string literals.
    codes: Vec<String>,
}

const WIRES: &[&str] =
    &["node", "child", "code", "score", "small", "num", "float", "opt_id", "opt_num", "coded"];
const MODIFIERS: &[&str] = &["next", "last", "open", "lo", "hi", "keep", "value", "creates"];
const EFFECTS: &[&str] = &["push", "restart", "clear", "pop", "pop_to_root", "stay"];

impl Field {
    fn has(&self, word: &str) -> bool {
        self.wire == word || self.mods.iter().any(|m| m == word)
    }

    /// The node a `node` or `child` field is, unless written: `Top`, `Next`, `Last` or `Never`.
    fn implied(&self) -> &'static str {
        match (self.wire.as_str(), self.mods.first().map(String::as_str)) {
            (_, Some("next")) => "Next",
            (_, Some("last")) => "Last",
            ("node", _) => "Top",
            _ => "Never",
        }
    }

    /// Whether a short event leaves it out: a window's open bound, or the last value.
    fn shortable(&self) -> bool {
        self.wire == "score" && (self.has("open") || self.has("last"))
    }

    /// What it equals when a short event leaves it out.
    fn short_value(&self) -> &'static str {
        match (self.has("open"), self.has("lo")) {
            (true, true) => "Score::NEG_INF",
            (true, false) => "Score::INF",
            (false, _) => "s.last_value",
        }
    }
}

impl Kind {
    fn pattern(&self, fields: &[&str]) -> String {
        match fields {
            [] => format!("Event::{} {{ .. }}", self.name),
            _ if fields.len() == self.fields.len() => {
                format!("Event::{} {{ {} }}", self.name, fields.join(", "))
            }
            _ => format!("Event::{} {{ {}, .. }}", self.name, fields.join(", ")),
        }
    }

    fn all_fields(&self) -> Vec<&str> {
        self.fields.iter().map(|f| f.name.as_str()).collect()
    }

    /// The last field with `word` among its wire and modifiers.
    fn field_with(&self, word: &str) -> Option<&Field> {
        self.fields.iter().rev().find(|f| f.has(word))
    }

    fn code_fields(&self) -> impl Iterator<Item = &Field> {
        self.fields.iter().filter(|f| f.wire == "code")
    }

    /// How many codes it takes.
    fn code_count(&self) -> usize {
        self.code_fields().last().map_or(1, |f| f.codes.len())
    }
}

// ---- Reading the table ----

fn keyword(input: ParseStream, word: &str) -> syn::Result<()> {
    let id: Ident = input.parse()?;
    if id != word {
        return Err(syn::Error::new(id.span(), format!("expected `{word}`, found `{id}`")));
    }
    Ok(())
}

/// `key: …` where `key` is `word`; false (nothing read) for another key.
fn key(input: ParseStream, word: &str) -> syn::Result<bool> {
    let fork = input.fork();
    if fork.parse::<Ident>().is_ok_and(|id| id == word) {
        keyword(input, word)?;
        input.parse::<Token![:]>()?;
        return Ok(true);
    }
    Ok(false)
}

/// The text of `///` lines (doc attributes).
fn docs(input: ParseStream) -> syn::Result<Vec<String>> {
    let mut out = Vec::new();
    for attr in input.call(syn::Attribute::parse_outer)? {
        let value = &attr.meta.require_name_value()?.value;
        match value {
            syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) if attr.path().is_ident("doc") => {
                out.push(s.value())
            }
            _ => return Err(syn::Error::new(attr.pound_token.span, "only `///` comments go here")),
        }
    }
    Ok(out)
}

/// A type's tokens, up to what `stop` accepts outside angle brackets.
fn type_text(input: ParseStream, stop: fn(&TokenTree) -> bool) -> syn::Result<String> {
    input.step(|cursor| {
        let mut rest = *cursor;
        let mut out = TokenStream::new();
        let mut depth = 0;
        while let Some((tt, next)) = rest.token_tree() {
            if depth == 0 && stop(&tt) {
                break;
            }
            if let TokenTree::Punct(p) = &tt {
                match p.as_char() {
                    '<' => depth += 1,
                    '>' => depth -= 1,
                    _ => {}
                }
            }
            out.extend([tt]);
            rest = next;
        }
        if out.is_empty() {
            return Err(cursor.error("expected a type"));
        }
        Ok((out.to_string(), rest))
    })
}

fn is_comma(tt: &TokenTree) -> bool {
    matches!(tt, TokenTree::Punct(p) if p.as_char() == ',')
}

fn is_bracket(tt: &TokenTree) -> bool {
    matches!(tt, TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket)
}

fn idents(input: ParseStream) -> syn::Result<Vec<String>> {
    Ok(Punctuated::<Ident, Token![,]>::parse_terminated(input)?.iter().map(Ident::to_string).collect())
}

/// `use a::{B, C};` as (`a`, `B`), (`a`, `C`).
fn flatten(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<(String, String)>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => out.push((prefix.join("::"), n.ident.to_string())),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| flatten(t, prefix, out)),
        syn::UseTree::Rename(_) | syn::UseTree::Glob(_) => panic!("the table imports types by name"),
    }
}

impl Parse for Table {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut uses = Vec::new();
        while input.peek(Token![use]) {
            let item: syn::ItemUse = input.parse()?;
            flatten(&item.tree, &mut Vec::new(), &mut uses);
        }
        keyword(input, "observer")?;
        input.parse::<Token![:]>()?;
        let body;
        syn::braced!(body in input);
        let observer = docs(&body)?;
        keyword(input, "hooks")?;
        input.parse::<Token![:]>()?;
        let body;
        syn::braced!(body in input);
        let mut hooks = Vec::new();
        while !body.is_empty() {
            hooks.push(body.parse()?);
        }
        let mut kinds: Vec<Kind> = Vec::new();
        while !input.is_empty() {
            let after = kinds.last().map_or("hooks".to_string(), |k| k.name.clone());
            kinds.push(
                input
                    .parse()
                    .map_err(|e| syn::Error::new(e.span(), format!("{e} (in the entry after {after})")))?,
            );
        }
        Ok(Table { uses, observer, hooks, kinds })
    }
}

impl Parse for Hook {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let docs = docs(input)?;
        input.parse::<Token![fn]>()?;
        let name: Ident = input.parse()?;
        let body;
        syn::parenthesized!(body in input);
        let mut args = Vec::new();
        while !body.is_empty() {
            let arg: Ident = body.parse()?;
            body.parse::<Token![:]>()?;
            args.push((arg.to_string(), type_text(&body, is_comma)?));
            if !body.is_empty() {
                body.parse::<Token![,]>()?;
            }
        }
        let mut ret = Ret::Nothing;
        if input.peek(Token![->]) {
            input.parse::<Token![->]>()?;
            let r: Ident = input.parse()?;
            ret = match r.to_string().as_str() {
                "Result" => Ret::Result,
                "bool" if args.is_empty() => Ret::Bool,
                _ => {
                    return Err(syn::Error::new(
                        r.span(),
                        "a hook returns `Result`, or `bool` without arguments",
                    ));
                }
            };
        }
        let mut records = None;
        if input.peek(Token![=>]) {
            input.parse::<Token![=>]>()?;
            keyword(input, "records")?;
            let here;
            syn::parenthesized!(here in input);
            let here = idents(&here)?;
            if ret != Ret::Nothing || here.iter().any(|h| h != "node" && h != "child") {
                return Err(syn::Error::new(
                    name.span(),
                    "a hook records(node[, child]) and returns nothing",
                ));
            }
            records = Some(here);
        }
        input.parse::<Token![;]>()?;
        Ok(Hook { docs, name: name.to_string(), args, ret, records })
    }
}

impl Parse for Field {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let docs = docs(input)?;
        let name: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        let ty = type_text(input, is_bracket)?;
        let body;
        syn::bracketed!(body in input);
        let wire: Ident = body.parse()?;
        if !WIRES.iter().any(|w| wire == w) {
            return Err(syn::Error::new(wire.span(), format!("`{wire}` is no wire ({})", WIRES.join(", "))));
        }
        let (mut mods, mut codes) = (Vec::new(), Vec::new());
        if wire == "code" {
            let names = Punctuated::<LitStr, Token![,]>::parse_terminated(&body)?;
            codes = names.iter().map(|n| n.token().to_string()).collect();
            if codes.len() < 2 {
                return Err(syn::Error::new(wire.span(), "a code field names its codes"));
            }
        } else {
            while !body.is_empty() {
                let m: Ident = body.parse()?;
                if !MODIFIERS.iter().any(|w| m == w) {
                    return Err(syn::Error::new(m.span(), format!("`{m}` is no modifier")));
                }
                mods.push(m.to_string());
            }
        }
        Ok(Field { docs, name: name.to_string(), ty, wire: wire.to_string(), mods, codes })
    }
}

impl Parse for Kind {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let docs = docs(input)?;
        let name: Ident = input.parse()?;
        let json: LitStr = input.parse()?;
        let body;
        syn::braced!(body in input);
        let fields: Vec<Field> =
            Punctuated::<Field, Token![,]>::parse_terminated(&body)?.into_iter().collect();
        let facts;
        syn::braced!(facts in input);
        let input = &facts;
        keyword(input, "code")?;
        input.parse::<Token![:]>()?;
        let code: LitInt = input.parse()?;
        input.parse::<Token![,]>()?;
        keyword(input, "stack")?;
        input.parse::<Token![:]>()?;
        let effect: Ident = input.parse()?;
        let target = if input.peek(syn::token::Paren) {
            let t;
            syn::parenthesized!(t in input);
            Some(t.parse::<Ident>()?.to_string())
        } else {
            None
        };
        input.parse::<Token![,]>()?;
        keyword(input, "lines")?;
        input.parse::<Token![:]>()?;
        let lines;
        syn::bracketed!(lines in input);
        let lines = idents(&lines)?;
        input.parse::<Token![,]>()?;
        let (mut say, mut narrate) = (None, None);
        if key(input, "say")? {
            say = Some(input.parse::<LitStr>()?.token().to_string());
        } else {
            keyword(input, "narrate")?;
            input.parse::<Token![:]>()?;
            narrate = Some(type_text(input, is_comma)?);
        }
        input.parse::<Token![,]>()?;
        keyword(input, "docs")?;
        input.parse::<Token![:]>()?;
        let kind_docs: LitStr = input.parse()?;
        input.parse::<Token![,]>()?;
        let hook = if key(input, "hook")? { Some(input.parse()?) } else { None };
        if !input.is_empty() {
            return Err(input.error("expected the end of the entry"));
        }
        let kind = Kind {
            docs,
            name: name.to_string(),
            json: json.token().to_string(),
            fields,
            code: code.base10_parse()?,
            effect: effect.to_string(),
            target,
            lines,
            say,
            narrate,
            docs_literal: kind_docs.token().to_string(),
            docs_text: kind_docs.value(),
            hook,
        };
        kind.check().map_err(|e| syn::Error::new(name.span(), format!("{name}: {e}")))?;
        Ok(kind)
    }
}

impl Kind {
    /// What the grammar cannot say: one node and one child field at most, a stack effect that
    /// names a node field, a hook that records fields the event has.
    fn check(&self) -> Result<(), String> {
        for wire in ["node", "child"] {
            if self.fields.iter().filter(|f| f.wire == wire).count() > 1 {
                return Err(format!("two `{wire}` fields"));
            }
        }
        if self.code_fields().count() > 1 {
            return Err("two code fields".into());
        }
        if !EFFECTS.contains(&self.effect.as_str()) {
            return Err(format!("`{}` is no stack effect ({})", self.effect, EFFECTS.join(", ")));
        }
        let needs_target = !matches!(self.effect.as_str(), "clear" | "stay");
        match &self.target {
            Some(t) if needs_target && self.fields.iter().any(|f| &f.name == t && f.ty == "NodeId") => {}
            None if !needs_target => {}
            _ => {
                return Err(format!(
                    "`stack: {}` names a node field, or none for clear and stay",
                    self.effect
                ));
            }
        }
        if let Some(Hook { records: Some(here), args, .. }) = &self.hook {
            let given: Vec<&str> = here.iter().chain(args.iter().map(|a| &a.0)).map(String::as_str).collect();
            if given.len() != self.fields.len()
                || self.fields.iter().any(|f| !given.contains(&f.name.as_str()))
            {
                return Err("a `records` hook gives every field, by name".into());
            }
        }
        Ok(())
    }
}

// ---- Writing code ----

/// `///` lines.
fn doc(out: &mut String, lines: &[String]) {
    for line in lines.iter().flat_map(|l| l.split('\n')) {
        let _ = writeln!(out, "///{line}");
    }
}

/// Match arms, those with the same body merged into one (`A { x, .. } | B { x, .. } => body`),
/// in the order of their first appearance.
fn arms(list: impl IntoIterator<Item = (String, String)>) -> String {
    let mut merged: Vec<(Vec<String>, String)> = Vec::new();
    for (pattern, body) in list {
        match merged.iter_mut().find(|m| m.1 == body) {
            Some(m) => m.0.push(pattern),
            None => merged.push((vec![pattern], body)),
        }
    }
    merged.iter().map(|(patterns, body)| format!("{} => {body},\n", patterns.join(" | "))).collect()
}

/// The `use` lines of a generated file: those of `candidates` whose name the code uses.
fn imports(code: &str, candidates: &[(String, String)]) -> String {
    /// The identifiers that start a path (not `Score` in `Arg::Score`, nor a method's name).
    fn names(tokens: TokenStream, out: &mut BTreeSet<String>) {
        let punct = |tt: Option<&TokenTree>| match tt {
            Some(TokenTree::Punct(p)) => p.as_char(),
            _ => ' ',
        };
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        for (i, tt) in tokens.iter().enumerate() {
            let before =
                (punct(i.checked_sub(2).map(|j| &tokens[j])), punct(i.checked_sub(1).map(|j| &tokens[j])));
            match tt {
                TokenTree::Ident(id) if before != (':', ':') && before.1 != '.' => {
                    out.insert(id.to_string());
                }
                TokenTree::Group(g) => names(g.stream(), out),
                _ => {}
            }
        }
    }
    let mut used = BTreeSet::new();
    names(code.parse().expect("the generated code is tokens"), &mut used);
    let mut by_path: BTreeMap<&str, BTreeSet<&str>> = Default::default();
    for (path, name) in candidates {
        if used.contains(name) {
            by_path.entry(path).or_default().insert(name);
        }
    }
    by_path
        .iter()
        .map(|(path, names)| match names.len() {
            1 => format!("use {path}::{};\n", names.first().unwrap()),
            _ => format!("use {path}::{{{}}};\n", names.iter().copied().collect::<Vec<_>>().join(", ")),
        })
        .collect()
}

/// The imports a generated file may need: those `list` writes `(path, &[names])`, and the table's.
fn candidates(list: &[(&str, &[&str])], table: &Table) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> =
        list.iter().flat_map(|(p, names)| names.iter().map(|n| (p.to_string(), n.to_string()))).collect();
    out.extend(table.uses.iter().cloned());
    out
}

const HEADER: &str = "// Generated by crates/abviz-trace/src/event/generate.rs from the event table\n\
// (crates/abviz-trace/src/event/events.table); do not edit — edit the table and run\n\
// `cargo test -p abviz-trace`.\n\n";

/// A generated file: its header, its documentation, its imports and its code.
fn file(module_doc: &str, code: String, candidates: Vec<(String, String)>) -> String {
    format!("{HEADER}{module_doc}\n{}\n{code}", imports(&code, &candidates))
}

/// `event/kinds.rs`.
fn kinds_rs(t: &Table) -> String {
    let mut o = String::new();
    o += "/// One step of a search, with its data. Windows and values are MAX's view. The kinds,\n\
          /// their fields and JSON names are declared in the event table (`event/events.table`).\n\
          #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]\n\
          #[serde(tag = \"kind\")]\n\
          pub enum Event {\n";
    for k in &t.kinds {
        doc(&mut o, &k.docs);
        let _ = writeln!(o, "#[serde(rename = {})]\n{} {{", k.json, k.name);
        for f in &k.fields {
            doc(&mut o, &f.docs);
            let _ = writeln!(o, "{}: {},", f.name, f.ty);
        }
        o += "},\n";
    }
    o += "}\n\n/// The kind of an [`Event`], without its data.\n\
          #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]\n\
          pub enum EventKind {\n";
    for k in &t.kinds {
        let _ = writeln!(
            o,
            "/// [`Event::{}`]: {}\n#[serde(rename = {})]\n{},",
            k.name, k.docs_text, k.json, k.name
        );
    }
    o += "}\n\nimpl EventKind {\n";
    let each = |f: &dyn Fn(&Kind) -> String| -> String {
        arms(t.kinds.iter().map(|k| (format!("EventKind::{}", k.name), f(k))))
    };
    let all: Vec<String> = t.kinds.iter().map(|k| format!("EventKind::{}", k.name)).collect();
    let _ = write!(
        o,
        "/// Every kind, in the table's order (its [`EventKind::index`]).\n\
         pub const ALL: &'static [EventKind] = &[{}];\n\n\
         /// The name used in JSON and the page (\"enter\", \"tt-hit\", ...).\n\
         pub fn name(self) -> &'static str {{\nmatch self {{\n{}}}\n}}\n\n\
         /// Its place in the event table: the page's number for the kind.\n\
         pub fn index(self) -> usize {{\nself as usize\n}}\n\n\
         /// What an event of this kind means (docs/trace-format.md says the same).\n\
         pub fn docs(self) -> &'static str {{\nmatch self {{\n{}}}\n}}\n\n\
         /// The pseudocode roles an event of this kind executes, most specific first, when\n\
         /// nothing about the event itself says more (see [`crate::pseudocode::line_of`]).\n\
         pub fn lines(self) -> &'static [LineRole] {{\nmatch self {{\n{}}}\n}}\n\n\
         /// Its fields, in order, as the trace file names and writes them.\n\
         pub fn fields(self) -> &'static [FieldInfo] {{\nmatch self {{\n{}}}\n}}\n\n\
         /// Whether its events name a second node (a child).\n\
         pub fn has_child(self) -> bool {{\nmatches!(self, {})\n}}\n\n\
         /// Its stack effect as the table declares it: `push`, `restart`, `clear`, `pop`,\n\
         /// `pop_to_root` or `stay`, and the field it names.\n\
         pub fn stack(self) -> (&'static str, Option<&'static str>) {{\nmatch self {{\n{}}}\n}}\n\n\
         /// Its first compact code (a code field adds its value's index).\n\
         pub(crate) fn code(self) -> u8 {{\nmatch self {{\n{}}}\n}}\n}}\n\n",
        all.join(", "),
        each(&|k| k.json.clone()),
        each(&|k| k.docs_literal.clone()),
        each(&|k| format!(
            "&[{}]",
            k.lines.iter().map(|l| format!("LineRole::{l}")).collect::<Vec<_>>().join(", ")
        )),
        each(&|k| format!("&[{}]", k.fields.iter().map(field_info).collect::<Vec<_>>().join(", "))),
        t.kinds
            .iter()
            .filter(|k| k.fields.iter().any(|f| f.wire == "child"))
            .map(|k| format!("EventKind::{}", k.name))
            .collect::<Vec<_>>()
            .join(" | "),
        each(&|k| match &k.target {
            Some(f) => format!("(\"{}\", Some(\"{f}\"))", k.effect),
            None => format!("(\"{}\", None)", k.effect),
        }),
        each(&|k| k.code.to_string()),
    );
    code_kinds(&mut o, t);
    event_accessors(&mut o, t);
    file(
        "//! The event types of the event table: [`Event`], [`EventKind`] with each kind's facts, and\n\
         //! the kind of each compact code.\n",
        o,
        candidates(
            &[
                ("super", &["CodeField", "Coded", "Effect", "FieldInfo", "Implied", "Short", "Wire"]),
                ("crate", &["LineRole"]),
                ("serde", &["Deserialize", "Serialize"]),
            ],
            t,
        ),
    )
}

/// A field's [`FieldInfo`](crate::FieldInfo).
fn field_info(f: &Field) -> String {
    let wire = match f.wire.as_str() {
        "node" => format!("Wire::Node(Implied::{})", f.implied()),
        "child" => format!("Wire::Child(Implied::{})", f.implied()),
        "score" => "Wire::Score".into(),
        w => {
            let mut camel = String::new();
            for part in w.split('_') {
                camel.push_str(&part[..1].to_uppercase());
                camel.push_str(&part[1..]);
            }
            format!("Wire::{camel}")
        }
    };
    let short = if f.mods.iter().any(|m| m == "open") {
        "Open"
    } else if f.mods.iter().any(|m| m == "last") {
        "Last"
    } else {
        "Never"
    };
    let values = match f.wire.as_str() {
        "code" => format!("<{} as CodeField>::JSON", f.ty),
        "coded" => format!("<{} as Coded>::NAMES", f.ty),
        _ => "&[]".into(),
    };
    format!(
        "FieldInfo {{ name: \"{}\", wire: {wire}, short: Short::{short}, keep: {}, creates: {}, codes: &[{}], values: {values} }}",
        f.name,
        f.has("keep"),
        f.has("creates"),
        f.codes.join(", "),
    )
}

/// `CODE_KINDS`, checked: every code below 32 and taken once.
fn code_kinds(o: &mut String, t: &Table) {
    let mut table: Vec<Option<(&Kind, usize)>> = vec![None; 32];
    for k in &t.kinds {
        for i in 0..k.code_count() {
            let code = usize::from(k.code) + i;
            match table.get(code) {
                None => panic!("{}: its codes end after 31 (the code byte's five bits)", k.name),
                Some(Some((other, _))) => panic!("{}: its code {code} is {}'s", k.name, other.name),
                Some(None) => table[code] = Some((k, i)),
            }
        }
    }
    o.push_str(
        "/// The event kind of each compact code (the code byte's low five bits).\n\
         pub(crate) const CODE_KINDS: [Option<EventKind>; 32] = [\n",
    );
    for (code, slot) in table.iter().enumerate() {
        let _ = match slot {
            None => writeln!(o, "None, // {code}"),
            Some((k, i)) => match k.code_fields().next() {
                Some(f) => {
                    writeln!(o, "Some(EventKind::{}), // {code}: {}", k.name, f.codes[*i].trim_matches('"'))
                }
                None => writeln!(o, "Some(EventKind::{}), // {code}", k.name),
            },
        };
    }
    o.push_str("];\n\n// A code field names every value of its type: its kind takes that many codes.\n");
    let mut seen = Vec::new();
    for f in t.kinds.iter().flat_map(|k| k.code_fields()) {
        if !seen.contains(&(&f.ty, f.codes.len())) {
            seen.push((&f.ty, f.codes.len()));
            let _ = writeln!(
                o,
                "const _: () = assert!(<{} as CodeField>::COUNT == {}, \"a code field names each of its values\");",
                f.ty,
                f.codes.len()
            );
        }
    }
    o.push('\n');
}

/// `impl Event`: its kind, nodes, value, window and stack effect.
fn event_accessors(o: &mut String, t: &Table) {
    let each = |f: &dyn Fn(&Kind) -> (Vec<String>, String)| -> String {
        arms(t.kinds.iter().map(|k| {
            let (bound, body) = f(k);
            (k.pattern(&bound.iter().map(String::as_str).collect::<Vec<_>>()), body)
        }))
    };
    let one = |word: &'static str| {
        move |k: &Kind| match k.field_with(word) {
            Some(f) => (vec![f.name.clone()], format!("Some({})", f.name)),
            None => (vec![], "None".into()),
        }
    };
    let _ = write!(
        o,
        "impl Event {{\n\
         /// The event's kind.\n\
         pub fn kind(&self) -> EventKind {{\nmatch self {{\n{}}}\n}}\n\n\
         /// The node the event is about (for an update: the node taking the value in; for a\n\
         /// selection or an expansion: the parent). `None` for pass boundaries.\n\
         pub fn node(&self) -> Option<NodeId> {{\nmatch *self {{\n{}}}\n}}\n\n\
         /// The second node the event names: an update's or cutoff's child, a selected or\n\
         /// new child.\n\
         pub fn second(&self) -> Option<NodeId> {{\nmatch *self {{\n{}}}\n}}\n\n\
         /// The value the event carries: an evaluation, a returned or backed-up value, a\n\
         /// stored or used table entry's, a pass's result, a stand-pat value.\n\
         pub fn value(&self) -> Option<Score> {{\nmatch *self {{\n{}}}\n}}\n\n\
         /// The window this event gives its focus node, if it carries one.\n\
         pub fn window(&self) -> Option<(Score, Score)> {{\nmatch *self {{\n{}}}\n}}\n\n\
         /// What the event does to the stack of executing nodes (the timeline's and the\n\
         /// log decoder's).\n\
         pub fn effect(&self) -> Effect {{\nmatch *self {{\n{}}}\n}}\n\n\
         /// The node the search is at after this event: the entered node, the selected or\n\
         /// new child, otherwise [`Event::node`].\n\
         pub fn focus(&self) -> Option<NodeId> {{\n\
         match self.effect() {{\nEffect::Push(id) | Effect::Restart(id) => Some(id),\n_ => self.node(),\n}}\n}}\n}}\n",
        arms(t.kinds.iter().map(|k| (k.pattern(&[]), format!("EventKind::{}", k.name)))),
        each(&one("node")),
        each(&one("child")),
        each(&one("value")),
        each(&|k| match (k.field_with("lo"), k.field_with("hi")) {
            (Some(lo), Some(hi)) => {
                (vec![lo.name.clone(), hi.name.clone()], format!("Some(({}, {}))", lo.name, hi.name))
            }
            _ => (vec![], "None".into()),
        }),
        each(&|k| {
            let variant: String = k.effect.split('_').map(|p| p[..1].to_uppercase() + &p[1..]).collect();
            match &k.target {
                Some(f) => (vec![f.clone()], format!("Effect::{variant}({f})")),
                None => (vec![], format!("Effect::{variant}")),
            }
        }),
    );
}

/// `event/codec.rs`.
fn codec_rs(t: &Table) -> String {
    let mut o = String::new();
    let encode = arms(t.kinds.iter().map(|k| (k.pattern(&k.all_fields()), encode_arm(k))));
    let decode = arms(t.kinds.iter().map(|k| (format!("EventKind::{}", k.name), decode_arm(k))));
    let advance = arms(t.kinds.iter().map(|k| {
        let (bound, body) = advance_arm(k);
        (k.pattern(&bound), body)
    }));
    let longest = arms(t.kinds.iter().map(|k| {
        let fields: Vec<String> = k.fields.iter().map(|f| format!("{}: {}", f.name, longest(f))).collect();
        (format!("EventKind::{}", k.name), format!("Event::{} {{ {} }}", k.name, fields.join(", ")))
    }));
    let _ = write!(
        o,
        "/// Writes `e`'s numbers (its nodes only when the shape of the search does not imply\n\
         /// them) and returns its code byte.\n\
         #[inline(always)]\n\
         pub(crate) fn encode<W: Sink>(e: &Event, s: &State, w: &mut W) -> u8 {{\nmatch *e {{\n{encode}}}\n}}\n\n\
         /// The event with code byte `byte`, its numbers read from `r`; `None` for a byte that is\n\
         /// no event code.\n\
         #[inline]\n\
         pub(crate) fn decode<R: Source>(byte: u8, s: &State, r: &mut R) -> Option<Event> {{\n\
         let code = byte & KIND;\n\
         let kind = CODE_KINDS[code as usize]?;\n\
         let short = byte & SHORT != 0;\n\
         let variant = code - kind.code();\n\
         Some(match kind {{\n{decode}}})\n}}\n\n\
         /// Moves the decoder's shape state past `e`: which node is on top, which returned last,\n\
         /// which id is next, the last value.\n\
         #[inline(always)]\n\
         pub(crate) fn advance(s: &mut State, e: &Event, nodes: &[Node]) {{\nmatch *e {{\n{advance}}}\n}}\n\n\
         /// An event of `kind` with every number at its largest and every id written out.\n\
         #[cfg(test)]\n\
         pub(crate) fn longest(kind: EventKind) -> Event {{\nmatch kind {{\n{longest}}}\n}}\n"
    );
    file(
        "//! The event log's codec, from the event table: how each kind's numbers are written and read\n\
         //! back (the log and the compact trace file share it), and the decoder's shape state.\n",
        o,
        candidates(
            &[
                ("super", &["CodeField", "Coded"]),
                ("super::kinds", &["CODE_KINDS", "Event", "EventKind"]),
                ("super::wire", &["KIND", "OWN_CHILD", "OWN_NODE", "SHORT", "Sink", "Source", "State"]),
                ("crate::node", &["NONE", "Node"]),
            ],
            t,
        ),
    )
}

/// The node a `node` or `child` field is when the event does not write it.
fn want(f: &Field) -> &'static str {
    match f.implied() {
        "Top" => "s.top",
        "Next" => "s.next_id",
        "Last" => "s.last_exit",
        _ => "NONE",
    }
}

fn encode_arm(k: &Kind) -> String {
    let mut b = String::from("{\n");
    let shortable: Vec<String> = k
        .fields
        .iter()
        .filter(|f| f.shortable())
        .map(|f| format!("{} == {}", f.name, f.short_value()))
        .collect();
    if !shortable.is_empty() {
        let _ = writeln!(b, "let short = {};", shortable.join(" && "));
    }
    let mut code = k.code.to_string();
    for f in k.code_fields() {
        let _ = write!(code, " + CodeField::index({})", f.name);
    }
    let node = k.fields.iter().find(|f| f.wire == "node");
    let child = k.fields.iter().find(|f| f.wire == "child");
    let mutable = !shortable.is_empty() || node.is_some() || child.is_some();
    let _ = writeln!(b, "let {}byte = {code};", if mutable { "mut " } else { "" });
    if !shortable.is_empty() {
        b += "if short {\nbyte |= SHORT;\n}\n";
    }
    for (f, flag) in [(node, "OWN_NODE"), (child, "OWN_CHILD")] {
        if let Some(f) = f {
            let _ = writeln!(b, "if {} != {} {{\nbyte |= {flag};\nw.id({});\n}}", f.name, want(f), f.name);
        }
    }
    // The numbers, in order; those a short event leaves out under one `if`.
    let mut skipped = Vec::new();
    for f in &k.fields {
        let put = match f.wire.as_str() {
            "score" => format!("w.score({});", f.name),
            "small" => format!("w.num(u64::from({}));", f.name),
            "num" => format!("w.num({});", f.name),
            "float" => format!("w.float({});", f.name),
            "opt_id" => format!("w.opt({});", f.name),
            "opt_num" => format!("w.opt_num({});", f.name),
            "coded" => format!("w.num(u64::from(Coded::code({})));", f.name),
            _ => continue,
        };
        if f.shortable() {
            skipped.push(put);
            continue;
        }
        flush_skipped(&mut b, &mut skipped);
        b += &put;
        b += "\n";
    }
    flush_skipped(&mut b, &mut skipped);
    b += "byte\n}";
    b
}

fn flush_skipped(b: &mut String, skipped: &mut Vec<String>) {
    if !skipped.is_empty() {
        let _ = writeln!(b, "if !short {{\n{}\n}}", skipped.join("\n"));
        skipped.clear();
    }
}

fn decode_arm(k: &Kind) -> String {
    let mut b = String::from("{\n");
    for (wire, flag) in [("node", "OWN_NODE"), ("child", "OWN_CHILD")] {
        let _ = match k.fields.iter().find(|f| f.wire == wire) {
            Some(f) => {
                writeln!(b, "let {} = if byte & {flag} != 0 {{ r.id() }} else {{ {} }};", f.name, want(f))
            }
            // The encoder never sets the flag here; a file that does has the id read past.
            None => writeln!(b, "if byte & {flag} != 0 {{\nr.id();\n}}"),
        };
    }
    for f in &k.fields {
        let value = match f.wire.as_str() {
            "node" | "child" => continue,
            "code" => format!("<{} as CodeField>::from_index(variant)", f.ty),
            "score" if f.shortable() => format!("if short {{ {} }} else {{ r.score() }}", f.short_value()),
            "score" => "r.score()".into(),
            "small" => "r.small()".into(),
            "num" => "r.num()".into(),
            "float" => "r.float()".into(),
            "opt_id" => "r.opt()".into(),
            "opt_num" => "r.opt_num()".into(),
            _ => format!("<{} as Coded>::from_code(r.small())", f.ty),
        };
        let _ = writeln!(b, "let {} = {value};", f.name);
    }
    let _ = write!(b, "Event::{} {{ {} }}\n}}", k.name, k.all_fields().join(", "));
    b
}

/// The fields `advance` reads and what it does with them.
fn advance_arm(k: &Kind) -> (Vec<&str>, String) {
    let mut bound = Vec::new();
    let mut b = String::new();
    for f in &k.fields {
        let n = &f.name;
        match (f.wire.as_str(), f.mods.first().map(String::as_str)) {
            ("node" | "child", Some("next")) => {
                let _ = writeln!(b, "if {n} >= s.next_id && {n} != NONE {{\ns.next_id = {n} + 1;\n}}");
            }
            ("small", Some("creates")) => {
                let _ = writeln!(b, "s.next_id = s.next_id.saturating_add({n});");
            }
            ("score", _) if f.has("keep") => {
                let _ = writeln!(b, "s.last_value = {n};");
            }
            _ => continue,
        }
        bound.push(n.as_str());
    }
    if let Some(target) = &k.target {
        match k.effect.as_str() {
            "push" | "restart" => {
                let _ = writeln!(b, "s.top = {target};");
            }
            _ => {
                let _ = writeln!(
                    b,
                    "s.last_exit = {target};\ns.top = nodes.get({target} as usize).map_or(NONE, |n| n.parent);"
                );
            }
        }
        if !bound.contains(&target.as_str()) {
            bound.push(target);
        }
    } else if k.effect == "clear" {
        b += "s.top = NONE;\n";
    }
    let order: Vec<&str> = k.all_fields().into_iter().filter(|f| bound.contains(f)).collect();
    (order, format!("{{\n{b}}}"))
}

/// A field's largest value (every number at its longest, every id written out).
fn longest(f: &Field) -> String {
    match f.wire.as_str() {
        "node" | "child" => "NONE - 1".into(),
        "code" => format!("<{} as CodeField>::from_index(u8::MAX)", f.ty),
        "score" => "Score::from(-Score::MAX_FINITE)".into(),
        "small" => "u32::MAX".into(),
        "num" => "u64::MAX".into(),
        "float" => "1.0".into(),
        "opt_id" => "Some(NONE - 1)".into(),
        "opt_num" => "Some(u32::MAX - 1)".into(),
        _ => format!("<{} as Coded>::from_code(u32::MAX)", f.ty),
    }
}

/// `observer/hooks.rs`.
fn hooks_rs(t: &Table) -> String {
    let mut o = String::new();
    doc(&mut o, &t.observer);
    o += "pub trait Observer<G: Game> {\n";
    let hooks = || {
        t.kinds
            .iter()
            .filter_map(|k| k.hook.as_ref().map(|h| (Some(k), h)))
            .chain(t.hooks.iter().map(|h| (None, h)))
    };
    for (kind, h) in hooks() {
        doc(&mut o, &h.docs);
        o += "#[inline(always)]\n";
        let body = match (&h.records, kind) {
            (Some(here), Some(k)) => {
                let mut fields: Vec<String> = here.iter().map(|f| format!("{f}: here.{f}")).collect();
                fields.extend(h.args.iter().map(|a| a.0.clone()));
                format!("self.record_here(|here| Event::{} {{ {} }});", k.name, fields.join(", "))
            }
            _ => {
                let unused = match h.args.as_slice() {
                    [] => String::new(),
                    [(a, _)] => format!("let _ = {a};\n"),
                    args => format!(
                        "let _ = ({});\n",
                        args.iter().map(|a| a.0.as_str()).collect::<Vec<_>>().join(", ")
                    ),
                };
                match h.ret {
                    Ret::Result => format!("{unused}Ok(())"),
                    Ret::Bool => "false".into(),
                    Ret::Nothing => unused,
                }
            }
        };
        let _ = writeln!(o, "{} {{\n{body}\n}}\n", signature(h));
    }
    o += "/// Records `event`, made from the node executing and the child that returned last:\n\
          /// how the hooks the event table marks `records` report. The recorder keeps it;\n\
          /// other observers ignore it.\n\
          #[inline(always)]\n\
          fn record_here(&mut self, event: impl FnOnce(Here) -> Event) {\nlet _ = event;\n}\n}\n\n\
          impl<G: Game, A: Observer<G>, B: Observer<G>> Observer<G> for Both<A, B> {\n";
    for (_, h) in hooks() {
        let args: Vec<&str> = h.args.iter().map(|a| a.0.as_str()).collect();
        let (name, args) = (&h.name, args.join(", "));
        let body = match h.ret {
            Ret::Result => format!("self.0.{name}({args})?;\nself.1.{name}({args})"),
            Ret::Bool => format!("self.0.{name}() || self.1.{name}()"),
            Ret::Nothing => format!("self.0.{name}({args});\nself.1.{name}({args});"),
        };
        let _ = writeln!(o, "#[inline]\n{} {{\n{body}\n}}\n", signature(h));
    }
    o += "}\n";
    file(
        "//! The [`Observer`] trait and [`Both`]'s forwarding, from the event table's hooks.\n",
        o,
        candidates(
            &[("super", &["Both", "Stop"]), ("crate::event", &["Event", "Here"]), ("abviz_core", &["Game"])],
            t,
        ),
    )
}

fn signature(h: &Hook) -> String {
    let args: Vec<String> = h.args.iter().map(|(a, ty)| format!(", {a}: {ty}")).collect();
    match h.ret {
        Ret::Bool => format!("fn {}(&self) -> bool", h.name),
        Ret::Result => format!("fn {}(&mut self{}) -> Result<(), Stop>", h.name, args.concat()),
        Ret::Nothing => format!("fn {}(&mut self{})", h.name, args.concat()),
    }
}

/// `narration/kinds.rs`.
fn narration_rs(t: &Table) -> String {
    let narration = arms(t.kinds.iter().map(|k| {
        let how = match (&k.say, &k.narrate) {
            (Some(say), _) => format!("Narration::Template({say})"),
            (_, Some(f)) => format!("Narration::Chosen({f})"),
            _ => unreachable!(),
        };
        (format!("EventKind::{}", k.name), how)
    }));
    let arg = arms(t.kinds.iter().map(|k| {
        let mut slots = String::new();
        for f in &k.fields {
            let n = &f.name;
            let value = match f.wire.as_str() {
                "node" | "child" => format!("Arg::Node({n})"),
                "code" => format!("Arg::Str([{}][CodeField::index({n}) as usize])", f.codes.join(", ")),
                "score" => format!("Arg::Score({n})"),
                "small" => format!("Arg::Num(u64::from({n}))"),
                "num" => format!("Arg::Num({n})"),
                "float" => format!("Arg::Float({n})"),
                "opt_id" => format!("{n}.map_or(Arg::Nothing, Arg::Node)"),
                "opt_num" => format!("{n}.map_or(Arg::Nothing, |v| Arg::Num(u64::from(v)))"),
                _ => format!("Arg::Str(<{} as Coded>::NAMES[Coded::code({n}) as usize])", f.ty),
            };
            let _ = writeln!(slots, "\"{n}\" => {value},");
        }
        (k.pattern(&k.all_fields()), format!("match name {{\n{slots}_ => return None,\n}}"))
    }));
    let o = format!(
        "impl EventKind {{\n\
         /// How its sentence is made: a template, or a function that chooses one.\n\
         pub fn narration(self) -> Narration {{\nmatch self {{\n{narration}}}\n}}\n}}\n\n\
         impl Event {{\n\
         /// The field called `name`, as a sentence's slot takes it (`None`: no such field).\n\
         pub fn arg(&self, name: &str) -> Option<Arg> {{\nSome(match *self {{\n{arg}}})\n}}\n}}\n"
    );
    file(
        "//! How each kind of event is narrated, from the event table: its `say` template or the\n\
         //! `narrate` function of [`crate::narration`] that chooses one, and its fields as a\n\
         //! sentence's slots.\n",
        o,
        candidates(
            &[
                ("super", &["Arg", "Narration"]),
                ("crate", &["CodeField", "Coded", "Event", "EventKind", "narration"]),
            ],
            t,
        ),
    )
}

/// Every generated file: its path under `src/` and its code (not yet formatted).
fn generate(t: &Table) -> Vec<(&'static str, String)> {
    vec![
        ("event/kinds.rs", kinds_rs(t)),
        ("event/codec.rs", codec_rs(t)),
        ("observer/hooks.rs", hooks_rs(t)),
        ("narration/kinds.rs", narration_rs(t)),
    ]
}

/// `code` as `rustfmt` writes it with the repository's settings.
fn rustfmt(root: &Path, code: &str) -> String {
    let mut child = std::process::Command::new("rustfmt")
        .args(["--edition", "2024", "--emit", "stdout", "--config-path"])
        .arg(root.join("rustfmt.toml"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "the event table's code is formatted with rustfmt, which did not run ({e}): \
                 install it (`rustup component add rustfmt`)"
            )
        });
    let mut stdin = child.stdin.take().expect("rustfmt's input");
    let out = std::thread::scope(|s| {
        s.spawn(move || stdin.write_all(code.as_bytes()).expect("rustfmt reads the code"));
        child.wait_with_output().expect("rustfmt's output")
    });
    assert!(
        out.status.success(),
        "rustfmt refused the generated code:\n{}\n{code}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("rustfmt writes UTF-8")
}

#[test]
fn the_generated_code_is_the_event_tables() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let root = src.join("../../..");
    let text = std::fs::read_to_string(src.join("event/events.table")).expect("the event table");
    let table: Table =
        syn::parse_str(&text).unwrap_or_else(|e| panic!("crates/abviz-trace/src/event/events.table: {e}"));
    let mut stale = Vec::new();
    for (path, code) in generate(&table) {
        let code = rustfmt(&root, &code);
        let file = src.join(path);
        if std::fs::read_to_string(&file).ok().as_deref() != Some(code.as_str()) {
            std::fs::write(&file, code).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            stale.push(format!("crates/abviz-trace/src/{path}"));
        }
    }
    assert!(
        stale.is_empty(),
        "{} did not follow the event table and {} been generated again: run `cargo test -p abviz-trace` \
         again and commit {}",
        stale.join(", "),
        if stale.len() == 1 { "has" } else { "have" },
        if stale.len() == 1 { "it" } else { "them" },
    );
}
