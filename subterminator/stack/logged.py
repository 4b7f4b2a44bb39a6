"""``LoggedCalls``: any layer, with each call and its reply logged as a turn as it happens.

A front door without a conversation (the MCP server) keeps its run record here: one turn per
tool call, with the page's screenshot after it. The log is anything with ``turn_began`` and
``turn_row`` (``RunRecord`` is one); this layer never imports it, so it sits below the record.

The screenshot is taken off the reply's path: a snapshot's round trip costs what its capture
costs (~4 ms on a small page) rather than that plus a screenshot (~35 ms). The turn is written
when its screenshot is in; a later call that may change the page, an ending and the session's
close wait for it first, so each turn's picture is the page as that turn left it. A read
(``READS``) runs beside it and shares its picture: a read changes nothing to picture. Its turn
begins at once (a question it asks is its own; the record files questions by turn), and its
row is written after the turn it ran beside. A read that finds the page as the last turn's
snapshot showed it (``_unchanged``) shares that turn's picture too: a client looking again and
again would otherwise have a screenshot taken beside every other look, each as dear as the
look itself, and they share the renderer.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, Protocol

from subterminator.models.conversation import ToolCall
from subterminator.models.snapshot import Snapshot
from subterminator.models.turn import TurnRecord
from subterminator.snapshot.registry import ElementRegistry
from subterminator.stack.layer import Preview, Reply, ToolLayer, call_row

log = logging.getLogger(__name__)

READS = frozenset({"get_snapshot"})  # calls that only look at the page
Shoot = Callable[[], Awaitable[bytes | None]]


class CallLog(Protocol):
    def turn_began(
        self, *, turn: int, tool: str | None, target: str | None, arguments: Any
    ) -> None: ...

    def turn_row(self, row: TurnRecord, screenshot: bytes | None = None) -> None: ...


async def _nothing() -> bytes | None:
    return None


class LoggedCalls:
    """The layer below, each call written to ``log`` (a run record) as one turn; ``shoot``
    takes the page's picture when a reply's snapshot carries none."""

    def __init__(
        self,
        inner: ToolLayer,
        log: CallLog,
        registry: ElementRegistry,
        shoot: Shoot = _nothing,
    ) -> None:
        self.inner, self.log, self.registry, self.shoot = inner, log, registry, shoot
        self.calls = 0
        self.ended = False
        self._writing: asyncio.Future[bytes | None] | None = None  # the last turn, until written
        self._seen: Snapshot | None = None  # the page as the last turn's snapshot showed it

    async def written(self) -> bytes | None:
        """Every turn so far in the log, with its screenshot; the last one's picture."""
        writing = self._writing
        if writing is None:
            return None
        return await asyncio.shield(writing)

    def _busy(self) -> bool:
        return self._writing is not None and not self._writing.done()

    async def execute(self, call: ToolCall) -> Reply:
        self.calls += 1
        turn = self.calls
        shown = Preview.of(call, self.registry)

        def begin() -> None:
            target, arguments = shown.target, shown.arguments
            self.log.turn_began(turn=turn, tool=call.name, target=target, arguments=arguments)

        beside = call.name in READS and self._busy()
        if not beside:
            await self.written()
        begin()  # now: a question asked during the call is this turn's
        started = time.monotonic()
        reply = await self.inner.execute(call)
        row = call_row(turn, call, shown, reply, int((time.monotonic() - started) * 1000))
        shot = base64.b64decode(reply.snapshot.screenshot) if reply.snapshot.screenshot else None
        ours = reply.shown is None and reply.result.get("error") is None  # a fresh page of ours
        seen, self._seen = self._seen, reply.snapshot if ours else None
        unchanged = ours and call.name in READS and _unchanged(reply.snapshot, seen)

        def write(picture: bytes | None) -> bytes | None:
            self.log.turn_row(row, picture)
            return picture

        if shot is not None:
            self._then(lambda _: write(shot))
        elif beside or unchanged:  # the last turn's picture is of the page this read saw
            self._then(write)
        else:
            self._writing = asyncio.create_task(self._shot_then(write))
        if reply.ended is None or self.ended:
            return reply
        self.ended = True  # a run ends once; later calls report that ending again
        picture = await self.written()  # the ending is recorded with the page it ended on
        if picture is None or shot is not None:
            return reply
        said = base64.b64encode(picture).decode()
        snapshot = reply.snapshot.model_copy(update={"screenshot": said})
        return replace(reply, snapshot=snapshot)

    def _then(self, step: Callable[[bytes | None], bytes | None]) -> None:
        """``step`` after the turn being written, with its picture, off the event loop (the
        record syncs each line to disk)."""
        before = self._writing

        async def after() -> bytes | None:
            if before is not None:
                await asyncio.wait({before})
            return await asyncio.to_thread(step, _picture(before))

        self._writing = asyncio.ensure_future(after())

    async def _shot_then(self, write: Callable[[bytes | None], bytes | None]) -> bytes | None:
        try:
            picture = await self.shoot()
        except asyncio.CancelledError:  # the session is going: the turn still counts
            write(None)
            raise
        except Exception:  # a turn without its picture beats a turn not written
            log.exception("the run record's screenshot failed")
            picture = None
        return await asyncio.to_thread(write, picture)


def _unchanged(now: Snapshot, before: Snapshot | None) -> bool:
    """Whether ``now`` shows the page as ``before`` did: the same address, text, elements (their
    boxes too), focus and scroll."""
    if before is None:
        return False
    same = now.page == before.page and now.viewport == before.viewport
    return same and now.focused == before.focused and now.elements == before.elements


def _picture(turn: asyncio.Future[bytes | None] | None) -> bytes | None:
    """The picture a written turn kept; None if there was none or writing it failed."""
    if turn is None or turn.cancelled() or turn.exception() is not None:
        return None
    return turn.result()
