//! When things appear in a beamer frame's overlays (`--steps`, `--tikz-steps`): read from the
//! trace's timeline, overlay k shows the state after the k-th stop of the chosen grain
//! ([`Timeline::stops`](abviz_trace::Timeline::stops); at the fine grain, after event k), and
//! one more overlay shows the finished search.

use crate::prim::Reveal;
use abviz_core::Score;
use abviz_trace::stops::{Grain, place};
use abviz_trace::summary::NEVER;
use abviz_trace::{NodeId, Trace};

/// A label's text from an overlay on: (overlay, α or lower end, β or upper end) per change.
pub(crate) type Changes = Vec<(u32, Score, Score)>;

/// When things appear under beamer steps: overlay k shows the state after stop k.
pub(crate) struct Timing {
    /// The steps (0-based) the overlays stop after, one overlay each.
    pub(crate) stops: Vec<u32>,
    /// The overlay in which each trace node appears.
    pub(crate) enter: Vec<u32>,
    /// The overlay in which each node's value (the final one, as drawn) is known.
    pub(crate) value: Vec<u32>,
    /// The window after each change, per node.
    pub(crate) windows: Vec<Changes>,
    /// The range of the value (AIMA's [lo, hi]) after each change, per node.
    pub(crate) ranges: Vec<Changes>,
    /// The overlay of each node's cutoff.
    pub(crate) cut: Vec<u32>,
    /// The overlay in which the search is over (the principal variation shows).
    pub(crate) last: u32,
}

impl Timing {
    /// When each node appears, gets its value and is cut, and how its window and range change:
    /// read from the trace's timeline, one overlay per stop of `grain`.
    pub(crate) fn new(trace: &Trace, grain: Grain) -> Timing {
        let n = trace.nodes().len();
        let timeline = trace.timeline();
        let stops = timeline.stops(grain);
        let overlay = |step: u32| if step == NEVER { 0 } else { place(&stops, step as usize) as u32 + 1 };
        let mut t = Timing {
            enter: vec![0; n],
            value: vec![0; n],
            windows: vec![Vec::new(); n],
            ranges: vec![Vec::new(); n],
            cut: vec![0; n],
            last: stops.len() as u32 + 1,
            stops: Vec::new(),
        };
        for id in 0..n {
            let s = trace.steps_of(id as NodeId);
            if trace.nodes()[id].visited() {
                t.enter[id] = overlay(s.enter);
                // A node searched again (a re-search, a later pass) has its final value, the
                // one drawn, from its last return.
                let last_exit = trace.visits_of(id as NodeId).map(|v| v.exit).filter(|&e| e != NEVER).max();
                t.value[id] = match last_exit {
                    Some(e) if trace.summary(id as NodeId).visits > 1 && s.valued != NEVER => {
                        overlay(e.max(s.valued))
                    }
                    _ => overlay(s.valued),
                };
            } else {
                // Never-searched nodes appear with the cutoff that pruned them.
                t.enter[id] = overlay(s.pruned);
                t.value[id] = overlay(s.pruned);
            }
        }
        for c in trace.cutoffs() {
            t.cut[c.node as usize] = overlay(c.step);
        }
        for step in 0..timeline.len() {
            let focus = timeline.focus(step);
            if focus == abviz_trace::NONE {
                continue;
            }
            let at = overlay(step as u32);
            let (a, b) = timeline.window(step);
            change(&mut t.windows[focus as usize], at, a, b);
            let (lo, hi) = timeline.range(step);
            change(&mut t.ranges[focus as usize], at, lo, hi);
        }
        t.stops = stops;
        t
    }
}

/// Records that a label reads (`a`, `b`) from overlay `at` on: a new entry when it changed, the
/// last one replaced when it changed again within the same overlay (an overlay shows the state
/// after its stop).
fn change(list: &mut Changes, at: u32, a: Score, b: Score) {
    match list.last_mut() {
        Some(&mut (_, la, lb)) if (la, lb) == (a, b) => {}
        Some(last) if last.0 == at => {
            *last = (at, a, b);
            let n = list.len();
            if n >= 2 && (list[n - 2].1, list[n - 2].2) == (a, b) {
                list.pop();
            }
        }
        _ => list.push((at, a, b)),
    }
}

/// When a primitive shows: always, or from the overlay `pick` chooses.
pub(crate) fn reveal(steps: Option<&Timing>, pick: impl Fn(&Timing) -> u32) -> Reveal {
    match steps {
        Some(t) => Reveal { from: pick(t).max(1), until: None },
        None => Reveal::ALWAYS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_within_an_overlay_replaces_the_last() {
        let (inf, three) = (Score::INF, Score::from(3));
        let mut l = Changes::new();
        change(&mut l, 1, Score::NEG_INF, inf);
        change(&mut l, 2, three, inf);
        change(&mut l, 2, three, Score::from(5));
        assert_eq!(l, vec![(1, Score::NEG_INF, inf), (2, three, Score::from(5))]);
        change(&mut l, 2, Score::NEG_INF, inf);
        assert_eq!(l, vec![(1, Score::NEG_INF, inf)], "back to what overlay 1 shows: no change");
    }
}
