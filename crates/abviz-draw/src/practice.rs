//! The practice page (`abviz practice`): trees to solve in the browser. The student types each
//! interior node's value (and, if asked, the window [α, β] it returns with), marks the edges
//! the search never follows, and presses Check; the page says what is right and explains what
//! is not, with the narration of the search.
//!
//! Everything the checker compares with comes from each tree's trace and is embedded in the
//! page as data: every node's value and bound, its window on exit, whether it was searched,
//! every edge's cut (a child never searched below a searched parent) and the sentences that
//! explain them ([`abviz_trace::narration`]). The page's script (`assets/practice.js`) only
//! compares and shows: it never searches and never decides what is pruned. The tree is drawn
//! by the same figure code as the exercise sheets ([`super::sheet::exercise_view`]); the
//! answer key is the usual figure, and each tree's step-through page is written beside the
//! page (`solutions/…`).

use super::figure::{Figure, Part, Prim, draw};
use super::html::{PageOptions, json_for_script, page};
use super::sheet::{Exercise, SheetOptions, exercise_view, instructions, key_view};
use super::site::SiteFile;
use super::view::{Item, View, value_text};
use super::{ViewOptions, svg};
use abviz_trace::narration::say;
use abviz_trace::{Bound, Event, NodeId, Trace};
use askama::Template;
use serde::Serialize;

const BASE_CSS: &str = include_str!("../assets/page.css");
const CSS: &str = include_str!("../assets/practice.css");
const JS: &str = include_str!("../assets/practice.js");

/// One tree of the page and the group it is listed in ("textbook", "easy", …).
pub struct PracticeTree<'a> {
    /// The exercise.
    pub exercise: Exercise<'a>,
    /// The group ("textbook", "easy", "medium", "hard"); New tree stays in the chosen group.
    pub group: String,
}

#[derive(Serialize)]
struct TreeData {
    id: String,
    group: String,
    title: String,
    note: String,
    windowed: bool,
    svg: String,
    key: String,
    solution: String,
    nodes: Vec<NodeData>,
    edges: Vec<EdgeData>,
    cuts: Vec<CutData>,
}

/// An interior node: where its shape and window blank are, and its answers.
#[derive(Serialize)]
struct NodeData {
    path: String,
    name: String,
    /// The shape's box: x, y (top left), width, height, in the SVG's units.
    shape: [f64; 4],
    /// Where the window blank starts (x, baseline y), when the drawing has one.
    window: Option<[f64; 2]>,
    searched: bool,
    /// The value it returns ("3", "-inf", "~7.67" for a rounded expected value), its bound
    /// ("exact", "upper", "lower") and as shown.
    value: String,
    bound: &'static str,
    shown: String,
    alpha: String,
    beta: String,
    window_shown: String,
    /// Why it returns that value: the narration of its updates, cutoff and return.
    why: String,
    /// Why a never-searched node has no value: the cutoff above it.
    below: String,
}

/// An edge: its ends and whether the search never followed it.
#[derive(Serialize)]
struct EdgeData {
    path: String,
    label: String,
    line: [f64; 4],
    /// A cut: the child was never searched and its parent was.
    cut: bool,
    /// Inside a subtree already cut off above.
    inside: bool,
    /// Which cutoff (index into `cuts`) pruned it.
    cutoff: Option<usize>,
    /// Why the child is searched (for a wrongly marked edge).
    why: String,
}

/// A cutoff that prunes something: the sentence that explains it.
#[derive(Serialize)]
struct CutData {
    node: String,
    why: String,
}

#[derive(Template)]
#[template(path = "practice.html")]
struct PracticePage<'a> {
    title: &'a str,
    data: String,
    groups: Vec<(String, usize)>,
    back: Option<(String, String)>,
    blank: &'static str,
    css: &'static str,
    base_css: &'static str,
    js: &'static str,
}

