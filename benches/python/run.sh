#!/usr/bin/env bash
# The Python bench (bench.py): builds abviz into a virtual environment of its own with aima3
# from PyPI (aima-python's code is installed there, never copied into this repository), then
# runs it. Usage: bash benches/python/run.sh [--repeat N]  (VENV=dir to reuse an environment).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="${VENV:-target/python-bench-venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q .
# aima3's games.py needs numpy and tqdm, which aima3 does not declare; its declared notebook
# stack (jupyter, networkx) is not needed.
"$venv/bin/pip" install -q --no-deps aima3
"$venv/bin/pip" install -q numpy tqdm
"$venv/bin/python" benches/python/bench.py "$@"
