//! Helpers shared by integration tests.

pub mod cdp;
pub mod pdf;
pub mod trees;
