//! Where a stepper stops at a lecture's pace: the [`Grain`] of stepping and the steps of the
//! event log each grain stops after ([`Timeline::stops`]). Every view that steps — the beamer
//! overlays, the terminal stepper, the page — reads its stops from here, so "coarse" means the
//! same thing everywhere and nothing re-derives it from the tree.
//!
//! - **fine**: after every event (a leaf takes four: visited, evaluated, done, returned).
//! - **medium**: after every event that makes something new visible — an interior node entered,
//!   a leaf evaluated, a value returned to a parent, a cutoff, a pass's end (MCTS: a playout and
//!   an iteration's end).
//! - **coarse**: after every value returned to a parent and every cutoff — a value that makes
//!   its parent cut shows with the cutoff — (MCTS: each iteration), with the first step (the
//!   root entered) and the last.
//!
//! Every grain stops after the first and the last step; a coarser grain's stops are a subset of
//! a finer one's.

use crate::{EventKind, Timeline};

abviz_core::named! {
    /// How far one step of a stepper goes.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Grain: "step size", default Fine {
        /// One step per event (a leaf takes four: visited, evaluated, done, returned).
        Fine = "fine" | "event" | "events",
        /// One step per node entered, leaf evaluated, value returned and cutoff.
        Medium = "medium",
        /// One step per value returned to a parent and per cutoff (MCTS: per iteration).
        Coarse = "coarse",
    }
}

impl Timeline<'_> {
    /// The steps (0-based, ascending, the first and the last step always among them) a stepper
    /// of `grain` stops after; empty for a trace without events.
    ///
    /// ```
    /// use abviz_trace::stops::Grain;
    /// # let trace = abviz_trace::Trace::default();
    /// let stops = trace.timeline().stops(Grain::Coarse);
    /// assert!(stops.is_empty());
    /// ```
    pub fn stops(&self, grain: Grain) -> Vec<u32> {
        let n = self.len();
        let mut out = Vec::new();
        for step in 0..n {
            if step == 0 || step + 1 == n || self.stops_after(grain, step) {
                out.push(step as u32);
            }
        }
        out
    }

    /// Whether a stepper of `grain` stops after `step` (first and last steps aside).
    fn stops_after(&self, grain: Grain, step: usize) -> bool {
        let kind = self.kind(step);
        let next = (step + 1 < self.len()).then(|| self.kind(step + 1));
        let mcts = self.trace().algorithm.features.mcts;
        match grain {
            Grain::Fine => true,
            // MCTS: the step before each new iteration ends the one before.
            Grain::Coarse if mcts => next == Some(EventKind::Iteration),
            // A value returned that makes its parent cut shows with the cutoff, the step after.
            Grain::Coarse => match kind {
                EventKind::Update => !matches!(next, Some(EventKind::Cutoff | EventKind::ChanceCut)),
                EventKind::Cutoff | EventKind::ChanceCut | EventKind::PassEnd => true,
                _ => false,
            },
            Grain::Medium if mcts => next == Some(EventKind::Iteration) || kind == EventKind::Simulate,
            Grain::Medium => match kind {
                // A leaf's entry shows with its evaluation, the step after.
                EventKind::Enter | EventKind::Research => next != Some(EventKind::Eval),
                EventKind::Eval
                | EventKind::StandPat
                | EventKind::Update
                | EventKind::Cutoff
                | EventKind::ChanceCut
                | EventKind::PassEnd => true,
                _ => false,
            },
        }
    }
}

/// The place in `stops` (ascending) of the first stop at or after `step`: a step's overlay is
/// this place plus one (`stops.len()` past the last stop).
pub fn place(stops: &[u32], step: usize) -> usize {
    stops.partition_point(|&s| (s as usize) < step)
}

/// The first stop in `stops` after `step`, if any.
pub fn next(stops: &[u32], step: usize) -> Option<usize> {
    stops.get(stops.partition_point(|&s| s as usize <= step)).map(|&s| s as usize)
}

/// The last stop in `stops` before `step`, if any.
pub fn prev(stops: &[u32], step: usize) -> Option<usize> {
    stops.partition_point(|&s| (s as usize) < step).checked_sub(1).map(|i| stops[i] as usize)
}
