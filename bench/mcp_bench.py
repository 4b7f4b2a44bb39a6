"""``subterminator mcp`` beside Playwright MCP, both driven through one MCP client over stdio.

Why: an agent host sees a browser server only through MCP, so the figures that matter are the
client's: how long a snapshot takes to come back and how many tokens the reply puts in front
of the model, and what a whole cancellation costs in tool calls and tokens. Both servers get
the same Chromium (``SUBTERMINATOR_CHROMIUM`` or what the product would find), the product's
viewport, the same pages (``fixtures/pages/grid.html?n=N`` and the realistic stress pages of
``bench.stress_pages``, written at bench time, the held-aside set in a table of its own) and
the same scripted flow on a fresh in-process Netflix simulator each, whose account state says
whether it really cancelled.

Through MCP, our snapshots take no screenshot (``subterminator mcp --screenshots`` would), as
Playwright MCP's ``browser_snapshot`` takes none; the agent loop's do. So ours is also
measured in-process without one
(``bench.stage_bench``: capture, prune, serialise; no MCP transport). The summary states the
speed goals family by family (grids, stress pages, ``bench.kinds_pages``, and the held-aside
twins), met or not, for both figures: the median per-page ratio at most 0.25, no page over
1.2x Playwright MCP's time, our slowest viewport snapshot at most 150 ms; then the pages where
our whole page is slower than Playwright MCP's. Last, the floor: both sides on a page of one
heading (``stage_bench.FLOOR``, in no family), the least any snapshot costs, and the pages
where a quarter of Playwright MCP's time is under ours on it: there the median goal over MCP
asks for less than our transport and one round trip to the page take, whatever the capture.

Playwright MCP is measured as shipped (defaults, pinned ``PLAYWRIGHT_MCP_VERSION``, installed
from npm into ``--cache`` on first use). Its actions write their snapshot to a file and reply
with a link, so the script asks ``browser_snapshot`` whenever it needs refs it has not seen;
ours replies to every action with the page: after the first whole one, what changed (the
script applies it to the page it holds, as a client does), and once more with
``--whole-replies`` (every page whole) for the cancellation, whose tokens are held to
``TOKENS_GOAL`` of Playwright MCP's. Every ratio is ours / Playwright MCP: below 1 is
better for ours (faster, fewer tokens, fewer calls). If our server is missing or fails, its
columns say so in one line and Playwright MCP's figures still print.

``python -m bench.mcp_bench [--runs N] [--sizes 10,100,1000,10000] [--cache DIR]
[--pages-dir DIR] [--no-stress] [--no-held] [--only story,news]``
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import IO, Any

import mcp_types as types
from mcp import Client, StdioServerParameters
from mcp.client import ClientRequestContext
from mcp.client.stdio import stdio_client
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from bench import stage_bench
from bench.stage_bench import FLOOR, FLOOR_LABEL, HELD, Target, Turn, Turns, anytime
from bench.stress_pages import CONTROL_ROLES
from subterminator.browser.discovery import find_chromium
from subterminator.browser.playwright_browser import CHROMIUM_ARGS, LaunchOptions
from subterminator.browser.reach import origin_of
from subterminator.errors import BrowserNotFoundError
from subterminator.simulator import NetflixSimulator
from subterminator.snapshot.tokens import ESTIMATOR_NAME, estimate_tokens, image_tokens

PLAYWRIGHT_MCP = "@playwright/mcp"
PLAYWRIGHT_MCP_VERSION = "0.0.83"  # `npm view @playwright/mcp version` when this was written
DEFAULT_CACHE = Path(".nox/playwright-mcp")
SIZES = (10, 100, 1_000, 10_000)
PAGES = Path("fixtures/pages")
ROOT = Path(__file__).resolve().parent.parent  # ours runs as `-m subterminator` from here
CALL_TIMEOUT_S = 180.0  # one tool call; a 10,000-element snapshot takes seconds
OURS_COMMAND = (sys.executable, "-m", "subterminator.cli", "mcp", "--headless", "--sim", "2026")
# The initialize handshake, as hosts speak today (Playwright MCP is such a server): on a
# 2026-07-28 connection ("auto" picks it with a 2.x server) stdio has no back-channel for a
# server-initiated elicitation/create, only InputRequiredResult rounds.
PROTOCOL_MODE = "legacy"
PW = "Playwright MCP"
OURS = "subterminator mcp"
OURS_WHOLE = "subterminator mcp --whole-replies"
TOKENS_GOAL = 0.6  # a whole cancellation's tokens, ours (replies of changes) / Playwright MCP's


class BenchError(Exception):
    """A side could not be measured; the message is one line, fit for the table."""


# -- what a reply puts in front of the model -------------------------------------------------


@dataclass(frozen=True)
class Control:
    """One element a script can click, by the role and name the model reads."""

    role: str
    name: str
    ref: str


@dataclass(frozen=True)
class Reply:
    """A tool result as the model gets it: its text blocks (joined) and images."""

    text: str
    image_tokens: int
    structured: dict[str, Any] | None
    is_error: bool

    @property
    def tokens(self) -> int:
        return estimate_tokens(self.text) + self.image_tokens


def _image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG or JPEG, from its header."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    if data[:2] == b"\xff\xd8":
        at = 2
        while at + 9 < len(data) and data[at] == 0xFF:
            marker, length = data[at + 1], struct.unpack(">H", data[at + 2 : at + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2):
                height, width = struct.unpack(">HH", data[at + 5 : at + 9])
                return int(width), int(height)
            at += 2 + int(length)
    return None


def reply_of(result: types.CallToolResult) -> Reply:
    texts: list[str] = []
    pictures = 0
    for block in result.content:
        if isinstance(block, types.TextContent):
            texts.append(block.text)
        elif isinstance(block, types.ImageContent):
            size = _image_size(base64.b64decode(block.data))
            width, height = size or LaunchOptions().viewport
            pictures += image_tokens(width, height)
    return Reply("\n".join(texts), pictures, result.structured_content, bool(result.is_error))


# -- name to ref, for each server ------------------------------------------------------------

# `- button "Cancel Membership" [expanded=false] [ref=e12] [cursor=pointer]:` in the YAML of an
# aria snapshot; a line YAML had to quote is wrapped in single quotes ('' for ').
_PW_LINE = re.compile(
    r"""^\s*-\ '?(?P<role>[a-z][\w-]*)"""
    r"""(?:\ (?P<name>"(?:[^"\\]|\\.)*"))?"""
    r"""(?P<attrs>(?:\ \[[^\]]*\])*)"""
)
_PW_REF = re.compile(r"\[ref=([^\]\s]+)\]")
_PW_URL = re.compile(r"^- Page URL: (\S+)", re.MULTILINE)


