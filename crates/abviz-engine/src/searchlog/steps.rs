//! Reading a log against its tree or game: every line is parsed, its node found among the open
//! node's children, and the whole checked as a search (a node entered twice without a re-search,
//! an exit without an enter, a move that is not legal, a leaf value the tree contradicts). The
//! result is a list of [`Step`]s with child indices in the game's own move order, from which
//! the trace is recorded ([`super::record`]) and the check compares ([`super::compare`]).

use super::error::{LogError, LogErrorKind};
use super::line::{EventKind, LineEvent, cut_short, parse_line};
use abviz_core::{Game, Score};
use std::io::BufRead;

/// The child index the root is entered with.
pub const ROOT: u32 = u32::MAX;
/// The order of a visit without children.
pub const NO_ORDER: u32 = u32::MAX;

/// One step of a search, as read from a log or recorded from abviz's own search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step {
    /// The search enters child `child` of the open node ([`ROOT`]: the root) with the window
    /// [`alpha`, `beta`] (`window`: whether the log gave it).
    Enter {
        /// The child's index among the open node's moves (the game's order).
        child: u32,
        /// α on entry.
        alpha: Score,
        /// β on entry.
        beta: Score,
        /// Whether the window was given.
        window: bool,
        /// Its order: the children this visit enters, in [`Steps::order`].
        order: u32,
        /// The log's line.
        line: u32,
    },
    /// The open node is evaluated statically.
    Leaf {
        /// Its value.
        value: Score,
        /// The log's line.
        line: u32,
    },
    /// The open node's window (or best value) after a child returned (reference searches).
    Update {
        /// The child's value, in the node's point of view.
        value: Score,
        /// α now.
        alpha: Score,
        /// β now.
        beta: Score,
        /// The open node's depth whose bound α is (u32::MAX: the root's initial window).
        alpha_src: u32,
        /// The same for β.
        beta_src: u32,
    },
    /// The cutoff test held at the open node: its other children are never searched.
    Cut {
        /// The log's line (0: implied, the node returned before its last child).
        line: u32,
    },
    /// The open node returns `value`.
    Exit {
        /// Its value.
        value: Score,
        /// The log's line.
        line: u32,
    },
    /// The next enter searches the child that just returned again.
    Research {
        /// The log's line.
        line: u32,
    },
    /// A new root search begins.
    Pass {
        /// The log's line.
        line: u32,
    },
}

/// A search read from a log: its steps and the order each interior visit entered its children.
#[derive(Clone, Debug, Default)]
pub struct Steps {
    /// The steps.
    pub steps: Vec<Step>,
    orders: Vec<(u32, u32)>,
    flat: Vec<u32>,
}

impl Steps {
    /// Steps without child orders (a reference search's: it searches in the game's order).
    pub fn from_steps(steps: Vec<Step>) -> Steps {
        Steps { steps, ..Steps::default() }
    }

    /// The children (game move indices) visit `order` entered, in the order it entered them.
    pub fn order(&self, order: u32) -> &[u32] {
        match self.orders.get(order as usize) {
            Some(&(start, len)) => &self.flat[start as usize..(start + len) as usize],
            None => &[],
        }
    }

    /// Whether any step is a re-search or a pass.
    pub fn has(&self, pred: impl Fn(&Step) -> bool) -> bool {
        self.steps.iter().any(pred)
    }

    fn push_order(&mut self, children: &[u32]) -> u32 {
        let id = self.orders.len() as u32;
        self.orders.push((self.flat.len() as u32, children.len() as u32));
        self.flat.extend_from_slice(children);
        id
    }
}

/// An open node while reading.
struct Frame<M> {
    /// The move that led here (none at the root) and its index.
    mv: Option<M>,
    index: u32,
    moves: Vec<M>,
    /// Children entered: (index, line), in order.
    entered: Vec<(u32, u32)>,
    /// The step index of its enter.
    step: usize,
    line: u32,
    leaf: Option<u32>,
    cut: Option<u32>,
    last_exited: Option<u32>,
}

