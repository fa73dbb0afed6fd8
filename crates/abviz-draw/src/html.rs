//! The HTML page of a search: a summary, the tree drawn with our own layout (inline SVG, click
//! to fold a subtree, zoom and pan, a tooltip per node) and a stepper that replays the trace's
//! event log with the narration, the call stack with every window and the pseudocode line.
//!
//! The page is rendered with askama (`templates/trace.html`); its stylesheet and script
//! (`assets/page.css`, `assets/narration.js`, `assets/stepper.js`) are written into the page, so
//! it works from `file://` without any network (a site of many pages may share them as files
//! beside the pages and keep each page's drawing and data compressed: [`PageOptions`]). Everything the script needs is computed from the
//! trace — the timeline, every pseudocode line ([`line_for`]) — in compact columns
//! (`html_data.rs`, documented in docs/html.md) and embedded as JSON by the function behind
//! [`json_for_script`], the one that makes data safe inside `<script>`. The script never
//! re-derives the search: it looks things up, and words the narration from them as
//! [`narrate`] does (checked for every step in the browser tests).
//!
//! Game positions are drawn by [`abviz_games::position_svg`] into board files beside the page
//! (`boards/…`), loaded only when a tooltip or the stepper shows them.
//!
//! [`narrate`]: abviz_trace::narration::narrate
//! [`line_for`]: abviz_trace::pseudocode::line_for
//!
//! ```
//! use abviz_draw::html::{PageOptions, page};
//! use abviz_draw::ViewOptions;
//! use abviz_games::tree::ExplicitTree;
//! use abviz_search::{Algorithm, trace};
//!
//! let tree = ExplicitTree::parse("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))").unwrap();
//! let trace = trace(Algorithm::AlphaBeta, &tree, u32::MAX).unwrap();
//! let p = page(&trace, &ViewOptions::default(), &PageOptions::default());
//! assert!(p.html.contains("<svg") && p.html.contains("α-cutoff"));
//! assert!(p.files.is_empty()); // a tree has no boards
//! ```

#[cfg(feature = "html")]
use super::figure::draw;
#[cfg(feature = "html")]
use super::html_data::{BoardData, PackedBoards, PageData};
#[cfg(feature = "html")]
use super::site::SiteFile;
#[cfg(feature = "html")]
use super::view::{LegendKey, View, counted, thousands};
use super::{Exporter, FormatInfo, Kind, Output, ViewOptions};
use crate::DrawError as Error;
#[cfg(feature = "html")]
use abviz_trace::NodeId;
use abviz_trace::Trace;
#[cfg(feature = "html")]
use askama::Template;
#[cfg(feature = "html")]
use serde::Serialize;
#[cfg(feature = "html")]
use std::collections::{BTreeMap, HashMap};

#[cfg(feature = "html")]
/// The most bytes of board pictures written beside one page; boards are chosen root first,
/// then the principal variation, then the shown nodes in visit order.
pub const BOARD_BUDGET: usize = 4 << 20;

#[cfg(feature = "html")]
/// The page's stylesheet (the demo's index and the practice page share it).
pub const CSS: &str = include_str!("../assets/page.css");
#[cfg(feature = "html")]
/// The page's script: the narration's templates, then the stepper that uses them.
const JS: &str = concat!(include_str!("../assets/narration.js"), include_str!("../assets/stepper.js"));

/// Writes the page as a folder: `index.html` and the board pictures it shows (`boards/`).
pub struct HtmlExporter;

impl HtmlExporter {
    /// What the format is.
    pub const INFO: FormatInfo = FormatInfo {
        name: "html",
        aliases: &[],
        help: &[
            "An HTML page with the tree and a stepper: a folder with the page (index.html) and the board pictures it shows.",
        ],
        extensions: &["html", "htm"],
        kind: Kind::Page,
        binary: false,
        streams: false,
        boards: false,
    };
}

#[cfg(feature = "html")]
impl HtmlExporter {
    /// The page `export` writes, to be written as it is produced ([`PageParts::write_html`],
    /// into `index.html`) beside its `files`.
    pub fn export_parts<'a>(&self, trace: &'a Trace, opts: &ViewOptions) -> Result<PageParts<'a>, Error> {
        if trace.nodes().is_empty() {
            return Err(Error::CountsOnly { view: "page" });
        }
        Ok(page_parts(trace, opts, &PageOptions::default()))
    }
}

