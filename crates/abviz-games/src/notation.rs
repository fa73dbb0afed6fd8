//! Parsers for explicit game trees: the text notation and JSON.
//!
//! The text notation writes a leaf as a number and an interior node as a parenthesised list of
//! children, so the tree of AIMA Fig. 5.2 is `((3 12 8) (2 4 6) (14 5 2))`.
//!
//! ```text
//! tree     = [ bounds ] [ "min" | "max" ] [ bounds ] node   (who moves at the root; keywords any case)
//! bounds   = "bounds" value ".." value                     (leaf bounds for Star1/Star2, e.g. bounds 0..10)
//! node     = [ prob ( "*" | "×" ) ] [ mark ":" ] ( [ name ":" ] value | [ label ":" ] "(" node { [","] node } [","] ")" )
//! label    = name | [ name ] "=" value                     (an interior node's static value: A=10:(…), =10:(…))
//! mark     = "min" | "max" | "chance"                      (case-insensitive; only before "(", a name or "=")
//! prob     = digits [ "." digits ] | digits "/" digits     (only on the outcomes of a chance node)
//! value    = [ "+" | "-" | "−" ] digits [ "." digits ] | "inf" | "+inf" | "-inf" | "∞" | "+∞" | "-∞" | "−∞"
//! name     = identifier | '"' { any char | \" | \\ | \n | \t } '"'
//! ```
//!
//! Identifiers are Unicode letters, digits, `_`, `'` and `-` (not starting with an ASCII digit, a
//! sign or `'`); whitespace and commas separate children; `#` starts a comment that runs to the
//! end of the line. A value may be a decimal (`-3.01`, `4.50`, up to 9 decimals): exact, kept
//! with the decimals it was typed with (see [`Score`]).
//!
//! An interior node may carry a **static value**, what a depth-limited search (`--depth`,
//! iterative deepening) evaluates it as at its horizon: `A=10:(B=11:(10 12) C=9:(8 9))`, or
//! `=10:(…)` without a name. JSON writes it as `"value"` beside `"children"`.
//!
//! Players alternate level by level unless a node says who moves there: `max:(…)` or
//! `min:C:(…)` (the mover before the name). So `(max:(3 5) 4)` is a MAX root whose first child
//! is MAX again: MAX moves twice in a row, as in Kalah. A node *named* `min` or `max` is written
//! quoted (`"max":3`); `max:3` is still a leaf named max.
//!
//! ```
//! use abviz_games::notation::parse_tree;
//! let spec = parse_tree("max A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))  # AIMA Fig. 5.2").unwrap();
//! assert_eq!(spec.root.name.as_deref(), Some("A"));
//! assert_eq!(spec.root.to_notation(), "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))");
//! let err = parse_tree("((3 12 8) (2 4 6)").unwrap_err();
//! assert_eq!((err.line, err.column), (1, 18));
//! assert!(err.to_string().starts_with("1:18: unbalanced parenthesis: missing ')'"));
//! ```
//!
//! The same trees can be written as JSON ([`parse_json_tree`]): nested arrays such as
//! `[[3,12,8],[2,4,6],[14,5,2]]`, objects such as `{"name":"B","children":[3,12,8]}` and
//! `{"name":"E","value":3}`, or a mix; a top-level object may say `"root": "min"`.
//! [`parse_tree`] tells the two apart by the first character that is not a space or comment.
//!
//! Every error is a [`NotationError`] that knows its line and column and renders with a caret,
//! either through miette or as plain text with [`NotationError::caret`].
//!
//! The lexical layer (spaces, comments, words, quoted names, JSON tokens) is written with
//! `winnow`; nesting is handled with an explicit stack rather than recursion, so a deeply nested
//! tree cannot overflow the call stack ([`MAX_DEPTH`] bounds it instead).

// `NotationError` is large (it carries the source for miette) but errors are rare and the public
// signatures are fixed, so boxing it would only add noise.
#![allow(clippy::result_large_err)]

use crate::Player;
use crate::Score;
use crate::spec::{TreeSpec, TreeSpecKind, TreeSpecNode};
use crate::tree_arena::{Builder, CompactTree};
use abviz_core::{Probability, Ratio};
use std::borrow::Cow;
use std::ops::Range;
use winnow::combinator::{alt, eof, repeat};
use winnow::prelude::*;
use winnow::token::{any, one_of, take_till, take_while};

pub use crate::spec::MAX_DEPTH;

/// A syntax or structure error in a tree, with its position and a caret-ready source span.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[error("{line}:{column}: {message}")]
pub struct NotationError {
    /// A full sentence: what is wrong and what was expected.
    pub message: String,
    /// 1-based line of the offending spot.
    pub line: usize,
    /// 1-based column of the offending spot, counted in characters (not bytes).
    pub column: usize,
    /// The part of the input shown under the message: the offending line (clipped around the
    /// error on a very long line) and its neighbours.
    #[source_code]
    pub src: Snippet,
    /// Byte span of the offending token in the snippet (empty only at the end of the input).
    #[label("{label}")]
    pub span: miette::SourceSpan,
    /// A short label shown under the caret, e.g. "expected ')'".
    pub label: String,
    /// A hint on how to fix it, if there is one.
    #[help]
    pub help: Option<String>,
}

/// The most characters of one word a message quotes (a 100 KB token is shown by its ends).
const MAX_QUOTED: usize = 60;

/// `message` with every word (a run without spaces) longer than [`MAX_QUOTED`] characters
/// clipped to its ends around the count of characters left out: the caret's snippet already
/// shows where it is, and a message echoing a 100 KB token would flood the terminal.
fn clip_words(message: String) -> String {
    if message.split(' ').all(|w| w.len() <= MAX_QUOTED) {
        return message;
    }
    let words: Vec<String> = message
        .split(' ')
        .map(|w| {
            let n = w.chars().count();
            if n <= MAX_QUOTED {
                return w.to_string();
            }
            let head: String = w.chars().take(MAX_QUOTED / 2).collect();
            let tail: String = w.chars().skip(n - MAX_QUOTED / 4).collect();
            format!("{head}…[{} characters]…{tail}", n - MAX_QUOTED / 2 - MAX_QUOTED / 4)
        })
        .collect();
    words.join(" ")
}

/// The lines of an input that an error shows: the offending line and one line on each side, each
/// clipped to [`Snippet::WIDTH`] characters around the error's column (a 70,000-character line
/// would otherwise be printed whole). It remembers where it sits in the input, so the rendering
/// names the true line and column.
#[derive(Debug, Clone)]
pub struct Snippet {
    name: String,
    text: String,
    /// The input's 0-based line number of the snippet's first line.
    first_line: usize,
    /// Characters clipped from the start of each line.
    first_column: usize,
}

impl Snippet {
    /// The most characters of a line shown.
    pub const WIDTH: usize = 160;

    /// The snippet of `src` around the byte range `span`, which starts at 1-based `line`
    /// and `column`; returns it and the range's place in it.
    fn around(
        name: &str,
        src: &str,
        span: Range<usize>,
        line: usize,
        column: usize,
    ) -> (Snippet, Range<usize>) {
        let first_column = column.saturating_sub(1).saturating_sub(Self::WIDTH / 3);
        let line_start = src[..span.start].rfind('\n').map_or(0, |i| i + 1);
        let begin = if line_start == 0 { 0 } else { src[..line_start - 1].rfind('\n').map_or(0, |i| i + 1) };
        let after_line = src[span.start..].find('\n').map_or(src.len(), |i| span.start + i);
        let finish = if after_line >= src.len() {
            src.len()
        } else {
            src[after_line + 1..].find('\n').map_or(src.len(), |i| after_line + 1 + i)
        };
        // The window's text, with characters that could drive a terminal written as `\u{…}`;
        // `at` and `end` follow the span's ends into it.
        let mut text = String::new();
        let (mut at, mut end) = (None, None);
        let mut offset = begin;
        for (k, piece) in src[begin..finish].split('\n').enumerate() {
            if k > 0 {
                text.push('\n');
            }
            // Byte positions of the window [first_column, first_column + WIDTH) in this line.
            let mut bounds = piece.char_indices().map(|(i, _)| i).chain(std::iter::once(piece.len()));
            let from = bounds.nth(first_column).unwrap_or(piece.len());
            let to = bounds.nth(Self::WIDTH.saturating_sub(1)).unwrap_or(piece.len()).max(from);
            let on_line = offset <= span.start && span.start <= offset + piece.len() && at.is_none();
            let mark = |text: &String, i: usize, at: &mut Option<usize>, end: &mut Option<usize>| {
                if on_line && at.is_none() && offset + i >= span.start {
                    *at = Some(text.len());
                }
                if on_line && end.is_none() && offset + i >= span.end {
                    *end = Some(text.len());
                }
            };
            if on_line && span.start < offset + from {
                at = Some(text.len());
            }
            for (i, c) in piece[from..to].char_indices() {
                mark(&text, from + i, &mut at, &mut end);
                if c != '\t' && abviz_core::safe_text::is_unsafe(c) {
                    text.push_str(&abviz_core::safe_text::for_terminal(c.encode_utf8(&mut [0; 4])));
                } else {
                    text.push(c);
                }
            }
            mark(&text, to, &mut at, &mut end);
            if on_line {
                at.get_or_insert(text.len());
                end.get_or_insert(text.len());
            }
            offset += piece.len() + 1;
        }
        let start = at.unwrap_or(text.len()).min(text.len());
        let len = end.unwrap_or(start).clamp(start, text.len()) - start;
        // miette draws no label past the last character, so an error at the very end of the
        // input gets one trailing space to point at.
        if start == text.len() {
            text.push(' ');
        }
        let first_line = line - 1 - usize::from(line_start != 0);
        (Snippet { name: name.to_string(), text, first_line, first_column }, start..start + len)
    }

    /// The snippet's text.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl miette::SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self.text.read_span(span, context_lines_before, context_lines_after)?;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.first_line,
            inner.column() + self.first_column,
            inner.line_count(),
        )))
    }
}

impl NotationError {
    fn new(src: &str, span: Range<usize>, message: impl Into<String>, label: &str) -> Self {
        Self::in_text("tree", src, span, message, label)
    }

    /// An error in the text `src`, called `name` in the rendering (e.g. "position"), at the
    /// byte range `span`, with a `message` sentence and a short `label` under the caret. Games
    /// report bad `--position` text with it.
    pub fn in_text(
        name: &str,
        src: &str,
        span: Range<usize>,
        message: impl Into<String>,
        label: &str,
    ) -> Self {
        let start = floor_boundary(src, span.start);
        let end = floor_boundary(src, span.end.max(start));
        let (line, column) = line_col(src, start);
        let (snippet, span) = Snippet::around(name, src, start..end, line, column);
        NotationError {
            message: clip_words(message.into()),
            line,
            column,
            src: snippet,
            span: (span.start, span.len()).into(),
            label: label.to_string(),
            help: None,
        }
    }

    /// The same error with a hint on how to fix it.
    pub fn with_help(self, help: impl Into<String>) -> Self {
        self.help(help)
    }

    fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Plain-text rendering without colours, with a caret under the offending column:
    ///
    /// ```text
    /// error at 2:7: <message>
    ///   2 | <the line>
    ///     |       ^ <label>
    ///     = help: <help, when there is one>
    /// ```
    ///
    /// The caret is placed by display width, so it stays under the right character after
    /// double-width (CJK) text; tabs in the line are repeated in the padding.
    pub fn caret(&self) -> String {
        let src = self.src.text.as_str();
        let offset = floor_boundary(src, self.span.offset());
        let line_start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = src[offset..].find('\n').map_or(src.len(), |i| offset + i);
        let text = src[line_start..line_end].trim_end_matches(['\r', ' ']);
        let mut pad = String::new();
        for c in src[line_start..offset].chars() {
            match c {
                '\t' => pad.push('\t'),
                '\r' => {}
                c if is_wide(c) => pad.push_str("  "),
                _ => pad.push(' '),
            }
        }
        let num = self.line.to_string();
        let gutter = " ".repeat(num.len() + 2);
        let mut out = format!(
            "error at {}:{}: {}\n  {num} | {text}\n{gutter} | {pad}^ {}",
            self.line, self.column, self.message, self.label
        );
        if let Some(help) = &self.help {
            out.push_str(&format!("\n{gutter} = help: {help}"));
        }
        out
    }
}