impl<M> Frame<M> {
    /// A node just entered at `step` (log line `line`), reached by `mv` as child `index`.
    fn entered(mv: Option<M>, index: u32, step: usize, line: u32) -> Self {
        Frame {
            mv,
            index,
            moves: Vec::new(),
            entered: Vec::new(),
            step,
            line,
            leaf: None,
            cut: None,
            last_exited: None,
        }
    }
}

/// Reads a log against `root` (the position its root searches), its values in the point of view
/// `mover_view` says (the mover's, as negamax reports, or MAX's).
pub struct Reader<G: Game> {
    game: G,
    mover_view: bool,
    explicit: bool,
    stack: Vec<Frame<G::Move>>,
    out: Steps,
    line: u32,
    root_exited: Option<u32>,
    pass_open: bool,
    research: Option<(u32, u32)>,
    label: String,
}

impl<G: Game> Reader<G> {
    /// A reader for a search of `root`.
    pub fn new(root: &G, mover_view: bool) -> Self {
        Reader {
            game: root.clone(),
            mover_view,
            explicit: !root.leaves_are_game_ends(),
            stack: Vec::new(),
            out: Steps::default(),
            line: 0,
            root_exited: None,
            pass_open: false,
            research: None,
            label: String::new(),
        }
    }

    /// Reads the whole log.
    pub fn read_all(mut self, mut log: impl BufRead) -> Result<Steps, LogError> {
        let mut buf = String::new();
        loop {
            buf.clear();
            let n = log.read_line(&mut buf).map_err(|e| LogError {
                line: self.line + 1,
                column: None,
                kind: LogErrorKind::Json(format!("cannot be read: {e}")),
            })?;
            if n == 0 {
                break;
            }
            self.line = self.line.checked_add(1).ok_or(LogError {
                line: u32::MAX,
                column: None,
                kind: LogErrorKind::TooLong,
            })?;
            let text = buf.trim();
            if text.is_empty() {
                continue;
            }
            let line = self.line;
            let event = parse_line(text).map_err(|(kind, column)| LogError { line, column, kind })?;
            self.take(&event).map_err(|kind| LogError { line, column: None, kind })?;
        }
        self.finish()
    }

    fn finish(self) -> Result<Steps, LogError> {
        if let Some(f) = self.stack.last() {
            return Err(LogError {
                line: self.line.max(1),
                column: None,
                kind: LogErrorKind::Unfinished { node: self.describe_top(), entered: f.line },
            });
        }
        if self.out.steps.is_empty() {
            return Err(LogError { line: self.line.max(1), column: None, kind: LogErrorKind::Empty });
        }
        Ok(self.out)
    }

    fn take(&mut self, e: &LineEvent) -> Result<(), LogErrorKind> {
        if let Some((child, marker)) = self.research
            && e.kind != EventKind::Enter
        {
            return Err(LogErrorKind::ResearchNotEntered { marker, node: self.describe_child(child) });
        }
        match e.kind {
            EventKind::Pass => {
                if !self.stack.is_empty() {
                    return Err(LogErrorKind::PassInside { open: self.describe_top() });
                }
                self.pass_open = true;
                self.out.steps.push(Step::Pass { line: self.line });
                Ok(())
            }
            EventKind::Enter => self.enter(e),
            EventKind::Leaf => {
                let of_top = self.stack.last().is_some_and(|f| f.entered.is_empty() && f.leaf.is_none())
                    && self.names_top(e);
                if of_top {
                    self.leaf(e.value.unwrap_or_default())
                } else {
                    self.enter(e)?;
                    let value = e.value.unwrap_or_default();
                    self.leaf(value)?;
                    self.exit(value)
                }
            }
            EventKind::Exit => {
                if self.stack.is_empty() || !self.names_top(e) {
                    return Err(self.not_open("exit", e));
                }
                self.exit(e.value.unwrap_or_default())
            }
            EventKind::Cut => {
                if self.stack.is_empty() || !self.names_top(e) {
                    return Err(self.not_open("cut", e));
                }
                let line = self.line;
                // A node cuts after a child returned a value, never before its first.
                if self.stack.last().is_some_and(|f| f.entered.is_empty()) {
                    return Err(LogErrorKind::CutBeforeChild { node: self.describe_top() });
                }
                let f = self.stack.last_mut().expect("a node is open");
                if f.cut.is_none() {
                    f.cut = Some(line);
                    self.out.steps.push(Step::Cut { line });
                }
                Ok(())
            }
            EventKind::Research => {
                let Some(top) = self.stack.len().checked_sub(1) else {
                    return Err(LogErrorKind::BadResearch { node: text_of(e), last: None });
                };
                let last = self.stack[top].last_exited;
                let child = self.find_child(e).ok();
                match (child, last) {
                    (Some(c), Some(l)) if c == l => {
                        self.research = Some((c, self.line));
                        self.out.steps.push(Step::Research { line: self.line });
                        Ok(())
                    }
                    _ => Err(LogErrorKind::BadResearch {
                        node: text_of(e),
                        last: last.map(|l| self.describe_child(l)),
                    }),
                }
            }
        }
    }

