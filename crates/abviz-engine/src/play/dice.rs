//! The dice of `abviz play`: chance moves drawn from a seeded generator, as a tape that undo
//! rewinds, so that taking a roll back and rolling again shows the same face (undo is for
//! second thoughts, not for better dice).

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// The draws of one game, from its seed.
#[derive(Clone, Debug)]
pub struct Dice {
    rng: ChaCha8Rng,
    seed: u64,
    /// Every draw made so far, in order.
    drawn: Vec<f64>,
    /// How many of them the game has used (fewer than drawn after an undo).
    used: usize,
}

impl Dice {
    /// Dice rolled from `seed`: the same seed, the same draws.
    pub fn new(seed: u64) -> Dice {
        Dice { rng: ChaCha8Rng::seed_from_u64(seed), seed, drawn: Vec::new(), used: 0 }
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The next draw, uniform in [0, 1) with 53 bits: a draw taken back is drawn again.
    pub fn draw(&mut self) -> f64 {
        if self.used == self.drawn.len() {
            let u = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            self.drawn.push(u);
        }
        self.used += 1;
        self.drawn[self.used - 1]
    }

    /// Takes back the last `n` draws: the next `n` draws repeat them.
    pub fn take_back(&mut self, n: usize) {
        self.used = self.used.saturating_sub(n);
    }

    /// Which of the outcomes with probabilities `probs` (summing to 1) the draw `u` picks.
    pub fn pick(u: f64, probs: impl IntoIterator<Item = f64>) -> usize {
        let mut sum = 0.0;
        let mut last = 0;
        for (i, p) in probs.into_iter().enumerate() {
            sum += p;
            last = i;
            if u < sum {
                return i;
            }
        }
        last
    }
}

#[cfg(test)]
mod tests {
    use super::Dice;

    #[test]
    fn same_seed_same_draws_and_undo_replays() {
        let (mut a, mut b) = (Dice::new(7), Dice::new(7));
        let first: Vec<f64> = (0..5).map(|_| a.draw()).collect();
        assert_eq!(first, (0..5).map(|_| b.draw()).collect::<Vec<_>>());
        assert!(first.iter().all(|u| (0.0..1.0).contains(u)));
        a.take_back(2);
        assert_eq!((a.draw(), a.draw()), (first[3], first[4]));
        assert_ne!(a.draw(), first[4]);
        assert_ne!(Dice::new(8).draw(), first[0]);
    }

    #[test]
    fn picks_by_cumulative_probability() {
        let sixths = [1.0 / 6.0; 6];
        assert_eq!(Dice::pick(0.0, sixths), 0);
        assert_eq!(Dice::pick(0.17, sixths), 1);
        assert_eq!(Dice::pick(0.999_999, sixths), 5);
        // Counts over many draws: each face about a sixth.
        let mut d = Dice::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[Dice::pick(d.draw(), sixths)] += 1;
        }
        assert!(counts.iter().all(|&c| (9_500..10_500).contains(&c)), "{counts:?}");
    }
}
