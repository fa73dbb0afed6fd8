//! One sentence per event, for students: the terminal stepper, the beamer steps and the HTML page
//! all say the same.
//!
//! Every event kind's sentence is declared with the kind in the event table (`event/events.table`):
//! a template whose slots are the event's fields, or one of the functions below, which choose
//! the template by what the event and the [`Timeline`] say (a leaf or an inner node, a window
//! that moved or stayed, a game or a tree) and compute what the fields do not (the child value a
//! cutoff tested, the children it pruned). Which it is comes from the table, in `kinds.rs`
//! (generated from it); the templates and their filling are in [`sentence`](mod@sentence);
//! the page receives the chosen template of every step and fills it with its generic filler
//! (`assets/narration.js`), never wording an event itself. The numbers come from the event and
//! the timeline, never from re-running the search.

mod kinds;
pub mod sentence;

pub use sentence::{Arg, Narration, Sentence};

use crate::summary::NEVER;
use crate::{Bound, CutKind, Event, NONE, NodeId, OrderReason, PassKind, StarCut, Timeline, Trace};
use abviz_core::Player;
use abviz_core::Score;

/// How a sentence names a node: "B (MIN)" for an inner node; a leaf has no player to move, so
/// it is "the leaf e2e4", and a leaf the figure shows only by its value "the leaf 12 under C".
pub fn who(trace: &Trace, id: NodeId) -> String {
    if is_leaf(trace, id) {
        leaf_name(trace, id)
    } else if trace.is_chance(id) {
        format!("{} (chance)", trace.display_name(id))
    } else {
        format!("{} ({})", trace.display_name(id), trace.node(id).player.upper())
    }
}

/// [`who`], starting a sentence.
fn capital_who(trace: &Trace, id: NodeId) -> String {
    let mut s = who(trace, id);
    if let Some(rest) = s.strip_prefix("the ") {
        s = format!("The {rest}");
    }
    s
}

/// A leaf: evaluated, or pruned with a leaf value the trace kept (a pruned inner node whose
/// subtree was not recorded is not one).
fn is_leaf(trace: &Trace, id: NodeId) -> bool {
    trace.children(id).is_empty() && (trace.summary(id).is_leaf() || trace.pruned_value(id).is_some())
}

/// The value a figure writes in a leaf the tree does not name (explicit and random trees).
fn figure_value(trace: &Trace, id: NodeId) -> Option<Score> {
    if trace.input.kind.is_game() || trace.name(id).is_some() {
        return None;
    }
    if trace.node(id).visited() { Some(trace.summary(id).value) } else { trace.pruned_value(id) }
}

/// "the leaf 12 under C" (with its child number when a sibling leaf has the same value), or
/// "the leaf NAME" when the figure names it.
fn leaf_name(trace: &Trace, id: NodeId) -> String {
    let (Some(v), Some(p)) = (figure_value(trace, id), trace.parent(id)) else {
        return format!("the leaf {}", trace.display_name(id));
    };
    let parent = if trace.parent(p).is_none() && trace.name(p).is_none() {
        "the root".to_string()
    } else {
        trace.display_name(p)
    };
    let twins = trace.children(p).iter().filter(|&&c| c != id && figure_value(trace, c) == Some(v)).count();
    if twins > 0 {
        format!("the leaf {v} under {parent} (child {})", trace.node(id).index + 1)
    } else {
        format!("the leaf {v} under {parent}")
    }
}

/// The sentence for event number `step` (0-based) of `trace`.
pub fn narrate(trace: &Trace, step: usize) -> String {
    if step >= trace.events.len() {
        return String::new();
    }
    let t = trace.timeline();
    say(&t, step, &t.event(step))
}

/// The sentence for `event`, which happened at `step` of the timeline `t`.
pub fn say(t: &Timeline, step: usize, event: &Event) -> String {
    sentence(t, step, event).render(t.trace(), event)
}

/// The sentence for `event` at `step` before its slots are filled: the template the event
/// table gives its kind, or the one its narration function chooses.
pub fn sentence(t: &Timeline, step: usize, event: &Event) -> Sentence {
    match event.kind().narration() {
        Narration::Template(template) => Sentence::new(template),
        Narration::Chosen(choose) => choose(t, step, event),
    }
}

