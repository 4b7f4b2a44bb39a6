"""The golden page snapshots (fixtures/snapshots/) are syrupy assertions: today's pipeline on
fixtures/pages must produce them. ``pytest tests/snapshot/test_golden_pages.py
--snapshot-update`` (or ``nox -s fixtures``) rewrites them after an intended change; the diff is
the review."""

from __future__ import annotations

import base64
import json
import struct
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.json import JSONSnapshotExtension
from syrupy.location import PyTestLocation
from syrupy.types import SnapshotIndex

from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.make_fixture_snapshots import SAMPLES, golden
from tests.support.paths import FIXTURES

pytestmark = [pytest.mark.browser, pytest.mark.corpus]  # every golden page


class GoldenPages(JSONSnapshotExtension):
    """One file per page in fixtures/snapshots/, named after the page.

    The screenshot is kept in the file (the samples carry a real one) but compared by its
    size only: Chromium's anti-aliasing is not the same from one run to the next, and a pixel
    is not what these files pin.
    """

    def matches(self, *, serialized_data: Any, snapshot_data: Any) -> bool:
        try:
            made, stored = json.loads(serialized_data), json.loads(snapshot_data)
        except (TypeError, ValueError):
            return bool(serialized_data == snapshot_data)
        return bool(_sized(made) == _sized(stored))

    @classmethod
    def dirname(cls, *, test_location: PyTestLocation) -> str:
        return str(FIXTURES / "snapshots")

    @classmethod
    def get_snapshot_name(cls, *, test_location: PyTestLocation, index: SnapshotIndex = 0) -> str:
        return str(index)


def _sized(data: Any) -> Any:
    """The snapshot with its screenshot replaced by the PNG's width and height."""
    if not isinstance(data, dict) or not data.get("screenshot"):
        return data
    png = base64.b64decode(data["screenshot"])
    size = struct.unpack(">II", png[16:24]) if png[:8] == b"\x89PNG\r\n\x1a\n" else None
    return {**data, "screenshot": size}


@pytest.mark.parametrize("name", list(SAMPLES))
async def test_the_pipeline_still_makes_the_golden_snapshot(
    browser: PlaywrightBrowser, pages: StaticSite, name: str, snapshot: SnapshotAssertion
) -> None:
    made = await golden(browser, pages, name)
    data: Any = json.loads(made.model_dump_json())
    assert data == snapshot(extension_class=GoldenPages, name=name)
