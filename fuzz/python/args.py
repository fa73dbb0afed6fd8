"""Fuzz target: the Python entry points' arguments (issue 30).

Each input picks an entry point of the ``abviz`` package and its arguments — strings (trees in
the notation and as JSON, algorithm, game and option names, positions, formats), ints (huge,
negative, zero), floats (nan, inf), None, wrong types and unknown keyword arguments — and calls
it. Bad input may raise what the API documents for it (``abviz.AbvizError`` and its subclasses
``SearchStopped`` and ``GameError``, ``ValueError``, ``TypeError``, ``KeyError``,
``IndexError`` for a step out of range, ``OverflowError`` for an int that does not fit an
argument's range); anything else is a crash: a Rust panic (``pyo3_runtime.PanicException``, a
``BaseException``), a ``SystemError``, a segfault, or a hang (libFuzzer's ``-timeout``).

Every search is kept cheap: the fuzzed options go through, but ``max_nodes``, ``time``,
``iterations`` and ``playout_limit`` are capped after them, so one input stays around a
millisecond or two.

The input is decoded by :class:`Bytes`, a small pure-Python reader (the methods of
``atheris.FuzzedDataProvider`` that the target uses), so that ``one_input`` runs without
atheris (tests/python/test_fuzz_args.py) and a crash input found by atheris replays the same
calls under pytest.

Long run (docs/fuzzing.md)::

    python fuzz/python/args.py /tmp/python_args fuzz/corpus/python_args -runs=10000000 -timeout=10
"""

from __future__ import annotations

import atexit
import json
import math
import os
import shutil
import struct
import sys
import tempfile

import abviz

# What bad input may raise (see the module's docstring).
ALLOWED = (abviz.AbvizError, ValueError, TypeError, KeyError, IndexError, OverflowError)

# The caps a search runs under, whatever the fuzzed options asked for.
MAX_NODES = 2000
MAX_SECONDS = 0.05
MAX_ITERATIONS = 200

ALGORITHMS = abviz.algorithms() + ["", "ALPHABETA", "mcts ", "expectimax", "star1", "\u202e", "minimax\0"]
GAMES = abviz.games() + ["", "TicTacToe", "chess", "python:x"]
SEARCH_OPTIONS = [
    "max_nodes", "time", "positions", "minimax_reference", "pruned_subtrees", "guess", "window",
    "heuristics", "quiescence", "ties", "iterations", "exploration", "seed", "playout_limit",
    "record_playouts", "depth", "algorithm", "unknown", "",
]
GAME_OPTIONS = ["eval", "order", "notation", "variant", "size", "radius", "pits", "seeds", "depth", "bogus"]
VIEW_OPTIONS = [
    "labels", "show_pruned", "rankdir", "style", "max_depth", "collapse", "pv_only", "legend",
    "exercise", "pass_number", "all_passes", "min_visits", "compact", "nope",
]
WORDS = [
    "max", "min", "MAX", "natural", "best", "worst", "tt,killer,history", "tt", "prune", "keep",
    "value,bounds,pre", "range", "leaves", "none", "edges", "subtrees", "TB", "LR", "triangles",
    "boxes", "off", "3", "-1", "inf", "-inf", "nan", "1e309", "iccs", "chinese", "xo", "XO./.X./...",
    "1,2,3", "3,4,5", "0", "20", "misere", "standard", "simple", "material", "txt", "svg", ".json",
]
TREES = [
    "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))",
    "((3 12 8) (2 4 6) (14 5 2))",
    "min ((1 2) (inf -inf))",
    "((1 (2 3)) 4 (5 (6 (7 8))))",
    '{"name": "A", "children": [{"value": 3}, {"value": 5}]}',
    '[[1, 2], [3, [4, 5]]]',
    "()",
    "(((((((((((1)))))))))))",
]
POSITIONS = ["", "XO./.X./...", "1,2", "3,4,5", "x", "........./", "4,4,4,4,4,4/4,4,4,4,4,4", "\n", "1" * 40]
RUN_FLAGS = [
    "--tree", "--random", "--game", "--root", "--values", "--position", "--eval", "--variant",
    "--size", "--radius", "--pits", "--seeds", "--ordering", "--depth", "--order", "--notation",
    "--algo", "--iterations", "--uct-c", "--seed", "--guess", "--window", "--ordering-heuristics",
    "--quiescence", "--ties", "--format", "--stats-only", "--compact", "--record-playouts",
    "--compare-minimax", "--max-depth", "--labels", "--show-pruned", "--pv-only", "--collapse",
]


