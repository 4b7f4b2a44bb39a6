"""Netflix: its checkpoints, completion criteria and flow, from its pages as they are
(../shared/netflix-flow.md describes them).

Written against roles and accessible names, not markup, so that both flow generations (the
legacy "Cancel Your Membership?" page and the 2026 expandable sections) and the cancelled
state are recognised. US spelling ("canceled") is what Netflix prints; both are accepted.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Element, Snapshot
from subterminator.outcome import judge_outcome
from subterminator.services.base import (
    Checkpoint,
    CompletionCriteria,
    IrreversibleRule,
    ServiceConfig,
)
from subterminator.services.registry import register_service

SUCCESS_URLS = ("/cancelsuccess",)  # the page Netflix shows once a cancellation went through
FINISH = re.compile(
    r"finish cancel|confirm cancel|complete cancel|yes,? cancel"
    r"|cancel (my )?membership now|end membership"
)
DESTRUCTIVE = re.compile(r"\b(finish|confirm|complete)\b")
TEXT_ROLES = frozenset({"heading", "alert", "alertdialog", "dialog", "region", "status"})


def _path(snapshot: Snapshot) -> str:
    return urlsplit(snapshot.page.url).path.lower()


def _names(snapshot: Snapshot, roles: frozenset[str] | None = None) -> list[str]:
    return [e.name.lower() for e in snapshot.elements if roles is None or e.role in roles]


def _any(snapshot: Snapshot, words: tuple[str, ...], roles: frozenset[str] | None = None) -> bool:
    return any(w in name for name in _names(snapshot, roles) for w in words)


def finish_page(snapshot: Snapshot) -> bool:
    """The final, irreversible step is on screen."""
    if "finish cancellation" in snapshot.page.title.lower():
        return True
    return any(
        e.role in ("button", "link") and FINISH.search(e.name.lower()) for e in snapshot.elements
    )


def login_page(snapshot: Snapshot) -> bool:
    path = _path(snapshot)
    if re.search(r"(^|/)login\b|/signin\b", path):
        return True
    has_password = any(
        e.role == "textbox" and "password" in e.name.lower() for e in snapshot.elements
    )
    return has_password and _any(snapshot, ("sign in", "log in", "continue"), frozenset({"button"}))


def verification_code(snapshot: Snapshot) -> bool:
    return _any(
        snapshot,
        (
            "verification code",
            "two-factor",
            "2-step",
            "2fa",
            "authenticator",
            "enter the code",
            "we sent a code",
        ),
    )


def captcha(snapshot: Snapshot) -> bool:
    return _any(
        snapshot,
        (
            "captcha",
            "i'm not a robot",
            "verify you're human",
            "verify you are human",
            "security check",
        ),
    )


def destructive_click(call: ToolCall, element: Element, snapshot: Snapshot) -> bool:
    """Clicking a control whose name says it finishes or confirms."""
    if call.name != "browser_click":
        return False
    name = element.name.lower()
    return bool(FINISH.search(name) or DESTRUCTIVE.search(name))


def cancelled(snapshot: Snapshot) -> bool:
    """Evidence of the cancelled state (``outcome.judge``), not a word on the page."""
    return judge_outcome(snapshot, SUCCESS_URLS).cancelled


def failed_page(snapshot: Snapshot) -> bool:
    if "error" in _path(snapshot) or login_page(snapshot):
        return True
    return _any(snapshot, ("something went wrong", "could not", "unable to", "unable to process"))


NETFLIX = ServiceConfig(
    name="netflix",
    display_name="Netflix",
    initial_url="https://www.netflix.com/account",
    goal_template=(
        "Cancel the Netflix subscription. Navigate to cancellation, complete the flow. Decline "
        "any retention offers. Call complete_task when you see confirmation that membership is "
        "cancelled."
    ),
    checkpoint_conditions=[
        Checkpoint(
            "finish_cancellation",
            "The page offers the final, irreversible cancellation step",
            finish_page,
        ),
        Checkpoint(
            "login",
            "Netflix asks you to sign in. Sign in in the browser window, then confirm here",
            login_page,
            kind="human_action",
        ),
        Checkpoint(
            "verification_code",
            "Netflix asks for a verification code (2FA). Complete it in the browser window, "
            "then confirm here",
            verification_code,
            kind="human_action",
        ),
        Checkpoint(
            "captcha",
            "A CAPTCHA appeared. Solve it in the browser window, then confirm here",
            captcha,
            kind="human_action",
        ),
    ],
    irreversible_rules=[IrreversibleRule("destructive_click", destructive_click)],
    irreversible_urls=("/cancelplan/finish", "/cancelplan/confirm"),
    flow_urls=("/cancelplan", "/cancel", "/account/membership"),
    domains=("netflix.com",),
    # where Netflix's billing pages may send a person to pay
    payment_sites=("paypal.com",),
    completion_criteria=CompletionCriteria(
        success_indicators=[cancelled],
        failure_indicators=[failed_page],
        success_urls=SUCCESS_URLS,
    ),
    system_prompt_addition=(
        "Netflix: the account page leads to membership management and 'Cancel membership'. "
        "Netflix may show retention offers (a cheaper plan, a pause, a discount): always decline "
        "them and proceed with cancellation. Collapsed sections may hide the 'Finish "
        "Cancellation' button: expand the 'Cancel' option first. If Netflix is billed through a "
        "partner (Apple, Google Play, a phone or TV provider) there is no cancel button: call "
        "complete_task with status 'failed' and say which partner to contact. Sign-in, "
        "verification codes and CAPTCHAs are for the person: call request_human_approval."
    ),
)

register_service(NETFLIX)
