//! The integration tests that need nothing beyond the machine's usual tools (Graphviz's `dot` and
//! tmux where a test says so): one binary, so the library and the command line link once.
//! The browser tests are in `tests/browser/`, the ones that run TeX in `tests/tex/`.
//!
//! Run one file's tests with a filter: `cargo test --test suite cli::` (or `fuzz_smoke` with
//! `ABVIZ_FUZZ_SMOKE=20000` for the long smoke run of the fuzz targets).

#[path = "../support/mod.rs"]
mod support;

/// Structure-aware mutations of trace files (fuzz/structure.rs).
#[path = "../../fuzz/structure.rs"]
#[allow(dead_code)]
mod structure;
/// The fuzz targets, run on stable by `fuzz_smoke` and read by `trace_ids`.
#[path = "../../fuzz/targets.rs"]
mod targets;

mod architecture;
mod bad_values;
mod budget;
mod chance;
mod cli;
mod compare;
mod compare_show;
mod decimals;
mod diagram_cli;
mod docs_paths;
mod events;
mod exercise_profiles;
mod fuzz_smoke;
mod games_cli;
mod hand_traces;
mod html_cli;
mod jiu;
mod linear_output;
mod mcts;
mod names;
mod narration;
mod ordering;
mod play;
mod properties;
mod quiescence;
mod refinements;
mod searchlog;
mod static_values;
mod step_plain;
mod step_restore;
mod step_tui;
mod terminal_funnel;
mod terminal_safety;
mod textbook;
mod ties;
mod timeline;
mod trace_compact;
mod trace_ids;
mod trace_v1;
mod tree_memory;
mod xiangqi_cli;
mod xiangqi_perft;
