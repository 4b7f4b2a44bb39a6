"""ActionExecutor caps and error mapping, over a Browser double that only sleeps or fails."""

from __future__ import annotations

import asyncio
from typing import cast

import pytest

from subterminator.browser import playwright_errors
from subterminator.browser.capture import RawCapture
from subterminator.browser.protocol import Browser, CaptureScope, ScrollDirection
from subterminator.errors import (
    BrowserActionError,
    ElementDisabledError,
    ElementNotVisibleError,
    ElementObscuredError,
    MCPError,
    RefInvalidError,
    TimeoutError,
)
from subterminator.models.snapshot import BoundingBox
from subterminator.snapshot.element import ElementInfo
from subterminator.tools.executor import ActionExecutor, LatencyCaps


class StallingBrowser:
    """Hangs on every action (ignoring the timeout it is given) or raises a chosen code."""

    def __init__(self, code: str | None = None) -> None:
        self.code = code
        self.calls: list[str] = []

    async def _act(self, name: str) -> None:
        self.calls.append(name)
        if self.code:
            raise BrowserActionError(self.code, "detail from browser")
        await asyncio.sleep(60)

    async def navigate(self, url: str) -> int | None: ...

    async def capture(
        self, *, scope: CaptureScope = "viewport", screenshot_pixels: int | None = None
    ) -> RawCapture:
        raise NotImplementedError

    async def click(self, handle: str, *, timeout_ms: int) -> None:
        await self._act("click")

    async def fill(self, handle: str, value: str, *, clear_first: bool, timeout_ms: int) -> None:
        await self._act("fill")

    async def select(self, handle: str, value: str, *, timeout_ms: int) -> None:
        await self._act("select")

    async def scroll_into_view(self, handle: str, *, timeout_ms: int) -> None:
        await self._act("scroll")

    async def scroll_page(self, direction: ScrollDirection, amount: int) -> None:
        await self._act("scroll_page")

    async def close(self) -> None: ...


def element(role: str = "button") -> ElementInfo:
    return ElementInfo(
        role=role,
        name="x",
        state=["visible"],
        bbox=BoundingBox(x=0, y=0, width=1, height=1),
        handle="17",
        ref="@e3",
    )


FAST = LatencyCaps(click=50, fill=50, select=50, scroll=30)


@pytest.mark.parametrize(
    ("action", "cap"),
    [("click", 50), ("fill", 50), ("select", 50), ("scroll_to_element", 30), ("scroll_page", 30)],
)
async def test_every_action_is_cut_at_its_cap(action: str, cap: int) -> None:
    executor = ActionExecutor(cast(Browser, StallingBrowser()), FAST)
    target = element("combobox")
    calls = {
        "click": lambda: executor.click(target),
        "fill": lambda: executor.fill(target, "v"),
        "select": lambda: executor.select(target, "v"),
        "scroll_to_element": lambda: executor.scroll_to_element(target),
        "scroll_page": lambda: executor.scroll_page("down", 300),
    }
    with pytest.raises(TimeoutError) as info:
        await calls[action]()
    assert info.value.timeout_ms == cap
    assert isinstance(info.value, asyncio.TimeoutError)  # spec name, builtin semantics


def test_default_caps_are_the_spec_maximums() -> None:
    caps = LatencyCaps()
    assert (caps.snapshot, caps.click, caps.fill, caps.select, caps.scroll) == (
        3000,
        2000,
        2000,
        2000,
        1000,
    )


@pytest.mark.parametrize(
    ("code", "exception"),
    [
        ("element_disabled", ElementDisabledError),
        ("element_obscured", ElementObscuredError),
        ("element_not_visible", ElementNotVisibleError),
        ("timeout", TimeoutError),
        ("element_detached", RefInvalidError),
        ("action_failed", MCPError),
    ],
)
async def test_browser_codes_become_the_spec_exceptions(
    code: str, exception: type[Exception]
) -> None:
    with pytest.raises(exception) as info:
        await ActionExecutor(cast(Browser, StallingBrowser(code)), FAST).click(element())
    assert "@e3" in str(info.value)


async def test_role_mismatch_is_refused_before_the_browser_is_touched() -> None:
    browser = StallingBrowser()
    executor = ActionExecutor(cast(Browser, browser), FAST)
    with pytest.raises(MCPError, match="not a text field"):
        await executor.fill(element("button"), "x")
    with pytest.raises(MCPError, match="not a dropdown"):
        await executor.select(element("link"), "x")
    assert browser.calls == []


@pytest.mark.parametrize(
    ("message", "code"),
    [
        (
            'Timeout 1800ms exceeded.\nCall log:\n  - <div id="banner">…</div>'
            " intercepts pointer events",
            "element_obscured",
        ),
        ("Timeout 1800ms exceeded.\n  - element is not enabled", "element_disabled"),
        ("Error: Element is not editable", "element_disabled"),
        ("Timeout 1800ms exceeded.\n  - element is not visible", "element_not_visible"),
        ("Element is not attached to the DOM", "element_detached"),
        ("Target page, context or browser has been closed", "browser_closed"),
        ("Timeout 1800ms exceeded.", "timeout"),
        ("Something odd", "action_failed"),
    ],
)
def test_playwright_messages_are_classified(message: str, code: str) -> None:
    assert playwright_errors.classify(message) == code


def test_obscuring_element_is_named() -> None:
    message = (
        'Call log:\n  - <div id="banner">…</div> from <div>…</div> subtree'
        " intercepts pointer events"
    )
    assert playwright_errors.obscuring_element(message) == '<div id="banner">'