def _decode_name(quoted: str, yaml_single_quoted: bool) -> str:
    if yaml_single_quoted:
        quoted = quoted.replace("''", "'")
    try:
        value = json.loads(quoted)
    except json.JSONDecodeError:
        value = quoted[1:-1]
    return str(value)


def playwright_controls(text: str) -> list[Control] | None:
    """Every element with a ref in a Playwright MCP reply; None when it carries no snapshot
    (its actions write theirs to a file and reply with a link)."""
    if "```yaml" not in text:
        return None
    found: list[Control] = []
    for line in text.splitlines():
        match = _PW_LINE.match(line)
        if match is None:
            continue
        ref = _PW_REF.search(match["attrs"])
        if ref is None:
            continue
        quoted = line.lstrip().startswith("- '")
        name = _decode_name(match["name"], quoted) if match["name"] else ""
        found.append(Control(match["role"], name, ref[1]))
    return found


def _controls(elements: object) -> list[Control]:
    return [
        Control(str(e.get("role", "")), str(e.get("name", "")), str(e["ref"]))
        for e in elements or []  # type: ignore[attr-defined]
        if isinstance(e, dict) and e.get("ref")
    ]


def ours_controls(
    structured: dict[str, Any] | None, seen: Sequence[Control] | None = None
) -> list[Control] | None:
    """Every element of the snapshot in our structuredContent, or of the page ``seen`` once
    the reply's changes are applied to it (as a client would); None when it has neither."""
    structured = structured or {}
    snapshot = structured.get("snapshot")
    if isinstance(snapshot, dict):
        return _controls(snapshot.get("elements"))
    changed = structured.get("changes")
    if not isinstance(changed, dict) or seen is None:
        return None
    removed = changed.get("removed") or []
    fresh = {c.ref: c for c in _controls(changed.get("changed"))}
    kept = [] if removed == "all" else [fresh.pop(c.ref, c) for c in seen if c.ref not in removed]
    return [*kept, *fresh.values(), *_controls(changed.get("added"))]


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def ref_for(controls: Sequence[Control], role: str, name: str, nth: int = 0) -> str | None:
    """The ref of the ``nth`` control (negative: from the end) with this role and name."""
    matches = [c.ref for c in controls if c.role == role and _same(c.name, name)]
    try:
        return matches[nth]
    except IndexError:
        return None


def playwright_ref(text: str, role: str, name: str, nth: int = 0) -> str | None:
    return ref_for(playwright_controls(text) or [], role, name, nth)


def ours_ref(structured: dict[str, Any] | None, role: str, name: str, nth: int = 0) -> str | None:
    return ref_for(ours_controls(structured) or [], role, name, nth)


def ours_url(reply: Reply) -> str | None:
    """The page's address: the snapshot's, or the changes' when the page changed."""
    structured = reply.structured or {}
    snapshot = structured.get("snapshot") or structured.get("changes")
    page = snapshot.get("page") if isinstance(snapshot, dict) else None
    return str(page["url"]) if isinstance(page, dict) and page.get("url") else None


def playwright_url(reply: Reply) -> str | None:
    match = _PW_URL.search(reply.text)
    return match[1] if match else None


def ratio(ours: float | None, theirs: float | None) -> str:
    """ours / theirs as ``0.42x``; a dash when either is missing or theirs is 0."""
    if ours is None or theirs is None or theirs == 0:
        return "-"
    value = ours / theirs
    if value >= 10:
        return f"{value:.0f}x"
    if value >= 0.01:
        return f"{value:.2f}x"
    return f"{value:.1g}x"


# -- the two servers -------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """Click the ``nth`` control with this role and visible name."""

    role: str
    name: str
    nth: int = 0


# The 2026 flow (subterminator/simulator/pages.py): account -> membership -> cancel plan, whose
# three options are collapsed behind alike "Show option contents" expanders (Cancel is the
# third) -> the final click -> the confirmation page's exit survey.
CANCEL_STEPS = (
    Step("link", "Manage membership"),
    Step("button", "Cancel membership"),
    Step("button", "Show option contents", nth=2),
    Step("button", "Finish Cancellation"),
    Step("checkbox", "I needed to cut costs"),
    Step("button", "Submit"),
)


