//! The drawing shared by the SVG and TikZ views: shapes, lines and texts placed by the tidy
//! [`Layout`], in CSS pixels with y pointing down. Each format only translates these
//! primitives, so the SVG on screen and the TikZ figure in the lecture notes look alike.
//!
//! Conventions (DESIGN.md): MAX ▲ / MIN ▼ / leaf □ with its value inside (or MAX □ / MIN ○);
//! the name left of a node, [α, β] right of it, the visit order in a small circle at its top
//! left; pruned nodes grey with dashed outlines and dashed edges; each cut edge carries a double
//! stroke, blue for an α-cut and red for a β-cut, and the first one says which in words; the
//! principal variation is drawn thick; a legend and a caption close the figure.

pub use crate::prim::{Anchor, Figure, Group, Paint, Part, Prim, Pt, Reveal, Stroke, font, text_width};

use super::board::{self, BOARD_GAP, Board};
use super::layout::{BBox, Layout, NodeBox, Spacing};
use super::view::{EdgeKind, NodeLabel, RankDir, Shape, Style, View, pass_header};
use crate::prim::PV_WIDTH;
use crate::timing::{Timing, reveal};
use abviz_trace::{CutKind, NodeId};

const EDGE_WIDTH: f64 = 1.3;
const MARGIN: f64 = 12.0;

/// The shape's size and where its value sits.
struct ShapeGeom {
    w: f64,
    h: f64,
    /// Vertical offset of the value's centre from the node's centre.
    text_dy: f64,
}

fn shape_geom(label: &NodeLabel, style: Style) -> ShapeGeom {
    let tw = label.value.as_deref().map_or(0.0, |v| {
        text_width(v, if label.shape == Shape::Stub { font::SMALL } else { font::VALUE }, false)
    });
    match (label.shape, style) {
        (Shape::Stub, _) => ShapeGeom { w: tw + 14.0, h: 20.0, text_dy: 0.0 },
        (Shape::Leaf, _) => ShapeGeom { w: (tw + 10.0).max(26.0), h: 24.0, text_dy: 0.0 },
        (Shape::Max, Style::Triangles) => {
            ShapeGeom { w: ((tw + 6.0) * 1.9).max(38.0), h: 30.0, text_dy: 6.5 }
        }
        (Shape::Min, Style::Triangles) => {
            ShapeGeom { w: ((tw + 6.0) * 1.9).max(38.0), h: 30.0, text_dy: -6.5 }
        }
        (Shape::Max, Style::Boxes) => ShapeGeom { w: (tw + 12.0).max(28.0), h: 28.0, text_dy: 0.0 },
        (Shape::Min, Style::Boxes) => {
            let d = (tw + 12.0).max(30.0);
            ShapeGeom { w: d, h: d, text_dy: 0.0 }
        }
        (Shape::Chance, Style::Triangles) => {
            let d = (tw + 12.0).max(30.0);
            ShapeGeom { w: d, h: d, text_dy: 0.0 }
        }
        (Shape::Chance, Style::Boxes) => ShapeGeom { w: ((tw + 8.0) * 1.7).max(34.0), h: 30.0, text_dy: 0.0 },
    }
}

/// How far out (as a share of the width) a shape's left or right side is at its middle.
fn side_of(label: &NodeLabel, style: Style) -> f64 {
    match (label.shape, style) {
        (Shape::Max | Shape::Min, Style::Triangles) => 0.25,
        _ => 0.5,
    }
}

/// Where the visit-order circle's centre sits below the shape's top (big circles sit higher).
fn order_dy(r: f64) -> f64 {
    1.0 - (r - 7.0).max(0.0)
}

fn order_radius(order: &str) -> f64 {
    (text_width(order, font::ORDER, false) / 2.0 + 2.5).max(6.0)
}

