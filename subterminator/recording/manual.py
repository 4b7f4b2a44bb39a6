"""``subterminator record``: a person clicks through a flow in a real browser and it is recorded.

The page reports each click, choice and typed field from a capture-phase listener (through a
Playwright binding). The capture before an action is the whole-page capture taken when the page
last settled (after loading, and after each action), so a click that navigates at once still has
its page. Each action becomes a browser event and a tool call (``browser_click``...) naming its
element, so the flow replays like an agent's run. What is typed into password or code fields is
never written: it is recorded as ``[secret]``.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.recording.model import (
    BrowserCall,
    BrowserEvent,
    ElementIdentity,
    ExpectedOutcome,
    RecordedTurn,
    identity_of,
)
from subterminator.recording.recorder import Recorder, RecordingBrowser
from subterminator.safety.text import normalize
from subterminator.services import ServiceConfig
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry

SECRET = "[secret]"
_LISTEN = """
(() => {
  if (window.__stListening) return;
  window.__stListening = true;
  const ROLE = {A: 'link', BUTTON: 'button', SELECT: 'combobox', TEXTAREA: 'textbox',
                SUMMARY: 'button'};
  const ACTIVE = 'a,button,input,select,textarea,summary,label,[role],[onclick],[tabindex]';
  const name = el => (el.getAttribute('aria-label') || el.innerText || el.value || el.title || '')
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
  const secret = el => /password|code|otp|pin|cvv|cvc/i.test(
    `${el.type} ${el.name} ${el.id} ${el.autocomplete}`);
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


class ManualRecorder:
    """Records what a person does in ``browser`` until ``stop`` is set or the window closes."""

    def __init__(
        self, browser: PlaywrightBrowser, recorder: Recorder, service: ServiceConfig
    ) -> None:
        self.browser = RecordingBrowser(browser, recorder)
        self.playwright = browser
        self.recorder = recorder
        self.service = service
        self.stop = asyncio.Event()
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def start(self, url: str) -> None:
        page = self.playwright.page
        await page.context.expose_binding("__stAct", self._report)
        await page.context.add_init_script(_LISTEN)
        await self.browser.navigate(url)
        await page.evaluate(_LISTEN)
        page.on("close", lambda _: self.stop.set())

    def _report(self, source: Any, data: dict[str, Any]) -> None:
        self._queue.put_nowait(data)

    def _identity(self, data: dict[str, Any]) -> ElementIdentity | None:
        whole = self.browser.whole
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
                return identity_of(nodes, found[min(nth, len(found) - 1)])
        return None

    async def _settle(self) -> None:
        with contextlib.suppress(Exception):
            await self.playwright.page.wait_for_load_state("load", timeout=5000)
        await asyncio.sleep(0.3)
        with contextlib.suppress(Exception):
            await self.playwright.page.evaluate(_LISTEN)

    async def _record(self, data: dict[str, Any]) -> None:
        kind = str(data.get("kind"))
        identity = self._identity(data)
        if kind not in TOOLS or identity is None:
            return
        value = data.get("value")
        arguments: dict[str, Any] = {}
        if kind in ("fill", "select"):
            arguments["value"] = SECRET if value is None else str(value)
        call: BrowserCall = "click" if kind == "click" else "fill" if kind == "fill" else "select"
        event = BrowserEvent(
            call=call, page=self.browser.page, target=identity, arguments=arguments
        )
        await self._settle()
        await self.browser.record_after(event)
        turn = ElementIdentity(role=identity.role, name=identity.name, nth=identity.nth)
        self.recorder.recording.turns.append(
            RecordedTurn(tool=TOOLS[kind], arguments=arguments, target=turn)
        )
        self.recorder.save()

    async def run(self) -> None:
        """Until stopped: each reported action, recorded in turn."""
        while not self.stop.is_set():
            waiter = asyncio.ensure_future(self._queue.get())
            stopper = asyncio.ensure_future(self.stop.wait())
            done, _ = await asyncio.wait({waiter, stopper}, return_when=asyncio.FIRST_COMPLETED)
            stopper.cancel()
            if waiter in done:
                await self._record(waiter.result())
            else:
                waiter.cancel()
        while not self._queue.empty():
            await self._record(self._queue.get_nowait())

    async def finish(self) -> None:
        """The outcome as the page shows it, and a last turn that says so."""
        factory = SnapshotFactory(self.playwright, ElementRegistry())
        with contextlib.suppress(Exception):
            snapshot, _ = await factory.create()
            cancelled = self.service.outcome(snapshot).cancelled
            status = "success" if cancelled else "failed"
            self.recorder.recording.turns.append(
                RecordedTurn(
                    tool="complete_task",
                    arguments={"status": status, "reason": "recorded by a person"},
                )
            )
            self.recorder.recording.expected = ExpectedOutcome(
                reason="completed" if cancelled else "task_failed",
                success=cancelled,
                verified=True,
                approvals=None,
            )
        self.recorder.save()


async def record_manually(
    browser: PlaywrightBrowser,
    service: ServiceConfig,
    url: str,
    out: Path,
    *,
    ready: asyncio.Event | None = None,
    stop: asyncio.Event | None = None,
) -> Recorder:
    """Record until ``stop`` (or the window closes, or Ctrl+C); everything is saved as it goes."""
    recorder = Recorder(out, service=service.name, flow=out.name, source="manual", start_url=url)
    manual = ManualRecorder(browser, recorder, service)
    if stop is not None:
        manual.stop = stop
    await manual.start(url)
    if ready is not None:
        ready.set()
    try:
        await manual.run()
    finally:
        await manual.finish()
    return recorder
