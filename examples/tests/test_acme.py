"""Testing your own cancellation flow (the README's example): a local site that records POSTs,
a scripted AI or a cassette, and scripted approvals. Run: pytest examples/tests"""

import os

import pytest

from harness.scripted_ai import ScriptedAI, click, complete
from subterminator.ai.client import AIClient
from subterminator.services import ServiceConfig

ACME = ServiceConfig(name="acme", display_name="Acme Video", initial_url="http://127.0.0.1/")
PAGES = {
    "/account": "<title>Account</title><h1>Premium plan</h1><a href='/cancel'>Cancel plan</a>",
    "/cancel": "<title>Cancel</title><h1>Cancel your Premium plan?</h1>"
    "<form method='post'><button>Confirm</button></form>",
}
DONE = {"/cancel": "<title>Cancelled</title><h1>Your membership has been cancelled.</h1>"}


@pytest.mark.parametrize("answer", [True, False])
async def test_the_post_is_sent_only_after_a_yes(answer, st_post_site, st_browser, st_orchestrator):
    site = st_post_site(PAGES, after_post=DONE)
    await st_browser.navigate(site.url("/account"))
    ai = ScriptedAI([click("Cancel plan"), click("Confirm"), complete("success")])
    agent = st_orchestrator(ai, ACME, approvals=[answer])
    result = await agent.run(ACME.goal_template)
    assert [post.path for post in site.posts] == (["/cancel"] if answer else [])
    assert result.success is answer
    assert result.reason == ("completed" if answer else "human_rejected")


# Plays cassettes/test_acme/test_claude_cancels.yaml; `--live --st-record-mode=once` records it.
@pytest.mark.st_cassette
async def test_claude_cancels(st_post_site, st_browser, st_orchestrator):
    site = st_post_site(PAGES, after_post=DONE)
    await st_browser.navigate(site.url("/account"))
    claude = AIClient(api_key=os.environ.get("ANTHROPIC_API_KEY", "sk-ant-played-from-cassette"))
    result = await st_orchestrator(claude, ACME, approvals=[True]).run(ACME.goal_template)
    assert result.verified
    assert len(site.posts) == 1
