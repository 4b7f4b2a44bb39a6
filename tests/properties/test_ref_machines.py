"""Ref lifecycle as state machines over the real BrowserToolServer: a ref lives for one snapshot.

Rules: snapshots, actions (click, fill, select, scroll) with refs from the latest snapshot,
from older snapshots and never issued, page scrolls, recorded navigation, and on the
ReplayBrowser injected faults and pages that move under the agent's hand. Every call goes
through ``tests.support.scenarios.Session``, which holds after each reply:

- the ref law, on what reached the browser (a call log around it): a well-formed element call
  reaches the browser iff its ref is in the latest snapshot, and then the very element the
  snapshot listed under that ref (role, name, box); any other ref is answered ``ref_invalid``
  and the browser is not touched; a current ref is refused only when the page moved;
- every reply is a contract-valid ToolResult (pydantic and fixtures/snapshot_schema.json)
  with a fresh snapshot: a snapshot id never seen before;
- refs never collide: each snapshot's refs are the next contiguous block (the first from
  @e0), so an issued ref names one element of one snapshot, ever.

``ReplayRefMachine`` runs on recorded flows (no Chromium, profile-sized);
``ChromiumRefMachine`` is a smaller profile of the same rules on fixture pages in Chromium.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar, get_args

import pytest
from hypothesis import HealthCheck
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from harness import profiles
from harness.replay import Failure, ReplayBrowser
from harness.replay.browser import FailureCode
from harness.sites import StaticSite
from harness.strategies.calls import REF_TOOLS
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.protocol import Browser
from subterminator.models.snapshot import Element
from subterminator.models.tools import ToolResult
from subterminator.tools.executor import LatencyCaps
from subterminator.tools.server import BrowserToolServer
from tests.support.scenarios import Session, recording, replay_browser

T = TypeVar("T")
FLOWS = ("2026", "many", "cookie-banner", "legacy", "login", "offer-discount", "error")
PAGES = (
    "form.html",
    "netflix/account.html",
    "netflix/cancelplan.html",
    "overlay.html",
    "catalog.html",
)
DIRECTIONS = st.sampled_from(["up", "down", "top", "bottom"])
PLAIN = st.sampled_from(["", "Ann", "Basic", "Premium", "me@example.com"])
VALUES = PLAIN | st.text(max_size=12)
TEXT_FIELDS = ("textbox", "searchbox")
PICKS = st.integers(min_value=0, max_value=10_000)


def arguments(tool: str, ref: str, value: str) -> dict[str, Any]:
    if tool in ("browser_fill", "browser_select"):
        return {"ref": ref, "value": value}
    return {"ref": ref}


class RefMachine(RuleBasedStateMachine):
    """The shared rules; a subclass opens the browser in an ``initialize`` rule."""

    session: Session

    def __init__(self) -> None:
        super().__init__()
        self.moved = False  # the page changed under the agent since the latest snapshot
        self.opened = False

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        raise NotImplementedError

    def armed(self) -> bool:
        """A fault waits to strike (the next element action may fail, even with a good ref)."""
        return False

    def open(self, browser: Browser, server: Callable[[Browser], BrowserToolServer]) -> None:
        self.session = Session(browser, server)
        self.opened = True
        self.execute("get_snapshot", {})

    def execute(self, name: str, args: dict[str, Any]) -> ToolResult:
        disturbed = self.moved or self.armed()
        result = self.run(self.session.execute(name, args, disturbed=disturbed))
        self.moved = False
        return result

    @rule(viewport_only=st.booleans())
    def snapshot(self, viewport_only: bool) -> None:
        self.execute("get_snapshot", {"viewport_only": viewport_only})

    @rule(
        source=st.sampled_from(["latest", "latest", "latest", "older", "never issued"]),
        tool=st.sampled_from(REF_TOOLS),
        pick=PICKS,
        ahead=st.integers(min_value=0, max_value=2_000),
        value=VALUES,
    )
    def act(self, source: str, tool: str, pick: int, ahead: int, value: str) -> None:
        """An element action with a ref from the latest snapshot, an older one, or none."""
        latest, older = self.session.refs(), self.session.ledger.stale()
        if source == "latest" and latest:
            self.execute(tool, arguments(tool, latest[pick % len(latest)], value))
        elif source == "older" and older:
            result = self.execute(tool, arguments(tool, older[pick % len(older)], value))
            assert result.error == "ref_invalid"
            assert "no longer current" in (result.message or "")
        else:
            ref = f"@e{self.session.ledger.next + ahead}"
            result = self.execute(tool, arguments(tool, ref, value))
            assert result.error == "ref_invalid"
            assert "no snapshot in this session has issued it" in (result.message or "")

    def text_fields(self) -> list[Element]:
        latest = self.session.latest if self.opened else None
        return [e for e in latest.elements if e.role in TEXT_FIELDS] if latest else []

    @precondition(lambda self: bool(self.text_fields()))
    @rule(pick=PICKS, value=PLAIN)
    def fill_a_field(self, pick: int, value: str) -> None:
        """A text field of the latest snapshot, filled (text fields are few among a page's
        elements: ``act`` seldom picks one)."""
        fields = self.text_fields()
        field = fields[pick % len(fields)]
        self.typed(field, value, self.execute("browser_fill", {"ref": field.ref, "value": value}))

    def typed(self, field: Element, value: str, result: ToolResult) -> None:
        """A browser that really types can say whether the text reached ``field``."""

    @rule(direction=DIRECTIONS, amount=st.integers(min_value=1, max_value=2_000))
    def scroll_the_page(self, direction: str, amount: int) -> None:
        self.execute("browser_scroll", {"direction": direction, "amount": amount})

    @invariant()
    def only_the_latest_refs_are_live(self) -> None:
        if self.opened:
            assert self.session.server.registry.list_refs() == self.session.refs()


class ReplayRefMachine(RefMachine):
    """On recorded flows: recorded navigation, faults, and pages that move by themselves."""

    def __init__(self) -> None:
        super().__init__()
        self.runner = asyncio.Runner()
        self.replay: ReplayBrowser | None = None

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.runner.run(coroutine)

    def armed(self) -> bool:
        return self.replay is not None and any(f.times > 0 for f in self.replay.failures)

    @initialize(flow=st.sampled_from(FLOWS))
    def start(self, flow: str) -> None:
        self.replay = replay_browser(flow)
        self.run(self.replay.navigate(recording(flow).meta.start_url))
        # a short snapshot cap, so that a "slow" capture times out in a test's time
        self.open(self.replay, lambda b: BrowserToolServer(b, caps=LatencyCaps(snapshot=100)))

    def recorded_here(self) -> list[str]:
        """Refs of the latest snapshot's elements a recording clicked on this page."""
        assert self.replay is not None
        wanted = {
            (key[2][0], key[2][1])
            for key in self.replay.edges
            if key[0] == self.replay.current and key[1] == "click"
        }
        latest = self.session.latest
        elements = latest.elements if latest else []
        return [e.ref for e in elements if (e.role, e.name) in wanted]

    @precondition(lambda self: bool(self.recorded_here()))
    @rule(pick=PICKS)
    def follow_the_recording(self, pick: int) -> None:
        refs = self.recorded_here()
        self.execute("browser_click", {"ref": refs[pick % len(refs)]})

    @rule(
        call=st.sampled_from(["click", "fill", "select", "capture", "any"]),
        code=st.sampled_from(get_args(FailureCode)),
        page=PICKS,
    )
    def inject_a_fault(self, call: Any, code: Any, page: int) -> None:
        assert self.replay is not None
        pages = sorted(self.replay.pages)
        self.replay.failures.append(Failure(call, code, seconds=0.15, to=pages[page % len(pages)]))

    @rule(page=PICKS)
    def the_page_moves_by_itself(self, page: int) -> None:
        """A redirect or timer: the browser is on another recorded page, no tool was called."""
        assert self.replay is not None
        pages = sorted(self.replay.pages)
        self.replay.current, self.replay.scroll_y = pages[page % len(pages)], 0
        self.moved = True

    def teardown(self) -> None:
        self.runner.close()


