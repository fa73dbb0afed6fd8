//! Plain mode: one numbered line per event, moved through by commands read line by line.
//!
//! ```text
//! 21  C (MIN) [3, 2]  C1 returns 2 to C (MIN): β falls to 2, window [3, 2].
//! 22  C (MIN) [3, 2]  At C (MIN) the child value 2 ≤ α = 3 set at A: α-cutoff, C2 and C3 are never searched.
//! ```
//!
//! Each line: the step (1-based), the executing node with its player, its window at that moment
//! (or its best value so far for minimax/negamax) and the narration. Commands: `n` or an empty
//! line (next), `b` (back), `c` (run to the next cutoff), `C` (back to the previous cutoff), a
//! number (go to that step), `q` (quit); the end of the input ends cleanly. Lines go to `out`;
//! messages (the end reached, an unknown command, the prompt) go to `msg`, so a script reading
//! `out` sees only numbered lines.

use super::frame_text;
use crate::trace::narration::narrate;
use crate::trace::stops::{self, Grain};
use crate::trace::{CutKind, Event, Timeline};
use std::io::{self, BufRead, Write};

const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const BLUE: &str = "\x1b[34m";
const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const RESET: &str = "\x1b[0m";

/// The one-line help for the commands.
pub const COMMANDS: &str = "commands: n or Enter = next, b = back, c = next cutoff, C = previous cutoff, a number = go to that step, q = quit";

/// The line for `step` (0-based), coloured with ANSI escapes if `color`.
pub fn line(replay: &Timeline, step: usize, color: bool) -> String {
    let trace = replay.trace();
    // The executing node alone (the whole stack would cost a walk from the root a line).
    let step = step.min(replay.last());
    let width = replay.len().to_string().len();
    let number = format!("{:>width$}", step + 1);
    let (who, window) = match replay.top(step) {
        Some(top) => {
            // "B (MIN)", or "leaf 3 under B": a leaf has no player to move.
            let name = crate::trace::narration::who(trace, top.node);
            let name = name.strip_prefix("the ").unwrap_or(&name);
            (crate::safe_text::for_terminal(name).into_owned(), frame_text(replay, step, &top))
        }
        _ => ("—".to_string(), String::new()),
    };
    let text = crate::safe_text::for_terminal(&narrate(trace, step)).into_owned();
    if !color {
        return format!("{number}  {who} {window}  {text}");
    }
    let tint = match replay.event(step) {
        Event::Cutoff { cut: CutKind::Alpha, .. } => BLUE,
        Event::Cutoff { .. } => RED,
        _ if step == replay.last() => GREEN,
        _ => "",
    };
    let text = if tint.is_empty() { text } else { format!("{BOLD}{tint}{text}{RESET}") };
    format!("{DIM}{number}{RESET}  {BOLD}{who}{RESET} {window}  {text}")
}

/// What a command line asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// One step forward.
    Next,
    /// One step back.
    Back,
    /// Run to the next cutoff.
    NextCutoff,
    /// Back to the previous cutoff.
    PrevCutoff,
    /// Go to step N (1-based).
    Goto(usize),
    /// Show the commands.
    Help,
    /// Stop.
    Quit,
}

impl Command {
    /// Parses one input line (surrounding blanks ignored).
    pub fn parse(line: &str) -> Result<Command, String> {
        let t = line.trim();
        Ok(match t {
            "" | "n" | "next" => Command::Next,
            "b" | "back" | "p" | "prev" => Command::Back,
            "c" | "cutoff" => Command::NextCutoff,
            "C" => Command::PrevCutoff,
            "q" | "quit" | "exit" => Command::Quit,
            "?" | "help" => Command::Help,
            _ => match t.parse::<usize>() {
                Ok(n) => Command::Goto(n),
                Err(_) => return Err(format!("unknown command '{t}'; {COMMANDS}")),
            },
        })
    }
}

