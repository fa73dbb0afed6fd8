//! The kinds of option a game may take (the registry lists which each game takes; errors name
//! the one at fault).

/// The kind of an option a game may take; each has its own command-line flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// The evaluation at the depth limit (`--eval`).
    Eval,
    /// The order moves are searched in (`--order`).
    Order,
    /// How moves are labelled (`--notation`).
    Notation,
    /// A variant of the rules (`--variant`).
    Variant,
    /// The size of the board (`--size`), a whole number.
    Size,
    /// How far from the stones on the board a move may be (`--radius`), a whole number.
    Radius,
    /// The pits on each side (`--pits`), a whole number.
    Pits,
    /// The seeds in each pit at the start (`--seeds`), a whole number.
    Seeds,
}

impl OptionKind {
    /// Every kind, in the order descriptions list them.
    pub const ALL: [OptionKind; 8] = [
        OptionKind::Eval,
        OptionKind::Order,
        OptionKind::Notation,
        OptionKind::Variant,
        OptionKind::Size,
        OptionKind::Radius,
        OptionKind::Pits,
        OptionKind::Seeds,
    ];

    /// The word descriptions use ("eval win", "order captures").
    pub fn word(self) -> &'static str {
        match self {
            OptionKind::Eval => "eval",
            OptionKind::Order => "order",
            OptionKind::Notation => "notation",
            OptionKind::Variant => "variant",
            OptionKind::Size => "size",
            OptionKind::Radius => "radius",
            OptionKind::Pits => "pits",
            OptionKind::Seeds => "seeds",
        }
    }
}
