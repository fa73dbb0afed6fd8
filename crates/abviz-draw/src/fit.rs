//! Figures that fit: a search drawn whole can be far wider than a slide, a page or an image
//! (a 3×5 random tree is 10,708 units wide, xiangqi at depth 2 110,124). Without `--collapse`,
//! subtrees off the principal variation are collapsed, the largest first, until the picture is
//! at most a given width; the caller says so to the user.

use super::figure::draw;
use super::view::View;
use super::{Collapse, ViewOptions};
use abviz_trace::Trace;

/// The default widest figure, in SVG units (pixels at 1:1).
pub const FIT_WIDTH: f64 = 8_192.0;

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
}

impl Fit {
    /// The note for the user when the figure was collapsed to fit.
    pub fn note(&self, max: f64) -> Option<String> {
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
    let mut fit = Fit { opts: opts.clone(), natural, width: natural, collapsed_above: None };
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
