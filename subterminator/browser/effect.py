"""``ActionEffect``: what an action will really do, read on the live page just before it runs.

It crosses the ``Browser`` seam like ``RawCapture`` (JSON round-trippable, so a recording can
store it and a replay can answer with it). The SafetyGate judges this, not the name the model
saw in an earlier snapshot: the page may have relabelled, re-armed or covered the control since.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class EffectTarget(BaseModel):
    """The element that will receive the event (the hit target for a click)."""

    model_config = ConfigDict(extra="forbid")

    tag: str = ""
    role: str = ""
    name: str = Field(default="", description="Accessible name as the page has it now")
    text: str = Field(default="", description="Visible text, whitespace-collapsed, bounded")
    input_type: str = ""
    expanded: bool | None = Field(default=None, description="aria-expanded, or <summary>'s state")
    href: str = Field(default="", description="Absolute URL of the link the event reaches")
    form_action: str = Field(default="", description="Absolute URL a submission would go to")
    form_method: str = Field(default="", description="GET or POST when the event submits")
    submits: bool = Field(default=False, description="The event submits a form")
    form_values: bool = Field(
        default=True, description="A submission would carry values (a named field is filled)"
    )
    search: bool = Field(
        default=False,
        description="That form is a search (role=search, a search field), nothing hidden",
    )
    handlers: list[str] = Field(
        default_factory=list,
        description="Event types with listeners on the element or its form (click, change, ...)",
    )
    quiet: list[str] = Field(
        default_factory=list,
        description="Of those event types, the ones whose every listener only changes the page "
        "(browser.handlers.quiet): it cannot send, navigate or submit",
    )
    bubbles_quiet: bool = Field(
        default=False,
        description="A click's events reach no listener above it (ancestors, document, window) "
        "that may send; read only for a click that itself sends nothing",
    )
    defers: list[str] = Field(
        default_factory=list,
        description="Channels a click's listeners (its own and those it bubbles to) may send "
        "by besides its own requests (browser.handlers.channels): timer, socket, beacon, "
        "keepalive",
    )
    container: str = Field(
        default="", description="Region/dialog/banner names around it (cookie banners...)"
    )
    link_target: str = Field(
        default="",
        description="Where its link or submission opens (the target attribute: a new tab, a "
        "named frame); empty for this tab",
    )
    listeners: str = Field(
        default="",
        description="A digest of the code of the listeners counted in handlers: a listener "
        "swapped for another of the same type changes it",
    )
    secret: str = Field(
        default="",
        description="The field is secret (snapshot.secrecy): its autocomplete token "
        "(current-password, one-time-code, cc-number...), 'password', or 'named' when only "
        "its words say so; empty for any other element",
    )
    needs_secret: list[str] = Field(
        default_factory=list,
        description="A press that sends a form (or a dialog) whose secret fields are still "
        "empty: their kinds, as in secret. The person's to fill, never the agent's",
    )


DialogKind = Literal["alert", "confirm", "prompt", "beforeunload"]


class DialogAnswer(BaseModel):
    """An action that answers a native dialog (``alert``, ``confirm``...) the page opened."""

    model_config = ConfigDict(extra="forbid")

    kind: DialogKind
    answer: Literal["accept", "dismiss", "value"] = Field(
        description="Accepts it (OK, Leave), dismisses it (Cancel, Stay), or types a prompt's value"
    )
    message: str = Field(default="", description="The dialog's words (the page's), bounded")
    in_action: bool = Field(
        default=False, description="It opened while an action of the agent ran (its own dialog)"
    )


class ActionEffect(BaseModel):
    """The live judgment input; ``opaque`` when the event lands where we cannot see."""

    model_config = ConfigDict(extra="forbid")

    action: Literal["click", "fill", "select", "scroll"]
    target: EffectTarget
    lands_elsewhere: bool = Field(
        default=False, description="The click lands on another element than the one referenced"
    )
    opaque: str = Field(
        default="",
        description="Why the real target cannot be seen (iframe, closed shadow root), else empty",
    )
    page_url: str = Field(default="", description="The tab's page, whatever frame acts")
    page_title: str = ""
    page_lang: str = Field(default="", description="The page's declared language (<html lang>)")
    page_text: str = Field(default="", description="Visible page text, bounded, passwords never")
    frame_url: str = Field(
        default="", description="The frame document the target is in, when not the page's own"
    )
    dialog: DialogAnswer | None = Field(
        default=None, description="The action answers the page's native dialog"
    )

    def signature(self) -> str:
        """What must not change between an approval and the action it approves."""
        t = self.target
        return "|".join(
            (
                self.action,
                t.tag,
                t.role,
                t.name,
                t.text,
                t.href,
                t.form_action,
                t.form_method,
                str(t.submits),
                self.opaque,
                self.page_url,
                self.frame_url,
            )
        )


class GuardedRequest(BaseModel):
    """A request the page makes while an agent action runs (the network backstop's input)."""

    model_config = ConfigDict(extra="forbid")

    url: str
    method: str
    resource_type: str = Field(
        description="document, xhr, fetch, ping (a beacon), image, ...; websocket for a "
        "message a page sends over its socket (method SEND)"
    )
    navigation: bool = Field(default=False, description="A document load (link or form)")
    document: str = Field(
        default="", description="The address of the document that sent it (its frame's, now)"
    )
    typed: bool = Field(
        default=False,
        description="A navigation the browser itself was told to make (``Browser.navigate``), "
        "not the page",
    )
    documents: int = Field(
        default=0,
        description="How many documents the browser's tabs had loaded when it was sent: it "
        "grows when the tab's document changes (a guard armed after its action ends there)",
    )
