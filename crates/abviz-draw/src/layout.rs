//! A tidy tree layout of our own: Walker's algorithm in the linear-time form of Buchheim,
//! Jünger and Leipert ("Improving Walker's Algorithm to Run in Linear Time", 2002).
//!
//! Every parent sits centred over its first and last child, siblings keep their order, equal
//! subtrees are drawn alike, and subtrees are pushed as close together as their contours allow.
//! Nodes may have different widths on either side of their centre (a name on the left, a window
//! on the right). The walks are iterative, so a 10,000-level chain does not overflow the stack,
//! and the whole layout is O(n): a million nodes take well under a second (`cargo bench --bench
//! layout`).
//!
//! [`tidy`] works on any tree given as child lists; [`Layout::of_view`] lays out a diagram's
//! shown nodes ([`View`]) in either direction and is what the SVG, TikZ and HTML views use.
//!
//! ```
//! use abviz_draw::layout::{tidy, Extent};
//! // A root with three leaves: 0 -> [1, 2, 3], every node 1 wide, gap 1.
//! let start = [0, 3, 3, 3, 3];
//! let ids = [1, 2, 3];
//! let x = tidy(&start, &ids, &[Extent::symmetric(0.5); 4], 1.0);
//! assert_eq!(x, [2.5, 0.5, 2.5, 4.5]); // the leftmost node's left edge is at 0
//! ```

use super::view::{RankDir, View};
use abviz_trace::NONE;

/// The room a node needs on each side of its centre, across the direction of growth.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Extent {
    /// To the left of the centre (above it when the tree grows to the right).
    pub left: f64,
    /// To the right of the centre (below it when the tree grows to the right).
    pub right: f64,
}

impl Extent {
    /// The same room on both sides.
    pub fn symmetric(half: f64) -> Extent {
        Extent { left: half, right: half }
    }
}

/// Positions along the breadth of the tree (x when the root is at the top) for a tree given in
/// CSR form: node `v`'s children are `child_ids[child_start[v]..child_start[v + 1]]`, node 0 is
/// the root. Neighbours on a level stay at least `gap` apart beyond their extents. The leftmost
/// extent of the result starts at 0.
pub fn tidy(child_start: &[u32], child_ids: &[u32], extents: &[Extent], gap: f64) -> Vec<f64> {
    let n = extents.len();
    if n == 0 {
        return Vec::new();
    }
    let mut t = Tidy::new(child_start, child_ids, extents, gap);
    t.first_walk();
    t.second_walk()
}

struct Tidy<'a> {
    start: &'a [u32],
    ids: &'a [u32],
    ext: &'a [Extent],
    gap: f64,
    parent: Vec<u32>,
    number: Vec<u32>,
    prelim: Vec<f64>,
    modf: Vec<f64>,
    shift: Vec<f64>,
    change: Vec<f64>,
    thread: Vec<u32>,
    ancestor: Vec<u32>,
}

impl<'a> Tidy<'a> {
    fn new(start: &'a [u32], ids: &'a [u32], ext: &'a [Extent], gap: f64) -> Self {
        let n = ext.len();
        let mut parent = vec![NONE; n];
        let mut number = vec![0u32; n];
        for v in 0..n {
            for (k, &c) in ids[start[v] as usize..start[v + 1] as usize].iter().enumerate() {
                parent[c as usize] = v as u32;
                number[c as usize] = k as u32;
            }
        }
        Tidy {
            start,
            ids,
            ext,
            gap,
            parent,
            number,
            prelim: vec![0.0; n],
            modf: vec![0.0; n],
            shift: vec![0.0; n],
            change: vec![0.0; n],
            thread: vec![NONE; n],
            ancestor: (0..n as u32).collect(),
        }
    }

    fn kids(&self, v: u32) -> &'a [u32] {
        &self.ids[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }

