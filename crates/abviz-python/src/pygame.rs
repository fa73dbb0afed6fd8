//! Python games as abviz [`Game`]s: any object with `to_move()`, `moves()`, `is_terminal()`,
//! `evaluate()` and either `play(move)` / `undo(move)` (one object changed in place) or
//! `result(move)` (a new state per move, as aima-python's games do); `label(move)` and `key()`
//! are optional.
//!
//! A move is its index among its position's moves: the search's own [`Game::Move`] is a small
//! copyable number, and the Python move objects stay in the adapter. The adapter keeps one line
//! of positions, from the root to where the Python object is, with each position's moves and
//! mover once asked ([`Shared`]). Every [`PyGame`] is a handle on that line that remembers its
//! own line of move indices: the searches clone positions (the recorder does, to describe
//! pruned children), and a handle first moves the Python object to its own line — undoing and
//! playing moves — when another handle moved it last. So clones behave as independent
//! positions whatever the order they are used in, and an object changed in place is back at
//! the root when the search is over.
//!
//! A callback that raises, or answers something abviz cannot use, does not unwind through the
//! search: the adapter keeps the first error (with the moves that led to it), answers harmlessly
//! from then on (no moves, a terminal value of 0) and the [`Watch`] observer stops the search at
//! its next node. The caller raises the error.

use crate::errors::GameError;
use crate::options::repr;
use abviz::trace::{Observer, Stop};
use abviz::{Player, Score};
use abviz_core::Game;
use pyo3::exceptions::{PyException, PyIndexError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString, PyTuple};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// The deepest line a search of a Python game may follow: a game that never ends, searched
/// without a depth limit, is stopped here (the recursion would otherwise exhaust the stack).
pub const MAX_PLIES: u32 = 1000;

/// The most moves an error message lists (the exception's `moves` attribute has them all).
const SHOWN_MOVES: usize = 12;

/// How often (in nodes) a search of a Python game checks for Ctrl-C (KeyboardInterrupt).
const SIGNAL_EVERY: u64 = 1024;

/// How the Python object moves from a position to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// `play(move)` and `undo(move)` change one object in place.
    PlayUndo,
    /// `result(move)` returns the next state; states are never changed.
    Result,
}

/// A position on the adapter's line.
struct Frame<'py> {
    /// The move that led here, with its index among the previous position's moves (None: the
    /// root).
    step: Option<(u32, Bound<'py, PyAny>)>,
    /// The Python object of this position (the same object on every frame with
    /// [`Style::PlayUndo`]).
    state: Bound<'py, PyAny>,
    /// Its moves, once asked.
    moves: Option<Vec<Bound<'py, PyAny>>>,
    /// Its player to move, once asked.
    to_move: Option<Player>,
}

/// What the Python object offers beyond the required methods.
#[derive(Clone, Copy, Debug)]
pub struct Offers {
    /// `label(move)`.
    pub label: bool,
    /// `key()`.
    pub key: bool,
    /// Its own `__str__` or `__repr__` (not `object`'s), for the positions in tooltips.
    pub text: bool,
}

/// The line the Python object is on, shared by every handle.
pub struct Shared<'py> {
    py: Python<'py>,
    style: Style,
    offers: Offers,
    /// From the root (`frames[0]`) to the position the Python object is at.
    frames: Vec<Frame<'py>>,
    /// The handle whose line the frames are (handles are numbered from 1).
    owner: u64,
    next_id: u64,
    /// The first error of a callback.
    error: Option<PyErr>,
}

/// The required methods, and the two ways of moving.
const REQUIRED: [&str; 4] = ["to_move", "moves", "is_terminal", "evaluate"];

