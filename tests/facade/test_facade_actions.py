"""``browser_interact``'s actions on real Chromium, through the whole stack.

Each action runs on the element its selector names, as the page's own listeners hear it: a
right, middle or double click is that click, typed text lands where it should (appended, or
after the field is cleared, or key by key), an option is chosen by value, index or label, the
pointer rests on a hovered element, the page scrolls by the pixels asked, a key reaches the
focused element with its modifiers. Every reply is the V02 shape: ``data.status`` in its words,
the page after it as our snapshot (its refs usable as selectors), and the address.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.actions_lab import Lab, lab, served
from tests.support.recording_site import RecordingSite

pytestmark = pytest.mark.browser
site = pytest.fixture(scope="module", name="site")(served)


def acted(said: dict[str, object], status: str) -> None:
    """An action's reply in the V02 shape, with our snapshot (no image) and the address."""
    assert said["success"] is True, said
    data = said["data"]
    assert isinstance(data, dict)
    assert data["status"] == status
    assert "screenshot" not in data["snapshot"]
    assert "elements" in data["snapshot"]  # the page after it: its refs are usable
    assert str(said["url"]).endswith("/lab/events")
    assert "error" not in said


async def field(on: Lab, selector: str) -> str:
    return str(await on.js(f"document.querySelector('{selector}').value"))


async def test_each_button_and_count_is_the_click_the_page_hears(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        acted(await on.interact(action="click", selector="#b"), "clicked")
        assert await on.events() == ["click:0"]
        acted(await on.interact(action="click", selector="#b", button="right"), "clicked")
        assert "context:2" in await on.events()
        assert "click:0" not in (await on.events())[1:]
        acted(await on.interact(action="click", selector="#b", button="middle"), "clicked")
        assert (await on.events())[-1] == "aux:1"
        before = len(await on.events())
        acted(await on.interact(action="click", selector="#b", click_count=2), "clicked")
        assert (await on.events())[before:] == ["click:0", "click:0", "dbl"]
        assert on.person.requests == []  # nothing on this page asks


async def test_typing_appends_or_clears_first_and_keys_can_come_one_by_one(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        acted(await on.interact(action="type", selector="#t", text="xyz"), "typed")
        assert await field(on, "#t") == "abcxyz"
        acted(await on.interact(action="type", selector="#t", text="été", clear=True), "typed")
        assert await field(on, "#t") == "été"
        slow = await on.interact(action="type", selector="#t", text="ok", delay=0.01)
        acted(slow, "typed")
        assert await field(on, "#t") == "étéok"
        keyed = [e for e in await on.events() if e.startswith("key:t:")]
        assert keyed[-2:] == ["key:t:o", "key:t:k"]  # key by key, as a person types
        cleared = await on.interact(action="type", selector="#t", text="1", clear=True, delay=0.01)
        acted(cleared, "typed")
        assert await field(on, "#t") == "1"
        acted(await on.interact(action="type", selector="#t", text="", clear=True), "typed")
        assert await field(on, "#t") == ""


async def test_a_slow_typing_is_typed_whole(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    """Longer than an action's usual wall: the keys' delays count on top of it."""
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        slow = "doucement..."  # 12 keys, 0.45 s apart
        said = await on.interact(action="type", selector="#t", text=slow, clear=True, delay=0.45)
        acted(said, "typed")
        assert await field(on, "#t") == slow
        said = await on.interact(action="type", selector="#t", text="x" * 200, delay=1)
        assert said["success"] is False
        assert said["data"]["error_code"] == "invalid_params"
        assert "shorter delay" in said["error"]
        assert await field(on, "#t") == slow


async def test_an_option_is_chosen_by_value_index_or_label(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        acted(await on.interact(action="select", selector="#s", value="b"), "selected")
        assert await field(on, "#s") == "b"
        acted(await on.interact(action="select", selector="#s", index=1), "selected")
        assert await field(on, "#s") == "v"
        acted(await on.interact(action="select", selector="#s", label="Rouge"), "selected")
        assert await field(on, "#s") == "r"
        said = await on.interact(action="select", selector="#s", index=0, label="Vert")
        assert said["success"] is False
        assert said["data"]["error_code"] == "invalid_params"
        assert "exactly one of value, index or label" in said["error"]
        said = await on.interact(action="select", selector="#s")
        assert said["data"]["error_code"] == "invalid_params"
        for missing in ({"index": 7}, {"value": "zz"}, {"label": "Violet"}):
            said = await on.interact(action="select", selector="#s", **missing)
            assert said["success"] is False, missing
            assert said["data"]["error_code"] == "invalid_params"
            assert "no option" in said["error"]
        assert await field(on, "#s") == "r"  # nothing chosen by a refused call


async def test_hover_rests_the_pointer_on_the_element(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        acted(await on.interact(action="hover", selector="#h"), "hovered")
        assert "enter" in await on.events()
        shade = "getComputedStyle(document.getElementById('h')).backgroundColor"
        assert await on.js(shade) == "rgb(0, 128, 0)"
        assert await on.js("document.querySelector('#h:hover') !== null")


async def test_the_page_scrolls_by_the_pixels_asked_and_to_an_element(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        acted(await on.interact(action="scroll", direction="down", amount=400), "scrolled")
        assert await on.js("window.scrollY") == 400
        acted(await on.interact(action="scroll", direction="up", amount=150), "scrolled")
        assert await on.js("window.scrollY") == 250
        acted(await on.interact(action="scroll", direction="right", amount=300), "scrolled")
        assert await on.js("window.scrollX") == 300
        acted(await on.interact(action="scroll", direction="left", amount=100), "scrolled")
        assert await on.js("window.scrollX") == 200
        acted(await on.interact(action="scroll"), "scrolled")  # the defaults: down, 100 pixels
        assert await on.js("window.scrollY") == 350
        acted(await on.interact(action="scroll", selector="#far"), "scrolled")
        seen = "document.getElementById('far').getBoundingClientRect().top < innerHeight"
        assert await on.js(seen)


async def test_a_key_reaches_the_focused_element_with_its_modifiers(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        acted(await on.interact(action="press", selector="#t", key="End"), "pressed")
        assert (await on.events())[-1] == "key:t:End"
        acted(await on.interact(action="press", key="x"), "pressed")  # where the focus is
        assert (await on.events())[-1] == "key:t:x"
        assert await field(on, "#t") == "abcx"
        said = await on.interact(action="press", selector="#t", key="a", modifiers=["ctrl"])
        acted(said, "pressed")
        assert "key:t:Ca" in await on.events()
        said = await on.interact(action="press", key="Z", modifiers=["shift", "alt"])
        acted(said, "pressed")
        assert (await on.events())[-1] == "key:t:ASZ"
        acted(await on.interact(action="press", key="Tab"), "pressed")
        assert await on.js("document.activeElement.id") == "pw"
        said = await on.interact(action="press", key="Ctrl+Nope")
        assert said["success"] is False, said
        assert said["data"]["error_code"] == "action_failed"
        assert "Unknown key" in said["error"]
