"""``RecordingBrowser`` (and its companions for the AI and the approvals): record any run.

The browser wrapper takes a whole-page capture beside every capture the run asks for, and logs
every call across the seam with the element it named and the page it led to. The page an action
led to is the one the run's next capture showed (the reply the model read), not the page at the
instant the action returned: a page's own fetch or redirect may still redraw it between the two,
and a replay must answer what the live run answered. Everything is written to disk after each
event (atomically), so an interrupted run keeps what it recorded.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from subterminator.ai.protocol import AIClientProtocol
from subterminator.browser.capture import RawCapture, RawNode
from subterminator.browser.effect import ActionEffect
from subterminator.browser.history import History
from subterminator.browser.keyed import Keyed
from subterminator.browser.protocol import (
    ActionKind,
    Activating,
    Browser,
    CaptureScope,
    RequestGuard,
    ScrollDirection,
)
from subterminator.browser.reach import Reach
from subterminator.browser.side_effects import SideEffect
from subterminator.errors import BrowserActionError
from subterminator.models.approval import ApprovalDecision, ApprovalRequest, HumanApprovalHandler
from subterminator.models.conversation import AIResponse, Message, latest
from subterminator.models.result import TaskResult
from subterminator.recording.model import (
    BrowserCall,
    BrowserEvent,
    ElementIdentity,
    ExpectedOutcome,
    RecordedApproval,
    RecordedPage,
    RecordedTurn,
    Recording,
    RecordingMeta,
    RecordingSource,
    fingerprint,
    identity_of,
)
from subterminator.recording.store import save
from subterminator.snapshot.registry import ElementRegistry
from subterminator.snapshot.secrecy import KNOWN, Named, mask
from subterminator.tools.masking import masked_arguments, written_arguments

STEADY_TRIES = 3  # a page that never stops changing is recorded as last seen


def to_document(capture: RawCapture) -> RawCapture:
    """Boxes in document coordinates (the page as if scrolled to its top)."""
    dx, dy = capture.viewport.scroll_x, capture.viewport.scroll_y
    nodes = [
        n.model_copy(
            update={"box": n.box.model_copy(update={"x": n.box.x + dx, "y": n.box.y + dy})}
        )
        if n.box is not None
        else n
        for n in capture.nodes
    ]
    viewport = capture.viewport.model_copy(update={"scroll_x": 0, "scroll_y": 0})
    return capture.model_copy(update={"nodes": nodes, "viewport": viewport, "scope": "page"})


class Recorder:
    """The recording being made, saved after every change."""

    def __init__(
        self,
        folder: Path | None,
        *,
        service: str,
        flow: str,
        source: RecordingSource,
        start_url: str = "",
    ) -> None:
        self.folder = folder
        self.browser: RecordingBrowser | None = None  # set by the RecordingBrowser
        # the run's refs, for the AI's calls to be masked as the run masks them (set by the
        # run builder; without it every typed value is masked)
        self.registry: ElementRegistry | None = None
        self.secret_handles: set[str] = set()  # secret fields seen in a whole-page capture
        self.recording = Recording(
            meta=RecordingMeta(
                service=service,
                flow=flow,
                source=source,
                recorded_at=datetime.now(UTC).isoformat(timespec="seconds"),
                start_url=start_url,
            )
        )

    def save(self) -> None:
        if self.folder is not None:  # None: kept in memory only (tests replay it at once)
            save(self.recording, self.folder)

    def add_page(self, capture: RawCapture) -> str:
        page = to_document(capture)
        page_id = fingerprint(page)
        if all(p.id != page_id for p in self.recording.pages):
            self.recording.pages.append(RecordedPage(id=page_id, capture=page))
        return page_id

    def finish(self, result: TaskResult) -> None:
        self.recording.expected = ExpectedOutcome(
            reason=result.reason,
            success=result.success,
            verified=result.verified,
            approvals=[a.kind for a in self.recording.approvals],
        )
        self.save()


class RecordingBrowser:
    """A ``Browser`` that wraps another and records every capture and action."""

    def __init__(self, inner: Browser, recorder: Recorder) -> None:
        self.inner = inner
        self.recorder = recorder
        recorder.browser = self
        self.page = ""  # id of the page as last captured whole
        self.scroll_y = 0
        self._nodes: dict[str, int] = {}  # handle -> index in the whole-page capture
        self.whole: RawCapture | None = None  # the page as last captured whole
        # the last event whose page may still move before the run's next capture shows it
        self._settling: BrowserEvent | None = None

    def __getattr__(self, name: str) -> Any:  # page, context... for callers that need them
        return getattr(self.inner, name)

    async def look(self) -> None:
        """Capture the page whole and keep it as the page last seen."""
        self._keep(await self._whole())

    async def _whole(self) -> RawCapture:
        return self._withheld(await self.inner.capture(scope="page"))

    def _keep(self, whole: RawCapture) -> None:
        """Keep ``whole`` as the page last seen (and in the recording)."""
        meta = self.recorder.recording.meta
        if not meta.viewport:
            meta.viewport = {"width": whole.viewport.width, "height": whole.viewport.height}
            meta.chromium = str(getattr(self.inner, "version", "") or "")
        self.page = self.recorder.add_page(whole)
        self.scroll_y = whole.viewport.scroll_y
        self.whole = whole
        self._nodes = {n.handle: i for i, n in enumerate(whole.nodes) if n.handle}
        self.recorder.secret_handles |= {n.handle for n in whole.nodes if n.secret and n.handle}

    def _withheld(self, capture: RawCapture) -> RawCapture:
        """``capture`` with the value of every field a secret was typed into shown as bullets
        (the page shows a code typed into a plain field as it is)."""
        secret = self.recorder.secret_handles
        if not any(n.handle in secret and n.value for n in capture.nodes):
            return capture
        nodes = [
            n.model_copy(update={"value": "•" * len(n.value), "secret": True})
            if n.handle in secret and n.value
            else n
            for n in capture.nodes
        ]
        return capture.model_copy(update={"nodes": nodes})

    def typed(self, handle: str, value: str) -> str:
        """``value`` typed into ``handle``, as a recording may hold it."""
        index = self._nodes.get(handle)
        node = self.whole.nodes[index] if index is not None and self.whole else None
        return self.typed_into(node, value)

    def typed_into(self, node: RawNode | None, value: str) -> str:
        """``value`` typed into ``node`` (None: unknown), as a recording may hold it: masked
        when secret (snapshot.secrecy), judged on the page as last captured whole."""
        if node is not None and (node.secret or node.handle in self.recorder.secret_handles):
            KNOWN.remember(value)
            return mask(value)
        nodes = self.whole.nodes if self.whole else []
        field = None if node is None else Named(node.name, code_shaped=node.code_shaped)
        sign_in = any(n.secret for n in nodes)
        arguments = masked_arguments("browser_fill", {"value": value}, field, sign_in_step=sign_in)
        if node is not None and node.handle is not None and arguments["value"] != value:
            self.recorder.secret_handles.add(node.handle)
        return str(arguments["value"])

    def _identity(self, handle: str) -> ElementIdentity | None:
        index = self._nodes.get(handle)
        if index is None or self.whole is None:
            return None
        return identity_of(self.whole.nodes, index)

    async def _record(
        self, call: BrowserCall, handle: str | None, arguments: dict[str, Any], act: Any
    ) -> Any:
        self._settling = None  # a call made on the page fixes where the last one led
        before = self.page
        target = self._identity(handle) if handle else None
        event = BrowserEvent(call=call, page=before, target=target, arguments=arguments)
        try:
            value = await act
        except BrowserActionError as exc:
            event.error_code, event.error_detail = exc.code, exc.detail
            await self.record_after(event)
            raise
        if isinstance(value, ActionEffect):
            event.effect = value
            event.result_page, event.scroll_y = before, self.scroll_y
            self.recorder.recording.events.append(event)
            self.recorder.save()
        else:
            await self.record_after(event)
        return value

    async def person_acted(self) -> None:
        """A person did something in the browser (outside the seam): where it led."""
        await self.record_after(BrowserEvent(call="human", page=self.page))

    async def record_after(self, event: BrowserEvent) -> None:
        """Capture where ``event`` led and keep it."""
        self._settling = None
        await self.look()
        event.result_page, event.scroll_y = self.page, self.scroll_y
        self.recorder.recording.events.append(event)
        self.recorder.save()
        self._settling = event

    # -- the Browser protocol -------------------------------------------------------------

    async def navigate(self, url: str) -> int | None:
        status: int | None = await self._record(
            "navigate", None, {"url": url}, self.inner.navigate(url)
        )
        return status

    async def capture(
        self, *, scope: CaptureScope = "viewport", screenshot_pixels: int | None = None
    ) -> RawCapture:
        capture, whole = await self._steady(scope, screenshot_pixels)
        self._keep(whole)
        event, self._settling = self._settling, None
        if event is not None and event.result_page != self.page:  # it went on moving
            event.result_page, event.scroll_y = self.page, self.scroll_y
            self.recorder.save()
        return capture

    async def _steady(
        self, scope: CaptureScope, screenshot_pixels: int | None
    ) -> tuple[RawCapture, RawCapture]:
        """The capture asked for, and the whole page it was taken on: whole captures on both
        sides of it that agree, so the recorded page is the one the capture shows (a page
        still being redrawn is captured again, a few times at most)."""
        before = await self._whole()
        for _ in range(STEADY_TRIES):
            capture = await self.inner.capture(scope=scope, screenshot_pixels=screenshot_pixels)
            after = await self._whole()
            if fingerprint(after) == fingerprint(before):
                break
            before = after
        return capture, after

    async def inspect(self, handle: str, action: ActionKind) -> ActionEffect:
        effect: ActionEffect = await self._record(
            "inspect", handle, {"action": action}, self.inner.inspect(handle, action)
        )
        return effect

    async def keyed(self, key: Activating) -> Keyed:
        return await self.inner.keyed(key)  # a read the gate makes; nothing it changes

    async def history(self) -> History:
        return await self.inner.history()  # a read the gate makes; nothing it changes

    def guard_requests(self, guard: RequestGuard | None) -> None:
        self.inner.guard_requests(guard)

    def set_reach(self, reach: Reach | None) -> None:
        self.inner.set_reach(reach)

    async def side_effects(self) -> list[SideEffect]:
        return await self.inner.side_effects()

    async def click(self, handle: str, *, timeout_ms: int) -> None:
        await self._record("click", handle, {}, self.inner.click(handle, timeout_ms=timeout_ms))

    async def fill(self, handle: str, value: str, *, clear_first: bool, timeout_ms: int) -> None:
        act = self.inner.fill(handle, value, clear_first=clear_first, timeout_ms=timeout_ms)
        written = {"value": self.typed(handle, value), "clear_first": clear_first}
        await self._record("fill", handle, written, act)

    async def select(self, handle: str, value: str, *, timeout_ms: int) -> None:
        act = self.inner.select(handle, value, timeout_ms=timeout_ms)
        secret = handle in self.recorder.secret_handles
        await self._record("select", handle, {"value": mask(value) if secret else value}, act)

    async def scroll_into_view(self, handle: str, *, timeout_ms: int) -> None:
        act = self.inner.scroll_into_view(handle, timeout_ms=timeout_ms)
        await self._record("scroll_into_view", handle, {}, act)

    async def scroll_page(self, direction: ScrollDirection, amount: int) -> None:
        act = self.inner.scroll_page(direction, amount)
        await self._record("scroll_page", None, {"direction": direction, "amount": amount}, act)

    async def close(self) -> None:
        self.recorder.save()
        await self.inner.close()


class RecordingAI:
    """Wraps an AI and records its tool calls, each ref replaced by the element it named."""

    def __init__(self, inner: AIClientProtocol, recorder: Recorder) -> None:
        self.inner = inner
        self.recorder = recorder

    async def chat(
        self, messages: list[Message], tools: list[dict[str, Any]], system: str
    ) -> AIResponse:
        response = await self.inner.chat(messages, tools, system)
        snapshot, _ = latest(messages)
        elements = snapshot.elements if snapshot is not None else []
        registry = self.recorder.registry
        for call in response.tool_calls:
            arguments = dict(call.arguments) if isinstance(call.arguments, dict) else {}
            arguments = dict(
                written_arguments(call.name, arguments, registry)
                if registry is not None
                else masked_arguments(call.name, arguments, None, sign_in_step=True)
            )
            ref = arguments.pop("ref", None)
            target = None
            index = next((i for i, e in enumerate(elements) if e.ref == ref), None)
            if index is not None:
                target = identity_of(elements, index)
            elif ref is not None:
                arguments["ref"] = ref  # a stale or invented ref, kept as the AI sent it
            self.recorder.recording.turns.append(
                RecordedTurn(tool=call.name, arguments=arguments, target=target)
            )
        self.recorder.save()
        return response


class RecordingApprovals:
    """Wraps the person: records what was asked and the answer."""

    def __init__(self, inner: HumanApprovalHandler, recorder: Recorder) -> None:
        self.inner = inner
        self.recorder = recorder

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        decision = await self.inner.request_approval(request)
        if request.kind == "human_action" and self.recorder.browser is not None:
            await self.recorder.browser.person_acted()
        self.recorder.recording.approvals.append(
            RecordedApproval(kind=request.kind, action=request.action, approved=decision.approved)
        )
        self.recorder.save()
        return decision
