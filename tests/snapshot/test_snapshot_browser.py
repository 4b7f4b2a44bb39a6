"""SnapshotFactory on real headless Chromium: a snapshot matches its schema with every field;
elements pruned by the inclusion rules, names cut at 200 characters, at most 100 elements,
boxes in viewport coordinates; refs ``@eN`` from 0 in depth-first order, the same for the same
page; and every snapshot its own id."""

from __future__ import annotations

import base64
import json

import jsonschema  # type: ignore[import-untyped]
import pytest

from harness.sites import StaticSite
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.snapshot import ElementRegistry, PruneLimits, SnapshotFactory
from subterminator.snapshot.tokens import estimate_tokens, image_tokens
from subterminator.tools.server import BrowserToolServer
from tests.support.browser_helpers import by_name, names, png_size
from tests.support.paths import FIXTURES

pytestmark = pytest.mark.browser
UNLIMITED = PruneLimits(element_token_budget=10**9)


@pytest.fixture
async def rules(browser: PlaywrightBrowser, pages: StaticSite) -> PlaywrightBrowser:
    await browser.navigate(pages.url("rules.html"))
    return browser


def schema() -> dict[str, object]:
    loaded: dict[str, object] = json.loads((FIXTURES / "snapshot_schema.json").read_text())
    return loaded


async def test_get_snapshot_matches_the_schema(rules: PlaywrightBrowser) -> None:
    result = await BrowserToolServer(rules).execute("get_snapshot", {})
    assert result.success
    assert result.error is None
    document = json.loads(result.snapshot.model_dump_json())
    jsonschema.Draft202012Validator(schema()).validate(document)
    required = {"snapshot_id", "timestamp", "elements", "focused", "page", "screenshot", "viewport"}
    assert required <= document.keys()
    assert document["page"]["url"] == rules.page.url
    assert document["page"]["title"] == "Pruning rules"
    assert document["page"]["text"].startswith("Pruning rules\n")


async def test_page_text_is_visible_text_viewport_first_and_never_form_values(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("text.html"))
    capture = await browser.capture()
    lines = capture.text.split("\n")
    assert lines[:3] == [
        "Top nav",
        "Your membership",
        "Your membership will end on March 3, 2027.",
    ]
    assert lines.index("Main content below the fold") < lines.index("Footer text")  # main first
    for absent in ("Hidden by", "hunter2", "typed", "option"):
        assert absent not in capture.text
    snapshot = (await BrowserToolServer(browser).execute("get_snapshot", {})).snapshot
    assert snapshot.page.text == capture.text  # within the budget: all of it


async def test_inclusion_and_exclusion_rules(rules: PlaywrightBrowser) -> None:
    snapshot, _ = await SnapshotFactory(rules, ElementRegistry(), limits=UNLIMITED).create(False)
    got = names(snapshot)
    for present in (
        "Pruning rules",
        "Second level",
        "Third level",  # headings 1-3
        "Disabled button",
        "Read only",
        "Email",
        "Plan",
        "Members link",
        "Membership region",
        "Your card was declined.",
        "Offer dialog",  # landmarks
        "Focusable div",  # focusable generic: focusability stands in for click handlers
        "Deep in wrappers",
        "Below the fold",
    ):
        assert present in got
    for absent in (
        "Fourth level is left out",
        "Hidden from AT",
        "Display none",
        "Visibility hidden",
        "Click handler only",
        "Plain text is left out",
    ):
        assert absent not in got
    assert {e.role for e in snapshot.elements}.isdisjoint(
        {"generic", "separator", "StaticText"} - {"generic"}
    )
    assert by_name(snapshot, "Focusable div").role == "generic"
    assert by_name(snapshot, "Pruning rules").level == 1


