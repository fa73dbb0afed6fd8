//! Figures that fit: a search drawn whole can be far wider than a slide, a page or an image
//! (a 3×5 random tree is 10,708 units wide, xiangqi at depth 2 110,124). Without `--collapse`,
//! subtrees off the principal variation are collapsed, the largest first, until the picture is
//! at most a given width; the caller says so to the user.
//!
//! [`fit_to_slide`] is what the command line does by default: a figure wider than a 16:9 slide
//! of its height (and than [`SLIDE_WIDTH`], which a projector shows at 1:1) first groups the
//! children of wide fans into "⋯ k more" items that name their moves ([`ViewOptions::fan`]),
//! keeping the principal variation, the child that gave each node its value and the searched
//! children; only when that is not enough are subtrees collapsed as [`fit_to_width`] does.

use super::figure::draw;
use super::view::View;
use super::{Collapse, ViewOptions};
use abviz_trace::Trace;

/// The default widest figure, in SVG units (pixels at 1:1).
pub const FIT_WIDTH: f64 = 8_192.0;

/// A figure at most this wide (SVG units, pixels at 1:1) fits a 1080p slide at full size,
/// whatever its height: [`fit_to_slide`] never shrinks a figure below it.
pub const SLIDE_WIDTH: f64 = 1_920.0;

/// The widest fan [`fit_to_slide`] tries first, then fewer down to the last.
pub const FANS: [usize; 8] = [12, 9, 7, 5, 4, 3, 2, 1];

/// What fitting did.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The options to draw with (`collapse` set when collapsing was needed).
    pub opts: ViewOptions,
    /// The figure's width drawn whole.
    pub natural: f64,
    /// Its width as it will be drawn.
    pub width: f64,
    /// Subtrees of more than this many nodes were collapsed (None: nothing was).
    pub collapsed_above: Option<u64>,
    /// Fans of more than this many children were grouped (None: nothing was).
    pub fan: Option<usize>,
    /// The figure's height as it will be drawn.
    pub height: f64,
}

impl Fit {
    /// The note for the user when the figure was collapsed to fit.
    pub fn note(&self, max: f64) -> Option<String> {
        if let Some(fan) = self.fan {
            let collapsed = match self.collapsed_above {
                Some(0) => "; every subtree off the principal variation is collapsed".to_string(),
                Some(k) => format!(", subtrees of more than {} nodes collapsed", super::view::thousands(k)),
                None => String::new(),
            };
            let fits = if self.width <= slide_width(self.height) {
                "and fits a 16:9 slide"
            } else {
                "(still wider than a 16:9 slide: --pv-only or --max-depth draws less)"
            };
            let children = if fan == 1 { "child" } else { "children" };
            return Some(format!(
                "the figure would be {} units wide; each node shows at most {fan} {children} (the others \
                 are grouped as \"⋯ k more\" with their moves){collapsed}, so that it is {} × {} {fits}. \
                 --max-width off draws everything; --max-width N fits a width instead",
                super::view::thousands(self.natural as u64),
                super::view::thousands(self.width as u64),
                super::view::thousands(self.height as u64),
            ));
        }
        let above = self.collapsed_above?;
        if self.width > max {
            return Some(format!(
                "the figure would be {} units wide; every subtree off the principal variation is collapsed and it is \
                 still {} wide (more than {}): --pv-only or --max-depth draws less, --collapse off draws everything",
                super::view::thousands(self.natural as u64),
                super::view::thousands(self.width as u64),
                super::view::thousands(max as u64),
            ));
        }
        Some(format!(
            "the figure would be {} units wide; subtrees of more than {} nodes off the principal variation \
             are collapsed so that it is {} wide (at most {}). --collapse off draws everything; --max-width sets the limit",
            super::view::thousands(self.natural as u64),
            super::view::thousands(above),
            super::view::thousands(self.width as u64),
            super::view::thousands(max as u64),
        ))
    }
}