    fn left_sibling(&self, v: u32) -> u32 {
        match (self.parent[v as usize], self.number[v as usize]) {
            (NONE, _) | (_, 0) => NONE,
            (p, k) => self.kids(p)[k as usize - 1],
        }
    }

    fn leftmost_sibling(&self, v: u32) -> u32 {
        match self.parent[v as usize] {
            NONE => v,
            p => self.kids(p)[0],
        }
    }

    fn next_left(&self, v: u32) -> u32 {
        self.kids(v).first().copied().unwrap_or(self.thread[v as usize])
    }

    fn next_right(&self, v: u32) -> u32 {
        self.kids(v).last().copied().unwrap_or(self.thread[v as usize])
    }

    /// Centre distance between `a` and `b` when `a` is directly left of `b` on a level.
    fn dist(&self, a: u32, b: u32) -> f64 {
        self.ext[a as usize].right + self.gap + self.ext[b as usize].left
    }

    /// Post-order pass: preliminary positions and modifiers, bottom-up.
    fn first_walk(&mut self) {
        let mut default_ancestor = vec![NONE; self.ext.len()];
        let mut stack: Vec<(u32, u32)> = vec![(0, 0)];
        while let Some(top) = stack.last_mut() {
            let (v, k) = *top;
            let kids = self.kids(v);
            if (k as usize) < kids.len() {
                top.1 += 1;
                stack.push((kids[k as usize], 0));
                continue;
            }
            stack.pop();
            let w = self.left_sibling(v);
            if kids.is_empty() {
                self.prelim[v as usize] =
                    if w == NONE { 0.0 } else { self.prelim[w as usize] + self.dist(w, v) };
            } else {
                self.execute_shifts(v);
                let (first, last) = (kids[0], kids[kids.len() - 1]);
                let mid = (self.prelim[first as usize] + self.prelim[last as usize]) / 2.0;
                if w == NONE {
                    self.prelim[v as usize] = mid;
                } else {
                    self.prelim[v as usize] = self.prelim[w as usize] + self.dist(w, v);
                    self.modf[v as usize] = self.prelim[v as usize] - mid;
                }
            }
            let p = self.parent[v as usize];
            if p != NONE {
                let da = match default_ancestor[p as usize] {
                    NONE => v,
                    a => a,
                };
                default_ancestor[p as usize] = self.apportion(v, da);
            }
        }
    }

    fn apportion(&mut self, v: u32, mut default_ancestor: u32) -> u32 {
        let w = self.left_sibling(v);
        if w == NONE {
            return default_ancestor;
        }
        let (mut vip, mut vop, mut vim, mut vom) = (v, v, w, self.leftmost_sibling(v));
        let mut sip = self.modf[vip as usize];
        let mut sop = self.modf[vop as usize];
        let mut sim = self.modf[vim as usize];
        let mut som = self.modf[vom as usize];
        loop {
            let (nr, nl) = (self.next_right(vim), self.next_left(vip));
            if nr == NONE || nl == NONE {
                break;
            }
            vim = nr;
            vip = nl;
            vom = self.next_left(vom);
            vop = self.next_right(vop);
            self.ancestor[vop as usize] = v;
            let shift =
                (self.prelim[vim as usize] + sim) - (self.prelim[vip as usize] + sip) + self.dist(vim, vip);
            if shift > 0.0 {
                let a = self.ancestor_of(vim, v, default_ancestor);
                self.move_subtree(a, v, shift);
                sip += shift;
                sop += shift;
            }
            sim += self.modf[vim as usize];
            sip += self.modf[vip as usize];
            som += self.modf[vom as usize];
            sop += self.modf[vop as usize];
        }
        let nr = self.next_right(vim);
        if nr != NONE && self.next_right(vop) == NONE {
            self.thread[vop as usize] = nr;
            self.modf[vop as usize] += sim - sop;
        }
        let nl = self.next_left(vip);
        if nl != NONE && self.next_left(vom) == NONE {
            self.thread[vom as usize] = nl;
            self.modf[vom as usize] += sip - som;
            default_ancestor = v;
        }
        default_ancestor
    }

