"""What the last tool's reply tells the offline policy: a refusal, a doubt, a list, a cover."""

from __future__ import annotations

import json
import re
from typing import Any

from subterminator.models.snapshot import Snapshot
from subterminator.offline.controls import Decision, complete
from subterminator.offline.memory import Memory


def refusal(reply: dict[str, Any]) -> Decision | None:
    """The person said no (to the step, or to a checkpoint after it): the run ends failed."""
    if reply.get("error") == "human_rejected":
        return complete("failed", declined(str(reply.get("message") or "")))
    if isinstance(said := reply.get("declined"), dict):  # a checkpoint after it: a no
        return complete("failed", declined(str(said.get("message") or "")))
    return None


def absorb(memory: Memory, snapshot: Snapshot, reply: dict[str, Any]) -> None:
    """Learn from the reply what the next decision needs."""
    message = str(reply.get("message") or "")
    if reply.get("acknowledged") is False:
        memory.unverified += 1
        memory.doubted.add(snapshot.page.url)  # the orchestrator did not take it: act on
    listed = re.search(r"; options: (.*)$", message)
    if listed:
        memory.listed = [
            json.loads(f'"{o}"') for o in re.findall(r'"((?:[^"\\]|\\.)*)"', listed[1])
        ]
    _answered(memory, reply)
    held = "stopped because nobody approved it" in message
    if held and memory.last is not None:
        memory.tried.discard(memory.last)  # the orchestrator asks the person on the next try
    if reply.get("error") == "element_obscured" and memory.last is not None:
        memory.tried.discard(memory.last)  # worth another try once the cover is gone
        memory.blocked = True


def _answered(memory: Memory, reply: dict[str, Any]) -> None:
    """The person's answer about which subscription to cancel."""
    if not (memory.asking and "approved" in reply):
        return
    if reply.get("approved"):
        memory.chosen = memory.asking
    else:
        memory.not_chosen.add(memory.asking)
    memory.asking = ""


def declined(said: str) -> str:
    """The person's refusal, their words once: the reply carries them as "User feedback: ...
    (the action was not performed)"."""
    words = ""
    if said.startswith("User feedback: "):
        words = said.removeprefix("User feedback: ").removesuffix(" (the action was not performed)")
    if not words or words.startswith("none (the person declined"):
        return "The person declined."
    return f"The person declined: {words}"
