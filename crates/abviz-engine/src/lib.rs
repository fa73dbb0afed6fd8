//! # abviz-engine — everything a front end needs between what a user typed and a trace with its
//! views
//!
//! The command line, the Python package and the browser page are front ends: each turns its own
//! spelling of a request (flags, keywords, a page's JSON) into this crate's types and words its
//! errors. Here are the one request every front end fills ([`request`]: each option declared
//! and checked once), what to search ([`input`]) and how ([`input::RunOptions`]), the comparisons
//! and their charts ([`compare`]), checking and importing another program's search log
//! ([`searchlog`]), exercises and practice trees ([`exercise`]), the quiz's questions
//! ([`quiz`]), the computer player ([`play`]) and every error ([`Error`]), typed and naming no
//! flag.
//!
//! It needs no operating system — no threads (unless its `parallel` feature runs comparison
//! sweeps on rayon), no files, no terminal — so it builds for `wasm32-unknown-unknown`.
//!
//! ```
//! use abviz_engine::input::{Input, RunOptions};
//! use abviz_engine::search::Algorithm;
//!
//! let input = Input::from_tree_text("((3 12 8) (2 4 6) (14 5 2))", None).unwrap();
//! let trace = input.trace(Algorithm::AlphaBeta, &RunOptions::default()).unwrap();
//! assert_eq!(trace.result().value, 3.into());
//! assert_eq!((trace.stats().nodes, trace.stats().leaves), (11, 7));
//! ```

pub mod compare;
pub mod error;
pub mod exercise;
pub mod input;
pub mod line;
pub mod play;
pub mod quiz;
mod refusal;
pub mod request;
pub mod searchlog;

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
