#![no_main]
//! Fuzz target `json_tree` (its body: fuzz/targets.rs).

#[path = "../targets.rs"]
#[allow(dead_code)]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::json_tree(data));
