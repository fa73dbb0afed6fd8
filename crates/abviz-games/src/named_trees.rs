//! The textbook trees by name — `--tree aima`, `--tree wikipedia`, `--tree aima-5.12` — so an
//! example runs from any folder. This is the one list: the demo's pages, the README's examples
//! and the front ends all read it.
//!
//! A `--tree` text is a name only when it is one of [`TREES`]' names exactly (lower case, no
//! blanks); anything else is read as a tree. No name is a tree in the notation (a test makes
//! sure), so a real tree never turns into a named one.
//!
//! ```
//! use abviz_games::named_trees::{self, notation};
//! assert_eq!(notation("aima"), "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))");
//! assert_eq!(notation("(1 2)"), "(1 2)"); // not a name: the text itself
//! assert_eq!(notation("AIMA"), "AIMA"); // names match exactly
//! assert!(named_trees::find("wikipedia").is_some());
//! ```

/// A tree with a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedTree {
    /// Its name (`--tree NAME`).
    pub name: &'static str,
    /// The tree in abviz's notation.
    pub notation: &'static str,
    /// Where it comes from and what it shows, in a sentence.
    pub about: &'static str,
}

/// AIMA Fig. 5.2 (Russell & Norvig, 3rd ed.): MAX at A, MIN at B, C, D; minimax value 3, and
/// alpha-beta prunes C's 4 and 6 (Fig. 5.5).
pub const AIMA: NamedTree = NamedTree {
    name: "aima",
    notation: "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))",
    about: "AIMA Fig. 5.2/5.5: value 3; alpha-beta prunes C's 4 and 6",
};

/// The same tree with a MIN root, where PVS and NegaScout search children again.
pub const AIMA_MIN: NamedTree = NamedTree {
    name: "aima-min",
    notation: "min A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))",
    about: "AIMA's tree with a MIN root: PVS and NegaScout search again",
};

/// AIMA's tree with C's first leaf raised to 3, a tie with α = 3: cut by α ≥ β, kept by α > β.
pub const AIMA_TIE: NamedTree = NamedTree {
    name: "aima-tie",
    notation: "A:(B:(3 12 8) C:(3 4 6) D:(14 5 2))",
    about: "AIMA's tree with C's first leaf 3, a tie with α = 3 (--ties prune or keep)",
};

/// Wikipedia's "Alpha–beta pruning" figure (AB_pruning.svg): four plies, value 6.
pub const WIKIPEDIA: NamedTree = NamedTree {
    name: "wikipedia",
    notation: "((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))",
    about: "Wikipedia's alpha-beta figure (AB_pruning.svg): four plies, value 6",
};

/// The alpha-beta example of GeeksforGeeks ("Minimax Algorithm in Game Theory, Set 4"): value 5.
pub const GEEKSFORGEEKS: NamedTree = NamedTree {
    name: "geeksforgeeks",
    notation: "(((3 5) (6 9)) ((1 2) (0 -1)))",
    about: "GeeksforGeeks' alpha-beta example: three plies, value 5",
};

/// AIMA Fig. 5.12 (3rd ed.), left: MAX chooses between two chance nodes of probabilities .9 and
/// .1 over MIN nodes; a1 = 2.1, a2 = 1.3.
pub const AIMA_5_12: NamedTree = NamedTree {
    name: "aima-5.12",
    notation: "max (chance:a1:(0.9 * (2 2) 0.1 * (3 3)) chance:a2:(0.9 * (1 1) 0.1 * (4 4)))",
    about: "AIMA Fig. 5.12, left: expectiminimax, a1 = 2.1 beats a2 = 1.3",
};

/// The same figure's right tree: the leaves changed in order-preserving ways, and a2 = 40.9 now
/// beats a1 = 21.
pub const AIMA_5_12_SCALED: NamedTree = NamedTree {
    name: "aima-5.12-right",
    notation: "max (chance:a1:(0.9 * (20 20) 0.1 * (30 30)) chance:a2:(0.9 * (1 1) 0.1 * (400 400)))",
    about: "AIMA Fig. 5.12, right: the same order of leaves, and a2 = 40.9 now wins",
};

