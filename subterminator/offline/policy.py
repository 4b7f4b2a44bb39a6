"""``OfflinePolicy``: an AIClientProtocol that needs no model (the spec 04 fallback).

It reads the latest snapshot the way a careful person would, by roles, accessible names and the
page's words, in the languages SubTerminator reads: settle what the page already shows (done,
partner billing, an error), clear consent banners, pick a profile, answer an open dialog first,
decline offers, take the last step, move past a survey without typing, pick the leaving option
of a choice, open the collapsed section about cancelling (chosen by its heading or label, not its
expander's name), start cancelling, head for the membership pages, take a cancel flow's plain
way forward, then look further down the page. It never types into a field for a password or a
code: a page of the flow that asks for one is the person's (the tool stack hands it to them).
It never tries the same control twice in the same
place and never presses what would delete an account or restart a membership. It knows no
simulator ids; the service supplies only its verification. The SafetyGate asks the person
before the final step whatever this policy decides.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from subterminator.models.conversation import AIResponse, Message, ToolCall, latest
from subterminator.models.snapshot import Element, Snapshot
from subterminator.offline.words import (
    AFTER,
    CAPITAL_WORD,
    COOKIE,
    COOKIE_OK,
    DECLINE,
    DISMISS,
    FINAL,
    FORWARD,
    KEEP,
    NEVER,
    NEWSLETTER,
    OFFER,
    OTHER,
    PARTNER,
    PROFILE_ADMIN,
    PROFILES,
    QUOTED_WORD,
    REASON,
    START,
    TOWARD,
    YES,
)
from subterminator.outcome.consequence import PRICE
from subterminator.outcome.dates import find_date
from subterminator.outcome.subscriptions import (
    ADD_ON,
    Subscription,
    pick,
    section_text,
    subscriptions,
)
from subterminator.outcome.vocabulary import FAILURE, RESTART
from subterminator.safety.text import normalize
from subterminator.safety.vocabulary import FLOW, readable
from subterminator.services.base import ServiceConfig
from subterminator.snapshot.secrecy import Named, secret_field
from subterminator.untrusted import NAME, shown

CONTROL_ROLES = frozenset({"button", "link", "menuitem", "tab", "switch"})
CHOICE_ROLES = frozenset({"radio", "checkbox"})
DIALOG_ROLES = frozenset({"dialog", "alertdialog"})


@dataclass(frozen=True)
class _Control:
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


def _descendants(root: Element, by_ref: dict[str, Element]) -> set[str]:
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


class OfflinePolicy:
    """Drives a cancellation without a model; one decision per turn."""

    def __init__(self, service: ServiceConfig) -> None:
        self.service = service
        self.tried: set[tuple[str, str, str, str]] = set()
        self.scrolled_to: dict[str, int] = {}  # url -> scroll_y after our last scroll there
        self.looked_whole: set[str] = set()  # urls whose whole page we asked to see
        self.unverified = 0
        self.calls = 0
        self.final_clicked = False
        self.started = False  # a control that starts or continues cancelling was clicked
        self.last: tuple[str, str, str, str] | None = None  # the last control clicked
        self.blocked = False  # that click was stopped by something covering the page
        self.listed: list[str] = []  # a <select>'s options, as browser_select's error listed them
        self.probed: set[tuple[str, str, str, str]] = set()  # selects asked for their options
        self.doubted: set[str] = set()  # pages where a success claim was not acknowledged
        self.typed: set[tuple[str, str]] = set()  # (page, field) a confirmation word went into
        # several subscriptions on one account: the one the person named, those they did not
        self.chosen = ""  # normalised name
        self.not_chosen: set[str] = set()
        self.asking = ""  # the subscription a question about it is out for
        self.target: Subscription | None = None  # on this page, when it lists several
        self.others: set[str] = set()  # the other subscriptions a page listed (normalised)
        self.subs_seen: set[str] = set()  # every subscription a page listed (normalised)
        # structure, where words fail: the pages seen, each control's pages (one on several is
        # the site's chrome: its menu, its footer), and the pages first seen inside the flow
        self.visited: set[str] = set()
        self.shown_on: dict[tuple[str, str], set[str]] = {}
        self.flow_pages: set[str] = set()
        self.primaries = 0  # flow pages' one action pressed (bounded: each asks the gate)
        self.way_ins = 0  # links followed by where they stand, not by their words
        self.retreats = 0  # ways back taken after such a link led nowhere

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        snapshot, reply = latest(messages)
        if snapshot is None:
            return self._call("get_snapshot", "Looking at the page")
        call, why = self.decide(snapshot, reply)
        return self._call(call.name, why, call.arguments)

    def _call(self, name: str, why: str, arguments: dict[str, Any] | None = None) -> AIResponse:
        self.calls += 1  # per policy, not per process: replays compare them
        call = ToolCall(id=f"toolu_offline_{self.calls}", name=name, arguments=arguments or {})
        return AIResponse(content=why, tool_calls=[call], stop_reason="tool_use")

    def _click(self, snapshot: Snapshot, control: _Control, why: str) -> tuple[ToolCall, str]:
        self.last = self._key(snapshot, control)
        self.tried.add(self.last)
        return ToolCall(id="", name="browser_click", arguments={"ref": control.ref}), why

    @staticmethod
    def _key(snapshot: Snapshot, control: _Control) -> tuple[str, str, str, str]:
        return (snapshot.page.url, control.role, control.name, control.context)

    @staticmethod
    def _complete(status: str, reason: str) -> tuple[ToolCall, str]:
        return ToolCall(
            id="", name="complete_task", arguments={"status": status, "reason": reason}
        ), reason

    # -- reading the page --------------------------------------------------------------------

    def _controls(self, snapshot: Snapshot) -> tuple[list[_Control], list[_Control], str]:
        """Every control with its context; those of an open dialog; the dialog's words."""
        by_ref = {e.ref: e for e in snapshot.elements}
        owner: dict[str, Element] = {}
        for element in snapshot.elements:
            if element.role in ("region", "group", "dialog", "alertdialog", "form", "banner"):
                for ref in _descendants(element, by_ref):
                    owner[ref] = element  # containers come in DFS order: the innermost wins
        heading = ""
        controls: list[_Control] = []
        dialog_refs: set[str] = set()
        dialog_words = ""
        for element in snapshot.elements:
            if element.role == "heading":
                heading = element.name
            if element.role in DIALOG_ROLES and element.children:
                dialog_refs = _descendants(element, by_ref)
                inside = [by_ref[r].name for r in dialog_refs if r in by_ref]
                dialog_words = normalize(" ".join([element.name, *inside]))
            if element.role not in CONTROL_ROLES | CHOICE_ROLES | {"combobox", "option"}:
                continue
            section = owner.get(element.ref)
            context = section.name if section is not None and section.name else heading
            controls.append(_Control(element, normalize(element.name), normalize(context)))
        in_dialog = [c for c in controls if c.ref in dialog_refs]
        return controls, in_dialog, dialog_words

    def decide(self, snapshot: Snapshot, reply: dict[str, Any]) -> tuple[ToolCall, str]:
        if reply.get("error") == "human_rejected":
            return self._complete("failed", _declined(str(reply.get("message") or "")))
        if isinstance(declined := reply.get("declined"), dict):  # a checkpoint after it: a no
            return self._complete("failed", _declined(str(declined.get("message") or "")))
        if reply.get("acknowledged") is False:
            self.unverified += 1
            self.doubted.add(snapshot.page.url)  # the orchestrator did not take it: act on
        listed = re.search(r"; options: (.*)$", str(reply.get("message") or ""))
        if listed:
            self.listed = [
                json.loads(f'"{o}"') for o in re.findall(r'"((?:[^"\\]|\\.)*)"', listed[1])
            ]
        if self.asking and "approved" in reply:
            if reply.get("approved"):
                self.chosen = self.asking
            else:
                self.not_chosen.add(self.asking)
            self.asking = ""
        held = "stopped because nobody approved it" in str(reply.get("message") or "")
        if held and self.last is not None:
            self.tried.discard(self.last)  # the orchestrator asks the person on the next try
        if reply.get("error") == "element_obscured" and self.last is not None:
            self.tried.discard(self.last)  # worth another try once the cover is gone
            self.blocked = True
        known = tuple(sorted(self.subs_seen))
        if self.service.verify_success(snapshot, known) and snapshot.page.url not in self.doubted:
            return self._complete(
                "success", f"The page confirms the membership is cancelled ({snapshot.page.url})"
            )
        if self.unverified >= 3:
            return self._complete("failed", "Cancellation could not be confirmed on the page")
        words = [normalize(snapshot.page.title), *snapshot.page.text.split("\n")]
        words += [e.name for e in snapshot.elements if e.role not in CONTROL_ROLES]
        error = next((w for w in words if FAILURE.search(normalize(w))), None)
        if error or re.search(r"\berror\b", words[0]):
            return self._complete("failed", f"The site showed an error: {error or words[0]}")
        every, in_dialog, dialog_words = self._controls(snapshot)
        found = subscriptions(snapshot, self.subs_seen)
        self.target = self._which(found)
        if len(found) >= 2:  # never a control of another subscription; none at all while unsure
            theirs = {r for sub in found if sub is not self.target for r in sub.refs}
            every = [c for c in every if c.ref not in theirs]
            in_dialog = [c for c in in_dialog if c.ref not in theirs]
            self.subs_seen |= {sub.key for sub in found}
            if self.target is not None:
                self.others |= {sub.key for sub in found if sub is not self.target}
        self._remember(snapshot, every)
        every = [c for c in every if not self._elsewhere(c)]
        in_dialog = [c for c in in_dialog if not self._elsewhere(c)]
        live = [
            c
            for c in every
            if "disabled" not in c.state
            and self._key(snapshot, c) not in self.tried
            and not NEVER.search(c.name)
            and not RESTART.search(c.name)
        ]
        partner = next((w for w in words if PARTNER.search(normalize(w))), None)
        if partner and not any(START.search(c.name) or FINAL.search(c.name) for c in live):
            return self._complete(
                "failed", f"Billed through a partner ({partner}); cancel with that partner instead"
            )
        for step in (
            self._consent,
            self._unblock,
            self._profile,
            self._dialog,
            self._final,
            self._after,
            self._decline,
            self._choose,
            self._answer,
            self._expand,
            self._start,
            self._own,
            self._renewal,
            self._toward,
            self._forward,
            self._single,
        ):
            chosen = step(snapshot, live, in_dialog, dialog_words, every)
            if chosen is not None:
                return chosen
        if len(found) >= 2 and self.target is None:
            return self._ask_which(found)
        if snapshot.page.url in self.looked_whole:
            # words found nothing on the whole page: its structure, before scrolling on
            opened = (
                self._open_collapsed(snapshot, live)
                or self._primary(snapshot, live)
                or self._way_in(snapshot, live)
                or self._retreat(snapshot, live)
            )
            if opened is not None:
                return opened
        return self._look_further(snapshot)

    # -- several subscriptions ----------------------------------------------------------------

    def _elsewhere(self, control: _Control) -> bool:
        """A control of another subscription than the target: under the heading of one a page
        listed before, or (with no target named, the membership being it) named as an add-on."""
        if control.context in self.others:
            return True
        if self.service.target or self.chosen or self.target is not None:
            return False
        return bool(ADD_ON.search(control.name))

    def _which(self, found: list[Subscription]) -> Subscription | None:
        """The target among the subscriptions a page lists: the one the person named, else the
        service's (``outcome.subscriptions.pick``)."""
        if len(found) < 2:
            return None
        if self.chosen:
            return next((s for s in found if s.key == self.chosen), None)
        return pick(found, self.service.target, self.service.display_name)

    def _ask_which(self, found: list[Subscription]) -> tuple[ToolCall, str]:
        """The page lists several subscriptions and nothing says which is the target: the
        person is asked about each in turn (names quoted as the page's words), never a guess."""
        left = [s for s in found if s.key not in self.not_chosen]
        if not left:
            return self._complete(
                "failed", "The account lists several subscriptions and none was named to cancel"
            )
        listed = ", ".join(f'"{shown(s.name, NAME)}"' for s in found[:4])
        self.asking = left[0].key
        action = (
            f'Cancel the subscription the page names "{shown(left[0].name, NAME)}"? '
            f"(the account lists {len(found)}: {listed})"
        )
        reason = (
            "The account lists several subscriptions and the service does not say which one "
            "this run cancels: say yes for this one, no for another"
        )
        return ToolCall(
            id="", name="request_human_approval", arguments={"action": action, "reason": reason}
        ), "Asking which subscription to cancel"

    def _own(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """A list of subscriptions, each with the same control: the target's own one, in any
        language (the gate asks before whatever it may commit)."""
        target = self.target
        if target is None or self.final_clicked:
            return None
        found = subscriptions(snapshot)
        others = {
            (c.role, normalize(c.name))
            for sub in found
            if sub is not target
            for c in snapshot.elements
            if c.ref in sub.refs and c.role in CONTROL_ROLES
        }
        for control in live:
            mine = control.ref in target.refs and (control.role, control.name) in others
            if mine and control.role in CONTROL_ROLES and not KEEP.search(control.name):
                self.started = True
                return self._click(
                    snapshot, control, f"Opening the target's own control: '{control.name}'"
                )
        return None

    def _renewal(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """An automatic renewal that is on: a switch (or a box) in a section stating a price or
        a date (what a subscription's own section shows), in the target's section when the page
        lists several. Turning it off ends the subscription; sign-ups and offers are never
        touched."""
        if self.final_clicked:
            return None
        for control in live:
            if control.role not in ("switch", "checkbox") or "checked" not in control.state:
                continue
            if NEWSLETTER.search(control.name) or OFFER.search(control.name):
                continue
            if self.target is not None and control.ref not in self.target.refs:
                continue
            text = section_text(snapshot, control.ref)
            if PRICE.search(text) or find_date(text):
                self.started = True
                return self._click(
                    snapshot, control, f"Turning off automatic renewal: '{control.name}'"
                )
        return None

    def _single(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """Reached by the target's own control, a page in words this policy does not hold with
        one button on it (links lead back or away): that button, the page's one action. The
        gate asks before it commits; after it, nothing more is guessed."""
        if not self.started or self.final_clicked or self.target is not None:
            return None
        words = normalize(" ".join([snapshot.page.title, snapshot.page.text]))
        if readable(snapshot.page.lang, words):  # words it holds: they decide, not a guess
            return None
        buttons = [c for c in live if c.role == "button"]
        every = [c for c in self._controls(snapshot)[0] if c.role == "button"]
        if len(buttons) != 1 or len(every) != 1:
            return None
        name = buttons[0].name
        if KEEP.search(name) or OFFER.search(name) or DISMISS.search(name):
            return None
        if _offers(snapshot, buttons[0]):
            return None
        self.final_clicked = True
        return self._click(snapshot, buttons[0], f"Taking the page's one action: '{name}'")

    # -- by structure, where words fail --------------------------------------------------------

    def _remember(self, snapshot: Snapshot, controls: list[_Control]) -> None:
        """Which pages each control is shown on, and which pages were first seen in the flow."""
        url = _page_of(snapshot.page.url)
        if url not in self.visited:
            self.visited.add(url)
            if self.started:
                self.flow_pages.add(url)
        for control in controls:
            self.shown_on.setdefault((control.role, control.name), set()).add(url)

    def _chrome(self, snapshot: Snapshot, control: _Control) -> bool:
        """Shown on another page too: the site's header, menu or footer, not this page's own."""
        pages = self.shown_on.get((control.role, control.name), set())
        return bool(pages - {_page_of(snapshot.page.url)})

    def _primary(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """A page first seen inside the flow this policy started, whose own controls (not the
        site's chrome) hold one button: the page's one action, a form's submit, in any
        language. Not what words say keeps, dismisses or offers, nor a button in a section
        naming a percentage (an offer). The gate decides whether it asks; after a few such
        presses nothing more is guessed."""
        url = _page_of(snapshot.page.url)
        if not self.started or self.final_clicked or url not in self.flow_pages:
            return None
        if self.primaries >= 3:
            return None
        own = [
            c
            for c in self._controls(snapshot)[0]
            if c.role == "button" and not self._chrome(snapshot, c)
        ]
        if len(own) != 1:
            return None
        button = next((c for c in live if c.ref == own[0].ref), None)
        if button is None or _holds_back(button.name):
            return None
        if _offers(snapshot, button):
            return None
        self.primaries += 1
        return self._click(snapshot, button, f"Taking the page's one action: '{button.name}'")

    def _way_in(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """No words led on: a link of the subscription's own block, the lines that state its
        price or its next date and the lines right after them (not the site's chrome, not a
        menu above nor a footer further down); of those nearest, the last (a way out comes
        after the plan's other choices). Links only: following one commits nothing. Names the
        page repeats (a plan picker's) are passed over; a wrong turn is walked back
        (``_retreat``) and the next one tried."""
        if self.final_clicked:
            return None
        names = [c.name for c in self._controls(snapshot)[0]]
        lines = snapshot.page.text.split("\n")
        marks = [i for i, line in enumerate(lines) if _priced_or_dated(line)]
        ranked: list[tuple[int, int, _Control]] = []
        for order, c in enumerate(live):
            if c.role != "link" or not c.name or names.count(c.name) != 1:
                continue
            if self._chrome(snapshot, c) or _holds_back(c.name):
                continue
            at = [i for i, line in enumerate(lines) if c.name in normalize(line)]
            gaps = [i - m for i in at for m in marks if i >= m]
            if gaps:
                ranked.append((min(gaps), -order, c))
        if not ranked:
            return None
        link = min(ranked, key=lambda r: (r[0], r[1]))[2]
        self.started = True
        self.way_ins += 1
        return self._click(snapshot, link, f"Following the subscription's own link: '{link.name}'")

    def _retreat(self, snapshot: Snapshot, live: list[_Control]) -> tuple[ToolCall, str] | None:
        """A page reached by ``_way_in`` with nothing to do on it: its own way back (a link
        no other page showed), so the next link of the subscription's block is tried."""
        if not self.way_ins or self.final_clicked or self.retreats >= 3:
            return None
        back = next(
            (
                c
                for c in live
                if c.role == "link"
                and c.name
                and not self._chrome(snapshot, c)
                and not _priced_or_dated(c.name)
            ),
            None,
        )
        if back is None:
            return None
        self.retreats += 1
        return self._click(snapshot, back, f"Going back: '{back.name}'")

    def _open_collapsed(
        self, snapshot: Snapshot, live: list[_Control]
    ) -> tuple[ToolCall, str] | None:
        """Nothing else on a page read whole: open what is collapsed (a support chat, a menu),
        once each; what opens is read on the next turn."""
        if self.final_clicked:
            return None
        for control in live:
            if control.role in CONTROL_ROLES and "collapsed" in control.state:
                if KEEP.search(control.name):
                    continue
                return self._click(snapshot, control, f"Opening: '{control.name}'")
        return None

    # -- the steps, in order ------------------------------------------------------------------

    def _consent(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        for control in live:
            banner = COOKIE.search(control.context) or COOKIE.search(control.name)
            if banner and COOKIE_OK.search(control.name):
                return self._click(
                    snapshot, control, f"Closing the consent banner: '{control.name}'"
                )
        return None

    def _unblock(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """Something covered the last click: close it (or decline it), then try again."""
        if not self.blocked:
            return None
        self.blocked = False
        for control in live:
            name = control.name
            if control.role in CONTROL_ROLES and (
                COOKIE_OK.search(name) or DISMISS.search(name) or DECLINE.search(name)
            ):
                return self._click(snapshot, control, f"Closing what covers the page: '{name}'")
        return None

    def _profile(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """A "Who's watching?" picker: the first profile; the account is the same behind all."""
        page = normalize(" ".join([snapshot.page.title, snapshot.page.text[:300]]))
        headings = normalize(" ".join(e.name for e in snapshot.elements if e.role == "heading"))
        if not (PROFILES.search(page) or PROFILES.search(headings)):
            return None
        for control in live:
            if control.role in ("link", "button") and control.name:
                if PROFILE_ADMIN.search(control.name) or TOWARD.search(control.name):
                    continue
                return self._click(snapshot, control, f"Choosing a profile: '{control.name}'")
        return None

    def _dialog(
        self,
        snapshot: Snapshot,
        live: list[_Control],
        in_dialog: list[_Control],
        words: str,
        *_: Any,
    ) -> tuple[ToolCall, str] | None:
        """An open dialog is answered first: decline its offer, or confirm the cancelling."""
        mine = [c for c in live if c in in_dialog and c.role in CONTROL_ROLES]
        if not mine:
            return None
        decline = next((c for c in mine if DECLINE.search(c.name)), None)
        if decline:
            self.started = True
            return self._click(snapshot, decline, f"Declining the offer: '{decline.name}'")
        if FLOW.search(words):
            for control in mine:
                if KEEP.search(control.name) or DISMISS.search(control.name):
                    continue
                if (
                    FINAL.search(control.name)
                    or START.search(control.name)
                    or YES.search(control.name)
                ):
                    self.final_clicked = True
                    return self._click(snapshot, control, f"Confirming: '{control.name}'")
        return None

    def _final(
        self, snapshot: Snapshot, live: list[_Control], _d: Any, _w: Any, every: list[_Control]
    ) -> tuple[ToolCall, str] | None:
        """The last step; if it waits for a reason, the least personal one first."""
        finals = [c for c in live if c.role in CONTROL_ROLES and self._is_final(c)]
        if finals:
            self.final_clicked = True
            return self._click(snapshot, finals[0], f"Taking the final step: '{finals[0].name}'")
        waiting = [
            c
            for c in every
            if c.role in CONTROL_ROLES
            and "disabled" in c.state
            and (self._is_final(c) or FORWARD.search(c.name) or START.search(c.name))
            and not KEEP.search(c.name)
        ]
        if not waiting:
            return None
        return self._unblock_way_on(snapshot, live, every)

    def _unblock_way_on(
        self, snapshot: Snapshot, live: list[_Control], every: list[_Control]
    ) -> tuple[ToolCall, str] | None:
        """The way on is disabled until something is done: a required box ("I understand"), a
        reason, or a word typed to confirm. Offers and e-mail sign-ups are never ticked."""
        boxes = [
            c
            for c in live
            if c.role in ("checkbox", "switch")
            and "checked" not in c.state
            and not OFFER.search(c.name)
            and not KEEP.search(c.name)
            and not NEWSLETTER.search(c.name)
        ]
        if boxes:
            return self._click(
                snapshot, boxes[0], f"Ticking what the next step needs: '{boxes[0].name}'"
            )
        radios = [c for c in live if c.role == "radio" and "checked" not in c.state]
        radios = [c for c in radios if not OFFER.search(c.name) and not KEEP.search(c.name)]
        choice = next((c for c in radios if OTHER.search(c.name)), None) or (
            radios[-1] if radios else None
        )
        if choice:
            return self._click(snapshot, choice, f"Choosing a reason: '{choice.name}'")
        typed = self._type_the_word(snapshot, live)
        if typed is not None:
            return typed
        combo = next((c for c in live if c.role == "combobox"), None)
        return self._select_reason(snapshot, combo, every) if combo else None

    def _type_the_word(
        self, snapshot: Snapshot, live: list[_Control]
    ) -> tuple[ToolCall, str] | None:
        """A box that wants a word typed to confirm: the word the page quotes or capitalises
        near it ("Type CANCEL to confirm", «ANNULER», „KÜNDIGEN")."""
        fields = [
            e
            for e in snapshot.elements
            if e.role in ("textbox", "searchbox")
            and not (e.value or "").strip()
            and "disabled" not in e.state
            and (snapshot.page.url, e.ref) not in self.typed
            and not secret_field(Named(e.name))  # a password or a code is never ours to type
        ]
        if not fields:
            return None
        text = " ".join(
            [snapshot.page.text, *(e.name for e in snapshot.elements if e.role != "button")]
        )
        word = _confirmation_word(text)
        if word is None:
            return None
        field = fields[0]
        self.typed.add((snapshot.page.url, field.ref))
        return ToolCall(
            id="", name="browser_fill", arguments={"ref": field.ref, "value": word}
        ), f"Typing the word the page asks for: '{word}'"

    def _select_reason(
        self, snapshot: Snapshot, combo: _Control, every: list[_Control]
    ) -> tuple[ToolCall, str] | None:
        key = self._key(snapshot, combo)
        options = [c.element.name for c in every if c.role == "option" and c.element.name]
        options = options or self.listed[1:]  # a native list's first entry is its placeholder
        if not options and key not in self.probed:
            # A native <select> keeps its options out of the snapshot; asking for "other"
            # either picks it or has browser_select's error list them.
            self.probed.add(key)
            return ToolCall(
                id="", name="browser_select", arguments={"ref": combo.ref, "value": "other"}
            ), "Choosing a reason: 'other'"
        if not options:
            return None
        pick = next((o for o in options if OTHER.search(normalize(o))), options[-1])
        self.tried.add(key)
        return ToolCall(
            id="", name="browser_select", arguments={"ref": combo.ref, "value": pick}
        ), f"Choosing a reason: '{pick}'"

    @staticmethod
    def _is_final(control: _Control) -> bool:
        name = control.name
        return bool(FINAL.search(name)) and not KEEP.search(name) and not DECLINE.search(name)

    def _after(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """Past the last step, unconfirmed yet: skip the survey, or send it blank; then done."""
        if not self.final_clicked:
            return None
        moves = [c for c in live if c.role in CONTROL_ROLES and AFTER.search(c.name)]
        moves.sort(
            key=lambda c: 0 if re.match(r"skip|done|uberspringen|passer|omitir", c.name) else 1
        )
        if moves:
            return self._click(snapshot, moves[0], f"Moving on: '{moves[0].name}'")
        return None

    def _decline(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        for control in live:
            if (
                control.role in CONTROL_ROLES
                and DECLINE.search(control.name)
                and not KEEP.search(control.name)
            ):
                self.started = True
                return self._click(snapshot, control, f"Declining the offer: '{control.name}'")
        return None

    def _expand(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """A collapsed section about cancelling, known by its own name or its section's."""
        for control in live:
            if "collapsed" not in control.state:
                continue
            about = f"{control.name} {control.context}"
            toward = TOWARD.search(control.context)  # "Show more" under "Membership"
            if (START.search(about) or FLOW.search(about) or toward) and not KEEP.search(about):
                return self._click(snapshot, control, "Opening the cancel option")
        return None

    def _start(
        self, snapshot: Snapshot, live: list[_Control], in_dialog: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        for control in live:
            if control.role not in CONTROL_ROLES or KEEP.search(control.name):
                continue
            dismisses = control in in_dialog and DISMISS.search(control.name)  # "never mind"
            if START.search(control.name) and not dismisses:
                self.started = True
                return self._click(
                    snapshot, control, f"Starting the cancellation: '{control.name}'"
                )
        return None

    def _choose(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """A choice between keeping and leaving (radios, a switch): the leaving option."""
        for control in live:
            if control.role not in CHOICE_ROLES or "checked" in control.state:
                continue
            if START.search(control.name) and not KEEP.search(control.name):
                self.started = True
                return self._click(snapshot, control, f"Choosing: '{control.name}'")
        return None

    def _answer(
        self, snapshot: Snapshot, live: list[_Control], _d: Any, _w: Any, every: list[_Control]
    ) -> tuple[ToolCall, str] | None:
        """Inside the flow, a question before going on (why are you leaving?): answer it, the
        least personal way, and never with an offer."""
        if not self.started:
            return None
        radios = [c for c in every if c.role == "radio"]
        if radios and not any("checked" in c.state for c in radios):
            fair = [
                c
                for c in radios
                if c in live and not OFFER.search(c.name) and not KEEP.search(c.name)
            ]
            pick = next((c for c in fair if OTHER.search(c.name)), fair[-1] if fair else None)
            if pick is not None:
                return self._click(snapshot, pick, f"Answering: '{pick.name}'")
        for combo in (c for c in live if c.role == "combobox"):
            value = normalize(combo.element.value or "")
            if REASON.search(combo.name) or REASON.search(value) or REASON.search(combo.context):
                chosen = self._select_reason(snapshot, combo, every)
                if chosen is not None:
                    return chosen
        return None

    def _forward(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        """Inside a cancel flow with nothing better on the page: its plain way forward."""
        where = normalize(f"{snapshot.page.url} {snapshot.page.title}")
        if not (self.started or FLOW.search(where)):
            return None
        for control in live:
            name = control.name
            if control.role not in CONTROL_ROLES or KEEP.search(name) or OFFER.search(name):
                continue
            if FORWARD.search(name) or (YES.search(name) and not DISMISS.search(name)):
                self.started = True
                return self._click(snapshot, control, f"Going on: '{name}'")
        return None

    def _toward(
        self, snapshot: Snapshot, live: list[_Control], *_: Any
    ) -> tuple[ToolCall, str] | None:
        if self.final_clicked:  # past the last step a membership link leads to "Restart"
            return None
        for control in live:
            if control.role not in CONTROL_ROLES or KEEP.search(control.name):
                continue
            if TOWARD.search(control.name):
                return self._click(snapshot, control, f"Opening membership: '{control.name}'")
        return None

    def _look_further(self, snapshot: Snapshot) -> tuple[ToolCall, str]:
        url, scroll_y = snapshot.page.url, snapshot.viewport.scroll_y
        if url not in self.looked_whole:
            self.looked_whole.add(url)
            return ToolCall(
                id="", name="get_snapshot", arguments={"viewport_only": False}
            ), "Nothing to do in view; reading the whole page"
        if self.scrolled_to.get(url) != scroll_y:  # not yet at the bottom: read further down
            self.scrolled_to[url] = scroll_y
            return ToolCall(
                id="", name="browser_scroll", arguments={"direction": "down", "amount": 600}
            ), "Nothing to do in view; scrolling down"
        return self._complete("failed", f"Dead end: no way to cancel found on {snapshot.page.url}")


def _page_of(url: str) -> str:
    """A page's address without its query or fragment."""
    return url.split("#", 1)[0].split("?", 1)[0]


def _holds_back(name: str) -> bool:
    """Words say the control keeps, takes an offer, dismisses or goes back: never a way on."""
    return bool(
        KEEP.search(name) or OFFER.search(name) or DISMISS.search(name) or DECLINE.search(name)
    )


def _offers(snapshot: Snapshot, control: _Control) -> bool:
    """The control's section names a percentage: a discount offered to stay, in any language."""
    return "%" in section_text(snapshot, control.ref)


def _priced_or_dated(text: str) -> bool:
    return bool(PRICE.search(text) or find_date(text))


def _declined(said: str) -> str:
    """The person's refusal, their words once: the reply carries them as "User feedback: ...
    (the action was not performed)"."""
    words = ""
    if said.startswith("User feedback: "):
        words = said.removeprefix("User feedback: ").removesuffix(" (the action was not performed)")
    if not words or words.startswith("none (the person declined"):
        return "The person declined."
    return f"The person declined: {words}"


def _confirmation_word(text: str) -> str | None:
    """The word a page asks to be typed: quoted, else the one word in capitals (not a brand
    the page repeats everywhere, such as NETFLIX)."""
    quoted = QUOTED_WORD.findall(text)
    if quoted:
        return str(quoted[0])
    capitals = [w for w in CAPITAL_WORD.findall(text) if w not in ("NETFLIX", "HDR", "FAQ", "OK")]
    return capitals[0] if capitals else None
