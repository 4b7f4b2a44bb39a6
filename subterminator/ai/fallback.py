"""``FallbackAI``: the model first; when its API stays unreachable, the offline policy."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from subterminator.ai.protocol import AIClientProtocol, AIResponse, Message
from subterminator.errors import LLMError

log = logging.getLogger(__name__)


class FallbackAI:
    """Switches to ``fallback`` for the rest of the run after the primary raises ``LLMError``."""

    def __init__(
        self,
        primary: AIClientProtocol,
        fallback: AIClientProtocol,
        on_switch: Callable[[LLMError], None] | None = None,
    ) -> None:
        self.primary = primary
        self.fallback = fallback
        self.on_switch = on_switch
        self.switched = False

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        if not self.switched:
            try:
                return await self.primary.chat(messages, tools, system)
            except LLMError as exc:
                self.switched = True
                log.warning("model unavailable, continuing offline: %s", exc)
                if self.on_switch:
                    self.on_switch(exc)
        return await self.fallback.chat(messages, tools, system)
