"""Python games traced by abviz's searches: node for node the same as the built-in game, the
adapters for aima-python and CS188-style states, and games that fail: a callback that raises,
an illegal move, a game that never ends — each a clear Python error, with the game given back
as it was and nothing left behind."""

import gc
import json
import weakref

import pytest

import abviz
from ttt import TicTacToe, TicTacToeState

POSITIONS = [("." * 9, 3), ("XO./.X./...", 9), ("X../.O./...", 4)]
ALGORITHMS = [a for a in abviz.algorithms()]


def comparable(trace):
    """The parts of a trace that must match: nodes and events, without the position texts and
    the transposition keys (which name positions by the game's own numbers)."""
    doc = json.loads(trace.to_json())
    for n in doc["nodes"]:
        n.pop("position", None)
    for e in doc["events"]:
        e.pop("key", None)
    return doc["result"], doc["stats"], doc["nodes"], doc["events"]


@pytest.mark.parametrize("algo", ALGORITHMS)
@pytest.mark.parametrize("position,depth", POSITIONS)
def test_python_tictactoe_matches_the_built_in_node_for_node(algo, position, depth):
    options = {"iterations": 300, "seed": 3} if algo == "mcts" else {}
    built_in = abviz.game("tictactoe", position=position, depth=depth).search(algo, minimax_reference=False, **options)
    for game in (TicTacToe(position), TicTacToeState(position)):
        mine = abviz.search(game, algo, depth=depth, **options)
        assert comparable(mine) == comparable(built_in)


@pytest.mark.parametrize("algo", ["alphabeta", "negamax-ab", "mtdf"])
def test_open_lines_with_infinite_values(algo):
    built_in = abviz.game("tictactoe", position="XO./.X./...", depth=2, eval="open-lines").search(algo)
    mine = abviz.search(TicTacToe("XO./.X./...", eval="open-lines"), algo, depth=2)
    assert comparable(mine)[2] == comparable(built_in)[2]


def test_whole_game_to_the_end():
    t = abviz.search(TicTacToe(), "alphabeta")
    assert t.value == 0
    assert t.stats["nodes"] == abviz.game("tictactoe", depth=None).search("alphabeta").stats["nodes"]


def test_a_python_trace_has_every_view():
    t = abviz.search(TicTacToe("XO./.X./..."), "alphabeta", depth=3, minimax_reference=True)
    assert t.minimax["nodes"] > t.stats["nodes"]
    assert "Python game TicTacToe" in t.input and "X O ." in t.nodes[0]["position"]
    assert t.to_svg().startswith("<") and t.to_png()[:4] == b"\x89PNG"
    assert "c3" in t.to_text() and "<iframe" in t.page()._repr_html_()
    assert t.narration(1)


def test_play_undo_game_is_given_back_as_it_was():
    game = TicTacToe("XO./.X./...")
    before = list(game.board)
    abviz.search(game, "mtdf", depth=4)
    abviz.search(game, "mcts", depth=4, iterations=100)
    assert game.board == before and game.stones == 3


class Counting(TicTacToe):
    """Counts the calls of each callback."""

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.calls = {}

    def __getattribute__(self, name):
        if name in ("play", "undo", "moves", "evaluate", "is_terminal", "to_move", "label", "key"):
            calls = object.__getattribute__(self, "calls")
            calls[name] = calls.get(name, 0) + 1
        return object.__getattribute__(self, name)


def test_each_position_is_asked_once():
    g = Counting("XO./.X./...")
    t = abviz.search(g, "alphabeta", depth=3, positions=False)
    s = t.stats
    # One moves() per interior node; to_move() once per node and pruned child (the recorder
    # records who moves there) and once for the description; each play taken back.
    # (The principal variation's positions are asked again when the result is labelled.)
    assert s["interior"] <= g.calls["moves"] <= s["interior"] + len(t.pv)
    assert g.calls["to_move"] == s["nodes"] + s["pruned"] + 1
    # Every move played is taken back; beyond the search's own moves, only the principal
    # variation is played again (to label it).
    assert g.calls["play"] == g.calls["undo"]
    assert s["nodes"] - 1 + s["pruned"] <= g.calls["play"] <= s["nodes"] - 1 + s["pruned"] + 2 * len(t.pv)


# --- adapters -------------------------------------------------------------------------------


class AimaTicTacToe:
    """aima-python's TicTacToe, re-typed (its Game interface: actions, result, utility,
    terminal_test, to_move, initial) over the same cells as ttt.py."""

    initial = ("." * 9, "X")

    def actions(self, state):
        board, _ = state
        return TicTacToe(board).moves()

    def result(self, state, move):
        board, player = state
        return (board[:move] + player + board[move + 1 :], "O" if player == "X" else "X")

    def utility(self, state, player):
        v = TicTacToe(state[0]).evaluate()
        return v if player == "X" else -v

    def terminal_test(self, state):
        return TicTacToe(state[0]).is_terminal()

    def to_move(self, state):
        return state[1]


