//! Kalah positions as text: `pits:store/pits:store [min]`, South first, in sowing order.

use super::{CELLS, Kalah, MAX_PITS, MAX_SEEDS};
use crate::Player;
use crate::notation::NotationError;

impl Kalah {
    /// Reads a position (see the module's documentation). `pits` and `seeds`, when given, are what
    /// the options say the game is: the position must have that many pits a side and hold
    /// 2 × pits × seeds in all. Errors point at the number or separator at fault.
    pub fn parse(text: &str, pits: Option<u8>, seeds: Option<u8>) -> Result<Kalah, Box<NotationError>> {
        let help = "write South's pits in sowing order, ':' and South's store, '/', North's the same way, and 'min' if North is to move, e.g. 4,4,4,4,4,4:0/4,4,4,4,4,4:0";
        let err = |span: std::ops::Range<usize>, msg: String, label: &str| {
            Box::new(NotationError::in_text("position", text, span, msg, label).with_help(help))
        };
        let bytes = text.as_bytes();
        let mut i = 0;
        let skip = |i: &mut usize| {
            while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
                *i += 1;
            }
        };
        let found = |i: usize| {
            text[i..].chars().next().map_or(("the end".to_string(), 0), |c| {
                (
                    format!("'{}'", abviz_core::safe_text::for_terminal(c.encode_utf8(&mut [0; 4]))),
                    c.len_utf8(),
                )
            })
        };
        // A number of seeds.
        let number =
            |i: &mut usize, what: &str| -> Result<(u8, std::ops::Range<usize>), Box<NotationError>> {
                skip(i);
                let start = *i;
                while *i < bytes.len() && bytes[*i].is_ascii_digit() {
                    *i += 1;
                }
                if *i == start {
                    let (what_found, len) = found(start);
                    return Err(err(
                        start..start + len,
                        format!("expected {what} (a number of seeds), found {what_found}"),
                        "expected a number",
                    ));
                }
                match text[start..*i].parse::<u8>() {
                    Ok(n) => Ok((n, start..*i)),
                    Err(_) => Err(err(
                        start..*i,
                        format!("{} seeds is too many for one place", &text[start..*i]),
                        "too many",
                    )),
                }
            };
        let mut sides: Vec<(Vec<u8>, u8, std::ops::Range<usize>)> = Vec::new();
        for (k, name) in ["South", "North"].into_iter().enumerate() {
            let side_start = {
                skip(&mut i);
                i
            };
            let mut row = Vec::new();
            loop {
                let (n, span) = number(&mut i, &format!("a pit of {name}'s"))?;
                if row.len() == MAX_PITS as usize {
                    return Err(err(
                        span,
                        format!("{name} has more than {MAX_PITS} pits"),
                        "one pit too many",
                    ));
                }
                row.push(n);
                skip(&mut i);
                match bytes.get(i) {
                    Some(b',') => i += 1,
                    Some(b':') => {
                        i += 1;
                        break;
                    }
                    _ => {
                        let (what, len) = found(i);
                        return Err(err(
                            i..i + len,
                            format!("expected ',' and another pit or ':' and {name}'s store, found {what}"),
                            "expected ',' or ':'",
                        ));
                    }
                }
            }
            let (store, store_span) = number(&mut i, &format!("{name}'s store"))?;
            skip(&mut i);
            if k == 0 {
                if bytes.get(i) != Some(&b'/') {
                    let (what, len) = found(i);
                    return Err(err(
                        i..i + len,
                        format!("expected '/' and North's side after South's store, found {what}"),
                        "expected '/'",
                    ));
                }
                i += 1;
            }
            sides.push((row, store, side_start..store_span.end));
        }
        let rest = text[i..].trim();
        let to_move = match rest.to_ascii_lowercase().as_str() {
            "" | "max" | "south" => Player::Max,
            "min" | "north" => Player::Min,
            _ => {
                let start = text.len() - text[i..].trim_start().len();
                let word = rest.split_whitespace().next().unwrap_or(rest);
                return Err(err(
                    start..start + word.len(),
                    format!(
                        "unexpected '{}' after North's store: only max or min (who is to move) may follow",
                        abviz_core::safe_text::for_terminal(word)
                    ),
                    "expected max or min",
                ));
            }
        };
        let (south, north) = (&sides[0], &sides[1]);
        if south.0.len() != north.0.len() {
            return Err(err(
                north.2.clone(),
                format!(
                    "South has {} pits and North {}: both sides have as many",
                    south.0.len(),
                    north.0.len()
                ),
                "not as many pits as South",
            ));
        }
        let p = south.0.len() as u8;
        if let Some(want) = pits.filter(|&w| w != p) {
            return Err(err(
                south.2.start..north.2.end,
                format!("the position has {p} pits a side, --pits says {want}"),
                "pits a side",
            ));
        }
        let total: u32 = [south, north]
            .iter()
            .map(|s| s.0.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(s.1))
            .sum();
        let whole = south.2.start..north.2.end;
        let seeds = match seeds {
            Some(s) if total != 2 * u32::from(p) * u32::from(s) => {
                return Err(err(
                    whole,
                    format!(
                        "the pits and stores hold {total} seeds; Kalah({p},{s}) has 2 × {p} × {s} = {}",
                        2 * u32::from(p) * u32::from(s)
                    ),
                    "seeds do not add up",
                ));
            }
            Some(s) => s,
            None => {
                let per = 2 * u32::from(p);
                if total == 0 || !total.is_multiple_of(per) || total / per > u32::from(MAX_SEEDS) {
                    return Err(err(
                        whole,
                        format!(
                            "the pits and stores hold {total} seeds, which is not 2 × {p} × s for any s from 1 to {MAX_SEEDS}: seeds do not add up (give --seeds to say which Kalah({p},s) it is)"
                        ),
                        "seeds do not add up",
                    ));
                }
                (total / per) as u8
            }
        };
        let mut g = Kalah::start(p, seeds);
        g.board = [0; CELLS];
        for (player, side) in [(Player::Max, south), (Player::Min, north)] {
            let range = g.pits_of(player);
            g.board[range].copy_from_slice(&side.0);
            let store = g.store_of(player);
            g.board[store] = side.1;
        }
        g.to_move = to_move;
        Ok(g)
    }
}