/// The room a node and its labels take around its centre.
fn node_box(label: &NodeLabel, style: Style, dir: RankDir) -> NodeBox {
    let g = shape_geom(label, style);
    let name_w = label.name.as_deref().map_or(0.0, |n| text_width(n, font::NAME, true));
    let bounds_w = label.bounds.as_deref().map_or(0.0, |b| text_width(b, font::BOUNDS, false));
    let order_d = label.order.as_deref().map_or(0.0, |o| 2.0 * order_radius(o));
    // The move on the edge in sits halfway between the parent and the node, so it moves half as
    // far as the node does: siblings' moves stay apart when each node keeps a move's width free
    // on either side.
    let edge_w = label.edge_label.as_deref().map_or(0.0, |m| text_width(m, font::SMALL, false) + 2.0);
    match dir {
        RankDir::TopBottom => NodeBox {
            left: (g.w / 2.0 + (if name_w > 0.0 { name_w + 5.0 } else { 0.0 }).max(order_d + 1.0))
                .max(edge_w),
            right: (g.w / 2.0 + if bounds_w > 0.0 { bounds_w + 5.0 } else { 0.0 }).max(edge_w),
            top: label
                .order
                .as_deref()
                .map_or(g.h / 2.0, |o| g.h / 2.0 - order_dy(order_radius(o)) + order_radius(o)),
            bottom: g.h / 2.0,
        },
        RankDir::LeftRight => {
            let half = (g.w / 2.0).max(name_w / 2.0).max(bounds_w / 2.0);
            NodeBox {
                left: half + order_d,
                right: half,
                top: g.h / 2.0 + if name_w > 0.0 { 16.0 } else { 0.0 },
                bottom: g.h / 2.0 + if bounds_w > 0.0 { 15.0 } else { 0.0 },
            }
        }
    }
}

/// The room a pass's header takes above its tree (`--pass all`).
const HEADER_HEIGHT: f64 = 24.0;

/// Draws `view` (SVG and TikZ). With `steps`, every primitive says during which overlays of a
/// beamer frame it shows (one overlay per stop of `view.opts.step_grain`), every label shows
/// only once what it says is known, and a narration line is added under the tree.
pub fn draw(view: &View, steps: bool) -> Figure {
    let style = view.opts.style;
    let dir = view.opts.rankdir;
    let n = view.len();
    let labels: Vec<&NodeLabel> = (0..n as u32).map(|i| view.label(i)).collect();
    let mut boxes: Vec<NodeBox> = labels.iter().map(|l| node_box(l, style, dir)).collect();
    // `--boards`: each position's picture under its node's shape and labels.
    let boards: Vec<Option<(Board, f64)>> = match view.opts.boards {
        true => (0..n as u32)
            .map(|i| {
                let board = board::of_node(view.trace, item_node(view, i)?)?;
                let b = &mut boxes[i as usize];
                let top = b.bottom + BOARD_GAP;
                b.bottom = top + board.h;
                b.left = b.left.max(board.w / 2.0);
                b.right = b.right.max(board.w / 2.0);
                Some((board, top))
            })
            .collect(),
        false => vec![None; n],
    };
    let spacing = match dir {
        RankDir::TopBottom => Spacing { sibling_gap: 12.0, level_gap: 34.0 },
        RankDir::LeftRight => Spacing { sibling_gap: 8.0, level_gap: 46.0 },
    };
    // Several passes (`--pass all`): a header over each pass's tree.
    let headers: Vec<String> = match view.roots() {
        [_, _, ..] => {
            view.roots().iter().map(|&r| view.pass_of_root(r).map(pass_header).unwrap_or_default()).collect()
        }
        _ => Vec::new(),
    };
    let (layout, heads_at) = if headers.is_empty() {
        (Layout::of_view(view, &boxes, spacing), Vec::new())
    } else {
        let heads: Vec<(f64, f64)> =
            headers.iter().map(|h| (text_width(h, font::LEGEND, true), HEADER_HEIGHT)).collect();
        Layout::of_passes(view, &boxes, spacing, &heads)
    };
    let timing = steps.then(|| Timing::new(view.trace, view.opts.step_grain));
    let geoms: Vec<ShapeGeom> = labels.iter().map(|l| shape_geom(l, style)).collect();
    let d = Drawer { view, labels, geoms, boards, layout: &layout, timing: timing.as_ref(), style, dir };
    let timing = timing.as_ref();
    let mut groups = Vec::with_capacity(2 * n + 2);
    // Edges first, so the white shapes cover their ends.
    groups.extend((0..n).filter(|&i| view.parent(i as u32).is_some()).map(|i| d.edge(i)));
    groups.extend((0..n).map(|i| d.node(i)));
    // Transposition hits whose stored node is drawn too, over the tree.
    groups.extend(view.trace.links().iter().filter_map(|&(node, from)| d.link(node, from)));
    for (text, &at) in headers.into_iter().zip(&heads_at) {
        let (x, y) = match dir {
            RankDir::TopBottom => (MARGIN + at, MARGIN + font::LEGEND),
            RankDir::LeftRight => (MARGIN, MARGIN + at + font::LEGEND),
        };
        let prim = Prim::Text {
            at: (x, y),
            text,
            size: font::LEGEND,
            anchor: Anchor::Start,
            bold: true,
            paint: Paint::Ink,
            halo: false,
        };
        let tags = vec![(0, "pass-header")];
        groups.push(Group {
            part: Part::Legend,
            item: None,
            classes: vec!["pass-header"],
            tooltip: None,
            prims: vec![(prim, Reveal::ALWAYS)],
            tags,
        });
    }

    let mut bbox = layout.bbox;
    bbox.min_x += MARGIN;
    bbox.max_x += MARGIN;
    bbox.min_y += MARGIN;
    bbox.max_y += MARGIN;
    if n == 0 {
        bbox = BBox { min_x: MARGIN, min_y: MARGIN, max_x: MARGIN + 200.0, max_y: MARGIN };
    }
    let mut bottom = bbox.max_y;
    if let Some(t) = timing {
        let (g, h) = super::legend::narration(view.trace, t, MARGIN, bottom + 16.0);
        bottom += 16.0 + h;
        groups.push(g);
    }
    let mut right = bbox.max_x;
    // On a slide (beamer steps, a figure for one's own deck) the legend is the compact one.
    if !view.opts.no_legend && (steps || view.opts.tikz_body) {
        // On a slide: the symbols in a row or two under the tree, no caption (the frame's
        // title says what it is, and the caption would give the answer away).
        let (g, w, h) = super::legend::compact(view, MARGIN, bottom + 12.0, (bbox.max_x - MARGIN).max(300.0));
        bottom += 12.0 + h;
        right = right.max(MARGIN + w);
        groups.push(g);
    } else if !view.opts.no_legend {
        let (g, w, h) = super::legend::legend(view, MARGIN, bottom + 18.0, (bbox.max_x - MARGIN).max(440.0));
        bottom += 18.0 + h;
        right = right.max(MARGIN + w);
        groups.push(g);
    }
    Figure {
        groups,
        bbox: BBox { min_x: 0.0, min_y: 0.0, max_x: right + MARGIN, max_y: bottom + MARGIN },
        overlays: timing.map_or(1, |t| t.last),
    }
}

