//! Figures for a lecturer's own deck (issue 47, items 1 and 2): `--tikz-body` figures and a step
//! sequence `\input` into beamer decks that load `abviz.sty` compile with pdflatex, in beamer's
//! default theme and in Madrid; a coarse step sequence stays short; and no label of a step
//! sequence shows before the timeline knows it, read back from the `\only<k->` overlays.

use abviz::export::view::View;
use abviz::export::{Format, Grain, ViewOptions, escape_latex};
use abviz::game::named_trees;
use abviz::input::{Input, RunOptions};
use abviz::search::Algorithm;
use abviz::trace::{NodeId, Seen, Trace};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

fn named(name: &str, algo: Algorithm) -> Trace {
    let tree = named_trees::find(name).unwrap().notation;
    Input::from_tree_text(tree, None).unwrap().trace(algo, &RunOptions::default()).unwrap()
}

fn tikz(trace: &Trace, opts: &ViewOptions) -> String {
    String::from_utf8(Format::Tikz.export(trace, opts).unwrap().into_bytes().unwrap()).unwrap()
}

/// `abviz run` with `args`, which must succeed.
fn abviz(args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_abviz")).arg("run").args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// The overlays' count: the highest overlay any `\only<k…>` names.
fn overlays(tex: &str) -> u32 {
    tex.lines()
        .filter_map(|l| only(l).map(|(from, until, _)| until.unwrap_or(from).max(from)))
        .max()
        .unwrap_or(1)
}

/// `\only<a->{x}`, `\only<a-b>{x}` or `\only<a>{x}`: (a, the last overlay or None for open, x).
fn only(line: &str) -> Option<(u32, Option<u32>, &str)> {
    let rest = line.strip_prefix(r"\only<")?;
    let (range, body) = rest.split_once(">{")?;
    let body = body.strip_suffix('}')?;
    let (from, until) = match range.split_once('-') {
        Some((a, "")) => (a.parse().ok()?, None),
        Some((a, b)) => (a.parse().ok()?, Some(b.parse().ok()?)),
        None => (range.parse().ok()?, Some(range.parse().ok()?)),
    };
    Some((from, until, body))
}

/// What a `\node[…, font=\abvizfont{SIZE}…] at (x,y) {TEXT};` line sets: its kind, told by its
/// size (values 9 pt, windows and ranges 8.3 pt, visit order 7.5 pt, names 9.8 pt), and TEXT.
fn node_text(line: &str) -> Option<(Kind, &str)> {
    let (head, text) = line.split_once(") {")?;
    head.starts_with(r"\node[").then_some(())?;
    let size = head.split_once(r"\abvizfont{")?.1.split('}').next()?;
    let kind = match size {
        "9" => Kind::Value,
        "8.3" => Kind::Beside,
        "7.5" => Kind::Order,
        _ => Kind::Other,
    };
    Some((kind, text.strip_suffix("};")?))
}

/// The kinds of text drawn at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Its value, in the shape.
    Value,
    /// Its window or range, beside it.
    Beside,
    /// Its visit order.
    Order,
    /// Its name.
    Other,
}

/// A text drawn at a node: the overlays it shows in (from, until; None: to the end), its kind
/// and the text.
type Shown = (u32, Option<u32>, Kind, String);

/// Every text drawn beside or in each node, by node id. Texts outside `\only` show always.
fn node_texts(tex: &str) -> BTreeMap<NodeId, Vec<Shown>> {
    let mut out: BTreeMap<NodeId, Vec<_>> = BTreeMap::new();
    let mut node: Option<NodeId> = None;
    for line in tex.lines() {
        if let Some(rest) = line.strip_prefix("% ") {
            node = rest.strip_prefix("node n").and_then(|r| r.split(' ').next()?.parse().ok());
            continue;
        }
        let Some(id) = node else { continue };
        let (from, until, body) = only(line).unwrap_or((1, None, line));
        if let Some((kind, text)) = node_text(body) {
            out.entry(id).or_default().push((from, until, kind, text.to_string()));
        }
    }
    out
}

