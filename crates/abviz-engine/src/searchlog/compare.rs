//! Comparing a log's steps with the reference's, node by node: the first place they part, in
//! words a student reads, and which nodes each visited.

use super::reference::INITIAL;
use super::steps::{ROOT, Step, Steps, node_words, path_text};
use abviz_core::{Game, Player, Score};
use rustc_hash::FxHashMap;
use serde::Serialize;

/// Where the log first leaves the reference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divergence {
    /// The node: its name in the tree, else its path of child indices (`"1.0"`, the root `""`).
    pub node: String,
    /// The log's line (0 when the log ended before it).
    pub line: u32,
    /// What happened, in words.
    pub reason: String,
}

/// Who visited a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Visited {
    /// The log and the reference.
    Both,
    /// Only the log.
    LogOnly,
    /// Only the reference.
    ReferenceOnly,
}

/// A node of the union of both searches.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnionNode {
    /// Its path of child indices.
    pub path: String,
    /// Its name in the tree, if it has one.
    pub name: Option<String>,
    /// Its parent's index in the list (none at the root).
    pub parent: Option<usize>,
    /// Who visited it.
    pub visited: Visited,
    /// The value the log returned there.
    pub log_value: Option<Score>,
    /// The value the reference returned there.
    pub reference_value: Option<Score>,
    /// Whether MAX moves there.
    pub max: bool,
}

/// The comparison of a log with the reference.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The first divergence, if any.
    pub first_divergence: Option<Divergence>,
    /// Nodes only the log visited.
    pub extra_nodes: usize,
    /// Nodes only the reference visited.
    pub missing_nodes: usize,
    /// Nodes both visited whose returned values differ.
    pub differing_values: usize,
    /// Nodes the log entered (a node entered again counts again).
    pub log_entries: usize,
    /// Nodes the reference entered.
    pub reference_entries: usize,
    /// Every node either visited, parents before children.
    #[serde(skip)]
    pub nodes: Vec<UnionNode>,
}

impl Comparison {
    /// Whether the log agrees with the reference.
    pub fn agree(&self) -> bool {
        self.first_divergence.is_none()
    }
}

/// The reference's state at an open node, and the node's name.
struct Open {
    name: String,
    mv_index: u32,
    alpha: Score,
    beta: Score,
    alpha_src: u32,
    beta_src: u32,
    best: Option<Score>,
    /// Whether its best value is the least (MIN in MAX's point of view).
    minimize: bool,
    cut: bool,
    log_cut: Option<u32>,
}

/// What the algorithm is called in sentences ("fail-hard alpha-beta").
pub struct Words<'a> {
    /// Its name in sentences.
    pub algo: &'a str,
    /// Whether its values are the mover's (negamax).
    pub mover_view: bool,
    /// Whether it searches with a window.
    pub window: bool,
    /// Whether only static evaluations are compared (`--count leaves`): the log's exits then
    /// carry no value, and re-search and pass markers are not compared.
    pub leaves: bool,
}

impl Words<'_> {
    /// What the log did on the way to `child` (`leaf`: whether it is a leaf): "entered C's
    /// second leaf", or when only evaluations count, "evaluated C's second leaf".
    fn went(&self, child: &str, leaf: bool) -> String {
        match (self.leaves, leaf) {
            (false, _) => format!("entered {child}"),
            (true, true) => format!("evaluated {child}"),
            (true, false) => format!("evaluated leaves below {child}"),
        }
    }
}

