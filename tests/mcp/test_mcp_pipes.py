"""Stdio watched by the loop: the lines and replies the SDK's transport meets are the ones a
file would give it, a reply larger than the pipe waits for the client, a client gone is a
broken pipe, and nothing else written to fd 1 reaches the wire."""

from __future__ import annotations

import asyncio
import itertools
import os
import subprocess
import sys
import tempfile
import threading

import pytest

from subterminator.mcp.pipes import CHUNK, Drain, Lines, Replies, loop_can_watch
from tests.support.paths import ROOT


async def lines_of(*chunks: bytes) -> list[str]:
    reader = asyncio.StreamReader()
    for chunk in chunks:
        reader.feed_data(chunk)
    reader.feed_eof()
    return [line async for line in Lines(reader)]


async def test_lines_are_whole_however_the_bytes_arrive() -> None:
    long = "x" * (3 * CHUNK + 7)
    wire = f'{{"a": 1}}\n{{"b": "{long}"}}\n{{"c": "é"}}\n'.encode()
    cut = [0, 3, 9, 10, CHUNK, 2 * CHUNK + 1, len(wire) - 4, len(wire) - 3, len(wire)]
    chunks = [wire[a:b] for a, b in itertools.pairwise(cut)]  # é split in two
    assert await lines_of(*chunks) == ['{"a": 1}\n', f'{{"b": "{long}"}}\n', '{"c": "é"}\n']


async def test_a_last_line_without_its_newline_and_bad_bytes_are_still_read() -> None:
    assert await lines_of(b"\xff\xfe{}\n", b"[1]") == ["\ufffd\ufffd{}\n", "[1]"]
    assert await lines_of() == []


async def write_end() -> tuple[int, Replies, Drain, asyncio.WriteTransport]:
    read_fd, write_fd = os.pipe()
    loop = asyncio.get_running_loop()
    transport, drain = await loop.connect_write_pipe(Drain, os.fdopen(write_fd, "wb", 0))
    return read_fd, Replies(transport, drain), drain, transport


def read_all(fd: int, into: bytearray) -> None:
    with os.fdopen(fd, "rb", 0) as pipe:
        while chunk := pipe.read(CHUNK):
            into += chunk


async def test_a_reply_larger_than_the_pipe_waits_for_the_client_and_arrives_whole() -> None:
    read_fd, replies, drain, transport = await write_end()
    reply = "".join(f"{n:07d}," for n in range(250_000)) + "\n"  # 2 MB, a pipe holds 64 KiB
    await replies.write(reply)
    flushed = asyncio.ensure_future(replies.flush())
    for _ in range(20):
        await asyncio.sleep(0)
    assert not flushed.done()  # nobody read: the flush waits rather than piling up replies
    got = bytearray()
    reading = threading.Thread(target=read_all, args=(read_fd, got))
    reading.start()
    await asyncio.wait_for(flushed, 30)
    await replies.write("next\n")
    await replies.flush()
    transport.close()
    await asyncio.wait_for(drain.closed.wait(), 30)
    await asyncio.to_thread(reading.join, 30)
    assert got.decode() == reply + "next\n"


async def keep_replying(replies: Replies) -> None:
    for _ in range(100):  # the loop learns of the closed end at a write or by watching
        await replies.write("{}\n")
        await replies.flush()
        await asyncio.sleep(0.01)


async def test_a_client_gone_makes_the_next_reply_a_broken_pipe() -> None:
    read_fd, replies, drain, _ = await write_end()
    os.close(read_fd)
    with pytest.raises(BrokenPipeError):
        await keep_replying(replies)
    assert drain.lost is not None


def test_pipes_are_watched_and_a_file_or_a_terminal_is_left_to_the_sdk() -> None:
    read_fd, write_fd = os.pipe()
    terminal, other = os.openpty()
    with tempfile.TemporaryFile() as file:
        assert loop_can_watch(read_fd)
        assert loop_can_watch(write_fd)
        assert not loop_can_watch(file.fileno())
        assert not loop_can_watch(terminal)
    for fd in (read_fd, write_fd, terminal, other):
        os.close(fd)
    assert not loop_can_watch(read_fd)  # closed


SERVING = """
import asyncio, os
from subterminator.mcp.pipes import loop_stdio

async def main():
    async with loop_stdio() as (lines, replies):
        os.write(1, b"stray\\n")  # a child or a print, while serving
        async for line in lines:
            await replies.write("reply to " + line)
            await replies.flush()
    os.write(1, b"after\\n")

asyncio.run(main())
"""


@pytest.mark.subprocess
def test_only_replies_reach_the_wire_while_serving_and_stdout_is_back_after() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SERVING],
        input=b'{"id": 1}\n{"id": 2}\n',
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    assert done.stdout == b'reply to {"id": 1}\nreply to {"id": 2}\nafter\n'
    assert b"stray" in done.stderr
