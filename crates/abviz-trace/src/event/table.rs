//! The event table: every kind of event a search reports, declared once.
//!
//! An entry gives the kind's [`Event`] variant and JSON name, its fields (each with how the
//! compact layout writes it), its compact code, its effect on the stack of executing nodes, the
//! pseudocode roles it executes, its sentence (a template, or the narration function that
//! chooses one), its line in docs/trace-format.md and the [`Observer`] hook that reports it.
//! `event/declare.rs` describes the grammar and generates the event types, the codec, the
//! observer trait and its plumbing from it.
//!
//! A new kind of event is an entry here (its code is the next free one, at most 31), the search
//! that calls its hook, and a view that wants to draw it specially, if any. With a hook marked
//! `records`, a sentence template and the roles of existing pseudocode lines, nothing else
//! changes: the recorder, the trace file (both layouts), the timeline, the steppers, the page and
//! the documentation's tables follow from the entry.

use crate::node::{Bound, CutKind, NodeId, StarCut};
use crate::{OrderReason, PassKind};
use abviz_core::Score;

/// The table, read by `events!` (`event/declare.rs`) in one of two readings: `codec` here (the
/// event types, the codec, the observer) and `narration` in `narration/mod.rs` (how each kind's
/// sentence is made), where the `narrate` functions live.
macro_rules! event_table {
    ($reading:ident) => {
$crate::event::declare::events! {
$reading;
    observer: {
        /// What a search tells about its progress. Values and windows are given in the
        /// algorithm's own point of view: MAX's for minimax and alpha-beta, the mover's for the
        /// negamax family.
        ///
        /// A tree search reports `enter`, then either `leaf` or `expand` followed by one `update`
        /// per child that returned (and `cutoff` when the test α ≥ β holds), then `exit`. A
        /// re-search calls `research` just before entering the same child again. Several root
        /// searches are bracketed by `pass_start` / `pass_end`. MCTS reports `iteration`,
        /// `select`, `expand_child`, `simulate` and `backprop`.
        ///
        /// Every hook has an empty default body (the event table in `event/table.rs` declares
        /// them), so with [`crate::NoOp`] the calls compile away and the search runs as fast as
        /// one with no instrumentation at all. Hooks the table marks `records` record their event
        /// through [`Observer::record_here`], which only the recorder implements.
    }
    hooks: {
        /// The current node's children, generated in search order. Returning an error stops the
        /// search before any of them is searched (a node budget they would exceed).
        fn expand(game: &G, moves: &[G::Move]) -> Result;
        /// Whether the observer wants to know why a move-ordering heuristic put children first
        /// ([`Observer::order`]) and what it learned from a cutoff ([`Observer::killer`]); the
        /// search asks once per ordered node, and by default nobody does, so the reasons cost
        /// nothing then.
        fn records_order() -> bool;
        /// Whether the observer wants each playout move ([`Observer::playout_move`]); the search
        /// asks once per playout, and by default nobody does.
        fn records_playouts() -> bool;
        /// A playout move `mv` from `game`'s position (only when [`Observer::records_playouts`]).
        fn playout_move(game: &G, mv: G::Move);
        /// The next `enter` searches again the current node's child `index` (entered before:
        /// Star2 probed it), not the child that returned last: Star2's search phase after its
        /// probes. Recorded as a re-search ([`Event::Research`]).
        fn research_child(index: u32);
    }

    /// The search enters `node` with the window [`alpha`, `beta`].
    Enter "enter" {
        /// The node.
        node: NodeId [node next],
        /// α on entry.
        alpha: Score [score lo open],
        /// β on entry.
        beta: Score [score hi open],
    } {
        code: 0,
        stack: push(node),
        lines: [Header],
        narrate: narration::enter,
        docs: "the search enters `node` with the window [α, β]",
        hook:
            /// The search enters the current position of `game` with the window [`alpha`,
            /// `beta`]. Returning an error stops the search (a node budget, for instance).
            fn enter(game: &G, alpha: Score, beta: Score) -> Result;
    }

    /// `node` is evaluated statically.
    Eval "eval" {
        /// The node.
        node: NodeId [node],
        /// Its static value.
        value: Score [score value keep],
        /// Whether it is a finished game (not a depth-limit evaluation).
        terminal: bool [code "depth limit", "terminal"],
    } {
        code: 2,
        stack: stay,
        lines: [Leaf],
        narrate: narration::eval,
        docs: "a static evaluation (`terminal`: a finished game)",
        hook:
            /// The current node is a leaf with static value `value`; `terminal` when the game
            /// is over.
            fn leaf(value: Score, terminal: bool);
    }

    /// `child` returned `value` to `node`, whose window (or best value so far) is now
    /// [`alpha`, `beta`].
    Update "update" {
        /// The node taking the value in.
        node: NodeId [node],
        /// The child that returned.
        child: NodeId [child last],
        /// The value it returned.
        value: Score [score value last],
        /// `node`'s α now.
        alpha: Score [score lo],
        /// `node`'s β now.
        beta: Score [score hi],
    } {
        code: 4,
        stack: stay,
        lines: [MaxUpdate],
        narrate: narration::update,
        docs: "`child` returned `value` to `node`, whose window (or best value so far) is now [α, β]",
        hook:
            /// A child returned `value`; the current node's window (or best value so far) is now
            /// [`alpha`, `beta`].
            fn update(value: Score, alpha: Score, beta: Score);
    }

    /// The cutoff test α ≥ β held at `node` after `child` reported.
    Cutoff "cutoff" {
        /// The node.
        node: NodeId [node],
        /// α-cutoff at MIN, β-cutoff at MAX.
        cut: CutKind [code "α", "β"],
        /// The child whose value caused it.
        child: NodeId [child last],
        /// α at the test.
        alpha: Score [score lo],
        /// β at the test.
        beta: Score [score hi],
        /// The node whose bound was exceeded (the one that set the α of an α-cutoff or the β of
        /// a β-cutoff); `None` when it was the root's initial window.
        bound_from: Option<NodeId> [opt_id],
        /// How many children are never searched.
        pruned: u32 [small],
        /// How many nodes were recorded for them (the pruned children and, for explicit trees,
        /// what lies below them).
        created: u32 [small creates],
    } {
        code: 5,
        stack: stay,
        lines: [MaxCut, MaxCutReturn],
        narrate: narration::cutoff,
        docs: "the test α ≥ β held after `child`; `bound_from` is the node whose bound was exceeded (`null`: the root's initial window); `pruned` children are never searched and `created` nodes were recorded for them (with their subtrees, for explicit trees)",
        hook:
            /// The cutoff test `alpha >= beta` held after the last child: the moves in `pruned`
            /// (the rest, from `game`'s current position) are never searched. Returning an error
            /// stops the search (recording the never-searched children would exceed a node
            /// budget).
            fn cutoff(game: &G, pruned: &[G::Move], alpha: Score, beta: Score) -> Result;
    }

    /// `node` returns `value`; `bound` says whether it is exact or a bound (fail-low: upper,
    /// fail-high: lower).
    Exit "exit" {
        /// The node.
        node: NodeId [node],
        /// The value it returns.
        value: Score [score value last keep],
        /// Exact, lower or upper bound.
        bound: Bound [code "exact", "lower", "upper"],
    } {
        code: 7,
        stack: pop(node),
        lines: [MaxReturn],
        narrate: narration::exit,
        docs: "`node` returns",
        hook:
            /// The current node returns `value` to its parent.
            fn exit(value: Score);
    }

    /// The search enters `node` again — a child its parent already searched — with a new window
    /// (PVS and NegaScout after a null-window probe failed high).
    Research "research" {
        /// The node searched again.
        node: NodeId [node last],
        /// The new α.
        alpha: Score [score lo open],
        /// The new β.
        beta: Score [score hi open],
    } {
        code: 1,
        stack: push(node),
        lines: [Research, Header],
        narrate: narration::research,
        docs: "it enters `node` again, a child it already searched, with a new window (PVS, NegaScout)",
        hook:
            /// The next `enter` searches again the child that just returned (a re-search).
            fn research();
    }

    /// A root search begins (an iteration, a probe, an aspiration window); its root is the node
    /// entered next.
    PassStart "pass-start" {
        /// The pass number, from 0.
        pass: u32 [small],
        /// What kind of pass.
        pass_kind: PassKind [code "iteration", "probe", "aspiration"],
        /// Its depth limit, if it has its own.
        depth: Option<u32> [opt_num],
        /// The root window's α.
        alpha: Score [score],
        /// The root window's β.
        beta: Score [score],
    } {
        code: 10,
        stack: clear,
        lines: [PassStart, Header],
        narrate: narration::pass_start,
        docs: "a root search begins; its root is the node entered next",
        hook:
            /// A root search of `game`'s position begins with the window [`alpha`, `beta`].
            fn pass_start(game: &G, kind: PassKind, depth: Option<u32>, alpha: Score, beta: Score);
    }

    /// A root search ends with `value`.
    PassEnd "pass-end" {
        /// The pass number.
        pass: u32 [small],
        /// The root's value in this pass.
        value: Score [score value],
        /// Exact, or a bound (a failed probe or aspiration window).
        bound: Bound [code "exact", "lower", "upper"],
    } {
        code: 13,
        stack: stay,
        lines: [PassEnd, PassStart],
        narrate: narration::pass_end,
        docs: "it ends",
        hook:
            /// The root search ends with `value`.
            fn pass_end(value: Score);
    }

    /// The transposition table is looked up for `node`'s position.
    TtProbe "tt-probe" {
        /// The node.
        node: NodeId [node],
        /// The position key.
        key: u64 [num],
    } {
        code: 16,
        stack: stay,
        lines: [TtProbe, Header],
        say: "Look up the position of {node} in the transposition table.",
        docs: "the transposition table is looked up",
        hook:
            /// The transposition table is looked up for the current node (position key `key`).
            fn tt_probe(key: u64) => records(node);
    }

    /// The table held a usable result for `node`'s position, stored when `from` was searched.
    TtHit "tt-hit" {
        /// The node that takes the stored result.
        node: NodeId [node],
        /// The node whose result was stored (`None` if it is not in this trace).
        from: Option<NodeId> [opt_id],
        /// The stored value.
        value: Score [score value],
        /// Its bound.
        bound: Bound [code "exact", "lower", "upper"],
        /// The depth it was searched to.
        depth: u32 [small],
    } {
        code: 17,
        stack: stay,
        lines: [TtHit, TtProbe, Header],
        narrate: narration::tt_hit,
        docs: "a stored result is used; `from` is the node whose result was stored",
        hook:
            /// The table's entry for `key` is used at the current node: `value` with its bound.
            fn tt_hit(key: u64, value: Score, bound: Bound, depth: u32);
    }

    /// `node`'s result is stored in the transposition table.
    TtStore "tt-store" {
        /// The node.
        node: NodeId [node],
        /// The stored value.
        value: Score [score value],
        /// Its bound.
        bound: Bound [code "exact", "lower", "upper"],
        /// The depth it was searched to.
        depth: u32 [small],
    } {
        code: 20,
        stack: stay,
        lines: [TtStore, MaxReturn],
        narrate: narration::tt_store,
        docs: "a result is stored",
        hook:
            /// The current node's result is stored under `key`.
            fn tt_store(key: u64, value: Score, bound: Bound, depth: u32);
    }

    /// An MCTS iteration begins at the root `node`.
    Iteration "iteration" {
        /// The root.
        node: NodeId [node],
        /// The iteration number, from 0.
        iteration: u32 [small],
    } {
        code: 23,
        stack: restart(node),
        lines: [Iteration, Header],
        narrate: narration::iteration,
        docs: "an MCTS iteration begins at the root `node`",
        hook:
            /// An MCTS iteration begins at the root. Returning an error stops the search (a node
            /// budget, for instance), as from [`Observer::enter`].
            fn iteration(number: u32) -> Result;
    }

    /// MCTS selection goes from `node` to `child`, the child with the best UCT value.
    Select "select" {
        /// The node.
        node: NodeId [node],
        /// The selected child.
        child: NodeId [child],
        /// The child's visit count N before this iteration.
        visits: u32 [small],
        /// The child's total result W before this iteration.
        total: f64 [float],
        /// The child's UCT value.
        uct: f64 [float],
    } {
        code: 24,
        stack: push(child),
        lines: [Select],
        say: "Select {who child}: its UCT value {fixed uct} is the highest (N = {visits}, W = {total}).",
        docs: "selection moves to `child` (its N, W before this iteration, and its UCT value)",
        hook:
            /// MCTS selection moves to the child `index` (N = `visits`, W = `total`, its UCT
            /// value).
            fn select(index: u32, visits: u32, total: f64, uct: f64);
    }

    /// MCTS expansion adds `child` below `node`.
    Expand "expand" {
        /// The node expanded.
        node: NodeId [node],
        /// The new child.
        child: NodeId [child next],
    } {
        code: 25,
        stack: push(child),
        lines: [Expand],
        say: "Expand {node}: add the child {child}.",
        docs: "a new child is added",
        hook:
            /// MCTS expansion adds the child `index`, reached by `mv` from `game`'s position.
            fn expand_child(game: &G, mv: G::Move, index: u32);
    }

    /// A playout from `node`: `length` moves, ending with `result`.
    Simulate "simulate" {
        /// Where the playout started.
        node: NodeId [node],
        /// How many moves it played.
        length: u32 [small],
        /// Its result.
        result: f64 [float],
    } {
        code: 26,
        stack: stay,
        lines: [Simulate],
        narrate: narration::simulate,
        docs: "a playout from `node`",
        hook:
            /// A playout of `length` moves ended with `result`.
            fn simulate(length: u32, result: f64);
    }

    /// Backpropagation updates `node`: now N = `visits`, W = `total`.
    Backprop "backprop" {
        /// The node.
        node: NodeId [node],
        /// N after the update.
        visits: u32 [small],
        /// W after the update.
        total: f64 [float],
    } {
        code: 27,
        stack: pop_to_root(node),
        lines: [Backprop],
        narrate: narration::backprop,
        docs: "`node`'s N and W after backpropagation",
        hook:
            /// Backpropagation: the current node now has N = `visits`, W = `total`; the search
            /// moves to its parent.
            fn backprop(visits: u32, total: f64);
    }

    /// Quiescence search: `node`'s static value `value` stands pat (a bound the side to move
    /// is sure of, since it may decline every capture); `node`'s window is now [`alpha`,
    /// `beta`]. An empty window (α ≥ β) is the stand-pat cut: the node returns at once.
    StandPat "stand-pat" {
        /// The node (at or beyond the depth limit).
        node: NodeId [node],
        /// Its static value.
        value: Score [score value keep],
        /// `node`'s α now.
        alpha: Score [score lo],
        /// `node`'s β now.
        beta: Score [score hi],
    } {
        code: 28,
        stack: stay,
        lines: [StandPat],
        narrate: narration::stand_pat,
        docs: "quiescence search (`--quiescence`): `node`'s static value stands pat, a bound the side to move is sure of since it may decline every capture; `node`'s window is now [α, β]. When that window is empty (α ≥ β) it is the stand-pat cut and `node` returns at once; otherwise its captures follow. A node whose parent stood pat lies beyond the depth limit",
        hook:
            /// Quiescence search: the current node's static value `value` stands as a bound for
            /// the side to move ("stand pat"); its window is now [`alpha`, `beta`]. When the
            /// value already reaches the side's far bound the node returns at once (the
            /// stand-pat cut).
            fn stand_pat(value: Score, alpha: Score, beta: Score);
    }

    /// A move-ordering heuristic put `node`'s child `index` (its place in search order, from
    /// 0) where it is: one event per such child, right after `node`'s children are generated,
    /// for the first [`ORDER_REASONS`](crate::ORDER_REASONS) of them (the children a heuristic
    /// moves form a prefix of the search order). Recorded only when the observer asks for it.
    Order "order" {
        /// The node whose children are ordered.
        node: NodeId [node],
        /// The child's place in search order (its `index`).
        index: u32 [small],
        /// Why it comes there.
        reason: OrderReason [coded],
        /// For [`OrderReason::Tt`]: the depth the stored entry was searched to (0 otherwise).
        depth: u32 [small],
        /// For [`OrderReason::History`]: the move's history score (0 otherwise).
        score: u64 [num],
    } {
        code: 29,
        stack: stay,
        lines: [MaxLoop, MinLoop, Header],
        narrate: narration::order,
        docs: "a move-ordering heuristic (`--ordering-heuristics`, iterative deepening) put `node`'s child `index` (its place in search order) where it is searched: `tt` the transposition table's best move for the position (`depth`: the depth its entry was searched to), `killer` a move that caused a cutoff at the same ply earlier, `history` a move with history score `score` (depth² for every cutoff it caused). Written right after `node`'s children are generated, for the first three of them a heuristic chose (those form a prefix of the search order); the child itself is entered later, or pruned",
        hook:
            /// The current node's child `index` (in search order, just reported by
            /// [`Observer::expand`]) comes where it does because of `reason`; `depth` is the
            /// depth of the table entry for [`OrderReason::Tt`], `score` the history score for
            /// [`OrderReason::History`] (0 otherwise). Only when [`Observer::records_order`].
            fn order(index: u32, reason: OrderReason, depth: u32, score: u64) => records(node);
    }

    /// *-minimax (Star1, Star2) at the chance node `node`, after the outcome `child` returned:
    /// even if every outcome still to come scored the leaves' best bound (U), the node's
    /// expected value `bound` would stay at or below α (`cut` α: a fail-low), or even if each
    /// scored the worst bound (L), it would stay at or above β (`cut` β: a fail-high). The
    /// remaining outcomes are never searched. Star2's probe (`cut` probe) stops a player's node
    /// below a chance node after its first move `child`: `bound` is then the bound that move
    /// gives the node (at least it at MAX, at most it at MIN), and its other moves wait.
    ChanceCut "chance-cutoff" {
        /// The chance node (or, for a probe, the node probed).
        node: NodeId [node],
        /// α: the value cannot rise above α; β: it cannot fall below β; probe: Star2's probe.
        cut: StarCut [coded],
        /// The outcome whose value caused it.
        child: NodeId [child last],
        /// The node's value bound at the test: its most (α) or least (β) possible expected
        /// value.
        bound: Score [score value],
        /// α at the test.
        alpha: Score [score lo],
        /// β at the test.
        beta: Score [score hi],
        /// The ancestor whose α (or β) the node could not pass; `None`: the root's initial
        /// window.
        bound_from: Option<NodeId> [opt_id],
        /// How many outcomes are never searched.
        pruned: u32 [small],
        /// How many nodes were recorded for them.
        created: u32 [small creates],
    } {
        code: 31,
        stack: stay,
        lines: [ChanceCut, MaxCut, MaxCutReturn],
        narrate: narration::chance_cut,
        docs: "*-minimax (Star1, Star2): at the chance node `node`, after the outcome `child`, the node's expected value cannot pass α (`cut` `alpha`: even if every remaining outcome scored the leaves' upper bound, `bound` ≤ α) or β (`cut` `beta`: `bound` ≥ β even if each scored the lower bound); `bound_from` is the node that set that α or β, `pruned` outcomes are never searched and `created` nodes were recorded for them. `cut` `probe`: Star2 probed `node`, a player's node below a chance node, with its first move `child` only: `bound` is the bound that gives the node (a lower bound at MAX, an upper bound at MIN); its `pruned` other moves wait for the search phase, which enters `node` again (a `research`)",
        hook:
            /// *-minimax: at the current chance node the expected value cannot pass the
            /// window: `cut` α when even the best remaining outcomes keep it at `bound` ≤
            /// `alpha`, β when even the worst keep it at `bound` ≥ `beta`. The moves in `pruned`
            /// are never searched. `cut` probe: Star2 probed the current node with its first
            /// move, which bounds it by `bound`; the moves in `pruned` wait.
            fn chance_cutoff(game: &G, pruned: &[G::Move], cut: StarCut, bound: Score, alpha: Score, beta: Score) -> Result;
    }

    /// The move to `child` caused the cutoff at `node` just before, so it becomes the first
    /// killer move of `node`'s ply (`--ordering-heuristics killer`): from now on it is tried
    /// early wherever that ply is searched (an [`Event::Order`] with reason
    /// [`OrderReason::Killer`] says where).
    Killer "killer" {
        /// The node where the cutoff happened.
        node: NodeId [node],
        /// Its child whose move caused it.
        child: NodeId [child last],
        /// `node`'s ply (its depth below its pass's root): the killer moves' slot.
        ply: u32 [small],
    } {
        code: 30,
        stack: stay,
        lines: [MaxCut, MinCut],
        say: "{move child} caused this cutoff, so it becomes a killer move at ply {ply}: from now on it is searched early at every node of this ply.",
        docs: "the move to `child` caused the cutoff at `node` just before and becomes the first killer move of `node`'s `ply` (`--ordering-heuristics killer`): it is tried early wherever that ply is searched again (an `order` event with reason `killer` says where). Only when the killer moves change",
        hook:
            /// The move to the child that returned last caused the cutoff just reported and
            /// becomes the first killer move at `ply` (the current node's depth below the root).
            /// Only when [`Observer::records_order`].
            fn killer(ply: u32) => records(node, child);
    }
}
    };
}

pub(crate) use event_table;

event_table!(codec);
