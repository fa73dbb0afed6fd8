//! Drawing a position: a text board for the terminal and tooltips, and an SVG board (river,
//! palaces with their diagonals, pieces as labelled discs) for HTML pages and figures.
//!
//! Every function returns a finished `String`; the SVG escapes all text it writes, so its
//! output can be pasted into HTML as is.

use super::board::{Board, Kind, Move, Side, file_of, rank_of, square};
use std::fmt::Write;

/// Characters of a traditional set: Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒. Every red
/// character differs from its black counterpart, so the sides stay apart in black and white.
fn set_character(side: Side, kind: Kind) -> char {
    const RED: [char; 7] = ['帥', '仕', '相', '傌', '俥', '炮', '兵'];
    const BLACK: [char; 7] = ['將', '士', '象', '馬', '車', '砲', '卒'];
    match side {
        Side::Red => RED[kind.index()],
        Side::Black => BLACK[kind.index()],
    }
}

fn is_palace_point(file: u8, rank: u8) -> bool {
    (3..=5).contains(&file) && (rank <= 2 || rank >= 7)
}

/// The board as text, Black at the top: FEN letters (Red upper case), `.` for an empty point,
/// `+` for an empty palace point, the river as a line of `~`, ICCS files and ranks around it,
/// and the side to move underneath.
///
/// ```text
///   a b c d e f g h i
/// 9 r n b a k a b n r
/// 8 . . . + + + . . .
/// ```
pub fn text_board(board: &Board) -> String {
    let mut s = String::with_capacity(320);
    s.push_str("  a b c d e f g h i\n");
    for rank in (0..10u8).rev() {
        let _ = write!(s, "{rank}");
        for file in 0..9u8 {
            s.push(' ');
            s.push(match board.piece_at(square(file, rank)) {
                Some((Side::Red, k)) => k.letter(),
                Some((Side::Black, k)) => k.letter().to_ascii_lowercase(),
                None if is_palace_point(file, rank) => '+',
                None => '.',
            });
        }
        s.push('\n');
        if rank == 5 {
            s.push_str("  ~~~~~ river ~~~~~\n");
        }
    }
    s.push_str("  a b c d e f g h i\n");
    s.push_str(match board.side() {
        Side::Red => "Red (upper case) to move",
        Side::Black => "Black (lower case) to move",
    });
    s
}

/// The board as text with the Chinese characters of a traditional set (each takes two
/// terminal columns): `＋` marks empty points, `〜` the river.
pub fn text_board_chinese(board: &Board) -> String {
    let mut s = String::with_capacity(640);
    s.push_str("  ａｂｃｄｅｆｇｈｉ\n");
    for rank in (0..10u8).rev() {
        let _ = write!(s, "{rank} ");
        for file in 0..9u8 {
            s.push(match board.piece_at(square(file, rank)) {
                Some((side, kind)) => set_character(side, kind),
                None => '＋',
            });
        }
        s.push('\n');
        if rank == 5 {
            s.push_str("  〜〜楚河〜〜汉界〜〜\n");
        }
    }
    s.push_str("  ａｂｃｄｅｆｇｈｉ\n");
    s.push_str(match board.side() {
        Side::Red => "红方走 (Red to move)",
        Side::Black => "黑方走 (Black to move)",
    });
    s
}

pub use abviz_core::text::escape_xml;

const CELL: i32 = 44;
const MARGIN: i32 = 46;
const RED_INK: &str = "#b3000c";
const BLACK_INK: &str = "#111111";
const FONT: &str =
    "'Noto Serif CJK SC','Source Han Serif SC','Songti SC','SimSun','Droid Sans Fallback',serif";

fn px(file: u8) -> i32 {
    MARGIN + file as i32 * CELL
}

fn py(rank: u8) -> i32 {
    MARGIN + (9 - rank as i32) * CELL
}

