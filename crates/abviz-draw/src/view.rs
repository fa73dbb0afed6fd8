//! What a diagram shows: the visible nodes and the words on them, shared by every diagram format
//! (DOT, SVG, TikZ and the HTML page) so they all draw the same nodes with the same labels.
//!
//! [`View::new`] applies the view options in this order: `--show-pruned` (are never-searched
//! children and their subtrees drawn?), `--pv-only` (only the principal variation), `--max-depth`
//! (nothing below depth K) and `--collapse N` (the children of a node off the principal
//! variation whose subtree holds more than N shown nodes become one "⋯ k nodes" stub; the
//! principal variation never collapses). Without `--collapse`, a view that would show more than
//! [`DIAGRAM_NODE_LIMIT`] nodes collapses as little as keeps it under that limit.
//!
//! ```
//! use abviz_draw::ViewOptions;
//! use abviz_draw::view::View;
//! use abviz_games::tree::ExplicitTree;
//! use abviz_search::{Algorithm, trace};
//!
//! let tree = ExplicitTree::parse("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))").unwrap();
//! let trace = trace(Algorithm::AlphaBeta, &tree, u32::MAX).unwrap();
//! let view = View::new(&trace, &ViewOptions::default());
//! assert_eq!(view.len(), 13); // 11 searched nodes and the two leaves pruned at C
//! let c = view.find("1").unwrap();
//! assert_eq!(view.label(c).value.as_deref(), Some("≤3"));
//! assert_eq!(view.label(c).bounds.as_deref(), Some("[3, 2]"));
//! ```

use super::ViewOptions;
pub use super::options::{Collapse, Labels, RankDir, ShowPruned, Style};
use abviz_core::Player;
use abviz_core::Score;
use abviz_trace::{Bound, CutKind, NONE, NodeId, Pass, Trace};
use std::fmt::Write as _;

/// Above this many shown nodes a view without `--collapse` collapses large subtrees.
pub const DIAGRAM_NODE_LIMIT: usize = 2000;

/// What an exercise writes beside an interior node for the student to fill in [α, β]: each
/// blank 8 mm long or more on the printed sheets of the difficulty profiles' trees.
pub const EXERCISE_BLANKS: &str = "[_______, _______]";

/// A shown item: a trace node, or a stub standing for a collapsed subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// A node of the trace.
    Node(NodeId),
    /// "⋯ k nodes": the hidden children of the trace node `parent` and everything below them.
    Stub {
        /// The trace node whose children it replaces.
        parent: NodeId,
        /// How many shown nodes it hides.
        hidden: u64,
    },
}

/// The shape a node is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// ▲ (triangles) or □ (boxes): a MAX node.
    Max,
    /// ▼ (triangles) or ○ (boxes): a MIN node.
    Min,
    /// □ holding the value (triangles); in the boxes style leaves take their player's shape.
    Leaf,
    /// A "⋯ k nodes" stub.
    Stub,
    /// ◯ (a circle, as AIMA draws them; a diamond ◇ in the boxes style, whose MIN is a circle):
    /// a chance node.
    Chance,
}

/// How the edge into an item is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    /// A searched edge.
    Searched,
    /// A searched edge on the principal variation (thick).
    Pv,
    /// From a searched node to a child its cutoff pruned: dashed grey with a cut mark coloured by
    /// the kind of cutoff.
    Cut(CutKind),
    /// Inside a never-searched subtree: dashed grey.
    Pruned,
    /// To a "⋯ k nodes" stub.
    Stub,
}

/// Everything written on and around one shown item. All text is plain Unicode ("+∞", "α");
/// each format escapes it (and TikZ turns the symbols into math).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeLabel {
    /// The shape.
    pub shape: Shape,
    /// Who moves at the node.
    pub player: Player,
    /// Never searched: drawn faded.
    pub pruned: bool,
    /// On the principal variation (the root is).
    pub pv: bool,
    /// The value, written inside the shape: "3", "≤3", "≥6", "+∞"; for a stub "⋯ 12 nodes".
    pub value: Option<String>,
    /// The node's name, beside it.
    pub name: Option<String>,
    /// The window beside the node: "[3, +∞]", or "[−∞, +∞] → [3, +∞]" with both entry and exit.
    pub bounds: Option<String>,
    /// The visit order: "1", or "1/5" with the post order too.
    pub order: Option<String>,
    /// The kind of cutoff that happened at this node, if one did.
    pub cut: Option<CutKind>,
    /// How the edge from its parent is drawn (None at the root).
    pub edge: Option<EdgeKind>,
    /// Text on the edge from the parent: the move (when it says more than the child's number).
    pub edge_label: Option<String>,
    /// Text at the edge's cut mark ("α-cut" / "β-cut"), on the last pruned child of a cutoff
    /// (the rightmost, where there is room beside it).
    pub cut_label: Option<String>,
    /// One line describing the node for tooltips.
    pub tooltip: String,
    /// MCTS: the share of its parent's visits in thousandths (edges are drawn as wide as their
    /// share).
    pub share: Option<u16>,
    /// Searched beyond the depth limit by a quiescence search (its parent stood pat): drawn as
    /// the fringe where the horizon was extended.
    pub quiescence: bool,
    /// Its edge label is its probability as an outcome of chance (drawn near the chance node,
    /// clear of a cut mark).
    pub outcome: bool,
    /// Its cutoff, if any, is *-minimax's chance cutoff.
    pub chance_cut: bool,
    /// Star2 probed it with its first move only.
    pub probe: bool,
}

pub use crate::keys::LegendKey;

/// The width of a searched edge that took `share` thousandths of its parent's visits (MCTS), between
/// `thin` and `thick`.
pub fn share_width(share: u16, thin: f64, thick: f64) -> f64 {
    thin * 0.5 + (thick - thin * 0.5) * f64::from(share.min(1000)) / 1000.0
}