/// How many moves of a recorded playout the narration lists.
pub const PLAYOUT_MOVES_SHOWN: usize = 12;

/// A result or total as the views write it: "1", "0.5", "2.25" (three decimals at most).
pub fn number(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The child value a cutoff at `step` tests (its value then, or its final one).
pub fn cutoff_child_value(t: &Timeline, step: usize, child: NodeId) -> Score {
    t.value_at(child, step).map_or(t.trace().summary(child).value, |(v, _)| v)
}

/// The children of `node` after `child` that a cutoff at `step` leaves pruned, in move order.
pub fn pruned_by(t: &Timeline, step: usize, node: NodeId, child: NodeId) -> Vec<NodeId> {
    let trace = t.trace();
    let after = trace.node(child).index;
    trace
        .children(node)
        .iter()
        .copied()
        .filter(|&c| trace.node(c).index > after && t.seen(c, step) == crate::Seen::Pruned)
        .collect()
}

/// The words of a value's bound after the value ("" for an exact one).
fn bound_words(bound: Bound) -> &'static str {
    match bound {
        Bound::Exact => "",
        Bound::Lower => " (a lower bound: its true value is at least {value})",
        Bound::Upper => " (an upper bound: its true value is at most {value})",
    }
}

/// "; the best move is …" when the search found one.
fn best_move(trace: &Trace, s: Sentence) -> Sentence {
    match &trace.result.best_move {
        Some(m) => s.then("; the best move is {best}").with("best", Arg::Text(m.clone())),
        None => s,
    }
}

// ---- The narration functions the event table names, one per kind that needs choosing. ----

/// Entering a node: the root, a leaf (a visit) or an inner node, with its window if the search
/// has one.
pub(crate) fn enter(t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let trace = t.trace();
    let Event::Enter { node, .. } = *e else { return Sentence::new("") };
    let root = trace.parent(node).is_none();
    let what = if root && trace.name(node).is_none() {
        // Unnamed, the root is just "the root (MAX)", not "the root root (MAX)".
        Sentence::new("Start at the root ({player node})")
    } else if root {
        Sentence::new("Start at the root {who node}")
    } else if trace.summary(node).is_leaf() {
        Sentence::new("Visit {who node}")
    } else {
        Sentence::new("Enter {who node}")
    };
    what.then(if trace.algorithm.has_window() { " with α = {alpha}, β = {beta}." } else { "." })
}

/// A re-search, after the probe that failed high.
pub(crate) fn research(t: &Timeline, step: usize, e: &Event) -> Sentence {
    let trace = t.trace();
    let Event::Research { node, .. } = *e else { return Sentence::new("") };
    let probe = trace.visits_of(node).filter(|v| (v.exit as usize) < step && v.exit != NEVER).last();
    // Star2's search phase: an outcome its probe only bounded is searched in full.
    if let (Some(p), Some(parent)) = (probe, trace.parent(node))
        && trace.is_chance(parent)
    {
        return Sentence::new(
            "Star2's search phase: search {node} in full with [{alpha}, {beta}] (its probe showed ",
        )
        .then(match p.bound {
            Bound::Lower => "it is worth at least {probe_value}",
            Bound::Upper => "it is worth at most {probe_value}",
            Bound::Exact => "its value {probe_value}",
        })
        .then(").")
        .with("probe_value", Arg::Score(p.value));
    }
    match probe {
        Some(p) => Sentence::new("The probe of {node} with [{probe_alpha}, {probe_beta}] failed high (")
            .then(match p.bound {
                Bound::Lower => "its value is at least {probe_value}",
                Bound::Upper => "its value is at most {probe_value}",
                Bound::Exact => "value {probe_value}",
            })
            .then("): search {node} again with [{alpha}, {beta}].")
            .with("probe_alpha", Arg::Score(p.alpha))
            .with("probe_beta", Arg::Score(p.beta))
            .with("probe_value", Arg::Score(p.value)),
        None => Sentence::new("Search {node} again with [{alpha}, {beta}]."),
    }
}

