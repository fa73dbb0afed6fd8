//! The reference numbers a comparison is read against: Knuth and Moore's minimal tree, the full
//! tree, and the effective branching factor of a search.

use crate::game::tree::{TreeSpecKind, TreeSpecNode};

/// Leaves alpha-beta evaluates on a uniform tree of branching `b` and depth `d` searched in best
/// order: b^⌈d/2⌉ + b^⌊d/2⌋ − 1 (Knuth & Moore 1975). `None` if it overflows.
///
/// ```
/// use abviz_engine::compare::bounds::knuth_moore_minimum;
/// let b40: Vec<u64> = (1..=4).map(|d| knuth_moore_minimum(40, d).unwrap()).collect();
/// assert_eq!(b40, [40, 79, 1_639, 3_199]);
/// ```
pub fn knuth_moore_minimum(b: u32, d: u32) -> Option<u64> {
    let b = b as u64;
    b.checked_pow(d.div_ceil(2))?.checked_add(b.checked_pow(d / 2)?)?.checked_sub(1)
}

/// Nodes of the minimal tree, root included: the nodes alpha-beta visits on a uniform tree of
/// branching `b` and depth `d` searched in best order. Its level k holds b^⌈k/2⌉ + b^⌊k/2⌋ − 1
/// nodes (the Knuth–Moore count at depth k), so it has the sum of those over k = 0..d. `None`
/// if it overflows.
///
/// ```
/// use abviz_engine::compare::bounds::knuth_moore_nodes;
/// assert_eq!(knuth_moore_nodes(3, 4), Some(1 + 3 + 5 + 11 + 17));
/// ```
pub fn knuth_moore_nodes(b: u32, d: u32) -> Option<u64> {
    (0..=d).try_fold(0u64, |sum, k| sum.checked_add(knuth_moore_minimum(b, k)?))
}

/// Leaves of the full uniform tree: b^d (what minimax, and alpha-beta in worst order, evaluate).
pub fn full_tree_leaves(b: u32, d: u32) -> Option<u64> {
    (b as u64).checked_pow(d)
}

/// Nodes of the full uniform tree, root included: 1 + b + b² + … + b^d.
pub fn full_tree_nodes(b: u32, d: u32) -> Option<u64> {
    let mut total: u64 = 0;
    let mut level: u64 = 1;
    for i in 0..=d {
        total = total.checked_add(level)?;
        if i < d {
            level = level.checked_mul(b as u64)?;
        }
    }
    Some(total)
}

/// The effective branching factor b* of a search that visited `nodes` nodes (root included) down
/// to depth `d`: the branching factor a uniform tree of depth `d` needs to hold that many nodes,
/// 1 + b* + b*² + … + b*^d = nodes (Russell & Norvig's definition). `None` for `d = 0` or when
/// `nodes` is smaller than a single path of length `d`.
///
/// ```
/// use abviz_engine::compare::bounds::effective_branching_factor;
/// let b = effective_branching_factor(1.0 + 3.0 + 9.0 + 27.0, 3).unwrap();
/// assert!((b - 3.0).abs() < 1e-9);
/// ```
pub fn effective_branching_factor(nodes: f64, d: u32) -> Option<f64> {
    if d == 0 || !nodes.is_finite() || nodes < (d + 1) as f64 {
        return None;
    }
    let total = |x: f64| (0..=d).fold((0.0, 1.0), |(sum, pow), _| (sum + pow, pow * x)).0;
    let (mut lo, mut hi) = (1.0f64, nodes.max(1.0));
    // The sum grows strictly with x, so bisection converges; 100 halvings reach f64 precision.
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if total(mid) < nodes {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// The branching factor and depth of an explicit tree whose interior nodes all have the same
/// number of children and whose leaves all lie at the same depth; `None` for any other tree.
pub fn uniform_shape(root: &TreeSpecNode) -> Option<(u32, u32)> {
    fn walk(node: &TreeSpecNode) -> Option<(u32, u32)> {
        match &node.kind {
            TreeSpecKind::Leaf(_) => Some((0, 0)),
            TreeSpecKind::Interior(children) => {
                let b = children.len() as u32;
                let mut shape = None;
                for c in children {
                    let (cb, cd) = walk(c)?;
                    if cd > 0 && cb != b {
                        return None;
                    }
                    match shape {
                        None => shape = Some(cd),
                        Some(d) if d != cd => return None,
                        Some(_) => {}
                    }
                }
                Some((b, shape? + 1))
            }
        }
    }
    walk(root).filter(|&(_, d)| d > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::notation::parse_tree;

    #[test]
    fn knuth_moore_and_full_trees() {
        // Chessprogramming wiki, "Node Types": b = 40.
        assert_eq!(knuth_moore_minimum(40, 1), Some(40));
        assert_eq!(knuth_moore_minimum(40, 2), Some(79));
        assert_eq!(knuth_moore_minimum(40, 3), Some(1_639));
        assert_eq!(knuth_moore_minimum(40, 4), Some(3_199));
        assert_eq!(knuth_moore_minimum(3, 0), Some(1));
        assert_eq!(knuth_moore_minimum(2, 5), Some(8 + 4 - 1));
        assert_eq!(full_tree_leaves(3, 4), Some(81));
        assert_eq!(full_tree_nodes(3, 4), Some(1 + 3 + 9 + 27 + 81));
        assert_eq!(full_tree_nodes(1, 5), Some(6));
        assert_eq!(full_tree_leaves(10, 30), None);
        assert_eq!(knuth_moore_minimum(1 << 20, 8), None);
    }

    #[test]
    fn effective_branching_factor_inverts_the_node_count() {
        for b in [1u32, 2, 3, 7] {
            for d in 1..=6 {
                let n = full_tree_nodes(b, d).unwrap() as f64;
                let ebf = effective_branching_factor(n, d).unwrap();
                assert!((ebf - b as f64).abs() < 1e-9, "b={b} d={d}: {ebf}");
            }
        }
        assert_eq!(effective_branching_factor(5.0, 0), None);
        assert_eq!(effective_branching_factor(3.0, 4), None);
        // Tic-tac-toe alpha-beta: 18,297 nodes to depth 9.
        let b = effective_branching_factor(18_297.0, 9).unwrap();
        assert!(b > 2.7 && b < 2.9, "{b}");
    }

    #[test]
    fn uniform_shapes() {
        let shape = |t: &str| uniform_shape(&parse_tree(t).unwrap().root);
        assert_eq!(shape("((3 12 8) (2 4 6) (14 5 2))"), Some((3, 2)));
        assert_eq!(shape("(((3 5) (6 9)) ((1 2) (0 -1)))"), Some((2, 3)));
        assert_eq!(shape("((3 12) (2 4 6))"), None);
        assert_eq!(shape("((3 12) 4)"), None);
        assert_eq!(shape("(1 2 3)"), Some((3, 1)));
        assert_eq!(shape("7"), None);
    }
}