/// Parses a tree in the text notation or JSON: when the first character that is neither a space
/// nor part of a `#` comment is `[` or `{`, the input is JSON ([`parse_json_tree`]), otherwise
/// the text notation ([`parse_notation`]).
pub fn parse_tree(src: &str) -> Result<TreeSpec, NotationError> {
    let mut rest = src;
    let _ = trivia(&mut rest);
    match rest.chars().next() {
        Some('[' | '{') => parse_json_tree(src),
        _ => parse_notation(src),
    }
}

// ---------------------------------------------------------------------------------------------
// Lexical layer (winnow)
// ---------------------------------------------------------------------------------------------

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{FEFF}'
}

/// Characters that make up a number, an infinity or an unquoted name. Taking all of them as one
/// word lets `3x`, `1.5` and `--2` be reported whole.
fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '\'' | '-' | '+' | '−' | '∞' | '.')
}

fn is_ident_start(c: char) -> bool {
    c == '_' || (c.is_alphanumeric() && !c.is_ascii_digit())
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '\'' | '-')
}

/// Spaces and `#` comments.
fn trivia(input: &mut &str) -> winnow::Result<()> {
    repeat(0.., alt((take_while(1.., is_space).void(), ('#', take_till(0.., '\n')).void()))).parse_next(input)
}

fn word<'s>(input: &mut &'s str) -> winnow::Result<&'s str> {
    take_while(1.., is_word_char).parse_next(input)
}

fn identifier(input: &mut &str) -> winnow::Result<()> {
    (one_of(is_ident_start), take_while(0.., is_ident_char), eof).void().parse_next(input)
}

fn is_identifier(w: &str) -> bool {
    let mut i = w;
    identifier(&mut i).is_ok()
}

// ---------------------------------------------------------------------------------------------
// Text notation
// ---------------------------------------------------------------------------------------------

/// Parses the text notation, e.g. `max A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))`.
pub fn parse_notation(src: &str) -> Result<TreeSpec, NotationError> {
    parse_notation_compact(src, u64::MAX).map(|t| t.to_spec())
}

/// Parses a tree in the text notation or JSON (as [`parse_tree`]) into its compact form,
/// refusing it as soon as it has more than `max_nodes` nodes (see
/// [`DEFAULT_MAX_TREE_NODES`](crate::tree_arena::DEFAULT_MAX_TREE_NODES)).
pub fn parse_tree_compact(src: &str, max_nodes: u64) -> Result<CompactTree, NotationError> {
    let mut rest = src;
    let _ = trivia(&mut rest);
    match rest.chars().next() {
        Some('[' | '{') => parse_json_compact(src, max_nodes),
        _ => parse_notation_compact(src, max_nodes),
    }
}

/// The error for a tree with more than `limit` nodes, pointing at the first node past it.
fn too_many_nodes(src: &str, at: usize, limit: u64) -> NotationError {
    let end = floor_boundary(src, at + 1).max(at);
    NotationError::new(
        src,
        at..end,
        format!(
            "the tree has more than {limit} nodes (the input is {} bytes): explicit trees are held \
             whole in memory, about {} bytes a node, and are limited to {limit} nodes",
            src.len(),
            crate::tree_arena::BYTES_PER_NODE
        ),
        "over the node limit",
    )
    .help(format!(
        "raise the limit with --max-tree-nodes N or the environment variable ABVIZ_MAX_TREE_NODES \
         (the default is {}), or search a smaller tree",
        crate::tree_arena::DEFAULT_MAX_TREE_NODES
    ))
}

fn parse_notation_compact(src: &str, max_nodes: u64) -> Result<CompactTree, NotationError> {
    let mut p = Cursor { src, rest: src };
    p.skip_trivia();
    if p.rest.is_empty() {
        let at = p.end();
        return Err(NotationError::new(
            src,
            at..at,
            "empty tree: expected a number or '('",
            "expected a number or '('",
        )
        .help("a tree is a number such as 7, or a list such as ((3 12 8) (2 4 6) (14 5 2))"));
    }
    let mut bounds = p.bounds()?;
    let keyword = p.keyword();
    if bounds.is_none() {
        bounds = p.bounds()?;
    }
    let root_player = keyword.map(|(player, _)| player);

    let mut stack: Vec<Frame> = Vec::new();
    let mut tree = Builder::new(max_nodes);
    let root_said = loop {
        p.skip_trivia();
        let said = match (stack.last_mut(), p.peek()) {
            (Some(_), Some(')')) => {
                let close = p.pos();
                p.bump();
                let frame = stack.pop().unwrap_or_else(|| unreachable!());
                if tree.end() == 0 {
                    return Err(NotationError::new(
                        src,
                        frame.open..close + 1,
                        "empty node '()': an interior node needs at least one child",
                        "empty node",
                    )
                    .help("put children inside the parentheses, or write a leaf value instead"));
                }
                frame.check_outcomes(src, close)?;
                frame.player
            }
            (Some(top), Some(',')) => {
                if !top.comma_ok {
                    let at = p.pos();
                    let what = if tree.open_children() == 0 {
                        "before the first child"
                    } else {
                        "after another ','"
                    };
                    return Err(NotationError::new(
                        src,
                        at..at + 1,
                        format!("unexpected ',' {what}: a comma goes only after a child"),
                        "unexpected ','",
                    ));
                }
                top.comma_ok = false;
                p.bump();
                continue;
            }
            _ => match p.node_start(&stack, keyword.map(|(_, w)| w))? {
                Start::Open { name, player, chance, p: prob, value, at } => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(NotationError::new(
                            src,
                            at..at + 1,
                            format!("tree is nested too deeply: more than {MAX_DEPTH} levels of '('"),
                            "too deep",
                        ));
                    }
                    tree.begin(name.as_deref(), player).map_err(|f| too_many_nodes(src, at, f.limit))?;
                    if chance {
                        tree.chance();
                    }
                    if let Some(v) = value {
                        tree.static_value(v);
                    }
                    outcome(src, &mut stack, &mut tree, prob)?;
                    stack.push(Frame {
                        open: at,
                        player,
                        comma_ok: false,
                        chance,
                        children: 0,
                        given: None,
                        sum: Some(Ratio::ZERO),
                    });
                    continue;
                }
                Start::Leaf { name, player, value, p: prob, at } => {
                    tree.leaf(name.as_deref(), player, value)
                        .map_err(|f| too_many_nodes(src, at, f.limit))?;
                    outcome(src, &mut stack, &mut tree, prob)?;
                    player
                }
            },
        };
        match stack.last_mut() {
            None => break said,
            Some(top) => top.comma_ok = true,
        }
    };

    p.skip_trivia();
    if let Some(c) = p.peek() {
        let at = p.pos();
        if c == ')' {
            return Err(NotationError::new(
                src,
                at..at + 1,
                "unbalanced parenthesis: extra ')' with no matching '('",
                "no matching '('",
            )
            .help("remove this ')' or add the missing '(' before it"));
        }
        let tok = p.token_text();
        return Err(NotationError::new(
            src,
            at..at + tok.len(),
            format!(
                "unexpected '{tok}' after the end of the tree: the root node is already complete, \
                 and only spaces and # comments may follow it"
            ),
            "trailing text",
        )
        .help(
            "a tree has one root; to give it several children wrap them in parentheses, \
             e.g. (3 (4 5))",
        ));
    }
    let root_player = match (root_player, root_said) {
        (Some(a), Some(b)) if a != b => {
            return Err(NotationError::new(
                src,
                0..keyword.map_or(0, |(_, w)| w.len()),
                format!(
                    "the tree starts with '{}' but its root is marked {}: say who moves at the root once",
                    keyword.map_or("", |(_, w)| w),
                    b.upper().to_lowercase()
                ),
                "two root players",
            ));
        }
        (a, b) => a.or(b),
    };
    let mut tree = tree.finish();
    tree.set_keyword_root(root_player);
    tree.set_stated_bounds(bounds);
    Ok(tree)
}

/// An open `(` waiting for its children.
struct Frame {
    open: usize,
    player: Option<Player>,
    /// Whether a `,` may come now (right after a child).
    comma_ok: bool,
    /// A chance node (`chance:(…)`).
    chance: bool,
    /// Its children so far.
    children: u32,
    /// How many of them were given a probability, and where the first one was.
    given: Option<(u32, Range<usize>)>,
    /// The sum of the probabilities given (`None`: too fine to add up exactly).
    sum: Option<Ratio>,
}

impl Frame {
    /// At the `)` (byte `close`) of a chance node: its outcomes' probabilities are all given
    /// and sum to exactly 1, or none is given (each equally likely).
    fn check_outcomes(&self, src: &str, close: usize) -> Result<(), NotationError> {
        let Some((given, first)) = self.given.clone() else { return Ok(()) };
        if given < self.children {
            return Err(NotationError::new(
                src,
                first,
                format!(
                    "only {given} of this chance node's {} outcomes have a probability: give                      every outcome one, or none (then they are equally likely)",
                    self.children
                ),
                "probabilities for some outcomes only",
            )
            .help("write each outcome as p * node, e.g. chance:(0.5 * 3, 0.25 * 12, 0.25 * 8)"));
        }
        if self.sum != Some(Ratio::ONE) {
            let sum =
                self.sum.map_or_else(|| "too fine an amount to add up exactly".into(), |s| s.to_string());
            return Err(NotationError::new(
                src,
                self.open..close + 1,
                format!("the probabilities of this chance node's outcomes sum to {sum}, not 1"),
                "probabilities do not sum to 1",
            )
            .help("probabilities are exact: write thirds as 1/3, not 0.33"));
        }
        Ok(())
    }
}

/// The node just added is an outcome of the innermost open node: counts it, and records its
/// probability `p` (refused unless that node is a chance node).
fn outcome(
    src: &str,
    stack: &mut [Frame],
    tree: &mut Builder,
    p: Option<(Probability, Range<usize>)>,
) -> Result<(), NotationError> {
    // The node just begun (if interior) is not on the stack yet: the top is its parent.
    let Some(parent) = stack.last_mut() else {
        return match p {
            Some((_, span)) => Err(NotationError::new(
                src,
                span,
                "the root has no probability: probabilities go on the outcomes of a chance node",
                "probability of the root",
            )),
            None => Ok(()),
        };
    };
    parent.children += 1;
    let Some((prob, span)) = p else { return Ok(()) };
    if !parent.chance {
        return Err(NotationError::new(
            src,
            span,
            "a probability goes only on an outcome of a chance node, and this node's parent is              no chance node",
            "not an outcome of chance",
        )
        .help("mark the parent chance:(…), or remove the probability"));
    }
    let (count, first) = parent.given.take().unwrap_or((0, span));
    parent.given = Some((count + 1, first));
    parent.sum = parent.sum.and_then(|s| s.checked_add(prob.ratio()));
    tree.probability(prob);
    Ok(())
}

enum Start {
    Open {
        name: Option<String>,
        player: Option<Player>,
        chance: bool,
        p: Option<(Probability, Range<usize>)>,
        /// Its static value (`A=10:(…)`).
        value: Option<Score>,
        at: usize,
    },
    Leaf {
        name: Option<String>,
        player: Option<Player>,
        value: Score,
        p: Option<(Probability, Range<usize>)>,
        at: usize,
    },
}

/// What comes before a node's children or value and its `:`: a name, a static value, or both.
struct Label {
    name: Option<(String, Range<usize>)>,
    value: Option<(Score, Range<usize>)>,
}

/// What a node may be marked with before its name: who moves there, or chance.
#[derive(Clone, Copy)]
enum Mark {
    Player(Player),
    Chance,
}

struct Cursor<'s> {
    src: &'s str,
    rest: &'s str,
}

impl<'s> Cursor<'s> {
    fn pos(&self) -> usize {
        self.src.len() - self.rest.len()
    }

    /// Where "end of input" errors point: after the last character that is not a space.
    fn end(&self) -> usize {
        self.src.trim_end_matches(is_space).len()
    }

    fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    fn bump(&mut self) {
        let mut chars = self.rest.chars();
        chars.next();
        self.rest = chars.as_str();
    }

