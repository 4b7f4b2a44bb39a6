"""The golden snapshots' recipe: fixtures/pages through the real pipeline.

tests/snapshot/test_golden_pages.py asserts fixtures/snapshots/*.json with syrupy;
``nox -s fixtures`` (``pytest tests/snapshot/test_golden_pages.py --snapshot-update``) rewrites
them. Ids and timestamps are fixed and the local URL is replaced by the page's real-world
address, so the files only change when pruning, the pages or Chromium's rendering change.
"""

from __future__ import annotations

import uuid

from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.snapshot import Snapshot
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry

# fixture name -> (page, public URL it stands for, button to click before capturing)
SAMPLES: dict[str, tuple[str, str, str | None]] = {
    "form_page": ("form.html", "http://localhost/form", None),
    "cookie_overlay": ("overlay.html", "http://localhost/overlay", None),
    "long_list": ("grid.html?n=150", "http://localhost/grid", None),
    "kitchen_sink": ("rules.html", "http://localhost/rules", None),
    "netflix_login": ("netflix/login.html", "https://www.netflix.com/login", None),
    "netflix_account_active": ("netflix/account.html", "https://www.netflix.com/account", None),
    "netflix_membership": (
        "netflix/membership.html",
        "https://www.netflix.com/account/membership",
        None,
    ),
    "netflix_retention_offer": (
        "netflix/retention.html",
        "https://www.netflix.com/cancelplan",
        None,
    ),
    "netflix_confirmation": ("netflix/cancelplan.html", "https://www.netflix.com/cancelplan", None),
    "netflix_confirmation_expanded": (
        "netflix/cancelplan.html",
        "https://www.netflix.com/cancelplan",
        "Show option contents",
    ),
    "netflix_cancelled": (
        "netflix/cancelled.html",
        "https://www.netflix.com/cancelplan/confirm",
        None,
    ),
}


async def golden(browser: PlaywrightBrowser, site: StaticSite, name: str) -> Snapshot:
    """The sample's snapshot as the pipeline makes it today (fixed id, clock and address)."""
    page, public_url, click = SAMPLES[name]
    await browser.navigate(site.url(page))
    if click:  # the last such control: the "Cancel" section's expander
        await browser.page.get_by_role("button", name=click).last.click()
    factory = SnapshotFactory(
        browser,
        ElementRegistry(),
        new_id=lambda: str(uuid.uuid5(uuid.NAMESPACE_URL, name)),
        clock=lambda: "2026-01-01T00:00:00+00:00",
    )
    snapshot, _ = await factory.create()
    return snapshot.model_copy(
        update={"page": snapshot.page.model_copy(update={"url": public_url})}
    )
