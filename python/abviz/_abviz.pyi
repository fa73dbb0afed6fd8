"""Type stubs of the extension module ``abviz._abviz`` (re-exported by ``abviz``)."""

import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from .protocol import Game

__version__: str
MAX_PLIES: int
"""The longest line a search of a Python game may follow (a game that never ends is stopped)."""

Value = Union[int, float]
"""A value: a whole number, or float("inf") / -float("inf")."""

Record = Dict[str, Any]
PathLike = Union[str, "os.PathLike[str]"]

class AbvizError(ValueError):
    """Bad input, options that do not fit, or a view that cannot be made."""

class SearchStopped(AbvizError):
    """A search hit its node budget (option max_nodes) or time limit (option time)."""

class GameError(AbvizError):
    """A Python game's callback raised (the original exception is ``__cause__``) or answered
    something abviz cannot use."""

    method: str
    """The callback that failed, e.g. "play((1, 1))" or "evaluate()"."""
    moves: Tuple[Any, ...]
    """The moves from the root to the position where it failed."""

class Input:
    """Something to search: an explicit tree, a random tree or a built-in game's position."""

    @property
    def description(self) -> str:
        """What is searched, in one line."""
    def search(self, algorithm: Optional[str] = None, **options: Any) -> Trace:
        """Runs ``algorithm`` (default: AIMA's fail-soft alpha-beta) and returns its trace.

        Options: max_nodes, time, guess, window, heuristics, quiescence, iterations,
        exploration, seed, playout_limit, record_playouts, positions, minimax_reference,
        pruned_subtrees.
        """

class Page:
    """The step-through page, shown inline in a notebook (an iframe, no network)."""

    @property
    def html(self) -> str:
        """The whole self-contained page."""
    def save(self, path: PathLike) -> str:
        """Writes the page to the file ``path``."""
    def _repr_html_(self) -> str: ...

class Trace:
    """One recorded search: result, counts, every node and event, and every view."""

    @property
    def value(self) -> Value:
        """The root's value from MAX's point of view."""
    @property
    def best_move(self) -> Optional[str]:
        """The best move's label."""
    @property
    def pv(self) -> List[str]:
        """The principal variation's move labels from the root."""
    @property
    def algorithm(self) -> str:
        """The algorithm's name."""
    @property
    def input(self) -> str:
        """What was searched, in one line."""
    @property
    def stats(self) -> Record:
        """The counts (nodes, leaves, cutoffs, pruned, passes, max_depth, ...)."""
    @property
    def minimax(self) -> Optional[Record]:
        """The counts of a plain minimax search of the same input, when taken."""
    @property
    def nodes(self) -> List[Record]:
        """Every node as a record with the trace file's fields."""
    @property
    def events(self) -> List[Record]:
        """Every event as a record (step, kind and its data)."""
    @property
    def cutoffs(self) -> List[Record]:
        """Every cutoff: node, path, move, name, kind, child, alpha, beta, bound_from, pruned."""
    @property
    def steps(self) -> int:
        """How many steps (events) the search took."""
    def narration(self, step: Optional[int] = None) -> Union[str, List[str]]:
        """The sentence of step ``step`` (1-based), or every sentence when None."""
    def to_text(self, **options: Any) -> str:
        """The annotated tree as text (what ``abviz run`` prints)."""
    def to_svg(self, **options: Any) -> str:
        """The figure as SVG. Options: labels, show_pruned, rankdir, style, max_depth,
        collapse, pv_only, legend, exercise, pass_number, all_passes, min_visits; for TikZ also
        steps ("coarse", "medium", "fine": beamer overlays), tikz_body and title."""
    def to_png(self, **options: Any) -> bytes:
        """The figure as PNG."""
    def to_pdf(self, **options: Any) -> bytes:
        """The figure as a one-page PDF."""
    def to_dot(self, **options: Any) -> str:
        """The figure as Graphviz DOT."""
    def to_tikz(self, **options: Any) -> str:
        """The figure as a LaTeX/TikZ document; steps="coarse" makes a beamer frame of overlays,
        tikz_body=True the picture (or frame) alone for a document that loads abviz.sty
        (``tikz_package()``), title= the frame's title."""
    def to_json(self, compact: bool = False, stats_only: bool = False) -> str:
        """The trace file (format abviz-trace, version 2)."""
    def to_pandas(self) -> Any:
        """The nodes as a pandas DataFrame (needs pandas)."""
    def save(self, path: PathLike, **options: Any) -> str:
        """Writes the file ``path``'s extension names (.svg .png .pdf .dot .tex .json .txt)."""
    def save_page(self, path: PathLike, **options: Any) -> str:
        """Writes the step-through page into the folder ``path``; returns index.html's path."""
    def page(self, height: int = 720, **options: Any) -> Page:
        """The step-through page, to show inline in a notebook."""
    def _repr_svg_(self) -> str: ...

class Comparison:
    """Node counts of several algorithms on the same inputs; shown as a table."""

    @property
    def rows(self) -> List[Record]:
        """One record per input and algorithm."""
    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (needs pandas)."""
    def to_markdown(self, layout: str | None = None, measure: str | None = None) -> str: ...
    def to_latex(self, measure: str | None = None) -> str: ...
    def to_svg(self, measure: str | None = None) -> str: ...
    def to_csv(self) -> str: ...
    def to_json(self) -> str: ...
    def to_html(self) -> str:
        """The comparison page: charts, table and notes."""
    def save(self, path: PathLike) -> str: ...
    def _repr_html_(self) -> str: ...

def tree(
    text: str, root: Optional[str] = None, ordering: Optional[str] = None, depth: Optional[int] = None
) -> Input:
    """An explicit tree in abviz's notation, e.g. "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))";
    with `depth`, searched to that depth, the interior nodes there evaluated by their static
    values ("A=10:(B=11:(10 6) C=9:(9 4))")."""

def random_tree(
    branching: int,
    depth: int,
    seed: int = 1,
    values: Tuple[int, int] = (0, 20),
    ordering: str = "natural",
    root: str = "max",
) -> Input:
    """A seeded random uniform tree."""

def game(name: str, position: Optional[str] = None, depth: Optional[int] = None, **options: Any) -> Input:
    """A position of a built-in game (see ``games()``), searched to ``depth`` plies."""

def search(target: Union[Input, Game], algorithm: Optional[str] = None, depth: Optional[int] = None, **options: Any) -> Trace:
    """Searches an ``Input`` or a Python game and returns the trace."""

def compare(inputs: Union[Input, Sequence[Input]], algorithms: Optional[Sequence[str]] = None, max_nodes: int = 2000000) -> Comparison:
    """Counts what each algorithm does on each input."""

def loads(text: str) -> Trace:
    """Reads a trace from its JSON text."""

def algorithms() -> List[str]:
    """The algorithms' names."""

def games() -> List[str]:
    """The built-in games' names."""

def tikz_package() -> str:
    """abviz.sty, the LaTeX package ``to_tikz(tikz_body=True)`` figures need."""

def run_cli(args: List[str]) -> int:
    """Runs the abviz command line (program name first) and returns its exit code."""