/// Compares `log` with `reference`, both searches of `root`.
pub fn compare<G: Game>(root: &G, log: &Steps, reference: &Steps, words: &Words) -> Comparison {
    let first = first_divergence(root, log, reference, words);
    let (log_map, log_entries) = visits(log, words.leaves);
    let (ref_map, reference_entries) = visits(reference, words.leaves);
    let mut keys: Vec<&Vec<u32>> = log_map.keys().chain(ref_map.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut nodes = Vec::with_capacity(keys.len());
    let mut index: FxHashMap<&[u32], usize> = FxHashMap::default();
    let (mut extra, mut missing, mut differing) = (0, 0, 0);
    let mut game = root.clone();
    for key in keys {
        let (lv, rv) = (log_map.get(key).copied(), ref_map.get(key).copied());
        let visited = match (lv, rv) {
            (Some(_), Some(_)) => Visited::Both,
            (Some(_), None) => Visited::LogOnly,
            _ => Visited::ReferenceOnly,
        };
        // What is counted: every node, or (leaves) the evaluations only.
        let counted = lv.or(rv).is_some_and(|v| v.counted);
        let (l, r) = (lv.and_then(|v| v.value), rv.and_then(|v| v.value));
        match visited {
            _ if !counted => {}
            Visited::LogOnly => extra += 1,
            Visited::ReferenceOnly => missing += 1,
            Visited::Both if l != r => differing += 1,
            Visited::Both => {}
        }
        let (name, max) = at_path(&mut game, key);
        let parent = key.split_last().and_then(|(_, up)| index.get(up).copied());
        index.insert(key.as_slice(), nodes.len());
        nodes.push(UnionNode {
            path: path_text(key.iter().copied()),
            name,
            parent,
            visited,
            log_value: l,
            reference_value: r,
            max,
        });
    }
    Comparison {
        first_divergence: first,
        extra_nodes: extra,
        missing_nodes: missing,
        differing_values: differing,
        log_entries,
        reference_entries,
        nodes,
    }
}

/// The name of the node at `path` below `root`, and whether MAX moves there.
fn at_path<G: Game>(root: &mut G, path: &[u32]) -> (Option<String>, bool) {
    let mut played = Vec::with_capacity(path.len());
    for &i in path {
        let Some(&mv) = root.moves().get(i as usize) else { break };
        root.play(mv);
        played.push(mv);
    }
    let out = (root.node_name().map(str::to_string), root.to_move() == Player::Max);
    for mv in played.into_iter().rev() {
        root.undo(mv);
    }
    out
}

/// A node a search visited: the value it last returned (none where only evaluations are
/// compared and the node is not one), and whether it is counted.
#[derive(Clone, Copy)]
struct Visit {
    value: Option<Score>,
    counted: bool,
}

/// Every node a search visited (by path), and its entries (`leaves`: its evaluations).
fn visits(steps: &Steps, leaves: bool) -> (FxHashMap<Vec<u32>, Visit>, usize) {
    let mut map: FxHashMap<Vec<u32>, Visit> = FxHashMap::default();
    let mut path: Vec<u32> = Vec::new();
    let mut entries = 0;
    let mut evaluated: Option<Score> = None;
    for step in &steps.steps {
        match *step {
            Step::Enter { child, .. } => {
                entries += usize::from(!leaves);
                evaluated = None;
                if child != ROOT {
                    path.push(child);
                }
            }
            Step::Leaf { value, .. } => {
                entries += usize::from(leaves);
                evaluated = Some(value);
            }
            Step::Exit { value, .. } => {
                let visit = match (leaves, evaluated.take()) {
                    (false, _) => Visit { value: Some(value), counted: true },
                    (true, Some(v)) => Visit { value: Some(v), counted: true },
                    (true, None) => Visit { value: None, counted: false },
                };
                // A node left again keeps what it was counted as (an evaluation stays one).
                let slot = map.entry(path.clone()).or_insert(visit);
                if visit.counted || !slot.counted {
                    *slot = visit;
                }
                path.pop();
            }
            _ => {}
        }
    }
    (map, entries)
}

/// The steps both sides are compared on, with the reference's window updates and cuts applied
/// to the open nodes on the way.
fn next<'a>(
    steps: &'a [Step],
    at: &mut usize,
    open: &mut [Open],
    reference: bool,
    leaves: bool,
) -> Option<&'a Step> {
    while let Some(step) = steps.get(*at) {
        *at += 1;
        match *step {
            // Where only evaluations count, a re-search is seen in the evaluations themselves.
            Step::Research { .. } | Step::Pass { .. } if leaves => {}
            Step::Update { value, alpha, beta, alpha_src, beta_src } => {
                if let Some(o) = open.last_mut() {
                    (o.alpha, o.beta, o.alpha_src, o.beta_src) = (alpha, beta, alpha_src, beta_src);
                    o.best = Some(match o.best {
                        None => value,
                        Some(b) if o.minimize => b.min(value),
                        Some(b) => b.max(value),
                    });
                }
            }
            Step::Cut { line } => {
                if let Some(o) = open.last_mut() {
                    if reference {
                        o.cut = true;
                    } else if line > 0 {
                        o.log_cut = Some(line);
                    }
                }
            }
            _ => return Some(step),
        }
    }
    None
}

