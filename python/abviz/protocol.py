"""What a Python game provides to be searched by ``abviz.search``.

A game is one of two shapes. Either one object changed in place (:class:`PlayUndoGame`:
``play(move)`` then ``undo(move)``), or immutable states (:class:`ResultGame`: ``result(move)``
returns the next state, as aima-python's games do). Both say whose turn it is (``"max"`` or
``"min"``: turns need not alternate), list the moves in the order they are searched, say when
the game is over and evaluate a position from MAX's point of view as a whole number (or
``float("inf")`` / ``-float("inf")``). Optional: ``label(move)`` (the text a figure shows; by
default ``str(move)``) and ``key()`` (equal positions have equal keys: the transposition tables
of MTD(f) and iterative deepening use it; an int, str or tuple of them keeps traces the same
from run to run).

``moves()`` must list the same moves in the same order each time it is asked about a
position. A position without moves must be terminal. ``evaluate()`` is asked at terminal
positions (their value) and at the depth limit (the static evaluation).

These classes are for type checkers and readers; abviz checks the methods themselves, so a
game need not inherit from them.

>>> import abviz
>>> class Countdown:
...     '''Take 1 or 2 from a pile; whoever takes the last one wins.'''
...     def __init__(self, n): self.n, self.turn = n, "max"
...     def to_move(self): return self.turn
...     def moves(self): return [k for k in (1, 2) if k <= self.n]
...     def play(self, k): self.n -= k; self.turn = "min" if self.turn == "max" else "max"
...     def undo(self, k): self.n += k; self.turn = "min" if self.turn == "max" else "max"
...     def is_terminal(self): return self.n == 0
...     def evaluate(self): return -1 if self.turn == "max" else 1   # the last mover won
>>> t = abviz.search(Countdown(4), "alphabeta")
>>> t.value, t.best_move
(1, '1')
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Literal, Protocol, Union

Player = Literal["max", "min"]
"""Who moves: ``"max"`` wants high values, ``"min"`` low ones."""

Value = Union[int, float]
"""A whole number, or ``float("inf")`` / ``-float("inf")``."""


class PlayUndoGame(Protocol):
    """A game position changed in place by ``play`` and ``undo``."""

    def to_move(self) -> Player:
        """The player to move here: "max" or "min"."""
        ...

    def moves(self) -> Iterable[Any]:
        """The legal moves, in search order (empty only when the game is over)."""
        ...

    def play(self, move: Any) -> None:
        """Plays ``move`` (one of ``moves()``)."""
        ...

    def undo(self, move: Any) -> None:
        """Takes back ``move``, the last move played."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over here."""
        ...

    def evaluate(self) -> Value:
        """The value here from MAX's point of view (the result, where the game is over)."""
        ...


class ResultGame(Protocol):
    """An immutable game state: ``result(move)`` returns the next state."""

    def to_move(self) -> Player:
        """The player to move here: "max" or "min"."""
        ...

    def moves(self) -> Iterable[Any]:
        """The legal moves, in search order (empty only when the game is over)."""
        ...

    def result(self, move: Any) -> "ResultGame":
        """The state after ``move``; this one stays as it is."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over here."""
        ...

    def evaluate(self) -> Value:
        """The value here from MAX's point of view (the result, where the game is over)."""
        ...


class Labelled(Protocol):
    """Optional: the text of a move in figures and the page (default ``str(move)``)."""

    def label(self, move: Any) -> str: ...


class Keyed(Protocol):
    """Optional: a key of the position for transposition tables."""

    def key(self) -> Hashable: ...


Game = Union[PlayUndoGame, ResultGame]
"""Anything ``abviz.search`` accepts as a Python game."""