    fn ancestor_of(&self, vim: u32, v: u32, default_ancestor: u32) -> u32 {
        let a = self.ancestor[vim as usize];
        if self.parent[a as usize] == self.parent[v as usize] { a } else { default_ancestor }
    }

    fn move_subtree(&mut self, wl: u32, wr: u32, shift: f64) {
        let subtrees = (self.number[wr as usize] - self.number[wl as usize]) as f64;
        self.change[wr as usize] -= shift / subtrees;
        self.shift[wr as usize] += shift;
        self.change[wl as usize] += shift / subtrees;
        self.prelim[wr as usize] += shift;
        self.modf[wr as usize] += shift;
    }

    fn execute_shifts(&mut self, v: u32) {
        let (mut shift, mut change) = (0.0, 0.0);
        for &w in self.kids(v).iter().rev() {
            let w = w as usize;
            self.prelim[w] += shift;
            self.modf[w] += shift;
            change += self.change[w];
            shift += self.shift[w] + change;
        }
    }

    /// Pre-order pass: final positions (sum of the ancestors' modifiers), left edge at 0.
    fn second_walk(&self) -> Vec<f64> {
        let n = self.ext.len();
        let mut x = vec![0.0; n];
        let mut acc = vec![0.0; n];
        let mut stack = vec![0u32];
        let mut min_left = f64::INFINITY;
        while let Some(v) = stack.pop() {
            let vi = v as usize;
            x[vi] = self.prelim[vi] + acc[vi];
            min_left = min_left.min(x[vi] - self.ext[vi].left);
            let m = acc[vi] + self.modf[vi];
            for &c in self.kids(v) {
                acc[c as usize] = m;
                stack.push(c);
            }
        }
        for xi in &mut x {
            *xi -= min_left;
        }
        x
    }
}

/// The space a shown node takes in the drawing, around its centre (in drawing units, y down).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct NodeBox {
    /// Left of the centre.
    pub left: f64,
    /// Right of the centre.
    pub right: f64,
    /// Above the centre.
    pub top: f64,
    /// Below the centre.
    pub bottom: f64,
}

/// A rectangle: the drawing's bounding box.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct BBox {
    /// Left edge.
    pub min_x: f64,
    /// Top edge.
    pub min_y: f64,
    /// Right edge.
    pub max_x: f64,
    /// Bottom edge.
    pub max_y: f64,
}

impl BBox {
    /// Width.
    pub fn width(&self) -> f64 {
        self.max_x - self.min_x
    }
    /// Height.
    pub fn height(&self) -> f64 {
        self.max_y - self.min_y
    }
}

/// Spacing of a [`Layout`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spacing {
    /// Between neighbours on a level, beyond their boxes.
    pub sibling_gap: f64,
    /// Between consecutive levels, beyond their boxes.
    pub level_gap: f64,
}

impl Default for Spacing {
    fn default() -> Self {
        Spacing { sibling_gap: 14.0, level_gap: 36.0 }
    }
}

/// Where each shown node goes: the centre of item `i` is `(x[i], y[i])`, y pointing down.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Layout {
    /// Centres, across.
    pub x: Vec<f64>,
    /// Centres, down.
    pub y: Vec<f64>,
    /// The box around every node's box, with its top-left corner at (0, 0).
    pub bbox: BBox,
}

impl Layout {
    /// Lays out the shown items of `view` (indexed like [`View::items`]); `boxes[i]` is the
    /// room item `i` needs. Levels are as deep (or, left to right, as wide) as their biggest box.
    pub fn of_view(view: &View, boxes: &[NodeBox], spacing: Spacing) -> Layout {
        if view.roots().len() > 1 {
            return Layout::of_passes(view, boxes, spacing, &[]).0;
        }
        let (start, ids) = view.child_csr();
        let depth: Vec<u32> = (0..view.len() as u32).map(|i| view.depth(i)).collect();
        Layout::of_tree(start, ids, &depth, boxes, view.opts.rankdir, spacing)
    }

