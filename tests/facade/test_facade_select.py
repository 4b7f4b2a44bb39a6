"""A facade selector names one element our capture registered, or the call is refused.

CSS is matched in our isolated world of the top document, so a page that redefines the DOM's
lookups cannot change what a selector names. A selector that matches several elements is
refused saying how many; none, an invalid one, one inside a frame (CSS does not reach it) or
one whose element our snapshot does not show are refused saying so, before anything runs.
Our own ``@eN`` refs are selectors too, while current; an element out of view is found by
reading the whole page again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from subterminator.browser.playwright_browser import PlaywrightBrowser
from tests.support.actions_lab import Lab, lab, refs, served
from tests.support.recording_site import RecordingSite

pytestmark = pytest.mark.browser
site = pytest.fixture(scope="module", name="site")(served)


def refused(said: dict[str, Any], code: str, *words: str) -> str:
    """A refusal in the V02 shape, our error code in ``data``; its message."""
    assert said["success"] is False, said
    assert said["data"]["error_code"] == code, said
    message = str(said["error"])
    for word in words:
        assert word in message, message
    return message


async def nothing_heard(on: Lab) -> None:
    assert await on.events() == []
    assert on.person.requests == []


async def test_several_none_and_invalid_are_refused_before_anything_runs(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        said = await on.interact(action="click", selector=".twin")
        refused(said, "invalid_params", ".twin", "matches 2 elements")
        said = await on.interact(action="click", selector="#nobody")
        refused(said, "ref_invalid", "no element matches #nobody")
        said = await on.interact(action="click", selector="##b[")
        refused(said, "invalid_params", "not a valid CSS selector")
        said = await on.interact(action="type", selector="button", text="x")
        refused(said, "invalid_params", "matches 6 elements")
        await nothing_heard(on)


async def test_a_hidden_element_is_refused_and_an_element_out_of_view_is_found(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        said = await on.interact(action="click", selector="#hid")
        refused(said, "element_not_visible", "#hid", "not show")
        await nothing_heard(on)
        first = await on.interact(action="hover", selector="#b")
        assert "Tout en bas" not in refs(first)  # below the fold: not in the viewport's snapshot
        said = await on.interact(action="click", selector="#far")
        assert said["success"] is True, said
        assert said["data"]["status"] == "clicked"
        assert (await on.events())[-1] == "far"


async def test_our_refs_are_selectors_while_current(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        first = await on.interact(action="hover", selector="#h")
        ref = refs(first)["Appuyer"]
        said = await on.interact(action="click", selector=ref)
        assert said["success"] is True, said
        assert await on.events() == ["enter", "click:0"]
        stale = await on.interact(action="click", selector=ref)  # the page changed since
        refused(stale, "ref_invalid", ref, "latest snapshot")
        assert await on.events() == ["enter", "click:0"]
        fresh = refs(said)["Appuyer"]
        assert fresh != ref
        said = await on.interact(action="click", selector=f" {fresh} ")
        assert said["success"] is True, said
        refused(await on.interact(action="click", selector="@e999999"), "ref_invalid")


async def test_a_page_that_redefines_its_lookups_does_not_change_what_a_selector_names(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/override") as on:
        assert await on.js("document.querySelectorAll('#real')[0].id") == "decoy"  # its lie
        said = await on.interact(action="click", selector="#real")
        assert said["success"] is True, said
        assert await on.events() == ["real"]
        said = await on.interact(action="click", selector="button")
        refused(said, "invalid_params", "matches 2 elements")
        assert await on.events() == ["real"]


async def test_css_does_not_reach_into_a_frame_and_says_so(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/framed") as on:
        said = await on.interact(action="click", selector="#inner")
        message = refused(said, "ref_invalid", "no element matches", "frame")
        assert "@e" in message  # what to use instead
        assert await on.events() == []
        shown = await on.interact(action="scroll", direction="down", amount=1)
        said = await on.interact(action="click", selector=refs(shown)["Dentro"])
        assert said["success"] is True, said
        assert await on.events() == ["inner"]


async def test_a_missing_parameter_is_one_sentence_naming_the_action_and_it(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        cases = [
            ({"action": "click"}, '"click" needs selector'),
            ({"action": "click", "selector": "  "}, '"click" needs selector'),
            ({"action": "type", "selector": "#t"}, '"type" needs text'),
            ({"action": "type"}, '"type" needs selector and text'),
            ({"action": "hover"}, '"hover" needs selector'),
            ({"action": "press", "selector": "#t"}, '"press" needs key'),
            ({"action": "wait"}, '"wait" needs selector'),
            ({"action": "select", "selector": "#s"}, "exactly one of value, index or label"),
        ]
        for arguments, words in cases:
            said = await on.interact(**arguments)
            message = refused(said, "invalid_params", "browser_interact", words)
            assert message.count(". ") == 0, message
        said = await on.navigate(action="goto")
        refused(said, "invalid_params", 'browser_navigate action "goto" needs url')
        await nothing_heard(on)


async def test_unknown_arguments_actions_and_tools_are_refused(
    browser: PlaywrightBrowser, site: RecordingSite, tmp_path: Path
) -> None:
    async with lab(browser, site, tmp_path, "/lab/events") as on:
        said = await on.interact(action="click", selector="#b", force=True)
        refused(said, "invalid_params", "browser_interact", "force")
        said = await on.interact(action="tap", selector="#b")
        refused(said, "invalid_params", "action")
        said = await on.interact(action="click", selector="#b", button="back")
        refused(said, "invalid_params", "button")
        said = await on.call("browser_tap", selector="#b")
        refused(said, "invalid_params", "unknown tool", "browser_interact")
        said = await on.interact(action="click", selector=7)
        refused(said, "invalid_params", "selector")
        await nothing_heard(on)