impl<'py> Shared<'py> {
    /// The adapter's line for `root`, refused with a `TypeError` naming what is missing when
    /// `root` does not have the game protocol.
    pub fn new(root: &Bound<'py, PyAny>) -> PyResult<Rc<RefCell<Shared<'py>>>> {
        let py = root.py();
        let has = |name: &str| root.hasattr(name).unwrap_or(false);
        let mut missing: Vec<String> =
            REQUIRED.iter().filter(|m| !has(m)).map(|m| format!("{m}()")).collect();
        let style = if has("play") && has("undo") {
            Style::PlayUndo
        } else if has("result") {
            Style::Result
        } else {
            missing.push("play(move) and undo(move), or result(move)".into());
            Style::Result
        };
        if !missing.is_empty() {
            let name = type_name(root);
            return Err(PyTypeError::new_err(format!(
                "abviz.search needs a game object with to_move(), moves(), is_terminal(), evaluate() \
                 and play(move)/undo(move) or result(move); {name} has no {}",
                missing.join(", ")
            )));
        }
        let object = py.get_type::<pyo3::types::PyAny>();
        let own = |dunder: &str| -> bool {
            let theirs = root.get_type().getattr(dunder).ok();
            let base = object.getattr(dunder).ok();
            match (theirs, base) {
                (Some(t), Some(b)) => !t.is(&b),
                _ => false,
            }
        };
        let offers = Offers { label: has("label"), key: has("key"), text: own("__str__") || own("__repr__") };
        Ok(Rc::new(RefCell::new(Shared {
            py,
            style,
            offers,
            frames: vec![Frame { step: None, state: root.clone(), moves: None, to_move: None }],
            owner: 1,
            next_id: 1,
            error: None,
        })))
    }

    /// What the object offers.
    pub fn offers(&self) -> Offers {
        self.offers
    }

    /// Whether a callback failed.
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// Takes the first error of a callback, if any.
    pub fn take_error(&mut self) -> Option<PyErr> {
        self.error.take()
    }

    /// Keeps `err` as the search's error unless there is one already: an `Exception` is wrapped
    /// in a [`GameError`] naming `method` and the moves from the root (the original is its
    /// `__cause__`); anything else (KeyboardInterrupt, SystemExit) is kept as it is.
    fn fail(&mut self, method: &str, err: PyErr) {
        if self.error.is_some() {
            return;
        }
        let py = self.py;
        if !err.is_instance_of::<PyException>(py) {
            self.error = Some(err);
            return;
        }
        let moves: Vec<Bound<'py, PyAny>> =
            self.frames.iter().filter_map(|f| f.step.as_ref().map(|(_, m)| m.clone())).collect();
        let line = if moves.is_empty() {
            "at the root".to_string()
        } else if moves.len() <= SHOWN_MOVES {
            let shown: Vec<String> = moves.iter().map(repr).collect();
            format!("after the moves {} from the root", shown.join(", "))
        } else {
            // A long line shows its start and its end (the exception's `moves` has them all).
            let head: Vec<String> = moves[..SHOWN_MOVES / 2].iter().map(repr).collect();
            let tail: Vec<String> = moves[moves.len() - SHOWN_MOVES / 2..].iter().map(repr).collect();
            format!("after {} moves from the root ({}, …, {})", moves.len(), head.join(", "), tail.join(", "))
        };
        let what = err.value(py);
        let kind = what.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "an exception".into());
        let text = what.str().map(|s| s.to_string()).unwrap_or_default();
        let said = if text.is_empty() { kind } else { format!("{kind}: {text}") };
        let wrapped = GameError::new_err(format!("the game's {method} failed {line}: {said}"));
        let value = wrapped.value(py);
        let _ = value.setattr("method", method);
        let _ = value.setattr("moves", PyTuple::new(py, &moves).ok());
        wrapped.set_cause(py, Some(err));
        self.error = Some(wrapped);
    }

