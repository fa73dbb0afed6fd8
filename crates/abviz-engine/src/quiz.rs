//! The terminal quiz (`abviz quiz`): the search is replayed event by event, and before the
//! events that matter the student says what happens next — the value a node returns, or whether
//! the next child is searched at all. Every answer comes from the trace (the exit events and the
//! cutoff events), never from a search of its own; a wrong answer is explained with the
//! stepper's narration.

use crate::Score;
use crate::line::Line;
use crate::trace::narration::{narrate, who};
use crate::trace::{Bound, Event, NodeId, Trace};
use std::io::{self, BufRead, Write};

/// What a question asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// "What does B return?": the value (and bound) the node's exit event carries.
    Value {
        /// The node.
        node: NodeId,
        /// Its value.
        value: Score,
        /// Whether the value is exact or a bound.
        bound: Bound,
    },
    /// "Is the leaf 4 under C searched?": after a child returned, whether the next one is
    /// entered (no cutoff) or pruned (a cutoff at `node`).
    Searched {
        /// The node whose child returned.
        node: NodeId,
        /// The next child.
        next: NodeId,
        /// Whether it is searched.
        searched: bool,
    },
}

/// One question: asked before step `step` happens; `explain` are the steps whose narration
/// says why (for a value: every child's return to the node, then its exit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The step (0-based) the question comes before.
    pub step: usize,
    /// What it asks.
    pub ask: Ask,
    /// The steps whose sentences explain the answer.
    pub explain: Vec<usize>,
}

/// How [`run`] writes.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuizOptions {
    /// Questions, verdicts and the score only, not every step's sentence.
    pub quiet: bool,
    /// Write each answer after its question (the input is not a terminal that shows it).
    pub echo: bool,
}

/// Whether the quiz can replay `trace`: one pass, no re-searches, no table, no MCTS (their
/// nodes return more than once or not at all).
pub fn fits(trace: &Trace) -> Result<(), String> {
    let f = &trace.algorithm().features;
    if f.mcts || f.passes || f.researches || f.transpositions {
        return Err(format!(
            "the quiz replays one plain search; {} has {}: try minimax, alphabeta or alphabeta-soft",
            trace.algorithm().name(),
            if f.mcts { "no values to return" } else { "nodes that return more than once" }
        ));
    }
    if trace.events().is_empty() {
        return Err("this trace has no events (it was saved with its statistics only)".into());
    }
    Ok(())
}

/// The questions of `trace`, in step order: every inner node's returned value, and for windowed
/// searches, after each child that has a next sibling, whether that sibling is searched.
pub fn questions(trace: &Trace) -> Vec<Question> {
    let events: Vec<Event> = trace.events().iter(trace.nodes()).collect();
    let windowed = trace.algorithm().has_window();
    let mut out = Vec::new();
    // Per node, the steps where its children's values came back (its explanation).
    let mut returns: std::collections::HashMap<NodeId, Vec<usize>> = std::collections::HashMap::new();
    for (k, e) in events.iter().enumerate() {
        if let Event::Update { node, .. } = *e {
            returns.entry(node).or_default().push(k);
        }
        match *e {
            Event::Exit { node, value, bound } if !trace.children(node).is_empty() => {
                let mut explain = returns.remove(&node).unwrap_or_default();
                explain.push(k);
                out.push(Question { step: k, ask: Ask::Value { node, value, bound }, explain });
            }
            Event::Update { node, child, .. } if windowed => {
                let siblings = trace.children(node);
                let index = trace.node(child).index as usize;
                let (Some(&next), Some(then)) = (siblings.get(index + 1), events.get(k + 1)) else {
                    continue;
                };
                let searched = match *then {
                    Event::Cutoff { node: at, .. } | Event::ChanceCut { node: at, .. } if at == node => false,
                    Event::Enter { node: at, .. } if at == next => true,
                    _ => continue,
                };
                let ask = Ask::Searched { node, next, searched };
                // Why: the child's return (the window it leaves), then the cutoff or the entry.
                out.push(Question { step: k + 1, ask, explain: vec![k, k + 1] });
            }
            _ => {}
        }
    }
    out
}

/// The question's text.
pub fn prompt(trace: &Trace, q: &Question) -> String {
    match q.ask {
        Ask::Value { node, .. } => format!("What does {} return? ", who(trace, node)),
        Ask::Searched { next, .. } => format!("Is {} searched? [y/n] ", who(trace, next)),
    }
}

