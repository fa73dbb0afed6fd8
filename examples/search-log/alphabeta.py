import json, math

def log(event, node, **fields):
    for k, v in fields.items():
        if isinstance(v, float) and math.isinf(v):
            fields[k] = "inf" if v > 0 else "-inf"
    print(json.dumps({"event": event, "node": node, **fields}))

def alphabeta(tree, path, alpha, beta, maximizing):
    node = ".".join(map(str, path))
    if not isinstance(tree, list):                       # a leaf
        log("leaf", node, value=tree)
        return tree
    log("enter", node, alpha=alpha, beta=beta)
    for i, child in enumerate(tree):
        v = alphabeta(child, path + [i], alpha, beta, not maximizing)
        if maximizing: alpha = max(alpha, v)
        else: beta = min(beta, v)
        if alpha >= beta:
            if i + 1 < len(tree): log("cut", node)
            break
    value = min(alpha, beta) if maximizing else max(alpha, beta)  # fail-hard: clamped
    log("exit", node, value=value)
    return value

alphabeta([[3, 12, 8], [2, 4, 6], [14, 5, 2]], [], -math.inf, math.inf, True)