/// Checks that every label of every node of `trace`'s step sequence at `grain` shows only once the
/// timeline knows it: its value once its final value is known; a window or range only if the
/// timeline gave the node that window or range by then (and with ranges, for a node searched
/// once, exactly the latest); the post-order number once the node returned.
fn no_label_before_its_step(what: &str, trace: &Trace, labels: &str, grain: Grain) {
    let opts = ViewOptions {
        tikz_steps: true,
        step_grain: grain,
        labels: labels.parse().unwrap(),
        ..ViewOptions::default()
    };
    let tex = tikz(trace, &opts);
    let timeline = trace.timeline();
    let stops = timeline.stops(grain);
    let last = stops.len() as u32 + 1;
    assert_eq!(overlays(&tex), last, "{what}: one overlay per stop and the finished search");
    // The step overlay k shows the state after.
    let step_of = |k: u32| stops.get(k as usize - 1).map_or(timeline.last(), |&s| s as usize);
    let view = View::new(trace, &opts);
    let texts = node_texts(&tex);
    let range = opts.labels.range;
    let mut checked = 0;
    for i in 0..view.len() as u32 {
        let Some(id) = abviz::export::figure::item_node(&view, i) else { continue };
        let label = view.label(i);
        let s = trace.summary(id);
        let final_value = (s.value, s.bound);
        let value_text = label.value.as_deref().map(escape_latex);
        // What the timeline gave the node by step `at`: each (window or range) of its own steps.
        let given = |at: usize| -> Vec<String> {
            (0..=at)
                .filter(|&k| timeline.focus(k) == id)
                .map(|k| {
                    let (a, b) = if range { timeline.range(k) } else { timeline.window(k) };
                    escape_latex(&format!("[{a}, {b}]"))
                })
                .collect()
        };
        for k in 1..=last {
            let at = step_of(k);
            // A value is known once final; a never-searched leaf's (given with the tree) once the
            // cutoff that pruned it shows it.
            let known = match trace.node(id).visited() {
                true => {
                    timeline.value_at(id, at) == Some(final_value) && timeline.seen(id, at) == Seen::Valued
                }
                false => trace.steps_of(id).pruned as usize <= at,
            };
            let visible = texts
                .get(&id)
                .into_iter()
                .flatten()
                .filter(|(from, until, _, _)| *from <= k && until.is_none_or(|u| k <= u));
            for (_, _, kind, text) in visible {
                checked += 1;
                match kind {
                    Kind::Value => {
                        assert_eq!(Some(text), value_text.as_ref(), "{what}: node {id}'s value");
                        assert!(
                            known,
                            "{what}: node {id}'s value {text} shows in overlay {k}, before step {}",
                            at + 1
                        );
                    }
                    // "[α, β] → [α', β']" (entry and exit) and "w1, again w2" (every visit) say
                    // what only the return knows.
                    Kind::Beside if text.contains(r"$\to$") || text.contains("again") => {
                        assert!(known, "{what}: node {id} shows {text} in overlay {k}, before it returned");
                    }
                    Kind::Beside => {
                        let so_far = given(at);
                        let plain = s.visits <= 1 && s.link == abviz::trace::NONE;
                        if plain || !known {
                            assert!(
                                so_far.contains(text),
                                "{what}: node {id} shows {text} in overlay {k}; by step {} the timeline gave it {so_far:?}",
                                at + 1
                            );
                        }
                        if plain && range {
                            assert_eq!(Some(text), so_far.last(), "{what}: node {id}'s range in overlay {k}");
                        }
                    }
                    Kind::Order => {
                        if let Some((_, post)) = text.split_once('/') {
                            assert!(
                                known,
                                "{what}: node {id}'s post-order number {post} shows in overlay {k}"
                            );
                        }
                    }
                    Kind::Other => {}
                }
            }
        }
    }
    assert!(checked > 0, "{what}: no label read back");
}

