"""Approvals into the run record: asked (with the screenshot saved in the run folder), then
answered. The person is shown the saved screenshot's path, so what they looked at is what the
record keeps."""

from __future__ import annotations

from subterminator.models.approval import ApprovalDecision, ApprovalRequest, HumanApprovalHandler
from subterminator.runlog.record import RunRecord


class RunRecordApprovals:
    def __init__(self, inner: HumanApprovalHandler, record: RunRecord) -> None:
        self.inner = inner
        self.record = record

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        shot = self.record.approval_asked(
            kind=request.kind,
            action=request.action,
            reason=request.reason,
            title=request.title,
            url=request.url,
            page_says=request.page_says,
            screenshot=request.screenshot,
            control=request.control,
        )
        if shot is not None:
            request = request.model_copy(update={"screenshot_path": str(shot)})
        decision = await self.inner.request_approval(request)
        theirs = decision.message if decision.by_person else None  # their words, not ours
        self.record.approval_answered(
            approved=decision.approved,
            feedback=theirs,
            note=None if decision.by_person else decision.message,
            asked=decision.asked,
        )
        return decision
