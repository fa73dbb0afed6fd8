//! The HTML page of a search: a summary, the tree drawn with our own layout (inline SVG, click
//! to fold a subtree, zoom and pan, a tooltip per node) and a stepper that replays the trace's
//! event log with the narration, the call stack with every window and the pseudocode line.
//!
//! The page is rendered with askama (`templates/trace.html`); its stylesheet and script
//! (`assets/page.css`, `assets/stepper.js`) are written into the page, so it works from
//! `file://` without any network. Everything the script needs is computed here from the trace
//! — including every narration sentence ([`narrate`]) and pseudocode line ([`line_for`]) — and
//! embedded as JSON by [`json_for_script`], the one function that makes data safe inside
//! `<script>`. The script never re-derives the search: it only looks things up.
//!
//! Game positions are drawn by [`crate::game::position_svg`] into board files beside the page
//! (`boards/…`), loaded only when a tooltip or the stepper shows them.
//!
//! ```
//! use abviz::export::html::{PageOptions, page};
//! use abviz::export::ViewOptions;
//! use abviz::input::{Input, RunOptions};
//! use abviz::search::Algorithm;
//!
//! let input = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None).unwrap();
//! let trace = input.trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
//! let p = page(&trace, &ViewOptions::default(), &PageOptions::default());
//! assert!(p.html.contains("<svg") && p.html.contains("α-cutoff"));
//! assert!(p.files.is_empty()); // a tree has no boards
//! ```

use super::figure::draw;
use super::site::SiteFile;
use super::view::{View, thousands};
use super::{Exporter, Output, ViewOptions};
use crate::game::Player;
use crate::trace::narration::say;
use crate::trace::pseudocode::line_of;
use crate::trace::summary::NEVER;
use crate::trace::{Bound, CutKind, Event, EventKind, NONE, NodeId, Status, Trace};
use crate::{Error, Score};
use askama::Template;
use serde::Serialize;
use std::collections::BTreeMap;

/// Narration sentences per embedded chunk: the page parses a chunk only when the stepper
/// reaches it, so a search with half a million events still opens quickly.
pub const NARRATION_CHUNK: usize = 2000;

/// The most bytes of board pictures written beside one page; boards are chosen root first,
/// then the principal variation, then the shown nodes in visit order.
pub const BOARD_BUDGET: usize = 4 << 20;

const CSS: &str = include_str!("../../assets/page.css");
const JS: &str = include_str!("../../assets/stepper.js");

/// Writes the page as a folder: `index.html` and the board pictures it shows (`boards/`).
pub struct HtmlExporter;

impl Exporter for HtmlExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        if trace.nodes.is_empty() {
            return Err(Error::Usage(
                "this trace has no nodes or events (it was written with --stats-only): the HTML page replays a full trace".into(),
            ));
        }
        let page = page(trace, opts, &PageOptions::default());
        let mut files = page.files;
        files.push(SiteFile::text("index.html", page.html));
        Ok(Output::Folder(files))
    }
}

/// How a page is put into a site.
#[derive(Clone, Debug)]
pub struct PageOptions {
    /// The page's title (default: the algorithm and the input).
    pub title: Option<String>,
    /// A line under the title (default: none).
    pub subtitle: Option<String>,
    /// Where board pictures go, relative to the page ("boards/"); None: no boards.
    pub boards: Option<String>,
    /// A link back (href, text), e.g. to a demo's index.
    pub back: Option<(String, String)>,
}

impl Default for PageOptions {
    fn default() -> Self {
        PageOptions { title: None, subtitle: None, boards: Some("boards/".into()), back: None }
    }
}

/// A rendered page and the files it refers to (paths relative to the page's folder).
#[derive(Clone, Debug)]
pub struct Page {
    /// The HTML.
    pub html: String,
    /// Board pictures and other files beside it.
    pub files: Vec<SiteFile>,
}

