"""Playwright MCP for the length of a run, on the real package, Node and Chromium: it connects
and lists its tools, writes its files and its stderr in the run's folder (never the current
one, never the terminal), releases the bind whether it started or not, ends with the block,
and once its process is gone every call is a ``BrowserError``, as a dead browser's is."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from harness.sites import StaticSite
from subterminator.browser.chromium import LaunchOptions
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.errors import BrowserError, MCPConnectionError
from subterminator.pwmcp.backend import PwMcpOptions, attached, reply_text
from subterminator.pwmcp.install import install
from subterminator.pwmcp.process import LOG, playwright_mcp
from tests.support.pwmcp_procs import alive, endpoint_of, output_dir_of, pwmcp_processes

pytestmark = [pytest.mark.browser, pytest.mark.subprocess]

PAGE = """<!doctype html><html lang="fr"><head><title>Abonnement</title></head><body>
<h1>Votre abonnement</h1><button type="button" onclick="console.error('clic')">Garder</button>
</body></html>"""


@asynccontextmanager
async def launched(profile: Path | None = None) -> AsyncIterator[PlaywrightBrowser]:
    ours = await PlaywrightBrowser.launch(LaunchOptions(headless=True, profile_dir=profile))
    try:
        yield ours
    finally:
        await ours.close()


def served(folder: Path, site: Callable[[Path], StaticSite]) -> str:
    folder.mkdir()
    (folder / "abo.html").write_text(PAGE, encoding="utf-8")
    return site(folder).url("abo.html")


def in_(path: Path, pattern: str = "*") -> list[Path]:
    """What is in ``path`` (matching ``pattern``); a file is its own one entry, none is []."""
    if path.is_dir():
        return sorted(path.glob(pattern))
    return [path] if path.exists() else []


def only_child() -> list[str]:
    """The arguments of the one Playwright MCP this test process started."""
    (argv,) = pwmcp_processes(parent=os.getpid()).values()
    return argv


async def test_it_connects_lists_its_tools_and_writes_only_in_the_run_folder(
    tmp_path: Path,
    st_static_site: Callable[[Path], StaticSite],
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    url = served(tmp_path / "site", st_static_site)
    here, run = tmp_path / "here", tmp_path / "run"
    here.mkdir()
    monkeypatch.chdir(here)
    async with launched() as ours, attached(ours, PwMcpOptions(output_dir=run)) as client:
        names = {tool.name for tool in client.tools}
        assert {"browser_snapshot", "browser_click", "browser_navigate", "browser_type"} <= names
        await client.call("browser_navigate", {"url": url})
        assert ours.page.url == url  # it drives our page, in our browser
        assert "Votre abonnement" in reply_text(await client.call("browser_snapshot", {}))
        await client.call("browser_take_screenshot", {})
    assert list(here.iterdir()) == []
    assert (run / LOG).is_file()
    assert any(p.suffix in (".yml", ".png", ".jpeg") for p in run.iterdir())
    assert "Playwright" not in capfd.readouterr().err


async def test_without_a_run_folder_it_writes_in_a_temporary_one_removed_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    async with launched() as ours, attached(ours) as client:
        argv = only_child()
        await client.call("browser_take_screenshot", {})
        folder = output_dir_of(argv)
        assert folder != tmp_path
        assert in_(folder)
    assert not in_(folder)
    assert in_(tmp_path) == []


async def test_the_bind_and_the_process_end_with_the_block(tmp_path: Path) -> None:
    async with launched() as ours:
        async with attached(ours, PwMcpOptions(output_dir=tmp_path)):
            (pid,) = pwmcp_processes(folder=tmp_path)
            socket = Path(endpoint_of(only_child()))
            assert in_(socket)
        assert not alive(pid)
        assert not in_(socket)
        assert await ours.page.evaluate("1 + 1") == 2  # our browser is still ours to close


async def test_a_value_it_refuses_is_a_connection_error_in_its_words_and_the_bind_goes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    # our driver keeps its socket files in TMPDIR: a short one of the test's own (a socket's
    # path has at most 107 bytes, and a worker's tmp_path can be longer, so Chromium, whose
    # own sockets go there too, would not start)
    sockets = Path(tempfile.mkdtemp(prefix="st-", dir="/tmp"))
    monkeypatch.setenv("TMPDIR", str(sockets))
    run = tmp_path / "run"
    try:
        async with launched() as ours:
            with pytest.raises(MCPConnectionError, match=r"did not start.*it said: Error: Inv"):
                async with attached(ours, PwMcpOptions(("--console-level=loud",), run)):
                    pass
            assert in_(sockets, "pw-*/browser/*.sock") == []
            assert await ours.page.evaluate("1 + 1") == 2
    finally:
        shutil.rmtree(sockets, ignore_errors=True)
    assert "Invalid" in (run / LOG).read_text()
    assert "Invalid" not in capfd.readouterr().err  # its stderr is the log's, not the terminal's


async def test_a_dead_process_makes_every_later_call_a_browser_error(tmp_path: Path) -> None:
    async with launched() as ours, attached(ours, PwMcpOptions(output_dir=tmp_path)) as client:
        await client.call("browser_snapshot", {})
        (pid,) = pwmcp_processes(folder=tmp_path)
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(BrowserError, match="Playwright MCP stopped answering"):
            await client.call("browser_snapshot", {})
        assert client.gone is not None
        with pytest.raises(BrowserError, match="Playwright MCP stopped answering"):
            await client.call("browser_navigate", {"url": "about:blank"})


async def test_it_attaches_to_a_persistent_profile_browser(
    tmp_path: Path, st_static_site: Callable[[Path], StaticSite]
) -> None:
    url = served(tmp_path / "site", st_static_site)
    async with (
        launched(profile=tmp_path / "profile") as ours,
        attached(ours, PwMcpOptions(output_dir=tmp_path / "run")) as client,
    ):
        await client.call("browser_navigate", {"url": url})
        assert ours.page.url == url
        assert 'button "Garder" [ref=' in reply_text(await client.call("browser_snapshot", {}))


async def test_a_wrong_endpoint_is_a_connection_error_at_the_start(tmp_path: Path) -> None:
    with pytest.raises(MCPConnectionError, match=r"could not reach the browser: .*ENOENT"):
        async with playwright_mcp(install(), str(tmp_path / "gone.sock"), cwd=tmp_path):
            pass


async def test_the_run_folder_is_its_only_workspace_for_files(tmp_path: Path) -> None:
    """Its working folder is its workspace root: a file named outside the run folder, by a
    relative climb or an absolute path, is refused by Playwright MCP itself."""
    run = tmp_path / "run"
    async with launched() as ours, attached(ours, PwMcpOptions(output_dir=run)) as client:
        for outside in ("../climbed.png", str(tmp_path / "absolute.png")):
            reply = await client.call("browser_take_screenshot", {"filename": outside})
            assert reply.is_error
            assert "outside allowed roots" in reply_text(reply)
        inside = await client.call("browser_take_screenshot", {"filename": "inside.png"})
        assert not inside.is_error
    assert in_(tmp_path) == [run]
    assert in_(run, "*.png") == [run / "inside.png"]
