"""Testing against the bundled Netflix simulator (the README's example): ``st_simulator``
serves it on 127.0.0.1, a script clicks through it in a real headless Chromium, and the
simulator's own account says what really happened. Run: pytest examples/tests"""

import pytest

from harness.scripted_ai import ScriptedAI, click, complete
from subterminator.services import NETFLIX

# The cancel page has three buttons named "Show option contents" (Pause instead, Change plan,
# Cancel); nth=2 picks the third in page order, the one that opens "Cancel".
SCRIPT = [
    click("Manage membership"),
    click("Cancel membership"),
    click("Show option contents", nth=2),
    click("Finish Cancellation"),
    complete("success"),
]


@pytest.mark.parametrize("answer", [True, False])
async def test_cancels_only_after_a_yes(answer, st_simulator, st_browser, st_orchestrator):
    await st_browser.navigate(st_simulator.url())  # the account page
    # asked at the checkpoint (the page offers the final step); after a no, again at the click
    agent = st_orchestrator(ScriptedAI(SCRIPT), NETFLIX, approvals=[answer, answer])
    result = await agent.run(NETFLIX.goal_template)
    assert st_simulator.account.status == ("cancelled" if answer else "active")
    assert result.reason == ("completed" if answer else "human_rejected")


# another variant: the 2019 flow, whose only button is "Finish Cancellation"
@pytest.mark.parametrize("st_simulator", ["legacy"], indirect=True)
async def test_the_legacy_flow(st_simulator, st_browser, st_orchestrator):
    await st_browser.navigate(st_simulator.url())  # /YourAccount
    script = [click("Cancel Membership"), click("Finish Cancellation"), complete("success")]
    result = await st_orchestrator(ScriptedAI(script), NETFLIX, approvals=[True]).run(
        NETFLIX.goal_template
    )
    assert result.reason == "completed"
    assert st_simulator.account.events == ["cancelled"]
