"""``ScriptedApprovals``: a HumanApprovalHandler that answers from a list and remembers asks."""

from __future__ import annotations

from collections.abc import Sequence

from subterminator.models.approval import ApprovalDecision, ApprovalRequest


class ScriptedApprovals:
    """Answers are ``True``/``False`` or ``(approved, feedback)``; running out is an error."""

    def __init__(
        self, answers: Sequence[bool | tuple[bool, str]], *, on_ask: object = None
    ) -> None:
        self.answers = list(answers)
        self.requests: list[ApprovalRequest] = []
        self.on_ask = on_ask

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        self.requests.append(request)
        if callable(self.on_ask):
            await self.on_ask(request)
        if len(self.requests) > len(self.answers):
            raise AssertionError(
                f"unexpected approval request #{len(self.requests)}: {request.action}"
            )
        answer = self.answers[len(self.requests) - 1]
        approved, feedback = answer if isinstance(answer, tuple) else (answer, "no")
        return ApprovalDecision(approved=approved, message=None if approved else feedback)
