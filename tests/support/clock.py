"""A monotonic clock a test moves by hand: a person's seconds of thought, without the wait."""

from __future__ import annotations

import asyncio
import time

import pytest


class SteppedClock:
    """``time.monotonic`` plus whatever the test has advanced it by."""

    def __init__(self) -> None:
        self.offset = 0.0
        self._real = time.monotonic

    def monotonic(self) -> float:
        return self._real() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


def stepped_clock(monkeypatch: pytest.MonkeyPatch) -> SteppedClock:
    """Every reader of ``time.monotonic`` sees the stepped clock, except the running event
    loop, which keeps the real one: its timers and timeouts must not jump ahead."""
    clock = SteppedClock()
    monkeypatch.setattr(asyncio.get_running_loop(), "time", time.monotonic)
    monkeypatch.setattr(time, "monotonic", clock.monotonic)
    return clock
