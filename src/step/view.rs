//! Drawing the stepper: the tree, the α/β stack, the pseudocode, the position, the narration,
//! the status line and the help, laid out to fit the terminal.

use super::keys::HELP;
use super::outline::{self, Row};

use super::tui::{App, MIN_SIZE};
use super::{frame_text, short_name, triangle};
use crate::trace::narration::narrate;
use crate::trace::pseudocode;
use crate::trace::{Bound, CutKind, Event, EventKind, NONE, NodeId, Seen, Snapshot};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Clear, Paragraph, Row as TableRow, Table, Wrap};
use unicode_width::UnicodeWidthStr;

impl App<'_, '_> {
    /// For a tree shown whole, the width of its outline at the last step (borders included).
    pub(super) fn measured(mut self) -> Self {
        if self.expand >= self.max_depth && !self.replay.is_empty() {
            let last = self.replay.last();
            let snap = self.replay.at(last);
            let path = self.path(&snap);
            let (rows, _) = outline::rows(self.replay, last, &path, self.expand, snap.focus);
            let widest = rows.iter().map(|r| self.tree_line(r, false, &snap).width()).max().unwrap_or(0);
            self.tree_width = Some(widest.min(u16::MAX as usize - 2) as u16 + 2);
        }
        self
    }

    /// Draws the whole screen.
    pub fn render(&mut self, frame: &mut Frame) {
        let area = frame.area();
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            let text = format!(
                "abviz step needs a terminal of at least {}×{} (this one is {}×{}).\nEnlarge it, or press q to quit and use --plain.",
                MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
            );
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }), area);
            return;
        }
        if self.replay.is_empty() {
            frame.render_widget(
                Paragraph::new("This trace has no events to step through. Press q to quit."),
                area,
            );
            return;
        }
        let snap = self.replay.at(self.step);
        let trace = self.replay.trace();
        let narration = crate::safe_text::for_terminal(&narrate(trace, self.step)).into_owned();
        let narration_lines = wrapped_lines(&narration, area.width.saturating_sub(2) as usize).clamp(1, 4);
        let [title, main, story, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(narration_lines as u16 + 2),
            Constraint::Length(1),
        ])
        .areas(area);
        self.render_title(frame, title);
        let code = pseudocode::lines(trace);
        let code_width = code.iter().map(|l| l.width()).max().unwrap_or(0) as u16 + 4;
        // A small tree keeps the width it has at the end, so the panels do not move while it
        // grows; a big one gets half the screen.
        let tree_width = self.tree_width.unwrap_or(main.width / 2).max(36);
        let right_width = code_width.max(40).min(main.width.saturating_sub(tree_width).max(main.width / 2));
        let [tree, right] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(right_width)]).areas(main);
        self.render_tree(frame, tree, &snap);
        self.render_right(frame, right, &snap, &code);
        self.render_story(frame, story, &snap, narration);
        self.render_status(frame, status, &snap);
        if self.help {
            self.render_help(frame, area);
        }
    }

    fn render_title(&self, frame: &mut Frame, area: Rect) {
        let trace = self.replay.trace();
        let line = Line::from(vec![
            Span::styled(" abviz step ", self.theme.focus()),
            Span::raw(format!(
                " {} │ {}",
                trace.algorithm().title(),
                crate::safe_text::for_terminal(&trace.input().description)
            )),
        ]);
        frame.render_widget(Paragraph::new(line), area);
    }

    /// The highlighted path: the call stack, or at the very end the principal variation.
    fn path(&self, snap: &Snapshot) -> Vec<NodeId> {
        let trace = self.replay.trace();
        if snap.step == self.replay.last() && !trace.result().pv_indices.is_empty() {
            let mut path = vec![trace.result_root()];
            path.extend(trace.pv_nodes());
            path
        } else if snap.stack.is_empty() {
            // Between passes: the tree of the pass that just ended (or the first one).
            vec![trace.passes().iter().rev().find(|p| p.start as usize <= snap.step).map_or(0, |p| p.root)]
        } else {
            snap.stack.iter().map(|f| f.node).collect()
        }
    }

    fn render_tree(&mut self, frame: &mut Frame, area: Rect, snap: &Snapshot) {
        let path = self.path(snap);
        let (rows, focus_row) = outline::rows(self.replay, self.step, &path, self.expand, snap.focus);
        let levels = if self.expand >= self.max_depth {
            "whole tree".to_string()
        } else {
            format!("{} level{} around the path", self.expand, if self.expand == 1 { "" } else { "s" })
        };
        let block = Block::bordered()
            .title(" Tree ")
            .title_top(Line::from(format!(" {levels} (+/−) ")).right_aligned());
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let height = inner.height as usize;
        let margin = (height / 4).min(3);
        if rows.len() <= height {
            self.tree_top = 0;
        } else {
            if focus_row < self.tree_top + margin {
                self.tree_top = focus_row.saturating_sub(margin);
            } else if focus_row + margin >= self.tree_top + height {
                self.tree_top = focus_row + margin + 1 - height;
            }
            self.tree_top = self.tree_top.min(rows.len() - height);
        }
        let lines: Vec<Line> = rows
            .iter()
            .enumerate()
            .skip(self.tree_top)
            .take(height)
            .map(|(i, row)| self.tree_line(row, i == focus_row, snap))
            .collect();
        frame.render_widget(Paragraph::new(lines), inner);
    }

    fn tree_line(&self, row: &Row, is_focus: bool, snap: &Snapshot) -> Line<'static> {
        let trace = self.replay.trace();
        let t = &self.theme;
        let node = trace.node(row.node);
        let pruned_value = trace.pruned_value(row.node);
        let leafy = trace.is_leaf(row.node) || pruned_value.is_some();
        let known = self.replay.value_at(row.node, self.step);
        // An unnamed inner tree node is called by its path ("1.2"), as in the stack and the
        // narration; an unnamed leaf is just its value, as in the figures.
        let title = match trace.name(row.node) {
            Some(_) => format!("{} ", short_name(trace, row.node)),
            None if trace.parent(row.node).is_none() || trace.input().kind.is_game() || !leafy => {
                format!("{} ", short_name(trace, row.node))
            }
            None => String::new(),
        };
        let shape = match (leafy, trace.is_chance(row.node)) {
            (true, _) => "□",
            (false, true) => "◯",
            (false, false) => triangle(node.player),
        };
        let mcts = trace.algorithm().features.mcts && row.seen != Seen::Pruned;
        let text = match row.seen {
            // MCTS nodes show their visits and mean result, not a backed-up value.
            _ if mcts => match super::mcts_text(self.replay, row.node, self.step) {
                Some(stats) => format!("{title}{shape} {stats}"),
                None => format!("{title}{shape} …"),
            },
            Seen::Pruned if pruned_value.is_some() => {
                format!("✂ {title}□ {}", pruned_value.unwrap_or_default())
            }
            Seen::Pruned if trace.children(row.node).is_empty() => {
                format!("✂ {title}").trim_end().to_string()
            }
            Seen::Pruned => format!("✂ {title}{shape}"),
            Seen::Open | Seen::Hidden => format!("{title}{shape} …"),
            Seen::Valued => {
                let (value, bound) = known.unwrap_or((trace.summary(row.node).value, Bound::Exact));
                if leafy {
                    format!("{title}□ {value}")
                } else {
                    let bound = match bound {
                        Bound::Exact => "",
                        Bound::Lower => " (≥)",
                        Bound::Upper => " (≤)",
                    };
                    format!("{title}{shape} = {value}{bound}")
                }
            }
        };
        let style = if is_focus {
            t.focus()
        } else if row.on_path {
            t.path()
        } else if row.seen == Seen::Pruned {
            t.faint()
        } else {
            Style::new()
        };
        let mut spans = vec![Span::styled(row.prefix.clone(), t.faint()), Span::styled(text, style)];
        if let Some(c) = trace.cutoff(row.node).filter(|_| self.replay.cut_by(row.node, self.step)) {
            spans.push(Span::styled(format!("  ✂ {}", c.kind.name()), t.cut(c.kind)));
        }
        if let Event::Cutoff { node, cut, alpha, beta, bound_from: Some(from), .. } = snap.event
            && from == row.node
            && from != node
        {
            let bound = match cut {
                CutKind::Alpha => format!("α = {alpha}"),
                CutKind::Beta => format!("β = {beta}"),
            };
            spans.push(Span::styled(format!("  ◀ {bound} comes from here"), t.cut(cut)));
        }
        if row.on_path && trace.parent(row.node).is_some() && snap.step == self.replay.last() {
            spans.push(Span::styled("  ★", t.done()));
        }
        if row.hidden > 0 {
            spans.push(Span::styled(format!("  (+{} below)", row.hidden), t.faint()));
        }
        Line::from(spans)
    }

    fn render_right(&self, frame: &mut Frame, area: Rect, snap: &Snapshot, code: &[&str]) {
        let trace = self.replay.trace();
        let position =
            trace.position(snap.focus).filter(|_| snap.focus != NONE && trace.input().kind.is_game());
        let board = position.as_deref().map(board_rows).unwrap_or_default();
        let code_lines = wrap_code(code, area.width.saturating_sub(4) as usize);
        let code_want = code_lines.len() as u16 + 2;
        let board_h = if board.is_empty() { 0 } else { board.len() as u16 + 2 };
        let stack_want = snap.stack.len() as u16 + 3;
        // The stack gets at least its header and two frames, the pseudocode the rest it needs.
        let stack_h = stack_want.min(area.height.saturating_sub(code_want + board_h).max(5));
        let code_h = code_want.min(area.height.saturating_sub(stack_h));
        let board_h = board_h.min(area.height.saturating_sub(stack_h + code_h));
        let [stack, code_area, board_area, keys_area] = Layout::vertical([
            Constraint::Length(stack_h),
            Constraint::Length(code_h),
            Constraint::Length(board_h),
            Constraint::Fill(1),
        ])
        .areas(area);
        self.render_stack(frame, stack, snap);
        self.render_code(frame, code_area, &code_lines);
        if board_h > 2 {
            let lines: Vec<Line> = board.into_iter().map(Line::from).collect();
            let title = format!(" Position at {} ", short_name(trace, snap.focus));
            frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), board_area);
        }
        if keys_area.height >= 4 {
            let lines: Vec<Line> = HELP
                .iter()
                .map(|(k, what, _)| {
                    // MCTS never cuts: its c key jumps between iterations.
                    let what = what.replace("cutoff", self.replay.landmark());
                    Line::from(vec![Span::styled(format!("{k:<13}"), self.theme.path()), Span::raw(what)])
                })
                .collect();
            frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(" Keys ")), keys_area);
        }
    }

    fn render_stack(&self, frame: &mut Frame, area: Rect, snap: &Snapshot) {
        let trace = self.replay.trace();
        let t = &self.theme;
        let windowed = trace.algorithm().has_window();
        let visible = area.height.saturating_sub(3) as usize;
        let skip = snap.stack.len().saturating_sub(visible);
        let rows: Vec<TableRow> = snap
            .stack
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(i, f)| {
                let node = trace.node(f.node);
                let leaf = trace.is_leaf(f.node);
                let window = if windowed {
                    Line::from(vec![
                        Span::raw("["),
                        Span::styled(f.alpha.to_string(), t.alpha()),
                        Span::raw(", "),
                        Span::styled(f.beta.to_string(), t.beta()),
                        Span::raw("]"),
                    ])
                } else {
                    Line::from(frame_text(self.replay, snap.step, f))
                };
                let child = match f.child {
                    _ if leaf => "leaf".to_string(),
                    Some(c) => format!("{} of {}", trace.node(c).index + 1, trace.children(f.node).len()),
                    None => "–".into(),
                };
                let mut child = Line::from(child);
                if self.replay.cut_by(f.node, self.step)
                    && let Some(c) = trace.cutoff(f.node)
                {
                    child.push_span(Span::styled(" ✂", t.cut(c.kind)));
                }
                let row = TableRow::new(vec![
                    Cell::from(short_name(trace, f.node)),
                    // A leaf has nobody to move: it is evaluated.
                    Cell::from(if trace.summary(f.node).is_leaf() {
                        "□ leaf".to_string()
                    } else if trace.is_chance(f.node) {
                        "◯ chance".to_string()
                    } else {
                        format!("{} {}", triangle(node.player), node.player.upper())
                    }),
                    Cell::from(window),
                    Cell::from(child),
                ]);
                if i + 1 == snap.stack.len() { row.style(t.path()) } else { row }
            })
            .collect();
        let header =
            TableRow::new(vec!["node", "player", if windowed { "window" } else { "best so far" }, "child"])
                .style(Style::new().add_modifier(Modifier::UNDERLINED));
        let title =
            if skip > 0 { format!(" α/β stack ({skip} more above) ") } else { " α/β stack ".into() };
        let title = if windowed { title } else { title.replace("α/β stack", "call stack") };
        // Negamax searches in the mover's view; the trace (and so this panel) keeps MAX's.
        let title = match trace.algorithm().perspective() {
            crate::trace::Perspective::Mover => title.replacen("stack", "stack, MAX's view", 1),
            crate::trace::Perspective::Max => title,
        };
        let name_w = snap.stack.iter().map(|f| short_name(trace, f.node).width()).max().unwrap_or(0);
        let window_w =
            snap.stack.iter().map(|f| frame_text(self.replay, snap.step, f).width()).max().unwrap_or(0);
        let widths = [
            Constraint::Length(name_w.clamp(4, 16) as u16),
            Constraint::Length(6),
            Constraint::Length(window_w.max(11) as u16),
            Constraint::Fill(1),
        ];
        let table =
            Table::new(rows, widths).header(header).column_spacing(2).block(Block::bordered().title(title));
        frame.render_widget(table, area);
    }

    /// The pseudocode (already wrapped: (listing line, text) pairs), the current line marked and
    /// kept in view.
    fn render_code(&self, frame: &mut Frame, area: Rect, code: &[(usize, String)]) {
        let current = pseudocode::line_for(self.replay.trace(), self.step);
        let lines: Vec<Line> = code
            .iter()
            .map(|(i, l)| {
                if *i == current {
                    Line::from(vec![
                        Span::styled("▶ ", self.theme.path()),
                        Span::styled(l.clone(), self.theme.focus()),
                    ])
                } else {
                    Line::from(format!("  {l}"))
                }
            })
            .collect();
        let height = area.height.saturating_sub(2) as usize;
        let first = code.iter().position(|(i, _)| *i == current).unwrap_or(0);
        let last = code.iter().rposition(|(i, _)| *i == current).unwrap_or(0);
        let scroll = if last < height { 0 } else { (last + 1 - height).min(first) };
        let title = format!(" {} ", self.replay.trace().algorithm().title());
        let p = Paragraph::new(lines).scroll((scroll as u16, 0)).block(Block::bordered().title(title));
        frame.render_widget(p, area);
    }

    fn render_story(&self, frame: &mut Frame, area: Rect, snap: &Snapshot, narration: String) {
        let trace = self.replay.trace();
        let style = match snap.event {
            Event::Cutoff { cut, .. } => self.theme.cut(cut),
            _ if snap.step == self.replay.last() => self.theme.done(),
            _ => Style::new().add_modifier(Modifier::BOLD),
        };
        let kind = match snap.kind {
            EventKind::Eval => "evaluate",
            EventKind::Exit => "return",
            EventKind::Research => "re-search",
            other => other.name(),
        };
        // A multi-pass search: which pass the step is in (iteration, probe, window).
        let passes = trace.passes();
        let pass = match passes.iter().rposition(|p| p.start as usize <= snap.step) {
            Some(k) if passes.len() > 1 => {
                let depth = passes[k].depth.map_or(String::new(), |d| format!(", depth {d}"));
                format!("pass {} of {}{depth} · ", k + 1, passes.len())
            }
            _ => String::new(),
        };
        let title = format!(" Step {} of {} · {pass}{kind} ", self.step + 1, self.replay.len());
        let p = Paragraph::new(Line::styled(narration, style))
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(title));
        frame.render_widget(p, area);
    }

    fn render_status(&self, frame: &mut Frame, area: Rect, snap: &Snapshot) {
        let t = &self.theme;
        let c = snap.counts;
        let mut spans =
            vec![Span::styled(format!(" step {}/{} ", self.step + 1, self.replay.len()), t.focus())];
        if let Some(typed) = &self.goto {
            spans.push(Span::styled(format!(" go to step: {typed}▏"), t.path()));
            spans.push(Span::raw(format!("  (1–{}, Enter to go, Esc to cancel)", self.replay.len())));
        } else {
            let mut counts = format!("  nodes {} · leaves {}", c.nodes, c.leaves);
            if self.replay.trace().algorithm().has_window() {
                counts.push_str(&format!(" · cutoffs {} · pruned {}", c.cutoffs, c.pruned));
            }
            spans.push(Span::raw(counts));
            match &self.message {
                Some(m) => spans.push(Span::styled(format!("  │ {m}"), t.path())),
                None => spans.push(Span::styled("  │ ? help · q quit", t.faint())),
            }
        }
        frame.render_widget(Paragraph::new(Line::from(spans)), area);
    }

    fn render_help(&self, frame: &mut Frame, area: Rect) {
        let width = 64.min(area.width);
        let height = (HELP.len() as u16 + 7).min(area.height);
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        let mut lines: Vec<Line> = HELP
            .iter()
            .map(|(k, _, what)| {
                Line::from(vec![Span::styled(format!(" {k:<13}"), self.theme.path()), Span::raw(*what)])
            })
            .collect();
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            " ✂ marks pruned children; (≤)/(≥): the value is a bound",
            self.theme.faint(),
        ));
        lines.push(Line::styled(" Press any key to close this help.", self.theme.faint()));
        frame.render_widget(Clear, popup);
        frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(" Keys ")), popup);
    }
}