class Bytes:
    """Reads typed values off the input bytes (what atheris.FuzzedDataProvider does); once the
    bytes run out every value is zero or empty."""

    def __init__(self, data: bytes):
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            return 0
        b = self.data[self.at]
        self.at += 1
        return b

    def take(self, n: int) -> bytes:
        chunk = self.data[self.at : self.at + n]
        self.at += len(chunk)
        return chunk

    def below(self, n: int) -> int:
        """A number in 0..n-1."""
        if n <= 1:
            return 0
        v = self.byte() if n <= 256 else int.from_bytes(self.take(4).ljust(4, b"\0"), "little")
        return v % n

    def pick(self, items):
        return items[self.below(len(items))]

    def flag(self) -> bool:
        return self.byte() & 1 == 1

    def text(self, limit: int = 40) -> str:
        """A string of up to `limit` characters: ASCII mostly, sometimes any code point."""
        n = self.below(limit + 1)
        raw = self.take(n)
        if self.flag():
            return raw.decode("latin-1")
        chars = []
        for i in range(0, len(raw) - 1, 2):
            c = raw[i] | raw[i + 1] << 8
            chars.append(chr(c if not 0xD800 <= c < 0xE000 else 0xFFFD))
        return "".join(chars)

    def integer(self) -> int:
        """An int: small mostly, sometimes zero, negative, at a type's edge or huge."""
        k = self.below(8)
        if k < 4:
            return self.below(8)
        if k == 4:
            return -self.below(256)
        if k == 5:
            return self.pick([0, 2**31 - 1, 2**31, 2**32, 2**32 - 1, 2**63 - 1, 2**63, 2**64, -(2**63), -(2**31)])
        if k == 6:
            return int.from_bytes(self.take(8).ljust(8, b"\0"), "little", signed=True)
        return 10 ** self.below(400) * (1 if self.flag() else -1)

    def number(self) -> float:
        k = self.below(4)
        if k == 0:
            return self.pick([math.nan, math.inf, -math.inf, 0.0, -0.0, 1e-300, 1e300, 0.5])
        if k == 1:
            return struct.unpack("<d", self.take(8).ljust(8, b"\0"))[0]
        return self.below(100) / 10

    def value(self, words=WORDS):
        """Any argument value: the right kind or a wrong one."""
        k = self.below(12)
        if k <= 2:
            return self.pick(words)
        if k == 3:
            return self.text()
        if k <= 5:
            return self.integer()
        if k == 6:
            return self.number()
        if k == 7:
            return self.flag()
        if k == 8:
            return None
        if k == 9:
            return [self.integer() for _ in range(self.below(3))]
        if k == 10:
            return (self.integer(), self.integer())
        return self.pick([{}, b"max", object(), abviz, 1j, frozenset()])


def tree_text(p: Bytes) -> str:
    """A tree's text: a known one, one spliced with fuzzed text, or fuzzed text alone."""
    k = p.below(4)
    if k == 0:
        return p.pick(TREES)
    if k == 1:
        base = p.pick(TREES)
        cut = p.below(len(base) + 1)
        return base[:cut] + p.text(12) + base[cut + p.below(4) :]
    if k == 2:
        return random_nested(p, 0)
    return p.text(80)


def random_nested(p: Bytes, depth: int) -> str:
    """A tree in the notation built from the input: names, leaves (ints, inf, junk) and lists."""
    if depth >= 4 or p.below(3) == 0:
        return p.pick(["3", "-7", "inf", "-inf", "0", str(p.integer()), "x", "1.5", "nan"])
    children = " ".join(random_nested(p, depth + 1) for _ in range(p.below(4)))
    name = p.pick(["", "A:", "B:", "min ", "max ", "\u202e:", "a b:"])
    return f"{name}({children})"


def options(p: Bytes, names, count: int = 3) -> dict:
    return {p.pick(names) if p.below(6) else p.text(8): p.value() for _ in range(p.below(count + 1))}


