//! Checking a search by its static evaluations alone (`abviz check --count leaves`): the
//! question CS188's and MIT 6.034's exercises ask ("which leaves are evaluated, in which
//! order?"), and what a program that prints only its evaluations can be checked on.
//!
//! A log may then hold nothing but `leaf` events, each naming its node by name or by its path of
//! child indices from the root; a full log (with `enter` events) is read as usual and only its
//! evaluations are kept. Either becomes the same [`Steps`]: the nodes on the way to each
//! evaluated leaf are entered and left as the leaves imply, without windows and with exits that
//! carry no value of the log's ([`IMPLIED`]), so the comparison judges the evaluations only.

use super::error::{LogError, LogErrorKind};
use super::line::{EventKind, parse_line};
use super::steps::{NO_ORDER, ROOT, Step, Steps, node_words, parse_path, tree_leaf};
use abviz_core::{Game, Score};
use std::io::BufRead;

abviz_core::named! {
    /// What a check counts as the log's search.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Counting: "node counting", default Nodes {
        /// Every node the log enters, with its window and returned value (the default).
        Nodes = "nodes" | "visits" | "entered",
        /// Only the static evaluations, in order, and their values: a log of `leaf` events
        /// alone is enough.
        Leaves = "leaves" | "evaluations" | "evaluated",
    }
}

/// The line of an exit the leaves imply: the log gave no value there, so none is compared.
pub const IMPLIED: u32 = 0;

/// An evaluation: the leaf's path of child indices, its value and the log's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The leaf's path from the root.
    pub path: Vec<u32>,
    /// Its value.
    pub value: Score,
    /// The log's line (0 for the reference's).
    pub line: u32,
}

/// Whether `log` names no node by `enter`: a log of evaluations alone.
pub fn leaves_only(log: &[u8]) -> bool {
    log.split(|&b| b == b'\n').all(|line| {
        let text = String::from_utf8_lossy(line);
        let text = text.trim();
        text.is_empty() || parse_line(text).map_or(true, |e| e.kind != EventKind::Enter)
    })
}

/// The evaluations of a search read as steps, in order.
pub fn evaluations(steps: &Steps) -> Vec<Evaluation> {
    let mut path: Vec<u32> = Vec::new();
    let mut out = Vec::new();
    for step in &steps.steps {
        match *step {
            Step::Enter { child, .. } if child != ROOT => path.push(child),
            Step::Leaf { value, line } => out.push(Evaluation { path: path.clone(), value, line }),
            Step::Exit { .. } => {
                path.pop();
            }
            _ => {}
        }
    }
    out
}

/// Reads a log of `leaf` events (other events are not allowed: a log that enters nodes is read
/// whole, see [`leaves_only`]) against `root`, each leaf found by its name or its path and its
/// value checked against an explicit tree's (in the log's point of view, `mover_view`).
pub fn read<G: Game>(root: &G, log: impl BufRead, mover_view: bool) -> Result<Vec<Evaluation>, LogError> {
    let mut names = Names::new(root);
    let mut out = Vec::new();
    for (i, line) in log.lines().enumerate() {
        let number = u32::try_from(i + 1).map_err(|_| LogError {
            line: u32::MAX,
            column: None,
            kind: LogErrorKind::TooLong,
        })?;
        let fail = |kind| LogError { line: number, column: None, kind };
        let line = line.map_err(|e| fail(LogErrorKind::Json(format!("cannot be read: {e}"))))?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let event = parse_line(text).map_err(|(kind, column)| LogError { line: number, column, kind })?;
        if event.kind != EventKind::Leaf {
            // exits, cuts and markers of a log that enters no node say nothing more.
            continue;
        }
        let Some(node) = event.node.as_deref() else {
            return Err(fail(LogErrorKind::Missing {
                event: "leaf (in a log of evaluations)",
                field: "node",
            }));
        };
        let path = names.path(node).ok_or_else(|| {
            fail(LogErrorKind::NotAChild {
                node: super::line::cut_short(node),
                open: "the tree".into(),
                hint: Some(
                    "a log of evaluations names each leaf by its name or its path from the root".into(),
                ),
            })
        })?;
        let value = event.value.unwrap_or_default();
        names.check_leaf(&path, value, mover_view).map_err(fail)?;
        out.push(Evaluation { path, value, line: number });
    }
    if out.is_empty() {
        return Err(LogError { line: 1, column: None, kind: LogErrorKind::Empty });
    }
    Ok(out)
}