    fn top(&self) -> &Frame<'py> {
        self.frames.last().expect("the root frame is never popped")
    }

    /// Moves the Python object to `line`, the line of handle `id`.
    fn sync(&mut self, id: u64, line: &[u32]) {
        if self.owner == id || self.error.is_some() {
            return;
        }
        let common = self.frames[1..]
            .iter()
            .zip(line)
            .take_while(|(f, i)| f.step.as_ref().is_some_and(|(k, _)| k == *i))
            .count();
        while self.frames.len() > common + 1 {
            self.pop();
        }
        for &i in &line[common..] {
            if !self.push(i) {
                return;
            }
        }
        self.owner = id;
    }

    /// The current position's moves (asked once); None after an error.
    fn moves(&mut self) -> Option<&[Bound<'py, PyAny>]> {
        if self.error.is_some() {
            return None;
        }
        if self.top().moves.is_none() {
            let state = self.top().state.clone();
            let listed = match state.call_method0(intern!(self.py, "moves")) {
                Ok(l) => l,
                Err(e) => {
                    self.fail("moves()", e);
                    return None;
                }
            };
            let moves: PyResult<Vec<Bound<'py, PyAny>>> =
                listed.try_iter().and_then(|it| it.collect::<PyResult<Vec<_>>>());
            let moves = match moves {
                Ok(m) => m,
                Err(e) => {
                    self.fail("moves()", e);
                    return None;
                }
            };
            if moves.is_empty() && !self.is_terminal() {
                self.fail(
                    "moves()",
                    PyValueError::new_err(
                        "moves() returned no moves where is_terminal() is False; a position without moves must be terminal",
                    ),
                );
                return None;
            }
            self.frames.last_mut().expect("root").moves = Some(moves);
        }
        self.top().moves.as_deref()
    }

    /// The Python object of move `index` of the current position.
    fn move_object(&mut self, index: u32, method: &str) -> Option<Bound<'py, PyAny>> {
        let moves = self.moves()?;
        match moves.get(index as usize) {
            Some(m) => Some(m.clone()),
            None => {
                let n = moves.len();
                self.fail(
                    method,
                    PyIndexError::new_err(format!(
                        "move {index} asked where moves() listed {n}: moves() must list the same moves each time it is called on a position"
                    )),
                );
                None
            }
        }
    }

    /// Plays move `index` of the current position; false after an error.
    fn push(&mut self, index: u32) -> bool {
        let Some(mv) = self.move_object(index, "play(move)") else { return false };
        let state = self.top().state.clone();
        let next = match self.style {
            Style::PlayUndo => match state.call_method1(intern!(self.py, "play"), (&mv,)) {
                Ok(_) => state,
                Err(e) => {
                    self.fail(&format!("play({})", repr(&mv)), e);
                    return false;
                }
            },
            Style::Result => match state.call_method1(intern!(self.py, "result"), (&mv,)) {
                Ok(s) if s.is_none() => {
                    self.fail(
                        &format!("result({})", repr(&mv)),
                        PyTypeError::new_err("result(move) returned None: it must return the next state"),
                    );
                    return false;
                }
                Ok(s) => s,
                Err(e) => {
                    self.fail(&format!("result({})", repr(&mv)), e);
                    return false;
                }
            },
        };
        self.frames.push(Frame { step: Some((index, mv)), state: next, moves: None, to_move: None });
        true
    }

    /// Takes back the last move (the object's `undo(move)` with [`Style::PlayUndo`]); false if
    /// `undo` raised (the error is kept).
    fn pop(&mut self) -> bool {
        if self.frames.len() < 2 {
            return true;
        }
        let frame = self.frames.pop().expect("two frames");
        if self.style == Style::PlayUndo
            && let Some((_, mv)) = frame.step
            && let Err(e) = frame.state.call_method1(intern!(self.py, "undo"), (&mv,))
        {
            self.fail(&format!("undo({})", repr(&mv)), e);
            return false;
        }
        true
    }

    /// Takes back every move played on the object, so that it is at the root again (a game
    /// changed in place is left as it was given). Stops at an `undo` that raises.
    pub fn restore(&mut self) {
        let error = self.error.take();
        while self.frames.len() > 1 {
            if !self.pop() {
                break;
            }
        }
        // The first error is the one raised; one from the clean-up only when there was none.
        if error.is_some() {
            self.error = error;
        }
        self.owner = 0;
    }

    fn call(&mut self, method: &'static str) -> Option<Bound<'py, PyAny>> {
        if self.error.is_some() {
            return None;
        }
        let state = self.top().state.clone();
        match state.call_method0(PyString::intern(self.py, method)) {
            Ok(v) => Some(v),
            Err(e) => {
                self.fail(&format!("{method}()"), e);
                None
            }
        }
    }

    fn mover(&mut self) -> Player {
        if let Some(p) = self.top().to_move {
            return p;
        }
        let Some(answer) = self.call("to_move") else { return Player::Max };
        let text = answer.extract::<String>().map(|s| s.to_ascii_lowercase());
        let player = match text.as_deref() {
            Ok("max") => Player::Max,
            Ok("min") => Player::Min,
            _ => {
                let msg = format!("to_move() returned {}; it must return 'max' or 'min'", repr(&answer));
                self.fail("to_move()", PyValueError::new_err(msg));
                return Player::Max;
            }
        };
        self.frames.last_mut().expect("root").to_move = Some(player);
        player
    }

    fn is_terminal(&mut self) -> bool {
        match self.call("is_terminal") {
            Some(v) => match v.is_truthy() {
                Ok(b) => b,
                Err(e) => {
                    self.fail("is_terminal()", e);
                    true
                }
            },
            None => true,
        }
    }

    fn evaluate(&mut self) -> Score {
        let Some(v) = self.call("evaluate") else { return Score::from(0) };
        match to_score(&v) {
            Ok(s) => s,
            Err(msg) => {
                self.fail(
                    "evaluate()",
                    PyValueError::new_err(format!("evaluate() returned {}: {msg}", repr(&v))),
                );
                Score::from(0)
            }
        }
    }

    fn label(&mut self, index: u32, out: &mut String) {
        let Some(mv) = self.move_object(index, "label(move)") else { return };
        let text = if self.offers.label {
            let state = self.top().state.clone();
            match state.call_method1(intern!(self.py, "label"), (&mv,)).and_then(|l| l.str()) {
                Ok(s) => s,
                Err(e) => {
                    self.fail(&format!("label({})", repr(&mv)), e);
                    return;
                }
            }
        } else {
            match mv.str() {
                Ok(s) => s,
                Err(e) => {
                    self.fail("str(move)", e);
                    return;
                }
            }
        };
        out.push_str(&text.to_string_lossy());
    }

    fn key(&mut self) -> Option<u64> {
        if !self.offers.key {
            return None;
        }
        let key = self.call("key")?;
        match stable_hash(&key) {
            Ok(h) => Some(h),
            Err(e) => {
                self.fail("key()", e);
                None
            }
        }
    }

    fn text(&mut self) -> String {
        if !self.offers.text || self.error.is_some() {
            return String::new();
        }
        let state = self.top().state.clone();
        match state.str() {
            Ok(s) => s.to_string_lossy().into_owned(),
            Err(e) => {
                self.fail("str(position)", e);
                String::new()
            }
        }
    }
}