#[test]
fn no_label_shows_before_the_timeline_knows_it() {
    let trees = [
        ("aima", Algorithm::AlphaBetaSoft),
        ("wikipedia", Algorithm::AlphaBeta),
        ("geeksforgeeks", Algorithm::NegamaxAb),
        ("aima-min", Algorithm::Pvs),
        ("star1", Algorithm::Star1),
    ];
    for (name, algo) in trees {
        let trace = named(name, algo);
        for (labels, grain) in [
            ("value,range,pre,post", Grain::Coarse),
            ("value,range", Grain::Fine),
            ("value,bounds,pre", Grain::Medium),
            ("value,bounds-in,bounds-out,pre,post", Grain::Coarse),
        ] {
            no_label_before_its_step(
                &format!("{name} {algo:?} --labels {labels} --steps {grain:?}"),
                &trace,
                labels,
                grain,
            );
        }
    }
}

#[test]
fn aimas_coarse_steps_are_few_and_give_nothing_away() {
    let trace = named("aima", Algorithm::AlphaBetaSoft);
    let counts: Vec<u32> = [Grain::Coarse, Grain::Medium, Grain::Fine]
        .into_iter()
        .map(|g| {
            let opts = ViewOptions { tikz_steps: true, step_grain: g, ..ViewOptions::default() };
            overlays(&tikz(&trace, &opts))
        })
        .collect();
    assert!(counts[0] <= 15, "AIMA's coarse sequence has {} overlays", counts[0]);
    assert!(counts[0] < counts[1] && counts[1] < counts[2], "{counts:?}");
    assert_eq!(counts[2] as usize, trace.events().len() + 1, "fine: one overlay per event, as --tikz-steps");
    // The issue's case: A's [3, 3] and B's final range wait for their returns.
    let opts = ViewOptions {
        tikz_steps: true,
        step_grain: Grain::Coarse,
        labels: "value,range".parse().unwrap(),
        ..ViewOptions::default()
    };
    let tex = tikz(&trace, &opts);
    let root = &node_texts(&tex)[&0];
    let a = root.iter().find(|(_, _, _, t)| t == "[3, 3]").expect("A's final range");
    assert_eq!(a.0, counts[0] - 1, "A's range is final in the overlay where A returns, the last but one");
    // Without steps the caption gives the value; a slide's compact legend has no caption (the
    // first line, a TeX comment, still names the search).
    let drawn: Vec<&str> = tex.lines().filter(|l| !l.starts_with('%')).collect();
    assert!(!drawn.iter().any(|l| l.contains("value 3")), "the answer is not on the slide");
}

fn pdflatex(dir: &Path, name: &str) -> String {
    let out = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape"])
        .arg(format!("{name}.tex"))
        .current_dir(dir)
        .output()
        .unwrap();
    let log = std::fs::read_to_string(dir.join(format!("{name}.log"))).unwrap_or_default();
    assert!(out.status.success(), "{name}: pdflatex failed:\n{}", &log[log.len().saturating_sub(3000)..]);
    let bad: Vec<&str> =
        log.lines().filter(|l| l.contains("Overfull") || l.contains("Font Warning")).collect();
    assert!(bad.is_empty(), "{name}: {}", bad.join("\n"));
    log
}