MCTS_NAMES = {"mcts", "uct", "monte-carlo"}


def capped(opts: dict, algorithm=None) -> dict:
    """The fuzzed search options with the caps that keep one input cheap: a number above a cap
    is lowered to it, a missing budget is set to it, and a bad value is kept (so its refusal
    is still reached). MCTS's own budgets are set only for MCTS (or an algorithm not known
    yet): another algorithm refuses them."""
    out = dict(opts)
    mcts = algorithm is None or (isinstance(algorithm, str) and algorithm.lower() in MCTS_NAMES)
    for name, limit, default in (
        ("max_nodes", MAX_NODES, True),
        ("time", MAX_SECONDS, True),
        ("iterations", MAX_ITERATIONS, mcts),
        ("playout_limit", 50, mcts),
        ("pruned_subtrees", 100_000, False),
    ):
        v = out.get(name)
        if name not in out:
            if default:
                out[name] = limit
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and v > limit:
            out[name] = limit
    return out


def make_input(p: Bytes):
    """An abviz.Input through one of its three constructors, or a wrong object."""
    k = p.below(8)
    if k <= 2:
        args = [tree_text(p)]
        kwargs = {}
        if p.flag():
            kwargs["root"] = p.value()
        if p.flag():
            kwargs["ordering"] = p.value()
        return abviz.tree(*args, **kwargs)
    if k <= 4:
        kwargs = {}
        if p.flag():
            kwargs["seed"] = p.value() if p.flag() else p.integer()
        if p.flag():
            kwargs["values"] = (p.integer(), p.integer()) if p.flag() else p.value()
        if p.flag():
            kwargs["ordering"] = p.value()
        if p.flag():
            kwargs["root"] = p.value()
        if p.below(4) == 0:
            kwargs[p.text(6)] = p.value()
        branching = p.below(6) if p.below(4) else p.value()
        depth = p.below(6) if p.below(4) else p.value()
        return abviz.random_tree(branching, depth, **kwargs)
    if k <= 6:
        name = p.pick(GAMES) if p.below(5) else p.text(10)
        position = p.pick(POSITIONS) if p.flag() else (p.text(30) if p.flag() else p.value())
        depth = p.below(4) if p.below(4) else p.value()
        return abviz.game(name, position, depth, **options(p, GAME_OPTIONS, 2))
    return p.value()


class Answers:
    """A Python game whose answers come from the input: a tree of at most `depth` plies whose
    callbacks may answer the wrong kind of thing (a bad mover, a nan or huge value, moves that
    are not a list) or raise."""

    def __init__(self, p: Bytes):
        self.answers = {m: [p.value() if p.below(5) == 0 else None for _ in range(4)] for m in self.METHODS}
        self.raises = p.below(16) == 0 and p.pick(list(self.METHODS))
        self.branching = p.below(4)
        self.depth = 1 + p.below(3)
        self.values = [p.integer() if p.flag() else p.below(40) - 20 for _ in range(8)]
        self.path = []
        self.calls = 0

    METHODS = ("to_move", "moves", "is_terminal", "evaluate", "label", "key")

    def answer(self, method, normal):
        self.calls += 1
        if method == self.raises and self.calls % 3 == 0:
            raise RuntimeError(f"{method} broke")
        odd = self.answers[method][self.calls % 4]
        return normal if odd is None else odd

    def to_move(self):
        return self.answer("to_move", "max" if len(self.path) % 2 == 0 else "min")

    def moves(self):
        return self.answer("moves", [] if len(self.path) >= self.depth else list(range(self.branching)))

    def is_terminal(self):
        return self.answer("is_terminal", len(self.path) >= self.depth or self.branching == 0)

    def evaluate(self):
        return self.answer("evaluate", self.values[sum(self.path) % len(self.values)])

    def label(self, move):
        return self.answer("label", f"m{move}")

    def key(self):
        return self.answer("key", tuple(self.path))


class FuzzGame(Answers):
    """The game played in place (play/undo)."""

    def play(self, move):
        self.path.append(move)

    def undo(self, move):
        if self.path:
            self.path.pop()