/// The selection of shown items and their labels.
pub struct View<'a> {
    /// The trace it shows.
    pub trace: &'a Trace,
    /// The options it was made with.
    pub opts: ViewOptions,
    items: Vec<Item>,
    parent: Vec<u32>,
    child_start: Vec<u32>,
    child_ids: Vec<u32>,
    index_of: Vec<u32>,
    pv: Vec<bool>,
    labels: Vec<NodeLabel>,
    roots: Vec<u32>,
    notes: Vec<String>,
    collapsed_above: Option<u64>,
    /// The children a "⋯ k more" item groups (`ViewOptions::fan`), by the trace node whose
    /// children they are.
    groups: std::collections::HashMap<NodeId, Vec<NodeId>>,
}

pub use crate::words::{NAME_WIDTH, clip, one_line};

/// The identifier of trace node `id` in every format (DOT node names, SVG and HTML element ids):
/// "n" and the node's id in the trace ("n0" for the first root). It does not grow with the
/// node's depth, so a deep tree's output stays linear in its size; the node's path is in the
/// trace file and its name in the tooltips.
pub fn node_id(id: NodeId) -> String {
    format!("n{id}")
}

/// The number of cutoffs as a figure's reader counts them: "2 (1 of which prunes nothing)" when
/// some held after the last child and left nothing unsearched.
pub fn cutoffs_text(t: &Trace) -> String {
    let n = t.stats().cutoffs;
    match t.idle_cutoffs() as u64 {
        0 => thousands(n),
        1 if n == 1 => "1 (after the last child: prunes nothing)".to_string(),
        idle if idle == n => format!("{} (all after the last child: they prune nothing)", thousands(n)),
        1 => format!("{} (1 of which prunes nothing)", thousands(n)),
        idle => format!("{} ({} of which prune nothing)", thousands(n), thousands(idle)),
    }
}

pub use abviz_core::text::thousands;

/// "1 node", "1,107 nodes": a count with its noun in the right number.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

fn window(a: Score, b: Score) -> String {
    format!("[{a}, {b}]")
}

/// The range a value with this bound is known to lie in, as AIMA writes it: [3, 3], [−∞, 2].
pub fn range(v: Score, bound: Bound) -> String {
    let (lo, hi) = bound.range(v);
    window(lo, hi)
}

/// The node's value as written in the diagrams: "3", or "≤3" / "≥6" for a bound.
pub fn value_text(trace: &Trace, id: NodeId) -> String {
    let s = trace.summary(id);
    match s.bound {
        Bound::Exact => s.value.to_string(),
        Bound::Lower => format!("≥{}", s.value),
        Bound::Upper => format!("≤{}", s.value),
    }
}

/// "Pass 2 — iteration, depth 2, window [−∞, +∞]: value 3": the header over a pass's tree in
/// the text view and in diagrams of every pass.
pub fn pass_header(p: &Pass) -> String {
    let depth = p.depth.map_or(String::new(), |d| format!(", depth {d}"));
    let value = match p.bound {
        Bound::Exact => format!("value {}", p.value),
        Bound::Lower => format!("failed high, value ≥ {}", p.value),
        Bound::Upper => format!("failed low, value ≤ {}", p.value),
    };
    format!("Pass {} — {}{depth}, window [{}, {}]: {value}", p.number + 1, p.kind.name(), p.alpha, p.beta)
}

/// The root of the tree a diagram draws: the chosen pass's (1-based), else the one the result
/// belongs to (the last pass of a multi-pass search).
fn drawn_root(trace: &Trace, pass: Option<u32>) -> NodeId {
    let chosen = pass.and_then(|k| trace.passes().get(k.checked_sub(1)? as usize)).map(|p| p.root);
    chosen.filter(|&r| r != NONE).unwrap_or_else(|| trace.result_root())
}

/// Depth-first preorder of the tree below `root`, children in move order, without recursion.
fn preorder(trace: &Trace, root: NodeId) -> Vec<NodeId> {
    let mut order = Vec::with_capacity(trace.nodes().len());
    if trace.nodes().is_empty() {
        return order;
    }
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        order.push(id);
        stack.extend(trace.children(id).iter().rev());
    }
    order
}

