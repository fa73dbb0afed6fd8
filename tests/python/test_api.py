"""The Python API on explicit, random and game inputs: results, records, views, the page,
comparisons, and clear errors for bad input."""

import doctest
import gzip
import json
import math
import struct

import pytest

import abviz
from abviz import adapters, protocol

AIMA = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))"


def test_aima_tree_alphabeta_numbers():
    t = abviz.tree(AIMA).search("alphabeta")
    assert (t.value, t.best_move, t.pv) == (3, "B", ["B", "1"])
    assert (t.stats["nodes"], t.stats["leaves"], t.stats["cutoffs"], t.stats["pruned"]) == (11, 7, 2, 2)
    assert t.minimax["nodes"] == 13
    assert t.algorithm == "alphabeta"
    assert "tree" in t.input


def test_records_have_the_trace_files_fields(aima_text):
    t = abviz.tree(AIMA).search()
    nodes = t.nodes
    c = next(n for n in nodes if n["name"] == "C")
    assert c["player"] == "min" and c["value"] == 2 and c["bound"] == "upper"
    assert c["alpha_in"] == 3 and c["beta_in"] == math.inf
    assert c["cutoff"]["kind"] == "alpha" and c["cutoff"]["pruned"] == 2
    assert [n["status"] for n in nodes].count("pruned") == 2
    root = nodes[0]
    assert root["parent"] is None and root["alpha_in"] == -math.inf
    # The same records as the trace file.
    doc = json.loads(t.to_json())
    assert [n["id"] for n in doc["nodes"]] == [n["id"] for n in nodes]
    assert len(t.events) == t.steps == len(doc["events"])


def test_cutoffs():
    cuts = abviz.tree(AIMA).search().cutoffs
    assert [(c["name"], c["kind"], c["pruned"], c["bound_from"]) for c in cuts] == [
        ("C", "alpha", 2, ""),
        ("D", "alpha", 0, ""),
    ]
    assert cuts[0]["alpha"] == 3


def test_narration_steps_are_one_based():
    t = abviz.tree(AIMA).search()
    first = t.narration(1)
    assert "A" in first
    every = t.narration()
    assert len(every) == t.steps and every[0] == first
    assert any("α-cutoff" in s for s in every)
    with pytest.raises(IndexError):
        t.narration(0)
    with pytest.raises(IndexError):
        t.narration(t.steps + 1)


def test_views():
    t = abviz.tree(AIMA).search()
    svg = t.to_svg()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert t._repr_svg_() == svg
    # AIMA's ranges: C's is [−∞, 2] (the window labels do not show it).
    assert "[−∞, 2]" in t.to_svg(labels="range") and "[−∞, 2]" not in svg
    png = t.to_png()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width > 100 and height > 100
    assert t.to_pdf()[:5] == b"%PDF-"
    assert t.to_dot().lstrip().startswith("digraph")
    assert "\\begin{tikzpicture}" in t.to_tikz()
    # Issue 47: a coarse step frame for one's own deck, and the package it needs.
    frame = t.to_tikz(steps="coarse", tikz_body=True, title="AIMA")
    assert frame.count("\\begin{frame}{AIMA}") == 1 and "\\documentclass" not in frame
    assert "\\newenvironment{abvizfit}" in abviz.tikz_package()
    assert abviz.tree("aima").search().value == 3
    assert "α-cutoff" in t.to_text()
    assert json.loads(t.to_json(stats_only=True))["stats"]["nodes"] == 11
    assert json.loads(t.to_json(compact=True))["layout"] == "compact"


def test_view_options_are_checked():
    t = abviz.tree(AIMA).search()
    with pytest.raises(TypeError, match="unknown view option 'colour'"):
        t.to_svg(colour="red")
    with pytest.raises(abviz.AbvizError, match="show_pruned"):
        t.to_svg(show_pruned="sometimes")


def test_save_and_load(tmp_path):
    t = abviz.tree(AIMA).search()
    for ext in ["svg", "png", "pdf", "dot", "tex", "json", "txt"]:
        path = t.save(tmp_path / f"aima.{ext}")
        assert path.stat().st_size > 0
    again = abviz.load(tmp_path / "aima.json")
    assert (again.value, again.stats["nodes"], again.narration(5)) == (3, 11, t.narration(5))
    # Gzipped, as an explain site keeps its traces (move-NN.json.gz).
    (tmp_path / "aima.json.gz").write_bytes(gzip.compress((tmp_path / "aima.json").read_bytes()))
    assert abviz.load(tmp_path / "aima.json.gz").to_json() == again.to_json()
    with pytest.raises(abviz.AbvizError, match="extension"):
        t.save(tmp_path / "aima.doc")
    with pytest.raises(abviz.AbvizError):
        abviz.loads("{not json")


def test_save_page_writes_a_self_contained_page(tmp_path):
    t = abviz.game("tictactoe", position="XO./.X./...", depth=2).search("alphabeta")
    index = t.save_page(tmp_path / "page")
    html = index.read_text(encoding="utf-8")
    assert index.name == "index.html" and "<script" in html
    # Nothing is loaded from the network (XML namespaces are names, not loads).
    import re

    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//|url\(\s*["']?(https?:)?//|@import""", html)
    assert (index.parent / "boards").is_dir()


