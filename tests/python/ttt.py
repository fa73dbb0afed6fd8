"""Tic-tac-toe in plain Python, written to abviz's game protocol with the rules of abviz's
built-in "tictactoe" (X is MAX and moves first, cells 0..8 row by row tried in that order and
labelled a1..c3, no moves once someone has won; "win": +1 / -1 / 0, "open-lines": Nilsson's
e(P) with wins ±inf). The tests trace it next to the built-in game; the bench times it."""

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
INF = float("inf")


class TicTacToe:
    """One board changed in place: play(cell) and undo(cell)."""

    def __init__(self, position="." * 9, eval="win"):
        cells = [c for c in position if c in "XO."]
        self.board = cells + ["."] * (9 - len(cells))
        self.eval = eval
        self.stones = sum(c != "." for c in self.board)

    def to_move(self):
        return "max" if self.stones % 2 == 0 else "min"

    def winner(self):
        b = self.board
        for i, j, k in LINES:
            if b[i] != "." and b[i] == b[j] == b[k]:
                return b[i]
        return None

    def moves(self):
        if self.winner() is not None:
            return []
        return [i for i in range(9) if self.board[i] == "."]

    def play(self, cell):
        self.board[cell] = "X" if self.stones % 2 == 0 else "O"
        self.stones += 1

    def undo(self, cell):
        self.board[cell] = "."
        self.stones -= 1

    def is_terminal(self):
        return self.winner() is not None or self.stones == 9

    def open_lines(self):
        b = self.board
        open_x = sum(all(b[c] != "O" for c in line) for line in LINES)
        open_o = sum(all(b[c] != "X" for c in line) for line in LINES)
        return open_x - open_o

    def evaluate(self):
        w = self.winner()
        if self.eval == "win":
            return 1 if w == "X" else -1 if w == "O" else 0
        if w is not None:
            return INF if w == "X" else -INF
        return self.open_lines()

    def label(self, cell):
        return "abc"[cell % 3] + str(cell // 3 + 1)

    def key(self):
        return "".join(self.board)

    def __str__(self):
        b = self.board
        return "\n".join(" ".join(b[3 * r : 3 * r + 3]) for r in range(3))


class TicTacToeState:
    """The same game as immutable states: result(cell) returns the next one."""

    __slots__ = ("board", "eval")

    def __init__(self, board=("." * 9), eval="win"):
        self.board = "".join(c for c in board if c in "XO.")
        self.eval = eval

    def _game(self):
        g = TicTacToe(self.board, self.eval)
        return g

    def to_move(self):
        return "max" if sum(c != "." for c in self.board) % 2 == 0 else "min"

    def moves(self):
        return self._game().moves()

    def result(self, cell):
        mark = "X" if self.to_move() == "max" else "O"
        return TicTacToeState(self.board[:cell] + mark + self.board[cell + 1 :], self.eval)

    def is_terminal(self):
        return self._game().is_terminal()

    def evaluate(self):
        return self._game().evaluate()

    def label(self, cell):
        return "abc"[cell % 3] + str(cell // 3 + 1)

    def key(self):
        return self.board

    def __str__(self):
        return str(self._game())
