"""``SimulatedPerson``: says yes, and when asked to act in the browser does what a person would
on the simulator's pages (signs in, types the code, ticks the CAPTCHA box)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from playwright.async_api import Page

from harness.approvals import ScriptedApprovals
from subterminator.models.approval import ApprovalDecision, ApprovalRequest
from subterminator.simulator.netflix import CODE, PASSWORD


class SimulatedPerson:
    """``answers`` as ``ScriptedApprovals`` takes them (default: yes, eight times)."""

    def __init__(
        self,
        page: Callable[[], Page],
        answers: Sequence[bool | tuple[bool, str]] = (True,) * 8,
    ) -> None:
        self.page = page
        self.approvals = ScriptedApprovals(answers, on_ask=self.act)

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        return await self.approvals.request_approval(request)

    async def act(self, request: ApprovalRequest) -> None:
        if request.kind != "human_action":
            return
        page, asked = self.page(), request.action.lower()
        if "sign in" in asked:
            await page.fill("[name=userLoginId]", "ann@example.com")
            await page.fill("[name=password]", PASSWORD)
            await page.click("[data-uia=login-submit-button]")
        elif "verification code" in asked:
            await page.fill("[name=code]", CODE)
            await page.click("button:has-text('Continue')")
        elif "captcha" in asked:
            await page.check("[name=robot]")
            await page.click("button:has-text('Continue')")
        await page.wait_for_load_state("domcontentloaded")
