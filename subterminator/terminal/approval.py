"""Human approval at a terminal: the panel a person reads, and their answer; the request and
the decision are data (``models.approval``)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from subterminator.models.approval import (
    ApprovalDecision,
    ApprovalRequest,
)
from subterminator.net import shown_url
from subterminator.terminal.stdin import StdinLines
from subterminator.untrusted import (
    AI_WORDS,
    CONTROL,
    ELLIPSIS,
    PAGE_SAYS,
    SENTENCE,
    STEP,
    TITLE,
    URL,
    shown,
)

__all__ = ["AutoApprove", "TerminalApprovalHandler", "approval_panel"]


NOBODY = (
    "standard input ended before an answer (no terminal: input from a file, a pipe or "
    "/dev/null), so the step was not taken and nobody said no. Run the command at a terminal "
    "to answer."
)


class AutoApprove:
    """Approves everything, loudly. Only for the simulator (``--no-checkpoint``)."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console()

    async def request_approval(self, request: ApprovalRequest) -> ApprovalDecision:
        self.console.print(
            Text.assemble(
                ("Auto-approved (--no-checkpoint):", "yellow"), " ", shown(request.action, STEP)
            )
        )
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

    async def answer(self, prompt: str) -> str | None:
        """One answer; None when standard input has ended (nobody is there to answer)."""
        if self._ask is not None:
            try:
                return self._ask(prompt)
            except EOFError:
                return None
        self.console.print(prompt, end="", markup=False, highlight=False)
        self.console.file.flush()
        line = await self._lines.readline()
        if line is None or not self._lines.echoed():  # piped: no newline was shown either
            self.console.print()
        return line

    async def read(self, prompt: str) -> str:
        """One answer; an empty one when stdin is closed."""
        return await self.answer(prompt) or ""

    async def confirm(self, question: str) -> bool:
        """A yes; a "no" when standard input is closed (for a question that is not a step's
        approval: those tell no answer from a no, ``request_approval``)."""
        return (await self.read(f"{question} [y/N]: ")).strip().lower() in ("y", "yes")

    async def _yes(self, question: str) -> bool | None:
        """The person's yes or no; None when nobody answered (standard input ended)."""
        said = await self.answer(f"{question} [y/N]: ")
        return None if said is None else said.strip().lower() in ("y", "yes")

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
                by_person=False,
            )
        if request.kind == "human_action":
            done = await self._yes("Done in the browser window?")
            if done is None:
                return ApprovalDecision(
                    approved=False, message=NOBODY, by_person=False, asked=False
                )
            return ApprovalDecision(
                approved=done,
                message=None if done else "You said it was not done.",
                by_person=False,
            )
        yes = await self._yes("Approve this step?")
        if yes is None:
            return ApprovalDecision(approved=False, message=NOBODY, by_person=False, asked=False)
        if yes:
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


# The most lines each row takes on a terminal: with the borders, the screenshot's path and the
# prompt, the largest panel (a final step, with what the page says) fits a 24-row terminal.
_LINES = {"Page": 3, "Page says": 5, "Next step": 3, "To do": 3, "Why asked": 3}
_ONE_SAID = 2  # lines of one sentence of the page
_WIDEST = 120  # columns a panel takes at most, on however wide a terminal


