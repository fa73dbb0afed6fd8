//! Helpers shared by integration tests.

pub mod cdp;
pub mod trees;
