"""The ``abviz`` command: the same command line as the Rust binary, run by the extension module.

``python -m abviz run --tree '((3 12 8) (2 4 6) (14 5 2))'`` works too.
"""

from __future__ import annotations

import signal
import sys

from ._abviz import run_cli


def main() -> None:
    """Runs ``abviz`` with the process's arguments and exits with its exit code."""
    # Ctrl-C ends the command at once, as it ends the Rust binary: Python's own handler would
    # only set a flag that the command never reads.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    sys.exit(run_cli(["abviz", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
