"""``subterminator record``: a person clicks through a flow in a real browser and it is recorded.

The page reports each click, choice and typed field from a capture-phase listener (through a
Playwright binding). The capture before an action is the whole-page capture taken when the page
last settled (after loading, and after each action), so a click that navigates at once still has
its page. Each action becomes a browser event and a tool call (``browser_click``...) naming its
element, so the flow replays like an agent's run. What is typed into a secret field (a password
field, now or earlier; autocomplete for a password, a one-time code or a card) is never handed
over by the page, and a value that looks like a card number or a code on a sign-in step is
masked here (``snapshot.secrecy``).

A recording ends three ways, each leaving it whole: the window closed (the page, or the whole
browser), Ctrl+C (the task cancelled, as ``asyncio.run`` does on SIGINT), or ``stop`` (typed in
the terminal, or the ``stop`` event set). The outcome is judged from the last whole-page capture
taken while the window was open, never from a page already closed, so the last ``complete_task``
turn and ``expected`` always match what a replay of the recording reaches.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from playwright.async_api import BrowserContext, Page

from subterminator.browser.capture import RawCapture, RawNode
from subterminator.browser.opening import open_start_page
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.outcome.judge import Outcome
from subterminator.recording.model import (
    BrowserCall,
    BrowserEvent,
    ElementIdentity,
    ExpectedOutcome,
    RecordedTurn,
    identity_of,
)
from subterminator.recording.recorder import Recorder, RecordingBrowser
from subterminator.recording.typed_stop import TypedStop
from subterminator.safety.text import normalize
from subterminator.services import ServiceConfig
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.secrecy import WITHHELD

SECRET = WITHHELD  # a value the page never handed over
_LISTEN = """
(() => {
  if (window.__stListening) return;
  window.__stListening = true;
  const ROLE = {A: 'link', BUTTON: 'button', SELECT: 'combobox', TEXTAREA: 'textbox',
                SUMMARY: 'button'};
  const ACTIVE = 'a,button,input,select,textarea,summary,label,[role],[onclick],[tabindex]';
  // a field's value is what was typed, never its name (a placeholder may be)
  const typedInto = el => el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' &&
    !/^(button|submit|reset|image|checkbox|radio)$/i.test(el.type || ''));
  const name = el => (el.getAttribute('aria-label') || el.innerText ||
    (typedInto(el) ? el.placeholder : el.value) || el.title || '')
    .replace(/\\s+/g, ' ').trim();
  const role = el => {
    if (el.getAttribute('role')) return el.getAttribute('role');
    if (el.tagName === 'INPUT') {
      const t = (el.type || 'text').toLowerCase();
      const roles = {checkbox: 'checkbox', radio: 'radio', submit: 'button', button: 'button'};
      return roles[t] || 'textbox';
    }
    return ROLE[el.tagName] || '';
  };
  // secret by what the field is (snapshot/secrecy.py): a password field now or at any moment
  // since (a show-password toggle makes it text), or autocomplete for a password, a one-time
  // code or a card
  const SECRET_AC = /(^|\\s)(current-password|new-password|one-time-code|cc-[a-z-]+)(\\s|$)/i;
  const everPw = new WeakSet();
  const notePw = el => {
    if (el && el.tagName === 'INPUT' && el.type === 'password') everPw.add(el);
  };
  new MutationObserver(changes => {
    for (const c of changes) {
      if ((c.oldValue || '').toLowerCase() === 'password') everPw.add(c.target);
      else notePw(c.target);
    }
  }).observe(document, {attributes: true, attributeFilter: ['type'], attributeOldValue: true,
                        subtree: true});
  for (const kind of ['focusin', 'pointerdown', 'keydown', 'input']) {
    document.addEventListener(kind, e => notePw(e.target), true);
  }
  const noteAll = () => document.querySelectorAll('input[type=password]').forEach(notePw);
  noteAll();
  document.addEventListener('DOMContentLoaded', noteAll);
  const secret = el => el.type === 'password' || everPw.has(el) ||
    SECRET_AC.test(el.getAttribute('autocomplete') || '');
  const nth = el => [...document.querySelectorAll(ACTIVE)]
    .filter(o => role(o) === role(el) && name(o) === name(el)).indexOf(el);
  document.addEventListener('click', e => {
    const el = e.target.closest(ACTIVE) || e.target;
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) && role(el) === 'textbox') return;
    if (el.tagName === 'SELECT') return;
    window.__stAct({kind: 'click', role: role(el), name: name(el), tag: el.tagName.toLowerCase(),
      nth: Math.max(0, nth(el))});
  }, true);
  document.addEventListener('change', e => {
    const el = e.target;
    if (el.tagName === 'SELECT') {
      const option = el.options[el.selectedIndex];
      window.__stAct({kind: 'select', role: 'combobox', name: name(el.labels && el.labels[0] || el),
        tag: 'select', value: option ? option.text.trim() : ''});
    } else if (role(el) === 'textbox') {
      window.__stAct({kind: 'fill', role: 'textbox', tag: el.tagName.toLowerCase(),
        name: (el.labels && el.labels[0] ? name(el.labels[0]) : name(el)),
        value: secret(el) ? null : el.value});
    }
  }, true);
})();
"""
TOOLS = {"click": "browser_click", "fill": "browser_fill", "select": "browser_select"}
SETTLE_MS = 5000

Ending = Literal["window closed", "Ctrl+C", "stop"]


@dataclass
class ManualRecording:
    """What ``record_manually`` made: the recording, how it ended and what its last page shows."""

    recorder: Recorder
    ended: Ending
    outcome: Outcome | None  # None: no page was ever captured, so nothing to judge

    @property
    def actions(self) -> int:
        return sum(1 for t in self.recorder.recording.turns if t.tool != "complete_task")


class ManualRecorder:
    """Records what a person does in ``browser`` until ``stop`` is set, ``stop`` is typed, the
    window closes or the task is cancelled (Ctrl+C)."""

    def __init__(
        self, browser: PlaywrightBrowser, recorder: Recorder, service: ServiceConfig
    ) -> None:
        self.browser = RecordingBrowser(browser, recorder)
        self.playwright = browser
        self.recorder = recorder
        self.service = service
        self.stop = asyncio.Event()
        self.ended: Ending | None = None
        self.outcome: Outcome | None = None
        self._actions: deque[dict[str, Any]] = deque()  # reported, not yet recorded
        self._moved = False  # the page loaded since it was last captured
        self._wake = asyncio.Event()  # an action reported, or the page loaded
        self._current: asyncio.Task[None] | None = None  # the action being recorded
        self._context: BrowserContext | None = None
        self._pages: set[Page] = set()
        self._terminal = TypedStop(lambda: self.end("stop"))

    def end(self, how: Ending) -> None:
        """Stop recording; the first way named is how it ended."""
        if self.ended is None:
            self.ended = how
        self.stop.set()

    @property
    def window_open(self) -> bool:
        return self.ended != "window closed" and any(not p.is_closed() for p in self._pages)

    async def start(self, url: str) -> None:
        page = self.playwright.page
        context = page.context
        self._context = context
        await context.expose_binding("__stAct", self._report)
        await context.add_init_script(_LISTEN)
        context.on("page", self._watch)
        context.on("close", self._context_closed)
        self._watch(page)
        await open_start_page(self.browser, url)  # a wrong or dead address stops it, one line
        await page.evaluate(_LISTEN)

    # -- how it ends -----------------------------------------------------------------------

    def _watch(self, page: Page) -> None:
        self._pages.add(page)
        page.on("close", self._page_closed)
        page.on("load", self._loaded)

    def _unwatch(self) -> None:
        """Our listeners off the page and context (a test's shared context outlives us)."""
        for page in self._pages:
            page.remove_listener("close", self._page_closed)
            page.remove_listener("load", self._loaded)
        if self._context is not None:
            self._context.remove_listener("page", self._watch)
            self._context.remove_listener("close", self._context_closed)

    def _page_closed(self, _: Page) -> None:
        if all(p.is_closed() for p in self._pages):
            self.end("window closed")

    def _context_closed(self, _: BrowserContext) -> None:
        self.end("window closed")

    def _loaded(self, _: Page) -> None:
        self._moved = True
        self._wake.set()

    def listen(self, fd: int) -> bool:
        """Read lines typed at ``fd`` (the terminal) without blocking: ``stop`` or an empty line
        ends the recording. False where ``fd`` cannot be watched (a file, closed, no selector)."""
        return self._terminal.listen(fd)

    def _unlisten(self) -> None:
        self._terminal.close()

    # -- what the person does --------------------------------------------------------------

    def _report(self, source: Any, data: dict[str, Any]) -> None:
        self._actions.append(data)
        self._wake.set()

    async def _settle(self) -> None:
        with contextlib.suppress(Exception):
            await self.playwright.page.wait_for_load_state("load", timeout=SETTLE_MS)
        await asyncio.sleep(0.3)
        with contextlib.suppress(Exception):
            await self.playwright.page.evaluate(_LISTEN)

    async def _look(self) -> bool:
        """The page as it is now, kept as the last seen; False once the window has gone."""
        if not self.window_open:
            return False
        try:
            await self.browser.look()
        except Exception:  # closed as we looked: the last capture stays the last seen
            return False
        return True

    async def _record(self, data: dict[str, Any]) -> None:
        kind = str(data.get("kind"))
        found = _reported(self.browser.whole, data)
        if kind not in TOOLS or found is None:
            return
        identity, node = found
        value = data.get("value")
        arguments: dict[str, Any] = {}
        if kind == "fill":
            # the page withholds a secret field's value; the capture's facts and the value's
            # look decide the rest (snapshot.secrecy)
            arguments["value"] = (
                SECRET if value is None else self.browser.typed_into(node, str(value))
            )
        elif kind == "select":
            arguments["value"] = SECRET if node.secret else str(value)
        call: BrowserCall = "click" if kind == "click" else "fill" if kind == "fill" else "select"
        event = BrowserEvent(
            call=call, page=self.browser.page, target=identity, arguments=arguments
        )
        await self._settle()
        self._moved = False
        await self._look()  # closed meanwhile: the action led, as far as anyone saw, nowhere
        event.result_page, event.scroll_y = self.browser.page, self.browser.scroll_y
        self.recorder.recording.events.append(event)
        turn = ElementIdentity(role=identity.role, name=identity.name, nth=identity.nth)
        self.recorder.recording.turns.append(
            RecordedTurn(tool=TOOLS[kind], arguments=arguments, target=turn)
        )
        self.recorder.save()

    async def _refresh(self) -> None:
        """The page changed with no action (a redirect, a late load): the last action, or the
        opening navigation, led here, so its result is this page."""
        self._moved = False
        await self._settle()
        if self._actions:  # the person acted meanwhile: that action is recorded with its page
            return
        events = self.recorder.recording.events
        if not await self._look() or not events or events[-1].result_page == self.browser.page:
            return
        events[-1].result_page, events[-1].scroll_y = self.browser.page, self.browser.scroll_y
        self.recorder.save()

    async def _step(self, work: Any) -> None:
        self._current = asyncio.ensure_future(work)
        await asyncio.shield(self._current)  # Ctrl+C waits for it (record_manually)

    async def run(self) -> None:
        """Until stopped: each reported action, recorded in turn."""
        while not self.stop.is_set():
            if self._actions:
                await self._step(self._record(self._actions.popleft()))
            elif self._moved:
                await self._step(self._refresh())
            else:
                self._wake.clear()
                waiters = {asyncio.ensure_future(e.wait()) for e in (self._wake, self.stop)}
                try:
                    await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    for waiter in waiters:
                        waiter.cancel()
        await self.drain()

    async def drain(self) -> None:
        """The action being recorded when it was stopped, then any still reported."""
        if self._current is not None and not self._current.done():
            with contextlib.suppress(Exception):
                await self._current
        while self._actions:
            await self._record(self._actions.popleft())

    async def finish(self) -> None:
        """The outcome as the last page seen shows it, and a last turn that says so."""
        self._unlisten()
        if self.ended is None:
            self.ended = "stop"
        with contextlib.suppress(Exception):
            if self.window_open:  # a last look: what the person sees as they stop
                await asyncio.wait_for(self._refresh(), SETTLE_MS / 1000 + 2)
        self._unwatch()
        whole = self.browser.whole
        if whole is not None:
            factory = SnapshotFactory(self.browser, ElementRegistry())
            snapshot, _ = factory.from_capture(whole)
            self.outcome = self.service.outcome(snapshot)
            cancelled = self.outcome.cancelled
            self.recorder.recording.turns.append(
                RecordedTurn(
                    tool="complete_task",
                    arguments={
                        "status": "success" if cancelled else "failed",
                        "reason": "recorded by a person",
                    },
                )
            )
            self.recorder.recording.expected = ExpectedOutcome(
                reason="completed" if cancelled else "task_failed",
                success=cancelled,
                verified=True,
                approvals=None,
            )
        self.recorder.save()


def _reported(
    whole: RawCapture | None, data: dict[str, Any]
) -> tuple[ElementIdentity, RawNode] | None:
    """The element the page reported, in the page as last captured whole."""
    if whole is None:
        return None
    wanted = normalize(str(data.get("name") or ""))
    role = str(data.get("role") or "")
    nth = int(data.get("nth") or 0)
    nodes = whole.nodes
    for strict in (True, False):
        found = [
            index
            for index, node in enumerate(nodes)
            if (
                normalize(node.name or node.text or "") == wanted
                if strict
                else bool(wanted) and wanted in normalize(node.name or node.text or "")
            )
            and (node.role == role or not strict or not role)
        ]
        if found:  # the page's own count among its look-alikes picks which one
            index = found[min(nth, len(found) - 1)]
            return identity_of(nodes, index), nodes[index]
    return None


async def record_manually(
    browser: PlaywrightBrowser,
    service: ServiceConfig,
    url: str,
    out: Path,
    *,
    ready: asyncio.Event | None = None,
    stop: asyncio.Event | None = None,
    stdin: int | None = None,
) -> ManualRecording:
    """Record until ``stop`` is set, ``stop`` is typed at ``stdin`` (a file descriptor), the
    window closes, or this task is cancelled (Ctrl+C); everything is saved as it goes.

    Cancelling is a way to end it, not to lose it: the action being recorded is finished, the
    outcome judged and the recording saved, and this returns normally (the cancellation is
    taken back) so a command can say what was saved. A second cancel is not caught.
    """
    recorder = Recorder(out, service=service.name, flow=out.name, source="manual", start_url=url)
    manual = ManualRecorder(browser, recorder, service)
    if stop is not None:
        manual.stop = stop
    try:
        await manual.start(url)
        if stdin is not None:
            manual.listen(stdin)
        if ready is not None:
            ready.set()
        await manual.run()
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if task is None or task.uncancel() > 0:  # cancelled twice: not ours to take back
            raise
        manual.end("Ctrl+C")
        await manual.drain()
    finally:
        manual._unlisten()
    await manual.finish()
    assert manual.ended is not None
    return ManualRecording(recorder, manual.ended, manual.outcome)
