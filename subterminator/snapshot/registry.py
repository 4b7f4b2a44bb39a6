"""``ElementRegistry``: which ref means which element, and which refs are stale.

A number is never given to two elements within a session: each snapshot's new refs take the
next contiguous block of numbers, so a ref from an older snapshot can never silently hit a
different element. The registry remembers every block it handed out so a stale ref's error
names its snapshot.

With ``keep_refs`` (an MCP client reading what changed rather than every page whole), an
element that is still the same node, with the same role and name, keeps the ref it had in the
last snapshot; anything else (a new node, a renamed one) takes a new number, and a ref whose
element changed or left goes stale. The conversation loop gives every snapshot new refs.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from subterminator.errors import RefInvalidError
from subterminator.snapshot.element import ElementInfo

_REF = re.compile(r"@e([0-9]+)")  # ASCII digits: the only ones a snapshot issues


@dataclass(frozen=True, slots=True)
class _Block:
    start: int
    end: int  # exclusive
    snapshot_id: str
    sequence: int  # 1-based snapshot number within the session

    def describe(self) -> str:
        refs = f"@e{self.start}-@e{self.end - 1}" if self.end > self.start else "no refs"
        return f"snapshot #{self.sequence} ({self.snapshot_id}, {refs})"


@dataclass(frozen=True, slots=True)
class Pin:
    """What a ref resolved to on the live page, for every reader until the page changes: the
    element an action will act on (a re-render's replacement, with ``note`` saying so), or
    none, ``why`` saying so. The gate inspects exactly what the action then acts on."""

    element: ElementInfo | None
    note: str | None = None
    why: str = ""


class ElementRegistry:
    """Ref lifecycle for one session."""

    def __init__(self, *, keep_refs: bool = False) -> None:
        self.keep_refs = keep_refs
        self._kept: dict[Hashable, str] = {}  # the last snapshot's refs, by element identity
        self._next = 0
        self._blocks: list[_Block] = []
        self._current: dict[str, ElementInfo] = {}
        self._valid = False
        # secret fields seen in this session, by handle (stable while the element lives) and
        # ref: a password field turned to text by a show-password toggle stays secret
        self._secret_handles: set[str] = set()
        self._secret_refs: set[str] = set()
        self._typed_secret = False  # a secret was typed: the run is signing in or paying
        self._pins: dict[str, Pin] = {}  # refs resolved on the live page (tools.targets)

    @property
    def snapshot_id(self) -> str | None:
        return self._blocks[-1].snapshot_id if self._valid and self._blocks else None

    @property
    def next_index(self) -> int:
        """The number the next snapshot's first ref will carry."""
        return self._next

    @property
    def snapshot_count(self) -> int:
        return len(self._blocks)

    def register_snapshot(
        self,
        snapshot_id: str,
        elements: list[ElementInfo],
        identities: Sequence[Hashable | None] | None = None,
    ) -> list[str]:
        """Give ``elements`` (in DFS order) their refs; all older refs go stale but, with
        ``keep_refs``, those of elements whose identity (``identities``: None for an element
        that has none) was in the last snapshot, which they keep."""
        start = self._next
        refs = self._numbered(identities or [None] * len(elements))
        for ref, element in zip(refs, elements, strict=True):
            element.ref = ref
            if element.handle is not None and element.handle in self._secret_handles:
                element.secret = True
                if element.value:  # a code typed into a plain field: shown as the page would
                    element.value = "•" * len(element.value)
            if element.secret:
                self._secret_refs.add(ref)
                if element.handle is not None:
                    self._secret_handles.add(element.handle)
        self._blocks.append(_Block(start, self._next, snapshot_id, len(self._blocks) + 1))
        self._current = dict(zip(refs, elements, strict=True))
        self._pins = {}
        self._valid = True
        return refs

    def _numbered(self, identities: Sequence[Hashable | None]) -> list[str]:
        """A ref per identity: the last snapshot's for one seen there (``keep_refs``), else
        the next number. An identity two elements share is no one's: neither keeps a ref.
        Identities are remembered for the next snapshot only."""
        seen = Counter(i for i in identities if i is not None)
        refs: list[str] = []
        kept: dict[Hashable, str] = {}
        for identity in identities:
            unique = identity is not None and seen[identity] == 1
            ref = self._kept.get(identity) if self.keep_refs and unique else None
            if ref is None:
                ref = f"@e{self._next}"
                self._next += 1
            if unique:
                kept[identity] = ref
            refs.append(ref)
        self._kept = kept if self.keep_refs else {}
        return refs

    def resolve(self, ref: str) -> ElementInfo:
        """The element behind ``ref`` in the current snapshot, or ``RefInvalidError`` saying why."""
        pin = self._pins.get(ref) if self._valid else None
        if pin is not None and pin.element is None:
            raise RefInvalidError(ref, pin.why)
        element = self._current.get(ref) if self._valid else None
        if element is not None:
            return element
        raise RefInvalidError(ref, self.explain(ref))

    def peek(self, ref: object) -> ElementInfo | None:
        """The current element behind ``ref``, or None; never raises (for checks before acting)."""
        if not self._valid or not isinstance(ref, str):
            return None
        pin = self._pins.get(ref)
        return self._current.get(ref) if pin is None else pin.element

    def pin(self, ref: str, pin: Pin) -> None:
        """``ref`` resolved on the live page: from now until the page changes, it means
        ``pin.element`` (a replacement takes the old element's place) or nothing."""
        if not self._valid or ref not in self._current:
            return
        self._pins[ref] = pin
        if pin.element is not None:
            self._current[ref] = pin.element
            if pin.element.secret and pin.element.handle is not None:
                self._secret_handles.add(pin.element.handle)

    def pinned(self, ref: str) -> Pin | None:
        """What ``ref`` resolved to on the live page since the last snapshot, if it was."""
        return self._pins.get(ref) if self._valid else None

    def mark_secret(self, ref: str) -> None:
        """A secret was typed into ``ref``'s element: it is a secret field from now on."""
        self._secret_refs.add(ref)
        self._typed_secret = True
        element = self.peek(ref)
        if element is not None and element.handle is not None:
            self._secret_handles.add(element.handle)

    def was_secret(self, ref: object) -> bool:
        """Whether ``ref`` named a secret field when it was issued (any snapshot)."""
        return isinstance(ref, str) and ref in self._secret_refs

    @property
    def sign_in_step(self) -> bool:
        """A sign-in or payment step: the current page holds a secret field, or a secret was
        typed earlier in the session (the code step after a password, say)."""
        return self._typed_secret or (self._valid and any(e.secret for e in self._current.values()))

    def explain(self, ref: str) -> str:
        match = _REF.fullmatch(ref)
        if not match:
            return "refs look like '@e7'"
        digits = match.group(1)
        # longer than any issued number: never issued (and int() refuses 4,300+ digits)
        if len(digits) > len(str(self._next)) or int(digits) >= self._next:
            return "no snapshot in this session has issued it"
        number = int(digits)
        starts = [b.start for b in self._blocks]
        block = self._blocks[bisect.bisect_right(starts, number) - 1]
        if self._valid and block is self._blocks[-1]:
            return f"it is not in {block.describe()}"
        if self.keep_refs:
            return f"it came from {block.describe()}; the element it named has changed or gone"
        return f"it came from {block.describe()}, which is no longer current"

    def invalidate(self) -> None:
        """Every ref goes stale (an action is about to change the page)."""
        self._valid = False
        self._current = {}
        self._pins = {}

    def list_refs(self) -> list[str]:
        return list(self._current) if self._valid else []
