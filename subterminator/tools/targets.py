"""``Targets``: a ref resolved to the live element an action acts on, once per snapshot.

A page that re-renders puts the same controls in new nodes; a ref taken before then names a
node gone from the page. When it is gone (never when it is only hidden or covered), the same
control is looked for in the live page by what it is (``browser.refind``): exactly one, and the
action goes to it, the reply saying so; none or several, and the ref is invalid, the reply
carrying the fresh snapshot. What a ref resolved to is pinned in the registry until the page
changes, so that the gate above inspects exactly the element the action then acts on; under
a gate (``refinds_itself`` off) only the gate's own resolution may re-find.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from subterminator.browser.protocol import Browser
from subterminator.browser.relocation import Relocating, Relocation
from subterminator.errors import BrowserActionError, BrowserError, RefInvalidError
from subterminator.snapshot.element import ElementInfo
from subterminator.snapshot.registry import ElementRegistry, Pin
from subterminator.untrusted import NAME, shown

log = logging.getLogger(__name__)

AMBIGUOUS = (
    "the page re-rendered it after the snapshot, and {count} controls in the live page are "
    "like it, none told apart by its place in the page"
)
MISSING = "the page re-rendered it after the snapshot, and no control like it is on the page now"


@dataclass(frozen=True)
class Target:
    """The element to act on, and what the reply says of it (a re-render's replacement)."""

    element: ElementInfo
    note: str | None = None


class Targets:
    """Resolves refs on the live page for one ``BrowserToolServer``."""

    def __init__(self, browser: Browser, registry: ElementRegistry) -> None:
        self.browser = browser
        self.registry = registry
        # a server with nobody above it re-finds at its own resolution; under a gate only the
        # gate's resolution does, so that nothing is acted on that the gate did not inspect
        self.refinds_itself = True

    async def live(self, ref: str, *, refind: bool | None = None) -> Target:
        """``ref``'s element on the live page (raises ``RefInvalidError`` saying why)."""
        pin = self.registry.pinned(ref)
        if pin is None:
            element = self.registry.resolve(ref)
            if not (self.refinds_itself if refind is None else refind):
                return Target(element)
            pin = await self._resolved(ref, element)
            self.registry.pin(ref, pin)
        if pin.element is None:
            raise RefInvalidError(ref, pin.why)
        return Target(pin.element, pin.note)

    async def peek(self, ref: object) -> ElementInfo | None:
        """The gate's resolution of ``ref`` (re-finding it if a re-render replaced it); None
        when it names nothing, and the call below then answers ``ref_invalid``."""
        if not isinstance(ref, str) or self.registry.peek(ref) is None:
            return None
        try:
            return (await self.live(ref, refind=True)).element
        except RefInvalidError:
            return None

    async def _resolved(self, ref: str, element: ElementInfo) -> Pin:
        if element.handle is None or not isinstance(self.browser, Relocating):
            return Pin(element)
        try:
            found = await self.browser.relocate(element.handle)
        except (BrowserActionError, BrowserError) as exc:  # the action says what is wrong
            log.info("could not look for %s's control again: %s", ref, exc)
            return Pin(element)
        if found.state == "one":
            log.info("%s: re-rendered; acting on its replacement %s", ref, found.handle)
            note = (
                f"The page re-rendered {ref} after the snapshot; the action went to the same "
                f"control in the live page ({_described(element, found)})."
            )
            return Pin(replace(element, handle=found.handle), note)
        if found.state == "many":
            return Pin(None, why=AMBIGUOUS.format(count=found.count))
        if found.state == "none":
            return Pin(None, why=MISSING)
        return Pin(element)


def _described(element: ElementInfo, found: Relocation) -> str:
    """The control as the reply names it: role, name, and its place among controls like it."""
    said = f'{element.role} "{shown(element.name, NAME)}"'
    if found.nth and found.of > 1:
        said += f", {_ordinal(found.nth)} of {found.of}"
    if found.scope and found.scope_name:
        said += f' in {found.scope} "{shown(found.scope_name, NAME)}"'
    elif found.scope:
        said += f" in its {found.scope}"
    return said


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
