//! [`LogError`]: what is wrong with a search log, and on which line.

use abviz_core::Score;

/// A search log that cannot be read or does not fit the tree or game it is said to search.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("line {line}{}: {kind}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct LogError {
    /// The log's line (from 1).
    pub line: u32,
    /// The column (from 1) where it applies.
    pub column: Option<u32>,
    /// What is wrong.
    pub kind: LogErrorKind,
}

/// What is wrong with a log line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LogErrorKind {
    /// The line is not a JSON object.
    #[error("not a JSON object: {0}")]
    Json(String),
    /// The `"event"` field names no known event.
    #[error("unknown event {0:?}: expected enter, leaf, exit, cut, research or pass")]
    UnknownEvent(String),
    /// A field the event needs is missing.
    #[error("a {event} event needs {field:?}")]
    Missing {
        /// The event.
        event: &'static str,
        /// The field.
        field: &'static str,
    },
    /// A field holds something other than what it should.
    #[error("{field:?} must be {expected}, not {found}")]
    BadField {
        /// The field.
        field: &'static str,
        /// What it should hold.
        expected: &'static str,
        /// What it holds (JSON text, cut short).
        found: String,
    },
    /// The log holds no event.
    #[error("the log holds no event")]
    Empty,
    /// The first node entered is not the root.
    #[error("the search must start at the root (\"\"{}), not at {node:?}", root.as_ref().map(|r| format!(" or {r:?}")).unwrap_or_default())]
    NotRoot {
        /// The node named.
        node: String,
        /// The root's name, if it has one.
        root: Option<String>,
    },
    /// The root is entered again without a pass marker.
    #[error(
        "the root is entered again after it returned (line {exited}); a new root search starts with a \"pass\" event"
    )]
    RootAgain {
        /// Where the root returned.
        exited: u32,
    },
    /// An event names a node that is not the open node's child.
    #[error("{node:?} is not a child of {open}, the node open here{}", hint.as_deref().map(|h| format!(" ({h})")).unwrap_or_default())]
    NotAChild {
        /// The node named.
        node: String,
        /// The open node.
        open: String,
        /// More: how many children it has, its children's names.
        hint: Option<String>,
    },
    /// A move that is not legal in the open node's position.
    #[error("move {mv:?} is not legal at {open}; legal moves: {legal}")]
    IllegalMove {
        /// The move.
        mv: String,
        /// The open node.
        open: String,
        /// The legal moves.
        legal: String,
    },
    /// An exit, leaf value or cut for a node that is not open.
    #[error("{event} of {node:?}, but {}", match open { Some(o) => format!("the node open here is {o}"), None => "no node is open here".into() })]
    NotOpen {
        /// The event.
        event: &'static str,
        /// The node it names.
        node: String,
        /// The open node, if any.
        open: Option<String>,
    },
    /// A cut at a node before any of its children (in this visit) returned.
    #[error(
        "cut at {node} before any of its children was searched (a node cuts after a child returns its value)"
    )]
    CutBeforeChild {
        /// The node.
        node: String,
    },
    /// A child entered a second time without a re-search marker.
    #[error("{node} is entered a second time (first on line {first}) without a \"research\" event before it")]
    EnteredTwice {
        /// The child.
        node: String,
        /// Where it was entered first.
        first: u32,
    },
    /// A child entered after its parent's cut.
    #[error("{node} is entered after the cut at {parent} on line {cut}")]
    AfterCut {
        /// The child.
        node: String,
        /// Its parent.
        parent: String,
        /// The cut's line.
        cut: u32,
    },
    /// A leaf value for a node that is not a leaf of the tree.
    #[error("{node} is not a leaf of the tree: it has {children} children")]
    NotALeaf {
        /// The node.
        node: String,
        /// Its number of children.
        children: usize,
    },
    /// A node returned with neither a leaf value nor a child searched.
    #[error("{node} returns without a leaf value or any child searched")]
    EmptyInterior {
        /// The node.
        node: String,
    },
    /// A leaf value that contradicts the tree.
    #[error("the log gives leaf {node} the value {logged}, but the tree's leaf holds {tree}")]
    LeafValue {
        /// The leaf.
        node: String,
        /// What the log says.
        logged: Score,
        /// What the tree says (in the log's point of view).
        tree: Score,
    },
    /// A second leaf value for the same visit, or a leaf value after children.
    #[error("{node} gets a leaf value after {why}")]
    LateLeaf {
        /// The node.
        node: String,
        /// What came before.
        why: &'static str,
    },
    /// A re-search marker that does not name the child that just returned.
    #[error("a research event must name the child that just returned{}, not {node:?}", last.as_deref().map(|l| format!(" ({l})")).unwrap_or_default())]
    BadResearch {
        /// The node named.
        node: String,
        /// The child that just returned, if any.
        last: Option<String>,
    },
    /// A re-search marker not followed by the child's enter.
    #[error("after the research event of line {marker}, the next event must enter {node} again")]
    ResearchNotEntered {
        /// The marker's line.
        marker: u32,
        /// The child.
        node: String,
    },
    /// A pass marker while nodes are open.
    #[error("a pass event while {open} is still open (a pass starts a new root search)")]
    PassInside {
        /// The open node.
        open: String,
    },
    /// The log ends inside the search.
    #[error("the log ends while {node} (entered on line {entered}) is still open")]
    Unfinished {
        /// The innermost open node.
        node: String,
        /// Where it was entered.
        entered: u32,
    },
    /// More lines than can be numbered.
    #[error("the log has more than {} lines", u32::MAX)]
    TooLong,
}