/// Checks `answer` (a line as typed): `Ok(true)` right, `Ok(false)` wrong, `Err` not an answer
/// to this question (the message says what is expected).
pub fn check(q: &Question, answer: &str) -> Result<bool, String> {
    let a = answer.trim();
    match q.ask {
        Ask::Searched { searched, .. } => match a.to_ascii_lowercase().as_str() {
            "y" | "yes" => Ok(searched),
            "n" | "no" => Ok(!searched),
            _ => Err("answer y or n".into()),
        },
        Ask::Value { value, bound, .. } => {
            // "2", or with the bound the search knows: "≤2" / "<=2", "≥6" / ">=6".
            let (said, number) = if let Some(n) = a.strip_prefix('≤').or_else(|| a.strip_prefix("<=")) {
                (Some(Bound::Upper), n)
            } else if let Some(n) = a.strip_prefix('≥').or_else(|| a.strip_prefix(">=")) {
                (Some(Bound::Lower), n)
            } else {
                (None, a)
            };
            let number = number.trim();
            if let Some(right) = fraction_is(number, value) {
                return Ok(right && said.is_none_or(|b| b == bound));
            }
            let Some(v) = Score::parse(number) else {
                return Err(
                    "answer with a value like 3 or 4.5, a fraction like 23/3 (or ≤3 / ≥3 for a bound)".into(),
                );
            };
            Ok(v == value && said.is_none_or(|b| b == bound))
        }
    }
}

/// Whether a fraction `a/b` typed for `value` is it: exactly, or for an expected value shown
/// rounded (`≈7.67`), when it rounds (half away from zero) to it at the same decimals — `23/3`
/// is `≈7.67`. `None` when `text` is no fraction.
fn fraction_is(text: &str, value: Score) -> Option<bool> {
    let (n, d) = text.split_once('/')?;
    let n: i128 = n.trim().replace('−', "-").parse().ok()?;
    let d: i128 = d.trim().parse().ok().filter(|&d: &i128| d > 0)?;
    if value.is_infinite() || n.unsigned_abs() > 1 << 60 || d > 1 << 60 {
        return Some(false);
    }
    let scale = 10i128.pow(u32::from(value.decimals()));
    let units = i128::from(value.raw());
    if value.is_rounded() {
        // round(n/d · scale), half away from zero
        let twice = 2 * n * scale;
        let r = (twice.abs() + d) / (2 * d) * twice.signum();
        Some(r == units)
    } else {
        Some(n * scale == units * d)
    }
}

/// The right answer as the quiz writes it.
pub fn answer_text(q: &Question) -> String {
    match q.ask {
        Ask::Value { value, bound: Bound::Upper, .. } => format!("≤{value}"),
        Ask::Value { value, bound: Bound::Lower, .. } => format!("≥{value}"),
        Ask::Value { value, .. } => value.to_string(),
        Ask::Searched { searched: true, .. } => "yes".into(),
        Ask::Searched { searched: false, .. } => "no".into(),
    }
}

/// The score at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Right answers.
    pub right: usize,
    /// Questions asked.
    pub asked: usize,
}

