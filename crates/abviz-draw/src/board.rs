//! Board pictures in the figures' nodes (`--boards`): each node of a game trace drawn as the
//! textbooks do, with a small picture of its position under its shape (the move that led to it
//! marked). The pictures are the games' own (the registry's board drawing), shared with the
//! page's tooltips and position panel.
use abviz_trace::{NodeId, Trace};

/// The longer side of a board picture in a figure, in px: small enough for a tree of boards,
/// big enough to read a tic-tac-toe or Connect Four position.
pub const BOARD_SIZE: f64 = 72.0;
/// The room between a node's shape and its board.
pub const BOARD_GAP: f64 = 3.0;

/// A board picture scaled for a node.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The game's SVG document of the position.
    pub svg: String,
    /// Its width in the figure.
    pub w: f64,
    /// Its height in the figure.
    pub h: f64,
}

/// The picture of node `id`'s position with the move into it marked, scaled to [`BOARD_SIZE`];
/// `None` for a tree without a game, a node without a recorded position, or a game without a
/// board drawing.
pub fn of_node(trace: &Trace, id: NodeId) -> Option<Board> {
    let svg = svg_of_node(trace, id)?;
    let (vw, vh) = view_box(&svg)?;
    let scale = BOARD_SIZE / vw.max(vh);
    Some(Board { w: vw * scale, h: vh * scale, svg })
}

/// The game's SVG picture of node `id`'s position, the move into it marked (the page's boards
/// too).
pub fn svg_of_node(trace: &Trace, id: NodeId) -> Option<String> {
    let game = trace.input().game.as_deref()?;
    let pos = trace.position(id)?;
    match trace.parent(id).and_then(|p| trace.position(p)) {
        Some(before) => abviz_games::position_svg_after(game, &pos, &before),
        None => abviz_games::position_svg(game, &pos),
    }
}

/// The width and height of an SVG document's `viewBox`.
pub fn view_box(svg: &str) -> Option<(f64, f64)> {
    let head = &svg[..svg.find('>')?];
    let at = head.find("viewBox=\"")? + "viewBox=\"".len();
    let end = at + head[at..].find('"')?;
    let v: Vec<f64> = head[at..end]
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    match v[..] {
        [_, _, w, h] if w > 0.0 && h > 0.0 => Some((w, h)),
        _ => None,
    }
}

/// The SVG document nested at (`x`, `y`) with size `w` × `h`: its own `<svg>` element placed
/// inside another picture (its viewBox kept, so it scales).
pub fn nested(svg: &str, x: &str, y: &str, w: &str, h: &str) -> Option<String> {
    let open = svg.find("<svg")?;
    let close = open + svg[open..].find('>')?;
    let (vw, vh) = view_box(svg)?;
    Some(format!(
        r#"<svg x="{x}" y="{y}" width="{w}" height="{h}" viewBox="0 0 {vw} {vh}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" overflow="hidden">{}"#,
        &svg[close + 1..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_view_box_and_nests() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="144" height="160" viewBox="0 0 144 160"><rect width="1" height="1"/></svg>"#;
        assert_eq!(view_box(svg), Some((144.0, 160.0)));
        assert_eq!(view_box("<svg width=\"3\"></svg>"), None);
        let n = nested(svg, "10", "20", "36", "40").unwrap();
        assert!(n.starts_with(r#"<svg x="10" y="20" width="36" height="40" viewBox="0 0 144 160""#), "{n}");
        assert!(n.ends_with(r#"<rect width="1" height="1"/></svg>"#), "{n}");
    }

    #[test]
    fn game_nodes_have_boards_and_tree_nodes_none() {
        use abviz_games::tictactoe::{TicTacToe, TttEval};
        let t = crate::testing::game(
            TicTacToe::new(TttEval::OpenLines),
            "tictactoe",
            1,
            abviz_search::Algorithm::Minimax,
        );
        let b = of_node(&t, 0).expect("the root's board");
        assert!((b.w.max(b.h) - BOARD_SIZE).abs() < 1e-9);
        assert!(b.svg.contains("<svg"));
        let t = crate::testing::tree("((3 12) (2 4))", abviz_search::Algorithm::Minimax);
        assert!(of_node(&t, 0).is_none());
    }
}
