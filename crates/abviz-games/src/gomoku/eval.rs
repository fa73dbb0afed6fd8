//! The evaluation of the gomoku source text (shared/seeds/002): every row, column and both
//! diagonals are read as a string, the patterns found in it are scored, and the position is
//! worth `own − 2 × opponent` for the side it is evaluated for.
//!
//! In a line as read for one player, `o` is that player's stone, `x` the opponent's stone or the
//! edge of the board, `.` an empty point. Each pattern's occurrences are counted without overlap
//! (as a regular expression's successive matches are in the source's Java) and every pattern
//! counts on its own: `.ooo.o` holds an open three and a split four, and scores both.
//!
//! Where the numbers come from: five in a row (100,000) and the open four (1,000) are the
//! source's. It names the other shapes without their scores; they follow the ladder most gomoku
//! tutorials use, each level a tenth of the one above it, with a closed (or split) four and an
//! open three alike — both force an answer at once: four 1,000 → closed four / open three 100 →
//! closed three / open two 10 → closed two 1.

/// One pattern of the table: what it looks like, its name, and its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The shape, `o` own stone, `x` opponent or edge, `.` empty.
    pub shape: &'static str,
    /// Its name.
    pub name: &'static str,
    /// Its score.
    pub score: i32,
    /// How many own stones it holds (a line with fewer cannot hold it).
    pub stones: usize,
}

const fn p(shape: &'static str, name: &'static str, score: i32) -> Pattern {
    let bytes = shape.as_bytes();
    let (mut stones, mut i) = (0, 0);
    while i < bytes.len() {
        if bytes[i] == b'o' {
            stones += 1;
        }
        i += 1;
    }
    Pattern { shape, name, score, stones }
}

/// The pattern table.
pub const PATTERNS: &[Pattern] = &[
    p("ooooo", "five", 100_000),
    p(".oooo.", "open four", 1_000),
    p("xoooo.", "closed four", 100),
    p(".oooox", "closed four", 100),
    p("ooo.o", "split four", 100),
    p("o.ooo", "split four", 100),
    p("oo.oo", "split four", 100),
    p(".ooo.", "open three", 100),
    p(".oo.o.", "split three", 100),
    p(".o.oo.", "split three", 100),
    p("xooo..", "closed three", 10),
    p("..ooox", "closed three", 10),
    p("xoo.o.", "closed three", 10),
    p(".o.oox", "closed three", 10),
    p("xo.oo.", "closed three", 10),
    p(".oo.ox", "closed three", 10),
    p("..oo..", "open two", 10),
    p(".o.o.", "open two", 10),
    p("xoo...", "closed two", 1),
    p("...oox", "closed two", 1),
];

/// The score of one line read for one player (`line` uses `o`, `x`, `.` as above, edges
/// included as `x`).
pub fn line_score(line: &[u8]) -> i32 {
    let stones = line.iter().filter(|&&c| c == b'o').count();
    if stones < 2 {
        return 0;
    }
    // Every occurrence holds an own stone, so it lies within 5 points of the first and last.
    let first = line.iter().position(|&c| c == b'o').unwrap_or(0);
    let last = line.iter().rposition(|&c| c == b'o').unwrap_or(0);
    let line = &line[first.saturating_sub(5)..(last + 6).min(line.len())];
    PATTERNS
        .iter()
        .filter(|p| p.stones <= stones)
        .map(|p| count(line, p.shape.as_bytes()) as i32 * p.score)
        .sum()
}

/// Occurrences of `shape` in `line`, without overlap, left to right.
fn count(line: &[u8], shape: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i + shape.len() <= line.len() {
        if &line[i..i + shape.len()] == shape {
            n += 1;
            i += shape.len();
        } else {
            i += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_score_as_the_table_says() {
        let s = |l: &str| line_score(l.as_bytes());
        assert_eq!(s("xooooox"), 100_000);
        assert_eq!(s("x.oooo.x"), 1_000);
        assert_eq!(s("xoooo..x"), 100);
        assert_eq!(s("x..ooo..x"), 100);
        assert_eq!(s("x.ooo.o.x"), 100 + 100);
        assert_eq!(s("x..oo..x"), 10);
        assert_eq!(s("x.......x"), 0);
        // The table is sorted from the strongest shape down and every shape is written in `o`,
        // `x` and `.` only.
        assert!(PATTERNS.windows(2).all(|w| w[0].score >= w[1].score));
        assert!(PATTERNS.iter().all(|p| p.shape.bytes().all(|b| b"ox.".contains(&b))));
    }
}
