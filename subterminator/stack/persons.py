"""A password, a one-time code or a card detail is the person's to type, never the agent's.

By what a field is (``snapshot.secrecy``: its type and autocomplete; words only widen), in any
front door: typing into a secret field, or pressing what sends a form (or dialog) whose secret
field is still empty on a page of the flow, is not done. ``GatedTools`` hands it to the person
as a sign-in checkpoint (``human_action``): they do it in the browser window and say so; a run
with nobody to do it ends ``human_action_needed``, naming the step.
"""

from __future__ import annotations

from dataclasses import dataclass

from subterminator.browser.effect import ActionEffect
from subterminator.models.conversation import ToolCall
from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.secrecy import secret_field, secret_value
from subterminator.tools.registry import inspects

CHECKPOINT = "secret"
_PASSWORD = "a password"
_CODE = "a one-time code"
_CARD = "card details"
_NAMED = ASKED = "a secret (a password, a PIN, a code or a card detail)"


def what(kind: str) -> str:
    """A secret field's kind (``EffectTarget.secret``), as the person is told it."""
    if kind.endswith("password"):
        return _PASSWORD
    if kind == "one-time-code":
        return _CODE
    if kind.startswith("cc-"):
        return _CARD
    return _PASSWORD if kind == "password" else _NAMED


@dataclass(frozen=True)
class SecretStep:
    """An action that would type a secret, or send a form without one: the person's step."""

    asks: str  # what the page asks for: "a password", "card details"
    typing: bool  # the agent tried to type it (else: to send the form without it)

    @property
    def message(self) -> str:
        """The checkpoint's words: what to do, in the browser window."""
        return (
            f"The page asks for {self.asks}. That is yours to type, never SubTerminator's: "
            "type it in the browser window and send it there, then confirm here"
        )

    def refusal(self, done: bool) -> str:
        """The tool's answer to the model: precise, and what to do instead."""
        verb = "Not typed" if self.typing else "Not clicked"
        why = (
            f"{verb}: the page asks for {self.asks} here, which only the person may type "
            "(SubTerminator never types a password, a one-time code or a card detail, and never "
            "sends such a form without it)."
        )
        if done:
            return (
                f"{why} The person did this step in the browser window; the snapshot is the page "
                "as it is now. Go on from there; do not type into that field."
            )
        return (
            f"{why} It was handed to the person and not done, so the run stops here. Do not "
            "try to type it or send the form."
        )


def secret_step(
    call: ToolCall,
    info: ElementInfo,
    effect: ActionEffect | None,
    registry: ElementRegistry,
    *,
    flow_page: bool,
) -> SecretStep | None:
    """Whether ``call`` on ``info`` is the person's step, from the snapshot and the live page."""
    args = call.arguments if isinstance(call.arguments, dict) else {}
    target = effect.target if effect is not None else None
    if inspects(call.name) in ("fill", "select"):
        if target is not None and target.secret:
            return SecretStep(what(target.secret), typing=True)
        value = str(args.get("value", ""))
        ref = args.get("ref")
        if registry.was_secret(ref) or secret_field(info):
            return SecretStep(_NAMED, typing=True)
        if inspects(call.name) == "fill" and secret_value(
            value, info, sign_in_step=registry.sign_in_step
        ):
            return SecretStep(_NAMED, typing=True)
        return None
    if inspects(call.name) != "click" or target is None or not target.needs_secret:
        return None
    if not flow_page:
        return None
    loud = set(target.handlers) - set(target.quiet)
    if target.submits or loud or not target.bubbles_quiet:
        kinds = list(dict.fromkeys(what(k) for k in target.needs_secret))
        return SecretStep(" and ".join(kinds), typing=False)
    return None


_INERT = frozenset({"disabled", "readonly", "hidden"})


def secret_page(registry: ElementRegistry) -> SecretStep | None:
    """The current snapshot holds a secret field (by what it is) still empty that a person can
    fill: on a page of the flow, a sign-in or payment step before anything is pressed."""
    for ref in registry.list_refs():
        info = registry.peek(ref)
        if info is None or not info.secret or info.value or _INERT & set(info.state):
            continue
        return SecretStep(_NAMED, typing=False)
    return None
