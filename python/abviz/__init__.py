"""abviz — game-tree search made visible, in Python and in notebooks.

abviz traces minimax, alpha-beta, PVS, MTD(f), iterative deepening, MCTS and more: it records
every node a search visits, the window it entered and left with, every value and every
cutoff, and draws the result (SVG, PNG, PDF, DOT, TikZ, a step-through page).

>>> import abviz
>>> aima = abviz.tree("A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))")
>>> t = aima.search("alphabeta")
>>> t.value, t.best_move, t.pv
(3, 'B', ['B', '1'])
>>> t.stats["nodes"], t.stats["cutoffs"]
(11, 2)

In a notebook a trace shows itself as its figure, ``t.page()`` shows the whole step-through
page inline, and ``abviz.compare(...)`` shows a table. Your own games written in Python are
traced by the same searches: ``abviz.search(my_game, "alphabeta", depth=4)`` (see
:class:`abviz.protocol.PlayUndoGame` for what a game provides, and :mod:`abviz.adapters` for
aima-python's games and CS188-style game states).
"""

from __future__ import annotations

import gzip
import os
from typing import Union

from . import adapters, protocol
from ._abviz import (
    MAX_PLIES,
    AbvizError,
    Comparison,
    GameError,
    Input,
    Page,
    SearchStopped,
    Trace,
    __version__,
    algorithms,
    compare,
    game,
    games,
    loads,
    random_tree,
    search,
    tikz_package,
    tree,
)
from .adapters import from_aima, from_cs188

__all__ = [
    "MAX_PLIES",
    "AbvizError",
    "Comparison",
    "GameError",
    "Input",
    "Page",
    "SearchStopped",
    "Trace",
    "__version__",
    "adapters",
    "algorithms",
    "compare",
    "from_aima",
    "from_cs188",
    "game",
    "games",
    "load",
    "loads",
    "protocol",
    "random_tree",
    "search",
    "tikz_package",
    "tree",
]


def load(path: Union[str, "os.PathLike[str]"]) -> Trace:
    """Reads a trace file (JSON, as ``Trace.save("t.json")`` or ``abviz run -o t.json`` writes it;
    gzipped too, as ``abviz play --explain`` writes each move's ``move-NN.json.gz``).

    >>> import abviz, tempfile, os
    >>> t = abviz.tree("((3 12 8) (2 4 6) (14 5 2))").search()
    >>> path = os.path.join(tempfile.mkdtemp(), "aima.json")
    >>> _ = t.save(path)
    >>> abviz.load(path).stats["nodes"]
    11
    """
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":  # gzip's magic: JSON text never starts so
        data = gzip.decompress(data)
    return loads(data.decode("utf-8"))