/// "first", "second", … "tenth", then "11th".
fn ordinal(i: u32) -> String {
    const WORDS: [&str; 10] =
        ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
    match WORDS.get(i as usize) {
        Some(w) => w.to_string(),
        None => {
            let n = i + 1;
            let suffix = match (n % 10, n % 100) {
                (1, x) if x != 11 => "st",
                (2, x) if x != 12 => "nd",
                (3, x) if x != 13 => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

struct Walk<'g, G: Game> {
    game: &'g mut G,
    open: Vec<Open>,
    played: Vec<G::Move>,
}

impl<G: Game> Walk<'_, G> {
    fn path(&self) -> Vec<u32> {
        self.open.iter().skip(1).map(|o| o.mv_index).collect()
    }

    /// Child `i` of the open node: its words ("C's second leaf", "B"), its name or path, and
    /// whether it is a leaf.
    fn child(&mut self, i: u32) -> (String, String, bool) {
        let Some(&mv) = self.game.moves().get(i as usize) else {
            return (format!("child {i}"), format!("{i}"), false);
        };
        self.game.play(mv);
        let leaf = self.game.terminal_value().is_some();
        let name = self.game.node_name().map(str::to_string);
        self.game.undo(mv);
        let mut path = self.path();
        path.push(i);
        let id = name.clone().unwrap_or_else(|| path_text(path.iter().copied()));
        let parent = self.open.last().map(|o| o.name.clone()).unwrap_or_default();
        let kind = if leaf { "leaf" } else { "child" };
        let words = match name {
            Some(n) => format!("{parent}'s {} {kind} {n}", ordinal(i)),
            None => format!("{parent}'s {} {kind} ({})", ordinal(i), node_words(None, path)),
        };
        (words, id, leaf)
    }

    fn top_id(&self) -> String {
        match self.game.node_name() {
            Some(n) => n.to_string(),
            None => path_text(self.path()),
        }
    }

    fn bound_setter(&self, src: u32) -> String {
        if src == INITIAL {
            "by the root's initial window".into()
        } else {
            format!("set at {}", self.open.get(src as usize).map_or("?", |o| o.name.as_str()))
        }
    }

    fn push(&mut self, child: u32, mover_view: bool) {
        let mv_index = child;
        if child != ROOT
            && let Some(&mv) = self.game.moves().get(child as usize)
        {
            self.game.play(mv);
            self.played.push(mv);
        }
        let path: Vec<u32> = self.path().into_iter().chain((child != ROOT).then_some(child)).collect();
        let name = node_words(self.game.node_name(), path);
        let player = self.game.to_move();
        self.open.push(Open {
            name,
            mv_index,
            minimize: !mover_view && player == Player::Min,
            alpha: Score::NEG_INF,
            beta: Score::INF,
            alpha_src: INITIAL,
            beta_src: INITIAL,
            best: None,
            cut: false,
            log_cut: None,
        });
    }

    fn pop(&mut self) {
        if self.open.pop().is_some_and(|o| o.mv_index != ROOT)
            && let Some(mv) = self.played.pop()
        {
            self.game.undo(mv);
        }
    }

    /// Why the reference cuts at the open node: "C's value 2 ≤ α = 3 set at A".
    fn cut_reason(&self, w: &Words) -> String {
        let Some(o) = self.open.last() else { return String::new() };
        let value = o.best.unwrap_or(if o.minimize { o.beta } else { o.alpha });
        if !o.minimize {
            format!(
                "{}'s value {value} ≥ β = {} {}: {} cuts here (a β-cutoff)",
                o.name,
                o.beta,
                self.bound_setter(o.beta_src),
                w.algo
            )
        } else {
            format!(
                "{}'s value {value} ≤ α = {} {}: {} cuts here (an α-cutoff)",
                o.name,
                o.alpha,
                self.bound_setter(o.alpha_src),
                w.algo
            )
        }
    }
}

fn window_text(a: Score, b: Score) -> String {
    format!("[{a}, {b}]")
}

/// The first place the log leaves the reference, if any.
fn first_divergence<G: Game>(root: &G, log: &Steps, reference: &Steps, w: &Words) -> Option<Divergence> {
    let mut game = root.clone();
    let mut walk = Walk { game: &mut game, open: Vec::new(), played: Vec::new() };
    let (mut li, mut ri) = (0, 0);
    let mut log_open: Vec<Open> = Vec::new();
    let mut last_line = 0;
    loop {
        let l = next(&log.steps, &mut li, &mut log_open, false, w.leaves).copied();
        if let Some(o) = log_open.last()
            && let Some(w2) = walk.open.last_mut()
        {
            w2.log_cut = o.log_cut;
        }
        let r = next(&reference.steps, &mut ri, &mut walk.open, true, w.leaves).copied();
        let line = match l {
            Some(Step::Enter { line, .. } | Step::Leaf { line, .. } | Step::Exit { line, .. })
            | Some(Step::Research { line } | Step::Pass { line } | Step::Cut { line }) => line,
            _ => 0,
        };
        if line > 0 {
            last_line = line;
        }
        // An exit the evaluations imply happens after the log's last line read.
        let line = if line == 0 && matches!(l, Some(Step::Exit { .. })) { last_line } else { line };
        let diverge = |node: String, reason: String| Some(Divergence { node, line, reason });
        match (l, r) {
            (None, None) => return None,
            (
                Some(Step::Enter { child: lc, alpha, beta, window, .. }),
                Some(Step::Enter { child: rc, alpha: ra, beta: rb, .. }),
            ) => {
                if lc != rc {
                    let (lw, lid, leaf) = walk.child(lc);
                    let (rw, _, _) = walk.child(rc);
                    return diverge(
                        lid,
                        format!("your search {}, but {} searches {rw} next", w.went(&lw, leaf), w.algo),
                    );
                }
                if w.window && window && (alpha, beta) != (ra, rb) {
                    let (cw, cid) = if lc == ROOT {
                        ("the root".to_string(), walk.top_id())
                    } else {
                        let (cw, cid, _) = walk.child(lc);
                        (cw, cid)
                    };
                    return diverge(
                        cid,
                        format!(
                            "your search entered {cw} with the window {}, but {} enters it with {}",
                            window_text(alpha, beta),
                            w.algo,
                            window_text(ra, rb)
                        ),
                    );
                }
                walk.push(lc, w.mover_view);
                log_open.push(Open {
                    name: String::new(),
                    mv_index: lc,
                    alpha,
                    beta,
                    alpha_src: INITIAL,
                    beta_src: INITIAL,
                    best: None,
                    minimize: false,
                    cut: false,
                    log_cut: None,
                });
            }
            (Some(Step::Enter { child: lc, .. }), Some(Step::Exit { .. })) => {
                let (lw, lid, leaf) = walk.child(lc);
                let why = if walk.open.last().is_some_and(|o| o.cut) {
                    format!("at that moment {}", walk.cut_reason(w))
                } else {
                    format!(
                        "{} returns from {} without searching it",
                        w.algo,
                        walk.open.last().map_or("", |o| o.name.as_str())
                    )
                };
                return diverge(lid, format!("your search {}, but {why}", w.went(&lw, leaf)));
            }
            (Some(Step::Enter { child: lc, .. }), Some(Step::Leaf { .. })) => {
                let (lw, _, leaf) = walk.child(lc);
                let top = walk.open.last().map_or(String::new(), |o| o.name.clone());
                return diverge(
                    walk.top_id(),
                    format!(
                        "your search {}, but {} evaluates {top} as a leaf (the depth limit) and searches no child of it",
                        w.went(&lw, leaf),
                        w.algo
                    ),
                );
            }
            (Some(Step::Exit { .. } | Step::Leaf { .. }), Some(Step::Enter { child: rc, .. })) => {
                let (rw, _, _) = walk.child(rc);
                let o = walk.open.last().expect("both are inside a node");
                let node = walk.top_id();
                let open_window = if !w.window {
                    format!("{} evaluates every child", w.algo)
                } else {
                    let value =
                        o.best.map(|v| format!("{}'s value so far is {v}, and ", o.name)).unwrap_or_default();
                    let test = if o.alpha == o.beta {
                        format!("α = β = {}, and ties are kept", o.alpha)
                    } else {
                        format!("α = {} < β = {}", o.alpha, o.beta)
                    };
                    format!("{value}{test}: no cutoff yet")
                };
                let you = match (l, o.log_cut) {
                    (Some(Step::Leaf { .. }), _) => format!("your search evaluated {} as a leaf", o.name),
                    _ if w.leaves => format!("your search evaluates nothing more below {}", o.name),
                    (_, Some(cut)) => format!("your search cut at {} (line {cut})", o.name),
                    _ => format!("your search returned from {}", o.name),
                };
                return diverge(
                    node,
                    format!(
                        "{you}; you never looked at {rw}, which {} must evaluate ({open_window})",
                        w.algo
                    ),
                );
            }
            (Some(Step::Exit { value: lv, line: exit_line }), Some(Step::Exit { value: rv, .. })) => {
                if lv != rv && exit_line != super::leaves::IMPLIED {
                    let name = walk.open.last().map_or(String::new(), |o| o.name.clone());
                    return diverge(
                        walk.top_id(),
                        format!("your search returned {lv} at {name} where {} gives {rv}", w.algo),
                    );
                }
                walk.pop();
                log_open.pop();
            }
            (Some(Step::Leaf { value: lv, .. }), Some(Step::Leaf { value: rv, .. })) => {
                if lv != rv {
                    let name = walk.open.last().map_or(String::new(), |o| o.name.clone());
                    return diverge(
                        walk.top_id(),
                        format!("your evaluation of {name} is {lv} where {} evaluates it as {rv}", w.algo),
                    );
                }
            }
            (Some(Step::Research { .. }), Some(Step::Research { .. }))
            | (Some(Step::Pass { .. }), Some(Step::Pass { .. })) => {}
            (Some(Step::Research { .. }), _) => {
                return diverge(
                    walk.top_id(),
                    format!(
                        "your search searches a child of {} again (a re-search), where {} does not",
                        walk.open.last().map_or("", |o| o.name.as_str()),
                        w.algo
                    ),
                );
            }
            (_, Some(Step::Research { .. })) => {
                return diverge(
                    walk.top_id(),
                    format!(
                        "{} searches a child of {} again here (a re-search), and your search does not",
                        w.algo,
                        walk.open.last().map_or("", |o| o.name.as_str())
                    ),
                );
            }
            (Some(Step::Pass { .. }), _) | (_, Some(Step::Pass { .. })) => {
                return diverge(
                    String::new(),
                    format!(
                        "the passes differ: {} and your search do not start their root searches alike",
                        w.algo
                    ),
                );
            }
            (Some(_), None) => {
                return diverge(walk.top_id(), format!("your search goes on after {} has finished", w.algo));
            }
            (None, Some(_)) => {
                return Some(Divergence {
                    node: walk.top_id(),
                    line: last_line,
                    reason: format!("your log ends before {} has finished", w.algo),
                });
            }
            (Some(_), Some(_)) => {
                return diverge(walk.top_id(), format!("your search and {} part here", w.algo));
            }
        }
    }
}