impl Exporter for HtmlExporter {
    fn export(&self, trace: &Trace, opts: &ViewOptions) -> Result<Output, Error> {
        #[cfg(feature = "html")]
        {
            let page = self.export_parts(trace, opts)?.into_page();
            let mut files = page.files;
            files.push(SiteFile::text("index.html", page.html));
            Ok(Output::Folder(files))
        }
        #[cfg(not(feature = "html"))]
        {
            let _ = opts;
            if trace.nodes().is_empty() {
                return Err(Error::CountsOnly { view: "page" });
            }
            Err(Error::Unavailable { format: "html", feature: "html" })
        }
    }
}

#[cfg(feature = "html")]
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
    /// Keep the board pictures in the page instead of writing one file each: every picture's
    /// SVG is cut after each `>` into parts that the pictures share (a board's grid, a piece on
    /// a point), and the page joins a picture's parts when it shows it. For sites of many pages
    /// with many boards (`abviz play --explain`); `boards` must still be set.
    pub pack_boards: bool,
    /// Keep the tree's drawing and the page data compressed in the page (gzip, in base64), for
    /// the browser to inflate when the page opens (`DecompressionStream`, in every browser
    /// since 2023): a 1,001-node MCTS page of an 8 × 8 Jiu game is 1.95 MB plain and 0.32 MB
    /// packed. For sites of many pages (`abviz play --explain`); a page that is read,
    /// grepped or diffed as text is better left plain.
    pub pack: bool,
    /// Write the page's style sheet and script once, as files at this path prefix
    /// (`Some("")`: `abviz-page.css` and `abviz-page.js` beside the page, in
    /// [`Page::files`]), and link them instead of putting them into every page. None: the page
    /// holds them (one file that works anywhere).
    pub shared_assets: Option<String>,
}

#[cfg(feature = "html")]
impl Default for PageOptions {
    fn default() -> Self {
        PageOptions {
            title: None,
            subtitle: None,
            boards: Some("boards/".into()),
            back: None,
            pack_boards: false,
            pack: false,
            shared_assets: None,
        }
    }
}

#[cfg(feature = "html")]
/// A rendered page and the files it refers to (paths relative to the page's folder).
#[derive(Clone, Debug)]
pub struct Page {
    /// The HTML.
    pub html: String,
    /// Board pictures and other files beside it.
    pub files: Vec<SiteFile>,
}

#[cfg(feature = "html")]
/// Makes `text` safe to embed in HTML inside `<script type="application/json">`: `<`, `>`
/// and `&` become JSON escapes (`\u003c` …), so no `</script>` or `<!--` can appear, and the
/// line separators U+2028/U+2029 are escaped too. `json` must be JSON text, where these
/// characters can only occur inside strings — so the result parses to the same value.
///
/// ```
/// use abviz_draw::html::json_for_script;
/// let s = json_for_script(&serde_json::json!({"name": "</script><b>&"}));
/// assert_eq!(s, r#"{"name":"\u003c/script\u003e\u003cb\u003e\u0026"}"#);
/// ```
pub fn json_for_script<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    write_json_for_script(&mut out, value);
    String::from_utf8(out).expect("escaping keeps UTF-8")
}

#[cfg(feature = "html")]
/// Where the template puts the page data (replaced by [`page`]).
const DATA_MARKER: &str = "\u{1}abviz-data\u{1}";

#[cfg(feature = "html")]
/// [`json_for_script`], appended to `out` as it is serialised (no intermediate string).
fn write_json_for_script<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) {
    serde_json::to_writer(Escaped { buf: out, sink: None }, value).expect("page data serialises");
}

#[cfg(feature = "html")]
/// [`json_for_script`], written into `out` as it is serialised, a chunk at a time.
fn stream_json_for_script<T: Serialize + ?Sized>(
    out: &mut dyn std::io::Write,
    value: &T,
) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(Escaped::CHUNK + 64);
    serde_json::to_writer(Escaped { buf: &mut buf, sink: Some(&mut *out) }, value)?;
    out.write_all(&buf)
}

