"""The installed ``subterminator mcp --backend playwright-mcp`` over stdio, as a client
configuration starts it: it lists Playwright MCP's tools and ours, cancels with one yes, and
when the client goes it leaves no Playwright MCP (``node``) and no Chromium behind.
"""

from __future__ import annotations

import os
import shutil
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters

from harness.mcp_driver import Person
from subterminator.simulator import NetflixSimulator
from tests.support.mcp_helpers import chromium_with
from tests.support.mcp_pwmcp import WANTED, fields, final_click, text_of, walk

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]


@pytest.fixture
def sim() -> Iterator[NetflixSimulator]:
    with NetflixSimulator("2026") as simulator:
        yield simulator


def status_of(pid: int) -> str | None:
    """The process's /proc status, or None once it is gone (a zombie counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    return None if "\nState:\tZ" in status else status


def server_of(mark: str) -> int:
    """The test's server: the Python process carrying ``mark`` that runs ``mcp``."""
    for proc in Path("/proc").iterdir():
        try:
            environ = (proc / "environ").read_bytes()
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if mark.encode() in environ and b"python" in argv[0] and b"mcp" in argv:
            return int(proc.name)
    raise AssertionError("the server's process was not found")


def descendants(pid: int) -> dict[int, str]:
    """Every live process below ``pid``, with its command line."""
    parents: dict[int, int] = {}
    for proc in Path("/proc").iterdir():
        status = status_of(int(proc.name)) if proc.name.isdigit() else None
        if status is not None:
            parents[int(proc.name)] = int(status.split("\nPPid:\t")[1].split("\n")[0])
    found, frontier = {}, [pid]
    while frontier:
        parent = frontier.pop()
        for child in [p for p, pp in parents.items() if pp == parent]:
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ")
            found[child] = cmdline.decode(errors="replace")
            frontier.append(child)
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads /proc (Linux)")
async def test_the_installed_command_lists_cancels_and_leaves_no_node_nor_chromium(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    command = shutil.which("subterminator", path=str(Path(sys.executable).parent))
    assert command, "the subterminator command is installed beside this Python"
    mark = f"st-pwmcp-{uuid.uuid4().hex}"
    env = {**os.environ, "SUBTERMINATOR_TEST_MARK": mark}
    args = ["mcp", "--backend", "playwright-mcp", "--sim", "--url", sim.url(), "--headless"]
    params = StdioServerParameters(command=command, args=[*args, "--runs-dir", str(tmp_path)])
    params.env = env
    person = Person([True])
    async with Client(params, mode="legacy", elicitation_callback=person) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        assert names >= WANTED
        assert "browser_run_code_unsafe" not in names
        reply = await walk(client)
        started = descendants(server_of(mark))
        assert any("@playwright/mcp/cli.js" in c for c in started.values()), started
        assert chromium_with(mark), "the session's Chromium runs while the client is there"
        click = await final_click(client, reply)
        assert not click.is_error, text_of(click)
        assert fields(click)["success"] is True
    assert sim.account.status == "cancelled"
    assert len(person.asked) == 1
    for _ in range(100):  # the client closed the pipe: the server ends both, then exits
        if not any(status_of(pid) for pid in started) and not chromium_with(mark):
            break
        await anyio.sleep(0.1)
    left = {pid: c for pid, c in started.items() if status_of(pid)}
    assert not left, f"outlived their client: {left}"
    assert not chromium_with(mark), "a Chromium outlived its client"