/// A static evaluation: of a tree's leaf, a finished game or a position at the depth limit.
pub(crate) fn eval(t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let Event::Eval { terminal, .. } = *e else { return Sentence::new("") };
    if !t.trace().input.kind.is_game() {
        Sentence::new("Evaluate {who node}: {value}.")
    } else if terminal {
        Sentence::new("{node} is a finished game: its value is {value}.")
    } else {
        Sentence::new("The depth limit is reached at {node}: its static evaluation is {value}.")
    }
}

/// A child's value folded in: whether the window moved, or (without one) the best value so far.
pub(crate) fn update(t: &Timeline, step: usize, e: &Event) -> Sentence {
    let trace = t.trace();
    let Event::Update { node, child, value, alpha, beta } = *e else { return Sentence::new("") };
    let head = if is_leaf(trace, child) { "{Who child}" } else { "{child}" };
    let s = Sentence::new(head).then(" returns {value} to {who node}");
    if trace.is_chance(node) {
        return chance_update(t, step, node, s);
    }
    let before = t.window_before(step);
    let player = trace.node(node).player;
    if trace.algorithm.has_window() {
        return s.then(match player {
            Player::Max if alpha != before.0 => ": α rises to {alpha}, window [{alpha}, {beta}].",
            Player::Max => ": {value} is not above α = {alpha}, so α stays.",
            Player::Min if beta != before.1 => ": β falls to {beta}, window [{alpha}, {beta}].",
            Player::Min => ": {value} is not below β = {beta}, so β stays.",
        });
    }
    // Minimax and negamax: the best value so far (MAX's α or MIN's β in MAX's view).
    let best = if player == Player::Max { alpha } else { beta };
    let first = t.prev(step).is_none_or(|p| t.kind(p) == crate::EventKind::Enter);
    s.then(match (player, first || best == value) {
        (Player::Max, true) => ": its best value so far is {alpha}.",
        (Player::Max, false) => ": its best value so far stays {alpha}.",
        (Player::Min, true) => ": its best value so far is {beta}.",
        (Player::Min, false) => ": its best value so far stays {beta}.",
    })
}

/// An outcome returned to a chance node: its probability, the expected value so far (the
/// outcomes' recorded values weighted by their recorded probabilities) and, with leaf bounds,
/// the range the expected value can still take (the update's [α, β]).
fn chance_update(t: &Timeline, step: usize, node: NodeId, s: Sentence) -> Sentence {
    let trace = t.trace();
    let Event::Update { child, alpha, beta, .. } = t.event(step) else { return s };
    let p = trace.probability(child).map_or_else(|| "?".to_string(), |p| p.to_string());
    let s = s.then(" (probability {p})").with("p", Arg::Text(p));
    if alpha == beta {
        return s.then(": all its outcomes are in, its expected value is {alpha}.");
    }
    // Star2: what is known of each outcome is a probe's bound or a search's value, so the
    // sentence says the range they give.
    if trace.algorithm.features.researches {
        let probed =
            step > 0 && matches!(t.event(step - 1), Event::Exit { bound, .. } if bound != Bound::Exact);
        let why = if probed { ": with its probe's bound" } else { ": with it" };
        return s.then(why).then(", {who node}'s expected value lies in [{alpha}, {beta}].");
    }
    let sum = t.expected_so_far(node, step).map_or_else(|| "?".to_string(), |v| v.to_string());
    let s = s.then(": the outcomes so far add {sum} to its expected value").with("sum", Arg::Text(sum));
    if alpha > Score::NEG_INF || beta < Score::INF {
        s.then(", which can still end anywhere in [{alpha}, {beta}].")
    } else {
        s.then(".")
    }
}

