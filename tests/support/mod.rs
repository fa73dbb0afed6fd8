//! Helpers shared by integration tests.
//!
//! Each test binary (`suite`, `browser`, `tex`) compiles this folder once and uses what it needs;
//! the rest is dead code there.

#![allow(dead_code)]

pub mod cdp;
pub mod pdf;
pub mod site;
pub mod tmux;
pub mod trees;
