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

/// A pattern compiled for bit-parallel matching: per point of the shape, which of the three
/// bit sets (0 own, 1 empty, 2 opponent or edge) must hold it.
#[derive(Clone, Copy)]
struct Compiled {
    len: u32,
    codes: [u8; 6],
    score: i32,
}

const COMPILED: [Compiled; PATTERNS.len()] = {
    let mut out = [Compiled { len: 0, codes: [0; 6], score: 0 }; PATTERNS.len()];
    assert!(PATTERNS.len() <= 32, "one bit per shape in a u32");
    let mut i = 0;
    while i < PATTERNS.len() {
        let shape = PATTERNS[i].shape.as_bytes();
        assert!(shape.len() <= 6, "a shape of at most six points");
        let mut codes = [0; 6];
        let mut j = 0;
        while j < shape.len() {
            codes[j] = match shape[j] {
                b'o' => 0,
                b'.' => 1,
                _ => 2,
            };
            j += 1;
        }
        out[i] = Compiled { len: shape.len() as u32, codes, score: PATTERNS[i].score };
        i += 1;
    }
    out
};

/// The score of one line of `len` points (a board's line: at most 19) for the player whose stones are the set
/// bits of `own` (bit k: the line's k-th point), the opponent's being `other`: the same number
/// as [`line_score`] on the line read as text with its edges, found with bit operations — every
/// start where a shape matches is one bit, and the matches are taken left to right without
/// overlap as [`line_score`] takes them.
#[inline]
pub fn line_score_bits(own: u32, other: u32, len: usize) -> i32 {
    // Every shape holds two own stones at most two points apart (`.o.o.`, `o.ooo`, `xoo...`),
    // so a line without such a pair scores nothing: most lines of a sparse board.
    if own & ((own >> 1) | (own >> 2)) == 0 { 0 } else { matched(own, other, len) }
}

/// The patterns' scores on a line that may hold some (see [`line_score_bits`]): every start
/// near the stones reads the six points from there as one number, a table gives the shapes
/// found at that start, and each shape's matches are taken left to right without overlap.
#[inline(never)]
fn matched(own: u32, other: u32, len: usize) -> i32 {
    debug_assert!(len <= 25 && own & other == 0);
    let len = len as u32;
    // Bit 0 and bit len + 1 are the edges; points past them read as neither own nor empty.
    let points = (1u32 << len) - 1;
    let o = (own & points) << 1;
    let e = (!(own | other) & points) << 1;
    let windows = &*WINDOWS;
    // Each shape's first start not overlapping its last match.
    let mut free = [0u32; PATTERNS.len()];
    let mut total = 0;
    // A shape holds an own stone within its first four points, and starts before its last.
    let (first, last) = (o.trailing_zeros(), 31 - o.leading_zeros());
    for at in first.saturating_sub(3)..=last {
        let mut found = windows[(((o >> at) & 63) | (((e >> at) & 63) << 6)) as usize];
        while found != 0 {
            let k = found.trailing_zeros() as usize;
            found &= found - 1;
            let p = &COMPILED[k];
            if at + p.len <= len + 2 && at >= free[k] {
                free[k] = at + p.len;
                total += p.score;
            }
        }
    }
    total
}

/// Per window of six points (bits 0–5 own stones, bits 6–11 empty points; a point that is
/// neither is the opponent's or an edge), the shapes found at its start: bit k for
/// `PATTERNS[k]`.
static WINDOWS: std::sync::LazyLock<Box<[u32; 4096]>> = std::sync::LazyLock::new(|| {
    let mut table = Box::new([0u32; 4096]);
    for (w, found) in table.iter_mut().enumerate() {
        let (own, empty) = (w & 63, w >> 6);
        if own & empty != 0 {
            continue;
        }
        for (k, p) in COMPILED.iter().enumerate() {
            let fits = (0..p.len as usize).all(|j| {
                let (o, e) = (own >> j & 1 == 1, empty >> j & 1 == 1);
                match p.codes[j] {
                    0 => o,
                    1 => e,
                    _ => !o && !e,
                }
            });
            if fits {
                *found |= 1 << k;
            }
        }
    }
    table
});

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
        // `line_score_bits` skips lines without two own stones at most two points apart: every
        // shape holds such a pair.
        for p in PATTERNS {
            let own: Vec<usize> =
                p.shape.bytes().enumerate().filter(|&(_, b)| b == b'o').map(|(k, _)| k).collect();
            assert!(own.windows(2).any(|w| w[1] - w[0] <= 2), "{}", p.shape);
            // And `matched` looks for shapes from three points before the first own stone.
            assert!(own[0] <= 3, "{}", p.shape);
        }
    }

    /// The line as text for `line_score`: own `o`, the opponent's stones and the edges `x`.
    fn text(own: u32, other: u32, len: usize) -> Vec<u8> {
        let mut line = vec![b'x'];
        line.extend((0..len).map(|k| match (own >> k & 1, other >> k & 1) {
            (1, _) => b'o',
            (_, 1) => b'x',
            _ => b'.',
        }));
        line.push(b'x');
        line
    }

    #[test]
    fn bits_score_hand_picked_lines_as_text_does() {
        for line in
            ["xooooox", "x.oooo.x", "x.ooo.o.x", "x..oo..x", "x.o.o.o.o.o.x", "xoo.oo.oo.oox", "x.oo.oo.o.x"]
        {
            let inner = &line.as_bytes()[1..line.len() - 1];
            let bits =
                |c: u8| inner.iter().enumerate().filter(|&(_, &b)| b == c).map(|(k, _)| 1 << k).sum::<u32>();
            assert_eq!(
                line_score_bits(bits(b'o'), bits(b'x'), inner.len()),
                line_score(line.as_bytes()),
                "{line}"
            );
        }
    }

    proptest::proptest! {
        /// Every line of every length a board has, with stones anywhere (own, opponent's, or
        /// empty at 3 in 5): the bit-parallel score is the text scan's.
        #[test]
        fn bits_score_every_line_as_text_does(len in 1usize..=19, points in proptest::collection::vec(0u8..5, 19)) {
            let (mut own, mut other) = (0u32, 0u32);
            for (k, &p) in points[..len].iter().enumerate() {
                match p {
                    1 => own |= 1 << k,
                    2 => other |= 1 << k,
                    _ => {}
                }
            }
            proptest::prop_assert_eq!(line_score_bits(own, other, len), line_score(&text(own, other, len)));
        }
    }
}