/// What drawing one edge or node needs to know.
struct Drawer<'a> {
    view: &'a View<'a>,
    labels: Vec<&'a NodeLabel>,
    geoms: Vec<ShapeGeom>,
    /// Each item's board picture and how far below its centre the picture's top is.
    boards: Vec<Option<(Board, f64)>>,
    layout: &'a Layout,
    timing: Option<&'a Timing>,
    style: Style,
    dir: RankDir,
}

impl Drawer<'_> {
    /// The centre of item `i`.
    fn at(&self, i: usize) -> Pt {
        (MARGIN + self.layout.x[i], MARGIN + self.layout.y[i])
    }

    /// When item `i` appears: its node's entry; a stub with its parent's value.
    fn appear(&self, i: u32) -> Reveal {
        match self.view.items()[i as usize] {
            super::view::Item::Node(id) => reveal(self.timing, |t| t.enter[id as usize]),
            super::view::Item::Stub { parent, .. } => reveal(self.timing, |t| t.value[parent as usize]),
        }
    }

    /// The edge into item `i` (not the root), with its cut mark and labels.
    fn edge(&self, i: usize) -> Group {
        let p = self.view.parent(i as u32).expect("non-root items have a parent") as usize;
        let l = self.labels[i];
        let (pc, cc) = (self.at(p), self.at(i));
        // From the parent's bottom (right) to the child's top (left).
        let (a, b) = match self.dir {
            RankDir::TopBottom => {
                // Below a board when the parent has one.
                let below = match &self.boards[p] {
                    Some((board, top)) => top + board.h,
                    None => self.geoms[p].h / 2.0,
                };
                ((pc.0, pc.1 + below), (cc.0, cc.1 - self.geoms[i].h / 2.0))
            }
            RankDir::LeftRight => (
                (pc.0 + self.geoms[p].w * side_of(self.labels[p], self.style), pc.1),
                (cc.0 - self.geoms[i].w * side_of(self.labels[i], self.style), cc.1),
            ),
        };
        let kind = l.edge.unwrap_or(EdgeKind::Searched);
        let show = self.appear(i as u32);
        // A capture searched beyond the depth limit: its edge in the fringe's colour.
        let ink = if l.quiescence { Paint::Quiesce } else { Paint::Ink };
        let mut g = Group {
            part: Part::Edge,
            item: Some(i as u32),
            classes: if l.quiescence { vec!["edge", "quiescence"] } else { vec!["edge"] },
            tooltip: None,
            prims: vec![],
            tags: vec![(0, "line")],
        };
        match kind {
            EdgeKind::Searched => {
                let width = l.share.map_or(EDGE_WIDTH, |s| super::view::share_width(s, EDGE_WIDTH, PV_WIDTH));
                g.prims.push((Prim::Line { a, b, stroke: Stroke::new(ink, width, false) }, show))
            }
            EdgeKind::Pv => {
                g.classes.push("pv");
                match self.timing {
                    Some(t) if t.last > show.from => {
                        let last = t.last;
                        let thin = Reveal { from: show.from, until: Some(last - 1) };
                        g.prims
                            .push((Prim::Line { a, b, stroke: Stroke::new(ink, EDGE_WIDTH, false) }, thin));
                        let thick = Reveal { from: last, until: None };
                        g.prims.push((Prim::Line { a, b, stroke: Stroke::new(ink, PV_WIDTH, false) }, thick));
                    }
                    _ => g.prims.push((Prim::Line { a, b, stroke: Stroke::new(ink, PV_WIDTH, false) }, show)),
                }
            }
            EdgeKind::Stub => {
                g.prims.push((Prim::Line { a, b, stroke: Stroke::new(Paint::Faded, EDGE_WIDTH, true) }, show))
            }
            EdgeKind::Pruned => {
                g.classes.push("pruned");
                g.prims
                    .push((Prim::Line { a, b, stroke: Stroke::new(Paint::Faded, EDGE_WIDTH, true) }, show));
            }
            EdgeKind::Cut(cut) => {
                g.classes.push("pruned");
                g.classes.push(if cut == CutKind::Alpha { "alpha-cut" } else { "beta-cut" });
                g.prims
                    .push((Prim::Line { a, b, stroke: Stroke::new(Paint::Faded, EDGE_WIDTH, true) }, show));
                // The cut mark: a double stroke across the middle of the edge.
                let (a2, b2) = (a, b);
                let (dx, dy) = (b2.0 - a2.0, b2.1 - a2.1);
                let len = (dx * dx + dy * dy).sqrt().max(1e-9);
                let (ux, uy) = (dx / len, dy / len);
                let (nx, ny) = (-uy, ux);
                let paint = Paint::of_cut(cut);
                for off in [-2.2, 2.2] {
                    g.tags.push((g.prims.len(), "cutmark"));
                    let t = 0.5 * len + off;
                    let m = (a2.0 + ux * t, a2.1 + uy * t);
                    g.prims.push((
                        Prim::Line {
                            a: (m.0 - nx * 7.0, m.1 - ny * 7.0),
                            b: (m.0 + nx * 7.0, m.1 + ny * 7.0),
                            stroke: Stroke::new(paint, 2.0, false),
                        },
                        show,
                    ));
                }
                if let Some(text) = &l.cut_label {
                    g.tags.push((g.prims.len(), "cutmark"));
                    let m = (a2.0 + ux * 0.5 * len, a2.1 + uy * 0.5 * len);
                    g.prims.push((
                        Prim::Text {
                            at: (m.0 + 9.0, m.1 + if self.dir == RankDir::LeftRight { -10.0 } else { 0.0 }),
                            text: text.clone(),
                            size: font::SMALL,
                            anchor: Anchor::Start,
                            bold: true,
                            paint,
                            halo: true,
                        },
                        show,
                    ));
                }
            }
        }
        if let Some(text) = &l.edge_label {
            // A probability sits nearer its outcome, where sibling edges are apart, clear of the cut
            // mark at the edge's middle.
            let t = if l.outcome { 0.7 } else { 0.5 };
            let m = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            let paint = if l.pruned { Paint::Faded } else { Paint::Note };
            g.tags.push((g.prims.len(), "label"));
            g.prims.push((
                Prim::Text {
                    at: m,
                    text: text.clone(),
                    size: font::SMALL,
                    anchor: Anchor::Middle,
                    bold: false,
                    paint,
                    halo: true,
                },
                show,
            ));
        }
        g
    }

    /// Where a straight line from the centre of item `i` along (`ux`, `uy`) leaves its shape's
    /// box, plus a small gap.
    fn exit_distance(&self, i: usize, (ux, uy): Pt) -> f64 {
        let (hw, hh) = (self.geoms[i].w / 2.0, self.geoms[i].h / 2.0);
        let across = if ux.abs() > 1e-9 { hw / ux.abs() } else { f64::INFINITY };
        let down = if uy.abs() > 1e-9 { hh / uy.abs() } else { f64::INFINITY };
        across.min(down) + 3.0
    }

    /// The transposition hit at `node`, which took the result `from` stored: a dashed arrow from
    /// the one to the other, labelled "TT", shown once the hitting node appears. `None` unless
    /// both are drawn.
    fn link(&self, node: NodeId, from: NodeId) -> Option<Group> {
        let (i, j) = (self.view.index_of(node)? as usize, self.view.index_of(from)? as usize);
        let (a, b) = (self.at(i), self.at(j));
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = (dx / len.max(1e-9), dy / len.max(1e-9));
        let (start, end) = (self.exit_distance(i, (ux, uy)), len - self.exit_distance(j, (ux, uy)));
        if end - start < 12.0 {
            return None;
        }
        let at = |t: f64| (a.0 + ux * t, a.1 + uy * t);
        let (nx, ny) = (-uy, ux);
        let show = self.appear(i as u32);
        let stroke = Stroke::new(Paint::Note, 1.1, true);
        let tip = at(end);
        let back = at(end - 8.0);
        let mid = at((start + end) / 2.0);
        let trace = self.view.trace;
        let prims = vec![
            (Prim::Line { a: at(start), b: back, stroke }, show),
            (
                Prim::Polygon {
                    pts: vec![
                        tip,
                        (back.0 + nx * 4.0, back.1 + ny * 4.0),
                        (back.0 - nx * 4.0, back.1 - ny * 4.0),
                    ],
                    stroke: Stroke::new(Paint::Note, 1.1, false),
                },
                show,
            ),
            (
                Prim::Text {
                    at: (mid.0 + nx * 8.0, mid.1 + ny * 8.0),
                    text: "TT".into(),
                    size: font::SMALL,
                    anchor: Anchor::Middle,
                    bold: true,
                    paint: Paint::Note,
                    halo: true,
                },
                show,
            ),
        ];
        Some(Group {
            part: Part::Link,
            item: None,
            classes: vec!["tt-link"],
            tooltip: Some(format!(
                "#{} took the result stored at #{} from the transposition table",
                trace.summary(node).pre,
                trace.summary(from).pre
            )),
            prims,
            tags: vec![(0, "line")],
        })
    }

    /// Item `i`: its shape, value, name, window and visit order.
    fn node(&self, i: usize) -> Group {
        let l = self.labels[i];
        let g = &self.geoms[i];
        let c = self.at(i);
        let show = self.appear(i as u32);
        let id = item_node(self.view, i as u32);
        let faded = l.pruned || l.shape == Shape::Stub;
        let ink = if faded { Paint::Faded } else { Paint::Ink };
        // MCTS: a node's border is as heavy as its share of its parent's visits.
        let border = l.share.map_or(1.4, |s| 1.4 + 2.6 * f64::from(s.min(1000)) / 1000.0);
        // The quiescence search's fringe: a teal dashed outline.
        let outline = match l.quiescence && !faded {
            true => Stroke::new(Paint::Quiesce, border, true),
            false => Stroke::new(ink, border, faded),
        };
        let mut grp = Group {
            part: Part::Node,
            item: Some(i as u32),
            classes: vec!["node"],
            tooltip: Some(l.tooltip.clone()),
            prims: vec![],
            tags: vec![],
        };
        grp.classes.push(match (l.shape, l.player) {
            (Shape::Stub, _) => "stub",
            (Shape::Leaf, _) => "leaf",
            (Shape::Max, _) => "max",
            (Shape::Min, _) => "min",
            (Shape::Chance, _) => "chance",
        });
        if l.pruned {
            grp.classes.push("pruned");
        }
        if l.pv {
            grp.classes.push("pv");
        }
        if l.quiescence {
            grp.classes.push("quiescence");
        }
        match l.cut {
            Some(CutKind::Alpha) => grp.classes.push("alpha-cut"),
            Some(CutKind::Beta) => grp.classes.push("beta-cut"),
            None => {}
        }
        let (hw, hh) = (g.w / 2.0, g.h / 2.0);
        let shape = match (l.shape, self.style) {
            (Shape::Stub, _) => {
                Prim::Rect { at: (c.0 - hw, c.1 - hh), w: g.w, h: g.h, r: 6.0, stroke: outline }
            }
            (Shape::Leaf, _) | (Shape::Max, Style::Boxes) => {
                Prim::Rect { at: (c.0 - hw, c.1 - hh), w: g.w, h: g.h, r: 0.0, stroke: outline }
            }
            (Shape::Min, Style::Boxes) | (Shape::Chance, Style::Triangles) => {
                Prim::Circle { c, r: hw, stroke: outline }
            }
            (Shape::Chance, Style::Boxes) => Prim::Polygon {
                pts: vec![(c.0, c.1 - hh), (c.0 + hw, c.1), (c.0, c.1 + hh), (c.0 - hw, c.1)],
                stroke: outline,
            },
            (Shape::Max, Style::Triangles) => Prim::Polygon {
                pts: vec![(c.0, c.1 - hh), (c.0 + hw, c.1 + hh), (c.0 - hw, c.1 + hh)],
                stroke: outline,
            },
            (Shape::Min, Style::Triangles) => Prim::Polygon {
                pts: vec![(c.0 - hw, c.1 - hh), (c.0 + hw, c.1 - hh), (c.0, c.1 + hh)],
                stroke: outline,
            },
        };
        grp.tags.push((grp.prims.len(), "shape"));
        grp.prims.push((shape, show));
        if let Some((board, top)) = &self.boards[i] {
            grp.tags.push((grp.prims.len(), "board"));
            let at = (c.0 - board.w / 2.0, c.1 + top);
            grp.prims.push((Prim::Board { at, w: board.w, h: board.h, svg: board.svg.clone() }, show));
        }
        if let Some(v) = &l.value {
            let size = if l.shape == Shape::Stub { font::SMALL } else { font::VALUE };
            let when = match id {
                Some(id) => reveal(self.timing, |t| t.value[id as usize]),
                None => show,
            };
            grp.tags.push((grp.prims.len(), "value"));
            grp.prims.push((
                Prim::Text {
                    at: (c.0, c.1 + g.text_dy),
                    text: v.clone(),
                    size,
                    anchor: Anchor::Middle,
                    bold: false,
                    paint: ink,
                    halo: false,
                },
                when,
            ));
        }
        let (name_at, name_anchor, bounds_at, bounds_anchor) = match self.dir {
            RankDir::TopBottom => (
                (c.0 - hw - 5.0, c.1 + 4.0),
                Anchor::End,
                (c.0 + hw + 5.0, c.1 + if l.shape == Shape::Min { -3.0 } else { 3.0 }),
                Anchor::Start,
            ),
            RankDir::LeftRight => {
                ((c.0, c.1 - hh - 9.0), Anchor::Middle, (c.0, c.1 + hh + 9.0), Anchor::Middle)
            }
        };
        if let Some(name) = &l.name {
            grp.tags.push((grp.prims.len(), "name"));
            grp.prims.push((
                Prim::Text {
                    at: name_at,
                    text: name.clone(),
                    size: font::NAME,
                    anchor: name_anchor,
                    bold: true,
                    paint: ink,
                    halo: false,
                },
                show,
            ));
        }
        // A "⋯ k more" item: the moves it groups.
        if let (Some(b), None) = (&l.bounds, id) {
            grp.tags.push((grp.prims.len(), "moves"));
            grp.prims.push((
                Prim::Text {
                    at: bounds_at,
                    text: b.clone(),
                    size: font::BOUNDS,
                    anchor: bounds_anchor,
                    bold: false,
                    paint: Paint::Faded,
                    halo: false,
                },
                show,
            ));
        }
        if let (Some(b), Some(id)) = (&l.bounds, id) {
            let paint = if faded { Paint::Faded } else { Paint::Note };
            let text = |s: String| Prim::Text {
                at: bounds_at,
                text: s,
                size: font::BOUNDS,
                anchor: bounds_anchor,
                bold: false,
                paint,
                halo: false,
            };
            for (s, r) in self.beside(id, b, show) {
                grp.tags.push((grp.prims.len(), "window"));
                grp.prims.push((text(s), r));
            }
        }
        if let Some(o) = &l.order {
            let r = order_radius(o);
            // Left of the shape's top edge, clear of the name below it.
            let oc = (c.0 - hw - r - 1.0, c.1 - hh + order_dy(r));
            let paint = if faded { Paint::Faded } else { Paint::Note };
            grp.tags.push((grp.prims.len(), "order"));
            grp.prims.push((Prim::Circle { c: oc, r, stroke: Stroke::new(paint, 0.8, false) }, show));
            let number = |text: String| Prim::Text {
                at: oc,
                text,
                size: font::ORDER,
                anchor: Anchor::Middle,
                bold: false,
                paint,
                halo: false,
            };
            // Steps: "pre/post" tells when the node returns, so the post number waits for it.
            match (self.timing, id, o.split_once('/')) {
                (Some(t), Some(id), Some((pre, _))) if t.value[id as usize] > show.from => {
                    let known = t.value[id as usize];
                    grp.tags.push((grp.prims.len(), "order"));
                    grp.prims
                        .push((number(pre.to_string()), Reveal { from: show.from, until: Some(known - 1) }));
                    grp.tags.push((grp.prims.len(), "order"));
                    grp.prims.push((number(o.clone()), Reveal { from: known, until: None }));
                }
                _ => {
                    grp.tags.push((grp.prims.len(), "order"));
                    grp.prims.push((number(o.clone()), show));
                }
            }
        }
        grp
    }
}