/// The page (`index.html`) and the solution pages beside it (`solutions/ID.html`).
pub fn practice_site(trees: &[PracticeTree], back: Option<(String, String)>) -> Vec<SiteFile> {
    let mut files = Vec::new();
    let mut data = Vec::new();
    let mut groups: Vec<(String, usize)> = Vec::new();
    for t in trees {
        let ex = &t.exercise;
        let count = match groups.iter_mut().find(|(g, _)| *g == t.group) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                groups.push((t.group.clone(), 1));
                1
            }
        };
        let id = format!("{}-{count}", t.group);
        let solution = format!("solutions/{id}.html");
        let popts = PageOptions {
            title: Some(format!("{} — solution", ex.title)),
            subtitle: Some(ex.notation.clone()),
            boards: None,
            back: Some(("../index.html".into(), "back to practice".into())),
            ..PageOptions::default()
        };
        let key = key_view(&SheetOptions::default());
        files.push(SiteFile::text(solution.clone(), page(ex.trace, &key, &popts).html));
        data.push(tree_data(ex, id, &t.group, solution));
    }
    // Chance trees say which search they practise (expectimax is no alpha-beta).
    let title = match trees.first().map(|t| t.exercise.trace.algorithm()) {
        Some(a) if a.features.chance => format!("abviz — practice {} by hand", a.title()),
        _ => "abviz — practice alpha-beta by hand".to_string(),
    };
    let html = PracticePage {
        title: &title,
        data: json_for_script(&data),
        groups,
        back,
        blank: super::view::EXERCISE_BLANKS,
        css: CSS,
        base_css: BASE_CSS,
        js: JS,
    }
    .render()
    .expect("the practice template renders");
    files.push(SiteFile::text("index.html", html));
    files
}

fn tree_data(ex: &Exercise, id: String, group: &str, solution: String) -> TreeData {
    let t = ex.trace;
    let windowed = t.algorithm().has_window();
    let opts = exercise_view(&SheetOptions { windows: windowed, ..SheetOptions::default() });
    let view = View::new(t, &ViewOptions { no_legend: true, ..opts });
    let fig = draw(&view, false);
    let key_view = View::new(t, &key_view(&SheetOptions::default()));
    let key = svg::render(&key_view, &draw(&key_view, false));
    let sentences = Sentences::new(t);
    let mut cuts = Vec::new();
    let mut cut_of = vec![None; t.nodes().len()];
    for c in t.cutoffs().iter().filter(|c| c.pruned > 0) {
        cut_of[c.node as usize] = Some(cuts.len());
        cuts.push(CutData { node: t.display_name(c.node), why: sentences.of(c.step as usize) });
    }
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for (i, item) in view.items().iter().enumerate() {
        let Item::Node(id) = *item else { continue };
        let i = i as u32;
        let searched = t.node(id).visited();
        if let Some(p) = t.parent(id) {
            let parent_searched = t.node(p).visited();
            let cut = !searched && parent_searched;
            edges.push(EdgeData {
                path: t.path(id),
                label: edge_label(t, p, id),
                line: line_of(&fig, i),
                cut,
                inside: !parent_searched,
                cutoff: if cut { cut_of[p as usize] } else { None },
                why: if searched { why_searched(t, &sentences, id) } else { String::new() },
            });
        }
        if view.label(i).value.is_some() {
            continue; // a leaf: its value is given
        }
        let s = t.summary(id);
        nodes.push(NodeData {
            path: t.path(id),
            name: t.display_name(id),
            shape: shape_of(&fig, i),
            window: window_of(&fig, i),
            searched,
            value: if searched { s.value.ascii() } else { String::new() },
            bound: match s.bound {
                Bound::Exact => "exact",
                Bound::Upper => "upper",
                Bound::Lower => "lower",
            },
            shown: if searched { value_text(t, id) } else { String::new() },
            alpha: s.alpha_out.ascii(),
            beta: s.beta_out.ascii(),
            window_shown: format!("[{}, {}]", s.alpha_out, s.beta_out),
            why: if searched { sentences.about(id) } else { String::new() },
            below: if searched { String::new() } else { cut_above(t, id) },
        });
    }
    TreeData {
        id,
        group: group.to_string(),
        title: ex.title.clone(),
        note: instructions(ex, false),
        windowed,
        svg: svg::render(&view, &fig),
        key,
        solution,
        nodes,
        edges,
        cuts,
    }
}

/// The narration of one trace, one sentence per event.
struct Sentences {
    all: Vec<String>,
    events: Vec<Event>,
}

impl Sentences {
    fn new(trace: &Trace) -> Sentences {
        let timeline = trace.timeline();
        let events: Vec<Event> = trace.events().iter(trace.nodes()).collect();
        let all = events.iter().enumerate().map(|(k, e)| say(&timeline, k, e)).collect();
        Sentences { all, events }
    }

    fn of(&self, step: usize) -> String {
        self.all.get(step).cloned().unwrap_or_default()
    }

    /// What happened at `id` after it was entered: the values it took in, its cutoff, its
    /// return.
    fn about(&self, id: NodeId) -> String {
        let mut out = Vec::new();
        for (k, e) in self.events.iter().enumerate() {
            let at = match *e {
                Event::Update { node, .. } | Event::Cutoff { node, .. } | Event::Exit { node, .. } => node,
                _ => continue,
            };
            if at == id {
                out.push(self.all[k].as_str());
            }
        }
        out.join(" ")
    }