#[cfg(feature = "html")]
/// Escapes JSON for a `<script>` block as it comes, into `buf`: `<`, `>` and `&` are single
/// bytes and U+2028/U+2029 the only characters encoded as E2 80 A8/A9, so escaping byte by
/// byte is exact. With a `sink`, `buf` is passed on whenever it holds [`Escaped::CHUNK`]
/// bytes, all but its last two (which may begin U+2028 or U+2029).
struct Escaped<'a> {
    buf: &'a mut Vec<u8>,
    sink: Option<&'a mut dyn std::io::Write>,
}

#[cfg(feature = "html")]
impl Escaped<'_> {
    /// How much is escaped before it is passed on to the sink.
    const CHUNK: usize = 1 << 16;
}

#[cfg(feature = "html")]
impl std::io::Write for Escaped<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let out = &mut *self.buf;
        let mut plain = 0;
        for (i, &b) in buf.iter().enumerate() {
            let escape: &[u8] = match b {
                b'<' => b"\\u003c",
                b'>' => b"\\u003e",
                b'&' => b"\\u0026",
                0xA8 | 0xA9 => {
                    // The character's first two bytes are written already (perhaps by the
                    // write before): take them back.
                    out.extend_from_slice(&buf[plain..i]);
                    plain = i + 1;
                    if out.ends_with(&[0xE2, 0x80]) {
                        out.truncate(out.len() - 2);
                        out.extend_from_slice(if b == 0xA8 { b"\\u2028" } else { b"\\u2029" });
                    } else {
                        out.push(b);
                    }
                    continue;
                }
                _ => continue,
            };
            out.extend_from_slice(&buf[plain..i]);
            out.extend_from_slice(escape);
            plain = i + 1;
        }
        out.extend_from_slice(&buf[plain..]);
        if let Some(sink) = &mut self.sink
            && out.len() >= Self::CHUNK
        {
            let done = out.len() - 2;
            sink.write_all(&out[..done])?;
            out.drain(..done);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(feature = "html")]
/// One row of the counts table.
struct CountRow {
    what: &'static str,
    this: String,
    minimax: String,
}

#[cfg(feature = "html")]
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
    /// The search the counts are compared with: "minimax", or "expectimax" with chance nodes.
    reference: &'static str,
    saving: Option<String>,
    /// The folded summary's one line: the algorithm and its counts.
    summary_line: String,
    notes: &'a [String],
    /// The legend's symbols (HTML), in their own panel beside the drawing.
    legend: String,
    svg: String,
    code: Vec<&'a str>,
    /// [`DATA_MARKER`], where the page data goes.
    data: &'static str,
    steps: usize,
    steps_text: String,
    windowed: bool,
    game: bool,
    /// MCTS: the chart of the root children's visit shares (our own SVG).
    mcts_chart: Option<String>,
    mcts: bool,
    css: &'static str,
    js: &'static str,
    /// The shared style sheet ([`PageOptions::shared_assets`]), linked instead of `css`.
    css_href: Option<String>,
    /// The shared script, loaded instead of `js`.
    js_src: Option<String>,
}

#[cfg(feature = "html")]
/// The default title of a page.
pub fn default_title(trace: &Trace) -> String {
    format!("{} — {}", trace.algorithm().title(), trace.input().description)
}

#[cfg(feature = "html")]
/// Renders the page of `trace` with the diagram options `opts`, whole, in memory
/// ([`page_parts`] for a page written as it is produced).
pub fn page(trace: &Trace, opts: &ViewOptions, popts: &PageOptions) -> Page {
    page_parts(trace, opts, popts).into_page()
}

#[cfg(feature = "html")]
/// A page whose HTML is written as it is produced ([`PageParts::write_html`]): its data is
/// serialised straight into the writer, so a big page is never held whole (the 1.1 M-node page
/// of a random tree is 26 MB). What [`page`] makes, and the same bytes.
pub struct PageParts<'a> {
    /// The page up to where its data goes (the drawing of the tree included, unless packed).
    head: String,
    /// The page after its data.
    tail: String,
    data: PageData<'a>,
    /// Packed ([`PageOptions::pack`]): the drawing of the tree, compressed into the page.
    packed_tree: Option<String>,
    /// The data's size, roughly (4–5 bytes per node and event: most columns are runs).
    estimate: usize,
    /// Board pictures and other files beside the page.
    pub files: Vec<SiteFile>,
}

