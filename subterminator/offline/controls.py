"""A page as the offline policy reads it: its controls, each with the words around it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Element, Snapshot
from subterminator.safety.text import normalize

CONTROL_ROLES = frozenset({"button", "link", "menuitem", "tab", "switch"})
CHOICE_ROLES = frozenset({"radio", "checkbox"})
DIALOG_ROLES = frozenset({"dialog", "alertdialog"})
_CONTAINERS = ("region", "group", "dialog", "alertdialog", "form", "banner")

Decision = tuple[ToolCall, str]
"""One turn's tool call and the words that say why."""


@dataclass(frozen=True)
class Control:
    element: Element
    name: str  # normalised
    context: str  # normalised: its dialog, section or the heading above it

    @property
    def ref(self) -> str:
        return self.element.ref

    @property
    def role(self) -> str:
        return self.element.role

    @property
    def state(self) -> list[str]:
        return list(self.element.state)


@dataclass(frozen=True)
class Turn:
    """What one decision reads: the page, its controls worth trying (``live``), those of an
    open dialog and the dialog's words, every control of the target (``every``) and every
    control the page shows (``shown``, other subscriptions' included)."""

    snapshot: Snapshot
    live: list[Control]
    in_dialog: list[Control]
    dialog_words: str
    every: list[Control]
    shown: list[Control]


def descendants(root: Element, by_ref: dict[str, Element]) -> set[str]:
    found: set[str] = set()
    todo = list(root.children or [])
    while todo:
        ref = todo.pop()
        if ref in found:
            continue
        found.add(ref)
        child = by_ref.get(ref)
        if child is not None:
            todo.extend(child.children or [])
    return found


def read_controls(snapshot: Snapshot) -> tuple[list[Control], list[Control], str]:
    """Every control with its context; those of an open dialog; the dialog's words."""
    by_ref = {e.ref: e for e in snapshot.elements}
    owner: dict[str, Element] = {}
    for element in snapshot.elements:
        if element.role in _CONTAINERS:
            for ref in descendants(element, by_ref):
                owner[ref] = element  # containers come in DFS order: the innermost wins
    heading = ""
    controls: list[Control] = []
    dialog_refs: set[str] = set()
    dialog_words = ""
    for element in snapshot.elements:
        if element.role == "heading":
            heading = element.name
        if element.role in DIALOG_ROLES and element.children:
            dialog_refs = descendants(element, by_ref)
            inside = [by_ref[r].name for r in dialog_refs if r in by_ref]
            dialog_words = normalize(" ".join([element.name, *inside]))
        if element.role not in CONTROL_ROLES | CHOICE_ROLES | {"combobox", "option"}:
            continue
        section = owner.get(element.ref)
        context = section.name if section is not None and section.name else heading
        controls.append(Control(element, normalize(element.name), normalize(context)))
    in_dialog = [c for c in controls if c.ref in dialog_refs]
    return controls, in_dialog, dialog_words


def tool(name: str, arguments: dict[str, Any], why: str) -> Decision:
    """A call the orchestrator numbers itself (the policy's own id is set when it is sent)."""
    return ToolCall(id="", name=name, arguments=arguments), why


def complete(status: str, reason: str) -> Decision:
    return tool("complete_task", {"status": status, "reason": reason}, reason)