def test_page_is_an_iframe_with_the_whole_page():
    t = abviz.tree(AIMA).search()
    page = t.page(height=500)
    frame = page._repr_html_()
    assert frame.startswith("<iframe srcdoc=\"") and "height: 500px" in frame
    # The page is in the attribute, escaped: no raw quote or tag inside it.
    inner = frame[len("<iframe srcdoc=\"") : frame.index("\" title=")]
    assert "<" not in inner and "\"" not in inner
    import html as htmllib

    assert htmllib.unescape(inner) == page.html
    assert "stepper" in page.html.lower()


def test_random_tree_and_game_inputs():
    r = abviz.random_tree(3, 4, seed=1)
    assert "random" in r.description
    assert r.search("minimax").stats["leaves"] == 81
    assert abviz.random_tree(2, 3, seed=5).search("minimax").value == abviz.random_tree(2, 3, seed=5).search("pvs").value
    g = abviz.game("tictactoe", position="XO./.X./...", depth=2)
    t = g.search("minimax")
    # O to move must block the diagonal a1-b2-c3.
    assert t.best_move == "c3" and t.value == 0 and "O to move" in t.input


def test_every_algorithm_runs_and_agrees_on_exact_values():
    values = {}
    # Static values on the interior nodes, for iterative deepening's first pass.
    tree = "A=0:(B=3:(3 12 8) C=2:(2 4 6) D=2:(14 5 2))"
    for algo in abviz.algorithms():
        # MCTS's options are MCTS's own: another algorithm refuses them.
        many, few = ({"iterations": 200}, {"iterations": 10}) if algo == "mcts" else ({}, {})
        t = abviz.tree(tree).search(algo, **many)
        assert t.algorithm == abviz.tree(tree).search(algo, **few).algorithm
        if algo != "mcts":
            values[algo] = t.value
    assert set(values.values()) == {3}, values
    with pytest.raises(abviz.AbvizError, match="iterations applies to algorithm mcts, not to algorithm minimax"):
        abviz.tree(tree).search("minimax", iterations=200)


def test_search_options():
    t = abviz.random_tree(3, 3, seed=2).search("mcts", iterations=30, seed=7, exploration=1.0)
    assert t.stats["iterations"] == 30
    again = abviz.random_tree(3, 3, seed=2).search("mcts", iterations=30, seed=7, exploration=1.0)
    assert t.to_json() == again.to_json()
    with pytest.raises(abviz.SearchStopped, match="10 nodes"):
        abviz.random_tree(3, 4).search("minimax", max_nodes=10)
    with pytest.raises(TypeError, match="unknown option 'depth_limit'"):
        abviz.tree(AIMA).search("minimax", depth_limit=3)
    with pytest.raises(abviz.AbvizError, match="max_nodes"):
        abviz.tree(AIMA).search("minimax", max_nodes=0)
    t = abviz.tree("A=0:(B=3:(3 12 8) C=2:(2 4 6) D=2:(14 5 2))").search("iterative", heuristics="tt,killer")
    assert t.value == 3


def test_bad_inputs_are_clear_errors():
    with pytest.raises(abviz.AbvizError):
        abviz.tree("((3 12 8) (2 4")
    with pytest.raises(abviz.AbvizError, match="algorithm"):
        abviz.tree(AIMA).search("alphabetagamma")
    with pytest.raises(abviz.AbvizError, match="too many"):
        abviz.random_tree(10, 12)
    with pytest.raises(abviz.AbvizError):
        abviz.random_tree(0, 3)
    with pytest.raises(abviz.AbvizError, match="chess"):
        abviz.game("chess")
    with pytest.raises(abviz.AbvizError):
        abviz.game("tictactoe", position="XXXXXXXXXXXX")
    with pytest.raises(TypeError, match="unknown option 'colour'"):
        abviz.game("tictactoe", colour="red")
    with pytest.raises(abviz.AbvizError, match="depth"):
        abviz.search(abviz.tree(AIMA), "minimax", depth=2)
    with pytest.raises(abviz.AbvizError):
        abviz.tree(AIMA, root="middle")
    # Errors are ValueErrors, so generic handlers catch them too.
    assert issubclass(abviz.AbvizError, ValueError)
    assert issubclass(abviz.GameError, abviz.AbvizError) and issubclass(abviz.SearchStopped, abviz.AbvizError)


def test_deep_trees_are_searched_and_drawn_without_crashing():
    # 3,000 levels: more than a Python thread's stack holds for a recursive search.
    text = "(" * 3000 + "1 2" + ")" * 3000
    t = abviz.tree(text).search("alphabeta")
    assert t.value == 1 and t.stats["max_depth"] == 3000
    assert t.to_svg(max_depth=5).startswith("<")


