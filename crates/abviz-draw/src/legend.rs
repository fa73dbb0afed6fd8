//! The legend and caption under a figure, and the narration line of `--tikz-steps`.

use super::view::{LegendKey, NAME_WIDTH, Style, View, clip, one_line};
use crate::prim::{Anchor, Group, PV_WIDTH, Paint, Part, Prim, Reveal, Stroke, font, text_width};
use crate::timing::Timing;
use abviz_trace::Trace;

/// The narration under the tree: one sentence per overlay (its stop's), then the last line.
/// The most characters of a narration line a figure draws.
const NARRATION_WIDTH: usize = 400;

/// A narration sentence as a figure draws it: one line, each word (a name, a move) clipped
/// like a node's name, and the line clipped to [`NARRATION_WIDTH`] — a 20,000-character name
/// would otherwise be set on every overlay of `--tikz-steps`, past TeX's capacity.
fn narration_line(sentence: &str) -> String {
    let words: Vec<String> = one_line(sentence).split(' ').map(|w| clip(w, NAME_WIDTH)).collect();
    clip(&words.join(" "), NARRATION_WIDTH)
}

pub(super) fn narration(trace: &Trace, t: &Timing, x: f64, y: f64) -> (Group, f64) {
    let mut g = Group {
        part: Part::Narration,
        item: None,
        classes: vec!["narration"],
        tooltip: None,
        prims: vec![],
        tags: vec![],
    };
    // One sentence per overlay: its stop's (at the fine grain, every event's).
    for (k, &stop) in t.stops.iter().enumerate() {
        let text = narration_line(&abviz_trace::narration::narrate(trace, stop as usize));
        let step = k as u32 + 1;
        g.prims.push((
            Prim::Text {
                at: (x, y),
                text,
                size: font::LEGEND,
                anchor: Anchor::Start,
                bold: false,
                paint: Paint::Ink,
                halo: false,
            },
            Reveal { from: step, until: Some(step) },
        ));
    }
    g.prims.push((
        Prim::Text {
            at: (x, y),
            text: "Search complete: the principal variation is drawn thick.".into(),
            size: font::LEGEND,
            anchor: Anchor::Start,
            bold: false,
            paint: Paint::Ink,
            halo: false,
        },
        Reveal { from: t.last, until: None },
    ));
    (g, 14.0)
}