/// Makes `text` safe to embed in HTML inside `<script type="application/json">`: `<`, `>`
/// and `&` become JSON escapes (`\u003c` …), so no `</script>` or `<!--` can appear, and the
/// line separators U+2028/U+2029 are escaped too. `json` must be JSON text, where these
/// characters can only occur inside strings — so the result parses to the same value.
///
/// ```
/// use abviz::export::html::json_for_script;
/// let s = json_for_script(&serde_json::json!({"name": "</script><b>&"}));
/// assert_eq!(s, r#"{"name":"\u003c/script\u003e\u003cb\u003e\u0026"}"#);
/// ```
pub fn json_for_script<T: Serialize + ?Sized>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("page data serialises");
    let mut out = String::with_capacity(json.len() + json.len() / 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// One row of the counts table.
struct CountRow {
    what: &'static str,
    this: String,
    minimax: String,
}

#[derive(Template)]
#[template(path = "trace.html")]
struct TracePage<'a> {
    title: &'a str,
    subtitle: &'a str,
    back: Option<(String, String)>,
    /// (name, value, whether it gives the answer away: hidden until the last step or a toggle).
    facts: Vec<(&'static str, String, bool)>,
    algo_title: &'a str,
    counts: Vec<CountRow>,
    compare_minimax: bool,
    saving: Option<String>,
    notes: &'a [String],
    svg: String,
    code: Vec<&'a str>,
    data: String,
    say: Vec<String>,
    steps: usize,
    windowed: bool,
    game: bool,
    /// MCTS: the chart of the root children's visit shares (our own SVG).
    mcts_chart: Option<String>,
    mcts: bool,
    css: &'static str,
    js: &'static str,
}

/// The default title of a page.
pub fn default_title(trace: &Trace) -> String {
    format!("{} — {}", trace.algorithm.title(), trace.input.description)
}

/// Renders the page of `trace` with the diagram options `opts`.
pub fn page(trace: &Trace, opts: &ViewOptions, popts: &PageOptions) -> Page {
    // The answer waits for the last step (or the page's toggle), so the figure does not say it.
    let opts = ViewOptions { caption_without_answer: true, ..opts.clone() };
    let view = View::new(trace, &opts);
    let fig = draw(&view, false);
    let svg = super::svg::render_page(&view, &fig);
    let (boards, files) = match &popts.boards {
        Some(prefix) => boards(trace, &view, prefix),
        None => (None, Vec::new()),
    };
    let data = PageData::new(trace, &view, boards);
    let timeline = trace.timeline();
    let sentences: Vec<String> =
        trace.events.iter(&trace.nodes).enumerate().map(|(k, e)| say(&timeline, k, &e)).collect();
    let say: Vec<String> = sentences.chunks(NARRATION_CHUNK).map(json_for_script).collect();
    let title = popts.title.clone().unwrap_or_else(|| default_title(trace));
    let subtitle = popts.subtitle.clone().unwrap_or_default();
    let r = &trace.result;
    let mut facts = vec![("Algorithm", trace.algorithm.title().to_string(), false)];
    facts.push(("Input", trace.input.description.clone(), false));
    let estimate = if trace.algorithm.features.mcts {
        " (an estimate: the best move's mean result, rounded)"
    } else {
        ""
    };
    facts.push(("Root value", format!("{}{estimate}", r.value), true));
    if let Some(m) = &r.best_move {
        facts.push(("Best move", m.clone(), true));
    }
    if !r.pv.is_empty() {
        facts.push(("Principal variation", r.pv.join(" "), true));
    }
    let s = &trace.stats;
    let mm = trace.minimax.as_ref().filter(|_| trace.algorithm.has_window());
    let col = |v: Option<u64>| v.map_or("—".to_string(), thousands);
    let mut counts =
        vec![CountRow { what: "nodes", this: thousands(s.nodes), minimax: col(mm.map(|m| m.nodes)) }];
    if trace.algorithm.features.mcts {
        counts.push(CountRow { what: "iterations", this: thousands(s.iterations), minimax: col(None) });
    } else {
        counts.push(CountRow {
            what: "leaves (evaluations)",
            this: thousands(s.leaves),
            minimax: col(mm.map(|m| m.leaves)),
        });
    }
    if trace.algorithm.has_window() {
        counts.push(CountRow {
            what: "cutoffs",
            this: super::view::cutoffs_text(trace),
            minimax: col(mm.map(|_| 0)),
        });
        counts.push(CountRow {
            what: "pruned children",
            this: thousands(s.pruned),
            minimax: col(mm.map(|_| 0)),
        });
    }
    let saving = mm.filter(|m| m.nodes > 0 && m.leaves > 0).map(|m| {
        format!(
            "{} visits {} of the {} nodes minimax visits ({}) and evaluates {} of its {} leaves ({}).",
            trace.algorithm.title(),
            thousands(s.nodes),
            thousands(m.nodes),
            percent(s.nodes, m.nodes),
            thousands(s.leaves),
            thousands(m.leaves),
            percent(s.leaves, m.leaves)
        )
    });
    let page = TracePage {
        title: &title,
        subtitle: &subtitle,
        back: popts.back.clone(),
        facts,
        algo_title: trace.algorithm.title(),
        counts,
        compare_minimax: mm.is_some(),
        saving,
        notes: view.notes(),
        svg,
        code: trace.algorithm.lines(),
        data: json_for_script(&data),
        say,
        steps: trace.events.len(),
        windowed: trace.algorithm.has_window(),
        game: trace.input.game.is_some(),
        mcts_chart: super::html_mcts::share_chart(trace),
        mcts: trace.algorithm.features.mcts,
        css: CSS,
        js: JS,
    };
    let html = page.render().expect("the page template renders");
    Page { html, files }
}

/// "15%": how much smaller `part` is than `whole`.
/// How `part` compares with `whole`: "15% fewer", or "38% more" (a re-searching algorithm may
/// enter more nodes than minimax).
fn percent(part: u64, whole: u64) -> String {
    let saved = 100.0 * (1.0 - part as f64 / whole as f64);
    let (size, word) = if saved < 0.0 { (-saved, "more") } else { (saved, "fewer") };
    if size > 0.0 && size < 1.0 { format!("{size:.1}% {word}") } else { format!("{size:.0}% {word}") }
}

/// Board pictures for the nodes a reader can point at: per node the index of its picture in
/// the returned list of files (deduplicated by position), within [`BOARD_BUDGET`].
fn boards(trace: &Trace, view: &View, prefix: &str) -> (Option<BoardData>, Vec<SiteFile>) {
    let Some(game) = trace.input.game.as_deref() else { return (None, Vec::new()) };
    if trace.positions.is_none() {
        return (None, Vec::new());
    }
    let mut order: Vec<NodeId> = vec![trace.result_root()];
    order.extend(trace.pv_nodes());
    order.extend(view.items().iter().filter_map(|it| match it {
        super::view::Item::Node(id) => Some(*id),
        super::view::Item::Stub { .. } => None,
    }));
    let mut index = vec![-1i32; trace.nodes.len()];
    // A board is its position and the move that led to it (marked on the board).
    let mut by_position: BTreeMap<(&str, Option<&str>), i32> = BTreeMap::new();
    let mut files = Vec::new();
    let mut bytes = 0usize;
    for id in order {
        if index[id as usize] >= 0 {
            continue;
        }
        let Some(pos) = trace.position(id) else { continue };
        let before = trace.parent(id).and_then(|p| trace.position(p));
        if let Some(&k) = by_position.get(&(pos, before)) {
            index[id as usize] = k;
            continue;
        }
        let svg = match before {
            Some(b) => crate::game::position_svg_after(game, pos, b),
            None => crate::game::position_svg(game, pos),
        };
        let Some(svg) = svg else { continue };
        if bytes + svg.len() > BOARD_BUDGET {
            break;
        }
        bytes += svg.len();
        let k = files.len() as i32;
        by_position.insert((pos, before), k);
        index[id as usize] = k;
        files.push(SiteFile::text(format!("{prefix}{k}.svg"), svg));
    }
    let names = files.iter().map(|f| f.path.clone()).collect();
    (Some(BoardData { index, files: names }), files)
}

struct BoardData {
    index: Vec<i32>,
    files: Vec<String>,
}

/// Everything the page's script reads, in columns (one array per field) to stay small.
#[derive(Serialize)]
struct PageData<'a> {
    algo: &'a str,
    windowed: bool,
    /// The figure labels nodes with AIMA's range of the value instead of the window: the
    /// stepper then writes each open node's range (`ev.lo`, `ev.hi`) where it would write its
    /// window.
    range: bool,
    game: Option<&'a str>,
    /// Every score that occurs, as the page writes it ("−∞", "3", "+∞"); fields hold indices.
    scores: Vec<String>,
    /// Move labels, each once, in the order nodes first use them: `n.mv` holds indices.
    labels: Vec<&'a str>,
    n: NodeData,
    cut: CutData,
    ev: EventData,
    /// Narration chunks: sentence `k` is in block `say-{k / chunk}`.
    chunk: usize,
    items: ItemData,
    boards: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mcts: Option<super::html_mcts::MctsData>,
}