    /// Lays out a view of several trees (one per pass, `--pass all`) side by side in the order
    /// of [`View::roots`]: left to right (top to bottom with `--rankdir LR`), each laid out on
    /// its own; `heads[k]` = (width, height) is the room a header needs above tree `k`. Top to
    /// bottom, a tree is at least as wide as its header and every tree starts below the tallest
    /// header. Returns the layout and where each tree's room starts across (x; y with
    /// `--rankdir LR`), its header's top-left corner there.
    pub fn of_passes(
        view: &View,
        boxes: &[NodeBox],
        spacing: Spacing,
        heads: &[(f64, f64)],
    ) -> (Layout, Vec<f64>) {
        let n = view.len();
        let dir = view.opts.rankdir;
        let (start, ids) = view.child_csr();
        let roots = view.roots();
        let head_depth = heads.iter().map(|h| h.1).fold(0.0, f64::max);
        let (mut x, mut y) = (vec![0.0; n], vec![0.0; n]);
        let mut heads_at = Vec::with_capacity(roots.len());
        let mut across = 0.0;
        for (k, &r) in roots.iter().enumerate() {
            // The tree of root r: items r..end in preorder, its children ids and starts shifted.
            let end = roots.get(k + 1).map_or(n, |&e| e as usize);
            let r = r as usize;
            let (a, b) = (start[r] as usize, start[end] as usize);
            let sub_start: Vec<u32> = start[r..=end].iter().map(|&s| s - start[r]).collect();
            let sub_ids: Vec<u32> = ids[a..b].iter().map(|&c| c - r as u32).collect();
            let depth: Vec<u32> = (r as u32..end as u32).map(|i| view.depth(i)).collect();
            let tree = Layout::of_tree(&sub_start, &sub_ids, &depth, &boxes[r..end], dir, spacing);
            let (head_w, head_h) = heads.get(k).copied().unwrap_or((0.0, 0.0));
            heads_at.push(across);
            match dir {
                RankDir::TopBottom => {
                    let room = tree.bbox.width().max(head_w);
                    // A tree narrower than its header sits under the header's middle.
                    let shift = across + (room - tree.bbox.width()) / 2.0 - tree.bbox.min_x;
                    for i in r..end {
                        (x[i], y[i]) = (tree.x[i - r] + shift, tree.y[i - r] + head_depth);
                    }
                    across += room;
                }
                RankDir::LeftRight => {
                    let shift = across + head_h - tree.bbox.min_y;
                    for i in r..end {
                        (x[i], y[i]) = (tree.x[i - r], tree.y[i - r] + shift);
                    }
                    across += head_h + tree.bbox.height();
                }
            }
            across += 4.0 * spacing.sibling_gap;
        }
        let mut bbox = BBox::default();
        for (i, b) in boxes.iter().enumerate() {
            bbox.max_x = bbox.max_x.max(x[i] + b.right);
            bbox.max_y = bbox.max_y.max(y[i] + b.bottom);
        }
        for (&(w, h), &at) in heads.iter().zip(&heads_at) {
            match dir {
                RankDir::TopBottom => bbox.max_x = bbox.max_x.max(at + w),
                RankDir::LeftRight => (bbox.max_x, bbox.max_y) = (bbox.max_x.max(w), bbox.max_y.max(at + h)),
            }
        }
        (Layout { x, y, bbox }, heads_at)
    }

