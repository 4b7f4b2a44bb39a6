"""Human approval: the request, the decision, and the terminal handler (spec 03 2.5.4)."""

from __future__ import annotations

import asyncio
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Literal, Protocol

from pydantic import BaseModel
from rich.console import Console

ApprovalKind = Literal["irreversible", "checkpoint", "ai_request", "human_action"]


class ApprovalRequest(BaseModel):
    """What a person is asked. Texts are written by the system, except for ``ai_request``."""

    kind: ApprovalKind
    action: str
    reason: str
    url: str = ""
    title: str = ""
    screenshot: bytes | None = None


def _set_result(future: asyncio.Future[str], value: str) -> None:
    if not future.done():
        future.set_result(value)


def _set_exception(future: asyncio.Future[str], exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)


class ApprovalDecision(BaseModel):
    approved: bool
    message: str | None = None


class HumanApprovalHandler(Protocol):
    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        """Wait (without timeout) for the person's answer."""
        ...


class AutoApprove:
    """Approves everything, loudly. Only for the simulator (``--no-checkpoint``)."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console()

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        self.console.print(f"[yellow]Auto-approved (--no-checkpoint):[/yellow] {request.action}")
        return ApprovalDecision(approved=True)


class TerminalApprovalHandler:
    """Asks at the terminal: action, reason, URL, and the path of the saved screenshot."""

    def __init__(
        self,
        console: Console | None = None,
        *,
        screenshot_dir: Path | None = None,
        ask: Callable[[str], str] = input,
    ) -> None:
        self.console = console or Console()
        self.screenshot_dir = screenshot_dir or Path(tempfile.gettempdir()) / "subterminator"
        self._ask = ask

    async def _read(self, prompt: str) -> str:
        """Read a line in a daemon thread: Ctrl+C must not wait for a blocked ``input()``."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[str] = loop.create_future()

        def work() -> None:
            try:
                line = self._ask(prompt)
            except EOFError:
                line = ""  # no terminal (stdin closed): treated as "no"
            except BaseException as exc:  # delivered to the waiting coroutine
                loop.call_soon_threadsafe(_set_exception, answer, exc)
                return
            loop.call_soon_threadsafe(_set_result, answer, line)

        threading.Thread(target=work, daemon=True, name="approval-input").start()
        return await answer

    def _save(self, request: ApprovalRequest) -> Path | None:
        if not request.screenshot:
            return None
        self.screenshot_dir.mkdir(parents=True, exist_ok=True)
        path = (
            self.screenshot_dir
            / f"approval-{time.strftime('%Y%m%d-%H%M%S')}-{time.monotonic_ns() % 10**6}.png"
        )
        path.write_bytes(request.screenshot)
        return path

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        console = self.console
        console.print()
        console.print("[bold yellow]⚠️  Human approval required[/bold yellow]")
        console.print(f"  Action: {request.action}", markup=False, highlight=False)
        console.print(f"  Reason: {request.reason}", markup=False, highlight=False)
        if request.url:
            console.print(f"  URL:    {request.url}", markup=False, highlight=False)
        path = self._save(request)
        if path:
            console.print(f"  Screenshot: {path}", markup=False, highlight=False)
        if request.kind == "ai_request":
            console.print("  (this request was written by the AI, not by SubTerminator)")
        prompt = "Done? [y/N]: " if request.kind == "human_action" else "Approve? [y/N]: "
        answer = (await self._read(prompt)).strip().lower()
        if answer in ("y", "yes"):
            return ApprovalDecision(approved=True)
        feedback = (await self._read("Feedback for the agent (optional): ")).strip()
        return ApprovalDecision(approved=False, message=feedback or "The person declined.")