/// A position notation drawn as a board: its first field split into rows at '/', a digit n
/// standing for n empty points (FEN), cells spaced out ("X O ." for tic-tac-toe's "XO.").
fn board_rows(notation: &str) -> Vec<String> {
    let first = notation.split_whitespace().next().unwrap_or("");
    first
        .split('/')
        .map(|row| {
            let mut cells: Vec<String> = Vec::new();
            for c in row.chars() {
                match c.to_digit(10) {
                    Some(n) => cells.extend((0..n).map(|_| ".".to_string())),
                    None => cells.push(c.to_string()),
                }
            }
            cells.join(" ")
        })
        .collect()
}

/// How many lines `text` takes when wrapped at `width` columns (display columns: a Chinese
/// move name takes two a character), word by word, long words broken.
fn wrapped_lines(text: &str, width: usize) -> usize {
    if width == 0 {
        return 1;
    }
    textwrap::wrap(text, width).len().max(1)
}

/// Wraps the pseudocode lines longer than `width` display columns word by word, continuing a
/// wrapped line four columns deeper than it starts; each piece keeps the index of its listing
/// line. A line indented too deep to wrap stays whole.
fn wrap_code(code: &[&str], width: usize) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in code.iter().enumerate() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if line.width() <= width || width <= indent + 4 {
            out.push((i, line.to_string()));
            continue;
        }
        let (first, rest) = (" ".repeat(indent), " ".repeat(indent + 4));
        let opts = textwrap::Options::new(width).initial_indent(&first).subsequent_indent(&rest);
        out.extend(
            textwrap::wrap(line.trim_start_matches(' '), opts).into_iter().map(|l| (i, l.into_owned())),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pseudocode_wraps_with_a_hanging_indent() {
        let wrapped = wrap_code(&["f(x)", "  if a and b: return c"], 14);
        let texts: Vec<&str> = wrapped.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["f(x)", "  if a and b:", "      return c"]);
        assert_eq!(wrapped.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [0, 1, 1]);
    }

    #[test]
    fn boards_from_position_notation() {
        assert_eq!(board_rows("XO./.X./O.."), ["X O .", ". X .", "O . ."]);
        let start = board_rows("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
        assert_eq!(start.len(), 10);
        assert_eq!(start[2], ". c . . . . . c .");
        assert_eq!(start[1], ". . . . . . . . .");
    }

    #[test]
    fn wrapping_counts_lines() {
        assert_eq!(wrapped_lines("", 10), 1);
        assert_eq!(wrapped_lines("abc def", 7), 1);
        assert_eq!(wrapped_lines("abc def", 6), 2);
        assert_eq!(wrapped_lines("abcdefghijkl", 5), 3);
        // Chinese moves take two columns a character.
        assert_eq!(wrapped_lines("炮二平五 马八进七", 9), 2);
        assert_eq!(wrapped_lines("炮二平五 马八进七", 17), 1);
    }
}
