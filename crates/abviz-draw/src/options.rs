//! The options of the diagram views (`--labels`, `--show-pruned`, `--collapse`, `--rankdir`,
//! `--style`), with the parsing of their command-line spellings.

use std::str::FromStr;

abviz_core::named! {
    /// Which never-searched (pruned) children a diagram draws.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum ShowPruned: "choice of pruned children to show", default Subtrees {
        /// None: only the searched tree.
        None = "none",
        /// The pruned children themselves (a dashed edge with a cut mark), not what lies below them.
        Edges = "edges",
        /// The pruned children and, for explicit trees, the whole never-searched subtree, faded.
        Subtrees = "subtrees",
    }
}

abviz_core::named! {
    /// The direction of the tree: root at the top or at the left.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum RankDir: "direction", default TopBottom {
        /// Top to bottom (the textbook way).
        TopBottom = "TB" | "tb",
        /// Left to right (for deep, narrow trees).
        LeftRight = "LR" | "lr",
    }
}

abviz_core::named! {
    /// How players are drawn.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Style: "style", default Triangles {
        /// MAX ▲, MIN ▼, leaves □ holding their value.
        Triangles = "triangles",
        /// MAX □, MIN ○ (leaves too take their player's shape).
        Boxes = "boxes",
    }
}

/// How big subtrees are collapsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Collapse {
    /// Below a node off the principal variation whose subtree holds more than this many shown
    /// nodes, draw one "⋯ k nodes" stub instead of its children.
    Above(u64),
    /// Never collapse, however big the diagram gets.
    Off,
}

impl FromStr for Collapse {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "off" | "none" => Ok(Collapse::Off),
            _ => s
                .parse()
                .map(Collapse::Above)
                .map_err(|_| format!("--collapse takes a node count or 'off', not '{s}'")),
        }
    }
}

/// Which labels a diagram writes (`--labels value,bounds,pre,move,name`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Labels {
    /// The node's value (inside the shape; "≤3"/"≥6" for bounds).
    pub value: bool,
    /// The leaves' values only (`--labels leaves`), interior nodes left blank: an exercise
    /// tree. Implied by `value`.
    pub leaves: bool,
    /// [α, β] when the node was entered.
    pub bounds_in: bool,
    /// [α, β] when the node was left.
    pub bounds_out: bool,
    /// The range the node's value is known to lie in, as AIMA writes it: [−∞, 2] for a MIN
    /// node cut at 2, [3, 3] for an exact 3 (instead of the window, when both are asked for).
    pub range: bool,
    /// Visit order (1-based, as textbook figures number nodes).
    pub pre: bool,
    /// The order in which values became final.
    pub post: bool,
    /// The move on each edge (only where it says more than the child's number or name).
    pub moves: bool,
    /// The node's name (explicit trees).
    pub names: bool,
}

impl Default for Labels {
    fn default() -> Self {
        Labels {
            value: true,
            leaves: true,
            bounds_in: false,
            bounds_out: true,
            range: false,
            pre: true,
            post: false,
            moves: true,
            names: true,
        }
    }
}

impl Labels {
    /// The names `--labels` accepts.
    pub const NAMES: &'static str = "value, leaves (leaf values only), bounds (= bounds-out), bounds-in, range (AIMA's [−∞, 2]), pre (= order), post, move, name, all, none";

    /// No labels at all.
    pub fn none() -> Labels {
        Labels {
            value: false,
            leaves: false,
            bounds_in: false,
            bounds_out: false,
            range: false,
            pre: false,
            post: false,
            moves: false,
            names: false,
        }
    }
}

impl FromStr for Labels {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let mut l = Labels::none();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part {
                "value" | "values" => {
                    l.value = true;
                    l.leaves = true;
                }
                "leaves" | "leaf" | "leaf-values" => l.leaves = true,
                "bounds" | "bounds-out" | "window" => l.bounds_out = true,
                "bounds-in" => l.bounds_in = true,
                "range" | "ranges" => l.range = true,
                "pre" | "order" => l.pre = true,
                "post" => l.post = true,
                "move" | "moves" => l.moves = true,
                "name" | "names" => l.names = true,
                "all" => {
                    l = Labels {
                        value: true,
                        leaves: true,
                        bounds_in: true,
                        bounds_out: true,
                        range: false,
                        pre: true,
                        post: true,
                        moves: true,
                        names: true,
                    }
                }
                "none" => l = Labels::none(),
                _ => return Err(format!("unknown label '{part}' in --labels: expected {}", Labels::NAMES)),
            }
        }
        Ok(l)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_parse() {
        let l: Labels = "value,bounds-in,post".parse().unwrap();
        assert!(l.value && l.bounds_in && l.post && !l.bounds_out && !l.pre && !l.names);
        assert!("all".parse::<Labels>().unwrap().moves);
        let l: Labels = "leaves,name".parse().unwrap();
        assert!(l.leaves && !l.value && l.names);
        assert!("value".parse::<Labels>().unwrap().leaves, "value implies the leaves' values");
        assert!("valu".parse::<Labels>().unwrap_err().contains("unknown label 'valu'"));
        assert_eq!("off".parse::<Collapse>(), Ok(Collapse::Off));
        assert_eq!("12".parse::<Collapse>(), Ok(Collapse::Above(12)));
        assert!("x".parse::<Collapse>().is_err());
    }
}