    fn skip_trivia(&mut self) {
        let _ = trivia(&mut self.rest);
    }

    fn err(&self, span: Range<usize>, message: impl Into<String>, label: &str) -> NotationError {
        NotationError::new(self.src, span, message, label)
    }

    /// The next word, or else the next character, as text for messages (without consuming it).
    fn token_text(&self) -> &'s str {
        let mut i = self.rest;
        match word(&mut i) {
            Ok(w) => w,
            Err(_) => self.rest.chars().next().map_or("", |c| &self.rest[..c.len_utf8()]),
        }
    }

    /// What comes next, described for a message.
    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the input".into(),
            Some('"') => "a quoted name".into(),
            Some(_) => format!("'{}'", self.token_text()),
        }
    }

    /// The span of the next token, or an empty span at the end of the input.
    fn found_span(&self) -> Range<usize> {
        if self.rest.is_empty() {
            let at = self.end();
            at..at
        } else {
            let at = self.pos();
            at..at + self.token_text().len()
        }
    }

    /// A leading `min` / `max` (any case) that is not a name (not followed by `:`).
    fn keyword(&mut self) -> Option<(Player, &'s str)> {
        let save = self.rest;
        let w = word(&mut self.rest).ok()?;
        let player = if w.eq_ignore_ascii_case("min") {
            Player::Min
        } else if w.eq_ignore_ascii_case("max") {
            Player::Max
        } else {
            self.rest = save;
            return None;
        };
        let after = self.rest;
        self.skip_trivia();
        if self.peek() == Some(':') {
            self.rest = save;
            return None;
        }
        self.rest = after;
        Some((player, w))
    }

    /// A leading `bounds L..U` (any case; not a name: not followed by `:`): the bounds on the
    /// leaf values that Star1 and Star2 prune with.
    fn bounds(&mut self) -> Result<Option<(Score, Score)>, NotationError> {
        self.skip_trivia();
        let save = self.rest;
        let start = self.pos();
        match word(&mut self.rest) {
            Ok(w) if w.eq_ignore_ascii_case("bounds") => {}
            _ => {
                self.rest = save;
                return Ok(None);
            }
        }
        self.skip_trivia();
        if matches!(self.peek(), Some(':' | '=')) {
            self.rest = save;
            return Ok(None);
        }
        let at = self.pos();
        let w = word(&mut self.rest).unwrap_or_default();
        let pair = w
            .split_once("..")
            .and_then(|(l, u)| Some((Score::parse(l)?, Score::parse(u.strip_prefix('=').unwrap_or(u))?)));
        match pair {
            Some((l, u)) if l < u && !l.is_infinite() && !u.is_infinite() => {
                self.skip_trivia();
                Ok(Some((l, u)))
            }
            _ => {
                let span = if w.is_empty() { self.found_span() } else { at..at + w.len() };
                Err(self
                    .err(
                        span,
                        format!(
                            "'bounds' takes the least and greatest leaf value as L..U, L below U, \
                             found {}",
                            if w.is_empty() { self.found() } else { format!("'{w}'") }
                        ),
                        "expected L..U",
                    )
                    .help(format!("write e.g. {} 0..10 before the tree", &self.src[start..start + 6])))
            }
        }
    }

    /// An optional mover prefix `max:` / `min:` / `chance:`, taken only when a `(` or a name
    /// follows it (so `max:3` stays a leaf named max).
    fn mover(&mut self) -> Option<Mark> {
        let save = self.rest;
        let w = word(&mut self.rest).ok()?;
        let player = if w.eq_ignore_ascii_case("min") {
            Mark::Player(Player::Min)
        } else if w.eq_ignore_ascii_case("max") {
            Mark::Player(Player::Max)
        } else if w.eq_ignore_ascii_case("chance") {
            Mark::Chance
        } else {
            self.rest = save;
            return None;
        };
        self.skip_trivia();
        if self.peek() != Some(':') {
            self.rest = save;
            return None;
        }
        self.bump();
        self.skip_trivia();
        let after = self.rest;
        let follows = match self.peek() {
            Some('(') => true,
            Some(c) if c == '"' || c == '=' || is_word_char(c) => matches!(self.name(), Ok(Some(_))),
            _ => false,
        };
        self.rest = if follows { after } else { save };
        follows.then_some(player)
    }

    /// An optional label before a node's children or value, consuming the `:` and the spaces
    /// after it: `name:` (bare or quoted), `name=10:` (with an interior node's static value)
    /// or `=10:` (a static value, no name).
    fn name(&mut self) -> Result<Option<Label>, NotationError> {
        let start = self.pos();
        let name = match self.peek() {
            Some('"') => {
                let name = self.quoted()?;
                let span = start..self.pos();
                self.skip_trivia();
                if !matches!(self.peek(), Some(':' | '=')) {
                    return Err(self
                        .err(
                            self.found_span(),
                            format!(
                                "quoted name {} must be followed by ':' and a node, found {}",
                                quote(&name),
                                self.found()
                            ),
                            "expected ':'",
                        )
                        .help(format!("write {}:(…) or {}:3", &self.src[span.clone()], &self.src[span])));
                }
                Some((name, span))
            }
            Some(c) if is_word_char(c) => {
                let save = self.rest;
                let w = word(&mut self.rest).unwrap_or_default();
                if !is_identifier(w) {
                    self.rest = save;
                    return Ok(None);
                }
                self.skip_trivia();
                if !matches!(self.peek(), Some(':' | '=')) {
                    self.rest = save;
                    return Ok(None);
                }
                Some((w.to_string(), start..start + w.len()))
            }
            Some('=') => None,
            _ => return Ok(None),
        };
        let value = if self.peek() == Some('=') { Some(self.static_value()?) } else { None };
        // On a ':' now (checked above, or by `static_value`).
        self.bump();
        self.skip_trivia();
        Ok(Some(Label { name, value }))
    }

    /// An interior node's static value after `=`, up to the `:` that must follow it (the
    /// cursor is left on the `:`).
    fn static_value(&mut self) -> Result<(Score, Range<usize>), NotationError> {
        self.bump();
        self.skip_trivia();
        let at = self.pos();
        let w = word(&mut self.rest).unwrap_or_default();
        let span = at..at + w.len();
        let Some(v) = Score::parse(w) else {
            let message = number_out_of_range(w).unwrap_or_else(|| {
                format!(
                    "expected an interior node's static value after '=', found {}",
                    if w.is_empty() { self.found() } else { format!("'{w}'") }
                )
            });
            let span = if w.is_empty() { self.found_span() } else { span };
            return Err(self
                .err(span, message, "expected a number")
                .help("write the static value as a number: A=10:(…), or =-3.5:(…) without a name"));
        };
        self.skip_trivia();
        if self.peek() != Some(':') {
            return Err(self
                .err(
                    self.found_span(),
                    format!(
                        "the static value {w} must be followed by ':' and the node's children, found {}",
                        self.found()
                    ),
                    "expected ':'",
                )
                .help(format!(
                    "an interior node's static value is written A={w}:(…) (or ={w}:(…) without a \
                     name); a named leaf is written A:{w}"
                )));
        }
        Ok((v, span))
    }

    /// A quoted name; the cursor is on the opening `"`.
    fn quoted(&mut self) -> Result<String, NotationError> {
        let open = self.pos();
        self.bump();
        let mut out = String::new();
        loop {
            let chunk: winnow::Result<&str> = take_till(0.., ['"', '\\']).parse_next(&mut self.rest);
            out.push_str(chunk.unwrap_or_default());
            let at = self.pos();
            let next: winnow::Result<char> = any.parse_next(&mut self.rest);
            match next {
                Ok('"') => return Ok(out),
                Ok('\\') => match self.peek() {
                    Some(c @ ('"' | '\\' | 'n' | 't')) => {
                        out.push(match c {
                            'n' => '\n',
                            't' => '\t',
                            c => c,
                        });
                        self.bump();
                    }
                    Some(c) => {
                        return Err(self
                            .err(
                                at..at + 1 + c.len_utf8(),
                                format!(
                                    "unknown escape '\\{c}' in a quoted name: the escapes are \\\" \\\\ \\n \
                                     and \\t"
                                ),
                                "unknown escape",
                            )
                            .help("write \\\\ for a backslash"));
                    }
                    None => return Err(self.unterminated(open)),
                },
                _ => return Err(self.unterminated(open)),
            }
        }
    }

    fn unterminated(&self, open: usize) -> NotationError {
        let (l, c) = line_col(self.src, open);
        let line_end = self.src[open..].find('\n').map_or(self.src.len(), |i| open + i);
        self.err(
            open..line_end.max(open + 1),
            format!("unterminated quoted name: the '\"' opened at {l}:{c} is never closed"),
            "this quote is never closed",
        )
        .help("end the name with '\"'; inside a name write \\\" for a quote")
    }

    /// An optional probability before an outcome of a chance node: `1/6 *`, `0.25 ×`. Taken
    /// only when a `*` or `×` follows a number (or fraction); a bad one is an error.
    fn probability(&mut self) -> Result<Option<(Probability, Range<usize>)>, NotationError> {
        let save = self.rest;
        let start = self.pos();
        if word(&mut self.rest).is_err() {
            return Ok(None);
        }
        if self.rest.starts_with('/') {
            self.bump();
            let _ = word(&mut self.rest);
        }
        let end = self.pos();
        self.skip_trivia();
        if !matches!(self.peek(), Some('*' | '×')) {
            self.rest = save;
            return Ok(None);
        }
        let text = &self.src[start..end];
        let Some(p) = Probability::parse(text) else {
            return Err(self
                .err(
                    start..end,
                    format!(
                        "bad probability '{text}': a probability is a fraction such as 1/6 or a                          decimal such as 0.25, above 0 and at most 1"
                    ),
                    "bad probability",
                )
                .help("write each outcome of a chance node as p * node, e.g. chance:(1/2 * 3, 1/2 * 5)"));
        };
        self.bump();
        self.skip_trivia();
        Ok(Some((p, start..end)))
    }

    /// A node's beginning: an optional probability, mark and name, then `(` (opened, not
    /// finished) or a leaf value.
    fn node_start(&mut self, stack: &[Frame], keyword: Option<&str>) -> Result<Start, NotationError> {
        let p = self.probability()?;
        let mark_at = self.pos();
        let mark = self.mover();
        let (player, chance) = match mark {
            Some(Mark::Player(p)) => (Some(p), false),
            Some(Mark::Chance) => (None, true),
            None => (None, false),
        };
        let label = self.name()?;
        let (name, value) = match label {
            Some(Label { name, value }) => (name, value),
            None => (None, None),
        };
        let at = self.pos();
        match self.peek() {
            Some('(') => {
                self.bump();
                let value = value.map(|v| v.0);
                return Ok(Start::Open { name: name.map(|n| n.0), player, chance, p, value, at });
            }
            _ if value.is_some() => {
                let (v, span) = value.unwrap_or_else(|| unreachable!());
                return Err(self
                    .err(
                        span,
                        format!(
                            "a static value goes on an interior node, before its '(', found {} \
                             after it: a leaf's value is its static value",
                            self.found()
                        ),
                        "static value of a leaf",
                    )
                    .help(format!("write ={v}:(…) for an interior node, or just the value for a leaf")));
            }
            _ if chance => {
                return Err(self
                    .err(
                        mark_at..at.max(mark_at + 6),
                        "a chance node needs outcomes: 'chance:' goes before '(' (a leaf is a value)",
                        "chance node without outcomes",
                    )
                    .help("write chance:(3 12 8), or remove 'chance:'"));
            }
            Some(c) if is_word_char(c) => {
                let w = self.token_text();
                if let Some(v) = Score::parse(w) {
                    self.rest = &self.rest[w.len()..];
                    let mut after = self.rest;
                    let _ = trivia(&mut after);
                    if name.is_none() && after.starts_with(':') {
                        return Err(self
                            .err(
                                at..at + w.len(),
                                format!(
                                    "'{w}' cannot be a bare name: a bare name starts with a letter \
                                     or '_'"
                                ),
                                "not a name",
                            )
                            .help(format!("quote the name: \"{w}\":…")));
                    }
                    return Ok(Start::Leaf { name: name.map(|n| n.0), player, value: v, p, at });
                }
                if let Some((first, _)) = &name
                    && let Some(Label { name: Some((second, span)), .. }) = self.name()?
                {
                    return Err(self
                        .err(
                            span,
                            format!(
                                "the node named '{first}' cannot have a second name '{second}': \
                                 a node takes one name"
                            ),
                            "second name",
                        )
                        .help(format!("keep one name: {first}:… or {second}:…")));
                }
                return Err(self.word_error(w, at));
            }
            _ => {}
        }
        let span = self.found_span();
        if let Some((n, _)) = &name {
            return Err(self.err(
                span,
                format!(
                    "name '{n}' must be followed by a node after ':' (a number or '('), found {}",
                    self.found()
                ),
                "expected a number or '('",
            ));
        }
        match (self.peek(), stack.last()) {
            (None, Some(frame)) => {
                if let Some(suspect) = likely_unclosed(self.src) {
                    let (l, c) = line_col(self.src, suspect.open);
                    let (next, _) = line_col(self.src, suspect.next_line);
                    let end = suspect.line_end;
                    let last = self.src[..end].trim_end().chars().last().unwrap_or('(');
                    return Err(self
                        .err(
                            suspect.open..suspect.open + 1,
                            format!(
                                "unbalanced parenthesis: the '(' opened at {l}:{c} is not closed on its \
                                 line, and line {next}, indented like line {l}, reads as its sibling \
                                 (at the end of the input a ')' is missing)"
                            ),
                            "not closed on this line",
                        )
                        .help(format!(
                            "if line {next} is a sibling, close the group at the end of line {l}: add ')' after \
                             '{last}'"
                        )));
                }
                let (l, c) = line_col(self.src, frame.open);
                let more = match stack.len() {
                    1 => String::new(),
                    n => format!(" ({n} '(' are still open)"),
                };
                Err(self
                    .err(
                        span,
                        format!(
                            "unbalanced parenthesis: missing ')' at the end of the input to close \
                             the '(' opened at {l}:{c}{more}"
                        ),
                        "expected ')'",
                    )
                    .help(format!(
                        "add ')' where the group that opens at {l}:{c} ends (the end of the input is only \
                         right if nothing else is missing)"
                    )))
            }
            (None, None) => Err(self.err(
                span,
                format!(
                    "expected a number or '(' after '{}', found the end of the input",
                    keyword.unwrap_or("")
                ),
                "expected a number or '('",
            )),
            (Some(')'), None) => Err(self
                .err(span, "unbalanced parenthesis: extra ')' with no matching '('", "no matching '('")
                .help("remove this ')' or add the missing '(' before it")),
            (Some(':'), _) => Err(self.err(
                span,
                "unexpected ':': a ':' must follow a name, as in A:(1 2) or E:3",
                "unexpected ':'",
            )),
            (Some(','), None) => Err(self.err(
                span,
                "unexpected ',': expected a number or '(' (commas go only between children)",
                "unexpected ','",
            )),
            (Some(c), _) => {
                let list = if stack.is_empty() { "" } else { ", ')'" };
                Err(self.err(
                    span,
                    format!(
                        "unexpected character '{}': expected a number, a name{list} or '('",
                        c.escape_debug()
                    ),
                    "unexpected character",
                ))
            }
        }
    }

    /// The error for a word that is not a value where a node was expected.
    fn word_error(&self, w: &str, at: usize) -> NotationError {
        let span = at..at + w.len();
        if is_identifier(w) {
            return self
                .err(
                    span,
                    format!(
                        "'{w}' is neither a number nor a named node: a name must be followed by \
                         ':' and a node"
                    ),
                    "expected ':' after the name",
                )
                .help(format!("write {w}:3 for a named leaf or {w}:(1 2) for a named interior node"));
        }
        if let Some(message) = number_out_of_range(w) {
            return self.err(span, message, "out of range");
        }
        self.err(
            span,
            format!("bad number '{w}': values are whole numbers, decimals like 4.99, or inf/-inf"),
            "bad number",
        )
    }
}