/// *-minimax's cut at a chance node: the bound the remaining outcomes cannot lift (or lower)
/// the expected value past, whose α or β it was, and what is never searched.
pub(crate) fn chance_cut(t: &Timeline, step: usize, e: &Event) -> Sentence {
    let Event::ChanceCut { node, cut, child, bound_from, .. } = *e else { return Sentence::new("") };
    if cut == StarCut::Probe {
        let pruned = pruned_by(t, step, node, child);
        let side = match t.trace().node(node).player {
            Player::Max => "at least {bound}: MAX will not take less",
            Player::Min => "at most {bound}: MIN will not take more",
        };
        return Sentence::new("Star2 probes {who node} with its first move only: {who node} is worth ")
            .then(side)
            .then(match pruned.len() {
                0 => ".",
                1 => "; {and who pruned} waits for the search phase.",
                _ => "; {and who pruned} wait for the search phase.",
            })
            .with("pruned", Arg::Nodes(pruned));
    }
    let test = match cut {
        StarCut::Alpha | StarCut::Probe => {
            "At {who node}, even if every remaining outcome scored the leaves' upper bound, the \
             expected value could reach only {bound} ≤ α = {alpha} "
        }
        StarCut::Beta => {
            "At {who node}, even if every remaining outcome scored the leaves' lower bound, the \
             expected value would still be {bound} ≥ β = {beta} "
        }
    };
    let source = match bound_from {
        None => "of the root's initial window",
        Some(_) => "set at {bound_from}",
    };
    let pruned = pruned_by(t, step, node, child);
    let tail = match pruned.len() {
        // Star2 entered every outcome while probing: the rest are not searched in full.
        0 if t.trace().algorithm.features.researches => "the outcomes are not searched further",
        0 => "it was the last outcome, so nothing is pruned",
        1 => "{and who pruned} is never searched",
        _ => "{and who pruned} are never searched",
    };
    Sentence::new(test)
        .then(source)
        .then(": a chance cutoff, ")
        .then(tail)
        .then(".")
        .with("pruned", Arg::Nodes(pruned))
}

/// A cutoff: the test that held, whose bound it was, and what is never searched.
pub(crate) fn cutoff(t: &Timeline, step: usize, e: &Event) -> Sentence {
    let trace = t.trace();
    let Event::Cutoff { node, cut, child, bound_from, .. } = *e else { return Sentence::new("") };
    let strict = trace.algorithm.ties == abviz_core::Ties::Keep;
    let test = match (cut, strict) {
        (CutKind::Alpha, false) => "At {who node} the child value {value} ≤ α = {alpha} ",
        (CutKind::Beta, false) => "At {who node} the child value {value} ≥ β = {beta} ",
        (CutKind::Alpha, true) => "At {who node} the child value {value} < α = {alpha} ",
        (CutKind::Beta, true) => "At {who node} the child value {value} > β = {beta} ",
    };
    let source = match bound_from {
        None => "of the root's initial window",
        Some(b) if b == node => "set here",
        Some(_) => "set at {bound_from}",
    };
    // In a game the pruned children are moves from the node just named: their moves say it,
    // and a long list is cut short (a xiangqi cutoff can prune 40 moves).
    let game = trace.input.kind.is_game();
    let pruned = pruned_by(t, step, node, child);
    // Pruned leaves the figure shows only by their values: "the leaves 4 and 6 under C".
    let values = pruned.iter().filter(|&&c| is_leaf(trace, c) && figure_value(trace, c).is_some()).count();
    let tail = match pruned.len() {
        n if n > 1 && n <= 5 && values == n => {
            "the leaves {and value pruned} under {node} are never searched"
        }
        0 => "it was the last child, so nothing is pruned",
        1 if game => "the move {and move pruned} is never searched",
        1 => "{and who pruned} is never searched",
        n if n > 5 && game => "the remaining {count pruned} moves ({ends move pruned}) are never searched",
        n if n > 5 => "the remaining {count pruned} children ({ends who pruned}) are never searched",
        _ if game => "the moves {and move pruned} are never searched",
        _ => "{and who pruned} are never searched",
    };
    Sentence::new(test)
        .then(source)
        .then(match cut {
            CutKind::Alpha => ": α-cutoff, ",
            CutKind::Beta => ": β-cutoff, ",
        })
        .then(tail)
        .then(".")
        .with("value", Arg::Score(cutoff_child_value(t, step, child)))
        .with("pruned", Arg::Nodes(pruned))
}

/// A node returns: a leaf is done, an inner node says its value and bound, the root ends the
/// search (or its pass).
pub(crate) fn exit(t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let trace = t.trace();
    let Event::Exit { node, bound, .. } = *e else { return Sentence::new("") };
    if trace.summary(node).is_leaf() {
        return Sentence::new("{Who node} is done.");
    }
    if trace.parent(node).is_none() {
        if !trace.passes().is_empty() {
            return Sentence::new("The root returns {value}").then(bound_words(bound)).then(".");
        }
        return best_move(trace, Sentence::new("The root's value is {value}")).then(". Search complete.");
    }
    if trace.is_chance(node) {
        return Sentence::new("{who node} is done: expected value {value}")
            .then(bound_words(bound))
            .then(".");
    }
    Sentence::new("{who node} is done: value {value}").then(bound_words(bound)).then(".")
}