/// Three figures and a coarse step sequence, written by the command line with `--tikz-body`
/// (abviz.sty beside them), `\input` into two decks — beamer's default theme and Madrid — that
/// compile with pdflatex: every figure fits its frame, the step frame carries its title and
/// has one page per overlay.
#[test]
fn figures_and_steps_drop_into_a_beamer_deck() {
    if !crate::diagrams::have("pdflatex", "--version") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let at = |f: &str| dir.path().join(f).to_string_lossy().into_owned();
    abviz(&["--tree", "aima", "-f", "tikz", "--tikz-body", "-o", &at("aima.tex")]);
    abviz(&["--tree", "wikipedia", "-f", "tikz", "--tikz-body", "-o", &at("wikipedia.tex")]);
    abviz(&["--tree", "aima-5.12", "-f", "tikz", "--tikz-body", "--no-legend", "-o", &at("chance.tex")]);
    // A small tree's coarse steps (AIMA's sequence is checked overlay by overlay above): each
    // overlay is a page pdflatex sets, and the test keeps to a few seconds.
    let steps_args =
        ["--tree", "A:(B:(3 12) C:(2 4))", "--labels", "value,range,pre", "-f", "tikz", "--tikz-body"];
    abviz(
        &[
            &steps_args[..],
            &["--steps", "coarse", "--title", "Alpha-beta's steps, 50% & more", "-o", &at("steps.tex")],
        ]
        .concat(),
    );
    let sty = std::fs::read_to_string(dir.path().join("abviz.sty")).unwrap();
    assert_eq!(sty, abviz::export::abviz_sty(), "abviz.sty is written beside the figures");
    let steps = std::fs::read_to_string(dir.path().join("steps.tex")).unwrap();
    assert!(!steps.contains(r"\documentclass") && !steps.contains("[plain]"), "{steps}");
    assert!(steps.contains(r"\begin{frame}{Alpha-{}beta\textquotesingle{}s steps, 50\% \& more}"), "{steps}");
    let frames = overlays(&steps);
    let decks = [("deck-default", ""), ("deck-madrid", "\\usetheme{Madrid}\n")];
    for (name, theme) in decks {
        let deck = format!(
            "\\documentclass{{beamer}}\n{theme}\\usepackage{{abviz}}\n\\begin{{document}}\n\
             \\begin{{frame}}{{AIMA's tree}}\\input{{aima.tex}}\\end{{frame}}\n\
             \\begin{{frame}}{{Two more}}\\begin{{columns}}\n\
             \\begin{{column}}{{0.5\\textwidth}}\\input{{wikipedia.tex}}\\end{{column}}\n\
             \\begin{{column}}{{0.5\\textwidth}}\\input{{chance.tex}}\\end{{column}}\n\
             \\end{{columns}}\\end{{frame}}\n\
             \\input{{steps.tex}}\n\\end{{document}}\n"
        );
        std::fs::write(dir.path().join(format!("{name}.tex")), deck).unwrap();
    }
    // Both decks at once (pdflatex uses one core).
    let logs: Vec<String> = std::thread::scope(|s| {
        let at = dir.path();
        let runs: Vec<_> = decks.iter().map(|&(name, _)| s.spawn(move || pdflatex(at, name))).collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    for ((name, _), log) in decks.iter().zip(logs) {
        let pages = log.lines().find_map(|l| {
            l.split_once("Output written on ")?.1.split_once(" (")?.1.split(' ').next()?.parse().ok()
        });
        assert_eq!(pages, Some(2 + frames), "{name}: two figure frames and one page per overlay");
    }
}

#[test]
fn the_package_defines_what_the_standalone_preamble_does() {
    let sty = abviz::export::abviz_sty();
    let standalone = tikz(&named("aima", Algorithm::AlphaBeta), &ViewOptions::default());
    for needed in
        [r"\abvizfont", r"\abvizchar", "abvizInk", "abvizAlpha", "abvizBeta", "abvizFaded", "abvizNote"]
    {
        assert!(standalone.contains(needed) && sty.contains(needed), "{needed}");
    }
    assert!(sty.contains(r"\newenvironment{abvizfit}"));
    let body = tikz(
        &named("aima", Algorithm::AlphaBeta),
        &ViewOptions { tikz_body: true, ..ViewOptions::default() },
    );
    assert!(
        body.contains(r"\begin{abvizfit}")
            && !body.contains(r"\documentclass")
            && !body.contains(r"\definecolor")
    );
}