/// A CS188-style expectimax tree: MAX over three chance nodes of equally likely outcomes.
pub const CS188_EXPECTIMAX: NamedTree = NamedTree {
    name: "cs188-expectimax",
    notation: "max (chance:A:(3 12 9) chance:B:(2 4 6) chance:C:(15 6 0))",
    about: "CS188-style expectimax: three equally likely outcomes per chance node, value 8",
};

/// AIMA's tree with chance in place of MIN: where Star1 cuts.
pub const STAR1: NamedTree = NamedTree {
    name: "star1",
    notation: "max (chance:A:(3 12 8) chance:B:(2 4 6) chance:C:(14 5 2))",
    about: "AIMA's tree with chance nodes for MIN: Star1's chance cutoff at B",
};

/// A *-minimax tree where Star2's probes cut before Star1 can (leaves in [0, 10]).
pub const STAR2: NamedTree = NamedTree {
    name: "star2",
    notation: "max (chance:A:(A1:(3 4) A2:(5 6)) chance:B:(B1:(1 9) B2:(2 9)))",
    about: "Star2's probes cut B before Star1 could (search it with --bounds=0..10)",
};

/// Progressive deepening as MIT 6.034 teaches it: every interior node with its static value,
/// searched one pass per depth (values 11, 6, 7).
pub const MIT_PROGRESSIVE: NamedTree = NamedTree {
    name: "mit-progressive",
    notation: "max A=10:(B=11:(F=10:(12 8) G=6:(5 7)) C=9:(H=9:(10 8) I=4:(3 2)))",
    about: "MIT 6.034's progressive deepening: static values at every node (--algo id)",
};

/// Every named tree, in the order help lists them.
pub const TREES: &[NamedTree] = &[
    AIMA,
    AIMA_MIN,
    AIMA_TIE,
    WIKIPEDIA,
    GEEKSFORGEEKS,
    AIMA_5_12,
    AIMA_5_12_SCALED,
    CS188_EXPECTIMAX,
    STAR1,
    STAR2,
    MIT_PROGRESSIVE,
];

/// The tree named `name` exactly, if there is one.
pub fn find(name: &str) -> Option<&'static NamedTree> {
    TREES.iter().find(|t| t.name == name)
}

/// The notation `text` stands for: a named tree's when `text` is its name, else `text` itself.
pub fn notation(text: &str) -> &str {
    find(text).map_or(text, |t| t.notation)
}

/// Whether `text` reads like a name rather than a tree (one word of letters, digits, `-`, `.`
/// and `_` that starts with a letter): what an unreadable tree that looks like this was
/// probably meant to be.
pub fn looks_like_a_name(text: &str) -> bool {
    let t = text.trim();
    t.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && t.chars().all(|c| c.is_ascii_alphanumeric() || "-._".contains(c))
}

/// The names, for messages and help: "aima, aima-min, …".
pub fn names() -> String {
    TREES.iter().map(|t| t.name).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::ExplicitTree;

    #[test]
    fn no_name_is_a_tree_and_every_tree_parses() {
        for t in TREES {
            assert!(ExplicitTree::parse(t.name).is_err(), "the name {} reads as a tree", t.name);
            assert!(ExplicitTree::parse(t.notation).is_ok(), "{}: {}", t.name, t.notation);
            assert!(looks_like_a_name(t.name), "{}", t.name);
            assert_eq!(TREES.iter().filter(|u| u.name == t.name).count(), 1, "{} twice", t.name);
        }
        assert!(!looks_like_a_name("(1 2)") && !looks_like_a_name("3") && !looks_like_a_name("min (1 2)"));
    }
}
