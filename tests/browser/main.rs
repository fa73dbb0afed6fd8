//! The integration tests that drive headless Chromium (through the DevTools Protocol,
//! `tests/support/cdp.rs`): the step-through pages, the practice page, page readability and the
//! pictures of pages. Without Chromium they are skipped loudly, and fail when `CI` is set.

#[path = "../support/mod.rs"]
mod support;

mod images;
mod page_readability;
mod pages;
mod practice_page;
