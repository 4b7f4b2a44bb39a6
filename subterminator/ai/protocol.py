"""The one-turn ``AIClientProtocol``: what the orchestrator asks of any model, the seam every
model client, double and policy implements.

The conversation types it speaks live in ``subterminator.models.conversation``.
"""

from __future__ import annotations

from typing import Any, Protocol

from subterminator.models.conversation import AIResponse, Message


class AIClientProtocol(Protocol):
    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        """One model turn over the conversation so far."""
        ...
