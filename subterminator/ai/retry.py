"""The retry policy (1 s, x2, 3 attempts, 10 s cap: an outage of a few seconds is ridden out,
a long one reported) and the notice a person gets for each retry.

Every model client uses these, whichever SDK it speaks: the SDKs' own retries are off.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RetryPolicy:
    """A failed model call is tried again after 1 s, then 2 s (x2 backoff, 3 attempts, 10 s cap):
    long enough for a rate limit to pass, short enough that a person at the terminal waits."""

    initial_delay: float = 1.0
    multiplier: float = 2.0
    max_attempts: int = 3
    max_delay: float = 10.0

    def delay(self, retry: int) -> float:
        return float(min(self.initial_delay * self.multiplier**retry, self.max_delay))


@dataclass(frozen=True)
class RetryNotice:
    """One retry of a model call, told once, before its wait.

    ``attempt`` is the attempt that just failed (1-based), so this is retry ``attempt`` of
    ``max_attempts - 1``; ``reason`` is a sentence start ("The model API is overloaded"),
    ``cause`` the plain detail ("HTTP 529 overloaded_error: Overloaded"), ``status`` the HTTP
    status or None for a failed connection.
    """

    attempt: int
    max_attempts: int
    delay_s: float
    reason: str
    cause: str
    status: int | None = None

    @property
    def retries(self) -> int:
        return self.max_attempts - 1

    @property
    def text(self) -> str:
        status = f" (HTTP {self.status})" if self.status else ""
        return (
            f"{self.reason}{status}; trying again in {self.delay_s:g} s "
            f"(retry {self.attempt} of {self.retries})."
        )