/// Why `w`, shaped like a number (`123`, `-4.5`), is not a value: it has too many decimals or
/// is too large for them; `None` when `w` is not shaped like a number.
fn number_out_of_range(w: &str) -> Option<String> {
    let digits = w.strip_prefix(['+', '-', '−']).unwrap_or(w);
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || (digits.contains('.') && !all_digits(frac)) {
        return None;
    }
    Some(if frac.len() > usize::from(Score::MAX_DECIMALS) {
        format!("number '{w}' has {} decimals: values have at most {}", frac.len(), Score::MAX_DECIMALS)
    } else if frac.is_empty() {
        format!(
            "number '{w}' is out of range: values lie between -{m} and {m}, or are inf/-inf",
            m = Score::MAX_FINITE
        )
    } else {
        // A value with k decimals is held as a whole number of 10^-k units.
        let units = format!("{}", Score::MAX_FINITE);
        let (int, dec) = units.split_at(units.len() - frac.len());
        format!(
            "number '{w}' is out of range: with {} decimals values lie between -{int}.{dec} and {int}.{dec}",
            frac.len()
        )
    })
}

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------

/// Parses a JSON tree: nested arrays (`[[3,12,8],[2,4,6]]`), node objects
/// (`{"name":"A","children":[…]}`, `{"name":"E","value":3}`), or a mix. Leaves are integers or the
/// strings `"inf"`, `"-inf"`, `"+inf"`, `"∞"`, `"-∞"`. A top-level object may carry
/// `"root": "min"|"max"` (or `"player"`). Leading `#` comment lines are allowed.
pub fn parse_json_tree(src: &str) -> Result<TreeSpec, NotationError> {
    let text = blank_leading_trivia(src);
    let (depth, too_deep) = json_nesting(&text, MAX_JSON_NESTING);
    if let Some(at) = too_deep {
        return Err(too_deep_json(src, at));
    }
    if depth <= SHALLOW_JSON {
        return parse_json_text(src, &text);
    }
    // Reading recurses once per bracket: a deep tree is read on a thread whose stack fits it
    // (memory is only used as deep as it goes), whatever stack the caller has.
    let stack = (depth + 1) * STACK_PER_JSON_LEVEL + (1 << 20);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(stack)
            .spawn_scoped(scope, || parse_json_text(src, &text))
            .map_err(|_| {
                NotationError::new(src, 0..0, "could not start a thread to read this deep tree", "here")
            })?
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// The error of a JSON tree nested past [`MAX_JSON_NESTING`], at byte `at`.
fn too_deep_json(src: &str, at: usize) -> NotationError {
    NotationError::new(
        src,
        at..at + 1,
        format!(
            "JSON tree is nested too deeply: JSON trees nest {MAX_JSON_NESTING} levels of arrays, about {} of node objects",
            MAX_JSON_NESTING / 3
        ),
        "nested too deeply",
    )
    .help(format!("write deeper trees in the text notation, which nests {MAX_DEPTH} levels"))
}

/// Brackets a JSON tree may nest: jsonc-parser's own limit (it gives the spans), so 512 levels
/// of arrays or about 170 of node objects (it counts an object, its "children" property and
/// the property's array); deeper trees
/// are written in the text notation, which takes [`MAX_DEPTH`].
pub const MAX_JSON_NESTING: usize = 512;

/// Nesting read on the caller's stack.
const SHALLOW_JSON: usize = 64;

/// Stack a level of nesting takes while it is read (checked by serde_json, then read by jsonc-parser and
/// converted, in an unoptimised build, with room to spare).
const STACK_PER_JSON_LEVEL: usize = 16 << 10;

/// The deepest bracket nesting of `text` (outside strings), and where it first passes `max`.
fn json_nesting(text: &str, max: usize) -> (usize, Option<usize>) {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for (i, b) in text.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    return (depth, Some(i));
                }
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    (deepest, None)
}

/// [`parse_json_tree`] on `text` (`src` with its leading comments blanked), with room on the
/// stack for its nesting.
fn parse_json_text(src: &str, text: &str) -> Result<TreeSpec, NotationError> {
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let checked = <serde_json::Value as serde::Deserialize>::deserialize(&mut de).and_then(|_| de.end());
    if let Err(e) = checked {
        return Err(json_syntax_error(src, &e));
    }
    // serde_json has accepted the text, so jsonc-parser (strict) reads it too; it keeps the spans.
    let parsed = jsonc_parser::parse_to_ast(text, &Default::default(), &strict_json());
    let Some(value) = parsed.ok().and_then(|p| p.value) else {
        // serde_json accepted the text: what jsonc-parser refuses is its nesting (it counts an
        // object's property as a level too).
        return Err(too_deep_json(src, 0));
    };
    let value = JVal::of(&value);
    let walker = JsonWalker { src };
    let mut top = TopKeys::default();
    let root = walker.node(&value, Some(&mut top))?;
    Ok(TreeSpec { root_player: top.player, bounds: top.bounds, root })
}

/// A JSON tree in its compact form. The JSON is read whole first (its nesting is at most
/// [`MAX_DEPTH`] levels), so the limit is checked once the nodes are read.
fn parse_json_compact(src: &str, max_nodes: u64) -> Result<CompactTree, NotationError> {
    let spec = parse_json_tree(src)?;
    let mut count = 0u64;
    let mut stack = vec![&spec.root];
    while let Some(n) = stack.pop() {
        count += 1;
        if count > max_nodes {
            let mut rest = src;
            let _ = trivia(&mut rest);
            return Err(too_many_nodes(src, src.len() - rest.len(), max_nodes));
        }
        if let TreeSpecKind::Interior(children) = &n.kind {
            stack.extend(children);
        }
    }
    Ok(CompactTree::from_spec(&spec))
}

/// Replaces a leading byte-order mark and leading `#` comments by spaces (byte for byte, so
/// offsets stay valid) for serde_json's sake.
fn blank_leading_trivia(src: &str) -> Cow<'_, str> {
    let mut rest = src;
    let _ = trivia(&mut rest);
    let head = &src[..src.len() - rest.len()];
    if head.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r')) {
        return Cow::Borrowed(src);
    }
    let mut s = String::with_capacity(src.len());
    for c in head.chars() {
        if matches!(c, '\n' | '\r' | '\t') {
            s.push(c);
        } else {
            s.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    }
    s.push_str(rest);
    Cow::Owned(s)
}

fn json_syntax_error(src: &str, e: &serde_json::Error) -> NotationError {
    let text = e.to_string();
    let msg = match text.rfind(" at line ") {
        Some(i) => &text[..i],
        None => &text,
    };
    let offset = if msg.starts_with("EOF") {
        src.trim_end_matches(is_space).len()
    } else {
        let line_start = src.match_indices('\n').nth(e.line().saturating_sub(2)).map_or(0, |(i, _)| i + 1);
        let line_start = if e.line() <= 1 { 0 } else { line_start };
        let line_end = src[line_start..].find('\n').map_or(src.len(), |i| line_start + i);
        (line_start + e.column().saturating_sub(1)).min(line_end)
    };
    let mut offset = floor_boundary(src, offset);
    let mut len = src[offset..].chars().next().map_or(0, char::len_utf8);
    if msg == "number out of range" {
        // serde_json points at the number's last digit: underline the whole number instead.
        let is_num = |b: u8| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E');
        let end = offset + len;
        while offset > 0 && is_num(src.as_bytes()[offset - 1]) {
            offset -= 1;
        }
        len = end - offset;
    }
    NotationError::new(src, offset..offset + len, format!("invalid JSON: {msg}"), msg)
}

/// A JSON value with its byte span, so that structural errors can point at it.
struct JVal {
    start: usize,
    end: usize,
    kind: JKind,
}

enum JKind {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<JVal>),
    Obj(Vec<(String, Range<usize>, JVal)>),
}

impl JVal {
    /// The span to underline: a scalar whole, a container by its opening bracket.
    fn head(&self) -> Range<usize> {
        match self.kind {
            JKind::Arr(_) | JKind::Obj(_) => self.start..self.start + 1,
            _ => self.start..self.end,
        }
    }

    fn describe(&self) -> String {
        match &self.kind {
            JKind::Null => "null".into(),
            JKind::Bool(b) => b.to_string(),
            JKind::Num(n) => format!("the number {n}"),
            JKind::Str(s) => format!("the string {}", quote(s)),
            JKind::Arr(_) => "an array".into(),
            JKind::Obj(_) => "an object".into(),
        }
    }