#[cfg(feature = "html")]
impl PageParts<'_> {
    /// About how many bytes the page takes (room reserved for it in memory).
    fn size_hint(&self) -> usize {
        let data = match &self.packed_tree {
            // Packed, only the compressed data and drawing are in the page.
            Some(tree) => tree.len() / 4,
            None => self.estimate,
        };
        self.head.len() + self.tail.len() + data
    }

    /// The page whole, in memory.
    pub fn into_page(self) -> Page {
        let mut html = Vec::with_capacity(self.size_hint());
        self.write_html(&mut html).expect("writing into memory");
        Page { html: String::from_utf8(html).expect("the page is UTF-8"), files: self.files }
    }

    /// Writes the page's HTML into `out`, its data serialised as it is written.
    pub fn write_html(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        out.write_all(self.head.as_bytes())?;
        match &self.packed_tree {
            Some(tree) => {
                let mut json = Vec::with_capacity(self.estimate);
                write_json_for_script(&mut json, &self.data);
                write_packed(out, "abviz-packed-tree", tree.as_bytes())?;
                out.write_all(b"\n")?;
                write_packed(out, "abviz-packed-data", &json)?;
            }
            None => {
                out.write_all(br#"<script type="application/json" id="abviz-data">"#)?;
                stream_json_for_script(out, &self.data)?;
                out.write_all(b"</script>")?;
            }
        }
        out.write_all(self.tail.as_bytes())
    }
}

