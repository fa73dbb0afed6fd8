#!/usr/bin/env python3
"""Small game-tree searches that write search logs (JSON Lines), as a student or another
program would: independent of abviz. Used by tests/suite/searchlog.rs.

    python3 searches.py ALGORITHM TREE [--names]

TREE is abviz's tree notation ("A:(B:(3 12 8) C:(2 4 6))", a leading "min" makes MIN move at the
root); the log goes to standard output. Nodes are named by their path of child indices ("1.0",
the root "") or, with --names, by their names in the tree where they have one.
"""
import json
import re
import sys

INF = float("inf")


def parse(text):
    """(name, children-or-value) from the notation."""
    text = text.strip()
    root_min = False
    if text.startswith("min"):
        root_min, text = True, text[3:].strip()
    elif text.startswith("max"):
        text = text[3:].strip()
    tokens = re.findall(r"[A-Za-z_][A-Za-z0-9_]*:|\(|\)|-?\d+", text)
    pos = 0

    def node():
        nonlocal pos
        name = None
        if tokens[pos].endswith(":"):
            name = tokens[pos][:-1]
            pos += 1
        if tokens[pos] == "(":
            pos += 1
            kids = []
            while tokens[pos] != ")":
                kids.append(node())
            pos += 1
            return (name, kids)
        value = int(tokens[pos])
        pos += 1
        return (name, value)

    return node(), root_min


class Log:
    def __init__(self, names):
        self.names = names

    def ident(self, node, path):
        if self.names and node[0] is not None:
            return node[0]
        return ".".join(str(i) for i in path)

    def write(self, **event):
        for k in ("alpha", "beta", "value"):
            if k in event and event[k] in (INF, -INF):
                event[k] = "inf" if event[k] > 0 else "-inf"
        print(json.dumps(event))


def is_leaf(node):
    return not isinstance(node[1], list)


def minimax(log, node, path, maximizing):
    log.write(event="enter", node=log.ident(node, path), alpha=-INF, beta=INF)
    if is_leaf(node):
        log.write(event="leaf", node=log.ident(node, path), value=node[1])
        log.write(event="exit", node=log.ident(node, path), value=node[1])
        return node[1]
    values = [minimax(log, c, path + [i], not maximizing) for i, c in enumerate(node[1])]
    v = max(values) if maximizing else min(values)
    log.write(event="exit", node=log.ident(node, path), value=v)
    return v


def alphabeta_hard(log, node, path, alpha, beta, maximizing, keep_ties=False):
    """Fail-hard: the value is clamped to [alpha, beta]. Leaves logged as a bare leaf event.
    With keep_ties, it cuts only when alpha > beta (CS188)."""
    me = log.ident(node, path)
    if is_leaf(node):
        log.write(event="leaf", node=me, value=node[1])
        return node[1]
    log.write(event="enter", node=me, alpha=alpha, beta=beta)
    for i, c in enumerate(node[1]):
        v = alphabeta_hard(log, c, path + [i], alpha, beta, not maximizing, keep_ties)
        if maximizing:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha > beta or (alpha == beta and not keep_ties):
            if i + 1 < len(node[1]):
                log.write(event="cut", node=me)
            result = beta if maximizing else alpha
            log.write(event="exit", node=me, value=result)
            return result
    result = alpha if maximizing else beta
    log.write(event="exit", node=me, value=result)
    return result


