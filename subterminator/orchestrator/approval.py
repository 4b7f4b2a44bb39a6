"""Human approval at a terminal (spec 03 2.5.4); request and decision: ``models.approval``."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from subterminator.models.approval import (
    ApprovalDecision,
    ApprovalKind,
    ApprovalRequest,
    HumanApprovalHandler,
)
from subterminator.net import shown_url
from subterminator.orchestrator.stdin import StdinLines

__all__ = [
    "ApprovalDecision",
    "ApprovalKind",
    "ApprovalRequest",
    "AutoApprove",
    "HumanApprovalHandler",
    "TerminalApprovalHandler",
    "approval_panel",
]


class AutoApprove:
    """Approves everything, loudly. Only for the simulator (``--no-checkpoint``)."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console()

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        self.console.print(f"[yellow]Auto-approved (--no-checkpoint):[/yellow] {request.action}")
        return ApprovalDecision(approved=True)


class TerminalApprovalHandler:
    """Asks a person at the terminal, in a panel that names the step and what it will do.

    Answers are read by ``StdinLines`` (no thread, so Ctrl+C at the prompt ends cleanly);
    ``ask`` replaces it in tests. ``window`` is False for a headless run: a step only a person
    can take in the browser (sign-in, a code) is then answered with what to do instead.
    """

    def __init__(
        self,
        console: Console | None = None,
        *,
        screenshot_dir: Path | None = None,
        ask: Callable[[str], str] | None = None,
        window: bool = True,
        instead: str = "",
    ) -> None:
        self.console = console or Console()
        self._screenshot_dir = screenshot_dir
        self._ask = ask
        self._lines = StdinLines()
        self.window = window
        self.instead = instead  # e.g. "sign in first with `subterminator login netflix`"
        self._saved = 0

    async def read(self, prompt: str) -> str:
        """One answer; an empty one when stdin is closed (which reads as "no")."""
        if self._ask is not None:
            try:
                return self._ask(prompt)
            except EOFError:
                return ""
        self.console.print(prompt, end="", markup=False, highlight=False)
        self.console.file.flush()
        line = await self._lines.readline()
        if line is None:
            self.console.print()
            return ""
        return line

    async def confirm(self, question: str) -> bool:
        return (await self.read(f"{question} [y/N]: ")).strip().lower() in ("y", "yes")

    def _save(self, request: ApprovalRequest) -> str:
        if request.screenshot_path or not request.screenshot:
            return request.screenshot_path
        if self._screenshot_dir is None:  # private to this person: screenshots show accounts
            self._screenshot_dir = Path(tempfile.mkdtemp(prefix="subterminator-"))
        self._screenshot_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._saved += 1
        path = self._screenshot_dir / f"approval-{self._saved:02d}.png"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(request.screenshot)
        return str(path)

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        screenshot = self._save(request)
        headless_person = request.kind == "human_action" and not self.window
        self.console.print()
        self.console.print(  # plain lines (piped) are never wrapped: grep finds them whole
            approval_panel(request, screenshot, self.console, self.instead, window=self.window),
            soft_wrap=not self.console.is_terminal,
        )
        if screenshot and self.console.is_terminal:  # whole, never cropped: a person copies it
            self.console.print(
                Text.assemble(("Screenshot", "bold"), "  ", screenshot), soft_wrap=True
            )
        if headless_person:
            return ApprovalDecision(
                approved=False,
                message="This run has no browser window, so nobody can do this step: "
                + (self.instead or "run it again with a window")
                + ".",
            )
        if request.kind == "human_action":
            done = await self.confirm("Done in the browser window?")
            return ApprovalDecision(
                approved=done, message=None if done else "You said it was not done."
            )
        if await self.confirm("Approve this step?"):
            return ApprovalDecision(approved=True)
        feedback = (await self.read("Feedback for the agent (optional): ")).strip()
        return ApprovalDecision(approved=False, message=feedback or None)


_TITLES = {
    "irreversible": "Approval needed before the next step",
    "checkpoint": "Approval needed before the next step",
    "ai_request": "The AI asks for approval",
    "human_action": "Your turn, in the browser window",
}
NO_WINDOW_TITLE = "A step only you can take (this run has no window)"


def approval_panel(
    request: ApprovalRequest,
    screenshot: str,
    console: Console,
    instead: str = "",
    *,
    window: bool = True,
) -> RenderableType:
    """The request as a person reads it: a panel on a terminal, plain lines when piped.

    On a terminal the screenshot's path is left to the caller, to print whole below the panel
    (a path cut or folded at the panel's edge cannot be copied)."""
    rows: list[tuple[str, str]] = []
    if request.kind == "human_action" and not window:  # nothing to do here: what it asks
        rows.append(("Page asks", request.action.split(". ")[0]))
    elif request.kind == "human_action":
        rows.append(("To do", request.action))
    else:
        rows.append(("Next step", request.action))
        if request.control:
            rows.append(("Control", request.control))
    url = shown_url(request.url)
    if request.title or url:
        rows.append(("Page", " · ".join(p for p in (request.title, url) if p)))
    rows.extend(("Page says" if i == 0 else "", said) for i, said in enumerate(request.page_says))
    rows.append(("Why asked", request.reason))
    if screenshot and not console.is_terminal:
        rows.append(("Screenshot", screenshot))
    if request.kind == "ai_request":
        rows.append(("Note", "this request was written by the AI, not by SubTerminator"))
    title = _TITLES[request.kind]
    if request.kind == "human_action" and window:
        rows.append(("Window", "do it in the browser window this run opened, then answer here"))
    elif request.kind == "human_action":
        title = NO_WINDOW_TITLE
        rows.append(("No window", f"this run is headless: {instead or 'run it with a window'}"))
    if not console.is_terminal:
        width = max(len(label) for label, _ in rows)
        lines = [f"== {title} =="]
        lines += [f"  {label:<{width}}  {value}" for label, value in rows]
        return Text("\n".join(lines))
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")  # long addresses wrap; nothing is cut off
    for label, value in rows:
        table.add_row(label, Text(value))
    return Panel(table, title=f"[bold yellow]{title}[/bold yellow]", expand=False)