/// A root search begins: an iteration, an MTD(f) probe or an aspiration window.
pub(crate) fn pass_start(_t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let Event::PassStart { pass, pass_kind, depth, .. } = *e else { return Sentence::new("") };
    let depth = if depth.is_some() { " to depth {depth}" } else { "" };
    match pass_kind {
        PassKind::Iteration => {
            Sentence::new("Iteration {number}: search the root").then(depth).then(" with [{alpha}, {beta}].")
        }
        PassKind::Probe => Sentence::new("Probe {number}: a null-window search")
            .then(depth)
            .then(" with [{alpha}, {beta}] (is the value ≥ {beta}?)."),
        PassKind::Aspiration => Sentence::new("Pass {number}: search the root")
            .then(depth)
            .then(" inside the window [{alpha}, {beta}]."),
    }
    .with("number", Arg::Num(u64::from(pass) + 1))
}

/// A root search ends: its outcome, and after the last the search's result (once: when the
/// last pass's exact value is the result, the sentence does not say it twice).
pub(crate) fn pass_end(t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let trace = t.trace();
    let Event::PassEnd { pass, value, bound } = *e else { return Sentence::new("") };
    let this = trace.passes().iter().find(|p| p.number == pass);
    let last = trace.passes().last().is_some_and(|p| p.number == pass);
    let s = Sentence::new(match this.map(|p| p.kind) {
        Some(PassKind::Iteration) => "Iteration {number} ends: ",
        Some(PassKind::Probe) => "Probe {number} ends: ",
        Some(PassKind::Aspiration) | None => "Pass {number} ends: ",
    })
    .then(match bound {
        Bound::Exact => "the root's value is {value}",
        Bound::Lower => "it failed high: the value is at least {value}",
        Bound::Upper => "it failed low: the value is at most {value}",
    })
    .with("number", Arg::Num(u64::from(pass) + 1));
    if !last {
        return s.then(".");
    }
    let s = if bound == Bound::Exact && value == trace.result.value {
        s
    } else {
        s.then(". The root's value is {result}").with("result", Arg::Score(trace.result.value))
    };
    best_move(trace, s).then(". Search complete.")
}

/// A transposition-table hit: what the table held, and where from.
pub(crate) fn tt_hit(t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let trace = t.trace();
    let Event::TtHit { node, from, bound, .. } = *e else { return Sentence::new("") };
    let s = Sentence::new("The transposition table holds ").then(match bound {
        Bound::Exact => "the value {value}",
        Bound::Lower => "a lower bound {value}",
        Bound::Upper => "an upper bound {value}",
    });
    let s = s.then(" for the position of {node} (depth {depth}");
    let s = match from {
        Some(f) if f != NONE && trace.pass_of(f) != trace.pass_of(node) => match trace.pass_of(f) {
            Some(p) => s
                .then(", stored in pass {from_pass} when {from} was searched")
                .with("from_pass", Arg::Num(u64::from(p) + 1)),
            None => s.then(", stored when {from} was searched"),
        },
        Some(f) if f != NONE => s.then(", stored when {from} was searched"),
        _ => s,
    };
    s.then("): it is used.")
}

/// A transposition-table store.
pub(crate) fn tt_store(_t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let Event::TtStore { bound, .. } = *e else { return Sentence::new("") };
    Sentence::new(match bound {
        Bound::Exact => "Store its value {value}",
        Bound::Lower => "Store its lower bound {value}",
        Bound::Upper => "Store its upper bound {value}",
    })
    .then(" for {node} (depth {depth}) in the transposition table.")
}

/// An MCTS iteration begins.
pub(crate) fn iteration(_t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let Event::Iteration { iteration, .. } = *e else { return Sentence::new("") };
    Sentence::new("Iteration {number}: start again at the root.")
        .with("number", Arg::Num(u64::from(iteration) + 1))
}

