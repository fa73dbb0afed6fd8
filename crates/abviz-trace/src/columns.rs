//! Per-step columns kept small (the timeline of a million-event trace keeps eight of them):
//! [`ScoreColumn`] writes each score as an index into a table of the distinct scores (two bytes
//! a step while there are at most 65,536 of them, four after) — a search's windows and best
//! values take few distinct values, and a [`Score`] takes eight bytes; [`SmallColumn`] keeps
//! numbers that are mostly small (counts, distances back to an earlier step) in two bytes each,
//! the few large ones aside.

use abviz_core::Score;
use rustc_hash::FxHashMap;

/// The distinct scores of one or more [`ScoreColumn`]s, built as they are pushed.
#[derive(Clone, Debug, Default)]
pub(crate) struct ScoreTable {
    scores: Vec<Score>,
    /// Each score's place in `scores`, by how it is written (4.5 and 4.50 are two entries:
    /// they compare equal but print differently). Dropped by [`ScoreTable::finish`].
    places: FxHashMap<(i32, u8, bool), u32>,
}

impl ScoreTable {
    /// The place of `s` in the table (added if new).
    fn place(&mut self, s: Score) -> u32 {
        let scores = &mut self.scores;
        *self.places.entry(key(s)).or_insert_with(|| {
            scores.push(s);
            scores.len() as u32 - 1
        })
    }

    /// The score at place `i`.
    #[inline]
    pub(crate) fn get(&self, i: u32) -> Score {
        self.scores[i as usize]
    }

    /// Frees what only building needed.
    pub(crate) fn finish(&mut self) {
        self.places = FxHashMap::default();
        self.scores.shrink_to_fit();
    }
}

/// One per-step column of scores, as places in a [`ScoreTable`].
#[derive(Clone, Debug)]
pub(crate) struct ScoreColumn {
    places: Places,
    /// The last score pushed and its place: most steps repeat the step before's score.
    last: Option<(Score, u32)>,
}

#[derive(Clone, Debug)]
enum Places {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Default for ScoreColumn {
    fn default() -> Self {
        ScoreColumn::with_capacity(0)
    }
}

impl ScoreColumn {
    /// An empty column with room for `n` steps.
    pub(crate) fn with_capacity(n: usize) -> ScoreColumn {
        ScoreColumn { places: Places::Narrow(Vec::with_capacity(n)), last: None }
    }

    /// Appends `s`, entered in `table`.
    pub(crate) fn push(&mut self, s: Score, table: &mut ScoreTable) {
        let place = match self.last {
            Some((l, p)) if same(l, s) => p,
            _ => table.place(s),
        };
        self.last = Some((s, place));
        match &mut self.places {
            Places::Narrow(v) => match u16::try_from(place) {
                Ok(p) => v.push(p),
                Err(_) => {
                    let mut wide: Vec<u32> = Vec::with_capacity(v.capacity());
                    wide.extend(v.iter().map(|&p| u32::from(p)));
                    wide.push(place);
                    self.places = Places::Wide(wide);
                }
            },
            Places::Wide(v) => v.push(place),
        }
    }

    /// The score at `step`, read from `table`.
    ///
    /// # Panics
    /// If `step` is out of range.
    #[inline]
    pub(crate) fn get(&self, step: usize, table: &ScoreTable) -> Score {
        table.get(match &self.places {
            Places::Narrow(v) => u32::from(v[step]),
            Places::Wide(v) => v[step],
        })
    }
}

/// A column of `u32`s that are mostly below 65,535: each in two bytes, a larger one marked
/// there and kept, with its place, in a list aside (looked up by binary search).
#[derive(Clone, Debug, Default)]
pub struct SmallColumn {
    small: Vec<u16>,
    /// (place, value) of the values that do not fit, in order of place.
    large: Vec<(u32, u32)>,
}

/// The mark of a value kept in [`SmallColumn::large`].
const LARGE: u16 = u16::MAX;

impl SmallColumn {
    /// An empty column with room for `n` values.
    pub fn with_capacity(n: usize) -> SmallColumn {
        SmallColumn { small: Vec::with_capacity(n), large: Vec::new() }
    }

    /// Appends `v`.
    #[inline]
    pub fn push(&mut self, v: u32) {
        match u16::try_from(v) {
            Ok(s) if s != LARGE => self.small.push(s),
            _ => {
                self.large.push((self.small.len() as u32, v));
                self.small.push(LARGE);
            }
        }
    }

    /// The value at place `i`.
    ///
    /// # Panics
    /// If `i` is out of range.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        match self.small[i] {
            LARGE => {
                let k = self.large.partition_point(|&(at, _)| (at as usize) < i);
                self.large[k].1
            }
            s => u32::from(s),
        }
    }

    /// Frees the spare room of the list aside.
    pub fn finish(&mut self) {
        self.large.shrink_to_fit();
    }
}

/// A score as it is written: 4.5 and 4.50 compare equal but are two keys.
fn key(s: Score) -> (i32, u8, bool) {
    (s.raw(), s.decimals(), s.is_rounded())
}

/// Whether two scores are the same and written the same.
fn same(a: Score, b: Score) -> bool {
    key(a) == key(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_come_back_as_written_past_two_bytes_of_places() {
        let mut table = ScoreTable::default();
        let mut col = ScoreColumn::with_capacity(4);
        let written: Vec<Score> = [
            Score::parse("4.5").unwrap(),
            Score::parse("4.50").unwrap(),
            Score::INF,
            Score::parse("4.5").unwrap().rounded(),
        ]
        .into_iter()
        .chain((0..70_000).map(Score::from))
        .chain([Score::NEG_INF, Score::parse("4.50").unwrap()])
        .collect();
        for &s in &written {
            col.push(s, &mut table);
        }
        table.finish();
        assert!(matches!(col.places, Places::Wide(_)));
        for (i, &s) in written.iter().enumerate() {
            let got = col.get(i, &table);
            assert!(same(got, s), "step {i}: {got} for {s}");
            assert_eq!(got.to_string(), s.to_string());
        }
        // Repeats share a place: the four first, the 70,000 whole numbers and −∞ (the last
        // 4.50 is there already).
        assert_eq!(table.scores.len(), 4 + 70_000 + 1);
    }

    #[test]
    fn small_columns_give_back_every_value() {
        let values: Vec<u32> = (0..200_000u32)
            .map(|i| match i % 7 {
                0 => u32::MAX,
                1 => 65_535,
                2 => 65_534,
                3 => 65_536 + i,
                _ => i % 1_000,
            })
            .collect();
        let mut col = SmallColumn::with_capacity(values.len());
        values.iter().for_each(|&v| col.push(v));
        col.finish();
        assert_eq!((0..values.len()).map(|i| col.get(i)).collect::<Vec<_>>(), values);
        // 65,534 fits; 65,535 (the mark), 65,536 + i and u32::MAX are kept aside.
        assert_eq!(col.large.len(), values.iter().filter(|&&v| v >= 65_535).count());
    }
}
