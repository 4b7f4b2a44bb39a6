"""Hypothesis profiles for property scenarios: a fast ``default``, a derandomised ``ci``, a deep
``thorough``.

- ``st-fast`` (30 examples) keeps the edit-test loop short;
- ``st-ci`` (60 examples, hypothesis's own ``ci`` underneath: derandomised, no example database,
  failures printed with a reproduction blob) gives the same examples on every run, so a red CI
  reproduces on a laptop;
- ``st-thorough`` (1,000 examples, 100-step state machines, 10,000 fuzzed tool calls) is for
  depth, before a release or after a change to pruning, refs or the gate; it takes long.

Deadlines are off in all three: the suite runs on shared machines, where a timing assertion is
noise (performance is measured by ``nox -s bench``). Properties that drive a real Chromium take
a share of the profile's examples (``scaled``), so ``thorough`` deepens them too.

Named ``st-*`` so that no project's own ``default`` or ``ci`` is replaced. The plugin registers
them only when asked: ``pytest --hypothesis-profile st-thorough``, or the ini option
``st_hypothesis_profile``; importing it changes nothing. ``load()`` (called by this project's
conftest) picks ``st-ci`` when the ``CI`` environment variable is set, else ``st-fast``;
``--hypothesis-profile`` wins.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings

SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large]
# hypothesis's own profiles, taken before ours replace them (so register() is idempotent)
_BUILTIN = {name: settings.get_profile(name) for name in ("default", "ci")}


@dataclass(frozen=True)
class Depth:
    examples: int
    steps: int  # rules per state-machine run
    fuzz_calls: int  # tool calls of the long fuzz session


DEPTHS = {
    "st-fast": Depth(examples=30, steps=25, fuzz_calls=300),
    "st-ci": Depth(examples=60, steps=25, fuzz_calls=600),
    "st-thorough": Depth(examples=1_000, steps=100, fuzz_calls=10_000),
}


def register() -> None:
    """Define the three profiles (loading none: a user's own profile choice stands)."""
    for name, depth in DEPTHS.items():
        settings.register_profile(
            name,
            parent=_BUILTIN["ci" if name == "st-ci" else "default"],
            max_examples=depth.examples,
            stateful_step_count=depth.steps,
            deadline=None,
            suppress_health_check=SLOW_IS_FINE,
        )


def load(name: str | None = None) -> None:
    """``name``, else ``st-ci`` under CI and ``st-fast`` elsewhere (hypothesis's
    ``--hypothesis-profile`` overrides)."""
    register()
    settings.load_profile(name or ("st-ci" if os.environ.get("CI") else "st-fast"))


def depth() -> Depth:
    """The loaded profile's depth; a profile of the user's own counts as ``st-fast``."""
    return DEPTHS.get(settings.get_current_profile_name(), DEPTHS["st-fast"])


def scaled(share: float, minimum: int = 3, **overrides: Any) -> settings:
    """The loaded profile with ``share`` of its examples (at least ``minimum``), for properties
    that cost a real browser per example."""
    examples = max(minimum, round(settings().max_examples * share))
    return settings(settings(), max_examples=examples, **overrides)
