"""The ``subterminator`` command.

Only the standard library loads before the arguments are read: ``--help`` is instant. The
agent's modules then load with Ctrl+C held back, and an interrupt that came meanwhile ends the
command quietly once they are loaded: met inside pydantic's model building, it would surface as
a ``SchemaError`` traceback instead.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

EXIT_INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    try:
        with _interrupts_held():
            from subterminator.cli.parser import build_parser

            args = build_parser().parse_args(argv)
            from subterminator.cli.app import dispatch, preload

            preload(args)
    except KeyboardInterrupt:
        print("Interrupted before anything was done.", file=sys.stderr)
        return EXIT_INTERRUPTED
    return dispatch(args)


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """A SIGINT during the block is noted, then raised as KeyboardInterrupt when it ends."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: came.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if came:
        raise KeyboardInterrupt