/// The steps a list of evaluations implies: the root entered, each leaf reached from the last
/// along the tree's paths, every node left when the search moves past it.
pub fn steps(evaluations: &[Evaluation]) -> Steps {
    let mut steps = Vec::with_capacity(evaluations.len() * 3 + 2);
    let enter = |child, line| Step::Enter {
        child,
        alpha: Score::NEG_INF,
        beta: Score::INF,
        window: false,
        order: NO_ORDER,
        line,
    };
    let exit = Step::Exit { value: Score::default(), line: IMPLIED };
    let first_line = evaluations.first().map_or(0, |e| e.line);
    steps.push(enter(ROOT, first_line));
    let mut open: Vec<u32> = Vec::new();
    for e in evaluations {
        let common = open.iter().zip(&e.path).take_while(|(a, b)| a == b).count();
        for _ in common..open.len() {
            steps.push(exit);
        }
        open.truncate(common);
        for &child in &e.path[common..] {
            steps.push(enter(child, e.line));
            open.push(child);
        }
        steps.push(Step::Leaf { value: e.value, line: e.line });
        if open.pop().is_some() {
            steps.push(exit);
        }
    }
    steps.extend(std::iter::repeat_n(exit, open.len() + 1));
    Steps::from_steps(steps)
}

/// Finds nodes of the game below `root` by name or path.
struct Names<G: Game> {
    game: G,
}

impl<G: Game> Names<G> {
    fn new(root: &G) -> Self {
        Names { game: root.clone() }
    }

    /// The path of the node `text` names: a path of child indices that exists, or the name of
    /// a node of an explicit tree.
    fn path(&mut self, text: &str) -> Option<Vec<u32>> {
        if let Some(path) = parse_path(text) {
            return self.exists(&path).then_some(path);
        }
        // Only explicit trees name their nodes.
        self.game.node_name()?;
        let mut path = Vec::new();
        self.find(text, &mut path, 0).then_some(path)
    }

    fn exists(&mut self, path: &[u32]) -> bool {
        let Some((&first, rest)) = path.split_first() else { return true };
        let Some(&mv) = self.game.moves().get(first as usize) else { return false };
        self.game.play(mv);
        let found = self.exists(rest);
        self.game.undo(mv);
        found
    }

    fn find(&mut self, name: &str, path: &mut Vec<u32>, depth: usize) -> bool {
        if self.game.node_name() == Some(name) {
            return true;
        }
        // Explicit trees are what names nodes; their depth is bounded by the notation's.
        if depth > 100_000 {
            return false;
        }
        for (i, mv) in self.game.moves().into_iter().enumerate() {
            self.game.play(mv);
            path.push(i as u32);
            let found = self.find(name, path, depth + 1);
            self.game.undo(mv);
            if found {
                return true;
            }
            path.pop();
        }
        false
    }

    /// An explicit tree's leaf must be a leaf with the tree's value; a game's evaluation may be
    /// of any position (the depth limit).
    fn check_leaf(&mut self, path: &[u32], value: Score, mover_view: bool) -> Result<(), LogErrorKind> {
        if self.game.leaves_are_game_ends() {
            return Ok(());
        }
        let mut played = Vec::with_capacity(path.len());
        for &i in path {
            let mv = self.game.moves()[i as usize];
            self.game.play(mv);
            played.push(mv);
        }
        let game = &self.game;
        let result =
            tree_leaf(game, value, mover_view, || node_words(game.node_name(), path.iter().copied()));
        for mv in played.into_iter().rev() {
            self.game.undo(mv);
        }
        result
    }
}
