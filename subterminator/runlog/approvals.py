"""Approvals into the run record: asked (with the screenshot saved in the run folder), then
answered. The person is shown the saved screenshot's path, so what they looked at is what the
record keeps.

A handler that knows its answer without putting the question to anyone (``Unasked``: no
window for a sign-in) has both events written at once: one write and one disk sync instead
of two, on a path a sign-in page takes at every snapshot."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from subterminator.models.approval import ApprovalDecision, ApprovalRequest, HumanApprovalHandler
from subterminator.runlog.record import RunRecord


@runtime_checkable
class Unasked(Protocol):
    def unasked(self, request: ApprovalRequest) -> ApprovalDecision | None:
        """The answer when nobody would be asked ``request``; None when someone would be."""
        ...


class RunRecordApprovals:
    def __init__(self, inner: HumanApprovalHandler, record: RunRecord) -> None:
        self.inner = inner
        self.record = record

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        known = self.inner.unasked(request) if isinstance(self.inner, Unasked) else None
        if known is not None:
            return self._unasked(request, known)
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

    def _unasked(self, request: ApprovalRequest, decision: ApprovalDecision) -> ApprovalDecision:
        """Recorded as ``request_approval`` would: the question, then SubTerminator's answer
        (never the person's words: nobody was asked)."""
        self.record.approval_unasked(
            kind=request.kind,
            action=request.action,
            reason=request.reason,
            title=request.title,
            url=request.url,
            page_says=request.page_says,
            screenshot=request.screenshot,
            control=request.control,
            approved=decision.approved,
            note=decision.message,
            asked=decision.asked,
        )
        return decision
