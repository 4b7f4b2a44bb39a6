"""Every control in view kept on dense portals in English, Chinese and Japanese, on real
headless Chromium; when the budget cannot hold them all, the snapshot's ``meta`` says how
many there are, how many were kept and by how many tokens the budget fell short, and the
controls of a dialog or a form are kept over a footer's link list.

The pages are ``bench.coverage_pages``' portals, written into a temporary folder and served
from 127.0.0.1. An element costs at least ~22 estimated tokens before its name (ref, role
and box), so the 2,000-token budget holds about 70 short-named controls in Latin script and
about 60 in Chinese or Japanese: every control is kept up to 50 in view in all three.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from bench.coverage_pages import (
    EN,
    LANDMARK_SIZE,
    SCRIPTS,
    ZH,
    Script,
    document,
    landmark_page,
    portal,
)
from harness.sites import StaticSite
from subterminator.ai.render import snapshot_text
from subterminator.browser.capture import RawCapture
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.models.snapshot import Snapshot
from subterminator.snapshot import ElementRegistry, SnapshotFactory
from subterminator.snapshot.element import OFFSCREEN, ElementInfo
from subterminator.snapshot.pruning import SHARE, PruneLimits, candidates, is_control
from subterminator.snapshot.tokens import estimate_json_tokens
from tests.support.cuts import cut_of

pytestmark = pytest.mark.browser
COVERED = 50  # every control in view kept up to this many, in every script here


@pytest.fixture(scope="module")
def site(
    tmp_path_factory: pytest.TempPathFactory, st_static_site: Callable[[Path], StaticSite]
) -> StaticSite:
    root = tmp_path_factory.mktemp("coverage")
    for script in SCRIPTS:
        for n in (25, COVERED, 140):
            html = portal(n, script, random.Random(f"test:{script.key}:{n}"))
            (root / f"{script.key}-{n}.html").write_text(html, encoding="utf-8")
    for script in (EN, ZH):
        (root / f"ranked-{script.key}.html").write_text(ranked_page(script), encoding="utf-8")
    for script in SCRIPTS:
        html = landmark_page(LANDMARK_SIZE, script, random.Random(f"test:plain:{script.key}"))
        (root / f"plain-{script.key}.html").write_text(html, encoding="utf-8")
    return st_static_site(root)


def in_view(capture: RawCapture) -> list[ElementInfo]:
    return [
        a
        for a in candidates(capture, True, PruneLimits())
        if a.visibility != OFFSCREEN and is_control(a)
    ]


async def snapshot_of(
    browser: PlaywrightBrowser, url: str
) -> tuple[RawCapture, Snapshot, list[ElementInfo]]:
    await browser.navigate(url)
    capture = await browser.capture(scope="viewport")
    snapshot, infos = SnapshotFactory(browser, ElementRegistry()).from_capture(capture)
    assert estimate_json_tokens(snapshot.elements_json()) <= 2000
    return capture, snapshot, infos


@pytest.mark.parametrize("n", [25, COVERED])
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.key)
async def test_every_control_in_view_is_kept(
    browser: PlaywrightBrowser, site: StaticSite, script: Script, n: int
) -> None:
    capture, snapshot, infos = await snapshot_of(browser, site.url(f"{script.key}-{n}.html"))
    assert capture.lang == script.lang
    present = {a.order: a.name for a in in_view(capture)}
    assert len(present) == n, "the portal has the controls in view it is built with"
    kept = {info.order: e for info, e in zip(infos, snapshot.elements, strict=True)}
    assert set(present) <= set(kept)
    for order, name in present.items():  # whole, or marked cut
        shown = kept[order].name
        assert shown == name or cut_of(shown, name), shown
    assert snapshot.meta is None
    assert '"meta"' not in snapshot_text(snapshot, True)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.key)
async def test_meta_says_what_the_budget_left_out(
    browser: PlaywrightBrowser, site: StaticSite, script: Script
) -> None:
    capture, snapshot, infos = await snapshot_of(browser, site.url(f"{script.key}-140.html"))
    present = {a.order for a in in_view(capture)}
    assert len(present) == 140
    kept = present & {info.order for info in infos}
    assert snapshot.meta is not None
    assert snapshot.meta.in_view_controls == 140
    assert snapshot.meta.kept == len(kept) < 140
    assert len(kept) >= 55, "names are cut before controls go"
    assert snapshot.meta.tokens_short > 0
    sent = json.loads(snapshot_text(snapshot, True))  # what the model reads
    assert sent["meta"] == snapshot.meta.model_dump()


def ranked_page(script: Script) -> str:
    """A dialog and a form, each a few fields and buttons, above a long footer link list
    and a navigation bar: far more controls in view than the budget holds."""
    rng = random.Random(f"ranked:{script.key}")

    def word() -> str:
        return script.name(rng, 1, 2)

    links = "".join(f'<a href="/f/{k}">{script.name(rng, 2, 6)}</a> ' for k in range(90))
    nav = "".join(f'<a href="/n/{k}">{word()}</a> ' for k in range(30))
    fields = (
        f'<input type="text" aria-label="{word()}"><input type="checkbox" aria-label="{word()}">'
        f'<select aria-label="{word()}"><option>{word()}</option></select>'
        f"<button>{word()}</button><button>{word()}</button>"
    )
    body = (
        f'<div role="navigation">{nav}</div>'
        f'<div role="dialog" aria-label="{word()}">{fields}</div>'
        f'<div role="form" aria-label="{word()}">{fields}</div>'
        f'<div role="contentinfo">{links}</div>'
    )
    return document(script, word(), body, "body{font:11px/13px sans-serif;margin:0}")


@pytest.mark.parametrize("script", [EN, ZH], ids=lambda s: s.key)
async def test_a_dialogs_and_a_forms_controls_are_kept_over_the_link_lists(
    browser: PlaywrightBrowser, site: StaticSite, script: Script
) -> None:
    capture, snapshot, infos = await snapshot_of(browser, site.url(f"ranked-{script.key}.html"))
    assert snapshot.meta is not None, "the page is meant to be more than the budget holds"
    kept = {info.order for info in infos}
    landmark = {n.role: i for i, n in enumerate(capture.nodes) if n.parent is None}

    def held(role: str) -> list[int]:
        return [
            a.order for a in in_view(capture) if capture.nodes[a.order].parent == landmark[role]
        ]

    assert len(held("dialog")) == len(held("form")) == 5
    assert set(held("dialog")) <= kept
    assert set(held("form")) <= kept
    assert landmark["dialog"] in kept, "the dialog itself is listed, holding its controls"
    assert not set(held("contentinfo")) <= kept, "the footer's list gave way"


# The plain HTML tags a landmark page is built of, innermost first where they nest
PLAIN = ("dialog", "form", "main", "aside", "header", "nav", "footer")
# What Chrome makes of them at the top of a page (HTML-AAM)
PLAIN_ROLES = {
    "dialog": "dialog",
    "form": "form",
    "main": "main",
    "aside": "complementary",
    "header": "banner",
    "nav": "navigation",
    "footer": "contentinfo",
}


def region(capture: RawCapture, index: int) -> str:
    """The innermost plain landmark tag around a node."""
    parent = capture.nodes[index].parent
    while parent is not None:
        if capture.nodes[parent].tag in PLAIN:
            return capture.nodes[parent].tag
        parent = capture.nodes[parent].parent
    return ""


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.key)
async def test_plain_landmarks_rank_the_dialog_form_and_main_over_the_link_lists(
    browser: PlaywrightBrowser, site: StaticSite, script: Script
) -> None:
    """No role attribute on the page: the tags' own roles, as Chrome reads them, place
    each control."""
    capture, snapshot, infos = await snapshot_of(browser, site.url(f"plain-{script.key}.html"))
    assert snapshot.meta is not None, "the page is meant to be more than the budget holds"
    roles = {n.tag: n.role for n in capture.nodes if n.tag in PLAIN}
    assert roles == PLAIN_ROLES
    assert not {e.role for e in snapshot.elements} & set(PLAIN_ROLES.values()) - {"dialog"}, (
        "landmarks are places, never elements that cost the budget"
    )
    present = {a.order: region(capture, a.order) for a in in_view(capture)}
    assert len(present) == LANDMARK_SIZE
    kept = {info.order for info in infos}
    first = {o for o, where in present.items() if where in ("dialog", "form", "main")}
    last = {o for o, where in present.items() if where in ("nav", "footer")}
    assert len(first) == 5 + 5 + 30
    assert first <= kept
    assert not last <= kept, "the link lists gave way"
    for tag in PLAIN[:-1]:  # the footer's links, a person's last, have no share
        held = [o for o, where in present.items() if where == tag]
        assert len(kept.intersection(held)) >= min(len(held), SHARE), f"<{tag}> has its share"
    middle = {o for o, where in present.items() if where in ("aside", "header")}
    assert len(middle & kept) / len(middle) > len(last & kept) / len(last), (
        "the header and side bar come before the navigation and footer"
    )