    /// The step at which `child` reported to `parent`.
    fn update_from(&self, parent: NodeId, child: NodeId) -> Option<usize> {
        self.events
            .iter()
            .position(|e| matches!(*e, Event::Update { node, child: c, .. } if node == parent && c == child))
    }
}

/// Why a searched child is searched: it is the first, or its elder sibling left the window open.
fn why_searched(t: &Trace, s: &Sentences, id: NodeId) -> String {
    let Some(p) = t.parent(id) else { return String::new() };
    let kids = t.children(p);
    let k = kids.iter().position(|&c| c == id).unwrap_or(0);
    let parent = t.display_name(p);
    let child = match (t.name(id), t.summary(id).is_leaf()) {
        (Some(name), _) => name.to_string(),
        (None, true) => format!("the leaf {}", t.summary(id).value),
        (None, false) => "the next child".to_string(),
    };
    if k == 0 {
        return format!("{parent} always searches its first child, {child}.");
    }
    match s.update_from(p, kids[k - 1]).map(|step| (step, &s.events[step])) {
        Some((step, &Event::Update { alpha, beta, .. })) if t.algorithm().has_window() => format!(
            "{} So α = {alpha} < β = {beta} at {parent}: no cutoff, and {child} is searched.",
            s.of(step)
        ),
        _ => format!("{parent} searches every child: {} makes no cutoffs.", t.algorithm().title()),
    }
}

/// "B to C", or for an unnamed leaf "C to its second leaf (4)": what the student sees.
fn edge_label(t: &Trace, p: NodeId, id: NodeId) -> String {
    let parent = t.display_name(p);
    if let Some(name) = t.name(id) {
        return format!("{parent} to {name}");
    }
    const ORDINALS: [&str; 10] =
        ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
    let k = t.node(id).index as usize;
    let nth = ORDINALS.get(k).map_or_else(|| format!("{}th", k + 1), |w| w.to_string());
    let leaf = t.pruned_value(id).or_else(|| t.summary(id).is_leaf().then(|| t.summary(id).value));
    match leaf {
        Some(v) => format!("{parent} to its {nth} leaf ({v})"),
        None => format!("{parent} to its {nth} child"),
    }
}

/// Why a never-searched node has no value: the cutoff above it.
fn cut_above(t: &Trace, id: NodeId) -> String {
    let mut cur = id;
    while let Some(p) = t.parent(cur) {
        if t.node(p).visited() {
            return format!(
                "{} is never searched: it lies below the cutoff at {}.",
                t.display_name(id),
                t.display_name(p)
            );
        }
        cur = p;
    }
    String::new()
}

fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// The box around the primitive of item `i` tagged "shape".
fn shape_of(fig: &Figure, i: u32) -> [f64; 4] {
    let (x0, y0, x1, y1) = match tagged(fig, Part::Node, i, "shape") {
        Some(Prim::Polygon { pts, .. }) => {
            pts.iter().fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, p| {
                (b.0.min(p.0), b.1.min(p.1), b.2.max(p.0), b.3.max(p.1))
            })
        }
        Some(Prim::Rect { at, w, h, .. }) => (at.0, at.1, at.0 + w, at.1 + h),
        Some(Prim::Circle { c, r, .. }) => (c.0 - r, c.1 - r, c.0 + r, c.1 + r),
        _ => (0.0, 0.0, 0.0, 0.0),
    };
    [round(x0), round(y0), round(x1 - x0), round(y1 - y0)]
}

/// Where the window blank of item `i` starts.
fn window_of(fig: &Figure, i: u32) -> Option<[f64; 2]> {
    match tagged(fig, Part::Node, i, "window") {
        Some(Prim::Text { at, .. }) => Some([round(at.0), round(at.1)]),
        _ => None,
    }
}

/// The ends of the edge into item `i`.
fn line_of(fig: &Figure, i: u32) -> [f64; 4] {
    match tagged(fig, Part::Edge, i, "line") {
        Some(Prim::Line { a, b, .. }) => [round(a.0), round(a.1), round(b.0), round(b.1)],
        _ => [0.0; 4],
    }
}

fn tagged<'f>(fig: &'f Figure, part: Part, i: u32, tag: &str) -> Option<&'f Prim> {
    let g = fig.groups.iter().find(|g| g.part == part && g.item == Some(i))?;
    let &(k, _) = g.tags.iter().find(|(_, t)| *t == tag)?;
    g.prims.get(k).map(|(p, _)| p)
}