    fn not_open(&self, event: &'static str, e: &LineEvent) -> LogErrorKind {
        LogErrorKind::NotOpen {
            event,
            node: text_of(e),
            open: (!self.stack.is_empty()).then(|| self.describe_top()),
        }
    }

    /// Enters the node `e` names (a child of the open node, or the root).
    fn enter(&mut self, e: &LineEvent) -> Result<(), LogErrorKind> {
        let line = self.line;
        let (alpha, beta) = (e.alpha.unwrap_or(Score::NEG_INF), e.beta.unwrap_or(Score::INF));
        let window = e.alpha.is_some() || e.beta.is_some();
        if self.stack.is_empty() {
            let root_name = self.game.node_name().map(str::to_string);
            let text = text_of(e);
            let is_root = e.mv.is_none()
                && e.node.as_deref().is_some_and(|n| n.is_empty() || Some(n) == root_name.as_deref());
            if !is_root {
                return Err(LogErrorKind::NotRoot { node: text, root: root_name });
            }
            if let Some(exited) = self.root_exited
                && !self.pass_open
            {
                return Err(LogErrorKind::RootAgain { exited });
            }
            self.pass_open = false;
            let step = self.out.steps.len();
            self.out.steps.push(Step::Enter { child: ROOT, alpha, beta, window, order: NO_ORDER, line });
            self.stack.push(Frame::entered(None, ROOT, step, line));
            return Ok(());
        }
        let child = self.find_child(e)?;
        let research = self.research.take();
        let top = self.stack.len() - 1;
        let f = &self.stack[top];
        if let Some(leaf) = f.leaf {
            return Err(LogErrorKind::NotAChild {
                node: text_of(e),
                open: self.describe_top(),
                hint: Some(format!("it was evaluated as a leaf on line {leaf}")),
            });
        }
        if let Some(cut) = f.cut {
            return Err(LogErrorKind::AfterCut {
                node: self.describe_child(child),
                parent: self.describe_top(),
                cut,
            });
        }
        match research {
            Some((c, marker)) if c != child => {
                return Err(LogErrorKind::ResearchNotEntered { marker, node: self.describe_child(c) });
            }
            Some(_) => {}
            None => {
                if let Some(&(_, first)) = f.entered.iter().find(|&&(c, _)| c == child) {
                    return Err(LogErrorKind::EnteredTwice { node: self.describe_child(child), first });
                }
            }
        }
        let f = &mut self.stack[top];
        if research.is_none() {
            f.entered.push((child, line));
        }
        let mv = f.moves[child as usize];
        self.game.play(mv);
        let step = self.out.steps.len();
        self.out.steps.push(Step::Enter { child, alpha, beta, window, order: NO_ORDER, line });
        self.stack.push(Frame::entered(Some(mv), child, step, line));
        Ok(())
    }

