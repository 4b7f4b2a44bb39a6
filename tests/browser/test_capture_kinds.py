"""What a capture returns on the costly kinds of page (``bench.kinds_pages`` and its held-aside
twin, and the long-inline page of 3,700 links in one span) stays what it was: the same
elements with the same roles, names, boxes and states, and the same page text, in the viewport
and over the whole page. Work that makes the capture faster must not change what it reads.

The pages are megabytes of markup, so what is pinned is a digest of each capture (handles left
out: they are new with each world) beside its counts, in ``capture_kinds.json``;
``python -m tests.browser.test_capture_kinds`` rewrites it after an intended change.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench import inline_pages, kinds_pages, kinds_pages_held
from harness.sites import StaticSite
from subterminator.browser.capture import RawCapture
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.browser.protocol import CaptureScope
from tests.support.readers import reading

pytestmark = pytest.mark.browser

PINNED = Path(__file__).with_name("capture_kinds.json")
SCOPES: tuple[CaptureScope, ...] = ("viewport", "page")


def write(root: Path) -> list[str]:
    """Every page, as paths under ``root``."""
    written = [*kinds_pages.write_pages(root), *kinds_pages_held.write_pages(root)]
    paths = [p.url_path(root) for p in written]
    (root / "links-3700.html").write_text(
        inline_pages.links(3_700, random.Random(0)), encoding="utf-8"
    )
    return [*paths, "links-3700.html"]


async def opened(browser: PlaywrightBrowser, url: str) -> None:
    """The page, with its fonts in: a fallback font coming in late moves the boxes."""
    await browser.navigate(url)
    await browser.page.evaluate("document.fonts.ready.then(() => 1)")


def names() -> list[str]:
    return sorted(json.loads(PINNED.read_text(encoding="utf-8")))


def read(capture: RawCapture) -> dict[str, Any]:
    """What a capture says, without its handles (new with each world) or its address's port."""
    nodes = [node.model_dump(exclude={"handle"}, mode="json") for node in capture.nodes]
    said = {"title": capture.title, "lang": capture.lang, "omitted": capture.omitted}
    said |= {"nodes": nodes, "text": capture.text}
    digest = hashlib.sha256(json.dumps(said, sort_keys=True).encode()).hexdigest()
    return {"nodes": len(nodes), "text_chars": len(capture.text), "sha256": digest}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StaticSite]:
    root = tmp_path_factory.mktemp("kinds")
    write(root)
    with StaticSite(root) as served:
        yield served


@pytest.mark.parametrize("key", names())
async def test_a_capture_of_a_costly_page_reads_what_it_read(
    reader: PlaywrightBrowser, site: StaticSite, key: str
) -> None:
    path, _ = key.rsplit("#", 1)
    scope: CaptureScope = "page" if key.endswith("#page") else "viewport"
    await opened(reader, site.url(path))
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))[key]
    made = read(await reader.capture(scope=scope))
    assert made["nodes"] > 0
    assert made == pinned, f"{key}: the capture changed"


def test_every_page_and_scope_is_pinned(tmp_path: Path) -> None:
    keys = {f"{path}#{scope}" for path in write(tmp_path) for scope in SCOPES}
    assert set(names()) == keys


async def pin() -> None:
    """Capture every page in every scope and write the digests."""
    pinned: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        paths = write(Path(folder))
        with StaticSite(Path(folder)) as served:
            async with reading() as browser:
                for path in paths:
                    await opened(browser, served.url(path))
                    for scope in SCOPES:
                        pinned[f"{path}#{scope}"] = read(await browser.capture(scope=scope))
    PINNED.write_text(json.dumps(pinned, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(pin())
