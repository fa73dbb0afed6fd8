#![no_main]
//! Fuzz target `trace_file` (its body: fuzz/targets.rs).

#[path = "../targets.rs"]
#[allow(dead_code)]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::trace_file(data));
