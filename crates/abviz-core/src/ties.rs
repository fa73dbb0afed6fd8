//! [`Ties`]: whether a window that closes exactly (α = β) cuts, the one place courses differ on
//! the cutoff test.

crate::named! {
    /// The cutoff test's rule for ties: AIMA and MIT 6.034 cut when α ≥ β; UC Berkeley's CS188
    /// cuts only when the window is strictly crossed (α > β), so a child whose value equals the
    /// bound is still searched.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Ties: "tie rule", default Prune {
        /// Cut when α ≥ β (AIMA, MIT 6.034): a tie with the bound prunes. The default.
        Prune = "prune" | "cut" | "ge" | "aima",
        /// Cut only when α > β (CS188): a tie with the bound keeps searching.
        Keep = "keep" | "strict" | "gt" | "cs188",
    }
}

impl Ties {
    /// Whether the window [`low`, `high`] is crossed under this rule, so the node cuts:
    /// `low ≥ high` ([`Ties::Prune`]) or `low > high` ([`Ties::Keep`]).
    ///
    /// ```
    /// use abviz_core::Ties;
    /// assert!(Ties::Prune.crossed(3, 3) && !Ties::Keep.crossed(3, 3));
    /// assert!(Ties::Keep.crossed(4, 3));
    /// ```
    #[inline(always)]
    pub fn crossed<T: PartialOrd>(self, low: T, high: T) -> bool {
        match self {
            Ties::Prune => low >= high,
            Ties::Keep => low > high,
        }
    }

    /// The test as the listings write it: `"≥"` or `">"` (its mirror for α-cuts: `"≤"`, `"<"`).
    pub fn symbols(self) -> (&'static str, &'static str) {
        match self {
            Ties::Prune => ("≥", "≤"),
            Ties::Keep => (">", "<"),
        }
    }

    /// Whether this is the default rule (for serde's `skip_serializing_if`).
    pub fn is_default(&self) -> bool {
        *self == Ties::Prune
    }
}
