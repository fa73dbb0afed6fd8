"""The fuzz target of the Python entry points' arguments (fuzz/python/args.py, issue 30) on
stable CI, without atheris: its one-input function over the seed corpus
(fuzz/corpus/python_args: `seed-*` reach each entry point, `crash-*` are inputs a fuzzer broke
it with) and over a fixed number of seeded pseudo-random inputs. A call may raise only what the
API documents for bad input (args.ALLOWED); a Rust panic (pyo3_runtime.PanicException, a
BaseException), a SystemError or any other exception fails the test with the input's bytes."""

import importlib.util
import os
import random
import sys
from pathlib import Path

import pytest

import abviz

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "fuzz" / "corpus" / "python_args"
# How many pseudo-random inputs (ABVIZ_PY_FUZZ=N asks for more; about 2 ms each).
RUNS = int(os.environ.get("ABVIZ_PY_FUZZ", "3000"))


def load_target():
    spec = importlib.util.spec_from_file_location("abviz_fuzz_args", ROOT / "fuzz" / "python" / "args.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


target = load_target()


def run(data: bytes):
    """One input through the target; anything it lets out is a failure naming the input."""
    try:
        target.one_input(data)
    except BaseException as e:  # noqa: BLE001 - a panic is a BaseException
        pytest.fail(f"input {data.hex()} raised {type(e).__module__}.{type(e).__qualname__}: {e}")


def corpus():
    files = sorted(CORPUS.iterdir())
    assert any(f.name.startswith("seed-") for f in files)
    return files


@pytest.mark.parametrize("path", corpus(), ids=lambda p: p.name)
def test_corpus_input(path):
    run(path.read_bytes())


def test_pseudo_random_inputs():
    rng = random.Random(30)
    # The PNG and PDF seeds stay out of the mutations: rasterising takes about 0.2 s in the
    # dev-profile wheel (they run once each in test_corpus_input).
    seeds = [f.read_bytes() for f in corpus() if f.name not in ("seed-trace-to-png", "seed-trace-to-pdf")]
    for i in range(RUNS):
        if i % 2:
            # A seed with a few bytes changed: deeper into each entry point than noise reaches.
            data = bytearray(rng.choice(seeds))
            for _ in range(rng.randrange(1, 4)):
                if data:
                    data[rng.randrange(len(data))] = rng.randrange(256)
            data = bytes(data)
        else:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 160)))
        run(data)


# Every entry point the target calls; the seeds must reach each (and return from it).
ENTRY_POINTS = {
    "tree", "random_tree", "game", "search", "compare", "loads", "run_cli",
    "Input.search",
    "Trace.narration", "Trace.to_text", "Trace.to_svg", "Trace.to_dot", "Trace.to_tikz",
    "Trace.to_json", "Trace.to_png", "Trace.to_pdf", "Trace.save", "Trace.page", "Trace._repr_svg_",
    "Page._repr_html_", "Page.save",
    "Comparison.to_markdown", "Comparison.to_csv", "Comparison.to_json", "Comparison._repr_html_",
    "Comparison.save",
}


def test_seeds_reach_every_entry_point():
    reached = set()

    def profile(frame, event, arg):
        if event == "c_return":
            name = getattr(arg, "__qualname__", "")
            if name in ENTRY_POINTS:
                reached.add(name)

    for path in corpus():
        sys.setprofile(profile)
        try:
            target.one_input(path.read_bytes())
        finally:
            sys.setprofile(None)
    assert ENTRY_POINTS - reached == set()


def test_caps_keep_fuzzed_budgets_small_and_bad_values_refused():
    capped = target.capped({"max_nodes": 10**30, "time": 5.0, "iterations": "x", "pruned_subtrees": 7})
    assert capped["max_nodes"] == target.MAX_NODES and capped["time"] == target.MAX_SECONDS
    assert capped["iterations"] == "x" and capped["pruned_subtrees"] == 7
    with pytest.raises(abviz.AbvizError, match="iterations"):
        abviz.tree("(1 2)").search("mcts", **capped)


class FakePanic(BaseException):
    """Stands for pyo3_runtime.PanicException, which derives from BaseException."""


@pytest.mark.parametrize("error", [FakePanic("panicked at src/x.rs"), SystemError("bad call"), RuntimeError("x")])
def test_what_is_not_allowed_fails_the_run(monkeypatch, error):
    def broken(p, scratch):
        raise error

    monkeypatch.setattr(target, "call", broken)
    with pytest.raises(pytest.fail.Exception, match=f"input 00ff raised .*{type(error).__name__}"):
        run(b"\x00\xff")


def test_what_bad_input_may_raise_passes(monkeypatch):
    for error in (abviz.SearchStopped("budget"), abviz.GameError("evaluate()"), OverflowError("too big")):

        def refused(p, scratch, error=error):
            raise error

        monkeypatch.setattr(target, "call", refused)
        run(b"\x01")
