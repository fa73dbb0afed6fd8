#![no_main]
//! Fuzz target `tree_notation` (its body: fuzz/targets.rs).

#[path = "../targets.rs"]
#[allow(dead_code)]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::tree_notation(data));