async def test_states(rules: PlaywrightBrowser) -> None:
    snapshot, _ = await SnapshotFactory(rules, ElementRegistry(), limits=UNLIMITED).create(False)
    assert by_name(snapshot, "Disabled button").state == ["visible", "disabled"]
    assert by_name(snapshot, "Read only").state == ["visible", "enabled", "readonly"]
    assert by_name(snapshot, "Read only").value == "fixed"
    assert "checked" in by_name(snapshot, "Checked box").state
    assert "unchecked" in by_name(snapshot, "Unchecked box").state
    assert "mixed" in by_name(snapshot, "Mixed box").state
    assert "collapsed" in by_name(snapshot, "Collapsed section").state
    assert "expanded" in by_name(snapshot, "Expanded section").state
    assert "busy" in by_name(snapshot, "Busy button").state
    assert by_name(snapshot, "Below the fold").state[0] == "offscreen"
    email = by_name(snapshot, "Email")
    assert "focused" in email.state
    assert snapshot.focused == email.ref
    assert by_name(snapshot, "Plan").value == "Premium"
    password = by_name(snapshot, "Password")
    assert password.value is not None
    assert "hunter2" not in password.value


async def test_names_are_truncated_at_200_characters(rules: PlaywrightBrowser) -> None:
    snapshot, _ = await SnapshotFactory(rules, ElementRegistry(), limits=UNLIMITED).create(False)
    long = next(e for e in snapshot.elements if e.name.startswith("LLLL"))
    assert long.name == "L" * 200 + "..."


async def test_viewport_only_leaves_out_offscreen_elements(rules: PlaywrightBrowser) -> None:
    snapshot, _ = await SnapshotFactory(rules, ElementRegistry(), limits=UNLIMITED).create(True)
    assert "Below the fold" not in names(snapshot)
    assert all(e.state[0] == "visible" for e in snapshot.elements)


async def test_children_and_depth(rules: PlaywrightBrowser) -> None:
    snapshot, _ = await SnapshotFactory(rules, ElementRegistry(), limits=UNLIMITED).create(False)
    region = by_name(snapshot, "Membership region")
    assert region.children == [by_name(snapshot, "Members link").ref]
    level_nine = by_name(snapshot, "Level 9")
    deep_button = by_name(snapshot, "Button at level 13")
    assert deep_button.ref in (level_nine.children or [])  # hung off depth 10's parent
    assert by_name(snapshot, "Level 10").children is None


async def test_bounding_boxes_are_in_viewport_coordinates(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("form.html"))
    server = BrowserToolServer(browser)
    result = await server.execute("browser_scroll", {"direction": "bottom"})
    snapshot = result.snapshot
    assert snapshot.viewport.scroll_y > 800
    heading = by_name(snapshot, "Bottom of the form page")
    rect = await browser.page.evaluate(
        "() => { const r = document.querySelector('h2').getBoundingClientRect();"
        " return [r.x, r.y]; }"
    )
    assert (heading.bbox.x, heading.bbox.y) == (round(rect[0]), round(rect[1]))
    assert 0 <= heading.bbox.y < snapshot.viewport.height


async def test_more_than_100_elements_are_cut_by_rank(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("grid.html?n=1000"))
    factory = SnapshotFactory(browser, ElementRegistry(), limits=UNLIMITED)
    snapshot, _ = await factory.create(viewport_only=False)
    assert len(snapshot.elements) == 100
    assert all(e.state[0] == "visible" for e in snapshot.elements[:50])
    default, _ = await SnapshotFactory(browser, ElementRegistry()).create(viewport_only=False)
    assert len(default.elements) <= 100
    assert estimate_tokens(default.elements_json()) <= 2000


async def test_refs_start_at_e0_and_are_deterministic(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("netflix/account.html"))
    first, _ = await SnapshotFactory(browser, ElementRegistry()).create()
    again, _ = await SnapshotFactory(browser, ElementRegistry()).create()
    assert first.elements[0].ref == "@e0"
    assert [e.model_dump() for e in first.elements] == [e.model_dump() for e in again.elements]
    assert first.snapshot_id != again.snapshot_id
    # within one session the next snapshot continues the count, same order
    registry = ElementRegistry()
    factory = SnapshotFactory(browser, registry)
    one, _ = await factory.create()
    two, _ = await factory.create()
    offset = len(one.elements)
    assert [e.ref for e in two.elements] == [f"@e{offset + i}" for i in range(offset)]
    assert [(e.role, e.name) for e in one.elements] == [(e.role, e.name) for e in two.elements]