/// Per node: its summary (derived from the events) and when it shows up in the replay.
#[derive(Serialize, Default)]
struct NodeData {
    parent: Vec<i64>,
    /// Bit 0: MIN to move; bits 1–3: status (leaf, terminal, interior, cutoff, pruned,
    /// transposition); bits 4–5: bound (exact, lower, upper); bit 6: a pruned leaf whose value
    /// is known.
    flags: Vec<u8>,
    v: Vec<u32>,
    ai: Vec<u32>,
    bi: Vec<u32>,
    ao: Vec<u32>,
    bo: Vec<u32>,
    pre: Vec<u32>,
    post: Vec<u32>,
    /// The step (1-based; 0: never) it is entered, gets its value, is shown pruned.
    enter: Vec<u32>,
    fin: Vec<u32>,
    cut_at: Vec<u32>,
    /// Its last cutoff, an index into `cut` (−1: none).
    cutoff: Vec<i64>,
    name: Vec<String>,
    mv: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pos: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<Vec<i32>>,
}

#[derive(Serialize, Default)]
struct CutData {
    node: Vec<u32>,
    /// 0: α-cutoff, 1: β-cutoff.
    kind: Vec<u8>,
    a: Vec<u32>,
    b: Vec<u32>,
    /// The node whose bound was exceeded (−1: the root's initial window).
    from: Vec<i64>,
    child: Vec<u32>,
    pruned: Vec<u32>,
}