    /// Lays out any tree in CSR form (see [`tidy`]) with a level number per node.
    pub fn of_tree(
        start: &[u32],
        ids: &[u32],
        depth: &[u32],
        boxes: &[NodeBox],
        dir: RankDir,
        spacing: Spacing,
    ) -> Layout {
        let n = boxes.len();
        if n == 0 {
            return Layout::default();
        }
        let across: Vec<Extent> = boxes
            .iter()
            .map(|b| match dir {
                RankDir::TopBottom => Extent { left: b.left, right: b.right },
                RankDir::LeftRight => Extent { left: b.top, right: b.bottom },
            })
            .collect();
        let breadth = tidy(start, ids, &across, spacing.sibling_gap);
        // Levels: each as deep as its deepest box on either side of the centre line.
        let levels = depth.iter().copied().max().unwrap_or(0) as usize + 1;
        let mut before = vec![0.0f64; levels];
        let mut after = vec![0.0f64; levels];
        for (b, &d) in boxes.iter().zip(depth) {
            let (lo, hi) = match dir {
                RankDir::TopBottom => (b.top, b.bottom),
                RankDir::LeftRight => (b.left, b.right),
            };
            before[d as usize] = before[d as usize].max(lo);
            after[d as usize] = after[d as usize].max(hi);
        }
        let mut line = vec![0.0f64; levels];
        line[0] = before[0];
        for d in 1..levels {
            line[d] = line[d - 1] + after[d - 1] + spacing.level_gap + before[d];
        }
        let along: Vec<f64> = depth.iter().map(|&d| line[d as usize]).collect();
        let (x, y) = match dir {
            RankDir::TopBottom => (breadth, along),
            RankDir::LeftRight => (along, breadth),
        };
        let mut bbox = BBox {
            min_x: f64::INFINITY,
            min_y: f64::INFINITY,
            max_x: f64::NEG_INFINITY,
            max_y: f64::NEG_INFINITY,
        };
        for i in 0..n {
            let b = &boxes[i];
            bbox.min_x = bbox.min_x.min(x[i] - b.left);
            bbox.max_x = bbox.max_x.max(x[i] + b.right);
            bbox.min_y = bbox.min_y.min(y[i] - b.top);
            bbox.max_y = bbox.max_y.max(y[i] + b.bottom);
        }
        Layout { x, y, bbox }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    fn uniform(rng: &mut rand_chacha::ChaCha8Rng, lo: f64, hi: f64) -> f64 {
        lo + (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * (hi - lo)
    }

    /// A random tree of `n` nodes in CSR form (children of a node are consecutive ids).
    fn random_tree(n: usize, seed: u64) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut kids: Vec<Vec<u32>> = vec![Vec::new()];
        let mut depth = vec![0u32];
        let mut frontier = std::collections::VecDeque::from([0u32]);
        while kids.len() < n {
            let v = frontier.pop_front().unwrap_or(0);
            let k = ((rng.next_u64() % 5) as usize).min(n - kids.len());
            for _ in 0..k {
                let c = kids.len() as u32;
                kids.push(Vec::new());
                depth.push(depth[v as usize] + 1);
                kids[v as usize].push(c);
                frontier.push_back(c);
            }
            if k == 0 && frontier.is_empty() {
                frontier.push_back(v);
            }
        }
        let mut start = vec![0u32];
        let mut ids = Vec::new();
        for k in &kids {
            ids.extend_from_slice(k);
            start.push(ids.len() as u32);
        }
        (start, ids, depth)
    }

    fn check(start: &[u32], ids: &[u32], depth: &[u32], ext: &[Extent], gap: f64) {
        let x = tidy(start, ids, ext, gap);
        let n = ext.len();
        // Parents centred over their first and last child.
        for v in 0..n {
            let k = &ids[start[v] as usize..start[v + 1] as usize];
            if let (Some(&a), Some(&b)) = (k.first(), k.last()) {
                let mid = (x[a as usize] + x[b as usize]) / 2.0;
                assert!((x[v] - mid).abs() < 1e-6, "node {v} at {} not over its children at {mid}", x[v]);
            }
        }
        // Neighbours on each level (in left-to-right = preorder order) do not overlap.
        let mut order = Vec::new();
        let mut stack = vec![0u32];
        while let Some(v) = stack.pop() {
            order.push(v);
            stack.extend(ids[start[v as usize] as usize..start[v as usize + 1] as usize].iter().rev());
        }
        let mut last: Vec<Option<u32>> = vec![None; n + 1];
        for &v in &order {
            let d = depth[v as usize] as usize;
            if let Some(u) = last[d] {
                let need = ext[u as usize].right + gap + ext[v as usize].left;
                assert!(x[v as usize] - x[u as usize] >= need - 1e-6, "{u} and {v} overlap");
            }
            last[d] = Some(v);
        }
        let min = (0..n).map(|v| x[v] - ext[v].left).fold(f64::INFINITY, f64::min);
        assert!(min.abs() < 1e-9);
    }

    #[test]
    fn random_trees_are_tidy() {
        for seed in 0..40 {
            let (s, i, d) = random_tree(300, seed);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 1000);
            let ext: Vec<Extent> = (0..s.len() - 1)
                .map(|_| Extent { left: uniform(&mut rng, 1.0, 20.0), right: uniform(&mut rng, 1.0, 40.0) })
                .collect();
            check(&s, &i, &d, &ext, 5.0);
            check(&s, &i, &d, &vec![Extent::symmetric(1.0); s.len() - 1], 1.0);
        }
    }