    /// Converts jsonc-parser's spanned syntax tree (of text serde_json has already accepted; its
    /// nesting is bounded by [`MAX_JSON_NESTING`], and [`parse_json_tree`] gives it the stack).
    fn of(v: &jsonc_parser::ast::Value<'_>) -> JVal {
        use jsonc_parser::ast::{ObjectPropName, Value};
        let (range, kind) = match v {
            Value::NullKeyword(n) => (n.range, JKind::Null),
            Value::BooleanLit(b) => (b.range, JKind::Bool(b.value)),
            Value::NumberLit(n) => (n.range, JKind::Num(n.value.to_string())),
            Value::StringLit(s) => (s.range, JKind::Str(s.value.to_string())),
            Value::Array(a) => (a.range, JKind::Arr(a.elements.iter().map(JVal::of).collect())),
            Value::Object(o) => {
                let entries = o
                    .properties
                    .iter()
                    .map(|p| {
                        let (key, range) = match &p.name {
                            ObjectPropName::String(s) => (s.value.to_string(), s.range),
                            ObjectPropName::Word(w) => (w.value.to_string(), w.range),
                        };
                        (key, range.start..range.end, JVal::of(&p.value))
                    })
                    .collect();
                (o.range, JKind::Obj(entries))
            }
        };
        JVal { start: range.start, end: range.end, kind }
    }
}

/// What only the top-level object of a JSON tree may say.
#[derive(Default)]
struct TopKeys {
    /// `"root"` (or `"player"`): who moves at the root.
    player: Option<Player>,
    /// `"bounds"`: the bounds on the leaf values.
    bounds: Option<(Score, Score)>,
}

