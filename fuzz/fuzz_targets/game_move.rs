#![no_main]
//! Fuzz target `game_move` (its body: fuzz/targets.rs).

#[path = "../targets.rs"]
#[allow(dead_code)]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| targets::game_move(data));