def test_aima_adapter():
    game = AimaTicTacToe()
    state = ("XO..X....", "O")
    t = abviz.search(abviz.from_aima(game, state), "alphabeta", depth=3)
    built_in = abviz.game("tictactoe", position="XO./.X./...", depth=3).search("alphabeta")
    assert (t.value, t.stats["nodes"]) == (built_in.value, built_in.stats["nodes"])
    # O to move is MAX for aima's searches: values are from O's side.
    t = abviz.search(abviz.from_aima(game, state, max_player="X"), "minimax", depth=3)
    assert t.value == built_in.value
    keyed = abviz.search(abviz.from_aima(game, state, key=lambda s: s[0]), "mtdf", depth=3)
    assert keyed.value == built_in.value and keyed.stats["tt_hits"] > 0


class Pacman:
    """A CS188-style GameState: agent 0 walks on a line of cells toward food, agent 1 (a ghost)
    chases it; agents move in turn."""

    def __init__(self, pac=0, ghost=4, food=3, score=0):
        self.pac, self.ghost, self.food, self.score = pac, ghost, food, score

    def getNumAgents(self):
        return 2

    def getLegalActions(self, agent):
        if self.isWin() or self.isLose():
            return []
        pos = self.pac if agent == 0 else self.ghost
        return [a for a, d in (("West", -1), ("East", 1)) if 0 <= pos + d <= 5]

    def generateSuccessor(self, agent, action):
        d = -1 if action == "West" else 1
        if agent == 0:
            return Pacman(self.pac + d, self.ghost, self.food, self.score - 1)
        return Pacman(self.pac, self.ghost + d, self.food, self.score)

    def isWin(self):
        return self.pac == self.food

    def isLose(self):
        return self.pac == self.ghost

    def getScore(self):
        return self.score + (500 if self.isWin() else -500 if self.isLose() else 0)


def test_cs188_adapter():
    root = abviz.from_cs188(Pacman())
    t = abviz.search(root, "minimax", depth=2 * 2)
    assert t.best_move == "East"
    assert t.nodes[1]["player"] == "min"
    half = abviz.search(abviz.from_cs188(Pacman(), lambda s: s.getScore() / 2, scale=2), "alphabeta", depth=4)
    assert half.value == t.value


# --- games that fail ------------------------------------------------------------------------


class Faulty(TicTacToe):
    """Tic-tac-toe whose callback `where` raises ZeroDivisionError after the line `after`."""

    def __init__(self, where, after):
        super().__init__()
        self.where, self.after = where, after
        self.line = []

    def play(self, cell):
        # A move that raises leaves the game unchanged (as a move refused as illegal does).
        if self.where == "play" and self.line + [cell] == self.after:
            raise ZeroDivisionError("bad square")
        super().play(cell)
        self.line.append(cell)

    def undo(self, cell):
        super().undo(cell)
        self.line.pop()

    def evaluate(self):
        if self.where == "evaluate" and self.line == self.after:
            raise ZeroDivisionError("bad square")
        return super().evaluate()


@pytest.mark.parametrize("where", ["play", "evaluate"])
def test_a_raising_callback_is_a_game_error_with_the_move_path(where):
    game = Faulty(where, [4, 0])
    with pytest.raises(abviz.GameError) as info:
        abviz.search(game, "alphabeta", depth=2)
    e = info.value
    assert isinstance(e.__cause__, ZeroDivisionError) and str(e.__cause__) == "bad square"
    # The moves lead to the position the failing callback was asked about.
    if where == "play":
        assert (e.method, e.moves) == ("play(0)", (4,))
        assert "play(0) failed after the moves 4 from the root" in str(e)
    else:
        assert (e.method, e.moves) == ("evaluate()", (4, 0))
        assert "evaluate() failed after the moves 4, 0 from the root" in str(e)
    assert "ZeroDivisionError: bad square" in str(e)
    # The game is back at the root (the moves played were taken back).
    assert game.board == ["."] * 9 and game.line == []


def test_an_illegal_move_is_a_game_error():
    class Illegal(TicTacToe):
        def moves(self):
            return super().moves() + ([9] if self.stones == 1 else [])

    with pytest.raises(abviz.GameError, match=r"play\(9\) failed after the moves 0 from the root: IndexError") as info:
        abviz.search(Illegal(), "minimax", depth=2)
    assert info.value.moves == (0,)