def approval_panel(
    request: ApprovalRequest,
    screenshot: str,
    console: Console,
    instead: str = "",
    *,
    window: bool = True,
) -> RenderableType:
    """The request as a person reads it: a panel on a terminal, plain lines when piped.

    Our facts come first (the step, the control, why it is asked), the page's own words after
    them; each outside string is made one safe line of its stated size (``untrusted``), and on
    a terminal each row is cut to a few lines, so a page cannot push a row off the screen.
    The request's fields were made safe when it was made; they are again here, for a request
    made without that check (``model_copy``). On a terminal the screenshot's path is left to
    the caller, to print whole below the panel (a path cut or folded at the panel's edge
    cannot be copied)."""
    ours: list[tuple[str, str]] = []
    if request.kind == "human_action" and not window:  # nothing to do here: what it asks
        ours.append(("Page asks", shown(request.action, STEP).split(". ")[0]))
    elif request.kind == "human_action":
        ours.append(("To do", shown(request.action, STEP)))
    else:
        ours.append(("Next step", shown(request.action, STEP)))
        if request.control:
            ours.append(("Control", shown(request.control, CONTROL)))
    ours.append(("Why asked", shown(request.reason, AI_WORDS)))
    if request.kind == "ai_request":
        ours.append(("Note", "this request was written by the AI, not by SubTerminator"))
    title = _TITLES[request.kind]
    if request.kind == "human_action" and window:
        ours.append(("Window", "do it in the browser window this run opened, then answer here"))
    elif request.kind == "human_action":
        title = NO_WINDOW_TITLE
        ours.append(("No window", f"this run is headless: {instead or 'run it with a window'}"))
    page_title, url = shown(request.title, TITLE), shown(shown_url(request.url), URL)
    says = [said for said in (shown(s, SENTENCE) for s in request.page_says) if said][:PAGE_SAYS]
    if not console.is_terminal:
        return _lines(title, ours, page_title, url, says, screenshot)
    return _panel(console, title, ours, page_title, url, says)


def _lines(
    title: str,
    ours: list[tuple[str, str]],
    page_title: str,
    url: str,
    says: list[str],
    screenshot: str,
) -> Text:
    """Piped: one line a row, never wrapped (grep finds it whole); each value one line."""
    rows = list(ours)
    if page_title or url:
        rows.append(("Page", " · ".join(p for p in (page_title, url) if p)))
    rows.extend(("Page says" if i == 0 else "", said) for i, said in enumerate(says))
    if screenshot:
        rows.append(("Screenshot", screenshot))
    width = max(len(label) for label, _ in rows)
    lines = [f"== {title} =="]
    lines += [f"  {label:<{width}}  {value}" for label, value in rows]
    return Text("\n".join(lines))


def _panel(
    console: Console,
    title: str,
    ours: list[tuple[str, str]],
    page_title: str,
    url: str,
    says: list[str],
) -> Panel:
    """On a terminal: each row cut to its few lines (``_LINES``), the title to one."""
    labels = [label for label, _ in ours] + ["Page", "Page says"]
    room = max(16, min(console.width, _WIDEST) - 4 - 2 - max(map(cell_len, labels)))
    cells = [(label, _fit(console, value, room, _LINES.get(label, 2))) for label, value in ours]
    if page_title or url:  # the title on one line, the address under it
        page = _fit(console, page_title, room, 1) if page_title else []
        cells.append(("Page", page + (_fit(console, url, room, _LINES["Page"] - 1) if url else [])))
    left = _LINES["Page says"]
    for said in says:
        if left <= 0:
            break
        lines = _fit(console, said, room, min(_ONE_SAID, left))
        cells.append(("Page says" if left == _LINES["Page says"] else "", lines))
        left -= len(lines)
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    # as wide as its widest line: the lines are cut to fit, never wrapped again
    widest = max(line.cell_len for _, lines in cells for line in lines)
    table.add_column(width=widest, no_wrap=True)
    for label, lines in cells:
        table.add_row(label, Text("\n").join(lines))
    return Panel(table, title=f"[bold yellow]{title}[/bold yellow]", expand=False)


def _fit(console: Console, value: str, width: int, most: int) -> list[Text]:
    """``value`` wrapped to ``width`` columns, in at most ``most`` lines (the last one ending
    in an ellipsis when there was more)."""
    lines = list(Text(value).wrap(console, width, overflow="fold"))
    for line in lines:
        line.rstrip()
    if len(lines) > most:
        lines = lines[:most]
        lines[-1].truncate(width - len(ELLIPSIS))
        lines[-1].rstrip()
        lines[-1].append(ELLIPSIS)
    return lines