    /// The open node is a leaf with `value`.
    fn leaf(&mut self, value: Score) -> Result<(), LogErrorKind> {
        let line = self.line;
        let f = self.stack.last().expect("a node is open");
        if !f.entered.is_empty() {
            return Err(LogErrorKind::LateLeaf { node: self.describe_top(), why: "its children" });
        }
        if f.leaf.is_some() {
            return Err(LogErrorKind::LateLeaf { node: self.describe_top(), why: "its own leaf value" });
        }
        self.check_leaf(value)?;
        self.stack.last_mut().expect("a node is open").leaf = Some(line);
        self.out.steps.push(Step::Leaf { value, line });
        Ok(())
    }

    /// An explicit tree's leaf must be a leaf, with the tree's value (in the log's view).
    fn check_leaf(&self, value: Score) -> Result<(), LogErrorKind> {
        if !self.explicit {
            return Ok(());
        }
        tree_leaf(&self.game, value, self.mover_view, || self.describe_top())
    }

    /// The open node returns `value`.
    fn exit(&mut self, value: Score) -> Result<(), LogErrorKind> {
        let line = self.line;
        let top = self.stack.len() - 1;
        if self.stack[top].leaf.is_none() && self.stack[top].entered.is_empty() {
            // Entered and left with a value: a leaf (a depth-limit evaluation in a game).
            if self.explicit && self.game.terminal_value().is_none() {
                return Err(LogErrorKind::EmptyInterior { node: self.describe_top() });
            }
            self.leaf(value)?;
        }
        let f = &self.stack[top];
        if !f.entered.is_empty() && f.cut.is_none() && f.entered.len() < f.moves.len() {
            // A cut that prunes something, left out of the log.
            self.out.steps.push(Step::Cut { line: 0 });
        }
        let f = self.stack.pop().expect("a node is open");
        if !f.entered.is_empty() {
            let children: Vec<u32> = f.entered.iter().map(|&(c, _)| c).collect();
            let id = self.out.push_order(&children);
            if let Step::Enter { order, .. } = &mut self.out.steps[f.step] {
                *order = id;
            }
        }
        self.out.steps.push(Step::Exit { value, line });
        if let Some(mv) = f.mv {
            self.game.undo(mv);
        }
        match self.stack.last_mut() {
            Some(parent) => parent.last_exited = Some(f.index),
            None => self.root_exited = Some(line),
        }
        Ok(())
    }

    /// Whether `e` names the open node (its path or its name; an exit or cut naming no node).
    fn names_top(&self, e: &LineEvent) -> bool {
        let Some(text) = e.node.as_deref() else {
            return e.mv.is_none() && matches!(e.kind, EventKind::Exit | EventKind::Cut);
        };
        if let Some(path) = parse_path(text) {
            let mine = self.stack[1..].iter().map(|f| f.index);
            if path.len() == self.stack.len() - 1 && path.iter().copied().eq(mine) {
                return true;
            }
        }
        self.game.node_name() == Some(text)
    }

    /// The index of the child of the open node that `e` names (by path, name or move label).
    fn find_child(&mut self, e: &LineEvent) -> Result<u32, LogErrorKind> {
        let top = self.stack.len() - 1;
        if self.stack[top].moves.is_empty() && self.stack[top].entered.is_empty() {
            self.stack[top].moves = self.game.moves();
        }
        let count = self.stack[top].moves.len();
        if let Some(text) = e.node.as_deref() {
            if let Some(path) = parse_path(text)
                && path.len() == self.stack.len()
                && path[..top].iter().copied().eq(self.stack[1..].iter().map(|f| f.index))
            {
                let child = path[top];
                if (child as usize) < count {
                    return Ok(child);
                }
                return Err(LogErrorKind::NotAChild {
                    node: text.to_string(),
                    open: self.describe_top(),
                    hint: Some(format!("it has {count} children, numbered from 0")),
                });
            }
            if self.game.node_name().is_some() || self.explicit {
                for i in 0..count {
                    let mv = self.stack[top].moves[i];
                    self.game.play(mv);
                    let same = self.game.node_name() == Some(text);
                    self.game.undo(mv);
                    if same {
                        return Ok(i as u32);
                    }
                }
            }
            return Err(LogErrorKind::NotAChild {
                node: cut_short(text),
                open: self.describe_top(),
                hint: Some(self.children_hint()),
            });
        }
        let label = e.mv.as_deref().unwrap_or_default();
        for i in 0..count {
            self.label.clear();
            self.game.write_move_label(self.stack[top].moves[i], &mut self.label);
            if self.label.eq_ignore_ascii_case(label.trim()) {
                return Ok(i as u32);
            }
        }
        let legal: Vec<String> = self.stack[top].moves.iter().map(|&m| self.game.move_label(m)).collect();
        Err(LogErrorKind::IllegalMove {
            mv: cut_short(label),
            open: self.describe_top(),
            legal: if legal.is_empty() { "none (the game is over)".into() } else { legal.join(" ") },
        })
    }

