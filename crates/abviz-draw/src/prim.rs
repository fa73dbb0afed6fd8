//! The drawing's vocabulary, shared by every picture format: primitives (shapes, lines, texts)
//! with their paint, stroke and anchor, grouped per node or edge, with when each shows under
//! beamer steps ([`Reveal`]), and the font metrics that place text. The figure
//! ([`crate::figure`]) and the legend ([`crate::legend`]) are made of them; the SVG and TikZ
//! writers translate them.
use crate::layout::BBox;
use abviz_trace::CutKind;
use unicode_width::UnicodeWidthChar;

/// A colour role; each format maps it to a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// Black ink: searched nodes and edges.
    Ink,
    /// Grey: never searched.
    Faded,
    /// Blue: α-cutoffs.
    Alpha,
    /// Red: β-cutoffs.
    Beta,
    /// Dark grey: windows, visit order, notes.
    Note,
    /// Light grey: the legend's frame.
    Frame,
    /// Teal: the quiescence search's fringe beyond the depth limit.
    Quiesce,
}

impl Paint {
    /// The colour as six hex digits.
    pub fn hex(self) -> &'static str {
        match self {
            Paint::Ink => "222222",
            Paint::Faded => "9A9A9A",
            Paint::Alpha => "1565C0",
            Paint::Beta => "C62828",
            Paint::Note => "505050",
            Paint::Frame => "C8C8C8",
            Paint::Quiesce => "00897B",
        }
    }

    /// The colour of a kind of cutoff.
    pub fn of_cut(kind: CutKind) -> Paint {
        match kind {
            CutKind::Alpha => Paint::Alpha,
            CutKind::Beta => Paint::Beta,
        }
    }
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Colour.
    pub paint: Paint,
    /// Width in px.
    pub width: f64,
    /// Dashed.
    pub dashed: bool,
}

impl Stroke {
    /// A stroke.
    pub fn new(paint: Paint, width: f64, dashed: bool) -> Stroke {
        Stroke { paint, width, dashed }
    }
}

/// Where a text sits relative to its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The point is the text's left end.
    Start,
    /// The point is the text's centre.
    Middle,
    /// The point is the text's right end.
    End,
}

/// A point.
pub type Pt = (f64, f64);

/// One drawing primitive.
#[derive(Clone, Debug, PartialEq)]
pub enum Prim {
    /// A straight line.
    Line {
        /// From.
        a: Pt,
        /// To.
        b: Pt,
        /// How.
        stroke: Stroke,
    },
    /// A closed polygon filled white.
    Polygon {
        /// Corners.
        pts: Vec<Pt>,
        /// Outline.
        stroke: Stroke,
    },
    /// A rectangle filled white (top-left corner, size, corner radius).
    Rect {
        /// Top-left corner.
        at: Pt,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
        /// Corner radius.
        r: f64,
        /// Outline.
        stroke: Stroke,
    },
    /// A circle filled white.
    Circle {
        /// Centre.
        c: Pt,
        /// Radius.
        r: f64,
        /// Outline.
        stroke: Stroke,
    },
    /// One line of text; `at.1` is the vertical centre of the text.
    Text {
        /// Anchor point.
        at: Pt,
        /// The text (plain Unicode; each format escapes it).
        text: String,
        /// Font size in px.
        size: f64,
        /// Horizontal anchoring.
        anchor: Anchor,
        /// Bold.
        bold: bool,
        /// Colour.
        paint: Paint,
        /// A white halo behind it, to stay readable over lines.
        halo: bool,
    },
    /// A game's board picture (an SVG document from the games' registry), scaled into the box
    /// at `at` (top-left corner) of size `w` × `h`.
    Board {
        /// Top-left corner.
        at: Pt,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
        /// The picture.
        svg: String,
    },
}

/// During which beamer overlays (1-based, inclusive) a primitive is shown; `from: 1, until:
/// None` is always. Only `--tikz-steps` uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reveal {
    /// First overlay.
    pub from: u32,
    /// Last overlay, if it disappears again.
    pub until: Option<u32>,
}

impl Reveal {
    /// Always shown.
    pub const ALWAYS: Reveal = Reveal { from: 1, until: None };

    /// Whether it is always shown.
    pub fn is_always(&self) -> bool {
        self.from <= 1 && self.until.is_none()
    }
}

/// What a group of primitives depicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The edge into a shown item.
    Edge,
    /// A shown item.
    Node,
    /// The legend and caption.
    Legend,
    /// The sentence for each step (`--tikz-steps`).
    Narration,
    /// A transposition link: a dashed arrow from a node that took a stored result to the node
    /// that stored it, labelled "TT".
    Link,
}

/// Primitives drawn together: one node, one edge, the legend.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// What it depicts.
    pub part: Part,
    /// The item it belongs to ([`View::items`] index), for nodes and edges.
    pub item: Option<u32>,
    /// Class names: "pruned", "pv", "alpha-cut", "beta-cut", "max", "min", "leaf", "stub".
    pub classes: Vec<&'static str>,
    /// A tooltip.
    pub tooltip: Option<String>,
    /// The primitives, each with when it shows.
    pub prims: Vec<(Prim, Reveal)>,
    /// What some primitives are (index into `prims`, role): "shape", "value", "name",
    /// "window", "order", "line", "cutmark", "label" (a move), so a page can restyle or rewrite
    /// them.
    pub tags: Vec<(usize, &'static str)>,
}

/// A finished drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Everything drawn, back to front.
    pub groups: Vec<Group>,
    /// The box around it all, margins included (top-left at 0, 0).
    pub bbox: BBox,
    /// The number of beamer overlays (1 without steps).
    pub overlays: u32,
}

/// Font sizes in px.
pub mod font {
    /// Values inside shapes.
    pub const VALUE: f64 = 12.0;
    /// Node names.
    pub const NAME: f64 = 13.0;
    /// Windows [α, β].
    pub const BOUNDS: f64 = 11.0;
    /// Visit order (10 px: 9 px on screen at the page's smallest Fit, as move labels).
    pub const ORDER: f64 = 10.0;
    /// Move labels, cut labels and stubs.
    pub const SMALL: f64 = 10.0;
    /// Legend and caption.
    pub const LEGEND: f64 = 11.0;
}

/// The estimated width of `text` in px at `size` in a DejaVu-Sans-like font (wide characters
/// such as CJK count a full em).
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let mut em = 0.0;
    for c in text.chars() {
        em += match c {
            _ if c.width() == Some(2) => 1.0,
            ' ' => 0.32,
            '0'..='9' => 0.64,
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' => 0.3,
            '[' | ']' | '(' | ')' | 'f' | 't' | 'r' => 0.4,
            'm' | 'w' | 'M' | 'W' => 0.9,
            'A'..='Z' => 0.7,
            '∞' | '⋯' | '→' | '▲' | '▼' | '□' | '○' => 0.85,
            _ => 0.6,
        };
    }
    em * size * if bold { 1.15 } else { 1.0 }
}

/// The stroke width of the principal variation's edges.
pub(crate) const PV_WIDTH: f64 = 3.2;