impl<'a> View<'a> {
    /// Selects what to show of `trace` under `opts` and writes the labels.
    pub fn new(trace: &'a Trace, opts: &ViewOptions) -> View<'a> {
        let n = trace.nodes().len();
        let roots = if n == 0 {
            vec![Trace::ROOT]
        } else if opts.all_passes && trace.passes().len() > 1 {
            trace.passes().iter().map(|p| p.root).filter(|&r| r != NONE).collect()
        } else {
            vec![drawn_root(trace, opts.pass)]
        };
        let order: Vec<NodeId> = roots.iter().flat_map(|&r| preorder(trace, r)).collect();
        let mut pv = vec![false; n];
        if n > 0 {
            pv[trace.result_root() as usize] = true;
            for id in trace.pv_nodes() {
                pv[id as usize] = true;
            }
        }
        // Which nodes may be shown at all (before collapsing).
        let mut eligible = vec![false; n];
        let max_depth = opts.max_depth.unwrap_or(u32::MAX);
        let mut below_depth = 0u64;
        for &id in &order {
            let node = trace.node(id);
            let parent_ok = match trace.parent(id) {
                None => true,
                Some(p) => eligible[p as usize],
            };
            let pruned_ok = match opts.show_pruned {
                ShowPruned::Subtrees => true,
                ShowPruned::Edges => {
                    node.visited() || trace.parent(id).is_some_and(|p| trace.node(p).visited())
                }
                ShowPruned::None => node.visited(),
            };
            let pv_ok = !opts.pv_only || pv[id as usize];
            let ok = parent_ok && pruned_ok && pv_ok;
            if ok && node.depth as u32 > max_depth {
                below_depth += 1;
                continue;
            }
            eligible[id as usize] = ok;
        }
        // Shown nodes in each subtree.
        let mut size = vec![0u64; n];
        for &id in order.iter().rev() {
            if eligible[id as usize] {
                size[id as usize] += 1;
                if let Some(p) = trace.parent(id) {
                    size[p as usize] += size[id as usize];
                }
            }
        }
        // What `--min-visits` leaves (every eligible node without it): the collapse counts
        // these, so a branch it keeps is not folded for the thin ones it hides anyway.
        let mut thick = eligible.clone();
        let mut shown = size.clone();
        if opts.min_visits.is_some() {
            for &id in &order {
                if let Some(p) = trace.parent(id) {
                    let (kept, _) = super::mcts_view::split_thin(trace, vec![id], opts.min_visits);
                    thick[id as usize] &= thick[p as usize] && !kept.is_empty();
                }
            }
            shown = vec![0u64; n];
            for &id in order.iter().rev() {
                if thick[id as usize] {
                    shown[id as usize] += 1;
                    if let Some(p) = trace.parent(id) {
                        shown[p as usize] += shown[id as usize];
                    }
                }
            }
        }
        let total = if n > 0 { roots.iter().map(|&r| shown[r as usize] as usize).sum() } else { 0 };
        let mut notes = Vec::new();
        let passes = trace.passes();
        if passes.len() > 1 && roots.len() == 1 {
            let root = roots[0];
            let k = passes.iter().position(|p| p.root == root).unwrap_or(passes.len() - 1);
            let p = &passes[k];
            let what = match p.depth {
                Some(d) => format!("{}, depth {d}", p.kind.name()),
                None => p.kind.name().to_string(),
            };
            notes.push(format!(
                "pass {} of {} ({what}, window {}); --pass N draws another",
                k + 1,
                passes.len(),
                window(p.alpha, p.beta)
            ));
        }
        if below_depth > 0 {
            notes.push(format!(
                "{} nodes below depth {max_depth} not shown (--max-depth)",
                thousands(below_depth)
            ));
        }
        let limit = match opts.collapse {
            Some(Collapse::Above(k)) => Some(k),
            Some(Collapse::Off) => None,
            None if total > DIAGRAM_NODE_LIMIT => {
                let k = auto_collapse(trace, &order, &thick, &shown, &pv);
                let what = if k == 0 {
                    "every subtree off the principal variation collapsed".to_string()
                } else {
                    format!("subtrees of more than {} nodes collapsed", thousands(k))
                };
                notes.push(format!(
                    "{what} to fit {} nodes; choose with --collapse N or off",
                    thousands(DIAGRAM_NODE_LIMIT as u64)
                ));
                Some(k)
            }
            None => None,
        };

        let mut view = View {
            trace,
            opts: opts.clone(),
            items: Vec::new(),
            parent: Vec::new(),
            child_start: Vec::new(),
            child_ids: Vec::new(),
            index_of: vec![NONE; n],
            pv,
            labels: Vec::new(),
            roots: Vec::new(),
            notes,
            collapsed_above: limit,
            groups: Default::default(),
        };
        if n == 0 {
            return view;
        }
        // Walk the eligible tree, replacing collapsed children by stubs.
        let mut stack: Vec<(Item, u32)> = roots.iter().rev().map(|&r| (Item::Node(r), NONE)).collect();
        while let Some((item, parent)) = stack.pop() {
            let local = view.items.len() as u32;
            if parent == NONE {
                view.roots.push(local);
            }
            view.items.push(item);
            view.parent.push(parent);
            let Item::Node(id) = item else { continue };
            view.index_of[id as usize] = local;
            let kids: Vec<NodeId> =
                trace.children(id).iter().copied().filter(|&c| eligible[c as usize]).collect();
            if kids.is_empty() {
                continue;
            }
            let collapse = limit.is_some_and(|k| !view.pv[id as usize] && shown[id as usize] > k);
            let (kids, thin) = super::mcts_view::split_thin(trace, kids, opts.min_visits);
            let (kids, grouped) = match opts.fan {
                // A group stands for two children or more (one would take the room it saves).
                Some(f) if !collapse && kids.len() > f + 1 => group_fan(trace, id, kids, f, &view.pv),
                _ => (kids, Vec::new()),
            };
            if !collapse && (!thin.is_empty() || !grouped.is_empty()) {
                let hidden = thin.iter().chain(&grouped).map(|&c| size[c as usize]).sum();
                stack.push((Item::Stub { parent: id, hidden }, local));
            }
            if !grouped.is_empty() {
                view.groups.insert(id, thin.iter().chain(&grouped).copied().collect());
            }
            if collapse {
                stack.push((Item::Stub { parent: id, hidden: size[id as usize] - 1 }, local));
            } else {
                for &c in kids.iter().rev() {
                    stack.push((Item::Node(c), local));
                }
            }
        }
        // Children lists (CSR) in preorder, so siblings keep their move order.
        let m = view.items.len();
        let mut counts = vec![0u32; m + 1];
        for &p in view.parent.iter().filter(|&&p| p != NONE) {
            counts[p as usize + 1] += 1;
        }
        for i in 0..m {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut ids = vec![0u32; m - view.roots.len()];
        for (i, &p) in view.parent.iter().enumerate().filter(|&(_, &p)| p != NONE) {
            ids[fill[p as usize] as usize] = i as u32;
            fill[p as usize] += 1;
        }
        view.child_start = counts;
        view.child_ids = ids;
        view.labels = (0..m as u32).map(|i| view.make_label(i)).collect();
        view
    }

    /// The number of shown items.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether nothing is shown (a trace without nodes).
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The shown items in preorder (index 0 is the root).
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// The items that are roots, in drawing order: `[0]`, or with `--pass all` one per pass, each
    /// followed by its tree in preorder.
    pub fn roots(&self) -> &[u32] {
        &self.roots
    }

    /// The pass the tree of root item `r` shows, when the view draws several passes.
    pub fn pass_of_root(&self, r: u32) -> Option<&Pass> {
        let Item::Node(id) = *self.items.get(r as usize)? else { return None };
        (self.roots.len() > 1).then(|| self.trace.passes().iter().find(|p| p.root == id)).flatten()
    }

    /// The shown parent of item `i` (None for the root).
    pub fn parent(&self, i: u32) -> Option<u32> {
        let p = self.parent[i as usize];
        (p != NONE).then_some(p)
    }

    /// The shown children of item `i`, in move order.
    pub fn children(&self, i: u32) -> &[u32] {
        let (a, b) = (self.child_start[i as usize], self.child_start[i as usize + 1]);
        &self.child_ids[a as usize..b as usize]
    }

    /// The children lists in CSR form: item `i`'s children are `ids[start[i]..start[i + 1]]`.
    pub fn child_csr(&self) -> (&[u32], &[u32]) {
        (&self.child_start, &self.child_ids)
    }

    /// The item showing trace node `id`, if it is shown.
    pub fn index_of(&self, id: NodeId) -> Option<u32> {
        self.index_of.get(id as usize).copied().filter(|&i| i != NONE)
    }

    /// The item showing the node at `path` ("" is the root, "1.0" the second child's first child).
    pub fn find(&self, path: &str) -> Option<u32> {
        let mut cur = self.trace.result_root();
        for part in path.split('.').filter(|p| !p.is_empty()) {
            let k: u32 = part.parse().ok()?;
            cur = *self.trace.children(cur).iter().find(|&&c| self.trace.node(c).index == k)?;
        }
        self.index_of(cur)
    }

    /// The depth of item `i` in the drawing (a stub sits one level below its parent).
    pub fn depth(&self, i: u32) -> u32 {
        match self.items[i as usize] {
            Item::Node(id) => self.trace.node(id).depth as u32,
            Item::Stub { parent, .. } => self.trace.node(parent).depth as u32 + 1,
        }
    }

    /// The identifier of item `i` (see [`node_id`]; a stub adds "_more" to its parent's).
    pub fn id(&self, i: u32) -> String {
        match self.items[i as usize] {
            Item::Node(id) => node_id(id),
            Item::Stub { parent, .. } => format!("{}_more", node_id(parent)),
        }
    }

    /// The path of the trace node item `i` shows (a stub: its parent's path and ".more").
    pub fn path(&self, i: u32) -> String {
        match self.items[i as usize] {
            Item::Node(id) => self.trace.path(id),
            Item::Stub { parent, .. } => {
                let p = self.trace.path(parent);
                if p.is_empty() { "more".into() } else { format!("{p}.more") }
            }
        }
    }

    /// What is written on and around item `i`.
    pub fn label(&self, i: u32) -> &NodeLabel {
        &self.labels[i as usize]
    }

    /// Whether trace node `id` lies on the principal variation.
    pub fn on_pv(&self, id: NodeId) -> bool {
        self.pv.get(id as usize).copied().unwrap_or(false)
    }

    /// The collapse threshold it was drawn with (`--collapse N`, or the one chosen to keep a big
    /// view under [`DIAGRAM_NODE_LIMIT`]): subtrees of more than this many nodes off the
    /// principal variation are stubs. `None`: nothing is collapsed.
    pub fn collapsed_above(&self) -> Option<u64> {
        self.collapsed_above
    }

    /// Remarks for the legend: what the view leaves out.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The symbols the legend explains: only what the diagram uses.
    pub fn legend(&self) -> Vec<LegendKey> {
        let has = |pred: &dyn Fn(&NodeLabel) -> bool| self.labels.iter().any(pred);
        let mut keys = Vec::new();
        if has(&|l| l.shape == Shape::Max) {
            keys.push(LegendKey::Max);
        }
        if has(&|l| l.shape == Shape::Min) {
            keys.push(LegendKey::Min);
        }
        if has(&|l| l.shape == Shape::Chance) {
            keys.push(LegendKey::Chance);
        }
        if self.opts.style == Style::Triangles && has(&|l| l.shape == Shape::Leaf) {
            keys.push(LegendKey::Leaf);
        }
        if has(&|l| l.pruned) {
            keys.push(LegendKey::Pruned);
        }
        if has(&|l| l.cut == Some(CutKind::Alpha) && !l.chance_cut && !l.probe) {
            keys.push(LegendKey::AlphaCut);
        }
        if has(&|l| l.cut == Some(CutKind::Beta) && !l.chance_cut && !l.probe) {
            keys.push(LegendKey::BetaCut);
        }
        if has(&|l| l.chance_cut) {
            keys.push(LegendKey::ChanceCut);
        }
        if has(&|l| l.probe) {
            keys.push(LegendKey::Probe);
        }
        if has(&|l| l.edge == Some(EdgeKind::Pv)) {
            keys.push(LegendKey::Pv);
        }
        if has(&|l| l.bounds.is_some() && l.shape != Shape::Stub) {
            keys.push(if self.opts.labels.range { LegendKey::Range } else { LegendKey::Bounds });
        }
        if has(&|l| l.order.is_some()) {
            keys.push(LegendKey::Order);
        }
        if has(&|l| l.shape == Shape::Stub) {
            keys.push(LegendKey::Stub);
        }
        if has(&|l| l.quiescence) {
            keys.push(LegendKey::Quiescence);
        }
        keys
    }

    /// The symbol the legend shows for the text beside the nodes: the window "[α, β]", or "N"
    /// (visits) in an MCTS trace.
    pub fn beside_symbol(&self) -> &'static str {
        if self.trace.algorithm().features.mcts { "N" } else { "[α, β]" }
    }

    /// The legend's words for `key` (the symbol is drawn by each format).
    pub fn legend_text(&self, key: LegendKey) -> String {
        let l = &self.opts.labels;
        if self.trace.algorithm().features.mcts
            && let Some(text) = super::mcts_view::legend_text(key)
        {
            return text.into();
        }
        match key {
            LegendKey::Max => "MAX to move".into(),
            LegendKey::Min => "MIN to move".into(),
            LegendKey::Chance => "chance: expected value, probabilities on the edges".into(),
            LegendKey::Leaf => "leaf (static value)".into(),
            LegendKey::Pruned => "pruned: never searched".into(),
            LegendKey::AlphaCut => "α-cut at MIN: value ≤ α".into(),
            LegendKey::BetaCut => "β-cut at MAX: value ≥ β".into(),
            LegendKey::ChanceCut => {
                "chance cut: the leaf bounds keep the expected value out of [α, β]".into()
            }
            LegendKey::Probe => "probe (Star2): the first move bounds the node, the rest wait".into(),
            LegendKey::Pv => "principal variation".into(),
            LegendKey::Range => "range of the value".into(),
            LegendKey::Bounds => match (l.bounds_in, l.bounds_out) {
                (true, true) => "window on entry → on exit".into(),
                (true, false) => "window on entry".into(),
                _ => "window on exit".into(),
            },
            LegendKey::Order => match (l.pre, l.post) {
                (true, true) => "visit order / order finished".into(),
                (false, true) => "order finished".into(),
                _ => "visit order".into(),
            },
            LegendKey::Stub if self.groups.is_empty() => "collapsed subtree".into(),
            LegendKey::Stub if self.collapsed_above.is_none() => {
                "⋯ k more: siblings not drawn (their moves beside)".into()
            }
            LegendKey::Stub => {
                "⋯ k more: siblings not drawn (their moves beside); ⋯ k nodes: collapsed".into()
            }
            LegendKey::Quiescence => "quiescence: captures beyond the depth limit".into(),
        }
    }

    /// One line under the figure: algorithm, value, best move and counts.
    pub fn caption(&self) -> String {
        let t = self.trace;
        let r = t.result();
        if self.opts.exercise {
            return exercise_caption(t);
        }
        if t.algorithm().features.mcts {
            return super::mcts_view::caption(t);
        }
        let mut s = t.algorithm().title().to_string();
        if !self.opts.caption_without_answer {
            s.push_str(&format!(": value {}", r.value));
            if let Some(m) = &r.best_move {
                s.push_str(&format!(", best move {}", clip(&one_line(m), NAME_WIDTH)));
            }
        }
        s.push_str(&format!(
            " · {} nodes, {} leaves",
            thousands(t.stats().nodes),
            thousands(t.stats().leaves)
        ));
        if t.algorithm().has_window() {
            s.push_str(&format!(", {} pruned", thousands(t.stats().pruned)));
        }
        if t.stats().stand_pats > 0 {
            s.push_str(&format!(", {} stand-pats", thousands(t.stats().stand_pats)));
        }
        s
    }

    fn make_label(&self, i: u32) -> NodeLabel {
        let t = self.trace;
        let l = &self.opts.labels;
        let parent_item = self.parent(i);
        match self.items[i as usize] {
            Item::Stub { parent, hidden } if self.groups.contains_key(&parent) => {
                self.group_label(parent, hidden)
            }
            Item::Stub { parent, hidden } => {
                let pruned = !t.node(parent).visited();
                NodeLabel {
                    shape: Shape::Stub,
                    player: t.node(parent).player.other(),
                    pruned,
                    pv: false,
                    value: Some(format!("⋯ {}", counted(hidden, "node", "nodes"))),
                    name: None,
                    bounds: None,
                    order: None,
                    cut: None,
                    edge: Some(EdgeKind::Stub),
                    edge_label: None,
                    cut_label: None,
                    tooltip: format!(
                        "{} more nodes below {} (collapsed)",
                        thousands(hidden),
                        one_line(&t.display_name(parent))
                    ),
                    share: None,
                    quiescence: false,
                    outcome: false,
                    chance_cut: false,
                    probe: false,
                }
            }
            Item::Node(id) => {
                let n = t.node(id);
                let s = t.summary(id);
                let visited = n.visited();
                let pruned_leaf = t.pruned_value(id).is_some();
                // A node whose value came from the transposition table has no children drawn but
                // is no leaf.
                let childless = visited && t.children(id).is_empty() && s.link == NONE;
                let leaf = s.is_leaf() || pruned_leaf || childless;
                let shape = match (leaf, n.player) {
                    (true, p) if self.opts.style == Style::Boxes => {
                        if p == Player::Max {
                            Shape::Max
                        } else {
                            Shape::Min
                        }
                    }
                    (true, _) => Shape::Leaf,
                    (false, Player::Max) => Shape::Max,
                    (false, Player::Min) => Shape::Min,
                };
                let shape = if !leaf && t.is_chance(id) {
                    Shape::Chance
                } else if !visited && !pruned_leaf && t.children(id).is_empty() {
                    // A pruned child of a game: what it is is unknown beyond who moves there.
                    if n.player == Player::Max { Shape::Max } else { Shape::Min }
                } else {
                    shape
                };
                let mcts = t.algorithm().features.mcts;
                let value = if mcts {
                    super::mcts_view::mean_text(t, id)
                } else if visited || pruned_leaf {
                    Some(value_text(t, id))
                } else {
                    None
                };
                let value = value.filter(|_| l.value || (l.leaves && leaf));
                let windowed = t.algorithm().has_window();
                let interior = visited && !s.is_leaf();
                let bounds = if mcts {
                    super::mcts_view::beside(t, id).filter(|_| l.bounds_in || l.bounds_out)
                } else if windowed && interior && s.visits > 1 && (l.bounds_in || l.bounds_out) {
                    // A node searched again: each visit's window, the probe first.
                    let windows: Vec<String> = t.visits_of(id).map(|v| window(v.alpha, v.beta)).collect();
                    Some(windows.join(", again "))
                } else if windowed && interior && l.range {
                    Some(range(s.value, s.bound))
                } else if windowed && interior {
                    match (l.bounds_in, l.bounds_out) {
                        (true, true) => Some(format!(
                            "{} → {}",
                            window(s.alpha_in, s.beta_in),
                            window(s.alpha_out, s.beta_out)
                        )),
                        (true, false) => Some(window(s.alpha_in, s.beta_in)),
                        (false, true) => Some(window(s.alpha_out, s.beta_out)),
                        (false, false) => None,
                    }
                } else {
                    None
                };
                // A value from the transposition table: where it was stored.
                let bounds = match (s.link, bounds) {
                    (NONE, b) => b,
                    (from, b) => {
                        let tt = format!("TT ← #{}", t.summary(from).pre);
                        Some(b.map_or(tt.clone(), |b| format!("{b} · {tt}")))
                    }
                };
                let order = if visited {
                    match (l.pre, l.post) {
                        (true, true) => Some(format!("{}/{}", s.pre, s.post)),
                        (true, false) => Some(s.pre.to_string()),
                        (false, true) => Some(s.post.to_string()),
                        (false, false) => None,
                    }
                } else {
                    None
                };
                let name = t.name(id).filter(|_| l.names).map(|n| clip(&one_line(n), NAME_WIDTH));
                let edge = parent_item.map(|_| match t.parent(id) {
                    Some(p) if !visited && t.node(p).visited() => {
                        EdgeKind::Cut(t.cutoff(p).map(|c| c.kind).unwrap_or(CutKind::at(t.node(p).player)))
                    }
                    _ if !visited => EdgeKind::Pruned,
                    _ if self.on_pv(id) => EdgeKind::Pv,
                    _ => EdgeKind::Searched,
                });
                let mv = t.move_label(id);
                let trivial = mv.is_empty()
                    || t.name(id) == Some(mv)
                    || (!t.input().kind.is_game() && mv == itoa::Buffer::new().format(n.index + 1));
                let edge_label = (l.moves && !trivial).then(|| clip(&one_line(mv), NAME_WIDTH));
                // An outcome of chance carries its probability on its edge, as AIMA draws them.
                let edge_label = match (t.probability(id), edge_label) {
                    (Some(p), Some(mv)) => Some(format!("{mv} ({p})")),
                    (Some(p), None) => Some(p.to_string()),
                    (None, label) => label,
                };
                let cut_label = match (edge, t.parent(id)) {
                    (Some(EdgeKind::Cut(kind)), Some(p)) => {
                        let last = t.children(p).iter().rfind(|&&c| !t.node(c).visited()) == Some(&id);
                        let (chance, probe) = t.cutoff(p).map_or((false, false), |c| (c.chance, c.probe));
                        last.then(|| match (kind, chance) {
                            // Star2's probe: the other moves wait for the search phase.
                            _ if probe => "probe".to_string(),
                            (_, true) => "chance cut".to_string(),
                            (CutKind::Alpha, _) => "α-cut".to_string(),
                            (CutKind::Beta, _) => "β-cut".to_string(),
                        })
                    }
                    _ => None,
                };
                let label = NodeLabel {
                    shape,
                    player: n.player,
                    pruned: !visited,
                    pv: self.on_pv(id),
                    value,
                    name,
                    bounds,
                    order,
                    cut: t.cutoff(id).filter(|c| c.pruned > 0).map(|c| c.kind),
                    edge,
                    edge_label,
                    cut_label,
                    tooltip: if mcts { super::mcts_view::tooltip(t, id) } else { self.tooltip(id) },
                    share: if mcts { t.visit_share(id).map(|f| (f * 1000.0).round() as u16) } else { None },
                    quiescence: t.beyond_horizon(id),
                    outcome: t.probability(id).is_some(),
                    chance_cut: t.cutoff(id).is_some_and(|c| c.chance && !c.probe),
                    probe: t.cutoff(id).is_some_and(|c| c.probe),
                };
                if self.opts.exercise { self.as_exercise(id, label, leaf) } else { label }
            }
        }
    }

    /// The label of the "⋯ k more" item that groups some of `parent`'s children: the count in
    /// the shape, their moves (as many as fit) beside it, all of them in the tooltip.
    fn group_label(&self, parent: NodeId, hidden: u64) -> NodeLabel {
        let t = self.trace;
        let kids = &self.groups[&parent];
        let k = kids.len() as u64;
        let value = if hidden == k {
            format!("⋯ {} more", thousands(k))
        } else {
            format!("⋯ {} more, {} nodes", thousands(k), thousands(hidden))
        };
        let words: Vec<String> = kids
            .iter()
            .map(|&c| match t.move_label(c) {
                m if !m.is_empty() => one_line(m),
                _ => one_line(&t.display_name(c)),
            })
            .collect();
        let mut shown = String::new();
        for (n, w) in words.iter().enumerate() {
            let sep = if shown.is_empty() { "" } else { " " };
            if shown.chars().count() + sep.len() + w.chars().count() > GROUP_MOVES_WIDTH {
                shown.push_str(&format!(" … (+{})", words.len() - n));
                break;
            }
            shown.push_str(sep);
            shown.push_str(w);
        }
        let searched = kids.iter().filter(|&&c| t.node(c).visited()).count();
        NodeLabel {
            shape: Shape::Stub,
            player: t.node(parent).player.other(),
            pruned: searched == 0,
            pv: false,
            value: Some(value),
            name: None,
            // Beside the item, where the layout makes room (an edge label would lie on its
            // neighbours').
            bounds: (self.opts.labels.moves && !shown.is_empty()).then_some(shown),
            order: None,
            cut: None,
            edge: Some(EdgeKind::Stub),
            edge_label: None,
            cut_label: None,
            tooltip: format!(
                "{} more children of {} not drawn ({searched} searched, {} nodes): {}",
                thousands(k),
                one_line(&t.display_name(parent)),
                thousands(hidden),
                clip(&words.join(" "), 400)
            ),
            share: None,
            quiescence: false,
            outcome: false,
            chance_cut: false,
            probe: false,
        }
    }

    /// Whether item `i` is a "⋯ k more" item grouping siblings (rather than a collapsed subtree).
    pub fn is_group(&self, i: u32) -> bool {
        matches!(self.items[i as usize], Item::Stub { parent, .. } if self.groups.contains_key(&parent))
    }

    /// `label` with the search's answers taken off (`ViewOptions::exercise`): drawn as if
    /// searched, no cut marks (nor chance cuts or probes), no principal variation, no visit order, a tooltip that names the
    /// node only, and blanks "[_______, _______]" for the window of an interior node when the labels
    /// ask for windows.
    fn as_exercise(&self, id: NodeId, label: NodeLabel, leaf: bool) -> NodeLabel {
        let l = &self.opts.labels;
        let t = self.trace;
        let windows = l.bounds_in || l.bounds_out || l.range;
        NodeLabel {
            pruned: false,
            pv: false,
            bounds: (windows && !leaf).then(|| EXERCISE_BLANKS.to_string()),
            order: None,
            cut: None,
            edge: label.edge.map(|_| EdgeKind::Searched),
            cut_label: None,
            chance_cut: false,
            probe: false,
            tooltip: format!(
                "{} ({})",
                one_line(&t.display_name(id)),
                if t.is_chance(id) { "chance" } else { t.node(id).player.upper() }
            ),
            ..label
        }
    }

    fn tooltip(&self, id: NodeId) -> String {
        let t = self.trace;
        let n = t.node(id);
        let who = if t.is_chance(id) { "chance" } else { n.player.upper() };
        // Written into one string (a figure has a tooltip per node).
        let mut s = one_line(&t.display_name(id));
        let _ = write!(s, " ({who})");
        if !n.visited() {
            let _ = match t.parent(id).and_then(|p| t.cutoff(p).map(|c| (p, c))) {
                Some((p, c)) => {
                    write!(s, ": pruned by the {} at {}", c.kind.name(), one_line(&t.display_name(p)))
                }
                None => write!(s, ": never searched"),
            };
            if let Some(v) = t.pruned_value(id) {
                let _ = write!(s, " (leaf value {v})");
            }
            return s;
        }
        let sum = t.summary(id);
        let _ = write!(s, ": value {}", value_text(t, id));
        if t.algorithm().has_window() && !sum.is_leaf() {
            let _ = write!(
                s,
                ", window [{}, {}] on entry, [{}, {}] on exit",
                sum.alpha_in, sum.beta_in, sum.alpha_out, sum.beta_out
            );
        }
        let _ = write!(s, ", visited {}", sum.pre);
        if sum.visits > 1 {
            let windows: Vec<String> = t.visits_of(id).map(|v| window(v.alpha, v.beta)).collect();
            let _ = write!(s, ", searched {} times ({})", sum.visits, windows.join(" then "));
        }
        if sum.link != NONE {
            let _ = write!(
                s,
                ", value from the transposition table (stored at {})",
                one_line(&t.display_name(sum.link))
            );
        }
        if let Some(c) = t.cutoff(id) {
            let _ = match c.pruned {
                0 => write!(s, ", {} after the last child (prunes nothing)", c.kind.name()),
                n => write!(s, ", {} ({n} pruned)", c.kind.name()),
            };
        }
        s
    }
}

/// The caption of an exercise: what to do, without the answer.
fn exercise_caption(t: &Trace) -> String {
    if t.algorithm().has_window() {
        format!(
            "{}: write each node's value and cross out the branches it never searches",
            t.algorithm().title()
        )
    } else {
        format!("{}: write each node's value", t.algorithm().title())
    }
}

/// How many characters of moves a "⋯ k more" item writes on its edge.
const GROUP_MOVES_WIDTH: usize = 24;

/// Splits a fan of `kids` of `parent` (more than `keep`) into the `keep` children drawn, in move
/// order, and the rest, grouped. The principal variation's child comes first, then the searched
/// children whose value is the parent's (the one that decided it or caused its cutoff), then the
/// other searched children, then the never-searched ones, each in move order.
fn group_fan(
    trace: &Trace,
    parent: NodeId,
    kids: Vec<NodeId>,
    keep: usize,
    pv: &[bool],
) -> (Vec<NodeId>, Vec<NodeId>) {
    // (A child cut off by the parent's bound reports that bound, not a value: not "the one".)
    let value = trace.summary(parent).value;
    let rank = |c: NodeId| {
        let visited = trace.node(c).visited();
        match () {
            _ if pv[c as usize] => 0,
            _ if visited && trace.summary(c).bound == Bound::Exact && trace.summary(c).value == value => 1,
            _ if visited => 2,
            _ => 3,
        }
    };
    let mut by_rank: Vec<usize> = (0..kids.len()).collect();
    by_rank.sort_by_key(|&k| rank(kids[k]));
    let mut kept = vec![false; kids.len()];
    for &k in by_rank.iter().take(keep.max(1)) {
        kept[k] = true;
    }
    let (mut shown, mut grouped) = (Vec::new(), Vec::new());
    for (k, c) in kids.into_iter().enumerate() {
        if kept[k] { shown.push(c) } else { grouped.push(c) }
    }
    (shown, grouped)
}

/// Finds the largest collapse threshold that keeps the view under [`DIAGRAM_NODE_LIMIT`].
fn auto_collapse(trace: &Trace, order: &[NodeId], eligible: &[bool], size: &[u64], pv: &[bool]) -> u64 {
    let count = |k: u64| -> usize {
        // Items shown with threshold k: nodes whose every ancestor is not collapsed, plus stubs.
        let mut hidden = vec![false; trace.nodes().len()];
        let mut shown = 0usize;
        for &id in order {
            let i = id as usize;
            if !eligible[i] {
                continue;
            }
            if let Some(p) = trace.parent(id)
                && hidden[p as usize]
            {
                hidden[i] = true;
                continue;
            }
            shown += 1;
            if !pv[i] && size[i] > k && size[i] > 1 {
                shown += 1; // the stub
                for &c in trace.children(id) {
                    hidden[c as usize] = true;
                }
            }
        }
        shown
    };
    let (mut lo, mut hi) = (0u64, size.iter().copied().max().unwrap_or(0));
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if count(mid) <= DIAGRAM_NODE_LIMIT { lo = mid } else { hi = mid - 1 }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;
    use abviz_search::Algorithm;

    const WIKI: &str = "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))";

    fn trace(tree: &str, algo: Algorithm) -> Trace {
        crate::testing::tree(tree, algo)
    }

    fn pruned_paths(view: &View) -> Vec<String> {
        (0..view.len() as u32).filter(|&i| view.label(i).pruned).map(|i| view.path(i)).collect()
    }

    #[test]
    fn show_pruned_selects_the_never_searched_nodes() {
        let t = trace(WIKI, Algorithm::AlphaBeta);
        let all = View::new(&t, &ViewOptions::default());
        assert_eq!(
            pruned_paths(&all),
            ["0.0.1.2", "1.0.1.1", "2.1", "2.1.0", "2.1.0.0", "2.1.0.1", "2.1.1", "2.1.1.0"]
        );
        let edges = View::new(&t, &ViewOptions { show_pruned: ShowPruned::Edges, ..Default::default() });
        assert_eq!(pruned_paths(&edges), ["0.0.1.2", "1.0.1.1", "2.1"]);
        let none = View::new(&t, &ViewOptions { show_pruned: ShowPruned::None, ..Default::default() });
        assert!(pruned_paths(&none).is_empty());
        assert_eq!(none.len() as u64, t.stats().nodes);
    }

    #[test]
    fn cut_edges_carry_the_kind_and_one_label_per_cutoff() {
        let t = trace("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", Algorithm::AlphaBeta);
        let v = View::new(&t, &ViewOptions::default());
        let c2 = v.find("1.1").unwrap();
        let c3 = v.find("1.2").unwrap();
        assert_eq!(v.label(c2).edge, Some(EdgeKind::Cut(CutKind::Alpha)));
        assert_eq!(v.label(c3).cut_label.as_deref(), Some("α-cut"));
        assert_eq!(v.label(c2).cut_label, None);
        assert_eq!(v.label(c2).value.as_deref(), Some("4"));
        assert_eq!(v.label(v.find("1").unwrap()).cut, Some(CutKind::Alpha));
        // D's cutoff at its last child prunes nothing: no cut is drawn there.
        assert_eq!(v.label(v.find("2").unwrap()).cut, None);
        assert_eq!(v.label(v.find("0").unwrap()).edge, Some(EdgeKind::Pv));
        assert_eq!(v.label(v.find("0.0").unwrap()).edge, Some(EdgeKind::Pv));
        assert_eq!(v.label(v.find("0.1").unwrap()).edge, Some(EdgeKind::Searched));
        assert_eq!(v.label(0).name.as_deref(), Some("A"));
        assert_eq!(v.label(0).order.as_deref(), Some("1"));
        assert_eq!(v.label(0).bounds.as_deref(), Some("[3, +∞]"));
    }

    #[test]
    fn collapse_keeps_the_pv_and_counts_what_it_hides() {
        let t = trace(WIKI, Algorithm::Minimax);
        let v = View::new(&t, &ViewOptions { collapse: Some(Collapse::Above(3)), ..Default::default() });
        // The PV (root, 2, 2.1, 2.1.1, leaf) stays; the root's first and last children are
        // collapsed below themselves.
        for path in ["", "1", "1.0", "1.0.0", "1.0.0.0"] {
            assert!(v.find(path).is_some(), "{path} shown");
        }
        let first = v.find("0").unwrap();
        let kids = v.children(first);
        assert_eq!(kids.len(), 1);
        assert_eq!(v.items()[kids[0] as usize], Item::Stub { parent: t.children(0)[0], hidden: 11 });
        assert_eq!(v.label(kids[0]).value.as_deref(), Some("⋯ 11 nodes"));
        assert!(v.legend().contains(&LegendKey::Stub));
    }

    #[test]
    fn max_depth_and_pv_only() {
        let t = trace(WIKI, Algorithm::AlphaBeta);
        let v = View::new(&t, &ViewOptions { max_depth: Some(1), ..Default::default() });
        assert_eq!(v.len(), 4);
        assert!(v.notes()[0].contains("below depth 1"));
        let v = View::new(&t, &ViewOptions { pv_only: true, ..Default::default() });
        let paths: Vec<String> = (0..v.len() as u32).map(|i| v.path(i)).collect();
        assert_eq!(paths, ["", "1", "1.0", "1.0.0", "1.0.0.0"]);
    }

    #[test]
    fn big_views_collapse_automatically() {
        let tree = abviz_games::random::RandomTree {
            branching: 4,
            depth: 7,
            seed: 1,
            values: (0, 20),
            ordering: abviz_games::random::Ordering::Natural,
            root_player: Player::Max,
        };
        let t = crate::testing::random(tree, Algorithm::Minimax);
        assert!(t.nodes().len() > DIAGRAM_NODE_LIMIT);
        let v = View::new(&t, &ViewOptions::default());
        assert!(v.len() <= DIAGRAM_NODE_LIMIT && v.len() > DIAGRAM_NODE_LIMIT / 8, "{}", v.len());
        assert!(v.notes()[0].contains("collapsed"));
        let k = v.collapsed_above().expect("collapsed");
        assert!(v.notes()[0].contains(&format!("more than {} nodes", thousands(k))), "{}", v.notes()[0]);
        let all = View::new(&t, &ViewOptions { collapse: Some(Collapse::Off), ..Default::default() });
        assert_eq!(all.len(), t.nodes().len());
        assert_eq!(all.collapsed_above(), None);
    }

    #[test]
    fn a_wide_fan_keeps_the_pv_and_groups_the_rest_with_their_moves() {
        // MAX at the root over eight MIN nodes; the best (5) is the fourth; alpha-beta cuts
        // inside the others.
        let t = trace(
            "A:(B:(1 9) C:(2 9) D:(3 9) E:(5 9) F:(0 9) G:(1 9) H:(2 9) I:(4 9))",
            Algorithm::AlphaBeta,
        );
        let v = View::new(&t, &ViewOptions { fan: Some(3), ..Default::default() });
        let kids: Vec<String> = v.children(0).iter().map(|&i| v.path(i)).collect();
        // The principal variation's child (E), then the first searched ones in move order.
        assert_eq!(kids, ["0", "1", "3", "more"]);
        let group = *v.children(0).last().unwrap();
        assert!(v.is_group(group) && !v.is_group(0));
        let l = v.label(group);
        // Five children and their subtrees: 5 + 5 × 2 leaves.
        assert_eq!(l.value.as_deref(), Some("⋯ 5 more, 15 nodes"));
        assert!(
            l.tooltip.contains("5 more children of A") && l.tooltip.contains(": D F G H I"),
            "{}",
            l.tooltip
        );
        assert!(v.legend_text(LegendKey::Stub).starts_with("⋯ k more"));
        // A fan only one wider than the limit is drawn whole: a group would take the room it saves.
        let v = View::new(&t, &ViewOptions { fan: Some(7), ..Default::default() });
        assert_eq!(v.children(0).len(), 8);
        assert!((0..v.len() as u32).all(|i| !v.is_group(i)));
        // Without a fan nothing is grouped (the textbook figures).
        let v = View::new(&t, &ViewOptions::default());
        assert_eq!(v.children(0).len(), 8);
        assert_eq!(v.legend_text(LegendKey::Stub), "collapsed subtree");
    }

    #[test]
    fn names_are_drawn_on_one_line() {
        assert_eq!(one_line("a\nb\tc"), "a b c");
        assert_eq!(node_id(0), "n0");
        assert_eq!(node_id(1234), "n1234");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
