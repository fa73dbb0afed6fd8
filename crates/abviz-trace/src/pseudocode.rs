//! Which pseudocode line an event executes: the steppers highlight it. The listing and the role of
//! each line come with the trace's algorithm descriptor; each event kind names the roles it may
//! execute, most specific first, so one mapping serves every algorithm's listing.

use crate::{Event, EventKind, LineRole, PassKind, Trace};
use abviz_core::Player;

/// The algorithm's pseudocode, one string per line.
pub fn lines(trace: &Trace) -> Vec<&str> {
    trace.algorithm.lines()
}

/// The 0-based pseudocode line that event `step` executes.
pub fn line_for(trace: &Trace, step: usize) -> usize {
    if step >= trace.events.len() {
        return 0;
    }
    let e = trace.events.get(step, &trace.nodes);
    let prev = step.checked_sub(1).map(|p| trace.events.kind(p));
    line_of(trace, &e, prev)
}

/// The line of `e`, given the kind of the event before it.
pub fn line_of(trace: &Trace, e: &Event, prev: Option<EventKind>) -> usize {
    use LineRole::*;
    let player = |n: u32| trace.nodes.get(n as usize).map_or(Player::Max, |x| x.player);
    // A node that stood pat runs the quiescence search's lines; one below it is a call of it.
    let stood_pat = |n: u32| trace.summary(n).stand_pat;
    let roles: &[LineRole] = match *e {
        Event::Enter { node, .. } if trace.beyond_horizon(node) => &[QuiesceHeader, Header],
        Event::StandPat { alpha, beta, .. } if alpha >= beta => &[StandPatCut, StandPat],
        Event::StandPat { .. } => &[StandPat],
        Event::Eval { node, .. } if trace.beyond_horizon(node) => &[QuiesceLeaf, Leaf],
        Event::Update { node, .. } if stood_pat(node) => &[QuiesceUpdate],
        Event::Cutoff { node, .. } if stood_pat(node) => &[QuiesceCut],
        Event::Exit { node, .. } if stood_pat(node) && prev == Some(EventKind::StandPat) => {
            &[StandPatCut, QuiesceReturn]
        }
        Event::Exit { node, .. } if stood_pat(node) && prev == Some(EventKind::Cutoff) => &[QuiesceCut],
        Event::Exit { node, .. } if stood_pat(node) => &[QuiesceReturn],
        Event::Exit { node, .. } if trace.beyond_horizon(node) => &[QuiesceLeaf, Leaf],
        Event::Update { node, .. } if trace.is_chance(node) => &[ChanceUpdate],
        Event::ChanceCut { cut: crate::StarCut::Beta, .. } => &[ChanceCutHigh, ChanceCut],
        Event::ChanceCut { cut: crate::StarCut::Probe, .. } => &[StarProbe, ChanceLoop],
        Event::Exit { node, .. }
            if prev == Some(EventKind::ChanceCut) && trace.cutoff(node).is_some_and(|c| c.probe) =>
        {
            &[StarProbe, ChanceLoop]
        }
        Event::Exit { node, .. } if trace.is_chance(node) && prev == Some(EventKind::ChanceCut) => {
            match trace.cutoff(node).map(|c| c.kind) {
                Some(crate::CutKind::Beta) => &[ChanceCutHigh, ChanceCut],
                _ => &[ChanceCut, ChanceReturn],
            }
        }
        Event::Exit { node, .. } if trace.is_chance(node) => &[ChanceReturn],
        Event::Enter { node, .. } => match player(node) {
            Player::Max => &[Header],
            Player::Min => &[MinHeader, Header],
        },
        // A listing's own MIN function (AIMA's MIN-VALUE) has its own lines.
        Event::Eval { node, .. } if player(node) == Player::Min => &[MinLeaf, Leaf],
        Event::Update { node, .. } if player(node) == Player::Min => &[MinUpdate, MaxUpdate],
        Event::Cutoff { node, .. } if player(node) == Player::Min => {
            &[MinCut, MinCutReturn, MaxCut, MaxCutReturn]
        }
        Event::Exit { node, .. } if trace.summary(node).is_leaf() => match player(node) {
            Player::Max => &[Leaf],
            Player::Min => &[MinLeaf, Leaf],
        },
        Event::Exit { .. } if prev == Some(EventKind::TtHit) => &[TtHit, Header],
        Event::Exit { node, .. } if prev == Some(EventKind::Cutoff) => match player(node) {
            Player::Max => &[MaxCutReturn, MaxReturn],
            Player::Min => &[MinCutReturn, MinReturn, MaxCutReturn, MaxReturn],
        },
        Event::Exit { node, .. } if player(node) == Player::Min => &[MinReturn, MaxReturn],
        // An aspiration window searched again runs the line that says so.
        Event::PassStart { pass, pass_kind: PassKind::Aspiration, .. } if pass > 0 => {
            &[Research, PassStart, Header]
        }
        // Everything else executes the roles the event table gives its kind.
        _ => e.kind().lines(),
    };
    trace.algorithm.line_of(roles).unwrap_or(0)
}