async def test_every_snapshot_has_a_unique_id(rules: PlaywrightBrowser) -> None:
    server = BrowserToolServer(rules)
    ids = {(await server.execute("get_snapshot", {})).snapshot.snapshot_id for _ in range(5)}
    assert len(ids) == 5


async def test_screenshot_costs_about_500_image_tokens(rules: PlaywrightBrowser) -> None:
    result = await BrowserToolServer(rules).execute("get_snapshot", {})
    width, height = png_size(base64.b64decode(result.snapshot.screenshot))
    assert abs(width / height - 1280 / 800) < 0.01  # the viewport, scaled (not cropped)
    assert 770 <= width <= 775  # 1280 x sqrt(500 tokens * 750 px / (1280 * 800))
    assert 480 <= image_tokens(width, height) <= 500


async def test_shadow_dom_controls_are_captured(browser: PlaywrightBrowser) -> None:
    await browser.page.set_content(
        "<div id=host></div><script>document.getElementById('host').attachShadow({mode:'open'})"
        ".innerHTML = '<button>Inside shadow</button>'</script>"
    )
    snapshot, _ = await SnapshotFactory(browser, ElementRegistry()).create()
    assert by_name(snapshot, "Inside shadow").role == "button"


async def test_over_the_cap_the_controls_are_named_before_focusable_wrappers(
    browser: PlaywrightBrowser,
) -> None:
    """Naming is the costly part: past the cap, what the ranking would keep goes first."""
    wrappers = "".join(f"<div tabindex=0>Card {i}</div>" for i in range(300))
    buttons = "".join(f"<button>Order {i}</button>" for i in range(60))
    await browser.page.set_content(
        f"<h1>Shop</h1><div style='margin-top:2000px'>{wrappers}{buttons}</div>"
    )
    browser.max_nodes = 61  # the heading, then 60 of 360 offscreen candidates
    capture = await browser.capture(scope="page")
    assert capture.omitted == 300
    assert [n.name for n in capture.nodes] == ["Shop", *(f"Order {i}" for i in range(60))]


async def test_live_region_text_is_read_only_as_far_as_it_is_needed(
    browser: PlaywrightBrowser,
) -> None:
    story = "".join(f"<p>Paragraph {i} of a long story.</p>" for i in range(3000))
    await browser.page.set_content(
        "<main tabindex=-1><div role=status>Saved <b>3</b> items.<span hidden>x</span></div>"
        f"{story}</main>"
    )
    capture = await browser.capture(scope="page")
    status = next(n for n in capture.nodes if n.role == "status")
    main = next(n for n in capture.nodes if n.tag == "main")
    assert status.text == "Saved 3 items."
    assert main.text is not None
    assert main.text.startswith("Saved 3 items. Paragraph 0 of a long story.")
    assert len(main.text) == 1000


async def test_whole_page_capture_is_capped_keeping_the_viewport(
    browser: PlaywrightBrowser, pages: StaticSite
) -> None:
    await browser.navigate(pages.url("grid.html?n=400"))
    viewport = await browser.capture(scope="viewport")
    browser.max_nodes = len(viewport.nodes) + 40
    capture = await browser.capture(scope="page")
    assert len(capture.nodes) == browser.max_nodes
    assert capture.omitted == 401 - browser.max_nodes  # 400 controls and the heading
    assert [n.handle for n in capture.nodes if n.box and n.box.y < 800] == [
        n.handle for n in viewport.nodes
    ]
    parents = [n.parent for n in capture.nodes if n.parent is not None]
    assert all(0 <= p < len(capture.nodes) for p in parents)