/// The name of `obj`'s type.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "the object".to_string())
}

/// A Python number as a score: whole numbers (ints, or floats without a fraction) within
/// ±2,147,483,646, and ±inf.
fn to_score(v: &Bound<'_, PyAny>) -> Result<Score, String> {
    const RANGE: &str = "abviz's values are whole numbers from -2147483646 to 2147483646, or ±inf";
    if v.is_instance_of::<PyInt>() {
        return v.extract::<i64>().ok().and_then(Score::finite).ok_or_else(|| RANGE.to_string());
    }
    if v.is_instance_of::<PyFloat>() {
        let x: f64 = v.extract().map_err(|e: PyErr| e.to_string())?;
        return if x == f64::INFINITY {
            Ok(Score::INF)
        } else if x == f64::NEG_INFINITY {
            Ok(Score::NEG_INF)
        } else if x.fract() == 0.0 && x.abs() <= f64::from(Score::MAX_FINITE) {
            Ok(Score::from(x as i32))
        } else {
            Err(format!("{RANGE}; scale a fractional evaluation, e.g. round(100 * x)"))
        };
    }
    Err(format!("not a number; {RANGE}"))
}

/// A hash of a key or move that is the same in every run for ints, strings, bytes, bools,
/// None and tuples of them (Python's own `hash` of strings changes from run to run, which would
/// change the keys a trace records); other objects fall back to Python's `hash`.
fn stable_hash(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    feed(obj, &mut h)?;
    Ok(h.finish())
}

fn feed(obj: &Bound<'_, PyAny>, h: &mut impl Hasher) -> PyResult<()> {
    if obj.is_none() {
        0u8.hash(h);
    } else if obj.is_instance_of::<PyBool>() {
        (1u8, obj.is_truthy()?).hash(h);
    } else if obj.is_instance_of::<PyInt>() {
        2u8.hash(h);
        match obj.extract::<i128>() {
            Ok(n) => n.hash(h),
            Err(_) => obj.str()?.to_string_lossy().hash(h),
        }
    } else if let Ok(s) = obj.cast::<PyString>() {
        (3u8, s.to_string_lossy()).hash(h);
    } else if let Ok(b) = obj.cast::<pyo3::types::PyBytes>() {
        (4u8, b.as_bytes()).hash(h);
    } else if let Ok(t) = obj.cast::<PyTuple>() {
        (5u8, t.len()).hash(h);
        for item in t.iter() {
            feed(&item, h)?;
        }
    } else if obj.is_instance_of::<PyFloat>() {
        (6u8, obj.extract::<f64>()?.to_bits()).hash(h);
    } else {
        (7u8, obj.hash()?).hash(h);
    }
    Ok(())
}

/// A position of a Python game: a handle on the adapter's line (see the module's notes).
pub struct PyGame<'py> {
    shared: Rc<RefCell<Shared<'py>>>,
    line: Vec<u32>,
    id: u64,
}