/// Options under which `trace` draws at most `max` wide: `opts` as they are when the figure
/// fits or `--collapse` was given, otherwise with the largest collapse threshold that fits
/// (threshold 0 collapses every subtree off the principal variation).
pub fn fit_to_width(trace: &Trace, opts: &ViewOptions, max: f64) -> Fit {
    let width = |view: &View| {
        let fig = draw(view, false);
        fig.bbox.max_x - fig.bbox.min_x
    };
    let whole = View::new(trace, opts);
    let natural = width(&whole);
    let mut fit =
        Fit { opts: opts.clone(), natural, width: natural, collapsed_above: None, fan: None, height: 0.0 };
    if opts.collapse.is_some() || natural <= max {
        return fit;
    }
    // The largest threshold that fits (the width grows with it): a binary search, each probe
    // one layout. A big view is already collapsed to stay under the node limit, and a larger
    // threshold would only be wider: the search stays below it, so no probe draws more nodes
    // than that view (drawing the whole of a 2-million-node search took 1.9 KB a node).
    let at = |t: u64| {
        let o = ViewOptions { collapse: Some(Collapse::Above(t)), ..opts.clone() };
        let w = width(&View::new(trace, &o));
        (o, w)
    };
    let (mut lo, mut hi) = (0u64, whole.collapsed_above().unwrap_or(trace.nodes().len() as u64));
    drop(whole);
    let mut best = at(0);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        let (o, w) = at(mid);
        if w <= max {
            best = (o, w);
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    fit.collapsed_above = Some(lo);
    (fit.opts, fit.width) = best;
    fit
}

/// The width and height of the figure of `trace` under `opts`.
fn size(trace: &Trace, opts: &ViewOptions) -> (f64, f64) {
    let fig = draw(&View::new(trace, opts), false);
    (fig.bbox.max_x - fig.bbox.min_x, fig.bbox.max_y - fig.bbox.min_y)
}

/// The widest a figure `height` high may be on a 16:9 slide: 16/9 of its height, at least
/// [`SLIDE_WIDTH`] and at most [`FIT_WIDTH`].
pub fn slide_width(height: f64) -> f64 {
    (height * 16.0 / 9.0).clamp(SLIDE_WIDTH, FIT_WIDTH)
}

/// Options under which `trace` draws as a figure that fits a 16:9 slide (at most
/// [`slide_width`] of its height wide): `opts` as they are when it fits already or `--collapse`
/// or a fan was given; otherwise the widest fan of [`FANS`] that fits, from three children down
/// first with every subtree drawn, then with the largest collapse threshold that fits (as
/// [`fit_to_width`]); the narrowest fan, collapsed, when nothing fits.
pub fn fit_to_slide(trace: &Trace, opts: &ViewOptions) -> Fit {
    let (natural, height) = size(trace, opts);
    let mut fit =
        Fit { opts: opts.clone(), natural, width: natural, collapsed_above: None, fan: None, height };
    if opts.collapse.is_some() || opts.fan.is_some() || natural <= slide_width(height) {
        return fit;
    }
    // The widest fan that fits; from three children down (where a stub takes as much room as
    // the child it replaces), collapsing subtrees too before grouping more.
    for fan in FANS {
        let o = ViewOptions { fan: Some(fan), ..opts.clone() };
        let (w, h) = size(trace, &o);
        (fit.opts, fit.width, fit.height, fit.fan, fit.collapsed_above) = (o, w, h, Some(fan), None);
        if w <= slide_width(h) {
            return fit;
        }
        if fan <= 3 {
            // Collapsing makes the figure lower as well as narrower: the target is the slide of
            // the figure with every subtree collapsed.
            let grouped = fit.opts.clone();
            let (_, low) =
                size(trace, &ViewOptions { collapse: Some(Collapse::Above(0)), ..grouped.clone() });
            let collapsed = fit_to_width(trace, &grouped, slide_width(low));
            let (w, h) = size(trace, &collapsed.opts);
            if w <= slide_width(h) || fan == 1 {
                (fit.opts, fit.width, fit.height, fit.collapsed_above) =
                    (collapsed.opts, w, h, collapsed.collapsed_above);
                return fit;
            }
        }
    }
    fit
}