/// Per step, from the trace's timeline: what happened and the state after it.
#[derive(Serialize, Default)]
struct EventData {
    /// The kind ([`event_code`]).
    k: Vec<u8>,
    /// The pseudocode line (0-based).
    line: Vec<u8>,
    /// The node the event is about (for an update: the node taking the value in; −1: none).
    node: Vec<i64>,
    /// The second node: an update's or cutoff's child, a selected or expanded child (−1: none).
    child: Vec<i64>,
    /// The value the event carries (an evaluation, a returned value), a score index (−1: none).
    v: Vec<i64>,
    /// The node executing after the step (−1: none).
    focus: Vec<i64>,
    /// Its window after the step (score indices).
    a: Vec<u32>,
    b: Vec<u32>,
    /// Its range after the step (score indices; only on a page labelled with ranges).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    lo: Vec<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    hi: Vec<u32>,
    /// The step (0-based) at which the focus's parent frame last executed (−1: the focus is a
    /// root): following it gives the stack with every frame's window.
    up: Vec<i64>,
    /// The step (0-based) at which the same frame executed before (−1: none): the window an
    /// update changed.
    prev: Vec<i64>,
}

#[derive(Serialize, Default)]
struct ItemData {
    /// The trace node each shown item draws (−1 for a "⋯ k nodes" stub).
    id: Vec<i64>,
    /// The shown parent (−1 for the root).
    parent: Vec<i64>,
}

/// Interns scores as indices into a sorted table of their texts.
#[derive(Default)]
struct Scores {
    index: BTreeMap<Score, u32>,
}

impl Scores {
    fn add(&mut self, s: Score) {
        self.index.insert(s, 0);
    }