@pytest.mark.parametrize(
    "method,answer,message",
    [
        ("to_move", lambda self: "X", "to_move\\(\\) returned 'X'; it must return 'max' or 'min'"),
        ("evaluate", lambda self: 0.5, "evaluate\\(\\) returned 0.5: .*whole numbers"),
        ("evaluate", lambda self: "one", "evaluate\\(\\) returned 'one': not a number"),
        ("evaluate", lambda self: 10**12, "whole numbers from"),
        ("moves", lambda self: 42, "moves\\(\\) failed .*TypeError"),
        ("moves", lambda self: [], "no moves where is_terminal\\(\\) is False"),
    ],
)
def test_answers_abviz_cannot_use_are_game_errors(method, answer, message):
    Bad = type("Bad", (TicTacToe,), {method: answer})
    with pytest.raises(abviz.GameError, match=message):
        abviz.search(Bad(), "alphabeta", depth=2)


def test_result_returning_none_is_a_game_error():
    class NoneResult(TicTacToeState):
        def result(self, cell):
            return None

    with pytest.raises(abviz.GameError, match="returned None"):
        abviz.search(NoneResult(), "minimax", depth=1)


class Forever:
    """A game that never ends: one move, forever."""

    def __init__(self, branching=1):
        self.b, self.turn, self.depth = branching, "max", 0

    def to_move(self):
        return self.turn

    def moves(self):
        return list(range(self.b))

    def play(self, m):
        self.depth += 1
        self.turn = "min" if self.turn == "max" else "max"

    def undo(self, m):
        self.depth -= 1
        self.turn = "min" if self.turn == "max" else "max"

    def is_terminal(self):
        return False

    def evaluate(self):
        return 0


def test_a_game_that_never_ends_is_stopped():
    game = Forever()
    with pytest.raises(abviz.GameError, match="more than 1000 moves along one line") as info:
        abviz.search(game, "alphabeta")
    assert len(info.value.moves) == 1000 and len(str(info.value)) < 400
    assert game.depth == 0
    wide = Forever(3)
    with pytest.raises(abviz.SearchStopped, match="5000 nodes"):
        abviz.search(wide, "minimax", depth=20, max_nodes=5000)
    assert wide.depth == 0
    # MCTS's playouts stop at their length limit; a depth limit ends any search.
    assert abviz.search(Forever(2), "mcts", iterations=20, playout_limit=50).stats["iterations"] == 20
    assert abviz.search(Forever(2), "pvs", depth=6).value == 0


def test_not_a_game_is_a_type_error():
    with pytest.raises(TypeError, match="Half has no is_terminal\\(\\), evaluate\\(\\)"):

        class Half:
            def to_move(self):
                return "max"

            def moves(self):
                return []

            def play(self, m):
                pass

            def undo(self, m):
                pass

        abviz.search(Half(), "minimax")
    with pytest.raises(TypeError, match="play\\(move\\) and undo\\(move\\), or result\\(move\\)"):
        abviz.search(object(), "minimax")


def test_keyboard_interrupt_is_not_wrapped():
    class Interrupted(TicTacToe):
        def evaluate(self):
            raise KeyboardInterrupt

    game = Interrupted()
    with pytest.raises(KeyboardInterrupt):
        abviz.search(game, "alphabeta", depth=2)
    assert game.stones == 0


def test_failed_searches_leave_nothing_behind():
    """After failing searches, every state and move object the game made is freed."""
    made = weakref.WeakSet()

    class Move:
        def __init__(self, cell):
            self.cell = cell
            made.add(self)

        def __str__(self):
            return str(self.cell)

    class Tracked(TicTacToeState):
        __slots__ = ("__weakref__",)

        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            made.add(self)

        def moves(self):
            return [Move(c) for c in super().moves()]

        def label(self, move):
            return str(move)

        def result(self, move):
            nxt = super().result(move.cell)
            if self.board.count(".") == 6:
                raise RuntimeError("deep enough")
            return Tracked(nxt.board, nxt.eval)

    def fail_once():
        try:
            abviz.search(Tracked(), "alphabeta", depth=5)
        except abviz.GameError as e:
            assert isinstance(e.__cause__, RuntimeError)
        else:
            raise AssertionError("the search should fail")

    for _ in range(20):
        fail_once()
    gc.collect()
    assert len(made) == 0
    # And a search that succeeds frees them too.
    t = abviz.search(TicTacToeState(), "alphabeta", depth=3)
    del t
    gc.collect()
    assert len(made) == 0


def test_memory_stays_flat_over_many_failing_searches():
    import tracemalloc

    game = Faulty("evaluate", [4, 0, 8, 1])

    def run(n):
        for _ in range(n):
            with pytest.raises(abviz.GameError):
                abviz.search(game, "alphabeta", depth=4)

    run(20)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    run(200)
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    assert grown < 64 * 1024, grown
