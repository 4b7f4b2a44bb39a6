"""``FallbackAI``: the model first; when its API stays unreachable, the offline policy.

Switching is the caller's decision (``may_switch``): announced on the simulator, asked of the
person on a real site, never when the model was asked for as the only driver (``--ai model``
or ``claude``: the caller then does not wrap).
A refused key, an unknown model or an account out of credit is a ``ConfigurationError``, not an
outage: it is not caught. Nor is an answer the model gave that we could not read
(``MalformedResponseError``) or a tool call of its the server refused (``ToolCallRejectedError``):
the API answered, and the run says so (its own reason; a turn back to the model).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from subterminator.ai.protocol import AIClientProtocol
from subterminator.errors import LLMError, MalformedResponseError, ToolCallRejectedError
from subterminator.models.conversation import AIResponse, Message

log = logging.getLogger(__name__)


async def _always(_: LLMError) -> bool:
    return True


class FallbackAI:
    """Switches to ``fallback`` for the rest of the run after the primary fails (an
    ``LLMError`` other than an answer it gave)."""

    def __init__(
        self,
        primary: AIClientProtocol,
        fallback: AIClientProtocol,
        may_switch: Callable[[LLMError], Awaitable[bool]] = _always,
    ) -> None:
        self.primary = primary
        self.fallback = fallback
        self.may_switch = may_switch
        self.switched = False

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        if not self.switched:
            try:
                return await self.primary.chat(messages, tools, system)
            except (MalformedResponseError, ToolCallRejectedError):
                raise
            except LLMError as exc:
                if not await self.may_switch(exc):
                    raise
                self.switched = True
                log.info("model unavailable, continuing offline: %s", exc)
        return await self.fallback.chat(messages, tools, system)