    #[test]
    fn small_subtrees_between_big_ones_are_spaced_evenly() {
        // Root with children: a 5-leaf node, two leaves, a 5-leaf node (Walker's classic case:
        // the right subtree is pushed away from the left one and the leaves in the middle are
        // spread evenly in the space that opens).
        let start = [0, 4, 9, 9, 9, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14];
        let ids: Vec<u32> = (1..15).collect();
        let x = tidy(&start, &ids, &[Extent::symmetric(0.5); 15], 1.0);
        let (a, b, c, d) = (x[1], x[2], x[3], x[4]);
        assert!((b - a - (c - b)).abs() < 1e-9 && (c - b - (d - c)).abs() < 1e-9, "{x:?}");
        assert_eq!((x[5], x[14], a, d), (0.5, 18.5, 4.5, 14.5));
    }

    #[test]
    fn deep_chains_do_not_overflow() {
        let n = 200_000u32;
        let start: Vec<u32> = (0..=n).map(|v| v.min(n - 1)).collect();
        let ids: Vec<u32> = (1..n).collect();
        let x = tidy(&start, &ids, &vec![Extent::symmetric(1.0); n as usize], 1.0);
        assert!(x.iter().all(|&v| v == 1.0));
    }

    #[test]
    fn layout_levels_follow_the_biggest_box() {
        let start = [0, 2, 2, 2];
        let ids = [1, 2];
        let boxes = [
            NodeBox { left: 10.0, right: 10.0, top: 5.0, bottom: 20.0 },
            NodeBox { left: 5.0, right: 5.0, top: 8.0, bottom: 5.0 },
            NodeBox { left: 5.0, right: 30.0, top: 3.0, bottom: 5.0 },
        ];
        let sp = Spacing { sibling_gap: 4.0, level_gap: 10.0 };
        let l = Layout::of_tree(&start, &ids, &[0, 1, 1], &boxes, RankDir::TopBottom, sp);
        assert_eq!(l.y, [5.0, 43.0, 43.0]);
        assert_eq!(l.x[2] - l.x[1], 14.0);
        assert_eq!(l.bbox, BBox { min_x: 0.0, min_y: 0.0, max_x: l.x[2] + 30.0, max_y: 48.0 });
        let l = Layout::of_tree(&start, &ids, &[0, 1, 1], &boxes, RankDir::LeftRight, sp);
        assert_eq!(l.x, [10.0, 35.0, 35.0]);
        assert_eq!(l.y[2] - l.y[1], 5.0 + 4.0 + 3.0);
    }
}
