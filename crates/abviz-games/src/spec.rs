//! The nested form of an explicit tree ([`TreeSpec`]: what the notation's parser returns and
//! code builds), the orders children can be put in ([`Ordering`]) and the deepest tree abviz
//! reads ([`MAX_DEPTH`]). The bottom of the tree modules: the compact form
//! ([`crate::tree_arena`]), the parsers ([`crate::notation`]), the playable tree
//! ([`crate::tree`]) and random trees ([`crate::random`]) build on it.

use crate::{Player, Score};
use abviz_core::Probability;

/// The deepest tree the notation, JSON trees and random trees accept (levels below the root):
/// every reader works without recursion up to it, so no tree overflows the call stack.
pub const MAX_DEPTH: usize = 10_000;

abviz_core::named! {
    /// The order in which children of every node appear.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Ordering: "ordering", default Natural {
        /// As drawn.
        Natural = "natural" | "random",
        /// The mover's best child first (Knuth–Moore minimal tree).
        Best = "best",
        /// The mover's worst child first, and no cutoff possible.
        Worst = "worst",
    }
}

/// One node of a parsed tree: a leaf with a value or an interior node with children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeSpecNode {
    /// The user's name for the node (`A:(...)`, `E:3`), if any.
    pub name: Option<String>,
    /// Who moves at this node, when the tree says so (`max:(...)`); otherwise the players
    /// alternate: the other player than at the parent.
    pub player: Option<Player>,
    /// Whether chance moves here (`chance:(…)`, `"player": "chance"`): its children are the
    /// outcomes, each with its probability.
    pub chance: bool,
    /// The probability of this node as an outcome of its chance parent (`0.25 * …`, `"p"`);
    /// `None`: the parent's outcomes are equally likely (or the parent is no chance node).
    pub p: Option<Probability>,
    /// An interior node's static value (`A=10:(…)`, JSON `"value"` beside `"children"`): what
    /// a depth-limited search evaluates it as at its horizon. `None` for a leaf (its value is in
    /// [`TreeSpecKind::Leaf`]) and for an interior node without one.
    pub static_value: Option<Score>,
    /// A leaf's value or an interior node's children.
    pub kind: TreeSpecKind,
}

/// Leaf or interior.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeSpecKind {
    /// A leaf with its static value (MAX's view).
    Leaf(Score),
    /// An interior node with at least one child.
    Interior(Vec<TreeSpecNode>),
}

/// A parsed tree: the root and, if the text said so (`min (...)`), who moves at the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeSpec {
    /// The player at the root given in the text itself, if any.
    pub root_player: Option<Player>,
    /// The bounds on the leaf values the text states (`bounds 0..10`, JSON `"bounds"`), which
    /// Star1 and Star2 prune with; `None`: the least and greatest value in the tree.
    pub bounds: Option<(Score, Score)>,
    /// The root node.
    pub root: TreeSpecNode,
}

impl TreeSpecNode {
    /// A leaf without a name.
    pub fn leaf(v: i32) -> Self {
        Self::leaf_of(Score::from(v))
    }

    /// A leaf without a name holding any value (a decimal, ±∞).
    pub fn leaf_of(v: Score) -> Self {
        TreeSpecNode {
            name: None,
            player: None,
            chance: false,
            p: None,
            static_value: None,
            kind: TreeSpecKind::Leaf(v),
        }
    }

    /// An interior node without a name.
    pub fn interior(children: Vec<TreeSpecNode>) -> Self {
        TreeSpecNode {
            name: None,
            player: None,
            chance: false,
            p: None,
            static_value: None,
            kind: TreeSpecKind::Interior(children),
        }
    }

    /// Writes the node back in the tree notation (names quoted when they need it).
    pub fn to_notation(&self) -> String {
        let mut s = String::new();
        self.write_notation(&mut s);
        s
    }

    fn write_notation(&self, out: &mut String) {
        write_head(
            out,
            Head {
                player: self.player,
                chance: self.chance,
                p: self.p,
                name: self.name.as_deref(),
                value: self.static_value,
            },
        );
        match &self.kind {
            TreeSpecKind::Leaf(v) => out.push_str(&v.ascii()),
            TreeSpecKind::Interior(children) => {
                out.push('(');
                for (i, c) in children.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    c.write_notation(out);
                }
                out.push(')');
            }
        }
    }
}

/// What the notation writes before a node's value or children.
pub(crate) struct Head<'a> {
    /// The mover the text gives the node.
    pub player: Option<Player>,
    /// A chance node.
    pub chance: bool,
    /// Its probability as an outcome.
    pub p: Option<Probability>,
    /// Its name.
    pub name: Option<&'a str>,
    /// An interior node's static value.
    pub value: Option<Score>,
}

/// Writes a node's probability (`1/6 * `), its `max:`/`min:`/`chance:` mark, its `name:`
/// (quoted when it needs it) and an interior node's static value (`name=10:`, `=10:`).
pub(crate) fn write_head(out: &mut String, head: Head<'_>) {
    let Head { player, chance, p, name, value } = head;
    if let Some(p) = p {
        out.push_str(&format!("{p} * "));
    }
    if chance {
        out.push_str("chance:");
    } else if let Some(p) = player {
        out.push_str(match p {
            Player::Max => "max:",
            Player::Min => "min:",
        });
    }
    if let Some(name) = name {
        let plain = !name.is_empty()
            && name.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && !name.eq_ignore_ascii_case("min")
            && !name.eq_ignore_ascii_case("max")
            && !name.eq_ignore_ascii_case("chance");
        if plain {
            out.push_str(name);
        } else {
            out.push('"');
            for c in name.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    c => out.push(c),
                }
            }
            out.push('"');
        }
    }
    if let Some(v) = value {
        out.push('=');
        out.push_str(&v.ascii());
    }
    if name.is_some() || value.is_some() {
        out.push(':');
    }
}
