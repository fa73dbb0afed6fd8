#!/usr/bin/env bash
# The Python bench (bench.py): builds abviz into a virtual environment of its own with aima3
# from PyPI (aima-python's code is installed there, never copied into this repository), then
# runs it. Usage: bash benches/python/run.sh [--repeat N]  (VENV=dir to reuse an environment).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="${VENV:-target/python-bench-venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q . aima3
"$venv/bin/python" benches/python/bench.py "$@"