class FuzzState(Answers):
    """The same game as immutable states (`result(move)` instead of play/undo)."""

    def result(self, move):
        nxt = object.__new__(FuzzState)
        nxt.__dict__.update(self.__dict__)
        nxt.path = self.path + [move]
        return nxt


def use_trace(p: Bytes, trace, scratch: str):
    """Reads or draws a trace with fuzzed arguments."""
    k = p.below(16)
    if k == 0:
        return trace.narration(p.value() if p.flag() else p.below(trace.steps + 2))
    if k <= 5:
        method = p.pick(["to_text", "to_svg", "to_dot", "to_tikz", "to_text", "to_svg"])
        return getattr(trace, method)(**options(p, VIEW_OPTIONS))
    if k == 6:
        # Rasterising costs about 0.2 s in the dev-profile wheel CI builds: rarely, small traces.
        if p.below(8) == 0 and trace.stats.get("nodes", 0) <= 40:
            return getattr(trace, p.pick(["to_png", "to_pdf"]))(**options(p, VIEW_OPTIONS, 2))
        return trace.to_dot(**options(p, VIEW_OPTIONS, 2))
    if k == 7:
        return trace.to_json(compact=p.value() if p.below(4) == 0 else p.flag(), stats_only=p.flag())
    if k == 8:
        return (trace.value, trace.best_move, trace.pv, trace.algorithm, trace.input, trace.stats,
                trace.minimax, repr(trace))
    if k == 9:
        return trace.nodes, trace.events, trace.cutoffs
    if k == 10:
        page = trace.page(p.value() if p.below(4) == 0 else 720, **options(p, VIEW_OPTIONS, 2))
        if p.below(4) == 0:
            page.save(os.path.join(scratch, "page.html"))
        return page.html, page._repr_html_(), repr(page)
    if k == 11:
        name = p.text(12).replace("/", "_").replace("\0", "") or "t"
        ext = p.pick([".svg", ".json", ".txt", ".dot", ".tex", ".gif", "", ".SVG", ".html"])
        try:
            return trace.save(os.path.join(scratch, name + ext), **options(p, VIEW_OPTIONS, 2))
        except OSError:
            return None  # a name the file system refuses (too long)
    if k == 12:
        return abviz.loads(mutated_json(p, trace.to_json(compact=p.flag())))
    if k == 13:
        return trace._repr_svg_()
    return trace.narration()


def mutated_json(p: Bytes, text: str) -> str:
    """A trace file with one value somewhere in it replaced by a fuzzed one."""
    doc = json.loads(text)
    spots = []

    def walk(v, depth):
        if depth > 6:
            return
        if isinstance(v, dict):
            for key in v:
                spots.append((v, key))
                walk(v[key], depth + 1)
        elif isinstance(v, list):
            for i in range(len(v)):
                spots.append((v, i))
                walk(v[i], depth + 1)

    walk(doc, 0)
    for _ in range(1 + p.below(3)):
        if not spots:
            break
        holder, key = p.pick(spots)
        new = p.value()
        if not isinstance(new, (str, int, float, bool, list, type(None))):
            new = str(new)
        if isinstance(new, float) and not math.isfinite(new):
            new = str(new)
        if p.below(8) == 0 and isinstance(holder, dict):
            del holder[key]
            spots = [s for s in spots if s[0] is not holder or s[1] != key]
        else:
            holder[key] = new
    return json.dumps(doc)


def run_cli(p: Bytes, scratch: str):
    """`abviz run` with fuzzed flags and values, under the caps, its output thrown away."""
    from abviz._abviz import run_cli as run

    args = ["abviz", "run"]
    for _ in range(p.below(6)):
        args.append(p.pick(RUN_FLAGS))
        if p.below(4):
            args.append(p.pick(WORDS + TREES + POSITIONS + ALGORITHMS + GAMES) if p.flag() else p.text(16))
    args += ["--max-nodes", str(MAX_NODES), "--time", str(MAX_SECONDS), "-o", os.path.join(scratch, "out.txt")]
    saved = os.dup(1), os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 1)
        os.dup2(null, 2)
        return run(args)
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (*saved, null):
            os.close(fd)


