//! # abviz — game-tree search made visible
//!
//! An instrumented minimax / alpha-beta runner records every node it visits — visit order, the
//! window it was entered and left with, its value and every cutoff — into one [`trace::Trace`].
//! Every view (annotated text, JSON, diagrams, HTML, the steppers, comparisons) reads that trace.
//!
//! This package is the command line and what only a machine with an operating system does:
//! writing files and sites ([`output`]), the terminal steppers ([`step`]), the interactive match
//! ([`play`]) and the demo site ([`demo`]). Everything between what a user typed and a trace
//! with its views is the engine's ([`abviz_engine`]: inputs, comparisons, search logs,
//! exercises, the quiz, the computer player), re-exported here under the names its modules had,
//! as are the parts' crates ([`game`], [`search`], [`trace`], [`export`]), so `abviz::…` paths
//! reach everything.
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
pub mod demo;
pub mod output;
pub mod play;
pub mod step;

pub use abviz_engine::{
    Error, Exact, Named, Player, Probability, Score, Ties, compare, error, exercise, export, game, input,
    line, quiz, request, safe_text, search, searchlog, trace,
};