impl<'py> PyGame<'py> {
    /// The root position of `shared` (its first handle).
    pub fn root(shared: &Rc<RefCell<Shared<'py>>>) -> PyGame<'py> {
        PyGame { shared: shared.clone(), line: Vec::new(), id: 1 }
    }

    /// Runs `f` on the adapter's line moved to this handle's position.
    fn at<T>(&self, f: impl FnOnce(&mut Shared<'py>) -> T) -> T {
        let mut shared = self.shared.borrow_mut();
        shared.sync(self.id, &self.line);
        f(&mut shared)
    }
}

impl Clone for PyGame<'_> {
    fn clone(&self) -> Self {
        let id = {
            let mut shared = self.shared.borrow_mut();
            shared.next_id += 1;
            shared.next_id
        };
        PyGame { shared: self.shared.clone(), line: self.line.clone(), id }
    }
}

impl Game for PyGame<'_> {
    type Move = u32;

    fn to_move(&self) -> Player {
        self.at(|s| s.mover())
    }

    fn moves(&self) -> Vec<u32> {
        let n = self.at(|s| s.moves().map_or(0, |m| m.len()));
        (0..n as u32).collect()
    }

    fn play(&mut self, mv: u32) {
        let id = self.id;
        let mut shared = self.shared.borrow_mut();
        shared.sync(id, &self.line);
        if shared.error.is_none() && shared.push(mv) {
            // The object is on this handle's line, one move further.
            shared.owner = id;
        }
        self.line.push(mv);
    }

    fn undo(&mut self, _mv: u32) {
        let id = self.id;
        let mut shared = self.shared.borrow_mut();
        shared.sync(id, &self.line);
        if shared.error.is_none() {
            shared.pop();
        }
        self.line.pop();
    }

    fn terminal_value(&self) -> Option<Score> {
        self.at(|s| if s.is_terminal() { Some(s.evaluate()) } else { None })
    }

    fn evaluate(&self) -> Score {
        self.at(|s| s.evaluate())
    }

    fn write_move_label(&self, mv: u32, out: &mut String) {
        self.at(|s| s.label(mv, out))
    }

    fn move_id(&self, mv: u32) -> Option<u64> {
        self.at(|s| {
            let m = s.move_object(mv, "hash(move)")?;
            stable_hash(&m).ok()
        })
    }

    fn position_key(&self) -> Option<u64> {
        self.at(|s| s.key())
    }

    fn position_text(&self) -> String {
        self.at(|s| s.text())
    }

    /// A Python game's "notation" is its text: what the trace records as each node's position.
    fn notation(&self) -> Option<String> {
        Some(self.position_text()).filter(|t| !t.is_empty())
    }
}

/// Stops a search of a Python game at the node after a callback failed, on Ctrl-C, and when a
/// line grows past [`MAX_PLIES`]. Put before the recorder in [`abviz::trace::Both`].
pub struct Watch<'py> {
    shared: Rc<RefCell<Shared<'py>>>,
    depth: u32,
    nodes: u64,
}

impl<'py> Watch<'py> {
    /// A watch over the searches of `shared`.
    pub fn new(shared: &Rc<RefCell<Shared<'py>>>) -> Self {
        Watch { shared: shared.clone(), depth: 0, nodes: 0 }
    }

    fn check(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        let mut shared = self.shared.borrow_mut();
        if self.nodes.is_multiple_of(SIGNAL_EVERY)
            && let Err(e) = shared.py.check_signals()
        {
            shared.fail("search", e);
        }
        if shared.failed() {
            // The stop's own message is never shown: the caller raises the kept error.
            return Err(Stop::NodeBudget { limit: self.nodes });
        }
        Ok(())
    }
}

impl<'py> Observer<PyGame<'py>> for Watch<'py> {
    fn enter(&mut self, _game: &PyGame<'py>, _alpha: Score, _beta: Score) -> Result<(), Stop> {
        self.depth += 1;
        if self.depth > MAX_PLIES {
            let err = PyValueError::new_err(format!(
                "the game went on for more than {MAX_PLIES} moves along one line: give the search a depth, or make is_terminal() end the game"
            ));
            self.shared.borrow_mut().fail("search", err);
        }
        self.check()
    }

    fn exit(&mut self, _value: Score) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn iteration(&mut self, _number: u32) -> Result<(), Stop> {
        self.check()
    }
}