impl Drawer<'_> {
    /// The texts beside node `id` (its window or range, as `label` says it) and when each
    /// shows. Without steps: `label`, with the node. With steps, each only once it is known:
    /// the window or the range as it changes (entry windows from the entry, which knows them),
    /// and a label that says what only the node's return knows (an exit window after an entry
    /// window, the windows of every visit, a transposition's source) from that return on, the
    /// entry window standing in before it when the entry window is asked for.
    fn beside(&self, id: NodeId, label: &str, show: Reveal) -> Vec<(String, Reveal)> {
        let Some(t) = self.timing else { return vec![(label.to_string(), show)] };
        let l = &self.view.opts.labels;
        let trace = self.view.trace;
        let s = trace.summary(id);
        let plain = s.visits <= 1 && s.link == abviz_trace::NONE && !trace.algorithm().features.mcts;
        let changes = |list: &crate::timing::Changes| -> Vec<(String, Reveal)> {
            let mut out = Vec::new();
            for (k, &(from, a, b)) in list.iter().enumerate() {
                let until = list.get(k + 1).map(|w| w.0 - 1);
                if until.is_some_and(|u| u < from) {
                    continue;
                }
                out.push((format!("[{a}, {b}]"), Reveal { from, until }));
            }
            out
        };
        let known = t.value[id as usize].max(show.from);
        match () {
            // The range of the value as it narrows (AIMA's figures), final at the return.
            _ if plain && l.range => changes(&t.ranges[id as usize]),
            // The window as it changes (only with exit bounds, which are the live ones).
            _ if l.bounds_out && !l.bounds_in => changes(&t.windows[id as usize]),
            // The entry window alone is known on entry.
            _ if plain && l.bounds_in && !l.bounds_out => vec![(label.to_string(), show)],
            _ => {
                let mut out = Vec::new();
                let entry = t.windows[id as usize].first().filter(|_| l.bounds_in && known > show.from);
                if let Some(&(_, a, b)) = entry {
                    out.push((format!("[{a}, {b}]"), Reveal { from: show.from, until: Some(known - 1) }));
                }
                out.push((label.to_string(), Reveal { from: known, until: None }));
                out
            }
        }
    }
}

/// The trace node an item shows (None for a stub).
pub fn item_node(view: &View, i: u32) -> Option<NodeId> {
    match view.items()[i as usize] {
        super::view::Item::Node(id) => Some(id),
        super::view::Item::Stub { .. } => None,
    }
}