    fn children_hint(&mut self) -> String {
        let top = self.stack.len() - 1;
        let count = self.stack[top].moves.len();
        let prefix = path_text(self.stack[1..].iter().map(|f| f.index));
        let dot = if prefix.is_empty() { "" } else { "." };
        let mut names = Vec::new();
        for i in 0..count.min(8) {
            let mv = self.stack[top].moves[i];
            self.game.play(mv);
            names.push(self.game.node_name().map_or_else(|| format!("{prefix}{dot}{i}"), str::to_string));
            self.game.undo(mv);
        }
        if count > 8 {
            names.push("…".into());
        }
        match count {
            0 => "it has no children".into(),
            _ => format!("its children are {}", names.join(", ")),
        }
    }

    /// The open node, for messages: its name, else its path.
    fn describe_top(&self) -> String {
        node_words(self.game.node_name(), self.stack[1..].iter().map(|f| f.index))
    }

    /// Child `index` of the open node, for messages.
    fn describe_child(&mut self, index: u32) -> String {
        let top = self.stack.len() - 1;
        let mv = self.stack[top].moves[index as usize];
        self.game.play(mv);
        let words = node_words(self.game.node_name(), self.stack[1..].iter().map(|f| f.index).chain([index]));
        self.game.undo(mv);
        words
    }
}

/// Whether `game`'s position is a leaf of its explicit tree holding `value` (in the log's point
/// of view, `mover_view`); `node` names it in the error.
pub fn tree_leaf<G: Game>(
    game: &G,
    value: Score,
    mover_view: bool,
    node: impl FnOnce() -> String,
) -> Result<(), LogErrorKind> {
    match game.terminal_value() {
        None => Err(LogErrorKind::NotALeaf { node: node(), children: game.moves().len() }),
        Some(v) => {
            let tree = if mover_view { game.to_move().to_max_view(v) } else { v };
            if tree == value {
                Ok(())
            } else {
                Err(LogErrorKind::LeafValue { node: node(), logged: value, tree })
            }
        }
    }
}

/// The text an event names its node by.
fn text_of(e: &LineEvent) -> String {
    cut_short(e.node.as_deref().or(e.mv.as_deref()).unwrap_or_default())
}

/// `"1.0.2"` as child indices; `""` is the root; `None` when it is not a path.
pub fn parse_path(text: &str) -> Option<Vec<u32>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split('.')
        .map(|p| if p.bytes().all(|b| b.is_ascii_digit()) { p.parse().ok() } else { None })
        .collect()
}

/// Child indices as a path: `1.0.2`.
pub fn path_text(path: impl IntoIterator<Item = u32>) -> String {
    let mut s = String::new();
    for (k, i) in path.into_iter().enumerate() {
        if k > 0 {
            s.push('.');
        }
        s.push_str(&i.to_string());
    }
    s
}

/// A node for messages: its name, else "node 1.0", or "the root".
pub fn node_words(name: Option<&str>, path: impl IntoIterator<Item = u32>) -> String {
    match name {
        Some(n) => n.to_string(),
        None => match path_text(path) {
            p if p.is_empty() => "the root".into(),
            p => format!("node {p}"),
        },
    }
}
