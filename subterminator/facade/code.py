"""``browser_execute``: the facade's code, run in the page's own main world.

The gate has already decided whether it runs (``stack.foreign``: asked on a page of the
flow, and under the backstop either way); here it only runs. ``execute`` is a function body
given ``args`` (as ``args`` and as ``arguments``), ``evaluate`` an expression (Playwright's:
a function it names is called). A promise is awaited within a wall, so a script that never
ends answers with a timeout, and one that holds the page's thread is stopped. The value is
made JSON-safe in the page (nodes, functions and cycles are described, never sent), and a
string is chunked or capped as every long facade result is. Nothing here raises: the page's
own failure is the reply's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from playwright.async_api import Dialog, JSHandle, Page
from playwright.async_api import Error as PlaywrightError

from subterminator.errors import BrowserError
from subterminator.facade.chunks import capped, chunked
from subterminator.models.browser_response import BrowserResponse
from subterminator.tools.facade.args import ExecuteArgs
from subterminator.untrusted import NOTICE, shown

if TYPE_CHECKING:
    from subterminator.facade.reading import Limits, Reading

log = logging.getLogger(__name__)

WALL_S = 10.0  # the longest a script may run before the reply says it timed out
PROBE_S = 1.0  # how long the page may take to answer once the wall is reached

# The body is the function's own: its ``return`` is the result, ``args`` its arguments.
EXECUTE = "async (args) => (async function (...args) {\n%s\n}).apply(globalThis, args)"

# The value as JSON can carry it, in the page where it lives: a node, a function or a cycle
# is a short description; a getter that throws is named; a deep or huge value is cut.
DESCRIBE = """(value) => {
  const budget = { left: 20000 };
  const ancestors = [];
  const cut = (text, n) => (text.length > n ? text.slice(0, n) + '…' : text);
  const node = (v) => {
    if (v.nodeType === 1) {
      const id = v.id ? '#' + v.id : '';
      const cls = typeof v.className === 'string' && v.className.trim()
        ? '.' + v.className.trim().split(/\\s+/).join('.') : '';
      return cut('[element ' + String(v.localName) + id + cls + ']', 200);
    }
    if (v.nodeType === 3) return '[text "' + cut(String(v.data), 80) + '"]';
    if (v.nodeType === 9) return '[document]';
    return '[node ' + String(v.nodeName) + ']';
  };
  const walk = (v, depth) => {
    try {
      return value_of(v, depth);
    } catch (e) {
      return '[unreadable]';
    }
  };
  const value_of = (v, depth) => {
    if (v === undefined || v === null) return null;
    const t = typeof v;
    if (t === 'string' || t === 'boolean') return v;
    if (t === 'number') return Number.isFinite(v) ? v : String(v);
    if (t === 'bigint' || t === 'symbol') return String(v);
    if (t === 'function') return '[function ' + (v.name || 'anonymous') + ']';
    if (typeof v.nodeType === 'number' && typeof v.nodeName === 'string') return node(v);
    if (v === v.window) return '[window]';
    if (ancestors.includes(v)) return '[circular]';
    if (depth > 32 || --budget.left < 0) return '[…]';
    if (v instanceof Date) return isNaN(v) ? 'Invalid Date' : v.toISOString();
    if (v instanceof Error) return '[' + String(v.name) + ': ' + cut(String(v.message), 200) + ']';
    ancestors.push(v);
    try {
      const listed = typeof v.length === 'number' && typeof v.item === 'function';
      if (Array.isArray(v) || v instanceof Set || listed)
        return Array.from(v, (x) => walk(x, depth + 1));
      if (v instanceof Map)
        return Array.from(v, ([k, x]) => [walk(k, depth + 1), walk(x, depth + 1)]);
      const out = {};
      for (const key of Object.keys(v)) {
        let x;
        try { x = v[key]; } catch (e) { x = '[threw]'; }
        out[key] = walk(x, depth + 1);
      }
      return out;
    } finally {
      ancestors.pop();
    }
  };
  return { kind: typeof value, value: walk(value, 0) };
}"""


@dataclass(frozen=True)
class Ran:
    """What the code gave: its described value and its type (``kind``), or why it gave none."""

    value: Any = None
    kind: str = "undefined"
    error: str | None = None
    code: str = "action_failed"  # the error's, as our tools' codes say it
    note: str | None = None


async def run_code(reading: Reading, args: ExecuteArgs) -> BrowserResponse:
    """The code's result, or its failure, as the facade answers it."""
    ran = await _ran(reading, args)
    if ran.error is not None:
        return BrowserResponse(success=False, error=ran.error, data={"error_code": ran.code})
    said = _said(ran, args, reading.limits)
    if ran.note is not None:
        said = said.model_copy(update={"data": {**(said.data or {}), "note": ran.note}})
    return said


