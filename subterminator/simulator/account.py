"""The simulated account: what the pages show, and what tests read to see what happened."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Account:
    """The simulated account; tests read it to see what really happened."""

    status: str = "active"
    plan: str = "Standard"
    next_payment: str = "December 16, 2026"
    billed_by: str | None = None
    signed_in: bool = True
    needs_code: bool = False
    captcha_solved: bool = True
    cookies_accepted: bool = True
    expire_on_cancel_page: bool = False
    offer: str | None = None
    offer_shown: bool = False
    survey: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
