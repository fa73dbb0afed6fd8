//! The entries a diagram's legend can hold ([`LegendKey`]); the view decides which a figure
//! needs, the legend draws them.

/// One entry of a diagram's legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegendKey {
    /// ▲ / □ MAX.
    Max,
    /// ▼ / ○ MIN.
    Min,
    /// ◯ / ◇ a chance node.
    Chance,
    /// □ a leaf.
    Leaf,
    /// Dashed grey with a cut mark: never searched.
    Pruned,
    /// Blue: α-cutoff.
    AlphaCut,
    /// Red: β-cutoff.
    BetaCut,
    /// *-minimax's cutoff at a chance node.
    ChanceCut,
    /// Star2's probe: a node's first move only, the rest waiting.
    Probe,
    /// Thick: the principal variation.
    Pv,
    /// [α, β] beside a node.
    Bounds,
    /// The range a node's value lies in ([−∞, 2]), AIMA's label.
    Range,
    /// The small visit-order number.
    Order,
    /// "⋯ k nodes".
    Stub,
    /// Teal dashed outline: searched beyond the depth limit (quiescence search).
    Quiescence,
}
