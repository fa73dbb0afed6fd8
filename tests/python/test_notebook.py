"""The lecture notebook (examples/abviz.ipynb) runs headless from top to bottom, and its cells
show what the text around them says."""

import pytest

from conftest import EXAMPLES

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")


@pytest.fixture(scope="module")
def notebook():
    nb = nbformat.read(EXAMPLES / "abviz.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}}).execute()
    return {cell["id"]: cell for cell in nb.cells}


def outputs(cell, mime):
    return [o["data"][mime] for o in cell.get("outputs", []) if mime in o.get("data", {})]


def text(cell):
    parts = [o.get("text", "") for o in cell.get("outputs", []) if o["output_type"] == "stream"]
    return "".join(parts) + "".join(outputs(cell, "text/plain"))


def test_no_cell_fails(notebook):
    for cell in notebook.values():
        for o in cell.get("outputs", []):
            assert o["output_type"] != "error", (cell["id"], o.get("ename"), o.get("evalue"))


def test_aima_tree_under_minimax_and_alphabeta(notebook):
    assert outputs(notebook["minimax"], "image/svg+xml"), "a trace shows itself as its figure"
    assert text(notebook["minimax-numbers"]) == "(3, 'B', 13, 9)"
    svg = outputs(notebook["alphabeta"], "image/svg+xml")[0]
    assert "[−∞, 2]" in svg and "α" in svg
    assert text(notebook["alphabeta-numbers"]) == "(3, 'B', 11, 2)"


def test_stepping(notebook):
    lines = text(notebook["narration"]).splitlines()
    assert len(lines) == 8 and lines[0].startswith("1 ")
    frame = outputs(notebook["page"], "text/html")[0]
    assert frame.startswith("<iframe srcdoc=") and "height: 640px" in frame
    cutoffs = outputs(notebook["cutoffs"], "text/html")[0]
    assert "alpha" in cutoffs and "<table" in cutoffs
    assert "<table" in outputs(notebook["nodes"], "text/html")[0]


def test_comparison_table(notebook):
    table = outputs(notebook["compare"], "text/html")[0]
    assert table.startswith("<table>") and "minimax" in table and "alphabeta" in table
    assert "Knuth" in table


def test_python_game(notebook):
    import abviz

    built_in = abviz.game("tictactoe", position="O../.X./...", depth=3).search("alphabeta")
    s = built_in.stats
    assert text(notebook["game"]) == repr((built_in.value, built_in.best_move, s["nodes"], s["cutoffs"]))
    assert outputs(notebook["game-figure"], "image/svg+xml")
    assert "<table>" in outputs(notebook["game-compare"], "text/html")[0]
    said = text(notebook["error"])
    assert "ValueError: no evaluation for this corner yet" in said and "moves: (" in said
