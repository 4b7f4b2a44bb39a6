"""A ``SnapshotFactory`` for captures already taken: pruning tests, budgets, calibration.

It has no browser (``from_capture`` needs none, and any use of it fails loudly), numbered
snapshot ids and a fixed clock, so the same capture gives the same snapshot every time.
"""

from __future__ import annotations

import itertools
from typing import Any, NoReturn, cast

from subterminator.browser.protocol import Browser
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.pruning import PruneLimits
from subterminator.snapshot.registry import ElementRegistry

CLOCK = "2026-01-01T00:00:00+00:00"


class _NoBrowser:
    def __getattr__(self, name: str) -> NoReturn:
        raise AssertionError(f"from_capture used the browser ({name})")


def capture_factory(
    limits: PruneLimits | None = None, registry: ElementRegistry | None = None, **options: Any
) -> SnapshotFactory:
    """``options`` go to ``SnapshotFactory`` (``new_id``, ``clock``, ``estimator``...)."""
    counter = itertools.count()
    options.setdefault("new_id", lambda: f"snap-{next(counter)}")
    options.setdefault("clock", lambda: CLOCK)
    return SnapshotFactory(
        cast(Browser, _NoBrowser()), registry or ElementRegistry(), limits=limits, **options
    )