def alphabeta_soft(log, node, path, alpha, beta, maximizing, bug=None):
    """Fail-soft, as AIMA writes it; `bug` makes it one of the classic student mistakes."""
    me = log.ident(node, path)
    log.write(event="enter", node=me, alpha=alpha, beta=beta)
    if is_leaf(node):
        log.write(event="leaf", node=me, value=node[1])
        log.write(event="exit", node=me, value=node[1])
        return node[1]
    alpha0, beta0 = alpha, beta
    best = -INF if maximizing else INF
    for i, c in enumerate(node[1]):
        if bug == "stale-window":
            # Every child gets the window the node was entered with.
            v = alphabeta_soft(log, c, path + [i], alpha0, beta0, not maximizing, bug)
        else:
            v = alphabeta_soft(log, c, path + [i], alpha, beta, not maximizing, bug)
        if bug == "test-before-update":
            # The cut test looks at the best value before this child's value is taken in.
            if (maximizing and best >= beta) or (not maximizing and best <= alpha):
                log.write(event="cut", node=me)
                log.write(event="exit", node=me, value=best)
                return best
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        elif bug == "swapped":
            # MIN lowers alpha instead of beta.
            best = min(best, v)
            alpha = min(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if bug != "test-before-update":
            if (maximizing and best >= beta) or (not maximizing and best <= alpha):
                if i + 1 < len(node[1]):
                    log.write(event="cut", node=me)
                log.write(event="exit", node=me, value=best)
                return best
    log.write(event="exit", node=me, value=best)
    return best


def mover_leaf(log, me, value):
    """A leaf of the negamax family: its value (the mover's) logged and returned."""
    log.write(event="leaf", node=me, value=value)
    log.write(event="exit", node=me, value=value)
    return value


def negamax(log, node, path, color):
    """Values from the mover's point of view: color is +1 where MAX moves."""
    me = log.ident(node, path)
    log.write(event="enter", node=me, alpha=-INF, beta=INF)
    if is_leaf(node):
        return mover_leaf(log, me, color * node[1])
    v = max(-negamax(log, c, path + [i], -color) for i, c in enumerate(node[1]))
    log.write(event="exit", node=me, value=v)
    return v


def negamax_ab(log, node, path, alpha, beta, color):
    """Negamax with alpha-beta, fail-soft."""
    me = log.ident(node, path)
    log.write(event="enter", node=me, alpha=alpha, beta=beta)
    if is_leaf(node):
        return mover_leaf(log, me, color * node[1])
    best = -INF
    for i, c in enumerate(node[1]):
        v = -negamax_ab(log, c, path + [i], -beta, -alpha, -color)
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            if i + 1 < len(node[1]):
                log.write(event="cut", node=me)
            break
    log.write(event="exit", node=me, value=best)
    return best


def pvs(log, node, path, alpha, beta, color):
    """Principal variation search (fail-hard, values from the mover's point of view): the first
    child with the full window, the others with a null window and, when one fails high inside
    the window, a re-search."""
    me = log.ident(node, path)
    log.write(event="enter", node=me, alpha=alpha, beta=beta)
    if is_leaf(node):
        return mover_leaf(log, me, color * node[1])
    for i, c in enumerate(node[1]):
        child = path + [i]
        if i == 0:
            score = -pvs(log, c, child, -beta, -alpha, -color)
        else:
            score = -pvs(log, c, child, -alpha - 1, -alpha, -color)
            if alpha < score < beta:
                log.write(event="research", node=log.ident(c, child))
                score = -pvs(log, c, child, -beta, -score, -color)
        alpha = max(alpha, score)
        if alpha >= beta:
            if i + 1 < len(node[1]):
                log.write(event="cut", node=me)
            break
    log.write(event="exit", node=me, value=alpha)
    return alpha


def main():
    algo, tree = sys.argv[1], sys.argv[2]
    log = Log("--names" in sys.argv[3:])
    root, root_min = parse(tree)
    maximizing = not root_min
    if algo == "minimax":
        minimax(log, root, [], maximizing)
    elif algo == "alphabeta":
        alphabeta_hard(log, root, [], -INF, INF, maximizing)
    elif algo == "alphabeta-keep":
        alphabeta_hard(log, root, [], -INF, INF, maximizing, keep_ties=True)
    elif algo == "alphabeta-soft":
        alphabeta_soft(log, root, [], -INF, INF, maximizing)
    elif algo in ("test-before-update", "stale-window", "swapped"):
        alphabeta_soft(log, root, [], -INF, INF, maximizing, bug=algo)
    elif algo == "negamax":
        negamax(log, root, [], 1 if maximizing else -1)
    elif algo == "negamax-ab":
        negamax_ab(log, root, [], -INF, INF, 1 if maximizing else -1)
    elif algo == "pvs":
        pvs(log, root, [], -INF, INF, 1 if maximizing else -1)
    else:
        sys.exit(f"unknown algorithm {algo}")


if __name__ == "__main__":
    main()