/// Draws a legend symbol with its left end at `x`, centred on `y`; returns its width.
pub(super) fn legend_symbol(view: &View, key: LegendKey, x: f64, y: f64, prims: &mut Vec<Prim>) -> f64 {
    let style = view.opts.style;
    let symbol = view.beside_symbol();
    let ink = Stroke::new(Paint::Ink, 1.3, false);
    let faded = Stroke::new(Paint::Faded, 1.3, true);
    match key {
        LegendKey::Max | LegendKey::Min if style == Style::Boxes => {
            if key == LegendKey::Max {
                prims.push(Prim::Rect { at: (x, y - 7.0), w: 14.0, h: 14.0, r: 0.0, stroke: ink });
            } else {
                prims.push(Prim::Circle { c: (x + 7.0, y), r: 7.0, stroke: ink });
            }
            14.0
        }
        LegendKey::Max => {
            prims.push(Prim::Polygon {
                pts: vec![(x + 8.0, y - 7.0), (x + 16.0, y + 7.0), (x, y + 7.0)],
                stroke: ink,
            });
            16.0
        }
        LegendKey::Min => {
            prims.push(Prim::Polygon {
                pts: vec![(x, y - 7.0), (x + 16.0, y - 7.0), (x + 8.0, y + 7.0)],
                stroke: ink,
            });
            16.0
        }
        LegendKey::Chance if style == Style::Boxes => {
            prims.push(Prim::Polygon {
                pts: vec![(x + 8.0, y - 7.0), (x + 16.0, y), (x + 8.0, y + 7.0), (x, y)],
                stroke: ink,
            });
            16.0
        }
        LegendKey::Chance => {
            prims.push(Prim::Circle { c: (x + 7.0, y), r: 7.0, stroke: ink });
            14.0
        }
        LegendKey::Leaf => {
            prims.push(Prim::Rect { at: (x, y - 7.0), w: 14.0, h: 14.0, r: 0.0, stroke: ink });
            14.0
        }
        LegendKey::Pruned => {
            prims.push(Prim::Line { a: (x, y), b: (x + 22.0, y), stroke: faded });
            if style == Style::Boxes {
                prims.push(Prim::Rect { at: (x + 26.0, y - 6.0), w: 12.0, h: 12.0, r: 0.0, stroke: faded });
            } else {
                prims.push(Prim::Polygon {
                    pts: vec![(x + 26.0, y - 6.0), (x + 38.0, y - 6.0), (x + 32.0, y + 6.0)],
                    stroke: faded,
                });
            }
            38.0
        }
        LegendKey::AlphaCut | LegendKey::BetaCut | LegendKey::ChanceCut | LegendKey::Probe => {
            let paint = match key {
                LegendKey::AlphaCut => Paint::Alpha,
                LegendKey::BetaCut => Paint::Beta,
                _ => Paint::Ink,
            };
            prims.push(Prim::Line { a: (x, y), b: (x + 26.0, y), stroke: faded });
            for dx in [10.8, 15.2] {
                prims.push(Prim::Line {
                    a: (x + dx, y - 7.0),
                    b: (x + dx, y + 7.0),
                    stroke: Stroke::new(paint, 2.0, false),
                });
            }
            26.0
        }
        LegendKey::Pv => {
            prims.push(Prim::Line {
                a: (x, y),
                b: (x + 26.0, y),
                stroke: Stroke::new(Paint::Ink, PV_WIDTH, false),
            });
            26.0
        }
        LegendKey::Bounds | LegendKey::Range => {
            let text = if key == LegendKey::Range { "[lo, hi]" } else { symbol };
            prims.push(Prim::Text {
                at: (x, y),
                text: text.into(),
                size: font::BOUNDS,
                anchor: Anchor::Start,
                bold: false,
                paint: Paint::Note,
                halo: false,
            });
            text_width(text, font::BOUNDS, false)
        }
        LegendKey::Order => {
            prims.push(Prim::Circle {
                c: (x + 6.0, y),
                r: 6.0,
                stroke: Stroke::new(Paint::Note, 0.8, false),
            });
            prims.push(Prim::Text {
                at: (x + 6.0, y),
                text: "1".into(),
                size: font::ORDER,
                anchor: Anchor::Middle,
                bold: false,
                paint: Paint::Note,
                halo: false,
            });
            12.0
        }
        LegendKey::Quiescence => {
            let teal = Stroke::new(Paint::Quiesce, 1.3, true);
            prims.push(Prim::Line {
                a: (x, y),
                b: (x + 20.0, y),
                stroke: Stroke::new(Paint::Quiesce, 1.3, false),
            });
            prims.push(Prim::Rect { at: (x + 24.0, y - 6.0), w: 12.0, h: 12.0, r: 0.0, stroke: teal });
            36.0
        }
        LegendKey::Stub => {
            prims.push(Prim::Rect { at: (x, y - 7.0), w: 24.0, h: 14.0, r: 5.0, stroke: faded });
            prims.push(Prim::Text {
                at: (x + 12.0, y),
                text: "⋯".into(),
                size: font::SMALL,
                anchor: Anchor::Middle,
                bold: false,
                paint: Paint::Faded,
                halo: false,
            });
            24.0
        }
    }
}

