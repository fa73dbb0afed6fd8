"""The Python API gives the numbers the command line gives, on AIMA's tree, Wikipedia's tree
and random trees, for every algorithm; and an independent oracle (AIMA's pseudocode, written
here in Python over the leaves) agrees with both."""

import json
import math

import pytest

import abviz
from conftest import cli, cli_trace, tree_text

EXACT = [a for a in abviz.algorithms() if a != "mcts"]
COUNTS = ["nodes", "leaves", "interior", "cutoffs", "pruned", "researches", "passes", "tt_hits", "max_depth"]


def numbers(doc_or_trace):
    doc = doc_or_trace if isinstance(doc_or_trace, dict) else json.loads(doc_or_trace.to_json())
    return doc["result"], {k: doc["stats"][k] for k in COUNTS}, len(doc["nodes"]), len(doc["events"])


@pytest.mark.parametrize("algo", EXACT + ["mcts"])
@pytest.mark.parametrize("name", ["aima", "wikipedia", "geeksforgeeks"])
def test_example_trees_match_the_cli(name, algo):
    if algo == "id":
        # The example trees give their interior nodes no static value, which iterative
        # deepening's first pass would need: both refuse, saying so.
        with pytest.raises(abviz.AbvizError, match="by its static value"):
            abviz.tree(tree_text(name)).search(algo)
        refused = cli("run", "--tree-file", f"examples/{name}.tree", "--algo", algo, check=False)
        assert refused.returncode == 2 and "static value" in refused.stderr
        return
    python = abviz.tree(tree_text(name)).search(algo)
    command = cli_trace("--tree-file", f"examples/{name}.tree", "--algo", algo)
    assert numbers(python) == numbers(command)
    # The whole trace file is the same, event for event.
    assert json.loads(python.to_json()) == command


@pytest.mark.parametrize("algo", EXACT)
@pytest.mark.parametrize("shape", [(2, 5, 1), (3, 4, 7), (4, 3, 11)])
def test_random_trees_match_the_cli(shape, algo):
    b, d, seed = shape
    python = abviz.random_tree(b, d, seed=seed).search(algo)
    command = cli_trace("--random", f"{b},{d},{seed}", "--algo", algo)
    assert numbers(python) == numbers(command)


def test_game_positions_match_the_cli():
    python = abviz.game("connect4", depth=3).search("pvs")
    command = cli_trace("--game", "connect4", "--depth", "3", "--algo", "pvs")
    assert numbers(python) == numbers(command)


def test_the_command_line_runs_from_the_package():
    out = cli("run", "--tree-file", "examples/aima.tree").stdout
    assert "Root value   3" in out
    bad = cli("run", "--tree", "((1 2", check=False)
    assert bad.returncode == 1 and "tree" in bad.stderr
    usage = cli("run", "--no-such-flag", check=False)
    assert usage.returncode == 2
    assert cli("--version").returncode == 0


# --- the oracle -----------------------------------------------------------------------------


def leaves_tree(trace):
    """The tree a minimax trace walked, as nested lists of leaf values (every node visited)."""
    nodes = trace.nodes
    children = {n["id"]: [] for n in nodes}
    for n in nodes:
        if n["parent"] is not None:
            children[n["parent"]].append(n)
    for kids in children.values():
        kids.sort(key=lambda n: n["index"])

    def build(n):
        kids = children[n["id"]]
        return n["value"] if not kids else [build(k) for k in kids]

    return build(nodes[0])


class Oracle:
    """AIMA's ALPHA-BETA-SEARCH (fail-soft) and MINIMAX over nested lists, counting as abviz
    counts: nodes entered (root included), leaves evaluated, and cutoffs (the test v ≥ β or
    v ≤ α held after a child, the last one included)."""

    def __init__(self):
        self.nodes = self.leaves = self.cutoffs = 0

    def minimax(self, t, maximize):
        self.nodes += 1
        if not isinstance(t, list):
            self.leaves += 1
            return t
        values = [self.minimax(c, not maximize) for c in t]
        return max(values) if maximize else min(values)

    def alphabeta(self, t, alpha, beta, maximize):
        self.nodes += 1
        if not isinstance(t, list):
            self.leaves += 1
            return t
        v = -math.inf if maximize else math.inf
        for c in t:
            w = self.alphabeta(c, alpha, beta, not maximize)
            if maximize:
                v = max(v, w)
                if v >= beta:
                    self.cutoffs += 1
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, w)
                if v <= alpha:
                    self.cutoffs += 1
                    return v
                beta = min(beta, v)
        return v


@pytest.mark.parametrize("seed", range(1, 21))
def test_an_independent_oracle_agrees(seed):
    b, d = 2 + seed % 3, 3 + seed % 3
    tree = leaves_tree(abviz.random_tree(b, d, seed=seed).search("minimax"))
    mm, ab = Oracle(), Oracle()
    value = mm.minimax(tree, True)
    assert ab.alphabeta(tree, -math.inf, math.inf, True) == value
    for algo in ["alphabeta", "alphabeta-soft"]:
        t = abviz.random_tree(b, d, seed=seed).search(algo)
        assert t.value == value
        assert (t.stats["nodes"], t.stats["leaves"], t.stats["cutoffs"]) == (ab.nodes, ab.leaves, ab.cutoffs)
        assert (t.minimax["nodes"], t.minimax["leaves"]) == (mm.nodes, mm.leaves)


def test_oracle_on_the_textbook_trees():
    # Independent facts: AIMA Fig. 5.5 and Wikipedia's figure (values 3 and 6).
    for name, value in [("aima", 3), ("wikipedia", 6)]:
        tree = leaves_tree(abviz.tree(tree_text(name)).search("minimax"))
        ab = Oracle()
        assert ab.alphabeta(tree, -math.inf, math.inf, True) == value
        t = abviz.tree(tree_text(name)).search("alphabeta")
        assert (t.value, t.stats["nodes"], t.stats["leaves"], t.stats["cutoffs"]) == (value, ab.nodes, ab.leaves, ab.cutoffs)