# -- running --------------------------------------------------------------------------------


async def _ran(reading: Reading, args: ExecuteArgs) -> Ran:
    """The code run within the wall; a dialog it opens ends the wait (the reply shows it)."""
    try:
        page = reading.browser.page
        blocked = reading.browser.blocked()
    except BrowserError as exc:
        return Ran(error=str(exc))
    if blocked is not None:
        return Ran(error=f"the code was not run: {blocked.detail}", code=blocked.code)
    opened: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    def on_dialog(dialog: Dialog) -> None:
        if not opened.done():
            opened.set_result(dialog.type)

    page.on("dialog", on_dialog)
    work = asyncio.ensure_future(_evaluated(page, args))
    try:
        racing: set[asyncio.Future[Any]] = {work, opened}
        done, _ = await asyncio.wait(racing, timeout=WALL_S, return_when="FIRST_COMPLETED")
    finally:
        page.remove_listener("dialog", on_dialog)
    if work in done:
        return work.result()
    work.add_done_callback(_quietly)
    if opened in done:
        return Ran(
            note=f"the code opened a native dialog ({opened.result()}); it waits for its answer"
        )
    work.cancel()
    held = await _stop_if_held(reading, page)
    after = "it held the page, and was stopped" if held else "what it still awaits may yet run"
    return Ran(error=f"the code did not finish within {WALL_S:g} seconds: {after}", code="timeout")


async def _evaluated(page: Page, args: ExecuteArgs) -> Ran:
    """The code run and its value described, in the page; its own failure said."""
    handle: JSHandle | None = None
    try:
        if args.action == "execute":
            handle = await page.evaluate_handle(EXECUTE % args.code, list(args.args or []))
        else:
            handle = await page.evaluate_handle(args.code)
        described = await handle.evaluate(DESCRIBE)
    except PlaywrightError as exc:
        return _failed(exc.message)
    finally:
        if handle is not None:
            with contextlib.suppress(PlaywrightError):
                await handle.dispose()
    if not isinstance(described, dict):
        return Ran(error="the code's result could not be read")
    return Ran(described.get("value"), str(described.get("kind", "undefined")))


def _failed(message: str) -> Ran:
    """The page's error as one safe line: Playwright's prefix and the stack left out."""
    first, _, rest = message.partition(": ")
    if first.startswith(("Page.", "JSHandle.")) and rest:
        message = rest
    message = message.split("\n    at ", 1)[0]
    if "Execution context was destroyed" in message:  # the code navigated: it did run
        return Ran(note="the page navigated away while the code ran; it gave no value")
    return Ran(error=f"the code failed: {shown(message, NOTICE)}")


async def _stop_if_held(reading: Reading, page: Page) -> bool:
    """A script still holding the page's thread (a loop) is stopped, so the page answers
    again (True); one that only awaits (a promise never settled) holds nothing."""
    probe = asyncio.ensure_future(page.evaluate("0"))
    done, _ = await asyncio.wait({probe}, timeout=PROBE_S)
    probe.add_done_callback(_quietly)
    if probe in done:
        return False
    stop = asyncio.ensure_future(reading.browser.devtools.send("Runtime.terminateExecution"))
    done, _ = await asyncio.wait({stop}, timeout=PROBE_S)
    stop.add_done_callback(_quietly)
    if stop not in done or stop.exception() is not None:
        log.info("could not stop the code in %s", page.url)
    return True


def _quietly(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


# -- the reply ------------------------------------------------------------------------------


def _said(ran: Ran, args: ExecuteArgs, limits: Limits) -> BrowserResponse:
    """A string chunked or capped; any other value whole, or its JSON chunked or capped
    when it is too big to be whole."""
    text = ran.value if isinstance(ran.value, str) else None
    whole = None
    if text is None:
        whole = json.dumps(ran.value, ensure_ascii=False, default=str)
        size = len(whole.encode("utf-8"))
        if size <= limits.code_response:
            return BrowserResponse(
                success=True,
                result=ran.value,
                returned_bytes=size,
                total_bytes_estimate=size,
                data={"type": ran.kind},
            )
        text = whole
    if args.use_chunking:
        length = min(args.length or limits.code_chunk, limits.max_chunk)
        said = chunked(text, args.offset, length, args.snapshot_checksum)
    else:
        said = capped(text, limits.code_response)
    data = {"type": ran.kind} | ({"format": "json"} if whole is not None else {})
    if not said.success:  # a chunk asked of another text, or from no chunk's start
        data["error_code"] = "invalid_params"
    return said.model_copy(update={"result": said.text, "data": data})