    fn number(&mut self) {
        for (i, v) in self.index.values_mut().enumerate() {
            *v = i as u32;
        }
    }

    fn of(&self, s: Score) -> u32 {
        self.index[&s]
    }

    fn texts(&self) -> Vec<String> {
        self.index.keys().map(|s| s.to_string()).collect()
    }
}

fn status_code(s: Status) -> u8 {
    match s {
        Status::Leaf => 0,
        Status::Terminal => 1,
        Status::Interior => 2,
        Status::Cutoff => 3,
        Status::Pruned => 4,
        Status::Transposition => 5,
    }
}

/// The page's number for an event kind (the script's constants).
fn event_code(k: EventKind) -> u8 {
    match k {
        EventKind::Enter => 0,
        EventKind::Eval => 1,
        EventKind::Update => 2,
        EventKind::Cutoff => 3,
        EventKind::Exit => 4,
        EventKind::Research => 5,
        EventKind::PassStart => 6,
        EventKind::PassEnd => 7,
        EventKind::TtProbe => 8,
        EventKind::TtHit => 9,
        EventKind::TtStore => 10,
        EventKind::Iteration => 11,
        EventKind::Select => 12,
        EventKind::Expand => 13,
        EventKind::Simulate => 14,
        EventKind::Backprop => 15,
        EventKind::StandPat => 16,
    }
}

fn id_or_none(id: NodeId) -> i64 {
    if id == NONE { -1 } else { id as i64 }
}

fn step_or_none(step: Option<usize>) -> i64 {
    step.map_or(-1, |s| s as i64)
}