/// MCTS backpropagation: N, W and their ratio.
pub(crate) fn backprop(_t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let Event::Backprop { visits, total, .. } = *e else { return Sentence::new("") };
    Sentence::new("Back up the result through {node}: N = {visits}, W = {total}, W/N = {mean}.")
        .with("mean", Arg::Float(total / f64::from(visits.max(1))))
}

/// An MCTS playout: how long, and what its result means.
pub(crate) fn simulate(t: &Timeline, step: usize, e: &Event) -> Sentence {
    let trace = t.trace();
    let Event::Simulate { length, result, .. } = *e else { return Sentence::new("") };
    let game = trace.input.kind.is_game();
    let meaning = match result {
        _ if !game => "",
        r if r >= 1.0 => " (MAX wins)",
        r if r <= 0.0 => " (MIN wins)",
        0.5 => " (a draw)",
        _ => "",
    };
    let moves = trace.playout_at(step).map(|p| playout_moves(trace, &p.moves)).unwrap_or_default();
    let s = match length {
        0 if game => Sentence::new("{node} is a leaf of the search: its result is {result}"),
        0 => return Sentence::new("{node} is a leaf: its value {result} is the result."),
        1 => Sentence::new("Play out from {node} at random: 1 move{moves}, result {result}"),
        _ => Sentence::new("Play out from {node} at random: {length} moves{moves}, result {result}"),
    };
    s.then(meaning).then(".").with("moves", Arg::Text(moves))
}

/// A recorded playout's moves as the narration lists them: " (c3 a1 b2)", the first
/// [`PLAYOUT_MOVES_SHOWN`] and "… k more" for a long one.
fn playout_moves(trace: &Trace, moves: &[u32]) -> String {
    let label = |&m: &u32| trace.labels.get(m as usize).map_or("?", String::as_str);
    let shown: Vec<&str> = moves.iter().take(PLAYOUT_MOVES_SHOWN).map(label).collect();
    match moves.len().saturating_sub(PLAYOUT_MOVES_SHOWN) {
        0 => format!(" ({})", shown.join(" ")),
        more => format!(" ({} … {more} more)", shown.join(" ")),
    }
}

/// Quiescence search: the static value stands pat, as a floor for MAX (a ceiling for MIN), since
/// the mover may decline every capture; with the window now empty, the node returns at once.
pub(crate) fn stand_pat(t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let Event::StandPat { node, alpha, beta, .. } = *e else { return Sentence::new("") };
    let cut = alpha >= beta;
    Sentence::new("Stand pat at {who node}: its static value {value} ").then(match (t.trace().node(node).player, cut) {
        (Player::Max, true) => "≥ β = {beta}, so MAX need not capture at all: return {beta} (stand-pat cut).",
        (Player::Min, true) => "≤ α = {alpha}, so MIN need not capture at all: return {alpha} (stand-pat cut).",
        (Player::Max, false) => {
            "is a floor, since MAX may decline every capture; the window is now [{alpha}, {beta}]: search the captures only."
        }
        (Player::Min, false) => {
            "is a ceiling, since MIN may decline every capture; the window is now [{alpha}, {beta}]: search the captures only."
        }
    })
}

/// Why a move-ordering heuristic searches `node`'s child `index` where it does.
pub(crate) fn order(t: &Timeline, _step: usize, e: &Event) -> Sentence {
    let trace = t.trace();
    let Event::Order { node, index, reason, .. } = *e else { return Sentence::new("") };
    let s = Sentence::new(if index == 0 { "Searched first: " } else { "Then: " });
    let s = match trace.children(node).iter().copied().find(|&c| trace.node(c).index == index) {
        Some(c) => s.then("{move child}").with("child", Arg::Node(c)),
        None => s.then("child {place}").with("place", Arg::Num(u64::from(index) + 1)),
    };
    let s = s.then(match reason {
        OrderReason::Tt => ", the table's best move for this position, from a search to depth {depth}.",
        OrderReason::Killer => ", a killer move at ply {ply}: it caused a cutoff at this ply before.",
        OrderReason::History => {
            ", its history score {score} (depth² for every cutoff it caused) is among the highest."
        }
    });
    s.with("ply", Arg::Num(u64::from(trace.node(node).depth)))
}
