"""Stdio served on the event loop, not through worker threads.

The SDK's stdio transport reads and writes through anyio's file wrappers, so every line read
and every reply written hops to a worker thread and back: a ping took 1.42 ms through it and
0.68 ms here, on a two-core machine (a small page's capture takes a few). MCP clients
spawn a server with pipes, and a pipe can be watched by the loop itself; these streams do that
and hand the SDK's transport its lines as it reads them from a file. Elsewhere (a file, a
terminal, Windows) the SDK's own file wrappers serve.

As the SDK does, fd 0 and 1 are pointed at the null device and at stderr while serving, so
nothing a child process or a stray print writes can tear a frame, and restored afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
import sys
from collections.abc import AsyncIterator, Iterator
from typing import IO, cast

import anyio
from mcp.shared._stream_protocols import ReadStream, WriteStream
from mcp.shared.message import SessionMessage

CHUNK = 1 << 16
CLOSE_BOUND = 2.0  # s for the last replies to reach a client that stopped reading

Incoming = ReadStream[SessionMessage | Exception]
Outgoing = WriteStream[SessionMessage]


def loop_can_watch(fd: int) -> bool:
    """A pipe or socket, what clients spawn servers with. A file cannot be watched, and a
    terminal is left alone: the loop would make it non-blocking for the shell sharing it."""
    if sys.platform == "win32":
        return False
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


@contextlib.contextmanager
def diverted(fd: int, to: int, mode: str) -> Iterator[IO[bytes]]:
    """``fd``'s wire on a private descriptor while ``fd`` itself points at ``to``."""
    import fcntl  # POSIX only, as is everything that calls this

    private = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 3)
    try:
        os.dup2(to, fd)
    finally:
        os.close(to)
    try:
        with open(private, mode, buffering=0, closefd=False) as wire:
            yield cast(IO[bytes], wire)
    finally:
        os.dup2(private, fd)
        os.set_blocking(fd, True)  # the loop made the shared description non-blocking
        with contextlib.suppress(OSError):
            os.close(private)


class Lines:
    """The wire's lines, as ``async for line in stdin`` in the SDK's transport reads them."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self._reader = reader

    async def __aiter__(self) -> AsyncIterator[str]:
        pending = bytearray()
        while chunk := await self._reader.read(CHUNK):
            seen = len(pending)  # a long line is searched once, not again with each chunk
            pending += chunk
            start = 0
            while (end := pending.find(b"\n", max(start, seen))) >= 0:
                yield pending[start : end + 1].decode("utf-8", errors="replace")
                start = end + 1
            del pending[:start]
        if pending:
            yield pending.decode("utf-8", errors="replace")


class Drain(asyncio.Protocol):
    """Flow control for the write pipe: a flush waits while the client is behind."""

    def __init__(self) -> None:
        self.lost: BaseException | None = None
        self.closed = asyncio.Event()
        self._resumed = asyncio.Event()
        self._resumed.set()

    def pause_writing(self) -> None:
        self._resumed.clear()

    def resume_writing(self) -> None:
        self._resumed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = exc or BrokenPipeError("the client closed its end of the pipe")
        self._resumed.set()
        self.closed.set()

    async def drained(self) -> None:
        await self._resumed.wait()
        if self.lost is not None:
            raise BrokenPipeError(str(self.lost)) from self.lost


class Replies:
    """The wire's writer, as the SDK's transport writes and flushes a reply."""

    def __init__(self, transport: asyncio.WriteTransport, drain: Drain) -> None:
        self._transport = transport
        self._drain = drain

    async def write(self, text: str) -> None:
        if self._drain.lost is not None:  # a closed pipe's transport drops writes silently
            raise BrokenPipeError(str(self._drain.lost)) from self._drain.lost
        self._transport.write(text.encode("utf-8"))

    async def flush(self) -> None:
        await self._drain.drained()


@contextlib.asynccontextmanager
async def loop_stdio() -> AsyncIterator[tuple[Lines, Replies]]:
    """fd 0 and 1 as loop-watched streams, diverted while they serve."""
    loop = asyncio.get_running_loop()
    with (
        diverted(0, os.open(os.devnull, os.O_RDONLY), "rb") as wire_in,
        diverted(1, os.dup(2), "wb") as wire_out,
    ):
        reader = asyncio.StreamReader(limit=CHUNK)
        read_transport, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), wire_in
        )
        write_transport, drain = await loop.connect_write_pipe(Drain, wire_out)
        try:
            yield Lines(reader), Replies(write_transport, drain)
        finally:
            read_transport.close()
            write_transport.close()  # after what it holds is written, or the client went
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(drain.closed.wait(), CLOSE_BOUND)


@contextlib.asynccontextmanager
async def stdio_streams() -> AsyncIterator[tuple[Incoming, Outgoing]]:
    """The SDK's stdio transport, its wire watched by the loop where the loop can."""
    from mcp.server.stdio import stdio_server

    if not (loop_can_watch(0) and loop_can_watch(1)):
        async with stdio_server() as streams:
            yield streams
        return
    async with loop_stdio() as (lines, replies):
        stdin = cast("anyio.AsyncFile[str]", lines)  # what the transport uses of one: the same
        stdout = cast("anyio.AsyncFile[str]", replies)
        async with stdio_server(stdin, stdout) as streams:
            yield streams
