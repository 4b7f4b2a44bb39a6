"""Regenerate fixtures/snapshots/*.json from fixtures/pages through the real pipeline.

Run: ``python -m tests.make_fixture_snapshots`` (or ``nox -s fixtures``). Ids and timestamps are
fixed and the local URL is replaced by the page's real-world address, so the files only
change when pruning, the pages or Chromium's rendering change.
"""

from __future__ import annotations

import asyncio
import uuid

from harness.sites import StaticSite
from subterminator.browser.playwright_browser import LaunchOptions, PlaywrightBrowser
from subterminator.snapshot.factory import SnapshotFactory
from subterminator.snapshot.registry import ElementRegistry
from tests.conftest import FIXTURES, PAGES

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


async def main() -> None:
    out = FIXTURES / "snapshots"
    out.mkdir(exist_ok=True)
    with StaticSite(PAGES) as site:
        async with await PlaywrightBrowser.launch(LaunchOptions(block_non_local=True)) as browser:
            for name, (page, public_url, click) in SAMPLES.items():
                await browser.navigate(site.url(page))
                if click:  # the last such control: the "Cancel" section's expander
                    await browser.page.get_by_role("button", name=click).last.click()
                factory = SnapshotFactory(
                    browser,
                    ElementRegistry(),
                    new_id=lambda n=name: str(uuid.uuid5(uuid.NAMESPACE_URL, n)),  # type: ignore[misc]
                    clock=lambda: "2026-01-01T00:00:00+00:00",
                )
                snapshot, _ = await factory.create()
                snapshot = snapshot.model_copy(
                    update={"page": snapshot.page.model_copy(update={"url": public_url})}
                )
                path = out / f"{name}.json"
                path.write_text(snapshot.model_dump_json(indent=2) + "\n")
                print(f"{path.relative_to(FIXTURES.parent)}: {len(snapshot.elements)} elements")


if __name__ == "__main__":
    asyncio.run(main())