def test_compare_renders_a_table():
    c = abviz.compare([abviz.tree(AIMA), abviz.random_tree(2, 4, seed=3)], ["minimax", "alphabeta"])
    rows = c.rows
    assert [(r["algorithm"], r["nodes"]) for r in rows[:2]] == [("minimax", 13), ("alphabeta", 11)]
    assert rows[0]["value"] == 3
    html = c._repr_html_()
    assert html.startswith("<table>") and "alphabeta" in html and "<html" not in html
    assert "<svg" in c.to_html()
    assert "| alphabeta |" in c.to_markdown()
    assert c.to_csv().count("\n") >= 4
    assert json.loads(c.to_json())["format"] == "abviz-compare"
    assert "alphabeta" in repr(c)
    with pytest.raises(abviz.AbvizError):
        abviz.compare([], ["minimax"])
    with pytest.raises(abviz.AbvizError):
        abviz.compare([42])


def test_to_pandas():
    pd = pytest.importorskip("pandas")
    t = abviz.tree(AIMA).search()
    df = t.to_pandas()
    assert isinstance(df, pd.DataFrame) and len(df) == len(t.nodes)
    assert df.loc[df["name"] == "C", "value"].item() == 2
    c = abviz.compare(abviz.tree(AIMA), ["minimax", "alphabeta"]).to_pandas()
    assert list(c["leaves"]) == [9, 7]


def test_repr():
    t = abviz.tree(AIMA).search()
    assert repr(t).startswith("<abviz.Trace alphabeta-soft on tree") and "value 3" in repr(t)
    assert repr(abviz.tree(AIMA)).startswith("<abviz.Input tree")
    assert "Page" in repr(t.page())


def test_docstring_examples():
    """Every example in the package's docstrings runs and says what it shows."""
    globs = {"abviz": abviz}
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    objects = [
        abviz,
        abviz.load,
        protocol,
        adapters,
        abviz.Trace,
        abviz.Trace.narration,
        abviz.Input,
        abviz.Input.search,
        abviz.tree,
        abviz.random_tree,
        abviz.game,
        abviz.compare,
    ]
    examples = 0
    for obj in objects:
        for test in finder.find(obj, globs=globs):
            # Examples in one docstring build on the module's earlier ones (t, aima, ...).
            test.globs = globs
            examples += len(test.examples)
            runner.run(test, clear_globs=False)
    assert examples >= 12
    assert runner.failures == 0


def test_type_stubs_match_the_extension_module():
    """_abviz.pyi names exactly what the extension module has: every function, class, method,
    property and constant, each way round, and each function's parameters by name."""
    import ast
    import inspect
    from pathlib import Path

    from abviz import _abviz

    stub = ast.parse((Path(abviz.__file__).parent / "_abviz.pyi").read_text(encoding="utf-8"))
    aliases = {"Value", "Record", "PathLike"}  # type aliases of the stub only
    stubbed = {}
    for node in stub.body:
        if isinstance(node, ast.ClassDef):
            methods = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            stubbed[node.name] = methods | {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        elif isinstance(node, ast.FunctionDef):
            args = node.args
            stubbed[node.name] = [a.arg for a in args.args + args.kwonlyargs] + ([args.kwarg.arg] if args.kwarg else [])
        elif isinstance(node, ast.AnnAssign) and node.target.id not in aliases:
            stubbed[node.target.id] = None
    runtime = {n for n in dir(_abviz) if not n.startswith("__") or n == "__version__"}
    assert set(stubbed) == runtime
    for name, members in stubbed.items():
        obj = getattr(_abviz, name)
        if isinstance(members, set):
            if issubclass(obj, Exception):
                continue  # GameError's attributes are set on each instance
            public = {m for m in dir(obj) if not m.startswith("__") and m not in dir(object)}
            assert members == public, name
        elif isinstance(members, list):
            assert list(inspect.signature(obj).parameters) == members, name


def test_trees_with_static_values_search_to_a_depth():
    # MIT 6.034's progressive deepening: static values on interior nodes, a depth limit.
    text = "max A=10:(B=11:(F=10:(12 8) G=6:(5 7)) C=9:(H=9:(10 8) I=4:(3 2)))"
    assert [abviz.tree(text, depth=d).search().value for d in (1, 2, 3)] == [11, 6, 7]
    assert abviz.tree(text).search("iterative").stats["passes"] == 3
    with pytest.raises(abviz.AbvizError, match="B .depth 1. by its static value"):
        abviz.tree(AIMA, depth=1).search()
    with pytest.raises(abviz.AbvizError, match="iterative deepening evaluates B"):
        abviz.tree(AIMA).search("iterative")


def test_chance_trees_search_with_the_chance_algorithms():
    text = "max (chance:A:(3 12 8) chance:B:(2 4 6))"
    for algo in ("expectimax", "star1", "star2"):
        t = abviz.tree(text).search(algo)
        # 23/3, rounded as abviz prints it (≈7.67): the Decimal of the digits shown.
        assert str(t.value) == "7.67", (algo, t.value)
        assert t.best_move == "A"
    # Stated bounds are the tree's own; a leaf outside them is refused.
    with pytest.raises(abviz.AbvizError, match="outside the leaf bounds"):
        abviz.tree("bounds 0..5 " + text).search("star1")
    with pytest.raises(abviz.AbvizError, match="chance"):
        abviz.tree(text).search("alphabeta")
