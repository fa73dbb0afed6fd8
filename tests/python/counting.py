"""An aima-python game wrapper that counts positions, shared by tests/python/test_aima3.py and
benches/python/bench.py."""


class Counted:
    """An aima-python game that counts the positions a search reaches: every result() is one
    node, the root is one more (abviz counts nodes the same way: entries, root included)."""

    def __init__(self, game):
        self.game, self.nodes, self.initial = game, 1, game.initial

    def actions(self, s):
        return self.game.actions(s)

    def result(self, s, a):
        self.nodes += 1
        return self.game.result(s, a)

    def utility(self, s, p):
        return self.game.utility(s, p)

    def terminal_test(self, s):
        return self.game.terminal_test(s)

    def to_move(self, s):
        return self.game.to_move(s)
