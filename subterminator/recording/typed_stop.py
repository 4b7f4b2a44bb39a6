"""A recording's terminal: lines typed at it are read without blocking, and a stop word (or an
empty line) ends the recording."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable

STOP_WORDS = frozenset({"", "stop", "q", "quit", "exit", "done"})


class TypedStop:
    """Watches one file descriptor for a stop word; ``stop`` is called for each one typed."""

    def __init__(self, stop: Callable[[], None]) -> None:
        self._stop = stop
        self._fd: int | None = None
        self._typed = b""

    def listen(self, fd: int) -> bool:
        """Read lines typed at ``fd`` (the terminal) without blocking. False where ``fd``
        cannot be watched (a file, closed, no selector)."""
        loop = asyncio.get_running_loop()
        try:
            os.fstat(fd)
            loop.add_reader(fd, self._read, fd)
        except (OSError, ValueError, NotImplementedError):
            return False
        self._fd = fd
        return True

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._fd)
            self._fd = None

    def _read(self, fd: int) -> None:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            chunk = b""
        if not chunk:  # end of input: nobody will type; the window or Ctrl+C ends it
            self.close()
            return
        self._typed += chunk
        while b"\n" in self._typed:
            line, _, self._typed = self._typed.partition(b"\n")
            if line.decode(errors="replace").strip().lower() in STOP_WORDS:
                self._stop()
