"""Tests that hold on both browsers, as httpx tests its transports: a test body runs on Chromium
while it is recorded, then again on a ReplayBrowser of that very recording. Whatever the body
asserts about the Browser seam and the tool server must hold on both."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from harness.replay.browser import ReplayBrowser
from subterminator.browser.protocol import Browser
from subterminator.recording import Recorder, RecordingBrowser

Body = Callable[[Browser], Awaitable[None]]


async def on_both_browsers(chromium: Browser, body: Body) -> ReplayBrowser:
    recorder = Recorder(None, service="test", flow="both", source="manual")
    await body(RecordingBrowser(chromium, recorder))
    replayed = ReplayBrowser([recorder.recording])
    try:
        await body(replayed)
    except AssertionError as exc:
        raise AssertionError(f"on ReplayBrowser (it held on Chromium): {exc}") from exc
    return replayed
