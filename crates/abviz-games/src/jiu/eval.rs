//! Jiu's evaluation tables. The source names its features but leaves its table out ("限于篇幅,
//! 此处不做赘述"); these numbers are ours, chosen to follow its priorities: while placing,
//! shapes around the centre, the triangle (the most flexible shape) above the square; while
//! moving, dalians above squares above material, and captures counted as they happen.
//!
//! **Placement** ([`shape_score`] per side, White minus Black, plus [`location`]): every 2 × 2
//! window without an enemy piece scores by the own pieces in it — two along a line
//! ([`TWO`]), two across the diagonal ([`DIAGONAL`]), three (a triangle, [`TRIANGLE`]), four
//! (a square, [`SQUARE`]) —, three in a row along a line score [`THREE`]; the defence counts a
//! window with three enemy pieces and an own one ([`BLOCK_SQUARE`]: a triangle kept from
//! becoming a square), a window with an enemy diagonal pair and an own piece
//! ([`BLOCK_DIAGONAL`]), and an own piece at the end of an enemy three in a row
//! ([`BLOCK_THREE`]). A piece on a point scores [`location`]: more towards the centre.
//!
//! **Movement** ([`movement_score`] per side, White minus Black): [`PIECE`] a piece,
//! [`SQUARE_HELD`] a complete square, [`OPEN_SQUARE`] a square lacking one empty point,
//! [`SINGLE_DALIAN`] and [`DOUBLE_DALIAN`].
//!
//! **Process scores** ([`process_score`], the mover's view, added along the path when
//! `--eval process`): [`CAPTURE`] a captured piece, [`FORMED`] a square completed, minus
//! [`BROKEN`] an own square broken, plus [`BROKEN`] an enemy square broken, and the change of
//! both sides' dalians at their table values (own gained, enemy lost). A move's process score
//! is weighed by its place in the line ([`tempo`]): the first move from the search's root
//! counts in full, each later one 1 % less, down to 90 %. A gain now is surer than the same gain
//! later, and this makes the score depend on the line and not only on where it ends: without it
//! the terms above would add up to the change of a position table (captures to material,
//! dalians to dalians), and two lines to the same position would always score the same. With
//! it, capturing first and moving quietly after scores more than the same moves the other way
//! round (the source's Figures 2 and 3: at equal leaf scores, the process decides). The step is
//! small on purpose: at 10 % a move, three of five 14 × 14 self-play games ran to the move limit
//! (the side ahead shuffled instead of converting), one of five at 1 %, none of five without
//! weights (`abviz play --game jiu --self-play --seed 1..5`).
//!
//! **Placement playouts** ([`placement_result`]): where the placement ends, the source's formula
//! (1), `0.7 × result + 0.3 × location`: the result is 1, ½ or 0 as White's shape score is
//! above, equal to or below Black's (the "relative win or loss"), the location White's share
//! of the location scores of all pieces on the board (the source scores the placed piece's
//! location; a playout ends on a whole board, so we score all of them).

use super::{Jiu, JiuMove, Phase, colour, shapes};
use crate::Game;

/// Placement: two own pieces along a line in a 2 × 2 window.
pub const TWO: i32 = 2;
/// Placement: two own pieces across a window's diagonal.
pub const DIAGONAL: i32 = 3;
/// Placement: three own pieces in a window (a triangle).
pub const TRIANGLE: i32 = 8;
/// Placement: four own pieces in a window (a square).
pub const SQUARE: i32 = 6;
/// Placement: three own pieces in a row along a line.
pub const THREE: i32 = 4;
/// Placement: an own piece in a window with three enemy pieces.
pub const BLOCK_SQUARE: i32 = 6;
/// Placement: an own piece in a window whose diagonal holds two enemy pieces.
pub const BLOCK_DIAGONAL: i32 = 2;
/// Placement: an own piece at the end of an enemy three in a row.
pub const BLOCK_THREE: i32 = 3;
/// Movement: a piece.
pub const PIECE: i32 = 100;
/// Movement: a complete square.
pub const SQUARE_HELD: i32 = 40;
/// Movement: a square lacking one point, which is empty.
pub const OPEN_SQUARE: i32 = 10;
/// Movement: a single dalian.
pub const SINGLE_DALIAN: i32 = 150;
/// Movement: a double dalian.
pub const DOUBLE_DALIAN: i32 = 400;
/// Process: a captured piece.
pub const CAPTURE: i32 = 100;
/// Process: a square completed.
pub const FORMED: i32 = 60;
/// Process: a square broken (own: minus; enemy: plus).
pub const BROKEN: i32 = 30;

/// Process: the weight, in hundredths, of the first move's process score ([`tempo`]).
pub const TEMPO_FIRST: i32 = 100;
/// Process: how much less each later move's weighs, in hundredths ([`tempo`]).
pub const TEMPO_STEP: i32 = 1;
/// Process: the lowest weight, in hundredths ([`tempo`]).
pub const TEMPO_LAST: i32 = 90;

/// The weight, in hundredths, of the process score of the move `ply` moves into the line (0: the
/// first move from the search's root): [`TEMPO_FIRST`] less [`TEMPO_STEP`] a move, never below
/// [`TEMPO_LAST`].
pub fn tempo(ply: u16) -> i32 {
    (TEMPO_FIRST - TEMPO_STEP * i32::from(ply)).max(TEMPO_LAST)
}