@dataclass(frozen=True)
class Side:
    """How the script speaks to one server: its tools, and how to read its replies."""

    label: str
    params: StdioServerParameters
    open_tool: str  # takes {"url": ...}
    snapshot_tool: str
    click: Callable[[Control], dict[str, Any]]  # browser_click's arguments
    # the controls a reply shows, given those the client held before it
    controls: Callable[[Reply, Sequence[Control] | None], list[Control] | None]
    url: Callable[[Reply], str | None]
    finish: tuple[str, dict[str, Any]]  # how a model would end the task
    whole_page_args: dict[str, Any] | None = None  # a second snapshot mode to measure, if any
    own_site: dict[str, Any] | None = None  # open_tool's arguments if it refuses our simulator
    # a server whose start page is set when it starts (ours: opening any other address is
    # shown to the person first, as it may act): the side, started on ``url``
    starting_at: Callable[[str], Side] | None = None
    mode: str = PROTOCOL_MODE  # the client's protocol negotiation (mcp.Client's ``mode``)


def _playwright_click(control: Control) -> dict[str, Any]:
    return {"element": f'{control.role} "{control.name}"', "target": control.ref}


def _ours_click(control: Control) -> dict[str, Any]:
    return {"ref": control.ref}


def ensure_playwright_mcp(cache: Path) -> Path:
    """``cli.js`` of the pinned Playwright MCP in ``cache``, installed from npm if absent."""
    cache = cache.resolve()  # the server runs in a scratch folder
    cli = cache / "node_modules" / "@playwright" / "mcp" / "cli.js"
    manifest = cli.parent / "package.json"
    if manifest.is_file():
        installed = json.loads(manifest.read_text(encoding="utf-8")).get("version")
        if installed == PLAYWRIGHT_MCP_VERSION:
            return cli
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        raise BenchError("node and npm are needed for Playwright MCP: install Node.js 18 or later")
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "package.json").write_text('{"private": true}\n', encoding="utf-8")
    spec = f"{PLAYWRIGHT_MCP}@{PLAYWRIGHT_MCP_VERSION}"
    print(f"Installing {spec} into {cache} ...", file=sys.stderr)
    done = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--save-exact", spec],
        cwd=cache,
        env={**os.environ, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"},  # it drives our Chromium
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0 or not cli.is_file():
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise BenchError(f"npm install {spec} failed: {last}")
    return cli


async def chromium() -> str:
    """The Chromium the product would launch: SUBTERMINATOR_CHROMIUM, Playwright's, a system one."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        try:
            return find_chromium(pw.chromium.executable_path)
        except BrowserNotFoundError as exc:
            raise BenchError(str(exc)) from None


def playwright_side(cli: Path, executable: str, workdir: Path) -> Side:
    width, height = LaunchOptions().viewport
    config = workdir / "playwright-mcp.json"  # the product's Chromium switches, for parity
    launch = {"args": list(CHROMIUM_ARGS)}
    config.write_text(json.dumps({"browser": {"launchOptions": launch}}), encoding="utf-8")
    args = [str(cli), "--headless", "--isolated", "--executable-path", executable]
    args += ["--viewport-size", f"{width}x{height}", "--config", str(config)]
    args += ["--output-dir", str(workdir / "output")]  # the snapshot files its actions write
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")  # Chromium refuses to run sandboxed as root
    node = shutil.which("node") or "node"
    return Side(
        label=PW,
        params=StdioServerParameters(command=node, args=args, cwd=workdir),
        open_tool="browser_navigate",
        snapshot_tool="browser_snapshot",
        click=_playwright_click,
        controls=lambda reply, _seen: playwright_controls(reply.text),
        url=playwright_url,
        finish=("browser_snapshot", {}),  # it has no outcome tool: the model looks
    )


def ours_side(
    executable: str, root: Path, start_url: str | None = None, *, whole: bool = False
) -> Side:
    """Ours; ``whole``: every reply the whole page (``--whole-replies``), not what changed."""
    env = {k: v for k, v in os.environ.items() if k.startswith("SUBTERMINATOR_")}
    env["SUBTERMINATOR_CHROMIUM"] = executable
    command, *args = OURS_COMMAND
    if whole:
        args.append("--whole-replies")
    if start_url is not None:
        args += ["--url", start_url]
    reason = "Membership cancelled; the account page offers Restart Membership."
    return Side(
        label=OURS_WHOLE if whole else OURS,
        params=StdioServerParameters(command=command, args=args, cwd=root, env=env),
        open_tool="browser_open",
        snapshot_tool="get_snapshot",
        click=_ours_click,
        controls=lambda reply, seen: ours_controls(reply.structured, seen),
        url=ours_url,
        finish=("complete_task", {"status": "success", "reason": reason}),
        whole_page_args={"viewport_only": False},
        own_site={"service": "netflix"},  # its --sim 2026, whose account we cannot read
        starting_at=lambda url: ours_side(executable, root, url, whole=whole),
    )


# -- one client, counting ---------------------------------------------------------------------


def _leaf(exc: BaseException) -> BaseException:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _last_line(log: IO[str]) -> str:
    """What a server said last on stderr; its last error line if it named one (node ends a
    crash with its own version)."""
    log.seek(0)
    lines = [line.strip() for line in log.read().splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    return (errors or lines or [""])[-1]


async def _approve(
    context: ClientRequestContext, params: types.ElicitRequestParams
) -> types.ElicitResult | types.ErrorData:
    """The person says yes to the final step (a form elicitation with a boolean ``approve``)."""
    if isinstance(params, types.ElicitRequestURLParams):
        return types.ElicitResult(action="decline")
    return types.ElicitResult(action="accept", content={"approve": True})


@dataclass
class Meter:
    """Tool calls made through one client, what they returned to the model, elicitations."""

    client: Client
    calls: int = 0
    tokens: int = 0
    chars: int = 0
    asked: list[str] = field(default_factory=list)

    async def call(self, tool: str, arguments: dict[str, Any]) -> Reply:
        result = await self.client.call_tool(tool, arguments)
        reply = reply_of(result)
        self.calls += 1
        self.tokens += reply.tokens
        self.chars += len(reply.text)
        failed = reply.is_error or (reply.structured or {}).get("success") is False
        if failed:
            why = (reply.structured or {}).get("error") or reply.text
            raise BenchError(f"{tool} failed: {' '.join(str(why).split())[:160]}")
        return reply


@asynccontextmanager
async def connected(side: Side) -> AsyncIterator[Meter]:
    """A client on ``side``'s server; any failure becomes a one-line ``BenchError``."""
    meter: Meter | None = None

    async def approve(
        context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        if meter is not None:
            meter.asked.append(params.message)
        return await _approve(context, params)

    with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
        try:
            transport = stdio_client(side.params, errlog=log)
            client = Client(
                transport,
                mode=side.mode,
                elicitation_callback=approve,
                read_timeout_seconds=CALL_TIMEOUT_S,
            )
            async with client:
                meter = Meter(client)
                yield meter
        except BenchError:
            raise
        except Exception as exc:
            leaf = _leaf(exc)
            if isinstance(leaf, BenchError):
                raise leaf from None
            said = _last_line(log)
            why = f"{type(leaf).__name__}: {leaf}".strip()
            if "Connection closed" in why:
                why = "the server closed the connection"
            why += f" (its stderr: {said})" if said else ""
            raise BenchError(" ".join(why.split())[:300]) from None


# -- the measurements -------------------------------------------------------------------------


@dataclass(frozen=True)
class SnapshotFigures:
    ms: float  # median round trip through the client
    tokens: int
    chars: int
    refs: int
    controls: int = 0  # refs whose role is a control's (link, button, textbox, ...)


@dataclass(frozen=True)
class RunFigures:
    calls: int
    tokens: int
    chars: int
    start_s: float  # spawn to handshake done
    wall_s: float  # spawn to the last reply
    account: str  # the simulator's account status at the end
    asked: int  # elicitations answered
    note: str = ""


@dataclass
class SideResult:
    label: str
    snapshots: dict[str, SnapshotFigures] = field(default_factory=dict)  # page label -> figures
    whole: dict[str, SnapshotFigures] = field(default_factory=dict)
    # ours only, in-process without the screenshot (capture, prune, serialise; no MCP), ms
    bare: dict[str, float] = field(default_factory=dict)
    bare_whole: dict[str, float] = field(default_factory=dict)
    run: RunFigures | None = None
    errors: dict[str, str] = field(default_factory=dict)  # what failed -> why, one line

    def measured(self) -> bool:
        return bool(self.snapshots or self.whole or self.bare or self.bare_whole or self.run)

    def notes(self) -> list[str]:
        """One line per reason, naming what failed for it; one in all when nothing was
        measured and everything failed for the same reason."""
        reasons: dict[str, list[str]] = {}
        for part, why in self.errors.items():
            reasons.setdefault(why, []).append(part)
        if len(reasons) == 1 and len(self.errors) > 1 and not self.measured():
            return [f"{self.label}: not measured: {next(iter(reasons))}"]
        return [f"{self.label}: {', '.join(parts)}: {why}" for why, parts in reasons.items()]


async def _timed_snapshots(
    meter: Meter, side: Side, arguments: dict[str, Any], runs: int
) -> SnapshotFigures:
    await meter.call(side.snapshot_tool, arguments)  # warm-up
    timings: list[float] = []
    reply: Reply | None = None
    for _ in range(runs):
        started = time.perf_counter()
        reply = await meter.call(side.snapshot_tool, arguments)
        timings.append((time.perf_counter() - started) * 1000)
    assert reply is not None
    controls = side.controls(reply, None) or []
    median = statistics.median(timings)
    return SnapshotFigures(median, reply.tokens, len(reply.text), len(controls), count(controls))


def count(controls: Sequence[Control]) -> int:
    """The controls among a snapshot's refs: links, buttons, fields, switches..."""
    return sum(1 for c in controls if c.role in CONTROL_ROLES)


async def _measure_page(
    meter: Meter, side: Side, target: Target, runs: int, result: SideResult
) -> None:
    await meter.call(side.open_tool, {"url": target.url})
    result.snapshots[target.label] = await _timed_snapshots(meter, side, {}, runs)
    if side.whole_page_args is not None:
        whole = await _timed_snapshots(meter, side, side.whole_page_args, runs)
        result.whole[target.label] = whole


async def measure_snapshots(
    side: Side,
    targets: Sequence[Target],
    runs: int,
    result: SideResult,
    turn: Turn = anytime,
) -> None:
    """Every page through one client; a page that fails keeps its error and the rest go on, on
    a fresh server if that one died (but not when a fresh one fails before its first page).
    The server starts, each page is measured, and the server stops, each in ``turn``."""
    if side.starting_at is not None:  # it opens only its start page's origin: one per origin
        by_origin: dict[str, list[Target]] = {}
        for target in targets:
            by_origin.setdefault(origin_of(target.url), []).append(target)
        for group in by_origin.values():
            started = replace(side.starting_at(group[0].url), mode=side.mode, starting_at=None)
            await measure_snapshots(started, group, runs, result, turn)
        return
    remaining = list(targets)
    while remaining:
        measured = 0
        try:
            async with contextlib.AsyncExitStack() as stack:
                async with turn():
                    meter = await stack.enter_async_context(connected(side))
                while remaining:
                    target = remaining[0]
                    async with turn():
                        try:
                            await _measure_page(meter, side, target, runs, result)
                            measured += 1
                        except BenchError as exc:
                            result.errors[f"snapshot {target.label}"] = str(exc)
                    remaining.pop(0)
                async with turn():
                    await stack.aclose()
        except BenchError as exc:
            if measured == 0:  # it cannot even start: every page left fails for this reason
                result.errors.update({f"snapshot {t.label}": str(exc) for t in remaining})
                return
            if remaining:  # it died on this page
                result.errors[f"snapshot {remaining.pop(0).label}"] = str(exc)


async def _step(
    meter: Meter, side: Side, step: Step, seen: list[Control] | None
) -> tuple[Reply, list[Control]]:
    """Click the step's control, looking at the page first if the last snapshot lacks it;
    returns the click's reply and the snapshot the ref came from."""
    ref = ref_for(seen, step.role, step.name, step.nth) if seen is not None else None
    if seen is None or ref is None:  # never seen on this page, or hidden until now: look again
        seen = side.controls(await meter.call(side.snapshot_tool, {}), None) or []
        ref = ref_for(seen, step.role, step.name, step.nth)
    if ref is None:
        raise BenchError(f"no {step.role} {step.name!r} (#{step.nth}) on the page")
    return await meter.call("browser_click", side.click(Control(step.role, step.name, ref))), seen


async def cancel_once(side: Side, steps: Sequence[Step] = CANCEL_STEPS) -> RunFigures:
    """The scripted cancellation on a fresh simulator: open, click each step, finish."""
    sim = NetflixSimulator("2026").start()
    note, readable = "", True
    opening: dict[str, Any] = {"url": sim.url()}
    if side.starting_at is not None:  # its start page is the simulator's: it opens unasked
        side, opening = replace(side.starting_at(sim.url()), mode=side.mode), {}
    try:
        started = time.perf_counter()
        async with connected(side) as meter:
            start_s = time.perf_counter() - started
            try:
                reply = await meter.call(side.open_tool, opening)
            except BenchError as exc:
                if side.own_site is None:
                    raise
                reply = await meter.call(side.open_tool, side.own_site)
                note, readable = f"on its own simulator: {exc}"[:120], False
            seen, url = side.controls(reply, None), side.url(reply)
            for step in steps:
                reply, seen = await _step(meter, side, step, seen)
                fresh, now = side.controls(reply, seen), side.url(reply)
                # a reply without a snapshot leaves the last one valid while the page stays put
                seen = fresh if fresh is not None else (seen if now == url else None)
                url = now or url
            reply = await meter.call(*side.finish)
            acknowledged = (reply.structured or {}).get("acknowledged")
            if side.finish[0] == "complete_task" and not acknowledged:
                note = "; ".join(filter(None, [note, "complete_task not acknowledged"]))
            wall_s = time.perf_counter() - started
            calls, tokens, chars, asked = meter.calls, meter.tokens, meter.chars, len(meter.asked)
        account = sim.account.status if readable else "not ours to read"
        return RunFigures(calls, tokens, chars, start_s, wall_s, account, asked, note)
    finally:
        sim.stop()


async def measure_cancellation(side: Side, result: SideResult) -> None:
    """The scripted cancellation; a failure is kept as one line."""
    try:
        result.run = await cancel_once(side)
    except BenchError as exc:
        result.errors["cancellation"] = str(exc)


# -- in-process, without the screenshot -----------------------------------------------------


async def measure_bare(
    executable: str,
    targets: Sequence[Target],
    runs: int,
    result: SideResult,
    turn: Turn = anytime,
) -> None:
    """Ours without the screenshot, which Playwright MCP's snapshot never carries: in-process
    (``bench.stage_bench``: capture, prune, serialise), the viewport and the whole page."""
    modes = [m for m in stage_bench.MODES if not m.screenshot]
    try:
        pages = await stage_bench.measure_pages(
            targets, runs, modes, executable=executable, turn=turn
        )
    except Exception as exc:  # the browser would not start: one line, the MCP figures stand
        result.errors["in-process"] = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
        return
    for page in pages:
        if page.error:
            result.errors[f"in-process {page.target.label}"] = page.error
        if (viewport := page.modes.get("viewport")) and "end to end" in viewport.ms:
            result.bare[page.target.label] = viewport.ms["end to end"]
        if (whole := page.modes.get("whole page")) and "end to end" in whole.ms:
            result.bare_whole[page.target.label] = whole.ms["end to end"]


# -- the tables -------------------------------------------------------------------------------


def _num(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def _val(figures: SnapshotFigures | RunFigures | None, name: str) -> float | None:
    return None if figures is None else float(getattr(figures, name))


SMALL_PAGE = 100  # pages under ~100 elements, where the fixed cost shows
# The speed goals, on every family of pages (grids, stress, kinds, and their held-aside twins):
RATIO_GOAL = 0.25  # the median per-page ratio, ours viewport / PW
PAGE_RATIO_GOAL = 1.2  # no page over this ratio
SLOWEST_MS_GOAL = 150.0  # ours viewport on any page, no screenshot


def elements_of(label: str, pw: SideResult) -> int | None:
    """A page's element count for the small-page rule: the controls in Playwright MCP's
    whole-page snapshot (its refs whose role is a control's: links, buttons, fields...), the
    same for both sides and counting frames and shadow roots; None if it was not measured."""
    figures = pw.snapshots.get(label)
    return None if figures is None else figures.controls


@dataclass(frozen=True)
class RatioSummary:
    """Per-page ratios ours / PW over the pages both sides measured."""

    pages: list[str]
    median: float | None
    small: list[str]  # pages under SMALL_PAGE elements
    small_median: float | None
    small_max: tuple[str, float] | None
    worst: tuple[str, float] | None = None  # the page with the highest ratio


def ratio_summary(
    ours: dict[str, float],
    theirs: dict[str, float],
    elements: dict[str, int | None],
    small_under: int = SMALL_PAGE,
) -> RatioSummary:
    """The median of the per-page ratios and the worst, and the same over the small pages."""
    both = [label for label in ours if theirs.get(label)]
    ratios = {label: ours[label] / theirs[label] for label in both}
    small = [label for label in both if (n := elements.get(label)) is not None and n < small_under]
    worst = max(((label, ratios[label]) for label in small), key=lambda x: x[1], default=None)
    return RatioSummary(
        pages=both,
        median=statistics.median(ratios.values()) if ratios else None,
        small=small,
        small_median=statistics.median(ratios[label] for label in small) if small else None,
        small_max=worst,
        worst=max(ratios.items(), key=lambda x: x[1], default=None),
    )


def slowest(figures: dict[str, float]) -> tuple[str, float] | None:
    return max(figures.items(), key=lambda x: x[1], default=None)


def slower_than(ours: dict[str, float], theirs: dict[str, float]) -> list[tuple[str, float]]:
    """The pages where ours took longer than theirs, with the ratio."""
    return [(k, v / theirs[k]) for k, v in ours.items() if theirs.get(k) and v > theirs[k]]


def _x(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def met(value: float | None, goal: float) -> str:
    """Whether a figure meets its goal (at most ``goal``); with no figure, it is not met."""
    if value is None:
        return "no figure"
    return "met" if value <= goal else "NOT MET"


def goal_line(where: str, ours: dict[str, float], theirs: dict[str, float]) -> str:
    """The three speed goals over these pages, for one of our figures (``where``)."""
    summary = ratio_summary(ours, theirs, {})
    worst, slow = summary.worst, slowest(ours)
    worst_text = "-" if worst is None else f"{worst[1]:.2f}x ({worst[0]})"
    slow_text = "-" if slow is None else f"{slow[1]:,.0f} ms ({slow[0]})"
    worst_met = met(None if worst is None else worst[1], PAGE_RATIO_GOAL)
    slow_met = met(None if slow is None else slow[1], SLOWEST_MS_GOAL)
    return (
        f"{where} ({len(summary.pages)} pages): median per-page ratio {_x(summary.median)} "
        f"(goal <= {RATIO_GOAL}x: {met(summary.median, RATIO_GOAL)}); worst page "
        f"{worst_text} (goal <= {PAGE_RATIO_GOAL}x: {worst_met}); slowest {slow_text} "
        f"(goal <= {SLOWEST_MS_GOAL:.0f} ms: {slow_met})"
    )


def summary_lines(
    pw: SideResult,
    ours: SideResult,
    labels: Sequence[str],
    families: dict[str, str] | None = None,
) -> list[str]:
    """The issue's speed goals, met or not, family by family (``families``: label -> family;
    all one family without it), for ours in-process without the screenshot and for the MCP
    round trip; then where our whole page is slower, and the figures that failed."""
    by_family: dict[str, list[str]] = {}
    for label in labels:
        by_family.setdefault((families or {}).get(label, "pages"), []).append(label)

    def ms(figures: dict[str, SnapshotFigures], chosen: Sequence[str]) -> dict[str, float]:
        return {k: figures[k].ms for k in chosen if k in figures}

    def only(figures: dict[str, float], chosen: Sequence[str]) -> dict[str, float]:
        return {k: figures[k] for k in chosen if k in figures}

    lines = []
    for family, chosen in by_family.items():
        theirs = ms(pw.snapshots, chosen)
        lines.append(goal_line(f"{family}, in-process", only(ours.bare, chosen), theirs))
        lines.append(goal_line(f"{family}, over MCP", ms(ours.snapshots, chosen), theirs))

    def slower(pairs: list[tuple[str, float]]) -> str:
        return ", ".join(f"{k} {r:.2f}x" for k, r in pairs) or "never"

    theirs = ms(pw.snapshots, labels)
    whole = slower_than(only(ours.bare_whole, labels), theirs)
    lines.append(
        f"ours whole page slower than PW on: {slower(whole)} (in-process); "
        f"{slower(slower_than(ms(ours.whole, labels), theirs))} (over MCP)"
    )
    return [*lines, *missing_lines(pw, ours, labels)]


def floor_line(pw: SideResult, ours: SideResult) -> str | None:
    """What a snapshot of the empty page (``stage_bench.FLOOR``) costs each side: the least
    any page can; None when it was not measured (no grids served)."""
    mine, theirs = ours.snapshots.get(FLOOR_LABEL), pw.snapshots.get(FLOOR_LABEL)
    if mine is None and theirs is None:
        return None
    bare = ours.bare.get(FLOOR_LABEL)
    return (
        f"the floor, the {FLOOR_LABEL} (one heading): ours {_num(_val(mine, 'ms'), 1)} ms over "
        f"MCP ({_num(bare, 1)} ms in-process), PW {_num(_val(theirs, 'ms'), 1)} ms"
    )


def under_floor_line(pw: SideResult, ours: SideResult, labels: Sequence[str]) -> str | None:
    """The pages where the median goal asks ours over MCP for less than its empty page takes
    (``floor_line``): there no capture, however fast, can reach it, only a faster transport."""
    floor = _val(ours.snapshots.get(FLOOR_LABEL), "ms")
    if floor is None:
        return None
    chosen = [label for label in labels if label in pw.snapshots]
    below = [(k, RATIO_GOAL * pw.snapshots[k].ms) for k in chosen]
    below = [(k, ms) for k, ms in below if ms < floor]
    listed = ", ".join(f"{k} ({ms:.1f} ms)" for k, ms in below) or "none"
    return (
        f"{RATIO_GOAL}x PW's time is under ours' floor over MCP ({floor:.1f} ms) on "
        f"{len(below)} of {len(chosen)} pages: {listed}"
    )


def missing_lines(pw: SideResult, ours: SideResult, labels: Sequence[str]) -> list[str]:
    """The pages a figure above lacks (it failed: see the notes at the end), so that a maximum
    or a median is not read as covering them."""
    parts: dict[str, dict[str, SnapshotFigures] | dict[str, float]] = {
        "PW": pw.snapshots,
        "ours viewport (MCP)": ours.snapshots,
        "ours whole page (MCP)": ours.whole,
        "ours viewport (in-process)": ours.bare,
        "ours whole page (in-process)": ours.bare_whole,
    }
    gaps = [
        f"{name}: {', '.join(missing)}"
        for name, figures in parts.items()
        if (missing := [label for label in labels if label not in figures])
    ]
    return [f"no figure (failed) for {'; '.join(gaps)}"] if gaps else []


def snapshot_table(
    pw: SideResult, ours: SideResult, labels: Sequence[str], runs: int, title: str = ""
) -> Table:
    width, height = LaunchOptions().viewport
    table = Table(
        title=title
        or (
            f"MCP snapshot round trip at {width}x{height} (the product's viewport, both): {PW} "
            f"{PLAYWRIGHT_MCP_VERSION} (PW, whole page, no "
            f"screenshot) vs {OURS} (ours, viewport by default; no screenshot over MCP), median of "
            f"{runs}; ours no-shot = in-process without the screenshot (capture, prune, "
            f"serialise; no MCP); ratio = ours / PW, below 1 is better for ours; tokens of the "
            f"reply: {ESTIMATOR_NAME}; elements = controls in PW's snapshot"
        )
    )
    headers = ["page", "elements", "PW ms", "ours ms", "ratio", "ours no-shot ms", "ratio"]
    headers += ["PW tokens", "ours tokens", "ratio", "chars PW/ours", "refs PW/ours"]
    headers += ["ours whole ms", "ratio", "whole no-shot ms", "ratio", "whole tokens", "ratio"]
    for header in headers:
        table.add_column(header, justify="left" if header == "page" else "right")
    for label in labels:
        a, b, w = pw.snapshots.get(label), ours.snapshots.get(label), ours.whole.get(label)
        bare, bare_whole = ours.bare.get(label), ours.bare_whole.get(label)
        table.add_row(
            label,
            _num(_val(a, "controls")),
            _num(_val(a, "ms")),
            _num(_val(b, "ms")),
            ratio(_val(b, "ms"), _val(a, "ms")),
            _num(bare),
            ratio(bare, _val(a, "ms")),
            _num(_val(a, "tokens")),
            _num(_val(b, "tokens")),
            ratio(_val(b, "tokens"), _val(a, "tokens")),
            f"{_num(_val(a, 'chars'))}/{_num(_val(b, 'chars'))}",
            f"{_num(_val(a, 'refs'))}/{_num(_val(b, 'refs'))}",
            _num(_val(w, "ms")),
            ratio(_val(w, "ms"), _val(a, "ms")),
            _num(bare_whole),
            ratio(bare_whole, _val(a, "ms")),
            _num(_val(w, "tokens")),
            ratio(_val(w, "tokens"), _val(a, "tokens")),
        )
    return table


def cancellation_table(pw: SideResult, ours: SideResult, whole: SideResult | None = None) -> Table:
    table = Table(
        title=(
            "One scripted cancellation through each (a fresh Netflix simulator 2026 each); "
            "ratio = ours / PW, below 1 is better for ours"
        )
    )
    metrics = [("tool calls", "calls", 0), ("tokens", "tokens", 0), ("chars", "chars", 0)]
    metrics += [("spawn+handshake s", "start_s", 2), ("wall s", "wall_s", 2)]
    table.add_column("server")
    for header, _, _ in metrics:
        table.add_column(header, justify="right")
    table.add_column("elicitations", justify="right")
    table.add_column("account at the end")
    sides = [pw, ours] if whole is None else [pw, ours, whole]
    for side in sides:
        r = side.run
        account = "-" if r is None else r.account + (f" ({r.note})" if r.note else "")
        cells = [_num(_val(r, name), digits) for _, name, digits in metrics]
        table.add_row(side.label, *cells, _num(_val(r, "asked")), account)
    for side in sides[1:]:
        ratios = [ratio(_val(side.run, name), _val(pw.run, name)) for _, name, _ in metrics]
        table.add_row(f"ratio {side.label[len(OURS) :].strip() or 'ours'} / PW", *ratios, "", "")
    return table


def tokens_line(pw: SideResult, ours: SideResult) -> str:
    """The whole cancellation's tokens against the goal."""
    mine, theirs = _val(ours.run, "tokens"), _val(pw.run, "tokens")
    if mine is None or not theirs:
        return f"cancellation tokens, ours / PW (goal <= {TOKENS_GOAL}x): no figure"
    met = "met" if mine / theirs <= TOKENS_GOAL else "NOT met"
    return (
        f"cancellation tokens, ours / PW (goal <= {TOKENS_GOAL}x): {mine / theirs:.2f}x "
        f"({mine:,.0f} / {theirs:,.0f}): {met}"
    )


def tables(
    pw: SideResult,
    ours: SideResult,
    labels: Sequence[str],
    runs: int,
    held: Sequence[str] = (),
    families: dict[str, str] | None = None,
    whole: SideResult | None = None,
) -> Group:
    """The snapshot table and its summary, the held-aside pages' own, the cancellation (with
    ``whole``: ours again with every reply whole), then one line for each part that could not
    be measured."""
    parts: list[Table | Text] = [snapshot_table(pw, ours, labels, runs)]
    parts += [Text(line) for line in summary_lines(pw, ours, labels, families)]
    floor = [floor_line(pw, ours), under_floor_line(pw, ours, labels)]
    parts += [Text(line) for line in floor if line is not None]
    if held:
        title = f"Held aside (not tuned on): the same round trip, median of {runs}"
        parts.append(snapshot_table(pw, ours, held, runs, title))
        held_families = families or dict.fromkeys(held, HELD)
        parts += [Text(line) for line in summary_lines(pw, ours, held, held_families)]
        if (under := under_floor_line(pw, ours, held)) is not None:
            parts.append(Text(under))
    parts.append(cancellation_table(pw, ours, whole))
    parts.append(Text(tokens_line(pw, ours)))
    sides = (pw, ours) if whole is None else (pw, ours, whole)
    parts += [Text(line, style="yellow") for side in sides for line in side.notes()]
    return Group(*parts)


async def run(
    runs: int = 5,
    sizes: Sequence[int] = SIZES,
    cache: Path = DEFAULT_CACHE,
    pages: Path = PAGES,
    mode: str = PROTOCOL_MODE,
    *,
    stress_dir: Path | None = None,
    stress: bool = True,
    held_aside: bool = True,
    only: Sequence[str] = (),
    bare: bool = True,
) -> Group:
    """Measure Playwright MCP, ours, and ours in-process without the screenshot, taking turns
    page by page (one at a time: two cores; the same load for the figures a ratio divides),
    then each cancellation, and build the tables. The stress pages are written into
    ``stress_dir`` (else a temporary folder) and served beside the grids; ``only`` keeps
    those pages."""
    pw, ours = SideResult(PW), SideResult(OURS)
    load = stage_bench.Load()
    executable = await chromium()
    with (
        # the coverage portals measure what the budget keeps, not speed: in-process only
        stage_bench.served(
            pages,
            sizes,
            stress_dir,
            stress=stress,
            held_aside=held_aside,
            coverage=False,
            floor=True,
        ) as every,
        tempfile.TemporaryDirectory(prefix="mcp-bench-") as scratch,
    ):
        targets = [t for t in every if not only or t.label in only or t.group == FLOOR]
        measuring: list[Callable[[Turn], Awaitable[None]]] = []
        servers: list[tuple[Side, SideResult]] = []
        try:
            cli = ensure_playwright_mcp(cache)
        except BenchError as exc:
            pw.errors["install"] = str(exc)
        else:
            side = replace(playwright_side(cli, executable, Path(scratch)), mode=mode)
            servers.append((side, pw))
        servers.append((replace(ours_side(executable, ROOT), mode=mode), ours))
        for side, result in servers:
            measuring.append(partial(measure_snapshots, side, targets, runs, result))
        if bare:
            measuring.append(partial(measure_bare, executable, targets, runs, ours))
        await Turns(len(measuring)).run(*measuring)  # each is called with its turn
        whole = SideResult(OURS_WHOLE)
        servers.append((replace(ours_side(executable, ROOT, whole=True), mode=mode), whole))
        for side, result in servers:
            await measure_cancellation(side, result)
    main = [t.label for t in targets if t.group not in (HELD, FLOOR)]
    held = [t.label for t in targets if t.group == HELD]
    families = {t.label: t.family for t in targets}
    whole_pages = tables(pw, ours, main, runs, held, families, whole)
    return Group(whole_pages, Text(load.done().line()))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="snapshots timed per page")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="grid page sizes")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="Playwright MCP here")
    parser.add_argument("--pages", type=Path, default=PAGES)
    parser.add_argument(
        "--pages-dir", type=Path, help="write the stress pages here (default: a temporary folder)"
    )
    parser.add_argument("--no-stress", action="store_true", help="grids only")
    parser.add_argument("--no-held", action="store_true", help="leave the held-aside pages out")
    parser.add_argument("--only", default="", help="these pages only (labels, comma-separated)")
    parser.add_argument(
        "--mode", default=PROTOCOL_MODE, help="mcp.Client mode: legacy (handshake) or auto"
    )
    args = parser.parse_args(argv)
    sizes = stage_bench.parse_sizes(args.sizes)
    only = [label.strip() for label in args.only.split(",") if label.strip()]
    try:
        group = asyncio.run(
            run(
                args.runs,
                sizes,
                args.cache,
                args.pages,
                args.mode,
                stress_dir=args.pages_dir,
                stress=not args.no_stress,
                held_aside=not args.no_held,
                only=only,
            )
        )
    except BenchError as exc:
        raise SystemExit(f"mcp_bench: {exc}") from None
    Console(width=WIDTH).print(group)


WIDTH = 210


if __name__ == "__main__":
    main()