/// The legend's symbols with their words, in rows from (`left`, `cy`) that wrap before `right`;
/// returns how far right they reach and the last row's centre.
fn key_rows(view: &View, left: f64, mut cy: f64, right: f64, prims: &mut Vec<Prim>) -> (f64, f64) {
    let row_h = 20.0;
    let mut cx = left;
    let mut reach = left;
    let mut row_used = false;
    for key in view.legend() {
        let text = view.legend_text(key);
        let tw = text_width(&text, font::LEGEND, false);
        // Estimate the symbol's width first, to wrap before drawing.
        let mut scratch = Vec::new();
        let sw = legend_symbol(view, key, 0.0, 0.0, &mut scratch);
        let entry = sw + 6.0 + tw;
        if row_used && cx + entry > right {
            cx = left;
            cy += row_h;
        }
        legend_symbol(view, key, cx, cy, prims);
        let paint = match key {
            LegendKey::AlphaCut => Paint::Alpha,
            LegendKey::BetaCut => Paint::Beta,
            LegendKey::Quiescence => Paint::Quiesce,
            _ => Paint::Ink,
        };
        prims.push(Prim::Text {
            at: (cx + sw + 6.0, cy),
            text,
            size: font::LEGEND,
            anchor: Anchor::Start,
            bold: false,
            paint,
            halo: false,
        });
        cx += entry + 18.0;
        reach = reach.max(cx - 18.0);
        row_used = true;
    }
    (reach, cy)
}

/// The compact legend of a slide (`--steps`, `--tikz-body`) at (x, y), at most `max_w` wide:
/// the symbols in rows and the notes, without a frame or the caption (the frame's title says
/// what the figure is, and the caption's value would give the answer away).
pub(super) fn compact(view: &View, x: f64, y: f64, max_w: f64) -> (Group, f64, f64) {
    let mut prims = Vec::new();
    let row_h = 20.0;
    let (right, mut cy) = key_rows(view, x, y + 7.0, x + max_w, &mut prims);
    let mut width = right - x;
    for note in view.notes() {
        cy += row_h;
        prims.push(Prim::Text {
            at: (x, cy),
            text: note.clone(),
            size: font::LEGEND,
            anchor: Anchor::Start,
            bold: false,
            paint: Paint::Note,
            halo: false,
        });
        width = width.max(text_width(note, font::LEGEND, false));
    }
    let height = if prims.is_empty() { 0.0 } else { cy + 7.0 - y };
    let group = Group {
        part: Part::Legend,
        item: None,
        classes: vec!["legend"],
        tooltip: None,
        prims: prims.into_iter().map(|p| (p, Reveal::ALWAYS)).collect(),
        tags: vec![],
    };
    (group, width, height)
}

/// The legend box at (x, y), at most `max_w` wide: caption, symbols in rows, notes.
pub(super) fn legend(view: &View, x: f64, y: f64, max_w: f64) -> (Group, f64, f64) {
    let mut prims = Vec::new();
    let pad = 8.0;
    let row_h = 20.0;
    let caption = view.caption();
    let mut cy = y + pad + 7.0;
    prims.push(Prim::Text {
        at: (x + pad, cy),
        text: caption.clone(),
        size: font::LEGEND,
        anchor: Anchor::Start,
        bold: true,
        paint: Paint::Ink,
        halo: false,
    });
    let mut width = text_width(&caption, font::LEGEND, true) + 2.0 * pad;
    cy += row_h;
    let (right, last_y) = key_rows(view, x + pad, cy, x + max_w - pad, &mut prims);
    width = width.max(right - x + pad);
    cy = last_y;
    for note in view.notes() {
        cy += row_h;
        prims.push(Prim::Text {
            at: (x + pad, cy),
            text: note.clone(),
            size: font::LEGEND,
            anchor: Anchor::Start,
            bold: false,
            paint: Paint::Note,
            halo: false,
        });
        width = width.max(text_width(note, font::LEGEND, false) + 2.0 * pad);
    }
    let height = cy + 10.0 + pad - y - 7.0 + 4.0;
    let mut all = vec![(
        Prim::Rect { at: (x, y), w: width, h: height, r: 4.0, stroke: Stroke::new(Paint::Frame, 1.0, false) },
        Reveal::ALWAYS,
    )];
    all.extend(prims.into_iter().map(|p| (p, Reveal::ALWAYS)));
    (
        Group {
            part: Part::Legend,
            item: None,
            classes: vec!["legend"],
            tooltip: None,
            prims: all,
            tags: vec![],
        },
        width,
        height,
    )
}