#[cfg(feature = "html")]
/// Everything of the page of `trace` but its HTML, which [`PageParts::write_html`] writes.
pub fn page_parts<'a>(trace: &'a Trace, opts: &ViewOptions, popts: &PageOptions) -> PageParts<'a> {
    // The answer waits for the last step (or the page's toggle), so the figure does not say it.
    // A multi-pass search draws every pass, so each step's node is on the page.
    let all_passes = opts.all_passes || (opts.pass.is_none() && trace.passes().len() > 1);
    // The legend has its own panel on the page, outside the drawing one pans and zooms.
    let opts = ViewOptions { caption_without_answer: true, all_passes, no_legend: true, ..opts.clone() };
    let view = View::new(trace, &opts);
    let fig = draw(&view, false);
    let mut svg = super::svg::render_page(&view, &fig);
    // Packed, the page starts with an empty tree panel and its data compressed; the script
    // inflates both (`abvizInflated` in assets/narration.js).
    let tree = if popts.pack { std::mem::take(&mut svg) } else { String::new() };
    let (boards, mut files) = match &popts.boards {
        Some(prefix) => boards(trace, &view, prefix, popts.pack_boards),
        None => (None, Vec::new()),
    };
    let data = PageData::new(trace, &view, boards);
    let title = popts.title.clone().unwrap_or_else(|| default_title(trace));
    let subtitle = popts.subtitle.clone().unwrap_or_default();
    let r = trace.result();
    let mut facts = vec![("Algorithm", trace.algorithm().title().to_string(), false)];
    facts.push(("Input", trace.input().description.clone(), false));
    let estimate = if trace.algorithm().features.mcts {
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
    let s = trace.stats();
    let mm = trace.minimax().filter(|_| trace.algorithm().has_window());
    let col = |v: Option<u64>| v.map_or("—".to_string(), thousands);
    let mut counts =
        vec![CountRow { what: "nodes", this: thousands(s.nodes), minimax: col(mm.map(|m| m.nodes)) }];
    if trace.algorithm().features.mcts {
        counts.push(CountRow { what: "iterations", this: thousands(s.iterations), minimax: col(None) });
    } else {
        counts.push(CountRow {
            what: "leaves (evaluations)",
            this: thousands(s.leaves),
            minimax: col(mm.map(|m| m.leaves)),
        });
    }
    if trace.algorithm().has_window() {
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
    // "visits 11 of the 13 nodes minimax visits"; a re-searching algorithm may visit more: "visits
    // 18 nodes, 38% more than the 13 minimax visits".
    // With chance nodes the search that prunes nothing is expectiminimax.
    let reference = if trace.has_chance() { "expectimax" } else { "minimax" };
    let saving = mm.filter(|m| m.nodes > 0 && m.leaves > 0).map(|m| {
        let nodes = if s.nodes <= m.nodes {
            format!(
                "visits {} of the {} nodes {reference} visits ({})",
                thousands(s.nodes),
                thousands(m.nodes),
                percent(s.nodes, m.nodes)
            )
        } else {
            format!(
                "visits {} nodes, {} than the {} {reference} visits,",
                thousands(s.nodes),
                percent(s.nodes, m.nodes),
                thousands(m.nodes)
            )
        };
        let leaves = if s.leaves <= m.leaves {
            format!(
                "evaluates {} of its {} leaves ({})",
                thousands(s.leaves),
                thousands(m.leaves),
                percent(s.leaves, m.leaves)
            )
        } else {
            format!(
                "evaluates {} leaves, {} than its {}",
                thousands(s.leaves),
                percent(s.leaves, m.leaves),
                thousands(m.leaves)
            )
        };
        format!("{} {nodes} and {leaves}.", trace.algorithm().title())
    });
    let summary_line = summary_line(trace, mm.map(|m| m.nodes));
    let mut page = TracePage {
        title: &title,
        subtitle: &subtitle,
        back: popts.back.clone(),
        facts,
        algo_title: trace.algorithm().title(),
        counts,
        compare_minimax: mm.is_some(),
        reference,
        saving,
        summary_line,
        notes: view.notes(),
        legend: legend_html(&view),
        svg,
        code: trace.algorithm().lines(),
        data: DATA_MARKER,
        steps: trace.events().len(),
        steps_text: thousands(trace.events().len() as u64),
        windowed: trace.algorithm().has_window(),
        game: trace.input().game.is_some(),
        mcts_chart: super::html_mcts::share_chart(trace),
        mcts: trace.algorithm().features.mcts,
        css: CSS,
        js: JS,
        css_href: None,
        js_src: None,
    };
    if let Some(prefix) = &popts.shared_assets {
        let (css, js) = (format!("{prefix}{SHARED_CSS}"), format!("{prefix}{SHARED_JS}"));
        files.push(SiteFile::text(css.clone(), CSS));
        files.push(SiteFile::text(js.clone(), JS));
        (page.css, page.js, page.css_href, page.js_src) = ("", "", Some(css), Some(js));
    }
    // The data goes where the template's marker is, written straight into the page (escaped
    // as it is serialised): the page is held once, never its data twice.
    let mut head = page.render().expect("the page template renders");
    // The last marker: user text (titles, names) comes before the data, never after it.
    let at = head.rfind(DATA_MARKER).expect("the template has the data marker");
    let tail = head[at + DATA_MARKER.len()..].to_string();
    head.truncate(at);
    let estimate = 6 * (trace.nodes().len() + trace.events().len()) + (1 << 20);
    PageParts { head, tail, data, packed_tree: popts.pack.then_some(tree), estimate, files }
}

#[cfg(feature = "html")]
/// The shared style sheet's file name ([`PageOptions::shared_assets`]).
pub const SHARED_CSS: &str = "abviz-page.css";

#[cfg(feature = "html")]
/// The shared script's file name ([`PageOptions::shared_assets`]).
pub const SHARED_JS: &str = "abviz-page.js";

#[cfg(feature = "html")]
/// Appends `bytes` gzipped ([`super::site::gzip`]), in base64, as the inert script block `id`
/// (base64 has no `<`, so nothing in it can end the block), with the inflated length in
/// `data-bytes` for the page to check. Deterministic: the same bytes give the same block.
fn write_packed(out: &mut dyn std::io::Write, id: &str, bytes: &[u8]) -> std::io::Result<()> {
    use base64::Engine as _;
    let z = super::site::gzip(bytes);
    write!(out, r#"<script type="application/octet-stream" id="{id}" data-bytes="{}">"#, bytes.len())?;
    out.write_all(base64::engine::general_purpose::STANDARD.encode(z).as_bytes())?;
    out.write_all(b"</script>")
}

#[cfg(feature = "html")]
/// The summary folded to one line: "Alpha-beta (fail-soft) · 36 nodes, 26 leaves, 7 cutoffs ·
/// minimax: 82 nodes" (no answer in it: the root value waits for the last step).
fn summary_line(trace: &Trace, minimax_nodes: Option<u64>) -> String {
    let s = trace.stats();
    let mut line = format!("{} · {}", trace.algorithm().title(), counted(s.nodes, "node", "nodes"));
    if trace.algorithm().features.mcts {
        line.push_str(&format!(", {}", counted(s.iterations, "iteration", "iterations")));
    } else {
        line.push_str(&format!(", {}", counted(s.leaves, "leaf", "leaves")));
    }
    if trace.algorithm().has_window() {
        line.push_str(&format!(", {}", counted(s.cutoffs, "cutoff", "cutoffs")));
    }
    if let Some(n) = minimax_nodes {
        let reference = if trace.has_chance() { "expectimax" } else { "minimax" };
        line.push_str(&format!(" · {reference}: {}", counted(n, "node", "nodes")));
    }
    line
}

#[cfg(feature = "html")]
/// "15%": how much smaller `part` is than `whole`.
/// How `part` compares with `whole`: "15% fewer", or "38% more" (a re-searching algorithm may
/// enter more nodes than minimax).
fn percent(part: u64, whole: u64) -> String {
    let saved = 100.0 * (1.0 - part as f64 / whole as f64);
    let (size, word) = if saved < 0.0 { (-saved, "more") } else { (saved, "fewer") };
    if size > 0.0 && size < 1.0 { format!("{size:.1}% {word}") } else { format!("{size:.0}% {word}") }
}

#[cfg(feature = "html")]
/// Board pictures for the nodes a reader can point at: per node the index of its picture in
/// the returned list of files (deduplicated by position), within [`BOARD_BUDGET`].
fn boards(trace: &Trace, view: &View, prefix: &str, pack: bool) -> (Option<BoardData>, Vec<SiteFile>) {
    if trace.input().game.is_none() || trace.positions().is_none() {
        return (None, Vec::new());
    }
    let mut order: Vec<NodeId> = vec![trace.result_root()];
    order.extend(trace.pv_nodes());
    order.extend(view.items().iter().filter_map(|it| match it {
        super::view::Item::Node(id) => Some(*id),
        super::view::Item::Stub { .. } => None,
    }));
    let mut index = vec![-1i32; trace.nodes().len()];
    // A board is its position and the move that led to it (marked on the board).
    let mut by_position: BTreeMap<(String, Option<String>), i32> = BTreeMap::new();
    let mut files = Vec::new();
    let mut packed = PackedBoards::default();
    let mut parts: HashMap<String, u32> = HashMap::new();
    let mut bytes = 0usize;
    for id in order {
        if index[id as usize] >= 0 {
            continue;
        }
        let Some(pos) = trace.position(id) else { continue };
        let before = trace.parent(id).and_then(|p| trace.position(p));
        let key = (pos, before);
        if let Some(&k) = by_position.get(&key) {
            index[id as usize] = k;
            continue;
        }
        let Some(svg) = super::board::svg_of_node(trace, id) else { continue };
        if bytes + svg.len() > BOARD_BUDGET {
            break;
        }
        bytes += svg.len();
        let k = if pack { packed.runs.len() } else { files.len() } as i32;
        by_position.insert(key, k);
        index[id as usize] = k;
        if pack {
            packed.push(&svg, &mut parts);
        } else {
            files.push(SiteFile::text(format!("{prefix}{k}.svg"), svg));
        }
    }
    let names = files.iter().map(|f| f.path.clone()).collect();
    (Some(BoardData { index, files: names, packed: pack.then_some(packed) }), files)
}

#[cfg(all(test, feature = "html"))]
mod tests {
    use super::*;
    use abviz_search::Algorithm;

    fn trace(tree: &str, algo: Algorithm) -> Trace {
        crate::testing::tree(tree, algo)
    }

    /// Data streamed into a page a chunk at a time is escaped as data escaped whole, also where
    /// a chunk ends inside U+2028 or U+2029 (three bytes each) or just before an escape.
    #[test]
    fn streamed_data_is_escaped_as_data_written_whole() {
        let texts: Vec<String> =
            (0..40_000).map(|i| format!("{}\u{2028}<{}>&\u{2029}x", "é".repeat(i % 7), i)).collect();
        let mut whole = Vec::new();
        write_json_for_script(&mut whole, &texts);
        assert!(whole.len() > 8 * Escaped::CHUNK, "the data spans many chunks");
        let mut streamed = Vec::new();
        stream_json_for_script(&mut streamed, &texts).unwrap();
        assert!(streamed == whole, "streamed and whole data differ");
        assert!(!whole.windows(3).any(|w| w == [0xE2, 0x80, 0xA8] || w == [0xE2, 0x80, 0xA9]));
        // Written a few bytes at a time (serde_json splits only between characters), so chunks
        // also end inside a character.
        let json = serde_json::to_vec(&texts).unwrap();
        for piece in [1, 2, 7] {
            let (mut buf, mut out) = (Vec::new(), Vec::new());
            let mut e = Escaped { buf: &mut buf, sink: Some(&mut out) };
            for bytes in json.chunks(piece) {
                std::io::Write::write_all(&mut e, bytes).unwrap();
            }
            out.extend_from_slice(&buf);
            assert!(out == whole, "written {piece} bytes at a time, the data differs");
        }
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
        // The page words alpha-beta's events itself (tests/browser/pages.rs checks every sentence).
        for k in 0..t.events().len() {
            assert!(!html.contains(&abviz_trace::narration::narrate(&t, k)), "step {k} is not stored");
        }
        for line in t.algorithm().lines() {
            assert!(html.contains(line), "{line}");
        }
        let c = t.child_at(0, 1).unwrap();
        assert!(html.contains(&format!(r#"id="n{c}""#)) && html.contains(r#"data-id="0""#));
        assert!(html.contains(r#"class="value""#) && html.contains(r#"class="window""#));
        // Counts, and the comparison with minimax (13 nodes, 9 leaves).
        assert!(html.contains("visits 11 of the 13 nodes minimax visits (15% fewer)"), "{html}");
        assert!(html.contains("evaluates 7 of its 9 leaves (22% fewer)"));
        assert_eq!(html.matches("<script").count(), 2, "the data, the script");
    }

    #[test]
    fn games_get_deduplicated_boards() {
        use abviz_games::tictactoe::{TicTacToe, TttEval};
        let t = crate::testing::game(TicTacToe::new(TttEval::OpenLines), "tictactoe", 2, Algorithm::Minimax);
        let p = page(&t, &ViewOptions::default(), &PageOptions::default());
        // 1 + 9 + 72 nodes, all different positions.
        assert_eq!(p.files.len(), 82);
        assert!(p.files.iter().all(|f| f.path.starts_with("boards/") && f.path.ends_with(".svg")));
        assert_eq!(p.files[0].bytes, TicTacToe::new(TttEval::Win).svg_board().into_bytes());
        // Kept in the page instead: no files, and every picture joins back to its file's bytes.
        let packed =
            page(&t, &ViewOptions::default(), &PageOptions { pack_boards: true, ..Default::default() });
        assert!(packed.files.is_empty());
        let (data, _) = boards(&t, &View::new(&t, &ViewOptions::default()), "boards/", true);
        let kept = data.unwrap().packed.unwrap();
        assert_eq!(kept.runs.len(), 82);
        for (k, file) in p.files.iter().enumerate() {
            assert_eq!(kept.svg(k).as_bytes(), file.bytes.as_slice(), "board {k}");
        }
        // The pictures share their grid: far fewer parts than the pictures have in all.
        let total: u32 = kept.runs.iter().flat_map(|r| r.chunks(2).map(|c| c[1])).sum();
        assert!(kept.parts.len() * 4 < total as usize, "{} parts of {total}", kept.parts.len());
        assert!(packed.html.contains("\"packed_boards\":{\"parts\":["), "the page holds them");
    }

    /// A packed block's bytes, read back as the page's script reads them (base64, then gzip).
    fn unpacked(html: &str, id: &str) -> String {
        use base64::Engine as _;
        use std::io::Read as _;
        let open = format!(r#"<script type="application/octet-stream" id="{id}" data-bytes=""#);
        let start = html.find(&open).unwrap_or_else(|| panic!("no block {id}")) + open.len();
        let (len, rest) = html[start..].split_once(r#"">"#).unwrap();
        let b64 = &rest[..rest.find("</script>").unwrap()];
        let z = base64::engine::general_purpose::STANDARD.decode(b64).expect("base64");
        let mut text = String::new();
        flate2::read::GzDecoder::new(z.as_slice()).read_to_string(&mut text).expect("gzip");
        assert_eq!(text.len(), len.parse::<usize>().unwrap(), "{id}: data-bytes is the inflated length");
        text
    }

    #[test]
    fn a_packed_page_inflates_to_the_plain_page() {
        use abviz_games::tictactoe::{TicTacToe, TttEval};
        let t =
            crate::testing::game(TicTacToe::new(TttEval::OpenLines), "tictactoe", 2, Algorithm::AlphaBeta);
        let plain =
            page(&t, &ViewOptions::default(), &PageOptions { pack_boards: true, ..Default::default() });
        let popts = PageOptions {
            pack_boards: true,
            pack: true,
            shared_assets: Some("assets/".into()),
            ..Default::default()
        };
        let packed = page(&t, &ViewOptions::default(), &popts);
        let (tree, data) =
            (unpacked(&packed.html, "abviz-packed-tree"), unpacked(&packed.html, "abviz-packed-data"));
        assert!(tree.starts_with("<svg") && tree.contains(r#"id="tree""#), "{tree}");
        assert!(!packed.html.contains(r#"id="tree""#) && !packed.html.contains(r#"id="abviz-data""#));
        // Put back where the script puts them (the drawing into the tree panel, the data into
        // its block), with the script and style sheet inline again, it is the plain page.
        let html = &packed.html;
        let start = html.find(r#"<script type="application/octet-stream" id="abviz-packed-tree""#).unwrap();
        let end = html.rfind(r#"<script src="#).unwrap() - 1;
        let data_block = format!(r#"<script type="application/json" id="abviz-data">{data}</script>"#);
        let rebuilt = format!("{}{data_block}{}", &html[..start], &html[end..])
            .replace(
                r#"<link rel="stylesheet" href="assets/abviz-page.css">"#,
                &format!("<style>\n{CSS}\n</style>"),
            )
            .replace(r#"<script src="assets/abviz-page.js"></script>"#, &format!("<script>\n{JS}\n</script>"))
            .replace(
                "<div class=\"tree-box\" id=\"tree-box\">\n\n",
                &format!("<div class=\"tree-box\" id=\"tree-box\">\n{tree}\n"),
            );
        assert!(rebuilt == plain.html, "the packed page, put back, differs from the plain page");
        // The script and style sheet are files beside the page, linked.
        assert!(packed.html.contains(r#"<link rel="stylesheet" href="assets/abviz-page.css">"#));
        assert!(packed.html.contains(r#"<script src="assets/abviz-page.js"></script>"#));
        assert!(!packed.html.contains("function abvizInflated") && !packed.html.contains(".trace-page"));
        let file = |name: &str| packed.files.iter().find(|f| f.path == name).map(|f| f.bytes.clone());
        assert_eq!(file("assets/abviz-page.js"), Some(JS.as_bytes().to_vec()));
        assert_eq!(file("assets/abviz-page.css"), Some(CSS.as_bytes().to_vec()));
        // Much smaller, and the same every time.
        assert!(packed.html.len() * 3 < plain.html.len(), "{} vs {}", packed.html.len(), plain.html.len());
        assert_eq!(page(&t, &ViewOptions::default(), &popts).html, packed.html);
    }
}

#[cfg(feature = "html")]
/// The page's legend: each symbol the figure uses, as a small picture of its own with its words,
/// in HTML that wraps to the panel it sits in, so no part of it is ever cut off (the page keeps
/// it outside the drawing one pans and zooms).
fn legend_html(view: &View) -> String {
    let mut out = String::new();
    for key in view.legend() {
        let mut prims = Vec::new();
        let w = super::legend::legend_symbol(view, key, 1.0, 0.0, &mut prims) + 2.0;
        let class = match key {
            LegendKey::AlphaCut => "key alpha",
            LegendKey::BetaCut => "key beta",
            _ => "key",
        };
        out.push_str(&format!(
            r#"<span class="{class}"><svg width="{w}" height="18" viewBox="0 -9 {w} 18" aria-hidden="true">{}</svg>{}</span> "#,
            super::svg::fragment(&prims).trim_end(),
            super::svg::escape_xml(&view.legend_text(key))
        ));
    }
    out
}
