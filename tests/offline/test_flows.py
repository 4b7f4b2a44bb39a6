"""Flow variants written from public facts, not from our simulator: the DEV half.

Two kinds of tests over tests/flows/dev.py (the held-aside sets, scored blind first, run in
tests/offline/test_flows_held.py):

- the sites themselves work: a scripted walk with plain Playwright calls really cancels on the
  final step and not before it, and no GET of any route changes anything;
- the offline policy gets each variant RIGHT end to end (tests/flows/score.py ``judge``): a
  flow is cancelled on the server after a yes, and the result is success + verified with exit 0;
  a look-alike is left untouched and not claimed as a fresh cancellation.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.flows.dev import FLOWS, LOOKALIKES, VARIANTS
from tests.flows.score import run_policy
from tests.flows.site import FlowSite, Variant, walk

pytestmark = [pytest.mark.browser, pytest.mark.corpus]  # the flow corpora, page by page

IDS = [v.name for v in VARIANTS]


def status(url: str, data: bytes | None = None) -> int:
    """GET (or POST ``data``) ``url``, following redirects; the final status code."""
    request = urllib.request.Request(url, data=data, method="GET" if data is None else "POST")
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code


@pytest.fixture(scope="module")
def site() -> Iterator[FlowSite]:
    with FlowSite(VARIANTS) as served:
        yield served


def test_the_dev_half_is_big_enough() -> None:
    assert len(FLOWS) >= 6
    assert {v.expect for v in LOOKALIKES} == {"active", "already-cancelled"}
    assert len({v.name for v in VARIANTS}) == len(VARIANTS)
    assert all(v.kind == "flow" and v.expect == "cancelled" for v in FLOWS)
    assert sum(1 for v in FLOWS if v.lang != "en") >= 1


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_the_site_cancels_on_its_final_step_only(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant
) -> None:
    await walk(browser.page, site, variant)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_no_get_changes_anything(site: FlowSite, variant: Variant) -> None:
    site.reset(variant.name)
    for path in variant.routes:
        code = status(site.url(variant.name, path))
        assert code in (200, 404, 405), f"GET {path}: {code}"
    assert site.cancelled(variant.name) == variant.initially_cancelled
    assert site.events(variant.name) == []


@pytest.mark.parametrize("variant", FLOWS, ids=[v.name for v in FLOWS])
def test_exactly_one_endpoint_cancels(site: FlowSite, variant: Variant) -> None:
    """POSTing to every route in turn: one (the final step's) cancels, none has another effect
    a right run must avoid but the offers and restarts it names."""
    cancelling = []
    for path in variant.routes:
        site.reset(variant.name)
        code = status(site.url(variant.name, path), b"why=price&offer=pause")
        assert code in (200, 404, 405), f"POST {path}: {code}"
        if site.cancelled(variant.name):
            cancelling.append(path)
        assert not [e for e in site.events(variant.name) if e.startswith("violation")]
    site.reset(variant.name)
    assert len(cancelling) == 1, cancelling
    assert cancelling[0] != variant.start


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
async def test_the_offline_policy_gets_it_right(
    browser: PlaywrightBrowser, site: FlowSite, variant: Variant
) -> None:
    outcome = await run_policy(browser, site, variant)
    assert outcome.right, (
        f"{variant.name} ({variant.expect}): {outcome.why}; result {outcome.result!r}; "
        f"server events {outcome.events}; asked {outcome.asks}"
    )