/// Strict JSON, as serde_json reads it: jsonc-parser's JSON5 and JSONC extensions all off.
fn strict_json() -> jsonc_parser::ParseOptions {
    jsonc_parser::ParseOptions {
        allow_comments: false,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

/// Turns the JSON values into tree nodes, pointing at the value at fault when one is not a node.
struct JsonWalker<'s> {
    src: &'s str,
}

impl JsonWalker<'_> {
    fn err(&self, span: Range<usize>, message: impl Into<String>, label: &str) -> NotationError {
        NotationError::new(self.src, span, message, label)
    }

    /// Converts a JSON value into a node; `root_player` is `Some` only for the top-level value.
    fn node(&self, v: &JVal, root_player: Option<&mut TopKeys>) -> Result<TreeSpecNode, NotationError> {
        match &v.kind {
            JKind::Num(_) | JKind::Str(_) => Ok(TreeSpecNode {
                name: None,
                player: None,
                chance: false,
                p: None,
                static_value: None,
                kind: TreeSpecKind::Leaf(self.leaf(v)?),
            }),
            JKind::Arr(items) => Ok(TreeSpecNode {
                name: None,
                player: None,
                chance: false,
                p: None,
                static_value: None,
                kind: TreeSpecKind::Interior(self.children(v, items)?),
            }),
            JKind::Obj(entries) => self.object(v, entries, root_player),
            JKind::Null | JKind::Bool(_) => Err(self.err(
                v.head(),
                format!(
                    "expected a tree node (a number, \"inf\"/\"-inf\", an array or an object), \
                     found {}",
                    v.describe()
                ),
                "not a tree node",
            )),
        }
    }

    fn children(&self, v: &JVal, items: &[JVal]) -> Result<Vec<TreeSpecNode>, NotationError> {
        if items.is_empty() {
            return Err(self
                .err(v.start..v.end, "empty array: an interior node needs at least one child", "empty node")
                .help("put children in the array, or write a leaf value instead"));
        }
        items.iter().map(|c| self.node(c, None)).collect()
    }

    fn leaf(&self, v: &JVal) -> Result<Score, NotationError> {
        match &v.kind {
            JKind::Num(n) => {
                let out_of_range = || {
                    self.err(
                        v.head(),
                        format!(
                            "number {n} is out of range: values lie between -{m} and {m}, \
                             or are \"inf\"/\"-inf\"",
                            m = Score::MAX_FINITE
                        ),
                        "out of range",
                    )
                };
                if n.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
                    return n.parse::<i64>().ok().and_then(Score::finite).ok_or_else(out_of_range);
                }
                // A decimal (`4.99`): read from its text, exactly, with the decimals written.
                if n.bytes().all(|b| b.is_ascii_digit() || b == b'-' || b == b'.') {
                    return Score::parse(n).ok_or_else(|| {
                        let message = number_out_of_range(n).unwrap_or_else(|| format!("bad number '{n}'"));
                        self.err(v.head(), message, "out of range")
                    });
                }
                let f: f64 = n.parse().unwrap_or(f64::NAN);
                if f.is_nan() || (f.is_finite() && f.fract() != 0.0) {
                    return Err(self.err(
                        v.head(),
                        format!(
                            "bad number '{n}': values are whole numbers, decimals like 4.99, or inf/-inf"
                        ),
                        "bad number",
                    ));
                }
                if !f.is_finite() || f.abs() > Score::MAX_FINITE as f64 {
                    return Err(out_of_range());
                }
                Ok(Score::from(f as i32))
            }
            JKind::Str(s) => Score::parse(s).ok_or_else(|| {
                self.err(
                    v.head(),
                    format!(
                        "bad leaf value {}: a leaf is a whole number or one of the strings \
                         \"inf\", \"-inf\", \"∞\", \"-∞\"",
                        quote(s)
                    ),
                    "bad value",
                )
            }),
            _ => Err(self.err(
                v.head(),
                format!("expected a leaf value (a number or \"inf\"/\"-inf\"), found {}", v.describe()),
                "expected a number",
            )),
        }
    }

    /// A child's `"p"`: a number (`0.25`) or a string (`"1/6"`, `"0.25"`), with its span.
    fn probability(&self, val: &JVal) -> Result<(Probability, Range<usize>), NotationError> {
        let text = match &val.kind {
            JKind::Num(n) => Some(n.as_str()),
            JKind::Str(s) => Some(s.as_str()),
            _ => None,
        };
        text.and_then(Probability::parse).map(|p| (p, val.head())).ok_or_else(|| {
            self.err(
                val.head(),
                format!(
                    "bad probability {}: \"p\" is a fraction such as \"1/6\" or a decimal such as \
                     0.25, above 0 and at most 1",
                    val.describe()
                ),
                "bad probability",
            )
        })
    }

    /// The outcomes of an interior node: a chance node's probabilities all given and summing
    /// to exactly 1, or none given; no `"p"` below any other node.
    fn check_outcomes(
        &self,
        v: &JVal,
        entries: &[(String, Range<usize>, JVal)],
        chance: bool,
        children: &[TreeSpecNode],
    ) -> Result<(), NotationError> {
        let items = entries.iter().find_map(|(k, _, val)| match (&**k, &val.kind) {
            ("children", JKind::Arr(items)) => Some(items.as_slice()),
            _ => None,
        });
        let p_span = |i: usize| -> Range<usize> {
            let Some(JKind::Obj(e)) = items.and_then(|it| it.get(i)).map(|x| &x.kind) else {
                return v.head();
            };
            e.iter().find(|(k, _, _)| k == "p").map_or(v.head(), |(_, _, val)| val.head())
        };
        let given: Vec<usize> = (0..children.len()).filter(|&i| children[i].p.is_some()).collect();
        let Some(&first) = given.first() else { return Ok(()) };
        if !chance {
            return Err(self
                .err(
                    p_span(first),
                    "\"p\" goes only on an outcome of a chance node, and this node's parent is no \
                     chance node",
                    "not an outcome of chance",
                )
                .help("give the parent \"player\": \"chance\", or remove \"p\""));
        }
        if given.len() < children.len() {
            return Err(self.err(
                p_span(first),
                format!(
                    "only {} of this chance node's {} outcomes have a \"p\": give every outcome one, \
                     or none (then they are equally likely)",
                    given.len(),
                    children.len()
                ),
                "probabilities for some outcomes only",
            ));
        }
        let probs = children.iter().filter_map(|c| c.p);
        if !Probability::sum_to_one(probs.clone()) {
            return Err(self
                .err(
                    v.head(),
                    format!(
                        "the probabilities of this chance node's outcomes sum to {}, not 1",
                        Probability::sum_text(probs)
                    ),
                    "probabilities do not sum to 1",
                )
                .help("probabilities are exact: write thirds as \"1/3\", not 0.33"));
        }
        Ok(())
    }

    fn object(
        &self,
        v: &JVal,
        entries: &[(String, Range<usize>, JVal)],
        mut root_player: Option<&mut TopKeys>,
    ) -> Result<TreeSpecNode, NotationError> {
        let top = root_player.is_some();
        let mut name = None;
        let mut mover = None;
        let mut chance = false;
        let mut p = None;
        let mut value: Option<(Score, Range<usize>)> = None;
        let mut children: Option<Vec<TreeSpecNode>> = None;
        let mut seen: Vec<&str> = Vec::new();
        for (key, key_span, val) in entries {
            if seen.contains(&key.as_str()) {
                return Err(self.err(
                    key_span.clone(),
                    format!("duplicate key {}: each key may appear once in a node", quote(key)),
                    "duplicate key",
                ));
            }
            seen.push(key);
            match key.as_str() {
                "name" => match &val.kind {
                    JKind::Str(s) => name = Some(s.clone()),
                    JKind::Null => {}
                    _ => {
                        return Err(self.err(
                            val.head(),
                            format!("\"name\" must be a string, found {}", val.describe()),
                            "expected a string",
                        ));
                    }
                },
                // Both: an interior node with its static value (`"value"` beside `"children"`).
                "value" => value = Some((self.leaf(val)?, val.head())),
                "children" => {
                    let JKind::Arr(items) = &val.kind else {
                        return Err(self.err(
                            val.head(),
                            format!("\"children\" must be an array of nodes, found {}", val.describe()),
                            "expected an array",
                        ));
                    };
                    if items.is_empty() {
                        return Err(self
                            .err(
                                val.start..val.end,
                                "empty \"children\": an interior node needs at least one child",
                                "empty node",
                            )
                            .help("give the node children, or make it a leaf with \"value\""));
                    }
                    children = Some(self.children(val, items)?);
                }
                "bounds" if top => {
                    let slot = root_player.as_deref_mut().unwrap_or_else(|| unreachable!());
                    slot.bounds = Some(self.bounds(val)?);
                }
                "player" if matches!(&val.kind, JKind::Str(s) if s.eq_ignore_ascii_case("chance")) => {
                    chance = true;
                }
                "p" => p = Some(self.probability(val)?),
                "root" | "player" if top => {
                    let slot = &mut root_player.as_deref_mut().unwrap_or_else(|| unreachable!()).player;
                    if slot.is_some() {
                        return Err(self.err(
                            key_span.clone(),
                            "give the root player once: use either \"root\" or \"player\"",
                            "duplicate key",
                        ));
                    }
                    let player = match &val.kind {
                        JKind::Str(s) if s.eq_ignore_ascii_case("min") => Player::Min,
                        JKind::Str(s) if s.eq_ignore_ascii_case("max") => Player::Max,
                        _ => {
                            return Err(self.err(
                                val.head(),
                                format!(
                                    "{} must be \"min\" or \"max\", found {}",
                                    quote(key),
                                    val.describe()
                                ),
                                "expected \"min\" or \"max\"",
                            ));
                        }
                    };
                    *slot = Some(player);
                }
                "player" => {
                    mover = Some(match &val.kind {
                        JKind::Str(s) if s.eq_ignore_ascii_case("min") => Player::Min,
                        JKind::Str(s) if s.eq_ignore_ascii_case("max") => Player::Max,
                        _ => {
                            return Err(self.err(
                                val.head(),
                                format!(
                                    "\"player\" must be \"min\", \"max\" or \"chance\", found {}",
                                    val.describe()
                                ),
                                "expected \"min\", \"max\" or \"chance\"",
                            ));
                        }
                    });
                }
                "root" | "bounds" => {
                    return Err(self.err(
                        key_span.clone(),
                        format!("key {} is only allowed on the top-level object", quote(key)),
                        "not at the top level",
                    ));
                }
                _ => {
                    let allowed = if top {
                        "\"name\", \"value\", \"children\", \"root\", \"player\" or \"bounds\""
                    } else {
                        "\"name\", \"value\", \"children\", \"player\" or \"p\""
                    };
                    return Err(self.err(
                        key_span.clone(),
                        format!("unknown key {} in a tree node: expected {allowed}", quote(key)),
                        "unknown key",
                    ));
                }
            }
        }
        if top && let Some((_, span)) = &p {
            return Err(self.err(
                span.clone(),
                "the root has no probability: \"p\" goes on the outcomes of a chance node",
                "probability of the root",
            ));
        }
        if let Some(children) = &children {
            self.check_outcomes(v, entries, chance, children)?;
        } else if chance {
            return Err(self
                .err(
                    v.head(),
                    "a chance node needs outcomes: give it \"children\", not a \"value\"",
                    "chance node without outcomes",
                )
                .help("write {\"player\": \"chance\", \"children\": [3, 12, 8]}"));
        }
        if children.is_none() && value.is_none() {
            return Err(self
                .err(
                    v.head(),
                    "this node object has neither \"value\" nor \"children\": a leaf needs \"value\", \
                     an interior node needs \"children\"",
                    "neither \"value\" nor \"children\"",
                )
                .help("add \"value\": 3 for a leaf or \"children\": [ … ] for an interior node"));
        }
        let value = value.map(|(v, _)| v);
        let (static_value, kind) = match children {
            Some(children) => (value, TreeSpecKind::Interior(children)),
            None => (None, TreeSpecKind::Leaf(value.unwrap_or_default())),
        };
        Ok(TreeSpecNode { name, player: mover, chance, p: p.map(|(p, _)| p), static_value, kind })
    }

    /// The top-level `"bounds"`: `[L, U]` or `"L..U"`, L below U, both finite.
    fn bounds(&self, val: &JVal) -> Result<(Score, Score), NotationError> {
        let pair = match &val.kind {
            JKind::Arr(items) if items.len() == 2 => Some((self.leaf(&items[0])?, self.leaf(&items[1])?)),
            JKind::Str(s) => {
                s.split_once("..").and_then(|(l, u)| Some((Score::parse(l.trim())?, Score::parse(u.trim())?)))
            }
            _ => None,
        };
        match pair {
            Some((l, u)) if l < u && !l.is_infinite() && !u.is_infinite() => Ok((l, u)),
            _ => Err(self
                .err(
                    val.head(),
                    format!(
                        "bad \"bounds\" {}: the bounds on the leaf values are two finite values, the \
                         lower first, as [0, 10] or \"0..10\"",
                        val.describe()
                    ),
                    "bad bounds",
                )
                .help("write \"bounds\": [0, 10]")),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// A string in double quotes with `"` and `\` escaped, for messages.
fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if abviz_core::safe_text::is_unsafe(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The largest char boundary at or before `i` (clamped to the text).
fn floor_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// 1-based line and character column of byte offset `offset`.
/// A '(' that indentation says should have closed on its own line.
#[derive(Debug, PartialEq, Eq)]
struct Unclosed {
    /// The byte offset of the '('.
    open: usize,
    /// Where its line ends.
    line_end: usize,
    /// The start of the next line that holds a node, indented no deeper than the '('s line.
    next_line: usize,
}

/// For a tree missing a ')': the last '(' that has more of the tree after it on its own line,
/// is still open at the end of that line, and is followed by a line indented no deeper than
/// its own — `C:(2 4 6` above `D:(14 5 2)` — the group the writer most likely forgot to close.
/// A '(' that ends its line (a group written over several lines) is never a suspect.
fn likely_unclosed(src: &str) -> Option<Unclosed> {
    let mut stack: Vec<usize> = Vec::new();
    // Per open '(' (by stack depth): its line's indent and end, when it had content after it.
    let mut open_lines: Vec<Option<(usize, usize)>> = Vec::new();
    let mut suspect = None;
    let mut offset = 0;
    for line in src.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let indent = body.chars().take_while(|c| c.is_whitespace()).count();
        let first = body.trim_start().chars().next();
        let line_end = offset + body.len();
        if first.is_some_and(|c| c != ')' && c != '#') {
            for (k, open) in open_lines.iter().enumerate() {
                if let Some((open_indent, end)) = *open
                    && end < offset
                    && indent <= open_indent
                    && suspect.as_ref().is_none_or(|u: &Unclosed| stack[k] > u.open)
                {
                    suspect = Some(Unclosed { open: stack[k], line_end: end, next_line: offset + indent });
                }
            }
        }
        let mut in_quote = false;
        let mut escaped = false;
        let mut opened_here: Vec<usize> = Vec::new();
        for (i, c) in body.char_indices() {
            if in_quote {
                match (escaped, c) {
                    (false, '\\') => escaped = true,
                    (false, '"') => in_quote = false,
                    _ => escaped = false,
                }
                continue;
            }
            match c {
                '#' => break,
                '"' => in_quote = true,
                '(' => {
                    stack.push(offset + i);
                    open_lines.push(None);
                    opened_here.push(stack.len() - 1);
                }
                ')' => {
                    stack.pop();
                    open_lines.pop();
                    opened_here.retain(|&k| k < stack.len());
                }
                _ => {}
            }
        }
        // A '(' still open at the end of its line, with more of the tree after it there.
        for k in opened_here {
            let after = &body[stack[k] - offset + 1..];
            let after = after.split('#').next().unwrap_or("");
            if !after.trim().is_empty() {
                open_lines[k] = Some((indent, line_end));
            }
        }
        offset += line.len();
    }
    if stack.is_empty() { None } else { suspect }
}

fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let before = &src[..floor_boundary(src, offset)];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    (line, before[line_start..].chars().count() + 1)
}

/// Whether a character takes two columns in a terminal (East Asian wide and fullwidth forms).
fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x3FFFD)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unclosed_group_is_found_by_its_indentation() {
        let src = "A:(\n  B:(3 12 8)\n  C:(2 4 6\n  D:(14 5 2)\n)\n";
        let e = parse_tree(src).unwrap_err();
        assert_eq!((e.line, e.column), (3, 5), "{}", e.message);
        assert!(e.message.contains("line 4, indented like line 3"), "{}", e.message);
        assert!(e.help.as_deref().unwrap().contains("add ')' after '6'"));
        // The suggested fix builds the tree the indentation shows.
        let fixed = src.replace("C:(2 4 6\n", "C:(2 4 6)\n");
        assert_eq!(parse_tree(&fixed).unwrap().root.to_notation(), "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))");
        // Flat style, CRLF line ends, a quoted '(' and a comment do not confuse it.
        let e = parse_tree("(\r\n(3 12 8)\r\n(2 \"a(\":4 6 # (\r\n(14 5 2)\r\n)").unwrap_err();
        assert_eq!((e.line, e.column), (3, 1), "{}", e.message);
    }

    #[test]
    fn groups_written_over_several_lines_are_not_suspects() {
        // The root's '(' ends its line; a group continued on a deeper line is fine.
        assert_eq!(likely_unclosed("(\n(3 12 8)\n(2 4 6)\n"), None);
        assert_eq!(likely_unclosed("((3 12\n     8) (2 4 6)\n"), None);
        // One line: nothing to go by.
        assert_eq!(likely_unclosed("((3 12 8 (2 4 6))"), None);
        let e = parse_tree("((3 12 8 (2 4 6))").unwrap_err();
        assert!(e.help.as_deref().unwrap().contains("only right if nothing else is missing"));
    }

    fn leaf(v: i32) -> TreeSpecNode {
        TreeSpecNode::leaf(v)
    }

    fn node(children: Vec<TreeSpecNode>) -> TreeSpecNode {
        TreeSpecNode::interior(children)
    }

    fn named(name: &str, mut n: TreeSpecNode) -> TreeSpecNode {
        n.name = Some(name.to_string());
        n
    }

    fn score_leaf(v: Score) -> TreeSpecNode {
        TreeSpecNode::leaf_of(v)
    }

    fn ok(src: &str) -> TreeSpec {
        parse_tree(src).unwrap_or_else(|e| panic!("{src:?} failed:\n{}", e.caret()))
    }

    fn root(src: &str) -> TreeSpecNode {
        ok(src).root
    }

    fn err(src: &str) -> NotationError {
        match parse_tree(src) {
            Ok(t) => panic!("{src:?} parsed as {t:?}"),
            Err(e) => e,
        }
    }

    /// Checks position and that the message contains `needle`.
    fn err_at(src: &str, line: usize, column: usize, needle: &str) -> NotationError {
        let e = err(src);
        assert_eq!((e.line, e.column), (line, column), "{src:?}: {}", e.caret());
        assert!(e.message.contains(needle), "{src:?}: message {:?} lacks {needle:?}", e.message);
        assert!(e.to_string().starts_with(&format!("{line}:{column}: ")));
        e
    }

    fn aima() -> TreeSpecNode {
        node(vec![
            node(vec![leaf(3), leaf(12), leaf(8)]),
            node(vec![leaf(2), leaf(4), leaf(6)]),
            node(vec![leaf(14), leaf(5), leaf(2)]),
        ])
    }

    // ----- text notation: valid trees -----

    #[test]
    fn aima_tree() {
        let t = ok("((3 12 8) (2 4 6) (14 5 2))");
        assert_eq!(t, TreeSpec { root_player: None, bounds: None, root: aima() });
        assert_eq!(parse_notation("((3 12 8) (2 4 6) (14 5 2))").unwrap().root, aima());
    }

    #[test]
    fn leaves_at_mixed_depth_and_single_leaf() {
        assert_eq!(root("(3 (4 5) 6)"), node(vec![leaf(3), node(vec![leaf(4), leaf(5)]), leaf(6)]));
        assert_eq!(root("7"), leaf(7));
        assert_eq!(root("  \n 7 \n"), leaf(7));
        assert_eq!(root("((((1))))"), node(vec![node(vec![node(vec![node(vec![leaf(1)])])])]));
        assert_eq!(
            root("(((5 6) (7 4 5)) ((3)))"),
            node(vec![
                node(vec![node(vec![leaf(5), leaf(6)]), node(vec![leaf(7), leaf(4), leaf(5)])]),
                node(vec![node(vec![leaf(3)])]),
            ])
        );
    }

    #[test]
    fn negative_and_signed_numbers() {
        assert_eq!(
            root("(-3 +4 −5 0 -0 007)"),
            node(vec![leaf(-3), leaf(4), leaf(-5), leaf(0), leaf(0), leaf(7)])
        );
        assert_eq!(root("(2147483646 -2147483646)"), node(vec![leaf(2147483646), leaf(-2147483646)]));
    }

    #[test]
    fn infinities_in_every_spelling() {
        let t = root("(inf +inf ∞ +∞ Infinity -inf -∞ −∞)");
        let TreeSpecKind::Interior(c) = t.kind else { panic!() };
        let values: Vec<_> = c.iter().map(|n| n.kind.clone()).collect();
        let mut want = vec![TreeSpecKind::Leaf(Score::INF); 5];
        want.extend(vec![TreeSpecKind::Leaf(Score::NEG_INF); 3]);
        assert_eq!(values, want);
        assert_eq!(root("-inf"), score_leaf(Score::NEG_INF));
        assert_eq!(root("X:∞"), named("X", score_leaf(Score::INF)));
    }

    #[test]
    fn names() {
        let t = root("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))");
        let want = named(
            "A",
            node(vec![
                named("B", node(vec![leaf(3), leaf(12), leaf(8)])),
                named("C", node(vec![leaf(2), leaf(4), leaf(6)])),
                named("D", node(vec![leaf(14), leaf(5), leaf(2)])),
            ]),
        );
        assert_eq!(t, want);
        assert_eq!(root("E:3"), named("E", leaf(3)));
        assert_eq!(root("E : -3"), named("E", leaf(-3)));
        assert_eq!(
            root("(x':1 a-b:2 _c:3 Ünïcode:4 左:5 B2:6 inf:inf)"),
            node(vec![
                named("x'", leaf(1)),
                named("a-b", leaf(2)),
                named("_c", leaf(3)),
                named("Ünïcode", leaf(4)),
                named("左", leaf(5)),
                named("B2", leaf(6)),
                named("inf", score_leaf(Score::INF)),
            ])
        );
        assert_eq!(root("A:\n  # the root\n  (1 2)"), named("A", node(vec![leaf(1), leaf(2)])));
    }

    #[test]
    fn quoted_names() {
        assert_eq!(root(r#""left branch":(1 2)"#), named("left branch", node(vec![leaf(1), leaf(2)])));
        assert_eq!(root(r#""左 分支":(1 2)"#), named("左 分支", node(vec![leaf(1), leaf(2)])));
        assert_eq!(
            root(r#"("say \"hi\"":1 "back\\slash":2 "nl\nand\ttab":3 "":4 "a:b (c)":5)"#),
            node(vec![
                named("say \"hi\"", leaf(1)),
                named("back\\slash", leaf(2)),
                named("nl\nand\ttab", leaf(3)),
                named("", leaf(4)),
                named("a:b (c)", leaf(5)),
            ])
        );
        assert_eq!(root("\"two\nlines\" : 1"), named("two\nlines", leaf(1)));
    }

    #[test]
    fn comments_and_whitespace() {
        let src = "# AIMA Fig. 5.2\n((3 12 8) # B\n (2 4 6)\t# C\n (14 5 2)) # D\n# end";
        assert_eq!(root(src), aima());
        assert_eq!(root("(3#c\n4)"), node(vec![leaf(3), leaf(4)]));
        assert_eq!(root("(3\r\n4)\r\n"), node(vec![leaf(3), leaf(4)]));
        assert_eq!(root("(3\u{3000}4)"), node(vec![leaf(3), leaf(4)]));
        assert_eq!(root("\u{feff}(3 4)"), node(vec![leaf(3), leaf(4)]));
        assert_eq!(root("# lone \r in a comment\n5"), leaf(5));
    }

    #[test]
    fn commas() {
        assert_eq!(root("(3, 12, 8)"), node(vec![leaf(3), leaf(12), leaf(8)]));
        assert_eq!(root("(3,12,8,)"), node(vec![leaf(3), leaf(12), leaf(8)]));
        assert_eq!(root("((3,12,8),(2,4,6),(14,5,2),)"), aima());
        assert_eq!(root("(1 ,2 , 3 # c\n , )"), node(vec![leaf(1), leaf(2), leaf(3)]));
    }

    #[test]
    fn root_player_keyword() {
        assert_eq!(ok("min (1 2)").root_player, Some(Player::Min));
        assert_eq!(ok("MAX(1 2)").root_player, Some(Player::Max));
        assert_eq!(ok("Min 7").root_player, Some(Player::Min));
        assert_eq!(ok("# c\nmax # c\n ((3 12 8) (2 4 6) (14 5 2))").root, aima());
        assert_eq!(ok("(1 2)").root_player, None);
        // `max:` before '(' marks who moves at that node (here the root); quoted, it is a name.
        let t = ok("max:(1 2)");
        let mut marked = node(vec![leaf(1), leaf(2)]);
        marked.player = Some(Player::Max);
        assert_eq!((t.root_player, t.root), (Some(Player::Max), marked));
        let t = ok("\"max\":(1 2)");
        assert_eq!((t.root_player, t.root), (None, named("max", node(vec![leaf(1), leaf(2)]))));
        let t = ok("min min:3");
        assert_eq!((t.root_player, t.root), (Some(Player::Min), named("min", leaf(3))));
        assert_eq!(ok("min : 3").root, named("min", leaf(3)));
    }

    #[test]
    fn deep_nesting_within_the_limit() {
        // Dropping and comparing the nested result recurses; give it room.
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(|| {
                let src = format!("{}1{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
                let mut n = &parse_notation(&src).unwrap().root;
                let mut depth = 0;
                while let TreeSpecKind::Interior(c) = &n.kind {
                    n = &c[0];
                    depth += 1;
                }
                assert_eq!(depth, MAX_DEPTH);
            })
            .unwrap()
            .join()
            .unwrap();
    }

    // ----- text notation: errors -----

    #[test]
    fn error_empty_input() {
        for src in ["", "   ", "\n\n"] {
            let e = err_at(src, 1, 1, "empty tree: expected a number or '('");
            assert_eq!(e.message, "empty tree: expected a number or '('");
        }
        let e = err_at("# only a comment\n", 1, 17, "empty tree");
        assert_eq!(e.label, "expected a number or '('");
    }

    #[test]
    fn error_missing_close_paren() {
        let e = err_at("((3 12 8) (2 4 6)", 1, 18, "missing ')'");
        assert_eq!(
            e.message,
            "unbalanced parenthesis: missing ')' at the end of the input to close the '(' opened at 1:1"
        );
        assert_eq!(e.label, "expected ')'");
        assert_eq!(e.span.len(), 0);
        assert_eq!(
            e.caret(),
            "error at 1:18: unbalanced parenthesis: missing ')' at the end of the input to close the '(' opened at 1:1\n  \
             1 | ((3 12 8) (2 4 6)\n    |                  ^ expected ')'\n    = help: add ')' where the group that opens at 1:1 ends (the end of the input is only right if nothing else is missing)"
        );
        // Points after the last token, not at a trailing newline; names the innermost '('.
        err_at("(1\n (2 3)\n\n", 2, 7, "opened at 1:1");
        err_at("(1 (2 3", 1, 8, "opened at 1:4 (2 '(' are still open)");
        err_at("(1 2 # comment", 1, 15, "missing ')'");
        err_at("(1,", 1, 4, "missing ')'");
    }

    #[test]
    fn error_extra_close_paren() {
        let e = err_at("(1 2))", 1, 6, "extra ')'");
        assert_eq!(e.message, "unbalanced parenthesis: extra ')' with no matching '('");
        assert_eq!(e.caret().lines().nth(2), Some("    |      ^ no matching '('"));
        err_at(")", 1, 1, "extra ')'");
        err_at("(1 2)\n  )", 2, 3, "extra ')'");
        err_at("max )", 1, 5, "extra ')'");
    }

    #[test]
    fn decimals_keep_the_digits_typed() {
        let t = ok("(A:-3.01 4.50 −0.5 12)");
        assert_eq!(t.root.to_notation(), "(A:-3.01 4.50 -0.5 12)");
        let j = parse_json_tree(r#"[-3.01, 4.50, {"name":"X","value":"7.25"}]"#).unwrap();
        assert_eq!(j.root.to_notation(), "(-3.01 4.50 X:7.25)");
        let compact = parse_tree_compact("(-3.01 (4.5 2))", 100).unwrap();
        assert_eq!(compact.value_decimals(), 2);
        assert_eq!(compact.to_spec().root.to_notation(), "(-3.01 (4.5 2))");
        let mut out = String::new();
        assert!(compact.write_notation(&mut out, 1000));
        assert_eq!(out, "(-3.01 (4.5 2))");
    }

    #[test]
    fn error_bad_numbers() {
        let e = err_at("(1 1.5.)", 1, 4, "bad number");
        assert_eq!(e.message, "bad number '1.5.': values are whole numbers, decimals like 4.99, or inf/-inf");
        assert_eq!(e.label, "bad number");
        assert_eq!(e.span.len(), 4);
        err_at("(1 .5)", 1, 4, "bad number '.5'");
        err_at("(1 5.)", 1, 4, "bad number '5.'");
        err_at("(3x 4)", 1, 2, "bad number '3x'");
        err_at("(--2)", 1, 2, "bad number '--2'");
        err_at("(1 -)", 1, 4, "bad number '-'");
        err_at("(1 +-inf)", 1, 4, "bad number '+-inf'");
        let e = err_at("(1\n  4.9999999999)", 2, 3, "has 10 decimals");
        assert_eq!(e.message, "number '4.9999999999' has 10 decimals: values have at most 9");
        let e = err_at("(1 -21474836.47)", 1, 4, "out of range");
        assert_eq!(
            e.message,
            "number '-21474836.47' is out of range: with 2 decimals values lie between -21474836.46 and 21474836.46"
        );
        let e = err_at("(1\n  99999999999)", 2, 3, "out of range");
        assert_eq!(
            e.message,
            "number '99999999999' is out of range: values lie between -2147483646 and 2147483646, or are inf/-inf"
        );
        err_at("2147483647", 1, 1, "out of range");
        err_at("(−2147483647)", 1, 2, "number '−2147483647' is out of range");
    }

    #[test]
    fn error_empty_node() {
        let e = err_at("(1 () 2)", 1, 4, "an interior node needs at least one child");
        assert_eq!(e.message, "empty node '()': an interior node needs at least one child");
        assert_eq!(e.span.len(), 2);
        err_at("()", 1, 1, "empty node");
        err_at("A:(B:( # nothing\n ))", 1, 6, "at least one child");
    }

    #[test]
    fn error_trailing_text() {
        let e = err_at("(1 2) 3", 1, 7, "after the end of the tree");
        assert_eq!(
            e.message,
            "unexpected '3' after the end of the tree: the root node is already complete, and only \
             spaces and # comments may follow it"
        );
        assert_eq!(e.label, "trailing text");
        err_at("7 8", 1, 3, "unexpected '8'");
        err_at("(1) (2)", 1, 5, "unexpected '('");
        err_at("(1)\n# ok\n abc", 3, 2, "unexpected 'abc'");
    }

    #[test]
    fn error_name_without_node() {
        let e = err_at("A:", 1, 3, "name 'A' must be followed by a node");
        assert_eq!(
            e.message,
            "name 'A' must be followed by a node after ':' (a number or '('), found the end of the input"
        );
        err_at("(A: )", 1, 5, "found ')'");
        err_at("(A:, 3)", 1, 4, "found ','");
        err_at("(\"x y\":\n)", 2, 1, "name 'x y' must be followed by a node");
        let e = err_at("(3:(1 2))", 1, 2, "'3' cannot be a bare name");
        assert_eq!(e.help.as_deref(), Some("quote the name: \"3\":…"));
        assert_eq!(root("inf : 1"), named("inf", leaf(1)));
        err_at("A:B:3", 1, 3, "the node named 'A' cannot have a second name 'B'");
        let e = err_at("(A 3)", 1, 2, "'A' is neither a number nor a named node");
        assert_eq!(e.label, "expected ':' after the name");
        err_at("(\"x\" 3)", 1, 6, "quoted name \"x\" must be followed by ':' and a node, found '3'");
        err_at("\"x\"", 1, 4, "found the end of the input");
    }

    #[test]
    fn error_unterminated_quote() {
        let e = err_at("(\"abc 1 2)", 1, 2, "unterminated quoted name");
        assert_eq!(e.message, "unterminated quoted name: the '\"' opened at 1:2 is never closed");
        err_at("(1\n \"abc:2)\n(3)", 2, 2, "opened at 2:2");
        err_at("\"abc\\", 1, 1, "unterminated");
        err_at("\"a\\qb\":1", 1, 3, "unknown escape '\\q'");
    }

    #[test]
    fn error_unexpected_character() {
        let e = err_at("(1 ; 2)", 1, 4, "unexpected character ';'");
        assert_eq!(e.message, "unexpected character ';': expected a number, a name, ')' or '('");
        err_at("@", 1, 1, "unexpected character '@': expected a number, a name or '('");
        err_at("(: 3)", 1, 2, "unexpected ':'");
        err_at(",3", 1, 1, "unexpected ','");
        err_at("(,3)", 1, 2, "unexpected ',' before the first child");
        err_at("(3,,4)", 1, 4, "unexpected ',' after another ','");
        err_at("(1 [2])", 1, 4, "unexpected character '['");
    }

    #[test]
    fn error_keyword_without_tree() {
        let e = err_at("min", 1, 4, "after 'min'");
        assert_eq!(e.message, "expected a number or '(' after 'min', found the end of the input");
        err_at("MAX # nothing\n", 1, 14, "after 'MAX'");
    }

    #[test]
    fn error_too_deep() {
        let src = format!("{}1{}", "(".repeat(MAX_DEPTH + 1), ")".repeat(MAX_DEPTH + 1));
        err_at(&src, 1, MAX_DEPTH + 1, "nested too deeply");
        let src = "(".repeat(100_000);
        err_at(&src, 1, MAX_DEPTH + 1, "more than 10000 levels");
    }

    #[test]
    fn error_positions_count_characters_and_caret_after_cjk() {
        let src = "\"左 分支\":(1 2.5.)";
        let e = err_at(src, 1, 11, "bad number '2.5.'");
        assert_eq!(e.span.offset(), 16);
        let caret: Vec<_> = e.caret().lines().map(str::to_string).collect();
        assert_eq!(
            caret[0],
            "error at 1:11: bad number '2.5.': values are whole numbers, decimals like 4.99, or inf/-inf"
        );
        assert_eq!(caret[1], "  1 | \"左 分支\":(1 2.5.)");
        // 左, 分, 支 are two columns wide each: the caret sits under the '2'.
        assert_eq!(caret[2], format!("    | {}^ bad number", " ".repeat(13)));

        let e = err_at("(1\r\n (é:2) 2x)", 2, 8, "bad number '2x'");
        assert_eq!(e.caret().lines().nth(1), Some("  2 |  (é:2) 2x)"));
        assert_eq!(e.caret().lines().nth(2), Some("    |        ^ bad number"));

        let e = err_at("(1\t@)", 1, 4, "'@'");
        assert_eq!(e.caret().lines().nth(2), Some("    |   \t^ unexpected character"));

        let mut src = "(\n".repeat(11);
        src.push('x');
        let e = err_at(&src, 12, 1, "'x' is neither");
        let caret = e.caret();
        assert_eq!(caret.lines().nth(1), Some("  12 | x"));
        assert_eq!(caret.lines().nth(2), Some("     | ^ expected ':' after the name"));
    }

    #[test]
    fn miette_renders_the_label() {
        let e = err("(1 2))");
        let mut out = String::new();
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .render_report(&mut out, &e)
            .unwrap();
        assert!(out.contains("[tree:1:6]"), "{out}");
        assert!(out.contains("no matching '('"), "{out}");
        assert!(out.contains("remove this ')'"), "{out}");
    }

    #[test]
    fn a_huge_line_is_clipped_around_the_error() {
        // A tab takes several columns in miette's rendering: 16,384 of them once overflowed its
        // width arithmetic (a panic); a 70,000-character line was printed whole.
        for src in ["\t".repeat(16_384) + "@", format!("(1\n{}@ 2)", " ".repeat(70_000))] {
            let e = err(&src);
            let mut out = String::new();
            miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
                .render_report(&mut out, &e)
                .unwrap();
            assert!(out.len() < 4_000, "{} bytes", out.len());
            assert!(out.contains(&format!("[tree:{}:{}]", e.line, e.column)), "{out}");
            assert!(e.src.text().len() < 3 * Snippet::WIDTH, "{}", e.src.text().len());
            assert!(e.caret().contains('^'));
        }
        let e = err(&format!("(1\n{}@ 2)", " ".repeat(70_000)));
        assert_eq!((e.line, e.column), (2, 70_001));
    }

    // ----- round trip -----

    #[test]
    fn to_notation_round_trips() {
        let odd = [
            "left branch",
            "say \"hi\"",
            "back\\slash",
            "nl\nx",
            "tab\tx",
            "左 分支",
            "inf",
            "min",
            "MAX",
            "3abc",
            "-x",
            "",
            "a:b",
            "(",
            "#",
            "x'",
            "a-b",
            "²",
            "Infinity",
            "é",
        ];
        let mut children: Vec<TreeSpecNode> = odd
            .iter()
            .enumerate()
            .map(|(i, n)| named(n, if i % 2 == 0 { leaf(i as i32 - 5) } else { node(vec![leaf(1)]) }))
            .collect();
        children.push(named("top", score_leaf(Score::INF)));
        children.push(score_leaf(Score::NEG_INF));
        for root_name in [None, Some("min"), Some("max"), Some("root node")] {
            let mut r = node(children.clone());
            r.name = root_name.map(str::to_string);
            let text = r.to_notation();
            let back = parse_tree(&text).unwrap_or_else(|e| panic!("{text}\n{}", e.caret()));
            assert_eq!(back, TreeSpec { root_player: None, bounds: None, root: r.clone() }, "{text}");
            let with_kw = parse_tree(&format!("min {text}")).unwrap();
            assert_eq!(with_kw, TreeSpec { root_player: Some(Player::Min), bounds: None, root: r }, "{text}");
        }
        let aima_named = root("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))");
        assert_eq!(root(&aima_named.to_notation()), aima_named);
    }

    // ----- JSON -----

    #[test]
    fn json_arrays() {
        let t = ok("[[3,12,8],[2,4,6],[14,5,2]]");
        assert_eq!(t, TreeSpec { root_player: None, bounds: None, root: aima() });
        assert_eq!(parse_json_tree(" [ [3, 12, 8], [2, 4, 6], [14, 5, 2] ] ").unwrap().root, aima());
        assert_eq!(
            root(r#"["inf","-inf","+inf","∞","-∞",-3, 3.0, 1e2]"#),
            node(vec![
                score_leaf(Score::INF),
                score_leaf(Score::NEG_INF),
                score_leaf(Score::INF),
                score_leaf(Score::INF),
                score_leaf(Score::NEG_INF),
                leaf(-3),
                leaf(3),
                leaf(100),
            ])
        );
        assert_eq!(root("# a comment\n# another\n[1, [2]]"), node(vec![leaf(1), node(vec![leaf(2)])]));
        assert_eq!(parse_json_tree("7").unwrap().root, leaf(7));
    }

    #[test]
    fn json_objects() {
        let t = root(
            r#"{"name":"A","children":[{"name":"B","children":[3,12,8]}, {"value":2}, {"name":"左 分支","value":"-inf"}, [1]]}"#,
        );
        assert_eq!(
            t,
            named(
                "A",
                node(vec![
                    named("B", node(vec![leaf(3), leaf(12), leaf(8)])),
                    leaf(2),
                    named("左 分支", score_leaf(Score::NEG_INF)),
                    node(vec![leaf(1)]),
                ])
            )
        );
        assert_eq!(root(r#"{"value": 5, "name": null}"#), leaf(5));
        assert_eq!(root(r#"{"name": "say \"hi\"\n", "value": 5}"#), named("say \"hi\"\n", leaf(5)));
    }

    #[test]
    fn json_root_player() {
        assert_eq!(ok(r#"{"root":"min","children":[1,2]}"#).root_player, Some(Player::Min));
        assert_eq!(ok(r#"{"player":"MAX","value":3}"#).root_player, Some(Player::Max));
        assert_eq!(ok(r#"{"children":[1,2]}"#).root_player, None);
        assert_eq!(ok("[1,2]").root_player, None);
    }

    /// A message echoes a huge token by its ends (issue 30, item 6): 100 KB in, a short line out.
    #[test]
    fn a_huge_token_is_clipped_in_the_message() {
        let token = format!("1{}x", "2".repeat(100_000));
        let e = err(&format!("(1 {token})"));
        assert!(e.message.len() < 300, "{} bytes: {}", e.message.len(), &e.message[..300]);
        assert!(e.message.contains("characters]…"), "{}", e.message);
        assert!(e.caret().len() < 2_000, "the whole report stays short");
    }

    #[test]
    fn json_syntax_errors() {
        let e = err_at("[1 2]", 1, 4, "invalid JSON: expected `,` or `]`");
        assert_eq!(e.caret().lines().nth(2), Some("    |    ^ expected `,` or `]`"));
        err_at("[1,\n 2,]", 2, 4, "invalid JSON: trailing comma");
        err_at("[1,2\n\n", 1, 5, "invalid JSON: EOF while parsing a list");
        err_at("{\"左\": [1,, 2]}", 1, 10, "invalid JSON");
    }

    /// JSON trees nest as deep as their reader allows (issue 30, item 6: 63 levels before),
    /// arrays or node objects, whatever the caller's stack; one bracket more is refused at it,
    /// pointing at the text notation.
    #[test]
    fn json_trees_nest_as_deep_as_their_reader_allows() {
        // Dropping the nested result recurses; give it room (reading finds its own).
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(|| {
                let (a, o) = (MAX_JSON_NESTING, MAX_JSON_NESTING / 3 - 1);
                let arrays = format!("{}1{}", "[".repeat(a), "]".repeat(a));
                let objects = format!("{}{{\"value\":1}}{}", "{\"children\":[".repeat(o), "]}".repeat(o));
                for (src, levels) in [(arrays, a), (objects, o)] {
                    let mut n = &parse_json_tree(&src).unwrap().root;
                    let mut depth = 0;
                    while let TreeSpecKind::Interior(c) = &n.kind {
                        n = &c[0];
                        depth += 1;
                    }
                    assert_eq!(depth, levels);
                }
            })
            .unwrap()
            .join()
            .unwrap();
        let n = MAX_JSON_NESTING + 1;
        let deep = format!("{}1{}", "[".repeat(n), "]".repeat(n));
        let e = err_at(&deep, 1, n, "nested too deeply");
        assert!(e.help.unwrap().contains("text notation"));
        let o = MAX_JSON_NESTING / 3 + 10;
        let objects = format!("{}{{\"value\":1}}{}", "{\"children\":[".repeat(o), "]}".repeat(o));
        let e = err(&objects);
        assert!(e.message.contains("nested too deeply"), "{}", e.message);
    }

    #[test]
    fn json_structure_errors() {
        let e = err_at(r#"{"children":[]}"#, 1, 13, "empty \"children\"");
        assert_eq!(e.message, "empty \"children\": an interior node needs at least one child");
        assert_eq!(e.span.len(), 2);
        err_at("[[1],[]]", 1, 6, "empty array: an interior node needs at least one child");
        err_at("[]", 1, 1, "empty array");
        let e =
            err_at("[1, 1.55e1]", 1, 5, "bad number '1.55e1': values are whole numbers, decimals like 4.99");
        assert_eq!(e.span.len(), 6);
        err_at("[1, 0.0000000001]", 1, 5, "has 10 decimals");
        err_at(r#"{"value":"x"}"#, 1, 10, "bad leaf value \"x\"");
        err_at("[true]", 1, 2, "found true");
        err_at("[1, null]", 1, 5, "found null");
        err_at("[99999999999]", 1, 2, "number 99999999999 is out of range");
        err_at("[1e20]", 1, 2, "out of range");
        let e = err_at("[1, 1E400]", 1, 5, "invalid JSON: number out of range");
        assert_eq!(e.span.len(), 5);
        let e = err_at(r#"{"value":1,"colour":"red"}"#, 1, 12, "unknown key \"colour\"");
        assert_eq!(
            e.message,
            "unknown key \"colour\" in a tree node: expected \"name\", \"value\", \"children\", \"root\", \"player\" or \"bounds\""
        );
        err_at(
            r#"[{"value":1,"color":"red"}]"#,
            1,
            13,
            "expected \"name\", \"value\", \"children\", \"player\" or \"p\"",
        );
        // "value" beside "children" is an interior node's static value.
        assert_eq!(ok(r#"{"value":1,"children":[2]}"#).root.static_value, Some(Score::from(1)));
        err_at(r#"{"value":"x","children":[2]}"#, 1, 10, "bad leaf value");
        err_at(r#"[{"name":"x"}]"#, 1, 2, "neither \"value\" nor \"children\"");
        err_at(r#"[{"root":"min","value":1}]"#, 1, 3, "only allowed on the top-level object");
        err_at(r#"{"root":"left","value":1}"#, 1, 9, "\"root\" must be \"min\" or \"max\"");
        err_at(r#"{"root":"min","player":"max","value":1}"#, 1, 15, "either \"root\" or \"player\"");
        err_at(r#"{"value":1,"value":2}"#, 1, 12, "duplicate key \"value\"");
        err_at(r#"{"name":3,"value":2}"#, 1, 9, "\"name\" must be a string");
        err_at(r#"{"children":{"value":1}}"#, 1, 13, "\"children\" must be an array");
        err_at(r#"{"value":[1]}"#, 1, 10, "expected a leaf value");
        let src = "{\n  \"children\": [\n    1,\n    {\"value\": \"huge\"}\n  ]\n}";
        let e = err_at(src, 4, 15, "bad leaf value \"huge\"");
        assert_eq!(e.caret().lines().nth(2), Some(&*format!("    | {}^ bad value", " ".repeat(14))));
        err_at("# header\n[1, []]", 2, 5, "empty array");
    }
}
