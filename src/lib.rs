//! # abviz — game-tree search made visible
//!
//! An instrumented minimax / alpha-beta runner records every node it visits — visit order, the
//! window it was entered and left with, its value and every cutoff — into one [`trace::Trace`].
//! Every view (annotated text, JSON, diagrams, HTML, the steppers, comparisons) reads that trace.
//!
//! ```
//! use abviz::input::{Input, RunOptions};
//! use abviz::search::Algorithm;
//!
//! let input = Input::from_tree_text("((3 12 8) (2 4 6) (14 5 2))", None).unwrap();
//! let trace = input.trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
//! assert_eq!(trace.result.value, 3.into());
//! assert_eq!((trace.stats.nodes, trace.stats.leaves), (11, 7));
//! ```

pub mod compare;
pub mod demo;
pub mod error;
pub mod exercise;
pub mod export;
pub mod game;
pub mod input;
pub mod line;
pub mod output;
pub mod play;
pub mod quiz;
pub mod safe_text;
mod score;
pub mod search;
pub mod step;
pub mod trace;

pub use error::Error;
pub use score::Score;
