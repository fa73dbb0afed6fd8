"""Nodes per second of alpha-beta on tic-tac-toe, from the empty board to the end of the game:

* abviz on a Python tic-tac-toe (tests/python/ttt.py, play/undo), every node recorded;
* abviz on aima-python's own TicTacToe through abviz.from_aima (the same game code aima uses);
* aima-python's own alphabeta_search on its own TicTacToe (the aima3 package, installed in this
  bench's virtual environment only);
* abviz's built-in (Rust) tic-tac-toe, the same tree node for node as the Python one;
* a plain Python alpha-beta calling the same callbacks as abviz does on ttt.py, without abviz:
  what the callbacks cost by themselves.

The per-node cost of the Python callbacks is (abviz on ttt.py − built-in) / nodes; abviz's own
share of it is (abviz on ttt.py − plain Python over the same callbacks) / nodes. Every number
is the best of --repeat runs, all measured in this one run. Run with benches/python/run.sh.
"""

import argparse
import math
import sys
import time
from pathlib import Path

import abviz

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "python"))
from counting import Counted  # noqa: E402
from ttt import TicTacToe  # noqa: E402


def best_of(repeat, fn):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def plain_alphabeta(g):
    """Fail-hard alpha-beta in plain Python over ttt.py's callbacks, asking what abviz asks of
    each node (to_move, is_terminal, evaluate or moves, a label per child, play and undo)."""
    nodes = 0

    def ab(alpha, beta):
        nonlocal nodes
        nodes += 1
        g.to_move()
        if g.is_terminal():
            return g.evaluate()
        ms = g.moves()
        for m in ms:
            g.label(m)
        maximize = g.to_move() == "max"
        for m in ms:
            g.play(m)
            v = ab(alpha, beta)
            g.undo(m)
            if maximize:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        return alpha if maximize else beta

    value = ab(-math.inf, math.inf)
    return value, nodes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows = []

    t_py, trace = best_of(args.repeat, lambda: abviz.search(TicTacToe(), "alphabeta", positions=False))
    n_py = trace.stats["nodes"]
    rows.append(("abviz, Python tic-tac-toe (ttt.py), recorded", n_py, t_py, trace.value))

    t_rec, trace_pos = best_of(args.repeat, lambda: abviz.search(TicTacToe(), "alphabeta"))
    rows.append(("abviz, the same, with each position's text", trace_pos.stats["nodes"], t_rec, trace_pos.value))

    t_rust, built = best_of(args.repeat, lambda: abviz.game("tictactoe", depth=None).search("alphabeta", minimax_reference=False))
    assert built.stats["nodes"] == n_py, "the built-in game is the same tree, node for node"
    rows.append(("abviz, built-in (Rust) tic-tac-toe, recorded", n_py, t_rust, built.value))

    t_plain, (v_plain, n_plain) = best_of(args.repeat, lambda: plain_alphabeta(TicTacToe()))
    assert n_plain == n_py, (n_plain, n_py)
    rows.append(("plain Python alpha-beta over ttt.py's callbacks", n_plain, t_plain, v_plain))

    try:
        from aima3 import games
    except ImportError as e:
        print(f"SKIPPED: aima-python's rows (aima3 does not import: {e}); run.sh installs it", file=sys.stderr)
        games = None
    if games is not None:
        def aima_own():
            g = Counted(games.TicTacToe())
            move = games.alphabeta_search(g.initial, g)
            return move, g.nodes

        t_aima, (move, n_aima) = best_of(args.repeat, aima_own)
        rows.append((f"aima-python alphabeta_search, its TicTacToe (move {move})", n_aima, t_aima, None))
        t_adapt, via = best_of(args.repeat, lambda: abviz.search(abviz.from_aima(games.TicTacToe()), "alphabeta", positions=False))
        rows.append(("abviz on aima-python's TicTacToe (from_aima), recorded", via.stats["nodes"], t_adapt, via.value))

    print(f"{'search':58} {'nodes':>8} {'seconds':>9} {'nodes/s':>10} {'µs/node':>8}")
    for name, nodes, secs, _ in rows:
        print(f"{name:58} {nodes:8d} {secs:9.4f} {nodes / secs:10.0f} {1e6 * secs / nodes:8.2f}")
    per_node = 1e6 * (t_py - t_rust) / n_py
    own = 1e6 * (t_py - t_plain) / n_py
    print()
    print(f"Python callbacks cost {per_node:.2f} µs per node (abviz on ttt.py − built-in, {n_py} nodes);")
    print(f"of which abviz's adapter and recording {own:.2f} µs and the game's own Python code {per_node - own:.2f} µs.")
    print(f"abviz on ttt.py is {t_py / t_rust:.1f}x the built-in game's time, {t_py / t_plain:.2f}x plain Python's.")
    if games is not None:
        r_own = (n_py / t_py) / (n_aima / t_aima)
        r_same = (via.stats["nodes"] / t_adapt) / (n_aima / t_aima)
        print(f"Nodes per second, abviz on ttt.py / aima-python's own search: {r_own:.2f}x;")
        print(f"abviz on aima's own TicTacToe / aima-python's own search on it: {r_same:.2f}x.")


if __name__ == "__main__":
    main()