def call(p: Bytes, scratch: str):
    """Decodes one entry point and its arguments from `p` and calls it."""
    k = p.below(12)
    if k <= 2:
        inp = make_input(p)
        if isinstance(inp, abviz.Input):
            inp.description, repr(inp)
            algorithm = p.pick(ALGORITHMS) if p.below(5) else p.value()
            trace = inp.search(algorithm, **capped(options(p, SEARCH_OPTIONS), algorithm))
            return use_trace(p, trace, scratch)
        algorithm = p.pick(ALGORITHMS)
        return abviz.search(inp, algorithm, **capped(options(p, SEARCH_OPTIONS), algorithm))
    if k <= 4:
        inp = make_input(p)
        depth = None if p.below(3) else p.value()
        algorithm = p.pick(ALGORITHMS) if p.below(5) else p.value()
        return abviz.search(inp, algorithm, depth, **capped(options(p, SEARCH_OPTIONS), algorithm))
    if k <= 6:
        game = (FuzzGame if p.flag() else FuzzState)(p)
        depth = p.below(5) if p.below(4) else p.value()
        algorithm = p.pick(ALGORITHMS) if p.below(5) else p.value()
        trace = abviz.search(game, algorithm, depth, **capped(options(p, SEARCH_OPTIONS), algorithm))
        return use_trace(p, trace, scratch)
    if k == 7:
        inputs = [make_input(p) for _ in range(p.below(3))]
        target = inputs[0] if len(inputs) == 1 and p.flag() else inputs
        algorithms = None if p.flag() else [p.pick(ALGORITHMS) for _ in range(p.below(4))]
        if p.below(4) == 0 and algorithms is not None:
            algorithms = p.value()
        max_nodes = p.below(MAX_NODES) if p.below(4) else p.value()
        if isinstance(max_nodes, int) and not isinstance(max_nodes, bool) and max_nodes > MAX_NODES:
            max_nodes = MAX_NODES
        comparison = abviz.compare(target, algorithms, max_nodes)
        return (comparison.rows, comparison.to_markdown(), comparison.to_csv(), comparison.to_json(),
                comparison._repr_html_(), repr(comparison),
                comparison.save(os.path.join(scratch, "compare.html")) if p.flag() else None)
    if k == 8:
        return abviz.loads(p.text(200) if p.flag() else tree_text(p))
    if k == 9:
        tree = abviz.tree(p.pick(TREES[:4]))
        algorithm = p.pick(abviz.algorithms())
        trace = tree.search(algorithm, **capped({}, algorithm))
        return abviz.loads(mutated_json(p, trace.to_json(compact=p.flag())))
    if k == 10:
        return run_cli(p, scratch)
    # Wrong types and unknown keywords straight into each function.
    fn = p.pick([abviz.tree, abviz.random_tree, abviz.game, abviz.search, abviz.compare, abviz.loads])
    args = [p.value() for _ in range(p.below(4))]
    kwargs = options(p, SEARCH_OPTIONS + GAME_OPTIONS + ["text", "root", "ordering", "values", "name"], 2)
    if fn is abviz.compare:
        kwargs["max_nodes"] = MAX_NODES
    if fn is abviz.search:
        kwargs = capped(kwargs, args[1] if len(args) > 1 else None)
    return fn(*args, **kwargs)


_SCRATCH = None


def one_input(data: bytes) -> None:
    """The target's body: one call, which may raise only what ALLOWED names."""
    global _SCRATCH
    if _SCRATCH is None:
        _SCRATCH = tempfile.mkdtemp(prefix="abviz-pyfuzz-")
        atexit.register(shutil.rmtree, _SCRATCH, True)
    try:
        call(Bytes(data), _SCRATCH)
    except ALLOWED:
        pass


def main() -> None:
    """libFuzzer's command line (see docs/fuzzing.md). Coverage is Python's: this module's
    decoding and the abviz package's Python code are instrumented (the Rust extension is not:
    libFuzzer sees which entry points and argument shapes an input reaches, not which Rust
    branches)."""
    import atheris

    # This file imported again as a module, with the abviz package, under instrumentation
    # (instrumenting everything loaded, the standard library included, runs three times slower).
    for name in [m for m in sys.modules if m == "abviz" or m.startswith("abviz.") and m != "abviz._abviz"]:
        del sys.modules[name]
    with atheris.instrument_imports():
        import args as target
    atheris.Setup(sys.argv, target.one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
