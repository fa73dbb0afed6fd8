//! Pig's position notation: `7,3,2 min rolling target=20` read with errors that point at the
//! offending text, and written back.

use super::{DEFAULT_SIDES, DEFAULT_TARGET, MAX_TARGET, MIN_TARGET, Pig, PigEval};
use crate::Player;
use crate::notation::NotationError;
use std::fmt::Write;

impl Pig {
    /// Reads a position (see the module's documentation); errors point at the offending text.
    pub fn parse(text: &str) -> Result<Pig, Box<NotationError>> {
        let err = |span: std::ops::Range<usize>, msg: String, label: &str| {
            Box::new(NotationError::in_text("position", text, span, msg, label))
        };
        const NAMES: [&str; 3] = ["MAX's banked score", "MIN's banked score", "the turn total"];
        let bytes = text.as_bytes();
        let mut i = 0;
        let skip = |i: &mut usize| {
            while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
                *i += 1;
            }
        };
        let mut numbers: [(u32, std::ops::Range<usize>); 3] = std::array::from_fn(|_| (0, 0..0));
        skip(&mut i);
        for (k, name) in NAMES.iter().enumerate() {
            if k > 0 {
                skip(&mut i);
                if bytes.get(i) != Some(&b',') {
                    let found = text[i..].chars().next();
                    let what = found.map_or("the end".to_string(), |c| format!("'{c}'"));
                    return Err(Box::new(
                        err(
                            i..i + found.map_or(0, char::len_utf8),
                            format!("expected ',' and {name}, found {what}"),
                            "expected ','",
                        )
                        .with_help("write MAX's banked score, MIN's and the turn total, e.g. 7,3,2"),
                    ));
                }
                i += 1;
                skip(&mut i);
            }
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i == start {
                let found = text[i..].chars().next();
                let what = found.map_or("the end".to_string(), |c| format!("'{c}'"));
                return Err(Box::new(
                    err(
                        i..i + found.map_or(0, char::len_utf8),
                        format!("expected {name} (a whole number), found {what}"),
                        "expected a number",
                    )
                    .with_help("write MAX's banked score, MIN's and the turn total, e.g. 7,3,2"),
                ));
            }
            let n = text[start..i].parse::<u32>().unwrap_or(u32::MAX);
            numbers[k] = (n, start..i);
        }
        let mut mover: Option<(Player, std::ops::Range<usize>)> = None;
        let mut rolling: Option<std::ops::Range<usize>> = None;
        let mut target: Option<(u32, std::ops::Range<usize>)> = None;
        loop {
            skip(&mut i);
            if i >= bytes.len() {
                break;
            }
            let start = i;
            while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let word = &text[start..i];
            let again = |what: &str| err(start..i, format!("{what} is given twice"), "given twice");
            match word.to_ascii_lowercase().as_str() {
                w @ ("max" | "min") => {
                    if mover.is_some() {
                        return Err(again("who is to move"));
                    }
                    mover = Some((if w == "max" { Player::Max } else { Player::Min }, start..i));
                }
                "rolling" => {
                    if rolling.is_some() {
                        return Err(again("rolling"));
                    }
                    rolling = Some(start..i);
                }
                w if w.starts_with("target=") => {
                    if target.is_some() {
                        return Err(again("the target"));
                    }
                    let digits = &word["target=".len()..];
                    let at = start + "target=".len();
                    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(err(
                            at..i,
                            format!(
                                "the target must be a whole number from {MIN_TARGET} to {MAX_TARGET}, not '{digits}'"
                            ),
                            "expected a number",
                        ));
                    }
                    let n = digits.parse::<u32>().unwrap_or(u32::MAX);
                    if !(u32::from(MIN_TARGET)..=u32::from(MAX_TARGET)).contains(&n) {
                        return Err(err(
                            at..i,
                            format!("the target must be from {MIN_TARGET} to {MAX_TARGET}, not {digits}"),
                            "out of range",
                        ));
                    }
                    target = Some((n, at..i));
                }
                _ => {
                    return Err(Box::new(
                        err(
                            start..i,
                            format!(
                                "unexpected '{word}' after the scores: only max or min (who is to move), rolling (the die is in the air) and target=N may follow them"
                            ),
                            "expected max, min, rolling or target=N",
                        )
                        .with_help("e.g. 7,3,2 min rolling target=20"),
                    ));
                }
            }
        }
        let target = target.map_or(DEFAULT_TARGET, |(n, _)| n as u8);
        let [(a, a_at), (b, b_at), (t, t_at)] = numbers;
        for (n, at, name) in [(a, &a_at, NAMES[0]), (b, &b_at, NAMES[1])] {
            if n > u32::from(target) + 5 {
                return Err(err(
                    at.clone(),
                    format!("{name} is {n}, but the game ends when a player reaches the target {target}"),
                    "too big",
                ));
            }
        }
        if t > u32::from(target) {
            return Err(err(
                t_at,
                format!("the turn total is {t}, more than the target {target}"),
                "too big",
            ));
        }
        let mover = mover.map(|(p, _)| p).unwrap_or(Player::Max);
        let pig = Pig {
            banked: [a as u8, b as u8],
            turn: t as u8,
            mover,
            rolling: rolling.is_some(),
            target,
            sides: DEFAULT_SIDES,
            eval: PigEval::Banked,
        };
        let tgt = u32::from(target);
        match (a >= tgt, b >= tgt) {
            (true, true) => {
                return Err(err(
                    b_at,
                    format!("both players have reached the target {target}: only one can win"),
                    "both reached the target",
                ));
            }
            (true, false) | (false, true) => {
                if t > 0 || rolling.is_some() {
                    let at = rolling.clone().filter(|_| t == 0).unwrap_or(t_at);
                    let winner = if a >= tgt { "MAX" } else { "MIN" };
                    return Err(err(
                        at,
                        format!(
                            "{winner} has reached the target {target} and won: a finished game has a turn total of 0 and no die rolling"
                        ),
                        "the game is over",
                    ));
                }
            }
            (false, false) => {
                let own = u32::from(pig.banked(mover));
                if own + t >= tgt {
                    return Err(Box::new(err(
                        t_at,
                        format!(
                            "{} has {own} banked and a turn total of {t}, which reach the target {target}: the roll that made it would have won the game",
                            mover.upper()
                        ),
                        "reaches the target",
                    )
                    .with_help(format!("a turn total below {} for {}", tgt - own, mover.upper()))));
                }
                if t == 1 {
                    return Err(err(
                        t_at,
                        "a turn total of 1 cannot happen: a 1 ends the turn and scores nothing".to_string(),
                        "cannot happen",
                    ));
                }
            }
        }
        Ok(pig)
    }

    /// The position in its notation: `7,3,2`, then ` min` when MIN is to move, ` rolling` at a
    /// chance node and ` target=N` unless the target is [`DEFAULT_TARGET`].
    pub fn notation_text(&self) -> String {
        let mut s = format!("{},{},{}", self.banked[0], self.banked[1], self.turn);
        if self.mover == Player::Min {
            s.push_str(" min");
        }
        if self.rolling {
            s.push_str(" rolling");
        }
        if self.target != DEFAULT_TARGET {
            let _ = write!(s, " target={}", self.target);
        }
        s
    }
}
