"""``OfflinePolicy``: an AIClientProtocol that needs no model (the spec 04 fallback).

It reads the latest snapshot the way a careful person would, by roles and accessible names:
settle what the page already says (done, partner billing, an error), clear overlays, decline
offers, expand collapsed options, take the step that leads toward cancelling, and never try
the same control twice on the same page. It knows no simulator ids; the service only
supplies its verification rules. The human checkpoints stay where they are: the orchestrator
asks before the final click whatever this policy decides.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from subterminator.ai.protocol import AIResponse, Message, ToolCall
from subterminator.models.snapshot import Element, Snapshot
from subterminator.services.base import ServiceConfig

CONTROL_ROLES = frozenset({"button", "link", "menuitem", "tab"})
_ids = itertools.count(1)


def _has(name: str, *patterns: str) -> bool:
    return any(re.search(p, name) for p in patterns)


DISMISS = (
    r"^accept( all)?( cookies)?$",
    r"^(i )?agree",
    r"^got it$",
    r"^ok(ay)?$",
    r"^close$",
    r"^dismiss",
)
DECLINE = (
    r"no,? thanks",
    r"continue (to )?cancel",
    r"continue cancell?ation",
    r"^decline",
    r"cancel anyway",
    r"no,? (continue|cancel)",
    r"still want to cancel",
)
ACCEPT_OFFER = (r"accept (the )?offer", r"^switch", r"^pause", r"keep (my )?membership", r"^stay")
FINISH = (
    r"finish cancell?ation",
    r"confirm cancell?ation",
    r"complete cancell?ation",
    r"^yes,? cancel",
    r"cancel (my )?membership now",
    r"^end membership",
)
CANCEL = (r"^cancel (my )?(membership|plan|subscription)", r"^cancel$")
TOWARD = (
    r"manage membership",
    r"^membership",
    r"plan details",
    r"^account$",
    r"your account",
    r"billing details",
)
PARTNER = (
    r"billed (through|by)",
    r"(manage|cancel).*(with|through) (apple|google|itunes|your provider)",
    r"contact your (provider|carrier|partner)",
    r"through a partner",
)
ERROR = (r"something went wrong", r"unable to process", r"we're having trouble", r"^error\b")


def latest(messages: list[Message]) -> tuple[Snapshot | None, dict[str, Any]]:
    for message in reversed(messages):
        if message.snapshot is not None and message.full_snapshot:
            return message.snapshot, message.result or {}
    return None, {}


def _key(snapshot: Snapshot) -> str:
    return snapshot.page.url


class OfflinePolicy:
    """Drives a cancellation without a model; one decision per turn."""

    def __init__(self, service: ServiceConfig) -> None:
        self.service = service
        self.tried: set[tuple[str, str, str]] = set()
        self.scrolled_to: dict[str, int] = {}  # url -> scroll_y after our last scroll there
        self.unverified = 0

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        snapshot, reply = latest(messages)
        if snapshot is None:
            return self._call("get_snapshot", "Looking at the page")
        call, why = self.decide(snapshot, reply)
        return self._call(call.name, why, call.arguments)

    def _call(self, name: str, why: str, arguments: dict[str, Any] | None = None) -> AIResponse:
        call = ToolCall(id=f"toolu_offline_{next(_ids)}", name=name, arguments=arguments or {})
        return AIResponse(content=why, tool_calls=[call], stop_reason="tool_use")

    def _click(self, snapshot: Snapshot, element: Element, why: str) -> tuple[ToolCall, str]:
        self.tried.add((_key(snapshot), element.role, element.name))
        return ToolCall(id="", name="browser_click", arguments={"ref": element.ref}), why

    @staticmethod
    def _complete(status: str, reason: str) -> tuple[ToolCall, str]:
        return ToolCall(
            id="", name="complete_task", arguments={"status": status, "reason": reason}
        ), reason

    def decide(self, snapshot: Snapshot, reply: dict[str, Any]) -> tuple[ToolCall, str]:
        names = [(e, e.name.strip().lower()) for e in snapshot.elements]
        controls = [
            (e, n)
            for e, n in names
            if e.role in CONTROL_ROLES
            and "disabled" not in e.state
            and (_key(snapshot), e.role, e.name) not in self.tried
        ]

        def first(patterns: tuple[str, ...]) -> Element | None:
            return next((e for e, n in controls if _has(n, *patterns)), None)

        if reply.get("error") == "human_rejected":
            return self._complete(
                "failed", f"The person declined: {reply.get('message') or 'no reason'}"
            )
        if reply.get("acknowledged") is False:
            self.unverified += 1
        if self.service.verify_success(snapshot):
            return self._complete(
                "success", f"The page confirms the membership is cancelled ({snapshot.page.url})"
            )
        if self.unverified >= 2:
            return self._complete("failed", "Cancellation could not be confirmed on the page")
        texts = [n for _, n in names]
        if any(_has(n, *ERROR) for n in texts) or "error" in snapshot.page.title.lower():
            shown = next((e.name for e, n in names if _has(n, *ERROR)), snapshot.page.title)
            return self._complete("failed", f"The site showed an error: {shown}")
        partner = next((e.name for e, n in names if _has(n, *PARTNER)), None)
        finish = first(FINISH)
        if partner and not finish and not first(CANCEL):
            return self._complete(
                "failed", f"Billed through a partner ({partner}); cancel with that partner instead"
            )
        overlays = [e for e in snapshot.elements if e.role in ("dialog", "alertdialog", "region")]
        for overlay in overlays:
            if _has(overlay.name.lower(), r"cookie", r"consent", r"privacy"):
                inside = set(overlay.children or [])
                button = next(
                    (e for e, n in controls if e.ref in inside and _has(n, *DISMISS)), None
                ) or first(DISMISS)
                if button:
                    return self._click(snapshot, button, f"Dismissing '{overlay.name}'")
        if finish:
            return self._click(snapshot, finish, f"Taking the final step: '{finish.name}'")
        decline = first(DECLINE)
        if decline:
            return self._click(snapshot, decline, f"Declining the offer: '{decline.name}'")
        expander = self._expander(snapshot, controls)
        if expander:
            return self._click(snapshot, expander, "Opening the cancel option")
        for patterns, why in (
            (CANCEL, "Starting the cancellation"),
            (TOWARD, "Opening membership"),
        ):
            target = first(patterns)
            if target and not _has(target.name.lower(), *ACCEPT_OFFER):
                return self._click(snapshot, target, f"{why}: '{target.name}'")
        url, scroll_y = _key(snapshot), snapshot.viewport.scroll_y
        if self.scrolled_to.get(url) != scroll_y:  # not yet at the bottom: read further down
            self.scrolled_to[url] = scroll_y
            return ToolCall(
                id="", name="browser_scroll", arguments={"direction": "down", "amount": 600}
            ), "Nothing to do in view; scrolling down"
        return self._complete("failed", f"Dead end: no way to cancel found on {snapshot.page.url}")

    @staticmethod
    def _expander(snapshot: Snapshot, controls: list[tuple[Element, str]]) -> Element | None:
        """A collapsed control about cancelling: by its name, its section, or the heading above."""
        parent = {c: e for e in snapshot.elements for c in e.children or []}
        heading_above: dict[str, str] = {}
        last_heading = ""
        for element in snapshot.elements:
            if element.role == "heading":
                last_heading = element.name.lower()
            heading_above[element.ref] = last_heading
        for element, name in controls:
            if "collapsed" not in element.state:
                continue
            owner = parent.get(element.ref)
            section = owner.name.lower() if owner else heading_above.get(element.ref, "")
            context = f"{name} {section}"
            if re.search(r"\bcancel", context) and not _has(context, r"pause", r"change plan"):
                return element
        return None