/// The board as a self-contained SVG: grid, river (楚河 汉界), palaces with diagonals, ICCS
/// coordinates, pieces as ivory discs with a red or black ring and character, the side to
/// move, and optionally the last move (`last`: its from-point ringed dashed, its to-point
/// ringed solid). The FEN is the image's `<title>`.
pub fn svg_board(board: &Board, last: Option<Move>) -> String {
    let w = 2 * MARGIN + 8 * CELL;
    let h = 2 * MARGIN + 9 * CELL + 20;
    let mut s = String::with_capacity(8192);
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" font-family="{FONT}">"#
    );
    let _ = write!(s, "<title>{}</title>", escape_xml(&board.fen()));
    let _ = write!(s, r##"<rect width="{w}" height="{h}" fill="#f2d7a0"/>"##);
    let (x0, x8, y9, y0) = (px(0), px(8), py(9), py(0));
    s.push_str(r##"<g stroke="#5a3a1a" stroke-width="1.2" fill="none">"##);
    let _ = write!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" stroke-width="2.4"/>"#,
        x0 - 4,
        y9 - 4,
        x8 - x0 + 8,
        y0 - y9 + 8
    );
    for rank in 0..10u8 {
        let _ = write!(s, r#"<line x1="{x0}" y1="{y}" x2="{x8}" y2="{y}"/>"#, y = py(rank));
    }
    for file in 0..9u8 {
        let x = px(file);
        if file == 0 || file == 8 {
            let _ = write!(s, r#"<line x1="{x}" y1="{y9}" x2="{x}" y2="{y0}"/>"#);
        } else {
            let _ = write!(s, r#"<line x1="{x}" y1="{y9}" x2="{x}" y2="{}"/>"#, py(5));
            let _ = write!(s, r#"<line x1="{x}" y1="{}" x2="{x}" y2="{y0}"/>"#, py(4));
        }
    }
    for (a, b) in [(0u8, 2u8), (7, 9)] {
        let _ = write!(s, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, px(3), py(a), px(5), py(b));
        let _ = write!(s, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, px(5), py(a), px(3), py(b));
    }
    s.push_str("</g>");
    let river_y = (py(5) + py(4)) / 2;
    let _ = write!(
        s,
        r##"<g fill="#5a3a1a" font-size="22" text-anchor="middle"><text x="{}" y="{river_y}" dy="0.35em" letter-spacing="14">楚河</text><text x="{}" y="{river_y}" dy="0.35em" letter-spacing="14">汉界</text></g>"##,
        px(2),
        px(6)
    );
    // Coordinates: ICCS files under the board, ranks on the left.
    s.push_str(r##"<g fill="#5a3a1a" font-family="sans-serif" font-size="13" text-anchor="middle">"##);
    for file in 0..9u8 {
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" dy="0.35em">{}</text>"#,
            px(file),
            y0 + 32,
            (b'a' + file) as char
        );
    }
    for rank in 0..10u8 {
        let _ = write!(s, r#"<text x="{}" y="{}" dy="0.35em">{rank}</text>"#, x0 - 32, py(rank));
    }
    let mover = match board.side() {
        Side::Red => "Red to move",
        Side::Black => "Black to move",
    };
    let _ =
        write!(s, r#"<text x="{}" y="{}" dy="0.35em" text-anchor="end">{mover}</text>"#, x8 + 20, y0 + 54);
    s.push_str("</g>");
    if let Some(m) = last {
        let f = m.from();
        let _ = write!(
            s,
            r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="#1f5fbf" stroke-width="2" stroke-dasharray="4 3"/>"##,
            px(file_of(f)),
            py(rank_of(f)),
            CELL / 2 - 6
        );
    }
    let r = CELL / 2 - 3;
    for rank in 0..10u8 {
        for file in 0..9u8 {
            let Some((side, kind)) = board.piece_at(square(file, rank)) else { continue };
            let ink = if side == Side::Red { RED_INK } else { BLACK_INK };
            let (x, y) = (px(file), py(rank));
            let _ = write!(
                s,
                r##"<g><circle cx="{x}" cy="{y}" r="{r}" fill="#fbf3e2" stroke="{ink}" stroke-width="2"/><circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{ink}" stroke-width="0.8"/><text x="{x}" y="{y}" dy="0.36em" fill="{ink}" font-size="22" text-anchor="middle">{}</text></g>"##,
                r - 4,
                set_character(side, kind)
            );
        }
    }
    if let Some(m) = last {
        let t = m.to();
        let _ = write!(
            s,
            r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="#1f5fbf" stroke-width="3"/>"##,
            px(file_of(t)),
            py(rank_of(t)),
            r + 3
        );
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_board_of_the_start() {
        let t = text_board(&Board::start());
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines[0], "  a b c d e f g h i");
        assert_eq!(lines[1], "9 r n b a k a b n r");
        assert_eq!(lines[2], "8 . . . + + + . . .");
        assert_eq!(lines[3], "7 . c . + + + . c .");
        assert_eq!(lines[6], "  ~~~~~ river ~~~~~");
        assert_eq!(lines[11], "0 R N B A K A B N R");
        assert_eq!(lines[13], "Red (upper case) to move");
        let zh = text_board_chinese(&Board::start());
        assert!(zh.contains("9 車馬象士將士象馬車") && zh.contains("0 俥傌相仕帥仕相傌俥"));
    }

    #[test]
    fn svg_has_board_parts_and_pieces() {
        let b = Board::start();
        let svg = svg_board(&b, None);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("楚河") && svg.contains("汉界"));
        assert_eq!(svg.matches("<circle").count(), 64, "two circles per piece");
        assert!(svg.contains("帥") && svg.contains("將") && svg.contains("Red to move"));
        assert!(svg.contains("<title>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w</title>"));
        let m = crate::xiangqi::notation::parse_iccs(&b, "h2e2").unwrap();
        let svg = svg_board(&b, Some(m));
        assert_eq!(svg.matches("<circle").count(), 66);
    }

    #[test]
    fn escaping() {
        assert_eq!(escape_xml(r#"<a href="x">&'"#), "&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    }
}
