//! # abviz — game-tree search made visible
//!
//! An instrumented minimax / alpha-beta runner records every node it visits — visit order, the
//! window it was entered and left with, its value and every cutoff — into one [`trace::Trace`].
//! Every view (annotated text, JSON, diagrams, HTML, the steppers, comparisons) reads that trace.
//!
//! This package is the top of the workspace: it puts the parts together — what to search
//! ([`input`]), exercises, comparisons, the steppers, play and the demo — and re-exports each
//! part's crate under the name its module had before the split ([`game`], [`search`],
//! [`trace`], [`export`]), so `abviz::…` paths reach everything.
//!
//! ```
//! use abviz::input::{Input, RunOptions};
//! use abviz::search::Algorithm;
//!
//! let input = Input::from_tree_text("((3 12 8) (2 4 6) (14 5 2))", None).unwrap();
//! let trace = input.trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
//! assert_eq!(trace.result().value, 3.into());
//! assert_eq!((trace.stats().nodes, trace.stats().leaves), (11, 7));
//! ```

// The command line's modules name the library `abviz::…`, as they did when they were the binary's.
extern crate self as abviz;

#[cfg(feature = "cli")]
pub mod cli;
pub mod compare;
pub mod demo;
pub mod error;
pub mod exercise;
pub mod input;
pub mod line;
pub mod output;
pub mod play;
pub mod quiz;
pub mod searchlog;
pub mod step;

/// The views of a trace: every format, the figures and the page ([`abviz_draw`]).
pub use abviz_draw as export;
/// Every game, the registry and the notations ([`abviz_games`]).
pub use abviz_games as game;
/// The search algorithms ([`abviz_search`]).
pub use abviz_search as search;
/// The trace: events, observer, recorder, model, timeline, narration, files ([`abviz_trace`]).
pub use abviz_trace as trace;

pub use abviz_core::{Exact, Named, Player, Probability, Score, Ties, safe_text};
pub use error::Error;
