"""``SDKClient``: what every SDK-backed model client shares, so each provider's guarantees are
the same by construction rather than by copy.

The model-request guard before every request; a hard wall per call (``timeout_s``, default
30 s, so a person never waits longer on one turn) that is not retried; one retry policy as the
only one (the SDKs'
own retries are off); errors in plain words, a refused key, permission or model name being a
``ModelConfigurationError``, a tool call the server could not parse a ``ToolCallRejectedError``
(the model's to retry), an answer no shape explains a ``MalformedResponseError``, and anything
else an ``LLMError`` (``transient`` for outages); each
retry told once, to ``on_retry``, and logged at DEBUG only; and the key scrubbed from every
message. A subclass builds its request, sends it, and reads the answer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from subterminator.ai import guard
from subterminator.ai.api_errors import (
    Advice,
    Failure,
    SDKErrors,
    describe,
    failure,
    refusal,
    rejected_call,
    retryable,
    unreadable,
)
from subterminator.ai.retry import RetryNotice, RetryPolicy
from subterminator.errors import LLMError, MalformedResponseError
from subterminator.models.conversation import AIResponse

log = logging.getLogger("subterminator.ai.client")  # one logger for every provider's retries

Answer = TypeVar("Answer")


class SDKClient:
    """One model turn through an SDK, under the shared policy (see the module docstring)."""

    label = "model"  # what a run record calls this AI

    def __init__(
        self,
        *,
        model: str,
        key: str,
        errors: SDKErrors,
        advice: Advice,
        timeout_s: float,
        retry: RetryPolicy | None,
        sleep: Callable[[float], Awaitable[None]],
        on_retry: Callable[[RetryNotice], None] | None,
    ) -> None:
        self.model = model
        self.timeout_s = timeout_s
        self.retry = retry or RetryPolicy()
        self.on_retry = on_retry
        self.base_url = ""  # the subclass sets it from its SDK client
        self._key = key
        self._errors = errors
        self._advice = advice
        self._sleep = sleep

    async def _call(
        self,
        send: Callable[[], Awaitable[Answer]],
        parse: Callable[[Answer], AIResponse],
        *,
        refused_first: Callable[[Failure], Exception | None] | None = None,
    ) -> AIResponse:
        """``send`` under the guard, the time limit and the retry policy; ``parse`` reads it.
        ``refused_first`` may end the call on a refusal of its own (raised as it returns it)
        before the person's refusals are looked for."""
        guard.check(self.base_url)
        for attempt in range(self.retry.max_attempts):
            try:
                async with asyncio.timeout(self.timeout_s):  # cancellation-safe, unlike wait_for
                    response = await send()
                return parse(response)
            except (TimeoutError, self._errors.timeout):
                raise LLMError(
                    f"The model API did not answer within {self.timeout_s:.0f} s (timeout)",
                    transient=True,
                ) from None
            except ValueError:  # the body was not JSON at all (its text is no one's to read)
                raise MalformedResponseError(
                    "Malformed response from the model API: the body is not JSON"
                ) from None
            except self._errors.api as exc:
                failed = failure(exc, self._errors)
                refused = self._at_once(failed, refused_first)
                if refused is not None:
                    raise refused from None
                reason, cause, status = describe(failed)
                attempts = attempt + 1
                detail = f"{reason} ({cause})" if status else reason
                if not retryable(failed):
                    raise LLMError(self._scrub(detail)) from None
                if attempts >= self.retry.max_attempts:
                    raise LLMError(
                        self._scrub(f"{detail}; gave up after {attempts} attempts"),
                        transient=True,
                    ) from None
                notice = RetryNotice(
                    attempt=attempts,
                    max_attempts=self.retry.max_attempts,
                    delay_s=self.retry.delay(attempt),
                    reason=reason,
                    cause=self._scrub(cause),
                    status=status,
                )
                # DEBUG: the person hears of it once, through on_retry; a CLI that configures
                # no logging would otherwise print a WARNING a second time (last-resort handler)
                log.debug("model API: %s", notice.text)
                if self.on_retry is not None:
                    self.on_retry(notice)
                await self._sleep(notice.delay_s)
        raise AssertionError("unreachable")  # pragma: no cover

    def _at_once(
        self, failed: Failure, refused_first: Callable[[Failure], Exception | None] | None
    ) -> Exception | None:
        """What ends the call without a retry: the subclass's own refusal, the model's call the
        server could not parse (its code says so), the person's to fix (key, model, credit), an
        unreadable answer."""
        return (
            (refused_first and refused_first(failed))
            or rejected_call(failed)
            or refusal(failed, self.model, self._advice)
            or unreadable(failed)
        )

    def _scrub(self, text: str) -> str:
        """Belt and braces: the key never reaches a message, whatever an answer echoes."""
        return text.replace(self._key, "[key]") if self._key else text
