#!/usr/bin/env python3
"""Writes a uniform tree in abviz's notation, for memory measurements:

    scripts/gen_tree.py 8 8 > /tmp/b8d8.tree     # branching 8, depth 8: 19.2 M nodes, 53 MB
    /usr/bin/time -v abviz run --tree-file /tmp/b8d8.tree -f text -o /tmp/out.txt

Leaf values are pseudo-random in 0..99 (a fixed seed, so the file is the same every time).
"""

import random
import sys


def main() -> None:
    branching = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    rng = random.Random(42)
    out = sys.stdout
    leaves = branching**depth
    # A leaf group is "(v v … v)"; the levels above wrap groups of groups.
    for k in range(leaves // branching if depth > 0 else 1):
        # Open the levels that start at this leaf group.
        m, opens = k, 1
        while opens < depth and m % branching == 0:
            m //= branching
            opens += 1
        if k > 0:
            out.write(" ")
        out.write("(" * (opens if depth > 0 else 0))
        if depth == 0:
            out.write(str(rng.randrange(100)))
            break
        out.write(" ".join(str(rng.randrange(100)) for _ in range(branching)))
        # Close the levels that end after this group.
        m, closes = k + 1, 1
        while closes < depth and m % branching == 0:
            m //= branching
            closes += 1
        out.write(")" * closes)
    out.write("\n")


if __name__ == "__main__":
    main()
