"""The loop on a control that does nothing, with ScriptedAI over the real stack on Chromium:
three attempts at it end the run (``no_effect``, the control named, exit 1); another way
after one attempt goes on; an approved step that had no effect is never pressed again on the
first yes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from harness.approvals import ScriptedApprovals
from harness.scripted_ai import ScriptedAI, click, complete
from harness.sites import PostRecordingSite
from subterminator.assembly import build_conversation
from subterminator.browser.playwright_browser import PlaywrightBrowser
from subterminator.cancellation import exit_code
from subterminator.models.conversation import Message
from subterminator.services import NETFLIX
from tests.support.effect_site import PAGES

pytestmark = pytest.mark.browser
Serve = Callable[..., PostRecordingSite]


def replies(messages: list[Message]) -> list[dict[str, object]]:
    return [m.result or {} for m in messages if m.role == "tool"]


async def test_three_attempts_at_a_dead_control_end_the_run_naming_it(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    site = st_post_site(PAGES)
    await browser.navigate(site.url("/start"))
    ai = ScriptedAI([click("Kündigen")] * 3 + [complete("failed", "not reached")])
    result = await build_conversation(ai, browser, NETFLIX, None).run(NETFLIX.goal_template)
    assert result.reason == "no_effect"
    assert not result.success
    assert result.turns == 3
    assert '3 attempts at "Kündigen"' in (result.error or "")
    assert exit_code(result) == 1
    said = replies(ai.prompts[-1].messages)
    assert [r.get("effect") for r in said] == ["none", "none"]
    assert all("had no visible effect" in str(r.get("message")) for r in said)


async def test_another_way_after_one_attempt_goes_on_to_the_end(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    site = st_post_site(PAGES)
    await browser.navigate(site.url("/start"))
    ai = ScriptedAI(
        [
            click("Kündigen"),
            click("Kündigen"),
            click("Zur Kündigung"),
            complete("success", "The page says the membership has been cancelled"),
        ]
    )
    result = await build_conversation(ai, browser, NETFLIX, None).run(NETFLIX.goal_template)
    # nothing irreversible was done on the way: the page found the membership cancelled
    assert result.reason == "already_cancelled", result.error
    assert exit_code(result) == 0
    said = replies(ai.prompts[-1].messages)
    assert [r.get("effect") for r in said] == ["none", "none", None]
    assert "had no visible effect" in ai.prompts[0].system


async def test_an_approved_step_without_effect_is_not_pressed_again_on_that_yes(
    browser: PlaywrightBrowser, st_post_site: Serve
) -> None:
    site = st_post_site(PAGES)
    await browser.navigate(site.url("/cancelplan"))
    approvals = ScriptedApprovals([True, False, False, False])
    ai = ScriptedAI(
        [click("Finish Cancellation")] * 2 + [complete("failed", "the button does nothing")]
    )
    await build_conversation(ai, browser, NETFLIX, approvals).run(NETFLIX.goal_template)
    assert await browser.page.evaluate("window.presses") == 1
    # the page's checkpoint was answered yes; the second press was asked about afresh
    assert [r.kind for r in approvals.requests] == ["checkpoint", "irreversible"]
    said = replies(ai.prompts[-1].messages)
    assert said[0].get("effect") == "none"
    assert said[1].get("error") == "human_rejected"
