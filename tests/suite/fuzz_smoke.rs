//! The fuzz targets (fuzz/targets.rs) on stable Rust: every seed of fuzz/corpus/, then a few
//! thousand deterministic mutations of them per target (trace files also structure-aware ones,
//! fuzz/structure.rs). CI runs this; the long runs use
//! cargo-fuzz on nightly (`cargo +nightly fuzz run TARGET`, see fuzz/Cargo.toml). A target must
//! not panic on any input.

use crate::targets;

use crate::structure;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Tokens the parsers care about, spliced into inputs.
const TOKENS: &[&str] = &[
    "\"event\":\"enter\"",
    "\"event\":\"exit\"",
    "\"event\":\"leaf\"",
    "\"event\":\"cut\"",
    "\"event\":\"research\"",
    "\"event\":\"pass\"",
    "\"alpha\":",
    "\"beta\":",
    "\"move\":",
    "(",
    ")",
    ":",
    ",",
    "\"",
    "\\",
    "\n",
    "\t",
    "#",
    "inf",
    "-inf",
    "∞",
    "−",
    "max:",
    "min:",
    "max ",
    "min ",
    "{",
    "}",
    "[",
    "]",
    "\"children\":",
    "\"value\":",
    "\"version\":2",
    "\"node\":",
    "null",
    "9999999999",
    "-2147483648",
    "/",
    ".",
    "X",
    "O",
    "w",
    "b",
    "炮",
    "二",
    "平",
    "五",
    "前",
    "后",
    "..",
    "\u{202e}",
    "\u{1b}[2J",
];

fn mutate(rng: &mut ChaCha8Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut data = seeds[rng.next_u64() as usize % seeds.len()].clone();
    for _ in 0..1 + rng.next_u64() % 4 {
        let at = if data.is_empty() { 0 } else { rng.next_u64() as usize % (data.len() + 1) };
        match rng.next_u64() % 6 {
            0 if !data.is_empty() => {
                let i = at.min(data.len() - 1);
                data[i] ^= 1 << (rng.next_u64() % 8);
            }
            1 => data.insert(at, rng.next_u64() as u8),
            2 if !data.is_empty() => {
                let end = (at + 1 + rng.next_u64() as usize % 16).min(data.len());
                data.drain(at.min(end)..end);
            }
            3 => {
                let t = TOKENS[rng.next_u64() as usize % TOKENS.len()].as_bytes();
                data.splice(at..at, t.iter().copied());
            }
            4 => {
                let other = &seeds[rng.next_u64() as usize % seeds.len()];
                let from = if other.is_empty() { 0 } else { rng.next_u64() as usize % other.len() };
                data.splice(at..at, other[from..].iter().copied().take(64));
            }
            _ if data.len() < 100_000 => {
                let end = (at + 1 + rng.next_u64() as usize % 32).min(data.len());
                let piece: Vec<u8> = data[at.min(end)..end].to_vec();
                data.splice(at..at, piece);
            }
            _ => {}
        }
    }
    data
}

#[test]
fn every_target_survives_its_seeds_and_their_mutations() {
    let mutations: usize =
        std::env::var("ABVIZ_FUZZ_SMOKE").ok().and_then(|v| v.parse().ok()).unwrap_or(1500);
    // The targets side by side, each on a thread of its own with its own seeded mutations (the
    // inputs are the same as one after another).
    std::thread::scope(|scope| {
        let runs: Vec<_> = targets::TARGETS
            .iter()
            .map(|&(name, target)| scope.spawn(move || survives(name, target, mutations)))
            .collect();
        for run in runs {
            run.join().expect("no target panics");
        }
    });
}

/// `target` on every seed of its corpus and `mutations` mutations of them: none panics.
fn survives(name: &str, target: fn(&[u8]), mutations: usize) {
    let dir = format!("fuzz/corpus/{name}");
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .flatten()
        .map(|e| std::fs::read(e.path()).unwrap())
        .collect();
    seeds.sort();
    assert!(!seeds.is_empty(), "{dir} holds no seed");
    for seed in &seeds {
        target(seed);
    }
    // Trace files are also mutated the way a reader is hurt (fuzz/structure.rs: an id out
    // of range, a dangling reference, swapped or dropped fields): byte flips rarely keep a
    // trace a document the reader gets far into.
    let documents: Vec<serde_json::Value> = if name == "trace_file" {
        seeds.iter().filter_map(|s| serde_json::from_slice(s).ok()).collect()
    } else {
        Vec::new()
    };
    let structured_docs: Vec<structure::Mutations> =
        documents.iter().map(structure::Mutations::new).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(name.len() as u64);
    for i in 0..mutations {
        let structured = (i % 2 == 1 && !structured_docs.is_empty())
            .then(|| structured_docs[rng.next_u64() as usize % structured_docs.len()].mutate(rng.next_u64()))
            .flatten();
        let input = match structured {
            Some(doc) => serde_json::to_vec(&doc).unwrap(),
            None => mutate(&mut rng, &seeds),
        };
        let result = std::panic::catch_unwind(|| target(&input));
        assert!(result.is_ok(), "{name} panicked on {:?}", String::from_utf8_lossy(&input));
    }
}
