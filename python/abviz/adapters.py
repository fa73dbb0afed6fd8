"""Games written for other courses' code, as abviz games.

* :func:`from_aima` — aima-python's ``Game`` class (``actions``, ``result``, ``utility``,
  ``terminal_test``, ``to_move``, and ``initial``): a game and a state.
* :func:`from_cs188` — a CS188-style ``GameState`` (``getLegalActions(agent)``,
  ``generateSuccessor(agent, action)``, ``isWin()``, ``isLose()``, ``getNumAgents()``) with an
  evaluation function: agent 0 is MAX, every other agent MIN.

Each returns an immutable state with abviz's game protocol (``result(move)`` style), ready for
``abviz.search``.

>>> import abviz
>>> class Pick:
...     '''aima-style: each player in turn takes 1 or 2 coins; taking the last one wins.'''
...     initial = (3, "A")
...     def actions(self, s): return [k for k in (1, 2) if k <= s[0]]
...     def result(self, s, k): return (s[0] - k, "B" if s[1] == "A" else "A")
...     def terminal_test(self, s): return s[0] == 0
...     def to_move(self, s): return s[1]
...     def utility(self, s, player): return -1 if s[1] == player else 1
>>> abviz.search(abviz.from_aima(Pick()), "minimax").value
-1
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, List, Optional


class AimaState:
    """An aima-python game at one state, seen by abviz: MAX is the player to move at the root
    (as aima-python's ``alpha_beta_search`` takes it), values are ``game.utility(state, MAX)``
    (or ``eval_fn(state)``)."""

    __slots__ = ("game", "state", "max_player", "eval_fn", "key_fn")

    def __init__(
        self,
        game: Any,
        state: Any,
        max_player: Any,
        eval_fn: Optional[Callable[[Any], Any]],
        key_fn: Optional[Callable[[Any], Hashable]],
    ) -> None:
        self.game = game
        self.state = state
        self.max_player = max_player
        self.eval_fn = eval_fn
        self.key_fn = key_fn

    def to_move(self) -> str:
        return "max" if self.game.to_move(self.state) == self.max_player else "min"

    def moves(self) -> List[Any]:
        return list(self.game.actions(self.state))

    def result(self, move: Any) -> "AimaState":
        return AimaState(self.game, self.game.result(self.state, move), self.max_player, self.eval_fn, self.key_fn)

    def is_terminal(self) -> bool:
        return bool(self.game.terminal_test(self.state))

    def evaluate(self) -> Any:
        if self.eval_fn is not None:
            return self.eval_fn(self.state)
        return self.game.utility(self.state, self.max_player)

    def __str__(self) -> str:
        return str(self.state)


class KeyedAimaState(AimaState):
    """An :class:`AimaState` whose positions have keys, for transposition tables (abviz asks
    for a key only where the method exists)."""

    __slots__ = ()

    def result(self, move: Any) -> "KeyedAimaState":
        return KeyedAimaState(self.game, self.game.result(self.state, move), self.max_player, self.eval_fn, self.key_fn)

    def key(self) -> Hashable:
        assert self.key_fn is not None
        return self.key_fn(self.state)


def from_aima(
    game: Any,
    state: Any = None,
    *,
    eval_fn: Optional[Callable[[Any], Any]] = None,
    key: Optional[Callable[[Any], Hashable]] = None,
    max_player: Any = None,
) -> AimaState:
    """An aima-python ``Game`` at ``state`` (default ``game.initial``) as an abviz game.

    MAX is ``max_player``, by default the player to move at ``state``; a position's value is
    ``game.utility(state, MAX)``, or ``eval_fn(state)`` when given (as the ``eval_fn`` of
    aima-python's ``alpha_beta_cutoff_search``). ``key(state)`` gives positions a key for the
    transposition tables of MTD(f) and iterative deepening. Moves are labelled ``str(move)``.
    """
    start = game.initial if state is None else state
    player = game.to_move(start) if max_player is None else max_player
    cls = KeyedAimaState if key is not None else AimaState
    return cls(game, start, player, eval_fn, key)


class CS188State:
    """A CS188-style ``GameState`` with the agent to move: agent 0 (Pacman) is MAX, the
    others (the ghosts) MIN, in turn; values are ``round(scale * evaluation(state))``."""

    __slots__ = ("state", "agent", "agents", "evaluation", "scale")

    def __init__(self, state: Any, agent: int, agents: int, evaluation: Callable[[Any], Any], scale: float) -> None:
        self.state = state
        self.agent = agent
        self.agents = agents
        self.evaluation = evaluation
        self.scale = scale

    def to_move(self) -> str:
        return "max" if self.agent == 0 else "min"

    def moves(self) -> List[Any]:
        return list(self.state.getLegalActions(self.agent))

    def result(self, action: Any) -> "CS188State":
        nxt = self.state.generateSuccessor(self.agent, action)
        return CS188State(nxt, (self.agent + 1) % self.agents, self.agents, self.evaluation, self.scale)

    def is_terminal(self) -> bool:
        return bool(self.state.isWin() or self.state.isLose() or not self.moves())

    def evaluate(self) -> int:
        return round(self.scale * self.evaluation(self.state))

    def label(self, action: Any) -> str:
        return f"{action}" if self.agents == 2 else f"{self.agent}:{action}"

    def __str__(self) -> str:
        return str(self.state)


def from_cs188(
    state: Any,
    evaluation: Optional[Callable[[Any], Any]] = None,
    *,
    agent: int = 0,
    scale: float = 1,
) -> CS188State:
    """A CS188-style ``GameState`` as an abviz game, with ``agent`` to move.

    ``evaluation(state)`` scores a position (default ``state.getScore()``, as CS188's
    ``scoreEvaluationFunction``); abviz's values are whole numbers, so the score is multiplied
    by ``scale`` and rounded. A position is terminal when ``isWin()`` or ``isLose()`` or the
    agent has no legal action. Each agent's move is one ply: CS188's depth ``d`` (every agent
    moves ``d`` times) is ``abviz.search(..., depth=d * state.getNumAgents())``. With more than
    two agents a move is labelled with its agent ("1:West").
    """
    ev = evaluation if evaluation is not None else (lambda s: s.getScore())
    return CS188State(state, agent, int(state.getNumAgents()), ev, scale)