/// Settings of a plain session.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainOptions {
    /// How far `n` and `b` go (`--steps`): coarse and medium run to the next stop of the
    /// timeline's pace, printing every step on the way, and go back to the stop before.
    pub pace: Grain,
    /// Print the lines up to and including this step first (0-based).
    pub until: usize,
    /// Colour the lines.
    pub color: bool,
    /// Print a prompt (to the message stream) before reading each command: a person is typing.
    pub prompt: bool,
}

/// Prints the lines up to `opts.until`, then follows the commands in `input` (if any) until `q` or
/// the end of the input.
pub fn run<W: Write, M: Write>(
    replay: &Timeline,
    opts: PlainOptions,
    input: Option<&mut dyn BufRead>,
    out: &mut W,
    msg: &mut M,
) -> io::Result<()> {
    if replay.is_empty() {
        return Ok(());
    }
    let last = replay.last();
    let stops = (opts.pace != Grain::Fine).then(|| replay.stops(opts.pace));
    let mut cur = opts.until.min(last);
    for step in 0..=cur {
        writeln!(out, "{}", line(replay, step, opts.color))?;
    }
    out.flush()?;
    let Some(input) = input else { return Ok(()) };
    let mut buf = String::new();
    loop {
        if opts.prompt {
            write!(msg, "step {}/{}> ", cur + 1, replay.len())?;
            msg.flush()?;
        }
        match crate::line::read_line(input, &mut buf, crate::line::MAX_LINE)? {
            crate::line::Line::End => {
                if opts.prompt {
                    writeln!(msg)?;
                }
                return Ok(());
            }
            crate::line::Line::TooLong => {
                writeln!(msg, "that line is longer than {} bytes; {COMMANDS}", crate::line::MAX_LINE)?;
                continue;
            }
            crate::line::Line::Read => {}
        }
        let (from, to) = match Command::parse(&buf) {
            Err(e) => {
                writeln!(msg, "{e}")?;
                continue;
            }
            Ok(Command::Quit) => return Ok(()),
            Ok(Command::Help) => {
                writeln!(msg, "{COMMANDS}")?;
                continue;
            }
            Ok(Command::Next) if cur == last => {
                writeln!(msg, "end of the search (step {} of {}); b goes back, q quits", cur + 1, last + 1)?;
                continue;
            }
            Ok(Command::Next) => match &stops {
                // At a pace: every step up to the next stop, like running to a cutoff.
                Some(stops) => (cur + 1, stops::next(stops, cur).unwrap_or(last)),
                None => (cur + 1, cur + 1),
            },
            Ok(Command::Back) if cur == 0 => {
                writeln!(msg, "already at the first step")?;
                continue;
            }
            Ok(Command::Back) => {
                let to = stops.as_deref().map_or(cur - 1, |s| stops::prev(s, cur).unwrap_or(0));
                (to, to)
            }
            Ok(Command::NextCutoff) => match replay.next_landmark(cur) {
                // Running forward to the cutoff shows every step on the way, like --until cutoff.
                Some(c) => (cur + 1, c),
                None => {
                    writeln!(msg, "no {} after step {}", replay.landmark(), cur + 1)?;
                    continue;
                }
            },
            Ok(Command::PrevCutoff) => match replay.prev_landmark(cur) {
                Some(c) => (c, c),
                None => {
                    writeln!(msg, "no {} before step {}", replay.landmark(), cur + 1)?;
                    continue;
                }
            },
            Ok(Command::Goto(n)) if (1..=last + 1).contains(&n) => (n - 1, n - 1),
            Ok(Command::Goto(n)) => {
                writeln!(msg, "no step {n}: the steps are 1 to {}", last + 1)?;
                continue;
            }
        };
        for step in from..=to {
            writeln!(out, "{}", line(replay, step, opts.color))?;
        }
        out.flush()?;
        cur = to;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{Input, RunOptions};
    use crate::search::Algorithm;

    fn aima(algo: Algorithm) -> crate::trace::Trace {
        let input = Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None).unwrap();
        input.trace(algo, &RunOptions::default()).unwrap()
    }

    fn session(trace: &crate::trace::Trace, until: usize, commands: &str) -> (Vec<String>, String) {
        let replay = Timeline::new(trace);
        let mut input = commands.as_bytes();
        let (mut out, mut msg) = (Vec::new(), Vec::new());
        let opts = PlainOptions { until, ..Default::default() };
        run(&replay, opts, Some(&mut input), &mut out, &mut msg).unwrap();
        let out = String::from_utf8(out).unwrap();
        (out.lines().map(str::to_string).collect(), String::from_utf8(msg).unwrap())
    }

    #[test]
    fn commands_move_forward_back_and_to_cutoffs() {
        let trace = aima(Algorithm::AlphaBeta);
        let (lines, msg) = session(&trace, 0, "n\n\nb\nc\nC\nc\nC\n41\nn\n2\nx\nq\nn\n");
        let steps: Vec<&str> = lines.iter().map(|l| l.split_whitespace().next().unwrap()).collect();
        let expected: Vec<String> = [1, 2, 3, 2]
            .into_iter()
            .chain(3..=22)
            .chain(23..=38)
            .chain([22, 41, 2])
            .map(|s: usize| s.to_string())
            .collect();
        assert_eq!(steps, expected);
        assert!(lines[0].starts_with(" 1  A (MAX) [−∞, +∞]  Start at the root A (MAX)"), "{}", lines[0]);
        assert!(msg.contains("no cutoff before step 22"), "{msg}");
        assert!(msg.contains("end of the search (step 41 of 41)"), "{msg}");
        assert!(msg.contains("unknown command 'x'"), "{msg}");
        // Nothing after q was read.
        assert_eq!(lines.len(), expected.len());
    }

    #[test]
    fn coarse_steps_run_from_stop_to_stop() {
        let trace = aima(Algorithm::AlphaBeta);
        let replay = Timeline::new(&trace);
        let stops = replay.stops(Grain::Coarse);
        let mut input = "n\nn\nb\n".as_bytes();
        let (mut out, mut msg) = (Vec::new(), Vec::new());
        let opts = PlainOptions { pace: Grain::Coarse, ..Default::default() };
        run(&replay, opts, Some(&mut input), &mut out, &mut msg).unwrap();
        let out = String::from_utf8(out).unwrap();
        let steps: Vec<usize> =
            out.lines().map(|l| l.split_whitespace().next().unwrap().parse().unwrap()).collect();
        // Step 1, then every step up to the second and third stops, then back to the second.
        let (s1, s2) = (stops[1] as usize + 1, stops[2] as usize + 1);
        let expected: Vec<usize> = [1].into_iter().chain(2..=s1).chain(s1 + 1..=s2).chain([s1]).collect();
        assert_eq!(steps, expected);
        assert!(out.lines().nth(s1 - 1).unwrap().contains("returns"), "{out}");
    }

    #[test]
    fn minimax_shows_the_best_value_so_far_and_has_no_cutoff() {
        let trace = aima(Algorithm::Minimax);
        let (lines, msg) = session(&trace, 5, "c\n");
        assert_eq!(lines.len(), 6);
        assert!(
            lines[5].starts_with(" 6  B (MIN) best 3  The leaf 3 under B returns 3 to B (MIN)"),
            "{}",
            lines[5]
        );
        assert!(msg.contains("no cutoff after step 6"), "{msg}");
    }

    #[test]
    fn colour_marks_the_cutoff_kind() {
        let trace = aima(Algorithm::AlphaBeta);
        let replay = Timeline::new(&trace);
        let cut = replay.next_cutoff(0).unwrap();
        let l = line(&replay, cut, true);
        assert!(l.contains(BLUE) && l.contains("α-cutoff"), "{l}");
        assert!(!line(&replay, cut, false).contains('\x1b'));
    }
}