impl<'a> PageData<'a> {
    fn new(trace: &'a Trace, view: &View, boards: Option<BoardData>) -> PageData<'a> {
        let range = view.opts.labels.range && trace.algorithm.has_window();
        let timeline = trace.timeline();
        let n = trace.nodes.len();
        let mut scores = Scores::default();
        scores.add(Score::NEG_INF);
        scores.add(Score::INF);
        for id in 0..n as NodeId {
            let s = trace.summary(id);
            for v in [s.value, s.alpha_in, s.beta_in, s.alpha_out, s.beta_out] {
                scores.add(v);
            }
        }
        let events: Vec<Event> = trace.events.iter(&trace.nodes).collect();
        for e in &events {
            if let Some((a, b)) = e.window() {
                scores.add(a);
                scores.add(b);
            }
            if let Some(v) = event_value(e) {
                scores.add(v);
            }
        }
        scores.number();
        let step1 = |s: u32| if s == NEVER { 0 } else { s + 1 };
        let mut d = NodeData::default();
        let mut labels: Vec<&str> = Vec::new();
        let mut label_index: std::collections::HashMap<&str, i64> = std::collections::HashMap::new();
        for (id, node) in trace.nodes.iter().enumerate() {
            let id = id as NodeId;
            let s = trace.summary(id);
            let steps = trace.steps_of(id);
            d.parent.push(id_or_none(node.parent));
            let bound = match s.bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            };
            let pruned_leaf = trace.pruned_value(id).is_some();
            d.flags.push(
                u8::from(node.player == Player::Min)
                    | status_code(s.status) << 1
                    | bound << 4
                    | u8::from(pruned_leaf) << 6,
            );
            d.v.push(scores.of(s.value));
            d.ai.push(scores.of(s.alpha_in));
            d.bi.push(scores.of(s.beta_in));
            d.ao.push(scores.of(s.alpha_out));
            d.bo.push(scores.of(s.beta_out));
            d.pre.push(s.pre);
            d.post.push(s.post);
            d.enter.push(step1(steps.enter));
            d.fin.push(step1(steps.valued));
            d.cut_at.push(step1(steps.pruned));
            d.cutoff.push(id_or_none(s.cutoff));
            d.name.push(super::view::one_line(&trace.display_name(id)));
            d.mv.push(if node.label == NONE {
                -1
            } else {
                let label = trace.move_label(id);
                *label_index.entry(label).or_insert_with(|| {
                    labels.push(label);
                    labels.len() as i64 - 1
                })
            });
        }
        if trace.input.game.is_some()
            && let Some(pos) = &trace.positions
        {
            d.pos = Some((0..n).map(|i| pos.get(i).unwrap_or("").to_string()).collect());
        }
        let board_files = match boards {
            Some(b) => {
                d.board = Some(b.index);
                b.files
            }
            None => Vec::new(),
        };
        let mut cut = CutData::default();
        for c in trace.cutoffs() {
            cut.node.push(c.node);
            cut.kind.push(u8::from(c.kind == CutKind::Beta));
            cut.a.push(scores.of(c.alpha));
            cut.b.push(scores.of(c.beta));
            cut.from.push(id_or_none(c.bound_from));
            cut.child.push(c.child);
            cut.pruned.push(c.pruned);
        }
        let mut ev = EventData::default();
        let mut prev_kind = None;
        for (k, e) in events.iter().enumerate() {
            ev.k.push(event_code(e.kind()));
            ev.line.push(line_of(trace, e, prev_kind).min(255) as u8);
            prev_kind = Some(e.kind());
            ev.node.push(e.node().map_or(-1, id_or_none));
            ev.child.push(match *e {
                Event::Update { child, .. }
                | Event::Cutoff { child, .. }
                | Event::Select { child, .. }
                | Event::Expand { child, .. } => id_or_none(child),
                _ => -1,
            });
            ev.v.push(event_value(e).map_or(-1, |v| scores.of(v) as i64));
            ev.focus.push(id_or_none(timeline.focus(k)));
            let (a, b) = timeline.window(k);
            ev.a.push(scores.of(a));
            ev.b.push(scores.of(b));
            if range {
                let (lo, hi) = timeline.range(k);
                ev.lo.push(scores.of(lo));
                ev.hi.push(scores.of(hi));
            }
            ev.up.push(step_or_none(timeline.up(k)));
            ev.prev.push(step_or_none(timeline.prev(k)));
        }
        let mut items = ItemData::default();
        for (i, it) in view.items().iter().enumerate() {
            items.id.push(match it {
                super::view::Item::Node(id) => *id as i64,
                super::view::Item::Stub { .. } => -1,
            });
            items.parent.push(view.parent(i as u32).map_or(-1, |p| p as i64));
        }
        PageData {
            algo: trace.algorithm.name(),
            windowed: trace.algorithm.has_window(),
            range,
            game: trace.input.game.as_deref(),
            scores: scores.texts(),
            labels,
            n: d,
            cut,
            ev,
            chunk: NARRATION_CHUNK,
            items,
            boards: board_files,
            mcts: super::html_mcts::MctsData::new(trace),
        }
    }
}