/// Replays `trace`, printing each step's sentence to `out` (see [`QuizOptions`]) and asking the questions, whose answers are read from `input` one line
/// each (an unclear answer is asked again; the end of the input ends the quiz). Returns the
/// score.
pub fn run(
    trace: &Trace,
    opts: QuizOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Tally> {
    let qs = questions(trace);
    let mut next = qs.iter().peekable();
    let mut score = Tally::default();
    let width = trace.events().len().to_string().len();
    let mut line = String::new();
    'steps: for step in 0..trace.events().len() {
        while let Some(q) = next.next_if(|q| q.step == step) {
            loop {
                write!(out, "{}", crate::safe_text::for_terminal(&prompt(trace, q)))?;
                out.flush()?;
                if crate::line::read_line(input, &mut line, crate::line::MAX_LINE)? == Line::End {
                    writeln!(out)?;
                    break 'steps;
                }
                if opts.echo {
                    writeln!(out, "{}", crate::safe_text::for_terminal(&line))?;
                }
                match check(q, &line) {
                    Err(msg) => writeln!(out, "  ({msg})")?,
                    Ok(right) => {
                        score.asked += 1;
                        if right {
                            score.right += 1;
                            writeln!(out, "  ✓ right: {}", answer_text(q))?;
                        } else {
                            let why: Vec<String> = q.explain.iter().map(|&k| narrate(trace, k)).collect();
                            let why = why.join(" ");
                            writeln!(
                                out,
                                "  ✗ it is {}. {}",
                                answer_text(q),
                                crate::safe_text::for_terminal(&why)
                            )?;
                        }
                        break;
                    }
                }
            }
        }
        if !opts.quiet {
            let said = narrate(trace, step);
            writeln!(out, "{:>width$}  {}", step + 1, crate::safe_text::for_terminal(&said))?;
        }
    }
    writeln!(
        out,
        "Score: {} of {} right ({} questions in this search).",
        score.right,
        score.asked,
        qs.len()
    )?;
    Ok(score)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{Input, RunOptions};
    use crate::search::Algorithm;

    fn aima(algo: Algorithm) -> Trace {
        Input::from_tree_text("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))", None)
            .unwrap()
            .trace(algo, &RunOptions::default())
            .unwrap()
    }

    #[test]
    fn the_aima_questions_follow_the_book() {
        let t = aima(Algorithm::AlphaBetaSoft);
        let qs = questions(&t);
        let texts: Vec<String> = qs.iter().map(|q| format!("{}{}", prompt(&t, q), answer_text(q))).collect();
        // B's leaves are all searched, C cuts after its first leaf, D searches all three.
        assert_eq!(
            texts,
            [
                "Is the leaf 12 under B searched? [y/n] yes",
                "Is the leaf 8 under B searched? [y/n] yes",
                "What does B (MIN) return? 3",
                "Is C (MIN) searched? [y/n] yes",
                "Is the leaf 4 under C searched? [y/n] no",
                "What does C (MIN) return? ≤2",
                "Is D (MIN) searched? [y/n] yes",
                "Is the leaf 5 under D searched? [y/n] yes",
                "Is the leaf 2 under D searched? [y/n] yes",
                "What does D (MIN) return? 2",
                "What does A (MAX) return? 3",
            ]
        );
        // Minimax asks only the values.
        assert_eq!(questions(&aima(Algorithm::Minimax)).len(), 4);
    }

    /// Star1 on AIMA's numbers with chance nodes: after 2 and 4, B can reach only
    /// (2 + 4 + 14)/3 = 20/3 ≤ α = 23/3 (the leaves' bounds are 2..14), so the leaf 6 is asked
    /// about and never searched; 23/3 is the rounded ≈7.67, 7.7 and 20/3 are not.
    #[test]
    fn chance_cutoffs_are_asked_and_fractions_checked() {
        let t = Input::from_tree_text("max (chance:A:(3 12 8) chance:B:(2 4 6) chance:C:(14 5 2))", None)
            .unwrap()
            .trace(Algorithm::Star1, &RunOptions::default())
            .unwrap();
        let qs = questions(&t);
        let texts: Vec<String> = qs.iter().map(|q| format!("{}{}", prompt(&t, q), answer_text(q))).collect();
        assert!(texts.contains(&"Is the leaf 6 under B searched? [y/n] no".to_string()), "{texts:?}");
        let a = qs.iter().find(|q| prompt(&t, q) == "What does A (chance) return? ").unwrap();
        assert_eq!(answer_text(a), "≈7.67");
        for (typed, right) in
            [("23/3", true), ("7.67", true), ("≈7.67", true), ("7.7", false), ("20/3", false)]
        {
            assert_eq!(check(a, typed), Ok(right), "{typed}");
        }
        let b = qs.iter().find(|q| prompt(&t, q) == "What does B (chance) return? ").unwrap();
        assert_eq!((check(b, "≤20/3"), check(b, "≥20/3")), (Ok(true), Ok(false)));
        assert!(check(b, "20/0").is_err());
    }

    #[test]
    fn answers_are_checked_strictly_and_unclear_ones_refused() {
        let t = aima(Algorithm::AlphaBetaSoft);
        let qs = questions(&t);
        let c = qs.iter().find(|q| matches!(q.ask, Ask::Value { bound: Bound::Upper, .. })).unwrap();
        assert_eq!(check(c, "2"), Ok(true));
        assert_eq!(check(c, "≤2"), Ok(true));
        assert_eq!(check(c, "<= 2"), Ok(true));
        assert_eq!(check(c, "≥2"), Ok(false));
        assert_eq!(check(c, "3"), Ok(false));
        assert!(check(c, "two").is_err());
        let cut = qs.iter().find(|q| matches!(q.ask, Ask::Searched { searched: false, .. })).unwrap();
        assert_eq!(check(cut, "n"), Ok(true));
        assert_eq!(check(cut, "Yes"), Ok(false));
        assert!(check(cut, "maybe").is_err());
    }

    #[test]
    fn a_replay_scores_and_explains() {
        let t = aima(Algorithm::AlphaBetaSoft);
        // All right but C's cut (answered "y") and D's value (answered 5); "x" is asked again.
        let answers = "y\ny\n3\ny\ny\n2\ny\nx\ny\ny\n5\n3\n";
        let mut out = Vec::new();
        let score = run(&t, QuizOptions::default(), &mut answers.as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(score, Tally { right: 9, asked: 11 });
        assert!(
            out.contains(
                "✗ it is no. The leaf 2 under C returns 2 to C (MIN): β falls to 2, window [3, 2]. At C (MIN) the child value 2 ≤ α = 3 set at A: α-cutoff"
            ),
            "{out}"
        );
        assert!(
            out.contains(
                "✗ it is 2. The leaf 14 under D returns 14 to D (MIN): β falls to 14, window [3, 14]."
            ),
            "{out}"
        );
        assert!(
            out.contains("The leaf 2 under D returns 2 to D (MIN): β falls to 2, window [3, 2]."),
            "{out}"
        );
        assert!(out.contains("(answer y or n)"));
        assert!(out.ends_with("Score: 9 of 11 right (11 questions in this search).\n"), "{out}");
        // The end of the input ends the quiz with the score so far.
        let mut out = Vec::new();
        assert_eq!(
            run(&t, QuizOptions { quiet: true, echo: true }, &mut "y\n".as_bytes(), &mut out).unwrap(),
            Tally { right: 1, asked: 1 }
        );
        assert!(fits(&aima(Algorithm::Pvs)).is_err());
    }
}
