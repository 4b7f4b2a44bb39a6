"""The HTTP door of ``subterminator mcp --http``, knocked on as an attacker and as a client.

Raw requests (httpx2, the SDK's own HTTP client) for what a page or another local process could
send: a foreign Origin or Host, no token or a wrong one, a request without a session, bodies that
are not JSON-RPC. The SDK's client for what a real MCP client does: a session per client, a
token in a header, a client that goes away without a word and whose session ends when idle.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
import uvicorn
from mcp import MCPError
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.types.version import HANDSHAKE_PROTOCOL_VERSIONS
from playwright.async_api import Browser as PWBrowser

from harness.mcp_driver import page, ref
from subterminator.cli.mcp import http_token, mcp
from subterminator.cli.parser import build_parser
from subterminator.errors import ConfigurationError
from subterminator.mcp.server import NO_SESSION, http_app, serve_http
from subterminator.mcp.session import McpOptions
from subterminator.mcp.token import TOKEN_ENV
from subterminator.simulator import NetflixSimulator
from tests.support.mcp_helpers import MALFORMED, free_port, listening, shared_chromium

pytestmark = pytest.mark.browser

EVIL = "http://evil.example"
TOKEN = "a-test-token-of-forty-three-characters-xyz"
ACCEPT = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"},
    },
}
SESSION = "mcp-session-id"
SLOW = httpx2.Timeout(30, read=300)  # the SDK's own: a tool call may take its time


@pytest.fixture
def sim() -> Any:
    with NetflixSimulator("2026") as simulator:
        yield simulator


@asynccontextmanager
async def door_on(
    sim: NetflixSimulator,
    runs: Path,
    chromium: PWBrowser,
    *,
    built_for: str = "127.0.0.1",
    bind: str = "127.0.0.1",
    **door: Any,
) -> AsyncIterator[str]:
    """The server, built for ``built_for`` and served on ``bind``."""
    port = free_port()
    url = f"http://{bind}:{port}/mcp"
    options = McpOptions(sim="2026", url=sim.url(), runs_dir=runs)
    app = http_app(options, built_for, port, browser_factory=shared_chromium(chromium), **door)
    web = uvicorn.Server(uvicorn.Config(app, host=bind, port=port, log_level="warning"))
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(web.serve)
        while not web.started:  # noqa: ASYNC110 (uvicorn offers no event)
            await anyio.sleep(0.02)
        try:
            yield url
        finally:
            web.should_exit = True


def error_of(response: httpx2.Response) -> dict[str, Any]:
    """The JSON-RPC error a response carries (a JSON body, or the first SSE event's)."""
    text = response.text
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        text = next(line[5:] for line in text.splitlines() if line.startswith("data:"))
    body = json.loads(text)
    assert "error" in body, body
    return dict(body["error"])


async def open_session(raw: httpx2.AsyncClient, url: str, **headers: str) -> str:
    opened = await raw.post(url, json=INIT, headers={**ACCEPT, **headers})
    assert opened.status_code == 200, opened.text
    session = opened.headers[SESSION]
    note = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    await raw.post(url, json=note, headers={**ACCEPT, SESSION: session, **headers})
    return session


def call(n: int, name: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
    params = {"name": name, "arguments": arguments or {}}
    return {"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": params}


def run_records(runs: Path) -> list[Path]:
    return sorted(runs.iterdir()) if runs.exists() else []


# -- Origin and Host, on every bind address ------------------------------------------------------


# 0.0.0.0 is served on 127.0.0.1 here (the test opens no port to the network); its app is built
# as for 0.0.0.0, where the SDK checks nothing by itself.
BINDS = [("127.0.0.1", "127.0.0.1"), ("127.0.0.2", "127.0.0.2"), ("0.0.0.0", "127.0.0.1")]


@pytest.mark.parametrize(("built_for", "bind"), BINDS, ids=[b[0] for b in BINDS])
async def test_a_foreign_origin_or_host_gets_403_and_no_session(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path, built_for: str, bind: str
) -> None:
    async with (
        door_on(sim, tmp_path, st_chromium_session, built_for=built_for, bind=bind) as url,
        httpx2.AsyncClient() as raw,
    ):
        port = url.rsplit(":", 1)[1].split("/")[0]
        foreign = [
            {"Origin": EVIL},
            {"Origin": f"http://evil.example:{port}"},
            {"Host": f"evil.example:{port}"},  # DNS rebinding: a name of theirs, our address
            {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"},
        ]
        for headers in foreign:
            refused = await raw.post(url, json=INIT, headers={**ACCEPT, **headers})
            assert refused.status_code == 403, (headers, refused.text)
            assert SESSION not in refused.headers
            assert "Forbidden" in error_of(refused)["message"]
        session = await open_session(raw, url)  # the same request from its own origin
        own = f"http://{bind}:{port}"
        assert await open_session(raw, url, Origin=own)
        driven = await raw.post(
            url, json=call(2, "browser_open"), headers={**ACCEPT, SESSION: session, "Origin": EVIL}
        )
        assert driven.status_code == 403, "a session's id is no pass for a foreign page"
    assert run_records(tmp_path) == [], "no browser was started for anyone"


# -- the bearer token ------------------------------------------------------------------------------


async def test_with_a_token_only_its_bearer_opens_a_session(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    async with (
        door_on(sim, tmp_path, st_chromium_session, token=TOKEN) as url,
        httpx2.AsyncClient() as raw,
    ):
        for wrong in ({}, {"Authorization": "Bearer not-the-token"}, {"Authorization": TOKEN}):
            refused = await raw.post(url, json=INIT, headers={**ACCEPT, **wrong})
            assert refused.status_code == 401, (wrong, refused.text)
            assert SESSION not in refused.headers
        bearer = {"Authorization": f"Bearer {TOKEN}"}
        foreign = await raw.post(url, json=INIT, headers={**ACCEPT, **bearer, "Origin": EVIL})
        assert foreign.status_code == 403, "the token is no pass for a foreign page"
        assert await open_session(raw, url, **bearer)

        async with (
            httpx2.AsyncClient(headers=bearer, timeout=SLOW) as http,
            Client(streamable_http_client(url, http_client=http), mode="legacy") as client,
        ):
            opened = await client.call_tool("browser_open", {})
            assert not opened.is_error, opened.content
            assert ref(opened, "Manage membership")
    (record,) = run_records(tmp_path)
    (ended,) = [e for e in events(record) if e["event"] == "interrupted"]
    assert ended["detail"].startswith("The client ended its session before complete_task")


def parsed(*argv: str) -> Any:
    return build_parser().parse_args(["mcp", *argv])


async def test_beyond_loopback_needs_allow_remote_and_then_a_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    with pytest.raises(ConfigurationError, match="token"):  # not even bound
        await serve_http(McpOptions(sim="2026", runs_dir=None), "0.0.0.0", free_port())
    for host in ("0.0.0.0", "192.168.1.20", "[::]", "example.org"):
        with pytest.raises(ConfigurationError, match="--allow-remote"):
            http_token(parsed("--http", f"{host}:8931"), host)
    kept = tmp_path / "keys" / "token"
    token = http_token(
        parsed("--http", "0.0.0.0:8931", "--allow-remote", "--token-file", str(kept)), "0.0.0.0"
    )
    assert token is not None
    assert kept.read_text().strip() == token.value
    assert kept.stat().st_mode & 0o777 == 0o600
    assert str(kept) in token.where
    assert token.value not in repr(token)
    again = http_token(
        parsed("--http", "0.0.0.0:8931", "--allow-remote", "--token-file", str(kept)), "0.0.0.0"
    )
    assert again is not None
    assert again.value == token.value, "a kept token is used again"
    assert http_token(parsed("--http", "127.0.0.2:8931"), "127.0.0.2") is None
    monkeypatch.setenv(TOKEN_ENV, TOKEN)
    from_env = http_token(parsed("--http", "127.0.0.1:8931"), "127.0.0.1")
    assert from_env is not None
    assert from_env.value == TOKEN, "the variable alone requires it"
    kept.chmod(0o644)
    with pytest.raises(ConfigurationError, match="chmod 600"):
        http_token(parsed("--http", "127.0.0.1:8931", "--token-file", str(kept)), "127.0.0.1")
    with pytest.raises(ConfigurationError, match="only apply to --http"):
        mcp(parsed("--require-token", "--allowed-host", "box.lan"))  # stdio has no door
    with pytest.raises(SystemExit):
        parsed("--http", "127.0.0.1:8931", "--idle-timeout", "0")
    short = tmp_path / "short"
    short.write_text("abc\n")
    short.chmod(0o600)
    with pytest.raises(ConfigurationError, match="at least"):
        http_token(parsed("--http", "127.0.0.1:8931", "--token-file", str(short)), "127.0.0.1")


async def test_the_command_with_require_token_says_where_it_is_and_asks_for_it(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    command = shutil.which("subterminator", path=str(Path(sys.executable).parent))
    assert command, "the subterminator command is installed beside this Python"
    port = free_port()
    kept = tmp_path / "token"
    args = ["mcp", "--sim", "--url", sim.url(), "--http", f"127.0.0.1:{port}", "--require-token"]
    args += ["--token-file", str(kept), "--no-record", "--headless"]
    env = {k: v for k, v in os.environ.items() if k != TOKEN_ENV}
    server = await asyncio.create_subprocess_exec(
        command, *args, stderr=asyncio.subprocess.PIPE, env=env
    )
    try:
        assert server.stderr is not None
        said = [(await server.stderr.readline()).decode() for _ in range(2)]
        url = f"http://127.0.0.1:{port}/mcp"
        assert url in said[0]
        assert "Authorization: Bearer" in said[1]
        assert str(kept) in said[1]
        assert kept.stat().st_mode & 0o777 == 0o600
        async with httpx2.AsyncClient() as raw:
            for _ in range(100):  # bounded: the banner comes just before uvicorn listens
                try:
                    refused = await raw.post(url, json=INIT, headers=ACCEPT)
                    break
                except httpx2.ConnectError:
                    await anyio.sleep(0.1)
            assert refused.status_code == 401
            bearer = {"Authorization": f"Bearer {kept.read_text().strip()}"}
            assert await open_session(raw, url, **bearer)
    finally:
        server.send_signal(signal.SIGINT)
        await server.wait()


# -- no shared sessionless browser -----------------------------------------------------------------


async def test_a_client_without_a_session_gets_no_browser_of_anyone(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    async with door_on(sim, tmp_path, st_chromium_session) as url:
        async with Client(url, mode="2026-07-28") as sessionless:
            with pytest.raises(MCPError) as refused:
                await sessionless.call_tool("browser_open", {})
            assert refused.value.error.message == NO_SESSION
            tools = await sessionless.list_tools()  # what needs no browser still works
            assert tools.tools
        assert run_records(tmp_path) == []
        async with Client(url, mode="auto") as first, Client(url, mode="auto") as second:
            assert first.protocol_version in HANDSHAKE_PROTOCOL_VERSIONS, (
                "it fell back to a session"
            )
            reply = await first.call_tool("browser_open", {})
            reply = await first.call_tool("browser_click", {"ref": ref(reply, "Manage membership")})
            assert not reply.is_error, reply.content
            other = await second.call_tool("get_snapshot", {})
            assert other.structured_content is not None
            assert other.structured_content["snapshot"]["page"]["url"].endswith("/account")
            mine = await first.call_tool("get_snapshot", {})
            assert mine.structured_content is not None
            assert not mine.structured_content["snapshot"]["page"]["url"].endswith("/account")
    assert len(run_records(tmp_path)) == 2, "a browser and a record per session"


# -- a browser and a record per client, from the command itself ------------------------------------


def page_of(reply: Any) -> str:
    """The address of the page the client holds after ``reply`` (whole, or its changes)."""
    assert reply.structured_content is not None, reply.content
    return page(reply).page.url


def ending_of(record: Path) -> str | None:
    ended = [e for e in events(record) if e["event"] == "interrupted"]
    return str(ended[0]["detail"]) if ended else None


def turns_of(record: Path) -> list[str]:
    return [str(e["tool"]) for e in events(record) if e["event"] == "turn"]


async def test_each_client_of_the_command_gets_its_own_browser_and_record(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    """Two clients of ``subterminator mcp --http`` (a Chromium each): the second starts on the
    start page, not where the first was; each call lands in its own client's record, which
    ends with its own session (the first's DELETE, the second's at the server's stop)."""
    command = shutil.which("subterminator", path=str(Path(sys.executable).parent))
    assert command, "the subterminator command is installed beside this Python"
    port, runs = free_port(), tmp_path / "runs"
    url = f"http://127.0.0.1:{port}/mcp"
    args = ["mcp", "--sim", "--url", sim.url(), "--http", f"127.0.0.1:{port}", "--headless"]
    server = await asyncio.create_subprocess_exec(command, *args, "--runs-dir", str(runs))
    try:
        await listening(url)
        async with (
            httpx2.AsyncClient(timeout=SLOW) as http,
            Client(streamable_http_client(url, http_client=http), mode="legacy") as first,
        ):
            opened = await first.call_tool("browser_open", {})
            moved = await first.call_tool(
                "browser_click", {"ref": ref(opened, "Manage membership")}
            )
            assert page_of(moved).endswith("/account/membership"), moved.content
            async with (
                httpx2.AsyncClient(timeout=SLOW) as http2,
                Client(
                    streamable_http_client(url, http_client=http2, terminate_on_close=False),
                    mode="legacy",
                ) as second,
            ):
                assert page_of(await second.call_tool("get_snapshot", {})) == sim.url()
            assert page_of(await first.call_tool("get_snapshot", {})) == page_of(moved)
        for _ in range(600):  # bounded poll: the first's record is written as its session ends
            if any(ending_of(r) for r in run_records(runs)):
                break
            await anyio.sleep(0.1)
    finally:
        server.send_signal(signal.SIGINT)
        await server.wait()
    by_turns = {tuple(turns_of(r)): r for r in run_records(runs)}
    assert set(by_turns) == {("browser_open", "browser_click", "get_snapshot"), ("get_snapshot",)}
    mine, theirs = (
        by_turns[("browser_open", "browser_click", "get_snapshot")],
        by_turns[("get_snapshot",)],
    )
    assert str(ending_of(mine)).startswith("The client ended its session before complete_task")
    assert str(ending_of(theirs)).startswith("The server stopped before complete_task")
    assert (mine / "report.html").exists()
    assert (theirs / "report.html").exists()


# -- malformed JSON-RPC --------------------------------------------------------------------------


async def test_malformed_json_rpc_over_http_gets_a_json_rpc_error(
    st_chromium_session: PWBrowser, sim: NetflixSimulator, tmp_path: Path
) -> None:
    async with (
        door_on(sim, tmp_path, st_chromium_session) as url,
        httpx2.AsyncClient() as raw,
    ):
        session = await open_session(raw, url)
        for headers in (ACCEPT, {**ACCEPT, SESSION: session}):
            for body, code in MALFORMED:
                answered = await raw.post(url, content=body, headers=headers)
                assert answered.status_code == 400, (body, answered.text)
                error = error_of(answered)
                assert error["code"] == code, (body, error)
        listed = await raw.post(
            url,
            json={"jsonrpc": "2.0", "id": 9, "method": "tools/list"},
            headers={**ACCEPT, SESSION: session},
        )
        assert listed.status_code == 200, "the session serves on"


# -- idle sessions end -----------------------------------------------------------------------------


def events(folder: Path) -> list[dict[str, Any]]:
    path = folder / "events.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


async def test_an_idle_session_ends_its_browser_frees_its_profile_and_says_so(
    sim: NetflixSimulator, tmp_path: Path
) -> None:
    """A client that dies without ending its session (no DELETE): after the idle timeout its
    Chromium (a real one, with a profile) is closed, and the record says why."""
    profile, runs = tmp_path / "profile", tmp_path / "runs"
    port = free_port()
    options = McpOptions(sim="2026", url=sim.url(), runs_dir=runs, headed=False, profile=profile)
    app = http_app(options, "127.0.0.1", port, idle_timeout=2)
    web = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    url = f"http://127.0.0.1:{port}/mcp"
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(web.serve)
        while not web.started:  # noqa: ASYNC110 (uvicorn offers no event)
            await anyio.sleep(0.02)
        async with (
            httpx2.AsyncClient(timeout=SLOW) as http,
            Client(
                streamable_http_client(url, http_client=http, terminate_on_close=False),
                mode="legacy",
            ) as client,
        ):
            opened = await client.call_tool("browser_open", {})
            assert not opened.is_error, opened.content
            assert (profile / "SingletonLock").is_symlink(), "Chromium holds its profile"
        (record,) = run_records(runs)
        for _ in range(600):  # bounded poll for the effect, not a timed assertion
            if (
                any(e["event"] == "interrupted" for e in events(record))
                and not (profile / "SingletonLock").is_symlink()
            ):
                break
            await anyio.sleep(0.1)
        web.should_exit = True
    assert not (profile / "SingletonLock").is_symlink(), "the profile is free again"
    (ended,) = [e for e in events(record) if e["event"] == "interrupted"]
    assert ended["detail"].startswith("The client went away or went quiet (no request for 2 s)")
    assert "cannot ask" not in json.dumps(events(record))
    assert (record / "report.html").exists()
