"""Lines from standard input, read on the event loop instead of in a thread.

A thread blocked in ``input()`` outlives Ctrl+C: the interpreter then dies at exit holding the
stdin lock ("Fatal Python error", exit 134) and its late answer lands on a dead future. Read
through the loop, a Ctrl+C simply cancels the wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys


class StdinLines:
    def __init__(self, fd: int | None = None) -> None:
        self._fd = fd
        self._buffer = b""
        self._eof = False

    def _descriptor(self) -> int | None:
        if self._fd is not None:
            return self._fd
        try:
            return sys.stdin.fileno() if sys.stdin is not None else None
        except (AttributeError, OSError, ValueError):
            return None

    def echoed(self) -> bool:
        """Whether a terminal shows what is typed (a pipe shows nothing, not even the newline)."""
        fd = self._descriptor()
        return fd is not None and os.isatty(fd)

    async def readline(self) -> str | None:
        """The next line without its newline; None at end of input."""
        fd = self._descriptor()
        while b"\n" not in self._buffer and not self._eof:
            if fd is None:
                self._eof = True
                break
            await _readable(fd)
            try:
                chunk = os.read(fd, 4096)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                self._eof = True
            self._buffer += chunk
        if not self._buffer and self._eof:
            return None
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode(errors="replace").rstrip("\r")


async def _readable(fd: int) -> None:
    """Wait until ``fd`` can be read; a regular file (stdin from ``<``) always can."""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    try:
        loop.add_reader(fd, wake)
    except (PermissionError, NotImplementedError, ValueError, OSError):
        return  # not pollable (a regular file, or a loop without readers): read directly
    try:
        await ready
    finally:
        with contextlib.suppress(Exception):
            loop.remove_reader(fd)