TestRefsOnReplay = ReplayRefMachine.TestCase  # the loaded profile's examples and steps


class ChromiumRefMachine(RefMachine):
    """The same rules on fixture pages in Chromium, driven from a worker thread."""

    def __init__(
        self, browser: PlaywrightBrowser, pages: StaticSite, loop: asyncio.AbstractEventLoop
    ) -> None:
        super().__init__()
        self.browser, self.pages, self.loop = browser, pages, loop

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=60)

    @initialize(page=st.sampled_from(PAGES))
    def start(self, page: str) -> None:
        self.run(self.browser.navigate(self.pages.url(page)))
        self.open(self.browser, BrowserToolServer)

    def typed(self, field: Element, value: str, result: ToolResult) -> None:
        """The text reached the very field the snapshot listed: an enabled, writable text field
        takes a plain value (or is covered, hidden or slow), and the fresh snapshot shows it
        there. The call log sees only the handle crossing the Browser seam; this sees the DOM
        (an action that resolved a handle to a neighbouring node failed as action_failed)."""
        if "enabled" not in field.state or "readonly" in field.state:
            return
        allowed = (None, "element_obscured", "element_not_visible", "timeout")
        assert result.error in allowed, f"fill {field.ref} ({field.name!r}): {result.message}"
        twins = [
            e for e in result.snapshot.elements if (e.role, e.name) == (field.role, field.name)
        ]
        shown = [e.value or "" for e in twins]
        assert result.error or not twins or any(v in (value, "•" * len(value)) for v in shown), (
            f"filled {field.ref} ({field.name!r}) with {value!r}; the page shows {shown}"
        )


@pytest.mark.browser
async def test_refs_on_chromium(browser: PlaywrightBrowser, pages: StaticSite) -> None:
    loop = asyncio.get_running_loop()
    small = profiles.scaled(  # a Chromium per example: ci 8 runs, thorough 140
        0.14,
        stateful_step_count=max(10, profiles.depth().steps // 2),
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    await asyncio.to_thread(
        run_state_machine_as_test,
        lambda: ChromiumRefMachine(browser, pages, loop),  # type: ignore[arg-type]  # a factory works
        settings=small,
    )