/// `score` weighed by [`tempo`]`(ply)`, rounded towards zero.
pub fn weigh(score: i32, ply: u16) -> i32 {
    score * tempo(ply) / 100
}

/// The location score of a point: the board's half-side minus its distance (in rings) from
/// the central square — `size / 2` on the central square, 1 on the edge.
pub fn location(g: &Jiu, cell: usize) -> i32 {
    let n = g.size() as i32;
    let (r, c) = ((cell / g.size()) as i32, (cell % g.size()) as i32);
    let ring = |x: i32| if x < n / 2 { n / 2 - 1 - x } else { x - n / 2 };
    n / 2 - ring(r).max(ring(c))
}

/// The placement shape score of colour `m` (see the module's table).
pub fn shape_score(g: &Jiu, m: u8) -> i32 {
    let n = g.size();
    let e = 3 - m;
    let cell = |r: usize, c: usize| g.at(r * n + c);
    let mut s = 0;
    for r in 0..n - 1 {
        for c in 0..n - 1 {
            let w = [cell(r, c), cell(r, c + 1), cell(r + 1, c), cell(r + 1, c + 1)];
            let own = w.iter().filter(|&&x| x == m).count();
            let enemy = w.iter().filter(|&&x| x == e).count();
            if enemy == 0 {
                s += match own {
                    2 if (w[0] == m && w[3] == m) || (w[1] == m && w[2] == m) => DIAGONAL,
                    2 => TWO,
                    3 => TRIANGLE,
                    4 => SQUARE,
                    _ => 0,
                };
            } else if own > 0 {
                if enemy == 3 {
                    s += BLOCK_SQUARE;
                } else if (w[0] == e && w[3] == e) || (w[1] == e && w[2] == e) {
                    s += BLOCK_DIAGONAL;
                }
            }
        }
    }
    // Threes along the lines, and own pieces closing an end of an enemy three.
    for r in 0..n {
        for c in 0..n {
            for (dr, dc) in [(0usize, 1usize), (1, 0)] {
                let (r2, c2) = (r + 2 * dr, c + 2 * dc);
                if r2 >= n || c2 >= n {
                    continue;
                }
                let line = [cell(r, c), cell(r + dr, c + dc), cell(r2, c2)];
                if line == [m; 3] {
                    s += THREE;
                }
                if line == [e; 3] {
                    let before = (r >= dr && c >= dc).then(|| cell(r - dr, c - dc));
                    let after = (r2 + dr < n && c2 + dc < n).then(|| cell(r2 + dr, c2 + dc));
                    s += BLOCK_THREE * (i32::from(before == Some(m)) + i32::from(after == Some(m)));
                }
            }
        }
    }
    s
}

/// The movement score of colour `m` (see the module's table), from the position's tally.
pub fn movement_score(g: &Jiu, m: u8) -> i32 {
    let k = m as usize - 1;
    let t = g.tally();
    PIECE * i32::from(g.counts[k])
        + SQUARE_HELD * t.squares[k]
        + OPEN_SQUARE * t.open[k]
        + SINGLE_DALIAN * t.single[k]
        + DOUBLE_DALIAN * t.double[k]
}

fn location_total(g: &Jiu, m: u8) -> i32 {
    (0..g.size() * g.size()).filter(|&c| g.at(c) == m).map(|c| location(g, c)).sum()
}

/// The static value of a position (White's view): shapes and locations while placing, the
/// movement table while moving.
pub fn static_value(g: &Jiu) -> i32 {
    match g.phase() {
        Phase::Placement => {
            shape_score(g, 1) - shape_score(g, 2) + location_total(g, 1) - location_total(g, 2)
        }
        Phase::Movement => movement_score(g, 1) - movement_score(g, 2),
    }
}

/// The process score of `mv`, played from `before` to `after`, for the mover (from the two
/// positions' tallies).
pub fn process_score(before: &Jiu, after: &Jiu, mv: &JiuMove) -> i32 {
    let mover = before.to_move();
    let (m, e) = (colour(mover) as usize - 1, colour(mover.other()) as usize - 1);
    let (tb, ta) = (before.tally(), after.tally());
    let formed = i32::from(mv.squares);
    let own_broken = (tb.squares[m] - ta.squares[m] + formed).max(0);
    let enemy_broken = (tb.squares[e] - ta.squares[e]).max(0);
    let dalian_value =
        |t: &shapes::Tally, k: usize| SINGLE_DALIAN * t.single[k] + DOUBLE_DALIAN * t.double[k];
    CAPTURE * mv.captures() as i32 + FORMED * formed - BROKEN * own_broken
        + BROKEN * enemy_broken
        + (dalian_value(ta, m) - dalian_value(tb, m))
        + (dalian_value(tb, e) - dalian_value(ta, e))
}

/// The result of a placement playout that ended here (the source's formula (1); White's view,
/// in [0, 1]).
pub fn placement_result(g: &Jiu) -> f64 {
    let (w, b) = (shape_score(g, 1), shape_score(g, 2));
    let result = match w.cmp(&b) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    };
    let (lw, lb) = (location_total(g, 1), location_total(g, 2));
    let location = if lw + lb == 0 { 0.5 } else { f64::from(lw) / f64::from(lw + lb) };
    0.7 * result + 0.3 * location
}
