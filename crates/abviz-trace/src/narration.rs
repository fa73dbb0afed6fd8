//! One sentence per event, for students: the terminal stepper and the beamer steps use
//! [`narrate`]; the HTML page stores the sentences of the rarer kinds and words enter, eval,
//! update, cutoff and exit itself (`assets/narration.js`, a port of the functions below that
//! tests/browser.rs checks against [`narrate`] at every step of 18 varied searches — change
//! both together). Each event kind has its own small function; the numbers come from the event
//! and the [`Timeline`], never from re-running the search.

use crate::summary::NEVER;
use crate::{Bound, CutKind, Event, NONE, NodeId, OrderReason, PassKind, Status, Timeline, Trace};
use abviz_core::Player;
use abviz_core::Score;

/// How a sentence names a node: "B (MIN)" for an inner node; a leaf has no player to move, so
/// it is "the leaf e2e4", and a leaf the figure shows only by its value "the leaf 12 under C".
pub fn who(trace: &Trace, id: NodeId) -> String {
    if is_leaf(trace, id) {
        leaf_name(trace, id)
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

/// A list of names: "C2", "C2 and C3", "C2, C3 and C4".
fn name_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// " (a lower bound: its true value is at least 3)" for a bound, "" for an exact value.
fn bound_words(bound: Bound, value: Score) -> String {
    match bound {
        Bound::Exact => String::new(),
        Bound::Lower => format!(" (a lower bound: its true value is at least {value})"),
        Bound::Upper => format!(" (an upper bound: its true value is at most {value})"),
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
    let trace = t.trace();
    match *event {
        Event::Enter { node, alpha, beta } => enter(trace, node, alpha, beta),
        Event::Research { node, alpha, beta } => research(trace, step, node, alpha, beta),
        Event::Eval { node, value, terminal } => eval(trace, node, value, terminal),
        Event::StandPat { node, value, alpha, beta } => stand_pat(trace, node, value, alpha, beta),
        Event::Order { node, index, reason, depth, score } => order(trace, node, index, reason, depth, score),
        Event::Update { node, child, value, alpha, beta } => {
            update(t, step, node, child, value, (alpha, beta))
        }
        Event::Cutoff { node, cut, child, alpha, beta, bound_from, .. } => {
            cutoff(t, step, node, cut, child, (alpha, beta), bound_from)
        }
        Event::Exit { node, value, bound } => exit(trace, node, value, bound),
        Event::PassStart { pass, pass_kind, depth, alpha, beta } => {
            pass_start(pass, pass_kind, depth, alpha, beta)
        }
        Event::PassEnd { pass, value, bound } => pass_end(trace, pass, value, bound),
        Event::TtProbe { node, .. } => {
            format!("Look up the position of {} in the transposition table.", trace.display_name(node))
        }
        Event::TtHit { node, from, value, bound, depth } => tt_hit(trace, node, from, value, bound, depth),
        Event::TtStore { node, value, bound, depth } => {
            let what = match bound {
                Bound::Exact => format!("its value {value}"),
                Bound::Lower => format!("its lower bound {value}"),
                Bound::Upper => format!("its upper bound {value}"),
            };
            format!(
                "Store {what} for {} (depth {depth}) in the transposition table.",
                trace.display_name(node)
            )
        }
        Event::Iteration { iteration, .. } => {
            format!("Iteration {}: start again at the root.", iteration + 1)
        }
        Event::Select { child, visits, total, uct, .. } => format!(
            "Select {}: its UCT value {uct:.3} is the highest (N = {visits}, W = {}).",
            who(trace, child),
            number(total)
        ),
        Event::Expand { node, child } => {
            format!("Expand {}: add the child {}.", trace.display_name(node), trace.display_name(child))
        }
        Event::Simulate { node, length, result } => simulate(trace, step, node, length, result),
        Event::Backprop { node, visits, total } => format!(
            "Back up the result through {}: N = {visits}, W = {}, W/N = {}.",
            trace.display_name(node),
            number(total),
            number(total / f64::from(visits.max(1)))
        ),
    }
}

/// Why a move-ordering heuristic searches `node`'s child `index` where it does.
fn order(trace: &Trace, node: NodeId, index: u32, reason: OrderReason, depth: u32, score: u64) -> String {
    let child = trace.children(node).iter().copied().find(|&c| trace.node(c).index == index);
    let name = match child {
        Some(c) if !trace.move_label(c).is_empty() => trace.move_label(c).to_string(),
        Some(c) => trace.display_name(c),
        None => format!("child {}", index + 1),
    };
    let why = match reason {
        OrderReason::Tt => format!("the table's best move for this position, from a search to depth {depth}"),
        OrderReason::Killer => {
            format!("a killer move at ply {}: it caused a cutoff at this ply before", trace.node(node).depth)
        }
        OrderReason::History => {
            format!("its history score {score} (depth² for every cutoff it caused) is among the highest")
        }
    };
    let lead = if index == 0 { "Searched first" } else { "Then" };
    format!("{lead}: {name}, {why}.")
}

/// Quiescence search: the static value stands pat, as a floor for MAX (a ceiling for MIN), since
/// the mover may decline every capture; with the window now empty, the node returns at once.
fn stand_pat(trace: &Trace, node: NodeId, value: Score, alpha: Score, beta: Score) -> String {
    let name = who(trace, node);
    let (mover, floor, bound, bound_value) = match trace.node(node).player {
        Player::Max => ("MAX", "a floor", "β", beta),
        Player::Min => ("MIN", "a ceiling", "α", alpha),
    };
    if alpha >= beta {
        let cmp = if trace.node(node).player == Player::Max { "≥" } else { "≤" };
        return format!(
            "Stand pat at {name}: its static value {value} {cmp} {bound} = {bound_value}, so {mover} need not capture at all: return {bound_value} (stand-pat cut)."
        );
    }
    format!(
        "Stand pat at {name}: its static value {value} is {floor}, since {mover} may decline every capture; the window is now [{alpha}, {beta}]: search the captures only."
    )
}

/// An MCTS playout: how long, and what its result means.
fn simulate(trace: &Trace, step: usize, node: NodeId, length: u32, result: f64) -> String {
    let name = trace.display_name(node);
    let game = trace.input.kind.is_game();
    let meaning = match result {
        _ if !game => String::new(),
        r if r >= 1.0 => " (MAX wins)".into(),
        r if r <= 0.0 => " (MIN wins)".into(),
        0.5 => " (a draw)".into(),
        _ => String::new(),
    };
    let r = number(result);
    let moves = trace.playout_at(step).map(|p| playout_moves(trace, &p.moves)).unwrap_or_default();
    match length {
        0 if game => format!("{name} is a leaf of the search: its result is {r}{meaning}."),
        0 => format!("{name} is a leaf: its value {r} is the result."),
        1 => format!("Play out from {name} at random: 1 move{moves}, result {r}{meaning}."),
        n => format!("Play out from {name} at random: {n} moves{moves}, result {r}{meaning}."),
    }
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

/// How many moves of a recorded playout the narration lists.
pub const PLAYOUT_MOVES_SHOWN: usize = 12;

/// A result or total as the views write it: "1", "0.5", "2.25" (three decimals at most).
pub fn number(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn enter(trace: &Trace, node: NodeId, alpha: Score, beta: Score) -> String {
    let root = trace.parent(node).is_none();
    let what = if root && trace.name(node).is_none() {
        // Unnamed, the root is just "the root (MAX)", not "the root root (MAX)".
        format!("Start at the root ({})", trace.node(node).player.upper())
    } else if root {
        format!("Start at the root {}", who(trace, node))
    } else if trace.summary(node).is_leaf() {
        format!("Visit {}", who(trace, node))
    } else {
        format!("Enter {}", who(trace, node))
    };
    if trace.algorithm.has_window() {
        format!("{what} with α = {alpha}, β = {beta}.")
    } else {
        format!("{what}.")
    }
}

fn research(trace: &Trace, step: usize, node: NodeId, alpha: Score, beta: Score) -> String {
    let probe = trace.visits_of(node).filter(|v| (v.exit as usize) < step && v.exit != NEVER).last();
    let name = trace.display_name(node);
    match probe {
        Some(p) => format!(
            "The probe of {name} with [{}, {}] failed high ({}): search {name} again with [{alpha}, {beta}].",
            p.alpha,
            p.beta,
            match p.bound {
                Bound::Lower => format!("its value is at least {}", p.value),
                Bound::Upper => format!("its value is at most {}", p.value),
                Bound::Exact => format!("value {}", p.value),
            }
        ),
        None => format!("Search {name} again with [{alpha}, {beta}]."),
    }
}

fn eval(trace: &Trace, node: NodeId, value: Score, terminal: bool) -> String {
    let name = trace.display_name(node);
    if !trace.input.kind.is_game() {
        format!("Evaluate {}: {value}.", who(trace, node))
    } else if terminal {
        format!("{name} is a finished game: its value is {value}.")
    } else {
        format!("The depth limit is reached at {name}: its static evaluation is {value}.")
    }
}

fn update(
    t: &Timeline,
    step: usize,
    p: NodeId,
    child: NodeId,
    v: Score,
    (alpha, beta): (Score, Score),
) -> String {
    let trace = t.trace();
    let child_name =
        if is_leaf(trace, child) { capital_who(trace, child) } else { trace.display_name(child) };
    let head = format!("{child_name} returns {v} to {}", who(trace, p));
    let before = t.window_before(step);
    let player = trace.node(p).player;
    if trace.algorithm.has_window() {
        return match player {
            Player::Max if alpha != before.0 => {
                format!("{head}: α rises to {alpha}, window [{alpha}, {beta}].")
            }
            Player::Max => format!("{head}: {v} is not above α = {alpha}, so α stays."),
            Player::Min if beta != before.1 => {
                format!("{head}: β falls to {beta}, window [{alpha}, {beta}].")
            }
            Player::Min => format!("{head}: {v} is not below β = {beta}, so β stays."),
        };
    }
    // Minimax and negamax: the best value so far (MAX's α or MIN's β in MAX's view).
    let best = if player == Player::Max { alpha } else { beta };
    let first = t.prev(step).is_none_or(|p| t.kind(p) == crate::EventKind::Enter);
    if first || best == v {
        format!("{head}: its best value so far is {best}.")
    } else {
        format!("{head}: its best value so far stays {best}.")
    }
}

fn cutoff(
    t: &Timeline,
    step: usize,
    node: NodeId,
    cut: CutKind,
    child: NodeId,
    (alpha, beta): (Score, Score),
    bound_from: Option<NodeId>,
) -> String {
    let trace = t.trace();
    let child_value = cutoff_child_value(t, step, child);
    let source = match bound_from {
        None => "of the root's initial window".to_string(),
        Some(b) if b == node => "set here".to_string(),
        Some(b) => format!("set at {}", trace.display_name(b)),
    };
    let test = match cut {
        CutKind::Alpha => format!("the child value {child_value} ≤ α = {alpha} {source}"),
        CutKind::Beta => format!("the child value {child_value} ≥ β = {beta} {source}"),
    };
    // In a game the pruned children are moves from the node just named: their moves say it,
    // and a long list is cut short (a xiangqi cutoff can prune 40 moves).
    let game = trace.input.kind.is_game();
    let after = trace.node(child).index;
    let pruned: Vec<String> = trace
        .children(node)
        .iter()
        .filter(|&&c| trace.node(c).index > after && t.seen(c, step) == crate::Seen::Pruned)
        .map(|&c| if game { trace.move_label(c).to_string() } else { who(trace, c) })
        .collect();
    // Pruned leaves the figure shows only by their values: "the leaves 4 and 6 under C".
    let values: Vec<String> = trace
        .children(node)
        .iter()
        .filter(|&&c| trace.node(c).index > after && t.seen(c, step) == crate::Seen::Pruned)
        .filter(|&&c| is_leaf(trace, c))
        .filter_map(|&c| figure_value(trace, c).map(|v| v.to_string()))
        .collect();
    let what = if game { "moves" } else { "children" };
    let tail = match pruned.len() {
        n if n > 1 && n <= 5 && values.len() == n => {
            format!("the leaves {} under {} are never searched", name_list(&values), trace.display_name(node))
        }
        0 => "it was the last child, so nothing is pruned".to_string(),
        1 if game => format!("the move {} is never searched", pruned[0]),
        1 => format!("{} is never searched", pruned[0]),
        n if n > 5 => format!(
            "the remaining {n} {what} ({}, {}, {}, …, {}) are never searched",
            pruned[0],
            pruned[1],
            pruned[2],
            pruned[n - 1]
        ),
        _ if game => format!("the moves {} are never searched", name_list(&pruned)),
        _ => format!("{} are never searched", name_list(&pruned)),
    };
    format!("At {} {test}: {}, {tail}.", who(trace, node), cut.name())
}

/// The child value a cutoff at `step` tests (its value then, or its final one).
pub fn cutoff_child_value(t: &Timeline, step: usize, child: NodeId) -> Score {
    t.value_at(child, step).map_or(t.trace().summary(child).value, |(v, _)| v)
}

fn exit(trace: &Trace, node: NodeId, value: Score, bound: Bound) -> String {
    let summary = trace.summary(node);
    if summary.is_leaf() {
        return format!("{} is done.", capital_who(trace, node));
    }
    if summary.status == Status::Transposition && trace.parent(node).is_some() {
        return format!("{} is done: value {value}{}.", who(trace, node), bound_words(bound, value));
    }
    if trace.parent(node).is_none() {
        if !trace.passes().is_empty() {
            return format!("The root returns {value}{}.", bound_words(bound, value));
        }
        let best = match &trace.result.best_move {
            Some(m) => format!("; the best move is {m}"),
            None => String::new(),
        };
        return format!("The root's value is {value}{best}. Search complete.");
    }
    format!("{} is done: value {value}{}.", who(trace, node), bound_words(bound, value))
}

fn pass_start(pass: u32, kind: PassKind, depth: Option<u32>, alpha: Score, beta: Score) -> String {
    let depth = depth.map_or(String::new(), |d| format!(" to depth {d}"));
    match kind {
        PassKind::Iteration => {
            format!("Iteration {}: search the root{depth} with [{alpha}, {beta}].", pass + 1)
        }
        PassKind::Probe => {
            format!(
                "Probe {}: a null-window search{depth} with [{alpha}, {beta}] (is the value ≥ {beta}?).",
                pass + 1
            )
        }
        PassKind::Aspiration => {
            format!("Pass {}: search the root{depth} inside the window [{alpha}, {beta}].", pass + 1)
        }
    }
}

fn pass_end(trace: &Trace, pass: u32, value: Score, bound: Bound) -> String {
    let last = trace.passes().last().is_some_and(|p| p.number == pass);
    let outcome = match bound {
        Bound::Exact => format!("the root's value is {value}"),
        Bound::Lower => format!("it failed high: the value is at least {value}"),
        Bound::Upper => format!("it failed low: the value is at most {value}"),
    };
    if last {
        let best = match &trace.result.best_move {
            Some(m) => format!("; the best move is {m}"),
            None => String::new(),
        };
        format!(
            "Pass {} ends: {outcome}. The root's value is {}{best}. Search complete.",
            pass + 1,
            trace.result.value
        )
    } else {
        format!("Pass {} ends: {outcome}.", pass + 1)
    }
}

fn tt_hit(
    trace: &Trace,
    node: NodeId,
    from: Option<NodeId>,
    value: Score,
    bound: Bound,
    depth: u32,
) -> String {
    let source = match from {
        Some(f) if f != NONE && trace.pass_of(f) != trace.pass_of(node) => match trace.pass_of(f) {
            Some(p) => format!(", stored in pass {} when {} was searched", p + 1, trace.display_name(f)),
            None => format!(", stored when {} was searched", trace.display_name(f)),
        },
        Some(f) if f != NONE => format!(", stored when {} was searched", trace.display_name(f)),
        _ => String::new(),
    };
    let what = match bound {
        Bound::Exact => format!("the value {value}"),
        Bound::Lower => format!("a lower bound {value}"),
        Bound::Upper => format!("an upper bound {value}"),
    };
    format!(
        "The transposition table holds {what} for the position of {} (depth {depth}{source}): it is used.",
        trace.display_name(node)
    )
}
