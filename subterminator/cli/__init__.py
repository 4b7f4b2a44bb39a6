"""The ``subterminator`` command.

Only the standard library loads before the arguments are read: ``--help`` is instant, and a
Ctrl+C while the agent's modules load ends quietly instead of in a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

EXIT_INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    try:
        from subterminator.cli.parser import build_parser

        args = build_parser().parse_args(argv)
        from subterminator.cli.app import dispatch

        return dispatch(args)
    except KeyboardInterrupt:
        print("Interrupted before anything was done.", file=sys.stderr)
        return EXIT_INTERRUPTED