/// The value an event carries, if it carries one.
fn event_value(e: &Event) -> Option<Score> {
    match *e {
        Event::Eval { value, .. } | Event::Update { value, .. } | Event::Exit { value, .. } => Some(value),
        Event::TtHit { value, .. } | Event::TtStore { value, .. } | Event::PassEnd { value, .. } => {
            Some(value)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{Input, RunOptions};
    use crate::search::Algorithm;

    fn trace(tree: &str, algo: Algorithm) -> Trace {
        Input::from_tree_text(tree, None).unwrap().trace(algo, &RunOptions::default()).unwrap()
    }

    #[test]
    fn script_json_cannot_close_the_script_and_parses_back() {
        let nasty = ["</script><script>alert(1)</script>", "<!--", "a & b > c", "\u{2028}x\u{2029}", "\"'\\"];
        let s = json_for_script(&nasty);
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('&'));
        assert!(!s.contains('\u{2028}') && !s.contains('\u{2029}'));
        let back: Vec<String> = serde_json::from_str(&s).unwrap();
        assert_eq!(back, nasty);
    }

    #[test]
    fn the_page_holds_narration_pseudocode_and_the_tree() {
        let t = trace("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", Algorithm::AlphaBeta);
        let p = page(&t, &ViewOptions::default(), &PageOptions::default());
        let html = &p.html;
        // Every sentence, as narrate() wrote it (JSON-escaped only where needed).
        for k in 0..t.events.len() {
            let sentence = json_for_script(&crate::trace::narration::narrate(&t, k));
            assert!(html.contains(&sentence[1..sentence.len() - 1]), "step {k}");
        }
        for line in t.algorithm.lines() {
            assert!(html.contains(line), "{line}");
        }
        let c = t.child_at(0, 1).unwrap();
        assert!(html.contains(&format!(r#"id="n{c}""#)) && html.contains(r#"data-id="0""#));
        assert!(html.contains(r#"class="value""#) && html.contains(r#"class="window""#));
        // Counts, and the comparison with minimax (13 nodes, 9 leaves).
        assert!(html.contains("visits 11 of the 13 nodes minimax visits (15% fewer)"), "{html}");
        assert!(html.contains("evaluates 7 of its 9 leaves (22% fewer)"));
        assert_eq!(html.matches("<script").count(), 3, "data, one narration chunk, the stepper");
    }

    #[test]
    fn page_data_columns_line_up() {
        let t =
            trace("((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))", Algorithm::AlphaBeta);
        let view = View::new(&t, &ViewOptions::default());
        let d = PageData::new(&t, &view, None);
        let n = t.nodes.len();
        for col in [&d.n.v, &d.n.ai, &d.n.bi, &d.n.ao, &d.n.bo, &d.n.pre, &d.n.enter, &d.n.fin, &d.n.cut_at] {
            assert_eq!(col.len(), n);
        }
        for col in [&d.ev.node, &d.ev.child, &d.ev.v, &d.ev.focus, &d.ev.up, &d.ev.prev] {
            assert_eq!(col.len(), t.events.len());
        }
        assert_eq!(d.cut.node.len(), t.cutoffs().len());
        assert_eq!(d.items.id.len(), view.len());
        assert_eq!(d.scores.first().map(String::as_str), Some("−∞"));
        assert_eq!(d.scores.last().map(String::as_str), Some("+∞"));
        // In alpha-beta the window a parent holds when a child is entered is the child's entry
        // window: the stack the page builds from `up` agrees with the summaries.
        for (k, e) in t.events.iter(&t.nodes).enumerate() {
            if let Event::Enter { node, .. } = e
                && d.ev.up[k] >= 0
            {
                let up = d.ev.up[k] as usize;
                assert_eq!(d.ev.focus[up], t.node(node).parent as i64, "step {k}");
                assert_eq!(
                    (d.ev.a[up], d.ev.b[up]),
                    (d.n.ai[node as usize], d.n.bi[node as usize]),
                    "step {k}"
                );
            }
        }
    }

    #[test]
    fn narration_is_chunked() {
        let input = Input::Random(crate::game::random::RandomTree {
            branching: 3,
            depth: 7,
            seed: 1,
            values: (0, 20),
            ordering: crate::game::random::Ordering::Natural,
            root_player: Player::Max,
        });
        let t = input.trace(Algorithm::Minimax, &RunOptions::default()).unwrap();
        assert!(t.events.len() > NARRATION_CHUNK);
        let p = page(&t, &ViewOptions::default(), &PageOptions::default());
        let chunks = t.events.len().div_ceil(NARRATION_CHUNK);
        for k in 0..chunks {
            assert!(p.html.contains(&format!(r#"id="say-{k}""#)));
        }
        assert!(!p.html.contains(&format!(r#"id="say-{chunks}""#)));
    }

    #[test]
    fn games_get_deduplicated_boards() {
        use crate::game::tictactoe::{TicTacToe, TttEval};
        let input = Input::game(TicTacToe::new(TttEval::OpenLines), Some(2));
        let t = input.trace(Algorithm::Minimax, &RunOptions::default()).unwrap();
        let p = page(&t, &ViewOptions::default(), &PageOptions::default());
        // 1 + 9 + 72 nodes, all different positions.
        assert_eq!(p.files.len(), 82);
        assert!(p.files.iter().all(|f| f.path.starts_with("boards/") && f.path.ends_with(".svg")));
        assert_eq!(p.files[0].bytes, TicTacToe::new(TttEval::Win).svg_board().into_bytes());
    }
}
