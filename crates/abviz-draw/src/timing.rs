//! When things appear in a beamer frame's overlays (`--tikz-steps`): read from the trace's
//! timeline, overlay k shows the state after event k.

use crate::prim::Reveal;
use abviz_trace::summary::NEVER;
use abviz_trace::{NodeId, Trace};

/// When things appear under `--tikz-steps`: overlay k shows the state after event k.
pub(crate) struct Timing {
    /// The overlay in which each trace node appears.
    pub(crate) enter: Vec<u32>,
    /// The overlay in which each node's value is known.
    pub(crate) value: Vec<u32>,
    /// The window after each change: (overlay, α, β) per node.
    pub(crate) windows: Vec<Vec<(u32, abviz_core::Score, abviz_core::Score)>>,
    /// The overlay of each node's cutoff.
    pub(crate) cut: Vec<u32>,
    /// The overlay in which the search is over (the principal variation shows).
    pub(crate) last: u32,
}

impl Timing {
    /// When each node appears, gets its value and is cut, and how its window changes: read from
    /// the trace's timeline (overlay k shows the state after step k − 1).
    pub(crate) fn new(trace: &Trace) -> Timing {
        let n = trace.nodes().len();
        let timeline = trace.timeline();
        let mut t = Timing {
            enter: vec![0; n],
            value: vec![0; n],
            windows: vec![Vec::new(); n],
            cut: vec![0; n],
            last: trace.events().len() as u32 + 1,
        };
        let overlay = |step: u32| if step == NEVER { 0 } else { step + 1 };
        for id in 0..n {
            let s = trace.steps_of(id as NodeId);
            if trace.nodes()[id].visited() {
                t.enter[id] = overlay(s.enter);
                t.value[id] = overlay(s.valued);
            } else {
                // Never-searched nodes appear with the cutoff that pruned them.
                t.enter[id] = overlay(s.pruned);
                t.value[id] = overlay(s.pruned);
            }
        }
        for c in trace.cutoffs() {
            t.cut[c.node as usize] = c.step + 1;
        }
        for step in 0..timeline.len() {
            let focus = timeline.focus(step);
            if focus == abviz_trace::NONE {
                continue;
            }
            let (a, b) = timeline.window(step);
            let w = &mut t.windows[focus as usize];
            if w.last().is_none_or(|&(_, la, lb)| (la, lb) != (a, b)) {
                w.push((step as u32 + 1, a, b));
            }
        }
        t
    }
}

/// When a primitive shows: always, or from the overlay `pick` chooses.
pub(crate) fn reveal(steps: Option<&Timing>, pick: impl Fn(&Timing) -> u32) -> Reveal {
    match steps {
        Some(t) => Reveal { from: pick(t).max(1), until: None },
        None => Reveal::ALWAYS,
    }
}
