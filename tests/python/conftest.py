"""Shared helpers of the Python tests: the repository's example trees and the `abviz` command."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
sys.path.insert(0, str(Path(__file__).parent))


def tree_text(name):
    """The tree of examples/NAME.tree without its comment lines."""
    lines = (EXAMPLES / f"{name}.tree").read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith("#"))


def cli(*args, check=True):
    """Runs the installed `abviz` command (the package's console script) and returns it."""
    exe = Path(sys.executable).parent / "abviz"
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "abviz"]
    return subprocess.run(command + list(args), capture_output=True, text=True, check=check, timeout=300)


def cli_trace(*args):
    """The trace the command line writes as JSON for `abviz run ARGS`."""
    return json.loads(cli("run", *args, "--format", "json").stdout)


@pytest.fixture(scope="session")
def aima_text():
    return tree_text("aima")


@pytest.fixture(scope="session")
def wikipedia_text():
    return tree_text("wikipedia")
