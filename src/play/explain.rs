//! Writes each computer decision as files a student can open: an HTML page with the tree and
//! the stepper (the boards it shows, its drawing and its data kept inside it, compressed), the
//! JSON trace (compact layout, gzipped), the annotated text tree and a Graphviz graph
//! (gzipped), plus an index page for the game; the pages share one script and style sheet.

use crate::Error;
use crate::export::html::{PageOptions, page};
use crate::export::html::{SHARED_CSS, SHARED_JS};
use crate::export::site::{SiteFile, gzip};
use crate::export::{Format, ViewOptions};
use crate::output::site::write_files;
use crate::play::Decision;
use crate::trace::Trace;
use askama::Template;
use std::path::{Path, PathBuf};

/// One explained decision, as listed on the index page.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Ply number of the computer's move (1-based).
    pub ply: usize,
    /// Who moved ("X", "O", ...).
    pub player: String,
    /// The move.
    pub mv: String,
    /// The expected value.
    pub value: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Depth searched.
    pub depth: u32,
    /// The files written, as (label, file name).
    pub files: Vec<(String, String)>,
    /// Taken back with `undo` (the game went on differently).
    pub undone: bool,
}

impl Entry {
    /// The depth as the index shows it: a dash for a search without a depth limit (MCTS).
    pub fn depth_text(&self) -> String {
        if self.depth == u32::MAX { "—".to_string() } else { self.depth.to_string() }
    }
}

#[derive(Template)]
#[template(path = "play_index.html")]
struct IndexPage<'a> {
    title: &'a str,
    entries: &'a [Entry],
    /// How the game ended, once it has (empty before).
    result: &'a str,
}

/// Writes explanations into one folder.
#[derive(Clone, Debug)]
pub struct Explainer {
    dir: PathBuf,
    entries: Vec<Entry>,
    result: String,
    /// The pages' shared script and style sheet are written (with the first page).
    shared_written: bool,
}

impl Explainer {
    /// Explanations go to `dir` (created when the first one is written).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Explainer { dir: dir.into(), entries: Vec::new(), result: String::new(), shared_written: false }
    }

    /// `abviz-explain/`, used when `explain` is typed without `--explain DIR`.
    pub fn default_dir() -> Self {
        Self::new("abviz-explain")
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The decisions written so far.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Writes decision `d` (the computer's move at ply `ply`), whose recorded search is `trace`,
    /// and refreshes the index; returns the path of its HTML page.
    pub fn write(&mut self, ply: usize, d: &Decision, trace: &Trace, player: &str) -> Result<PathBuf, Error> {
        std::fs::create_dir_all(&self.dir).map_err(|source| Error::Io { path: self.dir.clone(), source })?;
        let stem = format!("move-{ply:02}");
        let mv = d.result.best_move.clone().unwrap_or_default();
        let popts = PageOptions {
            title: Some(format!("Move {ply}: {player} plays {mv}")),
            subtitle: Some(format!("The search behind the computer's move: {}", trace.input().description)),
            boards: Some(format!("boards/{stem}/")),
            back: Some(("index.html".into(), "all of the computer's decisions".into())),
            // A game's site holds a page per move, each with hundreds of boards: kept in the
            // pages, they share their parts instead of being tens of thousands of files.
            pack_boards: true,
            // A page per move, each with a tree of up to thousands of nodes: the drawing and
            // the data compressed (an 8 × 8 Jiu game: 152.5 MB of pages plain, 21.7 MB
            // packed), the script and style sheet written once for the whole site.
            pack: true,
            shared_assets: Some(String::new()),
        };
        let p = page(trace, &ViewOptions::default(), &popts);
        let html_name = format!("{stem}.html");
        let mut site = p.files;
        site.push(SiteFile::text(html_name.clone(), p.html));
        let mut files = vec![("page".to_string(), html_name.clone())];
        // The trace in its compact layout (columns of numbers), gzipped like the Graphviz graph
        // (`abviz render` reads it as it is; `zcat` gives the graph to `dot`): a whole game's
        // traces and graphs were most of the site's bytes. The text tree stays plain, to read.
        let (readable, compact) =
            (ViewOptions::default(), ViewOptions { compact: true, ..ViewOptions::default() });
        for (format, ext) in [(Format::Json, "json.gz"), (Format::Text, "txt"), (Format::Dot, "dot.gz")] {
            let name = format!("{stem}.{ext}");
            let opts = if format == Format::Json { &compact } else { &readable };
            let out = format.exporter().export(trace, opts)?;
            let bytes = out.into_bytes().expect("JSON, text and DOT are one file each");
            let gzipped = ext.ends_with(".gz");
            let bytes = if gzipped { gzip(&bytes) } else { bytes };
            site.push(SiteFile { path: name.clone(), bytes });
            // The link says what the file is: a gzipped one is downloaded, not shown.
            let label = if gzipped { format!("{format}.gz") } else { format.to_string() };
            files.push((label, name));
        }
        // The shared script and style sheet come with every page: written with the first.
        if self.shared_written {
            site.retain(|f| f.path != SHARED_CSS && f.path != SHARED_JS);
        }
        write_files(&self.dir, &site)?;
        self.shared_written = true;
        let main = self.dir.join(html_name);
        let entry = Entry {
            ply,
            player: player.to_string(),
            mv: d.result.best_move.clone().unwrap_or_default(),
            value: d.value().to_string(),
            nodes: d.stats.nodes,
            depth: d.depth,
            files,
            undone: false,
        };
        // A decision made again at the same ply (after an undo) replaces the old one.
        self.entries.retain(|e| e.ply != ply);
        self.entries.push(entry);
        self.entries.sort_by_key(|e| e.ply);
        self.write_index()?;
        Ok(main)
    }

    /// Marks the decisions after ply `ply` as taken back (`undo`) and rewrites the index; their
    /// files stay, struck through in the index.
    pub fn undone_after(&mut self, ply: usize) -> Result<(), Error> {
        let mut changed = false;
        for e in self.entries.iter_mut().filter(|e| e.ply > ply && !e.undone) {
            e.undone = true;
            changed = true;
        }
        if changed { self.write_index() } else { Ok(()) }
    }

    /// Writes how the game ended (`result`) under the index's table.
    pub fn finish(&mut self, result: &str) -> Result<(), Error> {
        self.result = result.to_string();
        std::fs::create_dir_all(&self.dir).map_err(|source| Error::Io { path: self.dir.clone(), source })?;
        self.write_index()
    }

    fn write_index(&self) -> Result<(), Error> {
        let page = IndexPage {
            title: "abviz — the computer's decisions",
            entries: &self.entries,
            result: &self.result,
        };
        let html =
            page.render().map_err(|e| Error::Usage(format!("could not render the index page: {e}")))?;
        write_files(&self.dir, &[SiteFile::text("index.html", html)])
    }
}
