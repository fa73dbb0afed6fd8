"""abviz.from_aima on aima-python's own games (the aima3 package, its games.py unchanged),
checked against aima-python's own searches: the same moves, the same node counts, and on
AIMA's Figure 5.2 game the same numbers as abviz's explicit tree of that figure.

.ci/run installs aima3 (without its notebook dependencies) into the test environment; where
it is missing these tests are skipped."""

import pytest

import abviz
from counting import Counted

games = pytest.importorskip("aima3.games")


def test_figure_5_2_is_aimas_tree():
    fig = games.Fig52Game()
    tree = abviz.tree("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))")
    for algo in ["minimax", "alphabeta"]:
        mine = abviz.search(abviz.from_aima(fig), algo)
        theirs = tree.search(algo)
        assert (mine.value, mine.best_move, mine.pv) == (3, "a1", ["a1", "b1"])
        # The same counts, except that aima's leaves are finished games (terminal_test() is
        # true there) where a tree's leaves are static values: horizon leaves.
        assert mine.stats["horizon_leaves"] == 0 and theirs.stats["horizon_leaves"] == theirs.stats["leaves"]
        assert {**mine.stats, "horizon_leaves": None} == {**theirs.stats, "horizon_leaves": None}
        # Node for node: the same values, windows, bounds and statuses in the same order (a
        # finished game's status is "terminal", a tree leaf's "leaf"; a tree knows the values
        # of its pruned leaves, a game never evaluates them).
        fields = ["player", "depth", "value", "bound", "alpha_in", "beta_in", "status"]

        def row(n):
            r = {f: n[f] for f in fields}
            r["status"] = {"terminal": "leaf"}.get(r["status"], r["status"])
            if r["status"] == "pruned":
                r["value"] = None
            return r

        assert [row(n) for n in mine.nodes] == [row(n) for n in theirs.nodes]
    assert games.alphabeta_search(fig.initial, fig) == games.minimax_decision(fig.initial, fig) == "a1"


def test_tictactoe_alphabeta_as_aima_searches_it():
    """aima's alphabeta_search (fail-soft, Figure 5.7) on its TicTacToe from a middle game and
    from the empty board: abviz on the same game code reaches as many positions and picks the
    same move."""
    ttt = games.TicTacToe()
    middle = ttt.result(ttt.result(ttt.initial, (2, 2)), (1, 1))
    for state in [middle, ttt.initial]:
        counted = Counted(ttt)
        move = games.alphabeta_search(state, counted)
        t = abviz.search(abviz.from_aima(ttt, state), "alphabeta", positions=False)
        assert t.best_move == str(move)
        assert t.stats["nodes"] == counted.nodes
    assert t.value == 0


def test_tictactoe_minimax_as_aima_searches_it():
    ttt = games.TicTacToe()
    state = ttt.result(ttt.result(ttt.result(ttt.initial, (2, 2)), (1, 1)), (3, 3))
    counted = Counted(ttt)
    # minimax_decision asks argmax over the root's moves: one result() per move, then the rest.
    move = games.minimax_decision(state, counted)
    t = abviz.search(abviz.from_aima(ttt, state), "minimax", positions=False)
    assert t.best_move == str(move) and t.stats["nodes"] == counted.nodes


def test_cutoff_search_with_an_evaluation():
    """alphabeta_cutoff_search(d=2) stops below depth 2 counted from the root's children (depth 1),
    i.e. three plies: abviz's depth=3 with the same eval_fn."""
    ttt = games.TicTacToe()
    state = ttt.result(ttt.initial, (2, 2))

    def eval_fn(s):
        # Squares held, weighted: corners 3, centre 4, edges 2; X minus O (whole numbers).
        weight = {(x, y): 4 if (x, y) == (2, 2) else 3 if x != 2 and y != 2 else 2 for x in (1, 2, 3) for y in (1, 2, 3)}
        return sum(weight[p] * (1 if who == "X" else -1) for p, who in s.board.items()) + 100 * s.utility

    counted = Counted(ttt)
    move = games.alphabeta_cutoff_search(state, counted, d=2, eval_fn=lambda s: -eval_fn(s))
    # O moves at `state`, so MAX is O: values from O's side, as aima's search takes them.
    t = abviz.search(abviz.from_aima(ttt, state, eval_fn=lambda s: -eval_fn(s)), "alphabeta", depth=3)
    assert t.best_move == str(move) and t.stats["nodes"] == counted.nodes


def test_every_algorithm_agrees_on_connect_four_from_aima():
    """aima's ConnectFour (7x6, four in a row, a move per column) at depth 3: every exact
    algorithm finds alpha-beta's value."""
    c4 = games.ConnectFour()
    values = {algo: abviz.search(abviz.from_aima(c4, key=lambda s: frozenset(s.board.items())), algo, depth=3).value for algo in abviz.algorithms() if algo != "mcts"}
    assert len(set(values.values())) == 1, values
