//! Perft: the xiangqi move generator against published counts and against fairy-stockfish.

use abviz::game::xiangqi::Board;
use abviz::game::xiangqi::perft::{divide, perft};

fn count(fen: &str, depth: u32) -> u64 {
    let mut b = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let before = b;
    let n = perft(&mut b, depth);
    assert!(b == before, "perft must leave the position unchanged");
    n
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Published: chessprogramming wiki, "Chinese Chess" / perft results (FACTS.md).
#[test]
fn start_position_depths_1_to_4() {
    assert_eq!(count(START, 1), 44);
    assert_eq!(count(START, 2), 1_920);
    assert_eq!(count(START, 3), 79_666);
    assert_eq!(count(START, 4), 3_290_240);
}

/// Published: 133,312,995. About 4 s with the test profile (Cargo.toml optimises abviz at
/// opt-level 1): `cargo test --test suite xiangqi_perft -- --ignored`.
#[test]
#[ignore]
fn start_position_depth_5() {
    assert_eq!(count(START, 5), 133_312_995);
}

/// Published in fairy-stockfish's test suite (tests/perft.sh, "xiangqi"): depth 4 = 4,485,547
/// and 92,741. The shallower counts were computed with /usr/games/fairy-stockfish
/// (`setoption name UCI_Variant value xiangqi`, `position fen ...`, `go perft N`).
#[test]
fn fairy_stockfish_suite_positions() {
    let a = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1";
    assert_eq!(count(a, 1), 49);
    assert_eq!(count(a, 2), 2_265);
    assert_eq!(count(a, 3), 100_326);
    let b = "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1";
    assert_eq!(count(b, 1), 13);
    assert_eq!(count(b, 2), 272);
    assert_eq!(count(b, 3), 3_707);
    assert_eq!(count(b, 4), 92_741);
}

/// The published depth-4 count of the first suite position (4.5 million leaves).
#[test]
#[ignore]
fn fairy_stockfish_suite_position_depth_4() {
    let a = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1";
    assert_eq!(count(a, 4), 4_485_547);
}

/// Positions built to exercise one rule each. Every count was computed with
/// /usr/games/fairy-stockfish (Fairy-Stockfish 11.1, `go perft N`) and hard-coded here.
const FEATURES: &[(&str, &str, &[u64])] = &[
    (
        "black to move after 炮二平五",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
        &[45, 1_564, 66_333],
    ),
    ("check by a cannon over one screen", "3akab2/9/4c4/9/9/9/4P4/2N6/9/3AK1B2 w", &[4, 67, 715, 13_413]),
    ("double check with one escape", "3k5/9/9/9/4r4/9/9/5n3/9/3AK4 w", &[1, 27, 52, 1_242, 4_188]),
    ("checkmated by chariot and horse", "3k5/9/9/9/4r4/9/9/5n3/9/3AKA3 w", &[0, 0]),
    ("pins by a chariot on the file", "3k5/9/4r4/9/9/9/9/4R4/9/3AKA3 w", &[9, 128, 1_742, 25_373]),
    ("two screens before a cannon: both pinned", "3k5/9/4c4/9/4P4/9/9/4N4/9/3AKA3 w", &[4, 55, 561, 9_295]),
    ("flying general pins a horse", "4ka3/9/9/9/4N4/9/9/9/9/4K4 w", &[3, 8, 77, 249, 2_175]),
    ("flying general, black to move", "3k5/9/9/9/9/4R4/9/9/9/4K4 b", &[1, 18, 32, 590, 544]),
    ("cannon screens on ranks and files", "2bak4/9/c7c/9/2p1P1p2/C7C/9/9/9/3AK4 w", &[30, 867, 24_141]),
    ("horse legs", "3ak4/9/2n1n4/3P5/2N1N4/3p5/9/9/9/4K4 w", &[22, 329, 5_634, 80_540]),
    ("elephant eyes", "2bak1b2/9/9/9/9/2B3B2/3n1n3/9/9/3K5 w", &[3, 69, 300, 6_189]),
    ("chariot against a bare general", "4k4/9/9/9/9/9/9/9/9/R2K5 w", &[12, 22, 385, 827, 14_744]),
    ("horse and soldier endgame", "3k5/4a4/9/4P4/9/9/9/9/4N4/4K4 w", &[10, 50, 579, 2_181, 23_652]),
    ("crossed soldiers at the palace", "3k5/3PaP3/4P4/9/9/9/9/9/9/4K4 b", &[2, 20, 60, 521, 970]),
    ("no legal move (stalemate loses)", "4k4/3R5/5R3/9/9/9/9/9/9/3K5 b", &[0]),
];

#[test]
fn rule_positions_match_fairy_stockfish() {
    for (name, fen, counts) in FEATURES {
        for (i, &expected) in counts.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(count(fen, depth), expected, "{name} ({fen}) at depth {depth}");
        }
    }
}

/// Positions reached by random play (seeded), counted with /usr/games/fairy-stockfish.
const RANDOM_PLAY: &[(&str, u64)] = &[
    ("r1bak2n1/2c5r/2nab4/p1p1p3p/6p2/6PN1/P1P1P3P/5A1CB/Cc7/RNBA1K1R1 w - - 28 15", 29_672),
    ("2ra3nr/5k3/b2a4b/P3p1p1P/2p6/2n1Pp3/5cP2/3A4N/1R7/1N2KAB2 w - - 1 35", 25_671),
    ("rnbakabC1/8r/1C7/p1c1p1p2/2p2c2p/2P6/P3P1P1P/B1N6/5K3/R2A1ABNR w - - 19 12", 89_731),
    ("1nb1k2nr/4a4/4ba3/pc2p1p2/1Pp1P3p/2B3Pr1/2P5P/3CCcN2/3K5/R2A1AB1R b - - 41 22", 70_277),
    ("1cCak2n1/r3a4/8b/p1p1p1p1p/9/3c1C3/P1P1P1P1P/3AR2rR/9/1NB1KABN1 b - - 0 16", 0),
];

#[test]
fn random_play_positions_depth_3() {
    for (fen, expected) in RANDOM_PLAY {
        assert_eq!(count(fen, 3), *expected, "{fen}");
    }
}

/// fairy-stockfish's divide of the start position at depth 3 for a few first moves (its ranks
/// are 1–10, converted here to ICCS 0–9: its h3e3 is our h2e2).
#[test]
fn divide_matches_per_move() {
    let mut b = Board::start();
    let d = divide(&mut b, 3);
    let get = |m: &str| d.iter().find(|x| x.0 == m).map(|x| x.1);
    assert_eq!(d.len(), 44);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 79_666);
    for (m, n) in
        [("h2e2", 1_564), ("b0c2", 1_707), ("a0a1", 2_271), ("b2b9", 1_525), ("e0e1", 1_970), ("g3g4", 1_920)]
    {
        assert_eq!(get(m), Some(n), "{m}");
    }
}
