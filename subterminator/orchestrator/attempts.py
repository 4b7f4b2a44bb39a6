"""``Attempts``: how often the model has tried one control without effect.

A reply that says an action "had no visible effect" (``effect="none"``, ``tools.verify``)
asks the model to try another way; a model that keeps at the same control would spend the
run's turns there and end on ``max_turns_exceeded``, saying nothing of why. One intent is one
control on one page: its accessible name where it was acted on, by whatever tool (refs change
with every snapshot, the control does not). An action on it that has its effect forgets the
count; after ``MAX_ATTEMPTS`` without one the run ends (``no_effect``), naming it.
"""

from __future__ import annotations

from urllib.parse import urldefrag

from subterminator.models.conversation import ToolCall
from subterminator.safety.text import normalize
from subterminator.stack.layer import Reply
from subterminator.tools.registry import inspects
from subterminator.untrusted import NAME, URL, shown

MAX_ATTEMPTS = 3
ON_ELEMENTS = frozenset({"click", "fill", "select"})  # what a control is acted on by


class Attempts:
    """Attempts without effect, by control, in one run."""

    def __init__(self, limit: int = MAX_ATTEMPTS) -> None:
        self.limit = limit
        self._tries: dict[tuple[str, str], int] = {}

    def after(self, call: ToolCall, target: str | None, reply: Reply) -> str | None:
        """Notes what ``call`` (on the control named ``target``) did; the run's failure, said,
        once that control has had ``limit`` attempts without effect."""
        if inspects(call.name) not in ON_ELEMENTS:
            return None
        address = urldefrag(reply.snapshot.page.url)[0]
        key = (address, normalize(target or ""))
        if reply.result.get("effect") != "none":
            if reply.result.get("error") is None:
                self._tries.pop(key, None)
            return None
        tries = self._tries[key] = self._tries.get(key, 0) + 1
        if tries < self.limit:
            return None
        control = f'"{shown(target, NAME)}"' if target else "a control without a name"
        return (
            f"{tries} attempts at {control} on {shown(address, URL)} had no visible effect: "
            "the page did not respond to it"
        )
