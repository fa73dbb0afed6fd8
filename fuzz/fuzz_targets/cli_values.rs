#![no_main]
//! Fuzz target `cli_values` (its body: fuzz/targets.rs).

#[path = "../targets.rs"]
#[allow(dead_code)]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::cli_values(data));
