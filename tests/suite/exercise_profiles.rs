//! Generated exercises have the cutoff profile of their difficulty (read from the trace's own
//! cutoffs), over many seeds; the same seed gives the same tree.

use abviz::exercise::{Difficulty, Generator, Profile};
use abviz::search::Algorithm;

#[test]
fn every_difficulty_has_its_profile_over_seeds() {
    for algo in [Algorithm::AlphaBetaSoft, Algorithm::AlphaBeta, Algorithm::NegamaxAb] {
        for d in Difficulty::ALL {
            for seed in 1..=12 {
                let g = Generator::new(Some(d), None, algo, seed).unwrap();
                let ex = g.exercise(1 + (seed % 3) as u32).unwrap();
                let p = Profile::of(&ex.trace);
                assert!(d.accepts(&p), "{algo} {d} seed {seed}: {p:?}");
                match d {
                    Difficulty::Easy => assert_eq!((p.cutoffs, p.deepest, p.ties), (1, 1, 0)),
                    Difficulty::Medium => {
                        assert!((2..=3).contains(&p.cutoffs) && p.deepest >= 2 && p.deep == 0 && p.ties == 0)
                    }
                    Difficulty::Hard => assert!(p.cutoffs >= 3 && p.deep >= 1 && p.ties >= 1),
                }
                // Every cutoff is where the trace says: a deep one's bound comes from above the parent.
                if d == Difficulty::Hard {
                    let t = &ex.trace;
                    assert!(t.cutoffs().iter().any(|c| {
                        c.pruned > 0
                            && t.parent(c.node).is_some_and(|p| t.parent(p).is_some() && c.bound_from != p)
                    }));
                }
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_series() {
    let g = Generator::new(Some(Difficulty::Medium), None, Algorithm::AlphaBetaSoft, 42).unwrap();
    let a: Vec<String> = g.series(3).unwrap().iter().map(|e| e.tree.root.to_notation()).collect();
    let b: Vec<String> = g.series(3).unwrap().iter().map(|e| e.tree.root.to_notation()).collect();
    assert_eq!(a, b);
    assert!(a[0] != a[1] && a[1] != a[2], "a series holds different trees: {a:?}");
    let other = Generator::new(Some(Difficulty::Medium), None, Algorithm::AlphaBetaSoft, 43).unwrap();
    assert_ne!(other.exercise(1).unwrap().tree.root.to_notation(), a[0]);
}
